/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tokens.c - the reply tokens the services put in the mails they queue
 * (services/tokens.h): derived from the spool secret, the game, the
 * player and the position, so that nothing is stored per mail.  Reading
 * a token that comes back in a reply is the pipeline's
 * (pipeline/tokens.c, whose head explains the tokens' size and life).
 */
#include "services/tokens.h"
#include "spool/secret.h"

#include <nettle/hmac.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

int tokens_random(char *out, int len)
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
	unsigned char r[64];
	int i;

	if (len < 1 || len > (int)sizeof r ||
	    getrandom(r, (size_t)len, 0) != (ssize_t)len)
		return -1;
	for (i = 0; i < len; i++)
		out[i] = alphabet[r[i] & 31];
	out[len] = '\0';
	explicit_bzero(r, sizeof r);
	return 0;
}

void tokens_base32(const unsigned char d[32], char *out)
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
	int i;

	/* 16 groups of 5 bits: the first 10 bytes. */
	for (i = 0; i < REPLY_TOKEN_LEN; i++) {
		int bit = i * 5, v = (d[bit / 8] << 8 | d[bit / 8 + 1]) >>
		                     (11 - bit % 8);
		out[i] = alphabet[v & 31];
	}
	out[REPLY_TOKEN_LEN] = '\0';
}

/* The derived token of userid with epoch on g at its current ply into
 * out (REPLY_TOKEN_LEN + 1 bytes).  0, or -1 when the secret cannot be had
 * (logged by secret_key). */
static int token_derive(const char *spool, const struct game *g,
                        const char *userid, unsigned long epoch, char *out)
{
	static const char label[] = "epamserv reply token v1";
	unsigned char key[SECRET_SIZE];
	uint8_t d[SHA256_DIGEST_SIZE];
	struct hmac_sha256_ctx h;
	char nums[64];
	int n;

	if (secret_key(spool, 1, key) != 0)
		return -1;
	n = snprintf(nums, sizeof nums, "%ld%c%lu%c%zu", g->board, 0, epoch, 0,
	             g->nmoves);
	if (n < 0 || n >= (int)sizeof nums)
		return -1;
	hmac_sha256_set_key(&h, sizeof key, key);
	hmac_sha256_update(&h, sizeof label, (const uint8_t *)label);
	hmac_sha256_update(&h, strlen(g->game) + 1, (const uint8_t *)g->game);
	hmac_sha256_update(&h, strlen(userid) + 1, (const uint8_t *)userid);
	hmac_sha256_update(&h, (size_t)n, (const uint8_t *)nums);
	hmac_sha256_digest(&h, sizeof d, d);
	tokens_base32(d, out);
	explicit_bzero(key, sizeof key);
	explicit_bzero(&h, sizeof h);
	return 0;
}

int tokens_of(const struct svc *s, const struct game *g,
              const struct user *u, char *out)
{
	out[0] = '\0';
	if (g->state != GAME_ACTIVE && g->state != GAME_CHALLENGED)
		return 1;
	if (!user_confirmed(u) || (strcmp(u->userid, g->white) != 0 &&
	                           strcmp(u->userid, g->black) != 0))
		return 1;
	if (token_derive(s->cfg->spool, g, u->userid, u->token_epoch, out) != 0) {
		out[0] = '\0';
		return -1;
	}
	return 0;
}

void tokens_drop_stored(struct game *g)
{
	g->token_hash[0][0] = g->token_hash[1][0] = '\0';
}
