/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * index.c - the site's front page, the standings, the style sheet and
 * the boards' script.
 *
 * index.html lists the INDEX_ACTIVE boards in progress changed last,
 * the INDEX_RESULTS latest results, the INDEX_LEADERS best of each
 * rating class and the tournaments; every board is reachable from its
 * players' pages.  standings.html has every rating class in full.  A
 * player who set web off is in neither (their rating still counts for
 * their opponents, as ratings.h replays every rated game).
 *
 * Their tables are of class "list": on a narrow screen (a 390 px phone)
 * the style sheet lays each row out as a block, each cell labelled by
 * its data-label, so nothing scrolls sideways (issue 30).
 */
#include "web/web.h"

#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INDEX_ACTIVE 50
#define INDEX_RESULTS 30
#define INDEX_LEADERS 10

/* The column heads of the lists of boards and of the standings. */
static const char *const board_heads[] = {
	N_("Board"), N_("White"), N_("Black"), N_("State"), N_("Plies"),
	N_("Last change"), NULL
};
static const char *const standing_heads[] = {
	N_("Rank"), N_("Player"), N_("Rating"), N_("Games"), N_("Won"),
	N_("Drawn"), N_("Lost"), NULL
};

/* "<td data-label=\"LABEL\">": a cell labelled (translated) for a
 * narrow screen. */
static void cell(struct buf *b, const char *label)
{
	buf_puts(b, "<td data-label=\"");
	buf_put_html(b, label);
	buf_puts(b, "\">");
}

static int by_update(const void *a, const void *b)
{
	const struct web_board *x = *(const struct web_board *const *)a;
	const struct web_board *y = *(const struct web_board *const *)b;

	if (x->updated != y->updated)
		return x->updated > y->updated ? -1 : 1;
	if (x->board != y->board)
		return x->board > y->board ? -1 : 1;
	return strcmp(x->game, y->game);
}

/* Up to max boards of state, latest change first, as a table. */
static void board_list(struct web_site *s, struct buf *b,
                       const struct web_board **sorted, int state,
                       size_t max, const char *none)
{
	size_t i, n = 0;

	for (i = 0; i < s->nboards && n < max; i++) {
		const struct web_board *wb = sorted[i];
		char page[96];
		if ((int)wb->state != state)
			continue;
		if (!n++) {
			buf_puts(b, "<div class=\"wide\"><table class=\"list\">\n");
			web_table_heads(b, board_heads);
		}
		web_board_path(wb->game, wb->board, page, sizeof page);
		buf_printf(b, "<tr><td><a href=\"%s\">%s %ld</a></td>", page,
		           web_game_title(wb->game), wb->board);
		cell(b, _("White"));
		web_player_link(s, b, "", wb->white);
		buf_puts(b, "</td>");
		cell(b, _("Black"));
		web_player_link(s, b, "", wb->black);
		buf_puts(b, "</td><td>");
		web_board_state(s, b, "", wb);
		buf_puts(b, "</td>");
		cell(b, _("Plies"));
		buf_printf(b, "%zu</td>", wb->nmoves);
		cell(b, _("Last change"));
		buf_printf(b, "%s</td></tr>\n", web_date(wb->updated));
	}
	if (n)
		buf_puts(b, "</table></div>\n");
	else
		buf_printf(b, "<p>%s</p>\n", none);
}

