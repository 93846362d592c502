/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_record.c - game records (issue 18, game/record.h): a game written
 * as a text and a JSON record reads back and replays to the same
 * position and result; comments only when allowed; the game file keeps
 * a move's comment (version 7); and the readers survive garbage: random
 * bytes, every prefix of a record, mutated records, deep nesting.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "game/record.h"
#include "util/jsonread.h"
#include "tap.h"

static const char *const rep[] = {
	"a2-a3", "a7-a6", "a3-a2", "a6-a7", "a2-a3", "a7-a6", "a3-a2", "a6-a7"
};

/* An 8x8 game Black loses by a third repetition (RULES.md 5). */
static void repetition_game(struct game *g)
{
	struct ep_options o;
	char err[256];
	size_t i;

	ep_options_default(&o, "epaminondas", err, sizeof err);
	ep_options_apply(&o, "-size=8x8", err, sizeof err);
	game_new(g, "epaminondas", 103, &o, "alice", "bob", 1796083200);
	for (i = 0; i < sizeof rep / sizeof rep[0]; i++)
		if (game_play(g, rep[i], 1796083200 + 60 * (long)i, NULL, err,
		              sizeof err) < 0)
			printf("# %s: %s\n", rep[i], err);
	game_move_comment(g, "  well {played}\n\\ ");
}

static void check_round_trip(const struct game *g, const char *text,
                             const char *what)
{
	struct record_in r;
	struct game back;
	char err[2048], a[EP_POSITION_MAX], b[EP_POSITION_MAX];

	if (record_read(text, strlen(text), &r, err, sizeof err) < 0) {
		ok(0, "%s reads back: %s", what, err);
		return;
	}
	ok(1, "%s reads back", what);
	if (record_replay(&r, &back, err, sizeof err) < 0) {
		ok(0, "%s replays: %s", what, err);
		record_in_free(&r);
		return;
	}
	ep_position_format(&g->pos, a);
	ep_position_format(&back.pos, b);
	is_str(b, a, "%s: the replay reaches the game's position", what);
	is_str(record_result(&back), record_result(g),
	       "%s: the replay's result is the game's", what);
	is_int(back.nmoves, g->nmoves, "%s: every move replayed", what);
	game_free(&back);
	record_in_free(&r);
}

/* record_text of g and m, kept until the next call (for a check). */
static const char *text_of(const struct game *g, const struct record_meta *m)
{
	static char *last;

	free(last);
	last = record_text(g, m);
	return last;
}

static void test_round_trips(void)
{
	struct game g;
	struct record_meta m = { "epamserv at games.example", 1796090000, 0,
	                         { 0, 0 }, { "", "" } };
	char err[256], *text, *json, *p;

	repetition_game(&g);
	ok(g.state == GAME_FINISHED && g.result == EP_WHITE_WINS,
	   "the repetition game is over, White won");
	text = record_text(&g, &m);
	ok(strstr(text, "[Result \"1-0\"]") && strstr(text, "[Termination "
	   "\"rules\"]") && strstr(text, "1. a2-a3 2. a7-a6"),
	   "the text record has its tags and plies");
	ok(!strstr(text, "played"), "no comment unless both players allow it");
	check_round_trip(&g, text, "the text record");
	free(text);
	m.comments = 1;
	text = record_text(&g, &m);
	check_round_trip(&g, text, "the text record with a comment");
	for (p = text; *p; p++)
		if (*p == '\n')
			*p = ' ';
	ok(strstr(text, "8. a6-a7 {well \\{played\\} \\\\} 1-0") != NULL,
	   "the comment, escaped and trimmed, after its move when allowed");
	free(text);
	json = record_json(&g, &m, err, sizeof err);
	ok(json && strncmp(json, "{\"header\":{\"game\":{\"name\":\"Epaminondas\","
	   "\"variants\":[\"-size=8x8\"]}", 60) == 0,
	   "the JSON record starts with the game and its variant");
	if (json)
		check_round_trip(&g, json, "the JSON record");
	free(json);
	/* The ratings after the game (issue 34), as the record command
	 * and export fill them in from the result record. */
	ok(!strstr(text_of(&g, &m), "Rating"), "no rating tag for a game "
	   "the meta says nothing about");
	snprintf(m.rating[0], sizeof m.rating[0], "1707 \xc2\xb1 91");
	snprintf(m.rating[1], sizeof m.rating[1], "1493?");
	text = record_text(&g, &m);
	ok(strstr(text, "[Black \"") &&
	   strstr(text, "[WhiteRating \"1707 \xc2\xb1 91\"]\n[BlackRating "
	          "\"1493?\"]\n"),
	   "the text record gives each rating with its deviation or ?");
	check_round_trip(&g, text, "the text record with ratings");
	free(text);
	json = record_json(&g, &m, err, sizeof err);
	ok(json && strstr(json, "\"rating\":\"1707 \xc2\xb1 91\"") &&
	   strstr(json, "\"rating\":\"1493?\""),
	   "the JSON record's players carry their ratings");
	if (json)
		check_round_trip(&g, json, "the JSON record with ratings");
	free(json);
	game_free(&g);
}

