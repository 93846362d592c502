/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_checked.c - the records of what the last admin check and sweep
 * found damaged (src/spool/checked.h, issue 33 item 6): a record read
 * back as written, the sweep's scope, and which damage is still known
 * from the two (the newer record counts; the admin check's files beyond
 * the sweep's scope stay; a removed file goes).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "spool/checked.h"
#include "tap.h"

static char spool[256];

/* Make SPOOL/rel (and its directory) with some text. */
static void touch(const char *dir, const char *rel)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", spool, dir);
	mkdir(path, 0750);
	snprintf(path, sizeof path, "%s/%s", spool, rel);
	f = fopen(path, "w");
	if (f) {
		fputs("x\n", f);
		fclose(f);
	}
}

static void test_scope(void)
{
	ok(checked_sweep_scope("games/epaminondas/101.game"),
	   "scope: a live board");
	ok(checked_sweep_scope("games/crossings/7.game"),
	   "scope: a live board of another game");
	ok(!checked_sweep_scope("games/epaminondas/archive/101.game"),
	   "scope: an archived board is admin check's");
	ok(!checked_sweep_scope("users/alice"), "scope: a user file");
	ok(!checked_sweep_scope("games/epaminondas/x101.game"),
	   "scope: not a board's name");
	ok(!checked_sweep_scope("games//101.game"), "scope: no game");
	ok(!checked_sweep_scope("games/epaminondas/101.game.bak"),
	   "scope: another suffix");
}

static void test_round_trip(void)
{
	struct checked c, r;

	memset(&c, 0, sizeof c);
	c.when = 1796000000;
	checked_add(&c, "games/epaminondas/101.game", "line 7:\nply 3");
	checked_add(&c, "games/epaminondas/101.game", "again");
	checked_add(&c, "users/bob", "users/bob:2: bad");
	is_int(c.n, 2, "add: a file once");
	is_str(c.v[0].error, "line 7: ply 3", "add: the error on one line");
	is_int(checked_read(spool, CHECKED_SWEEP, &r), 0, "read: none is no "
	       "error");
	is_int(r.ran, 0, "read: none never ran");
	checked_free(&r);
	is_int(checked_write(spool, CHECKED_SWEEP, &c), 0, "write");
	is_int(checked_read(spool, CHECKED_SWEEP, &r), 0, "read back");
	is_int(r.ran, 1, "read: it ran");
	is_int(r.when, 1796000000, "read: its time");
	is_int(r.n, 2, "read: both files");
	is_str(r.v[1].file, "users/bob", "read: the file");
	is_str(r.v[1].error, "users/bob:2: bad", "read: its error");
	ok(checked_find(&r, "users/bob") && !checked_find(&r, "users/al"),
	   "find");
	checked_free(&r);
	checked_free(&c);
}

/* Write the record name listing files[] (NULL-ended), its
 * modification time one second after the last record's (which record
 * is the newer is told by these times, not by the clock of the run). */
static void record(const char *name, const char *const *files)
{
	static time_t stamp = 1796000000;
	struct timespec ts[2];
	struct checked c;
	char path[512];

	memset(&c, 0, sizeof c);
	c.when = 1796000000;  /* as EPAMSERV_NOW would fix it */
	for (; *files; files++)
		checked_add(&c, *files, "bad");
	checked_write(spool, name, &c);
	checked_free(&c);
	ts[0].tv_sec = ts[1].tv_sec = ++stamp;
	ts[0].tv_nsec = ts[1].tv_nsec = 0;
	snprintf(path, sizeof path, "%s/runs/check-%s", spool, name);
	utimensat(AT_FDCWD, path, ts, 0);
}

