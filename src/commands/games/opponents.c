/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * opponents.c - whom a player already knows at the board (see
 * opponents.h).
 */
#include "commands/games/opponents.h"
#include "game/game.h"
#include "spool/spool.h"

#include <stdlib.h>
#include <string.h>

struct met_arg {
	const struct config *cfg;
	const char *userid, *other;
	int met;
};

static int met_one(const char *game, long board, void *arg)
{
	struct met_arg *a = arg;
	struct game g;
	char *err = NULL;
	int side;

	if (a->met || game_load(&g, a->cfg->spool, game, board, &err) != 0) {
		free(err);
		return 0;
	}
	side = game_side_of(&g, a->userid);
	if (side >= 0 && strcmp(game_opponent(&g, a->userid), a->other) == 0 &&
	    (g.agreed[side] || g.state == GAME_ACTIVE ||
	     g.state == GAME_FINISHED))
		a->met = 1;
	game_free(&g);
	return 0;
}

int opponents_met(const struct config *cfg, const char *userid,
                  const char *other)
{
	struct met_arg a = { cfg, userid, other, 0 };

	if (strcmp(userid, other) == 0)
		return 0;
	spool_each_board(cfg->spool, met_one, &a);
	if (!a.met)
		spool_each_board_in(cfg->spool, "archive", met_one, &a);
	return a.met;
}
