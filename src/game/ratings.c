/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ratings.c - ratings replayed from the result records of finished
 * games (see ratings.h for the record and the rating rules, ratesys.h
 * for the systems).
 */
#include "game/ratings.h"
#include "spool/formats.h"
#include "spool/group.h"
#include "spool/spool.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/magic.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RESULT_MAGIC FORMAT_LINE("epamserv-result", FORMAT_RESULT)

static int rt_round(double x)
{
	return x >= 0 ? (int)(x + 0.5) : -(int)(-x + 0.5);
}

int ratings_expected_milli(int diff)
{
	struct ratesys_params p;
	struct ratesys_state a, b;

	ratesys_defaults(RATESYS_ELO, &p);
	ratesys_init(RATESYS_ELO, &p, &a);
	ratesys_init(RATESYS_ELO, &p, &b);
	a.r += diff;
	return rt_round(ratesys_expect(RATESYS_ELO, &p, &a, &b, 0) * 1000.0);
}

static const struct {
	const char *game;
	int small, large;    /* 0, -1 fewer squares than standard, 1 more */
	const char *name;    /* a word players type: not translated */
	const char *title;   /* a heading: N_(), translated where read */
} rt_classes[RATING_CLASSES] = {
	{ "epaminondas", 0, 0, "epaminondas 14x12",
	  N_("Epaminondas on the standard 14x12 board") },
	{ "epaminondas", 1, 0, "epaminondas small",
	  N_("Epaminondas, small boards (fewer squares than 14x12)") },
	{ "epaminondas", 0, 1, "epaminondas large",
	  N_("Epaminondas, large boards (other sizes)") },
	{ "crossings", 0, 0, "crossings 8x8",
	  N_("Crossings on the standard 8x8 board") },
	{ "crossings", 1, 0, "crossings small",
	  N_("Crossings, small boards (fewer squares than 8x8)") },
	{ "crossings", 0, 1, "crossings large",
	  N_("Crossings, large boards (other sizes)") },
};

int ratings_class(const char *game, int width, int height)
{
	int base = strcmp(game, "crossings") == 0 ? RATING_CROSSINGS
	                                          : RATING_EPAMINONDAS;
	int sw = base == RATING_CROSSINGS ? 8 : 14;
	int sh = base == RATING_CROSSINGS ? 8 : 12;

	if (width == sw && height == sh)
		return base;
	return base + (width * height < sw * sh ? 1 : 2);
}

const char *ratings_class_name(int cls)
{
	return cls >= 0 && cls < RATING_CLASSES ? rt_classes[cls].name : "?";
}

const char *ratings_class_title(int cls)
{
	return cls >= 0 && cls < RATING_CLASSES ? _(rt_classes[cls].title)
	                                        : "?";
}

const struct rating_player *ratings_find(const struct ratings *r,
                                         const char *userid, int cls)
{
	size_t i;

	for (i = 0; i < r->nplayers; i++)
		if (r->players[i].cls == cls &&
		    strcmp(r->players[i].userid, userid) == 0)
			return &r->players[i];
	return NULL;
}

int ratings_of(const struct ratings *r, const char *userid, int cls)
{
	const struct rating_player *p = ratings_find(r, userid, cls);

	return p ? p->rating : RATING_START;
}

/* Index of userid's entry in class cls, added at RATING_START when new.
 * An index, not a pointer: adding may move the array. */
static size_t rt_player(struct ratings *r, const char *userid, int cls)
{
	struct rating_player *p;
	size_t i;

	for (i = 0; i < r->nplayers; i++)
		if (r->players[i].cls == cls &&
		    strcmp(r->players[i].userid, userid) == 0)
			return i;
	r->players = xrealloc(r->players, (r->nplayers + 1) * sizeof *r->players);
	p = &r->players[r->nplayers];
	memset(p, 0, sizeof *p);
	snprintf(p->userid, sizeof p->userid, "%s", userid);
	p->cls = cls;
	ratesys_init(r->system, &r->params, &p->st);
	p->rating = rt_round(p->st.r);
	return r->nplayers++;
}

