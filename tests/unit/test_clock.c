/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_clock.c - time controls and the clock replay of clock.c (issue
 * 15): the -time forms, the banks after every move of a -time=3d+1d/5d
 * game worked by hand, the ICCF carry-over, deadlines with leave, the
 * pbmserv days rule, and the game file's time, stopped and clock lines.
 */
#include "game/clock.h"
#include "game/game.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define T0 1764482900L
#define H 3600L
#define D 86400L

static const char *const moves8[] = {
	"d1-d4", "c8-c6", "e2-c4", "e8-h5", "d3-b5", "c6-c8", "b5-b4",
};

/* An 8x8 game with time control text tc (NULL: none), created at T0. */
static int new_game(struct game *g, const char *tc)
{
	struct ep_options o;
	struct game_settings s;
	char err[256], word[64];

	if (ep_options_default(&o, "epaminondas", err, sizeof err) < 0 ||
	    ep_options_apply(&o, "-size=8x8", err, sizeof err) < 0 ||
	    ep_options_check(&o, err, sizeof err) < 0)
		return -1;
	game_new(g, "epaminondas", 101, &o, "alice", "bob", T0);
	game_settings_default(&s);
	if (tc) {
		snprintf(word, sizeof word, "-time=%s", tc);
		if (game_setting_apply(&s, word, err, sizeof err) != 1) {
			printf("#   %s\n", err);
			game_free(g);
			return -1;
		}
	}
	game_settings_put(g, &s);
	return 0;
}

static int play(struct game *g, size_t i, time_t when)
{
	char err[256];

	if (game_play(g, moves8[i], when, NULL, err, sizeof err) < 0) {
		printf("#   %s\n", err);
		return -1;
	}
	return 0;
}

static void test_parse(void)
{
	static const char *const good[][2] = {
		{ "3d+1d/5d", "3d+1d/5d" }, { "36h+12h", "36h+12h" },
		{ "10/30d", "10/30d" }, { "3d", "3d" }, { "7D+2d/14d", "7d+2d/14d" },
		{ "48h+0h/72h", "2d+0d/3d" },
	};
	static const char *const bad[] = {
		"", "3x", "0d+1d", "5d+1d/3d", "101/30d", "3d+", "400d", "d",
		"3d+1d/5d/6d", "10/0d", "3d 1d", "99999999d",
	};
	struct time_control tc;
	char err[256], out[TC_TEXT_MAX];
	size_t i;

	for (i = 0; i < sizeof good / sizeof *good; i++) {
		tc_default(&tc);
		is_int(tc_parse(&tc, good[i][0], err, sizeof err), 0,
		       "-time=%s is read", good[i][0]);
		tc_format(&tc, out, sizeof out);
		ok(strcmp(out, good[i][1]) == 0, "and written back as %s (%s)",
		   good[i][1], out);
	}
	tc_default(&tc);
	tc_parse(&tc, "3d", err, sizeof err);
	ok(tc.kind == TC_BANK && tc.start == 3 * D && tc.inc == 3 * D &&
	   tc.max == 3 * D, "-time=3d is 3 days a move");
	tc_parse(&tc, "10/30d", err, sizeof err);
	ok(tc.kind == TC_MOVES && tc.moves == 10 && tc.period == 30 * D,
	   "-time=10/30d is 10 moves in 30 days");
	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct time_control keep;
		tc_default(&tc);
		keep = tc;
		err[0] = '\0';
		is_int(tc_parse(&tc, bad[i], err, sizeof err), -1,
		       "-time=%s is refused", bad[i]);
		ok(err[0] && strstr(err, "-time"), "with words naming -time: %s", err);
		ok(memcmp(&tc, &keep, sizeof tc) == 0, "and tc is left alone");
	}
}

static void test_settings(void)
{
	struct game_settings s;
	struct game g;
	char err[256], buf[256];

	game_settings_default(&s);
	is_int(game_setting_apply(&s, "-time=7d+2d/14d", err, sizeof err), 1,
	       "-time= is a game setting");
	is_int(game_setting_apply(&s, "-timeout=claim", err, sizeof err), 1,
	       "-timeout=claim is one");
	is_int(game_setting_apply(&s, "-timeout=never", err, sizeof err), -1,
	       "-timeout=never is refused");
	ok(strstr(err, "auto or claim") != NULL, "saying what it may be: %s", err);
	is_int(game_setting_apply(&s, "-time=3w", err, sizeof err), -1,
	       "-time=3w is refused");
	if (new_game(&g, NULL) < 0) {
		ok(0, "a game");
		return;
	}
	game_settings_put(&g, &s);
	game_settings_format(&g, buf, sizeof buf);
	is_str(buf, " -time=7d+2d/14d -timeout=claim",
	       "the settings are written as option words");
	game_free(&g);
}

