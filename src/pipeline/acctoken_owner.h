/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * acctoken_owner.h - the player an account token (services/acctoken.h)
 * in the subject of the mail in hand proves: a reply to one of our mails
 * that names no board ("... - USERID [#TOKEN]", intake.h).
 */
#ifndef EPAM_PIPELINE_ACCTOKEN_OWNER_H
#define EPAM_PIPELINE_ACCTOKEN_OWNER_H

#include "commands/ctx.h"

struct intake;

/* The player whose account token the mail in carries (in->token with
 * the userid in->token_user, a subject that names no board): 1 with
 * userid (32 bytes) filled in and the sender proved (auth_proved), 0
 * when it is no one's, -1 on I/O trouble (logged). */
int acctoken_owner(struct cmdctx *c, const struct intake *in, char *userid);

/* acctoken_owner for a message token: in->token must be in->token_user's
 * pair token for peer (acctoken_pair_is); peer NULL is acctoken_owner. */
int acctoken_pair_owner(struct cmdctx *c, const struct intake *in,
                        const char *peer, char *userid);

#endif
