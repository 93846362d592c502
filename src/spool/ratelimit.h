/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ratelimit.h - how many mails one address may have answered per hour.
 *
 * A forged sender must not turn the server into a mail cannon aimed at a
 * victim, so each reply address gets a budget of mails handled per
 * hour (config key rate_limit; 0 turns it off); a mail that proves
 * which player sent it counts against that player's account instead,
 * so forgeries in his name never use up his budget (process.c).  The
 * same counters bound the replies to strangers (stranger_reply_limit)
 * and what one player may relay a day (relay_limit).  The count lives
 * in SPOOL/rate/DIGEST ("WINDOW-START COUNT"), updated under the lock
 * "ratelimit.XX" (XX the first two digits of DIGEST: 256 lock files
 * however many addresses write, since lock files are never removed); it
 * is advisory state, written without fsync, over the old record in place
 * (a new file only for a new record).  While a batch's group commit is
 * open (group.h) a record is read once, kept in memory with its bucket
 * lock kept for the group, and written once when the group is
 * committed: no file a mail.  "epamserv sweep" removes a
 * record two days after its last change (src/cli/prune.c): no window is
 * longer than a day.
 */
#ifndef EPAM_RATELIMIT_H
#define EPAM_RATELIMIT_H

#include <stddef.h>
#include <time.h>

/* The lock key of the record SPOOL/rate/DIGEST (DIGEST: 32 hex digits)
 * into buf: "ratelimit." and its first two digits. */
void ratelimit_lock_key(const char *digest, char *buf, size_t len);

/* Count one unit for key at time now, in a window of window seconds
 * that starts with the first unit counted: key is any text (an address,
 * "user:alice", "strangers"), compared case-insensitively.  Returns 1
 * when within the budget of limit units (or limit is 0), 0 when over it,
 * -1 on an I/O error (then the caller should let the mail through).
 * With first_over not NULL, *first_over is 1 for the first unit over the
 * limit in a window (to tell someone once), else 0.  Units over the
 * limit are not counted further. */
int ratelimit_count(const char *spool, const char *key, int limit,
                    int window, time_t now, int *first_over);

/* Give back the unit a mail counted for key at now (ratelimit_count,
 * same window): a mail that turned out not to count (a move a robot
 * answers, process.c).  Nothing when key's window is over or empty.
 * 0, or -1 on an I/O error (the unit stays counted). */
int ratelimit_refund(const char *spool, const char *key, int window,
                     time_t now);

/* Budgets of amounts (the server's engine time, engine_hour_ms): the
 * units left in key's window at now (limit - used, at most limit; 1 when
 * limit is 0 or the record cannot be read), read without changing it. */
int ratelimit_left(const char *spool, const char *key, int limit,
                   int window, time_t now);

/* The units used in key's window at now (0 when no window is open),
 * read without changing it; -1 when the record cannot be read (the
 * caller decides: engine_time.h lets the search go). */
int ratelimit_used(const char *spool, const char *key, int window,
                   time_t now);

/* Spend amount units of key's window (a window starts with the first
 * spend); the count stops at the limit.  0, or -1 on an I/O error. */
int ratelimit_spend(const char *spool, const char *key, int limit,
                    int window, time_t now, int amount);

/* For group.c: the group is committed (write 1: write every record it
 * changed) or given up (write 0: forget them, as its mails are done
 * again); called before the kept locks go.  Errors are logged. */
void ratelimit_group_done(int write);

/* Count one mail from addr at time now, in a window of an hour.  Returns 1 when it is within the
 * budget of limit mails per hour (or limit is 0), 0 when over it, -1 on
 * an I/O error (then the caller should let the mail through). */
int ratelimit_take(const char *spool, const char *addr, int limit, time_t now);

#endif
