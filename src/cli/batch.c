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
 * src/cmd/held.h), stays in new/ and the run goes on with the others; any other
 * temporary failure (the spool cannot be written, out of memory) stops
 * the run there, so that no later mail overtakes it (a later move on the
 * same board would be refused).  The mails' transactions are made
 * durable together, batch_group at a time (group commit,
 * src/spool/group.h); a mail is filed once its group is committed, and
 * cur/ and new/ are fsync'ed once for all the mails filed then.  The outbox
 * is delivered once at the end, over one SMTP connection.
 * "batch --imap URL" does the same for an IMAP mailbox (imap.c).
 */
#include "util/log.h"
#include "cli/cli.h"
#include "cmd/process.h"
#include "spool/group.h"
#include "spool/lock.h"
#include "spool/txn.h"
#include "util/buf.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
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

static void fsync_dir(const char *dir, const char *sub)
{
	char path[8192];
	int fd;

	snprintf(path, sizeof path, "%s/%s", dir, sub);
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
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

/* Read and process one mail file; returns the process_mail status. */
static int batch_one(const struct config *cfg, const char *dir,
                     const char *name)
{
	char path[8192];
	size_t len = 0;
	int truncated = 0, fd, rc;
	char *raw;

	snprintf(path, sizeof path, "%s/new/%s", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? -1 : EXIT_TEMPFAIL;  /* -1: filed by another run */
	raw = util_read_fd(fd, cfg->max_mail_size, &len, &truncated);
	close(fd);
	if (!raw)
		return EXIT_TEMPFAIL;
	rc = process_mail(cfg, raw, len, truncated);
	free(raw);
	return rc;
}

/* Mails processed but not yet filed: their effects wait for a group
 * commit (src/spool/group.h). */
struct waiting {
	struct {
		char *name;
		unsigned long group;  /* txn_group_seq() when it was done */
	} *v;
	size_t n;
};

/* File every waiting mail whose group is committed (all when all):
 * renamed into cur/, then cur/ and new/ fsync'ed once.  Returns how many
 * could not be filed; they are added to left, so that the run does not
 * take them again. */
static int file_durable(const char *dir, struct waiting *w, int all,
                        struct names *left)
{
	unsigned long seq = txn_group_seq();
	size_t i, keep = 0, filed = 0;
	int failed = 0;

	for (i = 0; i < w->n; i++) {
		if (all || w->v[i].group < seq) {
			if (file_as_seen(dir, w->v[i].name) < 0) {
				failed++;  /* stays in new/: not read again */
				names_add(left, w->v[i].name);
			} else {
				filed++;
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
	return failed;
}

int cli_batch(const struct config *cfg, int argc, char **argv)
{
	struct arrival *a;
	struct waiting w;
	struct names left = { NULL, 0, 0 };
	size_t n, i;
	int done = 0, retry = 0, grouping, stop = 0;

	if (argc == 3 && strcmp(argv[1], "--imap") == 0)
		return cli_batch_imap(cfg, argv[2]);
	if (argc != 3 || strcmp(argv[1], "--maildir") != 0) {
		fprintf(stderr, "usage: epamserv batch --maildir DIR | --imap URL\n");
		return EXIT_USAGE;
	}
	/* Each mail allocates and frees the same few hundred kilobytes:
	 * keep them instead of giving them back to the system and asking
	 * again for every mail (brk calls were 6% of a batch's time). */
	mallopt(M_TRIM_THRESHOLD, 8 << 20);
	mallopt(M_TOP_PAD, 1 << 20);
	/* Finish what a killed run committed, and clear what it left. */
	txn_recover_all(cfg->spool);
	w.v = xmalloc(CHUNK * sizeof *w.v);
	w.n = 0;
	grouping = txn_group_begin(cfg->spool, cfg->batch_group);
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
		for (i = 0; i < n; i++) {
			unsigned long busy = lock_timeouts();
			unsigned long deferred = process_deferrals();
			unsigned long aside = process_set_aside();
			int rc;
			if (stop) {  /* the rest of the chunk waits for a next run */
				retry++;
				free(a[i].name);
				continue;
			}
			rc = batch_one(cfg, argv[2], a[i].name);
			if (rc > 0 && ((lock_timeouts() == busy &&
			                process_deferrals() == deferred &&
			                process_set_aside() == aside) ||
			               txn_group_broken())) {
				log_msg(LOG_ERR, "batch: stopping at %s: a temporary "
				        "failure other than a busy board; it and the "
				        "mails after it stay in new/\n", a[i].name);
				stop = 1;
			}
			if (rc == 0) {
				/* Filed once its group is durable (SPEC 8). */
				w.v[w.n].name = a[i].name;
				w.v[w.n++].group = txn_group_seq();
				a[i].name = NULL;
				done++;
			} else if (rc > 0) {
				retry++;
				names_add(&left, a[i].name);
			} else {
				done++;  /* already filed by another run */
			}
			free(a[i].name);
			if (grouping && !stop && txn_group_tick() < 0)
				stop = 1;  /* logged by the commit */
			retry += file_durable(argv[2], &w, !grouping, &left);
		}
		free(a);
		/* Before new/ is read again, every mail taken is filed. */
		if (txn_group_commit() < 0)
			stop = 1;
		else
			retry += file_durable(argv[2], &w, 1, &left);
	}
	if (txn_group_end() == 0) {
		retry += file_durable(argv[2], &w, 1, &left);
	} else {
		log_msg(LOG_ERR, "batch: the spool could not be made durable; "
		        "%zu mails stay in new/ for the next run\n", w.n);
		retry += (int)w.n;
		done -= (int)w.n;
		for (i = 0; i < w.n; i++)
			free(w.v[i].name);
	}
	free(w.v);
	for (i = 0; i < left.n; i++)
		free(left.v[i]);
	free(left.v);
	log_msg(LOG_INFO, "batch: %d mails handled, %d left for the "
	        "next run\n", done, retry);
	cli_deliver_quietly(cfg);
	return retry ? EXIT_TEMPFAIL : 0;
}