/* -time=3d+1d/5d, worked by hand. */
static void test_bank(void)
{
	struct game g;
	long bank[2];
	time_t t = T0;
	struct time_span leave[1];
	static const struct { long wait, white, black; } step[] = {
		{ 1 * D, 3 * D, 3 * D },             /* W used 1d: 3-1+1 */
		{ 2 * D, 3 * D, 2 * D },             /* B used 2d: 3-2+1 */
		{ 12 * H, 3 * D + 12 * H, 2 * D },   /* W used 12h */
		{ 1 * H, 3 * D + 12 * H, 2 * D + 23 * H },
		{ 1 * H, 4 * D + 11 * H, 2 * D + 23 * H },
		{ 3 * D, 4 * D + 11 * H, 1 * D },    /* B late: 0 + 1d */
		{ 0, 5 * D, 1 * D },                 /* W: 5d11h, capped at 5d */
	};
	size_t i;

	if (new_game(&g, "3d+1d/5d") < 0) {
		ok(0, "a -time=3d+1d/5d game");
		return;
	}
	clock_banks(&g, 0, bank);
	ok(bank[0] == 3 * D && bank[1] == 3 * D, "both banks start at 3 days");
	is_int(clock_deadline(&g, 0, NULL, 0), T0 + 3 * D,
	       "White's first deadline is 3 days after the start");
	for (i = 0; i < sizeof step / sizeof *step; i++) {
		t += step[i].wait;
		if (play(&g, i, t) < 0) {
			ok(0, "move %zu plays", i + 1);
			break;
		}
		clock_banks(&g, 0, bank);
		is_int(bank[0], step[i].white, "after move %zu White has %ld s", i + 1,
		       step[i].white);
		is_int(bank[1], step[i].black, "after move %zu Black has %ld s", i + 1,
		       step[i].black);
	}
	/* Black to move with 1 day; a leave of Black's from t + 6h to t + 2d. */
	is_int(clock_deadline(&g, 0, NULL, 0), t + D, "Black's deadline: 1 day on");
	is_int(clock_left(&g, 1, t + 6 * H, 0, NULL, 0), 18 * H,
	       "6 hours on, Black has 18 hours left");
	is_int(clock_left(&g, 0, t + 6 * H, 0, NULL, 0), 5 * D,
	       "and White, not to move, keeps the bank");
	leave[0].from = t + 6 * H;
	leave[0].until = t + 2 * D;
	is_int(clock_deadline(&g, 0, leave, 1), t + D + 42 * H,
	       "a leave of 42 hours moves the deadline 42 hours on");
	is_int(clock_left(&g, 1, t + D, 0, leave, 1), 18 * H,
	       "during the leave the clock stands");
	ok(clock_left(&g, 1, t + D + 42 * H, 0, leave, 1) <= 0,
	   "at the deadline the time is out");
	ok(clock_left(&g, 1, t + D + 42 * H - 1, 0, leave, 1) == 1,
	   "a second before it is not");
	game_free(&g);
}

/* The ICCF kind: -time=2/10d, the unused time carried over. */
static void test_moves(void)
{
	struct game g;
	long bank[2];

	if (new_game(&g, "2/10d") < 0) {
		ok(0, "a -time=2/10d game");
		return;
	}
	play(&g, 0, T0 + 3 * D);           /* W: 10 - 3 = 7 */
	play(&g, 1, T0 + 4 * D);           /* B: 10 - 1 = 9 */
	play(&g, 2, T0 + 8 * D);           /* W: 7 - 4 = 3, 2nd move: +10 */
	clock_banks(&g, 0, bank);
	is_int(bank[0], 13 * D, "after two moves White has 3 days + 10 more");
	is_int(bank[1], 9 * D, "Black, one move made, has 9 days");
	play(&g, 3, T0 + 8 * D + 12 * H);  /* B: 9 - 0.5 = 8.5, +10 */
	clock_banks(&g, 0, bank);
	is_int(bank[1], 18 * D + 12 * H, "Black carries 8.5 days over");
	game_free(&g);
}

/* No -time: pbmserv's rule, the days since the last change. */
static void test_days(void)
{
	struct game g;
	struct time_span leave[2];

	if (new_game(&g, NULL) < 0) {
		ok(0, "a game");
		return;
	}
	play(&g, 0, T0 + D);
	is_int(clock_deadline(&g, 21 * D, NULL, 0), T0 + 22 * D,
	       "21 days after the last move");
	g.updated = T0 + 10 * D;   /* a submit, a queue, a draw offer */
	is_int(clock_deadline(&g, 21 * D, NULL, 0), T0 + 22 * D,
	       "a change of the file that is no move gives no time");
	leave[0].from = T0 + 5 * D;
	leave[0].until = T0 + 8 * D;
	leave[1].from = T0 + 40 * D;   /* after the deadline: no effect */
	leave[1].until = T0 + 41 * D;
	is_int(clock_deadline(&g, 21 * D, leave, 2), T0 + 29 * D,
	       "a leave in the wait starts the 21 days again when it ends");
	is_int(clock_left(&g, 1, T0 + 9 * D, 21 * D, leave, 2), 20 * D,
	       "a day after the leave, 20 days are left");
	game_free(&g);
}

