/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * smtp.h - delivering composed messages over SMTP with libcurl.
 *
 * One struct smtp_session per run: curl's easy handle keeps the
 * connection open between messages, so a batch sends everything over one
 * connection (SPEC section 4).
 */
#ifndef EPAM_SMTP_H
#define EPAM_SMTP_H

#include <stddef.h>

struct smtp_session;

/* Outcome of one delivery.  What matters to the outbox is whose trouble
 * it was: this message's (a reply to its MAIL, RCPT or DATA) or the
 * relay's (no session to send anything over). */
enum smtp_outcome {
	SMTP_SENT = 0,
	SMTP_TEMPFAIL = 1,   /* a 4xx reply to this message: keep it queued */
	SMTP_PERMFAIL = 2,   /* a 5xx reply to this message: to failed/ */
	SMTP_DOWN = 3,       /* no usable session before this message's MAIL:
	                        no connection, a greeting or EHLO refused,
	                        TLS or AUTH failed, 421 before RCPT, or a 530/534/535/538
	                        reply (our configuration): nothing about
	                        this message is known */
	SMTP_LOST = 4,       /* the connection died (closed, timed out, reply
	                        without a code, or 421 to RCPT or DATA)
	                        while this message's own transaction was
	                        under way */
};

/* How hard to insist on TLS over smtp:// (smtps:// is TLS from the start). */
enum smtp_tls {
	SMTP_TLS_NONE = 0,   /* plain text (a local relay) */
	SMTP_TLS_TRY,        /* STARTTLS when the server offers it */
	SMTP_TLS_REQUIRE,    /* STARTTLS or no delivery (TEMPFAIL) */
};

/* Everything a session needs; strings are copied by smtp_open_with().
 * Zero / NULL fields take the defaults given. */
struct smtp_settings {
	const char *url;          /* "smtp://host[:port]" or "smtps://..."; required */
	enum smtp_tls tls;        /* default SMTP_TLS_NONE */
	const char *user;         /* AUTH user name, or NULL for no AUTH */
	const char *password;     /* AUTH password (secret: never logged) */
	const char *ca_file;      /* PEM bundle to verify the server, or NULL
	                             for the system's */
	long connect_timeout;     /* seconds to connect; default 30 */
	long timeout;             /* seconds for one whole message; default 300 */
	const char *ehlo_name;    /* our name in EHLO, or NULL for curl's
	                             default; must be a plain host name */
	int allow_plaintext;      /* 1: AUTH may go in clear text to a host
	                             outside loopback (smtp_settings_exposed) */
};

/* 1 when settings s would let AUTH go in clear text to a host outside
 * loopback: credentials (s->user, or a user or password in the URL), a
 * URL other than smtps://, tls other than SMTP_TLS_REQUIRE (TRY falls
 * back to clear text when a man in the middle strips STARTTLS), a host
 * that util_url_loopback() does not call loopback (or a URL it cannot
 * read), and allow_plaintext not set.  Else 0. */
int smtp_settings_exposed(const struct smtp_settings *s);

/* Open a session with settings s.  Nothing is connected yet.  Returns NULL
 * when out of memory, when url is missing, when ehlo_name is not a plain
 * host name, or when smtp_settings_exposed(s): AUTH is never sent in
 * clear text to another machine unless allow_plaintext says so; or when
 * libcurl cannot be loaded (util/curl_lib.h: it is loaded by the first
 * session a process opens), which is logged (LOG_ERR, once a process):
 * the caller keeps the mail for a later run as after a relay outage. */
struct smtp_session *smtp_open_with(const struct smtp_settings *s);

/* Open a session for url ("smtp://host:port", "smtps://...") with the
 * defaults of struct smtp_settings.  Nothing is connected yet.  Returns
 * NULL only when out of memory. */
struct smtp_session *smtp_open(const char *url);

/* Send data[0..len) (CRLF message; curl does the dot-stuffing) from
 * envelope_from ("" for the null sender <>) to one recipient, over the
 * session's connection (opened, or reopened, as needed).
 *   SMTP_SENT      the server accepted the message (250 after DATA);
 *   SMTP_PERMFAIL  the server refused it with a 5xx reply to MAIL, RCPT
 *                  or DATA, or an address was unusable (mail_addr_ok);
 *   SMTP_TEMPFAIL  a 4xx reply (other than 421) to MAIL, RCPT or DATA;
 *   SMTP_DOWN      the relay could not be used before the message's MAIL
 *                  command: no connection, timeout, a greeting, EHLO,
 *                  STARTTLS or AUTH refused (a problem of the relay or
 *                  the configuration, not the message's), a 421 reply
 *                  before RCPT, a 530/534/535/538 reply;
 *   SMTP_LOST      the connection failed without a reply code after the
 *                  message's MAIL command was sent, or a 421 answered its
 *                  RCPT or DATA (the relay hangs up on this message).
 * Which command a reply answers is taken from the commands curl sends
 * (its debug callback), not from curl's error texts.
 * On failure *err gets a malloc'ed text (caller frees; NULL when out of
 * memory): "smtp: WHAT (server reply REPLY)" with the server's last
 * reply as smtp_last_reply gives it, when it is a 4xx or 5xx reply, else
 * "smtp: WHAT (server reply CODE)" or "smtp: WHAT". */
enum smtp_outcome smtp_send(struct smtp_session *s, const char *envelope_from,
                            const char *rcpt, const char *data, size_t len,
                            char **err);

/* Bytes kept of a server reply, with the NUL. */
#define SMTP_REPLY_MAX 512

/* The server's last reply in the last smtp_send() on s before any QUIT
 * or RSET (the one to DATA when the mail was sent, the refusal when it
 * was refused; after a lost connection, whatever came last), the lines
 * of a multi-line
 * reply joined by " ": printable ASCII only (untrusted text: CR, LF and
 * control bytes are dropped), at most SMTP_REPLY_MAX - 1 bytes.  "" when
 * there was none.  Points into s: valid until the next smtp_send. */
const char *smtp_last_reply(const struct smtp_session *s);

/* The enhanced status code (RFC 3463) of a reply "NNN X.Y.Z text" into
 * buf of len bytes ("5.1.1"): X must be the class of NNN, Y and Z at
 * most 3 digits each.  Returns 0, or -1 when the reply has none (buf
 * then undefined).  Pure. */
int smtp_reply_dsn(const char *reply, char *buf, size_t len);

/* The relay as a log names it into buf of len bytes: "HOST[IP]:PORT"
 * after a connection on s, else "HOST" of url; never url's user name or
 * password.  Returns 0, or -1 ("?" in buf) when url has no host or it
 * does not fit. */
int smtp_relay_name(const struct smtp_session *s, const char *url, char *buf,
                    size_t len);

void smtp_close(struct smtp_session *s);

#endif
