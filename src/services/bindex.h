/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bindex.h - keeping the board index (spool/bindex.h) up to date: what
 * a board counts as and when the sweep must look at it next, folded in
 * from the markers every board write leaves (issue 35).
 *
 * A board's deadline ("due") is the first moment the sweep has
 * something to do on it:
 *
 *   challenged          0 (every sweep: expiry, a player who signed off)
 *   active              the first point after `since` at which its
 *                       mover is reminded (remind_at, remind_days) or
 *                       his time runs out; 0 while the mover is on
 *                       leave, a robot is to move, or the time is out
 *                       under -timeout=auto (a held mail waits)
 *   finished/cancelled  its last change + archive_days
 *   archived, gone      none
 *   unreadable          0 (the sweep tells what it found)
 *
 * `since` is 0 for a board that changed (every point of the turn
 * counts, so one not yet reminded is never skipped: the sweep looks
 * once more and the reminder's own record keeps it from going twice),
 * the sweep's time for a board the sweep just looked at (the points
 * after it).  A deadline is never later
 * than the real one: a leave only moves it later.  The settings the
 * deadlines are computed with are in index/counts; when they differ
 * from the configuration's, the index is rebuilt.
 */
#ifndef EPAM_SERVICES_BINDEX_H
#define EPAM_SERVICES_BINDEX_H

#include "spool/bindex.h"
#include "util/conf.h"

#include <stddef.h>
#include <time.h>

/* What the index says of one board, or what it should say. */
struct bindex_board {
	enum bindex_state state;
	long long due;  /* -1 none, 0 every sweep, else seconds since epoch */
};

/* The state and deadline of game's board as its files say at time now
 * (since: see above).  Reads the board's file (a replay); no lock. */
void bindex_compute(const struct config *cfg, time_t now, time_t since,
                    const char *game, long board, struct bindex_board *b);

/* Fold every marker into the index under the lock "index" (waiting at
 * most timeout_ms), and recompute the boards swept[0..nswept) with
 * since = now (a sweep's boards; NULL, 0 for none), removing each one's
 * due file that led to it.  Rebuilds the index first when its counts
 * are missing or damaged, or were computed with other settings
 * (logged).  0; 1 when the lock was busy (nothing done); -1 on an I/O
 * error (logged; the markers stay for the next fold). */
int bindex_fold(const struct config *cfg, time_t now,
                const struct bindex_ref *swept, size_t nswept,
                int timeout_ms);

/* Rebuild the index from every board file (one full pass; the caller
 * holds the lock "index"): the counts, each live board's entry and due
 * file; due files and markers from before are removed.  0, or -1 with
 * errno (the counts file then is missing, so the next fold rebuilds
 * again). */
int bindex_rebuild(const struct config *cfg, time_t now);

/* For admin check: compare the index (after a fold) with the boards at
 * time now, calling report(arg, what) with one line of English for each
 * disagreement (what: the counts file and a count, or a board's entry).
 * Returns the number of disagreements, or -1 when the lock "index" was
 * busy or the index could not be read. */
int bindex_compare(const struct config *cfg, time_t now,
                   void (*report)(void *arg, const char *what), void *arg);

/* The counts as status prints them: the markers folded in first (the
 * lock waited for at most timeout_ms).  0; -1 when the counts cannot
 * be had as they are now (no index, or one to rebuild: that is the
 * sweep's; an error; or changes waiting that a busy lock or a spool
 * status may only read keeps from folding in): then the caller counts
 * from the boards. */
int bindex_status_counts(const struct config *cfg, time_t now,
                         int timeout_ms, struct bindex_counts *c);

#endif
