/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_mail.c - mail in (mail_parse) and mail out (mail_compose).
 *
 * Parsing runs over realistic fixture mails in tests/mail/ (found through
 * EPAMSERV_SRCDIR, the source tree root, "." when unset) and over hostile
 * input made here; composing is checked for header injection and by
 * parsing the composed message back, and a long board mail is compared
 * byte for byte with tests/mail/compose-board.expected.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mail/mail.h"
#include "mail/mailpriv.h"
#include "mail/source.h"
#include "fixture.h"
#include "tap.h"

static char *slurp(const char *name, size_t *len)
{
	return fixture_slurp("tests/mail", name, len);
}

/* Parse fixture name into *m; 0 on success. */
static int parse_fixture(const char *name, struct mail_in *m)
{
	size_t len = 0;
	char *raw = slurp(name, &len), *err = NULL;
	int rc;

	memset(m, 0, sizeof *m);
	if (raw == NULL)
		return -1;
	rc = mail_parse(raw, len, m, &err);
	if (rc != 0)
		printf("# %s: %s\n", name, err ? err : "(no message)");
	free(err);
	free(raw);
	return rc;
}

static void test_plain(void)
{
	struct mail_in m;

	ok(parse_fixture("plain.eml", &m) == 0, "plain ASCII mail parses");
	is_str(m.message_id, "20241130101500.GA1234@mail.example.org",
	       "Message-ID comes without angle brackets");
	is_str(m.from_addr, "alice@example.org", "From gives the addr-spec");
	is_str(m.from_name, "Alice Example", "From gives the display name");
	is_str(m.return_path, "alice@example.org", "Return-Path gives the address");
	is_str(m.subject, "epaminondas move 101 alice s3cret a1-a3",
	       "Subject is the command");
	is_str(m.date, "Sat, 30 Nov 2024 11:15:00 +0100", "Date is raw");
	ok(m.reply_to_addr == NULL && m.in_reply_to == NULL &&
	   m.references == NULL && m.auto_submitted == NULL &&
	   m.precedence == NULL && m.x_loop == NULL,
	   "absent headers are NULL, never \"\"");
	ok(!m.has_list_id && !m.has_x_autoreply && !m.is_report,
	   "an ordinary mail is not flagged as list, autoreply or report");
	is_str(m.body, "Your turn, Bob.  I think the left flank is mine now.\n"
	       "\n-- \nAlice\n", "plain body is kept, signature separator too");
	mail_in_free(&m);
}

static void test_gmail_reply(void)
{
	struct mail_in m;

	ok(parse_fixture("gmail-reply.eml", &m) == 0,
	   "Gmail multipart/alternative reply parses");
	is_str(m.subject, "Re: Epaminondas Board 101 bob", "reply subject");
	is_str(m.in_reply_to, "<b101.7.alice.1a2b@pbem.example.net>",
	       "In-Reply-To is raw");
	is_str(m.references, "<b101.6.bob.9f3e@pbem.example.net> "
	       "<b101.7.alice.1a2b@pbem.example.net>", "References unfolded, raw");
	is_str(m.message_id, "CAF=8sK3xQ+7vX2k9Lr0pQ@mail.gmail.com",
	       "Gmail Message-ID with = and +");
	ok(m.body && strncmp(m.body, "move 101 bob hunter2 l12-l10\n\n"
	   "Nice try \xe2\x80\x94 not this time!\n",
	   strlen("move 101 bob hunter2 l12-l10\n\n"
	          "Nice try \xe2\x80\x94 not this time!\n")) == 0,
	   "text/plain alternative is preferred, quoted-printable UTF-8 decoded");
	ok(m.body && strstr(m.body, "\n> Alice moved a1-a3.  Bob to move.\n") &&
	   !strstr(m.body, "<div"), "quoted text kept as text, no HTML");
	mail_in_free(&m);
}

static void test_charsets(void)
{
	struct mail_in m;

	ok(parse_fixture("qp-latin1.eml", &m) == 0, "Latin-1 QP mail parses");
	is_str(m.body, "Voil\xc3\xa0 mon coup. \xc3\x80 toi de jouer, "
	       "fran\xc3\xa7" "ais na\xc3\xaf" "f \xc3\xa9t\xc3\xa9 \xc3\xa0 la plage.\n",
	       "quoted-printable ISO-8859-1 becomes UTF-8, soft breaks joined");
	is_str(m.from_name, "Andr\xc3\xa9 L\xc3\xa9vy",
	       "Q-encoded ISO-8859-1 display name decoded");
	mail_in_free(&m);

	ok(parse_fixture("base64-utf8.eml", &m) == 0, "base64 mail parses");
	is_str(m.body, "Gr\xc3\xbc\xc3\x9f" "e aus K\xc3\xb6ln \xe2\x99\x9f "
	       "\xe2\x80\x94 Zug 12 ist gespielt.\nBis bald!\n",
	       "base64 UTF-8 body decoded, CRLF made LF");
	is_str(m.from_name, "J\xc3\xb6rg", "raw 8-bit UTF-8 display name kept");
	mail_in_free(&m);
}

static void test_rfc2047(void)
{
	struct mail_in m;

	ok(parse_fixture("rfc2047.eml", &m) == 0, "encoded-word mail parses");
	is_str(m.subject, "R\xc3\xa9ponse \xc3\xa0 l\xe2\x80\x99" "adversaire "
	       "\xe2\x99\x9f", "Subject: Q ISO-8859-1 + B UTF-8 + folded q words");
	is_str(m.from_name, "J\xc3\xbcrgen M\xc3\xbcller",
	       "B-encoded UTF-8 display name decoded");
	mail_in_free(&m);
}

