/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * outbox.c - the durable queue of outgoing mail (see outbox.h).
 */
#include "util/log.h"
#include "spool/outbox.h"
#include "spool/addrindex.h"
#include "spool/bounce.h"
#include "spool/lock.h"
#include "spool/txn.h"
#include "mail/mail.h"
#include "mail/smtp.h"
#include "util/buf.h"
#include "util/i18n.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define ENVELOPE_FORMAT "Envelope-From: <%s>\r\nEnvelope-To: <%s>\r\n"

size_t outbox_envelope_size(const char *envelope_from, const char *rcpt)
{
	return sizeof ENVELOPE_FORMAT - 1 - 4 + strlen(envelope_from) +
	       strlen(rcpt);
}

int outbox_put(struct txn *t, const char *name, const char *envelope_from,
               const char *rcpt, const char *message, size_t max)
{
	struct buf b = BUF_INIT;
	char rel[512];
	size_t size = outbox_envelope_size(envelope_from, rcpt) + strlen(message);

	if (size > max) {
		log_msg(LOG_ERR, size == 1 ? "outbox: mail %s to <%s> refused: "
		        "%zu byte, over the reply size limit of %zu\n" : "outbox: "
		        "mail %s to <%s> refused: %zu bytes, over the reply size "
		        "limit of %zu\n", name, rcpt, size, max);
		return -1;
	}
	snprintf(rel, sizeof rel, "outbox/%s.eml", name);
	buf_reserve(&b, size);
	buf_printf(&b, ENVELOPE_FORMAT, envelope_from, rcpt);
	buf_puts(&b, message);
	txn_put(t, rel, buf_str(&b), b.len);
	buf_free(&b);
	return 0;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The sorted .eml names in dir (malloc'ed array of malloc'ed names). */
static char **list_mails(const char *dir, size_t *count)
{
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	DIR *d = util_opendir(dir);

	*count = 0;
	if (!d)
		return NULL;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len < 5 ||
		    strcmp(de->d_name + len - 4, ".eml") != 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			names = xrealloc(names, cap * sizeof *names);
		}
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, name_cmp);
	*count = n;
	return names ? names : xmalloc(sizeof *names);
}

int outbox_has_mail(const char *spool)
{
	char dir[4096];
	struct dirent *de;
	DIR *d;
	int found = 0;

	snprintf(dir, sizeof dir, "%s/outbox", spool);
	if (!(d = util_opendir(dir)))
		return 1;
	while (!found && (de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);

		found = de->d_name[0] != '.' && len >= 5 &&
		        strcmp(de->d_name + len - 4, ".eml") == 0;
	}
	closedir(d);
	return found;
}

