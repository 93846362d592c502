/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * admin_ratings.c - "epamserv admin ratings rebuild": the ratings table
 * (SPOOL/ratings/current, game/ratetable.h) made again from the result
 * records under the configured rating_system, under the lock "ratings",
 * in a transaction of its own; and the part of `admin check` that
 * compares the table with a replay of the records.
 *
 * The table is derived data, so a rebuild loses nothing: it is the
 * repair of a table that admin check reports, and what a change of the
 * setting rating_system does by itself at the next result or board
 * mail.  Exit 0 done, 75 the lock stayed busy or the table could not be
 * written, 1 a result record cannot be read (named).
 */
#include "cli/admin.h"
#include "cli/cli.h"
#include "game/ratetable.h"
#include "spool/checked.h"
#include "spool/txn.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int admin_ratings(const struct config *cfg, int argc, char **argv)
{
	size_t players = 0;
	long records = 0;
	char *err = NULL;
	int rc;

	if (argc != 2 || strcmp(argv[1], "rebuild") != 0) {
		/* TRANSLATORS: keep the command line as it is. */
		fputs(_("usage: epamserv admin ratings rebuild\n"), stderr);
		return EXIT_USAGE;
	}
	rc = ratetable_rebuild(cfg->spool, cfg->rating_system,
	                       cfg->lock_timeout * 1000, &players, &records,
	                       &err);
	if (rc < 0) {
		fprintf(stderr, "epamserv: admin ratings rebuild: %s\n", err);
		free(err);
		return rc == -1 ? 1 : EXIT_TEMPFAIL;
	}
	/* TRANSLATORS: the table's path in the spool, then how many
	 * result records were replayed; the rating system's word (elo,
	 * glicko, glicko2, steph) is the setting's, not translated. */
	printf(ngettext("%1$s rebuilt from %2$ld result record under the "
	                "rating system %3$s\n",
	                "%1$s rebuilt from %2$ld result records under the "
	                "rating system %3$s\n", (unsigned long)records),
	       RATETABLE_PATH, records, ratesys_name(cfg->rating_system));
	admin_log(cfg, "(none given)", "admin ratings rebuild: %s from %ld "
	          "result records, %zu entries", RATETABLE_PATH, records,
	          players);
	/* Repaired: status no longer reports the damage the last admin
	 * check found in it. */
	if (checked_forget(cfg->spool, CHECKED_ADMIN, RATETABLE_PATH) < 0)
		log_msg(LOG_WARNING, "admin ratings rebuild: cannot update "
		        "%s/runs/check-%s: %s\n", cfg->spool, CHECKED_ADMIN,
		        strerror(errno));
	return 0;
}

int admin_check_ratings(const struct config *cfg, int fix, char **why)
{
	char *err = NULL;
	int rc;

	/* A committed game's table and record, not yet applied, first
	 * (each under its entry's lock, if free): else the table is
	 * compared as it was before that game. */
	if (txn_recover_writing(cfg->spool, RATETABLE_PATH) < 0)
		log_msg(LOG_WARNING, "admin check: cannot apply the journal "
		        "entries of %s: %s\n", RATETABLE_PATH, strerror(errno));
	rc = ratetable_compare(cfg->spool, cfg->rating_system, why);

	if (rc <= 0 || !fix)
		return rc;
	if (ratetable_rebuild(cfg->spool, cfg->rating_system,
	                      cfg->lock_timeout * 1000, NULL, NULL, &err) < 0) {
		free(*why);
		*why = err;
		return 1;
	}
	return 2;
}
