/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_datewords.c - a date in words (util/datewords.c, issue 32 item
 * 5): the English forms the mails always had, byte for byte, a German
 * pattern's fields, unknown fields and cuts; and the day of a leave
 * (day_words, services/leave.c) on either side of 1970.
 */
#include <stdio.h>
#include <string.h>

#include "services/leave.h"
#include "util/datewords.h"
#include "tap.h"

int main(void)
{
	/* Thursday 24 December 2026, 18:05 (tm as gmtime_r fills it). */
	struct tm tm = { .tm_year = 126, .tm_mon = 11, .tm_mday = 24,
	                 .tm_wday = 4, .tm_hour = 18, .tm_min = 5 };
	struct tm early = { .tm_year = 127, .tm_mon = 0, .tm_mday = 3,
	                    .tm_wday = 0, .tm_hour = 7, .tm_min = 0 };
	char buf[128], small[12];

	date_time_words(&tm, "CET", buf, sizeof buf);
	is_str(buf, "Thu 24 Dec 2026 18:05 CET", "date and time, English");
	date_time_words(&early, "UTC", buf, sizeof buf);
	is_str(buf, "Sun 3 Jan 2027 07:00 UTC",
	       "date and time: the day unpadded, the hour padded");
	date_time_words(&tm, "NZDT", buf, sizeof buf);
	is_str(buf, "Thu 24 Dec 2026 18:05 NZDT",
	       "a zone abbreviation the table does not know is shown as is");
	date_day_words(&early, buf, sizeof buf);
	is_str(buf, "Sun 3 Jan 2027", "the day alone, English");

	date_pattern_expand("{weekday}, {dd}.{MM}.{year}, {HH}:{mm} {zone}",
	                    &early, "CET", buf, sizeof buf);
	is_str(buf, "Sun, 03.01.2027, 07:00 CET",
	       "a German order: two-digit day and month");
	date_pattern_expand("{wochentag} {day} {", &tm, NULL, buf, sizeof buf);
	is_str(buf, "{wochentag} 24 {",
	       "an unknown field and an open brace are copied");
	date_pattern_expand("{zone}!", &tm, NULL, buf, sizeof buf);
	is_str(buf, "!", "no zone: {zone} is empty");
	date_time_words(&tm, "CET", small, sizeof small);
	is_str(small, "Thu 24 Dec ", "cut to the buffer, terminated");
	small[0] = 'x';
	date_time_words(&tm, "CET", small, 1);
	is_str(small, "", "a one-byte buffer holds the terminator");

	day_words(0, buf, sizeof buf);
	is_str(buf, "Thu 1 Jan 1970", "day 0 of a leave");
	day_words(20811, buf, sizeof buf);
	is_str(buf, "Thu 24 Dec 2026", "a day of 2026");
	day_words(-1, buf, sizeof buf);
	is_str(buf, "Wed 31 Dec 1969", "the day before day 0");
	return tap_done();
}
