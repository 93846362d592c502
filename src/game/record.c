/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * record.c - the text record of a game (record.h): PGN's tag pairs and
 * move text, with Epaminondas's notation and plies for move numbers.
 * The JSON record is record_json.c; reading either back, record_read.c.
 */
#include "game/record.h"

#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Move text lines are at most this long (a longer word stands alone). */
#define RECORD_COLUMNS 72

int record_available(const struct game *g, char *err, size_t len)
{
	if (g->state == GAME_CHALLENGED) {
		errlang_snprintf(err, len, N_("board %ld has not started: the "
		                 "challenge is still open, so there is no "
		                 "game to record"), g->board);
		return -1;
	}
	if (g->state == GAME_CANCELLED) {
		/* TRANSLATORS: the board's number and why it ended, as the
		 * game file stores it (in English). */
		errlang_snprintf(err, len, N_("board %ld never started (%s): "
		                 "there is no game to record"), g->board,
		                 g->reason);
		return -1;
	}
	return 0;
}

const char *record_termination(const struct game *g)
{
	if (g->state != GAME_FINISHED)
		return "unterminated";
	switch (g->end) {
	case GAME_END_RESIGN:
		return "resign";
	case GAME_END_DRAW:
		return "draw agreed";
	case GAME_END_FORFEIT:
		return "time forfeit";
	case GAME_END_AWARD:
		return "award";
	case GAME_END_ADJ_DRAW:
		return "adjudicated draw";
	default:
		return "rules";
	}
}

const char *record_result(const struct game *g)
{
	if (g->state != GAME_FINISHED)
		return "*";
	return g->result == EP_WHITE_WINS ? "1-0"
	     : g->result == EP_BLACK_WINS ? "0-1" : "1/2-1/2";
}

time_t record_start_time(const struct game *g)
{
	return clock_game_start(g);
}

time_t record_end_time(const struct game *g)
{
	if (g->state != GAME_FINISHED)
		return 0;
	if (g->end != GAME_END_NONE)
		return g->end_when;
	return g->nmoves ? g->moves[g->nmoves - 1].when : g->updated;
}

