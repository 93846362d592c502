/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_threadid.c - our Message-IDs' kind, board and reply token
 * (src/services/threadid.h, issue 30): what threadid_base writes
 * threadid_parse reads back, IDs of the old form and of other shapes
 * name no kind, and threadid_find takes In-Reply-To's first and
 * References' last ID of ours.
 */
#include <stdio.h>
#include <string.h>

#include "services/threadid.h"
#include "tap.h"

#define DIGEST "0123456789abcdef0123456789abcdef"

/* threadid_parse of s (whole string). */
static int parse(const char *s, struct threadid *t)
{
	return threadid_parse(s, strlen(s), t);
}

static void test_round_trip(void)
{
	char base[160], id[200];
	struct threadid t;

	ok(threadid_base(base, sizeof base, DIGEST, 3, MAIL_KIND_BOARD,
	                 "epaminondas", 101, "k3f7x2ab7q4mz5ne") == 0,
	   "a board mail's base fits");
	is_str(base, "epamserv.0123456789abcdef.3.board.epaminondas.101."
	       "k3f7x2ab7q4mz5ne", "base: digest, count, kind, game, board, token");
	snprintf(id, sizeof id, "%s.abcdefghij@games.example", base);
	ok(parse(id, &t) == 1, "our ID parses");
	is_int(t.kind, MAIL_KIND_BOARD, "its kind");
	is_str(t.game, "epaminondas", "its game");
	is_int(t.board, 101, "its board");
	is_str(t.token, "k3f7x2ab7q4mz5ne", "its token");

	threadid_base(base, sizeof base, DIGEST, 0, MAIL_KIND_CHAT, "crossings",
	              7, NULL);
	snprintf(id, sizeof id, "%s.abcdefghij@d", base);
	ok(parse(id, &t) == 1 && t.kind == MAIL_KIND_CHAT && t.board == 7 &&
	   !t.token[0], "a mail without a token (an observer's chat)");
	threadid_base(base, sizeof base, DIGEST, 1, MAIL_KIND_MESSAGE, NULL, 0,
	              "ignored");
	is_str(base, "epamserv.0123456789abcdef.1.message",
	       "no board: kind alone, no token");
	snprintf(id, sizeof id, "%s.abcdefghij@d", base);
	ok(parse(id, &t) == 1 && t.kind == MAIL_KIND_MESSAGE && t.board == -1,
	   "a kind alone parses");
	threadid_base(base, sizeof base, DIGEST, 2, MAIL_KIND_NONE, "x", 1, "y");
	is_str(base, "epamserv.0123456789abcdef.2", "kind none: the old form");
	ok(threadid_base(base, 20, DIGEST, 2, MAIL_KIND_BOARD, "epaminondas",
	                 101, "k3f7x2ab7q4mz5ne") == -1, "too small a buffer: -1");
}

static void test_refused(void)
{
	static const char *const bad[] = {
		"epamserv.0123456789abcdef.3.abcdefghij@games.example", /* old */
		"epamserv.0123456789abcdef.3.spam.abcdefghij@d",       /* kind */
		"epamserv.0123456789abcdef.3.board.chess.101.abc.tag@d",
		"epamserv.0123456789abcdef.3.board.epaminondas.0101.abc.tag@d",
		"epamserv.0123456789abcdef.3.board.epaminondas.101.a-b.tag@d",
		"epamserv.0123456789abcdef.3.board.epaminondas.101.abc.tag",
		"epamserv.0123456789abcdef.3.board.epaminondas.101."
		"abcdefghijklmnopqrstuvwxyz.tag@d",                    /* long */
		"epamserv..3.board.tag@d",
		"other.0123456789abcdef.3.board.tag@d",
		"epamserv.0123456789abcdef.3.board.epaminondas.101.a.b.c@d",
		"",
	};
	struct threadid t;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ok(parse(bad[i], &t) == 0 && t.kind == MAIL_KIND_NONE &&
		   t.board == -1 && !t.token[0], "not ours with a kind: '%s'",
		   bad[i]);
}

static void test_find(void)
{
	struct threadid t;
	const char *refs = "<epaminondas.101@d> "
	    "<epamserv.0123456789abcdef.0.board.epaminondas.101.aaaa.tag@d>\r\n "
	    "<x@y> <epamserv.0123456789abcdef.1.chat.epaminondas.101.bbbb.tag@d>"
	    " <z@y>";

	ok(threadid_find(refs, 0, &t) == 1 && strcmp(t.token, "aaaa") == 0,
	   "the first of ours");
	ok(threadid_find(refs, 1, &t) == 1 && strcmp(t.token, "bbbb") == 0 &&
	   t.kind == MAIL_KIND_CHAT, "the last of ours");
	ok(threadid_find("<a@b> <c@d>", 1, &t) == 0 && t.kind == MAIL_KIND_NONE,
	   "none of ours");
	ok(threadid_find("<epamserv.0123456789abcdef.0.board.tag@d", 0, &t) == 0,
	   "an unclosed <");
}

int main(void)
{
	test_round_trip();
	test_refused();
	test_find();
	return tap_done();
}