static void free_names(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

char *outbox_split_envelope(char *text, char **from, char **rcpt)
{
	static const char *const keys[] = { "Envelope-From: <", "Envelope-To: <" };
	char **out[2] = { from, rcpt };
	char *p = text, *end;
	int i;

	for (i = 0; i < 2; i++) {
		size_t k = strlen(keys[i]);
		if (strncmp(p, keys[i], k) != 0)
			return NULL;
		p += k;
		/* The address ends at the ">" closing its own line: a CR or LF
		 * before it (a damaged or edited file) is no address. */
		end = p + strcspn(p, "\r\n");
		if (end == p || end[-1] != '>' || strncmp(end, "\r\n", 2) != 0)
			return NULL;
		end[-1] = '\0';
		*out[i] = p;
		p = end + 2;
	}
	/* Only what smtp_send would take: a null sender or an address. */
	if ((**from && !mail_addr_ok(*from)) || !mail_addr_ok(*rcpt))
		return NULL;
	return p;
}

static void fsync_dir(const char *path)
{
	(void)util_fsync_dir(path);  /* best effort: a crash only redoes */
}

/* More tries than a mail can make in a year at the longest back-off:
 * a count read above it is damage. */
#define RETRY_ATTEMPTS_MAX 1000000

int outbox_retry_parse(const char *text, struct outbox_retry *r)
{
	char why[8] = "mail";
	int n = 0, k = 0;

	memset(r, 0, sizeof *r);
	if (sscanf(text, "%d %lld %lld%n", &r->attempts, &r->first, &r->next,
	           &n) != 3 || n <= 0)
		goto fail;
	/* The older form ends after NEXT-TRY (sscanf finds no word: EOF):
	 * a failure of the mail. */
	if (sscanf(text + n, " %7s", why) == 0)
		goto fail;
	if (strcmp(why, "relay") == 0)
		r->relay = 1;
	else if (strcmp(why, "mail") != 0)
		goto fail;
	if (r->attempts < 0 || r->attempts > RETRY_ATTEMPTS_MAX || r->first < 0 ||
	    r->next < 0)
		goto fail;
	/* REASON: the rest of the line after WHY, when there is one. */
	if (sscanf(text + n, " %*7s%n", &k) == 0 && k > 0) {
		const char *p = text + n + k;
		size_t len;
		p += strspn(p, " ");
		len = strcspn(p, "\n");
		if (len >= sizeof r->reason)
			len = sizeof r->reason - 1;
		memcpy(r->reason, p, len);
		r->reason[len] = '\0';
		outbox_retry_set_reason(r, r->reason);
	}
	return 0;
fail:
	memset(r, 0, sizeof *r);
	return -1;
}

int outbox_retry_format(const struct outbox_retry *r, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%d %lld %lld %s%s%.*s\n", r->attempts,
	                 r->first, r->next, r->relay ? "relay" : "mail",
	                 r->reason[0] ? " " : "", (int)sizeof r->reason - 1,
	                 r->reason);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

void outbox_retry_set_reason(struct outbox_retry *r, const char *why)
{
	size_t i;

	if (!why)
		why = "?";
	for (i = 0; why[i] && i < sizeof r->reason - 1; i++)
		r->reason[i] = why[i] >= 0x20 && why[i] < 0x7f ? why[i] : '?';
	r->reason[i] = '\0';
}

/* Whether *r has seen a failure of either kind. */
static int retry_started(const struct outbox_retry *r)
{
	return r->attempts > 0 || r->relay;
}

int outbox_retry_fail(struct outbox_retry *r, long long now, int retry_days)
{
	long long wait;

	if (!retry_started(r))
		r->first = now;
	r->relay = 0;
	if (r->attempts < RETRY_ATTEMPTS_MAX)
		r->attempts++;
	if (now - r->first > (long long)retry_days * 86400)
		return 0;
	wait = 300LL << (r->attempts < 7 ? r->attempts - 1 : 6);
	r->next = now + (wait > 14400 ? 14400 : wait);
	return 1;
}

int outbox_retry_relay(struct outbox_retry *r, long long now, int retry_days)
{
	if (!retry_started(r))
		r->first = now;
	r->relay = 1;
	return now - r->first > (long long)retry_days * 86400 ? 0 : 1;
}

static void retry_path(const char *spool, const char *name, char *buf,
                       size_t len)
{
	snprintf(buf, len, "%s/outbox/%s.retry", spool, name);
}

static void retry_load(const char *spool, const char *name,
                       struct outbox_retry *r)
{
	char path[8192], *s;

	memset(r, 0, sizeof *r);
	retry_path(spool, name, path, sizeof path);
	s = util_read_file(path, 64 + 4 * OUTBOX_REASON_MAX, NULL);
	if (s)
		outbox_retry_parse(s, r);
	free(s);
}

/* Write *r as FOLDER/NAME.retry (folder "outbox" or "failed"). */
static void retry_save(const char *spool, const char *folder,
                       const char *name, const struct outbox_retry *r)
{
	char path[8192], tmp[8300], text[64 + OUTBOX_REASON_MAX];
	FILE *f;

	if (outbox_retry_format(r, text, sizeof text) < 0)
		return;
	snprintf(path, sizeof path, "%s/%s/%s.retry", spool, folder, name);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	f = util_fopen_spool(tmp, 0);
	if (!f)
		return;
	fputs(text, f);
	if (fclose(f) == 0)
		rename(tmp, path);  /* advisory state: no fsync needed */
}

static void retry_drop(const char *spool, const char *name)
{
	char path[8192];

	retry_path(spool, name, path, sizeof path);
	unlink(path);
}

/* Remove outbox/NAME.hold, a hold put on while the mail was being sent
 * (it is gone now, so the marker would be left over). */
static void hold_drop(const char *spool, const char *name)
{
	char path[8192];

	snprintf(path, sizeof path, "%s/outbox/%s.hold", spool, name);
	unlink(path);
}

void outbox_note_bounce(const char *spool, const char *rcpt, const char *name,
                        const char *why, time_t now)
{
	struct lock l = LOCK_INIT;

	/* The count in the record is read and written under the lock. */
	if (lock_acquire(spool, "bounces", 10000, &l) < 0)
		return;
	bounce_note_locked(spool, rcpt, name, why, now);
	lock_release(&l);
}

/* The day of t, "YYYY-MM-DD" (UTC), into buf (at least 11 bytes). */
static void day_of(time_t t, char *buf, size_t len)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	if (strftime(buf, len, "%Y-%m-%d", &tm) == 0 && len)
		buf[0] = '\0';
}

