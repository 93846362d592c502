/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tokenhash.c - salted SHA-256 of reply tokens, and the crypt(3) hashes
 * of older game files (see tokenhash.h).
 *
 * Hashing a token with 1,000 rounds of sha256-crypt, as before, cost
 * about a tenth of the CPU of a move mail (two tokens minted per board
 * saved).  One SHA-256 is enough because the token has the entropy: the
 * salt only keeps one precomputed table from serving every game file.
 */
#include "services/tokenhash.h"
#include "util/buf.h"

#include <crypt.h>
#include <nettle/memops.h>
#include <nettle/sha2.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#define SALT_BYTES 16
#define PREFIX "sha256$"
#define PREFIX_LEN (sizeof PREFIX - 1)

static void hex(const uint8_t *in, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	out[2 * n] = '\0';
}

/* "sha256$SALT$DIGEST" of token with salt (salt_len bytes of text) into
 * out (TOKEN_HASH_MAX + 1 bytes); salt_len at most 2 * SALT_BYTES. */
static void sha256_form(const char *salt, size_t salt_len, const char *token,
                        char *out)
{
	struct sha256_ctx ctx;
	uint8_t d[SHA256_DIGEST_SIZE];

	sha256_init(&ctx);
	sha256_update(&ctx, salt_len, (const uint8_t *)salt);
	sha256_update(&ctx, strlen(token), (const uint8_t *)token);
	sha256_digest(&ctx, sizeof d, d);
	memcpy(out, PREFIX, PREFIX_LEN);
	memcpy(out + PREFIX_LEN, salt, salt_len);
	out[PREFIX_LEN + salt_len] = '$';
	hex(d, sizeof d, out + PREFIX_LEN + salt_len + 1);
}

char *token_hash_new(const char *token)
{
	uint8_t r[SALT_BYTES];
	char salt[2 * SALT_BYTES + 1], out[TOKEN_HASH_MAX + 1];

	if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
		return NULL;
	hex(r, sizeof r, salt);
	sha256_form(salt, 2 * SALT_BYTES, token, out);
	return xstrdup(out);
}

/* Constant-time equality of two strings of the same length; 0 when the
 * lengths differ (lengths are not secret: every hash of a form has one). */
static int same(const char *a, const char *b)
{
	size_t n = strlen(a);

	return n == strlen(b) && memeql_sec(a, b, n);
}

/* A crypt(3) hash, as game files held before the SHA-256 form. */
static int crypt_matches(const char *stored, const char *token)
{
	struct crypt_data cd;
	const char *h;

	memset(&cd, 0, sizeof cd);
	h = crypt_rn(token, stored, &cd, sizeof cd);
	return h && h[0] != '*' && same(h, stored);
}

int token_hash_matches(const char *stored, const char *token)
{
	char out[TOKEN_HASH_MAX + 1];
	const char *salt, *end;

	if (stored[0] == '$')
		return crypt_matches(stored, token);
	if (strncmp(stored, PREFIX, PREFIX_LEN) != 0)
		return 0;
	salt = stored + PREFIX_LEN;
	end = strchr(salt, '$');
	if (end == NULL || end == salt || end - salt > 2 * SALT_BYTES)
		return 0;
	sha256_form(salt, (size_t)(end - salt), token, out);
	return same(out, stored);
}
