/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * board_html.c - the text/html alternative of a board mail.
 *
 * The HTML part says what the text part says, from the same template
 * variables, with every value escaped (the headline and the comment are
 * user text).  On top of the text: the board as a table of round stones
 * with its marks (game/render_html.c) and a legend of exactly those
 * marks, and after it the board in words (game/render_words.c) in a
 * section hidden from the eye but read by screen readers (shown instead
 * of the picture for set ... board list); the threat of a pending
 * crossing set off in red; the commands
 * the text shows on indented lines, or quoted, in monospace that never
 * breaks (a line too long for the screen scrolls on its own); and for a
 * player holding a reply token, mailto: links that open a reply carrying
 * the token: a move to edit, a draw offer, undo, accept and reject,
 * resign, confirm after a submit (the links answer the real board, not
 * the one a submitted move would make), each only when the state allows
 * it.  Inline styles only (mail
 * clients strip <style>), and the colours given are given in pairs (text
 * and background) so that they read the same in dark mode; text without
 * colour takes the reader's.
 */
#include "services/board_html.h"
#include "services/outmail.h"
#include "services/robot_config.h"
#include "services/tokens.h"
#include "util/i18n.h"
#include "util/template.h"
#include "game/render.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

#define CODE_STYLE "font-family:Menlo,Consolas,'DejaVu Sans Mono',monospace;" \
	"font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere;" \
	"background-color:#ececec;" \
	"color:#111111;padding:1px 4px;border-radius:3px"

/* The values that go into the template inline, not as paragraphs. */
static const char *const inline_vars[] = {
	"title", "board", "white", "black", "options", "white_pieces",
	"black_pieces", "game", "next_move", "to_move", "moves",
	"time_control", "black_letter", NULL
};

static int is_inline(const char *name)
{
	int k;

	for (k = 0; inline_vars[k]; k++)
		if (strcmp(inline_vars[k], name) == 0)
			return 1;
	return 0;
}

/* n bytes of s escaped for HTML text or double-quoted attributes (the
 * only ones the template has): buf_put_html_n, a control character or a
 * stray byte from a spool file included, but an apostrophe kept as it
 * is, so that the text reads the same in the mail's source. */
static void escape(struct buf *b, const char *s, size_t n)
{
	const char *q;

	while (n && (q = memchr(s, '\'', n)) != NULL) {
		buf_put_html_n(b, s, (size_t)(q - s));
		buf_putc(b, '\'');
		n -= (size_t)(q - s) + 1;
		s = q + 1;
	}
	buf_put_html_n(b, s, n);
}

/* A command (n bytes of s) as a block of its own, in monospace that
 * wraps at its blanks (a long word anywhere) rather than leave the
 * screen: at 390 px "epaminondas queue 101 alice PASSWORD
 * TAIL-DESTINATION" does not fit on one line (issue 30).  A soft wrap,
 * so a copied command is still one line. */
static void code_block(struct buf *b, const char *s, size_t n)
{
	buf_puts(b, "<div style=\"margin:3px 0;overflow-x:auto\"><code style=\""
	         CODE_STYLE "\">");
	escape(b, s, n);
	buf_puts(b, "</code></div>\n");
}

/* Where a quoted command "GAME ..." of line (n bytes) starts (at its
 * opening quote), or NULL. */
static const char *quoted_command(const char *line, size_t n, const char *game,
                                  size_t *len)
{
	const char *p, *end = line + n, *q;
	size_t gl = strlen(game);

	for (p = line; p < end; p++) {
		if (*p != '"' || (size_t)(end - p - 1) <= gl ||
		    strncmp(p + 1, game, gl) != 0 || p[1 + gl] != ' ')
			continue;
		q = memchr(p + 1, '"', (size_t)(end - p - 1));
		if (q) {
			*len = (size_t)(q - p) + 1;
			return p;
		}
	}
	return NULL;
}

