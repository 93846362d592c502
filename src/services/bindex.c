/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bindex.c - the board index kept up to date (bindex.h, issue 35).
 *
 * Only this file changes the index, always under the lock "index",
 * which is taken before any other and held by no writer of a board
 * (their transactions only add markers), so it never waits in a cycle.
 * A fold reads each marked board's file without its lock: a board file
 * is replaced whole by rename and its marker is applied after it, so a
 * marker read means its board's version (or a newer one) is there.
 */
#include "services/bindex.h"
#include "services/clock.h"
#include "services/robot_config.h"
#include "services/svc.h"
#include "game/clock.h"
#include "game/game.h"
#include "spool/lock.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "util/log.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What the deadlines depend on, as index/counts keeps it. */
static void settings_words(const struct config *cfg, char *buf, size_t len)
{
	size_t used;
	int i;

	snprintf(buf, len, "forfeit_days=%d remind_days=%d challenge_days=%d "
	         "archive_days=%d remind_at=", cfg->forfeit_days,
	         cfg->remind_days, cfg->challenge_days, cfg->archive_days);
	for (i = 0; i < cfg->nremind; i++) {
		used = strlen(buf);
		if (cfg->remind_pct[i])
			snprintf(buf + used, len - used, "%s%d%%", i ? "," : "",
			         cfg->remind_pct[i]);
		else
			snprintf(buf + used, len - used, "%s%lds", i ? "," : "",
			         cfg->remind_left[i]);
	}
}

/* Whether path exists (lstat). */
static int exists(const char *path)
{
	struct stat sb;

	return lstat(path, &sb) == 0;
}

/* The first point of an active board's turn after since: a reminder
 * (the points sweep_clock.c reminds at) or the end of the time.  While
 * the mover is on leave his clock stands (SPEC "Leave"): the end of the
 * running leave, when the sweep looks again.  A leave changed or ended
 * early rewrites this (commands/accounts/leave.c marks the player's
 * active boards); one that starts later is not counted, so the point
 * may come early, never late. */
static long long active_due(const struct svc *s, const struct game *g,
                            time_t since)
{
	const struct config *cfg = s->cfg;
	struct board_clock k;
	long limit = (long)cfg->forfeit_days * 86400, left, whole, at;
	long long best = -1, t;
	int i;

	if (robot_to_move(cfg, g) || board_clock(s, g, &k) < 0)
		return 0;
	if (k.away) {
		for (i = 0; i < (int)k.nleave; i++)
			if (k.leave[i].from <= s->now && s->now < k.leave[i].until)
				return (long long)k.leave[i].until;
		return 0;
	}
	whole = g->tc.kind == TC_DAYS ? limit : k.bank[k.side];
	left = board_clock_left(s, g, &k, s->now);
	if (left <= 0 && !g->tc.claim)
		return 0;  /* out under -timeout=auto: until it is forfeited */
	/* Each point at (time left) comes at now + left - at. */
	for (i = -2; i < cfg->nremind; i++) {
		if (i == -2)
			at = 0;  /* the end of the time */
		else if (i == -1) {
			if (g->tc.kind != TC_DAYS)
				continue;
			at = limit - (long)cfg->remind_days * 86400;
		} else {
			at = cfg->remind_pct[i] ?
			     whole / 100 * cfg->remind_pct[i] +
			     whole % 100 * cfg->remind_pct[i] / 100 :
			     cfg->remind_left[i];
			if (at >= whole)
				continue;
		}
		t = (long long)s->now + left - at;
		if ((!since || t > (long long)since) && (best < 0 || t < best))
			best = t;
	}
	return best;
}

void bindex_compute(const struct config *cfg, time_t now, time_t since,
                    const char *game, long board, struct bindex_board *b)
{
	char rel[128], path[4400], *err = NULL;
	struct game g;
	struct svc s;
	int rc;

	b->state = BX_GONE;
	b->due = -1;
	spool_board_path(game, board, rel, sizeof rel);
	snprintf(path, sizeof path, "%s/%s", cfg->spool, rel);
	if (!exists(path)) {
		snprintf(path, sizeof path, "%s/games/%s/archive/%ld.game",
		         cfg->spool, game, board);
		if (exists(path))
			b->state = BX_ARCHIVED;
		return;
	}
	memset(&g, 0, sizeof g);
	rc = game_load(&g, cfg->spool, game, board, &err);
	free(err);
	if (rc != 0) {
		if (rc < 0) {
			b->state = BX_UNREADABLE;
			b->due = 0;
		}
		return;
	}
	svc_init(&s, cfg, now);
	switch (g.state) {
	case GAME_CHALLENGED:
		b->state = BX_CHALLENGED;
		b->due = 0;
		break;
	case GAME_ACTIVE:
		b->state = BX_ACTIVE;
		b->due = active_due(&s, &g, since);
		break;
	case GAME_FINISHED:
	case GAME_CANCELLED:
		b->state = g.state == GAME_FINISHED ? BX_FINISHED : BX_CANCELLED;
		b->due = (long long)g.updated + (long long)cfg->archive_days * 86400;
		break;
	}
	svc_free(&s);
	game_free(&g);
}

