/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * board.h - one board locked and loaded for a change, and its save
 * (board.c): for a player's command (commands/board/board.c opens it
 * with the password check), the sweep, admin and a robot's turn.
 */
#ifndef EPAM_SERVICES_BOARD_H
#define EPAM_SERVICES_BOARD_H

#include "game/game.h"
#include "services/headline.h"
#include "services/svc.h"
#include "spool/lock.h"
#include "util/buf.h"

/* A board opened for a change (board.c; a player's: board_open). */
struct board_ctx {
	struct game g;
	struct lock l;
	char key[64];           /* lock key "board-GAME-NNN" */
	char userid[32];        /* the authenticated player, lower-case */
	int loaded;             /* g holds a game (free with board_close) */
	enum game_state was;    /* state when opened: a game that finishes
	                           now gets its result record and ratings */
};

/* Lock board of game and load it, with no player check, for the event
 * s serves (the sweep, admin, a robot).  CMD_DONE with b open (userid
 * "", close with board_close), CMD_REFUSED when board has no game file
 * (nothing said: board_missing_words has the words) or CMD_TEMPFAIL
 * (logged); on anything but CMD_DONE b needs no board_close. */
enum cmd_status board_lock(struct svc *s, const char *game, long board,
                           struct board_ctx *b);

/* Commit b's game for the event s serves: the game file, the result
 * record and ratings when the game has just finished, the board mail
 * (headline; s->comment relayed as the words of b->userid) to both
 * players, a tournament's table, and the event's processed record.
 * CMD_DONE or CMD_TEMPFAIL. */
enum cmd_status board_save(struct svc *s, struct board_ctx *b,
                           const char *headline);

/* board_save with the headline h (headline.h, borrowed): each reader's
 * board mail and notice says it in his language (issue 32).  h is
 * still the caller's to free. */
enum cmd_status board_save_said(struct svc *s, struct board_ctx *b,
                                struct headline *h);

/* Commit b's game file for the event s serves with a board mail of
 * shown (b's game or a copy) to the address to only, subject
 * "Epaminondas Board 101: WHAT": for changes the other player must not
 * hear of.  The players' reply tokens stay as they are.  CMD_DONE or
 * CMD_TEMPFAIL. */
enum cmd_status board_save_to(struct svc *s, struct board_ctx *b,
                              const char *to, const struct game *shown,
                              const char *headline, const char *what);

/* Release b's lock and free its game (harmless on a b not open). */
void board_close(struct board_ctx *b);

/* Why board of game cannot be had, appended to out: "there is no GAME
 * board N", or what became of the seek that took the number.  The words
 * of cmd_no_board's refusal (commands/games/show.c) and of admin
 * result. */
void board_missing_words(const struct svc *s, const char *game, long board,
                         struct buf *out);

#endif
