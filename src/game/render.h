/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * render.h - the board drawn in text for mails and tools.
 */
#ifndef EPAM_RENDER_H
#define EPAM_RENDER_H

#include "game/game.h"

/* The letters of the pieces on the text boards (set USERID PASSWORD
 * board letters wb|ws; issue 32): W and B, or W and S (Weiss, Schwarz)
 * for German players; the values are those of enum user_letters
 * (spool/users.h).  The notation and the HTML board do not change. */
enum render_letters { RENDER_LETTERS_WB = 0, RENDER_LETTERS_WS = 1 };

/* The ASCII board of g (malloc'ed, caller frees): file letters and rank
 * numbers on all four sides, W and B for pieces, '.' for empty squares,
 * '#' for blocks, the squares of the last move in [brackets].  With
 * black_down the board is turned so Black's home row is at the bottom. */
char *render_board(const struct game *g, int black_down);

/* render_board with the pieces' letters as letters says (S for Black
 * with RENDER_LETTERS_WS). */
char *render_board_letters(const struct game *g, int black_down,
                           enum render_letters letters);

/* The compact board of g (malloc'ed, caller frees): two characters a
 * square (a blank, or '*' for a square of the last move, then W, B (S
 * with RENDER_LETTERS_WS), '.' or '#'), rank numbers on the left only,
 * file letters below only; at most 3 + 2 * width columns (31 for
 * 14x12). */
char *render_board_compact(const struct game *g, int black_down,
                           enum render_letters letters);

/* The same board as an HTML table for mail clients (malloc'ed, caller
 * frees; render_html.c): inline styles only, no classes, images or
 * scripts, fixed colours that read the same in light and dark mode; files
 * and ranks on all four sides; each square a <td> whose text is W, B, #
 * or empty.  Pieces are round stones; the last move's start and end are
 * amber (title "last move (from)" / "last move (to)"), squares it
 * captured red (title "captured"), and while a crossing is pending the
 * intruders on the mover's home row have a red ring (title "intruder").
 * 14 files fit a 320 pixel screen: squares are 19 pixels. */
char *render_board_html(const struct game *g, int black_down);

/* Which marks g's HTML board shows: RENDER_MARK_* bits. */
#define RENDER_MARK_LAST     1
#define RENDER_MARK_CAPTURED 2
#define RENDER_MARK_INTRUDER 4
int render_board_marks(const struct game *g);

/* The legend for the HTML board of g (malloc'ed; aria-hidden: the picture
 * is one image to a screen reader): a sample of each stone
 * and of each mark the board shows, nothing else; inline styles only. */
char *render_legend_html(const struct game *g);

/* Internal to render*.c: the tail and destination (file, rank, 0-based)
 * of g's last move, -1 when there is none; and rank number n in decimal
 * (with a leading blank below 10 when pad) appended to b. */
struct buf;
void render_last_move(const struct game *g, int sq[2][2]);
void render_put_rank(struct buf *b, int n, int pad);

/* The forms of the text board a player may ask for (set USERID PASSWORD
 * board wide|compact|list); the values are those of enum user_board
 * (spool/users.h). */
enum render_form { RENDER_WIDE = 0, RENDER_COMPACT = 1, RENDER_LIST = 2 };

/* The board of g in words for screen readers (render_words.c; malloc'ed,
 * caller frees): one sentence a line, no drawing.  The size and which
 * rank is whose home row; each side's pieces by square ("White (alice),
 * 28 pieces: a1 to n1; a2 to n2."; runs of three or more on a rank as
 * "a1 to c1"), its crossed pieces; blocked squares; the last move, its
 * group (a piece, or a phalanx and its squares), how far it went, what
 * it captured (count and squares) and whether it was a crossing; while
 * the game is played, what the side to move can capture and the
 * crossings it can make now, and what the other side could capture or
 * cross if it were its move (the threat); last, "Position to copy:" and
 * on the next line, indented by two blanks, the position notation of
 * RULES.md section 7. */
char *render_board_words(const struct game *g);

/* render_board, render_board_compact or render_board_words as form says
 * (malloc'ed, caller frees; black_down and letters are ignored by the
 * words). */
char *render_board_form(const struct game *g, enum render_form form,
                        int black_down, enum render_letters letters);

/* The move list "   1. e2-e4       2. f11-f9\n   3. ...", numbered in
 * plies (malloc'ed). */
char *render_moves(const struct game *g);

#endif
