/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney_rounds.c - what the server does to a tournament (issue 17),
 * for its commands (tournament.c) and its sweep (tourney_sweep.c)
 * alike: start it (players numbered by rating, a round robin's every
 * board, a Swiss's or a knockout's first round), make a Swiss round's
 * or a knockout round's boards, mail the table to every player, resign
 * a withdrawn player's boards.  Split out of tournament.c by issue 31,
 * bodies unchanged; the declarations are in tourney_rounds.h.
 */
#include "services/tourney_rounds.h"
#include "services/board.h"
#include "services/boardmail.h"
#include "services/tourney_mail.h"
#include "services/tourney_rating.h"
#include "services/tko.h"
#include "game/options.h"
#include "game/ratetable.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "tourney/tourney.h"
#include "util/log.h"
#include "util/util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The options of tf's boards, checked (o and set filled).  0, or -1
 * with err. */
static int tf_options(const struct tfile *tf, struct ep_options *o,
                      struct game_settings *set, char *err, size_t len)
{
	return game_options_read_words(tf->game, tf->options, o, set, err, len);
}

void put_tf(struct txn *t, const struct tfile *tf)
{
	char rel[64], *file = tf_format(tf);

	tf_path(tf->name, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
}

/* Make board number board of round `round` of tf, w White, b Black,
 * with options o and settings set, in t: its file, its line in tf, and
 * its board mail to both players.  CMD_DONE or CMD_TEMPFAIL (template). */
static enum cmd_status make_board(struct svc *s, struct txn *t,
                                  struct tfile *tf,
                                  const struct ep_options *o,
                                  const struct game_settings *set,
                                  int round, const char *w, const char *b,
                                  long board)
{
	struct game g;
	struct headline h = { 0 };
	char rel[128], *file;
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
	game_new(&g, tf->game, board, o, w, b, s->now);
	game_settings_put(&g, set);
	g.agreed[0] = g.agreed[1] = s->now;
	snprintf(g.tourney, sizeof g.tourney, "%s", tf->name);
	g.tourney_round = round;
	file = game_format(&g);
	spool_board_path(tf->game, board, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
	tf_add_board(tf, round, w, b, board);
	/* Each player reads it in his language (issue 32). */
	if (tf_knockout(tf) && nth == 1)
		/* TRANSLATORS: the round, the tournament's name, White, then
		 * Black. */
		headline_say(&h, N_("The server made this board for round %d of "
		             "tournament %s (knockout): game 1 of the match, %s "
		             "plays White, %s Black.  Joining the tournament was "
		             "your accept: the game has begun."), round, tf->name,
		             w, b);
	else if (tf_knockout(tf) && nth == 2)
		/* TRANSLATORS: as above. */
		headline_say(&h, N_("The server made this board for round %d of "
		             "tournament %s (knockout): game 2 of the match, %s "
		             "plays White, %s Black.  Joining the tournament was "
		             "your accept: the game has begun."), round, tf->name,
		             w, b);
	else if (tf_knockout(tf))
		/* TRANSLATORS: as above. */
		headline_say(&h, N_("The server made this board for round %d of "
		             "tournament %s (knockout): the deciding game (the two "
		             "games left it even; a draw sends Black through) of "
		             "the match, %s plays White, %s Black.  Joining the "
		             "tournament was your accept: the game has begun."),
		             round, tf->name, w, b);
	else if (tf_swiss(tf))
		/* TRANSLATORS: as above. */
		headline_say(&h, N_("The server made this board for round %d of "
		             "tournament %s (Swiss pairing, Dutch system): %s plays "
		             "White, %s Black.  Joining the tournament was your "
		             "accept: the game has begun."), round, tf->name, w, b);
	else
		/* TRANSLATORS: as above. */
		headline_say(&h, N_("The server made this board for round %d of "
		             "tournament %s (Berger tables): %s plays White, %s "
		             "Black.  Joining the tournament was your accept: the "
		             "game has begun."), round, tf->name, w, b);
	s->bm.headline = &h;
	st = reply_board(s, t, &g, "", "", NULL, NULL);
	s->bm.headline = NULL;
	headline_free(&h);
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

enum cmd_status swiss_round(struct svc *s, struct txn *t,
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
	board = spool_next_board(s->cfg->spool, tf->game);
	for (k = 0; k < r.npairs && st == CMD_DONE; k++, board++)
		st = make_board(s, t, tf, &o, &set, round,
		                tf->player[r.pairs[k].white].userid,
		                tf->player[r.pairs[k].black].userid, board);
	if (r.has_bye)
		memcpy(tf->bye[round], tf->player[r.bye_id].userid,
		       sizeof tf->bye[round]);
	tny_swiss_round_free(&r);
	put_next(t, tf, board);
	return st;
}

enum cmd_status ko_step(struct svc *s, struct txn *t,
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
	board = spool_next_board(s->cfg->spool, tf->game);
	for (j = 0; j < k.nmatch[r] && st == CMD_DONE; j++) {
		const struct tko_match *m = &k.m[r][j];
		const char *hu, *lu;
		if (m->how != TKO_PLAYING)
			continue;
		hu = tf->player[m->high - 1].userid;
		lu = tf->player[m->low - 1].userid;
		if (m->board[0] < 0) {
			st = make_board(s, t, tf, &o, &set, r, hu, lu, board++);
			if (st == CMD_DONE)
				st = make_board(s, t, tf, &o, &set, r, lu, hu, board++);
			*made += 2;
			*round_started = r;
		} else if (m->board[2] < 0 && m->res[0] >= 0 && m->res[1] >= 0 &&
		           m->res[0] + m->res[1] == 2) {
			int wh = m->decider_white == m->high;
			st = make_board(s, t, tf, &o, &set, r, wh ? hu : lu,
			                wh ? lu : hu, board++);
			(*made)++;
		}
	}
	if (*made)
		put_next(t, tf, board);
	return st;
}

enum cmd_status table_to_all(struct svc *s, struct txn *t,
                             const struct tfile *tf,
                             const struct ttable *tt,
                             const char *subject_fmt, const char *head)
{
	char *text = tt_text(tf, tt);
	enum cmd_status st = CMD_DONE;
	int i;

	for (i = 0; i < tf->nplayers && st == CMD_DONE; i++)
		st = tt_mail(s, t, tf->game, tf->name, tf->player[i].userid,
		             subject_fmt, head, text);
	free(text);
	return st;
}

enum cmd_status tourney_start(struct svc *s, struct txn *t,
                              struct tfile *tf, const char *why)
{
	struct ep_options o;
	struct game_settings set;
	struct ratings r;
	struct tourney_rated order[TF_PLAYERS_MAX];
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
	if (ratings_current(s->cfg->spool, s->cfg->rating_system,
	                 &r, &e) < 0) {
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
	qsort(order, (size_t)n, sizeof order[0], tourney_by_rating);
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
		st = ko_step(s, t, tf, &tt, &started, &made);
		tt_free(&tt);
	} else if (tf_swiss(tf)) {
		if (tt_build(s->cfg, tf, NULL, &tt) < 0)
			return CMD_TEMPFAIL;
		st = swiss_round(s, t, tf, &tt, 1);
		tt_free(&tt);
	} else {
		if (tf->rounds == 2)
			flags = TNY_BERGER_DOUBLE | TNY_BERGER_SWAP_LAST;
		rounds = tny_berger_rounds(n, flags);
		board = spool_next_board(s->cfg->spool, tf->game);
		for (i = 1; i <= rounds && st == CMD_DONE; i++) {
			int bye = 0, np = tny_berger_round(n, i, flags, pairs, &bye);
			for (k = 0; k < np && st == CMD_DONE; k++, board++)
				st = make_board(s, t, tf, &o, &set, i,
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
	/* TRANSLATORS: %1$s is the tournament's name, %2$s why it started
	   ("started by alice"), %3$d its players (3 or more), %4$d the
	   games begun. */
	if (tf_knockout(tf))
		snprintf(head, sizeof head, ngettext("Tournament %1$s has "
		         "started (%2$s): %3$d players, numbered by rating, %4$d "
		         "game begun now (round 1, seeded by rating; each next "
		         "round starts when every match of the one before is "
		         "decided); each board comes in its own mail.",
		         "Tournament %1$s has started (%2$s): %3$d players, "
		         "numbered by rating, %4$d games begun now (round 1, "
		         "seeded by rating; each next round starts when every "
		         "match of the one before is decided); each board comes "
		         "in its own mail.", tf->nboards), tf->name, why, n,
		         tf->nboards);
	else if (tf_swiss(tf))
		snprintf(head, sizeof head, ngettext("Tournament %1$s has "
		         "started (%2$s): %3$d players, numbered by rating, %4$d "
		         "game begun now (round 1; each next round is paired when "
		         "the one before has finished); each board comes in its "
		         "own mail.", "Tournament %1$s has started (%2$s): %3$d "
		         "players, numbered by rating, %4$d games begun now "
		         "(round 1; each next round is paired when the one before "
		         "has finished); each board comes in its own mail.",
		         tf->nboards), tf->name, why, n, tf->nboards);
	else
		snprintf(head, sizeof head, ngettext("Tournament %1$s has "
		         "started (%2$s): %3$d players, numbered by rating, %4$d "
		         "game begun now, every round at once; each board comes "
		         "in its own mail.", "Tournament %1$s has started (%2$s): "
		         "%3$d players, numbered by rating, %4$d games begun now, "
		         "every round at once; each board comes in its own mail.",
		         tf->nboards), tf->name, why, n, tf->nboards);
	/* TRANSLATORS: a mail's subject: %1$s is the game's title
	 * ("Epaminondas"), %2$s the tournament's name; keep %1$s
	 * first, a reply is read by it. */
	st = table_to_all(s, t, tf, &tt, _("%1$s tournament %2$s: started"),
	                  head);
	tt_free(&tt);
	return st;
}

enum cmd_status withdraw_boards(struct svc *s, const struct tfile *tf,
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
		st = board_lock(s, tf->game, tb->number, &b);
		if (st == CMD_TEMPFAIL)
			return st;  /* the sweep finishes it (tourney_sweep) */
		if (st != CMD_DONE)
			continue;
		if (b.g.state == GAME_ACTIVE) {
			snprintf(b.userid, sizeof b.userid, "%s", userid);
			game_end(&b.g, GAME_END_RESIGN, userid, s->now);
			snprintf(head, sizeof head, "%s withdrew from tournament %s: "
			         "%s resigns this game.", userid, tf->name, userid);
			st = board_save(s, &b, head);
		}
		board_close(&b);
		if (st == CMD_TEMPFAIL)
			return st;
	}
	return CMD_DONE;
}

static int names_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **tourney_names(const struct config *cfg, size_t *n)
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
