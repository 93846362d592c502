/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * robot_queue.c - the robot moves waiting, in the order a run plays
 * them (robot_queue.h).
 */
#include "services/robot_queue.h"
#include "services/engine_time.h"
#include "services/robot_config.h"
#include "game/game.h"
#include "spool/spool.h"
#include "util/buf.h"
#include "util/conf.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int robot_note_name(const char *name, char *game, size_t len, long *board)
{
	const char *dash = strrchr(name, '-');
	size_t n;

	if (!dash || dash == name)
		return -1;
	n = (size_t)(dash - name);
	if (n >= len)
		return -1;
	memcpy(game, name, n);
	game[n] = '\0';
	if (!spool_is_game(game))
		return -1;
	*board = util_board_number(dash + 1);
	return *board > 0 ? 0 : -1;
}

enum robot_why robot_queue_why(const struct config *cfg, time_t now,
                               const char *game, long board,
                               const char *human)
{
	struct engine_payer p = { human && *human ? human : NULL, game, board };

	switch (engine_time_may(cfg, now, &p)) {
	case ENGINE_GO:
		return ROBOT_GO;
	case ENGINE_WAIT_BOARD:
		return ROBOT_WAIT_BOARD;
	case ENGINE_WAIT_PLAYER:
		return ROBOT_WAIT_PLAYER;
	default:
		return ROBOT_WAIT_HOUR;
	}
}

/* Fill w's board fields from its game file (read without the lock:
 * what it says is checked again under the lock before a move). */
static void wait_from_game(const struct config *cfg, struct robot_wait *w,
                           const char *dir)
{
	const struct config_robot *r;
	struct game g;
	struct stat sb;
	char path[4400], *err = NULL, *s;

	snprintf(path, sizeof path, "%s/%s", dir, w->name);
	if (stat(path, &sb) == 0)
		w->since = sb.st_mtime;
	s = util_read_file(path, 65536, NULL);
	/* "ply N\n" and, when held, the board mail's headline after it */
	w->held = s && strchr(s, '\n') && strchr(s, '\n')[1] != '\0';
	free(s);
	if (game_load(&g, cfg->spool, w->game, w->board, &err) != 0) {
		free(err);
		return;
	}
	r = robot_to_move(cfg, &g);
	if (r) {
		const char *other = strcmp(g.white, r->userid) == 0 ? g.black
		                    : g.white;
		snprintf(w->robot, sizeof w->robot, "%s", r->userid);
		if (!robot_config(cfg, other))
			snprintf(w->human, sizeof w->human, "%s", other);
		w->since = g.nmoves ? g.moves[g.nmoves - 1].when : g.updated;
	}
	game_free(&g);
}

/* Same human, then the oldest move first (to number the rounds). */
static int by_human(const void *a, const void *b)
{
	const struct robot_wait *x = a, *y = b;
	int c = strcmp(x->human, y->human);

	if (c)
		return c;
	if (x->since != y->since)
		return x->since < y->since ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The order a run plays (robot_queue.h). */
static int by_turn(const void *a, const void *b)
{
	const struct robot_wait *x = a, *y = b;

	if (x->round != y->round)
		return x->round < y->round ? -1 : 1;
	if (x->used != y->used)
		return x->used < y->used ? -1 : 1;
	if (x->since != y->since)
		return x->since < y->since ? -1 : 1;
	return strcmp(x->name, y->name);
}

int robot_queue_read(const struct config *cfg, time_t now,
                     struct robot_wait **out, size_t *n)
{
	char dir[4200];
	struct robot_wait *v = NULL;
	struct dirent *de;
	size_t nv = 0, cap = 0, i;
	DIR *d;

	*out = NULL;
	*n = 0;
	snprintf(dir, sizeof dir, "%s/robot", cfg->spool);
	if (!(d = opendir(dir)))
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		struct robot_wait w;
		memset(&w, 0, sizeof w);
		if (de->d_name[0] == '.' || strlen(de->d_name) >= sizeof w.name ||
		    robot_note_name(de->d_name, w.game, sizeof w.game,
		                    &w.board) < 0)
			continue;
		snprintf(w.name, sizeof w.name, "%s", de->d_name);
		if (nv == cap) {
			cap = cap ? 2 * cap : 16;
			v = xrealloc(v, cap * sizeof *v);
		}
		v[nv++] = w;
	}
	closedir(d);
	for (i = 0; i < nv; i++)
		wait_from_game(cfg, &v[i], dir);
	if (nv > 1)
		qsort(v, nv, sizeof *v, by_human);
	for (i = 0; i < nv; i++) {
		int same = i > 0 && strcmp(v[i].human, v[i - 1].human) == 0;
		v[i].round = same ? v[i - 1].round + 1 : 0;
		v[i].used = same ? v[i - 1].used
		            : engine_time_player_used(cfg, v[i].human, now);
	}
	if (nv > 1)
		qsort(v, nv, sizeof *v, by_turn);
	*out = v;
	*n = nv;
	return 0;
}
