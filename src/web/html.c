/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * html.c - what every page of the site shares: the head with its
 * viewport and style sheet, the footer, links to players and boards,
 * dates, and the style sheet itself.
 *
 * The pages are HTML5 that Debian's tidy accepts without a warning,
 * with no script.  The style sheet is fluid (one column on a phone, the
 * board as wide as the screen), and its colours keep a contrast of at
 * least 4.5:1 (WCAG AA) for text: #1a1a1a on #ffffff, links #0b4ea2.
 */
#include "web/web.h"

#include "util/datewords.h"
#include "util/i18n.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void web_page_head(struct buf *b, const char *title, const char *root,
                   const char *feed)
{
	const char *lang = i18n_current() ? i18n_current() : I18N_ENGLISH;
	size_t i;

	/* The language in use (web_make's), as BCP 47 writes it: pt-BR
	 * for gettext's pt_BR. */
	buf_puts(b, "<!DOCTYPE html>\n<html lang=\"");
	for (i = 0; lang[i]; i++)
		buf_putc(b, lang[i] == '_' ? '-' : lang[i]);
	buf_puts(b, "\">\n<head>\n"
	         "<meta charset=\"utf-8\">\n"
	         "<meta name=\"viewport\" content=\"width=device-width, "
	         "initial-scale=1\">\n<title>");
	buf_put_html(b, title);
	buf_printf(b, "</title>\n<link rel=\"stylesheet\" href=\"%sstyle.css\">\n",
	           root);
	if (feed) {
		buf_puts(b, "<link rel=\"alternate\" type=\"application/atom+xml\" "
		         "title=\"");
		buf_put_html(b, _("Atom feed"));
		buf_puts(b, "\" href=\"");
		buf_printf(b, "%s", root);
		buf_put_html(b, feed);
		buf_puts(b, "\">\n");
	}
	buf_printf(b, "</head>\n<body>\n<header><a class=\"home\" href=\"%s"
	           "index.html\">epamserv</a></header>\n<main>\n<h1>", root);
	buf_put_html(b, title);
	buf_puts(b, "</h1>\n");
}

void web_page_foot(struct buf *b)
{
	buf_printf(b, "</main>\n<footer><p>%s</p></footer>\n</body>\n</html>\n",
	           _("Made by epamserv from the games played by mail. Times "
	           "are UTC."));
}

int web_in_list(char *const *ids, size_t n, const char *userid)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(ids[mid], userid);
		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

int web_hidden(const struct web_site *s, const char *userid)
{
	const struct web_user *u = web_state_user(&s->state, userid);

	return u && u->hidden;
}

int web_publishes(const struct web_site *s, const char *userid)
{
	const struct web_user *u = web_state_user(&s->state, userid);

	return u && u->publishes;
}

void web_board_state(struct web_site *s, struct buf *b, const char *root,
                     const struct web_board *wb)
{
	if (wb->state == GAME_ACTIVE) {
		struct buf who = BUF_INIT;
		web_player_link(s, &who, root, wb->to_move);
		if (wb->deadline)
			/* TRANSLATORS: a player (a link), then a date. */
			buf_printf(b, _("%s to move by %s"), buf_str(&who),
			           web_date(wb->deadline));
		else
			/* TRANSLATORS: %s is a player (a link). */
			buf_printf(b, _("%s to move"), buf_str(&who));
		buf_free(&who);
	} else {
		buf_put_html(b, wb->result_text);
	}
}

void web_player_link(struct web_site *s, struct buf *b, const char *root,
                     const char *userid)
{
	/* While the boards are walked (paged not made yet) the players
	 * named are those of the board being drawn: on the site, with a
	 * page, unless they set web off. */
	if (s->paged ? !web_in_list(s->paged, s->npaged, userid)
	             : web_hidden(s, userid)) {
		buf_put_html(b, userid);
		return;
	}
	buf_printf(b, "<a href=\"%splayers/", root);
	buf_put_html(b, userid);
	buf_puts(b, ".html\">");
	buf_put_html(b, userid);
	buf_puts(b, "</a>");
}

void web_board_path(const char *game, long board, char *buf, size_t len)
{
	snprintf(buf, len, "boards/%s-%ld.html", game, board);
}

void web_board_title(const char *game, long board, const char *white,
                     const char *black, char *buf, size_t len)
{
	/* TRANSLATORS: the game's name, the board's number, the players
	 * of White and of Black. */
	snprintf(buf, len, _("%s board %ld: %s against %s"),
	         web_game_title(game), board, white, black);
}

