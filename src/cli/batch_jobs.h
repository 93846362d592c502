/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * batch_jobs.h - a batch's mails in worker processes (batch_jobs,
 * issue 35): the mails of one board in one worker, in arrival order;
 * a mail whose board is not known from its subject alone (a barrier)
 * after every mail before it and before every mail after it.
 *
 * A chunk of new/'s mails (arrival order) is cut into runs: a run of
 * mails that each name a board (pipeline/boardkey.h), whose boards are
 * dealt out to up to `jobs` workers (a board to the worker with the
 * fewest mails when it first appears), or a run of barriers, done in
 * order by one worker.  The run waits for its workers before the next
 * run begins.  Each worker is a fork of the batch with no group open
 * and no lock held: it opens its own group commit, processes its mails
 * in order, files each into cur/ once its group is durable, and tells
 * the batch over a pipe, line by line, which mails it filed, which it
 * left in new/, and at its end its counts.  A worker that dies (killed,
 * a crash) leaves its mails not yet reported as filed in new/, as a
 * killed batch does, and stops the run: they wait for the next run.
 *
 * Workers hold no board of each other's, but the buckets of message
 * locks (msg-XXX) and rate records are shared: a worker that would wait
 * for a lock first commits its own group (lock.h) and asks the others,
 * through a flag in memory shared with the batch, to commit theirs at
 * their next mail (batch_jobs_ask_settle), so that a lock another
 * worker keeps comes free within a mail, not a second.  Rate records
 * are not kept for a worker's group at all (group.h: txn_group_shared).
 */
#ifndef EPAM_BATCH_JOBS_H
#define EPAM_BATCH_JOBS_H

#include "util/conf.h"

#include <stddef.h>

/* What batch.c gives the workers.  arg is passed back. */
struct batch_jobs_ops {
	/* The Maildir file name of mail i of the chunk. */
	const char *(*name)(void *arg, size_t i);
	/* In a worker: process the mails idx[0..n-1] of the chunk in this
	 * order, reporting each with batch_jobs_filed / batch_jobs_left and
	 * ending with batch_jobs_end, all to fd. */
	void (*work)(void *arg, const size_t *idx, size_t n, int fd);
	/* In the batch: mail i was filed into cur/ by a worker (durable),
	 * or left in new/ for the next run (a busy board, set aside, a
	 * worker that died). */
	void (*filed)(void *arg, size_t i);
	void (*left)(void *arg, size_t i);
};

/* The counts of the workers of a chunk, summed. */
struct batch_jobs_sum {
	int done, retry;
	unsigned long mails;   /* replies the workers queued */
};

/* The most workers batch_jobs = 0 takes however many CPUs are online:
 * workers share the 4,096 buckets of message locks, and the more of
 * them keep locks for their groups, the more often one waits for
 * another (BENCHMARKS.md, "Issue 35: batch workers"). */
#define BATCH_JOBS_AUTO_MAX 8

/* The worker processes batch_jobs asks for: cfg->batch_jobs, or for 0
 * the CPUs online (sysconf) but at most BATCH_JOBS_AUTO_MAX; at least 1
 * and at most 64. */
int batch_jobs_count(const struct config *cfg);

/* Process the n mails of a chunk of DIR/new (arrival order) in up to
 * jobs workers, as the head of this file says; each mail's subject is
 * read (at most max bytes of it) to find its board.  Adds to *sum.
 * Returns 1 when the run must stop (a worker stopped at a temporary
 * failure or died; the rest of the chunk is then left, each mail
 * counted in sum->retry and passed to ops->left), else 0.  A worker
 * that died before its end line is counted by the batch: each of its
 * mails reported filed in sum->done, every other one (reported left
 * or not at all) in sum->retry.  The caller holds no lock and has no
 * group open. */
int batch_jobs_chunk(const char *dir, size_t n, int jobs, size_t max,
                     const struct batch_jobs_ops *ops, void *arg,
                     struct batch_jobs_sum *sum);

/* In a worker: the board key (pipeline/boardkey.h) of mail i of the
 * chunk, "" for a barrier; "" outside a worker. */
const char *batch_jobs_key(size_t i);

/* In a worker: whether mail i of the chunk names a board of which a
 * mail was left for a busy lock earlier in this batch (lock_timeout ran
 * out, most likely on a lock another worker keeps for its group): the
 * mail is then left in new/ too, unread, so that no later mail of the
 * board overtakes the one left; they all wait for the next run, in
 * order.  The batch leaves such mails itself when it deals out later
 * runs, and later chunks.  0 outside a worker, and for a barrier. */
int batch_jobs_board_busy(size_t i);

/* In a worker: ask every other worker of the run to commit its group
 * at its next mail (lock.h's wait hook: this worker is about to wait
 * for a lock, most likely one another worker keeps for its group, which
 * it would otherwise keep for up to a second or batch_group mails).
 * A no-op outside a worker. */
void batch_jobs_ask_settle(void);

/* In a worker: whether another worker asked this one to commit its
 * group (the request is cleared); 0 outside a worker. */
int batch_jobs_settle_asked(void);

/* A worker's reports to the batch (fd: the pipe given to work): mail i
 * of the chunk filed, left, and the worker's end with its counts and
 * whether it stopped at a temporary failure.  A worker ignores SIGPIPE:
 * when the batch is gone (no reader left), a report is lost and noted
 * (batch_jobs_batch_gone), never fatal. */
void batch_jobs_filed(int fd, size_t i);
void batch_jobs_left(int fd, size_t i);
/* Mail i was left for a busy lock (sent before its batch_jobs_left):
 * its board's later mails wait too (batch_jobs_board_busy). */
void batch_jobs_busy(int fd, size_t i);
/* In a worker: 1 once a report found the batch gone (its pipe had no
 * reader); the worker then finishes the mail in hand and stops, leaving
 * the rest in new/.  0 before, and outside a worker. */
int batch_jobs_batch_gone(void);

void batch_jobs_end(int fd, int done, int retry, unsigned long mails,
                    int stop);

#endif