/* Empty index/SUB of every file (a rebuild).  0, or -1 (errno). */
static int empty_dir(const char *spool, const char *sub)
{
	char dir[4200];
	struct dirent *de;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/index/%s", spool, sub);
	if ((d = util_opendir(dir)) == NULL)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			unlinkat(dirfd(d), de->d_name, 0);
	closedir(d);
	return 0;
}

/* What walk_boards hands on of a live board: game's board, as
 * bindex_compute classified it (never BX_GONE). */
typedef void board_fn(void *arg, const char *game, long board,
                      const struct bindex_board *b);

struct walk {
	const struct config *cfg;
	time_t now, since;
	long *n;
	board_fn *live;
	void *arg;
};

static int walk_live(const char *game, long board, void *arg)
{
	struct walk *w = arg;
	struct bindex_board b;

	bindex_compute(w->cfg, w->now, w->since, game, board, &b);
	if (b.state == BX_GONE)
		return 0;
	w->n[b.state]++;
	w->live(w->arg, game, board, &b);
	return 0;
}

static int walk_archived(const char *game, long board, void *arg)
{
	struct walk *w = arg;
	char path[4400];

	/* A board both live and archived counts as live. */
	snprintf(path, sizeof path, "%s/games/%s/%ld.game", w->cfg->spool, game,
	         board);
	if (!exists(path))
		w->n[BX_ARCHIVED]++;
	return 0;
}

/* Every board of the spool, counted by state into n[BX_STATES] (what
 * index/counts holds): each live board (games/GAME/N.game) classified
 * by bindex_compute(cfg, now, since) and handed to live(arg, ...), one
 * gone meanwhile left out; each archived one BX_ARCHIVED, unless its
 * number is live too.  What a rebuild writes and a compare checks. */
static void walk_boards(const struct config *cfg, time_t now, time_t since,
                        long n[BX_STATES], board_fn *live, void *arg)
{
	struct walk w = { cfg, now, since, n, live, arg };

	spool_each_board(cfg->spool, walk_live, &w);
	spool_each_board_in(cfg->spool, "archive", walk_archived, &w);
}

struct rebuild {
	const struct config *cfg;
	struct bindex_counts c;
	int failed;
};

static void rebuild_live(void *arg, const char *game, long board,
                         const struct bindex_board *b)
{
	struct rebuild *r = arg;

	if (bindex_entry_write(r->cfg->spool, game, board, b->state, b->due) < 0)
		r->failed = 1;
}

