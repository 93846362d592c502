/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pwcache.c - a small ring of password checks crypt(3) accepted in this
 * process (see pwcache.h).
 *
 * A linear scan of 64 entries is nothing next to one crypt(3) call, so
 * there is no index; the ring's next slot is always the oldest entry.
 */
#include "spool/pwcache.h"

#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#define HASH_MAX 512

struct pwentry {
	char *userid;     /* malloc'ed; NULL: the slot is free */
	char *hash;       /* malloc'ed copy of the stored crypt(3) hash */
	uint8_t mac[SHA256_DIGEST_SIZE];
};

static struct pwentry ring[PWCACHE_SIZE];
static size_t oldest;
static uint8_t key[32];
static int keyed;         /* 1: key drawn, -1: getrandom failed */

/* 0 when the key is there, drawing it on first use; -1 without one. */
static int pw_key(void)
{
	if (keyed == 0)
		keyed = getrandom(key, sizeof key, 0) == (ssize_t)sizeof key ? 1 : -1;
	return keyed > 0 ? 0 : -1;
}

/* HMAC-SHA256 under key of userid, hash and password, each with its NUL
 * so that no two triples run together alike. */
static void pw_mac(const char *userid, const char *hash, const char *password,
                   uint8_t mac[SHA256_DIGEST_SIZE])
{
	struct hmac_sha256_ctx ctx;

	hmac_sha256_set_key(&ctx, sizeof key, key);
	hmac_sha256_update(&ctx, strlen(userid) + 1, (const uint8_t *)userid);
	hmac_sha256_update(&ctx, strlen(hash) + 1, (const uint8_t *)hash);
	hmac_sha256_update(&ctx, strlen(password) + 1, (const uint8_t *)password);
	hmac_sha256_digest(&ctx, SHA256_DIGEST_SIZE, mac);
	explicit_bzero(&ctx, sizeof ctx);
}

static struct pwentry *pw_find(const char *userid, const char *hash)
{
	size_t i;

	for (i = 0; i < PWCACHE_SIZE; i++)
		if (ring[i].userid && strcmp(ring[i].userid, userid) == 0 &&
		    strcmp(ring[i].hash, hash) == 0)
			return &ring[i];
	return NULL;
}

static void pw_wipe(struct pwentry *e)
{
	if (e->userid) {
		explicit_bzero(e->userid, strlen(e->userid));
		explicit_bzero(e->hash, strlen(e->hash));
	}
	free(e->userid);
	free(e->hash);
	explicit_bzero(e, sizeof *e);
}

int pwcache_hit(const char *userid, const char *hash, const char *password)
{
	uint8_t mac[SHA256_DIGEST_SIZE];
	struct pwentry *e;
	int hit;

	if (keyed <= 0 || (e = pw_find(userid, hash)) == NULL)
		return 0;
	pw_mac(userid, hash, password, mac);
	hit = memeql_sec(mac, e->mac, sizeof mac);
	explicit_bzero(mac, sizeof mac);
	return hit;
}

void pwcache_add(const char *userid, const char *hash, const char *password)
{
	struct pwentry *e;

	if (strlen(hash) > HASH_MAX || pw_key() < 0)
		return;
	if ((e = pw_find(userid, hash)) == NULL) {
		e = &ring[oldest];
		oldest = (oldest + 1) % PWCACHE_SIZE;
		pw_wipe(e);
		e->userid = strdup(userid);
		e->hash = strdup(hash);
		if (e->userid == NULL || e->hash == NULL) {
			free(e->userid);
			free(e->hash);
			e->userid = e->hash = NULL;
			return;
		}
	}
	pw_mac(userid, hash, password, e->mac);
}

void pwcache_clear(void)
{
	size_t i;

	for (i = 0; i < PWCACHE_SIZE; i++)
		pw_wipe(&ring[i]);
	oldest = 0;
}
