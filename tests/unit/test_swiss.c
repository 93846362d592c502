/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_swiss.c - one round of the Dutch system (src/tourney/swiss.c):
 * colour preferences and limits, round 1 by the rules, a round 2 worked
 * by hand, rounds 1-3 of the published worked example of "Mastering the
 * Dutch" (FIDE) reproduced exactly, a round that cannot be paired refused, bad data refused, the
 * same answer whatever the input order, and simulated tournaments (13
 * players over 5 rounds many times; 20-100 players over 7-9 rounds) with
 * every absolute criterion checked after each round.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/tourney.h"
#include "tourney/internal.h"
#include "tap.h"
#include "swiss_sim.h"

/* The round as text: "w-b w-b ... bye:N". */
static void text(const struct tny_swiss_round *r, char *buf, size_t len)
{
	size_t at = 0;
	int k;

	buf[0] = 0;
	for (k = 0; k < r->npairs && at < len; k++)
		at += (size_t)snprintf(buf + at, len - at, "%s%d-%d",
		                       k ? " " : "", r->pairs[k].white,
		                       r->pairs[k].black);
	if (r->has_bye && at < len)
		snprintf(buf + at, len - at, " bye:%d", r->bye_id);
}

static void test_colour_preferences(void)
{
	int s;

	is_int(tny_swiss_colour_pref("", &s), 0, "no games: no preference");
	is_int(s, 0, "no games: strength 0");
	is_int(tny_swiss_colour_pref("W", &s), 'B', "after W: Black");
	is_int(s, 2, "colour difference +1: a strong preference");
	is_int(tny_swiss_colour_pref("WB", &s), 'W', "after W B: White");
	is_int(s, 1, "difference 0: a mild preference");
	is_int(tny_swiss_colour_pref("BWW", &s), 'B', "after W W: Black");
	is_int(s, 3, "the same colour twice: absolute");
	is_int(tny_swiss_colour_pref("WBWBBWB-B", &s), 'W',
	       "difference -2: White");
	is_int(s, 3, "difference -2: absolute");
	is_int(tny_swiss_colour_pref("W-W", &s), 'B',
	       "a round without a game is skipped: W - W is twice White");
	is_int(s, 3, "W - W: absolute");
	ok(!tny_swiss_colour_ok("BWW", 'W'), "a third White running is refused");
	ok(!tny_swiss_colour_ok("WBWW-", 'W'), "W W - then W is three running");
	ok(tny_swiss_colour_ok("BWW", 'B'), "Black after W W is fine");
	ok(!tny_swiss_colour_ok("WBWBW", 'W') == 0 &&
	   tny_swiss_colour_ok("WWBWB", 'W'), "difference +1 then W: +2 ok");
	ok(!tny_swiss_colour_ok("WWBWBW", 'W'), "difference +2 then W: +3 "
	   "refused");
}

/* Round 1 of 13 players (C.04.3: one bracket, S1 = 1..6 against
 * S2 = 7..12 in order, 13 left over gets the bye; E.5 with White as the
 * initial colour: odd pairing numbers in S1 have White). */
static void test_round_one_of_13(void)
{
	struct sim s;
	struct tny_swiss_round r;
	char buf[200], *err = NULL;

	sim_init(&s, 13, 1);
	is_int(tny_swiss_pair(sim_view(&s), 13, 0, &r, &err), 0,
	       "round 1 of 13 is paired");
	text(&r, buf, sizeof buf);
	is_str(buf, "1-7 8-2 3-9 10-4 5-11 12-6 bye:13",
	       "round 1 of 13: 1..6 against 7..12, colours alternate, 13 the "
	       "bye");
	ok(!r.fallback, "round 1 is the Dutch search's own");
	tny_swiss_round_free(&r);
	is_int(tny_swiss_pair(sim_view(&s), 13, TNY_SWISS_FIRST_BLACK, &r,
	                      &err), 0, "round 1 with Black first is paired");
	text(&r, buf, sizeof buf);
	is_str(buf, "7-1 2-8 9-3 4-10 11-5 6-12 bye:13",
	       "Black as the initial colour: every colour the other way");
	tny_swiss_round_free(&r);
	sim_free(&s);
}

