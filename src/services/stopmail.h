/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * stopmail.h - all mail to an address stopped by its owner (issue 33
 * item 9): the List-Unsubscribe header (RFC 2369, mailto) of every mail
 * to a player's address, the token it carries, and the stop itself.
 *
 * Every mail to an address some player has confirmed carries
 *
 *   List-Unsubscribe: <mailto:FROM?subject=stopmail%20ADDR%20%5B%23TOKEN%5D>
 *
 * (the subject "stopmail ADDR [#TOKEN]"), TOKEN REPLY_TOKEN_LEN
 * characters of [a-z2-7], 80 bits of HMAC-SHA256(SPOOL/secret,
 * "epamserv stop mail token v2", USERID, EPOCH, MAILBOX), each with its
 * NUL: USERID the player whose confirmed address it is, EPOCH his token
 * epoch (decimal), MAILBOX the address as addr_mailbox gives it (lower
 * case, no +tag).  Only the address's reader has it, so no stranger can
 * stop a player's mail; it does not change while the player keeps his
 * tokens (a mail client may keep the link), "set ... token new" voids
 * every link sent before (a board mail forwarded or read over a
 * shoulder), an address that changes hands gets a new one, and nothing
 * is stored.  The confirmation of a stop goes to the address stopped,
 * not to the sender, so a stop by someone else is seen by its owner.  The stop is the "stopped:" line of the address's entry
 * (spool/addrindex.h): while it is there, no mail goes to the address
 * at all (outmail.c drops it, logged), until a mail from that address
 * proves a player whose confirmed address it is (a password or a
 * token: stopmail_resume).  The player's games are kept, their clocks
 * running as for a player who does not answer.
 */
#ifndef EPAM_SERVICES_STOPMAIL_H
#define EPAM_SERVICES_STOPMAIL_H

#include <stddef.h>

#include "services/svc.h"

/* addr's stop token (REPLY_TOKEN_LEN characters and a NUL into out):
 * 1; 0 with out "" when addr is no confirmed address of a player (or
 * his file does not load: logged); -1 with out "" when the secret or
 * the address index cannot be had (logged). */
int stopmail_token(const struct svc *s, const char *addr, char *out);

/* Whether token (untrusted) is addr's stop token: 1 yes, 0 no (also
 * for an address that is no player's), -1 when the secret or the index
 * cannot be had.  Compared in constant time. */
int stopmail_token_is(const struct svc *s, const char *addr,
                      const char *token);

/* The List-Unsubscribe URL (without <>) of a mail to addr into buf (len
 * bytes): 1 with the URL when addr is a confirmed address of a player,
 * 0 with buf "" when it is not (a stranger's) or the URL would be longer
 * than MAIL_UNSUBSCRIBE_MAX or len (mail.h), -1 with buf "" when the
 * index or the secret cannot be read (logged; the mail goes without). */
int stopmail_header(const struct svc *s, const char *addr, char *buf,
                    size_t len);

/* 1 when the mail to addr is stopped, 0 when it goes, -1 when the
 * address's entry cannot be read (logged). */
int stopmail_stopped(const struct svc *s, const char *addr);

/* A mail from addr proved userid: when addr is a confirmed address of
 * userid and its mail is stopped, let it go again (its entry committed
 * at once, under the "users" lock, in a transaction of its own, so the
 * replies to this mail reach it).  0 (also when nothing was stopped,
 * or userid's file does not load: logged, the mail stays stopped), or
 * -1 when the address's entry cannot be read or written (logged:
 * retry). */
int stopmail_resume(struct svc *s, const char *addr, const char *userid);

#endif
