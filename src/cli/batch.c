/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * batch.c - "epamserv batch --maildir DIR": every mail waiting in a
 * Maildir, for cron.
 *
 * Mails in DIR/new are processed in arrival order (modification time, then
 * name).  A mail moves to DIR/cur (flagged seen) only after its effects
 * and its replies are committed to the spool, so a crash at any point
 * leaves it in new/ for the next run, and the processed-mail record makes
 * that rerun harmless.  A mail that meets a busy board (lock_timeout ran
 * out), or a board or user file that does not load (set aside,
 * src/spool/held.h), stays in new/ and the run goes on with the others
 * (in a worker, batch_jobs.h, without the later mails of its board:
 * they stay in new/ behind it); any other
 * temporary failure (the spool cannot be written, out of memory) stops
 * the run there, so that no later mail overtakes it (a later move on the
 * same board would be refused).  The mails' transactions are made
 * durable together, batch_group at a time (group commit,
 * src/spool/group.h); a mail is filed once its group is committed, and
 * cur/ and new/ are fsync'ed once for all the mails filed then.  The outbox
 * is delivered once at the end, over one SMTP connection.
 *
 * Mail in DIR/cur that we have not processed (an IMAP client or a SELECT
 * moved it there, or a person read it and set S) is processed too, before
 * new/: no flag decides, only our own records.  So that an old cur/ of
 * 100,000 mails is not parsed on every run, SPOOL/intake/maildir-DIGEST
 * (DIGEST of the Maildir's real path) lists the unique names (the part
 * before ':', which stays when a client changes the flags) of the mails
 * of cur/ known to be done: filed by us, or processed (or found already
 * processed in seen/) from cur/.  It is written only after those mails'
 * effects are durable, and holds only names still in cur/.  A name not
 * in it is parsed once and checked against seen/ (process_mail), so a
 * lost or stale state file only costs one parse per mail, never a second
 * application, as long as seen/ has the record.  For pruning of seen/
 * (issue 13) a mail of cur/ not listed here is applied only when it
 * arrived (its file's modification time) less than maildir_max_days ago:
 * a seen record kept longer than that can be pruned without letting a
 * mail still in the mailbox be applied twice.
 * With maildir_keep_days set, a mail of cur/ known as done (listed in
 * the state file: so processed and durable, never one set aside, which
 * waits in new/, nor one not yet processed) that arrived longer ago is
 * removed when cur/ is listed, and its name dropped from the list; a
 * mail left alone as too old is listed as such ("NAME\tskipped") and
 * never removed: it was never processed.
 * "batch --imap URL" does the same for an IMAP mailbox (imap.c).
 */
#include "util/log.h"
#include "cli/cli.h"
#include "cli/batch_jobs.h"
#include "services/outmail.h"
#include "services/robot.h"
#include "pipeline/inlog.h"
#include "pipeline/process.h"
#include "spool/formats.h"
#include "spool/group.h"
#include "spool/lock.h"
#include "spool/txn.h"
#include "util/buf.h"
#include "util/util.h"
#include "util/i18n.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct arrival {
	char *name;
	long long mtime_ns;
};

static int arrival_cmp(const void *a, const void *b)
{
	const struct arrival *x = a, *y = b;

	if (x->mtime_ns != y->mtime_ns)
		return x->mtime_ns < y->mtime_ns ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* A run takes the mails of new/ in chunks of this many, the oldest
 * first, so that its memory does not grow with the size of the Maildir
 * (tests make it smaller with EPAMSERV_BATCH_CHUNK). */
#define CHUNK 4096

static size_t chunk_size(void)
{
	const char *s = getenv("EPAMSERV_BATCH_CHUNK");
	long v = s ? strtol(s, NULL, 10) : 0;

	return v > 0 && v < CHUNK ? (size_t)v : CHUNK;
}

/* Names of mails left in new/ for the next run (busy boards), sorted:
 * later chunks of the same run pass over them. */
struct names {
	char **v;
	size_t n, cap;
};

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int names_has(const struct names *s, const char *name)
{
	return s->n && bsearch(&name, s->v, s->n, sizeof *s->v, name_cmp);
}

static void names_add(struct names *s, const char *name)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 16;
		s->v = xrealloc(s->v, s->cap * sizeof *s->v);
	}
	s->v[s->n++] = xstrdup(name);
	qsort(s->v, s->n, sizeof *s->v, name_cmp);
}

