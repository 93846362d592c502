/* SPDX-License-Identifier: GPL-3.0-or-later */
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

/* The reasons a game file stores, as game.c and rules/status.c write
 * them: English, for the file is data (its Reason tag, its records);
 * each with the words a player reads, where white and black become the
 * players' userids.  %s in `stored` is a word (a colour or a userid),
 * %d a number; `shown` takes them as strings, in the same order. */
static const struct {
	const char *stored, *shown;
} reasons[] = {
	/* TRANSLATORS: how a game ended, a clause after "NAME wins, ",
	 * "a draw, " or "cancelled, "; %s is a player's userid, here and
	 * in the reasons that follow. */
	{ "%s resigned", N_("%s resigned") },
	{ "%s lost on time", N_("%s lost on time") },
	{ "draw agreed", N_("draw agreed") },
	{ "%s declined the challenge", N_("%s declined the challenge") },
	{ "%s withdrew the challenge", N_("%s withdrew the challenge") },
	{ "the challenge to %s expired unanswered",
	  N_("the challenge to %s expired unanswered") },
	{ "awarded to %s by the administrator",
	  N_("awarded to %s by the administrator") },
	{ "drawn by the administrator", N_("drawn by the administrator") },
	/* TRANSLATORS: %s is the number of plies (half-moves). */
	{ "the game reached %d plies, the move cap",
	  N_("the game reached %s plies, the move cap") },
	{ "the same position came up for the third time",
	  N_("the same position came up for the third time") },
	{ "%s repeated a position for the third time",
	  N_("%s repeated a position for the third time") },
	{ "%s has no pieces left", N_("%s has no pieces left") },
	{ "%s has no legal move", N_("%s has no legal move") },
	{ "%s has more crossed pieces", N_("%s has more crossed pieces") },
	{ "neither side has a movable piece",
	  N_("neither side has a movable piece") },
	/* TRANSLATORS: the player who cannot answer, then the player who
	 * crossed. */
	{ "%s cannot answer %s's crossing",
	  N_("%1$s cannot answer %2$s's crossing") },
};

/* Whether text is written in the form stored (a reasons[] entry), with
 * its words into arg (at most two, each len bytes). */
static int reason_match(const char *stored, const char *text,
                        char arg[2][64], int *nargs)
{
	const char *f = stored, *t = text;

	*nargs = 0;
	while (*f) {
		if (f[0] == '%' && (f[1] == 's' || f[1] == 'd')) {
			size_t n = 0;
			while (t[n] && (f[1] == 'd' ? t[n] >= '0' && t[n] <= '9'
			                            : t[n] != ' ' && t[n] != '\''))
				n++;
			if (!n || n >= sizeof arg[0] || *nargs == 2)
				return 0;
			memcpy(arg[*nargs], t, n);
			arg[(*nargs)++][n] = '\0';
			t += n;
			f += 2;
		} else if (*f++ != *t++) {
			return 0;
		}
	}
	return *t == '\0';
}

int game_reason_words(const struct game *g, char *buf, size_t len)
{
	char arg[2][64], named[2][64];
	size_t i;
	int n, k;

	for (i = 0; i < sizeof reasons / sizeof reasons[0]; i++) {
		if (!reason_match(reasons[i].stored, g->reason, arg, &n))
			continue;
		for (k = 0; k < n; k++)
			game_colours_named(arg[k], g->white, g->black, named[k],
			                   sizeof named[k]);
		snprintf(buf, len, _(reasons[i].shown), n > 0 ? named[0] : "",
		         n > 1 ? named[1] : "");
		return 1;
	}
	/* A reason of another form (an older file): as it is stored. */
	game_colours_named(g->reason, g->white, g->black, buf, len);
	return 0;
}

void game_end_words(const struct game *g, char *why, size_t len)
{
	char sq[160];
	int white_won = g->result == EP_WHITE_WINS;
	const char *winner = white_won ? g->white : g->black;
	const char *loser = white_won ? g->black : g->white;

	if (g->state == GAME_ACTIVE || g->state == GAME_CHALLENGED) {
		snprintf(why, len, "%s", "");
		return;
	}
	crossed_squares(g, white_won ? EP_WHITE : EP_BLACK, sq, sizeof sq);
	if (g->end == GAME_END_DRAW)
		/* TRANSLATORS: how a game ended, a clause that follows "a
		 * draw, " or "NAME wins, " below; the players' names. */
		snprintf(why, len, _("%s accepted %s's draw offer"),
		         game_opponent(g, g->end_by), g->end_by);
	else if (g->end == GAME_END_AWARD)
		snprintf(why, len, _("the administrator gave %s the game"),
		         winner);
	else if (g->end == GAME_END_NONE && sq[0] &&
	         strstr(g->reason, "has more crossed pieces"))
		/* TRANSLATORS: the loser, then the squares of the crossed
		 * pieces ("e12" or "e12, f12"), here and in the next. */
		snprintf(why, len, _("%s did not answer the crossing on %s"),
		         loser, sq);
	else if (g->end == GAME_END_NONE && sq[0] &&
	         strstr(g->reason, "cannot answer"))
		snprintf(why, len,
		         _("%s could not answer the crossing on %s"),
		         loser, sq);
	else
		game_reason_words(g, why, len);
}

void game_result_words(const struct game *g, char *buf, size_t len)
{
	char why[GAME_RESULT_WORDS_MAX];
	int white_won = g->result == EP_WHITE_WINS;
	const char *winner = white_won ? g->white : g->black;

	if (g->state == GAME_ACTIVE || g->state == GAME_CHALLENGED) {
		snprintf(buf, len, "%s", "");
		return;
	}
	game_end_words(g, why, sizeof why);
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
