/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * levels.c - the playing levels (engine.h, eng_level_limits): each level
 * is a node bound, so that a level and a seed give the same game.
 *
 * The bounds step by about x5 in nodes actually searched (a search
 * finishes depth 1 with its quiescence, 115 nodes on the 14x12 opening,
 * up to a few thousand in busy positions, so level 1 often searches more
 * than its bound of 200): steps of x4 to x4.5 measured 55-73% against
 * the level below, x5 72-90%, and the bar is 70% over 200 games
 * (BENCHMARKS.md, "Issue 16: ladder").  The top bound keeps the full
 * ladder (bench/ladder.sh) within one sitting on two cores: its rows
 * with the top level cost the most.  Measure again with `sh
 * bench/ladder.sh` after any change to the search or the evaluation (a
 * node buys something else then).
 *
 * The first ply may take LEVEL_FIRST_NODES whatever the level's bound
 * (first_nodes): before issue 29 the first iteration was never stopped,
 * and the first ply of an ordinary position takes at most 2,928 nodes
 * on 14x12 and 66,688 in long 26x26 games (measured in self-play,
 * doc/engine.md, "Bounds"), so the levels play as they did in
 * every such position, and a crafted one costs them at most that (a
 * few tenths of a second).
 */
#include <string.h>

#include "engine/engine.h"

#define LEVEL_FIRST_NODES 100000

static const uint64_t level_nodes[ENG_LEVEL_MAX - ENG_LEVEL_MIN + 1] = {
	200, 3000, 16000, 80000, 350000,
};

int eng_level_limits(int level, struct eng_limits *lim)
{
	if (level < ENG_LEVEL_MIN || level > ENG_LEVEL_MAX)
		return -1;
	memset(lim, 0, sizeof *lim);
	lim->nodes = level_nodes[level - ENG_LEVEL_MIN];
	lim->first_nodes = LEVEL_FIRST_NODES;
	return 0;
}
