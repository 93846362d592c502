/*
 * turn_time.c - the time a move counts at, and the leave it noted
 * (issue 15; game/clock.h).
 */
#include "cmd/cmd.h"
#include "game/clock.h"
#include "spool/users.h"

#include <stdlib.h>

time_t cmd_move_time(const struct cmdctx *c, const struct game *g)
{
	time_t t = c->s.arrival && c->s.arrival < c->s.now ? c->s.arrival : c->s.now;
	time_t floor = g->nmoves ? g->moves[g->nmoves - 1].when
	                         : clock_game_start(g);

	return t < floor ? floor : t;
}

void cmd_clock_note(struct cmdctx *c, struct game *g)
{
	struct user u;
	struct time_span s[USER_MAX_LEAVE + 1];
	const char *mover;
	char *err = NULL;
	size_t n;

	if (!g->nmoves || g->tc.kind == TC_DAYS)
		return;
	mover = (g->start.to_move + g->nmoves - 1) % 2 == 0 ? g->white : g->black;
	if (user_load(c->s.cfg->spool, mover, &u, &err) != 0) {
		free(err);
		clock_note_move(g, NULL, 0);
		return;
	}
	n = user_leave_spans(&u, s, USER_MAX_LEAVE + 1);
	clock_note_move(g, s, n);
	user_free(&u);
}