static void test_line_ends(void)
{
	static const char *names[] = { "crlf.eml", "lf.eml", "cr.eml" };
	struct mail_in m;
	int i;

	for (i = 0; i < 3; i++) {
		ok(parse_fixture(names[i], &m) == 0, "%s parses", names[i]);
		is_str(m.subject, "line ends folded here",
		       "%s: folded Subject unfolded", names[i]);
		is_str(m.body, "line one\nline two\n\nline four\n",
		       "%s: body has LF line ends", names[i]);
		is_str(m.message_id, "lineends@example.com",
		       "%s: header after a folded one found", names[i]);
		mail_in_free(&m);
	}
}

static void test_mbox_from(void)
{
	struct mail_in m;

	ok(parse_fixture("mbox-from.eml", &m) == 0, "mail with mbox From line parses");
	is_str(m.from_addr, "alice@example.org", "the mbox From line is skipped");
	is_str(m.return_path, "alice@example.org", "first real header is read");
	is_str(m.body, "standings please\n", "body after mbox From line");
	mail_in_free(&m);
}

static void test_flowed(void)
{
	struct mail_in m;

	ok(parse_fixture("flowed.eml", &m) == 0, "format=flowed mail parses");
	is_str(m.body,
	       "This is a long paragraph that my mail client wrapped at a fixed "
	       "width so that it is sent as several lines, joined again by the "
	       "reader.\nFrom the stuffed line.\n\n>> deeply quoted text that was "
	       "also wrapped by the client\n> quoted once\n\n-- \nDave\n",
	       "flowed lines joined per quote depth, stuffing undone, sig kept");
	mail_in_free(&m);
}

static void test_html_only(void)
{
	struct mail_in m;

	ok(parse_fixture("html-only.eml", &m) == 0, "HTML-only mail parses");
	is_str(m.body, "show 101\ngames erin\nCaf\xc3\xa9 & chess \xe2\x99\x9f "
	       "\xe2\x99\x94 <tag>\n> quoted line\n> second quoted\nafter",
	       "HTML turned into text: blocks, entities, blockquote as >, "
	       "no script/style/comment");
	mail_in_free(&m);
}

static void test_bounce_and_autoreply(void)
{
	struct mail_in m;

	ok(parse_fixture("bounce.eml", &m) == 0, "multipart/report bounce parses");
	ok(m.is_report, "multipart/report is flagged");
	is_str(m.return_path, "", "Return-Path <> gives \"\"");
	is_str(m.auto_submitted, "auto-replied", "Auto-Submitted raw");
	ok(m.body && strncmp(m.body, "This is the mail system", 23) == 0 &&
	   !strstr(m.body, "The board."),
	   "bounce body is the human-readable part, not the returned mail");
	mail_in_free(&m);

	ok(parse_fixture("autoreply.eml", &m) == 0, "vacation autoreply parses");
	is_str(m.precedence, "bulk", "Precedence raw");
	is_str(m.x_loop, "epamserv@pbem.example.net", "X-Loop raw");
	ok(m.has_list_id, "List-Id presence flagged");
	ok(m.has_x_autoreply, "X-Autoreply presence flagged");
	mail_in_free(&m);
}

static void test_missing_and_garbage(void)
{
	struct mail_in m;

	ok(parse_fixture("no-message-id.eml", &m) == 0,
	   "mail without Message-ID parses");
	ok(m.message_id == NULL, "missing Message-ID is NULL");
	is_str(m.subject, "help", "other headers still read");
	mail_in_free(&m);

	ok(parse_fixture("garbage.eml", &m) == 0, "binary garbage does not fail");
	ok(m.body != NULL && m.from_addr == NULL && m.subject == NULL,
	   "garbage gives NULL headers and some body");
	mail_in_free(&m);

	ok(parse_fixture("nested-ok.eml", &m) == 0,
	   "ordinary 4-level nested MIME parses");
	is_str(m.body, "move 101 hal pw b2-b4",
	       "first inline text/plain found deep in the tree, attachment skipped");
	mail_in_free(&m);
}

static void test_limits(void)
{
	struct mail_in m;
	size_t len = 0, i, n;
	char *raw = slurp("plain.eml", &len), *err = NULL, *big;

	ok(raw && mail_parse_limits(raw, len, len - 1, &m, &err) == -1 && err &&
	   strstr(err, "limit"), "a mail one byte over the limit is refused");
	free(err);
	err = NULL;
	ok(raw && mail_parse_limits(raw, len, len, &m, &err) == 0,
	   "a mail exactly at the limit is accepted");
	mail_in_free(&m);
	free(raw);

	n = MAIL_MAX_SIZE_DEFAULT + 1;
	big = malloc(n);
	if (big != NULL) {
		memset(big, 'a', n);
		memcpy(big, "Subject: big\r\n\r\n", 16);
	}
	ok(big && mail_parse(big, n, &m, &err) == -1 && err,
	   "mail_parse refuses more than MAIL_MAX_SIZE_DEFAULT bytes");
	free(err);
	err = NULL;
	free(big);

	ok(parse_fixture("deep-mime.eml", &m) == -1 && m.body == NULL,
	   "MIME nested deeper than MAIL_MAX_DEPTH is refused");

	big = malloc(8192);
	if (big != NULL) {
		strcpy(big, "From: a@example.org\r\nContent-Type: multipart/mixed; "
		       "boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\n");
		for (i = 0; i < 40; i++)
			strcat(big, "> Content-Type: multipart/mixed; boundary=x\r\n"
			       "Content-Type: message/rfc822\r\n");
		strcat(big, "--b--\r\n");
	}
	ok(big && mail_parse(big, strlen(big), &m, &err) == 0 &&
	   strstr(m.body, "> Content-Type: multipart/mixed"),
	   "a text part that quotes many Content-Type lines is not refused");
	mail_in_free(&m);
	free(err);
	err = NULL;
	free(big);

	big = malloc(20000);
	if (big != NULL) {
		memcpy(big, "From: ", 6);
		for (i = 6; i < 6 + 5000; i++)
			big[i] = '(';
		memcpy(big + i, "\r\n\r\nx\r\n", 7);
	}
	ok(big && mail_parse(big, i + 7, &m, &err) == -1 && err,
	   "5000 nested comments in a header are refused before libetpan");
	free(err);
	free(big);
	err = NULL;
	ok(mail_parse(NULL, 0, &m, &err) == -1 && err, "NULL input is an error");
	free(err);
	err = NULL;
	ok(mail_parse("", 0, &m, &err) == 0 && m.body && m.body[0] == '\0' &&
	   m.subject == NULL, "empty input gives an empty mail");
	mail_in_free(&m);
}

