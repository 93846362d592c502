/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * receipt.c - receipt_queue, the commands' wrapper of receipt_queue_to
 * (services/receipt.c): the receipt to the mail's sender.
 */
#include "commands/accounts/receipt.h"

enum cmd_status receipt_queue(struct cmdctx *c, struct txn *t,
                              const char *userid, const char *subject,
                              const char *what)
{
	return receipt_queue_to(&c->s, t, c->sender, userid, subject, what);
}
