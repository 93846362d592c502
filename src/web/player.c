/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * player.c - a page and an Atom feed per player on the site.
 *
 * A player's page lists their ratings (one per rating class they
 * played, ratings.h), a rating history chart per class, and every board
 * of theirs on the site, the latest change first.  Their feed has an
 * entry for each of their FEED_BOARDS boards changed last.  Players who
 * set web off have neither (site.c leaves their boards out).
 */
#include "web/web.h"

#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FEED_BOARDS 20

/* One board seen from one of its players. */
struct seat {
	const char *userid;
	const struct web_board *wb;
};

static int seat_cmp(const void *a, const void *b)
{
	const struct seat *x = a, *y = b;
	int c = strcmp(x->userid, y->userid);

	if (c)
		return c;
	if (x->wb->updated != y->wb->updated)
		return x->wb->updated > y->wb->updated ? -1 : 1;
	if (x->wb->board != y->wb->board)
		return x->wb->board > y->wb->board ? -1 : 1;
	return strcmp(x->wb->game, y->wb->game);
}

/* The column heads of a player's ratings and games. */
static const char *const rating_heads[] = {
	N_("Class"), N_("Rating"), N_("Games"), N_("Won"), N_("Drawn"),
	N_("Lost"), NULL
};
static const char *const game_heads[] = {
	N_("Board"), N_("Colour"), N_("Opponent"), N_("State"), N_("Plies"),
	N_("Last change"), NULL
};

static void ratings_table(struct web_site *s, struct buf *b,
                          const char *userid)
{
	size_t i;
	int any = 0;

	for (i = 0; i < s->r.nplayers; i++) {
		const struct rating_player *p = &s->r.players[i];
		if (strcmp(p->userid, userid) != 0)
			continue;
		if (!any++) {
			buf_printf(b, "<h2>%s</h2>\n<div class=\"wide\"><table>\n",
			           _("Ratings"));
			web_table_heads(b, rating_heads);
		}
		buf_printf(b, "<tr><td>%s</td><td>", ratings_class_name(p->cls));
		web_put_rating(s, b, p);
		buf_printf(b, "</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td>"
		           "</tr>\n", p->games, p->wins, p->draws, p->losses);
	}
	if (!any) {
		buf_printf(b, "<p>%s</p>\n", _("No rated game yet."));
		return;
	}
	buf_puts(b, "</table></div>\n");
	web_put_rating_note(s, b);
	buf_printf(b, "<h2>%s</h2>\n", _("Rating history"));
	for (i = 0; i < s->r.nplayers; i++)
		if (strcmp(s->r.players[i].userid, userid) == 0)
			web_svg_rating_chart(b, &s->r, userid, s->r.players[i].cls);
}

static void player_page(struct web_site *s, const struct seat *st, size_t n)
{
	struct buf b = BUF_INIT;
	char path[96], title[96], feed[96];
	const char *u = st[0].userid;
	size_t i;

	/* TRANSLATORS: %s is a userid. */
	snprintf(title, sizeof title, _("Player %s"), u);
	snprintf(feed, sizeof feed, "feeds/players/%s.atom", u);
	web_page_head(&b, title, "../", feed);
	ratings_table(s, &b, u);
	buf_printf(&b, "<h2>%s</h2>\n<div class=\"wide\"><table>\n",
	           _("Games"));
	web_table_heads(&b, game_heads);
	for (i = 0; i < n; i++) {
		const struct web_board *wb = st[i].wb;
		int black = strcmp(wb->black, u) == 0;
		char page[96];
		web_board_path(wb->game, wb->board, page, sizeof page);
		buf_printf(&b, "<tr><td><a href=\"../%s\">%s %ld</a></td><td>%s</td>"
		           "<td>", page, web_game_title(wb->game), wb->board,
		           black ? _("Black") : _("White"));
		web_player_link(s, &b, "../", black ? wb->white : wb->black);
		buf_puts(&b, "</td><td>");
		web_board_state(s, &b, "../", wb);
		buf_printf(&b, "</td><td>%zu</td><td>%s</td></tr>\n", wb->nmoves,
		           web_date(wb->updated));
	}
	buf_puts(&b, "</table></div>\n");
	web_page_foot(&b);
	snprintf(path, sizeof path, "players/%s.html", u);
	web_put(s, path, b.data, b.len, NULL);
	buf_free(&b);
}

static void player_feed(struct web_site *s, const struct seat *st, size_t n)
{
	struct buf b = BUF_INIT, sum = BUF_INIT;
	char self[96], page[96], id[96], title[160];
	const char *u = st[0].userid;
	size_t i;

	snprintf(self, sizeof self, "feeds/players/%s.atom", u);
	snprintf(page, sizeof page, "players/%s.html", u);
	snprintf(id, sizeof id, "player/%s", u);
	/* TRANSLATORS: %s is a userid. */
	snprintf(title, sizeof title, _("The games of %s"), u);
	web_feed_start(s, &b, title, self, page, id, st[0].wb->updated);
	for (i = 0; i < n && i < FEED_BOARDS; i++) {
		const struct web_board *wb = st[i].wb;
		char bp[96];
		web_board_path(wb->game, wb->board, bp, sizeof bp);
		snprintf(id, sizeof id, "player/%s/%s/%ld", u, wb->game, wb->board);
		web_board_title(wb->game, wb->board, wb->white, wb->black, title,
		                sizeof title);
		buf_reset(&sum);
		if (wb->state == GAME_ACTIVE)
			/* TRANSLATORS: the plies played, then the player to
			 * move. */
			buf_printf(&sum, ngettext("%zu ply; %s to move",
			                          "%zu plies; %s to move",
			                          wb->nmoves), wb->nmoves,
			           wb->to_move);
		else
			buf_printf(&sum, "%s", wb->result_text);
		web_feed_entry(s, &b, title, bp, id, wb->updated, buf_str(&sum));
	}
	web_feed_end(&b);
	web_put(s, self, b.data, b.len, NULL);
	buf_free(&b);
	buf_free(&sum);
}

void web_player_pages(struct web_site *s)
{
	struct seat *st;
	size_t i, j, n = 0;

	if (!s->nboards)
		return;
	st = xmalloc(2 * s->nboards * sizeof *st);
	for (i = 0; i < s->nboards; i++) {
		st[n].userid = s->boards[i].white;
		st[n++].wb = &s->boards[i];
		st[n].userid = s->boards[i].black;
		st[n++].wb = &s->boards[i];
	}
	qsort(st, n, sizeof *st, seat_cmp);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && strcmp(st[j].userid, st[i].userid) == 0; j++)
			;
		player_page(s, st + i, j - i);
		player_feed(s, st + i, j - i);
	}
	free(st);
}
