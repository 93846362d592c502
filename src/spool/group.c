/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * group.c - group commit (see group.h for the protocol).
 */
#include "spool/group.h"
#include "spool/lock.h"
#include "spool/ratelimit.h"
#include "spool/txn.h"
#include "spool/txnpriv.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A group is committed when it is this old, whatever its size: other
 * processes may be waiting for the locks it keeps. */
#define GROUP_MAX_AGE_MS 1000
/* ... or when it keeps this many lock descriptors, or a quarter of the
 * open-file limit if that is less (the commit and the next mail need
 * descriptors of their own) ... */
#define GROUP_MAX_LOCKS 200
/* ... or when its manifest is this long (recovery reads it whole). */
#define GROUP_MAX_MANIFEST (256 * 1024)

struct staged {
	char *key;
	char *name;            /* its journal entry: KEY,TAG-PID-N */
	char **paths;          /* relpaths of its files */
	size_t npaths;
};

static struct {
	char *spool;           /* NULL: not grouping */
	int max;
	size_t max_locks;      /* GROUP_MAX_LOCKS or less (RLIMIT_NOFILE) */
	long long opened_ms;   /* when the first staged transaction came */
	long long kept_ms;     /* when a lock was first kept for the group
	                          outside a transaction (ratelimit.c), or 0 */
	int spool_fd;          /* for syncfs, open since txn_group_begin */
	char dir[4096];        /* SPOOL/tmp/group-ID of the open group */
	char id[64];           /* group-PID-RANDOM-N */
	int dir_fd;            /* flock'ed while the group exists: cleanup
	                          (txn_recover_all) leaves it alone */
	struct buf manifest;   /* "ENTRY journal/group-ID/N RELPATH" lines */
	struct buf seen;       /* the group's processed-mail records */
	int marks;             /* a board index marker is staged: the
	                          group's one empty file "mark" is linked
	                          under each marker's name */
	size_t nfiles;
	struct staged *v;
	size_t n, cap;
	unsigned long seq;     /* groups committed */
	int broken;
	int shared;            /* txn_group_shared: keep no rate record */
} grp;

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void staged_free(struct staged *s)
{
	size_t i;

	for (i = 0; i < s->npaths; i++)
		free(s->paths[i]);
	free(s->paths);
	free(s->key);
	free(s->name);
}

/* Let cleanup have the group's directory (what is left of it). */
static void drop_dir_lock(void)
{
	if (grp.dir_fd >= 0) {
		close(grp.dir_fd);
		grp.dir_fd = -1;
	}
}

static int settle_hook(void)
{
	return txn_group_commit();
}

int txn_group_begin(const char *spool, int max)
{
#ifdef __linux__
	struct rlimit rl;

	if (max <= 1)
		return 0;
	/* Opened once: syncfs(2) reports the write-back errors recorded
	 * since its descriptor was opened. */
	grp.spool_fd = open(spool, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (grp.spool_fd < 0)
		return 0;  /* commit mail by mail; the first will say why */
	grp.dir_fd = -1;
	grp.max_locks = GROUP_MAX_LOCKS;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur / 4 < grp.max_locks)
		grp.max_locks = rl.rlim_cur / 4 > 2 ? (size_t)(rl.rlim_cur / 4) : 2;
	free(grp.spool);
	grp.spool = xstrdup(spool);
	grp.max = max;
	grp.broken = 0;
	grp.shared = 0;
	lock_keep_hook(settle_hook);
	return 1;
#else
	(void)spool;
	(void)max;
	return 0;  /* no syncfs(2): every commit on its own */
#endif
}

int txn_group_takes(const char *spool)
{
	return grp.spool && strcmp(grp.spool, spool) == 0;
}

unsigned long txn_group_seq(void)
{
	return grp.seq;
}

int txn_group_broken(void)
{
	return grp.broken;
}

static int fail_err(char **err, const char *spool, const char *why)
{
	/* TRANSLATORS: the spool, then why ("a group commit failed", or the
	 * system's reason). */
	*err = errlang_asprintf(N_("cannot save to the spool %s: %s"), spool,
	                        why);
	return -1;
}

/* Write t's files into the group's directory (made on the first), no
 * fsync, and its lines into the manifest.  0, or -1 (errno). */
