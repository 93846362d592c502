/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * record_read.c - reading a record back (record.h) and replaying it.
 *
 * Both readers are for untrusted files: every length is checked, tags
 * and moves are copied only into buffers of known size, at most
 * GAME_MAX_PLIES moves are kept, and anything unexpected is an error
 * with the line (text) or byte offset (JSON) where it was found.  The
 * replay then decides: every move under the rules (game_play), the end
 * the termination names, and the stated result and final position
 * compared with the replay's.
 */
#include "game/record.h"

#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/jsonread.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void record_in_free(struct record_in *r)
{
	size_t i;

	for (i = 0; i < r->nmoves; i++)
		free(r->moves[i]);
	free(r->moves);
	memset(r, 0, sizeof *r);
}

/* Copy s into dst (size bytes): 0, or -1 when it does not fit. */
static int copy_field(char *dst, size_t size, const char *s)
{
	size_t n = strlen(s);

	if (n >= size)
		return -1;
	memcpy(dst, s, n + 1);
	return 0;
}

static int add_move(struct record_in *r, const char *text, size_t n,
                    char *err, size_t errlen)
{
	if (r->nmoves >= GAME_MAX_PLIES) {
		errlang_nsnprintf(err, errlen, "more than %d move: no game is "
		                  "that long", "more than %d moves: no game is "
		                  "that long", GAME_MAX_PLIES, GAME_MAX_PLIES);
		return -1;
	}
	if (n == 0 || n >= EP_MOVE_TEXT_MAX) {
		errlang_nsnprintf(err, errlen, "a move of %zu character: not a "
		                  "move", "a move of %zu characters: not a move", n,
		                  n);
		return -1;
	}
	if (r->nmoves % 64 == 0)
		r->moves = xrealloc(r->moves, (r->nmoves + 64) * sizeof *r->moves);
	r->moves[r->nmoves++] = xstrndup(text, n);
	return 0;
}

/* ---- text ---- */

/* One tag line "[Name "value"]" (NUL-terminated, no newline) into r. */
static int text_tag(struct record_in *r, const char *line, int lineno,
                    char *err, size_t errlen)
{
	char name[32], value[EP_OPTIONS_MAX];
	const char *p = line + 1;
	size_t n = 0, k = 0;
	int bad = 0;

	while (*p && *p != ' ' && n + 1 < sizeof name)
		name[n++] = *p++;
	name[n] = '\0';
	if (*p != ' ' || p[1] != '"' || n == 0)
		goto malformed;
	for (p += 2; *p && *p != '"'; p++) {
		if (*p == '\\' && (p[1] == '\\' || p[1] == '"'))
			p++;
		if (k + 1 >= sizeof value) {
			/* TRANSLATORS: the line's number and the tag's
			 * name (a record's key, not translated). */
			errlang_snprintf(err, errlen, N_("line %d: the value "
			                 "of tag %s is too long"), lineno,
			                 name);
			return -1;
		}
		value[k++] = *p;
	}
	value[k] = '\0';
	if (*p != '"' || strcmp(p, "\"]") != 0)
		goto malformed;
	if (strcmp(name, "Variant") == 0)
		bad = copy_field(r->game, sizeof r->game, value);
	else if (strcmp(name, "Options") == 0)
		bad = copy_field(r->options, sizeof r->options, value);
	else if (strcmp(name, "White") == 0)
		bad = copy_field(r->white, sizeof r->white, value);
	else if (strcmp(name, "Black") == 0)
		bad = copy_field(r->black, sizeof r->black, value);
	else if (strcmp(name, "Result") == 0)
		bad = copy_field(r->result, sizeof r->result, value);
	else if (strcmp(name, "Termination") == 0)
		bad = copy_field(r->termination, sizeof r->termination, value);
	else if (strcmp(name, "Position") == 0)
		bad = copy_field(r->position, sizeof r->position, value);
	if (bad) {
		errlang_snprintf(err, errlen, N_("line %d: the value of tag "
		                 "%s is too long"), lineno, name);
		return -1;
	}
	return 0;
malformed:
	/* TRANSLATORS: the line's number; [Name "value"] is the form of a
	 * tag line (translate Name and value, keep the brackets and the
	 * quotes). */
	errlang_snprintf(err, errlen, N_("line %d: a tag is [Name \"value\"]"),
	                 lineno);
	return -1;
}

