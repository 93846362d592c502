/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * txn.c - journalled multi-file commits (see txn.h for the protocol).
 */
#include "spool/txn.h"
#include "spool/bindex.h"
#include "spool/txnpriv.h"
#include "spool/group.h"
#include "spool/lock.h"
#include "util/atomic.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct txn *txn_begin(const char *spool, const char *key, const char *tag)
{
	struct txn *t = xmalloc(sizeof *t);

	memset(t, 0, sizeof *t);
	t->spool = xstrdup(spool);
	t->key = xstrdup(key);
	t->tag = xstrdup(tag && *tag ? tag : "none");
	return t;
}

void txn_put(struct txn *t, const char *relpath, const char *data, size_t len)
{
	char mark[256];
	size_t i;

	for (i = 0; i < t->n; i++)
		if (strcmp(t->files[i].relpath, relpath) == 0)
			break;
	if (i == t->n) {
		if (t->n == t->cap) {
			t->cap = t->cap ? t->cap * 2 : 8;
			t->files = xrealloc(t->files, t->cap * sizeof *t->files);
		}
		t->files[i].relpath = xstrdup(relpath);
		t->n++;
	} else {
		free(t->files[i].data);
	}
	t->files[i].data = xstrndup(data, len);
	t->files[i].len = len;
	/* A live board's new file carries its marker for the board index
	 * (bindex.h), applied after it, in the same transaction. */
	if (i + 1 == t->n && bindex_mark_path(relpath, mark, sizeof mark))
		txn_put(t, mark, "", 0);
}

size_t txn_count(const struct txn *t)
{
	return t->n;
}

void txn_abort(struct txn *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->n; i++) {
		free(t->files[i].relpath);
		free(t->files[i].data);
	}
	free(t->files);
	free(t->spool);
	free(t->key);
	free(t->tag);
	free(t);
}

int txn_fsync_dir(const char *path)
{
	return util_fsync_dir(path);
}

void dirset_add_parent(struct dirset *s, const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0, i;

	for (i = 0; i < s->n; i++)
		if (strlen(s->v[i]) == n && strncmp(s->v[i], path, n) == 0)
			return;
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 8;
		s->v = xrealloc(s->v, s->cap * sizeof *s->v);
	}
	s->v[s->n++] = n ? xstrndup(path, n) : xstrdup(".");
}

int dirset_fsync(const struct dirset *s)
{
	size_t i;
	int rc = 0, saved = 0;

	for (i = 0; i < s->n; i++)
		if (txn_fsync_dir(s->v[i]) < 0) {
			saved = errno;
			rc = -1;
		}
	if (rc < 0)
		errno = saved;
	return rc;
}

void dirset_free(struct dirset *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}

int txn_write_file(const char *path, const char *data, size_t len, int sync)
{
	int fd = util_open_regular(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW,
	                           0640);
	int saved;

	if (fd < 0)
		return -1;
	if (util_write_all(fd, data, len, sync) < 0) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return close(fd);
}

int txn_entry_remove(const char *entry)
{
	char path[8192];

	if (unlink(entry) == 0 || errno == ENOENT)
		return 0;  /* a group's entry: a link to its manifest */
	snprintf(path, sizeof path, "%s/manifest", entry);
	if (unlink(path) < 0 && errno != ENOENT)
		return -1;
	if (rmdir(entry) < 0 && errno != ENOENT)
		return -1;
	return 0;
}

/* Removing an applied entry needs no fsync of journal/: the entry's files
 * were renamed out of it durably first, so if the removal is lost in a
 * crash, recovery finds a manifest whose files are all gone (ENOENT:
 * applied) and only removes it again.
 *
 * An entry is a directory (one commit: its files and "manifest" of
 * "N RELPATH" lines), or a hard link to the manifest of a group commit
 * (group.c), whose "ENTRY SRC RELPATH" lines name the entry each file
 * belongs to and where it waits (journal/group-ID/N): only the lines of
 * this entry are applied, by the holder of its lock.  A SRC of "=PATH"
 * is linked to RELPATH instead of renamed (the processed-mail records of
 * a group share one file, journal/group-ID/seen, and the board index's
 * empty markers one empty file, journal/group-ID/mark). */
