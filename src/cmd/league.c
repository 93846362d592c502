/*
 * league.c - the recurring league (issue 17, Little Golem's championship
 * as the model): "GAME league join|leave USERID PASSWORD", "GAME league
 * show", and its sweep (league_sweep).
 *
 * The league file SPOOL/league/GAME, versioned text like the tournament
 * files:
 *
 *   epamserv-league 1
 *   game: epaminondas
 *   season: 2                  (the current season, 0 before the first)
 *   started: 2026-12-01T12:00:00Z   (its start, - before the first)
 *   member: USERID             (entered in the next season; in joining
 *                               order; "league leave" removes the line)
 *   entry: DIVISION USERID     (the current season's divisions, 1 the
 *                               top; in the order they were made)
 *
 * Each division D of season S is a round robin tournament named
 * league-S-D (tournaments/league-S-D, organiser "league"), made and
 * started by the sweep with tourney_start_made: its boards, their mails,
 * its tables and the ratings are the tournaments' (tournament.c,
 * ttable.c).  "tournament create" refuses names starting "league-".
 *
 * The season (league_sweep): a season is over when every division's
 * tournament has finished, or league_season_days after its start (then
 * the standings of that day count; games still running are played out,
 * rated, but no longer count for the league).  The sweep then starts the
 * next one when at least 3 members remain (the first: once 3 have
 * joined).  The order of the next season (next_order):
 *   - between divisions d and d+1, m = min(p(d), p(d+1)) players swap:
 *     the top m of d+1 go up, the bottom m of d go down, where p(n) = 2
 *     for a division of 6 or more players, 1 for 3 to 5;
 *   - the new division d is listed: those relegated from d-1 (in their
 *     places), those who stay (in their places), those promoted from d+1;
 *     the divisions are put one after the other, division 1 first;
 *   - players who left are taken out (the players below move up one
 *     place each: a place freed in a division goes to the best placed
 *     player below it); new members follow at the bottom, by rating
 *     (best first, then userid);
 *   - the list is cut into divisions of league_division_size, and a last
 *     one of fewer than 3 players joins the one above it (so a division
 *     has 3 to league_division_size + 2 players).
 *
 * Locks: the league file is changed under "tournaments" then "next-GAME"
 * (the tournaments' order, tfile.h): the sweep's season start makes the
 * division tournaments under the same two locks.  The season's file is
 * committed first, then each division in its own transaction (the next
 * board number is read from disk); a sweep that stopped half-way makes
 * the divisions still missing at its next run.
 */
#include "cmd/acctoken.h"
#include "cmd/cmd.h"
#include "cmd/table.h"
#include "cmd/tfile.h"
#include "cmd/ttable.h"
#include "game/ratings.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LG_MAGIC "epamserv-league 1"
#define LG_MAX 200          /* most members, and entries of a season */
#define LG_DIVS_MAX 100     /* most divisions (LG_MAX / 3 and more, so
                               no division is over TF_PLAYERS_MAX) */
#define LG_ORGANISER "league"

struct lentry { int div; char userid[32]; };

/* Zeroed memory for n of size (xmalloc's: never NULL). */
static void *zalloc(size_t n, size_t size)
{
	void *p = xmalloc(n * size);

	memset(p, 0, n * size);
	return p;
}

struct lfile {
	char game[16];
	int season;
	time_t started;
	char member[LG_MAX][32];
	int nmembers;
	struct lentry entry[LG_MAX];
	int nentries;
	int ndivs;                 /* the highest division of the entries */
};

/* "league/GAME" into buf. */
static void lg_path(const char *game, char *buf, size_t len)
{
	snprintf(buf, len, "league/%s", game);
}

/* "league-S-D" into buf. */
static void lg_tname(int season, int div, char *buf, size_t len)
{
	snprintf(buf, len, "league-%d-%d", season, div);
}

static int lg_member(const struct lfile *lf, const char *userid)
{
	int i;

	for (i = 0; i < lf->nmembers; i++)
		if (strcmp(lf->member[i], userid) == 0)
			return i;
	return -1;
}

