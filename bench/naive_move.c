/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * naive_move.c - the second baseline of the batch throughput benchmark
 * (bench/spool_bench.py, issue 35): the durable work a move mail needs,
 * done naively.  For every file in MAILDIR/new: read it whole, then
 * write three new files, OUT/NAME.game (the game file's new version,
 * GAME bytes) and OUT/NAME.1 and OUT/NAME.2 (one mail to each player,
 * MAIL bytes each), each fsync'ed on its own.  Nothing is parsed,
 * checked or journalled: a program that did the move's work this way
 * would lose it or half of it in a crash.
 *
 *   naive_move MAILDIR OUTDIR GAME MAIL     prints "N mails in S s"
 *
 * GAME and MAIL are sizes in bytes (the benchmark passes the mean size
 * of the game files and of the outbox's mails of the batch it compares
 * with).
 */
#include "baseline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sizes {
	const char *outdir, *fill;
	size_t game, mail;
};

/* One mail: OUT/NAME.game, OUT/NAME.1 and OUT/NAME.2, each fsync'ed. */
static int one_mail(void *arg, const char *name, const char *head,
                    size_t headlen, size_t total)
{
	const struct sizes *z = arg;
	char path[8192];

	(void)head;
	(void)headlen;
	(void)total;
	snprintf(path, sizeof path, "%s/%s.game", z->outdir, name);
	if (baseline_write_synced(path, z->fill, z->game) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/%s.1", z->outdir, name);
	if (baseline_write_synced(path, z->fill, z->mail) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/%s.2", z->outdir, name);
	return baseline_write_synced(path, z->fill, z->mail);
}

int main(int argc, char **argv)
{
	struct sizes z;
	size_t most;
	char *fill;
	int rc;

	if (argc != 5) {
		fprintf(stderr, "usage: naive_move MAILDIR OUTDIR GAME MAIL\n");
		return 64;
	}
	z.outdir = argv[2];
	z.game = strtoul(argv[3], NULL, 10);
	z.mail = strtoul(argv[4], NULL, 10);
	most = z.game > z.mail ? z.game : z.mail;
	fill = malloc(most + 1);
	if (!fill)
		return 1;
	memset(fill, 'x', most);
	z.fill = fill;
	rc = baseline_each_mail(argv[1], one_mail, &z);
	free(fill);
	return rc;
}
