/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * message.c - "message USERID PASSWORD TO-USERID...": the body of the
 * mail relayed to other players (template message.txt), as on pbmserv;
 * and a reply to such a mail, relayed to its sender (issue 30).
 *
 * The sender must sign the message with their password, so no one can
 * write in another player's name; the recipients' addresses are never
 * shown to the sender.  It goes to confirmed players only, at most
 * max_message_recipients of them, and what one player relays a day
 * (message and chat) is bounded by relay_limit: no open relay.  The relayed text is the comment of the mail
 * (intake.c: quotes and signature cut, the password masked).
 *
 * Each relayed copy's subject names its sender and carries the
 * recipient's message token for that sender (acctoken.h):
 *
 *   Subject: epamserv: a message from bob - alice [#k3f7x2ab7q4mz5ne]
 *
 * A reply to it keeping the subject is alice's answer to bob: the token
 * proves alice for a reply to bob alone (a subject edited to name
 * someone else does not match it, and no other command takes it), so
 * the mail can only ever reach the player who wrote to her.  Its text
 * (the reply's words above the quote) goes to bob as a message, with
 * his own message token for alice, so the two can go on by reply.  The
 * sender of either gets a receipt (receipt.h) unless he turned them off.
 */
#include "util/log.h"
#include "commands/acctoken.h"
#include "commands/cmd.h"
#include "commands/accounts/message.h"
#include "commands/accounts/receipt.h"
#include "commands/table.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MESSAGE_MAX_RCPT 100  /* max_message_recipients' upper bound */

/* How to answer a relayed message, for the refusals of a reply (the
 * words of the message line are a command's: they stay). */
/* TRANSLATORS: keep USERID and PASSWORD as they are: what a player
 * types. */
#define MESSAGE_REPLY_USAGE N_("Reply to the message mail keeping its " \
	"subject, your answer above the quote;\nor send a mail with the " \
	"subject\n  message YOUR-USERID PASSWORD USERID\nand your answer " \
	"in the body.")

/* Queue in t the message text of from to each of to[0..n-1], each copy
 * with the recipient's message token for from, and from's receipt.
 * CMD_DONE or CMD_TEMPFAIL. */
/* The refusal of a message or a reply to one when userid has relayed
 * relay_limit mails today: CMD_REFUSED. */
static enum cmd_status relay_refused(struct cmdctx *c, const char *usage,
                                     const char *userid)
{
	/* TRANSLATORS: %1$s is the userid, %2$d the most mails a day. */
	return cmd_refuse(c, usage, ngettext("you (%1$s) have relayed as many "
	                  "mails today as one player may (%2$d); nothing was "
	                  "sent", "you (%1$s) have relayed as many mails today "
	                  "as one player may (%2$d); nothing was sent",
	                  c->s.cfg->relay_limit), userid,
	                  c->s.cfg->relay_limit);
}

static enum cmd_status message_send(struct cmdctx *c, struct txn *t,
                                    const struct user *from,
                                    const struct user *to, int n,
                                    const char *message)
{
	struct tvars v = { 0 };
	struct buf names = BUF_INIT, what = BUF_INIT;
	char subject[128], with[512], token[REPLY_TOKEN_LEN + 1], *text;
	enum cmd_status st;
	int i;

	tvars_set(&v, "sender", from->userid);
	tvars_set(&v, "message", message);
	snprintf(subject, sizeof subject, MESSAGE_SUBJECT "%s", from->userid);
	for (i = 0; i < n; i++) {
		const char *addr = user_address(&to[i]);
		/* Each copy in its reader's language (issue 32). */
		const char *was = i18n_use(to[i].language);
		int k;
		text = reply_template(&c->s, "message.txt", &v);
		i18n_use(was);
		if (!text) {
			tvars_free(&v);
			return CMD_TEMPFAIL;
		}
		snprintf(with, sizeof with, "%s", subject);
		if (acctoken_pair_of(&c->s, &to[i], from->userid, token) == 0) {
			k = snprintf(with, sizeof with, "%s - %s [#%s]", subject,
			             to[i].userid, token);
			if (k < 0 || (size_t)k >= sizeof with)
				snprintf(with, sizeof with, "%s", subject);
		}
		reply_queue(&c->s, t, addr, with, text, NULL, 0, NULL);
		free(text);
		buf_printf(&names, "%s%s", i ? ", " : "", to[i].userid);
	}
	tvars_free(&v);
	explicit_bzero(token, sizeof token);
	explicit_bzero(with, sizeof with);
	/* TRANSLATORS: %2$s is the list of userids, "bob, carol". */
	buf_printf(&what, ngettext("Your message was passed on to %1$d "
	           "player: %2$s.", "Your message was passed on to %1$d "
	           "players: %2$s.", n), n, buf_str(&names));
	st = receipt_queue(c, t, from->userid, _("epamserv: your message was "
	                   "passed on"), buf_str(&what));
	buf_free(&names);
	buf_free(&what);
	return st;
}

enum cmd_status cmd_message(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "message", CMDT_ACCOUNT, NULL);
	struct user u, to[MESSAGE_MAX_RCPT];
	struct txn *t;
	enum cmd_status st;
	char *err = NULL;
	int i, j, n = 0, rc;

	if (argc < 3)
		return cmd_refuse(c, usage, "%s", _("message takes your userid, "
		                  "your password and at least one userid to write "
		                  "to"));
	if (argc - 2 > c->s.cfg->max_message_recipients || argc - 2 > MESSAGE_MAX_RCPT)
		return cmd_refuse(c, usage, ngettext("a message goes to at most "
		                  "%d player", "a message goes to at most %d "
		                  "players", c->s.cfg->max_message_recipients),
		                  c->s.cfg->max_message_recipients);
	if (!c->s.comment || !*c->s.comment)
		return cmd_refuse(c, usage, "%s", _("your mail has no message: "
		                  "write it in the body"));
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
		     ? user_load(c->s.cfg->spool, argv[i], &to[n], &err) : 1;
		if (rc < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			st = CMD_TEMPFAIL;
			goto out;
		}
		if (rc == 0 && to[n].robot) {
			user_free(&to[n]);
			st = cmd_refuse(c, usage, _("%s is a robot and reads no "
			                "mail; nothing was sent"), argv[i]);
			goto out;
		}
		if (rc > 0 || !user_confirmed(&to[n])) {
			if (rc == 0)
				user_free(&to[n]);
			st = cmd_refuse(c, usage, _("there is no player '%s' to "
			                "write to; nothing was sent"), argv[i]);
			goto out;
		}
		n++;
	}
	if (!relay_take(&c->s, u.userid, n)) {
		st = relay_refused(c, usage, u.userid);
		goto out;
	}
	t = svc_txn(&c->s, c->s.msg_key);
	st = message_send(c, t, &u, to, n, c->s.comment);
	if (st == CMD_DONE)
		st = svc_commit(&c->s, t);
	else
		txn_abort(t);
