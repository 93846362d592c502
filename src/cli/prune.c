/*
 * prune.c - what "epamserv sweep" removes so that the spool does not
 * grow for ever (issue 13, item 6).
 *
 * Under a steady load every directory that grows with the mail is
 * pruned by age, each record only once it can no longer matter:
 *   - seen/DIGEST, the processed-mail records, after PRUNE_SEEN_DAYS (60)
 *     days, or forfeit_days + 1 when that is longer (a reminder's record
 *     must outlive the board's idle time).  That is longer than any MTA
 *     keeps retrying a mail (Postfix and Exim give up after 5 days), and
 *     longer than CUR_MAX_DAYS (30): "batch --maildir" never applies a
 *     mail of cur/ that arrived more than 30 days ago and is not known
 *     as processed, so a mail still in the mailbox is never applied
 *     twice.  The record is removed under its message lock.
 *   - rate/DIGEST and auth/USERID, the advisory counters, two days after
 *     their last change (no window or back-off lasts over a day), under
 *     their lock; a leftover NAME.tmp there likewise.
 *   - failed/NAME.eml, the mails the SMTP server refused for good, and
 *     their records failed/NAME.eml.retry (the last reason), after
 *     PRUNE_FAILED_DAYS (30) days.
 *   - locks/rate-DIGEST.lock and locks/auth-USERID.lock, the lock files
 *     of the names used before the rate and password counters shared a
 *     fixed set of 256 locks each: no current process opens them, and
 *     one is removed only while we hold it (lock_try).
 * Lock files in use are never removed: the locks that grow with the mail
 * are buckets (msg-XXXX, ratelimit.XX, authfail.XX).  admin.log is left
 * to logrotate(8): it is opened for each line, so "create" rotation
 * needs no signal.  The clock is EPAMSERV_NOW when set (tests).
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

static int failed_key(const char *name, char *buf, size_t len)
{
	(void)buf;
	(void)len;
	return name[0] != '.' && (ends_with(name, ".eml") ||
	                          ends_with(name, ".eml.retry")) ? 0 : -1;
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
	      (strncmp(key, "auth-", 5) == 0 && util_userid_ok(key + 5))))
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

/* Remove the files of SPOOL/SUB last changed before cutoff that keyfn
 * accepts, each under its lock (a busy one waits for the next sweep).
 * Returns how many were removed, or -1 when SUB cannot be read. */
static long prune_dir(const char *spool, const char *sub, time_t cutoff,
                      prune_key_fn keyfn)
{
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
		    (k = keyfn(de->d_name, key, sizeof key)) < 0 ||
		    !aged(dfd, de->d_name, cutoff))
			continue;
		if (k > 0 && lock_try(spool, key, &l) != 0)
			continue;  /* busy (or unopenable): the next sweep */
		/* Again under the lock: a writer may have renamed a new
		 * record over the one we looked at. */
		if (aged(dfd, de->d_name, cutoff)) {
			/* failed/NAME.eml.retry goes with its mail: one counted */
			if (unlinkat(dfd, de->d_name, 0) == 0)
				removed += !ends_with(de->d_name, ".retry");
			else if (errno != ENOENT)
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
	long seen_days = PRUNE_SEEN_DAYS;
	int bad = 0;

	if (cfg->forfeit_days + 1 > seen_days)
		seen_days = cfg->forfeit_days + 1;
	ps->seen = prune_dir(cfg->spool, "seen", now - seen_days * DAY, seen_key);
	ps->rate = prune_dir(cfg->spool, "rate", now - 2 * DAY, rate_key);
	ps->auth = prune_dir(cfg->spool, "auth", now - 2 * DAY, auth_key);
	ps->failed = prune_dir(cfg->spool, "failed",
	                       now - PRUNE_FAILED_DAYS * DAY, failed_key);
	ps->locks = prune_dir(cfg->spool, "locks", now - 7 * DAY, old_lock_key);
	bad = ps->seen < 0 || ps->rate < 0 || ps->auth < 0 || ps->failed < 0 ||
	      ps->locks < 0;
	return bad ? -1 : 0;
}
