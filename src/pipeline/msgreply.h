/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * msgreply.h - a reply to a relayed message (issue 30 item 6): the
 * pipeline knows it by its subject and proves its writer by the message
 * token there; the command message_reply (commands/accounts/message.h)
 * relays it.
 */
#ifndef EPAM_PIPELINE_MSGREPLY_H
#define EPAM_PIPELINE_MSGREPLY_H

#include "commands/ctx.h"

struct intake;

/* Whether in (untrusted) answers a relayed message: a subject "Re:
 * epamserv: a message from SENDER - USERID [#TOKEN]" naming no board,
 * SENDER a userid other than USERID.  1 with sender (32 bytes) filled
 * in, lower-case; else 0 with sender "".  The token is not checked. */
int message_reply_is(const struct cmdctx *c, const struct intake *in,
                     char *sender);

/* The player such a reply proves: 1 with userid (32 bytes) filled in
 * and the sender proved (auth_proved) when the token is USERID's
 * message token for SENDER (acctoken_pair_is); 0 when it is not (or
 * in is no such reply); -1 on I/O trouble (logged). */
int message_reply_owner(struct cmdctx *c, const struct intake *in,
                        char *userid);

/* Run the reply in as message_reply: what it answers, whom its token
 * proves and its words (the command words of in and its comment, the
 * token masked) read into a struct message_answer.  message_reply's
 * status. */
enum cmd_status msgreply_run(struct cmdctx *c, const struct intake *in);

#endif
