/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * answer.c - "GAME accept|decline|resign BOARD USERID PASSWORD": the
 * player's word on a board that is not a move.
 *
 * A challenge starts nothing until both players have agreed to it, each
 * with their own password or reply token (SPEC section 9): the signer of
 * a signed challenge agreed by signing it, everyone else accepts here.
 * Better than pbmserv, which started games at once.  Either player may
 * call it off with decline until the game has started (a decline, or a
 * withdrawal by a player who had agreed); the board is then cancelled
 * and never rated.  Once the game is
 * on, accept and decline (or reject) answer the pending vote instead
 * (votes.c), and either player may resign at any time, whoever is to
 * move.  "GAME move BOARD USERID PASSWORD resign|accept|..." comes here
 * too.
 */
#include "commands/cmd.h"
#include "commands/table.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


const char *answer_verb(const char *word)
{
	static const char *const words[] = {
		"propose", "accept", "reject", "decline", "undo", "resign", NULL
	};
	/* The German words of the command table (annehmen, ablehnen,
	 * aufgeben; issue 32) work in a reply as the English ones do. */
	const char *de = cmdt_german(word);
	int i;

	if (de)
		word = de;
	for (i = 0; words[i]; i++)
		if (strcasecmp(word, words[i]) == 0)
			return words[i];
	return NULL;
}

int answer_word(const char *word)
{
	return answer_verb(word) != NULL;
}

/* The accepting player's limit (limit.c): the challenge counts once
 * agreed.  CMD_DONE when there is room. */
static enum cmd_status answer_limit(struct cmdctx *c, const char *userid,
                                    const char *usage)
{
	struct user u;
	enum cmd_status st;
	char *err = NULL;
	int rc = user_load(c->s.cfg->spool, userid, &u, &err);

	if (rc != 0) {
		if (rc < 0)
			log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return rc < 0 ? CMD_TEMPFAIL : CMD_DONE;
	}
	st = limit_room(c, &u, 1, usage);
	user_free(&u);
	return st;
}

/* Accept, decline or withdraw an open challenge. */
static enum cmd_status answer_challenge(struct cmdctx *c, struct board_ctx *b,
                                        int yes, const char *usage)
{
	struct game *g = &b->g;
	char err[EP_ERR_MAX + 200];
	int side = game_side_of(g, b->userid);
	enum game_end kind = g->agreed[side] ? GAME_END_WITHDRAW
	                                     : GAME_END_DECLINE;
	struct headline h = { 0 };
	enum cmd_status st;

	if (yes) {
		const char *other = game_opponent(g, b->userid);

		if (g->agreed[side])
			return board_refuse(c, g, usage, _("you (%s) have accepted board "
			                      "%ld already; it starts when %s accepts too"),
			                    b->userid, g->board, other);
		if ((st = answer_limit(c, b->userid, usage)) != CMD_DONE)
			return st;
		if (game_agree(g, side, c->s.now))
			/* TRANSLATORS: the player who accepts, then White. */
			headline_say(&h, N_("%s accepted the challenge: the game "
			             "is on, %s (White) moves first."), b->userid,
			             g->white);
		else
			/* TRANSLATORS: the player who accepts, then the
			 * opponent. */
			headline_say(&h, N_("%s accepted the challenge; it starts "
			             "when %s accepts too."), b->userid, other);
	} else {
		if (game_end_ok(g, kind, b->userid, err, sizeof err) < 0)
			return board_refuse(c, g, usage, "%s", err);
		game_end(g, kind, b->userid, c->s.now);
		if (kind == GAME_END_DECLINE)
			headline_say(&h, N_("%s declined the challenge: there will "
			             "be no game on board %ld."), b->userid, g->board);
		else
			headline_say(&h, N_("%s withdrew the challenge: there will "
			             "be no game on board %ld."), b->userid, g->board);
	}
	st = board_save_said(&c->s, b, &h);
	headline_free(&h);
	return st;
}

static enum cmd_status answer_resign(struct cmdctx *c, struct board_ctx *b,
                                     const char *usage)
{
	struct game *g = &b->g;
	char err[EP_ERR_MAX + 200];
	struct headline h = { 0 };
	enum cmd_status st;

	if (game_end_ok(g, GAME_END_RESIGN, b->userid, err, sizeof err) < 0) {
		if (g->state == GAME_CHALLENGED)
			/* TRANSLATORS: %s is why the game cannot be resigned
			 * (it has not started).
			 * Keep the command words as they are: what a player
			 * types. */
			return board_refuse(c, g, usage, _("%s (to call it off, "
			                    "send decline instead)"), err);
		return board_refuse(c, g, usage, "%s", err);
	}
	game_end(g, GAME_END_RESIGN, b->userid, c->s.now);
	/* The result names the resignation ("bob wins, alice resigned"):
	 * the headline says it once. */
	headline_move(&h, HEADLINE_RESULT, NULL, 0);
	st = board_save_said(&c->s, b, &h);
	headline_free(&h);
	return st;
}

enum cmd_status answer_on_board(struct cmdctx *c, struct board_ctx *b,
                                const char *verb, const char *usage)
{
	const char *english = answer_verb(verb);
	int yes, no;
	char res[EP_ERR_MAX + 96];

	if (english)
		verb = english;
	yes = strcasecmp(verb, "accept") == 0;
	no = strcasecmp(verb, "decline") == 0 || strcasecmp(verb, "reject") == 0;
	if (strcasecmp(verb, "resign") == 0)
		return answer_resign(c, b, usage);
	if (b->g.state == GAME_CHALLENGED && (yes || no))
		return answer_challenge(c, b, yes, usage);
	if (b->g.state == GAME_CHALLENGED) {
		game_not_started_text(&b->g, res, sizeof res);
		return board_refuse(c, &b->g, usage, "%s", res);
	}
	if (b->g.state != GAME_ACTIVE) {
		game_result_text(&b->g, res, sizeof res);
		/* TRANSLATORS: the board, then the result in words. */
		return board_refuse(c, &b->g, usage, _("board %ld is over: %s"),
		                    b->g.board, res);
	}
	return vote_on_board(c, b, verb, usage);
}

enum cmd_status cmd_answer(struct cmdctx *c, const char *game,
                           const char *verb, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, verb, CMDT_GAME, game);
	struct board_ctx b;
	enum cmd_status st;

	if (argc != 3)
		/* TRANSLATORS: %s is the command word (accept, decline,
		 * resign, ...). */
		return cmd_refuse(c, usage, _("%s takes a board number, your "
		                    "userid and your password"), verb);
	/* An open challenge's seat (issue 17): taken, or withdrawn. */
	if (seek_answer(c, game, verb, argc, argv, &st))
		return st;
	st = board_open(c, game, argv[0], argv[1], argv[2], usage, &b);
	if (st != CMD_DONE)
		return st;
	st = answer_on_board(c, &b, verb, usage);
	board_close(&b);
	return st;
}
