/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * challenge.c - "GAME challenge WHITE BLACK [-options] [by USERID
 * PASSWORD]": a new board (SPEC section 9, consent).
 *
 * The first userid plays White and moves first.  The board is made at
 * once in the challenged state, and nothing can be played until both
 * players have agreed, each with their own password or reply token:
 *
 *   - the pbmserv form, without "by", is an unsigned invitation that
 *     anyone may send: it names two players and neither has agreed, so
 *     both must accept (answer.c), and the sender's text is never
 *     relayed, since nothing says who wrote it;
 *   - the signed form ends "by USERID PASSWORD", USERID one of the two
 *     players, who thereby agrees: only the other must accept, and the
 *     body is relayed as the signer's words.
 *
 * Both players must be confirmed (users.h).  Both get the opening board
 * with the words to accept or decline.  Options are those of RULES.md
 * section 6, checked by the rules engine, plus the game settings of
 * game.h (-observers=off); a bad option refuses the challenge and names
 * the problem.
 */
#include "util/log.h"
#include "commands/cmd.h"
#include "commands/table.h"
#include "commands/games/opponents.h"
#include "services/robot.h"
#include "spool/ratelimit.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


static enum cmd_status check_player(struct cmdctx *c, char *userid)
{
	const char *usage = cmd_usage_of(c, "challenge", CMDT_GAME, NULL);
	struct user u;
	char *err = NULL;
	int rc;

	util_lower(userid);
	if (!util_userid_ok(userid))
		return cmd_refuse(c, usage, _("'%s' is not a valid userid"),
		                  userid);
	rc = user_load(c->s.cfg->spool, userid, &u, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0 && c->s.cfg->nrobots > 0 &&
	    strncmp(userid, "robot", 5) == 0) {
		/* "robot..." is reserved (signup): only a robot's name. */
		char names[CONFIG_ROBOTS_MAX * 40] = "", all[sizeof names];
		int i, n = c->s.cfg->nrobots;

		for (i = 0; i + 1 < n; i++)
			snprintf(names + strlen(names), sizeof names - strlen(names),
			         "%s%s", i == 0 ? "" : ", ", c->s.cfg->robot[i].userid);
		if (n > 1)
			/* TRANSLATORS: the last two names of a list: the names
			 * before the last ("robot-a, robot-b"), then the last
			 * one. */
			snprintf(all, sizeof all, _("%s and %s"), names,
			         c->s.cfg->robot[n - 1].userid);
		else
			snprintf(all, sizeof all, "%s", c->s.cfg->robot[0].userid);
		/* TRANSLATORS: the userid asked for, then the list of the
		 * robots' userids. */
		return cmd_refuse(c, usage, _("there is no user '%s': the robots "
		                    "here are %s"), userid, all);
	}
	if (rc > 0)
		return cmd_refuse(c, usage, _("there is no user '%s'"), userid);
	if (u.left) {
		user_free(&u);
		return cmd_refuse(c, usage, _("'%s' has signed off and "
		                    "plays no more"), userid);
	}
	if (u.robot) {
		user_free(&u);
		if (!config_robot(c->s.cfg, userid))
			return cmd_refuse(c, usage, _("the robot '%s' does not play "
			                    "on this server now"), userid);
		return CMD_DONE;
	}
	rc = user_confirmed(&u);
	user_free(&u);
	if (!rc)
		return cmd_refuse(c, usage, _("'%s' has not confirmed an "
		                    "address yet, so cannot be challenged"), userid);
	return CMD_DONE;
}

/* "by USERID PASSWORD" at the end of the words: the signer agrees.
 * CMD_DONE with *side set (-1: unsigned) and argc cut, else a refusal. */
