/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * movegen.c - legal moves of a position, listed one by one
 * (RULES.md sections 2, 4 and 6).
 *
 * For every movable piece taken as tail and every king direction, the
 * group runs from the tail over the mover's movable pieces; it then moves
 * k = 1..n squares while the squares ahead of the head are empty, and may
 * end on the first enemy piece with a capture.  The symmetry rule and the
 * igfip must-answer rule only concern crossings, so they are applied to
 * the few moves that land on the far row.  count.c counts the same moves
 * without listing them; the tests check that both agree.
 */
#include <string.h>

#include "internal.h"

void ep_turn_init_side(struct ep_turn *t, const struct ep_position *p,
                       const struct ep_options *o, enum ep_side side)
{
	int white = side == EP_WHITE, home_rank;

	t->pos = p;
	t->cell = p->cell;
	t->own = white ? EP_WPIECE : EP_BPIECE;
	t->opp = white ? EP_BPIECE : EP_WPIECE;
	t->frozen = o->crossed != EP_CROSSED_MOVE;
	t->safe = o->crossed == EP_CROSSED_SAFE;
	t->capture_one = o->capture == EP_CAPTURE_ONE;
	t->symmetry = o->symmetry & EP_SYM_BOTH;
	t->far_rank = white ? p->height - 1 : 0;
	t->toward = white ? 1 : -1;
	home_rank = white ? 0 : p->height - 1;
	t->far_lo = EP_SQ(0, t->far_rank);
	t->far_hi = EP_SQ(p->width - 1, t->far_rank);
	t->home_lo = EP_SQ(0, home_rank);
	t->home_hi = EP_SQ(p->width - 1, home_rank);
	t->own_crossed = ep_count_crossed(p, side);
	t->opp_crossed = ep_count_crossed(p, white ? EP_BLACK : EP_WHITE);
	t->must_cross = o->ending == EP_ENDING_IGFIP &&
	                t->opp_crossed > t->own_crossed;
}

void ep_turn_init(struct ep_turn *t, const struct ep_position *p,
                  const struct ep_options *o)
{
	ep_turn_init_side(t, p, o, p->to_move);
}

/* Count (and store, room permitting) one move that is legal by RULES.md
 * section 2, once the crossing rules (section 4, igfip) accept it. */
static size_t emit(const struct ep_turn *t, int tail, int dir, int n, int k,
                   int D, int captured, struct ep_move *out, size_t cap,
                   size_t total)
{
	struct ep_move *m;

	if (t->must_cross || t->symmetry) {
		int crossing = ep_turn_crossing(t, D, dir);

		if (t->must_cross && !crossing)
			return total;
		if (crossing && t->symmetry &&
		    ep_crossing_symmetric(t, tail, dir, n, k))
			return total;
	}
	if (total < cap) {
		m = &out[total];
		m->tail = (ep_square)tail;
		m->dest = (ep_square)D;
		m->dir = (int8_t)dir;
		m->n = (uint8_t)n;
		m->k = (uint8_t)k;
		m->captured = (uint8_t)captured;
	}
	return total + 1;
}

/* The moves of the group whose tail is tail, along dir. */
static size_t gen_group(const struct ep_turn *t, int tail, int dir,
                        struct ep_move *out, size_t cap, size_t total)
{
	const uint8_t *cell = t->cell;
	int d = ep_dir_offset[dir], n = 1, k, q = tail + d, m;

	while (ep_turn_movable(t, q)) {
		n++;
		q += d;
	}
	for (k = 1; k <= n; k++, q += d) {
		if (cell[q] == EP_EMPTY) {
			total = emit(t, tail, dir, n, k, q, 0, out, cap, total);
			continue;
		}
		if (cell[q] != t->opp)
			break;
		m = ep_enemy_run(cell, q, d, t->opp);
		if (m < n && ep_turn_capturable(t, q, d, m))
			total = emit(t, tail, dir, n, k, q,
			             t->capture_one ? 1 : m, out, cap, total);
		break;
	}
	return total;
}

size_t ep_gen_moves(const struct ep_turn *t, struct ep_move *out, size_t cap)
{
	const struct ep_position *p = t->pos;
	size_t total = 0;
	int f, r, dir, q;

	for (r = 0; r < p->height; r++) {
		for (f = 0; f < p->width; f++) {
			q = EP_SQ(f, r);
			if (!ep_turn_movable(t, q))
				continue;
			for (dir = 0; dir < 8; dir++)
				total = gen_group(t, q, dir, out, cap, total);
		}
	}
	return total;
}

size_t ep_generate(const struct ep_position *p, const struct ep_options *o,
                   struct ep_move *out, size_t cap)
{
	struct ep_turn t;

	ep_turn_init(&t, p, o);
	return ep_gen_moves(&t, out, cap);
}
