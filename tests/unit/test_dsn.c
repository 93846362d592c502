/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_dsn.c - reading delivery reports (src/mail/dsn.c), and the tags
 * in our Message-IDs that let a report be checked (src/spool/secret.c).
 *
 * The fixtures in tests/mail/dsn/ are reports in the shapes Postfix, Exim
 * and Sendmail send; each gets a returned mail and an address filled in
 * for its placeholders (see tests/mail/dsn/README).  Hostile reports
 * (huge lists, bad values, deep nesting) are made here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mail/dsn.h"
#include "spool/secret.h"
#include "fixture.h"
#include "tap.h"

#define RCPT "alice@example.org"
#define OUR_ID "epamserv.0123456789abcdef.0.abcdefghij@games.example"

/* A returned board mail, as the test SMTP server would have it. */
static const char returned[] =
	"From: epamserv <epamserv@games.example>\n"
	"To: " RCPT "\n"
	"Subject: Epaminondas Board 101 alice\n"
	"Message-ID: <" OUR_ID ">\n"
	"MIME-Version: 1.0\n"
	"Content-Type: text/plain; charset=utf-8\n"
	"\n"
	"The board.\n";

/* text with every "@@KEY@@" replaced, malloc'ed. */
static char *fill(const char *text, const char *rcpt, const char *ret)
{
	size_t cap = strlen(text) * 2 + strlen(ret) * 4 + 1024, n = 0;
	char *out = malloc(cap);
	const char *p = text;

	if (out == NULL)
		return NULL;
	while (*p) {
		const char *with = NULL;
		size_t skip = 0;
		if (strncmp(p, "@@RCPT@@", 8) == 0) {
			with = rcpt;
			skip = 8;
		} else if (strncmp(p, "@@RETURNED@@", 12) == 0) {
			with = ret;
			skip = 12;
		}
		if (with) {
			size_t k = strlen(with);
			if (n + k + 1 > cap) {
				free(out);
				return NULL;
			}
			memcpy(out + n, with, k);
			n += k;
			p += skip;
		} else {
			if (n + 2 > cap) {
				free(out);
				return NULL;
			}
			out[n++] = *p++;
		}
	}
	out[n] = '\0';
	return out;
}

/* Parse fixture name with the placeholders filled: 0 on success. */
static int parse_fixture(const char *name, const char *ret,
                         struct dsn_report *r)
{
	size_t len;
	char *raw = fixture_slurp("tests/mail/dsn", name, &len), *mail;
	int rc;

	memset(r, 0, sizeof *r);
	if (raw == NULL)
		return -1;
	mail = fill(raw, RCPT, ret);
	free(raw);
	if (mail == NULL)
		return -1;
	rc = dsn_parse(mail, strlen(mail), r);
	free(mail);
	return rc;
}

/* The headers of the returned mail only (for text/rfc822-headers). */
static char *headers_only(void)
{
	const char *end = strstr(returned, "\n\n");
	size_t n = (size_t)(end - returned) + 1;
	char *h = malloc(n + 1);

	if (h) {
		memcpy(h, returned, n);
		h[n] = '\0';
	}
	return h;
}

static void test_postfix(void)
{
	struct dsn_report r;

	is_int(parse_fixture("postfix-failed.eml", returned, &r), 0,
	       "postfix bounce: parsed");
	ok(r.has_status, "postfix bounce: the delivery-status part is found");
	is_int(r.nrcpts, 1, "postfix bounce: one recipient block (the "
	       "per-message block is not one)");
	is_str(r.rcpts[0].final_rcpt, RCPT, "postfix bounce: Final-Recipient");
	is_str(r.rcpts[0].orig_rcpt, RCPT, "postfix bounce: Original-Recipient "
	       "without a space after the ';'");
	is_int(r.rcpts[0].action, DSN_ACTION_FAILED, "postfix bounce: Action failed");
	is_str(r.rcpts[0].status, "5.1.1", "postfix bounce: Status");
	is_str(r.rcpts[0].diagnostic, "550 5.1.1 <" RCPT ">: Recipient address "
	       "rejected: User unknown in local recipient table",
	       "postfix bounce: the folded Diagnostic-Code, unfolded, without "
	       "its type");
	is_int(r.nids, 1, "postfix bounce: one returned Message-ID");
	is_str(r.ids[0], OUR_ID, "postfix bounce: the Message-ID of the "
	       "message/rfc822 part, without <>");
	is_int(r.nto, 1, "postfix bounce: one returned To: address");
	is_str(r.to[0], RCPT, "postfix bounce: the returned To:");
	is_int(r.nfailed, 0, "postfix bounce: no X-Failed-Recipients");
	is_int(r.dropped, 0, "postfix bounce: nothing over the caps");
}

