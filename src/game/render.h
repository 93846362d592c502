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
 * frees): inline styles only, no classes, images or scripts; files and
 * ranks on all four sides; each square a <td> whose text is W, B, # or
 * empty, the last move's squares shaded, with title "last move".  A phone
 * shows it whole: cells are at most 26 pixels wide. */
char *render_board_html(const struct game *g, int black_down);

/* The move list "   1. e2-e4       2. f11-f9\n   3. ...", numbered in
 * plies (malloc'ed). */
char *render_moves(const struct game *g);

#endif
