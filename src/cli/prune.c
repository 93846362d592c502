/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * prune.c - what "epamserv sweep" removes so that the spool does not
 * grow for ever (issue 13, item 6).
 *
 * Under a steady load every directory that grows with the mail is
 * pruned by age, each record only once it can no longer matter:
 *   - seen/DIGEST, the processed-mail records, after seen_days (60)
 *     days.  The configuration refuses a seen_days that is not longer
 *     than forfeit_days + 1 (a reminder's record must outlive the
 *     board's idle time) and than maildir_max_days + 5: longer than any
 *     MTA keeps retrying a mail (Postfix and Exim give up after 5 days),
 *     and longer than the age after which "batch --maildir" never
 *     applies a mail of cur/ not known as processed ("batch --imap"
 *     searches only mail of that age), so a mail still in the mailbox
 *     is never applied twice.  The record is removed under its message
 *     lock.
 *   - rate/DIGEST and auth/USERID, the advisory counters, two days after
 *     their last change (no window or back-off lasts over a day), under
 *     their lock; a leftover NAME.tmp there likewise.
 *   - failed/NAME.eml, the mails the SMTP server refused for good, after
 *     failed_days (30) days, when its record failed/NAME.eml.retry
 *     (written when it failed; the mail's own file dates from when it
 *     was queued) is that old too; the record goes with it, and one
 *     whose mail is gone goes on its own.
 *   - outbox/NAME.eml.hold, a hold marker whose mail is no longer in the
 *     outbox (sent, deleted or failed while the hold was put on), a day
 *     after it was written.
 *   - locks/rate-DIGEST.lock and locks/auth-USERID.lock, the lock files
 *     of the names used before the rate and password counters shared a
 *     fixed set of 256 locks each, and locks/msg-XXXX.lock (four hex
 *     digits), used before the mails shared 4,096 (msg-XXX): no current
 *     process opens them, and one is removed only while we hold it
 *     (lock_try), seven days after it was made.
 * Lock files in use are never removed: the locks that grow with the mail
 * are buckets (msg-XXX, ratelimit.XX, authfail.XX); board-GAME-N and
 * notice-USERID are one per board and player, bounded by those.
 * admin.log is left to logrotate(8): it is opened for each line, so
 * "create" rotation needs no signal.  The clock is EPAMSERV_NOW when set (tests).
 */
#include "cli/cli.h"
#include "spool/authfail.h"
#include "spool/lock.h"
#include "spool/ratelimit.h"
#include "spool/spool.h"
#include "util/log.h"
#include "util/util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DAY 86400L

/* The lock key that guards a record named name into buf: 1, or 0 to
 * unlink it without a lock, or -1 to leave it alone (not ours). */
typedef int (*prune_key_fn)(const char *name, char *buf, size_t len);

/* Whether s is n lower-case hex digits and nothing more. */
static int is_hex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return 0;
	return s[n] == '\0';
}

/* Whether name ends in suffix. */
static int ends_with(const char *name, const char *suffix)
{
	size_t n = strlen(name), k = strlen(suffix);

	return n >= k && strcmp(name + n - k, suffix) == 0;
}

static int seen_key(const char *name, char *buf, size_t len)
{
	if (!is_hex(name, 32))
		return -1;
	spool_msg_key(name, buf, len);
	return 1;
}

static int rate_key(const char *name, char *buf, size_t len)
{
	if (ends_with(name, ".tmp"))
		return 0;  /* a write cut short */
	if (!is_hex(name, 32))
		return -1;
	ratelimit_lock_key(name, buf, len);
	return 1;
}

static int auth_key(const char *name, char *buf, size_t len)
{
	if (ends_with(name, ".tmp"))
		return 0;
	if (!util_userid_ok(name))
		return -1;
	authfail_lock_key(name, buf, len);
	return 1;
}

/* A lock file of a name no current code uses: its own key. */
static int old_lock_key(const char *name, char *buf, size_t len)
{
	char key[64];
	size_t n = strlen(name);

	if (!ends_with(name, ".lock") || n - 5 >= sizeof key)
		return -1;
	snprintf(key, sizeof key, "%.*s", (int)(n - 5), name);
	if (!((strncmp(key, "rate-", 5) == 0 && is_hex(key + 5, 32)) ||
	      (strncmp(key, "auth-", 5) == 0 && util_userid_ok(key + 5)) ||
	      (strncmp(key, "msg-", 4) == 0 && is_hex(key + 4, 4))))
		return -1;
	snprintf(buf, len, "%s", key);
	return 1;
}

/* Whether the regular file name in d was last changed before cutoff. */
static int aged(int dfd, const char *name, time_t cutoff)
{
	struct stat st;

	return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       S_ISREG(st.st_mode) && st.st_mtime < cutoff;
}

/* Whether NAME exists in dfd (a link counts; a stat error other than
 * "no such file" counts too: then nothing is removed). */
static int exists_at(int dfd, const char *name)
{
	struct stat st;

	return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 ||
	       errno != ENOENT;
}

/* NAME with n bytes cut off its end into buf; 0, or -1 when it does not
 * fit. */
static int cut_suffix(const char *name, size_t n, char *buf, size_t len)
{
	size_t k = strlen(name) - n;

	if (k >= len)
		return -1;
	memcpy(buf, name, k);
	buf[k] = '\0';
	return 0;
}

static int failed_key(const char *name, char *buf, size_t len)
{
	(void)buf;
	(void)len;
	return ends_with(name, ".eml") || ends_with(name, ".eml.retry") ? 0 : -1;
}

