/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * make.c - playing a move (RULES.md section 2): remove the captured enemy
 * pieces (the whole line, or only the piece on D under Crossings rules),
 * then slide the group k squares and pass the turn.
 */
#include "internal.h"

void ep_make_group(struct ep_position *p, int capture_one, int tail, int dir,
                   int n, int k)
{
	uint8_t *cell = p->cell;
	int d = ep_dir_offset[dir], head = tail + (n - 1) * d;
	int D = head + k * d, i;
	uint8_t own = cell[tail];
	uint8_t opp = own == EP_WPIECE ? EP_BPIECE : EP_WPIECE;

	if (cell[D] == opp) {
		if (capture_one)
			cell[D] = EP_EMPTY;
		else
			for (i = D; cell[i] == opp; i += d)
				cell[i] = EP_EMPTY;
	}
	/* The k rear squares empty, the k squares past the head fill. */
	for (i = 0; i < k; i++)
		cell[tail + i * d] = EP_EMPTY;
	for (i = 1; i <= k; i++)
		cell[head + i * d] = own;
}

void ep_make(struct ep_position *p, const struct ep_options *o,
             const struct ep_move *m)
{
	ep_make_group(p, o->capture == EP_CAPTURE_ONE, m->tail, m->dir, m->n,
	              m->k);
	p->to_move = p->to_move == EP_WHITE ? EP_BLACK : EP_WHITE;
}

int ep_move_is_crossing(const struct ep_position *p, const struct ep_move *m)
{
	int white = p->cell[m->tail] == EP_WPIECE;
	int far = white ? p->height - 1 : 0;

	return ep_square_rank(m->dest) == far && ep_dir_drank[m->dir] != 0;
}