/* Fills p[0..n-1] as players 1..n (id and pairing number) after one
 * round: score[i], colours col[i] and the one opponent opp[i][0] (0: no
 * game) of player i (index 0 unused). */
static void after_one_round(struct tny_swiss_player *p, int n,
                            const int *score, const char *const *col,
                            const int (*opp)[1])
{
	int i;

	memset(p, 0, sizeof *p * (size_t)n);
	for (i = 0; i < n; i++) {
		p[i].id = p[i].pairing_no = i + 1;
		p[i].score = score[i + 1];
		p[i].colours = col[i + 1];
		p[i].opponents = opp[i + 1];
		p[i].nopponents = opp[i + 1][0] != 0;
	}
}

/* The 8 players of test_round_two_by_hand after round 1. */
static const int R2_OPP[9][1] = { {0}, {5}, {6}, {7}, {8}, {1}, {2}, {3},
                                  {4} };
static const char *const R2_COL[9] = { "", "W", "B", "W", "B", "B", "W",
                                       "B", "W" };
static const int R2_SCORE[9] = { 0, 2, 2, 1, 0, 0, 0, 1, 2 };

/* Round 2 of 8, worked by hand from the rules of C.04.3.  Round 1 (by
 * the rules): 1-5 1-0, 6-2 0-1, 3-7 draw, 8-4 1-0.  Brackets: 1 point
 * {1 2 8}, half {3 7}, none {4 5 6}.
 *  - 1 point: S1 {1}, S2 {2 8}: 1-2 (1 due Black, 2 due White: E.1
 *    gives 2 White); 8 floats down.
 *  - half: 8 moved down is paired first; 8-3 would leave both without
 *    their colour (both due Black), 8-7 grants both: 7-8; 3 floats.
 *  - none: 3 moved down, first resident 4 (due White, 3 due Black):
 *    4-3; the remainder {5 6}: 5 (due White) - 6 (due Black).
 * So: 2-1 7-8 4-3 5-6. */
static void test_round_two_by_hand(void)
{
	struct tny_swiss_player p[8];
	struct tny_swiss_round r;
	char buf[200];

	after_one_round(p, 8, R2_SCORE, R2_COL, R2_OPP);
	is_int(tny_swiss_pair(p, 8, 0, &r, NULL), 0, "round 2 of 8 is paired");
	text(&r, buf, sizeof buf);
	is_str(buf, "2-1 7-8 4-3 5-6", "round 2 of 8: the hand-worked "
	       "pairing");
	tny_swiss_round_free(&r);
}

/*
 * The worked example of the FIDE Technical Commission's "Mastering the
 * Dutch" (FA Mario Held's paper, also pages 65-92 of the 2014 FIDE
 * Arbiters' Manual; here its 2026 edition, 15 players: section 3 round
 * 1 pp. 11-13, section 4 round 2 pp. 31-32, section 5 round 3 pp.
 * 33-37), as transcribed in the test mast1 of github.com/gnutterts/
 * chesspairing.  Players 1..15 by rating.  Round 1 results: 1-8 1-0,
 * 9-2 draw, 3-10 1-0, 11-4 0-1, 5-12 draw, 13-6 1-0, 7-14 0-1, 15 the
 * bye.  Round 2: 6 asked for a half-point bye (not paired); results
 * 14-1 0-1, 15-3 0-1, 4-13 1-0, 2-5 1-0, 12-9 draw, 10-7 0-1, 8-11 1-0.
 * Round 3: 7 asked for a half-point bye.  The book's pairings:
 *   round 1: 1-8 9-2 3-10 11-4 5-12 13-6 7-14, 15 the bye
 *   round 2: 14-1 15-3 4-13 2-5 12-9 10-7 8-11
 *   round 3: 1-4 3-2 13-8 9-14 12-15 6-5 11-10
 * A requested bye is the caller's: that player is left out of the
 * round, his colour is '-' and his score has the half-point.  Floats
 * (A.4): 15's bye in round 1 and 6's absence in round 2 are downfloats;
 * no game of rounds 1 and 2 joins two scores.
 */
struct mast {
	int id, score;           /* half-points */
	const char *colours;
	int opp[2], nopp, had_bye;
};