int bindex_rebuild(const struct config *cfg, time_t now)
{
	struct bindex_ref *marks = NULL;
	struct rebuild r;
	struct txn *t;
	char path[4200], *err = NULL;
	size_t nmarks = 0, i;

	static const char *const dirs[] = { "index", "index/boards",
	                                    "index/due", "index/dirty", NULL };

	memset(&r, 0, sizeof r);
	r.cfg = cfg;
	for (i = 0; dirs[i]; i++) {
		snprintf(path, sizeof path, "%s/%s", cfg->spool, dirs[i]);
		if (mkdir(path, 0750) < 0 && errno != EEXIST)
			return -1;
	}
	/* Without counts the index is rebuilt again: gone first. */
	snprintf(path, sizeof path, "%s/index/counts", cfg->spool);
	if ((unlink(path) < 0 && errno != ENOENT) ||
	    bindex_marks(cfg->spool, &marks, &nmarks) < 0 ||
	    empty_dir(cfg->spool, "boards") < 0 ||
	    empty_dir(cfg->spool, "due") < 0) {
		free(marks);
		return -1;
	}
	walk_boards(cfg, now, 0, r.c.n, rebuild_live, &r);
	snprintf(path, sizeof path, "%s/index/boards", cfg->spool);
	if (r.failed || util_fsync_dir(path) < 0) {
		free(marks);
		return -1;
	}
	snprintf(path, sizeof path, "%s/index/due", cfg->spool);
	if (util_fsync_dir(path) < 0) {
		free(marks);
		return -1;
	}
	settings_words(cfg, r.c.settings, sizeof r.c.settings);
	t = txn_begin(cfg->spool, "index", "rebuild");
	bindex_counts_put(t, &r.c);
	if (txn_commit(t, &err) < 0) {
		log_msg(LOG_ERR, "index: %s", err);
		free(err);
		free(marks);
		return -1;
	}
	/* The boards those markers named were read after them. */
	for (i = 0; i < nmarks; i++)
		bindex_unlink(cfg->spool, "dirty", marks[i].name);
	free(marks);
	log_msg(LOG_INFO, "index: rebuilt from the boards: challenged=%ld "
	        "active=%ld finished=%ld cancelled=%ld archived=%ld "
	        "unreadable=%ld", r.c.n[BX_CHALLENGED], r.c.n[BX_ACTIVE],
	        r.c.n[BX_FINISHED], r.c.n[BX_CANCELLED], r.c.n[BX_ARCHIVED],
	        r.c.n[BX_UNREADABLE]);
	return 0;
}

/* One board of a fold: its entry replaced by what its files say now. */
struct folded {
	char game[32];
	long board;
	long long old_due;  /* the due file to remove, -1 none */
	long long new_due;
	const char *seen;   /* the due file of the sweep that led here */
};

/* Whether the board is among v[0..n) already. */
static struct folded *find(struct folded *v, size_t n, const char *game,
                           long board)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].board == board && strcmp(v[i].game, game) == 0)
			return &v[i];
	return NULL;
}

/* Fold board (since as bindex_compute's) into c and t; 0, or -1 when
 * the counts would go wrong (the index is damaged). */
static int fold_one(const struct config *cfg, time_t now, time_t since,
                    struct folded *f, struct bindex_counts *c, struct txn *t)
{
	struct bindex_board b;
	enum bindex_state old;
	long long old_due;
	int rc;

	rc = bindex_entry_read(cfg->spool, f->game, f->board, &old, &old_due);
	if (rc < 0)
		return -1;
	bindex_compute(cfg, now, since, f->game, f->board, &b);
	/* An archived board without an entry was counted by a rebuild. */
	if (rc == 1)
		old = b.state == BX_ARCHIVED ? BX_ARCHIVED : BX_GONE;
	if (old != b.state) {
		if (old != BX_GONE && --c->n[old] < 0)
			return -1;
		if (b.state != BX_GONE)
			c->n[b.state]++;
	}
	f->old_due = old_due;
	f->new_due = b.due;
	if (rc == 0 && old == b.state && old_due == b.due)
		return 0;  /* as it was: nothing written */
	bindex_entry_put(t, f->game, f->board, b.state, b.due);
	return 0;
}