/* The move text from p on: "N. MOVE" pairs, {comments}, the result. */
static int text_moves(struct record_in *r, const char *p, const char *end,
                      int lineno, char *err, size_t errlen)
{
	char last[8] = "";

	while (p < end) {
		const char *w;
		size_t n;
		if (*p == '\n')
			lineno++;
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			p++;
			continue;
		}
		if (last[0]) {
			/* TRANSLATORS: the line's number and the game's
			 * result (1-0, 0-1, 1/2-1/2 or *). */
			errlang_snprintf(err, errlen, N_("line %d: text after "
			                 "the result %s"), lineno, last);
			return -1;
		}
		if (*p == '{') {
			for (p++; p < end && *p != '}'; p++) {
				if (*p == '\\' && p + 1 < end)
					p++;
				if (*p == '\n')
					lineno++;
			}
			if (p >= end) {
				errlang_snprintf(err, errlen, N_("line %d: a "
				                 "comment does not end ('}' "
				                 "missing)"), lineno);
				return -1;
			}
			p++;
			continue;
		}
		for (w = p; p < end && *p != ' ' && *p != '\t' && *p != '\n' &&
		            *p != '\r' && *p != '{'; p++)
			;
		n = (size_t)(p - w);
		if ((n == 3 && memcmp(w, "1-0", 3) == 0) ||
		    (n == 3 && memcmp(w, "0-1", 3) == 0) ||
		    (n == 7 && memcmp(w, "1/2-1/2", 7) == 0) ||
		    (n == 1 && *w == '*')) {
			memcpy(last, w, n);
			last[n] = '\0';
			continue;
		}
		if (n > 1 && w[n - 1] == '.') {
			char num[16], *e;
			long k;
			if (n - 1 >= sizeof num || w[0] < '0' || w[0] > '9')
				goto badnum;
			memcpy(num, w, n - 1);
			num[n - 1] = '\0';
			k = strtol(num, &e, 10);
			if (*e || k != (long)r->nmoves + 1)
				goto badnum;
			continue;
		}
		if (add_move(r, w, n, err, errlen) < 0)
			return -1;
		continue;
badnum:
		/* TRANSLATORS: the line's number, the move number found (as
		 * written) and the one expected. */
		errlang_snprintf(err, errlen, N_("line %d: move number '%.*s' where move "
		                 "%zu was expected"), lineno, (int)(n > 20 ? 20 : n), w,
		                 r->nmoves + 1);
		return -1;
	}
	if (!last[0]) {
		errlang_snprintf(err, errlen, N_("the move text does not end "
		                 "with the result (1-0, 0-1, 1/2-1/2 or *)"));
		return -1;
	}
	if (r->result[0] && strcmp(last, r->result) != 0) {
		/* TRANSLATORS: two results (1-0, 0-1, 1/2-1/2 or *); Result
		 * is a tag's name (not translated). */
		errlang_snprintf(err, errlen, N_("the Result tag says %s but "
		                 "the move text ends %s"), r->result, last);
		return -1;
	}
	snprintf(r->result, sizeof r->result, "%s", last);
	return 0;
}

static int read_text(const char *text, size_t len, struct record_in *r,
                     char *err, size_t errlen)
{
	const char *p = text, *end = text + len, *nl;
	char line[EP_OPTIONS_MAX + 64];
	int lineno = 0;

	if (memchr(text, '\0', len)) {
		errlang_snprintf(err, errlen, N_("the record has a NUL byte: "
		                 "not a text record"));
		return -1;
	}
	for (; p < end; p = nl + 1) {
		size_t n;
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		n = (size_t)(nl - p);
		if (n && p[n - 1] == '\r')
			n--;
		lineno++;
		if (n == 0)
			continue;
		if (*p != '[')
			break;
		if (n >= sizeof line) {
			errlang_snprintf(err, errlen, N_("line %d: a tag line "
			                 "too long"), lineno);
			return -1;
		}
		memcpy(line, p, n);
		line[n] = '\0';
		if (text_tag(r, line, lineno, err, errlen) < 0)
			return -1;
		if (nl == end)
			break;
	}
	if (!r->white[0] || !r->black[0] || !r->result[0]) {
		/* TRANSLATORS: White, Black and Result are tags' names (not
		 * translated). */
		errlang_snprintf(err, errlen, N_("not a game record: the "
		                 "White, Black and Result tags are missing"));
		return -1;
	}
	return text_moves(r, p < end ? p : end, end, lineno, err, errlen);
}

