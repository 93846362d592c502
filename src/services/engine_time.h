/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * engine_time.h - the engine time of the whole server (engine_hour_ms)
 * and each one's share of it (engine_share_percent, issue 29 item 4).
 *
 * robot_budget_ms bounds one run and analyse_per_day one player, but
 * every mail a receive gets is a process of its own and accounts are
 * cheap: without a bound shared by every process, enough players could
 * keep every core thinking.  The milliseconds the engine thought, for
 * robots and analyses together, are summed in the spool (the rate
 * record "engine-time", ratelimit.h) over an hour that starts with the
 * first search; past engine_hour_ms, robot moves wait for a later run
 * and analyses are refused until the hour is over.
 *
 * Shares.  Without more, one player's mails could spend that hour and
 * make every other player's robot wait.  So each search also counts
 * against the player it is for (an analysis: the player who asked; a
 * robot's move: the human on that board) and, for a robot's move,
 * against its board, each in a record of its own ("engine-time:user:
 * USERID", "engine-time:board:GAME-BOARD") over an hour that starts
 * with its first search.  A share is engine_share_percent of
 * engine_hour_ms (at least 1 ms).  A search may begin when
 *   - the server's hour is not spent, and
 *   - its board (a robot's move) has used less than a share, and
 *   - its player has used less than a share, or less than half of the
 *     server's hour is used (an idle server lends a busy player more).
 * So one player alone on the server can have half the hour, but the
 * other half goes only to players within their shares: what any one
 * player sends never takes from another player the share he has not
 * used (unless many players within their shares spend that half
 * together), and no robot game takes more than a share.  A search
 * already begun finishes, so a record passes its bound by at most one
 * search (robot_think_ms, analyse_ms) per process.
 */
#ifndef EPAM_ENGINE_TIME_H
#define EPAM_ENGINE_TIME_H

#include <stdint.h>
#include <time.h>

struct config;

/* Who a search is for: the player it counts against (userid, NULL for
 * none) and, for a robot's move, its board (game NULL for none). */
struct engine_payer {
	const char *userid;
	const char *game;
	long board;
};

/* Why the engine may not begin a search now (engine_time_may). */
enum engine_wait {
	ENGINE_GO = 0,      /* it may */
	ENGINE_WAIT_HOUR,   /* the server's hour is spent */
	ENGINE_WAIT_BOARD,  /* the board has used its share */
	ENGINE_WAIT_PLAYER  /* the player has used his share, and half the
	                       server's hour is used */
};

/* Milliseconds of engine time left in the server's hour at now (at
 * least 1 when engine_hour_ms is 0, or the record cannot be read: a
 * broken record never stops the robots); 0 when it is spent. */
long engine_time_left(const struct config *cfg, time_t now);

/* A share of the hour: engine_share_percent of engine_hour_ms, in
 * milliseconds, at least 1 (0 when engine_hour_ms is 0: no bound). */
long engine_share_ms(const struct config *cfg);

/* Milliseconds userid's searches used in his hour at now (0 for a
 * NULL userid, no record, an unreadable one, or no bound). */
long engine_time_player_used(const struct config *cfg, const char *userid,
                             time_t now);

/* Milliseconds the searches for board game/board used in its hour. */
long engine_time_board_used(const struct config *cfg, const char *game,
                            long board, time_t now);

/* Whether a search for p may begin at now, by the rule above: ENGINE_GO
 * or the first bound that stops it (the hour, the board, the player).
 * Reads the records without changing them; always ENGINE_GO when
 * engine_hour_ms is 0. */
enum engine_wait engine_time_may(const struct config *cfg, time_t now,
                                 const struct engine_payer *p);

/* Count ms milliseconds of engine time at now (at least 1 each call)
 * against the server's hour and p's records (p may be NULL).  An I/O
 * error is logged, not returned: the search is over anyway. */
void engine_time_spend(const struct config *cfg, time_t now,
                       const struct engine_payer *p, uint64_t ms);

#endif
