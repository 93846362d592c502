/*
 * held.c - mails set aside on a damaged file (see held.h).
 */
#include "commands/mail/held.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "util/log.h"
#include "util/magic.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HELD_MAGIC "epamserv-held 1"

/* A record's name: 32 lower-case hex digits. */
static int digest_ok(const char *s)
{
	size_t i;

	for (i = 0; i < 32; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return s[32] == '\0';
}

static void parse_record(char *text, struct held_entry *e)
{
	char *line, *save = NULL;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "since: ", 7) == 0)
			util_parse_iso_time(line + 7, &e->since);
		else if (strncmp(line, "notified: ", 10) == 0)
			util_parse_iso_time(line + 10, &e->notified);
		else if (strncmp(line, "file: ", 6) == 0)
			snprintf(e->file, sizeof e->file, "%s", line + 6);
		else if (strncmp(line, "error: ", 7) == 0)
			snprintf(e->error, sizeof e->error, "%s", line + 7);
	}
}

int held_get(const char *spool, const char *digest, struct held_entry *e)
{
	char path[4200], *text;

	memset(e, 0, sizeof *e);
	if (!digest_ok(digest))
		return 1;
	snprintf(e->digest, sizeof e->digest, "%s", digest);
	snprintf(path, sizeof path, "%s/held/%s", spool, digest);
	text = util_read_file(path, 4096, NULL);
	if (!text)
		return errno == ENOENT ? 1 : -1;
	parse_record(text, e);
	free(text);
	return 0;
}

/* Write the record e for the mail of c in a transaction of its own (no
 * processed-mail record: the mail still waits).  0 or -1 (logged). */
static int held_put(struct cmdctx *c, const struct held_entry *e)
{
	struct buf b = BUF_INIT;
	char rel[64], since[32], notified[32], *err = NULL;
	struct txn *t;

	util_iso_time(e->since, since, sizeof since);
	buf_printf(&b, "%s\nsince: %s\nfile: %s\nerror: %s\n", HELD_MAGIC, since,
	           e->file, e->error);
	if (e->notified) {
		util_iso_time(e->notified, notified, sizeof notified);
		buf_printf(&b, "notified: %s\n", notified);
	}
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

/* What the sender is told is under repair, from the file's name. */
static void what_is_damaged(const char *file, char *buf, size_t len)
{
	char game[32];
	long board;

	if (sscanf(file, "games/%31[a-z]/%ld.game", game, &board) == 2 ||
	    sscanf(file, "games/%31[a-z]/archive/%ld.game", game, &board) == 2)
		snprintf(buf, len, "%s board %ld", game, board);
	else if (strncmp(file, "users/", 6) == 0)
		snprintf(buf, len, "the account %.40s", file + 6);
	else
		snprintf(buf, len, "a record on the server");
}

/* The one reply: the mail waits, the file is under repair.  It goes in
 * the same transaction as the record's "notified:" line. */
static void held_tell(struct cmdctx *c, struct held_entry *e)
{
	struct tvars v = { 0 };
	struct buf details = BUF_INIT, rec = BUF_INIT;
	char what[128], headline[192], since[32], notified[32], rel[64];
	char *text = NULL, *err = NULL;
	struct txn *t;

	what_is_damaged(e->file, what, sizeof what);
	snprintf(headline, sizeof headline, "%s is under repair", what);
	buf_printf(&details, "Your mail needs %s, whose file on the server is "
	           "damaged; the administrator has been told.  Your mail is "
	           "kept and carried out as soon as it is repaired: there is "
	           "no need to send it again.  This is the only notice about "
	           "this mail.", what);
	tvars_set(&v, "headline", headline);
	tvars_set(&v, "details", buf_str(&details));
	tvars_set(&v, "userid", c->sender_player);
	text = reply_template(&c->s, "account.txt", &v);
	tvars_free(&v);
	buf_free(&details);
	if (!text)
		goto out;
	e->notified = c->s.now;
	util_iso_time(e->since, since, sizeof since);
	util_iso_time(e->notified, notified, sizeof notified);
	buf_printf(&rec, "%s\nsince: %s\nfile: %s\nerror: %s\nnotified: %s\n",
	           HELD_MAGIC, since, e->file, e->error, notified);
	snprintf(rel, sizeof rel, "held/%s", c->s.digest);
	snprintf(headline, sizeof headline, "epamserv: %s is under repair", what);
	c->s.nout = 50;
	t = svc_txn(&c->s, c->s.msg_key);
	txn_put(t, rel, buf_str(&rec), rec.len);
	reply_queue(&c->s, t, c->sender, headline, text, NULL, 0, NULL);
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
	        c->s.cfg->spool, d->error, strstr(d->error, MAGIC_NEWER_TEXT)
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

void held_done(const char *spool, const char *digest)
{
	char path[4200];

	snprintf(path, sizeof path, "%s/held/%s", spool, digest);
	if (unlink(path) < 0 && errno != ENOENT)
		log_msg(LOG_WARNING, "cannot remove %s: %s\n", path,
		        strerror(errno));
}

static int since_cmp(const void *a, const void *b)
{
	const struct held_entry *x = a, *y = b;

	if (x->since != y->since)
		return x->since < y->since ? -1 : 1;
	return strcmp(x->digest, y->digest);
}

int held_list(const char *spool, struct held_entry **v, size_t *n)
{
	char dir[4200];
	struct dirent *de;
	DIR *d;

	*v = NULL;
	*n = 0;
	snprintf(dir, sizeof dir, "%s/held", spool);
	d = util_opendir(dir);
	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		struct held_entry e;
		if (!digest_ok(de->d_name) || held_get(spool, de->d_name, &e) != 0)
			continue;
		*v = xrealloc(*v, (*n + 1) * sizeof **v);
		(*v)[(*n)++] = e;
	}
	closedir(d);
	if (*n)
		qsort(*v, *n, sizeof **v, since_cmp);
	return 0;
}