/* A float of the history: player id, float_last, float_before. */
struct mast_float {
	int id, last, before;
};

static void mast_round(const struct mast *m, int n,
                       const struct mast_float *fl, const char *want,
                       const char *name)
{
	struct tny_swiss_player p[15];
	struct tny_swiss_round r;
	char buf[300], *err = NULL;
	int i, k, rc;

	memset(p, 0, sizeof p);
	for (i = 0; i < n; i++) {
		p[i].id = p[i].pairing_no = m[i].id;
		p[i].score = m[i].score;
		p[i].colours = m[i].colours;
		p[i].opponents = m[i].opp;
		p[i].nopponents = m[i].nopp;
		p[i].had_bye = m[i].had_bye;
		for (k = 0; fl && fl[k].id; k++)
			if (fl[k].id == m[i].id) {
				p[i].float_last = fl[k].last;
				p[i].float_before = fl[k].before;
			}
	}
	rc = tny_swiss_pair(p, n, 0, &r, &err);
	is_int(rc, 0, "%s is paired (%s)", name, err ? err : "no error");
	free(err);
	if (rc)
		return;
	text(&r, buf, sizeof buf);
	is_str(buf, want, "%s: the pairings of Mastering the Dutch", name);
	ok(!r.fallback, "%s comes from the Dutch search", name);
	tny_swiss_round_free(&r);
}

static void test_mastering_the_dutch(void)
{
	static const struct mast r1[15] = {
		{ 1, 0, "", {0}, 0, 0 }, { 2, 0, "", {0}, 0, 0 },
		{ 3, 0, "", {0}, 0, 0 }, { 4, 0, "", {0}, 0, 0 },
		{ 5, 0, "", {0}, 0, 0 }, { 6, 0, "", {0}, 0, 0 },
		{ 7, 0, "", {0}, 0, 0 }, { 8, 0, "", {0}, 0, 0 },
		{ 9, 0, "", {0}, 0, 0 }, { 10, 0, "", {0}, 0, 0 },
		{ 11, 0, "", {0}, 0, 0 }, { 12, 0, "", {0}, 0, 0 },
		{ 13, 0, "", {0}, 0, 0 }, { 14, 0, "", {0}, 0, 0 },
		{ 15, 0, "", {0}, 0, 0 },
	};
	/* After round 1; 6 is not paired in round 2. */
	static const struct mast r2[14] = {
		{ 1, 2, "W", {8}, 1, 0 }, { 2, 1, "B", {9}, 1, 0 },
		{ 3, 2, "W", {10}, 1, 0 }, { 4, 2, "B", {11}, 1, 0 },
		{ 5, 1, "W", {12}, 1, 0 }, { 7, 0, "W", {14}, 1, 0 },
		{ 8, 0, "B", {1}, 1, 0 }, { 9, 1, "W", {2}, 1, 0 },
		{ 10, 0, "B", {3}, 1, 0 }, { 11, 0, "W", {4}, 1, 0 },
		{ 12, 1, "B", {5}, 1, 0 }, { 13, 2, "W", {6}, 1, 0 },
		{ 14, 2, "B", {7}, 1, 0 }, { 15, 2, "-", {0}, 0, 1 },
	};
	/* After round 2; 7 is not paired in round 3. */
	static const struct mast r3[14] = {
		{ 1, 4, "WB", {8, 14}, 2, 0 }, { 2, 3, "BW", {9, 5}, 2, 0 },
		{ 3, 4, "WB", {10, 15}, 2, 0 }, { 4, 4, "BW", {11, 13}, 2, 0 },
		{ 5, 1, "WB", {12, 2}, 2, 0 }, { 6, 1, "B-", {13}, 1, 0 },
		{ 8, 2, "BW", {1, 11}, 2, 0 }, { 9, 2, "WB", {2, 12}, 2, 0 },
		{ 10, 0, "BW", {3, 7}, 2, 0 }, { 11, 0, "WB", {4, 8}, 2, 0 },
		{ 12, 2, "BW", {5, 9}, 2, 0 }, { 13, 2, "WB", {6, 4}, 2, 0 },
		{ 14, 2, "BW", {7, 1}, 2, 0 }, { 15, 2, "-W", {3}, 1, 1 },
	};

	static const struct mast_float f2[] = {
		{ 15, TNY_FLOAT_DOWN, 0 }, { 0, 0, 0 },
	};
	static const struct mast_float f3[] = {
		{ 6, TNY_FLOAT_DOWN, 0 }, { 15, 0, TNY_FLOAT_DOWN }, { 0, 0, 0 },
	};

	mast_round(r1, 15, NULL, "1-8 9-2 3-10 11-4 5-12 13-6 7-14 bye:15",
	           "Mastering the Dutch round 1");
	mast_round(r2, 14, f2, "14-1 15-3 4-13 2-5 12-9 10-7 8-11",
	           "Mastering the Dutch round 2");
	mast_round(r3, 14, f3, "1-4 3-2 13-8 9-14 12-15 6-5 11-10",
	           "Mastering the Dutch round 3");
}