/* One value as HTML.  User text (commands 0) is only escaped, newlines
 * kept; our own text (commands 1) has its commands set as code: a line
 * indented by two blanks, or a quoted "GAME ..." (then a '.' right after
 * the quote is dropped: the command stands alone). */
static void value_html(struct buf *b, const char *val, int commands,
                       const char *game)
{
	const char *line;
	int after_block = 0;

	while (*val == '\n')  /* "\nalice writes:": the <div> is the break */
		val++;
	line = val;
	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line), qlen;
		const char *q;

		if (commands && n > 2 && line[0] == ' ' && line[1] == ' ') {
			code_block(b, line + 2, n - 2);
			after_block = 1;
		} else {
			const char *p = line;
			size_t left = n;
			if (line != val && !after_block)
				buf_puts(b, "<br>\n");
			after_block = 0;
			while (commands && (q = quoted_command(p, left, game, &qlen))) {
				escape(b, p, (size_t)(q - p));
				code_block(b, q + 1, qlen - 2);
				after_block = 1;
				left -= (size_t)(q - p) + qlen;
				p = q + qlen;
				if (left && *p == '.') {
					p++;
					left--;
				}
				while (left && *p == ' ') {
					p++;
					left--;
				}
			}
			escape(b, p, left);
			if (left)  /* text after the last block on the line */
				after_block = 0;
		}
		line += n;
		if (*line == '\n')
			line++;
	}
}

/* Percent-encode s for a mailto: URI (RFC 6068; with addr, '@' stays
 * as it is); nothing is left that the attribute would need escaped. */
static void uri_encode(struct buf *b, const char *s, int addr)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || strchr("-._~", ch) || (addr && ch == '@')) {
			buf_putc(b, (char)ch);
		} else {
			buf_putc(b, '%');
			buf_putc(b, hex[ch >> 4]);
			buf_putc(b, hex[ch & 15]);
		}
	}
}

/* One answer link: a button opening a reply to the server with subject
 * "Re: SUBJECT" and body (the answer on the first line). */
static void answer_link(struct buf *b, const char *to, const char *subject,
                        const char *body, const char *label)
{
	buf_puts(b, "<a href=\"mailto:");
	uri_encode(b, to, 1);
	buf_puts(b, "?subject=");
	uri_encode(b, "Re: ", 0);
	uri_encode(b, subject, 0);
	buf_puts(b, "&amp;body=");
	uri_encode(b, body, 0);
	buf_puts(b, "\" style=\"display:inline-block;margin:0 6px 6px 0;"
	         "padding:6px 12px;border-radius:4px;background-color:#1f5fbf;"
	         "color:#ffffff;text-decoration:none;font-weight:bold;"
	         "white-space:nowrap\">");
	escape(b, label, strlen(label));
	buf_puts(b, "</a>\n");
}

/* The answer links for a player (side 0 White, 1 Black) holding token,
 * only those the state allows (as votes.c and game_vote_open would
 * take them): the move for the player on move; propose while no
 * question waits and no robot plays (it refuses draws and undo); undo for the player who made the last move (never
 * before one's first move) while no question waits; accept and reject
 * when a question waits for this player, reject (withdraw) while the
 * player's own waits; resign always; confirm alone in submit's mail
 * (the board its move would make).  NULL (no links)
 * without a token, for observers and for a game not being played;
 * otherwise a string the caller frees. */
