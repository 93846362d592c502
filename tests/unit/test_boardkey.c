/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_boardkey.c - the board a waiting mail's subject names
 * (src/pipeline/boardkey.h), which keeps a board's mails in one batch
 * worker: a key only for a plain move command, no key (a barrier) for
 * anything the scan cannot be sure of.
 */
#include <stdlib.h>
#include <string.h>

#include "mail/mail.h"
#include "pipeline/boardkey.h"
#include "tap.h"

/* The key of the mail text m ("" for none). */
static const char *key(const char *m)
{
	static char k[BOARDKEY_MAX];

	boardkey_of(m, strlen(m), k);
	return k;
}

/* The subject the parser reads in m, or "(none)". */
static const char *parsed_subject(const char *m)
{
	static char s[256];
	struct mail_in in;
	char *err = NULL;

	strcpy(s, "(none)");
	if (mail_parse(m, strlen(m), &in, &err) < 0) {
		free(err);
		return "(error)";
	}
	if (in.subject)
		snprintf(s, sizeof s, "%s", in.subject);
	mail_in_free(&in);
	return s;
}

/* A lone CR is a line end to the parser: "\r\r" ends its header
 * section, and the line after it is the body's first, the command (of
 * board 7 here), while the Subject line further down names board 101.
 * Such a mail is a barrier, or the worker of board 101 would move on
 * board 7 beside board 7's worker, out of its order. */
static void lone_cr(void)
{
	static const char m[] = "From: a@b\nX-A: b\r\repaminondas move 7 "
	                        "alice pw a1-a2\nSubject: epaminondas move 101 "
	                        "alice pw e1-e2\n\nbody\n";

	is_str(parsed_subject(m), "(none)",
	       "the parser sees the header section end at the lone CRs");
	is_str(key(m), "", "lone CRs in the headers: no key");
	is_str(key("Subject: epaminondas move 101 a b c\r\r\n\n"), "",
	       "a CR CR LF line end: no key");
	is_str(key("X-A: b\rc\nSubject: epaminondas move 101 a b c\n\n"), "",
	       "a lone CR in another field: no key");
}

/* The parser reads a NUL as a blank, and a blank may stand before a
 * field's colon: "Subject\0:" is the first Subject to it (board 7),
 * which it takes, while the scan saw only the second (board 101). */
static void nul(void)
{
	static const char m[] = "Subject\0: epaminondas move 7 alice pw "
	                        "a1-a2\nSubject: epaminondas move 101 alice pw "
	                        "e1-e2\n\nbody\n";
	static char k[BOARDKEY_MAX];
	struct mail_in in;
	char *err = NULL;

	if (mail_parse(m, sizeof m - 1, &in, &err) == 0) {
		is_str(in.subject ? in.subject : "(none)",
		       "epaminondas move 7 alice pw a1-a2",
		       "the parser takes \"Subject\\0:\" for the Subject");
		mail_in_free(&in);
	} else {
		ok(0, "the mail with a NUL parses");
		free(err);
	}
	boardkey_of(m, sizeof m - 1, k);
	is_str(k, "", "a NUL in the header section: no key");
}

int main(void)
{
	lone_cr();
	nul();
	is_str(key("From: a@b\nSubject: epaminondas move 101 alice pw "
	           "e1-e2#1\n\nbody\n"), "epaminondas-101", "a move command");
	is_str(key("Subject: Epaminondas MOVE 7 alice pw e1-e2\r\n\r\n"),
	       "epaminondas-7", "any case, CRLF lines");
	is_str(key("Subject: Re: crossings zug 12 bob pw a1-a2\n\n"),
	       "crossings-12", "a reply prefix and the German verb");
	is_str(key("Subject:\n epaminondas move 55 alice pw a1-a2\n\n"),
	       "epaminondas-55", "a folded subject");
	is_str(key("Subject : epaminondas move 56 alice pw a1-a2\n\n"),
	       "epaminondas-56", "blanks before the colon");
	is_str(key("Subject: epaminondas challenge bob\n\n"), "",
	       "a challenge: no key");
	is_str(key("Subject: epaminondas accept 101 bob pw\n\n"), "",
	       "an accept: no key");
	is_str(key("Subject: change password alice a b\n\n"), "",
	       "an account command: no key");
	is_str(key("Subject: Re: Epaminondas Board 101 bob "
	           "[#abcdefgh23456789]\n\nmove e1-e2\n"), "",
	       "a reply to a board mail (command in the body): no key");
	is_str(key("Subject: epaminondas move 101 alice pw e1 [#abcdefgh234]"
	           "\n\n"), "", "a reply token in the subject: no key");
	is_str(key("Subject: =?utf-8?q?epaminondas_move_101?=\n\n"), "",
	       "an encoded word: no key");
	is_str(key("Subject: epaminondas move 101 alice p\xc3\xa4ss\n\n"), "",
	       "an eight-bit byte: no key");
	is_str(key("Subject: epaminondas move 101 a b c\nSubject: help\n\n"),
	       "", "two subjects: no key");
	is_str(key("Subject: epaminondas move 0101 a b c\n\n"), "",
	       "a board number with a leading zero: no key");
	is_str(key("Subject: epaminondas move 1234567890 a b c\n\n"), "",
	       "a board number too long: no key");
	is_str(key("Subject: chess move 101 a b c\n\n"), "",
	       "no game of ours: no key");
	is_str(key("Subject: epaminondas move 101 a b c\n"), "",
	       "headers that do not end: no key");
	is_str(key("From: a@b\n\nSubject: epaminondas move 101 a b c\n"), "",
	       "a subject line in the body: no key");
	is_str(key("Subjects: epaminondas move 101 a b c\n\n"), "",
	       "another field: no key");
	return tap_done();
}
