/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ratelimit.c - a per-address budget of answered mails (see ratelimit.h).
 */
#include "spool/ratelimit.h"
#include "spool/lock.h"
#include "util/util.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void ratelimit_lock_key(const char *digest, char *buf, size_t len)
{
	snprintf(buf, len, "ratelimit.%.2s", digest);
}

int ratelimit_take(const char *spool, const char *addr, int limit, time_t now)
{
	return ratelimit_count(spool, addr, limit, 3600, now, NULL);
}

/* The record of addr: add units (0: only read, -1: give one back) and
 * say whether the window had room (count < limit) before; *used gets
 * the count after. */
static int rate_update(const char *spool, const char *addr, int limit,
                       int window, time_t now, int add, int *first_over,
                       int *used)
{
	char digest[33], key[64], path[4200], tmp[4300], lower[512], *s;
	struct lock l = LOCK_INIT;
	long long start = 0;
	int count = 0, ok;
	size_t i;
	FILE *f;

	if (first_over)
		*first_over = 0;
	if (limit <= 0)
		return 1;
	for (i = 0; addr[i] && i + 1 < sizeof lower; i++)
		lower[i] = (char)tolower((unsigned char)addr[i]);
	lower[i] = '\0';
	util_digest_hex(lower, strlen(lower), digest);
	ratelimit_lock_key(digest, key, sizeof key);
	if (lock_acquire(spool, key, 5000, &l) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/rate/%s", spool, digest);
	s = util_read_file(path, 128, NULL);
	/* A damaged record (a negative time or count) counts afresh, so
	 * that no arithmetic on what was read can overflow. */
	if (s && (sscanf(s, "%lld %d", &start, &count) != 2 || start < 0 ||
	          count < 0))
		start = count = 0;
	free(s);
	if (now - start >= window || now < start) {
		start = now;
		count = 0;
	}
	ok = count < limit;
	if (first_over)
		*first_over = count == limit;
	if (add < 0 && count == 0)
		add = 0;  /* a refund in a window over or empty: nothing */
	if (add < 0)
		count--;  /* a refund (ratelimit_refund) */
	else if (add == 1 && count <= limit)
		count++;  /* mails retried while over the limit count once */
	else if (add > 1)  /* amounts: the count stops at the limit */
		count = add >= limit - count ? limit : count + add;
	if (used)
		*used = count;
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	f = add ? util_fopen_spool(tmp, 0) : NULL;
	if (f) {
		fprintf(f, "%lld %d\n", start, count);
		if (fclose(f) == 0)
			rename(tmp, path);
	}
	lock_release(&l);
	return ok;
}

int ratelimit_count(const char *spool, const char *addr, int limit,
                    int window, time_t now, int *first_over)
{
	if (first_over)
		*first_over = 0;
	if (limit <= 0)
		return 1;
	return rate_update(spool, addr, limit, window, now, 1, first_over,
	                   NULL);
}

int ratelimit_left(const char *spool, const char *key, int limit,
                   int window, time_t now)
{
	int used = 0;

	if (limit <= 0)
		return 1;
	if (rate_update(spool, key, limit, window, now, 0, NULL, &used) < 0)
		return 1;
	return limit - used;
}

int ratelimit_used(const char *spool, const char *key, int window,
                   time_t now)
{
	int used = 0;

	if (rate_update(spool, key, INT_MAX, window, now, 0, NULL, &used) < 0)
		return -1;
	return used;
}

int ratelimit_spend(const char *spool, const char *key, int limit,
                    int window, time_t now, int amount)
{
	int used = 0;

	if (limit <= 0 || amount <= 0)
		return 0;
	return rate_update(spool, key, limit, window, now, amount, NULL,
	                   &used) < 0 ? -1 : 0;
}

int ratelimit_refund(const char *spool, const char *key, int window,
                     time_t now)
{
	int used = 0;

	return rate_update(spool, key, INT_MAX, window, now, -1, NULL,
	                   &used) < 0 ? -1 : 0;
}
