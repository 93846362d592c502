/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tiebreak.c - scores, Buchholz and Sonneborn-Berger from a crosstable.
 *
 * Integers only: scores and Buchholz in half-points, Sonneborn-Berger in
 * quarter-points (a half-point result times a half-point score).
 * Unplayed rounds follow FIDE C.02 13.16 (the 2013 text): the player met
 * a virtual opponent whose score is the player's own score before the
 * round, plus the opposite result of that round, plus a draw for each
 * round after it; and for everyone's opponents' scores the opponents'
 * own unplayed rounds count as draws.
 */
#include <stdlib.h>

#include "tourney/internal.h"

/* Whether a cell is a game played over the board. */
static int played(const struct tny_cell *c)
{
	return c->kind == TNY_PLAYED;
}

int tny_cells_check(int n, int rounds, const struct tny_cell *cells)
{
	int i, r;

	for (i = 0; i < n; i++)
		for (r = 0; r < rounds; r++) {
			const struct tny_cell *c = &cells[i * rounds + r];

			if (c->result < 0 || c->result > 2)
				return TNY_EINVAL;
			switch (c->kind) {
			case TNY_PLAYED: {
				const struct tny_cell *o;

				if (c->opp < 0 || c->opp >= n || c->opp == i)
					return TNY_EINVAL;
				o = &cells[c->opp * rounds + r];
				if (o->kind != TNY_PLAYED || o->opp != i ||
				    o->result + c->result != 2)
					return TNY_EINVAL;
				break;
			}
			case TNY_FORFEIT:
				if (c->result == 1 || c->opp >= n ||
				    c->opp == i)
					return TNY_EINVAL;
				break;
			case TNY_BYE:
				if (c->result != 2)
					return TNY_EINVAL;
				break;
			case TNY_ABSENT:
				if (c->result != 0)
					return TNY_EINVAL;
				break;
			default:
				return TNY_EINVAL;
			}
		}
	return 0;
}

int tny_tiebreak(int n, int rounds, const struct tny_cell *cells,
                 int *score, int *buchholz, int *sb)
{
	int *own = NULL, *adjusted = NULL, i, r;

	if (n < 0 || rounds < 0 || (n > 0 && rounds > 0 && !cells) ||
	    tny_cells_check(n, rounds, cells) < 0)
		return TNY_EINVAL;
	own = calloc((size_t)n + 1, sizeof(int));
	adjusted = calloc((size_t)n + 1, sizeof(int));
	if (!own || !adjusted) {
		free(own);
		free(adjusted);
		return TNY_ENOMEM;
	}
	/* Scores, and the scores as opponents (unplayed rounds: draws). */
	for (i = 0; i < n; i++)
		for (r = 0; r < rounds; r++) {
			const struct tny_cell *c = &cells[i * rounds + r];

			own[i] += c->result;
			adjusted[i] += played(c) ? c->result : 1;
		}
	for (i = 0; i < n; i++) {
		int before = 0, bh = 0, s = 0;

		for (r = 0; r < rounds; r++) {
			const struct tny_cell *c = &cells[i * rounds + r];
			int opp;

			if (played(c))
				opp = adjusted[c->opp];
			else
				opp = before + (2 - c->result) +
				      (rounds - 1 - r);
			bh += opp;
			s += opp * c->result;
			before += c->result;
		}
		if (score)
			score[i] = own[i];
		if (buchholz)
			buchholz[i] = bh;
		if (sb)
			sb[i] = s;
	}
	free(own);
	free(adjusted);
	return 0;
}
