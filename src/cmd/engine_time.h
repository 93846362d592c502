/*
 * engine_time.h - the engine time of the whole server (engine_hour_ms).
 *
 * robot_budget_ms bounds one run and analyse_per_day one player, but
 * every mail a receive gets is a process of its own and accounts are
 * cheap: without a bound shared by every process, enough players could
 * keep every core thinking.  The milliseconds the engine thought, for
 * robots and analyses together, are summed in the spool (the rate
 * record "engine-time", ratelimit.h) over an hour that starts with the
 * first search; past engine_hour_ms, robot moves wait for a later run
 * and analyses are refused until the hour is over.
 */
#ifndef EPAM_ENGINE_TIME_H
#define EPAM_ENGINE_TIME_H

#include <stdint.h>
#include <time.h>

struct config;

/* Milliseconds of engine time left in the server's hour at now (at
 * least 1 when engine_hour_ms is 0, or the record cannot be read: a
 * broken record never stops the robots); 0 when it is spent. */
long engine_time_left(const struct config *cfg, time_t now);

/* Count ms milliseconds of engine time at now (at least 1 each call). */
void engine_time_spend(const struct config *cfg, time_t now, uint64_t ms);

#endif
