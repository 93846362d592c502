/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * symmetry.c - the symmetry rule (RULES.md section 4): a crossing may not
 * leave a board that looks the same after reflecting it across the middle
 * (mirror) or turning it 180 degrees (rotate) and swapping the colours.
 * Only the board counts, blocks included, never the side to move.
 */
#include "internal.h"

/* The cell as the other side sees it: colours swapped. */
static int swapped(int c)
{
	if (c == EP_WPIECE)
		return EP_BPIECE;
	if (c == EP_BPIECE)
		return EP_WPIECE;
	return c;
}

/* Whether cell (f, r) equals the swapped cell (f2, r2) over the whole
 * board, where (f2, r2) is the image under mirror or rotation. */
static int symmetric_under(const struct ep_position *p, int rotate)
{
	int w = p->width, h = p->height, f, r;

	/* Home rows first: they are where a crossing breaks the symmetry. */
	for (r = 0; r < (h + 1) / 2; r++) {
		for (f = 0; f < w; f++) {
			int f2 = rotate ? w - 1 - f : f;
			int a = p->cell[EP_SQ(f, r)];
			int b = p->cell[EP_SQ(f2, h - 1 - r)];

			if (a != swapped(b))
				return 0;
		}
	}
	return 1;
}

int ep_board_symmetric(const struct ep_position *p, int modes)
{
	if ((modes & EP_SYM_MIRROR) && symmetric_under(p, 0))
		return 1;
	if ((modes & EP_SYM_ROTATE) && symmetric_under(p, 1))
		return 1;
	return 0;
}

int ep_crossing_symmetric(const struct ep_turn *t, int tail, int dir,
                          int n, int k)
{
	struct ep_position after;

	ep_position_copy(&after, t->pos);
	ep_make_group(&after, t->capture_one, tail, dir, n, k);
	return ep_board_symmetric(&after, t->symmetry);
}
