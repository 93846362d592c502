/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_batch_jobs.c - the batch's count of a chunk's mails done in
 * worker processes (src/cli/batch_jobs.h), with real forks and pipes:
 * a worker that dies after its reports but before its end line still
 * has each of its mails counted, filed ones as done and left ones as
 * to retry (the batch exits 75 only when one is).  A worker holds no
 * read end of another worker's pipe (else a batch gone would not end
 * its reports), and a report to a batch gone is noted, never a SIGPIPE
 * that kills the worker.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/batch_jobs.h"
#include "tap.h"

/* No such directory: no mail's subject can be read, so every mail is
 * a barrier, and one worker takes them all, in order. */
#define NO_DIR "test_batch_jobs.no-such-dir"

static int with_end;   /* the worker writes its end line */
static int mode;       /* 0: as above; 1: pipe ends; 2: batch gone */

/* What the workers of modes 1 and 2 found, by their first mail's index:
 * foreign read ends of pipes (mode 1), a report noted lost (mode 2). */
static volatile int *seen;

/* The pipes' read ends this process holds (inode numbers), before the
 * workers start: the test's own, inherited from make or the shell. */
static ino_t before[64];
static int nbefore;

/* Count the read ends of pipes open here that were not in before[]. */
static int foreign_read_ends(int record)
{
	struct stat st;
	int fd, k, n = 0, fl;

	if (record)
		nbefore = 0;
	for (fd = 3; fd < 1024; fd++) {
		if (fstat(fd, &st) < 0 || !S_ISFIFO(st.st_mode))
			continue;
		fl = fcntl(fd, F_GETFL);
		if (fl < 0 || (fl & O_ACCMODE) != O_RDONLY)
			continue;
		if (record) {
			if (nbefore < 64)
				before[nbefore++] = st.st_ino;
			continue;
		}
		for (k = 0; k < nbefore && before[k] != st.st_ino; k++)
			;
		if (k == nbefore)
			n++;
	}
	return n;
}
static int nfiled, nleft;

static const char *name(void *arg, size_t i)
{
	static const char *const names[] = { "m0", "m1", "m2", "m3" };

	(void)arg;
	return names[i];
}

/* Mail 1 is left (a busy board), the others filed; then the end line,
 * or the worker dies without it. */
static void work(void *arg, const size_t *idx, size_t n, int fd)
{
	size_t k;

	(void)arg;
	if (mode == 1) {
		seen[idx[0]] = foreign_read_ends(0);
	} else if (mode == 2) {
		int p[2];
		if (pipe(p) == 0) {  /* a batch gone: its pipe has no reader */
			close(p[0]);
			batch_jobs_filed(p[1], idx[0]);
			close(p[1]);
			seen[idx[0]] = batch_jobs_batch_gone();
		}
	}
	if (mode) {
		for (k = 0; k < n; k++)
			batch_jobs_filed(fd, idx[k]);
		batch_jobs_end(fd, (int)n, 0, 0, 0);
		return;
	}
	for (k = 0; k < n; k++) {
		if (idx[k] == 1)
			batch_jobs_left(fd, idx[k]);
		else
			batch_jobs_filed(fd, idx[k]);
	}
	if (with_end)
		batch_jobs_end(fd, 2, 1, 0, 0);
	else
		_exit(9);  /* killed before its end line */
}

static void filed(void *arg, size_t i)
{
	(void)arg;
	(void)i;
	nfiled++;
}

static void left(void *arg, size_t i)
{
	(void)arg;
	(void)i;
	nleft++;
}

static const struct batch_jobs_ops ops = { name, work, filed, left };

/* A Maildir in the test's directory whose new/ holds four moves on
 * boards 1 to 4 (keyed mails: two workers share them); its path. */
