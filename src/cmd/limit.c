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
 *   - accept: a signed challenge ("... by USERID PASSWORD") naming the
 *     player is accepted at once (within the cap); an unsigned one still
 *     waits for accept, since nothing says who sent it.  reject: every
 *     challenge naming the player is refused at once, except one the
 *     player signs.  ask: challenges wait for accept (the default).
 *
 * Without a value the settings are shown.  "list" and "standings" mark
 * the players who set either.
 */
#include "cmd/account.h"
#include "cmd/cmd.h"
#include "cmd/robot.h"
#include "cmd/table.h"
#include "spool/seeks.h"
#include "spool/txn.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int limit_active_games(const struct cmdctx *c, const char *userid)
{
	int boards = player_agreed_games(c->cfg, userid);
	int seeks = seek_count_open(c->cfg->spool, userid, c->now);

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
	return cmd_refuse(c, usage, "%s has %d active game%s (boards being "
	                  "played, challenges agreed to and open seeks) and a "
	                  "limit of %d (set with \"limit\"): no more until one "
	                  "of them is over", u->userid, n, n == 1 ? "" : "s",
	                  u->game_limit);
}

void limit_words(const struct user *u, char *buf, size_t len)
{
	char cap[32] = "";

	if (u->game_limit >= 0)
		snprintf(cap, sizeof cap, "limit %d", u->game_limit);
	snprintf(buf, len, "%s%s%s", cap,
	         cap[0] && u->challenges != USER_CHALLENGES_ASK ? ", " : "",
	         u->challenges == USER_CHALLENGES_ACCEPT ? "accepts signed" :
	         u->challenges == USER_CHALLENGES_REJECT ? "no challenges" : "");
}

/* The settings of u in words, appended to b. */
static void limit_details(struct cmdctx *c, const struct user *u,
                          struct buf *b)
{
	int n = limit_active_games(c, u->userid);

	if (u->game_limit >= 0)
		buf_printf(b, "Active games: at most %d at once", u->game_limit);
	else
		buf_puts(b, "Active games: no limit");
	if (n >= 0)
		buf_printf(b, " (you have %d now: boards being played, challenges "
		           "you agreed to and open seeks).\n", n);
	else
		buf_puts(b, ".\n");
	buf_printf(b, "Challenges naming you: %s\n",
	           u->challenges == USER_CHALLENGES_ACCEPT ?
	           "a signed one is accepted at once (an unsigned one waits for "
	           "your accept)" :
	           u->challenges == USER_CHALLENGES_REJECT ?
	           "refused at once (except one you sign yourself)" :
	           "each waits for your accept or decline");
	buf_printf(b, "\nTo change them:\n  limit %s PASSWORD N|none\n"
	           "  limit %s PASSWORD accept|reject|ask", u->userid, u->userid);
}

enum cmd_status cmd_limit(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "limit", CMDT_ACCOUNT, NULL);
	struct user u;
	struct lock l;
	struct buf d = BUF_INIT;
	enum cmd_status st;
	long n = -2;
	char *end;
	int mode = -1;

	if (argc < 2 || argc > 3)
		return cmd_refuse(c, usage, "limit takes your userid, your "
		                  "password and a number (0-%d), none, accept, "
		                  "reject or ask; without the last word it shows "
		                  "your settings", USER_LIMIT_MAX);
	if (argc == 3) {
		util_lower(argv[2]);
		if (strcmp(argv[2], "none") == 0) {
			n = -1;
		} else if (strcmp(argv[2], "accept") == 0) {
			mode = USER_CHALLENGES_ACCEPT;
		} else if (strcmp(argv[2], "reject") == 0) {
			mode = USER_CHALLENGES_REJECT;
		} else if (strcmp(argv[2], "ask") == 0) {
			mode = USER_CHALLENGES_ASK;
		} else {
			n = strtol(argv[2], &end, 10);
			if (argv[2][0] < '0' || argv[2][0] > '9' || *end ||
			    strlen(argv[2]) > 3 || n < 0 || n > USER_LIMIT_MAX)
				return cmd_refuse(c, usage, "'%.40s' is not a limit: a "
				                  "number of games from 0 to %d, none, "
				                  "accept, reject or ask", argv[2],
				                  USER_LIMIT_MAX);
		}
	}
	if ((st = account_open(c, argv[0], argv[1], usage, &u, &l)) != CMD_DONE)
		return st;
	if (argc == 2) {
		struct txn *t = cmd_txn(c, c->msg_key);
		enum cmd_status st;

		limit_details(c, &u, &d);
		st = account_reply(c, t, u.userid, "your limits", buf_str(&d));
		buf_free(&d);
		account_close(&u, &l);
		if (st != CMD_DONE) {
			txn_abort(t);
			return st;
		}
		return cmd_commit(c, t);
	}
	if (n >= -1)
		u.game_limit = (int)n;
	if (mode >= 0)
		u.challenges = (enum user_challenges)mode;
	limit_details(c, &u, &d);
	st = account_save(c, &u, "limit changed", buf_str(&d), NULL);
	buf_free(&d);
	account_close(&u, &l);
	return st;
}