/* The fold itself, under the lock. */
static int fold_locked(const struct config *cfg, time_t now,
                       const struct bindex_ref *swept, size_t nswept,
                       int rebuild)
{
	struct bindex_counts c;
	struct bindex_ref *marks = NULL;
	struct folded *v, *f;
	struct txn *t;
	char settings[256], *err = NULL;
	size_t nmarks = 0, n = 0, i;
	int rc = bindex_counts_read(cfg->spool, &c), bad = 0;

	settings_words(cfg, settings, sizeof settings);
	if (rc != 0 || strcmp(c.settings, settings) != 0) {
		if (!rebuild)
			return 2;
		log_msg(LOG_INFO, "index: %s: rebuilding it from the boards",
		        rc > 0 ? "no counts" : rc < 0 ? "counts damaged" :
		        "the clock settings changed");
		return bindex_rebuild(cfg, now);
	}
	if (bindex_marks(cfg->spool, &marks, &nmarks) < 0)
		return -1;
	if (nmarks + nswept == 0) {
		free(marks);
		return 0;
	}
	v = xmalloc((nmarks + nswept) * sizeof *v);
	t = txn_begin(cfg->spool, "index", "fold");
	/* Changed boards first: since their last change. */
	for (i = 0; i < nmarks + nswept && !bad; i++) {
		const struct bindex_ref *r = i < nmarks ? &marks[i] :
		                             &swept[i - nmarks];
		if ((f = find(v, n, r->game, r->board)) != NULL) {
			if (i >= nmarks)
				f->seen = r->name;
			continue;
		}
		f = &v[n++];
		memset(f, 0, sizeof *f);
		snprintf(f->game, sizeof f->game, "%s", r->game);
		f->board = r->board;
		f->seen = i < nmarks ? NULL : r->name;
		if (fold_one(cfg, now, i < nmarks ? 0 : now, f, &c, t) < 0)
			bad = 1;
	}
	if (bad) {
		txn_abort(t);
		free(v);
		free(marks);
		log_msg(LOG_WARNING, "index: an entry disagrees with the counts: "
		        "rebuilding it from the boards");
		return bindex_rebuild(cfg, now);
	}
	bindex_counts_put(t, &c);
	if (txn_commit(t, &err) < 0) {
		log_msg(LOG_ERR, "index: %s", err);
		free(err);
		free(v);
		free(marks);
		return -1;
	}
	for (i = 0; i < n; i++) {
		char name[160];
		if (v[i].old_due != v[i].new_due)
			bindex_due_remove(cfg->spool, v[i].game, v[i].board,
			                  v[i].old_due);
		if (!v[i].seen)
			continue;
		snprintf(name, sizeof name, "%lld-%s-%ld", v[i].new_due,
		         v[i].game, v[i].board);
		if (strcmp(name, v[i].seen) != 0)
			bindex_unlink(cfg->spool, "due", v[i].seen);
	}
	for (i = 0; i < nmarks; i++)
		bindex_unlink(cfg->spool, "dirty", marks[i].name);
	free(v);
	free(marks);
	return 0;
}

/* bindex_fold; without rebuild, an index to rebuild is left alone
 * (2). */
static int fold(const struct config *cfg, time_t now,
                const struct bindex_ref *swept, size_t nswept, int timeout_ms,
                int rebuild)
{
	struct lock l = LOCK_INIT;
	int rc;

	if (lock_acquire(cfg->spool, "index", timeout_ms, &l) < 0) {
		if (errno == ETIMEDOUT)
			return 1;
		log_msg(LOG_ERR, "index: cannot lock it: %s", strerror(errno));
		return -1;
	}
	txn_recover(cfg->spool, "index");
	rc = fold_locked(cfg, now, swept, nswept, rebuild);
	if (rc < 0)
		log_msg(LOG_ERR, "index: cannot update %s/index: %s", cfg->spool,
		        strerror(errno));
	lock_release(&l);
	return rc;
}

int bindex_fold(const struct config *cfg, time_t now,
                const struct bindex_ref *swept, size_t nswept,
                int timeout_ms)
{
	return fold(cfg, now, swept, nswept, timeout_ms, 1);
}

int bindex_status_counts(const struct config *cfg, time_t now,
                         int timeout_ms, struct bindex_counts *c)
{
	struct bindex_ref *marks = NULL;
	size_t n = 0;
	int rc;

	/* No rebuild here: one pass over every board is the sweep's (a
	 * monitoring check must not wait minutes for it). */
	rc = access(cfg->spool, W_OK) == 0 ?
	     fold(cfg, now, NULL, 0, timeout_ms, 0) : 1;
	if (rc < 0 || rc == 2)
		return -1;
	if (rc == 1) {
		/* not folded (a busy lock, a spool status may only read):
		 * the counts only when no change waits */
		if (bindex_marks(cfg->spool, &marks, &n) < 0 || n) {
			free(marks);
			return -1;
		}
	}
	return bindex_counts_read(cfg->spool, c) == 0 ? 0 : -1;
}

/* A marker for game's board, as a transaction would leave it. */
static void put_mark(const struct config *cfg, const char *game, long board)
{
	char rel[128], mark[256], path[4400];
	FILE *f;

	spool_board_path(game, board, rel, sizeof rel);
	if (!bindex_mark_path(rel, mark, sizeof mark))
		return;
	snprintf(path, sizeof path, "%s/%s", cfg->spool, mark);
	if ((f = util_fopen_spool(path, 0)) != NULL)
		fclose(f);
}

struct compare {
	const struct config *cfg;
	time_t now;
	long n[BX_STATES];
	void (*report)(void *arg, const char *what);
	void *arg;
	int found;
	int marked;  /* boards damaged by hand: marked, not reported */
};

