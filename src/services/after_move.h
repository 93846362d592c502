/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * after_move.h - what runs on a board after every move (after_move.c):
 * the conditional lines' answers and the queued move, for the move
 * commands and a robot's turn alike.
 */
#ifndef EPAM_SERVICES_AFTER_MOVE_H
#define EPAM_SERVICES_AFTER_MOVE_H

#include <stddef.h>

#include "game/game.h"
#include "services/headline.h"
#include "services/svc.h"
#include "util/buf.h"

/* The line text of l for a mail ("e3-e4 e11-e10 ..."). */
#define COND_TEXT_MAX (GAME_COND_PLIES * (EP_MOVE_TEXT_MAX + 2))

/* A fresh game in out replaying the first n moves of g (n <=
 * g->nmoves); free out with game_free (preview, show, analyse and the
 * conditional lines' check). */
void preview_rewind(const struct game *g, size_t n, struct game *out);

/* Check line l of side (not to move on g) on a replay of g, move by move:
 * every step legal; an own step (odd index) that loses at once only when
 * marked; no step after the game would be over.  On success the plies
 * are made canonical in l and -1 is returned; else the index of the bad
 * ply, with why (len bytes) in words for the owner. */
int cond_check(const struct game *g, struct game_cond *l, char *why,
               size_t len);

/* Append to b the lines of side on g, one an indented line each. */
void cond_list(const struct game *g, int side, struct buf *b);

/* After a move on g: play the queued move of the side now to move, if
 * any and legal, or drop it; a game that is over drops every pending
 * move.  What happened is appended to head (headline.h: "bob's queued
 * move e11-e10 was played."). */
void pending_after_move(struct svc *s, struct game *g,
                        struct headline *head);

/* After a move on g (called by pending_after_move): with
 * check_mover, the lines the mover stored before it are checked from the
 * position now (each step legal, an own step that loses at once only
 * when marked "!"; the others dropped); then the lines of the side now
 * to move are stepped: those whose next opponent's move is the move just
 * played give their answer, played when it is legal and does not lose
 * at once (or was marked "!"), the lines moving on by two plies; every
 * other line of that side is dropped.  A game that is over drops every
 * line.  What the board mail may tell everyone is appended to head
 * (never a move of a line not played); what only a line's owner may
 * read goes to s->bm.side_note[owner].  Returns 1 when an answer was
 * played (the side to move changed), else 0. */
int cond_after_move(struct svc *s, struct game *g, struct headline *head,
                    int check_mover);

#endif
