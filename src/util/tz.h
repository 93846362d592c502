/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tz.h - switching the C library's time zone for a conversion (issue 15:
 * deadlines, leave days and digest hours in the player's zone).
 *
 * epamserv is a single-threaded batch program, so a player's zone is
 * applied by setting TZ for the conversion and putting it back after;
 * the zone rules are the C library's reading of Debian's tzdata, never
 * our own.  The zone name must have been checked (deadline_zone_ok in
 * commands/cmd.h) before it reaches here.
 */
#ifndef EPAM_TZ_H
#define EPAM_TZ_H

/* TZ as it was before tz_enter. */
struct tz_saved {
	char *value;  /* malloc'ed old value, or NULL */
	int had;      /* TZ was set */
};

/* Set TZ to zone (an IANA name; "" or NULL: UTC) and tzset(); the old
 * value is kept in *z for tz_leave. */
void tz_enter(struct tz_saved *z, const char *zone);

/* Put TZ back as tz_enter found it (frees what *z holds). */
void tz_leave(struct tz_saved *z);

#endif
