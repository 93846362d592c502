/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * acctoken.h - the account tokens (services/acctoken.h, included) of the
 * mail in hand: the subject of a reply to its sender, and the player a
 * token in its subject proves.
 */
#ifndef EPAM_COMMANDS_ACCTOKEN_H
#define EPAM_COMMANDS_ACCTOKEN_H

#include <stddef.h>

#include "commands/cmd.h"
#include "services/acctoken.h"

/* acctoken_subject for a mail to c->sender: the token of the player the
 * mail proved (c->s.actor) or else of the player whose confirmed
 * address From is (c->sender_player), when c->sender is a confirmed
 * address of that player.  Within a "multiple" mail (c->collect) the
 * subject is not used: subject alone. */
void acctoken_sender_subject(struct cmdctx *c, const char *subject,
                             char *buf, size_t len);

/* The player whose account token the mail in carries (in->token with
 * the userid in->token_user, a subject that names no board): 1 with
 * userid (32 bytes) filled in and the sender proved (auth_proved), 0
 * when it is no one's, -1 on I/O trouble (logged). */
struct intake;
int acctoken_owner(struct cmdctx *c, const struct intake *in, char *userid);

/* acctoken_owner for a message token: in->token must be in->token_user's
 * pair token for peer (acctoken_pair_is); peer NULL is acctoken_owner. */
int acctoken_pair_owner(struct cmdctx *c, const struct intake *in,
                        const char *peer, char *userid);

#endif