static void test_postfix_delayed(void)
{
	struct dsn_report r;
	char *h = headers_only();

	is_int(parse_fixture("postfix-delayed.eml", h, &r), 0,
	       "postfix delay warning: parsed");
	is_int(r.nrcpts, 1, "postfix delay warning: one recipient block");
	is_int(r.rcpts[0].action, DSN_ACTION_DELAYED,
	       "postfix delay warning: Action delayed");
	is_str(r.rcpts[0].status, "4.4.1", "postfix delay warning: Status");
	is_str(r.rcpts[0].diagnostic, "connect to mail.example.org[192.0.2.25]:25: "
	       "Connection timed out", "postfix delay warning: Diagnostic-Code");
	is_int(r.nids, 1, "postfix delay warning: the Message-ID of the "
	       "text/rfc822-headers part");
	is_str(r.ids[0], OUR_ID, "postfix delay warning: our Message-ID");
	free(h);
}

static void test_exim(void)
{
	struct dsn_report r;

	is_int(parse_fixture("exim-failed.eml", returned, &r), 0,
	       "exim bounce: parsed");
	ok(!r.has_status, "exim bounce: no delivery-status part");
	is_int(r.nrcpts, 1, "exim bounce: the failed address of its text is "
	       "read as a recipient");
	is_str(r.rcpts[0].final_rcpt, RCPT, "exim bounce: the address line");
	is_int(r.rcpts[0].action, DSN_ACTION_NONE, "exim bounce: no Action");
	is_str(r.rcpts[0].status, "5.1.1", "exim bounce: the status code after "
	       "the SMTP reply code");
	is_str(r.rcpts[0].diagnostic, "host mail.example.org [192.0.2.25] SMTP "
	       "error from remote mail server after RCPT TO:<" RCPT ">: 550 "
	       "5.1.1 <" RCPT ">: Recipient address rejected: User unknown",
	       "exim bounce: the reason lines, joined");
	is_int(r.nfailed, 1, "exim bounce: X-Failed-Recipients read");
	is_str(r.failed[0], RCPT, "exim bounce: the failed address");
	is_int(r.nids, 1, "exim bounce: the Message-ID after the copy line");
	is_str(r.ids[0], OUR_ID, "exim bounce: our Message-ID");
	is_str(r.to[0], RCPT, "exim bounce: the returned To:");

	is_int(parse_fixture("exim-report.eml", returned, &r), 0,
	       "exim multipart/report: parsed");
	is_int(r.nrcpts, 1, "exim multipart/report: one recipient block "
	       "(Action before Final-Recipient)");
	is_int(r.rcpts[0].action, DSN_ACTION_FAILED,
	       "exim multipart/report: Action failed");
	is_str(r.rcpts[0].final_rcpt, RCPT, "exim multipart/report: Final-Recipient");
	is_str(r.rcpts[0].status, "5.0.0", "exim multipart/report: Status");
	is_int(r.nfailed, 1, "exim multipart/report: X-Failed-Recipients");
	is_str(r.ids[0], OUR_ID, "exim multipart/report: our Message-ID");
}

static void test_sendmail(void)
{
	struct dsn_report r;
	char *h = headers_only();

	is_int(parse_fixture("sendmail-failed.eml", h, &r), 0,
	       "sendmail bounce: parsed");
	is_int(r.nrcpts, 1, "sendmail bounce: one recipient block");
	is_str(r.rcpts[0].final_rcpt, RCPT, "sendmail bounce: Final-Recipient "
	       "with type RFC822 in capitals");
	is_int(r.rcpts[0].action, DSN_ACTION_FAILED, "sendmail bounce: failed");
	is_str(r.rcpts[0].diagnostic, "550 5.1.1 <" RCPT ">... User unknown",
	       "sendmail bounce: Diagnostic-Code");
	is_int(r.nids, 1, "sendmail bounce: the Message-ID of the "
	       "text/rfc822-headers part");
	is_str(r.to[0], RCPT, "sendmail bounce: the returned To:");
	free(h);
}

