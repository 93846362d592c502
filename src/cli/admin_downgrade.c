/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * admin_downgrade.c - "epamserv admin downgrade [--force]": every game
 * and user file rewritten in the formats the previous release reads
 * (epamserv 0.1.0: game files up to version 4, user files of version 1;
 * doc/upgrading.md has the way back step by step).
 *
 *   admin downgrade            each file newer than those versions
 *                              rewritten (game_format_v4,
 *                              user_format_v1), under its lock in its
 *                              own transaction, one line per file.
 *                              Where a file holds what the old format
 *                              cannot (a comment, a time control, a
 *                              second address, a setting of the
 *                              player's), or a directory holds files
 *                              the old release does not read (seeks,
 *                              tournaments, the league, quarantine,
 *                              held mail), or an address's owner
 *                              stopped all mail to it (stopmail),
 *                              nothing is written: each such line,
 *                              directory and count is named on
 *                              stderr, exit 65.
 *   admin downgrade --force    the same, writing every file without
 *                              what it cannot hold, each line dropped
 *                              named on stdout (the directories stay,
 *                              unread by the old release, for a later
 *                              upgrade).
 *
 * The ratings table (ratings/current, issue 35) is removed in the
 * writing pass, under its lock: the previous release does not read it,
 * and it would not rate the games that release records, so a table kept
 * through a downgrade and an upgrade would be stale; without it the
 * next upgrade rebuilds it from the result records.  The records' seq
 * lines stay: the previous release ignores keys it does not know.
 *
 * The board index (SPOOL/index/, issue 35) is derived from the boards
 * and the previous release ignores it (nor does it leave the markers
 * that keep it up to date): its counts file is removed, so that this
 * release, once back, rebuilds the index from the boards at its first
 * sweep or status.  Nothing in it is lost.
 *
 * SPOOL/web/ (what the last "epamserv web" read, one file a site) is
 * derived from the boards too and the previous release ignores it: it
 * is left where it is and not named.  It knows each board by its
 * file's inode, size and time, so this release, once back, reads again
 * every board the previous release changed meanwhile.
 *
 * Run twice, the second finds nothing to do.  0 done; 65 content would
 * be dropped (no --force), nothing changed; 75 a lock stayed busy; 1 a
 * file that does not load, a newer one, or a failed write (the others
 * are done; run it again).
 */
#include "cli/admin.h"
#include "cli/cli.h"
#include "game/game.h"
#include "game/ratetable.h"
#include "spool/formats.h"
#include "spool/lock.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/i18n.h"
#include "util/magic.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The versions the previous release reads at most (its gamefile.c and
 * users.c), and the newest this one reads (spool/formats.h). */
#define OLD_GAME_VERSION 4
#define OLD_USER_VERSION 1
#define GAME_VERSION_NEWEST FORMAT_GAME_NEWEST
#define USER_VERSION_NEWEST FORMAT_USER
#define FILE_MAX (8 * 1024 * 1024)
/* A dropped line is shown up to this many bytes (a comment may be 1000). */
#define SHOWN_MAX 120

struct downgrade {
	const struct config *cfg;
	int force;        /* --force: write, dropping what does not fit */
	int write;        /* 0: look only (the first pass without --force) */
	const char *rel;  /* the file at hand, for dropped() */
	int ndropped;     /* lines of the file at hand left out */
	int lossy;        /* files and directories that lose content */
	int changed, busy, failed;
};

/* One line the old format has no place for (game_format_v4's and
 * user_format_v1's callback). */
static void dropped(void *arg, int lineno, const char *line)
{
	struct downgrade *d = arg;

	d->ndropped++;
	if (!d->write)
		/* TRANSLATORS: the file, its line number, and the line (as
		 * the file has it). */
		fprintf(stderr, _("%1$s:%2$d: the previous release's format has "
		                  "no place for this line: %3$.*4$s\n"), d->rel,
		        lineno, line, SHOWN_MAX);
	else if (d->force)
		/* TRANSLATORS: the file, its line number, and the line. */
		printf(_("%1$s:%2$d: dropped: %3$.*4$s\n"), d->rel, lineno, line,
		       SHOWN_MAX);
}