static char *answers_html(const struct svc *s, const struct game *shown,
                          const struct tvars *v, int side, const char *token,
                          const char *subject)
{
	/* The token is the real board's (s->bm.token_game: a submit mail
	 * shows the board its move would make); the links answer that. */
	const struct game *g = s->bm.token_game ? s->bm.token_game : shown;
	struct buf b = BUF_INIT;
	const char *me = side == 0 ? g->white : g->black;
	char move[EP_MOVE_TEXT_MAX + 32];
	int on_move = (int)g->pos.to_move == side;
	int free_q = g->vote == GAME_VOTE_NONE;
	/* A robot refuses draw offers and take-backs (votes.c). */
	int ask = free_q && !robot_of_game(s->cfg, g);

	if (!token || side < 0 || g->state != GAME_ACTIVE || !s->cfg->from)
		return NULL;
	/* submit's mail shows the board its move would make, not the
	 * game's: the answer is confirm (a reply "confirm" plays it). */
	if (g != shown) {
		buf_puts(&b, "<div style=\"margin:0 0 10px 0\">");
		buf_puts(&b, _("Answer by mail (a link opens a reply that "
		         "carries your token):"));
		buf_puts(&b, "<br>\n");
		/* TRANSLATORS: a link's label; confirm is the word the reply
		 * sends. */
		answer_link(&b, s->cfg->from, subject, "confirm",
		            _("Play it (confirm)"));
		buf_puts(&b, "</div>\n");
		return buf_take(&b);
	}
	buf_puts(&b, "<div style=\"margin:0 0 10px 0\">");
	buf_puts(&b, on_move ? _("Answer by mail (a link opens a reply that "
	         "carries your token; edit the move in it, or send it as it "
	         "is):") : _("Answer by mail (a link opens a reply that "
	         "carries your token):"));
	buf_puts(&b, "<br>\n");
	if (on_move) {
		/* board_vars listed g's moves once (the shown board is g). */
		snprintf(move, sizeof move, "%s#%zu", tvars_get(v, "example_move"),
		         g->nmoves + 1);
		answer_link(&b, s->cfg->from, subject, move, _("Move (edit it)"));
	}
	if (!free_q && strcmp(g->vote_by, me) != 0) {
		answer_link(&b, s->cfg->from, subject, "accept", _("Accept"));
		answer_link(&b, s->cfg->from, subject, "reject", _("Reject"));
	} else if (!free_q) {
		/* The player's own question: reject withdraws it. */
		answer_link(&b, s->cfg->from, subject, "reject",
		            _("Withdraw it"));
	}
	if (ask)
		answer_link(&b, s->cfg->from, subject, "propose",
		            _("Offer a draw"));
	/* The side not to move made the last move, when there is one. */
	if (ask && !on_move && g->nmoves > 0) {
		/* TRANSLATORS: a link's label; the move (notation). */
		snprintf(move, sizeof move, _("Take back %s"),
		         g->moves[g->nmoves - 1].text);
		answer_link(&b, s->cfg->from, subject, "undo", move);
	}
	answer_link(&b, s->cfg->from, subject, "resign", _("Resign"));
	buf_puts(&b, "</div>\n");
	return buf_take(&b);
}

/* s with each ",\n" made ", ": a list of moves that game_move_advice
 * wrapped at 72 columns for the text part flows in one paragraph in the
 * HTML part.  The caller frees the copy. */
static char *unwrap_list(const char *s)
{
	char *out = xstrdup(s), *p;

	for (p = out; (p = strstr(p, ",\n")) != NULL; p++)
		p[1] = ' ';
	return out;
}

/* Visually hidden, read by screen readers: the usual "sr-only" pattern
 * in inline styles (mail clients strip <style>); a client that drops
 * position still keeps it to one clipped pixel. */
#define HIDDEN_STYLE "position:absolute;width:1px;height:1px;" \
	"max-height:1px;margin:-1px;padding:0;border:0;overflow:hidden;" \
	"clip:rect(0 0 0 0);white-space:nowrap"

/* The board in words (render_board_words) as HTML: a region with a
 * heading, a paragraph a line, the position in code; hidden from the
 * eye unless shown (set ... board list). */
