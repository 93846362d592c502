/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * mail.h - mail in and mail out, at the edge of the program.
 *
 * Everything that arrives by mail is untrusted.  mail_parse() turns one raw
 * RFC 5322 message into a plain struct mail_in of UTF-8 strings, so that
 * nothing deeper than src/mail/ ever touches libetpan types.  mail_compose()
 * builds one outgoing RFC 5322 message (CRLF, UTF-8, every user-supplied
 * header text RFC 2047-encoded, so CR/LF injection is impossible).
 * SMTP delivery with libcurl lives in smtp.h.
 */
#ifndef EPAM_MAIL_H
#define EPAM_MAIL_H

#include <stddef.h>

/* One incoming message, decoded.  Every string is NUL-terminated UTF-8,
 * heap-allocated and owned by the struct (free with mail_in_free);
 * a missing header gives NULL, never "". */
struct mail_in {
	char *message_id;     /* Message-ID without <>, or NULL */
	char *from_addr;      /* addr-spec of From:, e.g. "alice@example.org" */
	char *from_name;      /* display name of From:, decoded, or NULL */
	char *reply_to_addr;  /* addr-spec of Reply-To:, or NULL */
	char *return_path;    /* Return-Path: addr-spec; "" for <>; NULL if absent */
	char *subject;        /* decoded (RFC 2047), unfolded, or NULL */
	char *date;           /* raw Date: header, or NULL */
	char *in_reply_to;    /* raw In-Reply-To:, or NULL */
	char *references;     /* raw References:, or NULL */
	char *auto_submitted; /* raw Auto-Submitted:, or NULL */
	char *precedence;     /* raw Precedence:, or NULL */
	char *x_loop;         /* raw X-Loop:, or NULL */
	char *content_language; /* raw Content-Language: ("de-DE"), or NULL */
	int has_list_id;      /* List-Id: present */
	int has_x_autoreply;  /* X-Autoreply: / X-Autorespond: present */
	int is_report;        /* top-level multipart/report */
	int spam_flagged;     /* X-Spam-Flag: YES or X-Spam-Status: Yes (the
	                         first field of each, as the MTA adds them) */
	long long received;   /* the date of the topmost Received field
	                         (the one the last MTA added), seconds
	                         since the epoch; 0 when there is none or
	                         its date does not parse.  Untrusted: the
	                         caller decides whether that MTA was ours */
	char *body;           /* the text of the message: text/plain part
	                         preferred, charset converted to UTF-8,
	                         transfer encoding undone, line ends LF;
	                         "" when there is no text part */
};

/* Limits checked before the parser runs (hostile input, SPEC section 3). */
#define MAIL_MAX_SIZE_DEFAULT (1024 * 1024)  /* bytes */
#define MAIL_MAX_DEPTH 16                    /* MIME nesting levels */

/* Parse raw[0..len) (a leading mbox "From " line is skipped).
 * Returns 0 and fills *out, or -1 with a malloc'ed message in *err
 * (caller frees) when the message cannot be read at all.
 * A message with garbage in it still parses as far as it can. */
int mail_parse(const char *raw, size_t len, struct mail_in *out, char **err);

/* The same with the size limit given (bytes; the configured limit).
 * Errors (-1, *err malloc'ed, *out zeroed): raw is NULL; len > max_size;
 * MIME nesting deeper than MAIL_MAX_DEPTH or comments "((...))" nested
 * deeper than 200 in a header (both bounded before libetpan runs, since
 * its parsers recurse); out of memory.  Anything else parses: a field
 * that cannot be read is NULL, a body that cannot be found is "". */
int mail_parse_limits(const char *raw, size_t len, size_t max_size,
                      struct mail_in *out, char **err);
void mail_in_free(struct mail_in *m);

/* The longest List-Unsubscribe URL mail_compose takes (octets): its
 * field stays one line within the 998 of RFC 5322. */
#define MAIL_UNSUBSCRIBE_MAX 900