/* Take lock key; 0, or 1 (counted busy or failed, said). */
static int dg_lock(struct downgrade *d, const char *key, struct lock *l)
{
	if (lock_acquire(d->cfg->spool, key, d->cfg->lock_timeout * 1000, l) < 0) {
		fprintf(stderr, _("epamserv: admin downgrade: lock %s: %s\n"), key,
		        strerror(errno));
		if (errno == ETIMEDOUT)
			d->busy++;
		else
			d->failed++;
		return 1;
	}
	txn_recover(d->cfg->spool, key);
	return 0;
}

/* Commit text as rel under the held lock key; 0 or -1 (said, counted). */
static int dg_put(struct downgrade *d, const char *key, const char *rel,
                  const char *text)
{
	struct txn *t = txn_begin(d->cfg->spool, key, "downgrade");
	char *err = NULL;

	txn_put(t, rel, text, strlen(text));
	if (txn_commit(t, &err) < 0) {
		fprintf(stderr, _("epamserv: admin downgrade: %s: %s\n"), rel, err);
		free(err);
		d->failed++;
		return -1;
	}
	return 0;
}

/* The text of SPOOL/rel and the version its first line claims (0 for
 * none); NULL when it cannot be read (said, counted). */
static char *dg_read(struct downgrade *d, const char *rel, const char *name,
                     int *version)
{
	char path[4096], *text, *nl;

	snprintf(path, sizeof path, "%s/%s", d->cfg->spool, rel);
	if (!(text = util_read_file(path, FILE_MAX, NULL))) {
		fprintf(stderr, _("epamserv: cannot read %s: %s\n"), path,
		        strerror(errno));
		d->failed++;
		return NULL;
	}
	nl = strchr(text, '\n');
	if (nl)
		*nl = '\0';
	*version = magic_version(text, name);
	if (nl)
		*nl = '\n';
	return text;
}

/* A file this binary cannot read: said, counted. */
static void dg_unreadable(struct downgrade *d, const char *rel, int version,
                          int newest)
{
	if (version > newest)
		fprintf(stderr, _("epamserv: admin downgrade: %s was written by a "
		                  "newer epamserv (left as it is)\n"), rel);
	else
		fprintf(stderr, _("epamserv: admin downgrade: %s is no game or user "
		                  "file this version reads: see admin check (left "
		                  "as it is)\n"), rel);
	d->failed++;
}

/* The board file SPOOL/rel (games/GAME/NNN.game or its archive/). */
static void dg_board(struct downgrade *d, const char *game, long board,
                     const char *rel)
{
	struct lock l = LOCK_INIT;
	struct game g, check;
	char key[200], *text = NULL, *out = NULL, *err = NULL;
	int v;

	spool_board_key(game, board, key, sizeof key);
	if (dg_lock(d, key, &l))
		return;
	if (!(text = dg_read(d, rel, "epamserv-game", &v)) ||
	    (v >= 1 && v <= OLD_GAME_VERSION))
		goto out;   /* said, or already in the old format */
	if (v == 0 || v > GAME_VERSION_NEWEST) {
		dg_unreadable(d, rel, v, GAME_VERSION_NEWEST);
		goto out;
	}
	if (game_parse(&g, text, rel, &err) < 0) {
		fprintf(stderr, "epamserv: admin downgrade: %s\n", err);
		d->failed++;
		goto out;
	}
	d->rel = rel;
	d->ndropped = 0;
	out = game_format_v4(&g, dropped, d);
	game_free(&g);
	/* The old text must replay as the new one did (this version reads
	 * version 4 as the old one does). */
	if (game_parse(&check, out, rel, &err) < 0) {
		fprintf(stderr, _("epamserv: admin downgrade: %s does not read back "
		                  "in the old format: %s (left as it is)\n"), rel,
		        err);
		d->failed++;
		goto out;
	}
	game_free(&check);
	if (d->ndropped && !d->force)
		d->lossy++;
	else if (d->write && dg_put(d, key, rel, out) == 0) {
		printf(_("%s: game file version %d rewritten as version %d\n"), rel,
		       v, OLD_GAME_VERSION);
		d->changed++;
	}
out:
	free(err);
	free(text);
	free(out);
	lock_release(&l);
}