void web_table_heads(struct buf *b, const char *const *heads)
{
	buf_puts(b, "<tr>");
	for (; *heads; heads++) {
		buf_puts(b, "<th>");
		buf_put_html(b, _(*heads));
		buf_puts(b, "</th>");
	}
	buf_puts(b, "</tr>\n");
}

void web_put_rating(const struct web_site *s, struct buf *b,
                    const struct rating_player *p)
{
	struct rating_shown sh;
	char text[RATING_SHOW_MAX];

	ratings_shown_player(&s->r, p, s->now, &sh);
	buf_printf(b, "<span class=\"%s\">", sh.provisional ? "rating provisional"
	           : "rating");
	buf_put_html(b, ratings_show(&sh, text, sizeof text));
	buf_puts(b, "</span>");
}

void web_put_rating_note(const struct web_site *s, struct buf *b)
{
	char *about = ratings_about(&s->r);

	buf_puts(b, "<p class=\"note\">");
	buf_put_html(b, about);
	buf_puts(b, "</p>\n");
	free(about);
}

const char *web_date(time_t t)
{
	static char out[96];
	struct tm tm;

	if (!gmtime_r(&t, &tm)) {
		snprintf(out, sizeof out, "?");
		return out;
	}
	/* TRANSLATORS: the order of a date with its time on the web site,
	 * "2026-12-24 18:00 UTC"; the {fields} as in the date of a mail
	 * ("{weekday} {day} {month} {year} {HH}:{mm} {zone}"), kept in
	 * braces.  German, as its mails: "{weekday}, {dd}.{MM}.{year},
	 * {HH}:{mm} {zone}". */
	date_pattern_expand(_("{year}-{MM}-{dd} {HH}:{mm} {zone}"), &tm, "UTC",
	                    out, sizeof out);
	return out;
}

const char *web_game_title(const char *game)
{
	return game_title(game);
}

const char *web_css(void)
{
	return
	"/* epamserv's web pages: fluid; board.js draws a board's plies. */\n"
	":root { color-scheme: light; }\n"
	"body { margin: 0; font-family: system-ui, sans-serif; line-height: 1.45;"
	" color: #1a1a1a; background: #ffffff; }\n"
	"header, main, footer { max-width: 60rem; margin: 0 auto;"
	" padding: 0 1rem; }\n"
	"header { padding-top: .6rem; padding-bottom: .6rem;"
	" border-bottom: 1px solid #767676; }\n"
	"a { color: #0b4ea2; }\n"
	"a.home { font-weight: bold; text-decoration: none; }\n"
	"h1 { font-size: 1.5rem; }\n"
	"h2 { font-size: 1.2rem; margin-top: 1.6rem; }\n"
	"table { border-collapse: collapse; max-width: 100%; }\n"
	"th, td { text-align: left; padding: .2rem .6rem .2rem 0;"
	" border-bottom: 1px solid #d0d0d0; }\n"
	".wide { overflow-x: auto; }\n"
	"svg.board { display: block; width: 100%; max-width: 34rem;"
	" height: auto; }\n"
	"svg.chart { display: block; width: 100%; max-width: 40rem;"
	" height: auto; }\n"
	".plyview[hidden] { display: none; }\n"
	"ol.moves li:target, #ply-0:target { background: #fde68a; }\n"
	"ol.moves { display: flex; flex-wrap: wrap; gap: .2rem 1.2rem;"
	" list-style: none; padding-left: 0; }\n"
	"ol.moves li { min-width: 6.5rem; }\n"
	"ol.moves .no { color: #4a4a4a; }\n"
	"@media (max-width: 40rem) {\n"
	" table.list, table.list tbody, table.list tr, table.list td"
	" { display: block; }\n"
	" table.list tr:first-child { display: none; }\n"
	" table.list tr { padding: .3rem 0; border-bottom: 1px solid #d0d0d0; }\n"
	" table.list td { border: 0; padding: 0; }\n"
	" table.list td[data-label]::before { content: attr(data-label) \": \";"
	" color: #4a4a4a; }\n"
	"}\n"
	".note { color: #4a4a4a; }\n"
	"code { overflow-wrap: anywhere; }\n"
	"footer { margin-top: 2rem; padding-top: .6rem; padding-bottom: 1rem;"
	" border-top: 1px solid #767676; color: #4a4a4a; font-size: .9rem; }\n";
}
