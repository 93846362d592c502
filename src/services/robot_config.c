/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * robot_config.c - which players are robots (robot_config.h): pure
 * functions of the configuration and the user files, from
 * commands/robots/robot.c (issue 31), bodies unchanged.
 */
#include "services/robot_config.h"
#include "game/game.h"
#include "spool/users.h"
#include "util/conf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct config_robot *robot_config(const struct config *cfg,
                                        const char *userid)
{
	/* The accounts under robots' names read so far, and whether each is
	 * a person's: read once a process (an account does not change
	 * between a robot's and a person's). */
	static struct { char userid[sizeof cfg->robot[0].userid]; int person; }
		known[2 * CONFIG_ROBOTS_MAX];
	static int nknown;
	const struct config_robot *r = config_robot(cfg, userid);
	struct user u;
	char *err = NULL;
	int i, rc;

	if (!r)
		return NULL;
	for (i = 0; i < nknown; i++)
		if (strcmp(known[i].userid, r->userid) == 0)
			return known[i].person ? NULL : r;
	rc = user_load(cfg->spool, r->userid, &u, &err);
	free(err);   /* no account (yet) or unreadable: a robot's name */
	if (rc != 0)
		return r;
	i = !u.robot;
	user_free(&u);
	if (nknown < 2 * CONFIG_ROBOTS_MAX) {
		snprintf(known[nknown].userid, sizeof known[0].userid, "%s",
		         r->userid);
		known[nknown++].person = i;
	}
	return i ? NULL : r;
}

const struct config_robot *robot_to_move(const struct config *cfg,
                                         const struct game *g)
{
	if (g->state != GAME_ACTIVE)
		return NULL;
	return robot_config(cfg, game_to_move(g));
}

const char *robot_of_game(const struct config *cfg, const struct game *g)
{
	if (robot_config(cfg, g->white))
		return g->white;
	if (robot_config(cfg, g->black))
		return g->black;
	return NULL;
}

const char *robot_human(const struct config *cfg, const struct game *g)
{
	const char *robot = robot_of_game(cfg, g), *other;

	if (!robot)
		return NULL;
	other = strcmp(g->white, robot) == 0 ? g->black : g->white;
	return robot_config(cfg, other) ? NULL : other;
}
