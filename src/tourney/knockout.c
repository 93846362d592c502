/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * knockout.c - knockout brackets seeded by rating, two-game matches and
 * the deciding game.
 *
 * The standard seeding: the bracket of 2k lines is made from that of k
 * by following each seed s with 2k+1-s, so each line of the first round
 * holds seeds summing to size+1 (1 v 16, 8 v 9, ...) and seeds 1 and 2
 * sit in opposite halves.  Seeds above the number of players are byes,
 * which therefore go to the top seeds.
 */
#include "tourney/tourney.h"

int tny_ko_bracket(int n, int *slots)
{
	int size = 1, k, i;

	if (n < 2 || n > TNY_KO_MAX)
		return TNY_EINVAL;
	while (size < n)
		size *= 2;
	if (!slots)
		return size;
	slots[0] = 1;
	for (k = 1; k < size; k *= 2) {
		/* From k lines to 2k, in place from the back. */
		for (i = k - 1; i >= 0; i--) {
			int s = slots[i];

			slots[2 * i] = s;
			slots[2 * i + 1] = 2 * k + 1 - s;
		}
	}
	return size;
}

/* splitmix64: the lot's random bits. */
static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

int tny_ko_decider_white(uint64_t seed, int round, int high, int low)
{
	uint64_t x;

	if (high < 1 || low <= high || round < 1)
		return TNY_EINVAL;
	x = mix(seed ^ mix(((uint64_t)(unsigned)round << 40) ^
	                   ((uint64_t)(unsigned)high << 20) ^
	                   (uint64_t)(unsigned)low));
	return (x >> 63) ? high : low;
}

static int result_ok(int r)
{
	return r >= -1 && r <= 2;
}

int tny_ko_winner(const struct tny_ko_match *m)
{
	int total;

	if (!m || m->high < 1 || m->low <= m->high || !result_ok(m->game1) ||
	    !result_ok(m->game2) || !result_ok(m->decider))
		return TNY_EINVAL;
	if (m->game1 < 0 || m->game2 < 0)
		return 0;
	total = m->game1 + m->game2;
	if (total > 2)
		return m->high;
	if (total < 2)
		return m->low;
	if (m->decider < 0)
		return 0;
	if (m->decider_white != m->high && m->decider_white != m->low)
		return TNY_EINVAL;
	if (m->decider == 2)
		return m->high;
	if (m->decider == 0)
		return m->low;
	/* Drawn: the player who had Black goes through. */
	return m->decider_white == m->high ? m->low : m->high;
}
