/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * admin_backup.c - "epamserv admin backup DEST" and "admin restore
 * [--force] SRC": a consistent copy of a live spool, and putting one
 * back (the copy itself is src/spool/backup.c); "admin upgrade": old
 * formats of spool files rewritten in the current one.
 *
 *   admin backup DEST          0 done; 75 a lock stayed busy (try again);
 *                              1 any other failure (DEST left as found)
 *   admin restore [--force] SRC
 *                              0 done; 65 SRC is no finished backup or is
 *                              damaged; 73 the spool holds data (no
 *                              --force); 75 the spool is in use; 74 an
 *                              I/O error
 *   admin upgrade              game files of version 1 to 5 rewritten as
 *                              version 6 (7 when a move has a comment),
 *                              user files of version 1 as version 2;
 *                              game files of version 6 and 7 are current;
 *                              each under its lock in its own
 *                              transaction; one line per file changed.
 *                              0 done (or nothing to do); 75 a lock
 *                              stayed busy; 1 a file failed (the others
 *                              are done; run it again)
 */
#include "cli/cli.h"
#include "game/game.h"
#include "spool/backup.h"
#include "spool/formats.h"
#include "spool/lock.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/buf.h"
#include "cli/admin.h"
#include "util/log.h"
#include "util/magic.h"
#include "util/util.h"
#include "util/i18n.h"

#include <errno.h>
#include <unistd.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The counts of a backup or restore, each with its noun ("1 file",
 * "12 files"), for the sentences that report it. */
struct stats_words {
	char files[48], bytes[48], links[48], dirs[48], skipped[64];
};

static void stats_words(const struct backup_stats *st, struct stats_words *w)
{
	/* TRANSLATORS: the counts of a backup or a restore (this one and
	 * the next four), put into "backup of SPOOL in DIR: 12 files (3400
	 * bytes), 2 hard links, 5 directories". */
	snprintf(w->files, sizeof w->files, ngettext("%zu file", "%zu files",
	         st->files), st->files);
	snprintf(w->bytes, sizeof w->bytes, ngettext("%llu byte", "%llu bytes",
	         st->bytes), st->bytes);
	snprintf(w->links, sizeof w->links, ngettext("%zu hard link",
	         "%zu hard links", st->links), st->links);
	snprintf(w->dirs, sizeof w->dirs, ngettext("%zu directory",
	         "%zu directories", st->dirs), st->dirs);
	/* TRANSLATORS: symbolic links and special files not copied. */
	snprintf(w->skipped, sizeof w->skipped, ngettext("%zu entry left out",
	         "%zu entries left out", st->skipped), st->skipped);
}

/* Backup changes nothing: logged at LOG_INFO only. */
static int admin_backup(const struct config *cfg, const char *dest)
{
	struct backup_stats st;
	struct stats_words w;
	char *err = NULL;
	int rc = backup_make(cfg->spool, dest, cfg->lock_timeout * 1000, &st,
	                     &err);

	if (rc != 0) {
		if (err)
			fprintf(stderr, "epamserv: admin backup: %s\n", err);
		else
			fputs(_("epamserv: admin backup: failed\n"), stderr);
		/* Started as root, it runs as the spool's owner (main.c). */
		if (err && strstr(err, strerror(EACCES)))
			fprintf(stderr, _("epamserv: admin backup runs as uid %ld, the "
			          "spool's owner: %s must be where that user may "
			          "write\n"), (long)geteuid(), dest);
		free(err);
		return rc > 0 ? EXIT_TEMPFAIL : 1;
	}
	stats_words(&st, &w);
	if (st.skipped)
		/* TRANSLATORS: the spool, the backup's directory, then the
		 * counts ("12 files", "3400 bytes", "2 hard links", "5
		 * directories", "1 entry left out"). */
		printf(_("backup of %1$s in %2$s: %3$s (%4$s), %5$s, %6$s, %7$s "
		         "(see above)\n"), cfg->spool, dest, w.files, w.bytes,
		       w.links, w.dirs, w.skipped);
	else
		/* TRANSLATORS: the spool, the backup's directory, then the
		 * counts ("12 files", "3400 bytes", "2 hard links", "5
		 * directories"). */
		printf(_("backup of %1$s in %2$s: %3$s (%4$s), %5$s, %6$s\n"),
		       cfg->spool, dest, w.files, w.bytes, w.links, w.dirs);
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
	struct stats_words w;
	char *aside = NULL, *created = NULL, *err = NULL;
	enum restore_result r = backup_restore(cfg->spool, src, force, &st,
	                                       &aside, &created, &err);

	if (r != RESTORE_DONE) {
		if (err)
			fprintf(stderr, "epamserv: admin restore: %s\n", err);
		else
			fputs(_("epamserv: admin restore: failed\n"), stderr);
		free(err);
		free(created);
		return codes[r];
	}
	stats_words(&st, &w);
	if (created)
		/* TRANSLATORS: the spool, the backup, when the backup was
		 * made, then the counts ("12 files", "2 hard links"). */
		printf(_("restored %1$s from %2$s (backup of %3$s): %4$s, %5$s\n"),
		       cfg->spool, src, created, w.files, w.links);
	else
		/* TRANSLATORS: the spool, the backup, then the counts ("12
		 * files", "2 hard links"). */
		printf(_("restored %1$s from %2$s (backup of an unknown time): "
		         "%3$s, %4$s\n"), cfg->spool, src, w.files, w.links);
	if (aside)
		printf(_("the spool's files before the restore are in %s\n"), aside);
	admin_log(cfg, "(none given)", "spool restored from %s (backup of %s)%s%s",
	          src, created ? created : "?",
	          aside ? ", its files before in " : "", aside ? aside : "");
	free(aside);
	free(created);
	return 0;
}

