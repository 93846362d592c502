/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ratelimit.c - a per-address budget of answered mails (see ratelimit.h).
 */
#include "spool/ratelimit.h"
#include "spool/group.h"
#include "spool/lock.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
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

/* The records read or changed while a group commit is open (group.h):
 * their bucket locks are kept until the group is committed, so no other
 * process changes them meanwhile, and each is written once, by
 * ratelimit_group_done(), instead of once a mail. */
struct rate_rec {
	char digest[33];
	long long start;
	int count;
	int dirty;
};

static struct {
	struct rate_rec *v;
	size_t n, cap;
	char *spool;
} cache;

/* Write "START COUNT" to the record at path: over the old record in
 * place when there is one (no new file: creating files is most of a
 * batch's cost), else through a new file renamed into place.  The
 * record is advisory (no fsync); a write cut short by a crash reads as
 * damaged, which counts afresh.  0, or -1 (errno). */
static int rate_store(const char *path, long long start, int count)
{
	char line[64], tmp[4300];
	int n = snprintf(line, sizeof line, "%lld %d\n", start, count), fd;
	FILE *f;

	fd = util_open_regular(path, O_WRONLY | O_NOFOLLOW, 0);
	if (fd >= 0) {
		int rc = 0;
		if (pwrite(fd, line, (size_t)n, 0) != n ||
		    ftruncate(fd, n) < 0)
			rc = -1;
		if (close(fd) < 0)
			rc = -1;
		return rc;
	}
	if (errno != ENOENT)
		return -1;
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	f = util_fopen_spool(tmp, 0);
	if (!f)
		return -1;
	fputs(line, f);
	if (fclose(f) != 0 || rename(tmp, path) < 0)
		return -1;
	return 0;
}

/* The record at path into *start and *count (0 and 0 when there is
 * none).  A damaged record (a negative time or count) counts afresh, so
 * that no arithmetic on what was read can overflow. */
static void rate_read(const char *path, long long *start, int *count)
{
	char *s = util_read_file(path, 128, NULL);

	*start = 0;
	*count = 0;
	if (s && (sscanf(s, "%lld %d", start, count) != 2 || *start < 0 ||
	          *count < 0))
		*start = *count = 0;
	free(s);
}

/* The cached record of digest in spool, read under its bucket lock
 * (lock key key), which is then kept for the group; NULL when the lock
 * cannot be taken or kept (the caller goes the way without a group). */
static struct rate_rec *rate_cached(const char *spool, const char *digest,
                                    const char *key)
{
	char path[4200];
	struct lock l = LOCK_INIT;
	struct rate_rec *r;
	size_t i;

	if (cache.spool && strcmp(cache.spool, spool) != 0)
		return NULL;  /* one spool a group */
	for (i = 0; i < cache.n; i++)
		if (strcmp(cache.v[i].digest, digest) == 0)
			return &cache.v[i];
	if (!lock_is_kept(key)) {
		if (lock_acquire(spool, key, 5000, &l) < 0)
			return NULL;
		if (lock_keep(&l, key) < 0) {
			lock_release(&l);
			return NULL;
		}
		lock_release(&l);  /* held through the kept duplicate */
		txn_group_kept();
	}
	if (cache.n == cache.cap) {
		cache.cap = cache.cap ? cache.cap * 2 : 64;
		cache.v = xrealloc(cache.v, cache.cap * sizeof *cache.v);
	}
	if (!cache.spool)
		cache.spool = xstrdup(spool);
	r = &cache.v[cache.n++];
	snprintf(r->digest, sizeof r->digest, "%s", digest);
	snprintf(path, sizeof path, "%s/rate/%s", spool, digest);
	rate_read(path, &r->start, &r->count);
	r->dirty = 0;
	return r;
}

void ratelimit_group_done(int write)
{
	char path[4200];
	size_t i;

	for (i = 0; write && i < cache.n; i++) {
		if (!cache.v[i].dirty)
			continue;
		snprintf(path, sizeof path, "%s/rate/%s", cache.spool,
		         cache.v[i].digest);
		if (rate_store(path, cache.v[i].start, cache.v[i].count) < 0)
			log_msg(LOG_WARNING, "cannot write the rate record %s: "
			        "%s\n", path, strerror(errno));
	}
	cache.n = 0;
	free(cache.spool);
	cache.spool = NULL;
	if (!write) {
		free(cache.v);
		cache.v = NULL;
		cache.cap = 0;
	}
}

/* Apply one update to the window (*start, *count) at now: add units (0:
 * only read, -1: give one back); returns whether the window had room
 * (count < limit) before. */
static int rate_apply(long long *start, int *count, int limit, int window,
                      time_t now, int add, int *first_over)
{
	int ok;

	if (now - *start >= window || now < *start) {
		*start = now;
		*count = 0;
	}
	ok = *count < limit;
	if (first_over)
		*first_over = *count == limit;
	if (add < 0 && *count == 0)
		add = 0;  /* a refund in a window over or empty: nothing */
	if (add < 0)
		(*count)--;  /* a refund (ratelimit_refund) */
	else if (add == 1 && *count <= limit)
		(*count)++;  /* mails retried while over the limit count once */
	else if (add > 1)  /* amounts: the count stops at the limit */
		*count = add >= limit - *count ? limit : *count + add;
	return ok;
}

/* The record of addr: add units (0: only read, -1: give one back) and
 * say whether the window had room (count < limit) before; *used gets
 * the count after.  While a group commit is open, the record is kept in
 * memory under its kept bucket lock and written when the group is. */
static int rate_update(const char *spool, const char *addr, int limit,
                       int window, time_t now, int add, int *first_over,
                       int *used)
{
	char digest[33], key[64], path[4200], lower[512];
	struct lock l = LOCK_INIT;
	struct rate_rec *r;
	long long start = 0;
	int count = 0, ok;
	size_t i;

	if (first_over)
		*first_over = 0;
	if (limit <= 0)
		return 1;
	for (i = 0; addr[i] && i + 1 < sizeof lower; i++)
		lower[i] = (char)tolower((unsigned char)addr[i]);
	lower[i] = '\0';
	util_digest_hex(lower, strlen(lower), digest);
	ratelimit_lock_key(digest, key, sizeof key);
	if (txn_group_may_keep(spool) &&
	    (r = rate_cached(spool, digest, key)) != NULL) {
		ok = rate_apply(&r->start, &r->count, limit, window, now, add,
		                first_over);
		if (add)
			r->dirty = 1;
		if (used)
			*used = r->count;
		return ok;
	}
	if (lock_acquire(spool, key, 5000, &l) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/rate/%s", spool, digest);
	rate_read(path, &start, &count);
	ok = rate_apply(&start, &count, limit, window, now, add, first_over);
	if (used)
		*used = count;
	if (add)
		rate_store(path, start, count);
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
