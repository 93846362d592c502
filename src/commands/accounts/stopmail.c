/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * stopmail.c - the stopmail command (issue 33 item 9): "stopmail
 * ADDRESS [#TOKEN]", the subject of the List-Unsubscribe link of every
 * mail to a player's address (services/stopmail.h), stops all mail to
 * ADDRESS.
 *
 * The token proves the link came in a mail to ADDRESS, whoever sends it
 * (a mail client sends it from the address it read the mail at, which
 * may be another after a forward), so a stranger cannot stop a player's
 * mail.  The player's games are kept and their clocks run, as for a
 * player who does not answer (a one-click link must not lose games;
 * signoff settles them).  The address stopped (not the sender, who may
 * be someone the owner forwarded a mail to) gets one short
 * confirmation, queued before the stop is committed; a second stopmail finds the mail already
 * stopped and gets no answer at all.  Any mail from the address that
 * proves its player (stopmail_resume, pipeline/process.c) lets mail go
 * there again.
 */
#include "commands/cmd.h"
#include "commands/table.h"
#include "mail/mail.h"
#include "services/outmail.h"
#include "services/stopmail.h"
#include "services/tokens.h"
#include "spool/addrindex.h"
#include "spool/lock.h"
#include "spool/txn.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum cmd_status cmd_stopmail(struct cmdctx *c, const char *game,
                             const char *verb, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "stopmail", CMDT_ACCOUNT, NULL);
	const char *token = c->subject_token;
	struct lock l = LOCK_INIT;
	char subject[256], *text;
	enum cmd_status st;
	struct txn *t;
	int rc;

	(void)game;
	(void)verb;
	if (!token && argc >= 2) {
		/* typed by hand: stopmail ADDRESS TOKEN (or [#TOKEN]) */
		token = argv[1];
		if (strncmp(token, "[#", 2) == 0) {
			token += 2;
			argv[1][strcspn(argv[1], "]")] = '\0';
		}
	}
	if (argc < 1 || !mail_addr_ok(argv[0]) || !token)
		return cmd_refuse(c, usage, "%s", _("use the link to stop mail "
		                  "of a mail of ours (your mail program's "
		                  "\"unsubscribe\"): its subject carries the "
		                  "address and its token"));
	rc = stopmail_token_is(&c->s, argv[0], token);
	if (rc < 0)
		return CMD_TEMPFAIL;
	if (rc == 0)
		return cmd_refuse(c, usage, _("this link to stop mail to %s is "
		                  "not valid: use the one of a mail of ours to "
		                  "that address"), argv[0]);
	if ((st = svc_lock(&c->s, "users", &l)) != CMD_DONE)
		return st;
	t = svc_txn(&c->s, "users");
	if ((rc = stopmail_stopped(&c->s, argv[0])) != 0) {
		/* Stopped already: no second confirmation, no answer. */
		lock_release(&l);
		if (rc < 0) {
			txn_abort(t);
			return CMD_TEMPFAIL;
		}
		st = svc_commit(&c->s, t);
		return st;
	}
	/* TRANSLATORS: the subject of the confirmation that mail to an
	 * address is stopped. */
	snprintf(subject, sizeof subject, "%s", _("epamserv: mail stopped"));
	/* TRANSLATORS: %1$s is the address whose mail is stopped.  Keep
	 * the command words as they are: what a player types. */
	if (asprintf(&text, _("No more mail from epamserv goes to %1$s, from "
	             "now on: this is the last one.\n\nYour games go on, and "
	             "their clocks run: a move you do not make loses on time "
	             "as it would if you did not answer.  To close your "
	             "account instead, send signoff USERID PASSWORD.\n\nTo "
	             "get mail again, send any command with your password "
	             "from %1$s, or reply to one of our mails with its "
	             "token.\n"), argv[0]) < 0) {
		txn_abort(t);
		lock_release(&l);
		return CMD_TEMPFAIL;
	}
	/* Queued before the stop is committed (outmail.c reads the
	 * address's entry as it is): the confirmation still goes. */
	c->exempt_stranger = 1;   /* its words are ours and the address */
	/* To the address stopped, whoever sent the link: its owner learns
	 * of a stop sent by someone he forwarded a mail to. */
	reply_queue(&c->s, t, argv[0], subject, text, NULL, 0, NULL);
	c->exempt_stranger = 0;
	free(text);
	if (addr_stop_put(t, c->s.cfg->spool, argv[0], c->s.now))
		log_msg(LOG_NOTICE, "mail to %s stopped by its owner "
		        "(stopmail)\n", argv[0]);
	st = svc_commit(&c->s, t);
	lock_release(&l);
	return st;
}
