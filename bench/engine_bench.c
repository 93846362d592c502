/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * engine_bench.c - how fast the engine searches (issue 16, item 5):
 * nodes per second against perft's leaf moves per second from the same
 * position in the same run, and the depth reached in one second from the
 * opening and from three middle-game positions, in each variant.
 *
 *   bench/engine_bench                  1000 ms a search
 *   bench/engine_bench --movetime MS    another think time
 *   bench/engine_bench --no-pruning     with eng_set_pruning(e, 0)
 *   bench/engine_bench --levels         also each level's search (issue
 *                                       35): nodes and CPU ms a move
 *   bench/engine_bench --selfplay N     print the position after N plies
 *                                       of fast self-play in each variant
 *                                       (how the positions below were made)
 *
 * Every time is CPU time, user + system, of this process
 * (CLOCK_PROCESS_CPUTIME_ID, what getrusage and time(1) count): on a
 * shared machine wall-clock time measures the other processes too (issue
 * 35).  The search's movetime bound reads the same clock, so "a search
 * of MS milliseconds" is MS ms of CPU; each line shows the wall time of
 * the search beside it.
 *
 * Each line: the variant and position, the depth completed and the nodes
 * of a search of MS milliseconds (transposition table of 64 MiB, cleared
 * before each search), its nodes per second, perft's leaf moves per
 * second from the same position (the deepest perft that runs under
 * about a second), and the ratio nodes/s : leaf moves/s.  A last part
 * times copy-make: the whole struct ep_position against only the rows in
 * use, each followed by ep_make.  With --levels, each position is then
 * searched at each level's bound (eng_level_limits: the robots' and
 * match's levels, a fresh table each search): the nodes searched and the
 * CPU milliseconds, and a summary line a level (the median and the
 * largest CPU ms over the positions of each variant).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/engine.h"
#include "rules/turn.h"

struct variant {
	const char *label;
	const char *game;
	const char *options[2];
	const char *middle[3];    /* middle-game positions */
};

/* The middle-game positions: fast self-play (--selfplay, 3,000 nodes a
 * move, the material evaluation of issue 16's first commit) after 12, 20
 * and 28 plies (crossings: 12, 16, 20; igfip: 3, 4, 6: its games end
 * early). */
static const struct variant variants[] = {
	{ "epaminondas 14x12", "epaminondas", { NULL, NULL }, {
	  "14x12 1B1BBBBBBBBBBB/B3BBBBBBBBBB/14/3B10/6W7/7W6/8WW4/14/4W6W2/"
	  "2BW5W4/WWBWWWWW1WW2W/W1BWWW2WWW1W1 w",
	  "14x12 1B2BBBBBBBBBB/B4BBBBBBBBB/5B8/6B7/2B3W7/7W6/3W4WW4/3W5W4/"
	  "3WW4W1W2/1B7W4/WW2WWWW2W2W/W1W5W1W1W1 w",
	  "14x12 1BBB5BBBBB/B5B1BBBBBB/3WWBB7/5BBB6/2B1B9/14/3W5W4/3W10/"
	  "3WW4W1W2/1B7W4/WW2WWWW2W2W/W1W5W1W1W1 w" } },
	{ "epaminondas 8x8", "epaminondas", { "-size=8x8", NULL }, {
	  "8x8 1B2BBBB/B1B1BBWB/2BBBW2/4WB2/2W1W3/4W3/W2W2WW/3WW2W w",
	  "8x8 1B4BB/B3B1WB/3BBB2/2B2B2/2BWW3/4W3/W3WW2/4W2W w",
	  "8x8 WW1B3B/7B/3W2BB/1B5B/7W/7W/1W4W1/WBWB1W2 w" } },
	{ "crossings 8x8", "crossings", { NULL, NULL }, {
	  "8x8 B4B2/BB2BB1B/2WBBB2/3BBB2/2WWBW1W/2B3W1/WW1W4/WW3WW1 w",
	  "8x8 5B2/BB5B/2BB4/2W1BB2/2B1BB1W/1BB3W1/BWW1W3/WW4W1 w",
	  "8x8 B4B2/BB5B/2WB1B2/4BB2/2BWBW1W/1BB3W1/BW1WW3/WW4W1 w" } },
	{ "igfip 8x8", "epaminondas", { "-size=8x8", "-rules=igfip" }, {
	  "8x8 B1BBBBBB/BB1BBBBB/3B4/4B3/4W3/3W1W2/WW1W1WWW/W1WWWWWW b",
	  "8x8 BBB1BB1B/BBBBBBBB/4BB2/8/7W/5W2/WWWW1WWW/WWW1WWWW w",
	  "8x8 1BBBBB1B/B1BBB1BB/3BB3/3B4/4WW2/4WW2/WWW2W1W/WW1WWWW1 w" } },
};

#define NVARIANTS (sizeof variants / sizeof variants[0])