/* Write "DAY COUNT" to SPOOL/bounces/.reports through a temporary file
 * (advisory state: no fsync).  0 or -1. */
static int save_report_count(const char *spool, const char *day, long count)
{
	char path[4200], tmp[4300];
	FILE *f;

	snprintf(path, sizeof path, "%s/bounces/.reports", spool);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	if ((f = util_fopen_spool(tmp, 0)) == NULL)
		return -1;
	fprintf(f, "%s %ld\n", day, count);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

int outbox_note_report_bounce(const char *spool, const char *rcpt,
                              const char *source, const char *why,
                              time_t now, int per_day, int timeout_ms)
{
	struct lock l = LOCK_INIT;
	char path[4200], day[16], had[16], *s = NULL;
	long count = 0;
	int rc = -1;

	if (per_day <= 0)
		return 0;
	day_of(now, day, sizeof day);
	if (lock_acquire(spool, "bounces", timeout_ms, &l) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/bounces/.reports", spool);
	s = util_read_file(path, 64 + 4 * OUTBOX_REASON_MAX, NULL);
	if (!s && errno != ENOENT)
		goto out;
	if (!s || sscanf(s, "%15s %ld", had, &count) != 2 ||
	    strcmp(had, day) != 0 || count < 0)
		count = 0;
	if (count >= per_day) {
		rc = 0;
		goto out;
	}
	if (save_report_count(spool, day, count + 1) < 0)
		goto out;
	bounce_note_locked(spool, rcpt, source, why, now);  /* lock held */
	rc = 1;
out:
	free(s);
	lock_release(&l);
	return rc;
}

/* Whether the last bounce of the record at path came more than days
 * before now (the file's modification time when it does not parse). */
static int bounce_expired(const char *path, time_t now, int days)
{
	char *s = util_read_file(path, 8192, NULL);
	struct bounce b;
	struct stat st;
	time_t t;
	int got;

	got = s && bounce_parse(s, &b) == 0;
	free(s);
	if (got)
		t = b.last;
	else if (stat(path, &st) < 0)
		return 0;
	else
		t = st.st_mtime;
	return now - t > (time_t)days * 86400;
}

int outbox_expire_bounces(const char *spool, time_t now, int days)
{
	char dir[4096], path[8192], day[16], *s;
	struct lock l = LOCK_INIT;
	struct dirent *de;
	DIR *d;
	int n = 0;

	snprintf(dir, sizeof dir, "%s/bounces", spool);
	if (lock_acquire(spool, "bounces", 10000, &l) < 0)
		return -1;
	if ((d = util_opendir(dir)) == NULL) {
		lock_release(&l);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (bounce_expired(path, now, days) && unlink(path) == 0)
			n++;
	}
	closedir(d);
	/* The count of an earlier day says nothing any more. */
	snprintf(path, sizeof path, "%s/.reports", dir);
	day_of(now, day, sizeof day);
	s = util_read_file(path, 64 + 4 * OUTBOX_REASON_MAX, NULL);
	if (s && strncmp(s, day, strlen(day)) != 0)
		unlink(path);
	free(s);
	lock_release(&l);
	return n;
}

/* Move outbox/NAME to failed/NAME (durably), with the record of its
 * tries and why as failed/NAME.retry. */
static void move_to_failed(const char *spool, const char *name,
                           const char *why)
{
	struct outbox_retry r;

	char from[8192], to[8192], dir[8192];

	snprintf(from, sizeof from, "%s/outbox/%s", spool, name);
	snprintf(to, sizeof to, "%s/failed/%s", spool, name);
	retry_load(spool, name, &r);
	outbox_retry_set_reason(&r, why);
	/* The record first: failed/ is pruned failed_days after it was
	 * written, so a failed mail is never without one (the mail's own
	 * file dates from when it was queued). */
	retry_save(spool, "failed", name, &r);
	if (rename(from, to) != 0) {
		/* It stays queued with its record (its tries, its reason):
		 * dropping them would retry it as new on every run. */
		log_msg(LOG_ERR, "outbox/%s: cannot move it to failed/ (%s); it "
		        "stays queued\n", name, strerror(errno));
		snprintf(to, sizeof to, "%s/failed/%s.retry", spool, name);
		unlink(to);
		return;
	}
	snprintf(dir, sizeof dir, "%s/outbox", spool);
	fsync_dir(dir);
	snprintf(dir, sizeof dir, "%s/failed", spool);
	fsync_dir(dir);
	retry_drop(spool, name);
	hold_drop(spool, name);
}

/* Whether outbox/NAME is on hold (its NAME.hold marker exists). */
static int held(const char *spool, const char *name);

/* What became of one queued mail in a delivery run. */
enum deliver_result {
	DELIVER_SENT,
	DELIVER_DEFERRED,    /* a 4xx reply to it: backed off */
	DELIVER_DOWN,        /* the relay could not be used: ends the run */
	DELIVER_LOST,        /* the connection died while it was sent:
	                        backed off, ends the run */
	DELIVER_FAILED,      /* moved to failed/ */
	DELIVER_UNREADABLE,  /* could not be opened or read: stays, logged */
	DELIVER_SKIPPED,     /* another run has sent it or is sending it */
};

/* One delivery attempt, for settle() and its log line. */
struct attempt {
	const char *name;     /* outbox file name */
	const char *rcpt;
	char msgid[256];      /* the mail's Message-ID, printable, or "-" */
	char relay[300];      /* smtp_relay_name */
	const char *reply;    /* the server's last reply, or "" */
	const char *err;      /* smtp_send's text, or NULL */
};

/* Our Message-ID "<epamserv.D.N.KIND.GAME.BOARD.TOKEN.TAG@DOMAIN>"
 * (services/threadid.h) holds the recipient's reply token: in id (as
 * logged) the TOKEN field is made "-", so that no log line holds a
 * token.  Any other id is left alone. */
static void mask_msgid_token(char *id)
{
	char *p = id + (*id == '<'), *at = strchr(p, '@'), *dot[8], *q;
	int n = 0;

	if (!at || strncmp(p, "epamserv.", 9) != 0)
		return;
	for (q = p; q < at; q++)
		if (*q == '.') {
			if (n == 8)
				return;
			dot[n++] = q;
		}
	/* Seven dots: the token lies between the sixth and the seventh. */
	if (n != 7 || dot[6] - dot[5] < 2)
		return;
	dot[5][1] = '-';
	memmove(dot[5] + 2, dot[6], strlen(dot[6]) + 1);
}

/* The Message-ID of the message msg (CRLF header, untrusted) into buf:
 * the first line of its first Message-ID field, printable ASCII other
 * than space and '"' only, cut to fit; "-" when there is none. */
static void find_msgid(const char *msg, char *buf, size_t len)
{
	const char *p = msg;
	size_t n = 0;

	while (*p && strncmp(p, "\r\n", 2) != 0) {
		if (strncasecmp(p, "Message-ID:", 11) == 0) {
			for (p += 11; *p == ' ' || *p == '\t'; p++)
				;
			for (; *p && *p != '\r' && *p != '\n' && n + 1 < len; p++)
				if (*p > 0x20 && *p < 0x7f && *p != '"')
					buf[n++] = *p;
			break;
		}
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
	}
	if (n == 0)
		snprintf(buf, len, "-");
	else
		buf[n] = '\0';
	mask_msgid_token(buf);
}

/* What an attempt is logged and stored with: the server's reply, or our
 * own text when there was none. */
static const char *attempt_reason(const struct attempt *a)
{
	return a->reply[0] ? a->reply : a->err ? a->err : "?";
}

/* The key=value log line of one attempt (see epamserv(1), LOGGING):
 * outbox: id= msgid= to=<> relay= status= tries= [next=] [note=] dsn=
 * reply="..." (log_kv's quoting; reply last, always quoted). */
static void log_attempt(int priority, const struct attempt *a,
                        const char *status, int tries, long long next,
                        const char *note)
{
	struct buf b = BUF_INIT;
	char dsn[16], num[40], rcpt[600];

	if (smtp_reply_dsn(a->reply, dsn, sizeof dsn) < 0)
		snprintf(dsn, sizeof dsn, "-");
	buf_puts(&b, "outbox:");
	log_kv(&b, "id", a->name);
	log_kv(&b, "msgid", a->msgid);
	snprintf(rcpt, sizeof rcpt, "<%s>", a->rcpt);
	log_kv(&b, "to", rcpt);
	log_kv(&b, "relay", a->relay);
	log_kv(&b, "status", status);
	snprintf(num, sizeof num, "%d", tries);
	log_kv(&b, "tries", num);
	if (next >= 0) {
		snprintf(num, sizeof num, "%llds", next);
		log_kv(&b, "next", num);
	}
	if (note)
		log_kv(&b, "note", note);
	log_kv(&b, "dsn", dsn);
	log_kv_quoted(&b, "reply", attempt_reason(a));
	log_msg(priority, "%s", buf_str(&b));
	buf_free(&b);
}

/* A file that can never be sent as it is (cut by the read limit, a NUL
 * in it, malformed envelope lines) moves to failed/ with a log line
 * (note=damaged, to=<->); no bounce is recorded, since the address is
 * not at fault. */
static enum deliver_result refuse_file(const char *spool, const char *name,
                                       const char *why)
{
	struct attempt a;
	char text[300];

	memset(&a, 0, sizeof a);
	a.name = name;
	a.rcpt = "-";
	snprintf(a.msgid, sizeof a.msgid, "-");
	snprintf(a.relay, sizeof a.relay, "-");
	a.reply = "";
	snprintf(text, sizeof text, "never sent, moved to failed/: %s", why);
	a.err = text;
	log_attempt(LOG_ERR, &a, "failed", 0, -1, "damaged");
	move_to_failed(spool, name, why);
	return DELIVER_FAILED;
}

/* After the server's answer out to a mail read whole: removed when sent,
 * else backed off or moved to failed/; one log line either way. */
static enum deliver_result settle(const char *spool, const struct attempt *a,
                                  enum smtp_outcome out,
                                  const struct outbox_policy *pol)
{
	const char *name = a->name, *why = attempt_reason(a);
	char path[8192], dir[8192];
	struct outbox_retry r;

	snprintf(dir, sizeof dir, "%s/outbox", spool);
	retry_load(spool, name, &r);
	if (out == SMTP_SENT) {
		snprintf(path, sizeof path, "%s/outbox/%s", spool, name);
		unlink(path);
		fsync_dir(dir);
		retry_drop(spool, name);
		hold_drop(spool, name);
		log_attempt(LOG_INFO, a, "sent", r.attempts + 1, -1, NULL);
		return DELIVER_SENT;
	}
	outbox_retry_set_reason(&r, why);
	if (out == SMTP_DOWN) {
		if (outbox_retry_relay(&r, pol->now, pol->retry_days)) {
			retry_save(spool, "outbox", name, &r);
			/* due on the first run that reaches the relay; a
			 * notice: the run's relay: line tells the operator,
			 * once an outage (cli/relay.c) */
			log_attempt(LOG_NOTICE, a, "deferred", r.attempts, 0, "relay");
			return DELIVER_DOWN;
		}
	} else if (out == SMTP_TEMPFAIL || out == SMTP_LOST) {
		if (outbox_retry_fail(&r, pol->now, pol->retry_days)) {
			retry_save(spool, "outbox", name, &r);
			/* a 4xx to one mail is routine (greylisting): a notice,
			 * so that cron mails nobody for it; a lost connection
			 * is the network's fault: a warning */
			log_attempt(out == SMTP_LOST ? LOG_WARNING : LOG_NOTICE, a,
			            "deferred", r.attempts, r.next - (long long)pol->now,
			            out == SMTP_LOST ? "lost" : NULL);
			return out == SMTP_LOST ? DELIVER_LOST : DELIVER_DEFERRED;
		}
	}
	/* a 5xx, or deferred too long: give up */
	log_attempt(LOG_ERR, a, "failed", r.attempts, -1,
	            out == SMTP_PERMFAIL ? NULL : "expired");
	outbox_note_bounce(spool, a->rcpt, name, a->err ? a->err : why, pol->now);
	move_to_failed(spool, name, why);
	return DELIVER_FAILED;
}

/* Send one queued mail, only when it was read whole. */
static enum deliver_result deliver_one(struct smtp_session *s,
                                       const char *url, const char *spool,
                                       const char *name,
                                       const struct outbox_policy *pol)
{
	char path[8192], why[128];
	char *text = NULL, *from = NULL, *rcpt = NULL, *msg, *err = NULL;
	enum deliver_result res;
	struct stat sb;
	size_t len = 0;
	int fd, truncated = 0;

	snprintf(path, sizeof path, "%s/outbox/%s", spool, name);
	fd = util_open_regular(path, O_RDONLY | O_NOFOLLOW, 0);
	if (fd < 0 && errno == ENOENT && lstat(path, &sb) != 0)
		return DELIVER_SKIPPED;  /* another run sent it */
	if (fd < 0 && errno == EINVAL) {
		log_msg(LOG_ERR, "outbox/%s: not a regular file (a FIFO, a "
		        "device?): never sent; remove it\n", name);
		return DELIVER_UNREADABLE;
	}
	if (fd < 0) {
		log_msg(LOG_ERR, "outbox/%s: cannot open it (%s); it stays "
		        "queued\n", name, strerror(errno));
		return DELIVER_UNREADABLE;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		res = errno == EWOULDBLOCK ? DELIVER_SKIPPED : DELIVER_UNREADABLE;
		if (res == DELIVER_UNREADABLE)
			log_msg(LOG_ERR, "outbox/%s: cannot lock it (%s); it stays "
			        "queued\n", name, strerror(errno));
		goto done;  /* else another run is sending it */
	}
	res = DELIVER_SKIPPED;
	if (access(path, F_OK) != 0)
		goto done;  /* sent and removed while we waited */
	if (held(spool, name))
		goto done;  /* put on hold since the run listed it */
	text = util_read_fd(fd, OUTBOX_MAX_MAIL, &len, &truncated);
	if (!text) {
		log_msg(LOG_ERR, "outbox/%s: cannot read it (%s); it stays "
		        "queued\n", name, strerror(errno));
		res = DELIVER_UNREADABLE;
		goto done;
	}
	if (truncated) {
		snprintf(why, sizeof why, "larger than %d bytes, the most read of "
		         "one outbox file", OUTBOX_MAX_MAIL);
		res = refuse_file(spool, name, why);
	} else if (strlen(text) != len) {
		res = refuse_file(spool, name, "a NUL byte in it");
	} else if (!(msg = outbox_split_envelope(text, &from, &rcpt))) {
		res = refuse_file(spool, name, "malformed envelope lines");
	} else {
		struct attempt a;
		enum smtp_outcome out = smtp_send(s, from, rcpt, msg, strlen(msg),
		                                  &err);
		a.name = name;
		a.rcpt = rcpt;
		a.reply = smtp_last_reply(s);
		/* after a failure only a refusal is the reason (not the
		 * "354" the server said before the connection broke) */
		if (out != SMTP_SENT && a.reply[0] != '4' && a.reply[0] != '5')
			a.reply = "";
		a.err = err;
		find_msgid(msg, a.msgid, sizeof a.msgid);
		smtp_relay_name(s, url, a.relay, sizeof a.relay);
		res = settle(spool, &a, out, pol);
	}
done:
	free(err);
	free(text);
	close(fd);
	return res;
}

/* Whether a queued mail is to be tried: never deferred, deferred only
 * because the relay could not be used, or its back-off has run out. */
static int due(const char *spool, const char *name,
               const struct outbox_policy *pol)
{
	struct outbox_retry r;

	if (pol->all)
		return 1;
	retry_load(spool, name, &r);
	return r.attempts == 0 || r.relay || r.next <= pol->now;
}

static int held(const char *spool, const char *name)
{
	char path[8192];
	struct stat st;

	snprintf(path, sizeof path, "%s/outbox/%s.hold", spool, name);
	return lstat(path, &st) == 0;
}

int outbox_deliver(const char *spool, const struct smtp_settings *smtp,
                   const struct outbox_policy *pol, struct outbox_stats *st)
{
	char dir[4096];
	struct smtp_session *s = NULL;
	size_t n, i;
	char **names;
	int down = 0;  /* the relay cannot be used: try the rest next run */

	memset(st, 0, sizeof *st);
	snprintf(dir, sizeof dir, "%s/outbox", spool);
	names = list_mails(dir, &n);
	if (!names)
		return -1;
	for (i = 0; i < n; i++) {
		struct outbox_policy one = *pol;
		if (pol->only_to) {
			struct outbox_entry e;
			if (outbox_entry_read(spool, 0, names[i], &e) < 0 ||
			    !outbox_match_to(&e, pol->only_to))
				continue;
			one.all = 1;
		}
		if (held(spool, names[i])) {
			st->held++;
			continue;
		}
		if (!due(spool, names[i], &one)) {
			st->waiting++;
			continue;
		}
		if (down) {
			st->deferred++;  /* untouched: due again next run */
			continue;
		}
		if (!s && !(s = smtp_open_with(smtp))) {
			free_names(names, n);
			return -1;
		}
		switch (deliver_one(s, smtp->url, spool, names[i], &one)) {
		case DELIVER_SENT:
			st->sent++;
			break;
		case DELIVER_FAILED:
			st->failed++;
			break;
		case DELIVER_DOWN:
			if (!st->down) {
				struct outbox_retry r;
				retry_load(spool, names[i], &r);
				st->down = 1;
				snprintf(st->down_reason, sizeof st->down_reason,
				         "%s", r.reason);
			}
			/* fall through */
		case DELIVER_LOST:
			down = 1;
			/* fall through */
		case DELIVER_DEFERRED:
		case DELIVER_UNREADABLE:  /* not the server's fault */
			st->deferred++;
			break;
		case DELIVER_SKIPPED:
			st->skipped++;
			break;
		}
	}
	if (s)
		smtp_close(s);
	free_names(names, n);
	return 0;
}

char **outbox_names(const char *spool, int failed, size_t *n)
{
	char dir[4096];

	snprintf(dir, sizeof dir, "%s/%s", spool, failed ? "failed" : "outbox");
	return list_mails(dir, n);
}

void outbox_free_names(char **names, size_t n)
{
	free_names(names, n);
}

/* The envelope of an outbox file's head text (modified) into *e. */
static void entry_envelope(char *head, struct outbox_entry *e)
{
	char *from, *rcpt;

	if (!outbox_split_envelope(head, &from, &rcpt) ||
	    strlen(from) >= sizeof e->from || strlen(rcpt) >= sizeof e->rcpt) {
		e->damaged = 1;
		return;
	}
	strcpy(e->from, from);
	strcpy(e->rcpt, rcpt);
}

int outbox_entry_read(const char *spool, int failed, const char *name,
                      struct outbox_entry *e)
{
	const char *folder = failed ? "failed" : "outbox";
	char path[8192], head[2048], *s;
	struct stat st;
	ssize_t got;
	int fd;

	memset(e, 0, sizeof *e);
	if (strlen(name) >= sizeof e->name) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(e->name, name);
	e->failed = failed;
	snprintf(path, sizeof path, "%s/%s/%s", spool, folder, name);
	fd = util_open_regular(path, O_RDONLY | O_NOFOLLOW, 0);
	if (fd < 0 || fstat(fd, &st) < 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	e->size = (long long)st.st_size;
	e->queued = (long long)st.st_mtime;
	got = read(fd, head, sizeof head - 1);
	close(fd);
	if (got < 0)
		return -1;
	head[got] = '\0';
	entry_envelope(head, e);
	snprintf(path, sizeof path, "%s/%s/%s.retry", spool, folder, name);
	s = util_read_file(path, 64 + 4 * OUTBOX_REASON_MAX, NULL);
	if (s)
		outbox_retry_parse(s, &e->retry);
	free(s);
	e->held = !failed && held(spool, name);
	return 0;
}

int outbox_match_to(const struct outbox_entry *e, const char *to)
{
	const char *at;

	if (e->damaged || !*to)
		return 0;
	if (to[0] != '@')
		return strcasecmp(e->rcpt, to) == 0;
	at = strrchr(e->rcpt, '@');
	return at && strcasecmp(at, to) == 0;
}

/* path of FOLDER/NAME plus suffix into buf. */
static void mail_path(char *buf, size_t len, const char *spool, int failed,
                      const char *name, const char *suffix)
{
	snprintf(buf, len, "%s/%s/%s%s", spool, failed ? "failed" : "outbox",
	         name, suffix);
}

/* Open the mail at path and take the lock a delivery run holds while it
 * sends it (flock, not waiting).  The descriptor, or -1 with errno
 * (EBUSY: a run is sending it). */
static int lock_unsent(const char *path)
{
	int fd = util_open_regular(path, O_RDONLY | O_NOFOLLOW, 0);

	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		int e = errno == EWOULDBLOCK ? EBUSY : errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

int outbox_set_hold(const char *spool, const char *name, int on)
{
	char path[8192];
	struct stat st;
	FILE *f;
	int fd, rc = -1, e;

	mail_path(path, sizeof path, spool, 0, name, "");
	if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode)) {
		errno = ENOENT;
		return -1;
	}
	if (!on) {
		mail_path(path, sizeof path, spool, 0, name, ".hold");
		return unlink(path) < 0 && errno != ENOENT ? -1 : 0;
	}
	/* Under the lock a delivery run holds while it sends the file (as
	 * delete): a hold said done is one no run is already past. */
	if ((fd = lock_unsent(path)) < 0)
		return -1;
	if (access(path, F_OK) != 0)
		goto done;  /* sent while we waited: ENOENT */
	mail_path(path, sizeof path, spool, 0, name, ".hold");
	f = util_fopen_spool(path, 0);
	if (!f)
		goto done;
	fputs("held\n", f);
	rc = fclose(f) == 0 ? 0 : -1;
done:
	e = errno;
	close(fd);
	errno = e;
	return rc;
}

int outbox_delete(const char *spool, int failed, const char *name)
{
	char path[8192];
	int fd, rc = -1;

	mail_path(path, sizeof path, spool, failed, name, "");
	if ((fd = lock_unsent(path)) < 0)
		return -1;
	if (unlink(path) < 0)
		goto done;
	mail_path(path, sizeof path, spool, failed, name, ".retry");
	unlink(path);
	mail_path(path, sizeof path, spool, failed, name, ".hold");
	unlink(path);
	mail_path(path, sizeof path, spool, failed, "", "");
	fsync_dir(path);
	rc = 0;
done:
	close(fd);
	return rc;
}

int outbox_requeue(const char *spool, int failed, const char *name)
{
	char from[8192], to[8192];
	struct stat st;

	mail_path(from, sizeof from, spool, failed, name, "");
	mail_path(to, sizeof to, spool, 0, name, "");
	if (lstat(from, &st) < 0 || !S_ISREG(st.st_mode)) {
		errno = ENOENT;
		return -1;
	}
	if (failed) {
		if (lstat(to, &st) == 0) {
			errno = EEXIST;
			return -1;
		}
		if (rename(from, to) < 0)
			return -1;
		mail_path(from, sizeof from, spool, 1, name, ".retry");
		unlink(from);
		mail_path(from, sizeof from, spool, 1, "", "");
		fsync_dir(from);
		mail_path(from, sizeof from, spool, 0, "", "");
		fsync_dir(from);
	}
	retry_drop(spool, name);
	return 0;
}

int outbox_print_bounces(const char *spool, FILE *out)
{
	struct bounce *v;
	char userid[32];
	size_t n, i;

	if (bounce_list(spool, &v, &n) < 0)
		return 0;
	for (i = 0; i < n; i++) {
		if (addr_player(spool, v[i].address, userid) != 1)
			userid[0] = '\0';
		bounce_print(out, &v[i], userid);
	}
	free(v);
	return (int)n;
}

int outbox_print(const char *spool, FILE *out, int names_only)
{
	char dir[4096], path[8192];
	size_t n, i;
	char **names;

	snprintf(dir, sizeof dir, "%s/outbox", spool);
	names = list_mails(dir, &n);
	if (!names)
		return -1;
	for (i = 0; i < n; i++) {
		char *text, *p;
		if (names_only) {
			fprintf(out, "outbox/%s\n", names[i]);
			continue;
		}
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		text = util_read_file(path, OUTBOX_MAX_MAIL, NULL);
		if (!text)
			continue;
		fprintf(out, "==> outbox/%s\n", names[i]);
		for (p = text; *p; p++)
			if (*p != '\r')
				fputc(*p, out);
		if (p > text && p[-1] != '\n')
			fputc('\n', out);
		free(text);
	}
	free_names(names, n);
	return (int)n;
}
