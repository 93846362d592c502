/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * signoff.h - a challenge naming a player who has signed off, called
 * off (signoff.c, issue 29): by the signoff command right after the
 * account is closed (commands/accounts/signoff.c) and by the sweep for
 * what that left behind.
 */
#ifndef EPAM_SERVICES_SIGNOFF_H
#define EPAM_SERVICES_SIGNOFF_H

#include "game/game.h"
#include "services/board.h"
#include "services/svc.h"
#include "util/conf.h"

/* Call off b (open: board_lock or board_lock_load), a challenge naming userid, who
 * has signed off: declined when userid had not agreed, withdrawn when
 * they had; saved with the board mail "USERID has signed off, so the
 * challenge on board N is cancelled" (board_save; s->comment is not
 * relayed).  CMD_DONE, CMD_REFUSED when b is no such challenge (nothing
 * changed), or CMD_TEMPFAIL. */
enum cmd_status signoff_call_off(struct svc *s, struct board_ctx *b,
                                 const char *userid);

/* The player of g (g->white or g->black) whose account is closed
 * ("left", users.h), or NULL (none, or a user file that cannot be
 * read).  For the sweep: a challenge naming one is called off. */
const char *signoff_left_player(const struct config *cfg,
                                const struct game *g);

#endif
