/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_batch_jobs.c - the batch's count of a chunk's mails done in
 * worker processes (src/cli/batch_jobs.h), with real forks and pipes:
 * a worker that dies after its reports but before its end line still
 * has each of its mails counted, filed ones as done and left ones as
 * to retry (the batch exits 75 only when one is).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/batch_jobs.h"
#include "tap.h"

/* No such directory: no mail's subject can be read, so every mail is
 * a barrier, and one worker takes them all, in order. */
#define NO_DIR "test_batch_jobs.no-such-dir"

static int with_end;   /* the worker writes its end line */
static int nfiled, nleft;

static const char *name(void *arg, size_t i)
{
	static const char *const names[] = { "m0", "m1", "m2" };

	(void)arg;
	return names[i];
}

/* Mail 1 is left (a busy board), the others filed; then the end line,
 * or the worker dies without it. */
static void work(void *arg, const size_t *idx, size_t n, int fd)
{
	size_t k;

	(void)arg;
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

int main(void)
{
	struct batch_jobs_sum sum;
	int stop;

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
	return tap_done();
}
