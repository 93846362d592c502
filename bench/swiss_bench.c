/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * swiss_bench.c - how long the Dutch system takes to pair one round of a
 * big Swiss (issue 17): 1,000 players after a few simulated rounds (so
 * the score brackets are realistic), against a baseline taken in the
 * same run: sorting the same players by score and pairing number (the
 * least any pairing must do).
 *
 *   bench/swiss_bench [PLAYERS [ROUNDS_BEFORE [SEED]]]
 *                     default 1000 players, 6 rounds before, seed 1
 *
 * Prints the milliseconds of each of the rounds before and of the round
 * measured (the best of three runs of it), the baseline, and the ratio.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tourney/tourney.h"
#include "../tests/unit/swiss_sim.h"

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_score(const void *x, const void *y)
{
	const struct tny_swiss_player *a = x, *b = y;

	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return (a->pairing_no > b->pairing_no) - (a->pairing_no < b->pairing_no);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	int before = argc > 2 ? atoi(argv[2]) : 6;
	uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
	struct sim s;
	struct tny_swiss_round r;
	struct tny_swiss_player *copy;
	double t0, best = 1e30, base = 1e30;
	int round, k, i, reps = 200;

	if (n < 2 || before < 0 || before >= SIM_MAX_ROUNDS ||
	    sim_init(&s, n, seed) < 0)
		return 2;
	for (round = 0; round < before; round++) {
		t0 = now_ms();
		if (tny_swiss_pair(sim_view(&s), n, 0, &r, NULL)) {
			fprintf(stderr, "round %d: no pairing\n", round + 1);
			return 1;
		}
		printf("round %d: %.1f ms%s\n", round + 1, now_ms() - t0,
		       r.fallback ? " (matching fallback)" : "");
		sim_play(&s, &r);
		tny_swiss_round_free(&r);
	}
	for (k = 0; k < 3; k++) {
		t0 = now_ms();
		if (tny_swiss_pair(sim_view(&s), n, 0, &r, NULL)) {
			fprintf(stderr, "measured round: no pairing\n");
			return 1;
		}
		t0 = now_ms() - t0;
		if (t0 < best)
			best = t0;
		if (k == 2)
			printf("measured round %d: %d games, bye %s, %s\n",
			       before + 1, r.npairs, r.has_bye ? "yes" : "no",
			       r.fallback ? "matching fallback" : "Dutch search");
		tny_swiss_round_free(&r);
	}
	copy = malloc(sizeof *copy * (size_t)n);
	if (!copy)
		return 2;
	for (k = 0; k < 3; k++) {
		t0 = now_ms();
		for (i = 0; i < reps; i++) {
			memcpy(copy, sim_view(&s), sizeof *copy * (size_t)n);
			qsort(copy, (size_t)n, sizeof *copy, by_score);
		}
		t0 = (now_ms() - t0) / reps;
		if (t0 < base)
			base = t0;
	}
	printf("%d players, round %d paired: %.2f ms (best of 3)\n", n,
	       before + 1, best);
	printf("baseline, sorting the players: %.4f ms\n", base);
	printf("ratio pairing : sort = %.0f\n", best / base);
	free(copy);
	sim_free(&s);
	return 0;
}