/* Max-heap on arrival_cmp: the newest of the kept mails on top. */
static void heap_down(struct arrival *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, top = i;
		struct arrival t;
		if (l < n && arrival_cmp(&h[l], &h[top]) > 0)
			top = l;
		if (r < n && arrival_cmp(&h[r], &h[top]) > 0)
			top = r;
		if (top == i)
			return;
		t = h[i];
		h[i] = h[top];
		h[top] = t;
		i = top;
	}
}

static void heap_up(struct arrival *h, size_t i)
{
	while (i > 0 && arrival_cmp(&h[i], &h[(i - 1) / 2]) > 0) {
		struct arrival t = h[i];
		h[i] = h[(i - 1) / 2];
		h[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

/* The (at most chunk_size()) oldest mails of DIR/new not in skip, in arrival
 * order (malloc'ed array of *count), or NULL (errno) when new/ cannot be
 * read. */
static struct arrival *list_new(const char *dir, const struct names *skip,
                                size_t *count)
{
	char path[8192];
	size_t n = 0, max = chunk_size();
	struct arrival *a = xmalloc(max * sizeof *a), cand;
	struct dirent *de;
	struct stat st;
	DIR *d;

	*count = 0;
	snprintf(path, sizeof path, "%s/new", dir);
	d = opendir(path);
	if (!d) {
		free(a);
		return NULL;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || names_has(skip, de->d_name))
			continue;
		snprintf(path, sizeof path, "%s/new/%s", dir, de->d_name);
		if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		cand.name = de->d_name;
		cand.mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL +
		                st.st_mtim.tv_nsec;
		if (n == max) {
			if (arrival_cmp(&cand, &a[0]) >= 0)
				continue;  /* newer than all we keep */
			free(a[0].name);
			a[0] = cand;
			a[0].name = xstrdup(cand.name);
			heap_down(a, n, 0);
			continue;
		}
		a[n] = cand;
		a[n].name = xstrdup(cand.name);
		heap_up(a, n++);
	}
	closedir(d);
	if (n)
		qsort(a, n, sizeof *a, arrival_cmp);
	*count = n;
	return a;
}

/* Sync dir/sub after mails were renamed in or out of it.  A failure is
 * logged: a crash could then bring the mails back to new/, where the
 * processed-mail records keep them from being applied twice. */
static void fsync_dir(const char *dir, const char *sub)
{
	char path[8192];

	snprintf(path, sizeof path, "%s/%s", dir, sub);
	if (util_fsync_dir(path) < 0)
		log_msg(LOG_ERR, "batch: cannot sync %s: %s\n", path,
		        strerror(errno));
}

/* File new/NAME into cur/NAME:2,S (Maildir's "seen" flag); the caller
 * fsyncs cur/ and new/. */
static int file_as_seen(const char *dir, const char *name)
{
	char from[8192], to[8192];
	const char *colon = strchr(name, ':');

	snprintf(from, sizeof from, "%s/new/%s", dir, name);
	if (colon)
		snprintf(to, sizeof to, "%s/cur/%.*s:2,S", dir,
		         (int)(colon - name), name);
	else
		snprintf(to, sizeof to, "%s/cur/%s:2,S", dir, name);
	if (rename(from, to) < 0) {
		if (errno == ENOENT && access(to, F_OK) == 0)
			return 0;  /* filed by another run at the same time */
		log_msg(LOG_ERR, "cannot file %s into cur/: %s\n", from,
		        strerror(errno));
		return -1;
	}
	return 0;
}

/* The delivery time of the Maildir file name (issue 15): the seconds
 * since the epoch its name starts with ("1733000000.M20P7.host,S=..."),
 * as the delivery agent wrote them, else mtime (the file's modification
 * time, which a rename into cur/ keeps). */
static time_t delivery_time(const char *name, time_t mtime)
{
	long long t = 0;
	size_t i;

	for (i = 0; name[i] >= '0' && name[i] <= '9' && i < 12; i++)
		t = t * 10 + (name[i] - '0');
	return i > 0 && name[i] == '.' && t > 0 ? (time_t)t : mtime;
}

/* Read and process the mail file DIR/SUB/NAME; returns the process_mail
 * status, or -1 when the file is gone (filed by another run, renamed by
 * a mail client).  The mail's moves count at its delivery time
 * (delivery_time, process_mail_at). */
static int batch_one(const struct config *cfg, const char *dir,
                     const char *sub, const char *name)
{
	char path[8192];
	size_t len = 0;
	int truncated = 0, fd, rc;
	struct stat st;
	char *raw;

	snprintf(path, sizeof path, "%s/%s/%s", dir, sub, name);
	/* Not a spool file: a link is the Maildir owner's to make.  But a
	 * FIFO must not hang the run, nor stop it: it is left in place. */
	fd = util_open_regular(path, O_RDONLY, 0);
	if (fd < 0 && errno == EINVAL) {
		log_msg(LOG_ERR, "%s is not a regular file (a FIFO, a device?): "
		        "left as it is; remove it\n", path);
		return -1;
	}
	if (fd < 0)
		return errno == ENOENT ? -1 : EXIT_TEMPFAIL;
	if (fstat(fd, &st) < 0)
		st.st_mtime = 0;
	raw = util_read_fd(fd, cfg->max_mail_size, &len, &truncated);
	close(fd);
	if (!raw)
		return EXIT_TEMPFAIL;
	rc = process_mail_at(cfg, raw, len, truncated,
	                     delivery_time(name, st.st_mtime));
	free(raw);
	return rc;
}

/* The mails of cur/ known to be done (SPOOL/intake/maildir-DIGEST).
 * The next state is written as the run goes, into a temporary file
 * renamed over the state at its end: the names of the mails a run files
 * are never all kept in memory (issue 35), however many there are. */
struct curstate {
	char path[4200];     /* the state file */
	char tmp[4300];      /* the next state, PATH.PID.tmp */
	char intake[4200];   /* SPOOL/intake */
	char **known;        /* sorted: unique names read from the file */
	size_t nknown;
	FILE *next;          /* tmp, open once a line is written */
	int broken;          /* tmp could not be written: not renamed */
	size_t present;      /* known names still in cur/, written to next */
	size_t added;        /* names done in this run, written to next */
};

/* The unique part of a Maildir name (before ':') into buf; 0, or -1 when
 * it is too long or holds a byte the state file cannot keep. */
static int unique_name(const char *name, char *buf, size_t len)
{
	size_t n = strcspn(name, ":"), i;

	if (n == 0 || n >= len)
		return -1;
	for (i = 0; i < n; i++)
		if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
			return -1;
	memcpy(buf, name, n);
	buf[n] = '\0';
	return 0;
}

/* A line of the state file for a mail left alone as too old (never
 * applied, so never removed by maildir_keep_days) is its name and this;
 * a name holds no control character (unique_name). */
#define CUR_SKIPPED "\tskipped"

/* Whether the unique name u is in cs: 1 done, 2 left alone as too old,
 * 0 not known. */
static int curstate_known(const struct curstate *cs, const char *u)
{
	char line[1100];
	const char *l = line;

	if (!cs->nknown)
		return 0;
	if (bsearch(&u, cs->known, cs->nknown, sizeof *cs->known, name_cmp))
		return 1;
	snprintf(line, sizeof line, "%s%s", u, CUR_SKIPPED);
	return bsearch(&l, cs->known, cs->nknown, sizeof *cs->known,
	               name_cmp) ? 2 : 0;
}

/* The first line of the state file.  Version 2 marks the mails left
 * alone as too old (CUR_SKIPPED); version 1 did not. */
#define CURSTATE_HEADER FORMAT_LINE("epamserv-cur", FORMAT_CURSTATE) "\n"

/* Most bytes a state file may take: 100,000 mails of 64-byte names, and
 * room to spare. */
#define CURSTATE_MAX (64 * 1024 * 1024)

/* Load the state of the Maildir dir.  A missing or unreadable file (or
 * one of another format or version) reads as empty: every mail of cur/ is then
 * parsed once and checked against seen/.  Returns 0, or -1 when the
 * Maildir's real path cannot be found (errno). */
/* Remove the temporary states of the state file path left by runs
 * that died (PATH.PID.tmp of a process that is gone). */
static void curstate_clean(const char *spool, const char *path)
{
	char dir[4200], file[4600];
	const char *base = strrchr(path, '/') + 1;
	size_t n = strlen(base);
	struct dirent *de;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/intake", spool);
	if ((d = opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		char *end;
		long pid;
		if (strncmp(de->d_name, base, n) != 0 || de->d_name[n] != '.')
			continue;
		pid = strtol(de->d_name + n + 1, &end, 10);
		if (pid <= 0 || strcmp(end, ".tmp") != 0 ||
		    pid == (long)getpid() ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		snprintf(file, sizeof file, "%s/%s", dir, de->d_name);
		unlink(file);
	}
	closedir(d);
}

static int curstate_load(const char *spool, const char *dir,
                         struct curstate *cs)
{
	char digest[33], *text, *p, *nl;
	size_t cap = 0;

	memset(cs, 0, sizeof *cs);
	if (util_path_digest(dir, digest) < 0)
		return -1;
	snprintf(cs->path, sizeof cs->path, "%s/intake/maildir-%s", spool,
	         digest);
	snprintf(cs->tmp, sizeof cs->tmp, "%s.%ld.tmp", cs->path,
	         (long)getpid());
	snprintf(cs->intake, sizeof cs->intake, "%s/intake", spool);
	curstate_clean(spool, cs->path);
	text = util_read_file(cs->path, CURSTATE_MAX, NULL);
	if (text == NULL && errno != ENOENT)
		log_msg(LOG_WARNING, "batch: cannot read %s (%s); the mails of "
		        "cur/ are parsed again\n", cs->path, strerror(errno));
	/* Version 1 (before maildir_keep_days) listed a mail left alone as
	 * too old by its bare name, as if done: read as empty, so that such
	 * a mail is never taken for processed and removed. */
	if (text == NULL || strncmp(text, CURSTATE_HEADER,
	                            sizeof CURSTATE_HEADER - 1) != 0) {
		free(text);
		return 0;
	}
	for (p = text + sizeof CURSTATE_HEADER - 1; *p; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			break;  /* a cut last line: not trusted */
		*nl = '\0';
		if (!*p)
			continue;
		if (cs->nknown == cap) {
			cap = cap ? cap * 2 : 256;
			cs->known = xrealloc(cs->known, cap * sizeof *cs->known);
		}
		cs->known[cs->nknown++] = xstrdup(p);
	}
	free(text);
	if (cs->nknown)
		qsort(cs->known, cs->nknown, sizeof *cs->known, name_cmp);
	return 0;
}

/* Write one line of the next state (a name and its mark) into cs->tmp,
 * made with the header on the first line.  An error is logged once;
 * the state is then left as it was (curstate_save). */
static void curstate_put(struct curstate *cs, const char *line)
{
	int fd;

	if (cs->broken)
		return;
	if (!cs->next) {
		if (mkdir(cs->intake, 0750) < 0 && errno != EEXIST)
			goto fail;
		fd = util_open_regular(cs->tmp, O_WRONLY | O_CREAT | O_TRUNC |
		                       O_NOFOLLOW, 0640);
		if (fd < 0 || (cs->next = fdopen(fd, "w")) == NULL) {
			if (fd >= 0)
				close(fd);
			goto fail;
		}
		fputs(CURSTATE_HEADER, cs->next);
	}
	if (fprintf(cs->next, "%s\n", line) >= 0)
		return;
fail:
	log_msg(LOG_WARNING, "batch: cannot write %s (%s); the next run "
	        "parses the mails of cur/ again\n", cs->tmp, strerror(errno));
	cs->broken = 1;
}

/* Make the next state the state: the known names still in cur/ and
 * those done in this run, written as they came (fsync'ed, then renamed
 * over it: a name is only written after its mail's effects are
 * durable).  Not written when nothing changed.  Errors are logged; a
 * state not written costs the next run one parse per mail, nothing
 * else. */
static void curstate_save(struct curstate *cs)
{
	FILE *f = cs->next;

	if (cs->broken || (cs->added == 0 && cs->present == cs->nknown))
		return;  /* curstate_free removes the temporary file */
	if (!f) {
		/* Nothing left in cur/ and nothing added: an empty state. */
		curstate_put(cs, "");
		if (!(f = cs->next))
			return;
	}
	cs->next = NULL;
	if (fflush(f) != 0 || fsync(fileno(f)) != 0) {
		fclose(f);
		goto fail;
	}
	if (fclose(f) != 0 || rename(cs->tmp, cs->path) != 0)
		goto fail;
	log_msg(LOG_DEBUG, "batch: %zu mails of cur/ known as done\n",
	        cs->present + cs->added);
	return;
fail:
	unlink(cs->tmp);
	log_msg(LOG_WARNING, "batch: cannot write %s (%s); the next run "
	        "parses the mails of cur/ again\n", cs->path, strerror(errno));
}

static void curstate_free(struct curstate *cs)
{
	size_t i;

	for (i = 0; i < cs->nknown; i++)
		free(cs->known[i]);
	free(cs->known);
	if (cs->next) {  /* not saved: the state stays as it was */
		fclose(cs->next);
		cs->next = NULL;
	}
	if (cs->tmp[0])
		unlink(cs->tmp);
}

/* Record that the mail new/NAME or cur/NAME is done (skipped: left
 * alone as too old). */
static void curstate_add(struct curstate *cs, const char *name, int skipped)
{
	char u[1024], line[1100];

	if (unique_name(name, u, sizeof u) < 0)
		return;
	snprintf(line, sizeof line, "%s%s", u, skipped ? CUR_SKIPPED : "");
	curstate_put(cs, line);
	cs->added++;
}

/* maildir_keep_days: remove DIR/cur/NAME, a mail known as done, when it
 * arrived (its modification time) before keep_before.  1 removed, else
 * 0 (kept: too young, or it could not be removed, logged). */
static int cur_expire(const char *dir, const char *name, time_t keep_before)
{
	char path[8192];
	struct stat st;

	snprintf(path, sizeof path, "%s/cur/%s", dir, name);
	if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode) ||
	    st.st_mtime >= keep_before)
		return 0;
	if (unlink(path) == 0 || errno == ENOENT)
		return 1;  /* (ENOENT: another run removed it) */
	log_msg(LOG_WARNING, "batch: cannot remove %s: %s\n", path,
	        strerror(errno));
	return 0;
}

/* The mails of DIR/cur not known in cs, in arrival order (malloc'ed
 * array of *count, each with its full name); the known ones still there
 * go to cs->present, or, when keep_before is not 0 and they arrived
 * before it, are removed (counted in *expired).  NULL (errno) when cur/
 * cannot be read. */
static struct arrival *list_cur(const char *dir, struct curstate *cs,
                                time_t keep_before, size_t *count,
                                unsigned long *expired)
{
	char path[8192], u[1024], line[1100];
	int k;
	size_t n = 0, cap = 0;
	struct arrival *a = NULL;
	struct dirent *de;
	struct stat st;
	DIR *d;

	*count = 0;
	snprintf(path, sizeof path, "%s/cur", dir);
	if ((d = opendir(path)) == NULL)
		return NULL;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (unique_name(de->d_name, u, sizeof u) == 0 &&
		    (k = curstate_known(cs, u)) != 0) {
			if (k == 1 && keep_before &&
			    cur_expire(dir, de->d_name, keep_before)) {
				(*expired)++;
			} else {
				snprintf(line, sizeof line, "%s%s", u,
				         k == 2 ? CUR_SKIPPED : "");
				curstate_put(cs, line);
				cs->present++;
			}
			continue;
		}
		snprintf(path, sizeof path, "%s/cur/%s", dir, de->d_name);
		if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			a = xrealloc(a, cap * sizeof *a);
		}
		a[n].name = xstrdup(de->d_name);
		a[n++].mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL +
		                  st.st_mtim.tv_nsec;
	}
	closedir(d);
	if (n)
		qsort(a, n, sizeof *a, arrival_cmp);
	*count = n;
	return a ? a : xmalloc(sizeof *a);
}

