/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney_sweep.c - a tournament's steps that no player's mail takes
 * (issue 17): the sweep's (tourney_sweep: a start day come, a
 * withdrawn player's games left running, a round or a final table left
 * undone) and the step after a tournament game ends (tt_after_game,
 * from board_save: the final table, or a Swiss's or a knockout's next
 * round).  Split out of tournament.c by issue 31, bodies unchanged; the
 * sweep's service context (sweep_svc_init) is the one league_sweep.c
 * uses too.
 */
#include "services/tourney_sweep.h"
#include "services/result_words.h"
#include "services/tourney_mail.h"
#include "services/tourney_rounds.h"
#include "services/tko.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "util/log.h"
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void sweep_svc_init(struct svc *s, const struct config *cfg,
                    const char *fmt, ...)
{
	char text[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	svc_init(s, cfg, util_now());
	s->comment = "";
	svc_event(s, "%s", text);
}

/* Open tournament name on its start day: started with enough players,
 * else its players not told yet are told it waits. */
static void sweep_start(const struct config *cfg, const char *name,
                        const char *today)
{
	struct svc s;
	struct tfile tf;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64], head[512], *text;
	enum cmd_status st = CMD_DONE;
	struct txn *t;
	int exists, i, told = 0;

	sweep_svc_init(&s, cfg, "sweep tournament start %s", name);
	if (tf_lock(&s, name, spool_games[0], &tf, &exists, &l1, &l2, key,
	            sizeof key) != CMD_DONE)
		return;
	if (!exists || tf.state != TF_OPEN || !tf.start[0] ||
	    strcmp(tf.start, today) > 0) {
		tf_free(&tf);
		tf_unlock(&l1, &l2);
		return;
	}
	t = svc_txn(&s, key);
	if (tf.nplayers >= tf.min_players) {
		/* TRANSLATORS: a clause in parentheses after "Tournament
		 * NAME has started". */
		st = tourney_start(&s, t, &tf, _("its start day came"));
	} else {
		text = tt_text(&tf, NULL);
		/* TRANSLATORS: the tournament's name, its start day
		 * (YYYY-MM-DD), its players, the players it needs, and the
		 * organiser's userid. */
		snprintf(head, sizeof head, ngettext("Tournament %s was to "
		         "start on %s, but it has %d player of the %d it needs.  "
		         "It waits: it starts at the first sweep after enough "
		         "have joined (or when %s, the organiser, starts it "
		         "then).", "Tournament %s was to start on %s, but it has "
		         "%d players of the %d it needs.  It waits: it starts at "
		         "the first sweep after enough have joined (or when %s, "
		         "the organiser, starts it then).", tf.nplayers), tf.name,
		         tf.start, tf.nplayers, tf.min_players, tf.organiser);
		for (i = 0; i < tf.nplayers && st == CMD_DONE; i++)
			if (!tf.player[i].told) {
				tf.player[i].told = 1;
				told++;
				st = tt_mail(&s, t, tf.game, tf.name, tf.player[i].userid,
				             /* TRANSLATORS: a mail's subject: %1$s is
				              * the game's title ("Epaminondas"), %2$s
				              * the tournament's name; keep %1$s first,
				              * a reply is read by it. */
				             _("%1$s tournament %2$s: waiting for "
				             "players"), head, text);
			}
		free(text);
		if (told)
			put_tf(t, &tf);
	}
	if (st == CMD_DONE && txn_count(t) > 0) {
		if (svc_commit(&s, t) == CMD_DONE)
			log_msg(LOG_INFO, "sweep: tournament %s %s\n", tf.name,
			        tf.state == TF_RUNNING ? "started" : "waits for players");
	} else {
		txn_abort(t);
	}
	tf_free(&tf);
	tf_unlock(&l1, &l2);
	svc_free(&s);
}

/* A running tournament's withdrawn players whose games still run (the
 * withdrawal's mail stopped before it resigned them all). */
