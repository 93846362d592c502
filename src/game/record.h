/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * record.h - game records (issue 18): a PGN-like text record and a JSON
 * record after AbstractPlay's "AP Game Record" schema 1-0-0, written from
 * a struct game, and read back and replayed under the rules.
 *
 * The text record (record.c; epamserv(1), RECORDS):
 *
 *   [Event "epaminondas board 101"]      (tournament: "tournament NAME")
 *   [Site "epamserv at example.org"]
 *   [Date "2026.11.30"]                  (the start, UTC, PGN's form)
 *   [Round "2"]                          (tournament boards only)
 *   [White "alice"]
 *   [Black "bob"]
 *   [Result "1-0"]                       (1-0, 0-1, 1/2-1/2, * running)
 *   [Termination "rules"]                (rules, resign, draw agreed,
 *                                         time forfeit, award,
 *                                         adjudicated draw, unterminated)
 *   [Reason "black has no legal move"]   (finished games)
 *   [Variant "epaminondas"]              (the game: epaminondas|crossings)
 *   [Options "-size=14x12 ..."]          (every option, ep_options_format)
 *   [TimeControl "7d+2d/14d"]            ("-": pbmserv's days rule)
 *   [Tournament "spring"]                (tournament boards only)
 *   [Board "101"]
 *   [StartTime "2026-11-30T05:48:00Z"]
 *   [EndTime "2026-12-01T10:00:00Z"]     (finished games)
 *   [Rated "no"]                         (only for -rated=no)
 *   [Position "14x12 .../... b"]         (the final position, RULES.md 7)
 *
 *   1. e1-e3 2. e12-e10 {a comment} 3. ...
 *   1-0
 *
 * Tag values are in double quotes, '\' and '"' escaped by '\'.  Moves
 * are numbered in plies (SPEC section 9), in RULES.md's notation; a
 * comment in braces follows the move its mail made, only when both
 * players publish comments ('\' escapes '\', '{' and '}' in it, white
 * space runs are one blank).  The last token is the result again.
 *
 * Nothing here does I/O: the caller reads files and user settings.
 */
#ifndef EPAM_RECORD_H
#define EPAM_RECORD_H

#include <stddef.h>
#include <time.h>

#include "game/game.h"

/* What a record says besides the game file (the caller finds it). */
struct record_meta {
	const char *site;    /* the service's name, "epamserv at DOMAIN" */
	time_t generated;    /* now (JSON date-generated) */
	int comments;        /* 1: both players publish comments */
	int is_ai[2];        /* White, Black: a robot account (issue 16) */
	char rating[2][32];  /* White, Black: the rating after the game as
	                        mailed, with its deviation or "?" (issue 34:
	                        "1707 ± 91", "1580?", "1616"); "" when the
	                        game was not rated */
};

/* The largest record replay reads (bytes): far above what a game of
 * GAME_MAX_PLIES plies with every comment makes. */
#define RECORD_MAX_BYTES (8u << 20)

/* Whether g has a record: 0, or -1 with err (len bytes) for a
 * challenge not started or cancelled ("board 101 never started: ..."). */
int record_available(const struct game *g, char *err, size_t len);

/* The text record of g (malloc'ed, caller frees).  g has a record
 * (record_available).  A running game gets Result "*", Termination
 * "unterminated", no Reason or EndTime. */
char *record_text(const struct game *g, const struct record_meta *m);

/* The JSON record of a FINISHED g (malloc'ed, one line and a newline,
 * caller frees), or NULL with err (len bytes) when g is not finished:
 * the schema requires date-end ("records are for finished games"), so a
 * running game has none.  Documented in epamserv(1), RECORDS: which
 * optional fields are left out and why. */
char *record_json(const struct game *g, const struct record_meta *m,
                  char *err, size_t len);

/* Where a game ended for the record: "rules" (the moves ended it, RULES.md
 * sections 3, 5, 6, 8), "resign", "draw agreed", "time forfeit", "award",
 * "adjudicated draw", or "unterminated" (g still running). */
const char *record_termination(const struct game *g);

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *record_result(const struct game *g);

/* A record read back (record_read.c), before it is replayed. */
struct record_in {
	int json;                     /* 1: read as JSON */
	char game[16];                /* "epaminondas" or "crossings" */
	char options[EP_OPTIONS_MAX]; /* option words, "" for the defaults */
	char white[32], black[32];
	char result[8];               /* "1-0", "0-1", "1/2-1/2", "*" */
	char termination[24];         /* as record_termination */
	char position[EP_POSITION_MAX];  /* the stated final position, or "" */
	char **moves;                 /* malloc'ed, nmoves of them */
	size_t nmoves;
};

/* Read a record (text, or JSON when its first non-blank byte is '{'),
 * untrusted: at most RECORD_MAX_BYTES of text[0..len) are looked at (a
 * longer one is refused), at most GAME_MAX_PLIES moves.  Returns 0 (free
 * r with record_in_free), or -1 with err (len bytes) saying what is
 * wrong and where; r then holds nothing. */
int record_read(const char *text, size_t len, struct record_in *r,
                char *err, size_t errlen);

void record_in_free(struct record_in *r);

/* Replay r into g (a new game: game_new, every move under the rules,
 * then the end the termination names), and check that the stated result,
 * termination and final position agree with the replay.  Returns 0 (free
 * g with game_free), or -1 with err: an unknown game or option, an
 * illegal move (which, and why), moves after the game ended, or a result
 * that disagrees ("the record says 1-0 but the replay ends 0-1 (...)");
 * g then holds nothing. */
int record_replay(const struct record_in *r, struct game *g, char *err,
                  size_t errlen);

/* Internal to record*.c: the start and end of g (seconds since the
 * epoch; end 0 while running), and the variants of g as AbstractPlay
 * lists them: the option words of g that differ from its game's
 * defaults, blank-separated, into buf ("" for none). */
time_t record_start_time(const struct game *g);
time_t record_end_time(const struct game *g);
void record_variants(const struct game *g, char *buf, size_t len);

#endif
