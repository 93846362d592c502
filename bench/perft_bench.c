/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * perft_bench.c - how fast the rules engine counts moves (RULES.md
 * section 7, SPEC.md section 8).
 *
 * Runs ep_perft() on the standard openings (14x12 to depth 4, 8x8 to depth
 * 5, Crossings and Igfip on 8x8) and prints, for each, the leaf count,
 * the seconds and the leaf moves per second on one core.  As a baseline
 * measured in the same run (these machines are shared and noisy), a plain
 * perft that generates, plays and checks the status of every move, leaves
 * included, runs on the same positions one ply shallower; the last column
 * is the speed-up over it.
 *
 *   bench/perft_bench          the full run (about half a minute)
 *   bench/perft_bench --quick  one ply shallower everywhere
 *
 * One run (gcc 12 -O2, one core of a shared AMD EPYC VM, Debian 12;
 * gcc -O2 -Isrc -o perft_bench bench/perft_bench.c src/rules/\*.c):
 *
 *   epaminondas 14x12  perft(4) =  245799684  0.988 s  248.9 M leaves/s  x8.8
 *   epaminondas 8x8    perft(5) = 1640059350  7.337 s  223.5 M leaves/s  x9.0
 *   crossings 8x8      perft(5) = 1640081848  7.851 s  208.9 M leaves/s  x8.1
 *   igfip 8x8          perft(5) = 1640059350  7.765 s  211.2 M leaves/s  x7.9
 *
 * (xN: speed-up over the generate-and-play baseline of the same run.  On
 * a loaded machine the absolute numbers halve; the ratios hold better.)
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "rules/rules.h"

struct bench_case {
	const char *label;
	const char *game;
	const char *options[2];   /* option words, NULL for none */
	int depth;
	uint64_t expect;      /* 0: no agreed value */
};

static const struct bench_case cases[] = {
	{ "epaminondas 14x12", "epaminondas", { NULL, NULL }, 4, 245799684ULL },
	{ "epaminondas 8x8", "epaminondas", { "-size=8x8", NULL }, 5, 0 },
	{ "crossings 8x8", "crossings", { NULL, NULL }, 5, 0 },
	{ "igfip 8x8", "epaminondas", { "-size=8x8", "-rules=igfip" }, 5, 0 },
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The baseline: every move generated, played and its status checked. */
static uint64_t plain_perft(const struct ep_position *p,
                            const struct ep_options *o, int depth)
{
	static struct ep_move moves[16][EP_MAX_MOVES];
	struct ep_position child;
	struct ep_status st;
	uint64_t sum = 0;
	size_t n, i;

	if (depth == 0)
		return 1;
	ep_status(p, o, &st);
	if (st.result != EP_ONGOING)
		return 0;
	n = ep_generate(p, o, moves[depth], EP_MAX_MOVES);
	for (i = 0; i < n && i < EP_MAX_MOVES; i++) {
		child = *p;
		ep_make(&child, o, &moves[depth][i]);
		sum += plain_perft(&child, o, depth - 1);
	}
	return sum;
}

static int setup(const struct bench_case *c, struct ep_options *o,
                 struct ep_position *p)
{
	char err[EP_ERR_MAX];
	int i;

	if (ep_options_default(o, c->game, err, sizeof err) < 0)
		goto fail;
	for (i = 0; i < 2; i++)
		if (c->options[i] != NULL &&
		    ep_options_apply(o, c->options[i], err, sizeof err) < 0)
			goto fail;
	if (ep_options_check(o, err, sizeof err) < 0)
		goto fail;
	ep_position_start(p, o);
	return 0;
fail:
	fprintf(stderr, "perft_bench: %s: %s\n", c->label, err);
	return -1;
}

static int run_case(const struct bench_case *c, int quick)
{
	struct ep_options o;
	struct ep_position p;
	int depth = c->depth - quick;
	double t0, t1, t2, rate, base;
	uint64_t leaves, base_leaves;

	if (setup(c, &o, &p) < 0)
		return -1;
	t0 = now();
	leaves = ep_perft(&p, &o, depth);
	t1 = now();
	base_leaves = plain_perft(&p, &o, depth - 1);
	t2 = now();
	rate = (double)leaves / (t1 - t0);
	base = (double)base_leaves / (t2 - t1);
	printf("%-18s perft(%d) = %12llu  %7.3f s  %7.1f M leaves/s   "
	       "baseline perft(%d) %6.1f M/s  x%.1f\n", c->label, depth,
	       (unsigned long long)leaves, t1 - t0, rate / 1e6, depth - 1,
	       base / 1e6, rate / base);
	if (!quick && c->expect != 0 && leaves != c->expect) {
		fprintf(stderr, "perft_bench: %s: expected %llu\n", c->label,
		        (unsigned long long)c->expect);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
	size_t i;
	int rc = 0;

	if (argc > 1 && !quick) {
		fprintf(stderr, "usage: perft_bench [--quick]\n");
		return 64;
	}
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		if (run_case(&cases[i], quick) < 0)
			rc = 1;
	return rc;
}