/* One outgoing message. Strings are borrowed, not freed by compose. */
struct mail_out {
	const char *from;          /* "epamserv <epamserv@example.org>" as configured */
	const char *to_addr;       /* one addr-spec (checked: no CR, LF, <, >) */
	const char *to_name;       /* display name or NULL; encoded as needed */
	const char *subject;       /* UTF-8; RFC 2047-encoded when not plain ASCII */
	const char *message_id;    /* without <>, e.g. "b101.7.alice.1a2b@example.org" */
	const char *in_reply_to;   /* without <>, or NULL */
	const char *references;    /* space-separated ids without <>, or NULL */
	const char *auto_submitted;/* "auto-generated" or "auto-replied" */
	const char *x_loop;        /* our X-Loop value, e.g. "epamserv@example.org" */
	const char *list_unsubscribe; /* a mailto: URL (RFC 2369) written as
	                              List-Unsubscribe: <URL>, or NULL for
	                              none; printable ASCII without blanks,
	                              '<' or '>', at most
	                              MAIL_UNSUBSCRIBE_MAX octets */
	const char *date;          /* RFC 5322 date text, or NULL for now */
	const char *text;          /* text/plain body, UTF-8, LF or CRLF */
	const char *html;          /* text/html alternative, or NULL for text only */
	/* A file attached (issue 18, game records), or attach NULL for
	 * none: the message is then multipart/mixed, the body (text, or the
	 * alternative) first, then the file in base64 with Content-
	 * Disposition: attachment.  attach_name is its filename (1-64 of
	 * A-Z a-z 0-9 . _ -, not starting with '.'); attach_type a MIME type
	 * we chose ("text/plain; charset=UTF-8", "application/json"). */
	const char *attach;        /* the file's bytes, NUL-terminated */
	const char *attach_name;
	const char *attach_type;
};

/* Build the message: CRLF line ends, UTF-8, quoted-printable bodies,
 * multipart/alternative when html is given.  Returns a malloc'ed
 * NUL-terminated string (caller frees), or NULL with a malloc'ed *err
 * when from, to_addr, message_id or text is NULL, to_addr fails
 * mail_addr_ok(), message_id is not a plain id with an '@', auto_submitted
 * is not one token, date is not printable ASCII, list_unsubscribe is
 * not a mailto: URL of the form struct mail_out says, or memory runs out.
 * Subject, to_name, x_loop and a UTF-8 name in from are RFC 2047-encoded
 * when needed, with CR/LF/controls turned into spaces.  Ids in
 * in_reply_to / references that are not plain are dropped (in_reply_to
 * must be exactly one id).  date NULL means now; auto_submitted NULL
 * means "auto-generated".  An attachment whose name or type is not of
 * the form struct mail_out says is refused. */
char *mail_compose(const struct mail_out *m, char **err);

/* The date-time after the last ';' of a Received field's value
 * (unfolded, NUL-terminated; may be NULL), parsed as RFC 5322 says
 * (mailimf_date_time_parse), as seconds since the epoch; 0 when there is
 * none, it does not parse, or it is before 1970 or after 9999. */
long long mail_received_time(const char *value);

/* An IMAP INTERNALDATE ("17-Jul-1996 02:44:25 -0700", quotes and
 * leading blanks allowed; RFC 3501 date-time) as seconds since the
 * epoch; 0 when s is NULL or not of that form. */
long long mail_internaldate_time(const char *s);

/* Format time t as an RFC 5322 date into buf (at least 40 bytes). */
void mail_date(long long t, char *buf, size_t len);

/* The bare addr-spec is acceptable as an SMTP envelope address: one '@'
 * with text on both sides, at most 254 octets, printable ASCII or valid
 * UTF-8 without C1 or bidi controls (util_cp_class()), none of space, CR, LF, '<', '>', ',', ';', ':', '"', '\\', '(',
 * ')'.  1 or 0. */
int mail_addr_ok(const char *addr);

#endif