static int dg_live(const char *game, long board, void *arg)
{
	char rel[512];

	snprintf(rel, sizeof rel, "games/%s/%ld.game", game, board);
	dg_board(arg, game, board, rel);
	return 0;
}

static int dg_archived(const char *game, long board, void *arg)
{
	char rel[512];

	snprintf(rel, sizeof rel, "games/%s/archive/%ld.game", game, board);
	dg_board(arg, game, board, rel);
	return 0;
}

/* The user file of userid. */
static void dg_user(struct downgrade *d, const char *userid)
{
	struct lock l = LOCK_INIT;
	struct user usr;
	char rel[128], *text = NULL, *out = NULL, *err = NULL;
	int v;

	user_path(userid, rel, sizeof rel);
	if (dg_lock(d, "users", &l))
		return;
	if (!(text = dg_read(d, rel, "epamserv-user", &v)) ||
	    v == OLD_USER_VERSION)
		goto out;
	if (v == 0 || v > USER_VERSION_NEWEST) {
		dg_unreadable(d, rel, v, USER_VERSION_NEWEST);
		goto out;
	}
	if (user_load(d->cfg->spool, userid, &usr, &err) != 0) {
		fprintf(stderr, "epamserv: admin downgrade: %s\n", err ? err : rel);
		d->failed++;
		goto out;
	}
	d->rel = rel;
	d->ndropped = 0;
	out = user_format_v1(&usr, util_now(), dropped, d);
	user_free(&usr);
	if (d->ndropped && !d->force)
		d->lossy++;
	else if (d->write && dg_put(d, "users", rel, out) == 0) {
		printf(_("%s: user file version %d rewritten as version %d\n"), rel,
		       v, OLD_USER_VERSION);
		d->changed++;
	}
out:
	free(err);
	free(text);
	free(out);
	lock_release(&l);
}

/* The directories of the spool the previous release does not read, whose
 * files are content: each that holds a file is named. */
static void dg_dirs(struct downgrade *d)
{
	static const char *const dirs[] = {
		"seeks", "tournaments", "league", "quarantine", "held", NULL
	};
	char path[4096];
	struct dirent *e;
	DIR *dir;
	int i, n;

	for (i = 0; dirs[i]; i++) {
		snprintf(path, sizeof path, "%s/%s", d->cfg->spool, dirs[i]);
		if (!(dir = opendir(path)))
			continue;
		for (n = 0; (e = readdir(dir));)
			n += e->d_name[0] != '.';
		closedir(dir);
		if (!n)
			continue;
		if (!d->force) {
			d->lossy++;
			/* TRANSLATORS: the directory of the spool, and how many
			 * files it holds. */
			fprintf(stderr, ngettext("%2$s/: %1$d file the previous release "
			                         "does not read\n",
			                         "%2$s/: %1$d files the previous release "
			                         "does not read\n", n), n, dirs[i]);
		} else if (d->write) {
			/* TRANSLATORS: the directory of the spool, and how many
			 * files it holds. */
			printf(ngettext("%2$s/: %1$d file the previous release does not "
			                "read, left where it is\n",
			                "%2$s/: %1$d files the previous release does not "
			                "read, left where they are\n", n), n, dirs[i]);
		}
	}
}

/* The addresses whose owner stopped all mail to them (stopmail: a
 * "stopped:" line of SPOOL/addresses, which the previous release does
 * not know): content, for mail goes there again after going back. */
static void dg_stops(struct downgrade *d)
{
	char path[4096], file[4400], *text;
	struct dirent *e;
	DIR *dir;
	int n = 0;

	snprintf(path, sizeof path, "%s/addresses", d->cfg->spool);
	if (!(dir = opendir(path)))
		return;
	while ((e = readdir(dir))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(file, sizeof file, "%s/%s", path, e->d_name);
		text = util_read_file(file, 1 << 14, NULL);
		if (text && strstr(text, "\nstopped: "))
			n++;
		free(text);
	}
	closedir(dir);
	if (!n)
		return;
	if (!d->force) {
		d->lossy++;
		fprintf(stderr, ngettext("addresses/: %d address whose owner "
		                         "stopped all mail to it: the previous "
		                         "release would send it mail again\n",
		                         "addresses/: %d addresses whose owners "
		                         "stopped all mail to them: the previous "
		                         "release would send them mail again\n",
		                         n), n);
	} else if (d->write) {
		printf(ngettext("addresses/: %d address whose owner stopped all "
		                "mail to it: the previous release sends it mail "
		                "again\n",
		                "addresses/: %d addresses whose owners stopped all "
		                "mail to them: the previous release sends them "
		                "mail again\n", n), n);
	}
}

