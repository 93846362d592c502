/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * baseline_fsync.c - the baseline of the batch throughput benchmark
 * (bench/spool_bench.py, BENCHMARKS.md): for every file in MAILDIR/new,
 * read it whole, then write one small file OUT/NAME (its size and first
 * bytes) and fsync it.  The least any durable mail processor must do.
 *
 *   baseline_fsync MAILDIR OUTDIR      prints "N mails in S s"
 */
#include "baseline.h"

#include <stdio.h>

/* One mail: OUT/NAME with its size and first bytes, fsync'ed. */
static int one_mail(void *arg, const char *name, const char *head,
                    size_t headlen, size_t total)
{
	const char *outdir = arg;
	char path[8192], line[128];
	int len;

	snprintf(path, sizeof path, "%s/%s", outdir, name);
	len = snprintf(line, sizeof line, "%zu %.*s\n", total,
	               (int)(headlen < 32 ? headlen : 32), head);
	return baseline_write_synced(path, line, (size_t)len);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: baseline_fsync MAILDIR OUTDIR\n");
		return 64;
	}
	return baseline_each_mail(argv[1], one_mail, argv[2]);
}