/* The counts of mails that wait without stopping a run: busy boards,
 * rate deferrals and mails set aside for a damaged file. */
struct waits {
	unsigned long busy, deferred, aside;
};

static struct waits waits_now(void)
{
	struct waits w;

	w.busy = lock_timeouts();
	w.deferred = process_deferrals();
	w.aside = process_set_aside();
	return w;
}

/* Whether a process_mail status rc stops the run: a temporary failure
 * other than a busy board, a rate deferral or a damaged file (before:
 * the counts before the mail), or a broken group commit. */
static int must_stop(int rc, const struct waits *before)
{
	struct waits now = waits_now();

	return rc > 0 && ((now.busy == before->busy &&
	                   now.deferred == before->deferred &&
	                   now.aside == before->aside) ||
	                  txn_group_broken());
}

/* Process the mails of DIR/cur that cs does not know, oldest first; a
 * mail done (rc 0) is added to cs, to be saved once durable.  Adds to
 * *done and *retry; returns 1 when the run must stop, else 0. */
static int cur_pass(const struct config *cfg, const char *dir,
                    struct curstate *cs, int grouping, int *done, int *retry)
{
	/* A mail of cur/ not in the state file is applied only when it
	 * arrived less than maildir_max_days ago (the head of this file). */
	long long old = ((long long)util_now() -
	                 cfg->maildir_max_days * 86400LL) *
	                1000000000LL;
	time_t keep_before = cfg->maildir_keep_days ?
		util_now() - (time_t)cfg->maildir_keep_days * 86400 : 0;
	unsigned long expired = 0;
	struct arrival *a;
	char *first = NULL;
	size_t n, i;
	int stop = 0, aged = 0;

