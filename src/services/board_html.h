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

/* The HTML part of a board mail (board_html.c; malloc'ed, caller frees)
 * from the text part's template variables v: the board turned when
 * black_down; for a player (side 0 White, 1 Black; -1 not a player)
 * holding a reply token, mailto: answer links to the server with the
 * subject "Re: SUBJECT".  The board in words (game/render.h) follows
 * the picture in a section hidden from the eye but read by screen
 * readers; with words (set ... board list) the words are shown instead
 * of the picture and its legend.  NULL when the template cannot be
 * read (logged). */
char *board_html(struct svc *s, const struct game *g,
                 const struct tvars *v, int black_down, int side,
                 const char *token, const char *subject, int words);

#endif
