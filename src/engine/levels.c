/*
 * levels.c - the playing levels (engine.h, eng_level_limits): each level
 * is a node bound, so that a level and a seed give the same game.
 */
#include <string.h>

#include "engine/engine.h"

static const uint64_t level_nodes[ENG_LEVEL_MAX - ENG_LEVEL_MIN + 1] = {
	500, 2000, 8000, 32000, 128000,
};

int eng_level_limits(int level, struct eng_limits *lim)
{
	if (level < ENG_LEVEL_MIN || level > ENG_LEVEL_MAX)
		return -1;
	memset(lim, 0, sizeof *lim);
	lim->nodes = level_nodes[level - ENG_LEVEL_MIN];
	return 0;
}
