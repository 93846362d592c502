/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * board_html.h - the text/html alternative of a board mail
 * (board_html.c).
 */
#ifndef EPAM_SERVICES_BOARD_HTML_H
#define EPAM_SERVICES_BOARD_HTML_H

#include "services/svc.h"
#include "util/template.h"

struct game;

/* The drawings of a board's HTML part that depend on nothing but the
 * board, the language in use and how the reader sees it (black_down,
 * words): the picture, its legend and the board in words, as HTML.
 * board_html makes them when the ones held were made for another
 * language or view, so that the mails of one board to readers who see
 * it alike draw it once (nothing in them is a reader's own: no token,
 * no address).  Start with BOARD_DRAWING_INIT; free with
 * board_drawing_free. */
struct board_drawing {
	const char *lang;        /* i18n_current() they were made in */
	int black_down, words;
	char *table, *legend;    /* malloc'ed; NULL with words */
	char *said;              /* malloc'ed; NULL: none made yet */
};

#define BOARD_DRAWING_INIT { NULL, 0, 0, NULL, NULL, NULL }

void board_drawing_free(struct board_drawing *d);

/* The HTML part of a board mail (board_html.c; malloc'ed, caller frees)
 * from the text part's template variables v: the board turned when
 * black_down; for a player (side 0 White, 1 Black; -1 not a player)
 * holding a reply token, mailto: answer links to the server with the
 * subject "Re: SUBJECT".  The board in words (game/render.h) follows
 * the picture in a section hidden from the eye but read by screen
 * readers; with words (set ... board list) the words are shown instead
 * of the picture and its legend.  The drawings come from d, made again
 * there when they are not of this language and view; d holds g's only
 * (one d per board).  NULL when the template cannot be read (logged). */
char *board_html(struct svc *s, const struct game *g,
                 const struct tvars *v, int black_down, int side,
                 const char *token, const char *subject, int words,
                 struct board_drawing *d);

#endif