/* The postfix fixture with CRLF line ends reads the same. */
static void test_crlf(void)
{
	struct dsn_report lf, crlf;
	size_t len, i, n = 0;
	char *raw = fixture_slurp("tests/mail/dsn", "postfix-failed.eml", &len);
	char *mail = raw ? fill(raw, RCPT, returned) : NULL, *c;

	c = mail ? malloc(strlen(mail) * 2 + 1) : NULL;
	if (c == NULL) {
		ok(0, "CRLF: fixture read");
		free(raw);
		free(mail);
		return;
	}
	for (i = 0; mail[i]; i++) {
		if (mail[i] == '\n')
			c[n++] = '\r';
		c[n++] = mail[i];
	}
	dsn_parse(mail, strlen(mail), &lf);
	dsn_parse(c, n, &crlf);
	ok(memcmp(&lf, &crlf, sizeof lf) == 0 && crlf.nids == 1 &&
	   crlf.nrcpts == 1, "a report with CRLF line ends reads like one with LF");
	/* Lone CRs. */
	for (i = 0; mail[i]; i++)
		c[i] = mail[i] == '\n' ? '\r' : mail[i];
	dsn_parse(c, i, &crlf);
	ok(crlf.nids == 1 && crlf.nrcpts == 1 &&
	   strcmp(crlf.rcpts[0].diagnostic, lf.rcpts[0].diagnostic) == 0,
	   "a report with CR line ends reads like one with LF");
	free(c);
	free(mail);
	free(raw);
}

/* base64 returned headers and a quoted-printable delivery-status part. */
static void test_encoded(void)
{
	static const char mail[] =
		"From: MAILER-DAEMON@mx.example.org\n"
		"Content-Type: multipart/report; report-type=delivery-status; "
		"boundary=XX\n"
		"MIME-Version: 1.0\n\n"
		"--XX\nContent-Type: text/plain\n\nfailed\n"
		"--XX\nContent-Type: message/delivery-status\n"
		"Content-Transfer-Encoding: quoted-printable\n\n"
		"Reporting-MTA: dns; mx.example.org\n\n"
		"Final-Recipient: rfc822; alice=40example.org\n"
		"Action: failed\nStatus: 5.2.2\n"
		"Diagnostic-Code: smtp; 552 mailbox full, very full, =\n"
		"really full\n"
		"--XX\nContent-Type: text/rfc822-headers\n"
		"Content-Transfer-Encoding: base64\n\n"
		/* "To: alice@example.org\r\nMessage-ID: <x.y@z>\r\n" */
		"VG86IGFsaWNlQGV4YW1wbGUub3JnDQpNZXNzYWdlLUlEOiA8eC55QHo+DQo=\n"
		"--XX--\n";
	struct dsn_report r;

	is_int(dsn_parse(mail, sizeof mail - 1, &r), 0, "encoded parts: parsed");
	is_str(r.rcpts[0].final_rcpt, RCPT, "a quoted-printable delivery-status "
	       "part is decoded");
	is_str(r.rcpts[0].diagnostic, "552 mailbox full, very full, really full",
	       "a soft line break of quoted-printable joins the diagnostic");
	is_int(r.nids, 1, "base64 text/rfc822-headers are decoded");
	is_str(r.ids[0], "x.y@z", "the Message-ID in base64 returned headers");
	is_str(r.to[0], RCPT, "the To: in base64 returned headers");
}

/* Folded X-Failed-Recipients with two addresses, as Exim writes it. */
static void test_failed_list(void)
{
	static const char mail[] =
		"From: Mail Delivery System <Mailer-Daemon@mx.example.org>\n"
		"X-Failed-Recipients: alice@example.org,\n"
		"  <bob@example.net>, not an address, /var/mail/x\n"
		"Subject: Mail delivery failed\n\nfailed\n";
	struct dsn_report r;

	dsn_parse(mail, sizeof mail - 1, &r);
	is_int(r.nfailed, 2, "folded X-Failed-Recipients: two good addresses, "
	       "the bad ones left out");
	is_str(r.failed[0], RCPT, "X-Failed-Recipients: the first address");
	is_str(r.failed[1], "bob@example.net", "X-Failed-Recipients: the "
	       "second address, <> removed");
	is_int(r.nids, 0, "no copy of the message: no Message-ID");
}

