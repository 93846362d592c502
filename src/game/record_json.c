/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * record_json.c - the JSON record of a finished game (record.h) after
 * AbstractPlay's "AP Game Record" schema 1-0-0 (repository
 * AbstractPlay/recranks, src/schemas/gamerecord.json).
 *
 * The record is {"header": {...}, "moves": [...]} and nothing else.  The
 * header fills every member the schema requires: game (name; variants,
 * the option words that differ from the game's defaults), site (name;
 * gameid "GAME-BOARD", unique on the server), date-start, date-end and
 * date-generated (RFC 3339 date-times in UTC), players (White then Black,
 * the seating order: name and userid the userid, result 1 for the winner
 * and 0 for the loser, 1 each for a draw, is_ai for robots).  Optional
 * members: event and round (only together, for tournament boards),
 * unrated (only when true).  Left out: startingPosition (every game
 * starts from its options' position, which "variants" names), score
 * (Epaminondas has none).  Our own facts go in "epamserv" (the header
 * allows more members): board, options, time control, termination,
 * reason, the final position, and the comments when both players publish
 * them (a move object may hold no comment under the schema).
 *
 * moves: one round per move pair, [White's, Black's]; a last round of a
 * game that ended after White's move is [White's, null].
 */
#include "game/record.h"

#include "util/buf.h"
#include "util/i18n.h"
#include "util/json.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "name": "value" (after a comma unless first). */
static void put_str(struct buf *b, int *first, const char *name,
                    const char *value)
{
	if (!*first)
		buf_putc(b, ',');
	*first = 0;
	json_buf_str(b, name);
	buf_putc(b, ':');
	json_buf_str(b, value);
}

static void put_time(struct buf *b, int *first, const char *name, time_t t)
{
	char when[32];

	util_iso_time(t, when, sizeof when);
	put_str(b, first, name, when);
}

/* {"name": USERID, "userid": USERID, "result": N[, "is_ai": true]
 * [, "rating": "1707 ± 91"]} (the schema allows other members). */
static void put_player(struct buf *b, const char *userid, int result,
                       int ai, const char *rating)
{
	int first = 1;

	buf_putc(b, '{');
	put_str(b, &first, "name", userid);
	put_str(b, &first, "userid", userid);
	buf_printf(b, ",\"result\":%d", result);
	if (ai)
		buf_puts(b, ",\"is_ai\":true");
	if (rating[0])
		put_str(b, &first, "rating", rating);
	buf_putc(b, '}');
}

/* "game": {"name": ..., "variants": [...]} */
static void put_game(struct buf *b, const struct game *g)
{
	char vars[EP_OPTIONS_MAX], *w, *save = NULL;
	int first = 1;

	buf_puts(b, "\"game\":{");
	put_str(b, &first, "name", strcmp(g->game, "crossings") == 0 ?
	        "Crossings" : "Epaminondas");
	record_variants(g, vars, sizeof vars);
	buf_puts(b, ",\"variants\":[");
	first = 1;
	for (w = strtok_r(vars, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (!first)
			buf_putc(b, ',');
		first = 0;
		json_buf_str(b, w);
	}
	buf_puts(b, "]}");
}

/* "epamserv": {...}: what the schema has no member for. */
static void put_ours(struct buf *b, const struct game *g,
                     const struct record_meta *m)
{
	char v[EP_OPTIONS_MAX], pos[EP_POSITION_MAX];
	int first = 1;
	size_t i;

	buf_puts(b, ",\"epamserv\":{");
	buf_printf(b, "\"board\":%ld", g->board);
	first = 0;
	put_str(b, &first, "variant", g->game);
	ep_options_format(&g->opts, v, sizeof v);
	put_str(b, &first, "options", v);
	tc_format(&g->tc, v, sizeof v);
	put_str(b, &first, "time-control", v[0] ? v : "-");
	put_str(b, &first, "termination", record_termination(g));
	put_str(b, &first, "reason", g->reason);
	put_str(b, &first, "result", record_result(g));
	ep_position_format(&g->pos, pos);
	put_str(b, &first, "position", pos);
	if (g->tourney[0])
		put_str(b, &first, "tournament", g->tourney);
	if (m->comments) {
		int one = 1;
		buf_puts(b, ",\"comments\":[");
		for (i = 0; i < g->nmoves; i++) {
			int f = 1;
			if (!g->moves[i].comment)
				continue;
			buf_puts(b, one ? "{" : ",{");
			one = 0;
			buf_printf(b, "\"ply\":%zu", i + 1);
			f = 0;
			put_str(b, &f, "text", g->moves[i].comment);
			buf_putc(b, '}');
		}
		buf_putc(b, ']');
	}
	buf_putc(b, '}');
}

char *record_json(const struct game *g, const struct record_meta *m,
                  char *err, size_t len)
{
	struct buf b = BUF_INIT;
	char v[64];
	int first = 0, wr, br;
	size_t i;

	if (record_available(g, err, len) < 0)
		return NULL;
	if (g->state != GAME_FINISHED) {
		snprintf(err, len, _("board %ld is still being played: a JSON "
		         "record (AbstractPlay's schema) is for finished games "
		         "only; ask for the text record instead"), g->board);
		return NULL;
	}
	wr = g->result != EP_BLACK_WINS;
	br = g->result != EP_WHITE_WINS;
	buf_puts(&b, "{\"header\":{");
	put_game(&b, g);
	buf_puts(&b, ",\"site\":{");
	first = 1;
	put_str(&b, &first, "name", m->site);
	snprintf(v, sizeof v, "%s-%ld", g->game, g->board);
	put_str(&b, &first, "gameid", v);
	buf_putc(&b, '}');
	first = 0;
	if (g->tourney[0]) {
		snprintf(v, sizeof v, "%d", g->tourney_round);
		put_str(&b, &first, "event", g->tourney);
		put_str(&b, &first, "round", v);
	}
	put_time(&b, &first, "date-start", record_start_time(g));
	put_time(&b, &first, "date-end", record_end_time(g));
	put_time(&b, &first, "date-generated", m->generated);
	if (g->unrated)
		buf_puts(&b, ",\"unrated\":true");
	buf_puts(&b, ",\"players\":[");
	put_player(&b, g->white, wr, m->is_ai[0], m->rating[0]);
	buf_putc(&b, ',');
	put_player(&b, g->black, br, m->is_ai[1], m->rating[1]);
	buf_putc(&b, ']');
	put_ours(&b, g, m);
	buf_puts(&b, "},\"moves\":[");
	for (i = 0; i < g->nmoves; i += 2) {
		buf_puts(&b, i ? ",[" : "[");
		json_buf_str(&b, g->moves[i].text);
		buf_putc(&b, ',');
		if (i + 1 < g->nmoves)
			json_buf_str(&b, g->moves[i + 1].text);
		else
			buf_puts(&b, "null");
		buf_putc(&b, ']');
	}
	buf_puts(&b, "]}\n");
	return buf_take(&b);
}
