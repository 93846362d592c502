/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * weblink.c - the web site's addresses that mails give (weblink.h).
 * The page is there once "epamserv web" has run after the mail's change
 * (cron, typically every few minutes).
 */
#include "services/weblink.h"
#include "services/privacy.h"

#include <stdio.h>
#include <string.h>

int web_board_shown(const struct game *g)
{
	if (g->state != GAME_ACTIVE && g->state != GAME_FINISHED)
		return 0;
	return !g->no_observers || g->state == GAME_FINISHED;
}

/* web_url without a trailing '/': its length. */
static int base_len(const char *url)
{
	size_t n = strlen(url);

	while (n && url[n - 1] == '/')
		n--;
	return (int)n;
}

void web_board_url(const struct config *cfg, const struct game *g,
                   char *buf, size_t len)
{
	buf[0] = '\0';
	if (!cfg->web_url || !cfg->web_url[0] || !web_board_shown(g) ||
	    web_user_hidden(cfg->spool, g->white) ||
	    web_user_hidden(cfg->spool, g->black))
		return;
	snprintf(buf, len, "%.*s/boards/%s-%ld.html", base_len(cfg->web_url),
	         cfg->web_url, g->game, g->board);
}

void web_tourney_url(const struct config *cfg, const char *name, char *buf,
                     size_t len)
{
	buf[0] = '\0';
	if (!cfg->web_url || !cfg->web_url[0])
		return;
	snprintf(buf, len, "%.*s/tournaments/%s.html", base_len(cfg->web_url),
	         cfg->web_url, name);
}
