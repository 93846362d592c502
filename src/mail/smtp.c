/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * smtp.c - delivering composed messages over SMTP with libcurl.
 *
 * The idea: one curl easy handle per session, reused for every message,
 * so that curl's connection cache keeps a single SMTP connection open for
 * a whole batch (SPEC sections 4 and 8).  Each smtp_send() only swaps the
 * envelope and the data to upload; a dropped connection is reopened by
 * curl on the next message.
 *
 * The outcome is what the outbox needs to decide: a 5xx reply to the
 * message's own commands (MAIL FROM, RCPT TO, DATA) is permanent, a 4xx
 * reply to them is temporary for that message only, and everything that
 * goes wrong before them (no connection, greeting, EHLO, TLS, AUTH) or
 * says the whole service is gone (421) is the relay's trouble, so that
 * a broken configuration or a down relay keeps mail queued instead of
 * throwing it away, and greylisting of one domain delays nothing else.
 * To know which command a reply answered, a debug callback watches the
 * command lines curl sends (the phase of the session), since curl's
 * error codes are the same for a refused greeting and a refused DATA.
 *
 * AUTH never goes in clear text to another machine: a session with
 * credentials on smtp:// to a host outside loopback must require
 * STARTTLS, unless its settings say allow_plaintext (the operator's
 * smtp_allow_plaintext = yes).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail.h"
#include "smtp.h"
#include "util/curl_lib.h"
#include "util/log.h"
#include "util/util.h"

/* libcurl: loaded by the first smtp_open_with (a process that sends
 * nothing never maps it), then set for good. */
static const struct curl_lib *C;

/* How far the current transfer got: the last command curl sent. */
enum phase {
	PHASE_SESSION = 0,   /* connect, greeting, EHLO, STARTTLS, AUTH */
	PHASE_MAIL,          /* MAIL FROM sent: this message's transaction */
	PHASE_RCPT,          /* RCPT TO sent: a reply is about this message */
};

struct smtp_session {
	CURL *curl;
	char errbuf[CURL_ERROR_SIZE];
	enum phase phase;
	/* the server's last reply, lines joined by " ", printable ASCII
	 * only (SMTP_REPLY_MAX); reply_done: its last line has come, so the
	 * next line starts a new reply */
	char reply[SMTP_REPLY_MAX];
	int reply_done;
	int quitting;  /* QUIT or RSET sent: their replies are not kept */
	/* the upload in progress */
	const char *data;
	size_t len, off;
};

static size_t read_cb(char *buf, size_t size, size_t nitems, void *arg)
{
	struct smtp_session *s = arg;
	size_t n = size * nitems;

	if (n > s->len - s->off)
		n = s->len - s->off;
	memcpy(buf, s->data + s->off, n);
	s->off += n;
	return n;
}

/* Keep one line of a server reply (data[0..size), not NUL-terminated,
 * untrusted) in s->reply: a line "NNN-..." continues the reply, "NNN ..."
 * ends it.  Bytes outside printable ASCII are dropped, CR and LF too, and
 * what does not fit is cut. */
static void keep_reply(struct smtp_session *s, const char *data, size_t size)
{
	size_t n, i;

	if (s->reply_done) {
		s->reply[0] = '\0';
		s->reply_done = 0;
	}
	n = strlen(s->reply);
	if (n > 0 && n < sizeof s->reply - 1)
		s->reply[n++] = ' ';
	for (i = 0; i < size && n < sizeof s->reply - 1; i++)
		if (data[i] >= 0x20 && data[i] < 0x7f)
			s->reply[n++] = data[i];
	s->reply[n] = '\0';
	s->reply_done = size < 4 || data[3] != '-';
}

/* curl's debug callback: the commands it sends are looked at (the first
 * bytes of a command line; an AUTH line is never kept or logged), and
 * the server's replies kept for the log (smtp_last_reply).  Base64 AUTH
 * replies hold no space or colon, so cannot match. */
static int debug_cb(CURL *c, curl_infotype type, char *data, size_t size,
                    void *arg)
{
	struct smtp_session *s = arg;

	(void)c;
	if (type == CURLINFO_HEADER_IN && !s->quitting)
		keep_reply(s, data, size);
	if (type == CURLINFO_HEADER_OUT && size >= 4 &&
	    (strncasecmp(data, "QUIT", 4) == 0 ||
	     strncasecmp(data, "RSET", 4) == 0))
		s->quitting = 1;
	if (type == CURLINFO_HEADER_OUT && size >= 10 &&
	    strncasecmp(data, "MAIL FROM:", 10) == 0)
		s->phase = PHASE_MAIL;
	else if (type == CURLINFO_HEADER_OUT && size >= 8 &&
	         strncasecmp(data, "RCPT TO:", 8) == 0)
		s->phase = PHASE_RCPT;
	return 0;
}

