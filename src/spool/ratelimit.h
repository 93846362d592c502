/*
 * ratelimit.h - how many mails one address may have answered per hour.
 *
 * A forged sender must not turn the server into a mail cannon aimed at a
 * victim, so each reply address gets a budget of mails handled per
 * rolling hour (config key rate_limit; 0 turns it off).  The count lives
 * in SPOOL/rate/DIGEST ("WINDOW-START COUNT"), updated under the lock
 * "rate-DIGEST"; it is advisory state, written without fsync.
 */
#ifndef EPAM_RATELIMIT_H
#define EPAM_RATELIMIT_H

#include <time.h>

/* Count one mail from addr at time now.  Returns 1 when it is within the
 * budget of limit mails per hour (or limit is 0), 0 when over it, -1 on
 * an I/O error (then the caller should let the mail through). */
int ratelimit_take(const char *spool, const char *addr, int limit, time_t now);

#endif
