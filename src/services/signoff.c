/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * signoff.c - a challenge naming a player who has signed off, called
 * off: declined when she had not agreed to it, withdrawn when she had,
 * the board cancelled and never rated, the other player told by the
 * board mail (from commands/accounts/signoff.c, issue 31, which says
 * the whole rule; the sweep calls these for what a signoff left
 * behind).
 */
#include "services/signoff.h"
#include "spool/users.h"
#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>

enum cmd_status signoff_call_off(struct svc *s, struct board_ctx *b,
                                 const char *userid)
{
	char err[EP_ERR_MAX + 200];
	struct headline h = { 0 };
	const char *comment = s->comment;
	enum game_end kind;
	enum cmd_status st;
	int side = game_side_of(&b->g, userid);

	if (side < 0 || b->g.state != GAME_CHALLENGED)
		return CMD_REFUSED;  /* answered meanwhile */
	kind = b->g.agreed[side] ? GAME_END_WITHDRAW : GAME_END_DECLINE;
	if (game_end_ok(&b->g, kind, userid, err, sizeof err) < 0)
		return CMD_REFUSED;
	snprintf(b->userid, sizeof b->userid, "%s", userid);
	game_end(&b->g, kind, userid, s->now);
	/* TRANSLATORS: %1$s is the userid, %2$ld the board's number. */
	headline_say(&h, N_("%1$s has signed off, so the challenge on board "
	             "%2$ld is cancelled: there will be no game."), userid,
	             b->g.board);
	/* The signoff mail's words are not relayed to the other player. */
	s->comment = "";
	st = board_save_said(s, b, &h);
	s->comment = comment;
	headline_free(&h);
	return st;
}

const char *signoff_left_player(const struct config *cfg,
                                const struct game *g)
{
	const char *player[2] = { g->white, g->black };
	struct user u;
	char *err = NULL;
	int i, left;

	for (i = 0; i < 2; i++) {
		if (user_load(cfg->spool, player[i], &u, &err) != 0) {
			free(err);
			err = NULL;
			continue;
		}
		left = u.left != 0;
		user_free(&u);
		if (left)
			return player[i];
	}
	return NULL;
}
