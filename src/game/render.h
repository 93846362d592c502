/*
 * render.h - the board drawn in text for mails and tools.
 */
#ifndef EPAM_RENDER_H
#define EPAM_RENDER_H

#include "game/game.h"

/* The ASCII board of g (malloc'ed, caller frees): file letters and rank
 * numbers on all four sides, W and B for pieces, '.' for empty squares,
 * '#' for blocks, the squares of the last move in [brackets].  With
 * black_down the board is turned so Black's home row is at the bottom. */
char *render_board(const struct game *g, int black_down);

/* The compact board of g (malloc'ed, caller frees): two characters a
 * square (a blank, or '*' for a square of the last move, then W, B, '.'
 * or '#'), rank numbers on the left only, file letters below only; at
 * most 3 + 2 * width columns (31 for 14x12). */
char *render_board_compact(const struct game *g, int black_down);

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

/* The legend for the HTML board of g (malloc'ed): a sample of each stone
 * and of each mark the board shows, nothing else; inline styles only. */
char *render_legend_html(const struct game *g);

/* Internal to render*.c: the tail and destination (file, rank, 0-based)
 * of g's last move, -1 when there is none; and rank number n in decimal
 * (with a leading blank below 10 when pad) appended to b. */
struct buf;
void render_last_move(const struct game *g, int sq[2][2]);
void render_put_rank(struct buf *b, int n, int pad);

/* The move list "   1. e2-e4       2. f11-f9\n   3. ...", numbered in
 * plies (malloc'ed). */
char *render_moves(const struct game *g);

#endif