	if ((a = list_cur(dir, cs, keep_before, &n, &expired)) == NULL) {
		log_msg(LOG_ERR, "cannot read the Maildir %s/cur: %s\n", dir,
		        strerror(errno));
		(*retry)++;
		return 1;
	}
	for (i = 0; i < n; i++) {
		struct waits before = waits_now();
		int rc;

		if (stop) {
			(*retry)++;
		} else if (a[i].mtime_ns < old) {
			if (!aged++)
				first = xstrdup(a[i].name);
			log_msg(LOG_DEBUG, "batch: cur/%s: too old, left alone\n",
			        a[i].name);
			/* its one in: line, unread (inlog.h) */
			inlog_unread(NULL, 0, "ignored", "older than "
			             "maildir_max_days in cur/: left alone, never "
			             "applied");
			curstate_add(cs, a[i].name, 1);
		} else if ((rc = batch_one(cfg, dir, "cur", a[i].name)) == 0) {
			curstate_add(cs, a[i].name, 0);
			(*done)++;
		} else if (rc > 0) {
			(*retry)++;
			if (must_stop(rc, &before)) {
				log_msg(LOG_ERR, "batch: stopping at cur/%s: a temporary "
				        "failure other than a busy board; it and the "
				        "mails after it wait for the next run\n",
				        a[i].name);
				stop = 1;
			}
		}
		free(a[i].name);
		if (grouping && !stop && txn_group_tick() < 0)
			stop = 1;
	}
	free(a);
	if (expired)
		log_msg(LOG_INFO, "batch: removed=%lu mails of cur/ processed and "
		        "older than maildir_keep_days (%d)\n", expired,
		        cfg->maildir_keep_days);
	if (aged)
		log_msg(LOG_NOTICE, "batch: %d mails of cur/ not known as "
		        "processed arrived over %d days ago: left alone, never "
		        "applied (the first: cur/%s)\n", aged, cfg->maildir_max_days,
		        first);
	free(first);
	return stop;
}

