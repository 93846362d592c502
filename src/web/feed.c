/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * feed.c - Atom 1.0 feeds (RFC 4287) of the site.
 *
 * Every feed and entry has an id "tag:DOMAIN,2026:board/GAME/N/..."
 * (RFC 4151; DOMAIN is the domain of the server's From address, never a
 * player's), an updated time and a link to its page: absolute under
 * web_url when that is set, else relative to the feed's own place
 * (feeds/boards/ or feeds/players/, so "../../").  The author is the
 * server.
 */
#include "web/web.h"

#include "util/util.h"

#include <stdio.h>
#include <string.h>

/* The address of page (relative to DIR) as a feed links to it. */
static void feed_href(const struct web_site *s, struct buf *b,
                      const char *page)
{
	const char *url = s->cfg->web_url;

	if (url && *url) {
		buf_put_html(b, url);
		if (url[strlen(url) - 1] != '/')
			buf_putc(b, '/');
	} else {
		buf_puts(b, "../../");
	}
	buf_put_html(b, page);
}

/* The title, id and updated elements of a feed or an entry. */
static void head(const struct web_site *s, struct buf *b, const char *title,
                 const char *id, time_t updated)
{
	char iso[32];

	util_iso_time(updated, iso, sizeof iso);
	buf_puts(b, "<title>");
	buf_put_html(b, title);
	buf_puts(b, "</title>\n<id>");
	buf_put_html(b, s->tag);
	buf_put_html(b, id);
	buf_printf(b, "</id>\n<updated>%s</updated>\n", iso);
}

void web_feed_start(struct web_site *s, struct buf *b, const char *title,
                    const char *self, const char *page, const char *id,
                    time_t updated)
{
	buf_puts(b, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	         "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n");
	head(s, b, title, id, updated);
	buf_puts(b, "<author><name>epamserv</name></author>\n"
	         "<link rel=\"self\" href=\"");
	feed_href(s, b, self);
	buf_puts(b, "\"/>\n<link rel=\"alternate\" type=\"text/html\" href=\"");
	feed_href(s, b, page);
	buf_puts(b, "\"/>\n");
}

void web_feed_entry(struct web_site *s, struct buf *b, const char *title,
                    const char *page, const char *id, time_t updated,
                    const char *summary)
{
	buf_puts(b, "<entry>\n");
	head(s, b, title, id, updated);
	buf_puts(b, "<link rel=\"alternate\" type=\"text/html\" href=\"");
	feed_href(s, b, page);
	buf_puts(b, "\"/>\n<summary>");
	buf_put_html(b, summary);
	buf_puts(b, "</summary>\n</entry>\n");
}

void web_feed_end(struct buf *b)
{
	buf_puts(b, "</feed>\n");
}