/* Seconds of CPU time (user + system) this process has used. */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Seconds of wall-clock time, for comparison only. */
static double wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t clock_ms(void *arg)
{
	(void)arg;
	return (uint64_t)(now() * 1000.0);
}

static int setup(const struct variant *v, struct ep_options *o)
{
	char err[EP_ERR_MAX];
	int i;

	if (ep_options_default(o, v->game, err, sizeof err) < 0)
		goto fail;
	for (i = 0; i < 2; i++)
		if (v->options[i] != NULL &&
		    ep_options_apply(o, v->options[i], err, sizeof err) < 0)
			goto fail;
	if (ep_options_check(o, err, sizeof err) < 0)
		goto fail;
	return 0;
fail:
	fprintf(stderr, "engine_bench: %s: %s\n", v->label, err);
	return -1;
}

/* Leaf moves per second of the deepest perft from p under about a
 * second (depth into *depth). */
static double perft_rate(const struct ep_position *p,
                         const struct ep_options *o, int *depth)
{
	double t0, t1, rate = 0;
	uint64_t leaves;
	int d;

	for (d = 1; d <= 8; d++) {
		t0 = now();
		leaves = ep_perft(p, o, d);
		t1 = now();
		rate = (double)leaves / (t1 - t0 > 1e-9 ? t1 - t0 : 1e-9);
		*depth = d;
		if ((t1 - t0) * 40 > 1.0 || leaves == 0)
			break;
	}
	return rate;
}

static int bench_position(struct eng *e, const char *label, const char *what,
                          const struct ep_position *p,
                          const struct ep_options *o, uint64_t movetime)
{
	struct eng_limits lim;
	struct eng_result r;
	double t0, t1, w0, w1, nps, leaf;
	char mv[EP_MOVE_TEXT_MAX];
	int pd;

	memset(&lim, 0, sizeof lim);
	lim.movetime_ms = movetime;
	lim.clock = clock_ms;
	eng_clear(e);
	w0 = wall();
	t0 = now();
	if (eng_search(e, p, o, NULL, &lim, &r) < 0 || !r.have_move) {
		fprintf(stderr, "engine_bench: %s %s: no move\n", label, what);
		return -1;
	}
	t1 = now();
	w1 = wall();
	nps = (double)r.nodes / (t1 - t0);
	leaf = perft_rate(p, o, &pd);
	ep_move_format(&r.best, mv);
	printf("%-18s %-9s depth %2d (sel %2d)  %9llu nodes %6.2f s CPU "
	       "(%5.2f s wall) %6.2f M nodes/s  perft(%d) %7.1f M leaves/s  "
	       "1:%.0f  %s %d\n",
	       label, what, r.depth, r.seldepth, (unsigned long long)r.nodes,
	       t1 - t0, w1 - w0, nps / 1e6, pd, leaf / 1e6, leaf / nps, mv,
	       r.score);
	return 0;
}

#define NPOS 4    /* the opening and three middle games a variant */
#define NLEVELS (ENG_LEVEL_MAX - ENG_LEVEL_MIN + 1)

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The position of variant v: 0 the opening, 1 to 3 its middle games. */
static int position_of(const struct variant *v, const struct ep_options *o,
                       int k, struct ep_position *p)
{
	char err[EP_ERR_MAX];

	if (k == 0) {
		ep_position_start(p, o);
		return 0;
	}
	if (ep_position_parse(p, v->middle[k - 1], err, sizeof err) < 0) {
		fprintf(stderr, "engine_bench: %s\n", err);
		return -1;
	}
	return 0;
}

/* Each level's search (eng_level_limits, a cleared table) from each
 * position of each variant: a line a search with its nodes and CPU ms,
 * then a line a variant and level with the median and largest CPU ms. */
static int bench_levels(struct eng *e)
{
	size_t v;
	int k, level;

	for (v = 0; v < NVARIANTS; v++) {
		double ms[NLEVELS][NPOS];
		struct ep_options o;

		if (setup(&variants[v], &o) < 0)
			return -1;
		for (k = 0; k < NPOS; k++) {
			struct ep_position p;
			char what[32];

			if (position_of(&variants[v], &o, k, &p) < 0)
				return -1;
			if (k == 0)
				snprintf(what, sizeof what, "opening");
			else
				snprintf(what, sizeof what, "middle %d", k);
			for (level = ENG_LEVEL_MIN; level <= ENG_LEVEL_MAX; level++) {
				struct eng_limits lim;
				struct eng_result r;
				double t0, t1;

				eng_level_limits(level, &lim);
				eng_clear(e);
				t0 = now();
				if (eng_search(e, &p, &o, NULL, &lim, &r) < 0 ||
				    !r.have_move) {
					fprintf(stderr, "engine_bench: %s: no move\n",
					        variants[v].label);
					return -1;
				}
				t1 = now();
				ms[level - ENG_LEVEL_MIN][k] = (t1 - t0) * 1000.0;
				printf("level %d  %-18s %-9s depth %2d  %7llu nodes "
				       "%8.1f ms CPU  %.2f M nodes/s\n", level,
				       variants[v].label, what,
				       r.depth, (unsigned long long)r.nodes,
				       (t1 - t0) * 1000.0,
				       (double)r.nodes / (t1 - t0) / 1e6);
			}
		}
		for (level = 0; level < NLEVELS; level++) {
			qsort(ms[level], NPOS, sizeof ms[level][0], cmp_double);
			printf("level %d  %-18s median %8.1f ms CPU, largest %8.1f "
			       "ms CPU over %d positions\n", level + ENG_LEVEL_MIN,
			       variants[v].label,
			       (ms[level][NPOS / 2 - 1] + ms[level][NPOS / 2]) / 2,
			       ms[level][NPOS - 1], NPOS);
		}
	}
	return 0;
}

