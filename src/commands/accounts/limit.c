/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * limit.c - "limit USERID PASSWORD [N|none|accept|reject|ask]" (issue 17,
 * pbmserv's limit): two settings on the player's account (users.h).
 *
 *   - N (0 to USER_LIMIT_MAX) caps the player's active games: boards
 *     being played, challenges the player has agreed to (signed or
 *     accepted) and open seeks (seeks.h).  Challenges strangers send and
 *     the player has not accepted do not count, so nobody can fill
 *     another's limit.  A challenge naming the player, the player's
 *     accept of one, a seek of theirs or a take of someone's seek that
 *     would go over is refused, its sender told why; none is no cap (the
 *     default).
 *   - accept [-time=T] [-size=S]: a signed challenge ("... by USERID
 *     PASSWORD") naming the player is accepted at once (within the cap)
 *     when its time control and board size are ones the player takes
 *     automatically (issue 29, spool/accept.h): by default none faster
 *     than the server's default control and only the game's own size,
 *     so that nobody can start a fast game for her by surprise.  One
 *     outside them, and an unsigned one (nothing says who sent it),
 *     waits for her accept; the board mail says why.  reject: every
 *     challenge naming the player is refused at once, except one the
 *     player signs.  ask: challenges wait for accept (the default).
 *     Each of the three sets the whole setting: accept without -time or
 *     -size takes the defaults again.
 *
 * Without a value the settings are shown.  "list" and "standings" mark
 * the players who set either.
 */
#include "commands/accounts/account.h"
#include "commands/cmd.h"
#include "services/robot.h"
#include "commands/table.h"
#include "game/clock.h"
#include "spool/accept.h"
#include "spool/seeks.h"
#include "spool/txn.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int limit_active_games(const struct cmdctx *c, const char *userid)
{
	int boards = player_agreed_games(c->s.cfg, userid);
	int seeks = seek_count_open(c->s.cfg->spool, userid, c->s.now);

	if (boards < 0 || seeks < 0)
		return -1;
	return boards + seeks;
}

enum cmd_status limit_room(struct cmdctx *c, const struct user *u,
                           int adding, const char *usage)
{
	int n;

	if (u->game_limit < 0)
		return CMD_DONE;
	if ((n = limit_active_games(c, u->userid)) < 0)
		return CMD_TEMPFAIL;
	if (n + adding <= u->game_limit)
		return CMD_DONE;
	/* TRANSLATORS: %1$s is the userid, %2$d the active games, %3$d
	   the limit.
	   Keep the command words as they are: what a player types. */
	return cmd_refuse(c, usage, ngettext("%1$s has %2$d active game "
	                  "(boards being played, challenges agreed to and open "
	                  "seeks) and a limit of %3$d (set with \"limit\"): no "
	                  "more until one of them is over", "%1$s has %2$d "
	                  "active games (boards being played, challenges agreed "
	                  "to and open seeks) and a limit of %3$d (set with "
	                  "\"limit\"): no more until one of them is over", n),
	                  u->userid, n, u->game_limit);
}

void limit_words(const struct user *u, char *buf, size_t len)
{
	int accept = u->challenges == USER_CHALLENGES_ACCEPT;
	int reject = u->challenges == USER_CHALLENGES_REJECT;

	/* TRANSLATORS: a player's limits, in brackets after the userid in
	   the list of players; %d is the most active games. */
	if (u->game_limit >= 0)
		snprintf(buf, len, accept ? _("limit %d, accepts signed") :
		         reject ? _("limit %d, no challenges") : _("limit %d"),
		         u->game_limit);
	else
		snprintf(buf, len, "%s", accept ? _("accepts signed") :
		         reject ? _("no challenges") : "");
}

enum limit_take limit_takes(const struct cmdctx *c, const struct user *u,
                            const char *game, const struct ep_options *o,
                            const struct game_settings *set)
{
	const struct accept_set *a = &u->accept;
	long floor = a->move_secs == ACCEPT_TIME_DEFAULT ?
	             (long)c->s.cfg->forfeit_days * 86400L : a->move_secs;
	struct ep_options own;
	char err[EP_ERR_MAX];

	if (tc_pace(&set->tc, (long)c->s.cfg->forfeit_days * 86400L) < floor)
		return LIMIT_TOO_FAST;
	if (ep_options_default(&own, game, err, sizeof err) < 0 ||
	    !accept_takes_size(a, o->width, o->height, own.width, own.height))
		return LIMIT_OTHER_SIZE;
	return LIMIT_TAKES;
}

/* A time a move in words: "21 days", "1 day", "36 hours". */
static void move_time_words(long secs, char *buf, size_t len)
{
	if (secs % 86400 == 0)
		snprintf(buf, len, ngettext("%ld day", "%ld days",
		         (unsigned long)(secs / 86400)), secs / 86400);
	else if (secs % 3600 == 0)
		snprintf(buf, len, ngettext("%ld hour", "%ld hours",
		         (unsigned long)(secs / 3600)), secs / 3600);
	else
		clock_format_left(secs, buf, len);
}

/* What u's accept starts at once, in words, appended to b. */
static void accept_details(struct cmdctx *c, const struct user *u,
                           struct buf *b)
{
	const struct accept_set *a = &u->accept;
	char when[64], sizes[64];

	if (a->move_secs == ACCEPT_TIME_DEFAULT) {
		move_time_words((long)c->s.cfg->forfeit_days * 86400L, when,
		                sizeof when);
		/* TRANSLATORS: %s is a time, "21 days".
		 * Keep the options (-time=default) as they are: what a
		 * player types. */
		buf_printf(b, _("Time controls taken at once: those giving at "
		           "least %s a move, as the server's default does "
		           "(-time=default).\n"), when);
	} else if (a->move_secs == 0) {
		/* TRANSLATORS: keep the options (-time=any) as they are:
		 * what a player types. */
		buf_puts(b, _("Time controls taken at once: every one "
		         "(-time=any).\n"));
	} else {
		move_time_words(a->move_secs, when, sizeof when);
		accept_format_time(a, sizes, sizeof sizes);
		/* TRANSLATORS: %1$s is a time, "21 days", %2$s the same as
		   the option's value, "21d".
		   Keep the options (-time=) as they are: what a player
		   types. */
		buf_printf(b, _("Time controls taken at once: those giving at "
		           "least %1$s a move (-time=%2$s).\n"), when, sizes);
	}
	if (a->any_size) {
		/* TRANSLATORS: keep the options (-size=any) as they are:
		 * what a player types. */
		buf_puts(b, _("Board sizes taken at once: every one "
		         "(-size=any).\n"));
	} else if (a->nsize == 0) {
		/* TRANSLATORS: keep the options (-size=default) as they
		 * are: what a player types. */
		buf_puts(b, _("Board sizes taken at once: the game's own size "
		         "only (-size=default).\n"));
	} else {
		accept_format_size(a, sizes, sizeof sizes);
		/* TRANSLATORS: %s is the option's value, "14x12,default".
		 * Keep the options (-size=) as they are: what a player
		 * types. */
		buf_printf(b, _("Board sizes taken at once: -size=%s (\"default\" "
		           "is the game's own size).\n"), sizes);
	}
}

/* The settings of u in words, appended to b. */
static void limit_details(struct cmdctx *c, const struct user *u,
                          struct buf *b)
{
	int n = limit_active_games(c, u->userid);

	if (u->game_limit >= 0 && n >= 0)
		/* TRANSLATORS: %1$d is the limit, %2$d the active games. */
		buf_printf(b, ngettext("Active games: at most %1$d at once (you "
		           "have %2$d now: boards being played, challenges you "
		           "agreed to and open seeks).\n", "Active games: at most "
		           "%1$d at once (you have %2$d now: boards being played, "
		           "challenges you agreed to and open seeks).\n", n),
		           u->game_limit, n);
	else if (u->game_limit >= 0)
		buf_printf(b, ngettext("Active games: at most %d at once.\n",
		           "Active games: at most %d at once.\n", u->game_limit),
		           u->game_limit);
	else if (n >= 0)
		buf_printf(b, ngettext("Active games: no limit (you have %d now: "
		           "boards being played, challenges you agreed to and open "
		           "seeks).\n", "Active games: no limit (you have %d now: "
		           "boards being played, challenges you agreed to and open "
		           "seeks).\n", n), n);
	else
		buf_puts(b, _("Active games: no limit.\n"));
	buf_puts(b, u->challenges == USER_CHALLENGES_ACCEPT ?
	         _("Challenges naming you: a signed one is accepted at once "
	           "when its time control and board size are ones you take "
	           "(below); any other, and an unsigned one, waits for your "
	           "accept\n") :
	         u->challenges == USER_CHALLENGES_REJECT ?
	         _("Challenges naming you: refused at once (except one you "
	           "sign yourself)\n") :
	         _("Challenges naming you: each waits for your accept or "
	           "decline\n"));
	if (u->challenges == USER_CHALLENGES_ACCEPT)
		accept_details(c, u, b);
	/* TRANSLATORS: %s is the userid; the limit lines are commands:
	   their words stay. */
	buf_printf(b, _("\nTo change them:\n  limit %1$s PASSWORD N|none\n"
	           "  limit %1$s PASSWORD accept [-time=Nd|Nh|default|any] "
	           "[-size=WxH,...|default|any]\n"
	           "  limit %1$s PASSWORD reject|ask"), u->userid);
}

/* The words after "accept" (-time=, -size=, each once) into *a, from
 * the defaults.  CMD_DONE, or the refusal. */
static enum cmd_status accept_options(struct cmdctx *c, int argc,
                                      char **argv, const char *usage,
                                      struct accept_set *a)
{
	int i, k, time_given = 0, size_given = 0;

	accept_default(a);
	for (i = 0; i < argc; i++) {
		const char *w = argv[i] + (strncmp(argv[i], "--", 2) == 0);
		util_lower(argv[i]);
		if (strncmp(w, "-time=", 6) == 0 && !time_given++) {
			if (accept_parse_time(a, w + 6) < 0)
				/* TRANSLATORS: keep the option names and
				 * values as they are: what a player
				 * types. */
				return cmd_refuse(c, usage, _("'%.40s' is not a time "
				                  "control you take at once: write "
				                  "-time=Nd or -time=Nh (the least time a "
				                  "move, 1 hour to 365 days), -time=default "
				                  "(as much as the server's default control "
				                  "gives) or -time=any"), argv[i]);
		} else if (strncmp(w, "-size=", 6) == 0 && !size_given++) {
			int bad = accept_parse_size(a, w + 6) < 0;
			for (k = 0; !bad && k < a->nsize; k++)
				bad = a->w[k] && (a->w[k] < EP_MIN_W ||
				                  a->w[k] > EP_MAX_W ||
				                  a->h[k] < EP_MIN_H ||
				                  a->h[k] > EP_MAX_H);
			if (bad)
				/* TRANSLATORS: %1$.40s is what was written, %2$d
				   the most sizes, %3$d to %4$d the widths, %5$d to
				   %6$d the heights.
				   Keep the options (-size=WxH,
				   -size=default, -size=any) as they are:
				   what a player types. */
				return cmd_refuse(c, usage, ngettext("'%1$.40s' is not "
				                  "a list of board sizes: write -size=WxH, up "
				                  "to %2$d size separated by commas (width "
				                  "%3$d to %4$d, height %5$d to %6$d; "
				                  "\"default\" for the game's own size), "
				                  "-size=default or -size=any", "'%1$.40s' is "
				                  "not a list of board sizes: write "
				                  "-size=WxH, up to %2$d sizes separated by "
				                  "commas (width %3$d to %4$d, height %5$d to "
				                  "%6$d; \"default\" for the game's own "
				                  "size), -size=default or -size=any",
				                  ACCEPT_SIZES), argv[i], ACCEPT_SIZES,
				                  EP_MIN_W, EP_MAX_W, EP_MIN_H, EP_MAX_H);
		} else {
			/* TRANSLATORS: keep the options (-time=, -size=) as
			 * they are: what a player types. */
			return cmd_refuse(c, usage, _("'%.40s' is not a setting of "
			                  "accept: it takes -time= and -size=, each "
			                  "once"), argv[i]);
		}
	}
	return CMD_DONE;
}

enum cmd_status cmd_limit(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "limit", CMDT_ACCOUNT, NULL);
	struct user u;
	struct lock l;
	struct buf d = BUF_INIT;
	struct accept_set a;
	enum cmd_status st;
	long n = -2;
	char *end;
	int mode = -1;

	if (argc < 2 || argc > 5)
		return cmd_refuse(c, usage, _("limit takes your userid, your "
		                  "password and a number (0-%d), none, accept, "
		                  "reject or ask; without the last word it shows "
		                  "your settings"), USER_LIMIT_MAX);
	accept_default(&a);
	if (argc >= 3) {
		util_lower(argv[2]);
		if (argc > 3 && strcmp(argv[2], "accept") != 0)
			/* TRANSLATORS: keep the options (-time=, -size=) as
			 * they are: what a player types. */
			return cmd_refuse(c, usage, _("only accept takes settings "
			                  "after it (-time= and -size=), not %.40s"),
			                  argv[2]);
		if (strcmp(argv[2], "none") == 0) {
			n = -1;
		} else if (strcmp(argv[2], "accept") == 0) {
			mode = USER_CHALLENGES_ACCEPT;
			if ((st = accept_options(c, argc - 3, argv + 3, usage, &a)) !=
			    CMD_DONE)
				return st;
		} else if (strcmp(argv[2], "reject") == 0) {
			mode = USER_CHALLENGES_REJECT;
		} else if (strcmp(argv[2], "ask") == 0) {
			mode = USER_CHALLENGES_ASK;
		} else {
			n = strtol(argv[2], &end, 10);
			if (argv[2][0] < '0' || argv[2][0] > '9' || *end ||
			    strlen(argv[2]) > 3 || n < 0 || n > USER_LIMIT_MAX)
				return cmd_refuse(c, usage, _("'%.40s' is not a limit: a "
				                  "number of games from 0 to %d, none, "
				                  "accept, reject or ask"), argv[2],
				                  USER_LIMIT_MAX);
		}
	}
	if ((st = account_open(c, argv[0], argv[1], usage, &u, &l)) != CMD_DONE)
		return st;
	if (argc == 2) {
		struct txn *t = svc_txn(&c->s, c->s.msg_key);
		enum cmd_status st;

		limit_details(c, &u, &d);
		st = account_reply(c, t, u.userid, _("your limits"), buf_str(&d));
		buf_free(&d);
		account_close(&u, &l);
		if (st != CMD_DONE) {
			txn_abort(t);
			return st;
		}
		return svc_commit(&c->s, t);
	}
	if (n >= -1)
		u.game_limit = (int)n;
	if (mode >= 0) {
		u.challenges = (enum user_challenges)mode;
		u.accept = a;  /* for reject and ask: the defaults */
	}
	limit_details(c, &u, &d);
	st = account_save(c, &u, _("limit changed"), buf_str(&d), NULL);
	buf_free(&d);
	account_close(&u, &l);
	return st;
}
