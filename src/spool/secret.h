/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * secret.h - the spool's secret key, and the tag it puts in each of our
 * Message-IDs so that a delivery report can be checked.
 *
 * SPOOL/secret holds SECRET_SIZE random bytes (getrandom(2)), mode 0600,
 * made the first time a mail is queued and read once per process.  Every
 * outgoing Message-ID is "BASE.TAG@DOMAIN": BASE is "epamserv.KEY.N" (the
 * incoming mail's key and a counter, src/commands/board/reply.c) and TAG is
 * SECRET_TAG_LEN lower-case base32 characters (RFC 4648 alphabet, 50
 * bits) of HMAC-SHA256(secret, BASE, NUL, the lower-cased recipient).
 *
 * So a report that quotes one of our Message-IDs and names an address
 * can be checked with no record of the mails sent: only the address the
 * mail went to verifies, and nobody without the secret can make an ID
 * that verifies.  The IDs stay deterministic: the same incoming mail
 * gives the same outgoing Message-IDs as long as the secret stays (it is
 * part of the spool; a lost secret changes them, and reports of mail
 * sent before no longer verify).  The domain is not covered, so reports
 * still verify after the "from" setting changed.
 */
#ifndef EPAM_SECRET_H
#define EPAM_SECRET_H

#include <stddef.h>

#define SECRET_SIZE 32      /* bytes in SPOOL/secret */
#define SECRET_TAG_LEN 10   /* base32 characters in a Message-ID's tag */

/* Fill key[0..SECRET_SIZE) with the secret of spool, read from
 * SPOOL/secret (only the first call for a spool reads the file; later
 * calls copy what it read).  create: make the file when it does not
 * exist yet (32 bytes from getrandom(2) written to SPOOL/tmp, fsync'ed,
 * then linked into place, so two processes at once end up with the one
 * file that won).  Returns 0; 1 when the file does not exist and create
 * is 0; -1 with errno set and one log line when it cannot be read or
 * made (EINVAL: SPOOL/secret is not a regular file of SECRET_SIZE bytes;
 * it is never replaced, the operator must restore it). */
int secret_key(const char *spool, int create, unsigned char *key);

/* Write the Message-ID (without <>) "BASE.TAG@DOMAIN" of a mail to rcpt
 * into buf[0..len).  base is ours ("epamserv.KEY.N"); rcpt is the
 * envelope recipient; domain our domain.  Creates the secret on first
 * use.  Returns 0, or -1 when the secret cannot be had (logged) or the
 * ID does not fit in len bytes. */
int secret_message_id(const char *spool, const char *base, const char *rcpt,
                      const char *domain, char *buf, size_t len);

/* 1 when msgid (untrusted: from a report, without <>) is a Message-ID we
 * made for a mail to rcpt (untrusted: an address named in the report;
 * compared without regard to case), else 0 (also when the spool has no
 * secret yet, or it cannot be read).  The tags are compared in constant
 * time. */
int secret_message_id_ok(const char *spool, const char *msgid,
                         const char *rcpt);

#endif
