/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * count.c - the number of legal moves of a position without listing them,
 * for perft's last ply, and whether there is one at all for the
 * no-legal-move check (RULES.md sections 2, 3, 4 and 6).
 *
 * The idea: take every maximal line of L movable pieces of the mover along
 * one of the 4 line orientations (a "segment").  Along direction d, the
 * tails of the segment make groups of size n = L, L-1, ..., 1, all with
 * the same head; so if E empty squares follow the head and then an enemy
 * line of M pieces, the group of n has min(E, n) plain moves and one
 * capture when n > E and n > M.  Summed over n that is closed arithmetic,
 * and the same segment seen from its other end gives the moves along -d.
 * Each segment is found once, at its rear, so a position costs one visit
 * per piece and orientation plus two short walks per segment.
 *
 * Crossings are the only moves the symmetry rule and the igfip must-answer
 * rule look at; a segment end from which the head can reach the far row
 * has its crossings counted apart and, when a rule asks for it, each one
 * is played on a copy and checked.
 */
#include "internal.h"

/* Plain moves of the groups n = 1..L when E squares are free ahead. */
static uint64_t plain_moves(int L, int E)
{
	if (E >= L)
		return (uint64_t)L * (L + 1) / 2;
	return (uint64_t)E * (E + 1) / 2 + (uint64_t)(L - E) * E;
}

/* The crossings of one segment end: groups n = first..L, each moving the
 * head j squares onto the far row; each is checked for symmetry when the
 * rule is on. */
static uint64_t legal_crossings(const struct ep_turn *t, int head, int dir,
                                int first, int L, int j)
{
	int d = ep_dir_offset[dir], n;
	uint64_t legal = 0;

	for (n = first; n <= L; n++) {
		int tail = head - (n - 1) * d;

		if (!t->symmetry || !ep_crossing_symmetric(t, tail, dir, n, j))
			legal++;
	}
	return legal;
}

/* Legal moves along dir of the groups whose head is head, of sizes 1..L. */
static uint64_t count_end(const struct ep_turn *t, int head, int dir, int L)
{
	const uint8_t *cell = t->cell;
	int d = ep_dir_offset[dir], q = head + d, E = 0, M, caps = 0;
	int j, first;
	uint64_t moves;

	while (E < L && cell[q] == EP_EMPTY) {
		E++;
		q += d;
	}
	moves = plain_moves(L, E);
	if (E < L && cell[q] == t->opp) {
		M = ep_enemy_run(cell, q, d, t->opp);
		if (M < L && ep_turn_capturable(t, q, d, M))
			caps = L - (E > M ? E : M);
	}
	moves += (uint64_t)caps;
	/* Only a direction toward the far row makes crossings, and they
	 * matter only to the symmetry and must-answer rules. */
	if (ep_dir_drank[dir] != t->toward)
		return t->must_cross ? 0 : moves;
	if (!t->must_cross && !t->symmetry)
		return moves;
	/* Which groups cross: k = j plain moves for n >= j, or the
	 * captures when the enemy line starts on the far row. */
	j = EP_SQ_RANK(head) - t->far_rank;
	j = j < 0 ? -j : j;
	if (j >= 1 && j <= E)
		first = j;
	else if (j >= 1 && j == E + 1 && caps > 0)
		first = L - caps + 1;
	else
		return t->must_cross ? 0 : moves;
	moves -= (uint64_t)(L - first + 1);
	return (t->must_cross ? 0 : moves) +
	       legal_crossings(t, head, dir, first, L, j);
}

/* The legal moves of the turn; with any, stop at the first segment end
 * that has one (the total is then only known to be > 0). */
static uint64_t count_moves(const struct ep_turn *t, int any)
{
	const struct ep_position *p = t->pos;
	uint64_t total = 0;
	int r, dir, q, last, d, L, end;

	for (r = 0; r < p->height; r++) {
		last = EP_SQ(p->width - 1, r);
		for (q = EP_SQ(0, r); q <= last; q++) {
			if (!ep_turn_movable(t, q))
				continue;
			for (dir = 0; dir < 4; dir++) {
				d = ep_dir_offset[dir];
				if (ep_turn_movable(t, q - d))
					continue;       /* not the rear */
				L = 1;
				for (end = q + d; ep_turn_movable(t, end); end += d)
					L++;
				total += count_end(t, end - d, dir, L);
				total += count_end(t, q, dir + 4, L);
				if (any && total > 0)
					return total;
			}
		}
	}
	return total;
}

uint64_t ep_count_moves(const struct ep_turn *t)
{
	return count_moves(t, 0);
}

int ep_has_move(const struct ep_turn *t)
{
	return count_moves(t, 1) > 0;
}