static void test_running_and_lies(void)
{
	struct game g;
	struct record_meta m = { "s", 0, 0, { 0, 0 }, { "", "" } };
	struct record_in r;
	struct game back;
	char err[1024], *text, *p;
	struct ep_options o;

	ep_options_default(&o, "epaminondas", err, sizeof err);
	game_new(&g, "epaminondas", 101, &o, "alice", "bob", 1796083200);
	game_play(&g, "e1-e3", 1796083300, NULL, err, sizeof err);
	ok(record_json(&g, &m, err, sizeof err) == NULL &&
	   strstr(err, "finished games only"), "no JSON record of a running game");
	text = record_text(&g, &m);
	ok(strstr(text, "[Result \"*\"]") && strstr(text, "1. e1-e3 *"),
	   "a running game's text record ends with *");
	check_round_trip(&g, text, "a running game's record");
	/* A lie: the result changed. */
	p = strstr(text, "1. e1-e3 *");
	p[9] = 'X';
	ok(record_read(text, strlen(text), &r, err, sizeof err) < 0,
	   "a move text without its result is refused (%s)", err);
	p[9] = '*';
	p = strstr(text, "e1-e3 *");
	memcpy(p, "e1-e9", 5);
	ok(record_read(text, strlen(text), &r, err, sizeof err) == 0 &&
	   record_replay(&r, &back, err, sizeof err) < 0 &&
	   strstr(err, "move 1 (e1-e9) is not legal"),
	   "an illegal move is refused, named: %s", err);
	record_in_free(&r);
	free(text);
	game_end(&g, GAME_END_RESIGN, "bob", 1796083400);
	text = record_text(&g, &m);
	p = strstr(text, "[Result \"1-0\"]");
	ok(p != NULL, "bob resigned: 1-0");
	memcpy(p, "[Result \"0-1\"]", 14);
	p = strstr(text, "e1-e3 1-0");
	memcpy(p + 6, "0-1", 3);
	ok(record_read(text, strlen(text), &r, err, sizeof err) == 0 &&
	   record_replay(&r, &back, err, sizeof err) == 0 &&
	   strcmp(record_result(&back), "0-1") == 0,
	   "a resignation is not in the moves: the record decides who resigned");
	game_free(&back);
	record_in_free(&r);
	free(text);
	game_free(&g);
}

static void test_gamefile_comment(void)
{
	struct game g, back;
	char *file, *err = NULL;

	repetition_game(&g);
	file = game_format(&g);
	ok(strncmp(file, "epamserv-game 7\n", 16) == 0,
	   "a game file with a comment is version 7");
	ok(strstr(file, "comment: 8 well {played}\\n\\\\\n") != NULL,
	   "the comment line escapes the line break and the backslash");
	ok(game_parse(&back, file, "t", &err) == 0 && back.moves[7].comment &&
	   strcmp(back.moves[7].comment, "well {played}\n\\") == 0,
	   "the comment reads back as it was: %s", err ? err : "");
	free(err);
	game_free(&back);
	free(file);
	free(g.moves[7].comment);
	g.moves[7].comment = NULL;
	file = game_format(&g);
	ok(strncmp(file, "epamserv-game 6\n", 16) == 0,
	   "a game file without comments stays version 6");
	free(file);
	{
		char big[GAME_COMMENT_MAX * 2];
		size_t i;
		/* "\xc3\xa9" (e acute) repeated, starting one byte off: the
		 * cut may not split a character. */
		big[0] = 'x';
		for (i = 1; i + 2 < sizeof big; i += 2)
			memcpy(big + i, "\xc3\xa9", 2);
		big[i] = '\0';
		game_move_comment(&g, big);
		ok(g.moves[7].comment && strlen(g.moves[7].comment) <=
		   GAME_COMMENT_MAX && strlen(g.moves[7].comment) >=
		   GAME_COMMENT_MAX - 1 &&
		   (unsigned char)g.moves[7].comment[strlen(g.moves[7].comment) -
		                                     1] == 0xa9,
		   "a long comment is cut to GAME_COMMENT_MAX bytes, between "
		   "characters");
	}
	game_free(&g);
}

static unsigned long rnd_state = 12345;
static unsigned rnd(void)
{
	rnd_state = rnd_state * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)(rnd_state >> 33);
}

