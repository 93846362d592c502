/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * order.c - move ordering: which moves the search tries first, so that
 * alpha-beta cuts early.
 *
 * In this order: the hash move (the table's best move of the position),
 * crossings (they force the grace move, RULES.md section 3), captures
 * with more pieces taken first (and the smaller group first among them),
 * the two killer moves of the ply (quiet moves that refuted a sibling),
 * then the other quiet moves by the history heuristic (how often a move of
 * that destination and direction refuted a node, weighted by depth).
 */
#include <string.h>

#include "engine/internal.h"

#define ORDER_HASH     (1 << 30)
#define ORDER_CROSSING (1 << 29)
#define ORDER_CAPTURE  (1 << 28)
#define ORDER_KILLER   (1 << 27)
#define HISTORY_MAX    ((1 << 26) - 1)

void eng_order_score(struct eng *e, int ply, const struct ep_turn *t,
                     const struct ep_move *moves, int32_t *scores, size_t n,
                     unsigned hash_tail, unsigned hash_dest)
{
	const struct ep_move *k0 = &e->killer[ply][0], *k1 = &e->killer[ply][1];
	const int32_t (*hist)[8] = e->history[t->pos->to_move];
	size_t i;

	for (i = 0; i < n; i++) {
		const struct ep_move *m = &moves[i];
		int32_t s;

		if (m->tail == hash_tail && m->dest == hash_dest)
			s = ORDER_HASH;
		else if (ep_turn_crossing(t, m->dest, m->dir))
			s = ORDER_CROSSING + m->captured;
		else if (m->captured)
			s = ORDER_CAPTURE + m->captured * 256 - m->n;
		else if (eng_same_move(m, k0))
			s = ORDER_KILLER + 1;
		else if (eng_same_move(m, k1))
			s = ORDER_KILLER;
		else
			s = hist[m->dest][m->dir];
		scores[i] = s;
	}
}

int eng_may_cross(const struct ep_turn *t)
{
	const struct ep_position *p = t->pos;
	int j, f, dir;

	/* A head j ranks away needs pieces j .. 2j - 1 ranks away. */
	for (j = 1; 2 * j - 1 <= p->height - 1; j++) {
		int r = t->far_rank - j * t->toward;

		for (f = 0; f < p->width; f++) {
			int q = EP_SQ(f, r);

			if (t->cell[q] != t->own)
				continue;
			for (dir = 0; dir < 8; dir++) {
				int d = ep_dir_offset[dir], len = 1, b = q - d;

				if (ep_dir_drank[dir] != t->toward)
					continue;
				while (len < j && t->cell[b] == t->own) {
					len++;
					b -= d;
				}
				if (len >= j)
					return 1;
			}
		}
	}
	return 0;
}

void eng_order_pick(struct ep_move *moves, int32_t *scores, size_t i,
                    size_t n)
{
	size_t j, best = i;
	struct ep_move m;
	int32_t s;

	for (j = i + 1; j < n; j++)
		if (scores[j] > scores[best])
			best = j;
	if (best == i)
		return;
	m = moves[i];
	moves[i] = moves[best];
	moves[best] = m;
	s = scores[i];
	scores[i] = scores[best];
	scores[best] = s;
}

void eng_order_sort(struct ep_move *moves, int32_t *scores, size_t i,
                    size_t n)
{
	static const size_t gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };
	size_t g, a, b;

	for (g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
		size_t gap = gaps[g];

		for (a = i + gap; a < n; a++) {
			struct ep_move m = moves[a];
			int32_t s = scores[a];

			for (b = a; b >= i + gap && scores[b - gap] < s; b -= gap) {
				moves[b] = moves[b - gap];
				scores[b] = scores[b - gap];
			}
			moves[b] = m;
			scores[b] = s;
		}
	}
}

void eng_order_cutoff(struct eng *e, int ply, int side,
                      const struct ep_move *m, int depth)
{
	int32_t *h = &e->history[side][m->dest][m->dir];

	if (!eng_same_move(m, &e->killer[ply][0])) {
		e->killer[ply][1] = e->killer[ply][0];
		e->killer[ply][0] = *m;
	}
	*h += depth * depth;
	if (*h > HISTORY_MAX)
		eng_order_age(e);
}

void eng_order_clear(struct eng *e)
{
	memset(e->killer, 0, sizeof e->killer);
	memset(e->history, 0, sizeof e->history);
}

void eng_order_age(struct eng *e)
{
	int s, q, d;

	for (s = 0; s < 2; s++)
		for (q = 0; q < EP_CELLS; q++)
			for (d = 0; d < 8; d++)
				e->history[s][q][d] /= 2;
}