static void sweep_withdrawn(const struct config *cfg, const char *name)
{
	struct svc s;
	struct tfile tf;
	struct ttable tt;
	char *err = NULL;
	int i, k;

	sweep_svc_init(&s, cfg, "sweep tournament withdraw %s", name);
	if (tf_load(cfg->spool, name, &tf, &err) != 0) {
		free(err);
		return;
	}
	if (tf.state == TF_RUNNING && tt_build(s.cfg, &tf, NULL, &tt) == 0) {
		for (i = 0; i < tf.nplayers; i++) {
			if (!tf.player[i].withdrawn)
				continue;
			for (k = 0; k < tf.nboards; k++)
				if (tt.result[k] == -1 &&
				    (strcmp(tf.boards[k].white, tf.player[i].userid) == 0 ||
				     strcmp(tf.boards[k].black, tf.player[i].userid) == 0))
					break;
			if (k < tf.nboards)
				withdraw_boards(&s, &tf, tf.player[i].userid);
		}
		tt_free(&tt);
	}
	tf_free(&tf);
	svc_free(&s);
}

/* What tt_after_game left undone (a lock busy, a crash): the final
 * table of a tournament whose games are all over, a Swiss round over
 * whose next round is not paired. */
static void sweep_pair(const struct config *cfg, const char *name)
{
	struct svc s;
	struct tfile tf;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64];
	int exists;

	sweep_svc_init(&s, cfg, "sweep tournament pair %s", name);
	if (tf_lock(&s, name, spool_games[0], &tf, &exists, &l1, &l2, key,
	            sizeof key) != CMD_DONE)
		return;
	if (exists)
		tourney_next(&s, &tf, key, NULL);
	tf_free(&tf);
	tf_unlock(&l1, &l2);
	svc_free(&s);
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
static void swiss_cut(struct svc *s, struct tfile *tf, const char *key,
                      int paired)
{
	struct ttable tt;
	struct txn *t;
	char head[1024];
	int planned = tf->rounds;
	enum cmd_status st;

	tf->rounds = paired;
	if (tt_build(s->cfg, tf, NULL, &tt) < 0) {
		tf->rounds = planned;
		return;
	}
	t = svc_txn(s, key);
	tf->state = TF_FINISHED;
	put_tf(t, tf);
	/* TRANSLATORS: the tournament's name, the rounds played, the
	 * rounds planned, the round that cannot be paired, the winner's
	 * userid. */
	snprintf(head, sizeof head, tt_tied_first(&tt) > 1 ?
	         _("Tournament %s is over after round %d of %d: round %d "
	         "cannot be paired (every pairing would have two players meet "
	         "again, break the colour limits or give a second bye), so the "
	         "tournament ends with the rounds played.  First place is "
	         "tied: %s wins the tournament on the tie-break (see below).") :
	         _("Tournament %s is over after round %d of %d: round %d "
	         "cannot be paired (every pairing would have two players meet "
	         "again, break the colour limits or give a second bye), so the "
	         "tournament ends with the rounds played.  %s wins the "
	         "tournament."), tf->name, paired, planned, paired + 1,
	         tf->player[tt.rank[0]].userid);
	/* TRANSLATORS: a mail's subject: %1$s is the game's title
	 * ("Epaminondas"), %2$s the tournament's name; keep %1$s
	 * first, a reply is read by it. */
	st = table_to_all(s, t, tf, &tt, _("%1$s tournament %2$s: "
	                  "final table"), head);
	tt_free(&tt);
	if (st == CMD_DONE && svc_commit(s, t) == CMD_DONE)
		log_msg(LOG_INFO, "tournament %s: round %d cannot be paired; "
		        "finished after round %d\n", tf->name, paired + 1, paired);
	else if (st != CMD_DONE)
		txn_abort(t);
}

