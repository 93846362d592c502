/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * acctoken.c - account tokens (see acctoken.h): made and checked with
 * the spool's secret at s->now, no mail context (issue 31; who a mail's
 * token proves is pipeline/acctoken_owner.c).
 */
#include "services/acctoken.h"
#include "services/tokens.h"
#include "spool/secret.h"
#include "util/util.h"

#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <stdio.h>
#include <string.h>

/* The token of u with its epoch in period into out: u's account token,
 * or with peer (not NULL) u's message token for replies to peer
 * (acctoken_pair_of).  0, or -1. */
static int acctoken_derive(const struct svc *s, const struct user *u,
                           const char *peer, long long period, char *out)
{
	static const char label[] = "epamserv account token v1";
	static const char pair_label[] = "epamserv message token v1";
	unsigned char key[SECRET_SIZE];
	uint8_t d[SHA256_DIGEST_SIZE];
	struct hmac_sha256_ctx h;
	char nums[64];
	int n;

	if (secret_key(s->cfg->spool, 1, key) != 0)
		return -1;
	n = snprintf(nums, sizeof nums, "%lu%c%lld", u->token_epoch, 0, period);
	if (n < 0 || n >= (int)sizeof nums)
		return -1;
	hmac_sha256_set_key(&h, sizeof key, key);
	if (peer)
		hmac_sha256_update(&h, sizeof pair_label,
		                   (const uint8_t *)pair_label);
	else
		hmac_sha256_update(&h, sizeof label, (const uint8_t *)label);
	hmac_sha256_update(&h, strlen(u->userid) + 1, (const uint8_t *)u->userid);
	if (peer)
		hmac_sha256_update(&h, strlen(peer) + 1, (const uint8_t *)peer);
	hmac_sha256_update(&h, (size_t)n, (const uint8_t *)nums);
	hmac_sha256_digest(&h, sizeof d, d);
	tokens_base32(d, out);
	explicit_bzero(key, sizeof key);
	explicit_bzero(&h, sizeof h);
	explicit_bzero(d, sizeof d);
	return 0;
}

/* Whether u may have an account token at all. */
static int acctoken_holder(const struct user *u)
{
	return user_confirmed(u) && !u->left;
}

int acctoken_of(const struct svc *s, const struct user *u, char *out)
{
	out[0] = '\0';
	if (!acctoken_holder(u))
		return 1;
	if (acctoken_derive(s, u, NULL, (long long)s->now / ACCTOKEN_PERIOD, out) < 0) {
		out[0] = '\0';
		return -1;
	}
	return 0;
}

/* acctoken_is, or with peer acctoken_pair_is. */
static int token_is(const struct svc *s, const struct user *u,
                    const char *peer, const char *token)
{
	char mine[REPLY_TOKEN_LEN + 1];
	long long period = (long long)s->now / ACCTOKEN_PERIOD;
	int k, yes = 0;

	if (!acctoken_holder(u) || strlen(token) != REPLY_TOKEN_LEN)
		return 0;
	for (k = 0; k < 2; k++) {
		if (acctoken_derive(s, u, peer, period - k, mine) < 0)
			return -1;
		yes |= memeql_sec(mine, token, REPLY_TOKEN_LEN);
	}
	explicit_bzero(mine, sizeof mine);
	return yes ? 1 : 0;
}

int acctoken_is(const struct svc *s, const struct user *u,
                const char *token)
{
	return token_is(s, u, NULL, token);
}

int acctoken_pair_of(const struct svc *s, const struct user *u,
                     const char *peer, char *out)
{
	out[0] = '\0';
	if (!acctoken_holder(u))
		return 1;
	if (acctoken_derive(s, u, peer, (long long)s->now / ACCTOKEN_PERIOD,
	                    out) < 0) {
		out[0] = '\0';
		return -1;
	}
	return 0;
}

int acctoken_pair_is(const struct svc *s, const struct user *u,
                     const char *peer, const char *token)
{
	return token_is(s, u, peer, token);
}

void acctoken_subject(const struct svc *s, const struct user *u,
                      const char *addr, const char *subject, char *buf,
                      size_t len)
{
	char token[REPLY_TOKEN_LEN + 1];
	int n;

	snprintf(buf, len, "%s", subject);
	if (!addr || user_find_address(u, addr) < 0 ||
	    acctoken_of(s, u, token) != 0)
		return;
	n = snprintf(buf, len, "%s - %s [#%s]", subject, u->userid, token);
	if (n < 0 || (size_t)n >= len)
		snprintf(buf, len, "%s", subject);
	explicit_bzero(token, sizeof token);
}
