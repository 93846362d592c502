/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * leave.h - the days of a player's leave (commands/accounts/leave.h:
 * what a leave is) and the board mail's words about it (leave.c).
 */
#ifndef EPAM_SERVICES_LEAVE_H
#define EPAM_SERVICES_LEAVE_H

#include <stddef.h>
#include <time.h>

#include "util/span.h"

struct game;
struct user;

/* 1 when u is on leave at now (a leave line, or an old "vacation:" day:
 * user_leave_spans), with that leave into *span when span is not NULL
 * (leaves that touch read as one); else 0. */
int leave_current(const struct user *u, time_t now, struct time_span *span);

/* The last day of u's leave at now in u's time zone (UTC when none),
 * "Tue 22 Dec 2026", into buf (at least 16 bytes); "" when u is not on
 * leave. */
void leave_last_day(const struct user *u, time_t now, char *buf,
                    size_t len);

/* The board mail's words about u, the opponent of its recipient:
 * "bob is on leave until Tue 22 Dec 2026 (bob's clock is stopped)." or
 * "" when bob is not on leave at now, or ended the leave with g's last
 * move (the move ends it: leave_after_move). */
void leave_board_words(const struct user *u, const struct game *g,
                       time_t now, char *buf, size_t len);

/* The day helpers of leave.c that the vacation command shares. */

/* Days since 1970-01-01 of the civil date y-m-d (Gregorian). */
long civil_days(long y, int m, int d);

/* The civil date of day number z (civil_days' inverse). */
void civil_date(long z, int *y, int *m, int *d);

/* The day number of t in the entered zone. */
long local_day(time_t t);

/* When day dn begins in the entered zone (its midnight, or the first
 * time of the day that exists). */
time_t day_start(long dn);

/* "Tue 22 Dec 2026" for day dn. */
void day_words(long dn, char *buf, size_t len);

/* The year of day dn. */
int day_year(long dn);

/* Days of year (entered zone) that the n spans touch, each once. */
int year_days(const struct time_span *s, size_t n, int year);

/* The first and last day of span s in u's zone, in words. */
void span_words(const struct user *u, const struct time_span *s,
                char *first, char *last, size_t len);

#endif
