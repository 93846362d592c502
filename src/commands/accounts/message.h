/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * message.h - a reply to a relayed message (issue 30 item 6; the
 * design is in message.c's opening comment).
 */
#ifndef EPAM_MESSAGE_H
#define EPAM_MESSAGE_H

#include "commands/cmd.h"

/* The subject of a relayed message, before its token: message_send
 * writes it, and a reply to it is known by it (pipeline/msgreply.c). */
#define MESSAGE_SUBJECT "epamserv: a message from "

/* What the pipeline read of a reply to a relayed message
 * (pipeline/msgreply.c: msgreply_run fills it from the mail in hand). */
struct message_answer {
	char sender[32];   /* SENDER of "Re: epamserv: a message from SENDER
	                      - USERID [#TOKEN]", lower-case; "" when the
	                      mail answers no message mail */
	int proved;        /* 1 when the token is USERID's message token
	                      for SENDER (the sender proved: auth_proved), 0
	                      when it is not, -1 on I/O trouble (logged) */
	char userid[32];   /* USERID when proved is 1, else "" */
	const char *text;  /* the reply's words: its first line and the
	                      comment after it, the token masked; "" when it
	                      has none; owned by the caller */
};

/* Relay the words of the reply (a->text) to SENDER as a message of
 * USERID, with USERID's receipt, in one transaction.  Refused when the
 * mail answers no message mail (a->sender ""), the token does not prove
 * USERID for SENDER (a->proved 0), the reply has no words, SENDER is no
 * confirmed player, or USERID's relay_limit of the day is spent.
 * CMD_DONE, CMD_REFUSED or CMD_TEMPFAIL (also when a->proved is -1). */
enum cmd_status message_reply(struct cmdctx *c,
                              const struct message_answer *a);

#endif
