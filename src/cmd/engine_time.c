/*
 * engine_time.c - the engine time of the whole server (engine_time.h).
 */
#include "cmd/engine_time.h"
#include "spool/ratelimit.h"
#include "util/conf.h"
#include "util/log.h"

#define ENGINE_TIME_KEY "engine-time"

long engine_time_left(const struct config *cfg, time_t now)
{
	int left;

	if (cfg->engine_hour_ms <= 0)
		return 1;
	left = ratelimit_left(cfg->spool, ENGINE_TIME_KEY, cfg->engine_hour_ms,
	                      3600, now);
	return left > 0 ? left : 0;
}

void engine_time_spend(const struct config *cfg, time_t now, uint64_t ms)
{
	int amount = ms > (uint64_t)cfg->engine_hour_ms ? cfg->engine_hour_ms
	             : ms ? (int)ms : 1;

	if (cfg->engine_hour_ms <= 0)
		return;
	if (ratelimit_spend(cfg->spool, ENGINE_TIME_KEY, cfg->engine_hour_ms,
	                    3600, now, amount) < 0)
		log_msg(LOG_WARNING, "engine time: the spool's record cannot be "
		        "written\n");
}
