/*
 * test_swiss.c - one round of the Dutch system (src/tourney/swiss.c):
 * colour preferences and limits, round 1 by the rules, a round 2 worked
 * by hand, a round that cannot be paired refused, bad data refused, the
 * same answer whatever the input order, and simulated tournaments (13
 * players over 5 rounds many times; 20-100 players over 7-9 rounds) with
 * every absolute criterion checked after each round.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/tourney.h"
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
	static const int opp[9][1] = { {0}, {5}, {6}, {7}, {8}, {1}, {2}, {3},
	                               {4} };
	static const char *col[9] = { "", "W", "B", "W", "B", "B", "W", "B",
	                              "W" };
	static const int score[9] = { 0, 2, 2, 1, 0, 0, 0, 1, 2 };
	struct tny_swiss_player p[8];
	struct tny_swiss_round r;
	char buf[200];
	int i;

	memset(p, 0, sizeof p);
	for (i = 0; i < 8; i++) {
		p[i].id = p[i].pairing_no = i + 1;
		p[i].score = score[i + 1];
		p[i].colours = col[i + 1];
		p[i].opponents = opp[i + 1];
		p[i].nopponents = 1;
	}
	is_int(tny_swiss_pair(p, 8, 0, &r, NULL), 0, "round 2 of 8 is paired");
	text(&r, buf, sizeof buf);
	is_str(buf, "2-1 7-8 4-3 5-6", "round 2 of 8: the hand-worked "
	       "pairing");
	tny_swiss_round_free(&r);
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

/* Simulated tournaments: pair, check every absolute criterion, play
 * random results; `runs` tournaments of n players over `rounds`. */
static void simulate(int n, int rounds, int runs, uint64_t seed)
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
			int rc = tny_swiss_pair(sim_view(&s), n, 0, &r, &err);

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
	is_int(bad, 0, "%d runs of %d players over %d rounds: every round "
	       "holds the absolute criteria, byes only to players without "
	       "one", runs, n, rounds);
	ok(nopair == 0, "%d players over %d rounds: always pairable (%d "
	   "refused)", n, rounds, nopair);
	printf("# %d players, %d rounds, %d runs: %d rounds from the "
	       "matching fallback\n", n, rounds, runs, fallbacks);
}

int main(void)
{
	int quick = getenv("EPAMSERV_QUICK") != NULL;

	test_colour_preferences();
	test_round_one_of_13();
	test_round_two_by_hand();
	test_order_does_not_matter();
	test_no_pairing();
	test_bye_to_lowest_without_one();
	test_bad_data();
	simulate(13, 5, quick ? 300 : 2000, 1000);
	simulate(20, 7, quick ? 30 : 200, 5000);
	simulate(47, 8, quick ? 10 : 50, 7000);
	simulate(100, 9, quick ? 3 : 20, 9000);
	return tap_done();
}
