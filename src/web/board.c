/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * board.c - the page and the Atom feed of one board.
 *
 * The page shows the players with their ratings, the options and the
 * time control, whose move it is and the deadline as a date (or the
 * result), the position as SVG with its notation, and the move list:
 * move K links to #ply-K, a section hidden until it is the target
 * (CSS :target, no script) that shows the position after it with links
 * to the plies before and after.  The feed has an entry for the start,
 * each of the last FEED_MOVES moves and the end.
 *
 * A move's comment (the text the mail that made it relayed) follows it
 * in the list only when both players publish comments (set USERID
 * PASSWORD publish comments on; README "Records and the web site").
 *
 * The page's stamp is a digest of everything it shows: the game file's
 * text (game_format), the ratings shown, the deadline, whether the
 * comments are shown and the site's language (web_language).  An unchanged
 * stamp skips drawing the page at all.
 */
#include "web/web.h"
#include "services/privacy.h"

#include "services/clock.h"
#include "game/clock.h"
#include "util/i18n.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The newest moves a board's feed lists. */
#define FEED_MOVES 20

/* Bump when the page's layout changes: every board page is redrawn. */
#define BOARD_PAGE_VERSION "1"

/* The rated game of g in s->r (finished and rated), or NULL. */
static const struct rating_game *rated_game(const struct web_site *s,
                                            const struct game *g)
{
	size_t i;

	for (i = s->r.ngames; i-- > 0;)
		if (s->r.games[i].board == g->board &&
		    strcmp(s->r.games[i].game, g->game) == 0)
			return &s->r.games[i];
	return NULL;
}

/* "1616 (1600 before the game)" or "1600" for side of g into buf. */
static void rating_text(const struct web_site *s, const struct game *g,
                        int side, char *buf, size_t len)
{
	const struct rating_game *rg = rated_game(s, g);
	const char *who = side ? g->black : g->white;

	struct rating_shown sh;
	char text[RATING_SHOW_MAX];

	if (rg && g->state == GAME_FINISHED) {
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
		ratings_shown(&s->r, who, ratings_class(g->game, g->opts.width,
		              g->opts.height), s->now, &sh);
		/* TRANSLATORS: a player's rating now: "1734 ± 95", "1580?"
		 * while provisional, or "1616". */
		snprintf(buf, len, _("rating %s"),
		         ratings_show(&sh, text, sizeof text));
	}
}

/* The summary the lists use. */
static void summarise(const struct web_site *s, const struct game *g,
                      struct web_board *wb)
{
	struct svc sv;
	struct board_clock k;

	memset(wb, 0, sizeof *wb);
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

/* The label of the position after ply k of g. */
static void ply_label(const struct game *g, size_t k, char *buf, size_t len)
{
	char desc[128];

	web_svg_describe(&g->seen[k], desc, sizeof desc);
	if (k == 0)
		/* TRANSLATORS: %s is the position in words ("White 14
		 * pieces, Black 14; White to move"). */
		snprintf(buf, len, _("The starting position: %s"), desc);
	else if (k % 2)
		/* TRANSLATORS: a ply's number, White's move, the position in
		 * words. */
		snprintf(buf, len, _("The position after ply %zu, White's %s: "
		         "%s"), k, g->moves[k - 1].text, desc);
	else
		/* TRANSLATORS: a ply's number, Black's move, the position in
		 * words. */
		snprintf(buf, len, _("The position after ply %zu, Black's %s: "
		         "%s"), k, g->moves[k - 1].text, desc);
}

static void facts(struct web_site *s, struct buf *b, const struct game *g,
                  const struct web_board *wb)
{
	char opts[EP_OPTIONS_MAX], set[256], tc[256], rt[96];
	int side;

	buf_puts(b, "<dl>\n");
	for (side = 0; side < 2; side++) {
		rating_text(s, g, side, rt, sizeof rt);
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

/* Whether g's comments go on the site: both players publish them. */
static int board_comments(const struct web_site *s, const struct game *g)
{
	return web_user_publishes_comments(s->cfg->spool, g->white) &&
	       web_user_publishes_comments(s->cfg->spool, g->black);
}

/* The page's text into b. */
static void board_page(struct web_site *s, struct buf *b,
                       const struct game *g, const struct web_board *wb)
{
	int comments = board_comments(s, g);
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
			 * it at some widths (issue 30). */
			buf_printf(b, "<li><span class=\"no\">%zu.</span> "
			           "<a href=\"#ply-%zu\">", k, k);
			buf_put_html(b, g->moves[k - 1].text);
			buf_puts(b, "</a>");
			if (comments && g->moves[k - 1].comment) {
				buf_puts(b, " <q class=\"comment\">");
				buf_put_html(b, g->moves[k - 1].comment);
				buf_puts(b, "</q>");
			}
			buf_puts(b, "</li>\n");
		}
		buf_printf(b, "</ol>\n<p><a href=\"#ply-0\">%s</a></p>\n",
		           _("The starting position"));
	}
	for (k = 0; g->nmoves && k <= g->nmoves; k++) {
		ply_label(g, k, label, sizeof label);
		buf_printf(b, "<section class=\"ply\" id=\"ply-%zu\">\n<h3>", k);
		buf_put_html(b, label);
		buf_puts(b, "</h3>\n");
		web_svg_ply(b, &g->seen[k], k ? g->moves[k - 1].text : "", label);
		buf_puts(b, "<p>");
		if (k > 0)
			buf_printf(b, "<a href=\"#ply-%zu\">%s</a> ", k - 1,
			           _("Previous"));
		if (k < g->nmoves)
			buf_printf(b, "<a href=\"#ply-%zu\">%s</a>", k + 1,
			           _("Next"));
		buf_puts(b, "</p>\n</section>\n");
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

int web_board_pages(struct web_site *s, const struct game *g,
                    struct web_board *wb)
{
	struct buf in = BUF_INIT, b = BUF_INIT;
	char stamp[33], page[96], feed[96], rt[2][96];
	char *text;

	summarise(s, g, wb);
	rating_text(s, g, 0, rt[0], sizeof rt[0]);
	rating_text(s, g, 1, rt[1], sizeof rt[1]);
	text = game_format(g);
	buf_printf(&in, "%s\n%s\n%s\n%s\n%ld\n%d\n%d\n", BOARD_PAGE_VERSION,
	           text, rt[0], rt[1], (long)wb->deadline, s->cfg->forfeit_days,
	           board_comments(s, g));
	/* The site's language, unless English: an English site's stamps
	 * are those of the sites made before web_language. */
	if (i18n_current() && strcmp(i18n_current(), I18N_ENGLISH) != 0)
		buf_printf(&in, "%s\n", i18n_current());
	free(text);
	util_digest_hex(in.data, in.len, stamp);
	buf_free(&in);
	web_board_path(g->game, g->board, page, sizeof page);
	snprintf(feed, sizeof feed, "feeds/boards/%s-%ld.atom", g->game,
	         g->board);
	if (!web_keep(s, page, stamp)) {
		board_page(s, &b, g, wb);
		web_put(s, page, b.data, b.len, stamp);
		buf_reset(&b);
	}
	if (!web_keep(s, feed, stamp)) {
		board_feed(s, &b, g, wb);
		web_put(s, feed, b.data, b.len, stamp);
	}
	buf_free(&b);
	return 0;
}
