/*
 * index.c - the site's front page, the standings and the style sheet.
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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INDEX_ACTIVE 50
#define INDEX_RESULTS 30
#define INDEX_LEADERS 10

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
		if (!n++)
			buf_puts(b, "<div class=\"wide\"><table class=\"list\">\n"
			         "<tr><th>Board</th><th>White</th><th>Black</th>"
			         "<th>State</th><th>Plies</th><th>Last change</th>"
			         "</tr>\n");
		web_board_path(wb->game, wb->board, page, sizeof page);
		buf_printf(b, "<tr><td><a href=\"%s\">%s %ld</a></td>"
		           "<td data-label=\"White\">", page,
		           web_game_title(wb->game), wb->board);
		web_player_link(s, b, "", wb->white);
		buf_puts(b, "</td><td data-label=\"Black\">");
		web_player_link(s, b, "", wb->black);
		buf_puts(b, "</td><td>");
		web_board_state(s, b, "", wb);
		buf_printf(b, "</td><td data-label=\"Plies\">%zu</td>"
		           "<td data-label=\"Last change\">%s</td></tr>\n",
		           wb->nmoves, web_date(wb->updated));
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
			           "\n<tr><th>Rank</th><th>Player</th><th>Rating</th>"
			           "<th>Games</th><th>Won</th><th>Drawn</th><th>Lost</th>"
			           "</tr>\n", head);
			any = 1;
		}
		if (max && rank >= max)
			continue;
		buf_printf(b, "<tr><td data-label=\"Rank\">%d</td><td>", ++rank);
		web_player_link(s, b, "", p->userid);
		buf_printf(b, "</td><td data-label=\"Rating\">%d%s</td>"
		           "<td data-label=\"Games\">%d</td>"
		           "<td data-label=\"Won\">%d</td>"
		           "<td data-label=\"Drawn\">%d</td>"
		           "<td data-label=\"Lost\">%d</td></tr>\n", p->rating,
		           p->games < RATING_PROVISIONAL ? " (provisional)" : "",
		           p->games, p->wins, p->draws, p->losses);
	}
	if (any)
		buf_puts(b, "</table></div>\n");
	else
		buf_puts(b, "<p>No rated game yet.</p>\n");
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

	web_page_head(&b, "Epaminondas by mail", "", NULL);
	buf_printf(&b, "<p>%zu game%s in progress, %zu finished. The %d "
	           "changed last are listed here; every game is on its "
	           "players' pages.</p>\n", active, active == 1 ? "" : "s",
	           s->nboards - active, INDEX_ACTIVE);
	buf_puts(&b, "<h2>Games in progress</h2>\n");
	board_list(s, &b, sorted, GAME_ACTIVE, INDEX_ACTIVE,
	           "No game in progress.");
	buf_puts(&b, "<h2>Recent results</h2>\n");
	board_list(s, &b, sorted, GAME_FINISHED, INDEX_RESULTS,
	           "No game has finished yet.");
	buf_puts(&b, "<h2>Standings</h2>\n<p><a href=\"standings.html\">Every "
	         "rated player</a></p>\n");
	standings(s, &b, INDEX_LEADERS, "h3");
	buf_puts(&b, "<h2>Tournaments</h2>\n");
	buf_puts(&b, tl.len ? buf_str(&tl) : "<p>No tournament yet.</p>\n");
	web_page_foot(&b);
	web_put(s, "index.html", b.data, b.len, NULL);

	buf_reset(&b);
	web_page_head(&b, "Standings", "", NULL);
	buf_puts(&b, "<p>Elo ratings, one per game and board size class; a "
	         "rating is provisional for the first 20 rated games.</p>\n");
	standings(s, &b, 0, "h2");
	web_page_foot(&b);
	web_put(s, "standings.html", b.data, b.len, NULL);

	web_put(s, "style.css", web_css(), strlen(web_css()), NULL);
	free(sorted);
	buf_free(&b);
	buf_free(&tl);
}
