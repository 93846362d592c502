/*
 * message.c - "message USERID PASSWORD TO-USERID...": the body of the
 * mail relayed to other players (template message.txt), as on pbmserv.
 *
 * The sender must sign the message with their password, so no one can
 * write in another player's name; the recipients' addresses are never
 * shown to the sender.  It goes to confirmed players only, at most
 * max_message_recipients of them, and what one player relays a day
 * (message and chat) is bounded by relay_limit: no open relay.  The relayed text is the comment of the mail
 * (intake.c: quotes and signature cut, the password masked).
 */
#include "util/log.h"
#include "cmd/cmd.h"
#include "cmd/table.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MESSAGE_MAX_RCPT 100  /* max_message_recipients' upper bound */

enum cmd_status cmd_message(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "message", CMDT_ACCOUNT, NULL);
	struct user u, to[MESSAGE_MAX_RCPT];
	struct tvars v = { 0 };
	struct txn *t;
	enum cmd_status st;
	char subject[128], *err = NULL, *text = NULL;
	int i, j, n = 0, rc;

	if (argc < 3)
		return cmd_refuse(c, usage, "message takes your userid, your "
		                  "password and at least one userid to write to");
	if (argc - 2 > c->cfg->max_message_recipients || argc - 2 > MESSAGE_MAX_RCPT)
		return cmd_refuse(c, usage, "a message goes to at most %d "
		                  "players", c->cfg->max_message_recipients);
	if (!c->comment || !*c->comment)
		return cmd_refuse(c, usage, "your mail has no message: write "
		                  "it in the body");
	util_lower(argv[0]);
	if ((st = cmd_auth(c, argv[0], argv[1], usage, &u)) != CMD_DONE)
		return st;
	for (i = 2; i < argc; i++) {
		util_lower(argv[i]);
		for (j = 2; j < i && strcmp(argv[j], argv[i]); j++)
			;
		if (j < i)
			continue;  /* named twice: one copy */
		rc = util_userid_ok(argv[i])
		     ? user_load(c->cfg->spool, argv[i], &to[n], &err) : 1;
		if (rc < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			st = CMD_TEMPFAIL;
			goto out;
		}
		if (rc == 0 && to[n].robot) {
			user_free(&to[n]);
			st = cmd_refuse(c, usage, "%s is a robot and reads no "
			                "mail; nothing was sent", argv[i]);
			goto out;
		}
		if (rc > 0 || !user_confirmed(&to[n])) {
			if (rc == 0)
				user_free(&to[n]);
			st = cmd_refuse(c, usage, "there is no player '%s' to "
			                "write to; nothing was sent", argv[i]);
			goto out;
		}
		n++;
	}
	if (!relay_take(c, u.userid, n)) {
		st = cmd_refuse(c, usage, "you (%s) have relayed as many "
		                "mails today as one player may (%d); nothing was sent",
		                u.userid, c->cfg->relay_limit);
		goto out;
	}
	tvars_set(&v, "sender", u.userid);
	tvars_set(&v, "message", c->comment);
	text = reply_template(c, "message.txt", &v);
	if (!text) {
		st = CMD_TEMPFAIL;
		goto out;
	}
	snprintf(subject, sizeof subject, "epamserv: a message from %s", u.userid);
	t = cmd_txn(c, c->msg_key);
	for (i = 0; i < n; i++)
		reply_queue(c, t, user_address(&to[i]), subject, text, NULL, 0, NULL);
	st = cmd_commit(c, t);
out:
	for (i = 0; i < n; i++)
		user_free(&to[i]);
	user_free(&u);
	free(text);
	tvars_free(&v);
	return st;
}
