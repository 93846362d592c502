/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * batch_jobs.c - a batch's mails in worker processes (batch_jobs.h).
 */
#include "cli/batch_jobs.h"
#include "pipeline/boardkey.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int batch_jobs_count(const struct config *cfg)
{
	long n = cfg->batch_jobs;

	if (n <= 0) {
		n = sysconf(_SC_NPROCESSORS_ONLN);
		if (n > BATCH_JOBS_AUTO_MAX)
			n = BATCH_JOBS_AUTO_MAX;
	}
	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* The workers' requests to commit (batch_jobs_ask_settle), one flag
 * each, in memory the batch shares with its workers; and, in a worker,
 * its own flag's index (-1 in the batch). */
static volatile sig_atomic_t *asks;
static int my_ask = -1, n_asks;

void batch_jobs_ask_settle(void)
{
	int k;

	if (!asks || my_ask < 0)
		return;
	for (k = 0; k < n_asks; k++)
		if (k != my_ask)
			asks[k] = 1;
}

int batch_jobs_settle_asked(void)
{
	if (!asks || my_ask < 0 || !asks[my_ask])
		return 0;
	asks[my_ask] = 0;
	return 1;
}

/* The board keys of the chunk's mails while its workers run (a
 * worker has its own copy), and how many. */
static char (*chunk_keys)[BOARDKEY_MAX];
static size_t chunk_n;

const char *batch_jobs_key(size_t i)
{
	return my_ask >= 0 && chunk_keys && i < chunk_n ? chunk_keys[i] : "";
}

/* The boards (keys) of which a mail was left for a busy lock in this
 * batch, sorted: the batch's, and in a worker its copy and its own. */
static char (*busy)[BOARDKEY_MAX];
static size_t nbusy, capbusy;

static int key_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

static int key_busy(const char *key)
{
	return *key && nbusy &&
	       bsearch(key, busy, nbusy, sizeof *busy, key_cmp) != NULL;
}

static void add_busy(const char *key)
{
	if (!*key || key_busy(key))
		return;
	if (nbusy == capbusy) {
		capbusy = capbusy ? capbusy * 2 : 16;
		busy = xrealloc(busy, capbusy * sizeof *busy);
	}
	memcpy(busy[nbusy++], key, BOARDKEY_MAX);
	qsort(busy, nbusy, sizeof *busy, key_cmp);
}

int batch_jobs_board_busy(size_t i)
{
	return key_busy(batch_jobs_key(i));
}

/* Most bytes of a mail read to find its subject: a mail whose headers
 * go on longer is a barrier. */
#define SCAN_MAX 16384

/* The board key of DIR/new/NAME into key ("" for a barrier: no board,
 * or the file cannot be read). */
static void key_of(const char *dir, const char *name, size_t max,
                   char key[BOARDKEY_MAX])
{
	char path[8192], head[SCAN_MAX];
	ssize_t got;
	size_t len = 0;
	int fd;

	key[0] = '\0';
	snprintf(path, sizeof path, "%s/new/%s", dir, name);
	fd = util_open_regular(path, O_RDONLY, 0);
	if (fd < 0)
		return;
	if (max > sizeof head)
		max = sizeof head;
	while (len < max && (got = read(fd, head + len, max - len)) > 0)
		len += (size_t)got;
	close(fd);
	boardkey_of(head, len, key);
}

/* One worker of a run. */
struct worker {
	pid_t pid;
	int fd;            /* the read end of its pipe; -1 at its end */
	size_t *idx, n;    /* its mails (chunk indexes), in order */
	char line[64];     /* a report line not yet whole */
	size_t have;
	int ended, stop;   /* its end line came; it stopped */
};

/* 0 for a mail not yet reported, 'F' filed, 'L' left. */
static void report_line(struct worker *w, char *state,
                        const struct batch_jobs_ops *ops, void *arg,
                        struct batch_jobs_sum *sum, size_t n)
{
	unsigned long long i;
	int done, retry, stop;
	unsigned long mails;

	if (w->line[0] == 'B' && sscanf(w->line + 1, "%llu", &i) == 1 &&
	    i < n && chunk_keys) {
		add_busy(chunk_keys[i]);
	} else if ((w->line[0] == 'F' || w->line[0] == 'L') &&
	    sscanf(w->line + 1, "%llu", &i) == 1 && i < n && !state[i]) {
		state[i] = w->line[0];
		if (w->line[0] == 'F')
			ops->filed(arg, (size_t)i);
		else
			ops->left(arg, (size_t)i);
	} else if (w->line[0] == 'E' &&
	           sscanf(w->line + 1, "%d %d %lu %d", &done, &retry, &mails,
	                  &stop) == 4 && !w->ended) {
		sum->done += done;
		sum->retry += retry;
		sum->mails += mails;
		w->stop = stop;
		w->ended = 1;
	}
}

/* Read what worker w wrote; at the end of its pipe, close it. */
static void drain(struct worker *w, char *state,
                  const struct batch_jobs_ops *ops, void *arg,
                  struct batch_jobs_sum *sum, size_t n)
{
	char b[4096];
	ssize_t got = read(w->fd, b, sizeof b), k;

	if (got < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (got <= 0) {
		close(w->fd);
		w->fd = -1;
		return;
	}
	for (k = 0; k < got; k++) {
		if (b[k] != '\n') {
			if (w->have + 1 < sizeof w->line)
				w->line[w->have++] = b[k];
			continue;
		}
		w->line[w->have] = '\0';
		report_line(w, state, ops, arg, sum, n);
		w->have = 0;
	}
}

/* In a worker: 1 once a report could not be written because the batch
 * is gone (EPIPE: no reader is left). */
static int batch_gone;

/* Fork worker ws[index] for the mails ws[index].idx; 0, or -1 (logged)
 * when no process or pipe could be made.  The workers before it
 * (ws[0..index-1]) are started: the new one closes their pipes' read
 * ends, so that the batch's end is the end of every reader. */
static int start(struct worker *ws, int index,
                 const struct batch_jobs_ops *ops, void *arg)
{
	struct worker *w = &ws[index];
	int p[2], j;

	if (pipe(p) < 0) {
		log_msg(LOG_ERR, "batch: cannot make a pipe for a worker: %s\n",
		        strerror(errno));
		return -1;
	}
	fflush(NULL);  /* nothing buffered is written twice */
	w->pid = fork();
	if (w->pid < 0) {
		log_msg(LOG_ERR, "batch: cannot start a worker: %s\n",
		        strerror(errno));
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (w->pid == 0) {
		my_ask = index;
		close(p[0]);
		for (j = 0; j < index; j++)
			if (ws[j].fd >= 0)
				close(ws[j].fd);
		/* A batch gone is no error of the worker's: its write fails
		 * with EPIPE (put_line), and the worker stops after the mail
		 * in hand (batch_jobs_batch_gone). */
		signal(SIGPIPE, SIG_IGN);
		batch_gone = 0;
		ops->work(arg, w->idx, w->n, p[1]);
		close(p[1]);
		_exit(0);  /* the batch's buffers and atexit are the batch's */
	}
	close(p[1]);
	w->fd = p[0];
	return 0;
}

/* Run the workers ws[0..nw-1] of one run and wait for them.  Mails a
 * worker did not report (it died) are left.  1 when the run must stop. */
static int run_workers(struct worker *ws, int nw, char *state,
                       const struct batch_jobs_ops *ops, void *arg,
                       struct batch_jobs_sum *sum, size_t n)
{
	struct pollfd pf[64];
	int i, open_fds, stop = 0, st;
	size_t k;

	/* Every worker is "none yet" before the first starts: one after a
	 * worker that could not be started has no pipe to read (not
	 * descriptor 0, the batch's stdin) and no process to wait for. */
	for (i = 0; i < nw; i++) {
		ws[i].fd = -1;
		ws[i].pid = -1;
	}
	for (i = 0; i < nw; i++) {
		if (asks)
			asks[i] = 0;
		if (start(ws, i, ops, arg) < 0) {
			stop = 1;
			break;
		}
	}
	for (;;) {
		int m = 0;
		for (i = 0, open_fds = 0; i < nw; i++)
			if (ws[i].fd >= 0) {
				pf[m].fd = ws[i].fd;
				pf[m].events = POLLIN;
				pf[m++].revents = 0;
				open_fds++;
			}
		if (!open_fds)
			break;
		if (poll(pf, (nfds_t)m, -1) < 0) {
			if (errno == EINTR)
				continue;
			log_msg(LOG_ERR, "batch: cannot wait for the workers: %s\n",
			        strerror(errno));
			break;
		}
		for (i = 0, m = 0; i < nw; i++)
			if (ws[i].fd >= 0 && pf[m++].revents)
				drain(&ws[i], state, ops, arg, sum, n);
	}
	for (i = 0; i < nw; i++) {
		if (ws[i].fd >= 0)
			close(ws[i].fd);
		if (ws[i].pid > 0) {
			while (waitpid(ws[i].pid, &st, 0) < 0 && errno == EINTR)
				;
			if (!ws[i].ended)
				log_msg(LOG_ERR, "batch: worker %ld ended before it "
				        "was done (%s %d); its mails not yet filed "
				        "stay in new/ for the next run\n",
				        (long)ws[i].pid, WIFSIGNALED(st) ? "signal" :
				        "exit status", WIFSIGNALED(st) ?
				        WTERMSIG(st) : WEXITSTATUS(st));
		}
		if (!ws[i].ended || ws[i].stop)
			stop = 1;
		if (ws[i].ended)
			continue;
		/* Its counts never came: each of its mails is counted here,
		 * done when it was reported filed, else to retry (one it
		 * reported left too: it stays in new/). */
		for (k = 0; k < ws[i].n; k++) {
			size_t m = ws[i].idx[k];
			if (state[m] == 'F') {
				sum->done++;
				continue;
			}
			sum->retry++;
			if (!state[m]) {
				state[m] = 'L';
				ops->left(arg, m);
			}
		}
	}
	return stop;
}

/* Deal the mails [from, to) of the chunk, which all name a board
 * (keys), out to the workers ws[0..jobs-1] (their idx and n): a board
 * goes to the worker with the fewest mails when the board first
 * appears.  slots and owner: room for the hash table and each mail's
 * worker. */
static void deal(char (*keys)[BOARDKEY_MAX], const char *state,
                 size_t from, size_t to, int jobs, struct worker *ws,
                 size_t *slots, unsigned char *owner)
{
	size_t cap = 16, i, h, mask;
	int j, best;

	while (cap < 2 * (to - from))
		cap *= 2;
	mask = cap - 1;
	/* slots: chunk index + 1 of a board's first mail, 0 when free */
	memset(slots, 0, cap * sizeof *slots);
	for (j = 0; j < jobs; j++)
		ws[j].n = 0;
	for (i = from; i < to; i++) {
		const unsigned char *s = (const unsigned char *)keys[i];
		size_t hv = 5381;
		if (state[i])
			continue;  /* left already: its board is busy */
		while (*s)
			hv = hv * 33 + *s++;
		for (h = hv & mask; slots[h]; h = (h + 1) & mask)
			if (strcmp(keys[slots[h] - 1], keys[i]) == 0)
				break;
		if (!slots[h]) {
			slots[h] = i + 1;
			for (best = 0, j = 1; j < jobs; j++)
				if (ws[j].n < ws[best].n)
					best = j;
			owner[i] = (unsigned char)best;
		}
		best = owner[slots[h] - 1];
		ws[best].idx[ws[best].n++] = i;
	}
}

int batch_jobs_chunk(const char *dir, size_t n, int jobs, size_t max,
                     const struct batch_jobs_ops *ops, void *arg,
                     struct batch_jobs_sum *sum)
{
	char (*keys)[BOARDKEY_MAX] = xmalloc((n ? n : 1) * sizeof *keys);
	char *state = xmalloc(n ? n : 1);
	unsigned char *owner = xmalloc(n ? n : 1);
	size_t *slots = xmalloc(4 * (n + 16) * sizeof *slots);
	struct worker ws[64], run[64];
	size_t from, to, i;
	int j, nw, stop = 0;

	if (jobs > 64)
		jobs = 64;
	if (!asks) {
		void *m = mmap(NULL, 64 * sizeof *asks, PROT_READ | PROT_WRITE,
		               MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		asks = m == MAP_FAILED ? NULL : m;  /* none: no asking */
		n_asks = 0;
	}
	memset(ws, 0, sizeof ws);
	for (j = 0; j < jobs; j++)
		ws[j].idx = xmalloc((n ? n : 1) * sizeof *ws[j].idx);
	memset(state, 0, n);
	for (i = 0; i < n; i++)
		key_of(dir, ops->name(arg, i), max, keys[i]);
	chunk_keys = keys;
	chunk_n = n;
	for (from = 0; from < n && !stop; from = to) {
		if (keys[from][0]) {
			for (to = from; to < n && keys[to][0]; to++)
				/* a board of which a mail was left for a busy
				 * lock: its later mails wait behind it */
				if (key_busy(keys[to])) {
					state[to] = 'L';
					sum->retry++;
					ops->left(arg, to);
				}
			deal(keys, state, from, to, jobs, ws, slots, owner);
		} else {
			/* barriers: one worker, in order */
			for (to = from; to < n && !keys[to][0]; to++)
				ws[0].idx[to - from] = to;
			ws[0].n = to - from;
			for (j = 1; j < jobs; j++)
				ws[j].n = 0;
		}
		/* the workers with mails (run[] borrows ws[]'s arrays) */
		for (j = 0, nw = 0; j < jobs; j++)
			if (ws[j].n) {
				memset(&run[nw], 0, sizeof run[nw]);
				run[nw].idx = ws[j].idx;
				run[nw++].n = ws[j].n;
			}
		n_asks = nw;
		stop = run_workers(run, nw, state, ops, arg, sum, n);
	}
	/* after a stop: the mails no worker took wait for the next run */
	for (i = from; i < n; i++)
		if (!state[i]) {
			sum->retry++;
			ops->left(arg, i);
		}
	chunk_keys = NULL;
	chunk_n = 0;
	for (j = 0; j < jobs; j++)
		free(ws[j].idx);
	free(slots);
	free(owner);
	free(state);
	free(keys);
	return stop;
}

/* Write the line s whole to fd (a pipe: a line under PIPE_BUF is
 * written at once); a batch gone is no error of the worker's: it is
 * noted (batch_jobs_batch_gone), and the worker, which ignores SIGPIPE,
 * goes on to the end of its mail in hand. */
static void put_line(int fd, const char *s)
{
	size_t len = strlen(s), off = 0;
	ssize_t w;

	while (off < len) {
		w = write(fd, s + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && errno == EPIPE)
			batch_gone = 1;
		if (w <= 0)
			return;
		off += (size_t)w;
	}
}

int batch_jobs_batch_gone(void)
{
	return batch_gone;
}

void batch_jobs_filed(int fd, size_t i)
{
	char line[32];

	snprintf(line, sizeof line, "F%zu\n", i);
	put_line(fd, line);
}

void batch_jobs_busy(int fd, size_t i)
{
	char line[32];

	add_busy(batch_jobs_key(i));
	snprintf(line, sizeof line, "B%zu\n", i);
	put_line(fd, line);
}

void batch_jobs_left(int fd, size_t i)
{
	char line[32];

	snprintf(line, sizeof line, "L%zu\n", i);
	put_line(fd, line);
}

void batch_jobs_end(int fd, int done, int retry, unsigned long mails,
                    int stop)
{
	char line[64];

	snprintf(line, sizeof line, "E%d %d %lu %d\n", done, retry, mails,
	         stop);
	put_line(fd, line);
}