/* record_read and, when it accepts, record_replay on text[0..len). */
static int survives(const char *text, size_t len)
{
	struct record_in r;
	struct game g;
	char err[2048];

	if (record_read(text, len, &r, err, sizeof err) == 0) {
		if (record_replay(&r, &g, err, sizeof err) == 0)
			game_free(&g);
		record_in_free(&r);
		return 1;
	}
	return err[0] != '\0';
}

static void test_garbage(void)
{
	struct game g;
	struct record_meta m = { "s", 0, 1, { 0, 0 }, { "", "" } };
	char *rec[2], buf[4096], err[128];
	struct jv *v;
	int fine = 1, k, i;
	size_t n;

	for (i = 0; i < 3000 && fine; i++) {
		n = rnd() % sizeof buf;
		for (size_t j = 0; j < n; j++)
			buf[j] = (char)(i % 3 == 0 ? "{}[]\":,0-1 ae\\\n"[rnd() % 16]
			                           : (char)rnd());
		if (i % 5 == 0 && n)
			buf[0] = '[';
		fine = survives(buf, n);
	}
	ok(fine, "random bytes are refused or read, never a crash");
	repetition_game(&g);
	rec[0] = record_text(&g, &m);
	rec[1] = record_json(&g, &m, err, sizeof err);
	for (k = 0; k < 2; k++) {
		size_t len = strlen(rec[k]);
		int refused = 1;
		for (n = 0; n < len; n++) {
			struct record_in r;
			char e[1024];
			fine = fine && survives(rec[k], n);
			/* The JSON record is one value: each prefix short of its
			 * final newline is cut. */
			if (k == 1 && n + 1 < len && record_read(rec[k], n, &r, e, sizeof e) == 0) {
				refused = 0;
				record_in_free(&r);
			}
		}
		for (i = 0; i < 2000; i++) {
			char *copy = strdup(rec[k]);
			int flips = 1 + (int)(rnd() % 4);
			while (flips--)
				copy[rnd() % len] = (char)rnd();
			fine = fine && survives(copy, len);
			free(copy);
		}
		ok(fine, "%s record: every prefix and 2000 mutations are refused "
		   "or read, never a crash", k ? "the JSON" : "the text");
		if (k == 1)
			ok(refused, "no prefix of the JSON record is a record");
		free(rec[k]);
	}
	game_free(&g);
	memset(buf, '[', 200);
	ok(jv_parse(buf, 200, &v, err, sizeof err) < 0 && strstr(err, "deep"),
	   "JSON nested 200 deep is refused: %s", err);
	ok(jv_parse("\"a\\u0000b\"", 10, &v, err, sizeof err) < 0,
	   "a \\u0000 in a JSON string is refused");
	ok(jv_parse("{\"a\":[1,2.5,true,null,\"\\ud83d\\ude00\"]}", 38, &v, err,
	            sizeof err) == 0 && v && jv_get(v, "a")->n == 5 &&
	   strcmp(jv_get(v, "a")->item[4].str, "\xf0\x9f\x98\x80") == 0,
	   "valid JSON reads, a surrogate pair as one UTF-8 character");
	jv_free(v);
}

/* A tournament board's record names the event and round (text: Event,
 * Round, Tournament; JSON: event and round together); a time control
 * and -rated=no are said. */
static void test_tournament_tags(void)
{
	struct game g;
	struct record_meta m = { "s", 1796090000, 0, { 0, 1 }, { "", "" } };
	char err[256], *text, *json;

	repetition_game(&g);
	snprintf(g.tourney, sizeof g.tourney, "spring");
	g.tourney_round = 2;
	g.unrated = 1;
	tc_parse(&g.tc, "7d+2d/14d", err, sizeof err);
	text = record_text(&g, &m);
	ok(strstr(text, "[Event \"tournament spring\"]\n[Site \"s\"]\n"
	              "[Date \"2026.12.01\"]\n[Round \"2\"]\n") &&
	   strstr(text, "[TimeControl \"7d+2d/14d\"]\n[Tournament \"spring\"]\n") &&
	   strstr(text, "[Rated \"no\"]\n"),
	   "a tournament board: Event, Round, Tournament, TimeControl, Rated");
	json = record_json(&g, &m, err, sizeof err);
	ok(json && strstr(json, "\"event\":\"spring\",\"round\":\"2\"") &&
	   strstr(json, "\"unrated\":true") &&
	   strstr(json, "{\"name\":\"bob\",\"userid\":\"bob\",\"result\":0,"
	                "\"is_ai\":true}"),
	   "JSON: event and round, unrated, a robot's is_ai");
	free(text);
	free(json);
	game_free(&g);
}

int main(void)
{
	test_round_trips();
	test_tournament_tags();
	test_running_and_lies();
	test_gamefile_comment();
	test_garbage();
	return tap_done();
}
