/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tfile.h - the tournament file (issue 17): SPOOL/tournaments/NAME, one
 * human-readable, versioned text file per tournament, like the game
 * files:
 *
 *   epamserv-tournament 1
 *   name: spring
 *   game: epaminondas
 *   organiser: alice
 *   format: roundrobin|swiss|knockout
 *   rounds: 1                          (round robin: cycles, 2 is a double
 *                                       round robin; Swiss: rounds;
 *                                       knockout: 1 while open, its
 *                                       rounds from the start)
 *   players: 3-10                      (the least and most players)
 *   start: 2026-12-10                  (the day sweep starts it, or -)
 *   options: -size=8x8 -time=7d        (the boards' options, "" none)
 *   created: 2026-12-01T12:00:00Z
 *   lot: 1234567890123                 (knockout: the lot drawn at create
 *                                       for the deciding games' colours)
 *   state: open|running|finished|cancelled
 *                                      (finished: written with the final
 *                                       table's mails, after the last game)
 *   player: USERID                     (in joining order while open; at
 *                                       start rewritten in pairing order,
 *                                       number 1 first)
 *   withdrawn: USERID TIME             (left after the start)
 *   board: ROUND WHITE BLACK NUMBER    (made at start, one a game; a
 *                                       Swiss round's when it is paired)
 *   bye: ROUND USERID                  (Swiss: the pairing-allocated bye;
 *                                       a knockout's byes are not
 *                                       written: the bracket gives them)
 *   told: USERID                       (sweep told the players the start
 *                                       day came with too few: once)
 *
 * The results are not in this file: each board's own game file holds
 * its result, so a game's end changes only its board (board.c) and the
 * tables are read from the boards (ttable.c).  The file is written only
 * in a transaction under the lock "next-GAME" of its game (which the
 * boards it makes need too), taken after "tournaments" (tf_lock).  Lock
 * order: a board's lock, then "tournaments", then "next-GAME" (a Swiss
 * round is paired holding the lock of the board whose end finished the
 * round before); nothing that holds "tournaments" or "next-GAME" waits
 * for a board's lock.
 */
#ifndef EPAM_SERVICES_TFILE_H
#define EPAM_SERVICES_TFILE_H

#include "spool/formats.h"

#include <stdio.h>
#include <stdint.h>
#include <time.h>

#define TF_MAGIC FORMAT_LINE("epamserv-tournament", FORMAT_TOURNAMENT)
#define TF_PLAYERS_MAX 20     /* most players a tournament takes (all
                                 its boards are made in one transaction) */
#define TF_DOUBLE_MAX 14      /* most in a double round robin (its
                                 crosstable within 72 columns) */
#define TF_BOARDS_MAX 4096    /* most board lines a file may hold */
#define TF_SWISS_ROUNDS_MAX 8 /* most Swiss rounds (crosstable width) */
#define TF_OPTIONS_MAX 512    /* bytes of the options line */

enum tf_state { TF_OPEN = 0, TF_RUNNING, TF_CANCELLED, TF_FINISHED };

struct tf_board {
	int round;
	char white[32], black[32];
	long number;
};

struct tf_player {
	char userid[32];
	time_t withdrawn;          /* 0 while he plays */
	int told;                  /* told of a start day with too few */
};

struct tfile {
	char name[24], game[16], organiser[32], format[16];
	int rounds, min_players, max_players;
	char start[16];            /* "YYYY-MM-DD" or "" */
	char options[TF_OPTIONS_MAX];
	time_t created;
	enum tf_state state;
	struct tf_player player[TF_PLAYERS_MAX];
	int nplayers;
	struct tf_board *boards;   /* malloc'ed, nboards of them */
	int nboards;
	char bye[TF_SWISS_ROUNDS_MAX + 1][32]; /* Swiss: bye[R] the player
	                              with round R's bye, "" none */
	uint64_t lot;              /* knockout: the lot (tny_ko_decider_white) */
};

/* Whether tf is a Swiss (else a round robin or a knockout). */
int tf_swiss(const struct tfile *tf);

/* Whether tf is a knockout. */
int tf_knockout(const struct tfile *tf);

/* The last round that has boards (0: none yet). */
int tf_paired(const struct tfile *tf);

/* "tournaments/NAME" (relative to the spool) into buf. */
void tf_path(const char *name, char *buf, size_t len);

/* Load tournament name (valid: util_tourney_name_ok).  0 with tf
 * filled (free with tf_free), 1 when there is none, -1 with *err
 * (malloc'ed) when the file cannot be read or is damaged. */
int tf_load(const char *spool, const char *name, struct tfile *tf,
            char **err);

/* The file's text (malloc'ed, caller frees). */
char *tf_format(const struct tfile *tf);

void tf_free(struct tfile *tf);

/* Index of userid among the players, or -1. */
int tf_player_index(const struct tfile *tf, const char *userid);

/* Append a board. */
void tf_add_board(struct tfile *tf, int round, const char *white,
                  const char *black, long number);

#endif
