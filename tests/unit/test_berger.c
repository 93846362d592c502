/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_berger.c - the Berger tables (src/tourney/berger.c) against the
 * tables published in the FIDE Handbook, C.05 Annex 1 ("Berger Tables
 * for Round-Robin Tournaments"), copied here by hand for 4, 6, 8 and 10
 * players (the same tables are on Chris Fox's page
 * c.w.fox.tripod.com/chess/berger.html); an odd field as the next even
 * one with the top number as the bye; the double round robin; and every
 * pair meeting once a cycle for 2..40 players.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/tourney.h"
#include "tap.h"

/* "1-4 2-3" per round: white-black, board order. */
static const char *const table4[] = {
	"1-4 2-3", "4-3 1-2", "2-4 3-1",
};
static const char *const table6[] = {
	"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3",
	"3-6 4-2 5-1",
};
static const char *const table8[] = {
	"1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6",
	"8-6 7-5 1-4 2-3", "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4",
	"4-8 5-3 6-2 7-1",
};
static const char *const table10[] = {
	"1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2",
	"2-10 3-1 4-9 5-8 6-7", "10-7 8-6 9-5 1-4 2-3",
	"3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4",
	"4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5",
	"5-10 6-4 7-3 8-2 9-1",
};

/* The round as text, "w-b w-b", with "bye:N" after it for odd n. */
static void round_text(int n, int r, int flags, char *buf, size_t len)
{
	struct tny_pair pairs[TNY_BERGER_MAX / 2 + 1];
	int bye = -1, k, g = tny_berger_round(n, r, flags, pairs, &bye);
	size_t at = 0;

	buf[0] = 0;
	for (k = 0; k < g && at < len; k++)
		at += (size_t)snprintf(buf + at, len - at, "%s%d-%d",
		                       k ? " " : "", pairs[k].white,
		                       pairs[k].black);
	if (bye > 0 && at < len)
		snprintf(buf + at, len - at, " bye:%d", bye);
}

static void test_published(int n, const char *const *table)
{
	char buf[200];
	int r;

	is_int(tny_berger_rounds(n, 0), n - 1, "%d players: %d rounds", n,
	       n - 1);
	for (r = 1; r < n; r++) {
		round_text(n, r, 0, buf, sizeof buf);
		is_str(buf, table[r - 1], "%d players, round %d is FIDE's", n,
		       r);
	}
}

/* 5 players play the 6-table with player 6 as the bye. */
static void test_odd_field_bye(void)
{
	char buf[200];
	int r;

	is_int(tny_berger_rounds(5, 0), 5, "5 players: 5 rounds");
	for (r = 1; r <= 5; r++) {
		char want[200], *at = want;
		const char *t = table6[r - 1];
		int w, b, used, bye = 0;

		*at = 0;
		while (sscanf(t, "%d-%d%n", &w, &b, &used) == 2) {
			t += used;
			if (w == 6 || b == 6)
				bye = w == 6 ? b : w;
			else
				at += sprintf(at, "%s%d-%d", at == want ? "" : " ",
				              w, b);
		}
		sprintf(at, " bye:%d", bye);
		round_text(5, r, 0, buf, sizeof buf);
		is_str(buf, want, "5 players, round %d: the 6-table, 6 the bye",
		       r);
	}
}

/* Double round robin: round m+r is round r with the colours reversed;
 * SWAP_LAST plays the first cycle's last two rounds the other way. */
static void test_double(void)
{
	char a[200], b[200];
	int r, ok_rev = 1, f = TNY_BERGER_DOUBLE;

	is_int(tny_berger_rounds(6, f), 10, "6 players double: 10 rounds");
	is_int(tny_berger_rounds(5, f), 10, "5 players double: 10 rounds");
	for (r = 1; r <= 5; r++) {
		struct tny_pair x[3], y[3];
		int k, gx = tny_berger_round(6, r, f, x, NULL);
		int gy = tny_berger_round(6, r + 5, f, y, NULL);

		if (gx != 3 || gy != 3)
			ok_rev = 0;
		for (k = 0; k < 3 && ok_rev; k++)
			if (x[k].white != y[k].black || x[k].black != y[k].white)
				ok_rev = 0;
	}
	ok(ok_rev, "6 players double: rounds 6-10 are 1-5 colours reversed");
	round_text(6, 4, f | TNY_BERGER_SWAP_LAST, a, sizeof a);
	is_str(a, table6[4], "SWAP_LAST: round 4 plays the table's round 5");
	round_text(6, 5, f | TNY_BERGER_SWAP_LAST, a, sizeof a);
	is_str(a, table6[3], "SWAP_LAST: round 5 plays the table's round 4");
	round_text(6, 6, f | TNY_BERGER_SWAP_LAST, a, sizeof a);
	is_str(a, "6-1 5-2 4-3", "SWAP_LAST: round 6 is round 1 reversed");
	round_text(6, 5, 0, b, sizeof b);
	is_str(b, table6[4], "without DOUBLE SWAP_LAST is not used");
}

/* Three whites or blacks running across the cycles never happen with
 * SWAP_LAST (that is what FIDE recommends it for). */
static void test_swap_last_no_three(void)
{
	int n, bad = 0;

	for (n = 4; n <= 16; n += 2) {
		char col[17][64];
		int r, rounds = tny_berger_rounds(n, TNY_BERGER_DOUBLE), i;

		memset(col, 0, sizeof col);
		for (r = 1; r <= rounds; r++) {
			struct tny_pair p[8];
			int g = tny_berger_round(n, r, TNY_BERGER_DOUBLE |
			                         TNY_BERGER_SWAP_LAST, p, NULL), k;

			for (k = 0; k < g; k++) {
				col[p[k].white][r - 1] = 'W';
				col[p[k].black][r - 1] = 'B';
			}
		}
		for (i = 1; i <= n; i++)
			if (strstr(col[i], "WWW") || strstr(col[i], "BBB")) {
				bad++;
				printf("# %d players: player %d has %s\n", n, i,
				       col[i]);
			}
	}
	is_int(bad, 0, "double round robin with SWAP_LAST: nobody has a "
	       "colour three times running (4..16 players)");
}

/* Every pair meets exactly once, everybody plays once a round, colours
 * balanced within one, for 2..40 players. */
static void test_every_pair_once(void)
{
	static unsigned char met[41][41];
	int n, bad = 0;

	for (n = 2; n <= 40; n++) {
		int r, rounds = tny_berger_rounds(n, 0), i, j;
		int whites[41] = { 0 };

		memset(met, 0, sizeof met);
		for (r = 1; r <= rounds; r++) {
			struct tny_pair p[21];
			int seen[42] = { 0 }, bye = 0, k;
			int g = tny_berger_round(n, r, 0, p, &bye);

			if (g != n / 2)
				bad++;
			for (k = 0; k < g; k++) {
				seen[p[k].white]++;
				seen[p[k].black]++;
				met[p[k].white][p[k].black]++;
				met[p[k].black][p[k].white]++;
				whites[p[k].white]++;
			}
			if (bye)
				seen[bye]++;
			for (i = 1; i <= n; i++)
				if (seen[i] != 1)
					bad++;
		}
		for (i = 1; i <= n; i++) {
			int games = n - 1;   /* odd n: n rounds, one a bye */

			if (2 * whites[i] < games - 1 || 2 * whites[i] > games + 1)
				bad++;
			for (j = 1; j <= n; j++)
				if (i != j && met[i][j] != 1)
					bad++;
		}
		if (bad) {
			printf("# %d players break the table\n", n);
			break;
		}
	}
	is_int(bad, 0, "2..40 players: each pair once, one game a round, "
	       "colours balanced within one");
}

static void test_bad_arguments(void)
{
	struct tny_pair p[4];

	is_int(tny_berger_rounds(1, 0), TNY_EINVAL, "1 player is refused");
	is_int(tny_berger_rounds(TNY_BERGER_MAX + 1, 0), TNY_EINVAL,
	       "more than TNY_BERGER_MAX is refused");
	is_int(tny_berger_round(4, 0, 0, p, NULL), TNY_EINVAL, "round 0");
	is_int(tny_berger_round(4, 4, 0, p, NULL), TNY_EINVAL,
	       "round 4 of 3");
	is_int(tny_berger_round(4, 1, 0, NULL, NULL), TNY_EINVAL, "no out");
}

int main(void)
{
	test_published(4, table4);
	test_published(6, table6);
	test_published(8, table8);
	test_published(10, table10);
	test_odd_field_bye();
	test_double();
	test_swap_last_no_three();
	test_every_pair_once();
	test_bad_arguments();
	return tap_done();
}