int txn_entry_apply(const char *spool, const char *entry, struct dirset *dirs)
{
	char path[8192], src[8192], dst[8192];
	char *manifest, *line, *save = NULL;
	const char *name = strrchr(entry, '/');
	struct dirset own = DIRSET_INIT;
	struct stat st;
	int rc = 0, linked;

	if (lstat(entry, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	linked = S_ISREG(st.st_mode);
	name = name ? name + 1 : entry;
	if (linked)
		snprintf(path, sizeof path, "%s", entry);
	else
		snprintf(path, sizeof path, "%s/manifest", entry);
	/* A group's manifest stays under 256 KiB (group.c); read more. */
	manifest = util_read_file(path, 16 << 20, NULL);
	if (!manifest) {
		if (errno != ENOENT)
			return -1;
		/* Applied, but the process died before removing the entry. */
		if (rmdir(entry) < 0 && errno != ENOENT)
			return -1;
		return 0;
	}
	for (line = strtok_r(manifest, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp = strchr(line, ' ');
		if (!sp)
			continue;
		*sp = '\0';
		if (linked) {
			char *file = sp + 1;
			if (strcmp(line, name) != 0 || !(sp = strchr(file, ' ')))
				continue;
			*sp = '\0';
			if (*file == '=') {
				/* A processed-mail record: a link to the group's
				 * list of Message-IDs (no inode of its own). */
				snprintf(src, sizeof src, "%s/%s", spool, file + 1);
				snprintf(dst, sizeof dst, "%s/%s", spool, sp + 1);
				if (link(src, dst) < 0 && errno != EEXIST) {
					if (errno == ENOENT)
						continue;  /* the group is done */
					rc = -1;
					continue;
				}
				dirset_add_parent(dirs ? dirs : &own, dst);
				continue;
			}
			snprintf(src, sizeof src, "%s/%s", spool, file);
		} else {
			snprintf(src, sizeof src, "%s/%s", entry, line);
		}
		snprintf(dst, sizeof dst, "%s/%s", spool, sp + 1);
		if (rename(src, dst) < 0) {
			if (errno == ENOENT)
				continue;  /* applied before a crash */
			rc = -1;
			continue;
		}
		dirset_add_parent(dirs ? dirs : &own, dst);
	}
	free(manifest);
	if (!dirs) {
		if (rc == 0 && dirset_fsync(&own) < 0)
			rc = -1;
		dirset_free(&own);
		if (rc == 0)
			rc = txn_entry_remove(entry);
	}
	return rc;
}

void txn_names(const struct txn *t, char *tmpdir, size_t tmplen,
               char *entry, size_t entrylen)
{
	static unsigned counter;
	char id[128];

	snprintf(id, sizeof id, "%s-%ld-%u", t->tag, (long)getpid(), counter++);
	snprintf(tmpdir, tmplen, "%s/tmp/txn-%s", t->spool, id);
	snprintf(entry, entrylen, "%s/journal/%s,%s", t->spool, t->key, id);
}

int txn_write_tmp(const struct txn *t, const char *tmpdir, int sync)
{
	char path[8192];
	struct buf manifest = BUF_INIT;
	size_t i;
	int rc = -1;

	if (mkdir(tmpdir, 0750) < 0)
		return -1;
	for (i = 0; i < t->n; i++) {
		snprintf(path, sizeof path, "%s/%zu", tmpdir, i);
		if (txn_write_file(path, t->files[i].data, t->files[i].len, sync) < 0)
			goto out;
		buf_printf(&manifest, "%zu %s\n", i, t->files[i].relpath);
	}
	snprintf(path, sizeof path, "%s/manifest", tmpdir);
	if (txn_write_file(path, buf_str(&manifest), manifest.len, sync) < 0 ||
	    (sync && txn_fsync_dir(tmpdir) < 0))
		goto out;
	rc = 0;
out:
	buf_free(&manifest);
	return rc;
}

int txn_commit(struct txn *t, char **err)
{
	char tmpdir[4096], path[8192], entry[4096];

	*err = NULL;
	if (txn_group_takes(t->spool))
		return txn_group_add(t, err);
	txn_names(t, tmpdir, sizeof tmpdir, entry, sizeof entry);
	if (txn_write_tmp(t, tmpdir, 1) < 0 || rename(tmpdir, entry) < 0)
		goto fail;
	snprintf(path, sizeof path, "%s/journal", t->spool);
	if (txn_fsync_dir(path) < 0)
		goto fail;
	/* Committed.  From here a failure is finished by recovery. */
	txn_entry_apply(t->spool, entry, NULL);
	txn_abort(t);
	return 0;
fail:
	*err = errlang_asprintf(N_("cannot save to the spool %s: %s"), t->spool,
	                        strerror(errno));
	txn_abort(t);
	return -1;
}

/* Call fn(spool, entry-name) for each journal entry whose name passes
 * match(name, arg). */
static int txn_scan(const char *spool,
                    int (*fn)(const char *spool, const char *name, void *arg),
                    void *arg)
{
	char dir[4096];
	struct dirent *de;
	DIR *d;
	int rc = 0;

	snprintf(dir, sizeof dir, "%s/journal", spool);
	d = util_opendir(dir);
	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || !strchr(de->d_name, ','))
			continue;
		if (fn(spool, de->d_name, arg) < 0)
			rc = -1;
	}
	closedir(d);
	return rc;
}

static int apply_named(const char *spool, const char *name)
{
	char entry[4096];

	snprintf(entry, sizeof entry, "%s/journal/%s", spool, name);
	return txn_entry_apply(spool, entry, NULL);
}

static int recover_key(const char *spool, const char *name, void *arg)
{
	const char *key = arg;
	size_t n = strlen(key);

	if (strncmp(name, key, n) != 0 || name[n] != ',')
		return 0;
	return apply_named(spool, name);
}

int txn_recover(const char *spool, const char *key)
{
	return txn_scan(spool, recover_key, (void *)key);
}

struct tag_arg {
	const char *tag;
	int timeout_ms;
	int try_only;
	const char *writes;  /* a file to watch for (relative), or NULL */
	int only_writes;     /* roll forward only entries that write it */
	int busy;            /* set: an entry left to its holder writes it */
};

/* Whether the journal entry name (a directory of one commit, or a link
 * to a group's manifest: only its own lines) is to write relpath.  An
 * entry gone meanwhile (applied) writes nothing. */
static int entry_writes(const char *spool, const char *name,
                        const char *relpath)
{
	char path[8192], *manifest, *line, *save = NULL;
	struct stat st;
	int linked, found = 0;

	snprintf(path, sizeof path, "%s/journal/%s", spool, name);
	if (lstat(path, &st) < 0)
		return 0;
	linked = S_ISREG(st.st_mode);
	if (!linked)
		snprintf(path, sizeof path, "%s/journal/%s/manifest", spool, name);
	manifest = util_read_file(path, 16 << 20, NULL);
	if (!manifest)
		return 0;
	for (line = strtok_r(manifest, "\n", &save); line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp = strchr(line, ' ');
		if (!sp)
			continue;
		*sp = '\0';
		if (linked) {
			if (strcmp(line, name) != 0 || !(sp = strchr(sp + 1, ' ')))
				continue;
		}
		found = strcmp(sp + 1, relpath) == 0;
	}
	free(manifest);
	return found;
}

/* Entry names are KEY,TAG-PID-N. */
static int recover_entry(const char *spool, const char *name, void *arg)
{
	struct tag_arg *a = arg;
	const char *comma = strchr(name, ',');
	struct lock l = LOCK_INIT;
	char key[512];
	size_t klen = (size_t)(comma - name), tlen;
	int rc;

	if (a->tag) {
		tlen = strlen(a->tag);
		if (strncmp(comma + 1, a->tag, tlen) != 0 || comma[1 + tlen] != '-')
			return 0;
	}
	if (klen >= sizeof key)
		return 0;
	if (a->only_writes && !entry_writes(spool, name, a->writes))
		return 0;
	memcpy(key, name, klen);
	key[klen] = '\0';
	rc = a->try_only ? lock_try(spool, key, &l)
	                 : lock_acquire(spool, key, a->timeout_ms, &l);
	if (rc < 0)
		return -1;
	if (rc > 0) {
		/* Busy: its owner is finishing it (under that lock). */
		if (a->writes && entry_writes(spool, name, a->writes))
			a->busy = 1;
		return 0;
	}
	rc = apply_named(spool, name);
	lock_release(&l);
	return rc;
}

int txn_recover_tag(const char *spool, const char *tag, int timeout_ms)
{
	struct tag_arg a = { tag, timeout_ms, 0, NULL, 0, 0 };

	return txn_scan(spool, recover_entry, &a);
}

/* Remove a directory and the files in it. */
static void remove_dir(const char *path)
{
	char file[8192];
	struct dirent *fe;
	DIR *f = util_opendir(path);

	if (!f)
		return;
	while ((fe = readdir(f)) != NULL) {
		if (fe->d_name[0] == '.')
			continue;
		snprintf(file, sizeof file, "%s/%s", path, fe->d_name);
		unlink(file);
	}
	closedir(f);
	rmdir(path);
}

/* Whether nobody is staging or committing the group directory at path:
 * its committer holds a flock on it while it works (group.c). */
static int group_abandoned(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC),
	    free_now;

	if (fd < 0)
		return 0;
	free_now = flock(fd, LOCK_EX | LOCK_NB) == 0;
	close(fd);
	return free_now;
}