/* failed/NAME.eml may go once its record NAME.eml.retry (written when
 * it failed) is old too; NAME.eml.retry goes with its mail, or on its
 * own when the mail is gone (a requeue or delete cut short). */
static int failed_may_go(int dfd, const char *name, time_t cutoff)
{
	char other[NAME_MAX + 8];

	if (ends_with(name, ".eml.retry"))
		return cut_suffix(name, 6, other, sizeof other) == 0 &&
		       !exists_at(dfd, other);
	if (snprintf(other, sizeof other, "%s.retry", name) >= (int)sizeof other)
		return 0;
	return !exists_at(dfd, other) || aged(dfd, other, cutoff);
}

/* After failed/NAME.eml: its record. */
static void failed_gone(int dfd, const char *name)
{
	char retry[NAME_MAX + 8];

	if (ends_with(name, ".eml") &&
	    snprintf(retry, sizeof retry, "%s.retry", name) < (int)sizeof retry &&
	    unlinkat(dfd, retry, 0) < 0 && errno != ENOENT)
		log_msg(LOG_WARNING, "sweep: cannot remove failed/%s: %s\n", retry,
		        strerror(errno));
}

static int hold_key(const char *name, char *buf, size_t len)
{
	(void)buf;
	(void)len;
	return ends_with(name, ".eml.hold") ? 0 : -1;
}

/* outbox/NAME.eml.hold, once NAME.eml is gone (sent, deleted or moved to
 * failed/ while the hold was being put on): a marker of nothing.  Names
 * of the outbox are never used twice, so it cannot hold a later mail. */
static int hold_may_go(int dfd, const char *name, time_t cutoff)
{
	char mail[NAME_MAX + 1];

	(void)cutoff;
	return cut_suffix(name, 5, mail, sizeof mail) == 0 &&
	       !exists_at(dfd, mail);
}

/* What prune_dir removes in one directory. */
struct prune_rule {
	const char *sub;        /* SPOOL/sub */
	prune_key_fn key;
	/* NULL, or whether a file that passed key and age may go (asked
	 * again just before it goes) */
	int (*may_go)(int dfd, const char *name, time_t cutoff);
	void (*gone)(int dfd, const char *name);  /* NULL, or after it went */
};

/* Remove the files of SPOOL/SUB last changed before cutoff that r
 * accepts, each under its lock (a busy one waits for the next sweep).
 * Returns how many were removed, or -1 when SUB cannot be read. */
static long prune_dir(const char *spool, const struct prune_rule *r,
                      time_t cutoff)
{
	const char *sub = r->sub;
	char path[4200], key[80];
	struct dirent *de;
	long removed = 0;
	DIR *d;
	int dfd;

	snprintf(path, sizeof path, "%s/%s", spool, sub);
	if (!(d = util_opendir(path))) {
		if (errno == ENOENT)
			return 0;
		log_msg(LOG_ERR, "sweep: cannot read %s: %s\n", path,
		        strerror(errno));
		return -1;
	}
	dfd = dirfd(d);
	while ((de = readdir(d)) != NULL) {
		struct lock l = LOCK_INIT;
		int k;

		if (de->d_name[0] == '.' ||
		    (k = r->key(de->d_name, key, sizeof key)) < 0 ||
		    !aged(dfd, de->d_name, cutoff) ||
		    (r->may_go && !r->may_go(dfd, de->d_name, cutoff)))
			continue;
		if (k > 0 && lock_try(spool, key, &l) != 0)
			continue;  /* busy (or unopenable): the next sweep */
		/* Again under the lock: a writer may have renamed a new
		 * record over the one we looked at. */
		if (aged(dfd, de->d_name, cutoff) &&
		    (!r->may_go || r->may_go(dfd, de->d_name, cutoff))) {
			if (unlinkat(dfd, de->d_name, 0) == 0) {
				removed++;
				if (r->gone)
					r->gone(dfd, de->d_name);
			} else if (errno != ENOENT)
				log_msg(LOG_WARNING, "sweep: cannot remove %s/%s: %s\n",
				        path, de->d_name, strerror(errno));
		}
		lock_release(&l);
	}
	closedir(d);
	return removed;
}

int prune_spool(const struct config *cfg, time_t now, struct prune_stats *ps)
{
	static const struct prune_rule seen = { "seen", seen_key, NULL, NULL },
		rate = { "rate", rate_key, NULL, NULL },
		auth = { "auth", auth_key, NULL, NULL },
		failed = { "failed", failed_key, failed_may_go, failed_gone },
		holds = { "outbox", hold_key, hold_may_go, NULL },
		locks = { "locks", old_lock_key, NULL, NULL };
	int bad = 0;

	ps->seen = prune_dir(cfg->spool, &seen, now - cfg->seen_days * DAY);
	ps->rate = prune_dir(cfg->spool, &rate, now - 2 * DAY);
	ps->auth = prune_dir(cfg->spool, &auth, now - 2 * DAY);
	ps->failed = prune_dir(cfg->spool, &failed, now - cfg->failed_days * DAY);
	ps->holds = prune_dir(cfg->spool, &holds, now - DAY);
	ps->locks = prune_dir(cfg->spool, &locks, now - 7 * DAY);
	bad = ps->seen < 0 || ps->rate < 0 || ps->auth < 0 || ps->failed < 0 ||
	      ps->holds < 0 || ps->locks < 0;
	return bad ? -1 : 0;
}
