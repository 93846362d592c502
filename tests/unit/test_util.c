/*
 * test_util.c - the helpers of src/util/util.c that stand between
 * untrusted text and the rest of the program: the log line cleaner, the
 * strict date reader, the reserved userids (issue 11, items 8 and 10).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "tap.h"

/* util_clean_line on s (copied): the cleaned copy, static. */
static const char *clean(const char *s)
{
	static char buf[256];

	snprintf(buf, sizeof buf, "%s", s);
	return util_clean_line(buf);
}

static void test_clean_line(void)
{
	is_str(clean("plain text, caf\xc3\xa9 \xe2\x99\x9f"), "plain text, "
	       "caf\xc3\xa9 \xe2\x99\x9f", "clean_line keeps text and UTF-8");
	is_str(clean("a\nb\rc\td\x1b[31me\x7f" "f"), "a b c d [31me f",
	       "clean_line: C0 controls and DEL become spaces");
	is_str(clean("a\xc2\x85" "b\xc2\x9b" "31mc\xc2\x80\xc2\x9f" "d"),
	       "a b 31mc  d", "clean_line: C1 controls (NEL, CSI) become spaces");
	is_str(clean("user \xe2\x80\xae" "nimda\xe2\x80\xac ok \xe2\x81\xa6x"
	             "\xe2\x81\xa9 \xe2\x80\xaa\xe2\x80\xab\xe2\x80\xad\xe2\x81\xa7"
	             "\xe2\x81\xa8."), "user nimda ok x .",
	       "clean_line: bidi embeddings, overrides and isolates are removed");
	is_str(clean("a\xe2\x80\xa8" "b\xe2\x80\xa9" "c"), "a b c",
	       "clean_line: line and paragraph separators become spaces");
	is_str(clean("r\xe2\x80\x8fl \xe2\x80\x8e \xd8\x9c" "a"),
	       "r\xe2\x80\x8fl \xe2\x80\x8e \xd8\x9c" "a",
	       "clean_line keeps the marks RLM, LRM and ALM");
	is_str(clean("a\xff" "b\xc3(\xed\xa0\x80" "c\xe2\x80"),
	       "a?b?(???c??", "clean_line: bytes that are not UTF-8 become '?'");
	ok(util_cp_class(0x9F) == UTIL_CP_CONTROL &&
	   util_cp_class(0xA0) == UTIL_CP_TEXT &&
	   util_cp_class(0x202A) == UTIL_CP_BIDI &&
	   util_cp_class(0x202F) == UTIL_CP_TEXT &&
	   util_cp_class(0x2065) == UTIL_CP_TEXT &&
	   util_cp_class(0x2069) == UTIL_CP_BIDI &&
	   util_cp_class(0x206A) == UTIL_CP_TEXT &&
	   util_cp_class(0x200F) == UTIL_CP_TEXT,
	   "util_cp_class: the edges of the C1 and bidi ranges");
}

static void test_parse_date(void)
{
	static const char *const bad[] = {
		"2026-02-30", "2026-13-01", "2026-00-10", "2026-01-00",
		"2026-04-31", "2027-02-29", "1900-02-29", "+2026-01-05",
		" 2026-01-05", "2026-01-05 ", "2026-1-5", "2026-1-05",
		"2026-01-5", "2026/01/05", "20260105", "2026-01-05T00:00:00Z",
		"\xef\xbc\x92" "026-01-05", "1969-12-31", "", "tomorrow", "0x7e-01-01",
		"2026-+1-05", "2026- 1-05", NULL
	};
	time_t t = 0;
	int i, refused = 1;

	ok(util_parse_date("2026-12-24", &t) == 0 && t == 1798070400,
	   "2026-12-24 is 00:00 UTC of that day");
	ok(util_parse_date("2028-02-29", &t) == 0 && t == 1835395200,
	   "29 February of a leap year is a date");
	ok(util_parse_date("2000-02-29", NULL) == 0 &&
	   util_parse_date("2026-12-31", NULL) == 0 &&
	   util_parse_date("1970-01-01", NULL) == 0,
	   "2000-02-29, the last day of a year and the epoch are dates");
	for (i = 0; bad[i]; i++)
		if (util_parse_date(bad[i], &t) == 0) {
			printf("# accepted: '%s'\n", bad[i]);
			refused = 0;
		}
	ok(refused, "no impossible day, no loose form is a date (%d tried)", i);
}

static void test_reserved(void)
{
	static const char *const reserved[] = {
		"admin", "administrator", "postmaster", "root", "abuse",
		"mailer-daemon", "mailer_daemon", "epamserv", "hostmaster",
		"webmaster", "nobody", "daemon", "noreply", "no-reply", "no_reply",
		"robot", "robot1", "robot-easy", "robotfrank", "admin2",
		"epamserv-bot", "by", "all", "Postmaster", NULL
	};
	static const char *const free_ids[] = {
		"alice", "bob", "rob", "robin", "robo", "myrobot", "adm1n",
		"epam", "nobody2", "rootbeer", "abusement", NULL
	};
	int i, all = 1;

	for (i = 0; reserved[i]; i++)
		if (!util_userid_reserved(reserved[i])) {
			printf("# not reserved: %s\n", reserved[i]);
			all = 0;
		}
	ok(all, "role, server and robot names are reserved");
	for (i = 0, all = 1; free_ids[i]; i++)
		if (util_userid_reserved(free_ids[i])) {
			printf("# reserved: %s\n", free_ids[i]);
			all = 0;
		}
	ok(all, "names that only look alike are free");
}

int main(void)
{
	test_clean_line();
	test_parse_date();
	test_reserved();
	return tap_done();
}
