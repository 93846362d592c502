/*
 * gamefile.c - the game file: one human-readable, versioned text file per
 * board (SPEC section 6).
 *
 *   epamserv-game 1
 *   game: epaminondas
 *   board: 101
 *   options: -size=14x12 -capture=line ... (ep_options_format)
 *   white: alice
 *   black: bob
 *   created: 2026-11-30T05:48:00Z
 *   updated: 2026-11-30T06:10:00Z
 *   move: 1 e2-e4 2026-11-30T06:00:00Z <Message-ID or ->
 *   move: 2 ...
 *   position: 14x12 .../... b
 *   result: active | white wins (REASON) | black wins (...) | draw (...)
 *
 * Loading replays every move from the starting position of the options;
 * a move that does not replay, a position or result that disagrees with
 * the replay, or an unknown line is refused with the file name and line.
 */
#include "game/game.h"
#include "util/buf.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GAMEFILE_MAGIC "epamserv-game 1"
#define GAMEFILE_MAX (8 * 1024 * 1024)

char *game_format(const struct game *g)
{
	struct buf b = BUF_INIT;
	char opts[EP_OPTIONS_MAX], pos[EP_POSITION_MAX], t1[32], t2[32];
	char res[EP_ERR_MAX + 96];
	size_t i;

	ep_options_format(&g->opts, opts, sizeof opts);
	ep_position_format(&g->pos, pos);
	util_iso_time(g->created, t1, sizeof t1);
	util_iso_time(g->updated, t2, sizeof t2);
	buf_printf(&b, "%s\ngame: %s\nboard: %ld\noptions: %s\nwhite: %s\n"
	           "black: %s\ncreated: %s\nupdated: %s\n", GAMEFILE_MAGIC,
	           g->game, g->board, opts, g->white, g->black, t1, t2);
	for (i = 0; i < g->nmoves; i++) {
		util_iso_time(g->moves[i].when, t1, sizeof t1);
		buf_printf(&b, "move: %zu %s %s %s\n", i + 1, g->moves[i].text, t1,
		           g->moves[i].msgid ? g->moves[i].msgid : "-");
	}
	game_result_text(g, res, sizeof res);
	buf_printf(&b, "position: %s\nresult: %s\n", pos,
	           g->state == GAME_ACTIVE ? "active" : res);
	return buf_take(&b);
}

/* Header fields gathered before the game can be created. */
struct gf_head {
	char game[16], white[32], black[32];
	char opts[EP_OPTIONS_MAX];
	long board;
	time_t created, updated;
	int have;  /* bit per field seen */
};

static int gf_head_field(struct gf_head *h, const char *key, const char *val)
{
	if (strcmp(key, "game") == 0 && strlen(val) < sizeof h->game) {
		strcpy(h->game, val);
		h->have |= 1;
	} else if (strcmp(key, "board") == 0) {
		if ((h->board = util_board_number(val)) < 0)
			return -1;
		h->have |= 2;
	} else if (strcmp(key, "options") == 0 && strlen(val) < sizeof h->opts) {
		strcpy(h->opts, val);
		h->have |= 4;
	} else if (strcmp(key, "white") == 0 && util_userid_ok(val)) {
		strcpy(h->white, val);
		h->have |= 8;
	} else if (strcmp(key, "black") == 0 && util_userid_ok(val)) {
		strcpy(h->black, val);
		h->have |= 16;
	} else if (strcmp(key, "created") == 0) {
		if (util_parse_iso_time(val, &h->created) < 0)
			return -1;
		h->have |= 32;
	} else if (strcmp(key, "updated") == 0) {
		if (util_parse_iso_time(val, &h->updated) < 0)
			return -1;
		h->have |= 64;
	} else {
		return -1;
	}
	return 0;
}

/* Build the game from the header: options replayed word by word. */
static int gf_start(struct game *g, const struct gf_head *h, char *err,
                    size_t errlen)
{
	struct ep_options o;
	char *words, *w, *save = NULL;
	int rc = 0;

	if (h->have != 127) {
		snprintf(err, errlen, "the header lacks one of game, board, options, "
		         "white, black, created, updated");
		return -1;
	}
	if (ep_options_default(&o, h->game, err, errlen) < 0)
		return -1;
	words = xstrdup(h->opts);
	for (w = strtok_r(words, " ", &save); w && rc == 0;
	     w = strtok_r(NULL, " ", &save))
		rc = ep_options_apply(&o, w, err, errlen);
	free(words);
	if (rc < 0 || ep_options_check(&o, err, errlen) < 0)
		return -1;
	game_new(g, h->game, h->board, &o, h->white, h->black, h->created);
	g->updated = h->updated;
	return 0;
}