/* The ratings table removed (writing pass only; see the top). */
static void dg_ratings(struct downgrade *d)
{
	char path[4200];
	struct lock l = LOCK_INIT;

	snprintf(path, sizeof path, "%s/%s", d->cfg->spool, RATETABLE_PATH);
	if (!d->write || access(path, F_OK) != 0)
		return;
	if (dg_lock(d, RATETABLE_LOCK, &l) != 0)
		return;
	if (unlink(path) < 0 && errno != ENOENT) {
		fprintf(stderr, _("epamserv: admin downgrade: %s: %s\n"),
		        RATETABLE_PATH, strerror(errno));
		d->failed++;
	} else {
		/* TRANSLATORS: the ratings table's path in the spool. */
		printf(_("%s removed: the previous release does not read it, "
		         "and this release makes it again from the result "
		         "records when it next needs it\n"), RATETABLE_PATH);
	}
	lock_release(&l);
}

/* One pass over the spool. */
static void dg_pass(struct downgrade *d)
{
	char **ids = NULL, *err = NULL;
	size_t n = 0, i;

	spool_each_board(d->cfg->spool, dg_live, d);
	spool_each_board_in(d->cfg->spool, "archive", dg_archived, d);
	if (user_list(d->cfg->spool, &ids, &n, &err) < 0) {
		fprintf(stderr, "epamserv: admin downgrade: %s\n", err);
		free(err);
		d->failed++;
	}
	for (i = 0; i < n; i++)
		dg_user(d, ids[i]);
	user_list_free(ids, n);
	dg_dirs(d);
	dg_stops(d);
	dg_ratings(d);
}

int admin_downgrade(const struct config *cfg, int argc, char **argv)
{
	struct downgrade d = { cfg, 0, 0, NULL, 0, 0, 0, 0, 0 };
	char counts[4200];

	if (argc == 2 && strcmp(argv[1], "--force") == 0)
		d.force = 1;
	else if (argc != 1) {
		/* TRANSLATORS: keep the command line as it is. */
		fputs(_("usage: epamserv admin downgrade [--force]\n"), stderr);
		return EXIT_USAGE;
	}
	if (!d.force) {
		dg_pass(&d);
		if (d.lossy) {
			fprintf(stderr, ngettext("%d file or directory holds what the "
			                         "previous release cannot (named above); "
			                         "nothing was changed: run admin "
			                         "downgrade --force to drop it\n",
			                         "%d files or directories hold what the "
			                         "previous release cannot (named above); "
			                         "nothing was changed: run admin "
			                         "downgrade --force to drop it\n",
			                         d.lossy), d.lossy);
			return EXIT_DATAERR;
		}
		d.busy = d.failed = 0;
	}
	d.write = 1;
	dg_pass(&d);
	if (d.changed || d.busy || d.failed || d.lossy)
		printf(ngettext("%d file rewritten in the previous release's "
		                "formats\n", "%d files rewritten in the previous "
		                "release's formats\n", d.changed), d.changed);
	else
		fputs(_("every file is in the previous release's formats\n"),
		      stdout);
	if (d.lossy)
		/* A file changed between the passes. */
		fputs(_("some files changed meanwhile and now hold what the "
		        "previous release cannot: run admin downgrade again\n"),
		      stderr);
	if (d.busy || d.failed)
		fputs(_("some files were not rewritten: run admin downgrade "
		        "again\n"), stderr);
	/* The index is rebuilt by the release that reads it, once back. */
	snprintf(counts, sizeof counts, "%s/index/counts", cfg->spool);
	unlink(counts);
	if (d.changed)
		admin_log(cfg, "(none given)", "admin downgrade%s: %d file%s "
		          "rewritten in the previous release's formats",
		          d.force ? " --force" : "", d.changed,
		          d.changed == 1 ? "" : "s");
	return d.failed ? 1 : (d.busy || d.lossy) ? EXIT_TEMPFAIL : 0;
}