/* ---- JSON ---- */

static const char *jstr(const struct jv *o, const char *key)
{
	const struct jv *v = jv_get(o, key);

	return v && v->type == JV_STRING ? v->str : NULL;
}

static int read_json(const char *text, size_t len, struct record_in *r,
                     char *err, size_t errlen)
{
	struct jv *root = NULL;
	const struct jv *head, *players, *moves, *ours, *game;
	const char *s;
	char jerr[160];
	size_t i, k;
	int rc = -1;

	if (jv_parse(text, len, &root, jerr, sizeof jerr) < 0) {
		/* TRANSLATORS: what the JSON reader found wrong. */
		errlang_snprintf(err, errlen, N_("not valid JSON: %s"), jerr);
		return -1;
	}
	head = jv_get(root, "header");
	moves = jv_get(root, "moves");
	if (!head || head->type != JV_OBJECT || !moves ||
	    moves->type != JV_ARRAY) {
		/* TRANSLATORS: "header" and "moves" are JSON keys (not
		 * translated). */
		errlang_snprintf(err, errlen, N_("not a game record: an "
		                 "object with \"header\" and \"moves\" was "
		                 "expected"));
		goto out;
	}
	game = jv_get(head, "game");
	s = jstr(game, "name");
	ours = jv_get(head, "epamserv");
	players = jv_get(head, "players");
	if (!s || (strcmp(s, "Epaminondas") && strcmp(s, "Crossings"))) {
		/* TRANSLATORS: header.game.name is a JSON key; Epaminondas
		 * and Crossings are its values (not translated). */
		errlang_snprintf(err, errlen, N_("header.game.name is not "
		                 "Epaminondas or Crossings"));
		goto out;
	}
	if (!ours || ours->type != JV_OBJECT) {
		/* TRANSLATORS: header.epamserv is a JSON key (not
		 * translated). */
		errlang_snprintf(err, errlen, N_("header.epamserv is missing: "
		                 "the options and the termination cannot be "
		                 "known"));
		goto out;
	}
	if (!players || players->type != JV_ARRAY || players->n != 2 ||
	    !jstr(&players->item[0], "name") || !jstr(&players->item[1], "name")) {
		/* TRANSLATORS: header.players is a JSON key (not
		 * translated). */
		errlang_snprintf(err, errlen, N_("header.players must be two "
		                 "players with a name each, White first"));
		goto out;
	}
	if (copy_field(r->white, sizeof r->white,
	               jstr(&players->item[0], "name")) < 0 ||
	    copy_field(r->black, sizeof r->black,
	               jstr(&players->item[1], "name")) < 0 ||
	    copy_field(r->game, sizeof r->game,
	               jstr(ours, "variant") ? jstr(ours, "variant") :
	               strcmp(s, "Crossings") == 0 ? "crossings" : "epaminondas")
	    < 0 ||
	    copy_field(r->options, sizeof r->options,
	               jstr(ours, "options") ? jstr(ours, "options") : "") < 0 ||
	    copy_field(r->termination, sizeof r->termination,
	               jstr(ours, "termination") ? jstr(ours, "termination")
	                                          : "") < 0 ||
	    copy_field(r->position, sizeof r->position,
	               jstr(ours, "position") ? jstr(ours, "position") : "") < 0) {
		errlang_snprintf(err, errlen, N_("a header field is too long"));
		goto out;
	}
	/* The result from the players' results (the schema's truth). */
	{
		const struct jv *a = jv_get(&players->item[0], "result");
		const struct jv *b = jv_get(&players->item[1], "result");
		if (!a || !b || a->type != JV_NUMBER || b->type != JV_NUMBER ||
		    !a->is_int || !b->is_int) {
			errlang_snprintf(err, errlen,
			                 N_("each player needs an integer result"));
			goto out;
		}
		snprintf(r->result, sizeof r->result, "%s", a->ival > b->ival ?
		         "1-0" : a->ival < b->ival ? "0-1" : "1/2-1/2");
	}
	for (i = 0; i < moves->n; i++) {
		const struct jv *round = &moves->item[i];
		if (round->type != JV_ARRAY || round->n == 0 || round->n > 2) {
			/* TRANSLATORS: moves[N] names an element of the
			 * JSON record (not translated). */
			errlang_snprintf(err, errlen, N_("moves[%zu] is not a "
			                 "round of one or two moves"), i);
			goto out;
		}
		for (k = 0; k < round->n; k++) {
			const struct jv *m = &round->item[k];
			const char *t = m->type == JV_STRING ? m->str :
			                jstr(m, "move");
			if (m->type == JV_NULL && i + 1 == moves->n && k == 1)
				continue;
			if (!t) {
				/* TRANSLATORS: moves[N][M] names an element
				 * of the JSON record (not translated). */
				errlang_snprintf(err, errlen, N_("moves[%zu][%zu] "
				                 "is not a move"), i, k);
				goto out;
			}
			if (r->nmoves != 2 * i + k) {
				/* TRANSLATORS: moves[N] names an element of
				 * the JSON record (not translated). */
				errlang_snprintf(err, errlen, N_("moves[%zu]: "
				                 "a round after one with a "
				                 "missing move"), i);
				goto out;
			}
			if (add_move(r, t, strlen(t), err, errlen) < 0)
				goto out;
		}
	}
	rc = 0;
out:
	jv_free(root);
	return rc;
}