/* ---- compose ---- */

static struct mail_out sample_out(void)
{
	struct mail_out o;

	memset(&o, 0, sizeof o);
	o.from = "epamserv <epamserv@pbem.example.net>";
	o.to_addr = "bob@example.org";
	o.to_name = "Bob Player";
	o.subject = "Epaminondas Board 101 bob **";
	o.message_id = "b101.8.bob.5c6d@pbem.example.net";
	o.in_reply_to = "b101.7.alice.1a2b@pbem.example.net";
	o.references = "b101.6.bob.9f3e@pbem.example.net "
	               "b101.7.alice.1a2b@pbem.example.net";
	o.auto_submitted = "auto-generated";
	o.x_loop = "epamserv@pbem.example.net";
	o.date = "Sat, 30 Nov 2024 12:00:00 +0000";
	o.text = "     a b c d e f\n 12  . o . o . o   12\n"
	         ".a line starting with a dot\nFrom the start of a line\n"
	         "trailing spaces   \ntab\there = equals\n"
	         "Gr\xc3\xbc\xc3\x9f" "e \xe2\x99\x9f\n"
	         "a very long line that goes on and on well past the seventy-six "
	         "octets quoted-printable allows on one line of the encoding\n";
	return o;
}

/* The header section of msg (up to the blank line), malloc'ed. */
static char *header_section(const char *msg)
{
	const char *end = strstr(msg, "\r\n\r\n");

	return end ? strndup(msg, (size_t)(end - msg) + 2) : NULL;
}

/* 1 when every line ends CRLF and none is longer than max octets. */
static int lines_ok(const char *s, size_t max)
{
	const char *p;
	size_t col = 0;

	for (p = s; *p != '\0'; p++) {
		if (*p == '\n' && (p == s || p[-1] != '\r'))
			return 0;
		if (*p == '\r' && p[1] != '\n')
			return 0;
		col = *p == '\n' ? 0 : col + 1;
		if (col > max + 1)
			return 0;
	}
	return 1;
}

static int has_header_line(const char *hdr, const char *prefix)
{
	const char *p = hdr;
	size_t n = strlen(prefix);

	for (; p != NULL; p = strstr(p, "\r\n"), p = p ? p + 2 : NULL)
		if (strncasecmp(p, prefix, n) == 0)
			return 1;
	return 0;
}

static void test_compose_injection(void)
{
	struct mail_out o = sample_out();
	struct mail_in m;
	char *msg, *err = NULL, *hdr;

	o.subject = "Board 101\r\nBcc: victim@example.org\r\n\r\nfake body \xc3\xa9";
	o.to_name = "Eve\r\nCc: victim2@example.org";
	msg = mail_compose(&o, &err);
	ok(msg != NULL, "compose accepts CR/LF in subject and name (encodes them)");
	hdr = msg ? header_section(msg) : NULL;
	ok(hdr && !has_header_line(hdr, "Bcc:") && !has_header_line(hdr, "Cc:"),
	   "no header injected through Subject or display name");
	ok(hdr && strstr(hdr, "\r\nSubject: =?UTF-8?Q?") != NULL,
	   "a Subject with CR/LF and non-ASCII is RFC 2047-encoded");
	ok(hdr && lines_ok(hdr, 78), "header lines are CRLF and at most 78 octets");
	ok(msg && mail_parse(msg, strlen(msg), &m, &err) == 0,
	   "the composed message parses");
	is_str(m.subject, "Board 101  Bcc: victim@example.org    fake body \xc3\xa9",
	       "CR/LF in the subject came through as spaces, in one line");
	is_str(m.from_addr, "epamserv@pbem.example.net", "From survives");
	mail_in_free(&m);
	free(hdr);
	free(msg);

	o = sample_out();
	o.to_addr = "bob@example.org>\r\nBcc: victim@example.org";
	msg = mail_compose(&o, &err);
	ok(msg == NULL && err != NULL, "a recipient address with CR/LF is refused");
	free(err);
	err = NULL;
	o = sample_out();
	o.message_id = "x@y>\r\nBcc: <z";
	msg = mail_compose(&o, &err);
	ok(msg == NULL && err != NULL, "a Message-ID with CR/LF is refused");
	free(err);
	err = NULL;
	o = sample_out();
	o.in_reply_to = "good@example.org\r\nBcc: victim@example.org";
	o.references = "a@b <c@d>\r\nX-Evil: 1";
	msg = mail_compose(&o, &err);
	hdr = msg ? header_section(msg) : NULL;
	ok(hdr && !has_header_line(hdr, "Bcc:") && !has_header_line(hdr, "X-Evil:"),
	   "CR/LF in In-Reply-To and References cannot start a header");
	ok(hdr && !strstr(hdr, "In-Reply-To:"),
	   "an In-Reply-To that is not exactly one id is dropped");
	ok(hdr && strstr(hdr, "\r\nReferences: <a@b> <c@d>\r\n"),
	   "valid References ids kept in angle brackets, junk dropped");
	free(hdr);
	free(msg);
}

