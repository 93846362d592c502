/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * acctoken_owner.c - the player an account token in the subject of the
 * mail in hand proves (acctoken_owner.h).  From commands/acctoken.c
 * (issue 31): only the pipeline reads a token of the mail's.
 */
#include "pipeline/acctoken_owner.h"
#include "commands/auth.h"
#include "pipeline/intake.h"
#include "services/acctoken.h"
#include "spool/users.h"
#include "util/log.h"

#include <stdio.h>
#include <stdlib.h>

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
