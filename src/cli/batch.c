/*
 * batch.c - "epamserv batch --maildir DIR": every mail waiting in a
 * Maildir, for cron.
 *
 * Mails in DIR/new are processed in arrival order (modification time, then
 * name).  A mail moves to DIR/cur (flagged seen) only after its effects
 * and its replies are committed to the spool, so a crash at any point
 * leaves it in new/ for the next run, and the processed-mail record makes
 * that rerun harmless.  A mail that meets a busy board (lock_timeout ran
 * out) stays in new/ and the run goes on with the others; any other
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

/* The mails of DIR/new in arrival order (malloc'ed array). */
static struct arrival *list_new(const char *dir, size_t *count)
{
	char path[8192];
	struct arrival *a = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	struct stat st;
	DIR *d;

	*count = 0;
	snprintf(path, sizeof path, "%s/new", dir);
	d = opendir(path);
	if (!d)
		return NULL;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/new/%s", dir, de->d_name);
		if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			a = xrealloc(a, cap * sizeof *a);
		}
		a[n].name = xstrdup(de->d_name);
		a[n].mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL +
		                st.st_mtim.tv_nsec;
		n++;
	}
	closedir(d);
	if (n)
		qsort(a, n, sizeof *a, arrival_cmp);
	*count = n;
	return a ? a : xmalloc(sizeof *a);
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
 * could not be filed. */
static int file_durable(const char *dir, struct waiting *w, int all)
{
	unsigned long seq = txn_group_seq();
	size_t i, keep = 0, filed = 0;
	int failed = 0;

	for (i = 0; i < w->n; i++) {
		if (all || w->v[i].group < seq) {
			if (file_as_seen(dir, w->v[i].name) < 0)
				failed++;
			else
				filed++;
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
	size_t n, i;
	int done = 0, retry = 0, grouping, stop = 0;

	if (argc == 3 && strcmp(argv[1], "--imap") == 0)
		return cli_batch_imap(cfg, argv[2]);
	if (argc != 3 || strcmp(argv[1], "--maildir") != 0) {
		fprintf(stderr, "usage: epamserv batch --maildir DIR | --imap URL\n");
		return EXIT_USAGE;
	}
	a = list_new(argv[2], &n);
	if (!a) {
		log_msg(LOG_ERR, "cannot read the Maildir %s/new: %s\n",
		        argv[2], strerror(errno));
		return EXIT_TEMPFAIL;
	}
	/* Each mail allocates and frees the same few hundred kilobytes:
	 * keep them instead of giving them back to the system and asking
	 * again for every mail (brk calls were 6% of a batch's time). */
	mallopt(M_TRIM_THRESHOLD, 8 << 20);
	mallopt(M_TOP_PAD, 1 << 20);
	/* Finish what a killed run committed, and clear what it left. */
	txn_recover_all(cfg->spool);
	w.v = xmalloc((n ? n : 1) * sizeof *w.v);
	w.n = 0;
	grouping = txn_group_begin(cfg->spool, cfg->batch_group);
	for (i = 0; i < n; i++) {
		unsigned long busy = lock_timeouts();
		int rc = stop ? EXIT_TEMPFAIL : batch_one(cfg, argv[2], a[i].name);
		if (!stop && rc > 0 && (lock_timeouts() == busy ||
		                        txn_group_broken())) {
			log_msg(LOG_ERR, "batch: stopping at %s: a temporary "
			        "failure other than a busy board; it and the %zu "
			        "mails after it stay in new/\n", a[i].name, n - i - 1);
			stop = 1;
		}
		if (rc == 0) {
			/* Filed once its group is durable (SPEC section 8). */
			w.v[w.n].name = a[i].name;
			w.v[w.n++].group = txn_group_seq();
			a[i].name = NULL;
			done++;
		} else if (rc > 0) {
			retry++;
		} else {
			done++;  /* already filed by another run */
		}
		free(a[i].name);
		if (grouping && !stop && txn_group_tick() < 0)
			stop = 1;  /* logged by the commit */
		retry += file_durable(argv[2], &w, !grouping);
	}
	free(a);
	if (txn_group_end() == 0) {
		retry += file_durable(argv[2], &w, 1);
	} else {
		log_msg(LOG_ERR, "batch: the spool could not be made durable; "
		        "%zu mails stay in new/ for the next run\n", w.n);
		retry += (int)w.n;
		done -= (int)w.n;
		for (i = 0; i < w.n; i++)
			free(w.v[i].name);
	}
	free(w.v);
	log_msg(LOG_INFO, "batch: %d mails handled, %d left for the "
	        "next run\n", done, retry);
	cli_deliver_quietly(cfg);
	return retry ? EXIT_TEMPFAIL : 0;
}