/* Issue 18: a file attached (multipart/mixed, base64), and names and
 * types that could break the headers refused. */
static void test_compose_attachment(void)
{
	struct mail_out o = sample_out();
	struct mail_in m;
	char *msg, *err = NULL;
	static const char *const bad[] = { "../x.txt", ".hidden", "a b.txt",
	                                   "x\r\nBcc: e@vil", "x\"y", "", NULL };
	int i, refused = 1;

	o.attach = "[Event \"epaminondas board 101\"]\n\n1. e1-e3 *\n";
	o.attach_name = "game-101.txt";
	o.attach_type = "text/plain; charset=UTF-8";
	msg = mail_compose(&o, &err);
	ok(msg && strstr(msg, "Content-Type: multipart/mixed;") &&
	   strstr(msg, "Content-Disposition: attachment; "
	          "filename=\"game-101.txt\"\r\n") &&
	   strstr(msg, "Content-Transfer-Encoding: base64\r\n\r\n"
	          "W0V2ZW50ICJlcGFtaW5vbmRhcyBib2FyZCAxMDEiXQoKMS4gZTEtZTMgKgo=\r\n"),
	   "an attachment: multipart/mixed, its name, the file in base64");
	ok(msg && strstr(msg, "Content-Type: text/plain; charset=UTF-8\r\n"
	                      "Content-Transfer-Encoding") <
	   strstr(msg, "Content-Disposition"), "the text part comes first");
	ok(msg && lines_ok(msg, 78), "with an attachment: CRLF, lines at most 78");
	ok(msg && mail_parse(msg, strlen(msg), &m, &err) == 0 &&
	   strcmp(m.body, o.text) == 0,
	   "the mail parses back, its text is the body");
	if (msg)
		mail_in_free(&m);
	free(msg);
	for (i = 0; bad[i]; i++) {
		o.attach_name = bad[i];
		msg = mail_compose(&o, &err);
		refused = refused && !msg && err && strstr(err, "attachment");
		free(msg);
		free(err);
		err = NULL;
	}
	ok(refused, "attachment names with paths, blanks, quotes or line "
	   "breaks are refused");
	o.attach_name = "game-101.txt";
	o.attach_type = "text/html\r\nX-Evil: 1";
	msg = mail_compose(&o, &err);
	ok(!msg && err, "an attachment type that is not one of ours is refused");
	free(msg);
	free(err);
}

static void test_compose_round_trip(void)
{
	struct mail_out o = sample_out();
	struct mail_in m;
	char *msg, *err = NULL, *hdr;
	const char *subj = "R\xc3\xa9ponse \xc3\xa0 l\xe2\x80\x99" "adversaire: "
	                   "Epaminondas Board 101 \xe2\x99\x9f \xe2\x99\x9f "
	                   "with a long tail of words to force folding into "
	                   "several encoded words =?not?= one";

	msg = mail_compose(&o, &err);
	ok(msg != NULL, "plain text mail composes");
	hdr = msg ? header_section(msg) : NULL;
	ok(hdr && strstr(hdr, "\r\nMIME-Version: 1.0\r\n") &&
	   strstr(hdr, "Content-Type: text/plain; charset=UTF-8\r\n") &&
	   strstr(hdr, "Content-Transfer-Encoding: quoted-printable\r\n") &&
	   strstr(hdr, "Auto-Submitted: auto-generated\r\n") &&
	   strstr(hdr, "X-Loop: epamserv@pbem.example.net\r\n") &&
	   strstr(hdr, "Message-ID: <b101.8.bob.5c6d@pbem.example.net>\r\n") &&
	   strstr(hdr, "To: Bob Player <bob@example.org>\r\n"),
	   "headers: MIME, UTF-8 QP, Auto-Submitted, X-Loop, Message-ID, To");
	ok(msg && lines_ok(msg, 78), "whole message CRLF, lines at most 78");
	ok(msg && mail_parse(msg, strlen(msg), &m, &err) == 0,
	   "composed text mail parses back");
	is_str(m.subject, o.subject, "round trip: subject");
	is_str(m.body, o.text, "round trip: body (dots, From, spaces, UTF-8)");
	is_str(m.in_reply_to, "<b101.7.alice.1a2b@pbem.example.net>",
	       "round trip: In-Reply-To");
	is_str(m.message_id, o.message_id, "round trip: Message-ID");
	mail_in_free(&m);
	free(hdr);
	free(msg);

	o.subject = subj;
	o.html = "<pre>board</pre><p>Caf\xc3\xa9 --=_ not a boundary</p>\n";
	o.to_name = "J\xc3\xbcrgen \"the\" M\xc3\xbcller";
	msg = mail_compose(&o, &err);
	ok(msg && strstr(msg, "Content-Type: multipart/alternative;") &&
	   strstr(msg, "Content-Type: text/html; charset=UTF-8"),
	   "with html: multipart/alternative with a text/html part");
	ok(msg && strstr(msg, "Content-Type: text/plain") <
	   strstr(msg, "Content-Type: text/html"), "text part comes first");
	ok(msg && lines_ok(msg, 78), "multipart message CRLF, lines at most 78");
	ok(msg && mail_parse(msg, strlen(msg), &m, &err) == 0,
	   "multipart mail parses back");
	is_str(m.subject, subj, "round trip: long non-ASCII subject in many words");
	is_str(m.body, o.text, "round trip: text part preferred over html");
	is_str(m.from_name, "epamserv", "round trip: From display name");
	mail_in_free(&m);
	free(msg);
	if (err != NULL)
		printf("# unexpected error: %s\n", err);
	free(err);
}

/* ---- compose, byte for byte ---- */

