/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * engine_time.c - the engine time of the whole server and each one's
 * share of it (engine_time.h).
 */
#include "services/engine_time.h"
#include "spool/ratelimit.h"
#include "util/conf.h"
#include "util/log.h"

#include <stdio.h>

#define ENGINE_TIME_KEY "engine-time"
#define ENGINE_HOUR 3600   /* seconds: the window of every record */

/* The record keys of a player and of a board into buf. */
static void player_key(const char *userid, char *buf, size_t len)
{
	snprintf(buf, len, "engine-time:user:%s", userid);
}

static void board_key(const char *game, long board, char *buf, size_t len)
{
	snprintf(buf, len, "engine-time:board:%s-%ld", game, board);
}

long engine_time_left(const struct config *cfg, time_t now)
{
	int left;

	if (cfg->engine_hour_ms <= 0)
		return 1;
	left = ratelimit_left(cfg->spool, ENGINE_TIME_KEY, cfg->engine_hour_ms,
	                      ENGINE_HOUR, now);
	return left > 0 ? left : 0;
}

long engine_share_ms(const struct config *cfg)
{
	long share;

	if (cfg->engine_hour_ms <= 0)
		return 0;
	share = (long)cfg->engine_hour_ms * cfg->engine_share_percent / 100;
	return share > 0 ? share : 1;
}

/* The units of key used in its hour; 0 when unreadable (logged). */
static long used_of(const struct config *cfg, const char *key, time_t now)
{
	int used;

	if (cfg->engine_hour_ms <= 0)
		return 0;
	used = ratelimit_used(cfg->spool, key, ENGINE_HOUR, now);
	if (used < 0) {
		log_msg(LOG_WARNING, "engine time: the spool's record %s cannot "
		        "be read: not counted\n", key);
		return 0;
	}
	return used;
}

long engine_time_player_used(const struct config *cfg, const char *userid,
                             time_t now)
{
	char key[96];

	if (!userid || !*userid)
		return 0;
	player_key(userid, key, sizeof key);
	return used_of(cfg, key, now);
}

long engine_time_board_used(const struct config *cfg, const char *game,
                            long board, time_t now)
{
	char key[96];

	if (!game)
		return 0;
	board_key(game, board, key, sizeof key);
	return used_of(cfg, key, now);
}

enum engine_wait engine_time_may(const struct config *cfg, time_t now,
                                 const struct engine_payer *p)
{
	long share = engine_share_ms(cfg), left, hour_used;

	if (cfg->engine_hour_ms <= 0)
		return ENGINE_GO;
	left = engine_time_left(cfg, now);
	if (left <= 0)
		return ENGINE_WAIT_HOUR;
	if (!p)
		return ENGINE_GO;
	if (p->game && engine_time_board_used(cfg, p->game, p->board, now) >=
	    share)
		return ENGINE_WAIT_BOARD;
	if (!p->userid || engine_time_player_used(cfg, p->userid, now) < share)
		return ENGINE_GO;
	/* Past his share, while the server is idle: the first half of the
	 * hour is lent to whoever asks, the second kept for the players
	 * within their shares. */
	hour_used = cfg->engine_hour_ms - left;
	return hour_used < cfg->engine_hour_ms / 2 ? ENGINE_GO
	       : ENGINE_WAIT_PLAYER;
}

/* Spend amount of the record key (counted up to engine_hour_ms). */
static void spend_one(const struct config *cfg, const char *key, time_t now,
                      int amount)
{
	if (ratelimit_spend(cfg->spool, key, cfg->engine_hour_ms, ENGINE_HOUR,
	                    now, amount) < 0)
		log_msg(LOG_WARNING, "engine time: the spool's record %s cannot "
		        "be written\n", key);
}

void engine_time_spend(const struct config *cfg, time_t now,
                       const struct engine_payer *p, uint64_t ms)
{
	int amount = ms > (uint64_t)cfg->engine_hour_ms ? cfg->engine_hour_ms
	             : ms ? (int)ms : 1;
	char key[96];

	if (cfg->engine_hour_ms <= 0)
		return;
	spend_one(cfg, ENGINE_TIME_KEY, now, amount);
	if (p && p->userid && *p->userid) {
		player_key(p->userid, key, sizeof key);
		spend_one(cfg, key, now, amount);
	}
	if (p && p->game) {
		board_key(p->game, p->board, key, sizeof key);
		spend_one(cfg, key, now, amount);
	}
}