/* Apply one game within its class: score2 is White's score in half
 * points. */
static void rt_apply(struct ratings *r, struct rating_game *rg)
{
	size_t wi = rt_player(r, rg->white, rg->cls);
	size_t bi = rt_player(r, rg->black, rg->cls);
	struct rating_player *w = &r->players[wi], *b = &r->players[bi];

	rg->white_before = w->rating;
	rg->black_before = b->rating;
	ratesys_game(r->system, &r->params, &w->st, &b->st, rg->score2 / 2.0,
	             rg->finished);
	w->rating = rt_round(w->st.r);
	b->rating = rt_round(b->st.r);
	rg->white_after = w->rating;
	rg->black_after = b->rating;
	rg->white_rd = rt_round(w->st.rd);
	rg->black_rd = rt_round(b->st.rd);
	w->games++;
	b->games++;
	w->wins += rg->score2 == 2;
	w->losses += rg->score2 == 0;
	w->draws += rg->score2 == 1;
	b->wins += rg->score2 == 0;
	b->losses += rg->score2 == 2;
	b->draws += rg->score2 == 1;
	r->rated++;
	if (rg->seq > r->seq)
		r->seq = rg->seq;
}

void ratings_replay(struct ratings *r, int system,
                    const struct ratesys_params *params,
                    struct rating_game *games, size_t n)
{
	size_t i;

	r->system = system;
	r->params = *params;
	for (i = 0; i < n; i++)
		rt_apply(r, &games[i]);
}

int ratings_rd_at(const struct ratings *r, const struct rating_player *p,
                  time_t now)
{
	return rt_round(ratesys_rd_at(r->system, &r->params, &p->st, now));
}

int ratings_provisional(const struct ratings *r,
                        const struct rating_player *p, time_t now)
{
	if (r->system == RATESYS_ELO)
		return p->games < RATING_PROVISIONAL;
	return ratings_rd_at(r, p, now) >= RATING_PROVISIONAL_RD;
}

void ratings_add(struct ratings *r, const struct game *g,
                 struct rating_game *rg)
{
	memset(rg, 0, sizeof *rg);
	snprintf(rg->game, sizeof rg->game, "%s", g->game);
	rg->board = g->board;
	rg->width = g->opts.width;
	rg->height = g->opts.height;
	rg->cls = ratings_class(g->game, rg->width, rg->height);
	snprintf(rg->white, sizeof rg->white, "%s", g->white);
	snprintf(rg->black, sizeof rg->black, "%s", g->black);
	rg->finished = g->updated;
	rg->score2 = game_white_score2(g);
	game_result_text(g, rg->result, sizeof rg->result);
	rg->seq = r->seq + 1;
	rt_apply(r, rg);
	r->games = xrealloc(r->games, (r->ngames + 1) * sizeof *r->games);
	r->games[r->ngames++] = *rg;
}

void ratings_record_path(const char *game, long board, char *buf, size_t len)
{
	snprintf(buf, len, "games/%s/%ld.result", game, board);
}

char *ratings_record(const struct rating_game *rg)
{
	static const char *const score[] = { "0-1", "1/2-1/2", "1-0" };
	struct buf b = BUF_INIT;
	char when[32];

	util_iso_time(rg->finished, when, sizeof when);
	buf_printf(&b, "%s\ngame: %s\nboard: %ld\nsize: %dx%d\nwhite: %s\n"
	           "black: %s\nfinished: %s\nscore: %s\nresult: %s\n"
	           "white-rating: %d %d\nblack-rating: %d %d\n", RESULT_MAGIC,
	           rg->game, rg->board, rg->width, rg->height, rg->white,
	           rg->black, when,
	           score[rg->score2], rg->result, rg->white_before,
	           rg->white_after, rg->black_before, rg->black_after);
	if (rg->white_rd > 0 || rg->black_rd > 0)
		buf_printf(&b, "white-deviation: %d\nblack-deviation: %d\n",
		           rg->white_rd, rg->black_rd);
	if (rg->seq > 0)
		buf_printf(&b, "seq: %ld\n", rg->seq);
	return buf_take(&b);
}