/* A host name for EHLO: letters, digits, '-', '.', at most 253. */
static int ehlo_ok(const char *name)
{
	size_t n = strlen(name), i;

	if (n == 0 || n > 253)
		return 0;
	for (i = 0; i < n; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') ||
		      (name[i] >= 'A' && name[i] <= 'Z') ||
		      (name[i] >= '0' && name[i] <= '9') ||
		      name[i] == '-' || name[i] == '.'))
			return 0;
	return 1;
}

/* curl takes the EHLO name from the URL's path: smtp://host/name. */
static int set_url(CURL *curl, const char *url, const char *ehlo)
{
	CURLU *u;
	char *full = NULL, *path = NULL;
	int rc = -1;

	if (ehlo == NULL)
		return C->easy_setopt(curl, CURLOPT_URL, url) == CURLE_OK ? 0 : -1;
	if (!ehlo_ok(ehlo) || (u = C->url()) == NULL)
		return -1;
	if ((path = malloc(strlen(ehlo) + 2)) == NULL)
		goto fail;
	path[0] = '/';
	memcpy(path + 1, ehlo, strlen(ehlo) + 1);
	if (C->url_set(u, CURLUPART_URL, url, CURLU_NON_SUPPORT_SCHEME) ||
	    C->url_set(u, CURLUPART_PATH, path, 0) ||
	    C->url_get(u, CURLUPART_URL, &full, 0))
		goto fail;
	if (C->easy_setopt(curl, CURLOPT_URL, full) == CURLE_OK)
		rc = 0;
fail:
	C->free(full);
	free(path);
	C->url_cleanup(u);
	return rc;
}

static int apply_settings(struct smtp_session *s, const struct smtp_settings *st)
{
	CURL *c = s->curl;
	long use_ssl = st->tls == SMTP_TLS_REQUIRE ? CURLUSESSL_ALL :
	               st->tls == SMTP_TLS_TRY ? CURLUSESSL_TRY : CURLUSESSL_NONE;
	int bad = 0;

	bad |= set_url(c, st->url, st->ehlo_name) < 0;
	bad |= C->easy_setopt(c, CURLOPT_USE_SSL, use_ssl) != CURLE_OK;
	if (st->user != NULL) {
		bad |= C->easy_setopt(c, CURLOPT_USERNAME, st->user) != CURLE_OK;
		bad |= C->easy_setopt(c, CURLOPT_PASSWORD,
		                        st->password ? st->password : "") != CURLE_OK;
	}
	if (st->ca_file != NULL)
		bad |= C->easy_setopt(c, CURLOPT_CAINFO, st->ca_file) != CURLE_OK;
	bad |= C->easy_setopt(c, CURLOPT_CONNECTTIMEOUT,
	                        st->connect_timeout > 0 ? st->connect_timeout : 30L)
	       != CURLE_OK;
	bad |= C->easy_setopt(c, CURLOPT_TIMEOUT,
	                        st->timeout > 0 ? st->timeout : 300L) != CURLE_OK;
	bad |= C->easy_setopt(c, CURLOPT_NOSIGNAL, 1L) != CURLE_OK;
	bad |= C->easy_setopt(c, CURLOPT_ERRORBUFFER, s->errbuf) != CURLE_OK;
	bad |= C->easy_setopt(c, CURLOPT_UPLOAD, 1L) != CURLE_OK;
	bad |= C->easy_setopt(c, CURLOPT_READFUNCTION, read_cb) != CURLE_OK;
	bad |= C->easy_setopt(c, CURLOPT_READDATA, s) != CURLE_OK;
	bad |= C->easy_setopt(c, CURLOPT_DEBUGFUNCTION, debug_cb) != CURLE_OK;
	bad |= C->easy_setopt(c, CURLOPT_DEBUGDATA, s) != CURLE_OK;
	bad |= C->easy_setopt(c, CURLOPT_VERBOSE, 1L) != CURLE_OK;
	return bad ? -1 : 0;
}