/* A growable string for building test input. */
struct sbuf {
	char *p;
	size_t len, cap;
};

static void sb_add(struct sbuf *b, const char *s)
{
	size_t n = strlen(s);

	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->p = realloc(b->p, b->cap);
		if (b->p == NULL)
			abort();
	}
	memcpy(b->p + b->len, s, n + 1);
	b->len += n;
}

/* A long board mail body: diagrams, UTF-8 comments, and every character
 * quoted-printable treats specially ('.', "From ", '=', space, tab,
 * non-ASCII, controls, bad UTF-8, CR and CRLF line ends) at every column
 * around the soft line break. */
static char *long_board_text(void)
{
	static const char *const odd[] = {
		".", "From here", "=", " ", "\t", "\xc3\xa9", "\xf0\x9f\x98\x80",
		"\xe2\x99\x9f", "  ", "=_", "\x01", "\x7f", "\xff", "\xc3", "x \t",
	};
	struct sbuf b = { NULL, 0, 0 };
	char line[512];
	size_t k, col, r;

	for (k = 0; k < 6; k++) {
		sb_add(&b, "      a b c d e f g h i j k l m n\n");
		for (r = 12; r > 0; r--) {
			snprintf(line, sizeof line, " %2zu   %s   %2zu\n", r,
			         r % 3 ? ". o . o . o . o . o . o . o" :
			                 "x x x . . . o o o . . . x x", r);
			sb_add(&b, line);
		}
		sb_add(&b, "Gr\xc3\xbc\xc3\x9f" "e aus K\xc3\xb6ln \xe2\x80\x94 "
		           "caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87 \xe2\x99\x9f\r\n");
		sb_add(&b, "Move 12: e3-e7, captures 2 (phalanx of 3)\r");
	}
	for (k = 0; k < sizeof odd / sizeof odd[0]; k++)
		for (col = 0; col < 82; col++) {
			memset(line, 'a' + (int)(col % 26), col);
			snprintf(line + col, sizeof line - col, "%s%s\n", odd[k],
			         col % 2 ? " tail" : "");
			sb_add(&b, line);
		}
	sb_add(&b, ".\nFrom me\n\n\n   \nend with no line end \t");
	return b.p;
}

/* The HTML alternative of the board mail: ASCII, so it goes out 7bit. */
static char *long_board_html(void)
{
	struct sbuf b = { NULL, 0, 0 };
	size_t r, c;

	sb_add(&b, "<html><body><table class=\"board\">\n");
	for (r = 0; r < 12; r++) {
		sb_add(&b, "<tr>");
		for (c = 0; c < 14; c++)
			sb_add(&b, (r + c) % 3 ? "<td class=\"w\">o</td>" :
			                         "<td class=\"e\">&nbsp;</td>");
		sb_add(&b, "</tr>\n");
	}
	sb_add(&b, "</table>\n<p>From the board: e3-e7.</p></body></html>\n");
	return b.p;
}

/* Overwrite the 32 random hex digits of every "=_epam_" boundary with
 * 'x', so that a composed message can be compared byte for byte. */
static void blank_boundaries(char *msg)
{
	char *p = msg;

	while ((p = strstr(p, "=_epam_")) != NULL) {
		p += 7;
		memset(p, 'x', strnlen(p, 32));
	}
}

/* The composed bytes of a long board mail (QP text with UTF-8, 7bit
 * HTML, encoded subject and name) are pinned in
 * tests/mail/compose-board.expected.  After a deliberate change of the
 * output, EPAMSERV_GOLDEN_WRITE=FILE writes the new bytes to FILE. */
static void test_compose_pinned(void)
{
	struct mail_out o = sample_out();
	char *text = long_board_text(), *html = long_board_html();
	char *msg, *err = NULL, *want, *dump = getenv("EPAMSERV_GOLDEN_WRITE");
	size_t wlen = 0;
	FILE *f;

	o.subject = "Epaminondas Board 101 j\xc3\xbcrgen ** \xe2\x99\x9f "
	            "captured two pieces of the phalanx";
	o.to_name = "J\xc3\xbcrgen M\xc3\xbcller";
	o.text = text;
	o.html = html;
	msg = mail_compose(&o, &err);
	ok(msg != NULL, "the long board mail composes");
	if (msg != NULL)
		blank_boundaries(msg);
	if (msg != NULL && dump != NULL && (f = fopen(dump, "wb")) != NULL) {
		fwrite(msg, 1, strlen(msg), f);
		fclose(f);
	}
	want = slurp("compose-board.expected", &wlen);
	ok(msg && want && strlen(msg) == wlen && memcmp(msg, want, wlen) == 0,
	   "the long board mail is byte for byte the pinned message");
	if (msg && want && (strlen(msg) != wlen || memcmp(msg, want, wlen))) {
		size_t i = 0;
		while (msg[i] && msg[i] == want[i])
			i++;
		printf("#   first difference at byte %zu of %zu (expected %zu)\n",
		       i, strlen(msg), wlen);
	}
	free(want);
	free(msg);
	free(err);
	free(text);
	free(html);
}

/* text_clean in its four modes, on text with every kind of byte it
 * handles one by one: TAB, CRLF, CR, controls, DEL, NUL, UTF-8 of every
 * length, bytes that are not UTF-8 (read as Windows-1252 when guessing),
 * surrogates, overlongs and a sequence cut short at the end. */
