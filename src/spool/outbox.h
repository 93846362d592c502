/*
 * outbox.h - mail waiting to be delivered, SPOOL/outbox/NAME.eml.
 *
 * Each file holds the SMTP envelope on its first two lines, then the
 * message exactly as it will be sent (CRLF line ends):
 *
 *   Envelope-From: <epamserv@example.org>     (<> for error replies)
 *   Envelope-To: <alice@example.org>
 *   From: ...
 *
 * Mail enters the outbox inside the same struct txn as the game update
 * that caused it, so a reply exists exactly when its effect does.
 * outbox_deliver() then sends each file over one SMTP session and removes
 * it once the server has accepted it; a file is locked while it is being
 * sent, so concurrent runs never send it twice at once.
 */
#ifndef EPAM_OUTBOX_H
#define EPAM_OUTBOX_H

#include <stdio.h>

struct txn;

/* Queue one message in t as outbox/NAME.eml.  name is built by us from
 * [A-Za-z0-9._-] only.  envelope_from "" means the null sender. */
void outbox_put(struct txn *t, const char *name, const char *envelope_from,
                const char *rcpt, const char *message);

struct outbox_stats {
	int sent, deferred, failed;
};

/* Deliver every queued mail in name order over one session to smtp_url.
 * A temporary failure leaves the mail queued; a permanent one (5xx) moves
 * it to SPOOL/failed/ and logs the server's reply on stderr.  After a
 * connection failure the run stops trying.  Returns 0, or -1 when the
 * outbox cannot be read. */
int outbox_deliver(const char *spool, const char *smtp_url,
                   struct outbox_stats *st);

/* Print the queued mails (envelope and message, LF line ends) to out,
 * each preceded by a "==> outbox/NAME.eml" line; with names_only, just the
 * names.  Returns the number of mails, or -1 when unreadable. */
int outbox_print(const char *spool, FILE *out, int names_only);

#endif
