/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tokens.h - the reply tokens the services put in the mails they queue
 * (the board mails, the digest, the notices), services/tokens.c.
 */
#ifndef EPAM_SERVICES_TOKENS_H
#define EPAM_SERVICES_TOKENS_H

#include "game/game.h"
#include "services/svc.h"
#include "spool/users.h"

/* Characters in a reply token (pipeline/tokens.c says why 80 bits). */
#define REPLY_TOKEN_LEN 16

/* The reply token of u on g now (REPLY_TOKEN_LEN characters and a NUL
 * into out): derived from the spool secret, the game, board, userid,
 * u's token epoch and g's ply, so every mail at one position carries the
 * same one.  0 with the token; 1 with out "" when u has none (not a
 * confirmed player of g, or the game is over); -1 with out "" when the
 * secret cannot be had (logged). */
int tokens_of(const struct svc *s, const struct game *g,
              const struct user *u, char *out);

/* The first 80 bits of the digest d as REPLY_TOKEN_LEN characters of
 * [a-z2-7] and a NUL into out: how a reply or account token is written
 * (services/tokens.c). */
void tokens_base32(const unsigned char d[32], char *out);

/* len random characters of [a-z2-7] (5 bits each, getrandom(2)) and a
 * NUL into out (len + 1 bytes, len at most 64).  0, or -1 without
 * randomness. */
int tokens_random(char *out, int len);

/* Forget the token hashes an older game file kept (g changes: only
 * derived tokens work from now on).  Call before the file is formatted. */
void tokens_drop_stored(struct game *g);

#endif
