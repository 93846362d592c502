/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_knockout.c - knockout brackets (src/tourney/knockout.c): the
 * standard seeding order, byes to the top seeds, who goes through after
 * two games and a deciding game, the deciding game's lot, and a whole
 * knockout of 8 with a tie decided by the deciding game.
 */
#include <stdio.h>
#include <string.h>

#include "tourney/tourney.h"
#include "tap.h"

static void bracket_text(int n, char *buf, size_t len)
{
	int slots[64], size = tny_ko_bracket(n, slots), i;
	size_t at = 0;

	buf[0] = 0;
	for (i = 0; i < size && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%d", i ? " " : "",
		                       slots[i]);
}

static void test_standard_order(void)
{
	char buf[200];

	bracket_text(16, buf, sizeof buf);
	is_str(buf, "1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11",
	       "16 seeds: the standard order");
	bracket_text(8, buf, sizeof buf);
	is_str(buf, "1 8 4 5 2 7 3 6", "8 seeds: the standard order");
	bracket_text(2, buf, sizeof buf);
	is_str(buf, "1 2", "2 seeds: one final");
	is_int(tny_ko_bracket(13, NULL), 16, "13 players: a bracket of 16");
	is_int(tny_ko_bracket(1, NULL), TNY_EINVAL, "1 player is refused");
}

/* Seeds 1 and 2 in different halves, 1..4 in different quarters, and
 * each first-round line sums to size+1, for sizes 2..1024. */
static void test_top_seeds_apart(void)
{
	static int slots[TNY_KO_MAX];
	int size, bad = 0, i;

	for (size = 2; size <= 1024; size *= 2) {
		int quarter[5] = { 0 };

		tny_ko_bracket(size, slots);
		for (i = 0; i < size; i += 2)
			if (slots[i] + slots[i + 1] != size + 1)
				bad++;
		for (i = 0; i < size; i++) {
			if (slots[i] == 1 && i >= size / 2)
				bad++;
			if (slots[i] == 2 && i < size / 2)
				bad++;
			if (size >= 4 && slots[i] <= 4)
				quarter[slots[i]] = i / (size / 4);
		}
		if (size >= 4 && (quarter[1] == quarter[2] ||
		    quarter[1] == quarter[3] || quarter[1] == quarter[4] ||
		    quarter[2] == quarter[3] || quarter[2] == quarter[4] ||
		    quarter[3] == quarter[4]))
			bad++;
	}
	is_int(bad, 0, "sizes 2..1024: lines sum to size+1, 1 and 2 in "
	       "different halves, 1..4 in different quarters");
}

/* 13 players: seeds 14, 15, 16 are byes, against seeds 1, 2, 3. */
static void test_byes_to_top_seeds(void)
{
	int slots[16], i, byes[4] = { 0 }, nb = 0;

	tny_ko_bracket(13, slots);
	for (i = 0; i < 16; i += 2)
		if (slots[i + 1] > 13 && nb < 4)
			byes[nb++] = slots[i];
	is_int(nb, 3, "13 players: three byes");
	ok(byes[0] == 1 && byes[1] == 2 && byes[2] == 3,
	   "the byes go to seeds 1, 2, 3 (got %d %d %d)", byes[0], byes[1],
	   byes[2]);
}

static void test_winner(void)
{
	struct tny_ko_match m = { 3, 14, 2, 1, -1, 0 };

	is_int(tny_ko_winner(&m), 3, "1.5-0.5: the higher seed goes through");
	m.game1 = 0;
	is_int(tny_ko_winner(&m), 14, "0.5-1.5: the lower seed goes through");
	m.game1 = 1;
	is_int(tny_ko_winner(&m), 0, "1-1: the deciding game is needed");
	m.game2 = -1;
	is_int(tny_ko_winner(&m), 0, "game 2 not played: undecided");
	m.game2 = 1;
	m.decider_white = tny_ko_decider_white(77, 1, 3, 14);
	m.decider = 2;
	is_int(tny_ko_winner(&m), 3, "deciding game won by the higher seed");
	m.decider = 0;
	is_int(tny_ko_winner(&m), 14, "deciding game lost by the higher seed");
	m.decider = 1;
	m.decider_white = 3;
	is_int(tny_ko_winner(&m), 14, "drawn deciding game: Black (14) goes "
	       "through");
	m.decider_white = 14;
	is_int(tny_ko_winner(&m), 3, "drawn deciding game: Black (3) goes "
	       "through");
	m.decider_white = 5;
	is_int(tny_ko_winner(&m), TNY_EINVAL, "a decider White who is in "
	       "neither seat is refused");
	m.game1 = 3;
	is_int(tny_ko_winner(&m), TNY_EINVAL, "a result of 3 half-points is "
	       "refused");
}

/* The lot: the same arguments always draw the same colour; over many
 * tournaments both colours come up about as often. */
static void test_lot(void)
{
	int i, high = 0, same = 1;

	for (i = 0; i < 1000; i++) {
		int w = tny_ko_decider_white((uint64_t)i, 2, 4, 5);

		if (w != tny_ko_decider_white((uint64_t)i, 2, 4, 5))
			same = 0;
		high += w == 4;
	}
	ok(same, "the lot is the same for the same seed, round and seeds");
	ok(high > 400 && high < 600, "the higher seed has White in about "
	   "half the deciding games (%d of 1000)", high);
	is_int(tny_ko_decider_white(1, 1, 5, 4), TNY_EINVAL,
	       "high must be the smaller seed");
}

/* A knockout of 8: the higher seed wins both games, except 4 v 5:
 * 1-1, then 5 wins the deciding game and meets 1 in the semi-final. */
static void test_knockout_of_8(void)
{
	int slots[8], line[8], n, round = 1, i;
	char buf[100];
	size_t at = 0;

	tny_ko_bracket(8, slots);
	memcpy(line, slots, sizeof line);
	for (n = 8; n > 1; n /= 2, round++) {
		for (i = 0; i < n; i += 2) {
			struct tny_ko_match m;
			int a = line[i], b = line[i + 1];

			m.high = a < b ? a : b;
			m.low = a < b ? b : a;
			m.game1 = m.game2 = 2;
			m.decider = -1;
			m.decider_white = 0;
			if (m.high == 4 && m.low == 5) {
				m.game1 = 2;
				m.game2 = 0;
				is_int(tny_ko_winner(&m), 0,
				       "4 v 5 at 1-1 needs the deciding game");
				m.decider_white = tny_ko_decider_white(17, round,
				                                       4, 5);
				m.decider = 0;
			}
			line[i / 2] = tny_ko_winner(&m);
			at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%d",
			                       at ? " " : "", line[i / 2]);
		}
		at += (size_t)snprintf(buf + at, sizeof buf - at, " |");
	}
	is_str(buf, "1 5 2 3 | 1 2 | 1 |", "knockout of 8: 5 goes through on "
	       "the deciding game, then 1 v 5 and 2 v 3, final 1 v 2");
}

int main(void)
{
	test_standard_order();
	test_top_seeds_apart();
	test_byes_to_top_seeds();
	test_winner();
	test_lot();
	test_knockout_of_8();
	return tap_done();
}
