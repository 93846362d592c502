/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * weblink.h - the links from mails to the web site (issue 18): with the
 * setting web_url, board mails carry the address of the board's page
 * and tournament tables that of the tournament's page.
 */
#ifndef EPAM_SERVICES_WEBLINK_H
#define EPAM_SERVICES_WEBLINK_H

#include <stddef.h>

#include "game/game.h"
#include "util/conf.h"

/* Whether "epamserv web" puts board g on the site: played or over (not
 * a challenge or cancelled), and when it forbids observers only once it
 * has ended.  The players' own "web off" is checked apart
 * (web_user_hidden). */
int web_board_shown(const struct game *g);

/* "WEB_URL/boards/GAME-N.html" for g into buf when web_url is set and
 * g is on the site (web_board_shown, neither player hidden); "" else. */
void web_board_url(const struct config *cfg, const struct game *g,
                   char *buf, size_t len);

/* "WEB_URL/tournaments/NAME.html" when web_url is set, "" else. */
void web_tourney_url(const struct config *cfg, const char *name, char *buf,
                     size_t len);

#endif