static void test_overlap(void)
{
	struct time_span s[3] = {
		{ 100, 200 }, { 150, 300 }, { 500, 600 },
	};

	is_int(clock_span_overlap(s, 3, 0, 1000), 300,
	       "overlapping spans count once");
	is_int(clock_span_overlap(s, 3, 250, 550), 100, "cut at both ends");
	is_int(clock_span_overlap(s, 3, 300, 500), 0, "between them: none");
	is_int(clock_span_overlap(s, 0, 0, 1000), 0, "no spans: none");
}

static void test_file(void)
{
	struct game g, back;
	struct time_span leave = { T0 + 2 * H, T0 + 26 * H };
	char *text, *err = NULL, *bad, *p;
	long b1[2], b2[2];

	if (new_game(&g, "3d+1d/5d") < 0) {
		ok(0, "a game");
		return;
	}
	g.tc.claim = 1;
	play(&g, 0, T0 + 2 * D);
	clock_note_move(&g, &leave, 1);
	is_int(g.moves[0].stopped, 24 * H, "the leave in the turn is noted");
	play(&g, 1, T0 + 3 * D);
	clock_note_move(&g, &leave, 1);
	is_int(g.moves[1].stopped, 0, "a leave before the turn is not");
	clock_banks(&g, 0, b1);
	is_int(b1[0], 3 * D, "White's bank: 3 - (2 - 1) + 1 days");
	text = game_format(&g);
	ok(strncmp(text, "epamserv-game 6\n", 16) == 0, "version 6");
	ok(strstr(text, "\ntime: 3d+1d/5d\n") != NULL, "the time line");
	ok(strstr(text, "\ntimeout: claim\n") != NULL, "the timeout line");
	ok(strstr(text, "\nstopped: 1 86400\n") != NULL, "the stopped line");
	ok(strstr(text, "\nclock: 259200 259200\n") != NULL, "the clock line: %s",
	   text);
	is_int(game_parse(&back, text, "t.game", &err), 0, "it reads back: %s",
	       err ? err : "");
	if (!err) {
		clock_banks(&back, 0, b2);
		ok(b1[0] == b2[0] && b1[1] == b2[1], "to the same banks");
		ok(back.tc.claim && back.tc.kind == TC_BANK, "and time control");
		game_free(&back);
	}
	free(err);
	err = NULL;
	bad = strdup(text);
	p = strstr(bad, "clock: 259200");
	p[7] = '3';
	is_int(game_parse(&back, bad, "t.game", &err), -1,
	       "a clock line that does not replay is refused");
	ok(err && strstr(err, "does not match the replayed"), "saying so: %s",
	   err ? err : "");
	free(err);
	err = NULL;
	free(bad);
	bad = strdup(text);
	p = strstr(bad, "stopped: 1 86400");
	memcpy(p, "stopped: 1 99999", 16);
	is_int(game_parse(&back, bad, "t.game", &err), -1,
	       "a stopped line that changes the banks is refused");
	free(err);
	free(bad);
	free(text);
	game_free(&g);
}

/* tc_pace (issue 29, limit accept): the time a move is sure to have,
 * the first one (START alone) included. */
static void test_pace(void)
{
	static const struct { const char *time; long pace; } cases[] = {
		{ "3d", 3 * D }, { "7d+2d/14d", 2 * D }, { "36h+12h", 12 * H },
		{ "1d+5d/2d", 1 * D }, { "30d+0d", 0 }, { "10/30d", 3 * D },
		{ "1h+21d", 1 * H }, { "2h+60d/60d", 2 * H }, { "5d+3d/6d", 3 * D },
	};
	struct time_control tc;
	char err[256];
	size_t i;

	tc_default(&tc);
	is_int(tc_pace(&tc, 21 * D), 21 * D, "no -time: forfeit_days a move");
	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		tc_default(&tc);
		tc_parse(&tc, cases[i].time, err, sizeof err);
		is_int(tc_pace(&tc, 21 * D), cases[i].pace, "-time=%s: %ld seconds "
		       "a move", cases[i].time, cases[i].pace);
	}
}

int main(void)
{
	test_pace();
	test_parse();
	test_settings();
	test_bank();
	test_moves();
	test_days();
	test_overlap();
	test_file();
	return tap_done();
}
