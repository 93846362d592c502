/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * baseline.h - what the two baselines of the batch throughput benchmark
 * (baseline_fsync.c, naive_move.c; bench/spool_bench.py) share: every
 * mail of a Maildir read whole, timed, and a file written and fsync'ed.
 */
#ifndef EPAM_BENCH_BASELINE_H
#define EPAM_BENCH_BASELINE_H

#include <stddef.h>

/* What is done with one mail once it is read: name its file name in
 * MAILDIR/new, head its first headlen bytes (at most 64 KiB, not
 * NUL-terminated), total its size in bytes.  0, or -1 to stop (the
 * function has said why on stderr). */
typedef int baseline_mail_fn(void *arg, const char *name, const char *head,
                             size_t headlen, size_t total);

/* For every file in maildir/new whose name does not start with '.', in
 * directory order: read it whole (one that cannot be opened is passed
 * over), then fn(arg, ...).  The whole loop is timed (CLOCK_MONOTONIC)
 * and "N mails in S s" printed on stdout.  The exit status: 0, or 1
 * when maildir/new cannot be opened (perror) or fn stopped. */
int baseline_each_mail(const char *maildir, baseline_mail_fn *fn, void *arg);

/* Write size bytes of data to path (made or truncated, mode 0640) and
 * fsync(2) it.  0, or -1 (perror'd with path). */
int baseline_write_synced(const char *path, const char *data, size_t size);

#endif
