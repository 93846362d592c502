/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * backup.c - a consistent copy of a live spool, and putting one back
 * (the order of the copy, and why it is safe, is in backup.h).
 */
#include "spool/backup.h"
#include "spool/formats.h"
#include "spool/txn.h"
#include "spool/lock.h"
#include "util/buf.h"
#include "util/i18n.h"
#include "util/magic.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <nettle/sha2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define BACKUP_MAGIC FORMAT_LINE("epamserv-backup", FORMAT_BACKUP)

/* No command reads more of one spool file than this (batch --maildir's
 * record of cur/ in intake/, CURSTATE_MAX): a larger file is nothing the
 * server wrote or could use, most likely junk, or a sparse file planted
 * to make every backup gigabytes long and minutes slow.  It is left out
 * (named on stderr, counted as skipped) without reading a byte of it. */
#define BACKUP_FILE_MAX (64ULL << 20)
#define BACKUP_MANIFEST "BACKUP"

/* A file seen with more than one link: where its first copy went. */
struct inode {
	dev_t dev;
	ino_t ino;
	char *rel;
};

struct bk {
	const char *from;        /* the tree copied from */
	const char *to;          /* the tree copied into */
	struct buf man;          /* the manifest being built */
	struct inode *inodes;    /* open addressing, size cap (a power of 2) */
	size_t ninodes, cap;
	struct backup_stats *st;
	struct buf err;
};

/* ---- small helpers ---- */

/* The first error of a backup or restore into b->err, a whole sentence
 * (fmt and its arguments, the path and strerror(errno)); -1. */