int smtp_settings_exposed(const struct smtp_settings *s)
{
	int creds = 0, loopback = util_url_loopback(s->url, &creds);

	creds |= s->user != NULL;
	return creds && strncasecmp(s->url, "smtps://", 8) != 0 &&
	       s->tls != SMTP_TLS_REQUIRE && loopback != 1 &&
	       !s->allow_plaintext;
}

struct smtp_session *smtp_open_with(const struct smtp_settings *st)
{
	struct smtp_session *s;

	if (!C) {
		static int told;
		char *err = NULL;

		if (!(C = curl_lib(&err))) {
			if (!told++)
				log_msg(LOG_ERR, "smtp: %s; the mail stays in the "
				        "outbox\n", err);
			free(err);
			return NULL;
		}
	}
	if (st == NULL || st->url == NULL || smtp_settings_exposed(st))
		return NULL;
	if ((s = calloc(1, sizeof *s)) == NULL)
		return NULL;
	if ((s->curl = C->easy_init()) == NULL || apply_settings(s, st) < 0) {
		smtp_close(s);
		return NULL;
	}
	return s;
}

struct smtp_session *smtp_open(const char *url)
{
	struct smtp_settings st;

	memset(&st, 0, sizeof st);
	st.url = url;
	return smtp_open_with(&st);
}

/* *err = "smtp: what (server reply TEXT)", with the server's last reply
 * when there was one with a code (kept printable by keep_reply), else
 * "smtp: what (server reply CODE)", or "smtp: what" when there was no
 * code.  what is ours or curl's. */
static void set_err(char **err, const char *what, long code,
                    const char *reply)
{
	char buf[CURL_ERROR_SIZE + SMTP_REPLY_MAX + 64];
	int n;

	if (err == NULL)
		return;
	if (code > 0 && reply && reply[0] >= '4' && reply[0] <= '5')
		n = snprintf(buf, sizeof buf, "smtp: %s (server reply %s)",
		             what, reply);
	else if (code > 0)
		n = snprintf(buf, sizeof buf, "smtp: %s (server reply %ld)",
		             what, code);
	else
		n = snprintf(buf, sizeof buf, "smtp: %s", what);
	if (n < 0 || (size_t)n >= sizeof buf)
		buf[sizeof buf - 1] = '\0';
	*err = strdup(buf);
}

/* "<addr>" in a malloc'ed string, or NULL. */
static char *angle(const char *addr)
{
	size_t n = strlen(addr) + 3;
	char *p = malloc(n);

	if (p != NULL && snprintf(p, n, "<%s>", addr) != (int)n - 1) {
		free(p);
		p = NULL;
	}
	return p;
}

/* Map curl's result, the last reply code and how far the transfer got
 * to an outcome. */
static enum smtp_outcome classify(CURLcode rc, long code, enum phase phase)
{
	if (rc == CURLE_OK)
		return SMTP_SENT;
	/* 421 to RCPT TO or DATA: the relay hangs up on this message (a
	 * Postfix access(5) map may answer one recipient so): the session
	 * is gone as after a lost connection, and the message backs off,
	 * so that it cannot hold back the others on every run. */
	if (code == 421 && phase >= PHASE_RCPT)
		return SMTP_LOST;
	/* 421: the server closes the session, whatever it answered.  530
	 * (authentication required), 534 and 538 (a stronger mechanism or
	 * encryption needed) and 535 (credentials refused) say our
	 * configuration is wrong, not the message. */
	if (code == 421 || code == 530 || code == 534 || code == 535 ||
	    code == 538 || phase == PHASE_SESSION)
		return SMTP_DOWN;
	if (code >= 400 && code <= 499)
		return SMTP_TEMPFAIL;
	if (code >= 500 && code <= 599)
		return SMTP_PERMFAIL;
	return SMTP_LOST;
}

