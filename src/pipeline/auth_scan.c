/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * auth_scan.c - before a command runs, the account its words (or its
 * token) name, checked once (issue 11: trust; the password check itself
 * is commands/auth.c, which words are secret commands/auth_words.c).
 * process.c counts the mail against that account when the mail proved
 * it (a player's budget), else against the sender: forged mail in a
 * player's name never uses up the player's budget.
 */
#include "pipeline/auth_scan.h"
#include "commands/cmd.h"
#include "pipeline/msgreply.h"
#include "pipeline/intake.h"
#include "pipeline/tokenform.h"
#include "pipeline/tokens.h"
#include "spool/authfail.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>

int auth_preflight(struct cmdctx *c, const struct intake *in, char *userid)
{
	enum authfail_bucket b;
	struct auth_words w;
	struct user u;
	char id[32], *err = NULL;
	int rc, counted;

	userid[0] = '\0';
	if (in->token[0] && tokenform_is(in))
		return tokenform_owner(c, in, userid);
	/* Words in reply to a relayed message (msgreply.c); a command
	 * with a password in such a reply is checked as any other. */
	if ((in->argc == 0 || !cmd_known(in->argv[0])) &&
	    message_reply_is(c, in, id))
		return message_reply_owner(c, in, userid);
	if (in->token_board >= 0 && tokens_reply(in))
		return tokens_owner(c, in, userid);
	auth_words(in->argc, in->argv, &w);
	if (w.userid < 0 || w.password < 0)
		return 0;
	snprintf(id, sizeof id, "%s", in->argv[w.userid]);
	util_lower(id);
	if (!util_userid_ok(id))
		return 0;
	rc = user_load(c->s.cfg->spool, id, &u, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	if (rc > 0)
		return 0;
	/* A password command in a reply that carries the account's own
	 * token: the owner's bucket (auth_bucket). */
	if (in->token[0] && !u.left &&
	    (rc = tokenform_token_of(c, in, &u)) != 0) {
		if (rc < 0) {
			user_free(&u);
			return -1;
		}
		snprintf(c->token_userid, sizeof c->token_userid, "%s", u.userid);
	}
	b = auth_bucket(c, &u);
	if (!u.left && user_confirmed(&u) &&
	    authfail_blocked(c->s.cfg->spool, u.userid, b, c->s.now, &counted)) {
		/* Claimed, but not to be checked now: rate-limited apart,
		 * by bucket (process.c). */
		snprintf(userid, 32, "%s", u.userid);
		user_free(&u);
		return b == AUTHFAIL_OWNER ? 3 : 2;
	}
	rc = !u.left && auth_password(c, &u, in->argv[w.password], "") == 1 &&
	     user_confirmed(&u);
	if (rc) {
		auth_proved(c, &u);
		snprintf(userid, 32, "%s", u.userid);
	}
	user_free(&u);
	/* A refusal here is the command's to give when it runs. */
	buf_reset(&c->error);
	c->usage = NULL;
	return rc;
}