/* Mails processed but not yet filed: their effects wait for a group
 * commit (src/spool/group.h). */
struct waiting {
	struct {
		char *name;
		size_t idx;           /* its index in the chunk */
		unsigned long group;  /* txn_group_seq() when it was done */
	} *v;
	size_t n;
};

/* Where a filed or a left mail is noted: the run's own lists (left,
 * cs), or, in a worker (fd >= 0, batch_jobs.h), the pipe to the run,
 * by the mail's index in the chunk. */
struct outcome {
	struct names *left;
	struct curstate *cs;
	int fd;
};

static void outcome_left(struct outcome *o, const char *name, size_t idx)
{
	if (o->fd >= 0)
		batch_jobs_left(o->fd, idx);
	else
		names_add(o->left, name);
}

/* File every waiting mail whose group is committed (all when all):
 * renamed into cur/, then cur/ and new/ fsync'ed once.  Returns how many
 * could not be filed; they are noted as left (outcome_left), so that
 * the run does not take them again.  The mails filed are noted too:
 * added to o->cs, or reported by a worker once cur/ is synced. */
static int file_durable(const char *dir, struct waiting *w, int all,
                        struct outcome *o)
{
	unsigned long seq = txn_group_seq();
	size_t i, keep = 0, filed = 0, k;
	size_t *done = o->fd >= 0 ? xmalloc((w->n ? w->n : 1) * sizeof *done)
	                          : NULL;
	int failed = 0;

