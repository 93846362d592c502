/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * record_meta.c - what a game's record needs beyond the game: the site,
 * the time, the players' consent to publish comments, which player is a
 * robot (from commands/games/record.c, issue 31; the record command
 * and epamserv export both read it).
 */
#include "services/record_meta.h"
#include "game/ratings.h"
#include "game/ratings_show.h"
#include "game/record.h"
#include "spool/users.h"
#include "util/log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The ratings after a finished game as its result record holds them
 * (what was mailed), shown as the board mail showed them; nothing for
 * a game without a record (unrated, or not finished). */
static void record_meta_ratings(const struct config *cfg,
                                const struct game *g, struct record_meta *m)
{
	struct ratings r;
	struct rating_game rg;
	struct rating_shown sh;
	char *err = NULL;
	int rc;

	if (g->state != GAME_FINISHED || g->unrated)
		return;
	rc = ratings_record_read(cfg->spool, g->game, g->board, &rg, &err);
	if (rc < 0) {
		log_msg(LOG_WARNING, "%s\n", err);
		free(err);
	}
	if (rc != 0 || rg.white_after <= 0 || rg.black_after <= 0)
		return;
	memset(&r, 0, sizeof r);
	r.system = cfg->rating_system;
	ratings_shown_after(&r, rg.white_after, rg.white_rd, &sh);
	ratings_show(&sh, m->rating[0], sizeof m->rating[0]);
	ratings_shown_after(&r, rg.black_after, rg.black_rd, &sh);
	ratings_show(&sh, m->rating[1], sizeof m->rating[1]);
}

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
	record_meta_ratings(cfg, g, m);
}
