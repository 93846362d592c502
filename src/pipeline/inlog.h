/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * inlog.h - the one key=value log line of each incoming mail, for grep
 * and fail2ban (epamserv(1), LOGGING):
 *
 *   in: msgid=<ID> from=ADDR client=IP userid=U game=G verb=V board=N
 *       outcome=done|refused|deferred|held|ignored|dropped reason=TEXT
 *       mails=N created=BOARD[,BOARD]
 *
 * Exactly one line each time a mail is read (a mail deferred and tried
 * again gets one on each try), whatever becomes of it.
 * Every key is always there ("-" when it has no value).  Never a
 * password or a reply token: only a game command's board is taken from
 * the command's words, and the words that may be secrets are blotted
 * out of the refusal reason.
 */
#ifndef EPAM_PIPELINE_INLOG_H
#define EPAM_PIPELINE_INLOG_H

#include "commands/ctx.h"
#include "pipeline/intake.h"

#include <stddef.h>

/* The connecting client our own MTA wrote into the topmost Received
 * header of raw[0..len), into out[0..n): mail_received_client (see
 * mail/source.h) of the topmost field; "" when there is none.  Never
 * fails. */
void inlog_client(const char *raw, size_t len, char *out, size_t n);

/* Log the line of one mail at LOG_INFO (LOG_NOTICE when refused).
 * userid= is the account the mail proved, else the account a wrong
 * password (or a password during its back-off) was tried for, else the
 * player whose confirmed address sent it.
 * c: the mail's context (c->error holds a refusal's reason, its
 * secrets blotted out; a reason not NULL is logged instead, as it is: a
 * fixed English text of the caller's, never words of the mail; "" for
 * none); in: its command words (NULL when they were not read);
 * client: from inlog_client(), may be "" or NULL; outcome: one of the
 * words above. */
void inlog_line(const struct cmdctx *c, const struct intake *in,
                const char *client, const char *outcome, const char *reason);

/* The line of a mail that was never parsed (too deeply nested to read,
 * no memory, the spool unusable, a Maildir file left alone): every key
 * "-" but the client (read from raw[0..len) when raw is not NULL),
 * outcome and reason. */
void inlog_unread(const char *raw, size_t len, const char *outcome,
                  const char *reason);

/* How many in: lines this process wrote so far: process.c writes one
 * where a mail's path wrote none.  Never fails. */
unsigned long inlog_lines(void);

#endif