/* The standings of every class, at most max a class (0: all). */
static void standings(struct web_site *s, struct buf *b, int max,
                      const char *head)
{
	size_t i;
	int cls = -1, rank = 0, any = 0;

	for (i = 0; i < s->r.nplayers; i++) {
		const struct rating_player *p = &s->r.players[i];
		if (web_hidden(s, p->userid))
			continue;
		if (p->cls != cls) {
			if (cls >= 0)
				buf_puts(b, "</table></div>\n");
			cls = p->cls;
			rank = 0;
			buf_printf(b, "<%s>", head);
			buf_put_html(b, ratings_class_title(cls));
			buf_printf(b, "</%s>\n<div class=\"wide\"><table class=\"list\">"
			           "\n", head);
			web_table_heads(b, standing_heads);
			any = 1;
		}
		if (max && rank >= max)
			continue;
		buf_puts(b, "<tr>");
		cell(b, _("Rank"));
		buf_printf(b, "%d</td><td>", ++rank);
		web_player_link(s, b, "", p->userid);
		buf_puts(b, "</td>");
		cell(b, _("Rating"));
		web_put_rating(s, b, p);
		buf_puts(b, "</td>");
		cell(b, _("Games"));
		buf_printf(b, "%d</td>", p->games);
		cell(b, _("Won"));
		buf_printf(b, "%d</td>", p->wins);
		cell(b, _("Drawn"));
		buf_printf(b, "%d</td>", p->draws);
		cell(b, _("Lost"));
		buf_printf(b, "%d</td></tr>\n", p->losses);
	}
	if (any) {
		buf_puts(b, "</table></div>\n");
		if (!max)
			web_put_rating_note(s, b);
	} else {
		buf_printf(b, "<p>%s</p>\n", _("No rated game yet."));
	}
}

void web_index_pages(struct web_site *s)
{
	struct buf b = BUF_INIT, tl = BUF_INIT;
	const struct web_board **sorted;
	size_t i, active = 0;

	sorted = xmalloc((s->nboards ? s->nboards : 1) * sizeof *sorted);
	for (i = 0; i < s->nboards; i++) {
		sorted[i] = &s->boards[i];
		active += s->boards[i].state == GAME_ACTIVE;
	}
	qsort(sorted, s->nboards, sizeof *sorted, by_update);
	web_tourney_pages(s, &tl);

	web_page_head(&b, _("Epaminondas by mail"), "", NULL);
	buf_puts(&b, "<p>");
	/* TRANSLATORS: the games in progress, then the games finished. */
	buf_printf(&b, ngettext("%zu game in progress, %zu finished.",
	                        "%zu games in progress, %zu finished.", active),
	           active, s->nboards - active);
	buf_putc(&b, ' ');
	buf_printf(&b, ngettext("The %d changed last is listed here; every "
	                        "game is on its players' pages.",
	                        "The %d changed last are listed here; every "
	                        "game is on its players' pages.", INDEX_ACTIVE),
	           INDEX_ACTIVE);
	buf_puts(&b, "</p>\n");
	buf_printf(&b, "<h2>%s</h2>\n", _("Games in progress"));
	board_list(s, &b, sorted, GAME_ACTIVE, INDEX_ACTIVE,
	           _("No game in progress."));
	buf_printf(&b, "<h2>%s</h2>\n", _("Recent results"));
	board_list(s, &b, sorted, GAME_FINISHED, INDEX_RESULTS,
	           _("No game has finished yet."));
	buf_printf(&b, "<h2>%s</h2>\n<p><a href=\"standings.html\">%s</a></p>\n",
	           _("Standings"), _("Every rated player"));
	standings(s, &b, INDEX_LEADERS, "h3");
	buf_printf(&b, "<h2>%s</h2>\n", _("Tournaments"));
	if (tl.len)
		buf_puts(&b, buf_str(&tl));
	else
		buf_printf(&b, "<p>%s</p>\n", _("No tournament yet."));
	web_page_foot(&b);
	web_put(s, "index.html", b.data, b.len, NULL);

	buf_reset(&b);
	web_page_head(&b, _("Standings"), "", NULL);
	buf_puts(&b, "<p>");
	/* The system (Elo, Glicko, Glicko-2) and its marks: the note
	 * after the tables (web_put_rating_note). */
	buf_puts(&b, _("Ratings, one per game and board size class; the rating "
	               "system and what \"±\" and \"?\" mean are explained "
	               "below the tables."));
	buf_puts(&b, "</p>\n");
	standings(s, &b, 0, "h2");
	web_page_foot(&b);
	web_put(s, "standings.html", b.data, b.len, NULL);

	web_put(s, "style.css", web_css(), strlen(web_css()), NULL);
	web_put(s, "board.js", web_board_js(), strlen(web_board_js()), NULL);
	free(sorted);
	buf_free(&b);
	buf_free(&tl);
}
