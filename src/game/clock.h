/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * clock.h - correspondence time controls: the game's clock, replayed from
 * its move times (issue 15; SPEC "Time").
 *
 * Three kinds, chosen at the challenge:
 *   TC_DAYS   no -time: pbmserv's rule.  The player to move has
 *             forfeit_days (epamserv.conf, 21) from the opponent's last
 *             move (or the start); a leave resets the count (it starts
 *             again when the leave ends).
 *   TC_BANK   -time=START+INC[/MAX]: each player has a bank, START at the
 *             start; the time a player takes for a move comes off their
 *             bank, then INC is added, never above MAX (no cap when MAX
 *             is left out).  -time=Nd alone is N days a move (START = INC
 *             = MAX = N days).
 *   TC_MOVES  -time=N/Dd (ICCF): D days for every N moves of a player,
 *             the time not used carried over: the bank starts at D days
 *             and gets D days more after each N-th move of its player.
 * -timeout=auto (default): the sweep ends the game when the time of the
 * player to move is out; -timeout=claim: it does not, the opponent wins
 * by "claim" while the time is out (a move sent meanwhile is played, and
 * the late player's bank is 0 before the increment).
 *
 * Times are seconds (long) and time_t; a player's leave (struct
 * time_span, the days of the player's leave as [from, until)) stops the
 * clock of every board where the player is to move.  What a leave took
 * off a move is stored in the game file with the move ("stopped: N
 * SECONDS"), so the banks replay from the file alone.
 */
#ifndef EPAM_CLOCK_H
#define EPAM_CLOCK_H

#include <stddef.h>
#include <time.h>

#include "util/span.h"

enum tc_kind {
	TC_DAYS = 0,   /* no -time: days since the last change (pbmserv) */
	TC_BANK,       /* -time=START+INC[/MAX] */
	TC_MOVES,      /* -time=N/Dd */
};

struct time_control {
	enum tc_kind kind;
	long start, inc, max;  /* TC_BANK: seconds; max 0: no cap */
	int moves;             /* TC_MOVES: N moves ... */
	long period;           /* ... in this many seconds */
	int claim;             /* -timeout=claim (0: auto) */
};

/* The longest -time value text, with its NUL. */
#define TC_TEXT_MAX 48

/* The default: TC_DAYS, timeout auto. */
void tc_default(struct time_control *tc);

/* Parse the value of -time= ("7d+2d/14d", "36h+12h", "10/30d", "3d")
 * into tc (kind and its numbers; claim is left alone).  Units d and h;
 * START and MAX 1 hour to 365 days, INC 0 to 60 days, MAX at least
 * START, N 1 to 100 moves, D 1 hour to 365 days.  Returns 0, or -1 with
 * err in plain words (tc unchanged). */
int tc_parse(struct time_control *tc, const char *value, char *err,
             size_t len);

/* The -time= value of tc ("7d+2d/14d", "10/30d", "3d"; "" for TC_DAYS),
 * into buf (at least TC_TEXT_MAX bytes). */
void tc_format(const struct time_control *tc, char *buf, size_t len);

/* tc in words for mails ("a bank of 7 days, 2 days more a move, at most
 * 14 days; the time is out: the game is lost"), into buf; days_limit is
 * forfeit_days in seconds (for TC_DAYS). */
void tc_describe(const struct time_control *tc, long days_limit, char *buf,
                 size_t len);

/* A duration in words, rounded down to what matters: "3 days 4 hours",
 * "5 hours 10 minutes", "12 minutes", "less than a minute"; negative
 * seconds read as 0. */
void clock_format_left(long seconds, char *buf, size_t len);

/* Seconds of [a, b) covered by the spans (n of them, in any order,
 * possibly overlapping: the union counts once).  0 when b <= a. */
long clock_span_overlap(const struct time_span *s, size_t n, time_t a,
                        time_t b);

struct game;

/* When g started: the later of the players' agreements, or its creation
 * (games made at once by the administrator, files before version 5). */
time_t clock_game_start(const struct game *g);

/* When the turn of the player to move began: their opponent's last
 * move, or the start (clock_game_start), for every kind.  pbmserv's
 * "days since the last change" counts from here too: a submit, a queue,
 * a draw offer or a conditional line changes the file but gives the
 * player to move no time. */
time_t clock_turn_start(const struct game *g);

/* Each side's bank in seconds at the start of the current turn, replayed
 * from the move times and the stopped seconds (TC_BANK, TC_MOVES); for
 * TC_DAYS both are days_limit.  bank[0] White, bank[1] Black. */
void clock_banks(const struct game *g, long days_limit, long bank[2]);

/* The deadline of the player to move of an ACTIVE g: the time their
 * bank runs out, their leave (n spans) not counted.  For TC_DAYS the
 * pbmserv rule: days_limit after the last change, or after the end of a
 * leave that overlaps the wait.  0 when g is not ACTIVE. */
time_t clock_deadline(const struct game *g, long days_limit,
                      const struct time_span *leave, size_t n);

/* Seconds left to side (0 White, 1 Black) at now: for the player to
 * move, deadline - now less the leave still to come before it; for the
 * other, their bank.  Negative when the time is out. */
long clock_left(const struct game *g, int side, time_t now, long days_limit,
                const struct time_span *leave, size_t n);

/* After game_play of a move at its time: record on it the seconds of its
 * mover's leave (n spans) in the turn it ended (moves[].stopped), so the
 * banks replay.  Call before the next move. */
void clock_note_move(struct game *g, const struct time_span *leave,
                     size_t n);

/* How fast tc is (issue 29, "limit accept"): the seconds a player is
 * sure to have for each of her moves, the first one and those once the
 * starting bank is spent.  TC_DAYS: days_limit (forfeit_days in
 * seconds); TC_BANK: the least of START (all the first move has), INC,
 * and MAX when that is less than INC (0 when INC is 0: the bank runs
 * out); TC_MOVES: D / N. */
long tc_pace(const struct time_control *tc, long days_limit);

#endif