static char *words_html(const struct game *g, int shown)
{
	char *words = render_board_words(g);
	const char *line = words;
	struct buf b = BUF_INIT;

	buf_puts(&b, "<div id=\"board-words\" role=\"region\" aria-label=\"");
	/* TRANSLATORS: what a screen reader names the board's words. */
	buf_puts(&b, _("The board in words"));
	buf_puts(&b, "\" style=\"");
	buf_puts(&b, shown ? "margin:0 0 10px 0" : HIDDEN_STYLE);
	buf_puts(&b, "\">\n");
	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);

		buf_puts(&b, "<p style=\"margin:0 0 6px 0\">");
		if (n > 2 && line[0] == ' ' && line[1] == ' ') {
			/* The position to copy: code that may break anywhere
			 * (a 26x26 board's is 740 characters long). */
			buf_puts(&b, "<code style=\"" CODE_STYLE ";white-space:normal;"
			         "word-break:break-all\">");
			escape(&b, line + 2, n - 2);
			buf_puts(&b, "</code>");
		} else {
			escape(&b, line, n);
		}
		buf_puts(&b, "</p>\n");
		line += n;
		if (*line == '\n')
			line++;
	}
	buf_puts(&b, "</div>\n");
	free(words);
	return buf_take(&b);
}

void board_drawing_free(struct board_drawing *d)
{
	free(d->table);
	free(d->legend);
	free(d->said);
	d->table = d->legend = d->said = NULL;
	d->lang = NULL;
}

/* d made for g in the language in use, seen as black_down and words
 * say, unless it is already. */
static void board_drawing_for(struct board_drawing *d, const struct game *g,
                              int black_down, int words)
{
	if (d->said && d->lang == i18n_current() &&
	    d->black_down == black_down && d->words == words)
		return;
	board_drawing_free(d);
	d->table = words ? NULL : render_board_html(g, black_down);
	d->legend = words ? NULL : render_legend_html(g);
	d->said = words_html(g, words);
	d->lang = i18n_current();
	d->black_down = black_down;
	d->words = words;
}

char *board_html(struct svc *s, const struct game *g,
                 const struct tvars *v, int black_down, int side,
                 const char *token, const char *subject, int words,
                 struct board_drawing *d)
{
	struct tvars h = { 0 };
	char *html;
	struct buf board = BUF_INIT;
	char *answers = answers_html(s, g, v, side, token, subject);
	int i;

	for (i = 0; i < v->n; i++) {
		const char *name = v->v[i].name;
		const char *val = v->v[i].value ? v->v[i].value : "";
		struct buf e = BUF_INIT;
		int user = strcmp(name, "comment") == 0 ||
		           strcmp(name, "headline") == 0;

		if (strcmp(name, "diagram") == 0 || strcmp(name, "legend") == 0)
			continue;
		if (!*val) {
			tvars_set(&h, name, "");
			continue;
		}
		if (is_inline(name)) {
			escape(&e, val, strlen(val));
		} else {
			buf_puts(&e, strcmp(name, "grace") == 0
			         ? "<div role=\"alert\" style=\"margin:0 0 10px 0;"
			           "padding:6px 8px;border-left:5px solid #e3001b;"
			           "background-color:#fde4e4;color:#6b0010;"
			           "font-weight:bold\">"
			         : "<div style=\"margin:0 0 10px 0\">");
			if (strcmp(name, "grace") == 0) {
				char *flat = unwrap_list(val);
				value_html(&e, flat, 1, g->game);
				free(flat);
			} else {
				value_html(&e, val, !user, g->game);
			}
			buf_puts(&e, "</div>");
		}
		tvars_take(&h, name, buf_take(&e));
	}
	/* The picture and its legend (unless words are asked for), then
	 * the words. */
	board_drawing_for(d, g, black_down, words);
	if (d->legend)
		buf_puts(&board, d->legend);
	buf_puts(&board, d->said);
	tvars_set(&h, "diagram", d->table ? d->table : "");
	tvars_set(&h, "legend", buf_str(&board));
	tvars_set(&h, "answers", answers ? answers : "");
	html = reply_template(s, "board.html", &h);
	tvars_free(&h);
	free(answers);
	buf_free(&board);
	return html;
}
