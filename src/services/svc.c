/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * svc.c - the service context (svc.h), and what every command and
 * service shares: locks, transactions, the record that a mail or an
 * event was processed (passwords: auth.c).
 */
#include "services/svc.h"
#include "util/log.h"
#include "spool/damage.h"
#include "spool/ratelimit.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void svc_init(struct svc *s, const struct config *cfg, time_t now)
{
	memset(s, 0, sizeof *s);
	s->cfg = cfg;
	s->now = now;
}

void svc_free(struct svc *s)
{
	buf_free(&s->bm.side_note[0]);
	buf_free(&s->bm.side_note[1]);
}

void svc_event(struct svc *s, const char *fmt, ...)
{
	char words[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(words, sizeof words, fmt, ap);
	va_end(ap);
	util_digest_hex(words, strlen(words), s->digest);
	spool_msg_key(s->digest, s->msg_key, sizeof s->msg_key);
}

enum cmd_status svc_lock(struct svc *s, const char *key, struct lock *l)
{
	if (lock_acquire(s->cfg->spool, key, s->cfg->lock_timeout * 1000, l) < 0) {
		log_msg(LOG_ERR, "cannot lock %s: %s\n", key,
		        errno == ETIMEDOUT ? "busy for too long" : strerror(errno));
		return CMD_TEMPFAIL;
	}
	if (txn_recover(s->cfg->spool, key) < 0) {
		char rel[128], why[512];
		int saved = errno;
		snprintf(rel, sizeof rel, "journal/%s", key);
		snprintf(why, sizeof why, "a committed update of %s in %s/journal "
		         "cannot be applied: %s (epamserv admin journal list)", key,
		         s->cfg->spool, strerror(saved));
		log_msg(LOG_ERR, "%s\n", why);
		if (damage_errno(saved))
			damage_note(rel, why, NULL, 0);
		lock_release(l);
		return CMD_TEMPFAIL;
	}
	return CMD_DONE;
}

struct txn *svc_txn(struct svc *s, const char *key)
{
	return txn_begin(s->cfg->spool, key, s->digest);
}

enum cmd_status svc_commit(struct svc *s, struct txn *t)
{
	char rel[128], *err = NULL;
	const char *id = s->message_id ? s->message_id : "(no Message-ID)";
	struct buf rec = BUF_INIT;

	if (s->queue_failed) {
		s->queue_failed = 0;
		txn_abort(t);
		log_msg(LOG_ERR, "a reply could not be composed: the mail will "
		        "be retried\n");
		return CMD_TEMPFAIL;
	}
	spool_seen_path(s->digest, rel, sizeof rel);
	buf_printf(&rec, "%s\n", id);
	txn_put(t, rel, buf_str(&rec), rec.len);
	buf_free(&rec);
	if (txn_commit(t, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	return CMD_DONE;
}

int relay_take(struct svc *s, const char *userid, int n)
{
	char key[64];
	int i;

	snprintf(key, sizeof key, "relay:%s", userid);
	for (i = 0; i < n; i++)
		if (ratelimit_count(s->cfg->spool, key, s->cfg->relay_limit, 86400,
		                    s->now, NULL) == 0)
			return 0;
	return 1;
}