/* "WxH" with both in the rules' limits into *w, *h; 0 or -1. */
static int rt_size(const char *val, int *w, int *h)
{
	char end;

	if (sscanf(val, "%3dx%3d%c", w, h, &end) != 2 || *w < EP_MIN_W ||
	    *w > EP_MAX_W || *h < EP_MIN_H || *h > EP_MAX_H)
		return -1;
	return 0;
}

/* One "key: value" of a result record. */
static int rt_field(struct rating_game *rg, const char *key, const char *val,
                    int *have)
{
	if (strcmp(key, "game") == 0 && strlen(val) < sizeof rg->game) {
		strcpy(rg->game, val);
		*have |= 1;
	} else if (strcmp(key, "board") == 0) {
		if ((rg->board = util_board_number(val)) < 0)
			return -1;
		*have |= 2;
	} else if (strcmp(key, "white") == 0 && util_userid_ok(val)) {
		strcpy(rg->white, val);
		*have |= 4;
	} else if (strcmp(key, "black") == 0 && util_userid_ok(val)) {
		strcpy(rg->black, val);
		*have |= 8;
	} else if (strcmp(key, "finished") == 0) {
		if (util_parse_iso_time(val, &rg->finished) < 0)
			return -1;
		*have |= 16;
	} else if (strcmp(key, "score") == 0) {
		if (strcmp(val, "1-0") == 0)
			rg->score2 = 2;
		else if (strcmp(val, "1/2-1/2") == 0)
			rg->score2 = 1;
		else if (strcmp(val, "0-1") == 0)
			rg->score2 = 0;
		else
			return -1;
		*have |= 32;
	} else if (strcmp(key, "size") == 0) {
		if (rt_size(val, &rg->width, &rg->height) < 0)
			return -1;
	} else if (strcmp(key, "seq") == 0) {
		/* A positive decimal, as board numbers are. */
		if ((rg->seq = util_board_number(val)) <= 0)
			return -1;
	} else if (strcmp(key, "result") == 0) {
		snprintf(rg->result, sizeof rg->result, "%s", val);
	} else if (strcmp(key, "white-rating") == 0 ||
	           strcmp(key, "black-rating") == 0) {
		/* What was mailed: a replay recomputes it, a record shows
		 * it (ratings_record_read).  Not two numbers: left at 0. */
		int before, after, w = key[0] == 'w';
		char end;
		if (sscanf(val, "%d %d%c", &before, &after, &end) == 2 &&
		    before > 0 && before < 100000 && after > 0 &&
		    after < 100000) {
			*(w ? &rg->white_before : &rg->black_before) = before;
			*(w ? &rg->white_after : &rg->black_after) = after;
		}
	} else if (strcmp(key, "white-deviation") == 0 ||
	           strcmp(key, "black-deviation") == 0) {
		int rd;
		char end;
		if (sscanf(val, "%d%c", &rd, &end) == 1 && rd >= 0 && rd < 10000)
			*(key[0] == 'w' ? &rg->white_rd : &rg->black_rd) = rd;
	}
	/* Other keys are ignored. */
	return 0;
}