	for (i = 0; i < w->n; i++) {
		if (all || w->v[i].group < seq) {
			if (file_as_seen(dir, w->v[i].name) < 0) {
				failed++;  /* stays in new/: not read again */
				outcome_left(o, w->v[i].name, w->v[i].idx);
			} else if (done) {
				done[filed++] = w->v[i].idx;
			} else {
				filed++;
				curstate_add(o->cs, w->v[i].name, 0);
			}
			free(w->v[i].name);
		} else {
			w->v[keep++] = w->v[i];
		}
	}
	w->n = keep;
	if (filed) {
		fsync_dir(dir, "cur");
		fsync_dir(dir, "new");
	}
	for (k = 0; done && k < filed; k++)
		batch_jobs_filed(o->fd, done[k]);
	free(done);
	return failed;
}

/* Process the mails idx[0..n-1] of the chunk a of DIR/new (all of it,
 * in order, when idx is NULL), a mail done waiting in w for its group
 * (filed by file_durable), a mail that waits noted in o.  Adds to
 * *done and *retry; returns 1 when the run must stop (the mails after
 * the one that stopped it are counted in *retry). */
static int run_mails(const struct config *cfg, const char *dir,
                     const struct arrival *a, const size_t *idx, size_t n,
                     int grouping, struct waiting *w, struct outcome *o,
                     int *done, int *retry)
{
	size_t k;
	int stop = 0;

	for (k = 0; k < n; k++) {
		size_t i = idx ? idx[k] : k;
		struct waits before = waits_now();
		int rc;
		if (!stop && batch_jobs_batch_gone()) {
			log_msg(LOG_ERR, "batch: a worker's batch is gone; %s and "
			        "the worker's mails after it stay in new/\n",
			        a[i].name);
			stop = 1;
		}
		if (stop) {  /* the rest waits for a next run */
			(*retry)++;
			continue;
		}
		/* In a worker: a board of which a mail was left for a busy
		 * lock (most likely kept by another worker of the batch) has
		 * its later mails left too, so that none overtakes it. */
		if (batch_jobs_board_busy(i)) {
			log_msg(LOG_INFO, "batch: %s left in new/ for the next run: "
			        "an earlier mail of its board met a busy lock\n",
			        a[i].name);
			(*retry)++;
			outcome_left(o, a[i].name, i);
			continue;
		}
		rc = batch_one(cfg, dir, "new", a[i].name);
		if (must_stop(rc, &before)) {
			log_msg(LOG_ERR, "batch: stopping at %s: a temporary "
			        "failure other than a busy board; it and the "
			        "mails after it stay in new/\n", a[i].name);
			stop = 1;
		}
		if (rc == 0) {
			/* Filed once its group is durable (SPEC 8). */
			w->v[w->n].name = xstrdup(a[i].name);
			w->v[w->n].idx = i;
			w->v[w->n++].group = txn_group_seq();
			(*done)++;
		} else if (rc > 0) {
			(*retry)++;
			if (o->fd >= 0 && lock_timeouts() != before.busy)
				batch_jobs_busy(o->fd, i);
			outcome_left(o, a[i].name, i);
		} else {
			(*done)++;  /* already filed by another run */
		}
		/* (a worker asked by another commits at once: batch_jobs.h) */
		if (grouping && !stop && (batch_jobs_settle_asked() ?
		                          txn_group_commit() : txn_group_tick()) < 0)
			stop = 1;  /* logged by the commit */
		*retry += file_durable(dir, w, !grouping, o);
	}
	return stop;
}

