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

int reply_captured(const struct game *g, struct buf *sq)
{
	return g->nmoves ? reply_captured_at(g, g->nmoves - 1, sq) : 0;
}

int reply_captured_at(const struct game *g, size_t ply, struct buf *sq)
{
	const struct ep_position *before, *after;
	int f, r, n = 0, total = 0, them;

	if (ply >= g->nmoves)
		return 0;
	before = &g->seen[ply];
	after = ply + 1 < g->nmoves ? &g->seen[ply + 1] : &g->pos;
	them = before->to_move == EP_WHITE ? EP_BPIECE : EP_WPIECE;
	for (f = 0; f < before->width; f++)
		for (r = 0; r < before->height; r++)
			total += ep_cell_at(before, f, r) == them &&
			         ep_cell_at(after, f, r) != them;
	if (!total)
		return 0;
	for (f = 0; f < before->width; f++)
		for (r = 0; r < before->height; r++) {
			if (ep_cell_at(before, f, r) != them ||
			    ep_cell_at(after, f, r) == them)
				continue;
			n++;
			if (n == total && n > 1) {
				char last[16], *head = buf_take(sq);
				snprintf(last, sizeof last, "%c%d", 'a' + f, r + 1);
				/* TRANSLATORS: the end of a short list of squares:
				 * the squares before the last and the last. */
				buf_printf(sq, _("%1$s and %2$s"), head, last);
				free(head);
			} else {
				buf_printf(sq, "%s%c%d", n == 1 ? "" : ", ",
				           'a' + f, r + 1);
			}
		}
	return total;
}

void reply_played_words(const struct game *g, const char *who,
                        struct buf *out)
{
	if (g->nmoves)
		reply_played_words_at(g, g->nmoves - 1, who, out);
}

void reply_played_words_at(const struct game *g, size_t ply,
                           const char *who, struct buf *out)
{
	struct buf caught = BUF_INIT;
	const char *mv;
	int took;

	if (ply >= g->nmoves)
		return;
	mv = g->moves[ply].text;
	took = reply_captured_at(g, ply, &caught);
	if (!took)
		/* TRANSLATORS: the player, then the move ("e2-e3"). */
		buf_printf(out, _("%s played %s."), who, mv);
	else
		/* TRANSLATORS: the player, the move ("e7xe11"), the squares
		 * of the pieces it took ("e11 and e12"), then how many. */
		buf_printf(out, ngettext("%1$s played %2$s, capturing %3$s "
		           "(%4$d).", "%1$s played %2$s, capturing %3$s (%4$d).",
		           took), who, mv, buf_str(&caught), took);
	buf_free(&caught);
}
