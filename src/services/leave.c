/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * leave.c - the days of a player's leave and the board mail's words
 * about it (leave.h): from commands/accounts/leave.c (issue 31), bodies
 * unchanged; the day helpers the vacation command shares are no longer
 * static.  The vacation command and the leave's notices stay in
 * commands/accounts/leave.c.
 */
#include "services/leave.h"
#include "game/game.h"
#include "spool/users.h"
#include "util/datewords.h"
#include "util/i18n.h"
#include "util/tz.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Days since 1970-01-01 of the civil date y-m-d (Gregorian). */
long civil_days(long y, int m, int d)
{
	long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* The civil date of day number z (civil_days' inverse). */
void civil_date(long z, int *y, int *m, int *d)
{
	long era, doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = (int)(yoe + era * 400 + (*m <= 2));
}

/* The day number of t in the entered zone. */
long local_day(time_t t)
{
	struct tm tm;

	localtime_r(&t, &tm);
	return civil_days(tm.tm_year + 1900L, tm.tm_mon + 1, tm.tm_mday);
}

/* When day dn begins in the entered zone (its midnight, or the first
 * time of the day that exists). */
time_t day_start(long dn)
{
	struct tm tm;
	int y, m, d;

	memset(&tm, 0, sizeof tm);
	civil_date(dn, &y, &m, &d);
	tm.tm_year = y - 1900;
	tm.tm_mon = m - 1;
	tm.tm_mday = d;
	tm.tm_isdst = -1;
	return mktime(&tm);
}

/* "Tue 22 Dec 2026" for day dn, in the reader's language
 * (date_day_words). */
void day_words(long dn, char *buf, size_t len)
{
	struct tm tm;
	int y, m, d;

	civil_date(dn, &y, &m, &d);
	memset(&tm, 0, sizeof tm);
	tm.tm_year = y - 1900;
	tm.tm_mon = m - 1;
	tm.tm_mday = d;
	/* Day 0 (1970-01-01) was a Thursday. */
	tm.tm_wday = (int)((((dn + 4) % 7) + 7) % 7);
	date_day_words(&tm, buf, len);
}

/* The year of day dn. */
int day_year(long dn)
{
	int y, m, d;

	civil_date(dn, &y, &m, &d);
	return y;
}

/* Days of year (entered zone) that the n spans touch, each once. */
int year_days(const struct time_span *s, size_t n, int year)
{
	unsigned char mark[366];
	long y0 = civil_days(year, 1, 1), y1 = civil_days(year + 1, 1, 1), a, b;
	int count = 0;
	size_t i;

	memset(mark, 0, sizeof mark);
	for (i = 0; i < n; i++) {
		if (s[i].until <= s[i].from)
			continue;
		a = local_day(s[i].from);
		b = local_day(s[i].until - 1);
		if (a < y0)
			a = y0;
		if (b > y1 - 1)
			b = y1 - 1;
		for (; a <= b; a++)
			mark[a - y0] = 1;
	}
	for (a = 0; a < y1 - y0; a++)
		count += mark[a];
	return count;
}

int leave_current(const struct user *u, time_t now, struct time_span *span)
{
	struct time_span s[USER_MAX_LEAVE + 1], cur;
	size_t i, n = user_leave_spans(u, s, USER_MAX_LEAVE + 1);
	int found = 0, grew = 1;

	for (i = 0; i < n && !found; i++)
		if (s[i].from <= now && now < s[i].until) {
			cur = s[i];
			found = 1;
		}
	if (!found)
		return 0;
	while (grew) {
		grew = 0;
		for (i = 0; i < n; i++)
			if (s[i].from <= cur.until && s[i].until >= cur.from &&
			    (s[i].from < cur.from || s[i].until > cur.until)) {
				if (s[i].from < cur.from)
					cur.from = s[i].from;
				if (s[i].until > cur.until)
					cur.until = s[i].until;
				grew = 1;
			}
	}
	if (span)
		*span = cur;
	return 1;
}

/* The first and last day of span s in u's zone, in words. */
void span_words(const struct user *u, const struct time_span *s,
                char *first, char *last, size_t len)
{
	struct tz_saved z;

	tz_enter(&z, u->timezone);
	if (first)
		day_words(local_day(s->from), first, len);
	if (last)
		day_words(local_day(s->until - 1), last, len);
	tz_leave(&z);
}

void leave_last_day(const struct user *u, time_t now, char *buf, size_t len)
{
	struct time_span s;

	if (len)
		buf[0] = '\0';
	if (leave_current(u, now, &s))
		span_words(u, &s, NULL, buf, len);
}

/* The userid who made g's last move, or NULL before the first. */
static const char *last_mover(const struct game *g)
{
	if (!g->nmoves)
		return NULL;
	return (g->start.to_move + g->nmoves - 1) % 2 == 0 ? g->white
	                                                   : g->black;
}

void leave_board_words(const struct user *u, const struct game *g,
                       time_t now, char *buf, size_t len)
{
	struct time_span s;
	const char *mover = g ? last_mover(g) : NULL;
	char last[32];

	if (len)
		buf[0] = '\0';
	if (!leave_current(u, now, &s))
		return;
	/* The move that ends the leave: the user file follows it. */
	if (mover && strcmp(mover, u->userid) == 0 &&
	    g->moves[g->nmoves - 1].when >= s.from)
		return;
	span_words(u, &s, NULL, last, sizeof last);
	/* TRANSLATORS: %1$s is the userid, %2$s the leave's last day,
	   "Tue 22 Dec 2026". */
	snprintf(buf, len, _("%1$s is on leave until %2$s (%1$s's clock is "
	         "stopped)."), u->userid, last);
}
