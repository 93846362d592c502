/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * held.c - a mail set aside on a damaged file (see held.h; the records
 * themselves are spool/held.c).
 */
#include "pipeline/held.h"
#include "commands/cmd.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Write the record e for the mail of c in a transaction of its own (no
 * processed-mail record: the mail still waits).  0 or -1 (logged). */
static int held_put(struct cmdctx *c, const struct held_entry *e)
{
	struct buf b = BUF_INIT;
	char rel[64], *err = NULL;
	struct txn *t;

	held_record(e, &b);
	snprintf(rel, sizeof rel, "held/%s", c->s.digest);
	t = svc_txn(&c->s, c->s.msg_key);
	txn_put(t, rel, buf_str(&b), b.len);
	buf_free(&b);
	if (txn_commit(t, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	return 0;
}

/* What the sender is told is under repair, from the file's name: the
 * headline (a whole sentence) into headline, the first sentence of the
 * notice into needs and the words for the log line (English, like every
 * log line) into what. */
static void what_is_damaged(const char *file, char *headline, char *needs,
                            char *what, size_t len)
{
	char game[32];
	long board;

	if (sscanf(file, "games/%31[a-z]/%ld.game", game, &board) == 2 ||
	    sscanf(file, "games/%31[a-z]/archive/%ld.game", game, &board) == 2) {
		/* TRANSLATORS: %1$s is the game's name (epaminondas,
		 * crossings), %2$ld the board's number. */
		snprintf(headline, len, _("%1$s board %2$ld is under repair"),
		         game, board);
		/* TRANSLATORS: %1$s is the game's name, %2$ld the board's
		 * number. */
		snprintf(needs, len, _("Your mail needs %1$s board %2$ld, whose "
		         "file on the server is damaged; the administrator has "
		         "been told."), game, board);
		snprintf(what, len, "%s board %ld", game, board);
	} else if (strncmp(file, "users/", 6) == 0) {
		/* TRANSLATORS: %s is a userid. */
		snprintf(headline, len, _("the account %.40s is under repair"),
		         file + 6);
		/* TRANSLATORS: %s is a userid. */
		snprintf(needs, len, _("Your mail needs the account %.40s, whose "
		         "file on the server is damaged; the administrator has "
		         "been told."), file + 6);
		snprintf(what, len, "the account %.40s", file + 6);
	} else {
		snprintf(headline, len, "%s",
		         _("a record on the server is under repair"));
		snprintf(needs, len, "%s", _("Your mail needs a record on the "
		         "server, whose file on the server is damaged; the "
		         "administrator has been told."));
		snprintf(what, len, "a record on the server");
	}
}

/* The one reply: the mail waits, the file is under repair.  It goes in
 * the same transaction as the record's "notified:" line. */
static void held_tell(struct cmdctx *c, struct held_entry *e)
{
	struct tvars v = { 0 };
	struct buf details = BUF_INIT, rec = BUF_INIT;
	char headline[256], needs[256], what[256], subject[300], rel[64];
	char *text = NULL, *err = NULL;
	struct txn *t;

	what_is_damaged(e->file, headline, needs, what, sizeof headline);
	buf_printf(&details, "%s  %s", needs, _("Your mail is kept and carried "
	           "out as soon as it is repaired: there is no need to send it "
	           "again.  This is the only notice about this mail."));
	tvars_set(&v, "headline", headline);
	tvars_set(&v, "details", buf_str(&details));
	tvars_set(&v, "userid", c->sender_player);
	text = reply_template(&c->s, "account.txt", &v);
	tvars_free(&v);
	buf_free(&details);
	if (!text)
		goto out;
	e->notified = c->s.now;
	held_record(e, &rec);
	snprintf(rel, sizeof rel, "held/%s", c->s.digest);
	snprintf(subject, sizeof subject, "epamserv: %s", headline);
	c->s.nout = 50;
	t = svc_txn(&c->s, c->s.msg_key);
	txn_put(t, rel, buf_str(&rec), rec.len);
	reply_queue(&c->s, t, c->sender, subject, text, NULL, 0, NULL);
	if (c->s.queue_failed) {
		c->s.queue_failed = 0;
		txn_abort(t);
		goto out;
	}
	if (txn_commit(t, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		goto out;
	}
	log_msg(LOG_NOTICE, "<%.200s> its sender was told that %s is under "
	        "repair\n", c->mail->message_id ? c->mail->message_id : c->s.digest,
	        what);
out:
	buf_free(&rec);
	free(text);
}

void held_mail(struct cmdctx *c, const struct damage *d)
{
	const char *id = c->mail->message_id ? c->mail->message_id : c->s.digest;
	struct held_entry e;
	int rc = held_get(c->s.cfg->spool, c->s.digest, &e);

	log_msg(LOG_ERR, "<%.200s> set aside: %s in %s does not load (%s); "
	        "the mail is retried on every run (%s)\n", id, d->file,
	        c->s.cfg->spool, d->error, d->newer
	        ? "run the newer epamserv, or epamserv admin check"
	        : "epamserv admin check, admin repair");
	if (rc < 0) {
		log_msg(LOG_ERR, "cannot read %s/held/%s: %s\n", c->s.cfg->spool,
		        c->s.digest, strerror(errno));
		return;
	}
	if (rc == 1) {
		snprintf(e.digest, sizeof e.digest, "%s", c->s.digest);
		e.since = c->s.now;
		snprintf(e.file, sizeof e.file, "%s", d->file);
		snprintf(e.error, sizeof e.error, "%s", d->error);
		util_clean_line(e.file);
		util_clean_line(e.error);
		if (held_put(c, &e) < 0)
			return;
	}
	if (!e.notified && c->s.now - e.since >=
	    (time_t)c->s.cfg->repair_notice_hours * 3600)
		held_tell(c, &e);
}

