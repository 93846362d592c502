/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * checked.h - what the last "admin check" and the last sweep found
 * damaged, for "status" (issue 33, item 6).
 *
 * A damaged file that no mail touches is in no held/ record, so status
 * would say nothing of it.  So each check writes the files it found
 * damaged, replacing its own previous result (written aside and
 * renamed, never half):
 *
 *   SPOOL/runs/check-admin     (epamserv admin check)
 *   SPOOL/runs/check-sweep     (epamserv sweep)
 *
 *   epamserv-check 1
 *   check: sweep
 *   checked: 2026-11-30T05:00:00Z
 *   damaged: games/epaminondas/101.game
 *   error: games/epaminondas/101.game:7: ply 3 does not replay
 *   damaged: ...
 *
 * "checked:" is when the check began (the clock EPAMSERV_NOW gives in
 * tests); which record is the newer is told by the files' modification
 * times, which the clock of the tests does not fix.  Each error is one
 * line of English (a record is data, as held/ is).
 *
 * The sweep looks at every board file of the live boards (its scope,
 * checked_sweep_scope); admin check at every game, user and tournament
 * file.  So the damage still known (checked_known) is the newer
 * record's list, and, when the sweep's is the newer, the admin check's
 * files outside the sweep's scope too: a board the sweep found well
 * since was repaired or restored.
 */
#ifndef EPAM_SPOOL_CHECKED_H
#define EPAM_SPOOL_CHECKED_H

#include <stddef.h>
#include <time.h>

/* One damaged file a check found. */
struct checked_file {
	char file[256];   /* relative to the spool: "games/epaminondas/101.game" */
	char error[512];  /* the check's words, one line of English */
	int by_sweep;     /* checked_known: 1 found by the sweep, 0 by admin */
};

/* One check's record. */
struct checked {
	int ran;                  /* 0: no record (never ran, or unreadable) */
	time_t when;              /* its "checked:" time */
	struct timespec written;  /* the record's modification time */
	struct checked_file *v;   /* malloc'ed, n of them */
	size_t n;
};

/* The two checks, as the records and status name them. */
#define CHECKED_ADMIN "admin"
#define CHECKED_SWEEP "sweep"

/* Append file (relative to the spool) with error (a line of English;
 * line ends become blanks, both cut to their fields' sizes) to *c's
 * list, unless that file is listed already. */
void checked_add(struct checked *c, const char *file, const char *error);

/* Whether *c lists file: its entry, or NULL. */
const struct checked_file *checked_find(const struct checked *c,
                                        const char *file);

/* Replace SPOOL/runs/check-NAME (name CHECKED_ADMIN or CHECKED_SWEEP)
 * with c's list and c->when, written aside, synced and renamed (the
 * directory made when missing).  0, or -1 with errno set (the old
 * record stays). */
int checked_write(const char *spool, const char *name,
                  const struct checked *c);

/* Read SPOOL/runs/check-NAME into *c (zeroed first; c->ran 0 when there
 * is none or it is not such a record).  0, or -1 with errno set when it
 * is there but cannot be read.  checked_free it either way. */
int checked_read(const char *spool, const char *name, struct checked *c);

/* Whether file (relative to the spool) is one the sweep looks at: a
 * live board's file, games/GAME/N.game (not archive/). */
int checked_sweep_scope(const char *file);

/* The damage still known from the two records admin and sweep: the
 * newer record's files, and, when the sweep's is the newer, the admin
 * check's files outside the sweep's scope; in both cases only files
 * still there (lstat).  Into *out (zeroed first, by_sweep set on each;
 * checked_free it). */
void checked_known(const char *spool, const struct checked *admin,
                   const struct checked *sweep, struct checked *out);

/* Drop file (relative to the spool) from the record SPOOL/runs/check-NAME
 * when it lists it: a repair that needs no check again (the derived
 * ratings table rebuilt).  The record keeps its "checked:" time and
 * its modification time, so which record is the newer does not change.
 * 0 (also when there is no record or it does not list file), or -1
 * with errno set (the record stays as it was). */
int checked_forget(const char *spool, const char *name, const char *file);

/* Free c's list (c may be all zero). */
void checked_free(struct checked *c);

#endif
