/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * datewords.c - a date and time in the words of the reader's language
 * (datewords.h).
 */
#include "util/datewords.h"
#include "util/i18n.h"

#include <stdio.h>
#include <string.h>

/* TRANSLATORS: the abbreviated names of the days of the week, Sunday
 * first, as a date shows them ("Tue 22 Dec 2026"; German "Di."). */
static const char *const weekdays[7] = {
	N_("Sun"), N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"),
	N_("Sat")
};

/* TRANSLATORS: the abbreviated names of the months, January first, as
 * a date shows them ("Tue 22 Dec 2026"). */
static const char *const months[12] = {
	N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"),
	N_("Jul"), N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec")
};

/* The time zones' abbreviations a translation may name otherwise
 * (German: MEZ, MESZ).  Any other abbreviation is shown as the zone
 * database writes it. */
static const char *const zones[] = {
	/* TRANSLATORS: time zone abbreviations as the zone database writes
	 * them: Central European (Summer) Time, Western and Eastern
	 * European (Summer) Time, and UTC; German writes MEZ, MESZ, WEZ,
	 * WESZ, OEZ, OESZ and UTC.  Keep the English letters where your
	 * language has no abbreviation of its own. */
	N_("UTC"), N_("CET"), N_("CEST"), N_("WET"), N_("WEST"), N_("EET"),
	N_("EEST")
};

static const char *zone_words(const char *zone)
{
	size_t i;

	for (i = 0; i < sizeof zones / sizeof zones[0]; i++)
		if (strcmp(zone, zones[i]) == 0)
			return _(zones[i]);
	return zone;
}

void date_pattern_expand(const char *pattern, const struct tm *tm,
                         const char *zone, char *buf, size_t len)
{
	size_t n = 0;
	const char *p = pattern;

	if (!len)
		return;
	while (*p && n + 1 < len) {
		char field[16], word[64];
		const char *end = *p == '{' ? strchr(p, '}') : NULL;
		size_t flen = end ? (size_t)(end - p - 1) : 0;

		word[0] = '\0';
		if (end && flen < sizeof field) {
			memcpy(field, p + 1, flen);
			field[flen] = '\0';
			if (strcmp(field, "weekday") == 0)
				snprintf(word, sizeof word, "%s",
				         _(weekdays[tm->tm_wday % 7]));
			else if (strcmp(field, "month") == 0)
				snprintf(word, sizeof word, "%s",
				         _(months[tm->tm_mon % 12]));
			else if (strcmp(field, "day") == 0)
				snprintf(word, sizeof word, "%d", tm->tm_mday);
			else if (strcmp(field, "dd") == 0)
				snprintf(word, sizeof word, "%02d", tm->tm_mday);
			else if (strcmp(field, "MM") == 0)
				snprintf(word, sizeof word, "%02d", tm->tm_mon % 12 + 1);
			else if (strcmp(field, "year") == 0)
				snprintf(word, sizeof word, "%d", tm->tm_year + 1900);
			else if (strcmp(field, "HH") == 0)
				snprintf(word, sizeof word, "%02d", tm->tm_hour);
			else if (strcmp(field, "mm") == 0)
				snprintf(word, sizeof word, "%02d", tm->tm_min);
			else if (strcmp(field, "zone") == 0)
				snprintf(word, sizeof word, "%s",
				         zone ? zone_words(zone) : "");
			else
				end = NULL;   /* not a field: copied */
		} else {
			end = NULL;
		}
		if (end) {
			size_t w = strlen(word);
			if (w > len - 1 - n)
				w = len - 1 - n;
			memcpy(buf + n, word, w);
			n += w;
			p = end + 1;
		} else {
			buf[n++] = *p++;
		}
	}
	buf[n] = '\0';
}

void date_time_words(const struct tm *tm, const char *zone, char *buf,
                     size_t len)
{
	/* TRANSLATORS: the order of a date with its time, "Tue 22 Dec 2026
	 * 18:00 CET".  Keep the {fields} in braces as they are, in the
	 * order your language writes them: {weekday} and {month} are the
	 * abbreviated names above, {day} the day of the month, {dd} and
	 * {MM} the day and month in two digits, {year}, {HH} and {mm} the
	 * hour and minute in two digits, {zone} the zone's abbreviation.
	 * German: "{weekday}, {dd}.{MM}.{year}, {HH}:{mm} {zone}". */
	date_pattern_expand(_("{weekday} {day} {month} {year} {HH}:{mm} "
	                      "{zone}"), tm, zone, buf, len);
}

void date_day_words(const struct tm *tm, char *buf, size_t len)
{
	/* TRANSLATORS: the order of a date alone, "Tue 22 Dec 2026"; the
	 * fields as in the date with its time.  German: "{weekday},
	 * {dd}.{MM}.{year}". */
	date_pattern_expand(_("{weekday} {day} {month} {year}"), tm, NULL,
	                    buf, len);
}
