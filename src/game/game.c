/*
 * game.c - playing moves on a game record: history-dependent rules
 * (repetition, RULES.md section 5) and the end of the game.
 */
#include "game/game.h"
#include "util/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A Message-ID goes into a game file line only when it cannot break the
 * line: printable ASCII without spaces, at most 250 bytes. */
static int msgid_storable(const char *id)
{
	size_t n = 0;

	for (; id[n]; n++)
		if ((unsigned char)id[n] <= 0x20 || (unsigned char)id[n] >= 0x7f)
			return 0;
	return n > 0 && n <= 250;
}

static void game_remember(struct game *g)
{
	/* seen[] has room for every position: nmoves + 1 entries. */
	g->seen = xrealloc(g->seen, (g->nmoves + 1) * sizeof *g->seen);
	g->seen[g->nmoves] = g->pos;
}

void game_new(struct game *g, const char *game, long board,
              const struct ep_options *o, const char *white,
              const char *black, time_t now)
{
	memset(g, 0, sizeof *g);
	snprintf(g->game, sizeof g->game, "%s", game);
	g->board = board;
	g->opts = *o;
	snprintf(g->white, sizeof g->white, "%s", white);
	snprintf(g->black, sizeof g->black, "%s", black);
	g->created = g->updated = now;
	ep_position_start(&g->start, o);
	g->pos = g->start;
	game_remember(g);
}

void game_free(struct game *g)
{
	size_t i;

	for (i = 0; i < g->nmoves; i++)
		free(g->moves[i].msgid);
	free(g->moves);
	free(g->seen);
	g->moves = NULL;
	g->seen = NULL;
	g->nmoves = g->cap = 0;
}

const char *game_to_move(const struct game *g)
{
	if (g->state != GAME_ACTIVE)
		return "";
	return g->pos.to_move == EP_WHITE ? g->white : g->black;
}

int game_side_of(const struct game *g, const char *userid)
{
	if (strcmp(userid, g->white) == 0)
		return EP_WHITE;
	if (strcmp(userid, g->black) == 0)
		return EP_BLACK;
	return -1;
}

void game_result_text(const struct game *g, char *buf, size_t len)
{
	static const char *const words[] = {
		"", "white wins", "black wins", "draw"
	};

	if (g->state == GAME_ACTIVE) {
		snprintf(buf, len, "%s", "");
		return;
	}
	snprintf(buf, len, "%s (%s)", words[g->result], g->reason);
}

/* Times the current position occurred so far, itself included. */
static int game_occurrences(const struct game *g)
{
	size_t i;
	int n = 0;

	for (i = 0; i <= g->nmoves; i++)
		if (ep_position_equal(&g->seen[i], &g->pos))
			n++;
	return n;
}

/* After a move: repetition first (it ends the game before the opponent's
 * start-of-turn checks, RULES.md section 5), then those checks. */
static void game_settle(struct game *g, enum ep_side mover)
{
	struct ep_status st;

	if (g->opts.repetition != EP_REP_OFF && game_occurrences(g) >= 3) {
		g->state = GAME_FINISHED;
		if (g->opts.repetition == EP_REP_DRAW) {
			g->result = EP_DRAW;
			snprintf(g->reason, sizeof g->reason,
			         "the same position came up for the third time");
		} else {
			g->result = mover == EP_WHITE ? EP_BLACK_WINS : EP_WHITE_WINS;
			snprintf(g->reason, sizeof g->reason,
			         "%s repeated a position for the third time",
			         mover == EP_WHITE ? "white" : "black");
		}
		return;
	}
	ep_status(&g->pos, &g->opts, &st);
	if (st.result != EP_ONGOING) {
		g->state = GAME_FINISHED;
		g->result = st.result;
		snprintf(g->reason, sizeof g->reason, "%s", st.reason);
	}
}

int game_play(struct game *g, const char *text, time_t when,
              const char *msgid, char *err, size_t errlen)
{
	struct ep_move m;
	enum ep_side mover = g->pos.to_move;

	if (g->state != GAME_ACTIVE) {
		char res[EP_ERR_MAX + 96];
		game_result_text(g, res, sizeof res);
		snprintf(err, errlen, "the game is over: %s", res);
		return -1;
	}
	if (ep_move_parse(&g->pos, &g->opts, text, &m, err, errlen) < 0)
		return -1;
	if (g->nmoves == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 32;
		g->moves = xrealloc(g->moves, g->cap * sizeof *g->moves);
	}
	ep_move_format(&m, g->moves[g->nmoves].text);
	g->moves[g->nmoves].when = when;
	g->moves[g->nmoves].msgid =
		msgid && msgid_storable(msgid) ? xstrdup(msgid) : NULL;
	ep_make(&g->pos, &g->opts, &m);
	g->nmoves++;
	game_remember(g);
	g->updated = when;
	game_settle(g, mover);
	return 0;
}
