/*
 * tournament.c - tournaments by mail (issue 17): "GAME tournament
 * create|join|leave|start|cancel|show NAME ..." and "GAME tournaments".
 *
 *   create NAME USERID PASSWORD -format=roundrobin|swiss [-rounds=N]
 *          [-players=MIN-MAX] [-start=YYYY-MM-DD] [game options]
 *     a new tournament, USERID its organiser and first player; the game
 *     options are checked by the same parser as challenge's and every
 *     board of the tournament is played with them.  Knockout is refused
 *     saying it is still to come.
 *   join|leave NAME USERID PASSWORD
 *     before the start; leave after the start is a withdrawal (ttable.h
 *     has the rule): the withdrawing player resigns his games still
 *     running.  The organiser cannot leave before the start.
 *   start NAME USERID PASSWORD
 *     by the organiser, once -players' least have joined; or by the
 *     sweep (tourney_sweep) on the -start day.  Players are numbered by
 *     rating (best first, then userid).  A round robin's every board of
 *     every round is made at once from the Berger tables (correspondence
 *     play plays all rounds together); a Swiss's first round is paired
 *     (tny_swiss_pair) and each next one right after the last game of
 *     the round before (tt_after_game).  Both players' consent is their
 *     joining.
 *   cancel NAME USERID PASSWORD
 *     by the organiser, before the start: the file says cancelled and
 *     every player who joined is told.
 *   show NAME          (no password) the table, to the sender
 *   tournaments        the list, to the sender
 *
 * Every change of a tournament file runs under tf_lock.
 */
#include "cmd/acctoken.h"
#include "cmd/cmd.h"
#include "cmd/table.h"
#include "cmd/tfile.h"
#include "cmd/ttable.h"
#include "cmd/tko.h"
#include "game/ratings.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "tourney/tourney.h"
#include "util/log.h"
#include "util/util.h"
#include "web/link.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

/* Open tournaments one player may organise at once: each is a file
 * in the spool that anyone's mail makes. */
#define TF_OPEN_PER_ORGANISER 3

static char **tourney_names(const struct config *cfg, size_t *n);

/* How many tournaments userid organises that are open or cancelled (a
 * cancelled one keeps its file, and its name for his next one). */
static int open_organised(const struct config *cfg, const char *userid)
{
	struct tfile tf;
	char **names, *err = NULL;
	size_t n, i;
	int count = 0;

	names = tourney_names(cfg, &n);
	for (i = 0; i < n; i++) {
		if (tf_load(cfg->spool, names[i], &tf, &err) == 0) {
			count += (tf.state == TF_OPEN ||
			          tf.state == TF_CANCELLED) &&
			         strcmp(tf.organiser, userid) == 0;
			tf_free(&tf);
		}
		free(err);
		err = NULL;
		free(names[i]);
	}
	free(names);
	return count;
}

/* The options of tf's boards, checked (o and set filled).  0, or -1
 * with err. */
static int tf_options(const struct tfile *tf, struct ep_options *o,
                      struct game_settings *set, char *err, size_t len)
{
	return game_options_read_words(tf->game, tf->options, o, set, err, len);
}

/* Send text (template tournament.txt) to the sender alone, committed
 * under the message lock. */
static enum cmd_status answer_sender(struct cmdctx *c, struct txn *t,
                                     const struct tfile *tf,
                                     const char *what, const char *headline,
                                     const char *text)
{
	struct tvars v = { 0 };
	char subject[160], with[240], url[300], *mail;

	tvars_set(&v, "headline", headline);
	tvars_set(&v, "table", text);
	tvars_set(&v, "game", tf->game);
	tvars_set(&v, "name", tf->name[0] ? tf->name : "NAME");
	tvars_set(&v, "from", c->s.cfg->from);
	web_tourney_url(c->s.cfg, tf->name, url, sizeof url);
	if (tf->name[0] && url[0])
		tvars_setf(&v, "web", "On the web: %s", url);
	mail = reply_template(&c->s, "tournament.txt", &v);
	tvars_free(&v);
	if (!mail)
		return CMD_TEMPFAIL;
	if (tf->name[0])
		snprintf(subject, sizeof subject, "%s tournament %s: %s",
		         reply_game_title(tf->game), tf->name, what);
	else
		snprintf(subject, sizeof subject, "%s tournaments",
		         reply_game_title(tf->game));
	acctoken_sender_subject(c, subject, with, sizeof with);
	reply_queue(&c->s, t, c->sender, with, mail, NULL, 0, NULL);
	explicit_bzero(with, sizeof with);
	free(mail);
	return CMD_DONE;
}