static void test_text_clean_modes(void)
{
	static const char in1[] = "  lead\tab\r\ncd\ref\n\x01g\x7fh\0i caf\xc3\xa9 "
		"\xff\x80\x81\x9f\xa0 \xe2\x82\xac z\xc3  ";
	static const char in2[] = " \tGr\xc3\xbc\xc3\x9f" "e\r\n\xf0\x9f\x98\x80 "
		"\xed\xa0\x80 \xc0\xaf\x01x\r";
	static const char *const want[4][2] = {
		{ /* no guessing, body */
		"  lead\tab\ncd\nef\nghi caf\xc3\xa9 \xef\xbf\xbd\xef\xbf\xbd"
		"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd \xe2\x82\xac z\xef\xbf\xbd  ",
		" \tGr\xc3\xbc\xc3\x9f" "e\n\xf0\x9f\x98\x80 \xef\xbf\xbd\xef\xbf\xbd"
		"\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbdx\n" },
		{ /* no guessing, one line */
		"lead ab  cd ef  g h i caf\xc3\xa9 \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
		"\xef\xbf\xbd\xef\xbf\xbd \xe2\x82\xac z\xef\xbf\xbd",
		"Gr\xc3\xbc\xc3\x9f" "e  \xf0\x9f\x98\x80 \xef\xbf\xbd\xef\xbf\xbd"
		"\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd x" },
		{ /* Windows-1252, body */
		"  lead\tab\ncd\nef\nghi caf\xc3\x83\xc2\xa9 \xc3\xbf\xe2\x82\xac"
		"\xef\xbf\xbd\xc5\xb8\xc2\xa0 \xc3\xa2\xe2\x80\x9a\xc2\xac z\xc3\x83  ",
		" \tGr\xc3\x83\xc2\xbc\xc3\x83\xc5\xb8" "e\n\xc3\xb0\xc5\xb8\xcb\x9c"
		"\xe2\x82\xac \xc3\xad\xc2\xa0\xe2\x82\xac \xc3\x80\xc2\xafx\n" },
		{ /* Windows-1252, one line */
		"lead ab  cd ef  g h i caf\xc3\x83\xc2\xa9 \xc3\xbf\xe2\x82\xac"
		"\xef\xbf\xbd\xc5\xb8\xc2\xa0 \xc3\xa2\xe2\x80\x9a\xc2\xac z\xc3\x83",
		"Gr\xc3\x83\xc2\xbc\xc3\x83\xc5\xb8" "e  \xc3\xb0\xc5\xb8\xcb\x9c"
		"\xe2\x82\xac \xc3\xad\xc2\xa0\xe2\x82\xac \xc3\x80\xc2\xaf x" },
	};
	int mode;

	for (mode = 0; mode < 4; mode++) {
		char *a = text_clean(in1, sizeof in1 - 1, mode / 2, mode % 2);
		char *b = text_clean(in2, sizeof in2 - 1, mode / 2, mode % 2);
		is_str(a, want[mode][0], "text_clean %s%s: controls, NUL, bad bytes",
		       mode / 2 ? "guessing 8-bit" : "UTF-8", mode % 2 ? ", one line" : "");
		is_str(b, want[mode][1], "text_clean %s%s: long sequences, surrogates",
		       mode / 2 ? "guessing 8-bit" : "UTF-8", mode % 2 ? ", one line" : "");
		free(a);
		free(b);
	}
}

/* The fast scans of plain text (text_plain_run, and text_clean's runs
 * kept as they are) test many bytes at once: every byte value at every
 * place of a text longer than a few blocks gives what one byte alone
 * gives, and text_plain_run stops right before it unless it is plain. */
static void test_text_plain_blocks(void)
{
	char in[200], want[220], one[2];
	int c, at, oneline, bad_run = 0, bad_clean = 0;

	for (c = 0; c < 256; c++)
		for (at = 0; at < (int)sizeof in; at++) {
			int plain = (c >= 0x20 && c < 0x7F) || c == '\n' || c == '\t';
			size_t run;

			memset(in, 'x', sizeof in);
			in[at] = (char)c;
			run = text_plain_run(in, sizeof in);
			if (run != (plain ? sizeof in : (size_t)at))
				bad_run++;
			one[0] = (char)c;
			one[1] = '\0';
			for (oneline = 0; oneline < 2; oneline++) {
				char *alone = text_clean(one, 1, 0, oneline);
				char *got = text_clean(in, sizeof in, 0, oneline);
				/* One byte alone: a space made of it is trimmed,
				 * as it is at either end of the long text. */
				snprintf(want, sizeof want, "%.*s%s%.*s", at, in,
				         alone && *alone ? alone : oneline ? " " : "",
				         (int)sizeof in - at - 1, in + at + 1);
				if (oneline && at == (int)sizeof in - 1 &&
				    want[sizeof in - 1] == ' ')
					want[sizeof in - 1] = '\0';
				if (!got || strcmp(got, want + (oneline &&
				                   want[0] == ' ')) != 0)
					bad_clean++;
				free(alone);
				free(got);
			}
		}
	ok(bad_run == 0, "text_plain_run: every byte at every place (%d wrong)",
	   bad_run);
	ok(bad_clean == 0, "text_clean: every byte at every place of a long "
	   "text, as alone (%d wrong)", bad_clean);
}

/* C1 controls and bidi embeddings, overrides and isolates are removed
 * like C0 controls (issue 11, item 10): in a body dropped, in one-line
 * text a C1 control becomes a space; U+2028/U+2029 break a body's line
 * and are a space in one line; the implicit marks LRM, RLM and ALM and
 * NO-BREAK SPACE stay. */