/* Load the league of game into lf.  0 (a file that does not exist
 * gives an empty league before its first season), -1 with *err
 * (malloc'ed) when it cannot be read or is damaged. */
static int lg_load(const char *spool, const char *game, struct lfile *lf,
                   char **err)
{
	char rel[64], path[4200], line[256];
	struct buf e = BUF_INIT;
	FILE *f;
	int lineno = 0, bad = 0;

	memset(lf, 0, sizeof *lf);
	snprintf(lf->game, sizeof lf->game, "%s", game);
	lg_path(game, rel, sizeof rel);
	snprintf(path, sizeof path, "%s/%s", spool, rel);
	if (!(f = util_fopen_spool_read(path))) {
		if (errno == ENOENT)
			return 0;
		buf_printf(&e, "%s: %s", path, strerror(errno));
		*err = buf_take(&e);
		return -1;
	}
	while (fgets(line, sizeof line, f) && !bad) {
		char *nl = strchr(line, '\n'), *val;
		int d, used = 0;
		if (!nl) {
			bad = 1;
			break;
		}
		*nl = '\0';
		if (++lineno == 1) {
			bad = strcmp(line, LG_MAGIC) != 0;
			continue;
		}
		if (!(val = strstr(line, ": "))) {
			bad = 1;
			break;
		}
		*val = '\0';
		val += 2;
		if (strcmp(line, "game") == 0)
			bad = strcmp(val, game) != 0;
		else if (strcmp(line, "season") == 0)
			bad = sscanf(val, "%d%n", &lf->season, &used) != 1 ||
			      val[used] || lf->season < 0 || lf->season > 99999;
		else if (strcmp(line, "started") == 0)
			bad = strcmp(val, "-") != 0 &&
			      util_parse_iso_time(val, &lf->started) < 0;
		else if (strcmp(line, "member") == 0)
			bad = !util_userid_ok(val) || lf->nmembers >= LG_MAX ||
			      strlen(val) >= 32 ||
			      !strcpy(lf->member[lf->nmembers++], val);
		else if (strcmp(line, "entry") == 0) {
			bad = sscanf(val, "%d %n", &d, &used) != 1 || d < 1 ||
			      d > LG_DIVS_MAX || !util_userid_ok(val + used) ||
			      strlen(val + used) >= 32 || lf->nentries >= LG_MAX;
			if (!bad) {
				lf->entry[lf->nentries].div = d;
				strcpy(lf->entry[lf->nentries++].userid, val + used);
				if (d > lf->ndivs)
					lf->ndivs = d;
			}
		}
		/* other keys: from a later version, kept out */
	}
	if (ferror(f))
		bad = 1;
	fclose(f);
	if (bad || lineno == 0) {
		buf_printf(&e, "%s: damaged at line %d", path, lineno);
		*err = buf_take(&e);
		return -1;
	}
	return 0;
}

/* lf's file text (malloc'ed). */
static char *lg_format(const struct lfile *lf)
{
	struct buf b = BUF_INIT;
	char when[32] = "-";
	int i;

	if (lf->started)
		util_iso_time(lf->started, when, sizeof when);
	buf_printf(&b, "%s\ngame: %s\nseason: %d\nstarted: %s\n", LG_MAGIC,
	           lf->game, lf->season, when);
	for (i = 0; i < lf->nmembers; i++)
		buf_printf(&b, "member: %s\n", lf->member[i]);
	for (i = 0; i < lf->nentries; i++)
		buf_printf(&b, "entry: %d %s\n", lf->entry[i].div,
		           lf->entry[i].userid);
	return buf_take(&b);
}

char *league_file_text(const char *spool, const char *game, char **err)
{
	struct lfile *lf = zalloc(1, sizeof *lf);
	char *text = NULL;

	if (lg_load(spool, game, lf, err) == 0)
		text = lg_format(lf);
	free(lf);
	return text;
}

