/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_seeks.c - the seek file of an open challenge (issue 17,
 * src/spool/seeks.c): what seek_format writes seek_parse reads back,
 * every state; a file with a missing, unknown-valued or hostile line is
 * refused, and one with a later version's extra key still loads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spool/seeks.h"
#include "tap.h"

static struct seek sample(void)
{
	struct seek s;

	memset(&s, 0, sizeof s);
	snprintf(s.game, sizeof s.game, "epaminondas");
	s.board = 105;
	snprintf(s.seeker, sizeof s.seeker, "alice");
	s.color = 1;
	snprintf(s.options, sizeof s.options, "-size=8x8 -rated=no");
	s.rating_min = 1500;
	s.rating_max = 1800;
	s.created = 1796083200;
	s.expires = 1796083200 + 7 * 86400;
	s.state = SEEK_OPEN;
	return s;
}

static void test_round_trip(void)
{
	struct seek s = sample(), t;
	char *text, *err = NULL;
	int st;

	for (st = SEEK_OPEN; st <= SEEK_EXPIRED; st++) {
		s.state = (enum seek_state)st;
		if (st == SEEK_TAKEN)
			snprintf(s.taker, sizeof s.taker, "bob");
		s.closed = st == SEEK_OPEN ? 0 : s.created + 3600;
		text = seek_format(&s);
		ok(seek_parse(&t, text, "x", &err) == 0, "state %d parses: %s", st,
		   err ? err : "");
		free(err);
		err = NULL;
		is_str(t.seeker, "alice", "state %d: seeker", st);
		is_int(t.color, 1, "state %d: colour", st);
		is_str(t.options, "-size=8x8 -rated=no", "state %d: options", st);
		is_int(t.rating_min, 1500, "state %d: range low", st);
		is_int(t.rating_max, 1800, "state %d: range high", st);
		is_int((long)t.expires, (long)s.expires, "state %d: expiry", st);
		is_int(t.state, st, "state %d: state", st);
		is_int((long)t.closed, (long)s.closed, "state %d: closed", st);
		if (st == SEEK_TAKEN)
			is_str(t.taker, "bob", "taken: the taker");
		free(text);
	}
	s = sample();
	s.options[0] = '\0';
	s.rating_min = s.rating_max = -1;
	s.color = SEEK_RANDOM;
	text = seek_format(&s);
	ok(strstr(text, "\noptions:\n") && !strstr(text, "rating:"),
	   "no options and no range: an empty options line, no rating line");
	ok(seek_parse(&t, text, "x", &err) == 0 && t.options[0] == '\0' &&
	   t.rating_min == -1 && t.color == SEEK_RANDOM,
	   "and they read back so");
	free(err);
	free(text);
}

/* seek_parse of the sample's text with line from replaced by to (NULL:
 * removed): 0 or -1. */
static int parse_edited(const char *from, const char *to)
{
	struct seek s = sample(), t;
	char *text = seek_format(&s), *p, *err = NULL, buf[4096];
	int rc;

	p = strstr(text, from);
	if (!p) {
		free(text);
		return 99;
	}
	snprintf(buf, sizeof buf, "%.*s%s%s", (int)(p - text), text,
	         to ? to : "", p + strlen(from));
	rc = seek_parse(&t, buf, "x", &err);
	free(err);
	free(text);
	return rc;
}

static void test_refused(void)
{
	is_int(parse_edited("seeker: alice\n", NULL), -1, "no seeker: refused");
	is_int(parse_edited("seeker: alice\n", "seeker: Alice\n"), -1,
	       "an upper-case seeker: refused");
	is_int(parse_edited("seeker: alice\n", "seeker: ../x\n"), -1,
	       "a path as seeker: refused");
	is_int(parse_edited("color: black\n", "color: green\n"), -1,
	       "a bad colour: refused");
	is_int(parse_edited("rating: 1500-1800\n", "rating: 1800-1500\n"), -1,
	       "a reversed range: refused");
	is_int(parse_edited("rating: 1500-1800\n", "rating: 1500-1800x\n"), -1,
	       "a range with trailing text: refused");
	is_int(parse_edited("state: open\n", "state: taken\n"), -1,
	       "taken without a taker: refused");
	is_int(parse_edited("state: open\n", "state: lost\n"), -1,
	       "an unknown state: refused");
	is_int(parse_edited("game: epaminondas\n", "game: chess\n"), -1,
	       "an unknown game: refused");
	is_int(parse_edited("epamserv-seek 1\n", "epamserv-seek 9\n"), -1,
	       "another magic line: refused");
	is_int(parse_edited("state: open\n", "state: open\nlater-key: x\n"), 0,
	       "a later version's key is ignored");
}

int main(void)
{
	test_round_trip();
	test_refused();
	return tap_done();
}