/* Bad values give "" or OTHER, never garbage. */
static void test_bad_values(void)
{
	static const char mail[] =
		"From: MAILER-DAEMON@mx.example.org\n"
		"Content-Type: multipart/report; boundary=XX\n\n"
		"--XX\nContent-Type: message/delivery-status\n\n"
		"Final-Recipient: x400; /C=ZZ/ADMD=X\n"
		"Original-Recipient: rfc822; not an address\n"
		"Action: exploded\nStatus: 5.1\n"
		"Diagnostic-Code: smtp; 550 \x01\x7f\xc3\xa9 bad\n\n"
		"Final-Recipient: rfc822; /var/mail/alice\n"
		"Action: failed\nStatus: 9.1.1\n"
		"--XX\nContent-Type: text/rfc822-headers\n\n"
		"Message-ID: no angle brackets\n"
		"Message-ID: <has space@x y>\n"
		"To: \"Alice\" <alice@example.org>, bad, group: bob@example.net;\n"
		"--XX--\n";
	struct dsn_report r;

	dsn_parse(mail, sizeof mail - 1, &r);
	is_int(r.nrcpts, 2, "bad values: two recipient blocks");
	is_str(r.rcpts[0].final_rcpt, "", "an x400 Final-Recipient is no address");
	is_str(r.rcpts[0].orig_rcpt, "", "an invalid address is no address");
	is_int(r.rcpts[0].action, DSN_ACTION_OTHER, "an unknown Action is OTHER");
	is_str(r.rcpts[0].status, "", "a malformed Status is empty");
	is_str(r.rcpts[0].diagnostic, "550 ???? bad",
	       "controls and 8-bit bytes in a diagnostic become '?'");
	is_str(r.rcpts[1].final_rcpt, "", "a file path is no address");
	is_str(r.rcpts[1].status, "", "a Status of class 9 is empty");
	is_int(r.nids, 0, "malformed Message-IDs are not kept");
	ok(r.nto >= 1 && strcmp(r.to[0], RCPT) == 0,
	   "a To: with a display name gives its address");
}

/* 10,000 of everything: the caps hold and it is quick. */
static void test_caps(void)
{
	size_t cap = 4 * 1024 * 1024, n = 0;
	char *mail = malloc(cap);
	struct dsn_report r;
	clock_t t0;
	int i;

	if (mail == NULL) {
		ok(0, "caps: memory");
		return;
	}
	n += (size_t)snprintf(mail + n, cap - n, "From: MAILER-DAEMON@x\n"
	                      "Content-Type: multipart/report; boundary=XX\n\n"
	                      "--XX\nContent-Type: message/delivery-status\n\n");
	for (i = 0; i < 10000; i++)
		n += (size_t)snprintf(mail + n, cap - n, "Final-Recipient: rfc822; "
		                      "u%d@example.org\nAction: failed\n\n", i);
	n += (size_t)snprintf(mail + n, cap - n,
	                      "--XX\nContent-Type: text/rfc822-headers\n\n");
	for (i = 0; i < 10000; i++)
		n += (size_t)snprintf(mail + n, cap - n, "Message-ID: <m%d@x>\n"
		                      "To: t%d@example.org\n", i, i);
	n += (size_t)snprintf(mail + n, cap - n, "--XX--\n");
	t0 = clock();
	is_int(dsn_parse(mail, n, &r), 0, "caps: a report of 10,000 recipient "
	       "blocks and 10,000 Message-IDs parses");
	ok((double)(clock() - t0) / CLOCKS_PER_SEC < 2.0,
	   "caps: it takes well under two seconds (%.2f s)",
	   (double)(clock() - t0) / CLOCKS_PER_SEC);
	is_int(r.nrcpts, DSN_MAX_RCPTS, "caps: recipient blocks kept");
	is_int(r.nids, DSN_MAX_IDS, "caps: Message-IDs kept");
	is_int(r.nto, DSN_MAX_ADDRS, "caps: To: addresses kept");
	is_int(r.dropped, (10000 - DSN_MAX_RCPTS) + (10000 - DSN_MAX_IDS) +
	       (10000 - DSN_MAX_ADDRS), "caps: the rest is counted as dropped");
	/* One block of 10,000 Final-Recipient lines is one recipient. */
	n = (size_t)snprintf(mail, cap, "From: MAILER-DAEMON@x\n"
	                     "Content-Type: multipart/report; boundary=XX\n\n"
	                     "--XX\nContent-Type: message/delivery-status\n\n");
	for (i = 0; i < 10000; i++)
		n += (size_t)snprintf(mail + n, cap - n, "Final-Recipient: rfc822; "
		                      "u%d@example.org\n", i);
	n += (size_t)snprintf(mail + n, cap - n, "--XX--\n");
	dsn_parse(mail, n, &r);
	is_int(r.nrcpts, 1, "caps: 10,000 Final-Recipient lines in one block "
	       "are one recipient");
	/* Exim's text with 2,000 reason lines under one address: joined
	 * within the field (under AddressSanitizer this wrote past it). */
	n = (size_t)snprintf(mail, cap, "Return-Path: <>\nFrom: Mailer-Daemon@x"
	                     "\n\nThe following address(es) failed:\n\n  "
	                     "a@b.example\n");
	for (i = 0; i < 2000; i++)
		n += (size_t)snprintf(mail + n, cap - n, "    reason line %d of a "
		                      "long reason\n", i);
	n += (size_t)snprintf(mail + n, cap - n, "\n------ This is a copy of the "
	                      "message, including all the headers. ------\n"
	                      "Message-ID: <m@x>\n\nbody\n");
	is_int(dsn_parse(mail, n, &r), 0, "caps: an Exim reason of 2,000 lines "
	       "parses");
	ok(r.nrcpts == 1 && strlen(r.rcpts[0].diagnostic) < 4096,
	   "caps: its reason is kept within the field");
	free(mail);
}

