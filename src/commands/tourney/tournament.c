/* SPDX-License-Identifier: GPL-3.0-or-later */
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
#include "commands/acctoken.h"
#include "commands/cmd.h"
#include "commands/table.h"
#include "commands/tourney/tourney.h"
#include "services/weblink.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "tourney/tourney.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

/* Open tournaments one player may organise at once: each is a file
 * in the spool that anyone's mail makes. */
#define TF_OPEN_PER_ORGANISER 3

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

/* Send text (template tournament.txt) to the sender alone, committed
 * under the message lock; subject is the subject's format (%1$s the
 * game's title, %2$s the tournament's name), unused when tf has no
 * name. */
static enum cmd_status answer_sender(struct cmdctx *c, struct txn *t,
                                     const struct tfile *tf,
                                     const char *subject_fmt,
                                     const char *headline, const char *text)
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
		/* TRANSLATORS: %s is the address of the tournament's page. */
		tvars_setf(&v, "web", _("On the web: %s"), url);
	mail = reply_template(&c->s, "tournament.txt", &v);
	tvars_free(&v);
	if (!mail)
		return CMD_TEMPFAIL;
	if (tf->name[0])
		snprintf(subject, sizeof subject, subject_fmt,
		         reply_game_title(tf->game), tf->name);
	else
		/* TRANSLATORS: a mail's subject: %s is the game's title. */
		snprintf(subject, sizeof subject, _("%s tournaments"),
		         reply_game_title(tf->game));
	acctoken_sender_subject(c, subject, with, sizeof with);
	reply_queue(&c->s, t, c->sender, with, mail, NULL, 0, NULL);
	explicit_bzero(with, sizeof with);
	free(mail);
	return CMD_DONE;
}

