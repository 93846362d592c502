/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * stranger_budget.c - the hourly budgets of mail to strangers, per
 * sending source and for the whole server (stranger.h).
 *
 * Each budget b is three rate records (spool/ratelimit.h): the server's
 * ("strangers", "confirmation-requests": the names kept from before
 * the per-source shares), one per source ("... from 192.0.2.0/24") and
 * the reserve ("... reserve").  A source is a network, not an address:
 * one host, or its neighbours in the same /24 or IPv6 /48, spend one
 * share.  Forged mail from one source therefore spends at most its
 * share, and only many sources together spend the server's budget; even
 * then the reserve answers a source's first mail of the hour, so that a
 * newcomer from elsewhere is answered unless the attacker also has more
 * sources than the reserve has mails.
 */
#include "commands/stranger.h"
#include "spool/ratelimit.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#define HOUR 3600

/* The name of budget b's server record. */
static const char *budget_name(enum stranger_budget b)
{
	return b == STRANGER_REQUESTS ? "confirmation-requests" : "strangers";
}

/* The rate record keys of budget b for the mail of c: the source's
 * (src, "" when the mail has no known source) and the reserve's. */
static void budget_keys(const struct cmdctx *c, enum stranger_budget b,
                        char *src, char *reserve, size_t len)
{
	src[0] = '\0';
	if (c->source[0])
		snprintf(src, len, "%s from %s", budget_name(b), c->source);
	snprintf(reserve, len, "%s reserve", budget_name(b));
}

/* The reserve of the server's budget for sources new in the hour. */
static int reserve_limit(const struct config *cfg)
{
	return cfg->stranger_reply_limit / 5;
}

/* The mails left in key's hour of limit (ratelimit_left). */
static int left(const struct cmdctx *c, const char *key, int limit)
{
	return ratelimit_left(c->s.cfg->spool, key, limit, HOUR, c->s.now);
}

/* Count one for key within limit: nonzero when within it (or on an
 * I/O error, ratelimit_count). */
static int take(const struct cmdctx *c, const char *key, int limit)
{
	return ratelimit_count(c->s.cfg->spool, key, limit, HOUR, c->s.now,
	                       NULL) != 0;
}

int stranger_budget_take(struct cmdctx *c, enum stranger_budget b)
{
	const struct config *cfg = c->s.cfg;
	int share = cfg->stranger_source_limit, all = cfg->stranger_reply_limit;
	char src[128], reserve[128];
	int fresh = 0;

	budget_keys(c, b, src, reserve, sizeof src);
	if (src[0] && share > 0) {
		fresh = left(c, src, share) >= share;
		if (!take(c, src, share))
			return 0;
	}
	if (all <= 0 || take(c, budget_name(b), all))
		return 1;
	return fresh && reserve_limit(cfg) > 0 &&
	       take(c, reserve, reserve_limit(cfg));
}

int stranger_budget_room(struct cmdctx *c, enum stranger_budget b)
{
	const struct config *cfg = c->s.cfg;
	int share = cfg->stranger_source_limit, all = cfg->stranger_reply_limit;
	char src[128], reserve[128];
	int fresh = 0, n;

	budget_keys(c, b, src, reserve, sizeof src);
	if (src[0] && share > 0) {
		n = left(c, src, share);
		if (n <= 0)
			return 0;
		fresh = n >= share;
	}
	if (all <= 0 || left(c, budget_name(b), all) > 0)
		return 1;
	return fresh && reserve_limit(cfg) > 0 &&
	       left(c, reserve, reserve_limit(cfg)) > 0;
}
