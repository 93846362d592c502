/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * clock.h - the clock of a board as the commands, the sweep, the digest
 * and the web site read it, times in a player's time zone, and the time
 * a move counts at (clock.c; issue 15, game/clock.h).
 */
#ifndef EPAM_SERVICES_CLOCK_H
#define EPAM_SERVICES_CLOCK_H

#include <stddef.h>
#include <time.h>

#include "game/game.h"
#include "services/headline.h"
#include "services/svc.h"
#include "spool/users.h"

/* t as a date and time in u's time zone (u->timezone; UTC when u is
 * NULL, its zone is "" or not a zone deadline_zone_ok accepts), e.g.
 * "Tue 8 Dec 2026 15:00 CET", into buf (len bytes; 40 are enough).
 * Sets TZ for the conversion and restores it. */
void deadline_words(const struct user *u, time_t t, char *buf, size_t len);

/* Whether name is a time zone a player may choose: an IANA name of a
 * compiled zone file under /usr/share/zoneinfo (Debian's tzdata), with
 * letters, digits, "_+-" and "/" between parts only (no "..", no
 * absolute path), not one of tzdata's helper files (posixrules,
 * localtime, Factory, posix/..., right/...).  1 or 0. */
int deadline_zone_ok(const char *name);

/* The clock of an ACTIVE g's player to move: side (0 White, 1 Black),
 * the mover's leave spans and whether they are away now (s->now), the
 * deadline (clock_deadline, days_limit forfeit_days), the turn's start
 * and both banks at its start (seconds).  0, or -1 when g is not ACTIVE
 * (k zeroed).  A mover whose user file does not load counts no leave. */
struct board_clock {
	int side, away;
	struct time_span leave[USER_MAX_LEAVE + 1];
	size_t nleave;
	time_t deadline, turn;
	long bank[2];
};
int board_clock(const struct svc *s, const struct game *g,
                struct board_clock *k);

/* Seconds left to the player to move at time at (clock_left; negative
 * once the time is out). */
long board_clock_left(const struct svc *s, const struct game *g,
                      const struct board_clock *k, time_t at);

/* "bob's time ran out on board 101: alice wins on time." for loser, a
 * player of g, appended to h (said in each reader's language). */
void timeout_headline(const struct game *g, const char *loser,
                      struct headline *h);

/* The time a move of the mail or event s serves counts at on g: its
 * arrival (at most now; now when unknown), never before g's last move
 * nor the game's start, so the move list stays in order. */
time_t board_move_time(const struct svc *s, const struct game *g);

/* After game_play of a move on g: record on it the leave its mover had
 * in that turn (clock_note_move with the mover's user_leave_spans), so
 * the clock replays from the file.  A mover whose user file does not
 * load counts no leave. */
void board_clock_note(const struct svc *s, struct game *g);

#endif
