/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * notice.c - notice_once, the commands' wrapper of notice_send
 * (services/notice.c): a notice for the mail in hand.
 */
#include "commands/cmd.h"

enum cmd_status notice_once(struct cmdctx *c, const char *userid,
                            const char *addr, const char *key_text,
                            const char *headline, const char *details)
{
	return notice_send(&c->s, userid, addr, key_text, headline, details);
}