out:
	for (i = 0; i < n; i++)
		user_free(&to[i]);
	user_free(&u);
	return st;
}

enum cmd_status message_reply(struct cmdctx *c,
                              const struct message_answer *a)
{
	struct user u, to;
	struct txn *t;
	const char *sender = a->sender, *userid = a->userid;
	char *err = NULL, *text = NULL;
	enum cmd_status st;
	int rc;

	if (!sender[0])
		return cmd_refuse(c, _(MESSAGE_REPLY_USAGE), "%s", _("your reply "
		                  "does not answer a message mail.  Nothing was "
		                  "sent"));
	rc = a->proved;
	if (rc < 0)
		return CMD_TEMPFAIL;
	if (rc == 0)
		/* TRANSLATORS: %s is the userid of the message's sender. */
		return cmd_refuse(c, _(MESSAGE_REPLY_USAGE), _("the token in your "
		                  "subject is not (or no longer) valid for an "
		                  "answer to %s: reply to the latest message mail, "
		                  "keeping its subject as it is.  Nothing was sent"),
		                  sender);
	text = xstrdup(a->text);
	if (!*text) {
		free(text);
		return cmd_refuse(c, _(MESSAGE_REPLY_USAGE), "%s", _("your reply "
		                  "has no answer in it: write it above the quote.  "
		                  "Nothing was sent"));
	}
	rc = user_load(c->s.cfg->spool, userid, &u, &err);
	if (rc != 0) {
		if (rc < 0)
			log_msg(LOG_ERR, "%s\n", err);
		free(err);
		free(text);
		return CMD_TEMPFAIL;
	}
	rc = user_load(c->s.cfg->spool, sender, &to, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		st = CMD_TEMPFAIL;
		goto out;
	}
	if (rc > 0 || !user_confirmed(&to) || to.robot) {
		if (rc == 0)
			user_free(&to);
		st = cmd_refuse(c, _(MESSAGE_REPLY_USAGE), _("%s is no longer a "
		                "player who can be written to; nothing was sent"),
		                sender);
		goto out;
	}
	if (!relay_take(&c->s, u.userid, 1)) {
		user_free(&to);
		st = relay_refused(c, _(MESSAGE_REPLY_USAGE), u.userid);
		goto out;
	}
	t = svc_txn(&c->s, c->s.msg_key);
	st = message_send(c, t, &u, &to, 1, text);
	if (st == CMD_DONE)
		st = svc_commit(&c->s, t);
	else
		txn_abort(t);
	user_free(&to);
out:
	user_free(&u);
	free(text);
	return st;
}