/* Copy-make: the whole struct against the rows in use. */
static void bench_copy_make(const struct ep_position *p,
                            const struct ep_options *o)
{
	static struct ep_move moves[EP_MAX_MOVES];
	static struct ep_position child;
	size_t n = ep_generate(p, o, moves, EP_MAX_MOVES), i;
	long rounds = 20000, k;
	double t0, t1, t2;
	unsigned sink = 0;

	t0 = now();
	for (k = 0; k < rounds; k++)
		for (i = 0; i < n; i++) {
			child = *p;
			ep_make(&child, o, &moves[i]);
			sink += child.cell[moves[i].dest];
		}
	t1 = now();
	for (k = 0; k < rounds; k++)
		for (i = 0; i < n; i++) {
			ep_position_copy(&child, p);
			ep_make(&child, o, &moves[i]);
			sink += child.cell[moves[i].dest];
		}
	t2 = now();
	printf("copy-make 14x12 opening: whole struct (%zu bytes) %.1f ns, "
	       "rows in use (%d bytes) %.1f ns a move (%u)\n",
	       sizeof *p, (t1 - t0) * 1e9 / (double)(rounds * (long)n),
	       (p->height + 2) * EP_STRIDE,
	       (t2 - t1) * 1e9 / (double)(rounds * (long)n), sink & 1);
}

static int selfplay(int plies)
{
	struct eng *e = eng_new(1 << 22);
	size_t v;
	int i;

	if (e == NULL)
		return 1;
	for (v = 0; v < NVARIANTS; v++) {
		struct ep_options o;
		struct ep_position p;
		struct eng_limits lim;
		struct eng_result r;
		char buf[EP_POSITION_MAX];

		if (setup(&variants[v], &o) < 0)
			return 1;
		ep_position_start(&p, &o);
		memset(&lim, 0, sizeof lim);
		lim.nodes = 3000;
		for (i = 0; i < plies; i++) {
			lim.seed = (uint64_t)i * 7919 + v + 1;
			if (eng_search(e, &p, &o, NULL, &lim, &r) < 0)
				break;
			ep_make(&p, &o, &r.best);
		}
		ep_position_format(&p, buf);
		printf("%s: %s\n", variants[v].label, buf);
	}
	eng_free(e);
	return 0;
}

int main(int argc, char **argv)
{
	uint64_t movetime = 1000;
	struct eng *e;
	size_t v;
	int i, rc = 0, pruning = 1, levels = 0;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--selfplay") == 0 && i + 1 < argc)
			return selfplay(atoi(argv[i + 1]));
		if (strcmp(argv[i], "--movetime") == 0 && i + 1 < argc)
			movetime = strtoull(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--no-pruning") == 0)
			pruning = 0;
		else if (strcmp(argv[i], "--levels") == 0)
			levels = 1;
		else {
			fprintf(stderr, "usage: engine_bench [--movetime MS] "
			        "[--no-pruning] [--levels] | --selfplay PLIES\n");
			return 64;
		}
	}
	e = eng_new((size_t)64 << 20);
	if (e == NULL)
		return 1;
	eng_set_pruning(e, pruning);
	printf("engine memory %zu bytes, movetime %llu ms of CPU, pruning %s\n",
	       eng_memory(e), (unsigned long long)movetime,
	       pruning ? "on" : "off");
	for (v = 0; v < NVARIANTS; v++) {
		struct ep_options o;
		struct ep_position p;
		char err[EP_ERR_MAX], what[32];

		if (setup(&variants[v], &o) < 0)
			return 1;
		ep_position_start(&p, &o);
		if (v == 0)
			bench_copy_make(&p, &o);
		rc |= bench_position(e, variants[v].label, "opening", &p, &o,
		                     movetime);
		for (i = 0; i < 3; i++) {
			if (ep_position_parse(&p, variants[v].middle[i], err,
			                      sizeof err) < 0) {
				fprintf(stderr, "engine_bench: %s\n", err);
				return 1;
			}
			snprintf(what, sizeof what, "middle %d", i + 1);
			rc |= bench_position(e, variants[v].label, what, &p, &o,
			                     movetime);
		}
	}
	if (levels && bench_levels(e) < 0)
		rc = 1;
	eng_free(e);
	return rc ? 1 : 0;
}
