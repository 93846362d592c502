/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * arrival.c - when a mail reached us, from the records our side wrote:
 * the date of the topmost Received field (RFC 5322 section 3.6.7,
 * "received: ... ; date-time", parsed by libetpan's
 * mailimf_date_time_parse) and the INTERNALDATE of an IMAP message
 * (RFC 3501 date-time, "17-Jul-1996 02:44:25 -0700").  Issue 15: a move
 * counts at its mail's arrival.  Whether the record can be believed, and
 * the clamps, are the caller's (pipeline/process.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <libetpan/libetpan.h>

#include "mail.h"

/* Seconds since the epoch of a date and time in the zone whose offset
 * is zone (RFC 5322 form: -0200 is -200); 0 when a field is out of
 * range (years 1970 to 9999 only). */
static long long epoch_of(int year, int month, int day, int hour, int min,
                          int sec, int zone)
{
	struct tm tm;
	long long t, off;
	int az = zone < 0 ? -zone : zone;

	if (year < 1970 || year > 9999 || month < 1 || month > 12 || day < 1 ||
	    day > 31 || hour < 0 || hour > 23 || min < 0 || min > 59 ||
	    sec < 0 || sec > 60 || az > 9959 || az % 100 > 59)
		return 0;
	memset(&tm, 0, sizeof tm);
	tm.tm_year = year - 1900;
	tm.tm_mon = month - 1;
	tm.tm_mday = day;
	tm.tm_hour = hour;
	tm.tm_min = min;
	tm.tm_sec = sec;
	t = (long long)timegm(&tm);
	if (tm.tm_mday != day)   /* 31 February */
		return 0;
	off = (long long)(az / 100) * 3600 + (long long)(az % 100) * 60;
	t -= zone < 0 ? -off : off;
	return t > 0 ? t : 0;
}

long long mail_received_time(const char *value)
{
	struct mailimf_date_time *dt = NULL;
	const char *semi;
	size_t idx = 0;
	long long t;

	if (value == NULL || (semi = strrchr(value, ';')) == NULL)
		return 0;
	semi++;
	if (mailimf_date_time_parse(semi, strlen(semi), &idx, &dt) !=
	    MAILIMF_NO_ERROR || dt == NULL)
		return 0;
	t = epoch_of(dt->dt_year, dt->dt_month, dt->dt_day, dt->dt_hour,
	             dt->dt_min, dt->dt_sec, dt->dt_zone);
	mailimf_date_time_free(dt);
	return t;
}

long long mail_internaldate_time(const char *s)
{
	static const char months[] = "janfebmaraprmayjunjulaugsepoctnovdec";
	char mon[4], sign;
	const char *m;
	int day, year, hour, min, sec, zone, n = 0;

	if (s == NULL)
		return 0;
	while (*s == ' ' || *s == '"')
		s++;
	if (sscanf(s, "%2d-%3[A-Za-z]-%4d %2d:%2d:%2d %c%4d%n", &day, mon,
	           &year, &hour, &min, &sec, &sign, &zone, &n) != 8 ||
	    (sign != '+' && sign != '-') || strlen(mon) != 3)
		return 0;
	for (m = months; *m; m += 3)
		if (strncasecmp(m, mon, 3) == 0)
			break;
	if (!*m)
		return 0;
	return epoch_of(year, (int)((m - months) / 3) + 1, day, hour, min, sec,
	                sign == '-' ? -zone : zone);
}