/* Parse one record's text; path names it in *err. */
static int rt_parse(char *text, const char *path, struct rating_game *rg,
                    char **err)
{
	char *line, *save = NULL, newer[200];
	int lineno = 0, have = 0;
	struct buf e = BUF_INIT;

	memset(rg, 0, sizeof *rg);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *colon = strstr(line, ": ");
		lineno++;
		if (lineno == 1 && magic_newer(line, "epamserv-result", FORMAT_RESULT, newer,
		                               sizeof newer)) {
			buf_printf(&e, "%s:1: %s", path, newer);
			*err = buf_take(&e);
			return -1;
		}
		if (lineno == 1 ? strcmp(line, RESULT_MAGIC) != 0 : !colon)
			goto bad;
		if (lineno == 1)
			continue;
		*colon = '\0';
		if (rt_field(rg, line, colon + 2, &have) < 0)
			goto bad;
	}
	if (have == 63)
		return 0;
	/* TRANSLATORS: the file's path; the words after "needs" are the
	 * file's keys (not translated). */
	*err = errlang_asprintf(N_("%s: a result record needs game, board, "
	                        "white, black, finished and score"), path);
	return -1;
bad:
	/* TRANSLATORS: the file's path and the line's number. */
	*err = errlang_asprintf(N_("%s:%d: malformed result record"), path,
	                        lineno);
	return -1;
}

int ratings_record_read(const char *spool, const char *game, long board,
                        struct rating_game *rg, char **err)
{
	char rel[128], path[4096], *text;
	int rc;

	*err = NULL;
	ratings_record_path(game, board, rel, sizeof rel);
	snprintf(path, sizeof path, "%s/%s", spool, rel);
	/* A batch may have it staged (group.h). */
	if (txn_group_settle(spool, rel) < 0) {
		*err = errlang_asprintf(N_("cannot read %s: %s"), path,
		                        strerror(errno));
		return -1;
	}
	text = util_read_file(path, 1 << 16, NULL);
	if (!text) {
		if (errno == ENOENT) {
			memset(rg, 0, sizeof *rg);
			return 1;
		}
		*err = errlang_asprintf(N_("cannot read %s: %s"), path,
		                        strerror(errno));
		return -1;
	}
	rc = rt_parse(text, rel, rg, err);
	free(text);
	return rc;
}

/* The size of a record written before issue 14 (no size line): from the
 * "-size=" of the options line of the board's game file, else the
 * game's standard board.  Then the class of rg. */
static void rt_old_size(const char *spool, struct rating_game *rg)
{
	char rel[128], path[4096], *text, *opts, *size, *nl;

	rg->width = strcmp(rg->game, "crossings") == 0 ? 8 : 14;
	rg->height = strcmp(rg->game, "crossings") == 0 ? 8 : 12;
	spool_board_path(rg->game, rg->board, rel, sizeof rel);
	snprintf(path, sizeof path, "%s/%s", spool, rel);
	text = util_read_file(path, 1 << 22, NULL);
	if (!text)
		return;
	opts = strstr(text, "\noptions: ");
	nl = opts ? strchr(opts + 1, '\n') : NULL;
	if (nl)
		*nl = '\0';
	size = opts ? strstr(opts, " -size=") : NULL;
	if (size) {
		int w, h;
		char *sp = strchr(size + 7, ' ');
		if (sp)
			*sp = '\0';
		if (rt_size(size + 7, &w, &h) == 0) {
			rg->width = w;
			rg->height = h;
		}
	}
	free(text);
}

