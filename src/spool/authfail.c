/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * authfail.c - wrong-password counts in two buckets, and their back-off
 * (see authfail.h).
 */
#include "spool/authfail.h"
#include "spool/lock.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define AUTH_FORGET 86400  /* seconds after the last failure */
#define AUTH_FAILS_CAP 1000000  /* a count stops growing here */

struct af_count {
	int fails;
	long long last;      /* time of the last failure */
};

struct authfail {
	struct af_count b[2];  /* by enum authfail_bucket */
	long long told_day;    /* days since the epoch, or -1 */
};

static void af_path(const char *spool, const char *userid, char *buf,
                    size_t len)
{
	snprintf(buf, len, "%s/auth/%s", spool, userid);
}

/* Whether a count read is sane: no arithmetic on it can overflow. */
static int af_sane(const struct af_count *k)
{
	return k->fails >= 0 && k->fails <= AUTH_FAILS_CAP && k->last >= 0;
}

/* Read the record (an absent or damaged one reads as no failures: a
 * negative count or time, or a count over AUTH_FAILS_CAP, is damage).
 * Three fields are a record of the form before the buckets: the
 * strangers' bucket. */
static void af_read(const char *spool, const char *userid, time_t now,
                    struct authfail *a)
{
	char path[4200], *s;
	int n, i;

	memset(a, 0, sizeof *a);
	a->told_day = -1;
	if (!util_userid_ok(userid))
		return;
	af_path(spool, userid, path, sizeof path);
	s = util_read_file(path, 160, NULL);
	if (s) {
		n = sscanf(s, "%d %lld %lld %d %lld", &a->b[0].fails, &a->b[0].last,
		           &a->told_day, &a->b[1].fails, &a->b[1].last);
		if (n == 3) {  /* the owner's bucket is empty */
			a->b[1].fails = 0;
			a->b[1].last = 0;
		}
		if ((n != 3 && n != 5) || !af_sane(&a->b[0]) ||
		    !af_sane(&a->b[1]) || a->told_day < -1) {
			memset(a, 0, sizeof *a);
			a->told_day = -1;
		}
	}
	free(s);
	for (i = 0; i < 2; i++)
		if (now - a->b[i].last >= AUTH_FORGET || now < a->b[i].last)
			a->b[i].fails = 0;
}

static int af_write(const char *spool, const char *userid,
                    const struct authfail *a)
{
	char dir[4200], path[4200], tmp[4300];
	FILE *f;

	snprintf(dir, sizeof dir, "%s/auth", spool);
	if (mkdir(dir, 0750) < 0 && errno != EEXIST)
		return -1;
	af_path(spool, userid, path, sizeof path);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	f = util_fopen_spool(tmp, 0);
	if (!f)
		return -1;
	fprintf(f, "%d %lld %lld %d %lld\n", a->b[0].fails, a->b[0].last,
	        a->told_day, a->b[1].fails, a->b[1].last);
	if (fclose(f) != 0 || rename(tmp, path) < 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* The wait after fails failures in bucket b, in seconds (0 for the free
 * ones): the strangers' a whole day (their count is forgotten then), the
 * owner's doubling from AUTH_BACKOFF_FIRST to AUTH_OWNER_BACKOFF_MAX. */
static long af_backoff(enum authfail_bucket b, int fails)
{
	long s = AUTH_BACKOFF_FIRST;
	int i;

	if (b == AUTHFAIL_STRANGERS)
		return fails < AUTH_FREE_FAILS ? 0 : AUTH_BACKOFF_MAX;
	if (fails < AUTH_OWNER_FREE_FAILS)
		return 0;
	for (i = AUTH_OWNER_FREE_FAILS; i < fails && s < AUTH_OWNER_BACKOFF_MAX;
	     i++)
		s *= 2;
	return s < AUTH_OWNER_BACKOFF_MAX ? s : AUTH_OWNER_BACKOFF_MAX;
}

time_t authfail_blocked(const char *spool, const char *userid,
                        enum authfail_bucket b, time_t now, int *counted)
{
	struct authfail a;
	struct stat st;
	char path[4200];
	long long until;
	long wait;

	*counted = 0;
	af_path(spool, userid, path, sizeof path);
	if (!util_userid_ok(userid) || stat(path, &st) < 0)
		return 0;  /* nothing counted: the common case costs one stat */
	af_read(spool, userid, now, &a);
	*counted = a.b[b].fails > 0;
	wait = af_backoff(b, a.b[b].fails);
	until = a.b[b].last + wait;
	return wait && until > now ? (time_t)until : 0;
}

int authfail_count(const char *spool, const char *userid, time_t now)
{
	struct authfail a;

	af_read(spool, userid, now, &a);
	return a.b[0].fails + a.b[1].fails;
}

void authfail_lock_key(const char *userid, char *buf, size_t len)
{
	char digest[33];

	util_digest_hex(userid, strlen(userid), digest);
	snprintf(buf, len, "authfail.%.2s", digest);
}

/* Lock the account's record: 0, or -1. */
static int af_lock(const char *spool, const char *userid, struct lock *l)
{
	char key[64];

	authfail_lock_key(userid, key, sizeof key);
	return lock_acquire(spool, key, 5000, l);
}

int authfail_note(const char *spool, const char *userid,
                  enum authfail_bucket b, time_t now)
{
	struct lock l = LOCK_INIT;
	struct authfail a;
	long long today = (long long)now / 86400;
	int tell;

	if (!util_userid_ok(userid) || af_lock(spool, userid, &l) < 0)
		return -1;
	af_read(spool, userid, now, &a);
	if (a.b[b].fails < AUTH_FAILS_CAP)
		a.b[b].fails++;
	a.b[b].last = now;
	tell = a.b[0].fails + a.b[1].fails >= AUTH_NOTIFY_FAILS &&
	       a.told_day != today;
	if (tell)
		a.told_day = today;
	if (af_write(spool, userid, &a) < 0)
		tell = -1;
	lock_release(&l);
	return tell;
}

void authfail_clear(const char *spool, const char *userid,
                    enum authfail_bucket b, time_t now)
{
	struct lock l = LOCK_INIT;
	struct authfail a;

	if (!util_userid_ok(userid) || af_lock(spool, userid, &l) < 0)
		return;
	af_read(spool, userid, now, &a);
	if (a.b[b].fails) {
		a.b[b].fails = 0;
		af_write(spool, userid, &a);
	}
	lock_release(&l);
}
