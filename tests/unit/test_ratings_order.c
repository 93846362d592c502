/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_ratings_order.c - the order a replay rates result records in
 * (game/ratings.h): records with a seq line by it, records without one
 * (a release before the ratings table, e.g. after a downgrade) merged
 * in by finish time, each before the first sequenced record that
 * finished in the same second or after it.  On 0eb6575 the records
 * without seq all came first; on 7d535f2 a tie went to the sequenced
 * record, so a game that ended in the second of a record without seq
 * was rated by the table after it and by a replay before it
 * (test_ratings_table's intermittent admin check failure).  Files only in a scratch directory of its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/ratings.h"
#include "tap.h"

static char dir[] = "/tmp/test_ratings_order.XXXXXX";
static char games[256];

/* Write result record board (seq 0: without the line). */
static void record(long board, const char *white, const char *black,
                   const char *finished, long seq)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/%ld.result", games, board);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(99);
	}
	fprintf(f, "epamserv-result 1\ngame: epaminondas\nboard: %ld\n"
	        "size: 14x12\nwhite: %s\nblack: %s\nfinished: %s\n"
	        "score: 1-0\nresult: white wins\n", board, white, black,
	        finished);
	if (seq)
		fprintf(f, "seq: %ld\n", seq);
	if (fclose(f) != 0)
		exit(99);
}

/* The boards of r's games in the order rated, as "1 2 3". */
static void order(const struct ratings *r, char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < r->ngames && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%ld",
		                         i ? " " : "", r->games[i].board);
}

int main(void)
{
	struct ratings r;
	char sub[300], got[200], *err = NULL;
	int rc;

	if (!mkdtemp(dir))
		return 99;
	snprintf(sub, sizeof sub, "%s/games", dir);
	snprintf(games, sizeof games, "%s/games/epaminondas", dir);
	if (mkdir(sub, 0700) < 0 || mkdir(games, 0700) < 0)
		return 99;

	/* Rated by the table in this order (seq), the later finish times
	 * not always later in seq (a clock's loss is recorded late). */
	record(201, "alice", "bob", "2026-11-01T10:00:00Z", 1);
	record(202, "bob", "carol", "2026-11-03T10:00:00Z", 2);
	record(206, "carol", "alice", "2026-11-02T12:00:00Z", 3);
	/* Written without seq (a release before the table). */
	record(203, "dave", "alice", "2026-11-02T10:00:00Z", 0);
	record(204, "erin", "bob", "2026-10-01T10:00:00Z", 0);
	/* finished in the same second as 202: rated before it, as the
	 * table rated 202 after every record it held */
	record(205, "dave", "erin", "2026-11-03T10:00:00Z", 0);

	rc = ratings_load(dir, RATESYS_ELO, &r, &err);
	ok(rc == 0, "the records load");
	order(&r, got, sizeof got);
	ok(strcmp(got, "204 201 203 205 202 206") == 0,
	   "records without seq rate where they finished: before the first "
	   "sequenced record that finished in their second or after them "
	   "(got %s)", got);
	ok(r.seq == 3 && r.rated == 6, "every record rated, seq 3");
	ratings_free(&r);

	/* Only records without seq: by finish time, game, board. */
	record(201, "alice", "bob", "2026-11-01T10:00:00Z", 0);
	record(202, "bob", "carol", "2026-11-03T10:00:00Z", 0);
	record(206, "carol", "alice", "2026-11-02T12:00:00Z", 0);
	rc = ratings_load(dir, RATESYS_ELO, &r, &err);
	order(&r, got, sizeof got);
	ok(rc == 0 && strcmp(got, "204 201 203 206 202 205") == 0,
	   "without seq at all: by finish time, then board (got %s)", got);
	ratings_free(&r);

	/* Only sequenced records: by seq, whatever their finish times. */
	record(203, "dave", "alice", "2026-11-02T10:00:00Z", 4);
	record(204, "erin", "bob", "2026-10-01T10:00:00Z", 5);
	record(205, "dave", "erin", "2026-11-03T10:00:00Z", 6);
	record(201, "alice", "bob", "2026-11-01T10:00:00Z", 3);
	record(202, "bob", "carol", "2026-11-03T10:00:00Z", 2);
	record(206, "carol", "alice", "2026-11-02T12:00:00Z", 1);
	rc = ratings_load(dir, RATESYS_ELO, &r, &err);
	order(&r, got, sizeof got);
	ok(rc == 0 && strcmp(got, "206 202 201 203 204 205") == 0,
	   "all sequenced: by seq (got %s)", got);
	ratings_free(&r);

	free(err);
	for (rc = 201; rc <= 206; rc++) {
		char path[512];
		snprintf(path, sizeof path, "%s/%d.result", games, rc);
		unlink(path);
	}
	rmdir(games);
	rmdir(sub);
	rmdir(dir);
	return tap_done();
}
