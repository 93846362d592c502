/*
 * result_words.c - how a game ended, in words naming the players, for
 * the mails and the web site alike (issue 30: the site said "white wins
 * (black has more crossed pieces...)" where the mail said "carol wins,
 * dave did not answer the crossing on e12"; now both say the latter);
 * and the game's title, which both write too.
 */
#include "game/game.h"
#include "util/buf.h"
#include "util/i18n.h"

#include <stdio.h>
#include <string.h>

/* The squares of side's pieces on the other side's home row ("e12",
 * "e12, f12"), into buf: the crossed pieces. */
static void crossed_squares(const struct game *g, enum ep_side side,
                            char *buf, size_t len)
{
	const struct ep_position *p = &g->pos;
	int rank = side == EP_WHITE ? p->height - 1 : 0, f;
	int cell = side == EP_WHITE ? EP_WPIECE : EP_BPIECE;
	size_t used = 0;

	buf[0] = '\0';
	for (f = 0; f < p->width && used + 8 < len; f++)
		if (ep_cell_at(p, f, rank) == cell)
			used += (size_t)snprintf(buf + used, len - used, "%s%c%d",
			                         used ? ", " : "", 'a' + f, rank + 1);
}

void game_colours_named(const char *text, const char *white,
                        const char *black, char *buf, size_t len)
{
	struct buf b = BUF_INIT;
	const char *p = text;

	while (*p) {
		int start = p == text || !((p[-1] >= 'a' && p[-1] <= 'z') ||
		                           (p[-1] >= 'A' && p[-1] <= 'Z'));
		int w = start && strncmp(p, "white", 5) == 0;
		int k = start && strncmp(p, "black", 5) == 0;
		if ((w || k) && !((p[5] >= 'a' && p[5] <= 'z'))) {
			buf_puts(&b, w ? white : black);
			p += 5;
		} else {
			buf_append(&b, p++, 1);
		}
	}
	snprintf(buf, len, "%s", buf_str(&b));
	buf_free(&b);
}

void game_result_words(const struct game *g, char *buf, size_t len)
{
	char why[GAME_RESULT_WORDS_MAX], sq[160];
	int white_won = g->result == EP_WHITE_WINS;
	const char *winner = white_won ? g->white : g->black;
	const char *loser = white_won ? g->black : g->white;

	if (g->state == GAME_ACTIVE || g->state == GAME_CHALLENGED) {
		snprintf(buf, len, "%s", "");
		return;
	}
	crossed_squares(g, white_won ? EP_WHITE : EP_BLACK, sq, sizeof sq);
	if (g->end == GAME_END_DRAW)
		/* TRANSLATORS: how a game ended, a clause that follows "a
		 * draw, " or "NAME wins, " below; the players' names. */
		snprintf(why, sizeof why, _("%s accepted %s's draw offer"),
		         game_opponent(g, g->end_by), g->end_by);
	else if (g->end == GAME_END_AWARD)
		snprintf(why, sizeof why, _("the administrator gave %s the game"),
		         winner);
	else if (g->end == GAME_END_NONE && sq[0] &&
	         strstr(g->reason, "has more crossed pieces"))
		/* TRANSLATORS: the loser, then the squares of the crossed
		 * pieces ("e12" or "e12, f12"), here and in the next. */
		snprintf(why, sizeof why, _("%s did not answer the crossing on %s"),
		         loser, sq);
	else if (g->end == GAME_END_NONE && sq[0] &&
	         strstr(g->reason, "cannot answer"))
		snprintf(why, sizeof why,
		         _("%s could not answer the crossing on %s"),
		         loser, sq);
	else
		game_colours_named(g->reason, g->white, g->black, why, sizeof why);
	if (g->state == GAME_CANCELLED)
		/* TRANSLATORS: the result of a game; %s is how it ended
		 * (a clause as above, or the game's recorded reason). */
		snprintf(buf, len, _("cancelled, %s"), why);
	else if (g->result == EP_DRAW)
		snprintf(buf, len, _("a draw, %s"), why);
	else
		/* TRANSLATORS: the winner, then how the game ended. */
		snprintf(buf, len, _("%1$s wins, %2$s"), winner, why);
}

const char *game_title(const char *game)
{
	return strcmp(game, "crossings") == 0 ? "Crossings" : "Epaminondas";
}
