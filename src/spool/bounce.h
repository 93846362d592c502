/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bounce.h - the bounce records: one file per address that mail of ours
 * failed for good to (a 5xx reply, a mail deferred past retry_days, or a
 * delivery report), for the administrator and for "status":
 *
 *   SPOOL/bounces/DIGEST            (util_digest_hex of the address)
 *
 *   epamserv-bounce 2
 *   address: carol@example.org
 *   count: 3                          (bounces since the first)
 *   days: 2                           (the UTC days among them with a
 *                                     bounce; absent in records of
 *                                     earlier versions: 1, or 2 when
 *                                     first and last differ in day)
 *   first: 2026-11-30T05:48:00Z
 *   last: 2026-12-01T09:12:00Z
 *   source: 1796000000.000001234-4321-00.eml   (the latest bounced mail:
 *                                     an outbox name, or "report on
 *                                     MESSAGE-ID" for a delivery report)
 *   code: 550                         (the reply code; 0 when none)
 *   dsn: 5.1.1                        (the enhanced status code; "-")
 *   reason: RCPT failed: 550 5.1.1 User unknown
 *   told: 2026-12-01T09:15:00Z        (optional: when the opponents of
 *                                     the address's player were told
 *                                     that board mails to him bounce;
 *                                     once per record)
 *
 * A record of version 1 ("TIME ADDRESS SOURCE: WHY", one line) reads as
 * one bounce at TIME.  Records are rewritten whole (a temporary file
 * renamed over the record) under the lock "bounces"; they are advisory
 * state (no fsync).  "epamserv sweep" removes a record whose last bounce
 * is older than OUTBOX_BOUNCE_DAYS (outbox.h); "admin bounces clear
 * ADDRESS" removes one at once.
 */
#ifndef EPAM_BOUNCE_H
#define EPAM_BOUNCE_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

/* An address with this many bounces on at least this many different
 * days (and the last within the record's lifetime) "keeps bouncing":
 * flagged by "status" and "admin user list", and its player's opponents
 * are told.  Bounces are scored one a day at most, as list managers do:
 * a burst of refusals in one flush (a full mailbox, a relay that refused
 * everything for an hour) flags nobody; the same the next day does. */
#define BOUNCE_FLAG_COUNT 3
#define BOUNCE_FLAG_DAYS 2

struct bounce {
	char address[256];
	long count;
	long days;           /* UTC days with a bounce, 1..count */
	time_t first, last;
	char source[256];
	int code;            /* 0: none given */
	char dsn[16];        /* "-": none given */
	char reason[512];
	time_t told;         /* 0: the opponents were not told */
};

/* Whether b "keeps bouncing" (BOUNCE_FLAG_COUNT, BOUNCE_FLAG_DAYS). */
int bounce_keeps_bouncing(const struct bounce *b);

/* Parse the text of a record (untrusted, NUL-terminated) into *b.
 * 0, or -1 when it is neither a version 2 record nor a version 1 line.
 * Pure: no I/O. */
int bounce_parse(const char *text, struct bounce *b);

/* The reply code and enhanced status code found in why (a server's
 * reply text, e.g. "RCPT failed: 550 5.1.1 User unknown") into *code
 * (0 when none) and dsn (16 bytes, "-" when none).  Pure: no I/O. */
void bounce_codes(const char *why, int *code, char *dsn);

/* Count a bounce of mail to rcpt at now in its record (made when
 * missing), with source and why as described above.  The caller holds
 * the lock "bounces".  0, or -1 (errno) when it cannot be written. */
int bounce_note_locked(const char *spool, const char *rcpt,
                       const char *source, const char *why, time_t now);

/* Set "told: now" in the record of addr (lock "bounces" held by the
 * caller).  0, or -1 (errno; also when there is no record). */
int bounce_mark_told_locked(const char *spool, const char *addr, time_t now);

/* Every readable record (malloc'ed array of *n, sorted by address;
 * never NULL on success).  0, or -1 (errno) when SPOOL/bounces cannot
 * be read. */
int bounce_list(const char *spool, struct bounce **v, size_t *n);

/* Remove the record of addr (as written, or lower-cased) under the lock
 * "bounces", waiting at most timeout_ms.  1 removed, 0 there was none,
 * -1 (errno) on an error. */
int bounce_clear(const char *spool, const char *addr, int timeout_ms);

/* Print b as one line: "LAST ADDRESS SOURCE: REASON [count=N first=TIME
 * userid=U code=C dsn=X.Y.Z]" (userid "-" when not a player's). */
void bounce_print(FILE *out, const struct bounce *b, const char *userid);

#endif