/* ---- admin upgrade ---- */

/* The versions of spool/formats.h, the one place they live: a rewritten
 * game file has at least GAME_VERSION (game_format writes
 * GAME_VERSION_NEWEST only for a file with a comment line); USER_VERSION
 * is the one version of user files this binary writes. */
#define GAME_VERSION FORMAT_GAME
#define GAME_VERSION_NEWEST FORMAT_GAME_NEWEST
#define USER_VERSION FORMAT_USER
#define FILE_MAX (8 * 1024 * 1024)

struct upgrade {
	const struct config *cfg;
	int changed, busy, failed;
	int newer;   /* files written by a newer epamserv, left alone */
};

/* The version the file at SPOOL/rel claims on its first line ("NAME N"),
 * 0 when it claims none or cannot be read. */
static int file_version(const char *spool, const char *rel, const char *name)
{
	char path[4096], *text, *nl;
	int v;

	if (snprintf(path, sizeof path, "%s/%s", spool, rel) >= (int)sizeof path)
		return 0;
	if (!(text = util_read_file(path, FILE_MAX, NULL)))
		return 0;
	if ((nl = strchr(text, '\n')))
		*nl = '\0';
	v = magic_version(text, name);
	free(text);
	return v;
}

/* Take the lock key for an upgrade; 0, or 1 (counted busy or failed). */
static int upgrade_lock(struct upgrade *u, const char *key, struct lock *l)
{
	if (lock_acquire(u->cfg->spool, key, u->cfg->lock_timeout * 1000, l) < 0) {
		fprintf(stderr, _("epamserv: admin upgrade: lock %s: %s\n"), key,
		        strerror(errno));
		if (errno == ETIMEDOUT)
			u->busy++;
		else
			u->failed++;
		return 1;
	}
	txn_recover(u->cfg->spool, key);
	return 0;
}

/* Commit text as rel under the held lock key; 0 or -1 (said). */
static int upgrade_put(struct upgrade *u, const char *key, const char *rel,
                       const char *text)
{
	struct txn *t = txn_begin(u->cfg->spool, key, "upgrade");
	char *err = NULL;

	txn_put(t, rel, text, strlen(text));
	if (txn_commit(t, &err) < 0) {
		fprintf(stderr, _("epamserv: admin upgrade: %s: %s\n"), rel, err);
		free(err);
		u->failed++;
		return -1;
	}
	return 0;
}

/* Rewrite the board file SPOOL/rel (games/GAME/NNN.game or its archive/)
 * when it is older than version 5. */
static void upgrade_board(struct upgrade *u, const char *game, long board,
                          const char *rel)
{
	struct lock l = LOCK_INIT;
	struct game g, check;
	char key[200], path[4096], *text = NULL, *out = NULL, *err = NULL;
	int v = file_version(u->cfg->spool, rel, "epamserv-game");

	if (v > GAME_VERSION_NEWEST)
		u->newer++;
	if (v == 0 || v >= GAME_VERSION)
		return;   /* current, newer, or damaged: admin check says which */
	spool_board_key(game, board, key, sizeof key);
	if (upgrade_lock(u, key, &l))
		return;
	v = file_version(u->cfg->spool, rel, "epamserv-game");
	snprintf(path, sizeof path, "%s/%s", u->cfg->spool, rel);
	if (v == 0 || v >= GAME_VERSION || !(text = util_read_file(path, FILE_MAX,
	                                                           NULL)))
		goto out;  /* changed or moved meanwhile */
	if (game_parse(&g, text, rel, &err) < 0) {
		fprintf(stderr, "epamserv: admin upgrade: %s\n", err);
		u->failed++;
		goto out;
	}
	out = game_format(&g);
	game_free(&g);
	/* The new text must replay as the old one did. */
	if (game_parse(&check, out, rel, &err) < 0) {
		fprintf(stderr, _("epamserv: admin upgrade: %s does not read back: "
		                  "%s (left as it is)\n"), rel, err);
		u->failed++;
		goto out;
	}
	game_free(&check);
	if (upgrade_put(u, key, rel, out) == 0) {
		printf(_("%s: game file version %d rewritten as version %d\n"), rel, v,
		       GAME_VERSION);
		u->changed++;
	}
out:
	free(err);
	free(text);
	free(out);
	lock_release(&l);
}

