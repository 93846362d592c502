/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * receipt.h - receipt_queue, the commands' wrapper of receipt_queue_to:
 * the receipt to the address the mail proved.  What a receipt is, and
 * receipt_queue_to, are services/receipt.h (included).
 */
#ifndef EPAM_RECEIPT_H
#define EPAM_RECEIPT_H

#include "commands/cmd.h"
#include "services/receipt.h"

/* receipt_queue_to for a command: to the mail's sender (c->sender). */
enum cmd_status receipt_queue(struct cmdctx *c, struct txn *t,
                              const char *userid, const char *subject,
                              const char *what);

#endif