void record_variants(const struct game *g, char *buf, size_t len)
{
	struct ep_options d;
	char mine[EP_OPTIONS_MAX], def[EP_OPTIONS_MAX], err[EP_ERR_MAX];
	char *w, *save = NULL;
	struct buf b = BUF_INIT;

	buf[0] = '\0';
	ep_options_format(&g->opts, mine, sizeof mine);
	if (ep_options_default(&d, g->game, err, sizeof err) < 0)
		def[0] = '\0';
	else
		ep_options_format(&d, def, sizeof def);
	for (w = strtok_r(mine, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		/* A word of the defaults is no variant. */
		char *hit = strstr(def, w);
		size_t n = strlen(w);
		if (hit && (hit == def || hit[-1] == ' ') &&
		    (hit[n] == ' ' || hit[n] == '\0'))
			continue;
		if (b.len)
			buf_putc(&b, ' ');
		buf_puts(&b, w);
	}
	snprintf(buf, len, "%s", buf_str(&b));
	buf_free(&b);
}

/* [Name "value"] with '\' and '"' escaped, and value made one clean
 * line first (util_clean_line: a control character or a line separator
 * from a spool file is a blank, a bidi override is dropped, a stray
 * byte is '?'), so that no value can end its tag or start another. */
static void put_tag(struct buf *b, const char *name, const char *value)
{
	char *clean = util_clean_line(xstrdup(value));
	const char *p;

	buf_printf(b, "[%s \"", name);
	for (p = clean; *p; p++) {
		if (*p == '\\' || *p == '"')
			buf_putc(b, '\\');
		buf_putc(b, *p);
	}
	buf_puts(b, "\"]\n");
	free(clean);
}

/* " {comment}" with '\', '{' and '}' escaped and white space runs as
 * one blank (after util_clean_line: controls and line separators are
 * blanks, bidi overrides dropped, stray bytes '?'). */
static void put_comment(struct buf *b, const char *text)
{
	char *clean = util_clean_line(xstrdup(text));
	const unsigned char *p;
	int blank = 0;

	buf_puts(b, " {");
	for (p = (const unsigned char *)clean; *p; p++) {
		if (*p <= ' ' || *p == 0x7f) {
			blank = 1;
			continue;
		}
		if (blank)
			buf_putc(b, ' ');
		blank = 0;
		if (*p == '\\' || *p == '{' || *p == '}')
			buf_putc(b, '\\');
		buf_putc(b, (char)*p);
	}
	buf_putc(b, '}');
	free(clean);
}

/* Append line (one line, blank-separated words) to out wrapped at
 * RECORD_COLUMNS. */
static void put_wrapped(struct buf *out, const char *line)
{
	const char *p = line, *sp;
	size_t col = 0, n;

	while (*p) {
		sp = strchr(p, ' ');
		n = sp ? (size_t)(sp - p) : strlen(p);
		if (col && col + 1 + n > RECORD_COLUMNS) {
			buf_putc(out, '\n');
			col = 0;
		} else if (col) {
			buf_putc(out, ' ');
			col++;
		}
		buf_append(out, p, n);
		col += n;
		p += n;
		while (*p == ' ')
			p++;
	}
	buf_putc(out, '\n');
}

char *record_text(const struct game *g, const struct record_meta *m)
{
	struct buf b = BUF_INIT, line = BUF_INIT;
	char v[EP_OPTIONS_MAX + 64], pos[EP_POSITION_MAX], when[32];
	time_t start = record_start_time(g), end = record_end_time(g);
	struct tm tm;
	size_t i;

	if (g->tourney[0])
		snprintf(v, sizeof v, "tournament %s", g->tourney);
	else
		snprintf(v, sizeof v, "%s board %ld", g->game, g->board);
	put_tag(&b, "Event", v);
	put_tag(&b, "Site", m->site);
	if (gmtime_r(&start, &tm))
		snprintf(v, sizeof v, "%04d.%02d.%02d", tm.tm_year + 1900,
		         tm.tm_mon + 1, tm.tm_mday);
	else
		snprintf(v, sizeof v, "????.??.??");
	put_tag(&b, "Date", v);
	if (g->tourney[0]) {
		snprintf(v, sizeof v, "%d", g->tourney_round);
		put_tag(&b, "Round", v);
	}
	put_tag(&b, "White", g->white);
	put_tag(&b, "Black", g->black);
	if (m->rating[0][0])
		put_tag(&b, "WhiteRating", m->rating[0]);
	if (m->rating[1][0])
		put_tag(&b, "BlackRating", m->rating[1]);
	put_tag(&b, "Result", record_result(g));
	put_tag(&b, "Termination", record_termination(g));
	if (g->state == GAME_FINISHED)
		put_tag(&b, "Reason", g->reason);
	put_tag(&b, "Variant", g->game);
	ep_options_format(&g->opts, v, sizeof v);
	put_tag(&b, "Options", v);
	tc_format(&g->tc, v, sizeof v);
	put_tag(&b, "TimeControl", v[0] ? v : "-");
	if (g->tourney[0])
		put_tag(&b, "Tournament", g->tourney);
	snprintf(v, sizeof v, "%ld", g->board);
	put_tag(&b, "Board", v);
	util_iso_time(start, when, sizeof when);
	put_tag(&b, "StartTime", when);
	if (end) {
		util_iso_time(end, when, sizeof when);
		put_tag(&b, "EndTime", when);
	}
	if (g->unrated)
		put_tag(&b, "Rated", "no");
	ep_position_format(&g->pos, pos);
	put_tag(&b, "Position", pos);
	buf_putc(&b, '\n');
	for (i = 0; i < g->nmoves; i++) {
		buf_printf(&line, "%s%zu. %s", i ? " " : "", i + 1,
		           g->moves[i].text);
		if (m->comments && g->moves[i].comment)
			put_comment(&line, g->moves[i].comment);
	}
	buf_printf(&line, "%s%s", g->nmoves ? " " : "", record_result(g));
	put_wrapped(&b, buf_str(&line));
	buf_free(&line);
	return buf_take(&b);
}
