/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * acctoken.c - the account tokens of the mail in hand (see acctoken.h;
 * the tokens themselves are services/acctoken.c).
 */
#include "commands/mail/acctoken.h"
#include "commands/mail/intake.h"
#include "spool/users.h"
#include "util/log.h"

#include <stdio.h>
#include <stdlib.h>

void acctoken_sender_subject(struct cmdctx *c, const char *subject,
                             char *buf, size_t len)
{
	const char *who = c->s.actor[0] ? c->s.actor : c->sender_player;
	struct user u;
	char *err = NULL;

	snprintf(buf, len, "%s", subject);
	if (c->collect || !who[0] || !c->sender)
		return;
	if (user_load(c->s.cfg->spool, who, &u, &err) != 0) {
		free(err);
		return;
	}
	acctoken_subject(&c->s, &u, c->sender, subject, buf, len);
	user_free(&u);
}

int acctoken_pair_owner(struct cmdctx *c, const struct intake *in,
                        const char *peer, char *userid)
{
	struct user u;
	char *err = NULL;
	int rc;

	userid[0] = '\0';
	if (!in->token[0] || in->token_board >= 0 || !in->token_user[0])
		return 0;
	rc = user_load(c->s.cfg->spool, in->token_user, &u, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	if (rc > 0)
		return 0;
	rc = peer ? acctoken_pair_is(&c->s, &u, peer, in->token)
	          : acctoken_is(&c->s, &u, in->token);
	if (rc == 1) {
		auth_proved(c, &u);
		snprintf(userid, 32, "%s", u.userid);
	}
	user_free(&u);
	return rc;
}

int acctoken_owner(struct cmdctx *c, const struct intake *in, char *userid)
{
	return acctoken_pair_owner(c, in, NULL, userid);
}
