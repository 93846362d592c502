/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * dsn.h - what a delivery report (a bounce) says, read from its raw text.
 *
 * dsn_parse() is a pure function: raw bytes in, a plain struct out, no
 * I/O and no libetpan types.  Everything in the struct comes from the
 * mail and is untrusted: it tells which mail came back (the Message-IDs
 * of the returned headers) and which addresses the report names; the
 * caller decides what to believe (src/pipeline/report.c checks the
 * Message-IDs against the addresses).
 *
 * Shapes read:
 *  - RFC 3464 multipart/report with a message/delivery-status part
 *    (Postfix, Sendmail, newer Exim, most others): the per-recipient
 *    fields Final-Recipient, Original-Recipient, Action, Status,
 *    Diagnostic-Code; the returned message as message/rfc822 or only
 *    its headers as text/rfc822-headers, either possibly in base64 or
 *    quoted-printable;
 *  - Exim's plain bounce: an X-Failed-Recipients: header, the list
 *    after "The following address(es) failed:" (each address becomes a
 *    dsn_rcpt with no Action, its indented reason lines the diagnostic,
 *    the status code in them the Status), and the returned message after
 *    the line "------ This is a copy of the message, including all the
 *    headers. ------" (or "... of the message's headers. ------").
 * Folded header lines and CRLF, LF or CR line ends are read everywhere.
 *
 * Bounded: at most DSN_MAX_RCPTS recipient blocks, DSN_MAX_ADDRS
 * addresses of each other kind and DSN_MAX_IDS Message-IDs are kept
 * (the rest is counted in dropped); at most DSN_MAX_PARTS MIME parts are
 * looked at; time is linear in the size of the mail.
 */
#ifndef EPAM_DSN_H
#define EPAM_DSN_H

#include <stddef.h>

#define DSN_MAX_RCPTS 20   /* per-recipient blocks kept */
#define DSN_MAX_ADDRS 20   /* X-Failed-Recipients and To: addresses kept */
#define DSN_MAX_IDS 8      /* Message-IDs of returned messages kept */
#define DSN_MAX_PARTS 64   /* MIME parts looked at */
#define DSN_ADDR_SIZE 256  /* an address with its NUL */
#define DSN_TEXT_SIZE 256  /* a Diagnostic-Code text with its NUL */

/* The Action: field of one recipient (RFC 3464 section 2.3.3). */
enum dsn_action {
	DSN_ACTION_NONE,      /* no Action: field */
	DSN_ACTION_FAILED,
	DSN_ACTION_DELAYED,
	DSN_ACTION_DELIVERED,
	DSN_ACTION_RELAYED,
	DSN_ACTION_EXPANDED,
	DSN_ACTION_OTHER      /* a value RFC 3464 does not define */
};

/* One per-recipient block of a message/delivery-status part.  The
 * addresses are the address part of "rfc822; ADDR" (or "utf-8; ADDR"),
 * without <>, "" when the field is missing or is not such an address. */
struct dsn_rcpt {
	char final_rcpt[DSN_ADDR_SIZE];
	char orig_rcpt[DSN_ADDR_SIZE];
	enum dsn_action action;
	char status[16];               /* "5.1.1"; "" when absent or malformed */
	char diagnostic[DSN_TEXT_SIZE];/* text after "smtp;", unfolded, printable
	                                  ASCII only (others become '?'), cut */
};

struct dsn_report {
	int has_status;       /* a message/delivery-status part was found */
	size_t nrcpts;
	struct dsn_rcpt rcpts[DSN_MAX_RCPTS];
	size_t nfailed;       /* X-Failed-Recipients: addresses (Exim) */
	char failed[DSN_MAX_ADDRS][DSN_ADDR_SIZE];
	size_t nids;          /* Message-IDs (without <>) of returned messages */
	char ids[DSN_MAX_IDS][DSN_ADDR_SIZE];
	size_t nto;           /* To: addresses of returned messages */
	char to[DSN_MAX_ADDRS][DSN_ADDR_SIZE];
	size_t dropped;       /* blocks, addresses or ids over the caps */
};

/* Read the report raw[0..len) (a whole mail, untrusted; a leading mbox
 * "From " line is skipped) into *out, which needs no freeing.  Returns 0,
 * also for a mail that holds nothing of the above (then every count is
 * 0), or -1 when memory ran out (*out then holds what was read so far).
 * A mail that nests MIME deeper than MAIL_MAX_DEPTH is read only at its
 * top level. */
int dsn_parse(const char *raw, size_t len, struct dsn_report *out);

#endif