/* Commit tf's new file in t (held locks: tf_lock's). */
static void put_tf(struct txn *t, const struct tfile *tf)
{
	char rel[64], *file = tf_format(tf);

	tf_path(tf->name, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
}

/* Player order by rating (ratings_by): best first, then userid. */
struct by_rating { char userid[32]; int rating; };
static int by_rating(const void *a, const void *b)
{
	const struct by_rating *x = a, *y = b;

	if (x->rating != y->rating)
		return y->rating - x->rating;
	return strcmp(x->userid, y->userid);
}

/* Make board number board of round `round` of tf, w White, b Black,
 * with options o and settings set, in t: its file, its line in tf, and
 * its board mail to both players.  CMD_DONE or CMD_TEMPFAIL (template). */
static enum cmd_status make_board(struct cmdctx *c, struct txn *t,
                                  struct tfile *tf,
                                  const struct ep_options *o,
                                  const struct game_settings *set,
                                  int round, const char *w, const char *b,
                                  long board)
{
	struct game g;
	char rel[128], head[512], *file;
	enum cmd_status st;

	int i, nth = 1;

	/* spool_next_board's -1, or numbers run out on the way (util.h) */
	if (board < 1 || board > UTIL_BOARD_MAX) {
		log_msg(LOG_ERR, "tournament %s: no board number is left for "
		        "%s games\n", tf->name, tf->game);
		return CMD_TEMPFAIL;
	}
	for (i = 0; i < tf->nboards; i++)
		if (tf->boards[i].round == round &&
		    ((strcmp(tf->boards[i].white, w) == 0 &&
		      strcmp(tf->boards[i].black, b) == 0) ||
		     (strcmp(tf->boards[i].white, b) == 0 &&
		      strcmp(tf->boards[i].black, w) == 0)))
			nth++;
	game_new(&g, tf->game, board, o, w, b, c->s.now);
	game_settings_put(&g, set);
	g.agreed[0] = g.agreed[1] = c->s.now;
	snprintf(g.tourney, sizeof g.tourney, "%s", tf->name);
	g.tourney_round = round;
	file = game_format(&g);
	spool_board_path(tf->game, board, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
	tf_add_board(tf, round, w, b, board);
	if (tf_knockout(tf))
		snprintf(head, sizeof head, "The server made this board for round "
		         "%d of tournament %s (knockout): %s of the match, %s plays "
		         "White, %s Black.  Joining the tournament was your accept: "
		         "the game has begun.", round, tf->name, nth == 1 ?
		         "game 1" : nth == 2 ? "game 2" : "the deciding game (the "
		         "two games left it even; a draw sends Black through)",
		         w, b);
	else
		snprintf(head, sizeof head, "The server made this board for round "
		         "%d of tournament %s (%s): %s plays White, %s Black.  "
		         "Joining the tournament was your accept: the game has "
		         "begun.", round, tf->name, tf_swiss(tf) ?
		         "Swiss pairing, Dutch system" : "Berger tables", w, b);
	st = reply_board(&c->s, t, &g, head, "", NULL, NULL);
	game_free(&g);
	return st;
}

/* Write games/GAME/next = board into t. */
static void put_next(struct txn *t, const struct tfile *tf, long board)
{
	char rel[128], next[32];

	snprintf(rel, sizeof rel, "games/%s/next", tf->game);
	snprintf(next, sizeof next, "%ld\n", board);
	txn_put(t, rel, next, strlen(next));
}

/* The floats of every player of tf in the two rounds before `round`
 * (tny_swiss_floats over tt's crosstable of the rounds that are over)
 * into last[] and before[].  0, or -1 (an inconsistent crosstable:
 * logged). */
static int swiss_floats(const struct tfile *tf, const struct ttable *tt,
                        int round, int *last, int *before)
{
	int played = round - 1 < tt->rounds ? round - 1 : tt->rounds;
	struct tny_cell *c;
	int rc;

	memset(last, 0, sizeof *last * (size_t)tt->n);
	memset(before, 0, sizeof *before * (size_t)tt->n);
	if (played <= 0 || !tt->cells)
		return 0;
	c = tt_cells_prefix(tt, played);
	rc = tny_swiss_floats(tt->n, played, c, last, before);
	free(c);
	if (rc < 0)
		log_msg(LOG_ERR, "tournament %s: the crosstable before round %d "
		        "does not hold together\n", tf->name, round);
	return rc < 0 ? -1 : 0;
}

/* Pair Swiss round `round` of tf (tt its table after the round before,
 * tf_lock held) by tny_swiss_pair over the players who have not
 * withdrawn, and make its boards and bye in t.  CMD_DONE, CMD_REFUSED
 * (no pairing meets the absolute criteria: logged; the caller ends the
 * tournament, swiss_cut) or CMD_TEMPFAIL. */
static enum cmd_status swiss_round(struct cmdctx *c, struct txn *t,
                                   struct tfile *tf, const struct ttable *tt,
                                   int round)
{
	struct tny_swiss_player p[TF_PLAYERS_MAX];
	struct tny_swiss_round r;
	struct ep_options o;
	struct game_settings set;
	char colours[TF_PLAYERS_MAX][TF_SWISS_ROUNDS_MAX + 1];
	int opps[TF_PLAYERS_MAX][TF_SWISS_ROUNDS_MAX];
	char err[EP_ERR_MAX], *why = NULL;
	enum cmd_status st = CMD_DONE;
	int i, k, m = 0, rc, last[TF_PLAYERS_MAX], before[TF_PLAYERS_MAX];
	long board;

	if (tf_options(tf, &o, &set, err, sizeof err) < 0) {
		log_msg(LOG_ERR, "tournament %s: %s\n", tf->name, err);
		return CMD_TEMPFAIL;
	}
	if (swiss_floats(tf, tt, round, last, before) < 0)
		return CMD_TEMPFAIL;
	for (i = 0; i < tf->nplayers; i++) {
		if (tf->player[i].withdrawn)
			continue;
		memset(&p[m], 0, sizeof p[m]);
		p[m].id = i;
		p[m].pairing_no = i + 1;
		p[m].score = tt->row[i].score;
		for (k = 0; k < round - 1 && k < tt->rounds; k++)
			colours[i][k] = tt->colour ? tt->colour[i * tt->rounds + k] : '-';
		colours[i][k] = '\0';
		p[m].colours = colours[i];
		p[m].nopponents = 0;
		for (k = 0; k < tf->nboards; k++) {
			const struct tf_board *b = &tf->boards[k];
			const char *me = tf->player[i].userid;
			if (strcmp(b->white, me) == 0 || strcmp(b->black, me) == 0)
				if (p[m].nopponents < TF_SWISS_ROUNDS_MAX)
					opps[i][p[m].nopponents++] = tf_player_index(tf,
					        strcmp(b->white, me) == 0 ? b->black : b->white);
		}
		p[m].opponents = opps[i];
		for (k = 1; k <= TF_SWISS_ROUNDS_MAX; k++)
			if (strcmp(tf->bye[k], tf->player[i].userid) == 0)
				p[m].had_bye = 1;
		p[m].float_last = last[i];
		p[m].float_before = before[i];
		m++;
	}
	if (m == 0) {
		log_msg(LOG_INFO, "tournament %s: round %d: every player has "
		        "withdrawn\n", tf->name, round);
		return CMD_REFUSED;
	}
	rc = tny_swiss_pair(p, m, 0, &r, &why);
	if (rc < 0) {
		log_msg(LOG_ERR, "tournament %s: round %d cannot be paired: %s\n",
		        tf->name, round, why ? why : "out of memory");
		free(why);
		return rc == TNY_ENOPAIR ? CMD_REFUSED : CMD_TEMPFAIL;
	}
	board = spool_next_board(c->s.cfg->spool, tf->game);
	for (k = 0; k < r.npairs && st == CMD_DONE; k++, board++)
		st = make_board(c, t, tf, &o, &set, round,
		                tf->player[r.pairs[k].white].userid,
		                tf->player[r.pairs[k].black].userid, board);
	if (r.has_bye)
		memcpy(tf->bye[round], tf->player[r.bye_id].userid,
		       sizeof tf->bye[round]);
	tny_swiss_round_free(&r);
	put_next(t, tf, board);
	return st;
}

/* Make the boards knockout tf needs now (tt its table, tf_lock held)
 * in t: both games of every match of the first round not all decided
 * that has none yet (the round starts), and the deciding game of each
 * match whose two games are over at 2-2.  *round_started set to the
 * round whose games were made (0 none), *made to the boards made.
 * CMD_DONE or CMD_TEMPFAIL. */
static enum cmd_status ko_step(struct cmdctx *c, struct txn *t,
                               struct tfile *tf, const struct ttable *tt,
                               int *round_started, int *made)
{
	struct ep_options o;
	struct game_settings set;
	struct tko k;
	char err[EP_ERR_MAX];
	enum cmd_status st = CMD_DONE;
	long board;
	int j, r;

	*round_started = *made = 0;
	if (tko_build(tf, tt, &k) < 0)
		return CMD_TEMPFAIL;
	r = k.current;
	if (r > k.rounds)
		return CMD_DONE;
	if (tf_options(tf, &o, &set, err, sizeof err) < 0) {
		log_msg(LOG_ERR, "tournament %s: %s\n", tf->name, err);
		return CMD_TEMPFAIL;
	}
	board = spool_next_board(c->s.cfg->spool, tf->game);
	for (j = 0; j < k.nmatch[r] && st == CMD_DONE; j++) {
		const struct tko_match *m = &k.m[r][j];
		const char *hu, *lu;
		if (m->how != TKO_PLAYING)
			continue;
		hu = tf->player[m->high - 1].userid;
		lu = tf->player[m->low - 1].userid;
		if (m->board[0] < 0) {
			st = make_board(c, t, tf, &o, &set, r, hu, lu, board++);
			if (st == CMD_DONE)
				st = make_board(c, t, tf, &o, &set, r, lu, hu, board++);
			*made += 2;
			*round_started = r;
		} else if (m->board[2] < 0 && m->res[0] >= 0 && m->res[1] >= 0 &&
		           m->res[0] + m->res[1] == 2) {
			int wh = m->decider_white == m->high;
			st = make_board(c, t, tf, &o, &set, r, wh ? hu : lu,
			                wh ? lu : hu, board++);
			(*made)++;
		}
	}
	if (*made)
		put_next(t, tf, board);
	return st;
}

/* Mail tf's table (tt; NULL: built from the boards as t will leave
 * them... callers pass one) to every player with headline. */
static enum cmd_status table_to_all(struct cmdctx *c, struct txn *t,
                                    const struct tfile *tf,
                                    const struct ttable *tt, const char *what,
                                    const char *head)
{
	char *text = tt_text(tf, tt);
	enum cmd_status st = CMD_DONE;
	int i;

	for (i = 0; i < tf->nplayers && st == CMD_DONE; i++)
		st = tt_mail(c, t, tf->game, tf->name, tf->player[i].userid, what,
		             head, text);
	free(text);
	return st;
}

/*
 * Start tf (open, enough players, tf_lock held; key the game's lock):
 * number the players by rating, make the boards in t (a round robin's
 * every board of every round by the Berger tables; a Swiss's first
 * round), mail each board to its two players and the table to every
 * player, and mark tf running (written in t).  CMD_DONE, or
 * CMD_TEMPFAIL (the ratings or a template cannot be read; t must then be
 * aborted), CMD_REFUSED (a Swiss round that cannot be paired).
 */
static enum cmd_status tourney_start(struct cmdctx *c, struct txn *t,
                                     struct tfile *tf, const char *why)
{
	struct ep_options o;
	struct game_settings set;
	struct ratings r;
	struct by_rating order[TF_PLAYERS_MAX];
	struct tny_pair pairs[TF_PLAYERS_MAX / 2 + 1];
	struct ttable tt;
	char err[EP_ERR_MAX], head[512], *e = NULL;
	enum cmd_status st = CMD_DONE;
	int n = tf->nplayers, i, k, rounds, flags = 0, cls;
	long board;

	if (tf_options(tf, &o, &set, err, sizeof err) < 0) {
		log_msg(LOG_ERR, "tournament %s: %s\n", tf->name, err);
		return CMD_TEMPFAIL;
	}
	if (ratings_load(c->s.cfg->spool, &r, &e) < 0) {
		log_msg(LOG_ERR, "%s\n", e);
		free(e);
		return CMD_TEMPFAIL;
	}
	cls = ratings_class(tf->game, o.width, o.height);
	for (i = 0; i < n; i++) {
		snprintf(order[i].userid, sizeof order[i].userid, "%s",
		         tf->player[i].userid);
		order[i].rating = ratings_of(&r, order[i].userid, cls);
	}
	ratings_free(&r);
	qsort(order, (size_t)n, sizeof order[0], by_rating);
	for (i = 0; i < n; i++) {
		memset(&tf->player[i], 0, sizeof tf->player[i]);
		memcpy(tf->player[i].userid, order[i].userid,
		       sizeof tf->player[i].userid);
	}
	tf->state = TF_RUNNING;
	if (tf_knockout(tf)) {
		int started, made;
		tf->rounds = tko_rounds(n);
		if (tt_build_new(tf, &tt) < 0)
			return CMD_TEMPFAIL;
		st = ko_step(c, t, tf, &tt, &started, &made);
		tt_free(&tt);
	} else if (tf_swiss(tf)) {
		if (tt_build(c, tf, NULL, &tt) < 0)
			return CMD_TEMPFAIL;
		st = swiss_round(c, t, tf, &tt, 1);
		tt_free(&tt);
	} else {
		if (tf->rounds == 2)
			flags = TNY_BERGER_DOUBLE | TNY_BERGER_SWAP_LAST;
		rounds = tny_berger_rounds(n, flags);
		board = spool_next_board(c->s.cfg->spool, tf->game);
		for (i = 1; i <= rounds && st == CMD_DONE; i++) {
			int bye = 0, np = tny_berger_round(n, i, flags, pairs, &bye);
			for (k = 0; k < np && st == CMD_DONE; k++, board++)
				st = make_board(c, t, tf, &o, &set, i,
				                tf->player[pairs[k].white - 1].userid,
				                tf->player[pairs[k].black - 1].userid,
				                board);
		}
		put_next(t, tf, board);
	}
	if (st != CMD_DONE)
		return st;
	put_tf(t, tf);
	/* Every board is new: the boards in t are not on disk yet, so the
	 * table is built with none over (each is read as it is: new). */
	if (tt_build_new(tf, &tt) < 0)
		return CMD_TEMPFAIL;
	snprintf(head, sizeof head, "Tournament %s has started (%s): %d "
	         "players, numbered by rating, %d games begun now%s; each "
	         "board comes in its own mail.", tf->name, why, n, tf->nboards,
	         tf_knockout(tf) ? " (round 1, seeded by rating; each next "
	         "round starts when every match of the one before is "
	         "decided)" : tf_swiss(tf) ? " (round 1; each next round is "
	         "paired when the one before has finished)" :
	         ", every round at once");
	st = table_to_all(c, t, tf, &tt, "started", head);
	tt_free(&tt);
	return st;
}

enum cmd_status tourney_start_made(struct cmdctx *c, struct txn *t,
                                   struct tfile *tf, const char *why)
{
	return tourney_start(c, t, tf, why);
}

/* The name word: lower-cased, checked.  CMD_DONE or the refusal. */
static enum cmd_status name_word(struct cmdctx *c, char *name,
                                 const char *usage)
{
	util_lower(name);
	if (!util_tourney_name_ok(name))
		return cmd_refuse(c, usage, "'%.40s' is not a tournament name: "
		                  "1 to 20 letters, digits or -, not starting "
		                  "with -", name);
	return CMD_DONE;
}

/* "-start=YYYY-MM-DD": a real day, not before today (UTC). */
static int start_ok(const char *s, time_t now)
{
	int y, m, d, used = 0;
	char today[16];
	struct tm tm;

	if (strlen(s) != 10 || sscanf(s, "%4d-%2d-%2d%n", &y, &m, &d, &used)
	    != 3 || used != 10 || m < 1 || m > 12 || d < 1 || d > 31)
		return 0;
	memset(&tm, 0, sizeof tm);
	tm.tm_year = y - 1900;
	tm.tm_mon = m - 1;
	tm.tm_mday = d;
	tm.tm_hour = 12;
	if (timegm(&tm) == (time_t)-1 || tm.tm_mday != d)
		return 0;  /* 2026-02-30 */
	gmtime_r(&now, &tm);
	strftime(today, sizeof today, "%Y-%m-%d", &tm);
	return strcmp(s, today) >= 0;
}

static enum cmd_status t_create(struct cmdctx *c, const char *game, int argc,
                                char **argv, const char *usage)
{
	struct tfile tf;
	struct ep_options o;
	struct game_settings set;
	struct user u;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	struct buf opts = BUF_INIT;
	char err[EP_ERR_MAX], key[64], *text;
	const char *format = NULL;
	enum cmd_status st;
	struct txn *t;
	int i, rc, exists, reuse, rounds = 1, lo = 3, hi = 10, swiss, knockout;
	int rounds_given = 0, players_given = 0;
	char start[16] = "";

	if (argc < 3)
		return cmd_refuse(c, usage, "tournament create needs a name, "
		                  "your userid and your password");
	if ((st = name_word(c, argv[0], usage)) != CMD_DONE)
		return st;
	if (strncmp(argv[0], "league-", 7) == 0)
		return cmd_refuse(c, usage, "tournament names starting with "
		                  "league- are the league's (league.c)");
	util_lower(argv[1]);
	if ((st = cmd_auth(c, argv[1], argv[2], usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	if (ep_options_default(&o, game, err, sizeof err) < 0)
		return cmd_refuse(c, usage, "%s", err);
	game_settings_default(&set);
	for (i = 3; i < argc; i++) {
		const char *w = argv[i];
		int used = 0;
		if (strncasecmp(w, "-format=", 8) == 0) {
			format = w + 8;
			continue;
		}
		if (strncasecmp(w, "-rounds=", 8) == 0) {
			if (sscanf(w + 8, "%d%n", &rounds, &used) != 1 || w[8 + used] ||
			    rounds < 1 || rounds > 99)
				return cmd_refuse(c, usage, "-rounds=%.20s is not a "
				                  "number of rounds", w + 8);
			rounds_given = 1;
			continue;
		}
		if (strncasecmp(w, "-players=", 9) == 0) {
			if (sscanf(w + 9, "%d-%d%n", &lo, &hi, &used) != 2 ||
			    w[9 + used] || lo < 3 || hi < lo || hi > TF_PLAYERS_MAX)
				return cmd_refuse(c, usage, "-players=%.20s: write "
				                  "MIN-MAX, from 3 to %d players (e.g. "
				                  "-players=4-8)", w + 9, TF_PLAYERS_MAX);
			players_given = 1;
			continue;
		}
		if (strncasecmp(w, "-start=", 7) == 0) {
			if (!start_ok(w + 7, c->s.now))
				return cmd_refuse(c, usage, "-start=%.20s: write a day "
				                  "as YYYY-MM-DD, today or later (UTC)",
				                  w + 7);
			snprintf(start, sizeof start, "%s", w + 7);
			continue;
		}
		rc = game_setting_apply(&set, w, err, sizeof err);
		if (rc == 0)
			rc = ep_options_apply(&o, w, err, sizeof err);
		if (rc < 0) {
			buf_free(&opts);
			return cmd_refuse(c, usage, "%s", err);
		}
		if (opts.len + strlen(w) + 2 >= TF_OPTIONS_MAX) {
			buf_free(&opts);
			return cmd_refuse(c, usage, "too many game options");
		}
		buf_printf(&opts, "%s%s", opts.len ? " " : "", w);
	}
	if (ep_options_check(&o, err, sizeof err) < 0) {
		buf_free(&opts);
		return cmd_refuse(c, usage, "%s", err);
	}
	/* The crosstable of a double round robin stays within 72 columns. */
	if ((!format || strcasecmp(format, "roundrobin") == 0) && rounds == 2 &&
	    hi > TF_DOUBLE_MAX) {
		buf_free(&opts);
		return cmd_refuse(c, usage, "a double round robin takes at most "
		                  "%d players: write -players=%d-%d or fewer", TF_DOUBLE_MAX,
		                  lo > TF_DOUBLE_MAX ? 3 : lo, TF_DOUBLE_MAX);
	}
	if (!format || (strcasecmp(format, "roundrobin") != 0 &&
	                strcasecmp(format, "swiss") != 0 &&
	                strcasecmp(format, "knockout") != 0)) {
		buf_free(&opts);
		return cmd_refuse(c, usage, "tournament create needs "
		                  "-format=roundrobin, -format=swiss or "
		                  "-format=knockout");
	}
	knockout = strcasecmp(format, "knockout") == 0;
	if (knockout && rounds_given) {
		buf_free(&opts);
		return cmd_refuse(c, usage, "-rounds: a knockout's rounds come "
		                  "from its number of players (leave -rounds out)");
	}
	if (knockout && !players_given) {
		lo = 4;
		hi = 16;
	}
	swiss = strcasecmp(format, "swiss") == 0;
	if (swiss && (!rounds_given || rounds > TF_SWISS_ROUNDS_MAX)) {
		buf_free(&opts);
		return cmd_refuse(c, usage, "a Swiss needs its number of rounds, "
		                  "-rounds=N, from 1 to %d", TF_SWISS_ROUNDS_MAX);
	}
	if (!swiss && rounds > 2) {
		buf_free(&opts);
		return cmd_refuse(c, usage, "-rounds=%d: a round robin is played "
		                  "once (1) or twice (2, a double round robin)",
		                  rounds);
	}
	if (swiss && !players_given) {
		lo = rounds + 1 > 3 ? rounds + 1 : 3;
		hi = TF_PLAYERS_MAX;
	}
	if (swiss && lo <= rounds) {
		buf_free(&opts);
		return cmd_refuse(c, usage, "a Swiss of %d rounds needs at least "
		                  "%d players (-players=%d-%d)", rounds, rounds + 1,
		                  rounds + 1, hi > rounds + 1 ? hi : rounds + 1);
	}
	if ((st = tf_lock(c, argv[0], game, &tf, &exists, &l1, &l2, key,
	                  sizeof key)) != CMD_DONE) {
		buf_free(&opts);
		return st;
	}
	/* The organiser's own cancelled tournament gives its name (and
	 * its file) to the new one. */
	reuse = exists && tf.state == TF_CANCELLED &&
	        strcmp(tf.organiser, argv[1]) == 0;
	if (exists && !reuse) {
		st = cmd_refuse(c, usage, "there is a tournament %s already "
		                "(%s tournament show %s)", argv[0], tf.game,
		                argv[0]);
		tf_free(&tf);
		tf_unlock(&l1, &l2);
		buf_free(&opts);
		return st;
	}
	if (reuse) {
		char name[sizeof tf.name];

		memcpy(name, tf.name, sizeof name);
		tf_free(&tf);
		memset(&tf, 0, sizeof tf);
		memcpy(tf.name, name, sizeof name);
	}
	if (open_organised(c->s.cfg, argv[1]) - reuse >= TF_OPEN_PER_ORGANISER) {
		st = cmd_refuse(c, usage, "you (%s) organise %d tournaments not "
		                "started yet or cancelled, as many as one player "
		                "may; start one first, or create again under the "
		                "name of one you cancelled", argv[1],
		                TF_OPEN_PER_ORGANISER);
		tf_free(&tf);
		tf_unlock(&l1, &l2);
		buf_free(&opts);
		return st;
	}
	snprintf(tf.game, sizeof tf.game, "%s", game);
	snprintf(tf.organiser, sizeof tf.organiser, "%s", argv[1]);
	snprintf(tf.format, sizeof tf.format, "%s", swiss ? "swiss" :
	         knockout ? "knockout" : "roundrobin");
	if (knockout && getrandom(&tf.lot, sizeof tf.lot, 0) !=
	    (ssize_t)sizeof tf.lot) {
		log_msg(LOG_ERR, "tournament %s: no random lot\n", tf.name);
		tf_free(&tf);
		tf_unlock(&l1, &l2);
		return CMD_TEMPFAIL;
	}
	tf.rounds = rounds;
	tf.min_players = lo;
	tf.max_players = hi;
	snprintf(tf.start, sizeof tf.start, "%s", start);
	snprintf(tf.options, sizeof tf.options, "%s", buf_str(&opts));
	buf_free(&opts);
	tf.created = c->s.now;
	tf.state = TF_OPEN;
	snprintf(tf.player[0].userid, sizeof tf.player[0].userid, "%s", argv[1]);
	tf.nplayers = 1;
	t = svc_txn(&c->s, key);
	put_tf(t, &tf);
	text = tt_text(&tf, NULL);
	{
		char head[256];
		snprintf(head, sizeof head, "You created tournament %s; you are "
		         "its organiser and first player.  Others join with: %s "
		         "tournament join %s USERID PASSWORD", tf.name, game,
		         tf.name);
		st = answer_sender(c, t, &tf, "created", head, text);
	}
	free(text);
	st = st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
	tf_free(&tf);
	tf_unlock(&l1, &l2);
	return st;
}

/* Open tournament argv[0] for a change by player argv[1] (password
 * argv[2]): name and password checked, locks held, tf loaded.  CMD_DONE
 * or the refusal (then nothing is held). */
static enum cmd_status t_open(struct cmdctx *c, const char *game, int argc,
                              char **argv, const char *usage,
                              struct tfile *tf, struct lock *l1,
                              struct lock *l2, char *key, size_t keylen)
{
	struct user u;
	enum cmd_status st;
	int exists;

	if (argc != 3)
		return cmd_refuse(c, usage, "this needs the tournament's name, "
		                  "your userid and your password");
	if ((st = name_word(c, argv[0], usage)) != CMD_DONE)
		return st;
	util_lower(argv[1]);
	if ((st = cmd_auth(c, argv[1], argv[2], usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	if ((st = tf_lock(c, argv[0], game, tf, &exists, l1, l2, key,
	                  keylen)) != CMD_DONE)
		return st;
	if (!exists || strcmp(tf->game, game) != 0) {
		tf_free(tf);
		tf_unlock(l1, l2);
		return cmd_refuse(c, usage, "there is no %s tournament %s", game,
		                  argv[0]);
	}
	return CMD_DONE;
}

static enum cmd_status t_join(struct cmdctx *c, const char *game, int argc,
                              char **argv, const char *usage)
{
	struct tfile tf;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64], head[256], *text;
	enum cmd_status st;
	struct txn *t;

	if ((st = t_open(c, game, argc, argv, usage, &tf, &l1, &l2, key,
	                 sizeof key)) != CMD_DONE)
		return st;
	if (tf.state != TF_OPEN)
		st = cmd_refuse(c, usage, "tournament %s has %s: it takes no more "
		                "players", tf.name, tf.state == TF_RUNNING ?
		                "started" : tf.state == TF_FINISHED ? "finished" :
		                "been cancelled");
	else if (tf_player_index(&tf, argv[1]) >= 0)
		st = cmd_refuse(c, usage, "you (%s) are in tournament %s already",
		                argv[1], tf.name);
	else if (tf.nplayers >= tf.max_players)
		st = cmd_refuse(c, usage, "tournament %s is full: it has its %d "
		                "players", tf.name, tf.max_players);
	if (st != CMD_DONE) {
		tf_free(&tf);
		tf_unlock(&l1, &l2);
		return st;
	}
	snprintf(tf.player[tf.nplayers].userid, sizeof tf.player[0].userid,
	         "%s", argv[1]);
	tf.nplayers++;
	t = svc_txn(&c->s, key);
	put_tf(t, &tf);
	text = tt_text(&tf, NULL);
	snprintf(head, sizeof head, "You (%s) joined tournament %s.  Your "
	         "boards will come by mail when it starts.", argv[1], tf.name);
	st = answer_sender(c, t, &tf, "joined", head, text);
	free(text);
	st = st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
	tf_free(&tf);
	tf_unlock(&l1, &l2);
	return st;
}

/* After a withdrawal is committed (no lock held): each of userid's
 * tournament boards still running is resigned, each under its own lock
 * (board_save: its board mail and the tournament's table). */
static enum cmd_status withdraw_boards(struct cmdctx *c, const struct tfile *tf,
                                       const char *userid)
{
	char head[256];
	int i;

	for (i = 0; i < tf->nboards; i++) {
		const struct tf_board *tb = &tf->boards[i];
		struct board_ctx b;
		enum cmd_status st;
		if (strcmp(tb->white, userid) != 0 && strcmp(tb->black, userid) != 0)
			continue;
		st = board_lock_load(c, tf->game, tb->number, "", &b);
		if (st == CMD_TEMPFAIL)
			return st;  /* the sweep finishes it (tourney_sweep) */
		if (st != CMD_DONE)
			continue;
		if (b.g.state == GAME_ACTIVE) {
			snprintf(b.userid, sizeof b.userid, "%s", userid);
			game_end(&b.g, GAME_END_RESIGN, userid, c->s.now);
			snprintf(head, sizeof head, "%s withdrew from tournament %s: "
			         "%s resigns this game.", userid, tf->name, userid);
			st = board_save(&c->s, &b, head);
		}
		board_close(&b);
		if (st == CMD_TEMPFAIL)
			return st;
	}
	return CMD_DONE;
}

static void tourney_next(struct cmdctx *c, struct tfile *tf,
                         const char *key, const struct game *g);

/* After a knockout withdrawal is committed and its boards resigned: the
 * walkover may decide a round with no game ending (the withdrawn player
 * had none running), so the next step is taken now, under tf_lock (if
 * it is busy, the sweep takes it). */
static void ko_walkover(struct cmdctx *c, const char *name, const char *game)
{
	struct tfile tf;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64];
	int exists;

	if (tf_lock(c, name, game, &tf, &exists, &l1, &l2, key,
	            sizeof key) != CMD_DONE)
		return;
	if (exists)
		tourney_next(c, &tf, key, NULL);
	tf_free(&tf);
	tf_unlock(&l1, &l2);
}

static enum cmd_status t_leave(struct cmdctx *c, const char *game, int argc,
                               char **argv, const char *usage)
{
	struct tfile tf;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64], head[512], *text;
	enum cmd_status st;
	struct txn *t;
	int i, running;

	if ((st = t_open(c, game, argc, argv, usage, &tf, &l1, &l2, key,
	                 sizeof key)) != CMD_DONE)
		return st;
	i = tf_player_index(&tf, argv[1]);
	running = tf.state == TF_RUNNING;
	if (i < 0)
		st = cmd_refuse(c, usage, "you (%s) are not in tournament %s",
		                argv[1], tf.name);
	else if (tf.state == TF_CANCELLED || tf.state == TF_FINISHED)
		st = cmd_refuse(c, usage, "tournament %s is over (%s)", tf.name,
		                tf.state == TF_FINISHED ? "finished" : "cancelled");
	else if (running && tf.player[i].withdrawn)
		st = cmd_refuse(c, usage, "you (%s) withdrew from tournament %s "
		                "already", argv[1], tf.name);
	else if (!running && strcmp(argv[1], tf.organiser) == 0)
		st = cmd_refuse(c, usage, "you (%s) organise tournament %s: the "
		                "organiser plays in it and cannot leave before "
		                "the start", argv[1], tf.name);
	if (st != CMD_DONE) {
		tf_free(&tf);
		tf_unlock(&l1, &l2);
		return st;
	}
	if (running) {
		tf.player[i].withdrawn = c->s.now;
		if (tf_knockout(&tf))
			snprintf(head, sizeof head, "You (%s) withdrew from "
			         "tournament %s.  Your games still running are "
			         "resigned now; a match of yours not decided by its "
			         "games goes to your opponent, and you play no "
			         "more.", argv[1], tf.name);
		else if (tf_swiss(&tf))
			snprintf(head, sizeof head, "You (%s) withdrew from "
			         "tournament %s.  Your games still running are "
			         "resigned now; your results stand, and you are not "
			         "paired again.", argv[1], tf.name);
		else
			snprintf(head, sizeof head, "You (%s) withdrew from "
			         "tournament %s.  Your games still running are "
			         "resigned now.  Had you finished fewer than half of "
			         "your games, all your results are cancelled; else "
			         "they stand (FIDE's rule).", argv[1], tf.name);
	} else {
		memmove(&tf.player[i], &tf.player[i + 1],
		        (size_t)(tf.nplayers - i - 1) * sizeof tf.player[0]);
		tf.nplayers--;
		snprintf(head, sizeof head, "You (%s) left tournament %s.",
		         argv[1], tf.name);
	}
	t = svc_txn(&c->s, key);
	put_tf(t, &tf);
	text = tt_text(&tf, NULL);
	st = answer_sender(c, t, &tf, running ? "withdrawn" : "left", head,
	                   text);
	free(text);
	st = st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
	tf_unlock(&l1, &l2);
	if (st == CMD_DONE && running)
		st = withdraw_boards(c, &tf, argv[1]);
	if (st == CMD_DONE && running && tf_knockout(&tf))
		ko_walkover(c, tf.name, game);
	tf_free(&tf);
	return st;
}

/* t_open for the organiser's own commands on an open tournament (verb:
 * "start" or "cancel", for the refusals): the sender must be the
 * organiser and the tournament open.  CMD_DONE (locks held, tf loaded)
 * or the refusal (nothing held). */
static enum cmd_status t_organiser(struct cmdctx *c, const char *game,
                                   int argc, char **argv, const char *usage,
                                   const char *verb, struct tfile *tf,
                                   struct lock *l1, struct lock *l2,
                                   char *key, size_t keylen)
{
	enum cmd_status st;

	if ((st = t_open(c, game, argc, argv, usage, tf, l1, l2, key,
	                 keylen)) != CMD_DONE)
		return st;
	if (strcmp(argv[1], tf->organiser) != 0)
		st = cmd_refuse(c, usage, "only the organiser of tournament %s "
		                "(%s) can %s it", tf->name, tf->organiser, verb);
	else if (tf->state != TF_OPEN)
		st = cmd_refuse(c, usage, "tournament %s has %s", tf->name,
		                tf->state == TF_RUNNING ? "started already (it "
		                "runs to its end; a player may withdraw with "
		                "tournament leave)" :
		                tf->state == TF_FINISHED ? "finished" :
		                "been cancelled already");
	else if (strcmp(verb, "start") == 0 && tf->nplayers < tf->min_players)
		st = cmd_refuse(c, usage, "tournament %s has %d player%s: it "
		                "needs at least %d to start", tf->name,
		                tf->nplayers, tf->nplayers == 1 ? "" : "s",
		                tf->min_players);
	if (st != CMD_DONE) {
		tf_free(tf);
		tf_unlock(l1, l2);
	}
	return st;
}

static enum cmd_status t_start(struct cmdctx *c, const char *game, int argc,
                               char **argv, const char *usage)
{
	struct tfile tf;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64], why[64];
	enum cmd_status st;
	struct txn *t;

	if ((st = t_organiser(c, game, argc, argv, usage, "start", &tf, &l1,
	                      &l2, key, sizeof key)) != CMD_DONE)
		return st;
	t = svc_txn(&c->s, key);
	snprintf(why, sizeof why, "started by %s", tf.organiser);
	st = tourney_start(c, t, &tf, why);
	st = st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
	if (st == CMD_REFUSED)
		cmd_refuse(c, usage, "the first round of tournament %s cannot "
		           "be paired (see the server's log)", tf.name);
	tf_free(&tf);
	tf_unlock(&l1, &l2);
	return st;
}

/* cancel NAME USERID PASSWORD: the organiser calls off a tournament
 * before its start (once started its games are being played and rated:
 * it runs to its end); every player who joined is told. */
static enum cmd_status t_cancel(struct cmdctx *c, const char *game,
                                int argc, char **argv, const char *usage)
{
	struct tfile tf;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64], head[256];
	enum cmd_status st;
	struct txn *t;

	if ((st = t_organiser(c, game, argc, argv, usage, "cancel", &tf, &l1,
	                      &l2, key, sizeof key)) != CMD_DONE)
		return st;
	tf.state = TF_CANCELLED;
	t = svc_txn(&c->s, key);
	put_tf(t, &tf);
	snprintf(head, sizeof head, "Tournament %s is cancelled by its "
	         "organiser, %s, before its start: no game of it is played.",
	         tf.name, tf.organiser);
	st = table_to_all(c, t, &tf, NULL, "cancelled", head);
	st = st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
	tf_free(&tf);
	tf_unlock(&l1, &l2);
	return st;
}

static enum cmd_status t_show(struct cmdctx *c, const char *game, int argc,
                              char **argv, const char *usage)
{
	struct tfile tf;
	struct ttable tt;
	char *err = NULL, *text, head[128];
	enum cmd_status st;
	struct txn *t;
	int rc, have = 0;

	if (argc != 1)
		return cmd_refuse(c, usage, "tournament show needs the "
		                  "tournament's name (and nothing else)");
	if ((st = name_word(c, argv[0], usage)) != CMD_DONE)
		return st;
	rc = tf_load(c->s.cfg->spool, argv[0], &tf, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0 || strcmp(tf.game, game) != 0) {
		if (rc == 0)
			tf_free(&tf);
		return cmd_refuse(c, usage, "there is no %s tournament %s", game,
		                  argv[0]);
	}
	if (tf.state == TF_RUNNING || tf.state == TF_FINISHED) {
		if (tt_build(c, &tf, NULL, &tt) < 0) {
			tf_free(&tf);
			return CMD_TEMPFAIL;
		}
		have = 1;
	}
	text = tt_text(&tf, have ? &tt : NULL);
	snprintf(head, sizeof head, "Tournament %s.", tf.name);
	t = svc_txn(&c->s, c->s.msg_key);
	st = answer_sender(c, t, &tf, "table", head, text);
	st = st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
	free(text);
	if (have)
		tt_free(&tt);
	tf_free(&tf);
	return st;
}

enum cmd_status cmd_tournament(struct cmdctx *c, const char *game, int argc,
                               char **argv)
{
	const char *usage = cmd_usage_of(c, "tournament", CMDT_GAME, game);

	if (argc < 1)
		return cmd_refuse(c, usage, "tournament needs create, join, "
		                  "leave, start, cancel or show after it");
	util_lower(argv[0]);
	if (strcmp(argv[0], "create") == 0)
		return t_create(c, game, argc - 1, argv + 1, usage);
	if (strcmp(argv[0], "join") == 0)
		return t_join(c, game, argc - 1, argv + 1, usage);
	if (strcmp(argv[0], "leave") == 0 || strcmp(argv[0], "withdraw") == 0)
		return t_leave(c, game, argc - 1, argv + 1, usage);
	if (strcmp(argv[0], "start") == 0)
		return t_start(c, game, argc - 1, argv + 1, usage);
	if (strcmp(argv[0], "show") == 0)
		return t_show(c, game, argc - 1, argv + 1, usage);
	if (strcmp(argv[0], "cancel") == 0)
		return t_cancel(c, game, argc - 1, argv + 1, usage);
	return cmd_refuse(c, usage, "'tournament %.20s' is not a tournament "
	                  "command: create, join, leave, start, cancel or "
	                  "show", argv[0]);
}

static int names_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Names of the tournament files (valid names only), sorted; *n set.
 * Malloc'ed array of malloc'ed names, or NULL when there are none. */
static char **tourney_names(const struct config *cfg, size_t *n)
{
	char path[4096], **names = NULL;
	struct dirent *e;
	DIR *d;

	*n = 0;
	snprintf(path, sizeof path, "%s/tournaments", cfg->spool);
	if (!(d = opendir(path)))
		return NULL;
	while ((e = readdir(d)) && *n < 10000)
		if (util_tourney_name_ok(e->d_name)) {
			names = xrealloc(names, (*n + 1) * sizeof *names);
			names[(*n)++] = xstrdup(e->d_name);
		}
	closedir(d);
	if (*n)
		qsort(names, *n, sizeof *names, names_cmp);
	return names;
}

enum cmd_status cmd_tournaments(struct cmdctx *c, const char *game, int argc,
                                char **argv)
{
	const char *usage = cmd_usage_of(c, "tournaments", CMDT_GAME, game);
	struct buf b = BUF_INIT;
	struct tfile tf, dummy;
	char **names, *err = NULL;
	size_t n, i, budget = reply_text_budget(c);
	enum cmd_status st;
	struct txn *t;
	int shown = 0, more = 0;

	(void)argv;
	if (argc != 0)
		return cmd_refuse(c, usage, "tournaments takes no words after it");
	names = tourney_names(c->s.cfg, &n);
	for (i = 0; i < n; i++) {
		if (tf_load(c->s.cfg->spool, names[i], &tf, &err) != 0) {
			free(err);
			err = NULL;
			continue;
		}
		if (strcmp(tf.game, game) != 0 || tf.state == TF_CANCELLED)
			;
		else if (b.len + 200 < budget) {
			buf_printf(&b, "  %-20s %s%s, %s, %d player%s, organised by "
			           "%s\n", tf.name, !tf_swiss(&tf) &&
			           !tf_knockout(&tf) && tf.rounds == 2 ? "double " :
			           "", tf.format, tf.state == TF_OPEN ? "open" :
			           tf.state == TF_RUNNING ? "running" : "finished",
			           tf.nplayers, tf.nplayers == 1 ? "" : "s",
			           tf.organiser);
			shown++;
		} else {
			more++;
		}
		tf_free(&tf);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (!shown)
		buf_puts(&b, "  (none yet: tournament create makes one)\n");
	if (more)
		buf_printf(&b, "  and %d more that do not fit in this mail "
		           "(tournament show NAME gives one)\n", more);
	memset(&dummy, 0, sizeof dummy);
	snprintf(dummy.game, sizeof dummy.game, "%s", game);
	t = svc_txn(&c->s, c->s.msg_key);
	st = answer_sender(c, t, &dummy, "list", "The tournaments (running "
	                   "ones finish when their last game does):", buf_str(&b));
	buf_free(&b);
	return st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
}

/* The sweep's context for one event of tournament name: its digest the
 * event's words, so a sweep run twice does not do it twice. */
static void sweep_ctx(struct cmdctx *c, const struct config *cfg,
                      const char *event, const char *name)
{
	char text[128];

	memset(c, 0, sizeof *c);
	c->s.cfg = cfg;
	c->s.now = util_now();
	c->s.comment = "";
	snprintf(text, sizeof text, "sweep tournament %s %s", event, name);
	util_digest_hex(text, strlen(text), c->s.digest);
	spool_msg_key(c->s.digest, c->s.msg_key, sizeof c->s.msg_key);
}

/* Open tournament name on its start day: started with enough players,
 * else its players not told yet are told it waits. */
static void sweep_start(const struct config *cfg, const char *name,
                        const char *today)
{
	struct cmdctx c;
	struct tfile tf;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64], head[512], *text;
	enum cmd_status st = CMD_DONE;
	struct txn *t;
	int exists, i, told = 0;

	sweep_ctx(&c, cfg, "start", name);
	if (tf_lock(&c, name, spool_games[0], &tf, &exists, &l1, &l2, key,
	            sizeof key) != CMD_DONE)
		return;
	if (!exists || tf.state != TF_OPEN || !tf.start[0] ||
	    strcmp(tf.start, today) > 0) {
		tf_free(&tf);
		tf_unlock(&l1, &l2);
		return;
	}
	t = svc_txn(&c.s, key);
	if (tf.nplayers >= tf.min_players) {
		st = tourney_start(&c, t, &tf, "its start day came");
	} else {
		text = tt_text(&tf, NULL);
		snprintf(head, sizeof head, "Tournament %s was to start on %s, "
		         "but it has %d player%s of the %d it needs.  It waits: "
		         "it starts at the first sweep after enough have joined "
		         "(or when %s, the organiser, starts it then).", tf.name,
		         tf.start, tf.nplayers, tf.nplayers == 1 ? "" : "s",
		         tf.min_players, tf.organiser);
		for (i = 0; i < tf.nplayers && st == CMD_DONE; i++)
			if (!tf.player[i].told) {
				tf.player[i].told = 1;
				told++;
				st = tt_mail(&c, t, tf.game, tf.name, tf.player[i].userid,
				             "waiting for players", head, text);
			}
		free(text);
		if (told)
			put_tf(t, &tf);
	}
	if (st == CMD_DONE && txn_count(t) > 0) {
		if (svc_commit(&c.s, t) == CMD_DONE)
			log_msg(LOG_INFO, "sweep: tournament %s %s\n", tf.name,
			        tf.state == TF_RUNNING ? "started" : "waits for players");
	} else {
		txn_abort(t);
	}
	tf_free(&tf);
	tf_unlock(&l1, &l2);
	buf_free(&c.error);
}

/* A running tournament's withdrawn players whose games still run (the
 * withdrawal's mail stopped before it resigned them all). */
static void sweep_withdrawn(const struct config *cfg, const char *name)
{
	struct cmdctx c;
	struct tfile tf;
	struct ttable tt;
	char *err = NULL;
	int i, k;

	sweep_ctx(&c, cfg, "withdraw", name);
	if (tf_load(cfg->spool, name, &tf, &err) != 0) {
		free(err);
		return;
	}
	if (tf.state == TF_RUNNING && tt_build(&c, &tf, NULL, &tt) == 0) {
		for (i = 0; i < tf.nplayers; i++) {
			if (!tf.player[i].withdrawn)
				continue;
			for (k = 0; k < tf.nboards; k++)
				if (tt.result[k] == -1 &&
				    (strcmp(tf.boards[k].white, tf.player[i].userid) == 0 ||
				     strcmp(tf.boards[k].black, tf.player[i].userid) == 0))
					break;
			if (k < tf.nboards)
				withdraw_boards(&c, &tf, tf.player[i].userid);
		}
		tt_free(&tt);
	}
	tf_free(&tf);
	buf_free(&c.error);
}


/* What tt_after_game left undone (a lock busy, a crash): the final
 * table of a tournament whose games are all over, a Swiss round over
 * whose next round is not paired. */
static void sweep_pair(const struct config *cfg, const char *name)
{
	struct cmdctx c;
	struct tfile tf;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64];
	int exists;

	sweep_ctx(&c, cfg, "pair", name);
	if (tf_lock(&c, name, spool_games[0], &tf, &exists, &l1, &l2, key,
	            sizeof key) != CMD_DONE)
		return;
	if (exists)
		tourney_next(&c, &tf, key, NULL);
	tf_free(&tf);
	tf_unlock(&l1, &l2);
	buf_free(&c.error);
}

void tourney_sweep(const struct config *cfg)
{
	char **names, today[16], *err = NULL;
	struct tfile tf;
	struct tm tm;
	time_t now = util_now();
	size_t n, i;

	gmtime_r(&now, &tm);
	strftime(today, sizeof today, "%Y-%m-%d", &tm);
	names = tourney_names(cfg, &n);
	for (i = 0; i < n; i++) {
		if (tf_load(cfg->spool, names[i], &tf, &err) != 0) {
			free(err);
			err = NULL;
		} else {
			int open = tf.state == TF_OPEN && tf.start[0] &&
			           strcmp(tf.start, today) <= 0;
			int running = tf.state == TF_RUNNING;
			tf_free(&tf);
			if (open)
				sweep_start(cfg, names[i], today);
			else if (running) {
				sweep_withdrawn(cfg, names[i]);
				sweep_pair(cfg, names[i]);
			}
		}
		free(names[i]);
	}
	free(names);
}

/* A Swiss whose next round no pairing allows (every one would repeat a
 * game, break the colour limits or give a second bye): it ends after
 * round `paired`, the last one played, as FIDE's arbiters end one; every
 * player gets the final table saying so.  tf_lock held, key the lock of
 * the game that ended (or the sweep's). */
static void swiss_cut(struct cmdctx *c, struct tfile *tf, const char *key,
                      int paired)
{
	struct ttable tt;
	struct txn *t;
	char head[1024];
	int planned = tf->rounds;
	enum cmd_status st;

	tf->rounds = paired;
	if (tt_build(c, tf, NULL, &tt) < 0) {
		tf->rounds = planned;
		return;
	}
	t = svc_txn(&c->s, key);
	tf->state = TF_FINISHED;
	put_tf(t, tf);
	snprintf(head, sizeof head, tt_tied_first(&tt) > 1 ?
	         "Tournament %s is over after round %d of %d: round %d cannot "
	         "be paired (every pairing would have two players meet again, "
	         "break the colour limits or give a second bye), so the "
	         "tournament ends with the rounds played.  First place is "
	         "tied: %s wins the tournament on the tie-break (see below)." :
	         "Tournament %s is over after round %d of %d: round %d cannot "
	         "be paired (every pairing would have two players meet again, "
	         "break the colour limits or give a second bye), so the "
	         "tournament ends with the rounds played.  %s wins the "
	         "tournament.", tf->name, paired, planned, paired + 1,
	         tf->player[tt.rank[0]].userid);
	st = table_to_all(c, t, tf, &tt, "final table", head);
	tt_free(&tt);
	if (st == CMD_DONE && svc_commit(&c->s, t) == CMD_DONE)
		log_msg(LOG_INFO, "tournament %s: round %d cannot be paired; "
		        "finished after round %d\n", tf->name, paired + 1, paired);
	else if (st != CMD_DONE)
		txn_abort(t);
}

/* The step after a game of tf ended (tf_lock held, key the game's
 * lock), committed: every game over, the tournament is finished and
 * every player gets the final table (g: the last game, or NULL from the
 * sweep); else a Swiss whose round is over gets its next round (boards,
 * bye, the table to every player).  Nothing while the round runs. */
static void tourney_next(struct cmdctx *c, struct tfile *tf,
                         const char *key, const struct game *g)
{
	struct ttable tt;
	struct txn *t;
	char head[1024], res[REPLY_RESULT_MAX];
	int paired = tf_paired(tf), k;
	enum cmd_status st;

	if (tf->state != TF_RUNNING || tt_build(c, tf, NULL, &tt) < 0)
		return;
	if (tt_finished(tf, &tt)) {
		const char *champ = tf->player[tt.rank[0]].userid;
		struct tko k;
		int tied = !tf_knockout(tf) && tt_tied_first(&tt) > 1;
		if (tf_knockout(tf) && tko_build(tf, &tt, &k) == 0 && k.champion)
			champ = tf->player[k.champion - 1].userid;
		t = svc_txn(&c->s, key);
		tf->state = TF_FINISHED;
		put_tf(t, tf);
		if (g) {
			reply_result_words(g, res, sizeof res);
			snprintf(head, sizeof head, tied ?
			         "Tournament %s is over: board %ld, the last game, "
			         "ended (%s).  First place is tied: %s wins the "
			         "tournament on the tie-break (see below)." :
			         "Tournament %s is over: board %ld, the last game, "
			         "ended (%s).  %s wins the tournament.",
			         tf->name, g->board, res, champ);
		} else {
			snprintf(head, sizeof head, tied ?
			         "Tournament %s is over.  First place is tied: %s "
			         "wins the tournament on the tie-break (see below)." :
			         "Tournament %s is over: %s wins the tournament.",
			         tf->name, champ);
		}
		st = table_to_all(c, t, tf, &tt, "final table", head);
		tt_free(&tt);
		if (st == CMD_DONE && svc_commit(&c->s, t) == CMD_DONE)
			log_msg(LOG_INFO, "tournament %s: finished\n", tf->name);
		else if (st != CMD_DONE)
			txn_abort(t);
		return;
	}
	if (tf_knockout(tf)) {
		int started = 0, made = 0;
		t = svc_txn(&c->s, key);
		st = ko_step(c, t, tf, &tt, &started, &made);
		tt_free(&tt);
		if (st == CMD_DONE && made) {
			put_tf(t, tf);
			if (started && tt_build_from(c, tf, started, &tt) == 0) {
				snprintf(head, sizeof head, "Tournament %s: round %d is "
				         "over.  Round %d has begun: both games of each "
				         "match are made, each comes in its own mail.",
				         tf->name, started - 1, started);
				st = table_to_all(c, t, tf, &tt, "round over", head);
				tt_free(&tt);
			} else if (started) {
				st = CMD_TEMPFAIL;
			}
		}
		if (st == CMD_DONE && made && svc_commit(&c->s, t) == CMD_DONE)
			log_msg(LOG_INFO, "tournament %s: %d board%s made\n",
			        tf->name, made, made == 1 ? "" : "s");
		else if (st != CMD_DONE || !made)
			txn_abort(t);
		return;
	}
	if (!tf_swiss(tf) || paired >= tf->rounds) {
		tt_free(&tt);
		return;
	}
	for (k = 0; k < tf->nboards; k++)
		if (tf->boards[k].round == paired && tt.result[k] == -1)
			break;
	if (k < tf->nboards) {
		tt_free(&tt);
		return;  /* the round still runs */
	}
	t = svc_txn(&c->s, key);
	st = swiss_round(c, t, tf, &tt, paired + 1);
	tt_free(&tt);
	if (st == CMD_REFUSED) {
		txn_abort(t);
		swiss_cut(c, tf, key, paired);
		return;
	}
	if (st == CMD_DONE) {
		put_tf(t, tf);
		if (tt_build_from(c, tf, paired + 1, &tt) == 0) {
			snprintf(head, sizeof head, "Tournament %s: round %d is over. "
			         " Round %d is paired (Dutch system) and its boards "
			         "have begun; each comes in its own mail.", tf->name,
			         paired, paired + 1);
			st = table_to_all(c, t, tf, &tt, "round over", head);
			tt_free(&tt);
		} else {
			st = CMD_TEMPFAIL;
		}
	}
	if (st == CMD_DONE && svc_commit(&c->s, t) == CMD_DONE)
		log_msg(LOG_INFO, "tournament %s: round %d paired\n", tf->name,
		        paired + 1);
	else if (st != CMD_DONE)
		txn_abort(t);
}

void tt_after_game(struct cmdctx *c, const struct game *g)
{
	struct tfile tf;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64];
	int exists;

	if (!g->tourney[0] || g->state != GAME_FINISHED)
		return;
	if (tf_lock(c, g->tourney, g->game, &tf, &exists, &l1, &l2, key,
	            sizeof key) != CMD_DONE)
		return;  /* the sweep pairs it */
	if (exists)
		tourney_next(c, &tf, key, g);
	tf_free(&tf);
	tf_unlock(&l1, &l2);
}
