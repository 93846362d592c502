/*
 * levels.c - the playing levels (engine.h, eng_level_limits): each level
 * is a node bound, so that a level and a seed give the same game.
 *
 * The bounds step by about x5 in nodes actually searched.  Level 1 is
 * one ply with its quiescence (about 650 nodes on the 14x12 opening),
 * bounded by level 2's nodes: until issue 29 it was a bound of 200 nodes
 * that the first iteration, then never stopped, always passed, so it
 * plays as it did in every position whose first ply fits in 3,000 nodes
 * (a node fewer: the second iteration is no longer begun).  Steps of x4
 * to x4.5 measured 55-73% against the level below, x5 72-90%, and the
 * bar is 70% over 200 games (BENCHMARKS.md, "Issue 16: ladder").  The
 * top bound keeps the full ladder (bench/ladder.sh) within one sitting
 * on two cores: its rows with the top level cost the most.  Measure
 * again with `sh bench/ladder.sh` after any change to the search or the
 * evaluation (a node buys something else then).
 */
#include <string.h>

#include "engine/engine.h"

static const struct {
	uint64_t nodes;
	int depth;
} levels[ENG_LEVEL_MAX - ENG_LEVEL_MIN + 1] = {
	{ 3000, 1 }, { 3000, 0 }, { 16000, 0 }, { 80000, 0 }, { 350000, 0 },
};

int eng_level_limits(int level, struct eng_limits *lim)
{
	if (level < ENG_LEVEL_MIN || level > ENG_LEVEL_MAX)
		return -1;
	memset(lim, 0, sizeof *lim);
	lim->nodes = levels[level - ENG_LEVEL_MIN].nodes;
	lim->depth = levels[level - ENG_LEVEL_MIN].depth;
	return 0;
}