/*
 * C.04.3 C.12 by hand: 5 players.  Round 1: 1-3 and 4-2, 5 the bye;
 * 1 and 2 win.  Round 2: the 2-point bracket {1 2 5} is odd, one of it
 * moves down.  Without floats 1-2 (S1 {1} against the first of S2) and
 * 5 moves down again.  But 5's bye was a downfloat (A.4), so C.12 wants
 * another to move down: 1-5 (5 has no colour yet, 1 due Black: 5-1),
 * 2 moves down and meets 3 (he has met 4): both due White, 2 ranks
 * higher and has it (E.2): 2-3; 4 the bye.  (3-4 and the bye to 2
 * would have no colour conflict, but C.7 keeps the downfloaters' scores
 * low before C.11 looks at colours.)
 */
static void test_float_after_a_bye(void)
{
	static const int opp[6][1] = { {0}, {3}, {4}, {1}, {2}, {0} };
	static const char *const col[6] = { "", "W", "B", "B", "W", "-" };
	static const int score[6] = { 0, 2, 2, 0, 0, 2 };
	struct tny_swiss_player p[5];
	struct tny_swiss_round r;
	char buf[200];

	after_one_round(p, 5, score, col, opp);
	p[4].had_bye = 1;
	is_int(tny_swiss_pair(p, 5, 0, &r, NULL), 0, "round 2 of 5 is paired");
	text(&r, buf, sizeof buf);
	is_str(buf, "2-1 3-5 bye:4", "without the float history 5 moves "
	       "down again");
	tny_swiss_round_free(&r);
	p[4].float_last = TNY_FLOAT_DOWN;
	is_int(tny_swiss_pair(p, 5, 0, &r, NULL), 0, "round 2 of 5 with "
	       "floats is paired");
	text(&r, buf, sizeof buf);
	is_str(buf, "5-1 2-3 bye:4", "C.12: the player who had the bye does "
	       "not move down again");
	tny_swiss_round_free(&r);
	/* Two rounds ago counts only after the last round (C.14 after
	 * C.12): 1 and 5 moved down two rounds ago and 2 last round, so 2
	 * stays and of 1 and 5, by transpositions, 5 moves down. */
	p[4].float_last = 0;
	p[4].float_before = TNY_FLOAT_DOWN;
	p[0].float_before = TNY_FLOAT_DOWN;
	p[1].float_last = TNY_FLOAT_DOWN;
	is_int(tny_swiss_pair(p, 5, 0, &r, NULL), 0, "round with C.14 is "
	       "paired");
	text(&r, buf, sizeof buf);
	is_str(buf, "2-1 3-5 bye:4", "C.12 before C.14: the last round's "
	       "floater stays up");
	tny_swiss_round_free(&r);
}

/* C.13 and C.15 on the round of test_round_two_by_hand: there 3 moves
 * down into {4 5 6} and meets the first resident, 4: 4-3, 5-6.  Given
 * the same players but with 4 floated up in the round before (as a
 * later round's history could have it), 3 meets 5 instead, and 4 plays
 * 6: 5-3 (3 due Black) and 4-6 (4 due White).  The same for an upfloat
 * two rounds ago; and one that 4 and 5 both had does not matter. */
