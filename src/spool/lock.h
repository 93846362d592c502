/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lock.h - named locks in the spool, one lock file per key.
 *
 * A key names what a read-modify-write protects: "board-epaminondas-101"
 * for one board, "users" for the user files, "next-epaminondas" for board
 * number allocation, "msg-XXX" for incoming mails whose key starts with
 * those three hex digits (spool_msg_key: 4,096), "ratelimit.XX" and
 * "authfail.XX" for the rate and wrong-password counters (256 each).
 * Keys that grow with the mail must be such buckets: lock files in use
 * are never removed.  The keys "board-GAME-N" and "notice-USERID" are
 * one per board and per player: bounded by the boards and players the
 * spool keeps (archived boards keep theirs), not by the mail.
 * Locks are
 * flock(2) locks on SPOOL/locks/KEY.lock, so a process that dies releases
 * them at once.  Deadlock is avoided by order: a process takes at most a
 * message lock and then one resource lock; the one exception is a
 * tournament's (issue 17, src/services/tfile.h): a board's lock, then
 * "tournaments", then "next-GAME", never the other way round.  A game
 * that ends takes "ratings" (the ratings table, game/ratetable.h) after
 * its board's lock and before "tournaments"; a reader that finds the
 * table to rebuild only tries "ratings" (lock_try), never waits for it.
 */
#ifndef EPAM_LOCK_H
#define EPAM_LOCK_H

#include <stddef.h>

struct lock {
	int fd;   /* -1 when not held */
};

#define LOCK_INIT { -1 }

/* Take the lock on key, waiting at most timeout_ms milliseconds.
 * Returns 0, or -1 with errno (ETIMEDOUT when the wait ran out; any
 * other errno from open/flock). */
int lock_acquire(const char *spool, const char *key, int timeout_ms,
                 struct lock *l);

/* Take the lock only if it is free now: 0 taken, 1 busy, -1 error. */
int lock_try(const char *spool, const char *key, struct lock *l);

/* Release (no-op when not held).  A lock kept for a group commit stays
 * held by its duplicate until lock_keep_drop(). */
void lock_release(struct lock *l);

/* Group commit (group.c): keep every lock this process holds now, through
 * a duplicate descriptor, until lock_keep_drop().  0, or -1 (errno from
 * fcntl, e.g. EMFILE) with the locks kept so far still kept. */
int lock_keep_held(void);

/* Group commit (ratelimit.c): keep the one held lock l, whose key is
 * key, through a duplicate descriptor until lock_keep_drop(), so that a
 * record read under it may be changed in memory and written once when
 * the group is committed.  0 (also when key is kept already), or -1
 * (errno from fcntl) with nothing more kept. */
int lock_keep(const struct lock *l, const char *key);

/* Whether this process keeps key for a group commit: then it holds the
 * lock, and must not take it again (lock_acquire would commit the group
 * first). */
int lock_is_kept(const char *key);

/* How many lock_acquire calls of this process ran out of time (a busy
 * lock, as opposed to an error). */
unsigned long lock_timeouts(void);

/* How many lock descriptors are kept. */
size_t lock_kept_count(void);

/* Let go of every kept lock. */
void lock_keep_drop(void);

/* settle() commits the group and drops the kept locks (0, or -1).  Once
 * set, lock_acquire and lock_try call it before taking a key that is kept
 * (a second flock of our own would wait for ourselves), and lock_acquire
 * calls it before waiting for another process while anything is kept (so
 * two processes never wait for each other).  NULL unsets it. */
void lock_keep_hook(int (*settle)(void));

/* waiting() is called when lock_acquire is about to wait for a lock
 * another process holds (nothing kept by this one: see above), before
 * every nap of the wait, not only the first (a keeper may take the lock
 * again at its next mail): a batch's worker asks the other workers to
 * commit their groups at their next mail, since the lock is most likely
 * one they keep (batch_jobs.h).  NULL unsets it. */
void lock_wait_hook(void (*waiting)(void));

#endif
