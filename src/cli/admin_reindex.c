/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * admin_reindex.c - "epamserv admin reindex": the board index (status's
 * counts, the sweep's deadlines; services/bindex.h, issue 35) rebuilt
 * from every board file, in one full pass.  For an index that admin
 * check found wrong, or after the spool was edited by hand; a missing
 * or damaged index is rebuilt by the next sweep on its own.
 */
#include "cli/admin.h"
#include "cli/cli.h"
#include "services/bindex.h"
#include "spool/lock.h"
#include "util/i18n.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int admin_reindex(const struct config *cfg, int argc, char **argv)
{
	struct bindex_counts c;
	struct lock l = LOCK_INIT;
	int rc;

	(void)argv;
	if (argc != 1) {
		fputs(_("usage: epamserv admin reindex\n"), stderr);
		return EXIT_USAGE;
	}
	if (lock_acquire(cfg->spool, "index", cfg->lock_timeout * 1000, &l) < 0) {
		/* TRANSLATORS: the spool's path and the system's error. */
		fprintf(stderr, _("epamserv: admin reindex: cannot lock the board "
		                  "index of %s: %s\n"), cfg->spool,
		        errno == ETIMEDOUT ? _("busy for too long") :
		        strerror(errno));
		return EXIT_TEMPFAIL;
	}
	rc = bindex_rebuild(cfg, util_now());
	lock_release(&l);
	if (rc < 0 || bindex_counts_read(cfg->spool, &c) != 0) {
		fprintf(stderr, _("epamserv: admin reindex: cannot write the board "
		                  "index of %s: %s\n"), cfg->spool, strerror(errno));
		return EXIT_TEMPFAIL;
	}
	/* TRANSLATORS: the boards counted by state, as status prints
	 * them. */
	printf(_("board index rebuilt: challenged %ld, active %ld, finished "
	         "%ld, cancelled %ld, archived %ld, unreadable %ld\n"),
	       c.n[BX_CHALLENGED], c.n[BX_ACTIVE], c.n[BX_FINISHED],
	       c.n[BX_CANCELLED], c.n[BX_ARCHIVED], c.n[BX_UNREADABLE]);
	return 0;
}