/* The heap in use at the end of a run, before its lists go, at debug
 * level: it must not grow with the mails filed (tests/stress/
 * test_batch_files.py reads it). */
static void log_heap(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
	struct mallinfo2 mi = mallinfo2();

	log_msg(LOG_DEBUG, "batch: heap in use=%zu\n", mi.uordblks + mi.hblkhd);
#endif
}

/* What the workers of a chunk share with the run (batch_jobs.h). */
struct chunk_run {
	const struct config *cfg;
	const char *dir;
	const struct arrival *a;
	struct names *left;
	struct curstate *cs;
};

static const char *chunk_name(void *arg, size_t i)
{
	return ((struct chunk_run *)arg)->a[i].name;
}

static void chunk_filed(void *arg, size_t i)
{
	struct chunk_run *r = arg;

	curstate_add(r->cs, r->a[i].name, 0);
}

static void chunk_left(void *arg, size_t i)
{
	struct chunk_run *r = arg;

	names_add(r->left, r->a[i].name);
}

/* A group that could not be made durable: its mails w (names freed,
 * w->n kept for the count) stay in new/ for the next run, counted to
 * retry, not done. */
static void group_lost(struct waiting *w, int *done, int *retry)
{
	size_t i;

	log_msg(LOG_ERR, "batch: the spool could not be made durable; "
	        "%zu mails stay in new/ for the next run\n", w->n);
	*retry += (int)w->n;
	*done -= (int)w->n;
	for (i = 0; i < w->n; i++)
		free(w->v[i].name);
}

/* A worker: its own group commit over its mails, then its counts. */
static void chunk_work(void *arg, const size_t *idx, size_t n, int fd)
{
	struct chunk_run *r = arg;
	struct outcome o = { NULL, NULL, fd };
	unsigned long queued = reply_queued_total();
	struct waiting w;
	int done = 0, retry = 0, stop, grouping;

	w.v = xmalloc((n ? n : 1) * sizeof *w.v);
	w.n = 0;
	grouping = txn_group_begin(r->cfg->spool, r->cfg->batch_group);
	txn_group_shared();
	lock_wait_hook(batch_jobs_ask_settle);
	stop = run_mails(r->cfg, r->dir, r->a, idx, n, grouping, &w, &o, &done,
	                 &retry);
	if (txn_group_end() == 0) {
		retry += file_durable(r->dir, &w, 1, &o);
	} else {
		group_lost(&w, &done, &retry);
		stop = 1;
	}
	free(w.v);
	batch_jobs_end(fd, done, retry, reply_queued_total() - queued, stop);
}

