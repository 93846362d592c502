/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * receipt.h - the short receipt a player gets for a message or chat
 * mail he sent (issue 30 item 6): whom his words reached.
 *
 * A receipt goes to the address the mail proved (c->sender, an address
 * of the player on file after auth_proved), never to a From a stranger
 * wrote; it names the recipients' userids, never their addresses, and
 * never quotes the words sent.  "set USERID PASSWORD receipts off"
 * ("receipts: off" in the user file, users.h) stops them.  The receipt
 * carries the player's account token, as every mail to his address on
 * file does (acctoken.h).
 */
#ifndef EPAM_SERVICES_RECEIPT_H
#define EPAM_SERVICES_RECEIPT_H

#include "services/svc.h"

struct txn;

/* Queue in t, for the event s serves, to the address to (the one the
 * mail proved), the receipt of userid's message or chat: subject (e.g.
 * "epamserv: your message was passed on") and what, one whole sentence
 * saying whom it reached.  Nothing when userid has receipts off, cannot
 * be loaded (logged) or has no confirmed address that to is (or to is
 * NULL).  CMD_DONE, or CMD_TEMPFAIL when the template cannot be had. */
enum cmd_status receipt_queue_to(struct svc *s, struct txn *t,
                                 const char *to, const char *userid,
                                 const char *subject, const char *what);

#endif