static void test_upfloat_again(void)
{
	static const struct {
		int up4, up5, before;
		const char *want, *name;
	} cases[] = {
		{ 0, 0, 0, "2-1 7-8 4-3 5-6", "no upfloats: 3 meets 4" },
		{ 1, 0, 0, "2-1 7-8 5-3 4-6", "C.13: 4 floated up last round" },
		{ 1, 0, 1, "2-1 7-8 5-3 4-6", "C.15: 4 floated up two rounds "
		  "ago" },
		{ 1, 1, 0, "2-1 7-8 4-3 5-6", "4 and 5 both floated up: the "
		  "first resident again" },
	};
	struct tny_swiss_player p[8];
	struct tny_swiss_round r;
	char buf[200];
	size_t c;

	for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		after_one_round(p, 8, R2_SCORE, R2_COL, R2_OPP);
		if (cases[c].before) {
			p[3].float_before = cases[c].up4 ? TNY_FLOAT_UP : 0;
			p[4].float_before = cases[c].up5 ? TNY_FLOAT_UP : 0;
		} else {
			p[3].float_last = cases[c].up4 ? TNY_FLOAT_UP : 0;
			p[4].float_last = cases[c].up5 ? TNY_FLOAT_UP : 0;
		}
		is_int(tny_swiss_pair(p, 8, 0, &r, NULL), 0, "%s: paired",
		       cases[c].name);
		text(&r, buf, sizeof buf);
		is_str(buf, cases[c].want, "%s", cases[c].name);
		tny_swiss_round_free(&r);
	}
}

/* The float history read off a crosstable: round 1 1-3 and 4-2 (1 and
 * 2 win), 5 the bye; round 2 5-1 (draw), 2-3 (2 wins), 4 the bye. */
static void test_floats_from_crosstable(void)
{
	struct tny_cell c[5 * 2];
	int last[5], before[5];

	memset(c, 0, sizeof c);
#define CELL(i, r, k, o, res) (c[(i) * 2 + (r)] = (struct tny_cell){ k, o, res })
	CELL(0, 0, TNY_PLAYED, 2, 2); CELL(2, 0, TNY_PLAYED, 0, 0);
	CELL(3, 0, TNY_PLAYED, 1, 0); CELL(1, 0, TNY_PLAYED, 3, 2);
	CELL(4, 0, TNY_BYE, -1, 2);
	CELL(4, 1, TNY_PLAYED, 0, 1); CELL(0, 1, TNY_PLAYED, 4, 1);
	CELL(1, 1, TNY_PLAYED, 2, 2); CELL(2, 1, TNY_PLAYED, 1, 0);
	CELL(3, 1, TNY_BYE, -1, 2);
#undef CELL
	is_int(tny_swiss_floats(5, 2, c, last, before), 0, "floats read");
	ok(before[4] == TNY_FLOAT_DOWN && before[0] == 0 && before[1] == 0,
	   "round 1: the bye is a downfloat, equal scores none");
	ok(last[1] == TNY_FLOAT_DOWN && last[2] == TNY_FLOAT_UP,
	   "round 2: 2 (2 points) against 3 (0): down and up");
	ok(last[0] == 0 && last[4] == 0 && last[3] == TNY_FLOAT_DOWN,
	   "round 2: 5-1 of equal scores none, 4's bye down");
	is_int(tny_swiss_floats(5, 1, c, last, before), TNY_EINVAL,
	       "a crosstable that does not hold together is refused");
	c[4 * 2 + 1].result = 3;
	is_int(tny_swiss_floats(5, 2, c, last, NULL), TNY_EINVAL,
	       "a result of 3 half-points is refused");
}