enum smtp_outcome smtp_send(struct smtp_session *s, const char *envelope_from,
                            const char *rcpt, const char *data, size_t len,
                            char **err)
{
	struct curl_slist *rcpts = NULL;
	char *from = NULL, *to = NULL;
	enum smtp_outcome out = SMTP_DOWN;
	long code = 0;
	CURLcode rc;

	if (err != NULL)
		*err = NULL;
	if (s == NULL || rcpt == NULL || data == NULL) {
		set_err(err, "no session, recipient or data", 0, NULL);
		return SMTP_DOWN;
	}
	if (!mail_addr_ok(rcpt) ||
	    (envelope_from && envelope_from[0] && !mail_addr_ok(envelope_from))) {
		set_err(err, "envelope address is not valid", 0, NULL);
		return SMTP_PERMFAIL;
	}
	from = angle(envelope_from ? envelope_from : "");
	to = angle(rcpt);
	if (from == NULL || to == NULL)
		goto oom;
	if ((rcpts = C->slist_append(NULL, to)) == NULL)
		goto oom;
	s->data = data;
	s->len = len;
	s->off = 0;
	s->errbuf[0] = '\0';
	s->reply[0] = '\0';
	s->reply_done = 0;
	s->quitting = 0;
	s->phase = PHASE_SESSION;
	if (C->easy_setopt(s->curl, CURLOPT_MAIL_FROM, from) != CURLE_OK ||
	    C->easy_setopt(s->curl, CURLOPT_MAIL_RCPT, rcpts) != CURLE_OK ||
	    C->easy_setopt(s->curl, CURLOPT_INFILESIZE_LARGE,
	                     (curl_off_t)len) != CURLE_OK)
		goto oom;
	rc = C->easy_perform(s->curl);
	C->easy_getinfo(s->curl, CURLINFO_RESPONSE_CODE, &code);
	out = classify(rc, code, s->phase);
	if (out != SMTP_SENT)
		set_err(err, s->errbuf[0] ? s->errbuf : C->easy_strerror(rc),
		        code >= 400 ? code : 0, s->reply);
	goto done;
oom:
	set_err(err, "out of memory", 0, NULL);
done:
	C->easy_setopt(s->curl, CURLOPT_MAIL_RCPT, NULL);
	C->slist_free_all(rcpts);
	free(from);
	free(to);
	s->data = NULL;
	return out;
}

const char *smtp_last_reply(const struct smtp_session *s)
{
	return s ? s->reply : "";
}

/* Digits at p, 1 to 3 of them, ended by stop: how many, or 0. */
static size_t dsn_part(const char *p, char stop)
{
	size_t n = 0;

	while (n < 4 && p[n] >= '0' && p[n] <= '9')
		n++;
	return n >= 1 && n <= 3 && p[n] == stop ? n : 0;
}

int smtp_reply_dsn(const char *reply, char *buf, size_t len)
{
	const char *p = reply;
	size_t a, b, c;

	/* "NNN X.Y.Z ..." or "NNN-X.Y.Z ...": X is the class of NNN. */
	if (strlen(p) < 9 || p[0] < '2' || p[0] > '5' || p[1] < '0' ||
	    p[1] > '9' || p[2] < '0' || p[2] > '9' || (p[3] != ' ' && p[3] != '-'))
		return -1;
	p += 4;
	if (p[0] != reply[0] || p[1] != '.')
		return -1;
	a = 1;
	if (!(b = dsn_part(p + 2, '.')))
		return -1;
	c = dsn_part(p + 3 + b, ' ');
	if (!c)
		c = dsn_part(p + 3 + b, '\0');
	if (!c || a + 1 + b + 1 + c >= len)
		return -1;
	memcpy(buf, p, a + 1 + b + 1 + c);
	buf[a + 1 + b + 1 + c] = '\0';
	return 0;
}

int smtp_relay_name(const struct smtp_session *s, const char *url, char *buf,
                    size_t len)
{
	char *host = NULL, *ip = NULL;
	long port = 0;
	CURLU *u;
	int n = -1;

	if (!C)
		C = curl_lib(NULL);
	u = C ? C->url() : NULL;
	if (u && C->url_set(u, CURLUPART_URL, url, CURLU_NON_SUPPORT_SCHEME) ==
	    CURLUE_OK)
		C->url_get(u, CURLUPART_HOST, &host, 0);
	if (s && s->curl) {
		C->easy_getinfo(s->curl, CURLINFO_PRIMARY_IP, &ip);
		C->easy_getinfo(s->curl, CURLINFO_PRIMARY_PORT, &port);
	}
	if (host && ip && ip[0] && port > 0)
		n = snprintf(buf, len, "%s[%s]:%ld", host, ip, port);
	else if (host)
		n = snprintf(buf, len, "%s", host);
	if (C) {
		C->free(host);
		C->url_cleanup(u);
	}
	if (n < 0 || (size_t)n >= len) {
		snprintf(buf, len, "?");
		return -1;
	}
	return 0;
}

void smtp_close(struct smtp_session *s)
{
	if (s == NULL)
		return;
	if (s->curl != NULL)
		C->easy_cleanup(s->curl);
	free(s);
}