static int bk_fail(struct bk *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int bk_fail(struct bk *b, const char *fmt, ...)
{
	char text[8400];
	va_list ap;

	if (b->err.len)
		return -1;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	buf_puts(&b->err, text);
	return -1;
}

/* Why a file larger than BACKUP_FILE_MAX is left out (say_left_out). */
static const char too_large[] = N_("larger than 64 MiB, more than any "
                                   "command reads of one spool file");

/* "left out PATH: WHY" on stderr, path safe to print (util_safe_name),
 * and one more file counted as skipped; why is a translated clause. */
static void say_left_out(struct bk *b, const char *path, const char *why)
{
	size_t len = 4 * strlen(path) + 1;
	char *name = xmalloc(len);

	/* TRANSLATORS: the file, then why it is not in the backup ("not a
	 * regular file"). */
	fprintf(stderr, _("epamserv: left out %s: %s\n"),
	        util_safe_name(path, name, len), why);
	free(name);
	b->st->skipped++;
}

/* a "/" b (just a when b is empty) into out (PATH_MAX bytes): 0, or -1
 * with errno ENAMETOOLONG. */
static int join(char *out, const char *a, const char *b)
{
	int n = snprintf(out, PATH_MAX, "%s%s%s", a, *b ? "/" : "", b);

	if (n < 0 || n >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/* Whether a name may stand in a manifest line and a path: no '/', no
 * control character, not "." or "..". */
static int name_ok(const char *n)
{
	const unsigned char *p;

	if (!*n || strcmp(n, ".") == 0 || strcmp(n, "..") == 0)
		return 0;
	for (p = (const unsigned char *)n; *p; p++)
		if (*p < 0x20 || *p == 0x7f || *p == '/')
			return 0;
	return 1;
}

static size_t ino_slot(const struct bk *b, dev_t dev, ino_t ino)
{
	size_t i = ((size_t)ino * 2654435761u ^ (size_t)dev) & (b->cap - 1);

	while (b->inodes[i].rel &&
	       (b->inodes[i].dev != dev || b->inodes[i].ino != ino))
		i = (i + 1) & (b->cap - 1);
	return i;
}

/* The relative path of the first copy of (dev, ino), or NULL; remember
 * rel as that copy when there was none. */
static const char *ino_seen(struct bk *b, dev_t dev, ino_t ino,
                            const char *rel)
{
	size_t i;

	if (2 * (b->ninodes + 1) > b->cap) {
		struct inode *old = b->inodes;
		size_t oldcap = b->cap, j;
		b->cap = oldcap ? 2 * oldcap : 256;
		b->inodes = xmalloc(b->cap * sizeof *b->inodes);
		memset(b->inodes, 0, b->cap * sizeof *b->inodes);
		for (j = 0; j < oldcap; j++)
			if (old[j].rel)
				b->inodes[ino_slot(b, old[j].dev, old[j].ino)] = old[j];
		free(old);
	}
	i = ino_slot(b, dev, ino);
	if (b->inodes[i].rel)
		return b->inodes[i].rel;
	b->inodes[i].dev = dev;
	b->inodes[i].ino = ino;
	b->inodes[i].rel = xstrdup(rel);
	b->ninodes++;
	return NULL;
}

static void bk_free(struct bk *b)
{
	size_t i;

	for (i = 0; i < b->cap; i++)
		free(b->inodes[i].rel);
	free(b->inodes);
	buf_free(&b->man);
	buf_free(&b->err);
}

static void hex(const unsigned char *d, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = digits[d[i] >> 4];
		out[2 * i + 1] = digits[d[i] & 15];
	}
	out[2 * n] = '\0';
}

/* Copy the open file in to a new file at path (mode), hashing it: its
 * size into *size, the SHA-256 as hex into sum (65 bytes).  A file that
 * turns out longer than limit bytes is not copied further (errno
 * EFBIG).  0 or -1. */
static int copy_fd(int in, const char *path, mode_t mode,
                   unsigned long long limit, unsigned long long *size,
                   char *sum)
{
	struct sha256_ctx ctx;
	unsigned char data[65536], d[SHA256_DIGEST_SIZE];
	ssize_t n;
	int out = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	               0600);

	if (out < 0)
		return -1;
	sha256_init(&ctx);
	*size = 0;
	while ((n = read(in, data, sizeof data)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		sha256_update(&ctx, (size_t)n, data);
		*size += (unsigned long long)n;
		if (*size > limit) {
			errno = EFBIG;
			goto fail;
		}
		if (write(out, data, (size_t)n) != n) {
			if (errno == 0)
				errno = ENOSPC;
			goto fail;
		}
	}
	sha256_digest(&ctx, sizeof d, d);
	hex(d, sizeof d, sum);
	if (fchmod(out, mode & 07777) < 0 || close(out) < 0) {
		out = -1;
		goto fail;
	}
	return 0;
fail:
	if (out >= 0)
		close(out);
	unlink(path);
	return -1;
}

/* ---- backup ---- */

/* Copy the file FROM/rel to TO/rel and name it in the manifest.  A file
 * that vanished meanwhile (a mail sent, a counter reset) is no error. */
static int copy_one(struct bk *b, const char *rel)
{
	char src[PATH_MAX], dst[PATH_MAX], sum[2 * SHA256_DIGEST_SIZE + 1];
	const char *first;
	unsigned long long size;
	struct stat st;
	int fd;

	if (join(src, b->from, rel) < 0 || join(dst, b->to, rel) < 0)
		return bk_fail(b, _("cannot copy %s: %s"),
		               rel, strerror(errno));
	fd = util_open_regular(src, O_RDONLY | O_NOFOLLOW, 0);
	if (fd < 0 && errno == EINVAL) {
		say_left_out(b, src, _("not a regular file"));
		return 0;
	}
	if (fd < 0)
		return errno == ENOENT ? 0 : bk_fail(b, _("cannot read %s: %s"),
		                                     src, strerror(errno));
	if (fstat(fd, &st) < 0) {
		close(fd);
		return bk_fail(b, _("cannot read %s: %s"),
		               src, strerror(errno));
	}
	if ((unsigned long long)st.st_size > BACKUP_FILE_MAX) {
		close(fd);
		say_left_out(b, src, _(too_large));
		return 0;
	}
	if (st.st_nlink > 1 && (first = ino_seen(b, st.st_dev, st.st_ino, rel))) {
		char firstpath[PATH_MAX];
		close(fd);
		if (join(firstpath, b->to, first) < 0 || link(firstpath, dst) < 0)
			return bk_fail(b, _("cannot link %s: %s"),
			               dst, strerror(errno));
		buf_printf(&b->man, "l %s\t%s\n", first, rel);
		b->st->links++;
		return 0;
	}
	if (copy_fd(fd, dst, st.st_mode, BACKUP_FILE_MAX, &size, sum) < 0) {
		int saved = errno;
		close(fd);
		errno = saved;
		if (saved != EFBIG)
			return bk_fail(b, _("cannot copy to %s: %s"),
			               dst, strerror(errno));
		say_left_out(b, src, _(too_large));  /* it grew meanwhile */
		return 0;
	}
	close(fd);
	buf_printf(&b->man, "f %04o %llu %s %s\n", (unsigned)(st.st_mode & 07777),
	           size, sum, rel);
	b->st->files++;
	b->st->bytes += size;
	return 0;
}

/* The barrier: for every entry in journal/ ("KEY,TAG-PID-N"), take the
 * lock KEY (which waits for the process applying it) and roll KEY's
 * entries forward.  0; 1 when a lock stayed busy for timeout_ms (at the
 * first one: a backup does not wait for each busy board in turn); -1. */
static int finish_journal(struct bk *b, const char *spool, int timeout_ms)
{
	char dir[PATH_MAX], key[NAME_MAX + 1];
	struct dirent *de;
	DIR *d;
	int rc = 0;

	if (join(dir, spool, "journal") < 0 || !(d = util_opendir(dir)))
		return errno == ENOENT ? 0 : bk_fail(b, _("cannot read %s: %s"),
		                                     dir, strerror(errno));
	while (rc == 0 && (de = readdir(d)) != NULL) {
		const char *comma = strchr(de->d_name, ',');
		struct lock l = LOCK_INIT;
		if (!comma || (size_t)(comma - de->d_name) >= sizeof key)
			continue;
		snprintf(key, sizeof key, "%.*s", (int)(comma - de->d_name),
		         de->d_name);
		if (lock_acquire(spool, key, timeout_ms, &l) < 0) {
			if (errno == ETIMEDOUT) {
				buf_printf(&b->err, ngettext("lock %s stayed busy for %d "
				           "ms; try again", "lock %s stayed busy for %d "
				           "ms; try again", timeout_ms), key, timeout_ms);
				rc = 1;
			} else {
				rc = bk_fail(b, _("cannot take the lock %s: %s"),
				             key, strerror(errno));
			}
			break;
		}
		if (txn_recover(spool, key) < 0)
			rc = bk_fail(b, _("cannot finish the journal entries of "
			                  "%s: %s"), key, strerror(errno));
		lock_release(&l);
	}
	closedir(d);
	return rc;
}

/* Whether a top-level entry of the spool stays out of a backup.  The
 * ratings table (ratings/) and the board index (index/) are derived
 * from the result records and the boards and made again when missing;
 * copied after games/ they could hold a game the copy's boards and
 * records lack (a result rated twice after a restore, a deadline the
 * restored board does not have), so a restore makes them afresh. */
static int left_out(const char *name)
{
	return strcmp(name, "locks") == 0 || strcmp(name, "tmp") == 0 ||
	       strcmp(name, "journal") == 0 || strcmp(name, "ratings") == 0 ||
	       strcmp(name, "index") == 0 ||
	       strcmp(name, "web") == 0 ||  /* derived: web rebuilds it */
	       strncmp(name, "replaced-", 9) == 0 ||
	       strcmp(name, BACKUP_MANIFEST) == 0;
}

/* Copy the directory FROM/rel (rel "" for the top) and what it holds;
 * at the top, only the entries top_want accepts.  Subdirectories come
 * after the files beside them (games/GAME: its boards before archive/). */
static int copy_dir(struct bk *b, const char *rel, int (*top_want)(const char *))
{
	char src[PATH_MAX], dst[PATH_MAX], sub[PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d;
	char **dirs = NULL;
	size_t ndirs = 0, i;
	int rc = 0;

	if (join(src, b->from, rel) < 0 || join(dst, b->to, rel) < 0)
		return bk_fail(b, _("cannot copy %s: %s"),
		               rel, strerror(errno));
	if (lstat(src, &st) < 0)
		return errno == ENOENT ? 0 : bk_fail(b, _("cannot read %s: %s"),
		                                     src, strerror(errno));
	if (*rel) {
		if (mkdir(dst, 0700) < 0 && errno != EEXIST)
			return bk_fail(b, _("cannot create %s: %s"),
			               dst, strerror(errno));
		chmod(dst, st.st_mode & 07777);
		buf_printf(&b->man, "d %04o %s\n", (unsigned)(st.st_mode & 07777), rel);
		b->st->dirs++;
	}
	/* The top (the spool, or the backup an operator names) may be a
	 * link; nothing under it is followed. */
	if (!(d = *rel ? util_opendir(src) : opendir(src)))
		return errno == ENOENT ? 0 : bk_fail(b, _("cannot read %s: %s"),
		                                     src, strerror(errno));
	while ((de = readdir(d)) != NULL && rc == 0) {
		struct stat es;
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if (!*rel && top_want && !top_want(de->d_name))
			continue;
		if (!name_ok(de->d_name) || (*rel ? join(sub, rel, de->d_name)
		                                  : join(sub, de->d_name, "")) < 0 ||
		    join(src, b->from, sub) < 0) {
			struct buf at = BUF_INIT;
			buf_printf(&at, "%s%s%s/%s", b->from, *rel ? "/" : "", rel,
			           de->d_name);
			say_left_out(b, buf_str(&at), _("a name no spool file has"));
			buf_free(&at);
			continue;
		}
		if (lstat(src, &es) < 0) {
			if (errno != ENOENT)
				rc = bk_fail(b, _("cannot read %s: %s"),
				             src, strerror(errno));
			continue;
		}
		if (S_ISDIR(es.st_mode)) {
			dirs = xrealloc(dirs, (ndirs + 1) * sizeof *dirs);
			dirs[ndirs++] = xstrdup(sub);
		} else if (S_ISREG(es.st_mode)) {
			rc = copy_one(b, sub);
		} else {
			say_left_out(b, src, _("not a regular file"));
		}
	}
	closedir(d);
	/* Directories after the files beside them: a board the sweep moves
	 * from games/GAME/ into games/GAME/archive/ meanwhile is copied at
	 * least once (twice is undone by drop_archived). */
	for (i = 0; i < ndirs; i++) {
		if (rc == 0)
			rc = copy_dir(b, dirs[i], NULL);
		free(dirs[i]);
	}
	free(dirs);
	return rc;
}

/* Step 1: the processed-mail records, seen/, and intake/ (the names of
 * a Maildir's cur/ known as done: a record too, written only once the
 * mails' effects are durable).  Copied after games/, intake/ could name
 * a mail whose move the copy lacks, which a replay would then skip. */
static int want_seen(const char *name)
{
	return strcmp(name, "seen") == 0 || strcmp(name, "intake") == 0;
}

static int want_games(const char *name)
{
	return strcmp(name, "games") == 0;
}

static int want_rest(const char *name)
{
	return !left_out(name) && !want_seen(name) && !want_games(name);
}

/* A board copied both from games/GAME/ and from its archive/ (the sweep
 * moved it while the copy ran): keep the archived copy, the later one. */
static void drop_archived(struct bk *b)
{
	struct buf out = BUF_INIT;
	const char *p = buf_str(&b->man), *nl;

	for (; *p; p = nl + 1) {
		char game[256], file[256], arch[PATH_MAX], path[PATH_MAX];
		nl = strchr(p, '\n');
		if (sscanf(p, "f %*o %*u %*s games/%255[^/\n]/%255[^/\n]", game,
		           file) == 2 && strstr(file, ".game")) {
			struct stat st;
			int m = snprintf(arch, sizeof arch, "%s/games/%s/archive/%s",
			                 b->to, game, file);
			if (m > 0 && m < (int)sizeof arch && lstat(arch, &st) == 0) {
				int n = snprintf(path, sizeof path, "%s/games/%s/%s", b->to,
				                 game, file);
				if (n > 0 && n < (int)sizeof path && unlink(path) == 0) {
					b->st->files--;
					continue;
				}
			}
		}
		buf_append(&out, p, (size_t)(nl - p + 1));
	}
	buf_free(&b->man);
	b->man = out;
}

static int rm_entry(const char *path, const struct stat *st, int flag,
                    struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		return rmdir(path) < 0 ? -1 : 0;
	return unlink(path) < 0 ? -1 : 0;
}

/* Remove the tree at path (not following symbolic links). */
static void rm_tree(const char *path)
{
	nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Whether dir is empty (or missing: 1 and *missing set). */
static int dir_empty(const char *dir, int *missing)
{
	struct dirent *de;
	DIR *d = opendir(dir);  /* named by the operator: may be a link */
	int empty = 1;

	*missing = 0;
	if (!d) {
		*missing = errno == ENOENT;
		return *missing;
	}
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
			empty = 0;
	closedir(d);
	return empty;
}

/* Make what is below dir durable: one syncfs(2), else sync(2). */
static int sync_tree(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
#ifdef __linux__
	rc = syncfs(fd);
#else
	sync();
	rc = 0;
#endif
	close(fd);
	return rc;
}

/* Whether path (which may not exist yet) lies inside dir. */
static int inside(const char *path, const char *dir)
{
	char rdir[PATH_MAX], rpath[PATH_MAX], parent[PATH_MAX], *slash;
	size_t n;

	if (!realpath(dir, rdir))
		return 0;
	if (strlen(path) >= sizeof parent)
		return 0;
	snprintf(parent, sizeof parent, "%s", path);
	if (!realpath(parent, rpath)) {
		slash = strrchr(parent, '/');
		if (!slash)
			snprintf(parent, sizeof parent, ".");
		else if (slash == parent)
			parent[1] = '\0';
		else
			*slash = '\0';
		if (!realpath(parent, rpath))
			return 0;
	}
	n = strlen(rdir);
	return strncmp(rpath, rdir, n) == 0 && (rpath[n] == '/' || !rpath[n]);
}

int backup_make(const char *spool, const char *dest, int lock_timeout_ms,
                struct backup_stats *st, char **err)
{
	struct bk b = { spool, dest, BUF_INIT, NULL, 0, 0, st, BUF_INIT };
	char path[PATH_MAX], when[64];
	time_t now = time(NULL);
	int missing, rc = -1, made = 0;

	memset(st, 0, sizeof *st);
	*err = NULL;
	if (inside(dest, spool)) {
		/* TRANSLATORS: the backup's directory, then the spool. */
		buf_printf(&b.err, _("%s lies inside the spool %s: put the backup "
		           "elsewhere"), dest, spool);
		goto out;
	}
	if (!dir_empty(dest, &missing)) {
		buf_printf(&b.err, _("%s exists and is not an empty directory"),
		           dest);
		goto out;
	}
	if (missing && mkdir(dest, 0700) < 0) {
		bk_fail(&b, _("cannot create %s: %s"), dest, strerror(errno));
		goto out;
	}
	made = 1;
	if (chmod(dest, 0700) < 0) {
		bk_fail(&b, _("cannot set the mode of %s: %s"),
		        dest, strerror(errno));
		goto out;
	}
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	buf_printf(&b.man, "%s\ncreated: %s\nspool: %s\n", BACKUP_MAGIC, when,
	           spool);
	/* 1. seen/ and intake/ first: only records of committed
	 *    transactions. */
	if (copy_dir(&b, "", want_seen) < 0)
		goto out;
	/* 2. the barrier: every transaction that was committed before has
	 *    all its files in place once its journal entry is gone. */
	if ((rc = finish_journal(&b, spool, lock_timeout_ms)) != 0)
		goto out;
	rc = -1;
	/* 3. the boards, then everything else (outbox/ after the barrier
	 *    holds every reply of every copied record, or it was sent). */
	if (copy_dir(&b, "", want_games) < 0)
		goto out;
	drop_archived(&b);
	if (copy_dir(&b, "", want_rest) < 0)
		goto out;
	buf_printf(&b.man, "end\n");
	if (join(path, dest, BACKUP_MANIFEST ".part") < 0) {
		bk_fail(&b, _("cannot write in %s: %s"), dest, strerror(errno));
		goto out;
	}
	{
		int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		              O_CLOEXEC, 0600);
		if (fd < 0 || write(fd, buf_str(&b.man), b.man.len) !=
		              (ssize_t)b.man.len || close(fd) < 0) {
			bk_fail(&b, _("cannot write %s: %s"),
			        path, strerror(errno));
			goto out;
		}
	}
	/* The manifest last, once the copies are durable. */
	if (sync_tree(dest) < 0) {
		bk_fail(&b, _("cannot sync %s: %s"), dest, strerror(errno));
		goto out;
	}
	{
		char final[PATH_MAX];
		if (join(final, dest, BACKUP_MANIFEST) < 0 || rename(path, final) < 0 || sync_tree(dest) < 0) {
			bk_fail(&b, _("cannot finish %s: %s"),
			        final, strerror(errno));
			goto out;
		}
	}
	rc = 0;
out:
	if (rc != 0) {
		*err = buf_take(&b.err);
		if (made) {
			rm_tree(dest);
			if (!missing)
				mkdir(dest, 0700);
		}
	}
	bk_free(&b);
	return rc;
}

/* ---- restore ---- */

/* Whether rel is a relative path a backup may hold: names that pass
 * name_ok, and a top-level name a backup writes. */
static int rel_ok(const char *rel)
{
	char copy[PATH_MAX], *part, *save = NULL;
	int first = 1;

	if (!*rel || rel[0] == '/' || strlen(rel) >= sizeof copy)
		return 0;
	snprintf(copy, sizeof copy, "%s", rel);
	for (part = strtok_r(copy, "/", &save); part;
	     part = strtok_r(NULL, "/", &save)) {
		if (!name_ok(part) || (first && left_out(part)))
			return 0;
		first = 0;
	}
	return rel[strlen(rel) - 1] != '/' && !strstr(rel, "//");
}

/* Read the whole file at path (at most 1 GiB) into a malloc'ed string. */
static char *slurp(const char *path)
{
	struct buf b = BUF_INIT;
	char data[65536];
	ssize_t n;
	int fd = util_open_regular(path, O_RDONLY | O_NOFOLLOW, 0);

	if (fd < 0)
		return NULL;
	while ((n = read(fd, data, sizeof data)) > 0 && b.len < (1u << 30))
		buf_append(&b, data, (size_t)n);
	close(fd);
	if (n < 0) {
		buf_free(&b);
		return NULL;
	}
	return buf_take(&b);
}

/* Whether some process holds a lock of the spool: 1 (its key into
 * busy), 0, or -1. */
static int spool_in_use(const char *spool, char *busy, size_t len)
{
	char dir[PATH_MAX], key[NAME_MAX + 1];
	struct dirent *de;
	DIR *d;
	int rc = 0;

	if (join(dir, spool, "locks") < 0)
		return -1;
	if (!(d = util_opendir(dir)))
		return errno == ENOENT ? 0 : -1;
	while (rc == 0 && (de = readdir(d)) != NULL) {
		size_t n = strlen(de->d_name);
		struct lock l = LOCK_INIT;
		if (n <= 5 || strcmp(de->d_name + n - 5, ".lock") != 0)
			continue;
		snprintf(key, sizeof key, "%.*s", (int)(n - 5), de->d_name);
		if (lock_try(spool, key, &l) == 1) {
			snprintf(busy, len, "%s", key);
			rc = 1;
		}
		lock_release(&l);
	}
	closedir(d);
	return rc;
}

/* Whether the tree at path holds anything but directories: 1, 0. */
static int holds_files(const char *path)
{
	char sub[PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d = util_opendir(path);
	int found = 0;

	if (!d)
		return errno != ENOENT && errno != ENOTDIR ? 1 : errno == ENOTDIR;
	while (!found && (de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if (join(sub, path, de->d_name) < 0 || lstat(sub, &st) < 0 || !S_ISDIR(st.st_mode) || holds_files(sub))
			found = 1;
	}
	closedir(d);
	return found;
}

/* Whether the spool holds data: a file anywhere outside locks/, tmp/. */
static int spool_holds_data(const char *spool)
{
	char sub[PATH_MAX];
	struct dirent *de;
	DIR *d = opendir(spool);  /* the spool itself may be a link */
	int found = 0;

	if (!d)
		return errno != ENOENT;
	while (!found && (de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
		    strcmp(de->d_name, "locks") == 0 || strcmp(de->d_name, "tmp") == 0)
			continue;
		found = join(sub, spool, de->d_name) < 0 || holds_files(sub);
	}
	closedir(d);
	return found;
}

/* The mode bits a restore keeps of those a manifest names: anyone may
 * have written the backup, so never a world-writable directory (where a
 * local user could plant links), a set-uid, executable or world-writable
 * file; a group-shared spool's setgid directories stay. */
#define RESTORE_DIR_MODES 02770
#define RESTORE_FILE_MODES 0660

/* Copy the backup's files into stage as its manifest says, checking
 * each; RESTORE_DONE, or what was wrong (message in b->err). */
static enum restore_result stage_backup(struct bk *b, char *man)
{
	char *line, *save = NULL, src[PATH_MAX], dst[PATH_MAX];
	int lineno = 0, ended = 0;

	for (line = strtok_r(man, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned mode;
		unsigned long long size, got;
		struct stat sst;
		char sum[80], gotsum[2 * SHA256_DIGEST_SIZE + 1], *tab;
		int n = 0, fd;
		lineno++;
		if (ended)
			goto bad;
		if (lineno <= 3 || strncmp(line, "created: ", 9) == 0)
			continue;
		if (strcmp(line, "end") == 0) {
			ended = 1;
			continue;
		}
		if (sscanf(line, "d %o %n", &mode, &n) == 1 && n > 0) {
			if (!rel_ok(line + n))
				goto bad;
			if (join(dst, b->to, line + n) < 0 || mkdir(dst, 0700) < 0 ||
			    chmod(dst, mode & RESTORE_DIR_MODES) < 0)
				return bk_fail(b, _("cannot create %s: %s"),
				               dst, strerror(errno)), RESTORE_FAILED;
			b->st->dirs++;
		} else if (sscanf(line, "f %o %llu %79s %n", &mode, &size, sum,
		                  &n) == 3 && n > 0) {
			if (!rel_ok(line + n))
				goto bad;
			if (join(src, b->from, line + n) < 0 ||
			    join(dst, b->to, line + n) < 0)
				goto bad;
			fd = open(src, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
			if (fd < 0) {
				buf_printf(&b->err, "%s: %s", src, strerror(errno));
				return RESTORE_DAMAGED;
			}
			/* Anyone may have written the backup: a device, a FIFO
			 * or a file longer than the manifest says (reached
			 * through a planted directory link) must not fill the
			 * spool's file system. */
			if (fstat(fd, &sst) < 0 || !S_ISREG(sst.st_mode) ||
			    (unsigned long long)sst.st_size != size) {
				close(fd);
				buf_printf(&b->err, _("%s is not a regular file of the "
				           "size the manifest says: the backup is "
				           "damaged"), src);
				return RESTORE_DAMAGED;
			}
			if (copy_fd(fd, dst, mode & RESTORE_FILE_MODES, size, &got,
			            gotsum) < 0) {
				int saved = errno;
				close(fd);
				if (saved == EFBIG) {
					buf_printf(&b->err, _("%s grew past the size the "
					           "manifest says: the backup is damaged"),
					           src);
					return RESTORE_DAMAGED;
				}
				errno = saved;
				return bk_fail(b, _("cannot write %s: %s"),
				               dst, strerror(errno)), RESTORE_FAILED;
			}
			close(fd);
			if (got != size || strcmp(gotsum, sum) != 0) {
				/* TRANSLATORS: the file, its size in bytes, the size
				 * the backup's manifest gives. */
				buf_printf(&b->err, ngettext("%s differs from the "
				           "manifest (%llu byte, %llu expected): the backup "
				           "is damaged", "%s differs from the manifest "
				           "(%llu bytes, %llu expected): the backup is "
				           "damaged", got), src, got, size);
				return RESTORE_DAMAGED;
			}
			b->st->files++;
			b->st->bytes += got;
		} else if (line[0] == 'l' && line[1] == ' ' &&
		           (tab = strchr(line + 2, '\t'))) {
			*tab = '\0';
			if (!rel_ok(line + 2) || !rel_ok(tab + 1))
				goto bad;
			if (join(src, b->to, line + 2) < 0 ||
			    join(dst, b->to, tab + 1) < 0)
				goto bad;
			if (link(src, dst) < 0)
				return bk_fail(b, _("cannot link %s: %s"),
				               dst, strerror(errno)), RESTORE_FAILED;
			b->st->links++;
		} else {
			goto bad;
		}
	}
	if (ended)
		return RESTORE_DONE;
bad:
	/* TRANSLATORS: the backup's directory, the manifest's name (BACKUP)
	 * and the line's number: a place in the GNU style. */
	buf_printf(&b->err, _("%s/%s:%d: not a line of a backup manifest; the "
	           "backup is damaged"), b->from, BACKUP_MANIFEST, lineno);
	return RESTORE_DAMAGED;
}

/* Remove what an interrupted restore left in SPOOL/tmp/ (called once no
 * process holds a lock of the spool, so no restore runs). */
static void drop_old_stages(const char *spool)
{
	char dir[PATH_MAX], path[PATH_MAX];
	struct dirent *de;
	DIR *d;

	if (join(dir, spool, "tmp") < 0 || !(d = util_opendir(dir)))
		return;
	while ((de = readdir(d)) != NULL)
		if (strncmp(de->d_name, "restore-", 8) == 0 &&
		    join(path, dir, de->d_name) == 0)
			rm_tree(path);
	closedir(d);
}

/* Move every top-level entry of from but locks/ and tmp/ into to, which
 * is created.  0 or -1. */
static int move_entries(struct bk *b, const char *from, const char *to,
                        int skip_own)
{
	char src[PATH_MAX], dst[PATH_MAX];
	struct dirent *de;
	DIR *d;
	int rc = 0;

	if (mkdir(to, 0700) < 0 && errno != EEXIST)
		return bk_fail(b, _("cannot create %s: %s"),
		               to, strerror(errno));
	if (!(d = opendir(from)))  /* the spool, or a directory we made */
		return bk_fail(b, _("cannot read %s: %s"),
		               from, strerror(errno));
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if (skip_own && (strcmp(de->d_name, "locks") == 0 ||
		                 strcmp(de->d_name, "tmp") == 0 ||
		                 strncmp(de->d_name, "replaced-", 9) == 0))
			continue;
		if (join(src, from, de->d_name) < 0 ||
		    join(dst, to, de->d_name) < 0 || rename(src, dst) < 0)
			rc = bk_fail(b, _("cannot move %s: %s"),
			             src, strerror(errno));
	}
	closedir(d);
	return rc;
}

enum restore_result backup_restore(const char *spool, const char *src,
                                   int force, struct backup_stats *st,
                                   char **aside, char **created, char **err)
{
	struct bk b = { src, NULL, BUF_INIT, NULL, 0, 0, st, BUF_INIT };
	char path[PATH_MAX], stage[PATH_MAX], old[PATH_MAX], key[NAME_MAX + 1];
	char *man = NULL, *nl, newer[200], when[32];
	time_t now = time(NULL);
	enum restore_result rc = RESTORE_FAILED;
	int staged = 0;

	memset(st, 0, sizeof *st);
	*aside = *created = *err = NULL;
	if (join(path, src, BACKUP_MANIFEST) < 0 || !(man = slurp(path))) {
		/* TRANSLATORS: the directory, the manifest's name (BACKUP), the
		 * system's reason. */
		buf_printf(&b.err, _("%s is not a backup of a spool (no readable "
		           "%s: %s; a backup without it did not finish)"), src,
		           BACKUP_MANIFEST, strerror(errno));
		rc = RESTORE_NOT_BACKUP;
		goto out;
	}
	nl = strchr(man, '\n');
	if (nl)
		*nl = '\0';
	if (magic_newer(man, "epamserv-backup", FORMAT_BACKUP, newer, sizeof newer) ||
	    strcmp(man, BACKUP_MAGIC) != 0) {
		buf_printf(&b.err, "%s: %s", path, magic_version(man,
		           "epamserv-backup") > FORMAT_BACKUP ? newer
		           : _("not a backup manifest"));
		rc = RESTORE_NOT_BACKUP;
		goto out;
	}
	if (nl) {
		*nl = '\n';
		if (strncmp(nl + 1, "created: ", 9) == 0)
			*created = xstrndup(nl + 10, strcspn(nl + 10, "\n"));
	}
	switch (spool_in_use(spool, key, sizeof key)) {
	case 1:
		/* TRANSLATORS: the spool, then the name of the lock. */
		buf_printf(&b.err, _("%s is in use (lock %s is held): stop the "
		           "mail flow and every epamserv run first"), spool, key);
		rc = RESTORE_IN_USE;
		goto out;
	case -1:
		bk_fail(&b, _("cannot read the locks of %s: %s"),
		        spool, strerror(errno));
		goto out;
	}
	drop_old_stages(spool);
	if (!force && spool_holds_data(spool)) {
		buf_printf(&b.err, _("%s holds data: restore only into an empty "
		           "spool, or give --force to set its files aside"), spool);
		rc = RESTORE_HOLDS_DATA;
		goto out;
	}
	if (snprintf(stage, sizeof stage, "%s/tmp/restore-%ld-%ld", spool,
	             (long)getpid(), (long)now) >= (int)sizeof stage) {
		errno = ENAMETOOLONG;
		bk_fail(&b, _("cannot create a directory in %s: %s"),
		        spool, strerror(errno));
		goto out;
	}
	if (mkdir(stage, 0700) < 0) {
		bk_fail(&b, _("cannot create %s: %s"), stage, strerror(errno));
		goto out;
	}
	staged = 1;
	b.to = stage;
	if ((rc = stage_backup(&b, man)) != RESTORE_DONE)
		goto out;
	rc = RESTORE_FAILED;
	if (sync_tree(stage) < 0) {
		bk_fail(&b, _("cannot sync %s: %s"), stage, strerror(errno));
		goto out;
	}
	/* The spool's own entries (empty directories unless force) aside,
	 * then the backup's in their place. */
	strftime(when, sizeof when, "%Y%m%dT%H%M%SZ", gmtime(&now));
	if (snprintf(old, sizeof old, "%s/replaced-%s", spool, when) >=
	    (int)sizeof old) {
		errno = ENAMETOOLONG;
		bk_fail(&b, _("cannot create a directory in %s: %s"),
		        spool, strerror(errno));
		goto out;
	}
	if (move_entries(&b, spool, old, 1) < 0 ||
	    move_entries(&b, stage, spool, 0) < 0)
		goto out;
	if (sync_tree(spool) < 0) {
		bk_fail(&b, _("cannot sync %s: %s"), spool, strerror(errno));
		goto out;
	}
	rmdir(stage);
	staged = 0;
	if (force && holds_files(old))
		*aside = xstrdup(old);
	else
		rm_tree(old);
	rc = RESTORE_DONE;
out:
	if (staged)
		rm_tree(stage);
	if (rc != RESTORE_DONE)
		*err = buf_take(&b.err);
	free(man);
	bk_free(&b);
	return rc;
}
