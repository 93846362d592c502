/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * stopmail.c - the stop of all mail to an address (see stopmail.h):
 * its token, the List-Unsubscribe header, the stop read and lifted.
 */
#include "services/stopmail.h"
#include "services/tokens.h"
#include "mail/mail.h"
#include "spool/addrindex.h"
#include "spool/lock.h"
#include "spool/secret.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The stop token of addr, a confirmed address of u (addr_player_user
 * found him), into out: 1, or -1 without the secret.  His token epoch
 * goes in: "set ... token new" voids every stop link sent before. */
static int token_of(const struct svc *s, const char *addr,
                    const struct user *u, char *out)
{
	static const char label[] = "epamserv stop mail token v2";
	unsigned char key[SECRET_SIZE];
	uint8_t d[SHA256_DIGEST_SIZE];
	struct hmac_sha256_ctx h;
	char box[512], epoch[32];

	out[0] = '\0';
	snprintf(epoch, sizeof epoch, "%lu", u->token_epoch);
	if (secret_key(s->cfg->spool, 1, key) != 0)
		return -1;
	addr_mailbox(addr, box, sizeof box);
	hmac_sha256_set_key(&h, sizeof key, key);
	hmac_sha256_update(&h, sizeof label, (const uint8_t *)label);
	hmac_sha256_update(&h, strlen(u->userid) + 1,
	                   (const uint8_t *)u->userid);
	hmac_sha256_update(&h, strlen(epoch) + 1, (const uint8_t *)epoch);
	hmac_sha256_update(&h, strlen(box) + 1, (const uint8_t *)box);
	hmac_sha256_digest(&h, sizeof d, d);
	tokens_base32(d, out);
	explicit_bzero(key, sizeof key);
	explicit_bzero(&h, sizeof h);
	explicit_bzero(d, sizeof d);
	return 1;
}

int stopmail_token(const struct svc *s, const char *addr, char *out)
{
	struct user u;
	int rc;

	out[0] = '\0';
	if ((rc = addr_player_user(s->cfg->spool, addr, &u)) <= 0)
		return rc;
	rc = token_of(s, addr, &u, out);
	user_free(&u);
	return rc;
}

int stopmail_token_is(const struct svc *s, const char *addr,
                      const char *token)
{
	char mine[REPLY_TOKEN_LEN + 1];
	int yes, rc;

	if (strlen(token) != REPLY_TOKEN_LEN)
		return 0;
	if ((rc = stopmail_token(s, addr, mine)) <= 0)
		return rc;
	yes = memeql_sec(mine, token, REPLY_TOKEN_LEN);
	explicit_bzero(mine, sizeof mine);
	return yes ? 1 : 0;
}

/* s (NUL-terminated) percent-encoded into b (RFC 6068), every octet
 * but the unreserved ones of RFC 3986 ("[A-Za-z0-9-._~]") and those of
 * keep. */
static void put_pct(struct buf *b, const char *s, const char *keep)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || strchr("-._~", ch) ||
		    strchr(keep, ch)) {
			buf_putc(b, (char)ch);
		} else {
			buf_putc(b, '%');
			buf_putc(b, hex[ch >> 4]);
			buf_putc(b, hex[ch & 15]);
		}
	}
}

int stopmail_header(const struct svc *s, const char *addr, char *buf,
                    size_t len)
{
	char token[REPLY_TOKEN_LEN + 1], subject[600];
	struct buf b = BUF_INIT;
	int rc;

	buf[0] = '\0';
	if ((rc = stopmail_token(s, addr, token)) <= 0)
		return rc;
	/* The command its mail carries (stopmail.c in src/commands). */
	snprintf(subject, sizeof subject, "stopmail %s [#%s]", addr, token);
	explicit_bzero(token, sizeof token);
	buf_puts(&b, "mailto:");
	put_pct(&b, s->cfg->from, "@+");
	buf_puts(&b, "?subject=");
	put_pct(&b, subject, "");
	explicit_bzero(subject, sizeof subject);
	/* Too long a URL (a long from and address) goes without. */
	rc = b.len < len && b.len <= MAIL_UNSUBSCRIBE_MAX ? 1 : 0;
	if (rc)
		memcpy(buf, b.data, b.len + 1);
	explicit_bzero(b.data, b.len);
	buf_free(&b);
	return rc;
}

int stopmail_stopped(const struct svc *s, const char *addr)
{
	struct addr_entry e;
	char *err = NULL;

	if (addr_entry_load(s->cfg->spool, addr, &e, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	return e.stopped != 0;
}

int stopmail_resume(struct svc *s, const char *addr, const char *userid)
{
	struct user u;
	struct lock l = LOCK_INIT;
	struct txn *t;
	char *err = NULL;
	int rc, mine;

	if ((rc = stopmail_stopped(s, addr)) <= 0)
		return rc;
	if (svc_lock(s, "users", &l) != CMD_DONE)
		return -1;
	rc = user_load(s->cfg->spool, userid, &u, &err);
	if (rc < 0) {
		/* Damaged or set aside: the mail stays stopped, the command
		 * is dealt with as such a user's is. */
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		lock_release(&l);
		return 0;
	}
	mine = rc == 0 && user_confirmed(&u) && !u.left &&
	       user_find_address(&u, addr) >= 0;
	if (rc == 0)
		user_free(&u);
	if (!mine) {
		lock_release(&l);
		return 0;
	}
	t = txn_begin(s->cfg->spool, "users", s->digest);
	if (addr_stop_put(t, s->cfg->spool, addr, 0) == 0) {
		txn_abort(t);
		lock_release(&l);
		return 0;
	}
	if (txn_commit(t, &err) < 0) {
		log_msg(LOG_ERR, "cannot let mail go to %s again: %s\n", addr,
		        err ? err : "out of memory");
		free(err);
		lock_release(&l);
		return -1;
	}
	lock_release(&l);
	log_msg(LOG_INFO, "mail to %s goes again: a mail from it proved %s\n",
	        addr, userid);
	return 0;
}
