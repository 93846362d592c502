/*
 * admin_backup.c - "epamserv admin backup DEST" and "admin restore
 * [--force] SRC": a consistent copy of a live spool, and putting one
 * back (the copy itself is src/spool/backup.c).
 *
 *   admin backup DEST          0 done; 75 a lock stayed busy (try again);
 *                              1 any other failure (DEST left as found)
 *   admin restore [--force] SRC
 *                              0 done; 65 SRC is no finished backup or is
 *                              damaged; 73 the spool holds data (no
 *                              --force); 75 the spool is in use; 74 an
 *                              I/O error
 */
#include "cli/cli.h"
#include "spool/backup.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The change log line of a restore goes to admin.log like every admin
 * change; backup changes nothing and logs at LOG_INFO only. */
static int admin_backup(const struct config *cfg, const char *dest)
{
	struct backup_stats st;
	char *err = NULL;
	int rc = backup_make(cfg->spool, dest, cfg->lock_timeout * 1000, &st,
	                     &err);

	if (rc != 0) {
		fprintf(stderr, "epamserv: admin backup: %s\n", err ? err : "failed");
		free(err);
		return rc > 0 ? EXIT_TEMPFAIL : 1;
	}
	printf("backup of %s in %s: %zu files (%llu bytes), %zu hard links, "
	       "%zu directories", cfg->spool, dest, st.files, st.bytes, st.links,
	       st.dirs);
	if (st.skipped)
		printf(", %zu entries left out (see above)", st.skipped);
	printf("\n");
	log_msg(LOG_INFO, "admin backup of %s into %s: %zu files", cfg->spool,
	        dest, st.files);
	return 0;
}

static int admin_restore(const struct config *cfg, int force, const char *src)
{
	static const int codes[] = {
		[RESTORE_DONE] = 0, [RESTORE_NOT_BACKUP] = EXIT_DATAERR,
		[RESTORE_DAMAGED] = EXIT_DATAERR, [RESTORE_HOLDS_DATA] = 73,
		[RESTORE_IN_USE] = EXIT_TEMPFAIL, [RESTORE_FAILED] = 74,
	};
	struct backup_stats st;
	char *aside = NULL, *created = NULL, *err = NULL;
	enum restore_result r = backup_restore(cfg->spool, src, force, &st,
	                                       &aside, &created, &err);

	if (r != RESTORE_DONE) {
		fprintf(stderr, "epamserv: admin restore: %s\n",
		        err ? err : "failed");
		free(err);
		free(created);
		return codes[r];
	}
	printf("restored %s from %s (backup of %s): %zu files, %zu hard links\n",
	       cfg->spool, src, created ? created : "an unknown time", st.files,
	       st.links);
	if (aside)
		printf("the spool's files before the restore are in %s\n", aside);
	log_msg(LOG_NOTICE, "admin restore of %s from %s (backup of %s)%s%s",
	        cfg->spool, src, created ? created : "?",
	        aside ? ", old files in " : "", aside ? aside : "");
	free(aside);
	free(created);
	return 0;
}

int cli_admin_backup(const struct config *cfg, int argc, char **argv)
{
	if (strcmp(argv[0], "backup") == 0 && argc == 2)
		return admin_backup(cfg, argv[1]);
	if (strcmp(argv[0], "restore") == 0 && argc == 2)
		return admin_restore(cfg, 0, argv[1]);
	if (strcmp(argv[0], "restore") == 0 && argc == 3 &&
	    strcmp(argv[1], "--force") == 0)
		return admin_restore(cfg, 1, argv[2]);
	fprintf(stderr, "usage: epamserv admin backup DEST\n"
	        "       epamserv admin restore [--force] SRC\n");
	return EXIT_USAGE;
}
