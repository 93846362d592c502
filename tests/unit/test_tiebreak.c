/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_tiebreak.c - scores, Buchholz and Sonneborn-Berger
 * (src/tourney/tiebreak.c) against crosstables worked by hand: a round
 * robin of four, three players with a bye each round (the virtual
 * opponent of FIDE C.02 13.16), a forfeit, and inconsistent tables
 * refused.
 */
#include "tourney/tourney.h"
#include "tap.h"

#define P(o, r) { TNY_PLAYED, (o), (r) }
#define BYE { TNY_BYE, -1, 2 }

/* A round robin of four (A B C D = 0..3), three rounds:
 * R1 A-D 1-0, B-C draw; R2 D-C 0-1, A-B draw; R3 B-D 1-0, C-A 0-1.
 * Scores 2.5 2 1.5 0; Buchholz 3.5 4 4.5 6; SB 2.5 2 1 0. */
static void test_round_robin_of_four(void)
{
	static const struct tny_cell t[4 * 3] = {
		P(3, 2), P(1, 1), P(2, 2),    /* A */
		P(2, 1), P(0, 1), P(3, 2),    /* B */
		P(1, 1), P(3, 2), P(0, 0),    /* C */
		P(0, 0), P(2, 0), P(1, 0),    /* D */
	};
	int sc[4], bh[4], sb[4];
	static const int want_sc[4] = { 5, 4, 3, 0 };
	static const int want_bh[4] = { 7, 8, 9, 12 };
	static const int want_sb[4] = { 10, 8, 4, 0 };
	int i;

	is_int(tny_tiebreak(4, 3, t, sc, bh, sb), 0, "the table is accepted");
	for (i = 0; i < 4; i++) {
		is_int(sc[i], want_sc[i], "player %c: score (half-points)",
		       'A' + i);
		is_int(bh[i], want_bh[i], "player %c: Buchholz (half-points)",
		       'A' + i);
		is_int(sb[i], want_sb[i], "player %c: Sonneborn-Berger "
		       "(quarter-points)", 'A' + i);
	}
}

/* Three players X Y Z, a bye each round:
 * R1 X-Y 1-0, Z bye; R2 X-Z draw, Y bye; R3 Y-Z 1-0, X bye.
 * Scores X 2.5 Y 2 Z 1.5.  As opponents (byes as draws): X 2, Y 1.5,
 * Z 1.  Virtual opponents: X in R3: 1.5 + 0 + 0 = 1.5; Y in R2: 0 + 0 +
 * 0.5 = 0.5; Z in R1: 0 + 0 + 1 = 1.  Buchholz X 1.5+1+1.5 = 4,
 * Y 2+0.5+1 = 3.5, Z 1+2+1.5 = 4.5.  SB X 1.5+0.5+1.5 = 3.5,
 * Y 0+0.5+1 = 1.5, Z 1+1+0 = 2. */
static void test_byes_virtual_opponent(void)
{
	static const struct tny_cell t[3 * 3] = {
		P(1, 2), P(2, 1), BYE,         /* X */
		P(0, 0), BYE, P(2, 2),         /* Y */
		BYE, P(0, 1), P(1, 0),         /* Z */
	};
	int sc[3], bh[3], sb[3];

	is_int(tny_tiebreak(3, 3, t, sc, bh, sb), 0, "the table is accepted");
	ok(sc[0] == 5 && sc[1] == 4 && sc[2] == 3, "scores 2.5 2 1.5 (got "
	   "%d %d %d half-points)", sc[0], sc[1], sc[2]);
	ok(bh[0] == 8 && bh[1] == 7 && bh[2] == 9, "Buchholz 4 3.5 4.5 (got "
	   "%d %d %d half-points)", bh[0], bh[1], bh[2]);
	ok(sb[0] == 14 && sb[1] == 6 && sb[2] == 8, "SB 3.5 1.5 2 (got "
	   "%d %d %d quarter-points)", sb[0], sb[1], sb[2]);
}

/* A forfeit: P wins by forfeit against Q in the only round.  P's
 * virtual opponent has 0 (0 before + a loss), Q's has 1 (0 + a win). */
static void test_forfeit(void)
{
	static const struct tny_cell t[2] = {
		{ TNY_FORFEIT, 1, 2 }, { TNY_FORFEIT, 0, 0 },
	};
	int sc[2], bh[2], sb[2];

	is_int(tny_tiebreak(2, 1, t, sc, bh, sb), 0, "the table is accepted");
	ok(sc[0] == 2 && sc[1] == 0, "forfeit win scores 1, loss 0 (got %d %d)",
	   sc[0], sc[1]);
	ok(bh[0] == 0 && bh[1] == 2, "Buchholz of the virtual opponents 0 and "
	   "1 (got %d %d half-points)", bh[0], bh[1]);
	ok(sb[0] == 0 && sb[1] == 0, "SB 0 0 (got %d %d)", sb[0], sb[1]);
}

static void test_inconsistent_refused(void)
{
	static const struct tny_cell both_won[2] = { P(1, 2), P(0, 2) };
	static const struct tny_cell wrong_opp[3] = { P(1, 2), P(2, 0),
	                                              { TNY_ABSENT, -1, 0 } };
	static const struct tny_cell range[2] = { P(5, 2), P(0, 0) };
	static const struct tny_cell bad_bye[1] = { { TNY_BYE, -1, 1 } };
	int sc[3];

	is_int(tny_tiebreak(2, 1, both_won, sc, NULL, NULL), TNY_EINVAL,
	       "both players won the same game: refused");
	is_int(tny_tiebreak(3, 1, wrong_opp, sc, NULL, NULL), TNY_EINVAL,
	       "opponents that do not point at each other: refused");
	is_int(tny_tiebreak(2, 1, range, sc, NULL, NULL), TNY_EINVAL,
	       "an opponent out of range: refused");
	is_int(tny_tiebreak(1, 1, bad_bye, sc, NULL, NULL), TNY_EINVAL,
	       "a bye scored other than a win: refused");
}

int main(void)
{
	test_round_robin_of_four();
	test_byes_virtual_opponent();
	test_forfeit();
	test_inconsistent_refused();
	return tap_done();
}
