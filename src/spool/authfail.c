/*
 * authfail.c - wrong-password counts and back-off (see authfail.h).
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
#define AUTH_FAILS_CAP 1000000  /* the count stops growing here */

struct authfail {
	int fails;
	long long last;      /* time of the last failure */
	long long told_day;  /* days since the epoch, or -1 */
};

static void af_path(const char *spool, const char *userid, char *buf,
                    size_t len)
{
	snprintf(buf, len, "%s/auth/%s", spool, userid);
}

/* Read the record (an absent or damaged one reads as no failures: a
 * negative count or time, or a count over AUTH_FAILS_CAP, is damage, so
 * that no arithmetic on what was read can overflow). */
static void af_read(const char *spool, const char *userid, time_t now,
                    struct authfail *a)
{
	char path[4200], *s;

	a->fails = 0;
	a->last = 0;
	a->told_day = -1;
	if (!util_userid_ok(userid))
		return;
	af_path(spool, userid, path, sizeof path);
	s = util_read_file(path, 128, NULL);
	if (s && (sscanf(s, "%d %lld %lld", &a->fails, &a->last,
	                 &a->told_day) != 3 || a->fails < 0 ||
	          a->fails > AUTH_FAILS_CAP || a->last < 0 || a->told_day < -1)) {
		a->fails = 0;
		a->last = 0;
		a->told_day = -1;
	}
	free(s);
	if (a->fails < 0 || now - a->last >= AUTH_FORGET || now < a->last)
		a->fails = 0;
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
	fprintf(f, "%d %lld %lld\n", a->fails, a->last, a->told_day);
	if (fclose(f) != 0 || rename(tmp, path) < 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* Back-off after fails failures, in seconds (0 for the free ones). */
static long af_backoff(int fails)
{
	long s = AUTH_BACKOFF_FIRST;
	int i;

	if (fails < AUTH_FREE_FAILS)
		return 0;
	for (i = AUTH_FREE_FAILS; i < fails && s < AUTH_BACKOFF_MAX; i++)
		s *= 2;
	return s < AUTH_BACKOFF_MAX ? s : AUTH_BACKOFF_MAX;
}

time_t authfail_blocked(const char *spool, const char *userid, time_t now,
                        int *counted)
{
	struct authfail a;
	struct stat st;
	char path[4200];
	long long until;

	*counted = 0;
	af_path(spool, userid, path, sizeof path);
	if (!util_userid_ok(userid) || stat(path, &st) < 0)
		return 0;  /* nothing counted: the common case costs one stat */
	af_read(spool, userid, now, &a);
	*counted = a.fails > 0;
	until = a.last + af_backoff(a.fails);
	return a.fails >= AUTH_FREE_FAILS && until > now ? (time_t)until : 0;
}

int authfail_count(const char *spool, const char *userid, time_t now)
{
	struct authfail a;

	af_read(spool, userid, now, &a);
	return a.fails;
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

int authfail_note(const char *spool, const char *userid, time_t now)
{
	struct lock l = LOCK_INIT;
	struct authfail a;
	long long today = (long long)now / 86400;
	int tell;

	if (!util_userid_ok(userid) || af_lock(spool, userid, &l) < 0)
		return -1;
	af_read(spool, userid, now, &a);
	if (a.fails < AUTH_FAILS_CAP)
		a.fails++;
	a.last = now;
	tell = a.fails >= AUTH_NOTIFY_FAILS && a.told_day != today;
	if (tell)
		a.told_day = today;
	if (af_write(spool, userid, &a) < 0)
		tell = -1;
	lock_release(&l);
	return tell;
}

void authfail_clear(const char *spool, const char *userid, time_t now)
{
	struct lock l = LOCK_INIT;
	struct authfail a;

	if (!util_userid_ok(userid) || af_lock(spool, userid, &l) < 0)
		return;
	af_read(spool, userid, now, &a);
	if (a.fails) {
		a.fails = 0;
		af_write(spool, userid, &a);
	}
	lock_release(&l);
}
