/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * record_meta.c - what a game's record needs beyond the game: the site,
 * the time, the players' consent to publish comments, which player is a
 * robot (from commands/games/record.c, issue 31; the record command
 * and epamserv export both read it).
 */
#include "services/record_meta.h"
#include "game/record.h"
#include "spool/users.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void record_meta_load(const struct config *cfg, const struct game *g,
                      time_t now, struct record_meta *m, char *site,
                      size_t sitelen)
{
	const char *ids[2] = { g->white, g->black };
	int pub = 1, i;

	snprintf(site, sitelen, "epamserv at %s", config_domain(cfg));
	memset(m, 0, sizeof *m);
	m->site = site;
	m->generated = now;
	for (i = 0; i < 2; i++) {
		struct user u;
		char *err = NULL;
		if (user_load(cfg->spool, ids[i], &u, &err) != 0) {
			/* Unknown or unreadable: no consent to publish. */
			free(err);
			pub = 0;
			continue;
		}
		pub = pub && user_publishes_comments(&u);
		m->is_ai[i] = u.robot;
		user_free(&u);
	}
	m->comments = pub;
}