static char *keyed_maildir(void)
{
	static char dir[] = "test_batch_jobs.XXXXXX";
	char path[256];
	FILE *f;
	int i;

	if (!mkdtemp(dir))
		return NULL;
	snprintf(path, sizeof path, "%s/new", dir);
	if (mkdir(path, 0700) < 0)
		return NULL;
	for (i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "%s/new/m%d", dir, i);
		if (!(f = fopen(path, "w")))
			return NULL;
		fprintf(f, "From: a@example.org\nSubject: epaminondas move %d "
		        "alice a e2-e3\n\nbody\n", i + 1);
		fclose(f);
	}
	return dir;
}

static void remove_maildir(const char *dir)
{
	char path[256];
	int i;

	for (i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "%s/new/m%d", dir, i);
		unlink(path);
	}
	snprintf(path, sizeof path, "%s/new", dir);
	rmdir(path);
	rmdir(dir);
}

int main(void)
{
	struct batch_jobs_sum sum;
	int stop, i, foreign;
	char *dir;
	void *m;

	with_end = 1;
	memset(&sum, 0, sizeof sum);
	nfiled = nleft = 0;
	stop = batch_jobs_chunk(NO_DIR, 3, 2, 4096, &ops, NULL, &sum);
	ok(stop == 0 && sum.done == 2 && sum.retry == 1 && nfiled == 2 &&
	   nleft == 1, "a worker that ends: its counts (stop %d, done %d, "
	   "retry %d, filed %d, left %d)", stop, sum.done, sum.retry, nfiled,
	   nleft);

	with_end = 0;
	memset(&sum, 0, sizeof sum);
	nfiled = nleft = 0;
	stop = batch_jobs_chunk(NO_DIR, 3, 2, 4096, &ops, NULL, &sum);
	ok(stop == 1, "a worker that dies stops the run");
	ok(sum.retry == 1 && nleft == 1,
	   "the mail it reported left before it died is counted to retry "
	   "(retry %d, left %d)", sum.retry, nleft);
	ok(sum.done == 2 && nfiled == 2,
	   "the mails it reported filed are counted done (done %d, filed %d)",
	   sum.done, nfiled);

	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
	         -1, 0);
	dir = keyed_maildir();
	if (m == MAP_FAILED || !dir) {
		ok(0, "a shared page and a Maildir for the workers");
		return tap_done();
	}
	seen = m;

	/* Two workers: the second is forked while the batch holds the
	 * first's read end; it must not keep a copy. */
	mode = 1;
	for (i = 0; i < 4; i++)
		seen[i] = -1;
	foreign_read_ends(1);
	memset(&sum, 0, sizeof sum);
	nfiled = nleft = 0;
	stop = batch_jobs_chunk(dir, 4, 2, 4096, &ops, NULL, &sum);
	ok(stop == 0 && sum.done == 4 && nfiled == 4,
	   "two workers file the four mails (stop %d, done %d, filed %d)",
	   stop, sum.done, nfiled);
	for (i = 0, foreign = 0; i < 4; i++)
		if (seen[i] > 0)
			foreign += seen[i];
	ok((seen[0] >= 0) + (seen[1] >= 0) + (seen[2] >= 0) + (seen[3] >= 0)
	   == 2, "two workers looked at their descriptors");
	ok(foreign == 0, "no worker holds the read end of another worker's "
	   "pipe (%d held)", foreign);

	/* A report to a batch gone: the worker lives on, notes it. */
	mode = 2;
	for (i = 0; i < 4; i++)
		seen[i] = -1;
	memset(&sum, 0, sizeof sum);
	nfiled = nleft = 0;
	stop = batch_jobs_chunk(dir, 4, 2, 4096, &ops, NULL, &sum);
	ok(stop == 0 && sum.done == 4,
	   "a report to a batch gone kills no worker (stop %d, done %d)",
	   stop, sum.done);
	ok((seen[0] == 1) + (seen[1] == 1) + (seen[2] == 1) + (seen[3] == 1)
	   == 2, "each worker noted that its batch was gone");
	ok(batch_jobs_batch_gone() == 0, "the batch itself is not gone");
	remove_maildir(dir);
	return tap_done();
}
