/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * msgreply.c - a reply to a relayed message read from the mail in hand
 * (msgreply.h; the design is in commands/accounts/message.c's opening
 * comment, the relay itself is message_reply there).  From
 * commands/accounts/message.c (issue 31): the pipeline reads the mail,
 * the command relays what it read.
 */
#include "pipeline/msgreply.h"
#include "pipeline/acctoken_owner.h"
#include "commands/accounts/message.h"
#include "pipeline/intake.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

int message_reply_is(const struct cmdctx *c, const struct intake *in,
                     char *sender)
{
	const char *s, *p;
	size_t n;

	sender[0] = '\0';
	if (!c->mail || !c->mail->subject || !in->token[0] ||
	    in->token_board >= 0 || !in->token_user[0])
		return 0;
	s = reply_strip_prefixes(c->mail->subject);
	if (strncasecmp(s, MESSAGE_SUBJECT, strlen(MESSAGE_SUBJECT)) != 0)
		return 0;
	p = s + strlen(MESSAGE_SUBJECT);
	n = strcspn(p, " \t");
	if (n == 0 || n >= 32 || strncmp(p + n, " - ", 3) != 0)
		return 0;
	memcpy(sender, p, n);
	sender[n] = '\0';
	util_lower(sender);
	if (!util_userid_ok(sender) || strcmp(sender, in->token_user) == 0) {
		sender[0] = '\0';
		return 0;
	}
	return 1;
}

int message_reply_owner(struct cmdctx *c, const struct intake *in,
                        char *userid)
{
	char sender[32];

	userid[0] = '\0';
	if (!message_reply_is(c, in, sender))
		return 0;
	return acctoken_pair_owner(c, in, sender, userid);
}

/* The words of the reply: its first line (the command words of in,
 * one blank between them) and the comment after it; the token of the
 * subject masked, as intake.c masks it in a comment.  Malloc'ed. */
static char *reply_words(const struct intake *in)
{
	struct buf b = BUF_INIT;
	char *s, *p;
	int i;

	for (i = 0; i < in->argc; i++)
		buf_printf(&b, "%s%s", i ? " " : "", in->argv[i]);
	if (in->comment && *in->comment)
		buf_printf(&b, "%s%s", b.len ? "\n" : "", in->comment);
	s = buf_take(&b);
	while (in->token[0] && (p = strstr(s, in->token)) != NULL)
		memset(p, 'x', strlen(in->token));
	return s;
}


enum cmd_status msgreply_run(struct cmdctx *c, const struct intake *in)
{
	struct message_answer a = { .proved = 0 };
	enum cmd_status st;
	char *text;

	if (message_reply_is(c, in, a.sender))
		a.proved = message_reply_owner(c, in, a.userid);
	text = reply_words(in);
	a.text = text;
	st = message_reply(c, &a);
	free(text);
	return st;
}
