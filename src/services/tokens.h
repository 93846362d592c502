/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tokens.h - the reply tokens the services put in the mails they queue
 * (the board mails, the digest, the notices).  The function lives in
 * pipeline/tokens.c until that file is split (issue 31).
 */
#ifndef EPAM_SERVICES_TOKENS_H
#define EPAM_SERVICES_TOKENS_H

#include "game/game.h"
#include "services/svc.h"
#include "spool/users.h"

/* Characters in a reply token (pipeline/tokens.c). */
#define REPLY_TOKEN_LEN 16

/* The reply token of u on g now (REPLY_TOKEN_LEN characters and a NUL
 * into out): derived from the spool secret, the game, board, userid,
 * u's token epoch and g's ply, so every mail at one position carries the
 * same one.  0 with the token; 1 with out "" when u has none (not a
 * confirmed player of g, or the game is over); -1 with out "" when the
 * secret cannot be had (logged). */
int tokens_of(const struct svc *s, const struct game *g,
              const struct user *u, char *out);

#endif
