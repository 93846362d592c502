/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * notice.c - a mail to a player outside the transaction of the mail in
 * hand: what the player must hear although that mail is refused (wrong
 * passwords were tried) or deferred (a mail of theirs waits).
 *
 * A notice is keyed like a mail (the digest of its key text), with a
 * processed-mail record of its own, so it goes out at most once however
 * often the mail that caused it is retried.  The commands' wrapper,
 * notice_once, is commands/accounts/notice.c.
 */
#include "services/notice.h"
#include "services/acctoken.h"
#include "services/outmail.h"
#include "util/template.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* subject with userid's account token when addr is an address of his
 * on file (acctoken_subject), into buf. */
static void notice_token(const struct svc *s, const char *userid,
                         const char *addr, const char *subject, char *buf,
                         size_t len)
{
	struct user u;
	char *err = NULL;

	snprintf(buf, len, "%s", subject);
	if (user_load(s->cfg->spool, userid, &u, &err) != 0) {
		free(err);
		return;
	}
	acctoken_subject(s, &u, addr, subject, buf, len);
	user_free(&u);
}

enum cmd_status notice_send(struct svc *s, const char *userid,
                            const char *addr, const char *key_text,
                            const char *headline, const char *details)
{
	struct lock l = LOCK_INIT;
	struct tvars v = { 0 };
	struct txn *t;
	char key[64], digest[33], subject[256], with[320], *text = NULL;
	enum cmd_status st = CMD_DONE;
	int nout = s->nout;

	memcpy(digest, s->digest, sizeof digest);
	util_digest_hex(key_text, strlen(key_text), s->digest);
	snprintf(key, sizeof key, "notice-%s", userid);
	if ((st = svc_lock(s, key, &l)) != CMD_DONE)
		goto out;
	if (spool_seen(s->cfg->spool, s->digest))
		goto out;
	tvars_set(&v, "headline", headline);
	tvars_set(&v, "details", details);
	tvars_set(&v, "userid", userid);
	text = reply_template(s, "account.txt", &v);
	if (!text) {
		st = CMD_TEMPFAIL;
		goto out;
	}
	s->nout = 0;
	snprintf(subject, sizeof subject, "epamserv: %s", headline);
	notice_token(s, userid, addr, subject, with, sizeof with);
	t = svc_txn(s, key);
	s->notice = 1;  /* to a player's address on file */
	reply_queue(s, t, addr, with, text, NULL, 0, NULL);
	explicit_bzero(with, sizeof with);
	s->notice = 0;
	st = svc_commit(s, t);
out:
	if (st != CMD_DONE)
		log_msg(LOG_WARNING, "a notice to %s (%s) could not be queued\n",
		        userid, headline);
	lock_release(&l);
	tvars_free(&v);
	free(text);
	memcpy(s->digest, digest, sizeof digest);
	s->nout = nout;
	return st;
}