static void test_nothing(void)
{
	static const char plain[] = "From: a@b\nSubject: hi\n\n"
		"Final-Recipient: rfc822; a@b\nMessage-ID: <a@b>\n";
	struct dsn_report r;
	char deep[64 * 60 + 64];
	size_t n = 0;
	int i;

	is_int(dsn_parse(NULL, 0, &r), 0, "NULL: nothing");
	is_int(dsn_parse("", 0, &r), 0, "empty: nothing");
	ok(r.nrcpts == 0 && r.nids == 0 && r.nfailed == 0 && r.nto == 0,
	   "empty: every count is 0");
	dsn_parse(plain, sizeof plain - 1, &r);
	ok(r.nrcpts == 0 && r.nids == 0, "a plain mail mentioning DSN fields in "
	   "its text holds no report");
	n += (size_t)snprintf(deep + n, sizeof deep - n, "From: a@b\n");
	for (i = 0; i < 60; i++)
		n += (size_t)snprintf(deep + n, sizeof deep - n,
		                      "Content-Type: multipart/mixed; boundary=b\n\n--b\n");
	dsn_parse(deep, n, &r);
	ok(r.nrcpts == 0 && r.nids == 0, "MIME nested 60 deep is not read");
	dsn_parse("\x00\xff\r\r\n\n:::\n\t\t\n", 10, &r);
	ok(r.nrcpts == 0, "binary garbage: nothing");
}

/* A scratch spool with the directories secret.c uses. */
static void make_spool(char *dir, size_t len, const char *name)
{
	char sub[300];

	snprintf(dir, len, "/tmp/epamserv-dsn-%ld-%s", (long)getpid(), name);
	mkdir(dir, 0700);
	snprintf(sub, sizeof sub, "%s/tmp", dir);
	mkdir(sub, 0700);
}