static void test_text_clean_c1_bidi(void)
{
	static const char in[] = "a\xc2\x85" "b\xc2\x9b" "31m c\xe2\x80\xae"
		"evil\xe2\x80\xac d\xe2\x81\xa6x\xe2\x81\xa9 \xe2\x80\xaa\xe2\x80\xab"
		"\xe2\x80\xad\xe2\x81\xa7\xe2\x81\xa8\xc2\x80\xc2\x9f"
		"\xe2\x80\x8frlm \xd8\x9c" "alm \xe2\x80\x8elrm e\xe2\x80\xa8"
		"f\xe2\x80\xa9g\xc2\xa0h";
	static const char body[] = "ab31m cevil dx \xe2\x80\x8frlm \xd8\x9c"
		"alm \xe2\x80\x8elrm e\nf\ng\xc2\xa0h";
	static const char line[] = "a b 31m cevil dx   \xe2\x80\x8frlm \xd8\x9c"
		"alm \xe2\x80\x8elrm e f g\xc2\xa0h";
	int guess;

	for (guess = 0; guess < 2; guess++) {
		char *a = text_clean(in, sizeof in - 1, guess, 0);
		char *b = text_clean(in, sizeof in - 1, guess, 1);
		is_str(a, body, "text_clean%s, body: C1 and bidi controls dropped, "
		       "separators break lines, marks kept",
		       guess ? " guessing 8-bit" : "");
		is_str(b, line, "text_clean%s, one line: C1 controls and separators "
		       "are spaces, bidi controls dropped", guess ? " guessing 8-bit" : "");
		free(a);
		free(b);
	}
	ok(text_is_clean("caf\xc3\xa9 \xe2\x80\x8f", 9) &&
	   !text_is_clean("a\xe2\x80\xae" "b", 5) && !text_is_clean("a\xc2\x85", 3) &&
	   !text_is_clean("a\tb", 3), "text_is_clean: marks yes; RLO, NEL, TAB no");
	ok(!mail_addr_ok("bob\xe2\x80\xae" "gro.elpmaxe@example.org") &&
	   !mail_addr_ok("bob\xc2\x85@example.org") &&
	   !mail_addr_ok("bob@exa\xe2\x81\xa6mple.org"),
	   "an address with a bidi override, a C1 control or an isolate is refused");
}

/* The HTML parser decodes character references: &#x202E; or &#133; in an
 * HTML-only mail must not reach the body. */
static void test_html_entities_cleaned(void)
{
	static const char raw[] =
		"From: mallory@example.org\r\nTo: epamserv@example.net\r\n"
		"Subject: x\r\nMessage-ID: <h1@example.org>\r\nMIME-Version: 1.0\r\n"
		"Content-Type: text/html; charset=utf-8\r\n\r\n"
		"<p>move &#x202E;7e-3e&#x202C; &#x2066;z&#x2069; &#133;n&#x9b;c "
		"&#x200f;r</p>\r\n";
	struct mail_in m;
	char *err = NULL;

	memset(&m, 0, sizeof m);
	ok(mail_parse(raw, sizeof raw - 1, &m, &err) == 0, "HTML-only mail with "
	   "character references parses");
	is_str(m.body, "move 7e-3e z nc \xe2\x80\x8fr", "decoded references to C1 "
	       "and bidi controls are removed from the HTML's text");
	mail_in_free(&m);
	free(err);
}

static void test_helpers(void)
{
	char buf[64];

	mail_date(0, buf, sizeof buf);
	is_str(buf, "Thu, 01 Jan 1970 00:00:00 +0000", "mail_date at the epoch");
	mail_date(1732968000LL, buf, sizeof buf);
	is_str(buf, "Sat, 30 Nov 2024 12:00:00 +0000", "mail_date in 2024");
	ok(mail_addr_ok("alice@example.org"), "plain address is ok");
	ok(mail_addr_ok("j\xc3\xbcrgen@example.de"), "UTF-8 address is ok");
	ok(!mail_addr_ok("alice@example.org\r\nRCPT TO:<x@y>"),
	   "CR/LF in an address is refused");
	ok(!mail_addr_ok("<alice@example.org>") && !mail_addr_ok("a b@c") &&
	   !mail_addr_ok("a@b,c@d") && !mail_addr_ok("a@b@c") &&
	   !mail_addr_ok("@b") && !mail_addr_ok("a@") && !mail_addr_ok("") &&
	   !mail_addr_ok(NULL), "brackets, spaces, lists and bad @ refused");
	ok(!mail_addr_ok("a\xff@b"), "invalid UTF-8 in an address is refused");
}

/* Issue 15: the dates a move counts at (arrival.c), and the topmost
 * Received field only. */
static void test_arrival_dates(void)
{
	static const char two[] =
		"Received: from mx.games.example by in.games.example; "
		"Mon, 30 Nov 2026 16:00:00 +0200 (CEST)\r\n"
		"Received: from forged by anyone;\r\n"
		"\tTue, 1 Jan 2019 00:00:00 +0000\r\n"
		"From: a@example.org\r\nSubject: s\r\n\r\nbody\r\n";
	struct mail_in m;
	char *err = NULL;

	/* 2026-11-30T14:00:00Z = 1796047200 */
	is_int(mail_received_time("from a by b; Mon, 30 Nov 2026 16:00:00 "
	                          "+0200"), 1796047200LL,
	       "Received date with a +0200 zone");
	is_int(mail_received_time("from a (x; y) by b; 30 Nov 2026 "
	                          "09:30:00 -0430 (comment)"), 1796047200LL,
	       "the last ';', no day name, -0430 and a comment");
	is_int(mail_received_time("from a by b"), 0, "no date: 0");
	is_int(mail_received_time("from a by b; yesterday"), 0,
	       "a date that does not parse: 0");
	is_int(mail_received_time("x; 31 Feb 2026 10:00:00 +0000"), 0,
	       "31 February: 0");
	is_int(mail_received_time(NULL), 0, "NULL: 0");
	is_int(mail_internaldate_time("\"30-Nov-2026 16:00:00 +0200\""),
	       1796047200LL, "INTERNALDATE with quotes");
	is_int(mail_internaldate_time(" 1-Dec-2026 00:00:00 +0000"),
	       1796083200LL, "INTERNALDATE with a one-digit day");
	is_int(mail_internaldate_time("30-Nox-2026 16:00:00 +0200"), 0,
	       "INTERNALDATE with a bad month: 0");
	ok(mail_parse(two, sizeof two - 1, &m, &err) == 0, "parses");
	is_int(m.received, 1796047200LL,
	       "the topmost Received field counts, not the one below it");
	mail_in_free(&m);
}

