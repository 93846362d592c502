/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * span.h - a stretch of time, [from, until): a player's leave (users.h),
 * what the clock leaves out (game/clock.h).
 */
#ifndef EPAM_SPAN_H
#define EPAM_SPAN_H

#include <time.h>

struct time_span {
	time_t from, until;
};

#endif