static void remove_spool(const char *dir)
{
	char path[300];

	snprintf(path, sizeof path, "%s/secret", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/tmp", dir);
	rmdir(path);
	rmdir(dir);
}

static void test_tags(void)
{
	char spool[256], other[256], bad[256], path[300], id[320], id2[320];
	unsigned char key[SECRET_SIZE];
	struct stat st;
	FILE *f;
	size_t i;
	int good;

	make_spool(spool, sizeof spool, "a");
	is_int(secret_key(spool, 0, key), 1, "no secret yet: secret_key without "
	       "create says so");
	ok(!secret_message_id_ok(spool, OUR_ID, RCPT), "no secret yet: nothing "
	   "verifies");
	snprintf(path, sizeof path, "%s/secret", spool);
	ok(access(path, F_OK) != 0, "checking a Message-ID never makes the secret");
	is_int(secret_message_id(spool, "epamserv.0123456789abcdef.0", RCPT,
	                         "games.example", id, sizeof id), 0,
	       "the first Message-ID makes the secret");
	ok(stat(path, &st) == 0 && st.st_size == SECRET_SIZE &&
	   (st.st_mode & 0777) == 0600, "SPOOL/secret: 32 bytes, mode 0600");
	good = strncmp(id, "epamserv.0123456789abcdef.0.", 28) == 0 &&
	       strcmp(id + 28 + SECRET_TAG_LEN, "@games.example") == 0;
	for (i = 28; good && i < 28 + SECRET_TAG_LEN; i++)
		good = (id[i] >= 'a' && id[i] <= 'z') || (id[i] >= '2' && id[i] <= '7');
	ok(good, "the Message-ID is BASE.TAG@DOMAIN, TAG 10 base32 characters: %s",
	   id);
	secret_message_id(spool, "epamserv.0123456789abcdef.0", "ALICE@Example.ORG",
	                  "games.example", id2, sizeof id2);
	is_str(id2, id, "the same base and recipient (in any case) give the "
	       "same Message-ID");
	secret_message_id(spool, "epamserv.0123456789abcdef.0", "bob@example.net",
	                  "games.example", id2, sizeof id2);
	ok(strcmp(id, id2) != 0, "another recipient gets another tag");
	ok(secret_message_id_ok(spool, id, RCPT), "the Message-ID verifies with "
	   "its recipient");
	ok(secret_message_id_ok(spool, id, "Alice@EXAMPLE.org"), "... in any case");
	ok(!secret_message_id_ok(spool, id, "bob@example.net"), "... and not with "
	   "another address");
	strcpy(id2, id);
	for (i = 28; i < 28 + SECRET_TAG_LEN; i++)
		if (id2[i] >= 'a' && id2[i] <= 'z')
			id2[i] = (char)(id2[i] - 'a' + 'A');
	ok(secret_message_id_ok(spool, id2, RCPT), "a tag in capitals verifies");
	strcpy(id2, id);
	id2[9] = id2[9] == '1' ? '2' : '1';
	ok(!secret_message_id_ok(spool, id2, RCPT), "a changed base does not");
	strcpy(id2, id);
	id2[30] = id2[30] == 'a' ? 'b' : 'a';
	ok(!secret_message_id_ok(spool, id2, RCPT), "a changed tag does not");
	snprintf(id2, sizeof id2, "%.37s@games.example", id);
	ok(!secret_message_id_ok(spool, id2, RCPT), "a cut tag does not");
	ok(!secret_message_id_ok(spool, "abcdefghij@x", RCPT) &&
	   !secret_message_id_ok(spool, ".abcdefghij@x", RCPT) &&
	   !secret_message_id_ok(spool, "no-at-sign", RCPT) &&
	   !secret_message_id_ok(spool, "", RCPT), "odd Message-IDs do not");
	unlink(path);
	ok(secret_message_id_ok(spool, id, RCPT), "the secret is read once per "
	   "process (it still verifies after the file went)");

	/* A known key gives a known tag (the format the tests' Python
	 * helper computes too). */
	make_spool(other, sizeof other, "b");
	snprintf(path, sizeof path, "%s/secret", other);
	if ((f = fopen(path, "wb")) != NULL) {
		for (i = 0; i < SECRET_SIZE; i++)
			fputc((int)i, f);
		fclose(f);
	}
	secret_message_id(other, "epamserv.0123456789abcdef.0", RCPT,
	                  "games.example", id2, sizeof id2);
	is_str(id2, "epamserv.0123456789abcdef.0.mtc4qvztpm@games.example",
	       "the tag is base32 of HMAC-SHA256(secret, BASE NUL recipient)");
	ok(!secret_message_id_ok(other, id, RCPT), "another spool's secret does "
	   "not verify this spool's Message-IDs");

	make_spool(bad, sizeof bad, "c");
	snprintf(path, sizeof path, "%s/secret", bad);
	if ((f = fopen(path, "wb")) != NULL) {
		fputs("short", f);
		fclose(f);
	}
	errno = 0;
	ok(secret_message_id(bad, "epamserv.x.0", RCPT, "games.example", id2,
	                     sizeof id2) < 0 && errno == EINVAL,
	   "a secret of the wrong size is an error (EINVAL)");
	ok(stat(path, &st) == 0 && st.st_size == 5, "... and is never replaced");
	remove_spool(spool);
	remove_spool(other);
	remove_spool(bad);
}

int main(void)
{
	test_tags();
	test_postfix();
	test_postfix_delayed();
	test_exim();
	test_sendmail();
	test_crlf();
	test_encoded();
	test_failed_list();
	test_bad_values();
	test_caps();
	test_nothing();
	return tap_done();
}
