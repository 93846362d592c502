/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * process.h - one incoming mail from raw bytes to committed effects.
 */
#ifndef EPAM_PROCESS_H
#define EPAM_PROCESS_H

#include <stddef.h>
#include <time.h>

#include "util/conf.h"

/* Handle one raw message (len bytes; truncated says it was cut at the
 * size limit).  Returns a sysexits status: 0 when the mail was dealt with
 * (including an error reply, a duplicate, or a mail never answered),
 * 75 (EX_TEMPFAIL) when it must be delivered again later.  Nothing is
 * sent here: replies wait in the outbox. */
int process_mail(const struct config *cfg, const char *raw, size_t len,
                 int truncated);

/* The same for a mail whose delivery time batch knows (issue 15):
 * delivered is the Maildir file's delivery time or the IMAP
 * INTERNALDATE, seconds since the epoch, 0 when not known (receive: the
 * pipe runs at delivery).  The mail's moves count at its arrival, from
 * delivered and its topmost Received field under the arrival and
 * arrival_max_hours settings (process.c, mail_arrival). */
int process_mail_at(const struct config *cfg, const char *raw, size_t len,
                    int truncated, time_t delivered);

/* How many mails this process deferred because the account they prove
 * was over its rate limit (batch: such a mail waits like one for a busy
 * board, and the run goes on). */
unsigned long process_deferrals(void);

/* How many mails this process set aside because a file they need does
 * not load (held.h): batch goes on after them as after a busy board. */
unsigned long process_set_aside(void);

#endif
