/*
 * message.h - a reply to a relayed message (issue 30 item 6; the
 * design is in message.c's opening comment).
 */
#ifndef EPAM_MESSAGE_H
#define EPAM_MESSAGE_H

#include "commands/cmd.h"

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

/* Relay the words of the reply (its first line and the comment after
 * it) to SENDER as a message of USERID, with USERID's receipt, in one
 * transaction.  Refused when the token does not prove USERID for
 * SENDER, the reply has no words, SENDER is no confirmed player, or
 * USERID's relay_limit of the day is spent.  CMD_DONE, CMD_REFUSED or
 * CMD_TEMPFAIL. */
enum cmd_status message_reply(struct cmdctx *c, const struct intake *in);

#endif
