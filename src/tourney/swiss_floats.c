/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * swiss_floats.c - the float history of the Dutch system (FIDE Handbook
 * C.04.3 A.4), read off a crosstable: who was paired with a lower or a
 * higher score, and who did not play, in the last two rounds.
 */
#include <stdlib.h>

#include "tourney/internal.h"

/* The floats of round r (0-based) into out[]: scores before the round
 * from the cells before it. */
static void floats_of(int n, int rounds, const struct tny_cell *cells,
                      int r, const int *before, int *out)
{
	int i;

	for (i = 0; i < n; i++) {
		const struct tny_cell *c = &cells[i * rounds + r];

		if (c->kind != TNY_PLAYED)
			out[i] = TNY_FLOAT_DOWN;
		else if (before[i] > before[c->opp])
			out[i] = TNY_FLOAT_DOWN;
		else if (before[i] < before[c->opp])
			out[i] = TNY_FLOAT_UP;
		else
			out[i] = 0;
	}
}

int tny_swiss_floats(int n, int rounds, const struct tny_cell *cells,
                     int *last, int *before)
{
	int *score, *f, i, r;

	if (n < 0 || rounds < 0 || (n > 0 && rounds > 0 && !cells) ||
	    tny_cells_check(n, rounds, cells) < 0)
		return TNY_EINVAL;
	score = calloc((size_t)n + 1, sizeof(int));
	f = calloc((size_t)n + 1, sizeof(int));
	if (!score || !f) {
		free(score);
		free(f);
		return TNY_ENOMEM;
	}
	for (i = 0; i < n; i++) {
		if (last)
			last[i] = 0;
		if (before)
			before[i] = 0;
	}
	for (r = 0; r < rounds; r++) {
		if (r >= rounds - 2) {
			floats_of(n, rounds, cells, r, score, f);
			for (i = 0; i < n; i++) {
				int *to = r == rounds - 1 ? last : before;

				if (to)
					to[i] = f[i];
			}
		}
		for (i = 0; i < n; i++)
			score[i] += cells[i * rounds + r].result;
	}
	free(score);
	free(f);
	return 0;
}
