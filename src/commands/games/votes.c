/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * votes.c - questions one player puts to the other on a game in progress,
 * as pbmserv's "move BOARD USERID PASSWORD propose|accept|reject|undo":
 *
 *   propose   offer a draw; it stands until the other player answers it
 *             or makes a move (which declines it)
 *   undo      ask to take back your own last move; void once the other
 *             player moves
 *   accept    the other player agrees: the draw ends the game, or the
 *             last move is taken back
 *   reject    the other player says no; the asker may also reject (or
 *             decline) to withdraw the question
 *
 * One question at a time; it is kept in the game file ("vote:" line) and
 * shown in every board mail until answered.  accept or reject with no
 * question pending is refused as a bad vote.
 */
#include "commands/cmd.h"
#include "services/robot.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* board_save_said of h, freed. */
static enum cmd_status vote_save(struct cmdctx *c, struct board_ctx *b,
                                 struct headline *h)
{
	enum cmd_status st = board_save_said(&c->s, b, h);

	headline_free(h);
	return st;
}

static enum cmd_status vote_ask(struct cmdctx *c, struct board_ctx *b,
                                enum game_vote kind, const char *usage)
{
	struct game *g = &b->g;
	char err[EP_ERR_MAX + 200];
	const char *robot = robot_of_game(c->s.cfg, g);
	struct headline h = { 0 };

	/* A robot plays every game out (issue 16): it rejects at once. */
	if (robot && g->state == GAME_ACTIVE)
		/* TRANSLATORS: %s is the robot's userid. */
		return board_refuse(c, g, usage, _("%s is a robot and plays "
		                      "every game to its end: no draws and no "
		                      "take-backs; play on or resign"), robot);
	if (game_vote_open(g, kind, b->userid, c->s.now, err, sizeof err) < 0)
		return board_refuse(c, g, usage, "%s", err);
	if (kind == GAME_VOTE_DRAW)
		headline_say(&h, N_("%s offers a draw."), b->userid);
	else
		/* TRANSLATORS: the player, then their last move ("e2-e3"). */
		headline_say(&h, N_("%s asks to take back %s."), b->userid,
		             g->moves[g->nmoves - 1].text);
	return vote_save(c, b, &h);
}

static enum cmd_status vote_answer(struct cmdctx *c, struct board_ctx *b,
                                   int yes, const char *usage)
{
	struct game *g = &b->g;
	char undone[EP_MOVE_TEXT_MAX];
	struct headline h = { 0 };
	int own = strcmp(g->vote_by, b->userid) == 0;
	enum game_vote kind = g->vote;

	if (kind == GAME_VOTE_NONE)
		return board_refuse(c, g, usage, _("bad vote: nothing is waiting for "
		                      "an answer on board %ld (a draw offer or an undo "
		                      "request comes first: propose, undo)"), g->board);
	if (own && yes && kind == GAME_VOTE_DRAW)
		/* TRANSLATORS: %s is the opponent.
		 * Keep the command words as they are: what a player
		 * types. */
		return board_refuse(c, g, usage, _("bad vote: the draw offer is "
		                      "yours; %s must answer it (you may withdraw it "
		                      "with reject)"), game_opponent(g, b->userid));
	if (own && yes)
		/* TRANSLATORS: %s is the opponent.
		 * Keep the command words as they are: what a player
		 * types. */
		return board_refuse(c, g, usage, _("bad vote: the undo request is "
		                      "yours; %s must answer it (you may withdraw it "
		                      "with reject)"), game_opponent(g, b->userid));
	if (!yes) {
		g->vote = GAME_VOTE_NONE;
		g->updated = c->s.now;
		if (own && kind == GAME_VOTE_DRAW)
			headline_say(&h, N_("%s withdrew the draw offer."),
			             b->userid);
		else if (own)
			headline_say(&h, N_("%s withdrew the undo request."),
			             b->userid);
		else if (kind == GAME_VOTE_DRAW)
			/* TRANSLATORS: the player who rejects, then the one who
			 * offered the draw. */
			headline_say(&h, N_("%s rejected %s's draw offer."),
			             b->userid, g->vote_by);
		else
			/* TRANSLATORS: the player who rejects, then the one who
			 * asked to take back a move. */
			headline_say(&h, N_("%s rejected %s's undo request."),
			             b->userid, g->vote_by);
		return vote_save(c, b, &h);
	}
	if (kind == GAME_VOTE_DRAW) {
		game_end(g, GAME_END_DRAW, g->vote_by, c->s.now);
		/* TRANSLATORS: the player who accepts, then the one who
		 * offered the draw. */
		headline_say(&h, N_("%s accepted %s's draw offer. The game is "
		             "over: a draw."), b->userid, g->end_by);
		return vote_save(c, b, &h);
	}
	snprintf(undone, sizeof undone, "%s", g->moves[g->nmoves - 1].text);
	/* TRANSLATORS: the player who agrees, the one who asked, then the
	 * move taken back ("e2-e3"). */
	headline_say(&h, N_("%s agreed to take back %s's move %s."), b->userid,
	             g->vote_by, undone);
	game_undo(g, c->s.now);
	return vote_save(c, b, &h);
}

enum cmd_status vote_on_board(struct cmdctx *c, struct board_ctx *b,
                              const char *verb, const char *usage)
{
	if (strcasecmp(verb, "propose") == 0)
		return vote_ask(c, b, GAME_VOTE_DRAW, usage);
	if (strcasecmp(verb, "undo") == 0)
		return vote_ask(c, b, GAME_VOTE_UNDO, usage);
	return vote_answer(c, b, strcasecmp(verb, "accept") == 0, usage);
}