static int gf_move(struct game *g, char *val, char *err, size_t errlen)
{
	char *num, *text, *when, *msgid, *save = NULL;
	time_t t;

	num = strtok_r(val, " ", &save);
	text = strtok_r(NULL, " ", &save);
	when = strtok_r(NULL, " ", &save);
	msgid = strtok_r(NULL, " ", &save);
	if (!num || !text || !when || !msgid || strtok_r(NULL, " ", &save)) {
		snprintf(err, errlen, "a move line is 'move: N MOVE TIME MESSAGE-ID'");
		return -1;
	}
	if (strtol(num, NULL, 10) != (long)g->nmoves + 1) {
		snprintf(err, errlen, "expected move number %zu", g->nmoves + 1);
		return -1;
	}
	if (util_parse_iso_time(when, &t) < 0) {
		snprintf(err, errlen, "bad time '%s'", when);
		return -1;
	}
	{
		time_t keep = g->updated;
		char why[EP_ERR_MAX + 64];
		if (game_play(g, text, t, strcmp(msgid, "-") ? msgid : NULL, why,
		              sizeof why) < 0) {
			snprintf(err, errlen, "move %s does not replay: %s", text, why);
			return -1;
		}
		g->updated = keep;
	}
	return 0;
}

static int gf_check_end(struct game *g, const char *key, const char *val,
                        char *err, size_t errlen)
{
	char buf[EP_POSITION_MAX + EP_ERR_MAX + 96];

	if (strcmp(key, "position") == 0) {
		ep_position_format(&g->pos, buf);
		if (strcmp(buf, val) != 0) {
			snprintf(err, errlen, "the stored position does not match the "
			         "replayed moves (replay gives %s)", buf);
			return -1;
		}
		return 0;
	}
	game_result_text(g, buf, sizeof buf);
	if (strcmp(val, g->state == GAME_ACTIVE ? "active" : buf) != 0) {
		snprintf(err, errlen, "the stored result does not match the replay "
		         "(replay gives %s)", g->state == GAME_ACTIVE ? "active" : buf);
		return -1;
	}
	return 0;
}

int game_parse(struct game *g, const char *text, const char *name, char **err)
{
	struct gf_head h;
	char msg[EP_POSITION_MAX + EP_ERR_MAX + 200];
	char *copy = xstrdup(text), *line, *next;
	int lineno = 0, started = 0, ended = 0;

	memset(&h, 0, sizeof h);
	memset(g, 0, sizeof *g);
	msg[0] = '\0';
	for (line = copy; line && *line; line = next) {
		char *colon;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (lineno == 1) {
			if (strcmp(line, GAMEFILE_MAGIC) != 0) {
				snprintf(msg, sizeof msg, "not a game file (expected '%s')",
				         GAMEFILE_MAGIC);
				goto fail;
			}
			continue;
		}
		colon = strstr(line, ": ");
		if (!colon) {
			snprintf(msg, sizeof msg, "expected 'key: value'");
			goto fail;
		}
		*colon = '\0';
		if (ended >= 2) {
			snprintf(msg, sizeof msg, "text after the result line");
			goto fail;
		}
		if (strcmp(line, "move") == 0 || strcmp(line, "position") == 0 ||
		    strcmp(line, "result") == 0) {
			if (!started) {
				if (gf_start(g, &h, msg, sizeof msg) < 0)
					goto fail;
				started = 1;
			}
			if (strcmp(line, "move") == 0) {
				if (ended || gf_move(g, colon + 2, msg, sizeof msg) < 0) {
					if (ended)
						snprintf(msg, sizeof msg, "a move after the position");
					goto fail;
				}
			} else {
				if ((ended == 0) != (strcmp(line, "position") == 0)) {
					snprintf(msg, sizeof msg, "position must come before result");
					goto fail;
				}
				if (gf_check_end(g, line, colon + 2, msg, sizeof msg) < 0)
					goto fail;
				ended++;
			}
		} else if (started || gf_head_field(&h, line, colon + 2) < 0) {
			snprintf(msg, sizeof msg, "unknown or malformed field '%s'", line);
			goto fail;
		}
	}
	if (ended != 2) {
		snprintf(msg, sizeof msg, "the file ends before its position and result lines");
		goto fail;
	}
	free(copy);
	*err = NULL;
	return 0;
fail:
	{
		struct buf b = BUF_INIT;
		buf_printf(&b, "%s:%d: %s", name, lineno, msg);
		*err = buf_take(&b);
	}
	free(copy);
	if (started)
		game_free(g);
	return -1;
}

int game_load(struct game *g, const char *spool, const char *game, long board,
              char **err)
{
	char path[4096], name[256], *text;
	struct buf b = BUF_INIT;
	int rc;

	*err = NULL;
	snprintf(name, sizeof name, "games/%s/%ld.game", game, board);
	snprintf(path, sizeof path, "%s/%s", spool, name);
	text = util_read_file(path, GAMEFILE_MAX, NULL);
	if (!text) {
		if (errno == ENOENT)
			return 1;
		buf_printf(&b, "cannot read %s: %s", path, strerror(errno));
		*err = buf_take(&b);
		return -1;
	}
	rc = game_parse(g, text, name, err);
	free(text);
	return rc;
}