static const struct batch_jobs_ops chunk_ops = {
	chunk_name, chunk_work, chunk_filed, chunk_left,
};

int cli_batch(const struct config *cfg, int argc, char **argv)
{
	struct arrival *a;
	struct waiting w;
	struct names left = { NULL, 0, 0 };
	struct curstate cs;
	struct outcome o;
	unsigned long worker_mails = 0;
	size_t n, i;
	int done = 0, retry = 0, grouping, stop = 0, jobs, broken = 0;

	if (argc == 3 && strcmp(argv[1], "--imap") == 0) {
		robot_ensure(cfg);
		return cli_batch_imap(cfg, argv[2]);
	}
	if (argc != 3 || strcmp(argv[1], "--maildir") != 0) {
		fputs(_("usage: epamserv batch --maildir DIR | --imap URL\n"), stderr);
		return EXIT_USAGE;
	}
	/* Each mail allocates and frees the same few hundred kilobytes:
	 * keep them instead of giving them back to the system and asking
	 * again for every mail (brk calls were 6% of a batch's time). */
	mallopt(M_TRIM_THRESHOLD, 8 << 20);
	mallopt(M_TOP_PAD, 1 << 20);
	/* Finish what a killed run committed, and clear what it left. */
	txn_recover_all(cfg->spool);
	if (curstate_load(cfg->spool, argv[2], &cs) < 0) {
		log_msg(LOG_ERR, "cannot find the Maildir %s: %s\n", argv[2],
		        strerror(errno));
		return EXIT_TEMPFAIL;
	}
	w.v = xmalloc(CHUNK * sizeof *w.v);
	w.n = 0;
	o.left = &left;
	o.cs = &cs;
	o.fd = -1;
	jobs = batch_jobs_count(cfg);
	robot_ensure(cfg);
	grouping = txn_group_begin(cfg->spool, cfg->batch_group);
	/* Mail a client moved to cur/ unprocessed came before new/'s. */
	stop = cur_pass(cfg, argv[2], &cs, grouping, &done, &retry);
	if (jobs > 1) {
		/* The workers are forks of this process: it hands them no
		 * group and no lock (a kept flock would be theirs too). */
		if (txn_group_end() < 0)
			stop = broken = 1;
		grouping = 0;
	}
	while (!stop) {
		a = list_new(argv[2], &left, &n);
		if (!a) {
			log_msg(LOG_ERR, "cannot read the Maildir %s/new: %s\n",
			        argv[2], strerror(errno));
			retry++;
			break;
		}
		if (n == 0) {
			free(a);
			break;
		}
		if (jobs > 1) {
			struct chunk_run r = { cfg, argv[2], a, &left, &cs };
			struct batch_jobs_sum sum = { 0, 0, 0 };
			stop = batch_jobs_chunk(argv[2], n, jobs, cfg->max_mail_size,
			                        &chunk_ops, &r, &sum);
			done += sum.done;
			retry += sum.retry;
			worker_mails += sum.mails;
		} else {
			stop = run_mails(cfg, argv[2], a, NULL, n, grouping, &w, &o,
			                 &done, &retry);
		}
		for (i = 0; i < n; i++)
			free(a[i].name);
		free(a);
		/* Before new/ is read again, every mail taken is filed. */
		if (txn_group_commit() < 0)
			stop = 1;
		else
			retry += file_durable(argv[2], &w, 1, &o);
	}
	if (txn_group_end() == 0 && !broken) {
		retry += file_durable(argv[2], &w, 1, &o);
		curstate_save(&cs);
	} else {
		group_lost(&w, &done, &retry);
	}
	free(w.v);
	for (i = 0; i < left.n; i++)
		free(left.v[i]);
	free(left.v);
	log_heap();
	curstate_free(&cs);
	/* Every move of the batch is committed (the group ended, and every
	 * worker's): its mail goes out, then the robots answer within
	 * robot_budget_ms (issue 16) and their answers go out (issue 35:
	 * mail_first.c). */
	cli_mail_first(cfg, 1);
	/* key=value, as every line meant for grep (epamserv(1), LOGGING);
	 * mails= counts the robots' replies and the workers' too */
	log_msg(LOG_INFO, "batch: handled=%d left=%d mails=%lu\n", done, retry,
	        reply_queued_total() + worker_mails);
	return retry ? EXIT_TEMPFAIL : 0;
}
