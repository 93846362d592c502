/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * berger.c - round robin pairings by the Berger tables (FIDE Handbook
 * C.05 Annex 1).
 *
 * The idea: with m = N-1 (N the even number of players, an odd field
 * playing as N with N the bye), players 1..m sit on a circle and player
 * N in the middle.  In round r the player p = 1 + (r-1)(m+1)/2 mod m
 * meets N (p has White in odd rounds); on board k (2..N/2) p+(k-1) has
 * White against p-(k-1), numbers taken mod m into 1..m.  That is the
 * FIDE table exactly (tests/unit/test_berger.c holds the published
 * tables for 4, 6, 8 and 10 players).
 */
#include "tourney/tourney.h"

int tny_berger_rounds(int n, int flags)
{
	int even;

	if (n < 2 || n > TNY_BERGER_MAX)
		return TNY_EINVAL;
	even = n + (n & 1);
	return (flags & TNY_BERGER_DOUBLE) ? 2 * (even - 1) : even - 1;
}

/* k mod m into 1..m (k may be zero or negative). */
static int circle(int k, int m)
{
	k %= m;
	if (k <= 0)
		k += m;
	return k;
}

int tny_berger_round(int n, int round, int flags, struct tny_pair *out,
                     int *bye)
{
	int rounds = tny_berger_rounds(n, flags);
	int big, m, p, k, games = 0, reverse = 0, r = round;

	if (rounds < 0 || !out || round < 1 || round > rounds)
		return TNY_EINVAL;
	big = n + (n & 1);
	m = big - 1;
	if (flags & TNY_BERGER_DOUBLE) {
		if (r > m) {
			r -= m;
			reverse = 1;
		} else if ((flags & TNY_BERGER_SWAP_LAST) && m >= 2 &&
		           r >= m - 1) {
			r = r == m ? m - 1 : m;
		}
	}
	if (bye)
		*bye = 0;
	p = (int)(((long)(r - 1) * ((m + 1) / 2)) % m) + 1;
	for (k = 1; k <= big / 2; k++) {
		int w, b;

		if (k == 1) {
			w = r & 1 ? p : big;
			b = r & 1 ? big : p;
		} else {
			w = circle(p + (k - 1), m);
			b = circle(p - (k - 1), m);
		}
		if (w > n || b > n) {
			if (bye)
				*bye = w > n ? b : w;
			continue;
		}
		out[games].white = reverse ? b : w;
		out[games].black = reverse ? w : b;
		games++;
	}
	return games;
}