/* The damage known now, as "FILE:a|s ..." (a: admin, s: sweep). */
static void known(char *out, size_t len)
{
	struct checked a, s, k;
	size_t i, n = 0;

	checked_read(spool, CHECKED_ADMIN, &a);
	checked_read(spool, CHECKED_SWEEP, &s);
	checked_known(spool, &a, &s, &k);
	out[0] = '\0';
	for (i = 0; i < k.n; i++)
		n += (size_t)snprintf(out + n, n < len ? len - n : 0, "%s%s:%c",
		                      i ? " " : "", k.v[i].file,
		                      k.v[i].by_sweep ? 's' : 'a');
	checked_free(&a);
	checked_free(&s);
	checked_free(&k);
}

static void test_known(void)
{
	static const char *const admin[] = {
		"games/epaminondas/101.game", "games/epaminondas/archive/7.game",
		"users/bob", NULL
	};
	static const char *const sweep[] = {
		"games/epaminondas/102.game", NULL
	};
	static const char *const none[] = { NULL };
	char got[1024];

	snprintf(got, sizeof got, "%s/runs/check-%s", spool, CHECKED_SWEEP);
	unlink(got);  /* the round trip's */
	touch("games", "games/x");
	touch("games/epaminondas", "games/epaminondas/101.game");
	touch("games/epaminondas", "games/epaminondas/102.game");
	touch("games/epaminondas/archive", "games/epaminondas/archive/7.game");
	touch("users", "users/bob");
	record(CHECKED_ADMIN, admin);
	known(got, sizeof got);
	is_str(got, "games/epaminondas/101.game:a "
	       "games/epaminondas/archive/7.game:a users/bob:a",
	       "known: only admin check ran");
	record(CHECKED_SWEEP, sweep);
	known(got, sizeof got);
	is_str(got, "games/epaminondas/102.game:s "
	       "games/epaminondas/archive/7.game:a users/bob:a",
	       "known: a newer sweep replaces the live boards, not the rest");
	record(CHECKED_ADMIN, admin);
	known(got, sizeof got);
	is_str(got, "games/epaminondas/101.game:a "
	       "games/epaminondas/archive/7.game:a users/bob:a",
	       "known: a newer admin check replaces the sweep's");
	record(CHECKED_SWEEP, none);
	known(got, sizeof got);
	is_str(got, "games/epaminondas/archive/7.game:a users/bob:a",
	       "known: a clean newer sweep: the live board was restored");
	snprintf(got, sizeof got, "%s/users/bob", spool);
	unlink(got);
	known(got, sizeof got);
	is_str(got, "games/epaminondas/archive/7.game:a",
	       "known: a removed file is no longer reported");
}

/* checked_forget: the file dropped, the rest, the time and the
 * record's modification time kept. */
static void test_forget(void)
{
	static const char *const files[] = { "ratings/current", "users/bob",
	                                     NULL };
	struct checked before, after;

	record(CHECKED_ADMIN, files);
	checked_read(spool, CHECKED_ADMIN, &before);
	is_int(checked_forget(spool, CHECKED_ADMIN, "ratings/current"), 0,
	       "forget: done");
	checked_read(spool, CHECKED_ADMIN, &after);
	ok(after.n == 1 && !checked_find(&after, "ratings/current") &&
	   checked_find(&after, "users/bob"), "forget: the file alone goes");
	is_int(after.when, before.when, "forget: the check's time kept");
	ok(after.written.tv_sec == before.written.tv_sec &&
	   after.written.tv_nsec == before.written.tv_nsec,
	   "forget: the record's modification time kept (which is newer)");
	is_int(checked_forget(spool, CHECKED_ADMIN, "users/al"), 0,
	       "forget: a file not listed is no error");
	is_int(checked_forget(spool, CHECKED_SWEEP "-none", "users/bob"), 0,
	       "forget: no record is no error");
	checked_free(&before);
	checked_free(&after);
}

int main(void)
{
	char cmd[300];

	snprintf(spool, sizeof spool, "/tmp/epamserv-unit-checked-%ld",
	         (long)getpid());
	mkdir(spool, 0750);
	test_scope();
	test_round_trip();
	test_known();
	test_forget();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", spool);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", spool);
	return tap_done();
}
