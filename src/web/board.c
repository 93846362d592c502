/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * board.c - the page and the Atom feed of one board.
 *
 * The page shows the players with their ratings, the options and the
 * time control, whose move it is and the deadline as a date (or the
 * result), the position as SVG with its notation, and the move list:
 * move K links to #ply-K, its own item (highlighted as the target, CSS
 * :target).  The site's one script, board.js, draws the position after
 * the ply the address names (#ply-K) below the list, with links to the
 * plies before and after, from what the page carries on the view's
 * element (id "plyview", hidden until drawn):
 *
 *   data-w, data-h   the board's width and height
 *   data-start       the starting position, a character a square ('W',
 *                    'B', '#' a block, '.' empty), rank 1 first, file a
 *                    first within a rank
 *   data-d           for each ply, space-separated, the squares it
 *                    changed: two base-36 digits of the square's index
 *                    (as in data-start) and its new character
 *   data-s, data-i   the position in words ("White 12 pieces, Black 11;
 *                    Black to move"), each sentence once, '|'-separated,
 *                    and for each position from the start which one (two
 *                    base-36 digits)
 *   data-t0..2       the label of the starting position, of a position
 *                    after White's and after Black's ply: the page's
 *                    sentences with {k} (the ply), {m} (the move) and
 *                    {d} (the words) left to fill
 *   data-prev, next  the links' words
 *
 * So a ply costs a few bytes, not a drawing: a 100-ply game's page is a
 * tenth of what it was with a drawing a ply (issue 35 item 5).  Without
 * script the page gives the position now (drawn, in words and in
 * notation) and every move; a note says the other positions need the
 * script.  The feed has an entry for the start, each of the last
 * FEED_MOVES moves and the end.
 *
 * A move's comment (the text the mail that made it relayed) follows it
 * in the list only when both players publish comments (set USERID
 * PASSWORD publish comments on; README "Records and the web site").
 *
 * The page's stamp is a digest of everything it and the feed show: the
 * digest of the game file's text (game_format), the ratings shown, the
 * deadline, whether the comments are shown, the feed's tag and web_url
 * and the site's language (web_language).
 * An unchanged stamp skips drawing the page at all, and the stamp can be
 * made from a board's summary (struct web_cached) without reading it.
 */
#include "web/web.h"
#include "services/privacy.h"
#include "services/weblink.h"

#include "services/clock.h"
#include "game/clock.h"
#include "util/i18n.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The newest moves a board's feed lists. */
#define FEED_MOVES 20

/* The rated game of board wb in s->r (finished and rated), or NULL. */
static const struct rating_game *rated_game(const struct web_site *s,
                                            const struct web_board *wb)
{
	size_t i;

	for (i = s->r.ngames; i-- > 0;)
		if (s->r.games[i].board == wb->board &&
		    strcmp(s->r.games[i].game, wb->game) == 0)
			return &s->r.games[i];
	return NULL;
}

/* "1616 (1600 before the game)" or "1600" for side of board wb into
 * buf. */
static void rating_text(const struct web_site *s, const struct web_board *wb,
                        int side, char *buf, size_t len)
{
	const struct rating_game *rg = rated_game(s, wb);
	const char *who = side ? wb->black : wb->white;

	struct rating_shown sh;
	char text[RATING_SHOW_MAX];

	if (rg && wb->state == GAME_FINISHED) {
		ratings_shown_after(&s->r, side ? rg->black_after
		                    : rg->white_after, side ? rg->black_rd
		                    : rg->white_rd, &sh);
		/* TRANSLATORS: a player's rating after a game ("1734 ± 95",
		 * "1580?" while provisional, or "1616"), then his rating
		 * before it. */
		snprintf(buf, len, _("rating %s, %d before this game"),
		         ratings_show(&sh, text, sizeof text),
		         side ? rg->black_before : rg->white_before);
	} else {
		ratings_shown(&s->r, who, wb->cls, s->now, &sh);
		/* TRANSLATORS: a player's rating now: "1734 ± 95", "1580?"
		 * while provisional, or "1616". */
		snprintf(buf, len, _("rating %s"),
		         ratings_show(&sh, text, sizeof text));
	}
}

/* The summary the lists use. */
void web_board_summary(const struct web_site *s, const struct game *g,
                       struct web_cached *c)
{
	struct web_board *wb = &c->wb;
	struct svc sv;
	struct board_clock k;
	char *text;

	memset(c, 0, sizeof *c);
	c->shown = web_board_shown(g);
	text = game_format(g);
	util_digest_hex(text, strlen(text), c->text);
	free(text);
	snprintf(wb->game, sizeof wb->game, "%s", g->game);
	wb->board = g->board;
	snprintf(wb->white, sizeof wb->white, "%s", g->white);
	snprintf(wb->black, sizeof wb->black, "%s", g->black);
	wb->state = g->state;
	wb->result = g->result;
	game_result_words(g, wb->result_text, sizeof wb->result_text);
	snprintf(wb->to_move, sizeof wb->to_move, "%s", game_to_move(g));
	wb->nmoves = g->nmoves;
	wb->created = g->created;
	wb->updated = g->updated;
	snprintf(wb->tourney, sizeof wb->tourney, "%s", g->tourney);
	wb->round = g->tourney_round;
	wb->cls = ratings_class(g->game, g->opts.width, g->opts.height);
	svc_init(&sv, s->cfg, s->now);
	if (g->state == GAME_ACTIVE && board_clock(&sv, g, &k) == 0)
		wb->deadline = k.deadline;
}

/* The three kinds of a position's label: the start, after White's ply,
 * after Black's. */
enum label_kind { LABEL_START, LABEL_WHITE, LABEL_BLACK };

/* A position's label of kind for ply k, move and desc into buf. */
static void label_of(enum label_kind kind, size_t k, const char *move,
                     const char *desc, char *buf, size_t len)
{
	if (kind == LABEL_START)
		/* TRANSLATORS: %s is the position in words ("White 14
		 * pieces, Black 14; White to move"). */
		snprintf(buf, len, _("The starting position: %s"), desc);
	else if (kind == LABEL_WHITE)
		/* TRANSLATORS: a ply's number, White's move, the position in
		 * words. */
		snprintf(buf, len, _("The position after ply %zu, White's %s: "
		         "%s"), k, move, desc);
	else
		/* TRANSLATORS: a ply's number, Black's move, the position in
		 * words. */
		snprintf(buf, len, _("The position after ply %zu, Black's %s: "
		         "%s"), k, move, desc);
}

/* The label of the position after ply k of g. */
static void ply_label(const struct game *g, size_t k, char *buf, size_t len)
{
	char desc[128];

	web_svg_describe(&g->seen[k], desc, sizeof desc);
	label_of(k == 0 ? LABEL_START : k % 2 ? LABEL_WHITE : LABEL_BLACK, k,
	         k ? g->moves[k - 1].text : "", desc, buf, len);
}

/* A ply number no label holds otherwise, and the characters that stand
 * for the move and the words while a template is made. */
#define TPL_PLY ((size_t)918273645)
#define TPL_PLY_TEXT "918273645"

/* The label of kind with {k}, {m} and {d} left to fill, into b
 * (escaped for an attribute). */
static void label_template(struct buf *b, enum label_kind kind)
{
	char raw[400];
	struct buf t = BUF_INIT;
	const char *p;

	label_of(kind, TPL_PLY, "\x01", "\x02", raw, sizeof raw);
	for (p = raw; *p; p++) {
		if (strncmp(p, TPL_PLY_TEXT, strlen(TPL_PLY_TEXT)) == 0) {
			buf_puts(&t, "{k}");
			p += strlen(TPL_PLY_TEXT) - 1;
		} else if (*p == '\x01') {
			buf_puts(&t, "{m}");
		} else if (*p == '\x02') {
			buf_puts(&t, "{d}");
		} else {
			buf_putc(&t, *p);
		}
	}
	buf_put_html(b, buf_str(&t));
	buf_free(&t);
}

/* The character of a square in data-start and data-d. */
static char cell_char(const struct ep_position *p, int f, int r)
{
	int c = ep_cell_at(p, f, r);

	return c == EP_WPIECE ? 'W' : c == EP_BPIECE ? 'B' : c == EP_BLOCK ?
	       '#' : '.';
}

static void base36(struct buf *b, unsigned v)
{
	static const char d[] = "0123456789abcdefghijklmnopqrstuvwxyz";

	buf_putc(b, d[v / 36 % 36]);
	buf_putc(b, d[v % 36]);
}

/* The element the script draws a ply's position into, with what it
 * needs (the comment at the top); nothing when the game does not fit
 * its encoding (then the page has no script's view). */
static void ply_view(struct buf *b, const struct game *g)
{
	const struct ep_position *p0 = &g->seen[0];
	int w = p0->width, h = p0->height, f, r;
	char **descs = xmalloc((g->nmoves + 1) * sizeof *descs);
	size_t ndesc = 0, k, i;
	struct buf idx = BUF_INIT, list = BUF_INIT;
	int ok = w * h <= 36 * 36;

	for (k = 0; ok && k <= g->nmoves; k++) {
		char desc[128];
		web_svg_describe(&g->seen[k], desc, sizeof desc);
		for (i = 0; i < ndesc && strcmp(descs[i], desc) != 0; i++)
			;
		if (i == ndesc) {
			if (strchr(desc, '|'))
				ok = 0;
			descs[ndesc++] = xstrdup(desc);
		}
		if (i >= 36 * 36)
			ok = 0;
		else
			base36(&idx, (unsigned)i);
	}
	for (i = 0; i < ndesc; i++) {
		if (i)
			buf_putc(&list, '|');
		buf_puts(&list, descs[i]);
		free(descs[i]);
	}
	free(descs);
	if (ok) {
		buf_printf(b, "<section class=\"plyview\" id=\"plyview\" hidden "
		           "data-w=\"%d\" data-h=\"%d\" data-start=\"", w, h);
		for (r = 0; r < h; r++)
			for (f = 0; f < w; f++)
				buf_putc(b, cell_char(p0, f, r));
		buf_puts(b, "\" data-d=\"");
		for (k = 1; k <= g->nmoves; k++) {
			const struct ep_position *a = &g->seen[k - 1], *z = &g->seen[k];
			if (k > 1)
				buf_putc(b, ' ');
			for (r = 0; r < h && z->width == w && z->height == h; r++)
				for (f = 0; f < w; f++)
					if (cell_char(a, f, r) != cell_char(z, f, r)) {
						base36(b, (unsigned)(r * w + f));
						buf_putc(b, cell_char(z, f, r));
					}
		}
		buf_puts(b, "\" data-s=\"");
		buf_put_html(b, buf_str(&list));
		buf_printf(b, "\" data-i=\"%s\" data-t0=\"", buf_str(&idx));
		label_template(b, LABEL_START);
		buf_puts(b, "\" data-t1=\"");
		label_template(b, LABEL_WHITE);
		buf_puts(b, "\" data-t2=\"");
		label_template(b, LABEL_BLACK);
		buf_puts(b, "\" data-prev=\"");
		buf_put_html(b, _("Previous"));
		buf_puts(b, "\" data-next=\"");
		buf_put_html(b, _("Next"));
		buf_puts(b, "\"></section>\n");
		buf_printf(b, "<noscript><p class=\"note\">%s</p></noscript>\n",
		           _("The positions after the earlier moves are drawn by "
		             "the page's script; without it, the position above "
		             "is the one now."));
		buf_puts(b, "<script src=\"../board.js\"></script>\n");
	}
	buf_free(&idx);
	buf_free(&list);
}

static void facts(struct web_site *s, struct buf *b, const struct game *g,
                  const struct web_board *wb)
{
	char opts[EP_OPTIONS_MAX], set[256], tc[256], rt[96];
	int side;

	buf_puts(b, "<dl>\n");
	for (side = 0; side < 2; side++) {
		rating_text(s, wb, side, rt, sizeof rt);
		buf_printf(b, "<dt>%s</dt><dd>", side ? _("Black") : _("White"));
		web_player_link(s, b, "../", side ? g->black : g->white);
		buf_printf(b, " (%s)</dd>\n", rt);
	}
	ep_options_format(&g->opts, opts, sizeof opts);
	game_settings_format(g, set, sizeof set);
	buf_printf(b, "<dt>%s</dt><dd>", _("Options"));
	buf_put_html(b, opts);
	buf_put_html(b, set);
	buf_printf(b, "</dd>\n<dt>%s</dt><dd>", _("Time control"));
	tc_describe(&g->tc, (long)s->cfg->forfeit_days * 86400, tc, sizeof tc);
	buf_put_html(b, tc);
	buf_printf(b, "</dd>\n<dt>%s</dt><dd>%s</dd>\n", _("Started"),
	           web_date(g->agreed[1] > g->agreed[0] ? g->agreed[1]
	                    : g->agreed[0] ? g->agreed[0] : g->created));
	buf_printf(b, "<dt>%s</dt><dd>%s</dd>\n", _("Last change"),
	           web_date(g->updated));
	if (g->tourney[0]) {
		struct buf link = BUF_INIT;
		buf_puts(&link, "<a href=\"../tournaments/");
		buf_put_html(&link, g->tourney);
		buf_puts(&link, ".html\">");
		buf_put_html(&link, g->tourney);
		buf_puts(&link, "</a>");
		buf_printf(b, "<dt>%s</dt><dd>", _("Tournament"));
		/* TRANSLATORS: %s is the tournament's name (a link), %d the
		 * round the game is of. */
		buf_printf(b, _("%s, round %d"), buf_str(&link), g->tourney_round);
		buf_puts(b, "</dd>\n");
		buf_free(&link);
	}
	if (g->state == GAME_ACTIVE) {
		buf_printf(b, "<dt>%s</dt><dd>", _("To move"));
		web_player_link(s, b, "../", wb->to_move);
		buf_puts(b, "</dd>\n");
		if (wb->deadline) {
			char iso[32], when[128];
			util_iso_time(wb->deadline, iso, sizeof iso);
			snprintf(when, sizeof when, "<time datetime=\"%s\">%s</time>",
			         iso, web_date(wb->deadline));
			buf_printf(b, "<dt>%s</dt><dd>", _("Deadline"));
			/* TRANSLATORS: %s is the deadline, a date. */
			buf_printf(b, _("%s (a leave of the player to move puts it "
			           "later)"), when);
			buf_puts(b, "</dd>\n");
		}
	} else {
		buf_printf(b, "<dt>%s</dt><dd>", _("Result"));
		buf_put_html(b, wb->result_text);
		buf_puts(b, "</dd>\n");
	}
	buf_puts(b, "</dl>\n");
}

/* Whether wb's comments go on the site: both players publish them. */
static int board_comments(const struct web_site *s,
                          const struct web_board *wb)
{
	return web_publishes(s, wb->white) && web_publishes(s, wb->black);
}

/* The page's text into b. */
static void board_page(struct web_site *s, struct buf *b,
                       const struct game *g, const struct web_board *wb)
{
	int comments = board_comments(s, wb);
	char title[160], feed[96], label[300], pos[EP_POSITION_MAX];
	struct buf note = BUF_INIT, code = BUF_INIT;
	size_t k;

	web_board_title(g->game, g->board, g->white, g->black, title,
	                sizeof title);
	snprintf(feed, sizeof feed, "feeds/boards/%s-%ld.atom", g->game,
	         g->board);
	web_page_head(b, title, "../", feed);
	facts(s, b, g, wb);
	buf_printf(b, "<h2>%s</h2>\n", _("Position"));
	ply_label(g, g->nmoves, label, sizeof label);
	web_svg_board(b, &g->pos, g->nmoves ? g->moves[g->nmoves - 1].text : "",
	              label, 1);
	ep_position_format(&g->pos, pos);
	buf_puts(b, "<p class=\"note\">");
	buf_put_html(&note, label);
	buf_puts(&code, "<code>");
	buf_put_html(&code, pos);
	buf_puts(&code, "</code>");
	/* TRANSLATORS: the position's label ("The position after ply 3,
	 * White's e3-e5: ..."), then its notation. */
	buf_printf(b, _("%s. Notation: %s"), buf_str(&note), buf_str(&code));
	buf_free(&note);
	buf_free(&code);
	buf_printf(b, "</p>\n<h2>%s</h2>\n", _("Moves"));
	if (!g->nmoves) {
		buf_printf(b, "<p>%s</p>\n", _("No move yet."));
	} else {
		buf_printf(b, "<p class=\"note\">%s</p>\n<ol class=\"moves\">\n",
		           _("Each move links to the position after it."));
		for (k = 1; k <= g->nmoves; k++) {
			/* The number written in the item, not a list marker: a
			 * marker hangs outside its item, over the ply before
			 * it at some widths (issue 30).  The item is the
			 * link's target: the script draws the position. */
			buf_printf(b, "<li id=\"ply-%zu\"><span class=\"no\">%zu."
			           "</span> <a href=\"#ply-%zu\">", k, k, k);
			buf_put_html(b, g->moves[k - 1].text);
			buf_puts(b, "</a>");
			if (comments && g->moves[k - 1].comment) {
				buf_puts(b, " <q class=\"comment\">");
				buf_put_html(b, g->moves[k - 1].comment);
				buf_puts(b, "</q>");
			}
			buf_puts(b, "</li>\n");
		}
		buf_printf(b, "</ol>\n<p id=\"ply-0\"><a href=\"#ply-0\">%s</a>"
		           "</p>\n", _("The starting position"));
		ply_view(b, g);
	}
	web_page_foot(b);
}

/* The feed's text into b. */
static void board_feed(struct web_site *s, struct buf *b,
                       const struct game *g, const struct web_board *wb)
{
	char title[160], self[96], page[96], id[96], sum[256];
	char t[GAME_RESULT_WORDS_MAX + 64];
	size_t k, from = g->nmoves > FEED_MOVES ? g->nmoves - FEED_MOVES : 0;

	web_board_title(g->game, g->board, g->white, g->black, title,
	                sizeof title);
	snprintf(self, sizeof self, "feeds/boards/%s-%ld.atom", g->game,
	         g->board);
	web_board_path(g->game, g->board, page, sizeof page);
	snprintf(id, sizeof id, "board/%s/%ld", g->game, g->board);
	web_feed_start(s, b, title, self, page, id, g->updated);
	if (g->state == GAME_FINISHED) {
		snprintf(id, sizeof id, "board/%s/%ld/end", g->game, g->board);
		/* TRANSLATORS: a board's number, then its result in words. */
		snprintf(t, sizeof t, _("Board %ld is over: %s"), g->board,
		         wb->result_text);
		web_feed_entry(s, b, t, page, id, g->end_when ? g->end_when
		               : g->updated, wb->result_text);
	}
	for (k = g->nmoves; k-- > from;) {
		snprintf(id, sizeof id, "board/%s/%ld/ply/%zu", g->game, g->board,
		         k + 1);
		/* TRANSLATORS: a board's number, a ply's number, the player
		 * who made it and the move. */
		snprintf(t, sizeof t, _("Board %ld, ply %zu: %s %s"), g->board,
		         k + 1, k % 2 ? g->black : g->white, g->moves[k].text);
		web_svg_describe(&g->seen[k + 1], sum, sizeof sum);
		web_feed_entry(s, b, t, page, id, g->moves[k].when, sum);
	}
	if (from == 0) {
		snprintf(id, sizeof id, "board/%s/%ld/start", g->game, g->board);
		/* TRANSLATORS: a board's number, the players of White and of
		 * Black. */
		snprintf(t, sizeof t, _("Board %ld starts: %s (White) against "
		         "%s (Black)"), g->board, g->white, g->black);
		web_feed_entry(s, b, t, page, id, g->created, t);
	}
	web_feed_end(b);
}

/* The stamp of the page and feed of the board c summarises into stamp
 * (33 bytes). */
static void board_stamp(const struct web_site *s, const struct web_cached *c,
                        char *stamp)
{
	struct buf in = BUF_INIT;
	char rt[2][96];

	rating_text(s, &c->wb, 0, rt[0], sizeof rt[0]);
	rating_text(s, &c->wb, 1, rt[1], sizeof rt[1]);
	buf_printf(&in, "%s\n%s\n%s\n%s\n%ld\n%d\n%d\n", WEB_BOARD_PAGE_VERSION,
	           c->text, rt[0], rt[1], (long)c->wb.deadline,
	           s->cfg->forfeit_days, board_comments(s, &c->wb));
	/* The feed's ids and links: the server's domain and web_url. */
	buf_printf(&in, "%s\n%s\n", s->tag, s->cfg->web_url ? s->cfg->web_url
	           : "");
	/* The site's language, unless English: an English site's stamps
	 * are those of the sites made before web_language. */
	if (i18n_current() && strcmp(i18n_current(), I18N_ENGLISH) != 0)
		buf_printf(&in, "%s\n", i18n_current());
	util_digest_hex(in.data, in.len, stamp);
	buf_free(&in);
}

int web_board_keep(struct web_site *s, const struct web_cached *c)
{
	char stamp[33], page[96], feed[96];

	board_stamp(s, c, stamp);
	web_board_path(c->wb.game, c->wb.board, page, sizeof page);
	snprintf(feed, sizeof feed, "feeds/boards/%s-%ld.atom", c->wb.game,
	         c->wb.board);
	/* Both or neither: web_keep records what it keeps. */
	if (!web_can_keep(s, page, stamp) || !web_can_keep(s, feed, stamp))
		return 0;
	web_keep(s, page, stamp);
	web_keep(s, feed, stamp);
	return 1;
}

int web_board_pages(struct web_site *s, const struct game *g,
                    const struct web_cached *c)
{
	struct buf b = BUF_INIT;
	char stamp[33], page[96], feed[96];
	int rc = 0;

	board_stamp(s, c, stamp);
	web_board_path(g->game, g->board, page, sizeof page);
	snprintf(feed, sizeof feed, "feeds/boards/%s-%ld.atom", g->game,
	         g->board);
	if (!web_keep(s, page, stamp)) {
		board_page(s, &b, g, &c->wb);
		rc |= web_put(s, page, b.data, b.len, stamp);
		buf_reset(&b);
	}
	if (!web_keep(s, feed, stamp)) {
		board_feed(s, &b, g, &c->wb);
		rc |= web_put(s, feed, b.data, b.len, stamp);
	}
	buf_free(&b);
	return rc ? -1 : 0;
}