void tourney_next(struct svc *s, struct tfile *tf,
                  const char *key, const struct game *g)
{
	struct ttable tt;
	struct txn *t;
	char head[1024], res[REPLY_RESULT_MAX];
	int paired = tf_paired(tf), k;
	enum cmd_status st;

	if (tf->state != TF_RUNNING || tt_build(s->cfg, tf, NULL, &tt) < 0)
		return;
	if (tt_finished(tf, &tt)) {
		const char *champ = tf->player[tt.rank[0]].userid;
		struct tko k;
		int tied = !tf_knockout(tf) && tt_tied_first(&tt) > 1;
		if (tf_knockout(tf) && tko_build(tf, &tt, &k) == 0 && k.champion)
			champ = tf->player[k.champion - 1].userid;
		t = svc_txn(s, key);
		tf->state = TF_FINISHED;
		put_tf(t, tf);
		if (g) {
			reply_result_words(g, res, sizeof res);
			/* TRANSLATORS: the tournament's name, the board,
			 * the result in words ("alice wins, bob resigned"),
			 * the winner's userid. */
			snprintf(head, sizeof head, tied ?
			         _("Tournament %s is over: board %ld, the last "
			         "game, ended (%s).  First place is tied: %s wins "
			         "the tournament on the tie-break (see below).") :
			         _("Tournament %s is over: board %ld, the last "
			         "game, ended (%s).  %s wins the tournament."),
			         tf->name, g->board, res, champ);
		} else {
			snprintf(head, sizeof head, tied ?
			         _("Tournament %s is over.  First place is tied: %s "
			         "wins the tournament on the tie-break (see "
			         "below).") :
			         _("Tournament %s is over: %s wins the tournament."),
			         tf->name, champ);
		}
		/* TRANSLATORS: a mail's subject: %1$s is the game's title
		 * ("Epaminondas"), %2$s the tournament's name; keep %1$s
		 * first, a reply is read by it. */
		st = table_to_all(s, t, tf, &tt, _("%1$s tournament %2$s: "
		                  "final table"), head);
		tt_free(&tt);
		if (st == CMD_DONE && svc_commit(s, t) == CMD_DONE)
			log_msg(LOG_INFO, "tournament %s: finished\n", tf->name);
		else if (st != CMD_DONE)
			txn_abort(t);
		return;
	}
	if (tf_knockout(tf)) {
		int started = 0, made = 0;
		t = svc_txn(s, key);
		st = ko_step(s, t, tf, &tt, &started, &made);
		tt_free(&tt);
		if (st == CMD_DONE && made) {
			put_tf(t, tf);
			if (started && tt_build_from(s->cfg, tf, started, &tt) == 0) {
				snprintf(head, sizeof head, _("Tournament %s: round "
				         "%d is over.  Round %d has begun: both games of "
				         "each match are made, each comes in its own "
				         "mail."),
				         tf->name, started - 1, started);
				/* TRANSLATORS: a mail's subject: %1$s is the game's title
				 * ("Epaminondas"), %2$s the tournament's name; keep %1$s
				 * first, a reply is read by it. */
				st = table_to_all(s, t, tf, &tt, _("%1$s tournament %2$s: "
				                  "round over"), head);
				tt_free(&tt);
			} else if (started) {
				st = CMD_TEMPFAIL;
			}
		}
		if (st == CMD_DONE && made && svc_commit(s, t) == CMD_DONE)
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
	t = svc_txn(s, key);
	st = swiss_round(s, t, tf, &tt, paired + 1);
	tt_free(&tt);
	if (st == CMD_REFUSED) {
		txn_abort(t);
		swiss_cut(s, tf, key, paired);
		return;
	}
	if (st == CMD_DONE) {
		put_tf(t, tf);
		if (tt_build_from(s->cfg, tf, paired + 1, &tt) == 0) {
			snprintf(head, sizeof head, _("Tournament %s: round %d is "
			         "over.  Round %d is paired (Dutch system) and its "
			         "boards have begun; each comes in its own mail."),
			         tf->name,
			         paired, paired + 1);
			/* TRANSLATORS: a mail's subject: %1$s is the game's title
			 * ("Epaminondas"), %2$s the tournament's name; keep %1$s
			 * first, a reply is read by it. */
			st = table_to_all(s, t, tf, &tt, _("%1$s tournament %2$s: "
			                  "round over"), head);
			tt_free(&tt);
		} else {
			st = CMD_TEMPFAIL;
		}
	}
	if (st == CMD_DONE && svc_commit(s, t) == CMD_DONE)
		log_msg(LOG_INFO, "tournament %s: round %d paired\n", tf->name,
		        paired + 1);
	else if (st != CMD_DONE)
		txn_abort(t);
}

void tt_after_game(struct svc *s, const struct game *g)
{
	struct tfile tf;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64];
	int exists;

	if (!g->tourney[0] || g->state != GAME_FINISHED)
		return;
	if (tf_lock(s, g->tourney, g->game, &tf, &exists, &l1, &l2, key,
	            sizeof key) != CMD_DONE)
		return;  /* the sweep pairs it */
	if (exists)
		tourney_next(s, &tf, key, g);
	tf_free(&tf);
	tf_unlock(&l1, &l2);
}