/* The same players in any order give the same round. */
static void test_order_does_not_matter(void)
{
	struct sim s;
	struct tny_swiss_round a, b;
	struct tny_swiss_player *rev;
	char ta[400], tb[400];
	int round, i, same = 1;

	sim_init(&s, 15, 99);
	rev = calloc(15, sizeof *rev);
	for (round = 0; round < 4 && rev; round++) {
		const struct tny_swiss_player *v = sim_view(&s);

		for (i = 0; i < 15; i++)
			rev[i] = v[14 - i];
		if (tny_swiss_pair(v, 15, 0, &a, NULL) ||
		    tny_swiss_pair(rev, 15, 0, &b, NULL)) {
			same = 0;
			break;
		}
		text(&a, ta, sizeof ta);
		text(&b, tb, sizeof tb);
		if (strcmp(ta, tb)) {
			printf("# round %d: %s\n#   reversed: %s\n", round + 1,
			       ta, tb);
			same = 0;
		}
		sim_play(&s, &a);
		tny_swiss_round_free(&a);
		tny_swiss_round_free(&b);
	}
	ok(same, "15 players, 4 rounds: the input order does not change the "
	   "pairing");
	free(rev);
	sim_free(&s);
}

/* No pairing exists: refused cleanly with a description. */
static void test_no_pairing(void)
{
	static const int one[] = { 2 }, two[] = { 1 };
	struct tny_swiss_player p[3];
	struct tny_swiss_round r;
	char *err = NULL;
	int rc;

	memset(p, 0, sizeof p);
	p[0].id = p[0].pairing_no = 1;
	p[1].id = p[1].pairing_no = 2;
	p[0].colours = "W";
	p[1].colours = "B";
	p[0].opponents = one;
	p[1].opponents = two;
	p[0].nopponents = p[1].nopponents = 1;
	rc = tny_swiss_pair(p, 2, 0, &r, &err);
	is_int(rc, TNY_ENOPAIR, "two players who have met: no pairing");
	ok(err && strstr(err, "absolute"), "the error says why (%s)",
	   err ? err : "(null)");
	ok(r.pairs == NULL && r.npairs == 0, "no round is returned");
	free(err);

	/* Two players both twice White: they cannot meet. */
	p[0].colours = "WW";
	p[1].colours = "BWW";
	p[0].nopponents = p[1].nopponents = 0;
	is_int(tny_swiss_pair(p, 2, 0, &r, NULL), TNY_ENOPAIR,
	       "two players who both must have Black: no pairing");

	/* One player who had the bye already. */
	p[0].had_bye = 1;
	is_int(tny_swiss_pair(p, 1, 0, &r, NULL), TNY_ENOPAIR,
	       "a lone player who had the bye: no pairing");
	p[0].had_bye = 0;
	p[0].forfeit_win = 1;
	is_int(tny_swiss_pair(p, 1, 0, &r, NULL), TNY_ENOPAIR,
	       "a lone player with a forfeit win: no bye (C.04.1 d)");
	p[0].forfeit_win = 0;
	is_int(tny_swiss_pair(p, 1, 0, &r, NULL), 0, "a lone player: the bye");
	ok(r.has_bye && r.bye_id == 1 && r.npairs == 0, "the bye is his");
	tny_swiss_round_free(&r);

	/* Three players: 3 must have the bye (1 and 2 had one), but 3 has
	 * met both: no pairing. */
	memset(p, 0, sizeof p);
	{
		static const int o1[] = { 3 }, o2[] = { 3 }, o3[] = { 1, 2 };

		p[0].id = p[0].pairing_no = 1;
		p[1].id = p[1].pairing_no = 2;
		p[2].id = p[2].pairing_no = 3;
		p[0].had_bye = p[1].had_bye = 1;
		p[0].opponents = o1;
		p[1].opponents = o2;
		p[2].opponents = o3;
		p[0].nopponents = p[1].nopponents = 1;
		p[2].nopponents = 2;
		p[0].colours = p[1].colours = "-W";
		p[2].colours = "BW";
		is_int(tny_swiss_pair(p, 3, 0, &r, NULL), 0,
		       "three: 1-2 and 3 the bye is possible");
		ok(r.has_bye && r.bye_id == 3, "the bye goes to 3, the only "
		   "one without one");
		tny_swiss_round_free(&r);
		p[2].forfeit_win = 1;
		is_int(tny_swiss_pair(p, 3, 0, &r, NULL), TNY_ENOPAIR,
		       "three: nobody may have the bye");
	}
}

