/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_bounce.c - the pure parts of the bounce records (src/spool/
 * bounce.h): a record read from the spool is untrusted text; the codes
 * are found in a server's reply text (issue 13, item 5).
 */
#include <stdio.h>
#include <string.h>

#include "spool/bounce.h"
#include "tap.h"

static void test_codes(void)
{
	char dsn[16];
	int code;

	bounce_codes("RCPT failed: 550 5.1.1 <bob@example.org>: User unknown",
	             &code, dsn);
	is_int(code, 550, "codes: the reply code");
	is_str(dsn, "5.1.1", "codes: the enhanced status code");
	bounce_codes("smtp: RCPT failed: 550 (server reply 550)", &code, dsn);
	is_int(code, 550, "codes: a code without an enhanced one");
	is_str(dsn, "-", "codes: no enhanced code is \"-\"");
	bounce_codes("Status: 5.0.0 host mx12345.example said 4512", &code, dsn);
	is_int(code, 0, "codes: digits inside words are no reply code");
	is_str(dsn, "5.0.0", "codes: a report's Status");
	bounce_codes("", &code, dsn);
	is_int(code, 0, "codes: empty text");
	bounce_codes("9.9.9 999 5.1234.1", &code, dsn);
	ok(code == 0 && strcmp(dsn, "-") == 0, "codes: out-of-range forms");
}

static void test_parse(void)
{
	struct bounce b;

	ok(bounce_parse("epamserv-bounce 2\naddress: a@example.org\ncount: 4\n"
	                "first: 2026-11-30T05:48:00Z\nlast: 2026-12-01T09:12:00Z\n"
	                "source: x.eml\ncode: 550\ndsn: 5.1.1\nreason: gone\n"
	                "told: 2026-12-01T09:15:00Z\n", &b) == 0,
	   "parse: a version 2 record");
	is_str(b.address, "a@example.org", "parse: address");
	is_int(b.count, 4, "parse: count");
	ok(b.first < b.last && b.told > b.last, "parse: the times");
	is_int(b.code, 550, "parse: code");
	is_str(b.dsn, "5.1.1", "parse: dsn");
	is_str(b.reason, "gone", "parse: reason");
	ok(bounce_parse("2026-11-30T05:48:00Z a@example.org x.eml: RCPT failed: "
	                "550 5.1.1 gone\n", &b) == 0 && b.count == 1 &&
	   b.first == b.last && b.code == 550 && strcmp(b.source, "x.eml") == 0,
	   "parse: a version 1 line is one bounce");
	ok(bounce_parse("epamserv-bounce 2\naddress: a@example.org\ncount: -1\n"
	                "first: 2026-11-30T05:48:00Z\nlast: 2026-11-30T05:48:00Z\n",
	                &b) < 0, "parse: a negative count is refused");
	ok(bounce_parse("epamserv-bounce 2\ncount: 1\n", &b) < 0,
	   "parse: a record without address or times is refused");
	ok(bounce_parse("epamserv-bounce 2\naddress: a@x\ncount: 1\nfirst: "
	                "2026-11-30T05:48:00Z\nlast: 2026-11-30T05:48:00Z\n"
	                "code: 9999\n", &b) < 0, "parse: an absurd code");
	ok(bounce_parse("garbage", &b) < 0, "parse: garbage");
	ok(bounce_parse("epamserv-bounce 2\naddress: a\x1b[31m@x\ncount: 1\n"
	                "first: 2026-11-30T05:48:00Z\nlast: 2026-11-30T05:48:00Z"
	                "\n", &b) == 0 && !strchr(b.address, '\x1b'),
	   "parse: control characters do not reach the output");
}

/* Bounce days: one burst flags nobody, the same on a second day does;
 * records without "days:" get 1, or 2 when first and last differ. */
static void test_days(void)
{
	struct bounce b;

	ok(bounce_parse("epamserv-bounce 2\naddress: a@x\ncount: 9\n"
	                "first: 2026-11-30T05:48:00Z\nlast: 2026-11-30T06:01:00Z\n",
	                &b) == 0 && b.days == 1,
	   "days: a record of one day without days: is one day");
	ok(!bounce_keeps_bouncing(&b), "days: 9 bounces in one burst flag nobody");
	ok(bounce_parse("epamserv-bounce 2\naddress: a@x\ncount: 3\n"
	                "first: 2026-11-30T05:48:00Z\nlast: 2026-12-01T00:01:00Z\n",
	                &b) == 0 && b.days == 2,
	   "days: first and last on two days without days: is two days");
	ok(bounce_keeps_bouncing(&b), "days: 3 bounces on 2 days keep bouncing");
	ok(bounce_parse("epamserv-bounce 2\naddress: a@x\ncount: 2\ndays: 2\n"
	                "first: 2026-11-30T05:48:00Z\nlast: 2026-12-01T00:01:00Z\n",
	                &b) == 0 && !bounce_keeps_bouncing(&b),
	   "days: 2 bounces on 2 days do not");
	ok(bounce_parse("epamserv-bounce 2\naddress: a@x\ncount: 4\ndays: 99\n"
	                "first: 2026-11-30T05:48:00Z\nlast: 2026-11-30T05:49:00Z\n",
	                &b) == 0 && b.days == 1,
	   "days: more days than bounces is read from the dates");
}

int main(void)
{
	test_codes();
	test_parse();
	test_days();
	return tap_done();
}
