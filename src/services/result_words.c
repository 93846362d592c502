/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * result_words.c - how a game ended and what its last move took, in the
 * words of the mails (result_words.h): from commands/board/reply.c
 * (issue 31), bodies unchanged.
 */
#include "services/result_words.h"
#include "util/buf.h"
#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>

void reply_colours_named(const char *text, const char *white,
                         const char *black, char *buf, size_t len)
{
	game_colours_named(text, white, black, buf, len);
}

void reply_result_words(const struct game *g, char *buf, size_t len)
{
	game_result_words(g, buf, len);
}

void reply_capture_words(const struct game *g, struct buf *b)
{
	const struct ep_position *before, *after = &g->pos;
	int f, r, n = 0, total = 0, them;
	struct buf sq = BUF_INIT;

	if (g->nmoves == 0)
		return;
	before = &g->seen[g->nmoves - 1];
	them = before->to_move == EP_WHITE ? EP_BPIECE : EP_WPIECE;
	for (f = 0; f < before->width; f++)
		for (r = 0; r < before->height; r++)
			total += ep_cell_at(before, f, r) == them &&
			         ep_cell_at(after, f, r) != them;
	if (!total)
		return;
	for (f = 0; f < before->width; f++)
		for (r = 0; r < before->height; r++) {
			if (ep_cell_at(before, f, r) != them ||
			    ep_cell_at(after, f, r) == them)
				continue;
			n++;
			if (n == total && n > 1) {
				char last[16], *head = buf_take(&sq);
				snprintf(last, sizeof last, "%c%d", 'a' + f, r + 1);
				/* TRANSLATORS: the end of a short list of squares:
				 * the squares before the last and the last. */
				buf_printf(&sq, _("%1$s and %2$s"), head, last);
				free(head);
			} else {
				buf_printf(&sq, "%s%c%d", n == 1 ? "" : ", ",
				           'a' + f, r + 1);
			}
		}
	/* TRANSLATORS: a clause put after the move in "alice played e7xe11,
	 * capturing e11 and e12 (2).": the squares of the pieces taken and
	 * how many. */
	buf_printf(b, _(", capturing %1$s (%2$d)"), buf_str(&sq), total);
	buf_free(&sq);
}
