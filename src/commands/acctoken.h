/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * acctoken.h - the account tokens (services/acctoken.h, included) of the
 * mail in hand: the subject of a reply to its sender.  The player a
 * token in its subject proves: pipeline/acctoken_owner.h.
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

#endif
