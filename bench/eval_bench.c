/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval_bench.c - how fast the static evaluation runs (engine/eval.c),
 * against the move generator on the same positions in the same run.
 *
 * Collects positions from seeded random games of a variant (every ply of
 * each game, so openings, middle games and endings), then times, over
 * the same positions: eng_evaluate under the defaults, under material
 * alone, ep_generate listing the moves, and ep_generate counting them
 * (cap 0).  Prints each in millions a second and the evaluation's cost
 * in move generations.
 *
 *   bench/eval_bench [--quick] [--games N] [--seed S] [option words...]
 *     e.g. bench/eval_bench -size=8x8;  bench/eval_bench -game=crossings
 *
 * Run it with nice: the machines are shared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/eval.h"
#include "engine/players.h"

#define MAX_POS 20000

static struct ep_position pos[MAX_POS];
static struct ep_move moves[EP_MAX_MOVES];
static uint64_t rng;

/* The shared seeded generator of the measurement players. */
static unsigned rnd(unsigned n)
{
	return (unsigned)ply_rng_below(&rng, n);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Random games from the start; returns the positions collected. */
static int collect(const struct ep_options *o, int games)
{
	int n = 0, g, ply;

	for (g = 0; g < games && n < MAX_POS; g++) {
		struct ep_position p;

		ep_position_start(&p, o);
		for (ply = 0; ply < 400 && n < MAX_POS; ply++) {
			struct ep_status st;
			size_t k;

			pos[n++] = p;
			ep_status(&p, o, &st);
			if (st.result != EP_ONGOING)
				break;
			k = ep_generate(&p, o, moves, EP_MAX_MOVES);
			if (k == 0)
				break;
			if (k > EP_MAX_MOVES)
				k = EP_MAX_MOVES;
			ep_make(&p, o, &moves[rnd((unsigned)k)]);
		}
	}
	return n;
}

static volatile long sink;

/* Seconds for reps passes of what over the n positions. */
static double timed(const struct ep_options *o, int n, int reps, int what)
{
	double t0 = now();
	long acc = 0;
	int r, i;

	for (r = 0; r < reps; r++)
		for (i = 0; i < n; i++)
			switch (what) {
			case 0:
				acc += eng_evaluate_with(&pos[i], o, &eng_eval_default);
				break;
			case 1:
				acc += eng_evaluate_with(&pos[i], o, &eng_eval_material);
				break;
			case 2:
				acc += (long)ep_generate(&pos[i], o, moves, EP_MAX_MOVES);
				break;
			default:
				acc += (long)ep_generate(&pos[i], o, NULL, 0);
				break;
			}
	sink = acc;
	return now() - t0;
}

int main(int argc, char **argv)
{
	struct ep_options o;
	char err[EP_ERR_MAX], label[EP_OPTIONS_MAX];
	const char *game = "epaminondas";
	int games = 100, reps = 20, n, i, what;
	double sec[4], gen_sec;
	static const char *names[4] = {
		"eval (defaults)", "eval (material)", "ep_generate (list)",
		"ep_generate (count)",
	};

	rng = 0x2545F4914F6CDD1DULL;
	for (i = 1; i < argc; i++)
		if (strncmp(argv[i], "-game=", 6) == 0)
			game = argv[i] + 6;
	if (ep_options_default(&o, game, err, sizeof err) != 0) {
		fprintf(stderr, "eval_bench: %s\n", err);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			reps = 3;
		else if (strcmp(argv[i], "--games") == 0 && i + 1 < argc)
			games = atoi(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			rng = strtoull(argv[++i], NULL, 10) | 1;
		else if (strncmp(argv[i], "-game=", 6) == 0)
			continue;
		else if (ep_options_apply(&o, argv[i], err, sizeof err) != 0) {
			fprintf(stderr, "eval_bench: %s\n", err);
			return 2;
		}
	}
	if (ep_options_check(&o, err, sizeof err) != 0) {
		fprintf(stderr, "eval_bench: %s\n", err);
		return 2;
	}
	n = collect(&o, games);
	ep_options_format(&o, label, sizeof label);
	printf("%s %s: %d positions from %d random games, %d passes\n",
	       game, label, n, games, reps);
	for (what = 0; what < 4; what++)
		sec[what] = timed(&o, n, reps, what);
	gen_sec = sec[2];
	for (what = 0; what < 4; what++)
		printf("  %-20s %7.3f s  %7.2f M/s  x%.2f of listing the moves\n",
		       names[what], sec[what],
		       (double)n * reps / sec[what] / 1e6, sec[what] / gen_sec);
	return 0;
}