int record_read(const char *text, size_t len, struct record_in *r,
                char *err, size_t errlen)
{
	size_t i = 0;
	int rc;

	memset(r, 0, sizeof *r);
	if (len > RECORD_MAX_BYTES) {
		/* TRANSLATORS: the record's size in bytes (the count of this
		 * plural) and the largest size allowed. */
		errlang_nsnprintf(err, errlen, "the record is %zu byte, more "
		                  "than the %u a record may have", "the record is "
		                  "%zu bytes, more than the %u a record may have",
		                  len, len, RECORD_MAX_BYTES);
		return -1;
	}
	while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' ||
	                   text[i] == '\r'))
		i++;
	r->json = i < len && text[i] == '{';
	rc = r->json ? read_json(text, len, r, err, errlen)
	             : read_text(text, len, r, err, errlen);
	if (rc == 0 && !r->game[0])
		snprintf(r->game, sizeof r->game, "epaminondas");
	if (rc < 0)
		record_in_free(r);
	return rc;
}

/* ---- replay ---- */

/* The end the termination names, for the game left active by its
 * moves: 0, or -1 with err. */
static int replay_end(const struct record_in *r, struct game *g, char *err,
                      size_t errlen)
{
	const char *t = r->termination;
	int white_won = strcmp(r->result, "1-0") == 0;
	int black_won = strcmp(r->result, "0-1") == 0;
	const char *winner = white_won ? g->white : g->black;
	const char *loser = white_won ? g->black : g->white;
	time_t when = g->updated;

	if (strcmp(r->result, "*") == 0) {
		if (t[0] && strcmp(t, "unterminated") != 0) {
			/* TRANSLATORS: the record's termination, as written
			 * in it. */
			errlang_snprintf(err, errlen, N_("the record says the "
			                 "game is still being played (*) but "
			                 "names its end '%s'"), t);
			return -1;
		}
		return 0;
	}
	if (strcmp(t, "resign") == 0 && (white_won || black_won))
		game_end(g, GAME_END_RESIGN, loser, when);
	else if (strcmp(t, "time forfeit") == 0 && (white_won || black_won))
		game_end(g, GAME_END_FORFEIT, loser, when);
	else if (strcmp(t, "award") == 0 && (white_won || black_won))
		game_end(g, GAME_END_AWARD, winner, when);
	else if (strcmp(t, "draw agreed") == 0 && !white_won && !black_won)
		game_end(g, GAME_END_DRAW, g->white, when);
	else if (strcmp(t, "adjudicated draw") == 0 && !white_won && !black_won)
		game_end(g, GAME_END_ADJ_DRAW, g->white, when);
	else {
		if (t[0])
			/* TRANSLATORS: the result (1-0, 0-1 or 1/2-1/2),
			 * the termination as the record writes it, and the
			 * number of moves. */
			errlang_nsnprintf(err, errlen, "the record says %s (%s) "
			                  "but after its %zu move the game is still "
			                  "being played", "the record says %s (%s) but "
			                  "after its %zu moves the game is still being "
			                  "played", r->nmoves, r->result, t,
			                  r->nmoves);
		else
			/* TRANSLATORS: the result (1-0, 0-1 or 1/2-1/2) and
			 * the number of moves. */
			errlang_nsnprintf(err, errlen, "the record says %s (no "
			                  "termination) but after its %zu move the game "
			                  "is still being played", "the record says %s "
			                  "(no termination) but after its %zu moves the "
			                  "game is still being played", r->nmoves,
			                  r->result, r->nmoves);
		return -1;
	}
	return 0;
}

