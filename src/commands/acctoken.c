/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * acctoken.c - the account tokens of the mail in hand (see acctoken.h;
 * the tokens themselves are services/acctoken.c).
 */
#include "commands/acctoken.h"
#include "spool/users.h"

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
