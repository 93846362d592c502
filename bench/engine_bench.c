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
 *   bench/engine_bench --selfplay N     print the position after N plies
 *                                       of fast self-play in each variant
 *                                       (how the positions below were made)
 *
 * Each line: the variant and position, the depth completed and the nodes
 * of a search of MS milliseconds (transposition table of 64 MiB, cleared
 * before each search), its nodes per second, perft's leaf moves per
 * second from the same position (the deepest perft that runs under
 * about a second), and the ratio nodes/s : leaf moves/s.  A last part
 * times copy-make: the whole struct ep_position against only the rows in
 * use, each followed by ep_make.
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

static double now(void)
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
	double t0, t1, nps, leaf;
	char mv[EP_MOVE_TEXT_MAX];
	int pd;

	memset(&lim, 0, sizeof lim);
	lim.movetime_ms = movetime;
	lim.clock = clock_ms;
	eng_clear(e);
	t0 = now();
	if (eng_search(e, p, o, NULL, &lim, &r) < 0 || !r.have_move) {
		fprintf(stderr, "engine_bench: %s %s: no move\n", label, what);
		return -1;
	}
	t1 = now();
	nps = (double)r.nodes / (t1 - t0);
	leaf = perft_rate(p, o, &pd);
	ep_move_format(&r.best, mv);
	printf("%-18s %-9s depth %2d (sel %2d)  %9llu nodes %6.2f s "
	       "%6.2f M nodes/s  perft(%d) %7.1f M leaves/s  1:%.0f  %s %d\n",
	       label, what, r.depth, r.seldepth, (unsigned long long)r.nodes,
	       t1 - t0, nps / 1e6, pd, leaf / 1e6, leaf / nps, mv, r.score);
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
	int i, rc = 0, pruning = 1;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--selfplay") == 0 && i + 1 < argc)
			return selfplay(atoi(argv[i + 1]));
		if (strcmp(argv[i], "--movetime") == 0 && i + 1 < argc)
			movetime = strtoull(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--no-pruning") == 0)
			pruning = 0;
		else {
			fprintf(stderr, "usage: engine_bench [--movetime MS] "
			        "[--no-pruning] | --selfplay PLIES\n");
			return 64;
		}
	}
	e = eng_new((size_t)64 << 20);
	if (e == NULL)
		return 1;
	eng_set_pruning(e, pruning);
	printf("engine memory %zu bytes, movetime %llu ms, pruning %s\n",
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
	eng_free(e);
	return rc ? 1 : 0;
}
