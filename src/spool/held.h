/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * held.h - mails set aside because a file they need does not load: the
 * records of them (setting a mail aside is pipeline/held.h).
 *
 * A mail whose board or user file is damaged (damage.h) fails for the
 * time being like one that meets a busy board: batch leaves it in new/
 * and goes on with the others, receive exits 75 so the MTA keeps it.
 * The first time, a record is written under the mail's lock:
 *
 *   SPOOL/held/DIGEST
 *
 *   epamserv-held 1
 *   since: 2026-11-30T05:48:00Z
 *   file: games/epaminondas/101.game
 *   error: games/epaminondas/101.game:7: ply 3 does not replay
 *   notified: 2026-11-30T09:48:00Z        (once the sender was told)
 *
 * Once the mail has waited repair_notice_hours, its sender gets one
 * reply saying the board (or account) is under repair and that the mail
 * is kept; "notified:" in the record is what makes it one.  The record
 * goes when the mail is finally processed.  "epamserv admin check" and
 * "epamserv status" list the records.
 */
#ifndef EPAM_SPOOL_HELD_H
#define EPAM_SPOOL_HELD_H

#include "util/buf.h"

#include <stddef.h>
#include <time.h>

struct held_entry {
	char digest[33];
	time_t since, notified;  /* notified: 0 while the sender is not told */
	char file[256];
	char error[512];
};

/* The text of record e (the format above; "notified:" only when
 * e->notified is set), appended to out. */
void held_record(const struct held_entry *e, struct buf *out);

/* The mail of digest was processed: drop its record, if any. */
void held_done(const char *spool, const char *digest);

/* Read the record of digest into *e: 0, 1 when none, -1 (errno). */
int held_get(const char *spool, const char *digest, struct held_entry *e);

/* Every record, oldest first (malloc'ed array of *n, NULL when none):
 * 0, or -1 (errno) when SPOOL/held cannot be read. */
int held_list(const char *spool, struct held_entry **v, size_t *n);

#endif