/* The source of a mail (issue 29): the client's network in the topmost
 * Received field our MTA wrote, past loopback hops, never a name the
 * client chose. */
static void test_source_network(void)
{
	static const struct {
		const char *raw, *want, *name;
	} cases[] = {
		{ "Received: from mx.example (mx.example [192.0.2.77]) by games."
		  "example (Postfix) with ESMTP id 1; Mon, 30 Nov 2026 06:00:00 "
		  "+0000\r\nFrom: a@b.example\r\n\r\nbody",
		  "192.0.2.0/24", "IPv4: its /24" },
		{ "Received: from mx.example (mx.example [IPv6:2001:db8:ab:cd::9])"
		  "\r\n\tby games.example (Postfix); Mon, 30 Nov 2026 06:00:00 "
		  "+0000\r\n\r\n",
		  "2001:db8:ab::/48", "IPv6 (folded field): its /48" },
		{ "Received: from x (x [::ffff:198.51.100.9]) by y; 1 Jan 2026 "
		  "00:00:00 +0000\r\n\r\n",
		  "198.51.100.0/24", "an IPv4-mapped address is IPv4" },
		{ "Received: from localhost (localhost [127.0.0.1]) by games."
		  "example (Postfix); 1 Jan 2026 00:00:00 +0000\r\n"
		  "Received: from mx.example (mx.example [203.0.113.5]) by games."
		  "example (Postfix); 1 Jan 2026 00:00:00 +0000\r\n\r\n",
		  "203.0.113.0/24", "a loopback hop (a content filter) is "
		  "skipped" },
		{ "Received: from [198.51.100.7] (helo=[192.0.2.1]) by games."
		  "example (Exim 4.96); 1 Jan 2026 00:00:00 +0000\r\n\r\n",
		  "198.51.100.0/24", "Exim: the client, not the HELO name" },
		{ "Received: by games.example (Postfix, from userid 1000); 1 Jan "
		  "2026 00:00:00 +0000\r\nReceived: from mx (mx [192.0.2.1]) by "
		  "y; 1 Jan 2026 00:00:00 +0000\r\n\r\n",
		  "", "a local pickup: the fields below it are the sender's" },
		{ "Received: from localhost (localhost [::1]) by y; 1 Jan 2026 "
		  "00:00:00 +0000\r\n\r\n", "", "loopback alone: none" },
		{ "From: a@b.example\r\nSubject: x\r\n\r\nReceived: from x "
		  "(x [192.0.2.1]) by y\r\n", "", "no Received field (one in "
		  "the body does not count): none" },
		{ "Received: from x (x [999.1.2.3]) by y; 1 Jan 2026 00:00:00 "
		  "+0000\r\n\r\n", "", "no address: none" },
		/* Postfix joins the words of "HELO [198.51.100.7] by x" and
		 * writes each parenthesis of a HELO name as '?' (issue 29,
		 * doc/security.md). */
		{ "Received: from [198.51.100.7] by x (unknown [203.0.113.9])\r\n"
		  "\tby games.example (Postfix) with ESMTP id 1; 1 Jan 2026 "
		  "00:00:00 +0000\r\n\r\n",
		  "203.0.113.0/24", "a HELO name with \" by \" in it names no "
		  "source" },
		{ "Received: from a by b (unknown [203.0.113.9]) by games.example "
		  "(Postfix); 1 Jan 2026 00:00:00 +0000\r\n\r\n",
		  "203.0.113.0/24", "a HELO name with \" by \" in it hides no "
		  "source" },
		{ "Received: from mx.example (mx.example [192.0.2.77]) (using "
		  "TLSv1.3 with cipher TLS_AES_256_GCM_SHA384 (256/256 bits))\r\n"
		  "\t(No client certificate requested)\r\n\tby games.example "
		  "(Postfix) with ESMTPS id 1; 1 Jan 2026 00:00:00 +0000\r\n\r\n",
		  "192.0.2.0/24", "Postfix's TLS groups before its \"by\"" },
		{ "Received: from [198.51.100.7] (mx.evil.example [203.0.113.9] "
		  "(may be forged))\r\n\tby games.example (8.17.1/8.17.1) with "
		  "ESMTP id 1AB; 1 Jan 2026 00:00:00 +0000\r\n\r\n",
		  "203.0.113.0/24", "Sendmail's \"(may be forged)\"" },
	};
	char out[64];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		mail_source_network(cases[i].raw, strlen(cases[i].raw), out,
		                    sizeof out);
		is_str(out, cases[i].want, "source: %s", cases[i].name);
	}
	mail_source_network("Received: from x (x [192.0.2.1]) by y\r\n\r\n",
	                    40, out, 8);
	is_str(out, "", "source: no room for the network: none");
}

int main(void)
{
	test_plain();
	test_gmail_reply();
	test_charsets();
	test_rfc2047();
	test_line_ends();
	test_mbox_from();
	test_flowed();
	test_html_only();
	test_bounce_and_autoreply();
	test_missing_and_garbage();
	test_limits();
	test_compose_injection();
	test_compose_round_trip();
	test_compose_attachment();
	test_compose_pinned();
	test_text_clean_modes();
	test_text_plain_blocks();
	test_text_clean_c1_bidi();
	test_html_entities_cleaned();
	test_helpers();
	test_arrival_dates();
	test_source_network();
	return tap_done();
}