int record_replay(const struct record_in *r, struct game *g, char *err,
                  size_t errlen)
{
	struct ep_options o;
	char e[EP_ERR_MAX + 128], words[EP_OPTIONS_MAX], *w, *save = NULL;
	char pos[EP_POSITION_MAX], replayed[EP_POSITION_MAX];
	size_t i;

	if (ep_options_default(&o, r->game, e, sizeof e) < 0) {
		/* TRANSLATORS: the game's name as the record writes it and
		 * why it is refused. */
		errlang_snprintf(err, errlen, N_("unknown game '%.20s': %s"),
		                 r->game, e);
		return -1;
	}
	snprintf(words, sizeof words, "%s", r->options);
	for (w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
		if (ep_options_apply(&o, w, e, sizeof e) < 0) {
			/* TRANSLATORS: an option as the record writes it and
			 * why it is refused. */
			errlang_snprintf(err, errlen, N_("bad option '%.40s': "
			                 "%s"), w, e);
			return -1;
		}
	if (ep_options_check(&o, e, sizeof e) < 0) {
		/* TRANSLATORS: why the options are refused. */
		errlang_snprintf(err, errlen, N_("bad options: %s"), e);
		return -1;
	}
	if (!util_userid_ok(r->white) || !util_userid_ok(r->black)) {
		errlang_snprintf(err, errlen, N_("the players' names are not "
		                 "userids"));
		return -1;
	}
	game_new(g, r->game, 0, &o, r->white, r->black, 0);
	for (i = 0; i < r->nmoves; i++) {
		if (g->state != GAME_ACTIVE) {
			/* TRANSLATORS: the move's number, the move as
			 * written and why the game ended (in English, as
			 * game files store it). */
			errlang_snprintf(err, errlen, N_("move %zu (%.20s) "
			                 "comes after the end of the game (%s)"),
			                 i + 1, r->moves[i], g->reason);
			goto fail;
		}
		if (game_play(g, r->moves[i], 0, NULL, e, sizeof e) < 0) {
			/* TRANSLATORS: the move's number, the move as
			 * written and why it is refused. */
			errlang_snprintf(err, errlen, N_("move %zu (%.20s) is "
			                 "not legal: %s"), i + 1, r->moves[i],
			                 e);
			goto fail;
		}
	}
	if (g->state == GAME_ACTIVE) {
		if (replay_end(r, g, err, errlen) < 0)
			goto fail;
	} else if (r->termination[0] && strcmp(r->termination, "rules") != 0) {
		/* TRANSLATORS: the record's termination as written in it and
		 * why the replayed game ended (in English, as game files
		 * store it). */
		errlang_snprintf(err, errlen, N_("the record says the game "
		                 "ended by %s, but its moves ended it (%s)"),
		                 r->termination, g->reason);
		goto fail;
	}
	if (strcmp(record_result(g), r->result) != 0) {
		if (g->reason[0])
			/* TRANSLATORS: two results (1-0, 0-1, 1/2-1/2 or *)
			 * and why the replayed game ended (in English, as
			 * game files store it). */
			errlang_snprintf(err, errlen, N_("the record says %s "
			                 "but the replay ends %s (%s)"),
			                 r->result, record_result(g),
			                 g->reason);
		else
			/* TRANSLATORS: two results (1-0, 0-1, 1/2-1/2 or
			 * *). */
			errlang_snprintf(err, errlen, N_("the record says %s "
			                 "but the replay ends %s (still being "
			                 "played)"), r->result,
			                 record_result(g));
		goto fail;
	}
	if (r->position[0]) {
		struct ep_position p;
		if (ep_position_parse(&p, r->position, e, sizeof e) < 0) {
			/* TRANSLATORS: why the position is refused. */
			errlang_snprintf(err, errlen, N_("the stated position "
			                 "is not a position: %s"), e);
			goto fail;
		}
		ep_position_format(&p, pos);
		ep_position_format(&g->pos, replayed);
		if (strcmp(pos, replayed) != 0) {
			/* TRANSLATORS: two positions in the notation of
			 * positions (not translated). */
			errlang_snprintf(err, errlen, N_("the record states "
			                 "the final position %s but the "
			                 "replay reaches %s"), pos, replayed);
			goto fail;
		}
	}
	return 0;
fail:
	game_free(g);
	return -1;
}