static int stage_files(struct txn *t, const char *name)
{
	static unsigned groups;
	char path[8192], fresh[4200];
	size_t i;

	if (grp.n == 0) {
		unsigned rnd = 0;
		/* A directory whose first transaction failed is litter now. */
		drop_dir_lock();
		/* The random part keeps a name left by a crash from being
		 * taken again by a later process with the same PID. */
		if (getrandom(&rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd)
			rnd = (unsigned)now_ms();
		snprintf(grp.id, sizeof grp.id, "group-%ld-%08x-%u",
		         (long)getpid(), rnd, groups++);
		snprintf(grp.dir, sizeof grp.dir, "%s/tmp/%s", grp.spool, grp.id);
		/* Made and locked under a txn- name, then renamed: another
		 * process's clean-up removes a tmp/group-* directory nobody
		 * holds, and must never find ours between its mkdir and its
		 * flock (it took the lock and the directory from under us).
		 * A crash before the rename leaves a txn- directory, removed
		 * when an hour old like any. */
		snprintf(fresh, sizeof fresh, "%s/tmp/txn-%s", grp.spool, grp.id);
		if (mkdir(fresh, 0750) < 0)
			return -1;
		grp.dir_fd = open(fresh, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		                  O_CLOEXEC);
		if (grp.dir_fd < 0 || flock(grp.dir_fd, LOCK_EX | LOCK_NB) < 0 ||
		    rename(fresh, grp.dir) < 0) {
			int saved = errno;
			if (grp.dir_fd >= 0)
				close(grp.dir_fd);
			grp.dir_fd = -1;
			rmdir(fresh);
			errno = saved;
			return -1;
		}
		buf_reset(&grp.manifest);
		buf_reset(&grp.seen);
		grp.marks = 0;
		grp.nfiles = 0;
	}
	for (i = 0; i < t->n; i++) {
		if (strncmp(t->files[i].relpath, "seen/", 5) == 0) {
			/* One file for the records of the whole group, linked
			 * under each name: an inode per group, not per mail. */
			buf_append(&grp.seen, t->files[i].data, t->files[i].len);
			buf_printf(&grp.manifest, "%s =journal/%s/seen %s\n", name,
			           grp.id, t->files[i].relpath);
			continue;
		}
		if (t->files[i].len == 0 &&
		    strncmp(t->files[i].relpath, "index/dirty/", 12) == 0) {
			/* A board index marker (bindex.h) is empty: one
			 * empty file a group, linked under each name. */
			grp.marks = 1;
			buf_printf(&grp.manifest, "%s =journal/%s/mark %s\n", name,
			           grp.id, t->files[i].relpath);
			continue;
		}
		snprintf(path, sizeof path, "%s/%zu", grp.dir, grp.nfiles);
		if (txn_write_file(path, t->files[i].data, t->files[i].len, 0) < 0)
			return -1;
		buf_printf(&grp.manifest, "%s journal/%s/%zu %s\n", name, grp.id,
		           grp.nfiles++, t->files[i].relpath);
	}
	return 0;
}

int txn_group_add(struct txn *t, char **err)
{
	char tmpdir[4096], entry[4096];
	const char *name;
	struct staged *s;
	size_t i, mark;

	if (grp.broken) {
		txn_abort(t);
		return fail_err(err, grp.spool,
		                errlang_gettext(N_("an earlier group commit "
		                                   "failed")));
	}
	/* Our locks make this impossible; but a key staged twice would
	 * need its first update applied before the second. */
	for (i = 0; i < grp.n; i++)
		if (strcmp(grp.v[i].key, t->key) == 0 && txn_group_commit() < 0) {
			txn_abort(t);
			return fail_err(err, grp.spool,
			                errlang_gettext(N_("a group commit failed")));
		}
	txn_names(t, tmpdir, sizeof tmpdir, entry, sizeof entry);
	name = strrchr(entry, '/') + 1;
	mark = grp.manifest.len;
	if (stage_files(t, name) < 0) {
		int rc = fail_err(err, t->spool, strerror(errno));
		grp.manifest.len = mark;  /* its lines, if any, go */
		if (grp.manifest.data)
			grp.manifest.data[mark] = '\0';
		txn_abort(t);
		return rc;
	}
	if (grp.n == grp.cap) {
		grp.cap = grp.cap ? grp.cap * 2 : 64;
		grp.v = xrealloc(grp.v, grp.cap * sizeof *grp.v);
	}
	if (grp.n == 0)
		grp.opened_ms = grp.kept_ms ? grp.kept_ms : now_ms();
	s = &grp.v[grp.n++];
	s->key = xstrdup(t->key);
	s->name = xstrdup(name);
	s->npaths = t->n;
	s->paths = xmalloc((t->n ? t->n : 1) * sizeof *s->paths);
	for (i = 0; i < t->n; i++)
		s->paths[i] = xstrdup(t->files[i].relpath);
	txn_abort(t);
	/* Keep our locks until the group is durable; when that fails (out
	 * of descriptors), commit now, while the caller still holds them. */
	if (lock_keep_held() < 0 || (int)grp.n >= grp.max ||
	    lock_kept_count() >= grp.max_locks ||
	    grp.manifest.len >= GROUP_MAX_MANIFEST ||
	    now_ms() - grp.opened_ms >= GROUP_MAX_AGE_MS) {
		if (txn_group_commit() < 0)
			return fail_err(err, grp.spool,
			                errlang_gettext(N_("a group commit failed")));
	}
	return 0;
}

/* Make the staged files durable: one syncfs(2) of the spool's file
 * system writes every file and directory the group created. */
static int sync_staged(void)
{
#ifdef __linux__
	return syncfs(grp.spool_fd);
#else
	errno = ENOSYS;
	return -1;
#endif
}

int txn_group_commit(void)
{
	struct dirset dirs = DIRSET_INIT;
	char path[8192], journal[4096], dir[4200], entry[8192];
	size_t i;
	int *linked, rc = 0;

	if (!grp.spool)
		return 0;
	grp.kept_ms = 0;
	if (grp.n == 0) {
		drop_dir_lock();
		ratelimit_group_done(!grp.broken);
		lock_keep_drop();
		if (!grp.broken)
			grp.seq++;
		return grp.broken ? -1 : 0;
	}
	linked = xmalloc(grp.n * sizeof *linked);
	memset(linked, 0, grp.n * sizeof *linked);
	snprintf(journal, sizeof journal, "%s/journal", grp.spool);
	snprintf(dir, sizeof dir, "%s/%s", journal, grp.id);
	snprintf(path, sizeof path, "%s/seen", grp.dir);
	if (grp.seen.len &&
	    txn_write_file(path, buf_str(&grp.seen), grp.seen.len, 0) < 0)
		rc = -1;
	snprintf(path, sizeof path, "%s/mark", grp.dir);
	if (rc == 0 && grp.marks && txn_write_file(path, "", 0, 0) < 0)
		rc = -1;
	snprintf(path, sizeof path, "%s/manifest", grp.dir);
	if (rc < 0 ||
	    txn_write_file(path, buf_str(&grp.manifest), grp.manifest.len, 0) < 0 ||
	    sync_staged() < 0) {
		log_msg(LOG_ERR, "group commit: cannot write and sync %s: %s\n",
		        grp.dir, strerror(errno));
		rc = -1;
		goto out;
	}
	/* Only once synced: the files move under journal/, then one link
	 * to the manifest per transaction makes it an entry. */
	if (rename(grp.dir, dir) < 0) {
		log_msg(LOG_ERR, "group commit: cannot rename %s: %s\n",
		        grp.dir, strerror(errno));
		rc = -1;
		goto out;
	}
	snprintf(path, sizeof path, "%s/manifest", dir);
	for (i = 0; i < grp.n; i++) {
		snprintf(entry, sizeof entry, "%s/%s", journal, grp.v[i].name);
		linked[i] = link(path, entry) == 0;
		if (!linked[i]) {
			log_msg(LOG_ERR, "group commit: cannot link %s: %s\n",
			        entry, strerror(errno));
			rc = -1;
		}
	}
	if (txn_fsync_dir(journal) < 0) {
		/* Not known to be durable: take the entries back (the mails
		 * stay in new/), and let cleanup have the directory. */
		log_msg(LOG_ERR, "group commit: cannot sync %s: %s\n",
		        journal, strerror(errno));
		for (i = 0; i < grp.n; i++) {
			snprintf(entry, sizeof entry, "%s/%s", journal, grp.v[i].name);
			if (linked[i])
				unlink(entry);
		}
		rc = -1;
		goto out;
	}
	/* Entries in journal/ are visible: apply them even when a link
	 * failed (recovery would), but leave those whose files are not
	 * known to be durable in place, for recovery. */
	for (i = 0; i < grp.n; i++) {
		snprintf(entry, sizeof entry, "%s/%s", journal, grp.v[i].name);
		if (linked[i] && txn_entry_apply(grp.spool, entry, &dirs) < 0)
			rc = -1;
	}
	if (dirset_fsync(&dirs) < 0) {
		log_msg(LOG_ERR, "group commit: cannot sync a spool directory: "
		        "%s\n", strerror(errno));
		rc = -1;
	}
	if (rc == 0) {
		for (i = 0; i < grp.n; i++) {
			snprintf(entry, sizeof entry, "%s/%s", journal, grp.v[i].name);
			unlink(entry);
		}
		unlink(path);
		snprintf(path, sizeof path, "%s/seen", dir);
		unlink(path);
		snprintf(path, sizeof path, "%s/mark", dir);
		unlink(path);
		rmdir(dir);
	}
out:
	drop_dir_lock();
	for (i = 0; i < grp.n; i++)
		staged_free(&grp.v[i]);
	free(linked);
	dirset_free(&dirs);
	grp.n = 0;
	/* The rate records the group's mails counted, once each, while
	 * their bucket locks are still kept (ratelimit.h). */
	ratelimit_group_done(rc == 0);
	lock_keep_drop();
	if (rc < 0)
		grp.broken = 1;
	else
		grp.seq++;
	return rc;
}

int txn_group_tick(void)
{
	if (!grp.spool)
		return 0;
	if (grp.n == 0) {
		/* Locks kept by mails that staged nothing (their rate
		 * records) go as soon as those of a group would. */
		if (!grp.kept_ms || now_ms() - grp.kept_ms < GROUP_MAX_AGE_MS)
			return 0;
	} else if (now_ms() - grp.opened_ms < GROUP_MAX_AGE_MS) {
		return 0;
	}
	return txn_group_commit();
}

int txn_group_may_keep(const char *spool)
{
	return grp.spool && strcmp(grp.spool, spool) == 0 && !grp.broken &&
	       !grp.shared && lock_kept_count() < grp.max_locks;
}

void txn_group_shared(void)
{
	grp.shared = 1;
}

void txn_group_kept(void)
{
	if (grp.spool && grp.n == 0 && !grp.kept_ms)
		grp.kept_ms = now_ms();
}

int txn_group_settle(const char *spool, const char *prefix)
{
	return txn_group_settle_ending(spool, prefix, "");
}

/* Whether path ends with suffix. */
static int grp_ends(const char *path, const char *suffix)
{
	size_t n = strlen(path), m = strlen(suffix);

	return n >= m && strcmp(path + n - m, suffix) == 0;
}

int txn_group_settle_ending(const char *spool, const char *prefix,
                            const char *suffix)
{
	size_t i, j, n = strlen(prefix);

	if (!grp.spool || strcmp(grp.spool, spool) != 0)
		return 0;
	for (i = 0; i < grp.n; i++)
		for (j = 0; j < grp.v[i].npaths; j++)
			if (strncmp(grp.v[i].paths[j], prefix, n) == 0 &&
			    grp_ends(grp.v[i].paths[j], suffix)) {
				if (txn_group_commit() < 0) {
					errno = EIO;
					return -1;
				}
				return 0;
			}
	return 0;
}

int txn_group_end(void)
{
	int rc;

	if (!grp.spool)
		return 0;
	rc = txn_group_commit();
	lock_keep_hook(NULL);
	free(grp.spool);
	grp.spool = NULL;
	free(grp.v);
	grp.v = NULL;
	grp.cap = 0;
	buf_free(&grp.manifest);
	buf_free(&grp.seen);
	close(grp.spool_fd);
	return rc;
}