/* Whether a stored deadline (of a board that has one) can be right:
 * come already (the sweep reads the board), or one of the board's own
 * points (the first at or after it is itself).  The sweep's time it
 * was computed after is not kept, so a later one is no error. */
static int due_fits(const struct compare *k, const char *game, long board,
                    long long due)
{
	struct bindex_board b;

	if (due < 0)
		return 0;
	if (due <= (long long)k->now)
		return 1;
	bindex_compute(k->cfg, k->now, (time_t)(due - 1), game, board, &b);
	return b.due == due;
}

static void compare_live(void *arg, const char *game, long board,
                         const struct bindex_board *want)
{
	struct compare *k = arg;
	enum bindex_state state;
	long long due;
	char what[512], path[4400];
	int rc;

	rc = bindex_entry_read(k->cfg->spool, game, board, &state, &due);
	if (want->state == BX_UNREADABLE && (rc != 0 || state != want->state)) {
		/* damaged behind the index's back: admin check's game file
		 * check reports the board; the index only follows it */
		put_mark(k->cfg, game, board);
		k->marked++;
		return;
	}
	if (rc != 0 || state != want->state) {
		snprintf(what, sizeof what, "index/boards/%s.%ld: %s, the board "
		         "is %s", game, board, rc == 1 ? "missing" :
		         rc < 0 ? "damaged" : bindex_state_names[state],
		         bindex_state_names[want->state]);
	} else if (want->due >= 0 && !due_fits(k, game, board, due)) {
		snprintf(what, sizeof what, "index/boards/%s.%ld: deadline %lld is "
		         "none of the board's", game, board, due);
	} else if (due >= 0 &&
	           (snprintf(path, sizeof path, "%s/index/due/%lld-%s-%ld",
	                     k->cfg->spool, due, game, board), !exists(path))) {
		snprintf(what, sizeof what, "index/due/%lld-%s-%ld: missing", due,
		         game, board);
	} else {
		return;
	}
	k->report(k->arg, what);
	k->found++;
}

/* A board the index holds unreadable, or whose files are gone, gets a
 * marker: one repaired, restored or removed by hand is folded in
 * again, not reported.  Over index/boards/ (every board it knows). */
static void mark_by_hand(const struct config *cfg)
{
	char dir[4200], game[32], path[4400];
	enum bindex_state state;
	struct dirent *de;
	long long due;
	long board;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/index/boards", cfg->spool);
	if ((d = util_opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (sscanf(de->d_name, "%31[a-z].%ld", game, &board) != 2 ||
		    !spool_is_game(game) ||
		    bindex_entry_read(cfg->spool, game, board, &state, &due) != 0 ||
		    state == BX_GONE)
			continue;
		snprintf(path, sizeof path, "%s/games/%s/%s%ld.game", cfg->spool,
		         game, state == BX_ARCHIVED ? "archive/" : "", board);
		if (state == BX_UNREADABLE || !exists(path))
			put_mark(cfg, game, board);
	}
	closedir(d);
}

int bindex_compare(const struct config *cfg, time_t now,
                   void (*report)(void *arg, const char *what), void *arg)
{
	struct bindex_counts c;
	struct compare k;
	struct lock l = LOCK_INIT;
	char what[256];
	int i, rc;

	mark_by_hand(cfg);
	if (bindex_fold(cfg, now, NULL, 0, cfg->lock_timeout * 1000) != 0 ||
	    lock_acquire(cfg->spool, "index", cfg->lock_timeout * 1000, &l) < 0)
		return -1;
	memset(&k, 0, sizeof k);
	k.cfg = cfg;
	k.now = now;
	k.report = report;
	k.arg = arg;
	walk_boards(cfg, now, now, k.n, compare_live, &k);
	lock_release(&l);
	if (k.marked &&
	    bindex_fold(cfg, now, NULL, 0, cfg->lock_timeout * 1000) != 0)
		return -1;
	rc = bindex_counts_read(cfg->spool, &c);
	if (rc != 0) {
		report(arg, rc > 0 ? "index/counts: missing" :
		       "index/counts: damaged");
		k.found++;
	}
	for (i = 0; rc == 0 && i < BX_STATES; i++)
		if (c.n[i] != k.n[i]) {
			snprintf(what, sizeof what, "index/counts: %s %ld, the boards "
			         "%ld", bindex_state_names[i], c.n[i], k.n[i]);
			report(arg, what);
			k.found++;
		}
	return k.found;
}