/* The bye goes to the lowest-ranked player who may have it. */
static void test_bye_to_lowest_without_one(void)
{
	struct tny_swiss_player p[5];
	struct tny_swiss_round r;
	int i;

	memset(p, 0, sizeof p);
	for (i = 0; i < 5; i++) {
		p[i].id = p[i].pairing_no = i + 1;
		p[i].colours = "";
	}
	p[4].had_bye = 1;
	is_int(tny_swiss_pair(p, 5, 0, &r, NULL), 0, "5 players paired");
	ok(r.has_bye && r.bye_id == 4, "5 had a bye: 4 gets it (got %d)",
	   r.bye_id);
	tny_swiss_round_free(&r);
}

static void test_bad_data(void)
{
	struct tny_swiss_player p[2];
	struct tny_swiss_round r;
	char *err = NULL;

	memset(p, 0, sizeof p);
	p[0].id = 1;
	p[1].id = 1;
	p[0].pairing_no = 1;
	p[1].pairing_no = 2;
	is_int(tny_swiss_pair(p, 2, 0, &r, &err), TNY_EINVAL,
	       "two players with one id: refused");
	ok(err && strstr(err, "same id"), "the error names it (%s)",
	   err ? err : "(null)");
	free(err);
	p[1].id = 2;
	p[1].colours = "WX";
	is_int(tny_swiss_pair(p, 2, 0, &r, &err), TNY_EINVAL,
	       "a colour X: refused");
	free(err);
	is_int(tny_swiss_pair(p, 0, 0, &r, NULL), TNY_EINVAL, "no players");
}

/* E.3: two players with the same mild preference (Black): going back,
 * the latest round they had different colours is round 2, where 1 had
 * Black: so 1 has White now, against E.4 (which would give 1 his
 * preference, Black). */
static void test_allocation_alternates(void)
{
	struct tny_swiss_player p[2];
	struct tny_swiss_round r;
	char buf[100];

	memset(p, 0, sizeof p);
	p[0].id = p[0].pairing_no = 1;
	p[1].id = p[1].pairing_no = 2;
	p[0].colours = "WBBW";
	p[1].colours = "BWBW";
	is_int(tny_swiss_pair(p, 2, 0, &r, NULL), 0, "E.3 pair is paired");
	text(&r, buf, sizeof buf);
	is_str(buf, "1-2", "E.3: colours alternate from the latest round "
	       "they differed");
	tny_swiss_round_free(&r);
	/* E.2: a strong preference beats a mild one for the same colour. */
	p[0].colours = "BW";     /* mild Black, ranked higher */
	p[1].colours = "WBW";    /* strong Black */
	is_int(tny_swiss_pair(p, 2, 0, &r, NULL), 0, "E.2 pair is paired");
	text(&r, buf, sizeof buf);
	is_str(buf, "1-2", "E.2: the strong preference (2, Black) is granted");
	tny_swiss_round_free(&r);
}

/* The largest matching of the vertices in mask, by brute force. */
static int brute(const unsigned char *adj, int n, unsigned mask, int *memo)
{
	int v, u, best;

	if (!mask)
		return 0;
	if (memo[mask] >= 0)
		return memo[mask];
	for (v = 0; !(mask & (1u << v)); v++)
		;
	best = brute(adj, n, mask & ~(1u << v), memo);
	for (u = v + 1; u < n; u++)
		if ((mask & (1u << u)) && adj[v * n + u]) {
			int m = 1 + brute(adj, n, mask & ~(1u << v) & ~(1u << u),
			                  memo);

			if (m > best)
				best = m;
		}
	return memo[mask] = best;
}

/* The blossom matching (match.c, which decides that no pairing exists)
 * against brute force on 3,000 random graphs of 1..12 vertices: a valid
 * matching, as large as the largest. */
