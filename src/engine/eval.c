/*
 * eval.c - the static evaluation (engine.h, eng_evaluate): what a
 * position is worth to the side to move without searching.
 *
 * First version: material, crossed pieces, and advancement.
 */
#include "engine/engine.h"

int eng_evaluate(const struct ep_position *p, const struct ep_options *o)
{
	int side = p->to_move, f, r, score = 0;

	(void)o;
	for (r = 0; r < p->height; r++)
		for (f = 0; f < p->width; f++) {
			int c = ep_cell_at(p, f, r), adv;

			if (c != EP_WPIECE && c != EP_BPIECE)
				continue;
			adv = c == EP_WPIECE ? r : p->height - 1 - r;
			score += (c == EP_WPIECE ? 1 : -1) * (100 + adv);
		}
	return side == EP_WHITE ? score : -score;
}
