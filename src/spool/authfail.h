/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * authfail.h - wrong passwords counted per account, in two buckets, and
 * the back-off that follows them (issue 11: password guessing; issue 29:
 * a stranger can never refuse the owner).
 *
 * Anyone can send a mail naming an account and a wrong password, so a
 * back-off fed by everyone would let a stranger freeze the owner's own
 * password commands.  Each account's failures are therefore counted in
 * two buckets, and a mail is judged only by its own:
 *
 *   - the owner's (AUTHFAIL_OWNER): mails whose From is a confirmed
 *     address of the account, or that carry a valid reply or account
 *     token of it (auth.c decides).  AUTH_OWNER_FREE_FAILS wrong
 *     passwords are free, a person's typos; after that each check waits
 *     for a time that doubles from AUTH_BACKOFF_FIRST to at most
 *     AUTH_OWNER_BACKOFF_MAX (an hour).  A forger who writes the
 *     owner's From lands here: he gets at most about 40 guesses on his
 *     first day and 24 a day after, and the owner waits at most an hour
 *     for a password check (her tokens never wait);
 *   - the strangers' (AUTHFAIL_STRANGERS): every other mail.  After
 *     AUTH_FREE_FAILS wrong passwords, checks are refused until the count
 *     is forgotten: at most AUTH_FREE_FAILS guesses a day.  The owner's
 *     mail never counts here or waits for it.
 *
 * A count is forgotten a day after its last failure; a right password
 * clears its own bucket.  Reply and account tokens never pass through
 * here, so whatever the buckets hold, a player's tokens work.
 *
 * SPOOL/auth/USERID holds one line, "FAILS LAST NOTIFIED-DAY OWN-FAILS
 * OWN-LAST": the strangers' count and the time of its last failure, the
 * day (days since the epoch, UTC) the owner was last told, then the
 * owner's count and time.  A record of the form before issue 29 ("FAILS
 * LAST NOTIFIED-DAY") reads as the strangers' bucket with the owner's
 * empty.  Like the rate records, this is advisory state: written under
 * the lock "authfail.XX" (XX the first two hex digits of the userid's
 * digest: 256 lock files however many accounts), renamed into place, no
 * fsync.  "epamserv sweep" removes a record two days after its last
 * change (src/cli/prune.c), when it no longer counts.
 */
#ifndef EPAM_AUTHFAIL_H
#define EPAM_AUTHFAIL_H

#include <stddef.h>
#include <time.h>

#define AUTH_FREE_FAILS 5           /* strangers: failures a day */
#define AUTH_OWNER_FREE_FAILS 10    /* owner: failures before any back-off */
#define AUTH_BACKOFF_FIRST 60       /* seconds, owner: after the first wait */
#define AUTH_OWNER_BACKOFF_MAX 3600 /* seconds, owner: the longest wait */
#define AUTH_BACKOFF_MAX 86400      /* seconds: the longest wait of all */
#define AUTH_NOTIFY_FAILS 3         /* the owner is told from this many */

/* Whose failures a mail's wrong password counts with (see above). */
enum authfail_bucket {
	AUTHFAIL_STRANGERS = 0,
	AUTHFAIL_OWNER = 1,
};

/* The lock key of userid's record into buf: "authfail." and the first
 * two hex digits of util_digest_hex(userid). */
void authfail_lock_key(const char *userid, char *buf, size_t len);

/* Until when password checks for userid are refused to mails of bucket
 * b: a time after now, at most AUTH_BACKOFF_MAX ahead, or 0 when they
 * are allowed (also when the record cannot be read).  *counted is 1
 * when wrong passwords are counted in b (a right one should then
 * authfail_clear them), else 0. */
time_t authfail_blocked(const char *spool, const char *userid,
                        enum authfail_bucket b, time_t now, int *counted);

/* Count a wrong password for userid in bucket b at now.  Returns 1 when
 * the owner should be told now (AUTH_NOTIFY_FAILS reached in the two
 * buckets together, and not told yet today: the day is recorded as
 * told), else 0; -1 on an I/O error. */
int authfail_note(const char *spool, const char *userid,
                  enum authfail_bucket b, time_t now);

/* A right password from a mail of bucket b: forget b's count (the other
 * bucket and the day last told stay).  Call it only when
 * authfail_blocked said *counted. */
void authfail_clear(const char *spool, const char *userid,
                    enum authfail_bucket b, time_t now);

/* How many wrong passwords are counted for userid now, in both buckets
 * together (tests, notices). */
int authfail_count(const char *spool, const char *userid, time_t now);

#endif
