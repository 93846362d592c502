/*
 * authfail.h - wrong passwords counted per account, and the back-off
 * that follows them (issue 11: password guessing).
 *
 * SPOOL/auth/USERID holds "FAILS LAST-FAIL NOTIFIED-DAY": how many wrong
 * passwords the account met since its last success (forgotten a day
 * after the last one), when the last came, and the day (days since the
 * epoch, UTC) its owner was last told.  After AUTH_FREE_FAILS failures,
 * password checks for the account are refused for a time that doubles
 * with each further failure, from one minute to at most a day; a
 * success clears the count.  Reply tokens never pass through here, so a
 * stranger who makes an account's password checks wait cannot keep its
 * player from his games.  Like the rate records, this is advisory state:
 * written under the lock "authfail.XX" (XX the first two hex digits of
 * the userid's digest: 256 lock files however many accounts), renamed
 * into place, no fsync.  "epamserv sweep" removes a record two days
 * after its last change (src/cli/prune.c), when it no longer counts.
 */
#ifndef EPAM_AUTHFAIL_H
#define EPAM_AUTHFAIL_H

#include <stddef.h>
#include <time.h>

#define AUTH_FREE_FAILS 5           /* failures before any back-off */
#define AUTH_BACKOFF_FIRST 60       /* seconds, after the first of those */
#define AUTH_BACKOFF_MAX 86400      /* seconds */
#define AUTH_NOTIFY_FAILS 3         /* the owner is told from this many */

/* The lock key of userid's record into buf: "authfail." and the first
 * two hex digits of util_digest_hex(userid). */
void authfail_lock_key(const char *userid, char *buf, size_t len);

/* Until when password checks for userid are refused: a time after now,
 * or 0 when they are allowed (also when the record cannot be read).
 * *counted is 1 when wrong passwords are counted for userid (a right
 * one should then authfail_clear them), else 0. */
time_t authfail_blocked(const char *spool, const char *userid, time_t now,
                        int *counted);

/* Count a wrong password for userid at now.  Returns 1 when the owner
 * should be told now (AUTH_NOTIFY_FAILS reached and not told yet today:
 * the day is recorded as told), else 0; -1 on an I/O error. */
int authfail_note(const char *spool, const char *userid, time_t now);

/* A right password: forget the count (keeps the day last told).  Call
 * it only when authfail_blocked said *counted. */
void authfail_clear(const char *spool, const char *userid, time_t now);

/* How many wrong passwords are counted for userid now (tests, notices). */
int authfail_count(const char *spool, const char *userid, time_t now);

#endif
