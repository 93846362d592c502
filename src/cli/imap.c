/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * imap.c - "epamserv batch --imap URL": every unseen mail of an IMAP
 * mailbox (imap://host[:port]/MAILBOX or imaps://...), for cron.
 *
 * libcurl opens the connection, does TLS (imaps://, or STARTTLS on
 * imap:// as imap_tls says, with imap_ca_file) and logs in (imap_user and
 * imap_password_file, else the URL's user:password); the login never
 * goes in clear text to a host outside loopback unless
 * imap_allow_plaintext says so (config_check_imap, exit 78); epamserv
 * then speaks IMAP itself on that connection
 * (CURLOPT_CONNECT_ONLY, curl_easy_send and curl_easy_recv), one
 * connection for the whole run:
 *
 *   SELECT "MAILBOX"
 *   UID SEARCH UNSEEN SINCE d-Mon-yyyy    (maildir_max_days ago)
 *   for each UID, ascending:
 *     UID FETCH uid (INTERNALDATE BODY.PEEK[]<0.max_mail_size+1>)
 *                                  (PEEK: not \Seen; the INTERNALDATE is
 *                                  the delivery time a move counts at,
 *                                  issue 15)
 *     process_mail(), and only when it returns 0:
 *     UID STORE uid +FLAGS.SILENT (\Seen $EpamservDone)
 *   with imap_keep_days set, and UIDPLUS:
 *     UID SEARCH SEEN KEYWORD $EpamservDone UNDELETED BEFORE d-Mon-yyyy
 *     UID STORE set +FLAGS.SILENT (\Deleted), UID EXPUNGE set
 *
 * So a mail is flagged seen only after its effects and replies are
 * committed to the spool; a crash in between leaves it unseen, and the
 * processed-mail record makes the rerun harmless.  A mail that meets a
 * temporary failure (a busy board) stays unseen for the next run.
 *
 * SINCE (by INTERNALDATE, the day the server received the mail) limits
 * the run to mail of the last maildir_max_days days, as cur/ is for
 * "batch --maildir": the processed-mail records are kept seen_days,
 * which the configuration requires to be longer by more than 5 days, so
 * an older mail someone flags unseen again can never be applied twice
 * once its record is pruned.  IMAP dates have no time: the search takes
 * the whole day maildir_max_days ago (UTC; the server may count in its
 * own zone), up to a day more, within that margin.
 *
 * The keyword $EpamservDone (stored only when SELECT's PERMANENTFLAGS
 * allow keywords, \*) marks a mail as processed by us: imap_keep_days
 * expunges only those, never a mail a person flagged \Seen, nor one
 * left unseen (set aside, busy, not yet taken).  UID EXPUNGE removes
 * only the mails named, not what another client flagged \Deleted; a
 * server without UIDPLUS gets a warning and keeps its mail.
 *
 * Why not libcurl's own IMAP requests: in libcurl 7.88 (Debian 12) a
 * CURLOPT_CUSTOMREQUEST "UID FETCH n BODY.PEEK[]" gives the write
 * callback only the first response line ("* 1 FETCH (UID n BODY[]
 * {84}"); the message itself reaches the header callback line by line,
 * and its length is not honoured: a line of the message that reads like
 * the command's tag ("A006 OK") ends the response there, and the rest of
 * the message is then read as the answers to the next commands, so one
 * mail could hide or forge the ones after it.  The URL form
 * (MAILBOX/;UID=n) frames the literal but fetches BODY[], which sets
 * \Seen before the mail is saved.  Here a literal is read by its length.
 */
#include "cli/cli.h"
#include "services/outmail.h"
#include "services/robot.h"
#include "pipeline/process.h"
#include "mail/mail.h"
#include "util/buf.h"
#include "util/curl_lib.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <curl/curl.h>

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>

#define IMAP_CONNECT_TIMEOUT 30L    /* seconds to connect and log in */
#define IMAP_TIMEOUT 120            /* seconds of silence from the server */
#define IMAP_LINE_MAX (16u << 20)   /* one response line (a long SEARCH) */

struct imap {
	CURL *curl;
	curl_socket_t sock;
	char errbuf[CURL_ERROR_SIZE];
	char *in;            /* received, not yet consumed: in[start..len) */
	size_t start, len, cap;
	unsigned tag;
	int broken;          /* the connection failed: stop using it */
	char err[512];       /* what went wrong (never the password) */
	char code[40];       /* the response code ("[AUTHENTICATIONFAILED]")
	                        of the last line the server sent while
	                        libcurl logged in, or "" */
	int uidplus;         /* CAPABILITY named UIDPLUS (UID EXPUNGE) */
	int keywords;        /* SELECT's PERMANENTFLAGS hold \*: a keyword
	                        such as IMAP_DONE may be stored */
};

/* libcurl, loaded by cli_batch_imap before anything else here runs. */
static const struct curl_lib *C;

/* The keyword stored with \Seen on each mail processed (when the
 * mailbox takes keywords): imap_keep_days expunges only those, never a
 * mail a person flagged \Seen. */
#define IMAP_DONE "$EpamservDone"

/* What the untagged responses of one command carried. */
struct reply {
	unsigned long *uids; /* * SEARCH */
	size_t nuids, capuids;
	unsigned long uid;   /* the UID fetched, 0 for none */
	size_t max;          /* keep at most this much of the body */
	struct buf body;
	int got_body, truncated;
	time_t internaldate; /* the fetched mail's INTERNALDATE, 0 if none */
	char status[200];    /* the tagged reply's text, cleaned */
};

static void set_err(struct imap *im, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void set_err(struct imap *im, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(im->err, sizeof im->err, fmt, ap);
	va_end(ap);
	im->broken = 1;
}

/* A server's text made printable and short, for a message. */
static void clean_copy(char *dst, size_t size, const char *src)
{
	size_t i;

	for (i = 0; i + 1 < size && src[i]; i++)
		dst[i] = (src[i] >= 0x20 && src[i] < 0x7f) ? src[i] : '?';
	dst[i] = '\0';
}

static int wait_sock(struct imap *im, short events)
{
	struct pollfd p;
	int n;

	p.fd = im->sock;
	p.events = events;
	p.revents = 0;
	do
		n = poll(&p, 1, IMAP_TIMEOUT * 1000);
	while (n < 0 && errno == EINTR);
	if (n == 0)
		set_err(im, "no answer from the IMAP server for %d seconds",
		        IMAP_TIMEOUT);
	else if (n < 0)
		set_err(im, "poll: %s", strerror(errno));
	return n > 0 ? 0 : -1;
}

static int send_all(struct imap *im, const char *data, size_t len)
{
	while (len > 0) {
		size_t n = 0;
		CURLcode rc = C->easy_send(im->curl, data, len, &n);

		if (rc == CURLE_AGAIN) {
			if (wait_sock(im, POLLOUT) < 0)
				return -1;
			continue;
		}
		if (rc != CURLE_OK) {
			set_err(im, "cannot write to the IMAP server: %s",
			        C->easy_strerror(rc));
			return -1;
		}
		data += n;
		len -= n;
	}
	return 0;
}

/* Read more from the server into im->in. */
static int fill(struct imap *im)
{
	if (im->start > 0) {
		memmove(im->in, im->in + im->start, im->len - im->start);
		im->len -= im->start;
		im->start = 0;
	}
	if (im->cap - im->len < 16384) {
		im->cap = im->cap ? im->cap * 2 : 65536;
		im->in = xrealloc(im->in, im->cap);
	}
	for (;;) {
		size_t n = 0;
		CURLcode rc = C->easy_recv(im->curl, im->in + im->len,
		                             im->cap - im->len - 1, &n);

		if (rc == CURLE_AGAIN) {
			if (wait_sock(im, POLLIN) < 0)
				return -1;
			continue;
		}
		if (rc != CURLE_OK) {
			set_err(im, "cannot read from the IMAP server: %s",
			        C->easy_strerror(rc));
			return -1;
		}
		if (n == 0) {
			set_err(im, "the IMAP server closed the connection");
			return -1;
		}
		im->len += n;
		return 0;
	}
}

/* The next line without its CRLF (NUL-terminated, valid until the next
 * read), consumed. */
static char *get_line(struct imap *im, size_t *n)
{
	size_t scanned = 0;
	char *line, *lf;

	for (;;) {
		lf = im->len - im->start > scanned ?
		     memchr(im->in + im->start + scanned, '\n',
		            im->len - im->start - scanned) : NULL;
		if (lf)
			break;
		scanned = im->len - im->start;
		if (scanned > IMAP_LINE_MAX) {
			set_err(im, "a line from the IMAP server is too long");
			return NULL;
		}
		if (fill(im) < 0)
			return NULL;
	}
	line = im->in + im->start;
	*n = (size_t)(lf - line);
	im->start += *n + 1;
	if (*n > 0 && line[*n - 1] == '\r')
		(*n)--;
	line[*n] = '\0';
	return line;
}

/* Consume a literal of n bytes, keeping up to keep_max of them in keep
 * (when keep is not NULL). */
static int read_literal(struct imap *im, unsigned long long n,
                        struct buf *keep, size_t keep_max, int *truncated)
{
	while (n > 0) {
		size_t have = im->len - im->start, take;

		if (have == 0) {
			if (fill(im) < 0)
				return -1;
			continue;
		}
		take = have < n ? have : (size_t)n;
		if (keep) {
			size_t room = keep_max > keep->len ? keep_max - keep->len : 0;
			buf_append(keep, im->in + im->start, take < room ? take : room);
			if (take > room)
				*truncated = 1;
		}
		im->start += take;
		n -= take;
	}
	return 0;
}

/* The size of the literal a line ends with ("... {123}"), or -1. */
static long long literal_size(const char *line, size_t n)
{
	unsigned long long v = 0;
	size_t i;

	if (n < 3 || line[n - 1] != '}')
		return -1;
	i = n - 1;
	while (i > 0 && isdigit((unsigned char)line[i - 1]))
		i--;
	if (i == 0 || line[i - 1] != '{' || i == n - 1 || n - 1 - i > 12)
		return -1;
	for (; i < n - 1; i++)
		v = v * 10 + (unsigned)(line[i] - '0');
	return (long long)v;
}

/* The number after "UID " in a FETCH response's text, or 0. */
static unsigned long fetch_uid(const char *text)
{
	const char *p = text;

	while ((p = strstr(p, "UID ")) != NULL) {
		if (p > text && (p[-1] == '(' || p[-1] == ' ') &&
		    isdigit((unsigned char)p[4]))
			return strtoul(p + 4, NULL, 10);
		p += 4;
	}
	return 0;
}

static void add_uid(struct reply *r, unsigned long uid)
{
	if (r->nuids == r->capuids) {
		r->capuids = r->capuids ? r->capuids * 2 : 64;
		r->uids = xrealloc(r->uids, r->capuids * sizeof *r->uids);
	}
	r->uids[r->nuids++] = uid;
}

/* The INTERNALDATE "dd-Mon-yyyy hh:mm:ss +zzzz" of a FETCH response's
 * text (its literals left out, so never a mail's own words), or 0. */
static time_t fetch_internaldate(const char *text)
{
	const char *p = text;

	while ((p = strstr(p, "INTERNALDATE \"")) != NULL) {
		if (p > text && (p[-1] == '(' || p[-1] == ' '))
			return (time_t)mail_internaldate_time(p + 13);
		p += 13;
	}
	return 0;
}

/* One untagged response whose first line is line (n bytes): its literals
 * are read by their length; a FETCH's BODY[] of r->uid goes to r->body. */
/* Whether the n bytes at line hold word as a whole atom (after a blank
 * or '(', before a blank, ')' or ']' or the end), any case. */
static int has_atom(const char *line, size_t n, const char *word)
{
	size_t k = strlen(word), i;

	for (i = 1; i + k <= n; i++)
		if ((line[i - 1] == ' ' || line[i - 1] == '(') &&
		    strncasecmp(line + i, word, k) == 0 &&
		    (i + k == n || line[i + k] == ' ' || line[i + k] == ')' ||
		     line[i + k] == ']'))
			return 1;
	return 0;
}

/* What an untagged line tells of the server: "* CAPABILITY ... UIDPLUS",
 * "* OK [PERMANENTFLAGS (... \*)]". */
static void note_abilities(struct imap *im, const char *line, size_t n)
{
	const char *p;

	if (n > 13 && strncasecmp(line, "* CAPABILITY ", 13) == 0)
		im->uidplus = has_atom(line, n, "UIDPLUS");
	else if (n > 22 && strncasecmp(line, "* OK [PERMANENTFLAGS (", 22) == 0 &&
	         (p = memchr(line + 22, ')', n - 22)) != NULL)
		im->keywords = has_atom(line + 21, (size_t)(p + 1 - (line + 21)),
		                        "\\*");
}

static int untagged(struct imap *im, const char *line, size_t n,
                    struct reply *r)
{
	struct buf text = BUF_INIT, body = BUF_INIT;
	int is_fetch, got_body = 0, truncated = 0, rc = -1;
	long long size;
	const char *p;

	buf_append(&text, line, n);
	note_abilities(im, line, n);
	if (strncmp(line, "* SEARCH", 8) == 0 && r) {
		for (p = line + 8; *p == ' ';) {
			char *end;
			unsigned long v = strtoul(p + 1, &end, 10);
			if (end == p + 1)
				break;
			if (v > 0)
				add_uid(r, v);
			p = end;
		}
	}
	p = line + 2;
	while (isdigit((unsigned char)*p))
		p++;
	is_fetch = p > line + 2 && strncmp(p, " FETCH (", 8) == 0;
	while ((size = literal_size(buf_str(&text), text.len)) >= 0) {
		const char *t = buf_str(&text);
		size_t pre = text.len - (size_t)(strrchr(t, '{') - t);
		int want = r && r->uid && is_fetch && !got_body &&
		           ((text.len >= pre + 7 &&
		             memcmp(t + text.len - pre - 7, "BODY[] ", 7) == 0) ||
		            (text.len >= pre + 10 &&
		             memcmp(t + text.len - pre - 10, "BODY[]<0> ", 10) == 0));

		if (read_literal(im, (unsigned long long)size, want ? &body : NULL,
		                 r ? r->max : 0, &truncated) < 0)
			goto out;
		got_body |= want;
		line = get_line(im, &n);
		if (!line)
			goto out;
		buf_append(&text, line, n);
	}
	if (got_body && fetch_uid(buf_str(&text)) == r->uid) {
		buf_free(&r->body);
		r->body = body;
		body.data = NULL;
		r->got_body = 1;
		r->truncated = truncated;
		r->internaldate = fetch_internaldate(buf_str(&text));
	}
	rc = 0;
out:
	buf_free(&text);
	buf_free(&body);
	return rc;
}

/* Send "TAG cmd" and read the responses up to the tagged one.
 * Returns 0 for OK, 1 for NO or BAD (r->status says why), -1 when the
 * connection failed (im->err). */
static int command(struct imap *im, struct reply *r, const char *cmd_text)
{
	struct buf cmd = BUF_INIT;
	char tag[16], *line;
	size_t n, taglen;
	int rc;

	if (im->broken)
		return -1;
	taglen = (size_t)snprintf(tag, sizeof tag, "e%u", ++im->tag);
	buf_printf(&cmd, "%s %s\r\n", tag, cmd_text);
	rc = send_all(im, buf_str(&cmd), cmd.len);
	buf_free(&cmd);
	if (rc < 0)
		return -1;
	for (;;) {
		line = get_line(im, &n);
		if (!line)
			return -1;
		if (n > taglen && memcmp(line, tag, taglen) == 0 &&
		    line[taglen] == ' ')
			break;
		if (line[0] == '*' && line[1] == ' ') {
			if (untagged(im, line, n, r) < 0)
				return -1;
		} else {
			/* "+ " (we send no literals) or garbage. */
			set_err(im, "unexpected reply from the IMAP server");
			return -1;
		}
	}
	line += taglen + 1;
	if (r)
		clean_copy(r->status, sizeof r->status, line);
	if (strncasecmp(line, "OK", 2) == 0 && (line[2] == ' ' || !line[2]))
		return 0;
	if ((strncasecmp(line, "NO", 2) == 0 && (line[2] == ' ' || !line[2])) ||
	    (strncasecmp(line, "BAD", 3) == 0 && (line[3] == ' ' || !line[3])))
		return 1;
	set_err(im, "unexpected reply from the IMAP server");
	return -1;
}

static void reply_free(struct reply *r)
{
	free(r->uids);
	buf_free(&r->body);
	memset(r, 0, sizeof *r);
}

/* The mailbox of the URL as an IMAP quoted string ("INBOX" when the URL
 * has no path), or NULL with *why. */
static char *mailbox_of(const char *url, const char **why)
{
	struct buf q = BUF_INIT;
	CURLU *u = C->url();
	char *path = NULL, *p, *end;

	*why = "not a URL";
	if (!u || C->url_set(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
	    C->url_get(u, CURLUPART_PATH, &path, CURLU_URLDECODE) != CURLUE_OK) {
		C->free(path);
		C->url_cleanup(u);
		return NULL;
	}
	C->url_cleanup(u);
	p = path;
	while (*p == '/')
		p++;
	end = p + strcspn(p, ";");           /* curl's ;UID=... parameters */
	while (end > p && end[-1] == '/')
		end--;
	if (end == p) {
		p = "INBOX";
		end = p + 5;
	}
	buf_puts(&q, "\"");
	for (; p < end; p++) {
		unsigned char c = (unsigned char)*p;
		if (c < 0x20 || c >= 0x7f) {
			*why = "the mailbox name must be printable ASCII (IMAP's "
			       "modified UTF-7 for other characters)";
			buf_free(&q);
			C->free(path);
			return NULL;
		}
		if (c == '"' || c == '\\')
			buf_puts(&q, "\\");
		buf_append(&q, p, 1);
	}
	buf_puts(&q, "\"");
	C->free(path);
	return buf_take(&q);
}

/* Connect and log in; returns 0, or -1 with im->err. */
/* The response code of an IMAP status line ("TAG NO [CODE] text", "*
 * OK [CODE] ...") into buf, brackets included and cleaned, or "". */
static void response_code(const char *line, size_t n, char *buf, size_t len)
{
	const char *p = memchr(line, '[', n), *q;

	buf[0] = '\0';
	if (p == NULL || (q = memchr(p, ']', n - (size_t)(p - line))) == NULL ||
	    (size_t)(q - p) + 2 > len)
		return;
	memcpy(buf, p, (size_t)(q - p) + 1);
	buf[q - p + 1] = '\0';
	clean_copy(buf, len, buf);
}

/* libcurl's debug callback while it connects and logs in: keeps the
 * response code of the last line the server sent (never what we sent:
 * that holds the password). */
static int login_debug(CURL *c, curl_infotype type, char *data, size_t size,
                       void *arg)
{
	struct imap *im = arg;

	(void)c;
	if (type == CURLINFO_HEADER_IN)
		response_code(data, size, im->code, sizeof im->code);
	return 0;
}

/* Response codes (RFC 5530) that say a refusal will pass by itself: the
 * server, not the settings, is in trouble. */
static int code_temporary(const char *code)
{
	static const char *const temp[] = {
		"[UNAVAILABLE", "[INUSE", "[SERVERBUG", "[LIMIT", "[CORRUPTION",
		NULL
	};
	int i;

	for (i = 0; temp[i]; i++)
		if (strncasecmp(code, temp[i], strlen(temp[i])) == 0 &&
		    (code[strlen(temp[i])] == ']' || code[strlen(temp[i])] == ' '))
			return 1;
	return 0;
}

/* Connect and log in.  Returns 0, EXIT_TEMPFAIL (the server cannot be
 * reached or used now) or EXIT_CONFIG (the server refused the login for
 * good: wrong user or password); im->err says why. */
static int imap_open(struct imap *im, const struct config *cfg,
                     const char *url, const char *password)
{
	CURLcode rc;
	curl_socket_t s = CURL_SOCKET_BAD;
	int bad = 0;

	if (C->global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK ||
	    (im->curl = C->easy_init()) == NULL) {
		set_err(im, "cannot start libcurl");
		return -1;
	}
	bad |= C->easy_setopt(im->curl, CURLOPT_URL, url) != CURLE_OK;
	bad |= C->easy_setopt(im->curl, CURLOPT_CONNECT_ONLY, 1L) != CURLE_OK;
	bad |= C->easy_setopt(im->curl, CURLOPT_NOSIGNAL, 1L) != CURLE_OK;
	bad |= C->easy_setopt(im->curl, CURLOPT_ERRORBUFFER, im->errbuf)
	       != CURLE_OK;
	bad |= C->easy_setopt(im->curl, CURLOPT_CONNECTTIMEOUT,
	                        IMAP_CONNECT_TIMEOUT) != CURLE_OK;
	bad |= C->easy_setopt(im->curl, CURLOPT_TIMEOUT,
	                        IMAP_CONNECT_TIMEOUT * 2) != CURLE_OK;
	bad |= C->easy_setopt(im->curl, CURLOPT_DEBUGFUNCTION, login_debug)
	       != CURLE_OK;
	bad |= C->easy_setopt(im->curl, CURLOPT_DEBUGDATA, im) != CURLE_OK;
	bad |= C->easy_setopt(im->curl, CURLOPT_VERBOSE, 1L) != CURLE_OK;
	if (*cfg->imap_user) {
		bad |= C->easy_setopt(im->curl, CURLOPT_USERNAME, cfg->imap_user)
		       != CURLE_OK;
		bad |= C->easy_setopt(im->curl, CURLOPT_PASSWORD, password)
		       != CURLE_OK;
	}
	if (*cfg->imap_ca_file)
		bad |= C->easy_setopt(im->curl, CURLOPT_CAINFO, cfg->imap_ca_file)
		       != CURLE_OK;
	/* STARTTLS on imap:// (imaps:// is TLS from the start). */
	bad |= C->easy_setopt(im->curl, CURLOPT_USE_SSL,
	                        cfg->imap_tls == 2 ? (long)CURLUSESSL_ALL :
	                        cfg->imap_tls == 1 ? (long)CURLUSESSL_TRY :
	                        (long)CURLUSESSL_NONE) != CURLE_OK;
	if (bad) {
		set_err(im, "libcurl refused the IMAP settings");
		return EXIT_TEMPFAIL;
	}
	rc = C->easy_perform(im->curl);
	C->easy_setopt(im->curl, CURLOPT_VERBOSE, 0L);
	if (rc == CURLE_LOGIN_DENIED && code_temporary(im->code)) {
		set_err(im, "the IMAP server cannot check the login now %s; "
		        "will retry", im->code);
		return EXIT_TEMPFAIL;
	}
	if (rc == CURLE_LOGIN_DENIED) {
		set_err(im, "the IMAP server refused the login%s%s%s%s: fix "
		        "imap_user and imap_password_file (or the URL's user)",
		        *cfg->imap_user ? " of " : "", cfg->imap_user,
		        *im->code ? " " : "", im->code);
		return EXIT_CONFIG;
	}
	if (rc == CURLE_USE_SSL_FAILED) {
		set_err(im, "the IMAP server offers no STARTTLS and imap_tls = "
		        "require: use imaps://, or imap_tls = none for a server on "
		        "loopback");
		return EXIT_TEMPFAIL;
	}
	if (rc != CURLE_OK) {
		set_err(im, "cannot reach the IMAP server: %s",
		        im->errbuf[0] ? im->errbuf : C->easy_strerror(rc));
		return EXIT_TEMPFAIL;
	}
	if (C->easy_getinfo(im->curl, CURLINFO_ACTIVESOCKET, &s) != CURLE_OK ||
	    s == CURL_SOCKET_BAD) {
		set_err(im, "libcurl gave no IMAP connection");
		return EXIT_TEMPFAIL;
	}
	im->sock = s;
	return 0;
}

static void imap_close(struct imap *im)
{
	if (im->curl && !im->broken) {
		struct reply r;

		memset(&r, 0, sizeof r);
		command(im, &r, "LOGOUT");
		reply_free(&r);
	}
	/* curl would say LOGOUT again on its way out: the connection is
	 * ours, close it first. */
	if (im->curl && im->sock != CURL_SOCKET_BAD)
		shutdown(im->sock, SHUT_RDWR);
	if (im->curl)
		C->easy_cleanup(im->curl);
	free(im->in);
	im->curl = NULL;
	im->in = NULL;
}

/* The IMAP date (RFC 3501 date: d-Mon-yyyy, in English, UTC) of time t
 * into buf. */
static void imap_date(time_t t, char *buf, size_t len)
{
	static const char *const mon[] = { "Jan", "Feb", "Mar", "Apr", "May",
		"Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	struct tm tm;

	if (!gmtime_r(&t, &tm))
		memset(&tm, 0, sizeof tm);  /* 0-Jan-1900: takes everything */
	snprintf(buf, len, "%d-%s-%d", tm.tm_mday, mon[tm.tm_mon % 12],
	         tm.tm_year + 1900);
}

static int uid_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/* Fetch, process and flag one mail.  Returns 0 handled, 75 left for the
 * next run; the connection may be broken afterwards. */
static int imap_one(const struct config *cfg, struct imap *im,
                    unsigned long uid)
{
	struct reply r;
	char cmd[128];
	int rc;

	memset(&r, 0, sizeof r);
	r.uid = uid;
	r.max = cfg->max_mail_size;
	snprintf(cmd, sizeof cmd, "UID FETCH %lu (INTERNALDATE BODY.PEEK[]<0.%zu>)",
	         uid, cfg->max_mail_size + 1);
	rc = command(im, &r, cmd);
	if (rc != 0 || !r.got_body) {
		/* (No body with OK: expunged meanwhile, and gone from the next
		 * run's search.) */
		if (rc >= 0)
			log_msg(LOG_ERR, "batch: cannot fetch IMAP UID %lu: %s\n", uid,
			        rc > 0 ? r.status : "no message in the reply");
		reply_free(&r);
		return EXIT_TEMPFAIL;
	}
	rc = process_mail_at(cfg, buf_str(&r.body), r.body.len, r.truncated,
	                     r.internaldate);
	reply_free(&r);
	if (rc != 0)
		return EXIT_TEMPFAIL;
	snprintf(cmd, sizeof cmd, "UID STORE %lu +FLAGS.SILENT (\\Seen%s)", uid,
	         im->keywords ? " " IMAP_DONE : "");
	rc = command(im, &r, cmd);
	if (rc > 0)
		log_msg(LOG_ERR, "batch: cannot flag IMAP UID %lu as "
		        "seen: %s\n", uid, r.status);
	reply_free(&r);
	return rc == 0 ? 0 : EXIT_TEMPFAIL;
}

/* Run "UID cmd SET rest" over the n UIDs, a few hundred at a time.
 * Returns 0, or the first failure of command(). */
static int uid_command(struct imap *im, const char *cmd, const char *rest,
                       const unsigned long *uids, size_t n)
{
	struct buf c = BUF_INIT;
	struct reply r;
	size_t i = 0, k;
	int rc = 0;

	while (rc == 0 && i < n) {
		buf_reset(&c);
		buf_printf(&c, "UID %s ", cmd);
		for (k = 0; i < n && k < 200; i++, k++)
			buf_printf(&c, "%s%lu", k ? "," : "", uids[i]);
		buf_printf(&c, "%s", rest);
		memset(&r, 0, sizeof r);
		rc = command(im, &r, buf_str(&c));
		if (rc > 0)
			log_msg(LOG_WARNING, "batch: the IMAP server refused UID %s: "
			        "%s\n", cmd, r.status);
		reply_free(&r);
	}
	buf_free(&c);
	return rc;
}

/* imap_keep_days: flag \Deleted and expunge (UID EXPUNGE: those mails
 * only, never another client's \Deleted) the mails this program
 * processed (\Seen and IMAP_DONE) received before that many days ago.
 * Without UIDPLUS, or a mailbox that takes no keywords, a warning and
 * nothing removed.  Returns how many were expunged. */
static long imap_expire(const struct config *cfg, struct imap *im)
{
	char date[32], cmd[128];
	struct reply r;
	long n = 0;

	memset(&r, 0, sizeof r);
	if (command(im, &r, "CAPABILITY") != 0)
		goto out;
	if (!im->uidplus || !im->keywords) {
		log_msg(LOG_WARNING, "batch: imap_keep_days is set but the IMAP "
		        "server %s: processed mail is kept\n", !im->uidplus ?
		        "has no UIDPLUS (no UID EXPUNGE, which removes only the "
		        "mails meant)" : "takes no keywords on this mailbox (the "
		        "processed mails are not marked " IMAP_DONE ")");
		goto out;
	}
	imap_date(util_now() - (time_t)cfg->imap_keep_days * 86400, date,
	          sizeof date);
	snprintf(cmd, sizeof cmd, "UID SEARCH SEEN KEYWORD %s UNDELETED "
	         "BEFORE %s", IMAP_DONE, date);
	reply_free(&r);
	if (command(im, &r, cmd) != 0 || r.nuids == 0)
		goto out;
	if (uid_command(im, "STORE", " +FLAGS.SILENT (\\Deleted)", r.uids,
	                r.nuids) == 0 &&
	    uid_command(im, "EXPUNGE", "", r.uids, r.nuids) == 0)
		n = (long)r.nuids;
out:
	reply_free(&r);
	return n;
}

int cli_batch_imap(const struct config *cfg, const char *url)
{
	struct imap im;
	struct reply r;
	char *password, *err = NULL, *mailbox, *select, code[40], date[32];
	char search[64];
	const char *why, *warning;
	size_t i, n;
	int rc, status, done = 0, retry = 0;
	long expunged;

	if (strncasecmp(url, "imap://", 7) != 0 &&
	    strncasecmp(url, "imaps://", 8) != 0) {
		/* a usage error, for the operator: not a log line */
		fprintf(stderr, _("epamserv: batch --imap: the URL must start "
		        "with imap:// or imaps://\n"));
		return EXIT_USAGE;
	}
	/* The mail stays on the server: tried again like an outage. */
	if (!(C = curl_lib(&err))) {
		log_msg(LOG_ERR, "batch: %s; the mail stays on the IMAP "
		        "server\n", err);
		free(err);
		return EXIT_TEMPFAIL;
	}
	mailbox = mailbox_of(url, &why);
	if (!mailbox) {
		/* TRANSLATORS: %s says what is wrong with the URL (English). */
		fprintf(stderr, _("epamserv: batch --imap: bad URL: %s\n"), why);
		return EXIT_USAGE;
	}
	if (config_check_imap(cfg, url, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		free(mailbox);
		return EXIT_CONFIG;
	}
	if ((warning = config_url_password_warning(url)) != NULL)
		log_msg(LOG_WARNING, "warning: %s\n", warning);
	password = config_imap_password(cfg, &err);
	if (!password) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		free(mailbox);
		return EXIT_CONFIG;
	}
	memset(&im, 0, sizeof im);
	im.sock = CURL_SOCKET_BAD;
	memset(&r, 0, sizeof r);
	status = imap_open(&im, cfg, url, password);
	memset(password, 0, strlen(password));
	free(password);
	rc = status ? -1 : 0;
	select = xmalloc(strlen(mailbox) + 8);
	sprintf(select, "SELECT %s", mailbox);
	if (rc == 0 && (rc = command(&im, &r, select)) > 0) {
		/* No such mailbox, no right to it: the URL is wrong, and no
		 * retry mends it; only a server in trouble says try later. */
		response_code(r.status, strlen(r.status), code, sizeof code);
		status = code_temporary(code) ? EXIT_TEMPFAIL : EXIT_CONFIG;
		log_msg(LOG_ERR, "batch: cannot open the mailbox %s: %s%s\n",
		        mailbox, r.status, status == EXIT_CONFIG ? " (fix the "
		        "mailbox in the URL)" : "");
	}
	reply_free(&r);
	imap_date(util_now() - (time_t)cfg->maildir_max_days * 86400, date,
	          sizeof date);
	snprintf(search, sizeof search, "UID SEARCH UNSEEN SINCE %s", date);
	if (rc == 0 && (rc = command(&im, &r, search)) > 0)
		log_msg(LOG_ERR, "batch: the IMAP server refused "
		        "%s: %s\n", search, r.status);
	free(mailbox);
	free(select);
	if (rc != 0) {
		if (rc < 0)
			log_msg(LOG_ERR, "batch: %s\n", im.err);
		reply_free(&r);
		imap_close(&im);
		return status ? status : EXIT_TEMPFAIL;
	}
	n = r.nuids;
	if (n)
		qsort(r.uids, n, sizeof *r.uids, uid_cmp);
	for (i = 0; i < n; i++) {
		if (i > 0 && r.uids[i] == r.uids[i - 1])
			continue;
		if (im.broken || imap_one(cfg, &im, r.uids[i]) != 0)
			retry++;
		else
			done++;
	}
	reply_free(&r);
	if (cfg->imap_keep_days && !im.broken &&
	    (expunged = imap_expire(cfg, &im)) > 0)
		log_msg(LOG_INFO, "batch: expunged=%ld processed mails older than "
		        "imap_keep_days (%d)\n", expunged, cfg->imap_keep_days);
	if (im.broken)
		log_msg(LOG_ERR, "batch: %s\n", im.err);
	imap_close(&im);
	/* the run's mail, then the robots' answers (issue 16, issue 35) */
	cli_mail_first(cfg, 1);
	/* as batch.c's: mails= counts the robots' replies too */
	log_msg(LOG_INFO, "batch: handled=%d left=%d mails=%lu\n", done, retry,
	        reply_queued_total());
	return retry ? EXIT_TEMPFAIL : 0;
}
