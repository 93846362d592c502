/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cond.c - conditional lines of a game record (struct game_cond, issue
 * 15): how two lines of one player relate, and the legality replay the
 * game file's loader and the conditional command share.  The command
 * is src/commands/games/conditional.c, the playing of the answers
 * src/services/after_move.c.
 */
#include "game/game.h"
#include "util/errlang.h"
#include "util/i18n.h"

#include <stdio.h>
#include <string.h>

enum game_cond_rel game_cond_relation(const struct game_cond *a,
                                      const struct game_cond *b)
{
	int i, n = a->n < b->n ? a->n : b->n;

	for (i = 0; i < n; i++)
		if (strcmp(a->ply[i], b->ply[i]) != 0)
			return i % 2 == 0 ? GAME_COND_APART : GAME_COND_CONFLICT;
	return a->n <= b->n ? GAME_COND_WITHIN : GAME_COND_EXTENDS;
}

int game_cond_legal(const struct game *g, int side,
                    const struct game_cond *l, char *err, size_t errlen)
{
	struct ep_position p = g->pos;
	struct ep_move m;
	char why[EP_ERR_MAX];
	int i;

	if (g->state != GAME_ACTIVE || side == (int)g->pos.to_move)
		return -1;
	for (i = 0; i < l->n; i++) {
		if (ep_move_parse(&p, &g->opts, l->ply[i], &m, why, sizeof why) < 0) {
			/* TRANSLATORS: the move's number in the conditional
			 * line, the move, then why it is not legal. */
			errlang_snprintf(err, errlen, N_("move %d of the "
			                 "line, %s, is not legal then: %s"),
			                 i + 1, l->ply[i], why);
			return i;
		}
		ep_make(&p, &g->opts, &m);
	}
	return -1;
}

int game_cond_add(struct game *g, int side, const struct game_cond *l,
                  int *replaced)
{
	int i;

	*replaced = -1;
	for (i = 0; i < g->ncond[side]; i++) {
		switch (game_cond_relation(l, &g->cond[side][i])) {
		case GAME_COND_CONFLICT:
			return -1 - i;
		case GAME_COND_WITHIN:
			return -1 - GAME_COND_LINES - i;
		case GAME_COND_EXTENDS:
			*replaced = i;
			break;
		default:
			break;
		}
	}
	if (*replaced >= 0) {
		/* Every line that l extends goes; l takes the first one's
		 * place (two lines that l extends would share a beginning
		 * with each other and so one would be within the other,
		 * which add never lets in). */
		g->cond[side][*replaced] = *l;
		return *replaced;
	}
	if (g->ncond[side] >= GAME_COND_LINES)
		return -1 - 2 * GAME_COND_LINES;
	g->cond[side][g->ncond[side]] = *l;
	return g->ncond[side]++;
}

void game_cond_remove(struct game *g, int side, int k)
{
	int i;

	for (i = k; i + 1 < g->ncond[side]; i++)
		g->cond[side][i] = g->cond[side][i + 1];
	g->ncond[side]--;
	memset(&g->cond[side][g->ncond[side]], 0, sizeof g->cond[side][0]);
}

void game_cond_format(const struct game_cond *l, char *buf, size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < l->n && used < len; i++) {
		int w = snprintf(buf + used, len - used, "%s%s%s", i ? " " : "",
		                 l->ply[i], l->forced >> i & 1 ? "!" : "");
		if (w < 0)
			break;
		used += (size_t)w;
	}
}
