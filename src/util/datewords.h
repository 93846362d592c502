/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * datewords.h - a date and time in the words of the reader's language
 * (issue 32 item 5): "Tue 22 Dec 2026 18:00 CET" in English, "Di.,
 * 22.12.2026, 18:00 MEZ" in German.
 *
 * The names of days and months, the order of the fields and the zone's
 * abbreviation come from the catalogue (the language gettext is using:
 * src/util/i18n.h), never from installed locales: LC_TIME is never set
 * (i18n.h says why), and a minimal Debian has no de_DE locale.
 */
#ifndef EPAM_DATEWORDS_H
#define EPAM_DATEWORDS_H

#include <stddef.h>
#include <time.h>

/* The day and time of tm (its tm_year, tm_mon, tm_mday, tm_wday,
 * tm_hour, tm_min, as localtime_r or gmtime_r fill them) and the zone's
 * abbreviation `zone` ("UTC", "CET"; translated when the catalogue has
 * it: "MEZ"), in the pattern the catalogue gives for a date with its
 * time, into buf (len bytes, cut when too long, always terminated when
 * len > 0). */
void date_time_words(const struct tm *tm, const char *zone, char *buf,
                     size_t len);

/* The day of tm alone ("Tue 22 Dec 2026", "Di., 22.12.2026"), the same
 * way. */
void date_day_words(const struct tm *tm, char *buf, size_t len);

/* Expand a date pattern: each {FIELD} of pattern is replaced, anything
 * else copied.  The fields: {weekday} and {month} (abbreviated names
 * from the catalogue), {day} (no padding), {dd}, {MM} (two digits),
 * {year}, {HH}, {mm} (hour and minute, two digits), {zone}.  An unknown
 * {word} is copied as it is.  Into buf (len bytes, cut when too long).
 * Public for tests and for the check of a catalogue's patterns. */
void date_pattern_expand(const char *pattern, const struct tm *tm,
                         const char *zone, char *buf, size_t len);

#endif