static int upgrade_live(const char *game, long board, void *arg)
{
	char rel[512];

	snprintf(rel, sizeof rel, "games/%s/%ld.game", game, board);
	upgrade_board(arg, game, board, rel);
	return 0;
}

static int upgrade_archived(const char *game, long board, void *arg)
{
	char rel[512];

	snprintf(rel, sizeof rel, "games/%s/archive/%ld.game", game, board);
	upgrade_board(arg, game, board, rel);
	return 0;
}

/* Rewrite the user file of userid when it is of version 1. */
static void upgrade_user(struct upgrade *u, const char *userid)
{
	struct lock l = LOCK_INIT;
	struct user usr;
	char rel[128], *out = NULL, *err = NULL;
	int v;

	user_path(userid, rel, sizeof rel);
	v = file_version(u->cfg->spool, rel, "epamserv-user");
	if (v > USER_VERSION)
		u->newer++;
	if (v == 0 || v >= USER_VERSION || upgrade_lock(u, "users", &l))
		return;
	v = file_version(u->cfg->spool, rel, "epamserv-user");
	if (v == 0 || v >= USER_VERSION)
		goto out;
	if (user_load(u->cfg->spool, userid, &usr, &err) != 0) {
		fprintf(stderr, "epamserv: admin upgrade: %s\n", err ? err : rel);
		u->failed++;
		goto out;
	}
	out = user_format(&usr);
	user_free(&usr);
	if (upgrade_put(u, "users", rel, out) == 0) {
		printf(_("%s: user file version %d rewritten as version %d\n"), rel, v,
		       USER_VERSION);
		u->changed++;
	}
out:
	free(err);
	free(out);
	lock_release(&l);
}

static int admin_upgrade(const struct config *cfg)
{
	struct upgrade u = { cfg, 0, 0, 0, 0 };
	char **ids = NULL, *err = NULL;
	size_t n = 0, i;

	spool_each_board(cfg->spool, upgrade_live, &u);
	spool_each_board_in(cfg->spool, "archive", upgrade_archived, &u);
	if (user_list(cfg->spool, &ids, &n, &err) < 0) {
		fprintf(stderr, "epamserv: admin upgrade: %s\n", err);
		free(err);
		u.failed++;
	}
	for (i = 0; i < n; i++)
		upgrade_user(&u, ids[i]);
	user_list_free(ids, n);
	if (u.busy || u.failed)
		printf(ngettext("%d file upgraded; some were not: run admin "
		                "upgrade again\n",
		                "%d files upgraded; some were not: run admin "
		                "upgrade again\n", u.changed), u.changed);
	else if (u.changed || u.newer)
		printf(ngettext("%d file upgraded\n", "%d files upgraded\n",
		                u.changed), u.changed);
	else
		printf(ngettext("%d file upgraded: every file is current\n",
		                "%d files upgraded: every file is current\n",
		                u.changed), u.changed);
	if (u.newer)
		printf(ngettext("%d file written by a newer epamserv, left as it "
		                "is (run that version, or restore a backup of this "
		                "one)\n",
		                "%d files written by a newer epamserv, left as they "
		                "are (run that version, or restore a backup of this "
		                "one)\n", u.newer), u.newer);
	if (u.changed)
		admin_log(cfg, "(none given)", "admin upgrade: %d file%s rewritten "
		          "in the current format", u.changed,
		          u.changed == 1 ? "" : "s");
	return u.failed ? 1 : u.busy ? EXIT_TEMPFAIL : 0;
}

int cli_admin_backup(const struct config *cfg, int argc, char **argv)
{
	/* A directory named like an option is a slip ("backup -f x"), not
	 * a place to write: write ./-f to mean it. */
	if (argc >= 2 && argv[argc - 1][0] == '-')
		goto usage;
	if (strcmp(argv[0], "upgrade") == 0 && argc == 1)
		return admin_upgrade(cfg);
	if (strcmp(argv[0], "backup") == 0 && argc == 2)
		return admin_backup(cfg, argv[1]);
	if (strcmp(argv[0], "restore") == 0 && argc == 2)
		return admin_restore(cfg, 0, argv[1]);
	if (strcmp(argv[0], "restore") == 0 && argc == 3 &&
	    strcmp(argv[1], "--force") == 0)
		return admin_restore(cfg, 1, argv[2]);
usage:
	fputs(_("usage: epamserv admin backup DEST\n"
	        "       epamserv admin restore [--force] SRC\n"
	        "       epamserv admin upgrade\n"), stderr);
	return EXIT_USAGE;
}
