/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * claim.c - "GAME claim BOARD USERID PASSWORD": the opponent of a player
 * whose time is out wins the game (issue 15, -timeout=claim), and the
 * move that comes too late under -timeout=auto.
 *
 * A claim counts at its mail's arrival (never later than now), like a
 * move: a claim that waited in a queue while the late player's move was
 * processed first finds the game moved on.  Refused with the reason on a
 * board not started or over, by a non-player (board_open), by the player
 * whose time it is, while the time is not out (how much is left and the
 * deadline), and while a mail naming the board is held (it may be the
 * late player's move), and while a robot is to move (issue 16: a robot
 * never runs out of time).  Allowed under both -timeout settings and for
 * every time control: under auto it only comes before the sweep.
 */
#include "commands/cmd.h"
#include "spool/held.h"
#include "services/robot.h"
#include "commands/table.h"
#include "game/clock.h"
#include "spool/spool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int timeout_move_late(struct cmdctx *c, struct board_ctx *b,
                      enum cmd_status *st)
{
	struct board_clock k;
	struct headline h = { 0 };
	time_t at;

	if (b->g.state != GAME_ACTIVE || b->g.tc.claim ||
	    b->g.tc.kind == TC_DAYS ||
	    strcmp(game_to_move(&b->g), b->userid) != 0 ||
	    board_clock(&c->s, &b->g, &k) < 0)
		return 0;
	at = board_move_time(&c->s, &b->g);
	if (board_clock_left(&c->s, &b->g, &k, at) > 0)
		return 0;
	timeout_headline(&b->g, b->userid, &h);
	/* TRANSLATORS: a sentence after the one that says who lost on
	 * time; %s is the late player. */
	headline_say(&h, N_("%s's move came after the deadline and was not "
	             "played."), b->userid);
	game_end(&b->g, GAME_END_FORFEIT, b->userid, c->s.now);
	*st = board_save_said(&c->s, b, &h);
	headline_free(&h);
	return 1;
}

/* Whether a mail naming g's board waits (a held record, held.h, whose
 * file is the board's), or SPOOL/held cannot be read: then no one loses
 * on time on g. */
static int board_mail_waiting(const struct cmdctx *c, const struct game *g)
{
	struct held_entry *v = NULL;
	char rel[128];
	size_t n = 0, i;
	int found = 0;

	spool_board_path(g->game, g->board, rel, sizeof rel);
	if (held_list(c->s.cfg->spool, &v, &n) < 0)
		return 1;  /* cannot tell: wait */
	for (i = 0; i < n && !found; i++)
		found = strcmp(v[i].file, rel) == 0;
	free(v);
	return found;
}

enum cmd_status cmd_claim(struct cmdctx *c, const char *game, int argc,
                          char **argv)
{
	const char *usage = cmd_usage_of(c, "claim", CMDT_GAME, game);
	struct board_ctx b;
	struct board_clock k;
	enum cmd_status st;
	char when[64], left[64], res[EP_ERR_MAX + 96];
	struct headline h = { 0 };
	const char *mover;
	time_t at = c->s.arrival && c->s.arrival < c->s.now ? c->s.arrival : c->s.now;
	long l;

	if (argc != 3)
		return cmd_refuse(c, usage, _("claim takes a board number, your "
		                    "userid and your password"));
	st = board_open(c, game, argv[0], argv[1], argv[2], usage, &b);
	if (st != CMD_DONE)
		return st;
	if (b.g.state == GAME_CHALLENGED) {
		game_not_started_text(&b.g, res, sizeof res);
		st = board_refuse(c, &b.g, usage, "%s", res);
		goto out;
	}
	if (b.g.state != GAME_ACTIVE) {
		game_result_text(&b.g, res, sizeof res);
		/* TRANSLATORS: the board, then the result in words. */
		st = board_refuse(c, &b.g, usage, _("board %ld is over: %s"),
		                  b.g.board, res);
		goto out;
	}
	mover = game_to_move(&b.g);
	if (strcmp(mover, b.userid) == 0) {
		st = board_refuse(c, &b.g, usage, _("it is your move on board %ld: "
		                    "only your opponent may claim the game when your "
		                    "time is out"), b.g.board);
		goto out;
	}
	/* A robot's move that waits (the run's robot budget spent, robots
	 * off for a while) is played by a later run: it never loses on
	 * time (issue 16), so its clock gives no claim. */
	if (robot_to_move(c->s.cfg, &b.g)) {
		/* TRANSLATORS: the robot's userid, then the board. */
		st = board_refuse(c, &b.g, usage, _("%s is a robot and never runs "
		                    "out of time: its move on board %ld comes in a "
		                    "later run of the server"), mover, b.g.board);
		goto out;
	}
	board_clock(&c->s, &b.g, &k);
	l = board_clock_left(&c->s, &b.g, &k, at);
	if (l > 0) {
		deadline_words(NULL, k.deadline, when, sizeof when);
		clock_format_left(l, left, sizeof left);
		if (k.away)
			/* TRANSLATORS: the player to move, the board, the time
			 * left ("2 days 3 hours"), then the deadline. */
			st = board_refuse(c, &b.g, usage, _("%s's time on board "
			                  "%ld is not out: %s left, until %s (the clock "
			                  "stops while they are on leave); you may claim "
			                  "the game after that"), mover, b.g.board, left,
			                  when);
		else
			/* TRANSLATORS: the player to move, the board, the time
			 * left ("2 days 3 hours"), then the deadline. */
			st = board_refuse(c, &b.g, usage, _("%s's time on board "
			                  "%ld is not out: %s left, until %s; you may "
			                  "claim the game after that"), mover, b.g.board,
			                  left, when);
		goto out;
	}
	if (board_mail_waiting(c, &b.g)) {
		/* TRANSLATORS: the board, then the player to move. */
		st = board_refuse(c, &b.g, usage, _("a mail for board %ld is waiting "
		                    "to be processed (it may be %s's move); claim again "
		                    "later"), b.g.board, mover);
		goto out;
	}
	timeout_headline(&b.g, mover, &h);
	/* TRANSLATORS: a sentence after the one that says who lost on
	 * time; %s is the player who claims. */
	headline_say(&h, N_("%s claimed the game."), b.userid);
	game_end(&b.g, GAME_END_FORFEIT, mover, c->s.now);
	st = board_save_said(&c->s, &b, &h);
	headline_free(&h);
out:
	board_close(&b);
	return st;
}