static void put_lf(struct txn *t, const struct lfile *lf)
{
	char rel[64], *file = lg_format(lf);

	lg_path(lf->game, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
}

/* Take "tournaments" then "next-GAME" and load the league of game.
 * CMD_DONE with both held (release with tf_unlock), or CMD_TEMPFAIL. */
static enum cmd_status lg_lock(struct cmdctx *c, const char *game,
                               struct lfile *lf, struct lock *l1,
                               struct lock *l2, char *key, size_t keylen)
{
	enum cmd_status st;
	char *err = NULL;

	if ((st = svc_lock(&c->s, "tournaments", l1)) != CMD_DONE)
		return st;
	snprintf(key, keylen, "next-%s", game);
	if ((st = svc_lock(&c->s, key, l2)) != CMD_DONE) {
		lock_release(l1);
		return st;
	}
	if (lg_load(c->s.cfg->spool, game, lf, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		tf_unlock(l1, l2);
		return CMD_TEMPFAIL;
	}
	return CMD_DONE;
}

/* Players who swap between divisions of n and n2 players. */
static int swaps(int n, int n2)
{
	int p = n >= 6 ? 2 : 1, p2 = n2 >= 6 ? 2 : 1;

	return p < p2 ? p : p2;
}

/* One division of the current season as it stands: its players ranked
 * (the tournament's table: score, Sonneborn-Berger, number), and their
 * scores in half-points (-1 unknown: no table). */
struct ldiv {
	char userid[LG_MAX][32];
	int score[LG_MAX];
	int n;
	int finished;              /* its tournament has finished */
};

/* Division d of lf's season into dv.  0, or -1 (a file cannot be read,
 * logged: the season waits). */
static int division_of(struct cmdctx *c, const struct lfile *lf, int d,
                       struct ldiv *dv)
{
	struct tfile tf;
	struct ttable tt;
	char name[32], *err = NULL;
	int i, rc;

	memset(dv, 0, sizeof *dv);
	lg_tname(lf->season, d, name, sizeof name);
	rc = tf_load(c->s.cfg->spool, name, &tf, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	if (rc == 0 && (tf.state == TF_RUNNING || tf.state == TF_FINISHED)) {
		if (tt_build(c, &tf, NULL, &tt) < 0) {
			tf_free(&tf);
			return -1;
		}
		for (i = 0; i < tf.nplayers && dv->n < LG_MAX; i++, dv->n++) {
			snprintf(dv->userid[dv->n], 32, "%s",
			         tf.player[tt.rank[i]].userid);
			dv->score[dv->n] = tt.row[tt.rank[i]].cancelled ? 0 :
			                   tt.row[tt.rank[i]].score;
		}
		dv->finished = tf.state == TF_FINISHED;
		tt_free(&tt);
		tf_free(&tf);
		return 0;
	}
	if (rc == 0)
		tf_free(&tf);
	for (i = 0; i < lf->nentries; i++)
		if (lf->entry[i].div == d) {
			snprintf(dv->userid[dv->n], 32, "%s", lf->entry[i].userid);
			dv->score[dv->n++] = -1;
		}
	return 0;
}

/* Rating order of new members. */
struct lrated { char userid[32]; int rating; };
static int by_rating(const void *a, const void *b)
{
	const struct lrated *x = a, *y = b;

	if (x->rating != y->rating)
		return y->rating - x->rating;
	return strcmp(x->userid, y->userid);
}

/* The rating class of the league's boards (cfg->league_options). */
static int league_class(const struct config *cfg, const char *game)
{
	struct ep_options o;
	char err[EP_ERR_MAX], *words = xstrdup(cfg->league_options), *w,
	     *save = NULL;

	if (ep_options_default(&o, game, err, sizeof err) < 0) {
		free(words);
		return ratings_class(game, 8, 8);
	}
	for (w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
		ep_options_apply(&o, w, err, sizeof err);
	free(words);
	return ratings_class(game, o.width, o.height);
}

/* The next season's entries of lf (its season's divisions dv[1..k],
 * its members) into out: see the rule at the top.  Returns the number
 * of entries, -1 when the ratings cannot be read. */
static int next_order(struct cmdctx *c, const struct lfile *lf,
                      struct ldiv *dv, int k, struct lentry *out)
{
	char list[LG_MAX][32];
	struct lrated fresh[LG_MAX];
	struct ratings r;
	int n = 0, nf = 0, i, d, up, down, size, ndivs, cls;
	char *err = NULL;

	for (d = 1; d <= k; d++) {
		up = d > 1 ? swaps(dv[d - 1].n, dv[d].n) : 0;
		down = d < k ? swaps(dv[d].n, dv[d + 1].n) : 0;
		if (d > 1)  /* relegated from d-1: its bottom ones */
			for (i = dv[d - 1].n - swaps(dv[d - 1].n, dv[d].n);
			     i < dv[d - 1].n && n < LG_MAX; i++)
				memcpy(list[n++], dv[d - 1].userid[i], 32);
		for (i = up; i < dv[d].n - down && n < LG_MAX; i++)
			memcpy(list[n++], dv[d].userid[i], 32);
		for (i = 0; d < k && i < down && n < LG_MAX; i++)
			memcpy(list[n++], dv[d + 1].userid[i], 32);  /* promoted */
	}
	/* Leavers out, then the new members by rating. */
	for (i = 0, d = 0; i < n; i++)
		if (lg_member(lf, list[i]) >= 0)
			memmove(list[d++], list[i], 32);
	n = d;
	if (ratings_load(c->s.cfg->spool, &r, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	cls = league_class(c->s.cfg, lf->game);
	for (i = 0; i < lf->nmembers; i++) {
		for (d = 0; d < n; d++)
			if (strcmp(list[d], lf->member[i]) == 0)
				break;
		if (d < n)
			continue;
		memcpy(fresh[nf].userid, lf->member[i], 32);
		fresh[nf++].rating = ratings_of(&r, lf->member[i], cls);
	}
	ratings_free(&r);
	qsort(fresh, (size_t)nf, sizeof fresh[0], by_rating);
	for (i = 0; i < nf && n < LG_MAX; i++)
		memcpy(list[n++], fresh[i].userid, 32);
	/* Cut into divisions. */
	size = c->s.cfg->league_division_size;
	ndivs = (n + size - 1) / size;
	if (ndivs > 1 && n - (ndivs - 1) * size < 3)
		ndivs--;
	if (ndivs > LG_DIVS_MAX)
		ndivs = LG_DIVS_MAX;
	for (i = 0; i < n; i++) {
		d = i / size + 1;
		out[i].div = d > ndivs ? ndivs : d;
		memcpy(out[i].userid, list[i], 32);
	}
	return n;
}

/* The answer mail (template league.txt) to the sender, in t. */
static enum cmd_status answer(struct cmdctx *c, struct txn *t,
                              const char *game, const char *what,
                              const char *headline, const char *text)
{
	struct tvars v = { 0 };
	char subject[160], with[240], *mail;

	tvars_set(&v, "headline", headline);
	tvars_set(&v, "table", text);
	tvars_set(&v, "game", game);
	tvars_set(&v, "from", c->s.cfg->from);
	mail = reply_template(&c->s, "league.txt", &v);
	tvars_free(&v);
	if (!mail)
		return CMD_TEMPFAIL;
	snprintf(subject, sizeof subject, "%s league: %s",
	         reply_game_title(game), what);
	acctoken_sender_subject(c, subject, with, sizeof with);
	reply_queue(&c->s, t, c->sender, with, mail, NULL, 0, NULL);
	explicit_bzero(with, sizeof with);
	free(mail);
	return CMD_DONE;
}

/* The text of "league show" (malloc'ed): the season, its divisions with
 * standings and who goes up or down, the members waiting for the next
 * season. */
static char *league_text(struct cmdctx *c, const struct lfile *lf)
{
	struct buf b = BUF_INIT;
	struct ldiv *dv = zalloc((size_t)lf->ndivs + 2, sizeof *dv);
	char when[32], name[32];
	int d, i, k = lf->ndivs, up, down, waiting = 0;

	if (!lf->season) {
		buf_printf(&b, "No season has started yet: the first starts at "
		           "the sweep after 3 players have joined (%d so far).\n",
		           lf->nmembers);
	} else {
		util_iso_time(lf->started, when, sizeof when);
		buf_printf(&b, "Season %d, started %s; it ends when all its "
		           "games are over, or %d days after its start.\n",
		           lf->season, when, c->s.cfg->league_season_days);
	}
	for (d = 1; lf->season && d <= k; d++) {
		if (division_of(c, lf, d, &dv[d]) < 0) {
			buf_printf(&b, "\n(division %d cannot be read now)\n", d);
			dv[d].n = 0;
		}
	}
	for (d = 1; lf->season && d <= k; d++) {
		up = d > 1 ? swaps(dv[d - 1].n, dv[d].n) : 0;
		down = d < k ? swaps(dv[d].n, dv[d + 1].n) : 0;
		lg_tname(lf->season, d, name, sizeof name);
		buf_printf(&b, "\nDivision %d (tournament %s%s):\n", d, name,
		           dv[d].finished ? ", finished" : "");
		for (i = 0; i < dv[d].n; i++) {
			const char *mark = i < up ? "goes up" :
			                   i >= dv[d].n - down ? "goes down" : "";
			if (lg_member(lf, dv[d].userid[i]) < 0)
				mark = "left the league";
			if (dv[d].score[i] >= 0)
				buf_printf(&b, "  %2d. %-16s score %d%s  %s\n", i + 1,
				           dv[d].userid[i], dv[d].score[i] / 2,
				           dv[d].score[i] % 2 ? ".5" : "", mark);
			else
				buf_printf(&b, "  %2d. %-16s %s\n", i + 1,
				           dv[d].userid[i], mark);
		}
	}
	for (i = 0; i < lf->nmembers; i++) {
		for (d = 0; d < lf->nentries; d++)
			if (strcmp(lf->entry[d].userid, lf->member[i]) == 0)
				break;
		if (d < lf->nentries)
			continue;
		buf_printf(&b, "%s%s", waiting++ ? ", " : "\nNew for the next "
		           "season (at the bottom, by rating): ", lf->member[i]);
	}
	if (waiting)
		buf_puts(&b, "\n");
	free(dv);
	return buf_take(&b);
}

/* join or leave (argv: USERID PASSWORD). */
static enum cmd_status l_change(struct cmdctx *c, const char *game,
                                int join, int argc, char **argv,
                                const char *usage)
{
	struct lfile *lf;
	struct user u;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64], head[512], *text;
	enum cmd_status st;
	struct txn *t;
	int i;

	if (argc != 2)
		return cmd_refuse(c, usage, "league %s needs your userid and your "
		                  "password (and nothing else)", join ? "join" :
		                  "leave");
	util_lower(argv[0]);
	if ((st = cmd_auth(c, argv[0], argv[1], usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	lf = zalloc(1, sizeof *lf);
	if ((st = lg_lock(c, game, lf, &l1, &l2, key, sizeof key)) != CMD_DONE) {
		free(lf);
		return st;
	}
	i = lg_member(lf, argv[0]);
	if (join && i >= 0)
		st = cmd_refuse(c, usage, "you (%s) are in the league already",
		                argv[0]);
	else if (join && lf->nmembers >= LG_MAX)
		st = cmd_refuse(c, usage, "the league is full (%d players)",
		                LG_MAX);
	else if (!join && i < 0)
		st = cmd_refuse(c, usage, "you (%s) are not in the league",
		                argv[0]);
	if (st != CMD_DONE) {
		tf_unlock(&l1, &l2);
		free(lf);
		return st;
	}
	if (join) {
		snprintf(lf->member[lf->nmembers++], 32, "%s", argv[0]);
		snprintf(head, sizeof head, "You (%s) joined the league.  You "
		         "enter at the start of the next season, at the bottom, "
		         "by rating (the first season starts at the sweep after "
		         "3 players have joined), and every season after it "
		         "until you leave (%s league leave USERID PASSWORD).",
		         argv[0], game);
	} else {
		memmove(lf->member[i], lf->member[i + 1],
		        (size_t)(lf->nmembers - i - 1) * 32);
		lf->nmembers--;
		snprintf(head, sizeof head, "You (%s) left the league: you are "
		         "not entered in the next season.  Games of this season "
		         "still running are played out (to withdraw from them: "
		         "%s tournament leave league-%d-D USERID PASSWORD).",
		         argv[0], game, lf->season);
	}
	t = svc_txn(&c->s, key);
	put_lf(t, lf);
	text = league_text(c, lf);
	st = answer(c, t, game, join ? "joined" : "left", head, text);
	free(text);
	st = st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
	tf_unlock(&l1, &l2);
	free(lf);
	return st;
}

static enum cmd_status l_show(struct cmdctx *c, const char *game, int argc,
                              const char *usage)
{
	struct lfile *lf = zalloc(1, sizeof *lf);
	char *err = NULL, *text;
	enum cmd_status st;
	struct txn *t;

	if (argc != 0) {
		free(lf);
		return cmd_refuse(c, usage, "league show takes no words after "
		                  "it");
	}
	if (lg_load(c->s.cfg->spool, game, lf, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		free(lf);
		return CMD_TEMPFAIL;
	}
	text = league_text(c, lf);
	t = svc_txn(&c->s, c->s.msg_key);
	st = answer(c, t, game, "table", "The league.", text);
	free(text);
	free(lf);
	return st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
}

enum cmd_status cmd_league(struct cmdctx *c, const char *game, int argc,
                           char **argv)
{
	const char *usage = cmd_usage_of(c, "league", CMDT_GAME, game);

	if (!c->s.cfg->league)
		return cmd_refuse(c, usage, "there is no league on this server");
	if (argc < 1)
		return cmd_refuse(c, usage, "league needs join, leave or show "
		                  "after it");
	util_lower(argv[0]);
	if (strcmp(argv[0], "join") == 0)
		return l_change(c, game, 1, argc - 1, argv + 1, usage);
	if (strcmp(argv[0], "leave") == 0)
		return l_change(c, game, 0, argc - 1, argv + 1, usage);
	if (strcmp(argv[0], "show") == 0)
		return l_show(c, game, argc - 1, usage);
	return cmd_refuse(c, usage, "'league %.20s' is not a league command: "
	                  "join, leave or show", argv[0]);
}

/* The sweep's context for event: its digest the event's words. */
static void sweep_ctx(struct cmdctx *c, const struct config *cfg,
                      const char *event)
{
	memset(c, 0, sizeof *c);
	c->s.cfg = cfg;
	c->s.now = util_now();
	c->s.comment = "";
	util_digest_hex(event, strlen(event), c->s.digest);
	spool_msg_key(c->s.digest, c->s.msg_key, sizeof c->s.msg_key);
}

/* Make division d of lf's season (locks held): a round robin
 * league-S-D of its entries, started at once. */
static void make_division(const struct config *cfg, const struct lfile *lf,
                          int d, const char *key)
{
	struct cmdctx c;
	struct tfile tf;
	char name[32], why[96], event[96], *err = NULL;
	enum cmd_status st;
	struct txn *t;
	int i, rc;

	lg_tname(lf->season, d, name, sizeof name);
	rc = tf_load(cfg->spool, name, &tf, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return;
	}
	if (rc == 0) {  /* made already (or not ours: create refuses it) */
		if (strcmp(tf.organiser, LG_ORGANISER) != 0)
			log_msg(LOG_ERR, "league: tournament %s is not the "
			        "league's\n", name);
		tf_free(&tf);
		return;
	}
	snprintf(event, sizeof event, "sweep league %s %s", lf->game, name);
	sweep_ctx(&c, cfg, event);
	memset(&tf, 0, sizeof tf);
	lg_tname(lf->season, d, tf.name, sizeof tf.name);
	snprintf(tf.game, sizeof tf.game, "%s", lf->game);
	snprintf(tf.organiser, sizeof tf.organiser, "%s", LG_ORGANISER);
	snprintf(tf.format, sizeof tf.format, "roundrobin");
	snprintf(tf.options, sizeof tf.options, "%s", cfg->league_options);
	tf.rounds = 1;
	tf.min_players = 3;
	tf.max_players = TF_PLAYERS_MAX;
	tf.created = c.s.now;
	tf.state = TF_OPEN;
	for (i = 0; i < lf->nentries && tf.nplayers < TF_PLAYERS_MAX; i++)
		if (lf->entry[i].div == d)
			memcpy(tf.player[tf.nplayers++].userid, lf->entry[i].userid,
			       32);
	snprintf(why, sizeof why, "season %d of the league, division %d of "
	         "%d", lf->season, d, lf->ndivs);
	t = svc_txn(&c.s, key);
	st = tourney_start_made(&c, t, &tf, why);
	st = st == CMD_DONE ? svc_commit(&c.s, t) : (txn_abort(t), st);
	if (st == CMD_DONE)
		log_msg(LOG_INFO, "league: %s started, %d players\n", name,
		        tf.nplayers);
	else
		log_msg(LOG_ERR, "league: %s could not start (league_options "
		        "'%s'?)\n", name, cfg->league_options);
	tf_free(&tf);
	buf_free(&c.error);
}

/* The league of game: a season over starts the next; the divisions of
 * the current season still to make are made. */
static void league_game(const struct config *cfg, const char *game)
{
	struct cmdctx c;
	struct lfile *lf = zalloc(1, sizeof *lf);
	struct ldiv *dv = NULL;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64], event[96];
	struct lentry *next = NULL;
	int d, over = 1, n;
	struct txn *t;

	snprintf(event, sizeof event, "sweep league %s", game);
	sweep_ctx(&c, cfg, event);
	if (lg_lock(&c, game, lf, &l1, &l2, key, sizeof key) != CMD_DONE) {
		free(lf);
		return;
	}
	if (lf->season) {
		dv = zalloc((size_t)lf->ndivs + 2, sizeof *dv);
		for (d = 1; d <= lf->ndivs && over; d++) {
			if (division_of(&c, lf, d, &dv[d]) < 0)
				over = -1;  /* cannot tell: wait */
			else if (!dv[d].finished)
				over = 0;
		}
		if (over == 0 && c.s.now >= lf->started +
		    (time_t)cfg->league_season_days * 86400) {
			over = 1;
			for (d = 1; d <= lf->ndivs; d++)
				if (division_of(&c, lf, d, &dv[d]) < 0)
					over = -1;
		}
	}
	if (over == 1 && lf->nmembers >= 3) {
		next = zalloc(LG_MAX, sizeof *next);
		n = next_order(&c, lf, dv, lf->ndivs, next);
		if (n >= 3) {
			memcpy(lf->entry, next, (size_t)n * sizeof *next);
			lf->nentries = n;
			lf->ndivs = next[n - 1].div;
			lf->season++;
			lf->started = c.s.now;
			/* The commit's record names the season it made. */
			snprintf(event, sizeof event, "sweep league %s season %d", game,
			         lf->season);
			util_digest_hex(event, strlen(event), c.s.digest);
			spool_msg_key(c.s.digest, c.s.msg_key, sizeof c.s.msg_key);
			t = svc_txn(&c.s, key);
			put_lf(t, lf);
			if (svc_commit(&c.s, t) == CMD_DONE)
				log_msg(LOG_INFO, "league: %s season %d, %d players, "
				        "%d divisions\n", game, lf->season, n, lf->ndivs);
			else
				lf->season = 0;  /* not written: make nothing */
		}
	}
	for (d = 1; lf->season && d <= lf->ndivs; d++)
		make_division(cfg, lf, d, key);
	tf_unlock(&l1, &l2);
	free(next);
	free(dv);
	free(lf);
	buf_free(&c.error);
}

int league_check(const struct config *cfg, FILE *out)
{
	struct ep_options o;
	struct game_settings set;
	char err[EP_ERR_MAX];
	int i, bad = 0;

	if (!cfg->league)
		return 0;
	for (i = 0; spool_games[i]; i++) {
		if (game_options_read_words(spool_games[i], cfg->league_options,
		                            &o, &set, err, sizeof err) < 0) {
			fprintf(out, "epamserv: league_options '%s' for %s: %s\n",
			        cfg->league_options, spool_games[i], err);
			bad++;
		}
	}
	return bad;
}

void league_sweep(const struct config *cfg)
{
	int i;

	if (!cfg->league)
		return;
	for (i = 0; spool_games[i]; i++)
		league_game(cfg, spool_games[i]);
}