static void test_matching_against_brute_force(void)
{
	static int memo[1 << 12];
	unsigned char adj[144];
	int mate[12], g, bad = 0;
	uint64_t rng = 12345;

	for (g = 0; g < 3000 && !bad; g++) {
		int n = 1 + (int)(rng % 12), i, j, got, want, pairs = 0;
		int density;

		rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
		density = (int)((rng >> 33) % 100);
		memset(adj, 0, sizeof adj);
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++) {
				rng = rng * 6364136223846793005ULL +
				      1442695040888963407ULL;
				if ((int)((rng >> 33) % 100) < density)
					adj[i * n + j] = adj[j * n + i] = 1;
			}
		got = tny_max_matching(n, adj, mate);
		for (i = 0; i < n; i++) {
			if (mate[i] < 0)
				continue;
			if (mate[i] >= n || mate[mate[i]] != i ||
			    !adj[i * n + mate[i]])
				bad++;
			pairs++;
		}
		memset(memo, -1, sizeof(int) << n);
		want = brute(adj, n, (1u << n) - 1, memo);
		if (got != want || pairs != 2 * got) {
			printf("# graph %d (%d vertices): matching %d, mates %d, "
			       "largest %d\n", g, n, got, pairs, want);
			bad++;
		}
	}
	is_int(bad, 0, "3,000 random graphs: the blossom matching is valid "
	       "and as large as brute force's");
}

/* Simulated tournaments: pair, check every absolute criterion, play
 * random results; `runs` tournaments of n players over `rounds`.
 * flags: tny_swiss_pair's (TNY_SWISS_MATCHING: the fallback alone). */
static void simulate_flags(int n, int rounds, int runs, uint64_t seed,
                           int flags)
{
	int run, bad = 0, fallbacks = 0, nopair = 0;
	char why[200];

	for (run = 0; run < runs && !bad; run++) {
		struct sim s;
		int round;

		if (sim_init(&s, n, seed + (uint64_t)run) < 0) {
			bad++;
			break;
		}
		for (round = 0; round < rounds; round++) {
			struct tny_swiss_round r;
			char *err = NULL;
			int rc = tny_swiss_pair(sim_view(&s), n, flags, &r,
			                        &err);

			if (rc == TNY_ENOPAIR) {
				/* Possible in principle; must not be common. */
				nopair++;
				free(err);
				break;
			}
			if (rc) {
				printf("# run %d round %d: %d %s\n", run,
				       round + 1, rc, err ? err : "");
				free(err);
				bad++;
				break;
			}
			if (sim_check(&s, &r, why, sizeof why) < 0) {
				printf("# run %d round %d: %s\n", run, round + 1,
				       why);
				bad++;
			}
			sim_play(&s, &r);
			tny_swiss_round_free(&r);
		}
		fallbacks += s.fallbacks;
		sim_free(&s);
	}
	is_int(bad, 0, "%d runs of %d players over %d rounds%s: every round "
	       "holds the absolute criteria, byes only to players without "
	       "one", runs, n, rounds, flags & TNY_SWISS_MATCHING ?
	       " (matching fallback alone)" : "");
	ok(nopair == 0, "%d players over %d rounds: always pairable (%d "
	   "refused)", n, rounds, nopair);
	printf("# %d players, %d rounds, %d runs: %d rounds from the "
	       "matching fallback\n", n, rounds, runs, fallbacks);
	if (flags & TNY_SWISS_MATCHING)
		ok(fallbacks == runs * rounds - nopair, "every round was the "
		   "fallback's (%d)", fallbacks);
}

static void simulate(int n, int rounds, int runs, uint64_t seed)
{
	simulate_flags(n, rounds, runs, seed, 0);
}

int main(void)
{
	int quick = getenv("EPAMSERV_QUICK") != NULL;

	test_colour_preferences();
	test_round_one_of_13();
	test_round_two_by_hand();
	test_mastering_the_dutch();
	test_float_after_a_bye();
	test_upfloat_again();
	test_floats_from_crosstable();
	test_allocation_alternates();
	test_matching_against_brute_force();
	test_order_does_not_matter();
	test_no_pairing();
	test_bye_to_lowest_without_one();
	test_bad_data();
	simulate(13, 5, quick ? 300 : 2000, 1000);
	simulate(20, 7, quick ? 30 : 200, 5000);
	simulate(47, 8, quick ? 10 : 50, 7000);
	simulate(100, 9, quick ? 3 : 20, 9000);
	simulate_flags(13, 5, quick ? 100 : 500, 11000, TNY_SWISS_MATCHING);
	simulate_flags(60, 8, quick ? 5 : 20, 12000, TNY_SWISS_MATCHING);
	return tap_done();
}
