/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * secret.c - SPOOL/secret and the Message-ID tags made with it (see
 * secret.h).
 *
 * The file is made once and never rewritten: the tags of every mail
 * already sent depend on it.  A damaged file is an error for the
 * operator, not something to repair by drawing a new key.
 */
#include "spool/secret.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

/* The key read in this process, and the spool it belongs to. */
static char *cached_spool;
static unsigned char cached_key[SECRET_SIZE];

/* Read exactly SECRET_SIZE bytes from the regular file path into key.
 * 0; 1 when it does not exist; -1 (errno; EINVAL for a wrong file). */
static int read_key(const char *path, unsigned char *key)
{
	struct stat st;
	size_t got = 0;
	ssize_t n;
	int fd = util_open_regular(path, O_RDONLY | O_NOFOLLOW, 0);

	if (fd < 0)
		return errno == ENOENT ? 1 : -1;
	if (fstat(fd, &st) < 0)
		goto fail;
	if (st.st_size != SECRET_SIZE) {
		errno = EINVAL;
		goto fail;
	}
	while (got < SECRET_SIZE) {
		n = read(fd, key + got, SECRET_SIZE - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EINVAL;
			goto fail;
		}
		got += (size_t)n;
	}
	close(fd);
	return 0;
fail:
	n = errno;
	close(fd);
	errno = (int)n;
	return -1;
}

static int write_all(int fd, const unsigned char *p, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Make SPOOL/secret: a new key in SPOOL/tmp/secret.PID, fsync'ed, linked
 * to its name (link fails when another process made it first: then the
 * file already there wins), the spool directory fsync'ed.  0 or -1. */
static int make_key(const char *spool, const char *path)
{
	unsigned char key[SECRET_SIZE];
	char tmp[4200];
	int fd = -1, saved;

	if (getrandom(key, sizeof key, 0) != (ssize_t)sizeof key) {
		errno = errno ? errno : EIO;
		return -1;
	}
	if (snprintf(tmp, sizeof tmp, "%s/tmp/secret.%ld", spool,
	             (long)getpid()) >= (int)sizeof tmp) {
		errno = ENAMETOOLONG;
		goto fail;
	}
	fd = util_open_regular(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW,
	                       0600);
	if (fd < 0 || write_all(fd, key, sizeof key) < 0 || fsync(fd) < 0)
		goto fail;
	if (close(fd) < 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (link(tmp, path) < 0 && errno != EEXIST)
		goto fail;
	unlink(tmp);
	explicit_bzero(key, sizeof key);
	if ((fd = open(spool, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 ||
	    fsync(fd) < 0)
		goto fail;
	close(fd);
	return 0;
fail:
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	explicit_bzero(key, sizeof key);
	errno = saved;
	return -1;
}

int secret_key(const char *spool, int create, unsigned char *key)
{
	char path[4200];
	int rc;

	if (cached_spool && strcmp(cached_spool, spool) == 0) {
		memcpy(key, cached_key, SECRET_SIZE);
		return 0;
	}
	if (snprintf(path, sizeof path, "%s/secret", spool) >= (int)sizeof path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	rc = read_key(path, key);
	if (rc == 1 && create) {
		if (make_key(spool, path) < 0) {
			int saved = errno;
			log_msg(LOG_ERR, "cannot make %s: %s", path,
			        strerror(saved));
			errno = saved;
			return -1;
		}
		rc = read_key(path, key);
	}
	if (rc == 1)
		return 1;
	if (rc < 0) {
		int saved = errno;
		log_msg(LOG_ERR, saved == EINVAL ? "cannot read %s: %s (it must "
		        "be a file of 32 bytes: restore it from a backup; removing "
		        "it changes our Message-IDs, and reports on mail sent "
		        "before no longer verify)" : "cannot read %s: %s", path,
		        strerror(saved));
		errno = saved;
		return -1;
	}
	free(cached_spool);
	cached_spool = strdup(spool);
	if (cached_spool)
		memcpy(cached_key, key, SECRET_SIZE);
	return 0;
}

/* The tag of base and rcpt under key, SECRET_TAG_LEN base32 characters
 * and a NUL, into tag.  rcpt is lower-cased (ASCII) as it is hashed. */
static void make_tag(const unsigned char *key, const char *base,
                     const char *rcpt, char *tag)
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
	struct hmac_sha256_ctx ctx;
	uint8_t mac[SHA256_DIGEST_SIZE];
	uint64_t bits = 0;
	int i;

	hmac_sha256_set_key(&ctx, SECRET_SIZE, key);
	hmac_sha256_update(&ctx, strlen(base) + 1, (const uint8_t *)base);
	for (; *rcpt; rcpt++) {
		uint8_t c = (uint8_t)*rcpt;
		if (c >= 'A' && c <= 'Z')
			c = (uint8_t)(c - 'A' + 'a');
		hmac_sha256_update(&ctx, 1, &c);
	}
	hmac_sha256_digest(&ctx, sizeof mac, mac);
	for (i = 0; i < 8; i++)
		bits = bits << 8 | mac[i];
	for (i = 0; i < SECRET_TAG_LEN; i++)
		tag[i] = alphabet[(bits >> (59 - 5 * i)) & 31];
	tag[SECRET_TAG_LEN] = '\0';
	explicit_bzero(&ctx, sizeof ctx);
}

int secret_message_id(const char *spool, const char *base, const char *rcpt,
                      const char *domain, char *buf, size_t len)
{
	unsigned char key[SECRET_SIZE];
	char tag[SECRET_TAG_LEN + 1];
	int n;

	if (secret_key(spool, 1, key) != 0)
		return -1;
	make_tag(key, base, rcpt, tag);
	explicit_bzero(key, sizeof key);
	n = snprintf(buf, len, "%s.%s@%s", base, tag, domain);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int secret_message_id_ok(const char *spool, const char *msgid,
                         const char *rcpt)
{
	unsigned char key[SECRET_SIZE];
	char base[256], want[SECRET_TAG_LEN + 1], got[SECRET_TAG_LEN + 1];
	const char *at = strrchr(msgid, '@'), *dot;
	size_t blen;
	int i, ok;

	if (!at || strlen(rcpt) > 320)
		return 0;
	for (dot = at; dot > msgid && dot[-1] != '.'; dot--)
		;
	if (dot == msgid || at - dot != SECRET_TAG_LEN)
		return 0;
	blen = (size_t)(dot - 1 - msgid);
	if (blen == 0 || blen >= sizeof base)
		return 0;
	memcpy(base, msgid, blen);
	base[blen] = '\0';
	for (i = 0; i < SECRET_TAG_LEN; i++) {
		char c = dot[i];
		got[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
	}
	got[SECRET_TAG_LEN] = '\0';
	if (secret_key(spool, 0, key) != 0)
		return 0;
	make_tag(key, base, rcpt, want);
	explicit_bzero(key, sizeof key);
	ok = memeql_sec(want, got, SECRET_TAG_LEN);
	return ok ? 1 : 0;
}
