/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * perft.c - counting leaf move sequences (RULES.md section 7), the
 * reference check of the move generator and its benchmark.
 *
 * Copy-make over the position; a position whose game has ended at the
 * start of its turn is never expanded.  The last ply is not played at all:
 * count.c counts the legal moves of the position in bulk.  Move lists live
 * on the stack, one per ply: no allocation.
 */
#include "internal.h"

/* Whether the game has ended at the start of this turn, the no-legal-move
 * case aside (a position without moves has no children to count anyway). */
static int ended_before_moving(const struct ep_position *p,
                               const struct ep_options *o,
                               const struct ep_turn *t)
{
	if (o->ending == EP_ENDING_ABBOTT)
		return t->own_crossed > t->opp_crossed;
	return !ep_side_has_movable(p, o, EP_WHITE) &&
	       !ep_side_has_movable(p, o, EP_BLACK);
}

static uint64_t perft_rec(const struct ep_position *p,
                          const struct ep_options *o, int depth)
{
	struct ep_move moves[EP_MAX_MOVES];
	struct ep_position child;
	struct ep_turn t;
	uint64_t sum = 0;
	size_t n, i;

	ep_turn_init(&t, p, o);
	if (ended_before_moving(p, o, &t))
		return 0;
	if (depth == 1)
		return ep_count_moves(&t);
	n = ep_gen_moves(&t, moves, EP_MAX_MOVES);
	if (n > EP_MAX_MOVES)
		n = EP_MAX_MOVES;
	for (i = 0; i < n; i++) {
		ep_position_copy(&child, p);
		ep_make(&child, o, &moves[i]);
		sum += perft_rec(&child, o, depth - 1);
	}
	return sum;
}

uint64_t ep_perft(const struct ep_position *p, const struct ep_options *o,
                  int depth)
{
	if (depth <= 0)
		return 1;
	return perft_rec(p, o, depth);
}