static enum cmd_status challenge_signer(struct cmdctx *c, int *argc,
                                        char **argv, int *side)
{
	const char *usage = cmd_usage_of(c, "challenge", CMDT_GAME, NULL);
	struct user u;
	enum cmd_status st;
	char *who, *pw;

	*side = -1;
	if (*argc < 5 || strcasecmp(argv[*argc - 3], "by") != 0)
		return CMD_DONE;
	who = util_lower(argv[*argc - 2]);
	pw = argv[*argc - 1];
	*argc -= 3;
	if (strcmp(who, argv[0]) == 0)
		*side = EP_WHITE;
	else if (strcmp(who, argv[1]) == 0)
		*side = EP_BLACK;
	else
		/* TRANSLATORS: the userid after "by", then the two
		 * players. */
		return cmd_refuse(c, usage, _("'by %s' must name one of the "
		                    "two players (%s or %s): the one who signs agrees "
		                    "to play"), who, argv[0], argv[1]);
	if ((st = cmd_auth(c, who, pw, usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	return CMD_DONE;
}

/* A challenge naming a robot (issue 16): only a signed one, by the
 * human, and within the robot's limit of active games; then the robot
 * agrees at once.  CMD_DONE with *robot_side the robot's side (-1 when
 * no robot plays), else the refusal. */
static enum cmd_status robot_challenge(struct cmdctx *c, char **argv,
                                       int signer, int *robot_side)
{
	const char *usage = cmd_usage_of(c, "challenge", CMDT_GAME, NULL);
	const struct config_robot *r[2];
	int side, n, mine = 0;

	r[0] = robot_config(c->s.cfg, argv[0]);
	r[1] = robot_config(c->s.cfg, argv[1]);
	*robot_side = -1;
	if (!r[0] && !r[1])
		return CMD_DONE;
	if (r[0] && r[1])
		return cmd_refuse(c, usage, _("%s and %s are both robots: a robot "
		                    "plays people only"), argv[0], argv[1]);
	side = r[0] ? EP_WHITE : EP_BLACK;
	if (signer < 0)
		/* TRANSLATORS: the robot, then the human's userid.
		 * Keep PASSWORD as it is: what a player types. */
		return cmd_refuse(c, usage, _("%s is a robot and accepts signed "
		                    "challenges only: add \"by %s PASSWORD\" (your "
		                    "userid and password) at the end"), argv[side],
		                  argv[!side]);
	n = robot_active_games(c->s.cfg, argv[side], argv[!side], &mine);
	if (n < 0)
		return CMD_TEMPFAIL;
	if (n >= robot_limit(c->s.cfg, r[side]))
		/* TRANSLATORS: the robot, then how many games it plays. */
		return cmd_refuse(c, usage, ngettext("%s declines: it plays %d "
		                    "game already, its most at once; challenge it "
		                    "again when one of them is over, or challenge "
		                    "another robot", "%s declines: it plays %d games "
		                    "already, its most at once; challenge it again "
		                    "when one of them is over, or challenge another "
		                    "robot", n), argv[side], n);
	if (mine >= robot_player_limit(c->s.cfg, r[side]))
		/* TRANSLATORS: the robot, how many of its games the player
		 * plays, then how many games the robot plays at most. */
		return cmd_refuse(c, usage, ngettext("%s declines: you play %d of "
		                    "its games already, as many as one player may "
		                    "(a quarter of its %d); challenge it again when "
		                    "one of them is over, or challenge another robot",
		                    "%s declines: you play %d of its games already, "
		                    "as many as one player may (a quarter of its %d); "
		                    "challenge it again when one of them is over, or "
		                    "challenge another robot", mine),
		                  argv[side], mine, robot_limit(c->s.cfg, r[side]));
	*robot_side = side;
	return CMD_DONE;
}

/* The limits of the two players (issue 17, limit.c): a player who
 * rejects challenges refuses this one unless they sign it; a challenge
 * that would take a player past their cap of active games is refused;
 * a signed one naming a player who accepts signed challenges is agreed
 * for them at once (*auto_side their side, else -1) when its time
 * control and size are ones they take (limit_takes; else *why says
 * which is not, and it waits).  Robots have their own limit
 * (robot_challenge).  CMD_DONE, or the refusal. */
static enum cmd_status challenge_limits(struct cmdctx *c, const char *game,
                                        char **argv, int signer,
                                        int robot_side,
                                        const struct ep_options *o,
                                        const struct game_settings *set,
                                        int *auto_side, enum limit_take *why)
{
	const char *usage = cmd_usage_of(c, "challenge", CMDT_GAME, NULL);
	enum cmd_status st = CMD_DONE;
	struct user u;
	char *err = NULL;
	int side, rc;

	*auto_side = -1;
	*why = LIMIT_TAKES;
	for (side = 0; side < 2 && st == CMD_DONE; side++) {
		if (side == robot_side)
			continue;
		rc = user_load(c->s.cfg->spool, argv[side], &u, &err);
		if (rc != 0) {
			if (rc < 0)
				log_msg(LOG_ERR, "%s\n", err);
			free(err);
			return CMD_TEMPFAIL;  /* check_player loaded it */
		}
		if (u.challenges == USER_CHALLENGES_REJECT && side != signer)
			/* TRANSLATORS: %s is the player challenged. */
			st = cmd_refuse(c, usage, _("%s refuses every challenge (limit "
			                  "reject): there will be no game"), u.userid);
		else
			st = limit_room(c, &u, 1, usage);
		if (st == CMD_DONE && signer >= 0 && side != signer &&
		    u.challenges == USER_CHALLENGES_ACCEPT &&
		    (*why = limit_takes(c, &u, game, o, set)) == LIMIT_TAKES)
			*auto_side = side;
		user_free(&u);
	}
	return st;
}

/* New challenges a player may get a day: unsigned ones from everyone
 * together, and signed ones from any one player. */
#define INVITES_PER_DAY 5

/* A challenge makes a board mail to each player who did not sign it
 * (issue 29: one account's three "multiple" mails sent another player
 * 60).  Each such player gets at most INVITES_PER_DAY unsigned
 * challenges a day, at most INVITES_PER_DAY signed by any one player,
 * and at most challenges_per_day in all (conf.h; 0 lifts both limits
 * of signed ones); robots are not counted.  The total holds back only
 * players new to her: one signed by a player she has met at a board
 * (opponents.h) goes once it is spent, so that four throwaway accounts
 * cannot keep her friends from challenging her for a day.  Each challenge counts,
 * whichever mail or line carried it, and only once every budget has
 * room.  An unsigned one from a mail that proves no player also takes
 * from the server's hourly budget of mail for strangers.  CMD_DONE when
 * it may go, else the refusal. */
static enum cmd_status challenge_budget(struct cmdctx *c, char **argv,
                                        int signer, int robot_side)
{
	const char *usage = cmd_usage_of(c, "challenge", CMDT_GAME, NULL);
	const char *spool = c->s.cfg->spool;
	int total = c->s.cfg->challenges_per_day;
	int per = signer < 0 || total > 0 ? INVITES_PER_DAY : 0;
	char own[2][64], all[2][64];
	int side;

	if (signer < 0 && !c->s.actor[0] && !reply_stranger_budget(c))
		/* TRANSLATORS: keep USERID and PASSWORD as they are: what a
		 * player types. */
		return cmd_refuse(c, usage, _("the server takes no more "
		                    "unsigned challenges this hour; sign yours (add "
		                    "\"by USERID PASSWORD\") or try later"));
	for (side = 0; side < 2; side++) {
		own[side][0] = all[side][0] = '\0';
		if (side == signer || side == robot_side)
			continue;
		if (signer < 0)
			snprintf(own[side], sizeof own[side], "invited:%s", argv[side]);
		else
			snprintf(own[side], sizeof own[side], "challenged:%s:%s",
			         argv[side], argv[signer]);
		snprintf(all[side], sizeof all[side], "challenges:%s", argv[side]);
		if (ratelimit_left(spool, own[side], per, 86400, c->s.now) <= 0)
			return signer < 0 ?
			       /* TRANSLATORS: the player, then the number
			        * a day.
			        * Keep USERID and PASSWORD as they are: what
			        * a player types. */
			       cmd_refuse(c, usage, _("%s has had as many unsigned "
			                    "challenges today as a player may get (%d); "
			                    "a signed one (\"by USERID PASSWORD\") still "
			                    "goes"), argv[side], INVITES_PER_DAY) :
			       /* TRANSLATORS: the player challenged, the
			        * challenger, then the number a day. */
			       cmd_refuse(c, usage, _("%s has had as many challenges "
			                    "from %s today as one player may send another "
			                    "(%d); challenge again tomorrow"), argv[side],
			                  argv[signer], INVITES_PER_DAY);
		if (ratelimit_left(spool, all[side], total, 86400, c->s.now) <= 0 &&
		    (signer < 0 || !opponents_met(c->s.cfg, argv[side],
		                                  argv[signer])))
			/* TRANSLATORS: the player challenged, then the number a
			 * day (challenges_per_day is a setting's name). */
			return cmd_refuse(c, usage, _("%1$s has had as many "
			                    "challenges today as a player may get from "
			                    "everyone together (%2$d, challenges_per_day); "
			                    "challenge again tomorrow.  Until then only the "
			                    "players %1$s has played or agreed to play may "
			                    "challenge %1$s"), argv[side], total);
	}
	for (side = 0; side < 2; side++)
		if (own[side][0]) {
			ratelimit_count(spool, own[side], per, 86400, c->s.now, NULL);
			ratelimit_count(spool, all[side], total, 86400, c->s.now, NULL);
		}
	return CMD_DONE;
}

enum cmd_status challenge_options(struct cmdctx *c, const char *game,
                                  int argc, char *const *argv,
                                  const char *usage, struct ep_options *o,
                                  struct game_settings *set)
{
	char err[GAME_OPTIONS_ERR_MAX];

	if (game_options_read(game, argc, argv, o, set, err, sizeof err) < 0)
		return cmd_refuse(c, usage, "%s", err);
	return CMD_DONE;
}

enum cmd_status cmd_challenge(struct cmdctx *c, const char *game, int argc,
                              char **argv)
{
	const char *usage = cmd_usage_of(c, "challenge", CMDT_GAME, game);
	struct ep_options o;
	struct game g;
	struct lock l = LOCK_INIT;
	struct txn *t;
	char key[64], rel[128], next[32];
	char *file;
	struct headline said = { 0 };
	struct buf headline = BUF_INIT;
	struct game_settings set;
	enum cmd_status st;
	long board;
	int signer, robot_side, auto_side, held = 0;
	enum limit_take why;

	if (argc < 2)
		return cmd_refuse(c, usage, _("challenge needs two userids"));
	util_lower(argv[0]);
	util_lower(argv[1]);
	if ((st = challenge_signer(c, &argc, argv, &signer)) != CMD_DONE)
		return st;
	if ((st = check_player(c, argv[0])) != CMD_DONE ||
	    (st = check_player(c, argv[1])) != CMD_DONE)
		return st;
	if (strcmp(argv[0], argv[1]) == 0)
		return cmd_refuse(c, usage, _("a game needs two different "
		                    "players"));
	if ((st = challenge_options(c, game, argc - 2, argv + 2, usage, &o,
	                            &set)) != CMD_DONE)
		return st;
	if ((st = robot_challenge(c, argv, signer, &robot_side)) != CMD_DONE)
		return st;
	/* A robot never claims a game on time: under -timeout=claim its
	 * opponent's clock could never end the game. */
	if (robot_side >= 0 && set.tc.claim)
		/* TRANSLATORS: %s is the robot.
		 * Keep the options (-timeout=claim, -timeout=auto) as they
		 * are: what a player types. */
		return cmd_refuse(c, usage, _("-timeout=claim: %s is a robot and "
		                    "never claims a game on time; leave the option "
		                    "out (-timeout=auto)"), argv[robot_side]);
	if ((st = challenge_limits(c, game, argv, signer, robot_side, &o, &set,
	                           &auto_side, &why)) != CMD_DONE)
		return st;
	if ((st = challenge_budget(c, argv, signer, robot_side)) != CMD_DONE)
		return st;

	snprintf(key, sizeof key, "next-%s", game);
	if ((st = svc_lock(&c->s, key, &l)) != CMD_DONE)
		return st;
	board = spool_next_board(c->s.cfg->spool, game);
	if (board < 0) {
		lock_release(&l);
		/* TRANSLATORS: the game's name (epaminondas), then the
		 * highest board number. */
		return cmd_refuse(c, usage, _("every %s board number up to %ld is "
		                    "taken, so this server can make no new board; "
		                    "tell its administrator"), game, UTIL_BOARD_MAX);
	}
	game_new(&g, game, board, &o, argv[0], argv[1], c->s.now);
	game_settings_put(&g, &set);
	game_challenge(&g);
	if (signer >= 0)
		game_agree(&g, signer, c->s.now);
	if (robot_side >= 0)
		game_agree(&g, robot_side, c->s.now);  /* at once (issue 16) */
	if (auto_side >= 0)
		game_agree(&g, auto_side, c->s.now);   /* limit accept (issue 17) */
	t = svc_txn(&c->s, key);
	file = game_format(&g);
	spool_board_path(game, board, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	snprintf(rel, sizeof rel, "games/%s/next", game);
	snprintf(next, sizeof next, "%ld\n", board + 1);
	txn_put(t, rel, next, strlen(next));
	if (robot_side >= 0)
		/* TRANSLATORS: the challenger, the robot, White, then
		 * Black. */
		headline_say(&said, N_("%s challenges %s, a robot, "
		         "which accepts: %s plays White, %s Black.  The game has "
		         "begun."), argv[!robot_side], argv[robot_side], g.white,
		         g.black);
	else if (auto_side >= 0)
		/* TRANSLATORS: the challenger, the player challenged, White,
		 * then Black. */
		headline_say(&said, N_("%s challenges %s, who "
		         "accepts every signed challenge at once (limit accept): %s "
		         "plays White, %s Black.  The game has begun."),
		         argv[!auto_side], argv[auto_side], g.white, g.black);
	else if (signer >= 0 && why == LIMIT_TOO_FAST)
		/* TRANSLATORS: the challenger, the player challenged, White,
		 * then Black. */
		headline_say(&said, N_("%1$s challenges %2$s: %3$s "
		         "would play White, %4$s Black.  %2$s accepts signed "
		         "challenges at once (limit accept), but not this one: its "
		         "time control is faster than %2$s takes automatically.  "
		         "The game starts when %2$s accepts."), argv[signer],
		         argv[!signer], g.white, g.black);
	else if (signer >= 0 && why == LIMIT_OTHER_SIZE)
		/* TRANSLATORS: the challenger, the player challenged, White,
		 * then Black. */
		headline_say(&said, N_("%1$s challenges %2$s: %3$s "
		         "would play White, %4$s Black.  %2$s accepts signed "
		         "challenges at once (limit accept), but not this one: its "
		         "board size is not one %2$s takes automatically.  The game "
		         "starts when %2$s accepts."), argv[signer], argv[!signer],
		         g.white, g.black);
	else if (signer >= 0)
		/* TRANSLATORS: the challenger, the player challenged, White,
		 * then Black. */
		headline_say(&said, N_("%1$s challenges %2$s: %3$s "
		         "would play White, %4$s Black.  The game starts when %2$s "
		         "accepts."), signer == EP_WHITE ? g.white : g.black,
		         signer == EP_WHITE ? g.black : g.white, g.white, g.black);
	else
		/* TRANSLATORS: White, then Black. */
		headline_say(&said, N_("An unsigned challenge: %s "
		         "would play White, %s Black.  Nobody has agreed to it yet: "
		         "the game starts when both accept."), g.white, g.black);
	/* The robot as White moves at once: its board mail shows the
	 * challenge and its first move (robot.h). */
	/* The held note keeps the headline in the challenger's language;
	 * each reader's board mail says it in his (issue 32). */
	headline_write(&said, &g, &headline);
	/* The robot moving later is told once, here (said's last). */
	held = robot_note(&c->s, t, &g, buf_str(&headline), &said);
	/* Only a signed challenge carries its sender's words. */
	c->s.bm.headline = &said;
	st = held ? CMD_DONE :
	     reply_board(&c->s, t, &g, buf_str(&headline),
	                 signer >= 0 ? c->s.comment : "",
	                 signer == EP_WHITE ? g.white : g.black, NULL);
	c->s.bm.headline = NULL;
	headline_free(&said);
	buf_free(&headline);
	if (st == CMD_DONE)
		st = svc_commit(&c->s, t);
	else
		txn_abort(t);
	if (st == CMD_DONE)
		cmd_note_created(c, board);
	lock_release(&l);
	free(file);
	game_free(&g);
	return st;
}
