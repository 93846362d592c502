/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * version.c - `epamserv --version`: the version of this build and the
 * format versions of the files it reads and writes.
 *
 * The first line, "epamserv VERSION", is data (packagers' scripts read
 * it): VERSION comes from buildversion.h, which scripts/version.sh makes
 * at build time (git describe, or the tarball's .tarball-version).  Each
 * line after it is a whole sentence in the run's language, its numbers
 * from spool/formats.h, which the loaders and writers use.
 */
#include "config.h"

#include "buildversion.h"
#include "cli/cli.h"
#include "spool/formats.h"
#include "util/i18n.h"

#include <stdio.h>

void cli_version(FILE *out)
{
	fprintf(out, "%s %s\n", PACKAGE, EPAMSERV_BUILD_VERSION);
	/* TRANSLATORS: the format versions of the spool's files this
	 * epamserv reads and writes (epamserv --version), one sentence a
	 * kind of file. */
	fprintf(out, _("Game files: reads versions %1$d to %2$d, writes "
	               "version %3$d, or version %4$d when a move carries a "
	               "comment.\n"), FORMAT_GAME_OLDEST, FORMAT_GAME_NEWEST,
	        FORMAT_GAME, FORMAT_GAME_COMMENT);
	fprintf(out, _("User files: reads versions %1$d to %2$d, writes "
	               "version %3$d.\n"), FORMAT_USER_OLDEST, FORMAT_USER,
	        FORMAT_USER);
	fprintf(out, _("Result records: reads and writes version %d.\n"),
	        FORMAT_RESULT);
	fprintf(out, _("The ratings table: reads and writes version %d (any "
	               "other version is rebuilt from the result records).\n"),
	        FORMAT_RATINGS);
	fprintf(out, _("Address index files: reads and writes version %d.\n"),
	        FORMAT_ADDRESS);
	fprintf(out, _("Seek files: reads and writes version %d.\n"),
	        FORMAT_SEEK);
	fprintf(out, _("Tournament files: reads and writes version %d.\n"),
	        FORMAT_TOURNAMENT);
	fprintf(out, _("League files: reads and writes version %d.\n"),
	        FORMAT_LEAGUE);
	fprintf(out, _("The notify index: reads and writes version %d.\n"),
	        FORMAT_NOTIFY);
	fprintf(out, _("Bounce records: reads versions %1$d to %2$d, writes "
	               "version %3$d.\n"), FORMAT_BOUNCE_OLDEST, FORMAT_BOUNCE,
	        FORMAT_BOUNCE);
	fprintf(out, _("Records of held mail: reads and writes version %d.\n"),
	        FORMAT_HELD);
	fprintf(out, _("Quarantine records: reads and writes version %d.\n"),
	        FORMAT_QUARANTINE);
	/* TRANSLATORS: cur/ is a Maildir's directory, a name. */
	fprintf(out, _("The state of a Maildir's cur/: reads and writes "
	               "version %d (any other version reads as empty).\n"),
	        FORMAT_CURSTATE);
	fprintf(out, _("Records of runs: reads and writes version %d.\n"),
	        FORMAT_RUN);
	fprintf(out, _("The board index: reads and writes version %d (one of "
	               "another version is rebuilt from the boards).\n"),
	        FORMAT_INDEX);
	fprintf(out, _("Backup manifests: reads and writes version %d.\n"),
	        FORMAT_BACKUP);
	fprintf(out, _("The web site's manifest: reads and writes version "
	               "%d.\n"), FORMAT_WEB);
}