/* Add the records of games/GAME/ to r->games (unsorted, not yet rated). */
static int rt_read_dir(const char *spool, const char *game, struct ratings *r,
                       char **err)
{
	char dir[4096], path[8192];
	struct dirent *de;
	DIR *d;
	int rc = 0;

	snprintf(dir, sizeof dir, "%s/games/%s", spool, game);
	/* A batch may have a result record staged (group.h); only those
	 * commit the group early (board mails read the ratings too). */
	snprintf(path, sizeof path, "games/%s/", game);
	if (txn_group_settle_ending(spool, path, ".result") < 0)
		return -1;
	d = util_opendir(dir);
	if (!d)
		return errno == ENOENT ? 0 : -1;
	while (rc == 0 && (de = readdir(d)) != NULL) {
		size_t n = strlen(de->d_name);
		char *text;
		if (n < 8 || strcmp(de->d_name + n - 7, ".result") != 0 ||
		    de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		text = util_read_file(path, 1 << 16, NULL);
		if (!text) {
			/* TRANSLATORS: a file's path and the system's
			 * reason. */
			*err = errlang_asprintf(N_("cannot read %s: %s"), path,
			                        strerror(errno));
			rc = -1;
			break;
		}
		r->games = xrealloc(r->games, (r->ngames + 1) * sizeof *r->games);
		rc = rt_parse(text, path, &r->games[r->ngames], err);
		if (rc == 0) {
			struct rating_game *rg = &r->games[r->ngames++];
			if (!rg->width)
				rt_old_size(spool, rg);
			rg->cls = ratings_class(rg->game, rg->width, rg->height);
		}
		free(text);
	}
	closedir(d);
	return rc;
}

/* The sort before the merge (rt_merge): records without seq first, by
 * finish time, game and board; then by seq. */
static int rt_by_finish(const void *a, const void *b)
{
	const struct rating_game *x = a, *y = b;
	int c;

	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	if (x->finished != y->finished)
		return x->finished < y->finished ? -1 : 1;
	if ((c = strcmp(x->game, y->game)) != 0)
		return c;
	return x->board < y->board ? -1 : x->board > y->board;
}

/* The order rated (ratings.h), from g[0..n) sorted by rt_by_finish:
 * the records without seq (a prefix, by finish time) merged into those
 * with one (by seq) by finish time: each goes before the first
 * sequenced record that finished in the same second or after it.  A
 * record with seq was rated after every record the table held then,
 * and those finished no later than it: so a tie goes to the record
 * without seq, or a replay would disagree with the table it checks
 * (a game ending in the second a 1.0.0 record finished).  O(n), in
 * place. */
static void rt_merge(struct rating_game *g, size_t n)
{
	struct rating_game *un;
	size_t k = 0, i = 0, j, out = 0;

	while (k < n && g[k].seq == 0)
		k++;
	if (k == 0 || k == n)
		return;
	un = xmalloc(k * sizeof *un);
	memcpy(un, g, k * sizeof *un);
	/* g[out] is written only after g[j] (j >= out) is read: out <= j
	 * since i <= k. */
	for (j = k; j < n; j++) {
		while (i < k && un[i].finished <= g[j].finished)
			g[out++] = un[i++];
		g[out++] = g[j];
	}
	while (i < k)
		g[out++] = un[i++];
	free(un);
}

int ratings_by_rating(const void *a, const void *b)
{
	const struct rating_player *x = a, *y = b;

	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	if (x->rating != y->rating)
		return x->rating > y->rating ? -1 : 1;
	return strcmp(x->userid, y->userid);
}

int ratings_load(const char *spool, int system, struct ratings *r,
                 char **err)
{
	struct ratesys_params params;
	size_t i;

	memset(r, 0, sizeof *r);
	if (system < 0 || system >= RATESYS_COUNT)
		system = RATESYS_ELO;
	ratesys_defaults(system, &params);
	r->system = system;
	r->params = params;
	*err = NULL;
	for (i = 0; spool_games[i]; i++)
		if (rt_read_dir(spool, spool_games[i], r, err) < 0) {
			if (!*err) {
				/* TRANSLATORS: the spool's path, the
				 * game's directory and the system's
				 * reason. */
				*err = errlang_asprintf(N_("cannot list "
				                        "%s/games/%s: %s"),
				                        spool, spool_games[i],
				                        strerror(errno));
			}
			ratings_free(r);
			return -1;
		}
	if (r->ngames) {
		qsort(r->games, r->ngames, sizeof *r->games, rt_by_finish);
		rt_merge(r->games, r->ngames);
	}
	ratings_replay(r, system, &params, r->games, r->ngames);
	if (r->nplayers)
		qsort(r->players, r->nplayers, sizeof *r->players, ratings_by_rating);
	return 0;
}

void ratings_free(struct ratings *r)
{
	free(r->players);
	free(r->games);
	memset(r, 0, sizeof *r);
}