/* The name word: lower-cased, checked.  CMD_DONE or the refusal. */
static enum cmd_status name_word(struct cmdctx *c, char *name,
                                 const char *usage)
{
	util_lower(name);
	if (!util_tourney_name_ok(name))
		return cmd_refuse(c, usage, _("'%.40s' is not a tournament name: "
		                  "1 to 20 letters, digits or -, not starting "
		                  "with -"), name);
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
	char err[GAME_OPTIONS_ERR_MAX], key[64], *text;
	const char *format = NULL;
	enum cmd_status st;
	struct txn *t;
	int i, exists, reuse, rounds = 1, lo = 3, hi = 10, swiss, knockout;
	int rounds_given = 0, players_given = 0;
	char start[16] = "";

	if (argc < 3)
		return cmd_refuse(c, usage, "%s", _("tournament create needs a "
		                  "name, your userid and your password"));
	if ((st = name_word(c, argv[0], usage)) != CMD_DONE)
		return st;
	if (strncmp(argv[0], "league-", 7) == 0)
		return cmd_refuse(c, usage, "%s", _("tournament names starting "
		                  "with league- are the league's (league.c)"));
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
				/* TRANSLATORS: keep the options (-rounds=)
				 * as they are: what a player types. */
				return cmd_refuse(c, usage, _("-rounds=%.20s is not a "
				                  "number of rounds"), w + 8);
			rounds_given = 1;
			continue;
		}
		if (strncasecmp(w, "-players=", 9) == 0) {
			if (sscanf(w + 9, "%d-%d%n", &lo, &hi, &used) != 2 ||
			    w[9 + used] || lo < 3 || hi < lo || hi > TF_PLAYERS_MAX)
				/* TRANSLATORS: keep the options (-players=,
				 * -players=4-8) as they are: what a player
				 * types. */
				return cmd_refuse(c, usage, _("-players=%.20s: write "
				                  "MIN-MAX, from 3 to %d players (e.g. "
				                  "-players=4-8)"), w + 9, TF_PLAYERS_MAX);
			players_given = 1;
			continue;
		}
		if (strncasecmp(w, "-start=", 7) == 0) {
			if (!start_ok(w + 7, c->s.now))
				/* TRANSLATORS: keep the options (-start=)
				 * as they are: what a player types. */
				return cmd_refuse(c, usage, _("-start=%.20s: write a "
				                  "day as YYYY-MM-DD, today or later "
				                  "(UTC)"), w + 7);
			snprintf(start, sizeof start, "%s", w + 7);
			continue;
		}
		if (game_option_apply(&o, &set, w, err, sizeof err) < 0) {
			buf_free(&opts);
			return cmd_refuse(c, usage, "%s", err);
		}
		if (opts.len + strlen(w) + 2 >= TF_OPTIONS_MAX) {
			buf_free(&opts);
			return cmd_refuse(c, usage, "%s", _("too many game "
			                  "options"));
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
		/* TRANSLATORS: %1$d is the most players, %2$d-%1$d the
		   option's values to write.
		   Keep the options (-players=) as they are: what a player
		   types. */
		return cmd_refuse(c, usage, _("a double round robin takes at "
		                  "most %1$d players: write -players=%2$d-%1$d or "
		                  "fewer"), TF_DOUBLE_MAX,
		                  lo > TF_DOUBLE_MAX ? 3 : lo);
	}
	if (!format || (strcasecmp(format, "roundrobin") != 0 &&
	                strcasecmp(format, "swiss") != 0 &&
	                strcasecmp(format, "knockout") != 0)) {
		buf_free(&opts);
		/* TRANSLATORS: keep the options (-format=roundrobin,
		 * -format=swiss, -format=knockout) as they are: what a
		 * player types. */
		return cmd_refuse(c, usage, "%s", _("tournament create needs "
		                  "-format=roundrobin, -format=swiss or "
		                  "-format=knockout"));
	}
	knockout = strcasecmp(format, "knockout") == 0;
	if (knockout && rounds_given) {
		buf_free(&opts);
		return cmd_refuse(c, usage, "%s", _("-rounds: a knockout's "
		                  "rounds come from its number of players (leave "
		                  "-rounds out)"));
	}
	if (knockout && !players_given) {
		lo = 4;
		hi = 16;
	}
	swiss = strcasecmp(format, "swiss") == 0;
	if (swiss && (!rounds_given || rounds > TF_SWISS_ROUNDS_MAX)) {
		buf_free(&opts);
		/* TRANSLATORS: keep the options (-rounds=N) as they are:
		 * what a player types. */
		return cmd_refuse(c, usage, _("a Swiss needs its number of "
		                  "rounds, -rounds=N, from 1 to %d"),
		                  TF_SWISS_ROUNDS_MAX);
	}
	if (!swiss && rounds > 2) {
		buf_free(&opts);
		/* TRANSLATORS: keep the options (-rounds=) as they are:
		 * what a player types. */
		return cmd_refuse(c, usage, _("-rounds=%d: a round robin is "
		                  "played once (1) or twice (2, a double round "
		                  "robin)"), rounds);
	}
	if (swiss && !players_given) {
		lo = rounds + 1 > 3 ? rounds + 1 : 3;
		hi = TF_PLAYERS_MAX;
	}
	if (swiss && lo <= rounds) {
		char least[64];

		buf_free(&opts);
		/* TRANSLATORS: the players a Swiss needs, in "a Swiss of 3
		   rounds needs at least 4 players (-players=4-64)". */
		snprintf(least, sizeof least, ngettext("at least %d player",
		         "at least %d players", rounds + 1), rounds + 1);
		/* TRANSLATORS: %1$d is the rounds, %2$s the least players ("at
		   least 4 players"), %3$d-%4$d the option's values to write;
		   "-players=" is the option's name: keep it as it is. */
		return cmd_refuse(c, usage, ngettext("a Swiss of %1$d round needs "
		                  "%2$s (-players=%3$d-%4$d)", "a Swiss of %1$d "
		                  "rounds needs %2$s (-players=%3$d-%4$d)", rounds),
		                  rounds, least, rounds + 1,
		                  hi > rounds + 1 ? hi : rounds + 1);
	}
	if ((st = tf_lock(&c->s, argv[0], game, &tf, &exists, &l1, &l2, key,
	                  sizeof key)) != CMD_DONE) {
		buf_free(&opts);
		return st;
	}
	/* The organiser's own cancelled tournament gives its name (and
	 * its file) to the new one. */
	reuse = exists && tf.state == TF_CANCELLED &&
	        strcmp(tf.organiser, argv[1]) == 0;
	if (exists && !reuse) {
		/* TRANSLATORS: %1$s is the tournament's name, %2$s the game;
		   the words in brackets are a command.
		   Keep the command words as they are: what a player
		   types. */
		st = cmd_refuse(c, usage, _("there is a tournament %1$s already "
		                "(%2$s tournament show %1$s)"), argv[0], tf.game);
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
		/* TRANSLATORS: %1$s is the userid. */
		st = cmd_refuse(c, usage, ngettext("you (%1$s) organise %2$d "
		                "tournament not started yet or cancelled, as many "
		                "as one player may; start it first, or create again "
		                "under the name of one you cancelled", "you (%1$s) "
		                "organise %2$d tournaments not started yet or "
		                "cancelled, as many as one player may; start one "
		                "first, or create again under the name of one you "
		                "cancelled", TF_OPEN_PER_ORGANISER), argv[1],
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
		/* TRANSLATORS: %1$s is the tournament's name, %2$s the game;
		   the words after "join with:" are a command.
		   Keep the command words, USERID and PASSWORD as they are:
		   what a player types. */
		snprintf(head, sizeof head, _("You created tournament %1$s; you "
		         "are its organiser and first player.  Others join with: "
		         "%2$s tournament join %1$s USERID PASSWORD"), tf.name,
		         game);
		/* TRANSLATORS: a mail's subject: %1$s is the game's title
		 * ("Epaminondas"), %2$s the tournament's name; keep %1$s
		 * first, a reply is read by it. */
		st = answer_sender(c, t, &tf, _("%1$s tournament %2$s: created"),
		                   head, text);
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
		return cmd_refuse(c, usage, "%s", _("this needs the tournament's "
		                  "name, your userid and your password"));
	if ((st = name_word(c, argv[0], usage)) != CMD_DONE)
		return st;
	util_lower(argv[1]);
	if ((st = cmd_auth(c, argv[1], argv[2], usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	if ((st = tf_lock(&c->s, argv[0], game, tf, &exists, l1, l2, key,
	                  keylen)) != CMD_DONE)
		return st;
	if (!exists || strcmp(tf->game, game) != 0) {
		tf_free(tf);
		tf_unlock(l1, l2);
		/* TRANSLATORS: %1$s is the game, %2$s the tournament's name. */
		return cmd_refuse(c, usage, _("there is no %1$s tournament %2$s"),
		                  game, argv[0]);
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
		st = cmd_refuse(c, usage, tf.state == TF_RUNNING ?
		                _("tournament %s has started: it takes no more "
		                  "players") : tf.state == TF_FINISHED ?
		                _("tournament %s has finished: it takes no more "
		                  "players") :
		                _("tournament %s has been cancelled: it takes no "
		                  "more players"), tf.name);
	else if (tf_player_index(&tf, argv[1]) >= 0)
		/* TRANSLATORS: %1$s is the userid, %2$s the tournament's
		   name. */
		st = cmd_refuse(c, usage, _("you (%1$s) are in tournament %2$s "
		                "already"), argv[1], tf.name);
	else if (tf.nplayers >= tf.max_players)
		st = cmd_refuse(c, usage, ngettext("tournament %s is full: it has "
		                "its %d player", "tournament %s is full: it has "
		                "its %d players", tf.max_players), tf.name,
		                tf.max_players);
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
	/* TRANSLATORS: %1$s is the userid, %2$s the tournament's name. */
	snprintf(head, sizeof head, _("You (%1$s) joined tournament %2$s.  "
	         "Your boards will come by mail when it starts."), argv[1],
	         tf.name);
	/* TRANSLATORS: a mail's subject: %1$s is the game's title
	 * ("Epaminondas"), %2$s the tournament's name; keep %1$s
	 * first, a reply is read by it. */
	st = answer_sender(c, t, &tf, _("%1$s tournament %2$s: joined"), head,
	                   text);
	free(text);
	st = st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
	tf_free(&tf);
	tf_unlock(&l1, &l2);
	return st;
}

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

	if (tf_lock(&c->s, name, game, &tf, &exists, &l1, &l2, key,
	            sizeof key) != CMD_DONE)
		return;
	if (exists)
		tourney_next(&c->s, &tf, key, NULL);
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
		/* TRANSLATORS: %1$s is the userid, %2$s the tournament's
		   name. */
		st = cmd_refuse(c, usage, _("you (%1$s) are not in tournament "
		                "%2$s"), argv[1], tf.name);
	else if (tf.state == TF_CANCELLED || tf.state == TF_FINISHED)
		st = cmd_refuse(c, usage, tf.state == TF_FINISHED ?
		                _("tournament %s is over (finished)") :
		                _("tournament %s is over (cancelled)"), tf.name);
	else if (running && tf.player[i].withdrawn)
		st = cmd_refuse(c, usage, _("you (%1$s) withdrew from tournament "
		                "%2$s already"), argv[1], tf.name);
	else if (!running && strcmp(argv[1], tf.organiser) == 0)
		st = cmd_refuse(c, usage, _("you (%1$s) organise tournament "
		                "%2$s: the organiser plays in it and cannot leave "
		                "before the start"), argv[1], tf.name);
	if (st != CMD_DONE) {
		tf_free(&tf);
		tf_unlock(&l1, &l2);
		return st;
	}
	if (running) {
		tf.player[i].withdrawn = c->s.now;
		if (tf_knockout(&tf))
			/* TRANSLATORS: %1$s is the userid, %2$s the
			   tournament's name. */
			snprintf(head, sizeof head, _("You (%1$s) withdrew from "
			         "tournament %2$s.  Your games still running are "
			         "resigned now; a match of yours not decided by its "
			         "games goes to your opponent, and you play no "
			         "more."), argv[1], tf.name);
		else if (tf_swiss(&tf))
			snprintf(head, sizeof head, _("You (%1$s) withdrew from "
			         "tournament %2$s.  Your games still running are "
			         "resigned now; your results stand, and you are not "
			         "paired again."), argv[1], tf.name);
		else
			snprintf(head, sizeof head, _("You (%1$s) withdrew from "
			         "tournament %2$s.  Your games still running are "
			         "resigned now.  Had you finished fewer than half of "
			         "your games, all your results are cancelled; else "
			         "they stand (FIDE's rule)."), argv[1], tf.name);
	} else {
		memmove(&tf.player[i], &tf.player[i + 1],
		        (size_t)(tf.nplayers - i - 1) * sizeof tf.player[0]);
		tf.nplayers--;
		/* TRANSLATORS: %1$s is the userid, %2$s the tournament's
		   name. */
		snprintf(head, sizeof head, _("You (%1$s) left tournament "
		         "%2$s."), argv[1], tf.name);
	}
	t = svc_txn(&c->s, key);
	put_tf(t, &tf);
	text = tt_text(&tf, NULL);
	st = answer_sender(c, t, &tf, running ?
	                   /* TRANSLATORS: a mail's subject: %1$s is the game's
	                    * title ("Epaminondas"), %2$s the tournament's
	                    * name; keep %1$s first, a reply is read by it. */
	                   _("%1$s tournament %2$s: withdrawn") :
	                   /* TRANSLATORS: a mail's subject: %1$s is the game's
	                    * title ("Epaminondas"), %2$s the tournament's
	                    * name; keep %1$s first, a reply is read by it. */
	                   _("%1$s tournament %2$s: left"), head, text);
	free(text);
	st = st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
	tf_unlock(&l1, &l2);
	if (st == CMD_DONE && running)
		st = withdraw_boards(&c->s, &tf, argv[1]);
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
		/* TRANSLATORS: %1$s is the tournament's name, %2$s its
		   organiser's userid. */
		st = cmd_refuse(c, usage, strcmp(verb, "start") == 0 ?
		                _("only the organiser of tournament %1$s (%2$s) "
		                  "can start it") :
		                _("only the organiser of tournament %1$s (%2$s) "
		                  "can cancel it"), tf->name, tf->organiser);
	else if (tf->state != TF_OPEN)
		st = cmd_refuse(c, usage, tf->state == TF_RUNNING ?
		                _("tournament %s has started already (it runs to "
		                  "its end; a player may withdraw with tournament "
		                  "leave)") : tf->state == TF_FINISHED ?
		                _("tournament %s has finished") :
		                _("tournament %s has been cancelled already"),
		                tf->name);
	else if (strcmp(verb, "start") == 0 && tf->nplayers < tf->min_players)
		/* TRANSLATORS: %1$s is the tournament's name, %2$d its
		   players, %3$d the least it needs. */
		st = cmd_refuse(c, usage, ngettext("tournament %1$s has %2$d "
		                "player: it needs at least %3$d to start",
		                "tournament %1$s has %2$d players: it needs at "
		                "least %3$d to start", tf->nplayers), tf->name,
		                tf->nplayers, tf->min_players);
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
	/* TRANSLATORS: why a tournament started, in brackets after
	   "Tournament NAME has started"; %s is the organiser's userid. */
	snprintf(why, sizeof why, _("started by %s"), tf.organiser);
	st = tourney_start(&c->s, t, &tf, why);
	st = st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
	if (st == CMD_REFUSED)
		cmd_refuse(c, usage, _("the first round of tournament %s cannot "
		           "be paired (see the server's log)"), tf.name);
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
	/* TRANSLATORS: %1$s is the tournament's name, %2$s its organiser's
	   userid. */
	snprintf(head, sizeof head, _("Tournament %1$s is cancelled by its "
	         "organiser, %2$s, before its start: no game of it is "
	         "played."), tf.name, tf.organiser);
	/* TRANSLATORS: a mail's subject: %1$s is the game's title
	 * ("Epaminondas"), %2$s the tournament's name; keep %1$s
	 * first, a reply is read by it. */
	st = table_to_all(&c->s, t, &tf, NULL, _("%1$s tournament %2$s: "
	                  "cancelled"), head);
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
		return cmd_refuse(c, usage, "%s", _("tournament show needs the "
		                  "tournament's name (and nothing else)"));
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
		return cmd_refuse(c, usage, _("there is no %1$s tournament %2$s"),
		                  game, argv[0]);
	}
	if (tf.state == TF_RUNNING || tf.state == TF_FINISHED) {
		if (tt_build(c->s.cfg, &tf, NULL, &tt) < 0) {
			tf_free(&tf);
			return CMD_TEMPFAIL;
		}
		have = 1;
	}
	text = tt_text(&tf, have ? &tt : NULL);
	snprintf(head, sizeof head, _("Tournament %s."), tf.name);
	t = svc_txn(&c->s, c->s.msg_key);
	/* TRANSLATORS: a mail's subject: %1$s is the game's title
	 * ("Epaminondas"), %2$s the tournament's name; keep %1$s
	 * first, a reply is read by it. */
	st = answer_sender(c, t, &tf, _("%1$s tournament %2$s: table"), head,
	                   text);
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
		return cmd_refuse(c, usage, "%s", _("tournament needs create, "
		                  "join, leave, start, cancel or show after it"));
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
	return cmd_refuse(c, usage, _("'tournament %.20s' is not a "
	                  "tournament command: create, join, leave, start, "
	                  "cancel or show"), argv[0]);
}

/* tf's line in the list of tournaments, appended to b: its name, its
 * format (the -format= word, "double " before a double round robin's),
 * its state, players and organiser. */
static void list_line(struct buf *b, const struct tfile *tf)
{
	int dbl = !tf_swiss(tf) && !tf_knockout(tf) && tf->rounds == 2;
	unsigned long n = (unsigned long)tf->nplayers;
	int open = tf->state == TF_OPEN, running = tf->state == TF_RUNNING;

	/* TRANSLATORS: a line of the list of tournaments: %1$s is its name,
	   %2$s its format (roundrobin, swiss or knockout: the words of
	   -format=), %3$d its players, %4$s its organiser's userid. */
	buf_printf(b, open && dbl ? ngettext("  %1$-20s double %2$s, open, "
	           "%3$d player, organised by %4$s\n", "  %1$-20s double %2$s, "
	           "open, %3$d players, organised by %4$s\n", n) :
	           open ? ngettext("  %1$-20s %2$s, open, %3$d player, "
	           "organised by %4$s\n", "  %1$-20s %2$s, open, %3$d players, "
	           "organised by %4$s\n", n) :
	           running && dbl ? ngettext("  %1$-20s double %2$s, running, "
	           "%3$d player, organised by %4$s\n", "  %1$-20s double %2$s, "
	           "running, %3$d players, organised by %4$s\n", n) :
	           running ? ngettext("  %1$-20s %2$s, running, %3$d player, "
	           "organised by %4$s\n", "  %1$-20s %2$s, running, %3$d "
	           "players, organised by %4$s\n", n) :
	           dbl ? ngettext("  %1$-20s double %2$s, finished, %3$d "
	           "player, organised by %4$s\n", "  %1$-20s double %2$s, "
	           "finished, %3$d players, organised by %4$s\n", n) :
	           ngettext("  %1$-20s %2$s, finished, %3$d player, organised "
	           "by %4$s\n", "  %1$-20s %2$s, finished, %3$d players, "
	           "organised by %4$s\n", n), tf->name, tf->format,
	           tf->nplayers, tf->organiser);
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
		return cmd_refuse(c, usage, "%s", _("tournaments takes no words "
		                  "after it"));
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
			list_line(&b, &tf);
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
		buf_puts(&b, _("  (none yet: tournament create makes one)\n"));
	if (more)
		buf_printf(&b, ngettext("  and %d more that does not fit in this "
		           "mail (tournament show NAME gives one)\n", "  and %d "
		           "more that do not fit in this mail (tournament show "
		           "NAME gives one)\n", more), more);
	memset(&dummy, 0, sizeof dummy);
	snprintf(dummy.game, sizeof dummy.game, "%s", game);
	t = svc_txn(&c->s, c->s.msg_key);
	st = answer_sender(c, t, &dummy, NULL, _("The tournaments (running "
	                   "ones finish when their last game does):"),
	                   buf_str(&b));
	buf_free(&b);
	return st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
}