/* Remove directories left behind: tmp/txn-* an hour old (commits whose
 * process died before the commit point: never visible), tmp/group-* that
 * nobody holds (the same for a group), and journal/group-* that nobody
 * holds and whose manifest no entry links to any more (every entry
 * applied; the committer died before removing it). */
static void txn_clean_old(const char *spool, const char *sub)
{
	char dir[4096], path[4400], manifest[4500];
	struct dirent *de;
	struct stat st, ms;
	time_t old = time(NULL) - 3600;
	int journal = strcmp(sub, "journal") == 0;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/%s", spool, sub);
	d = util_opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, "group-", 6) != 0 &&
		    (journal || strncmp(de->d_name, "txn-", 4) != 0))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (lstat(path, &st) < 0 || !S_ISDIR(st.st_mode))
			continue;
		if (de->d_name[0] == 'g' ? !group_abandoned(path)
		                         : st.st_mtime > old)
			continue;
		snprintf(manifest, sizeof manifest, "%s/manifest", path);
		if (journal && stat(manifest, &ms) == 0 && ms.st_nlink > 1)
			continue;  /* an entry still waits to be applied */
		remove_dir(path);
	}
	closedir(d);
}

/* Roll forward the entries whose lock is free (only_writes: only those
 * that write relpath): 1 when a busy one writes relpath, 0, or -1. */
static int recover_free(const char *spool, const char *relpath,
                        int only_writes)
{
	struct tag_arg a = { NULL, 0, 1, relpath, only_writes, 0 };

	if (txn_scan(spool, recover_entry, &a) < 0)
		return -1;
	return a.busy;
}

int txn_recover_free(const char *spool, const char *relpath)
{
	return recover_free(spool, relpath, 0);
}

int txn_recover_writing(const char *spool, const char *relpath)
{
	return recover_free(spool, relpath, 1);
}

int txn_recover_all(const char *spool)
{
	struct tag_arg a = { NULL, 0, 1, NULL, 0, 0 };
	int rc;

	txn_clean_old(spool, "tmp");
	rc = txn_scan(spool, recover_entry, &a);
	txn_clean_old(spool, "journal");
	return rc;
}
