/*
 * acctoken.h - account tokens (issue 29): a token that proves a player
 * in a reply to a mail of ours that names no board.
 *
 * A reply token (tokens.c) belongs to one board at one position, so a
 * player without a running board, or holding only a mail about his
 * account, the seeks or a tournament, had no way to act without his
 * password.  An account token fills that gap for the commands a player
 * may need under time pressure (tokenform.h):
 *
 *   Subject: epamserv: leave noted - alice [#k3f7x2ab7q4mz5ne]
 *
 * The token is 16 characters of [a-z2-7], 80 bits of HMAC-SHA256(
 * SPOOL/secret, "epamserv account token v1", USERID, EPOCH, PERIOD), each
 * field NUL-separated: EPOCH is the player's token epoch ("set ... token
 * new" moves it on and so voids every account token, as it does the
 * reply tokens), PERIOD the number of whole ACCTOKEN_PERIODs since the
 * epoch of the clock.  A token is taken in its own period and the next,
 * so one in a mail works for at least a week and at most two; any later
 * mail of ours to the player carries a fresh one.  Nothing is stored.
 *
 * The word before "[#" is the userid (the tail mirrors a board mail's
 * "Board 101 alice [#TOKEN]"); the subject names no board.  A token goes
 * only to a confirmed address of its player: the mails that carry one
 * are his account mails and notices, the welcome, the seeks list and
 * tournament and league mails when they go to an address of his on
 * file, and the error reply to a mail that proved him by a token.  No
 * log line holds a token.
 */
#ifndef EPAM_ACCTOKEN_H
#define EPAM_ACCTOKEN_H

#include <stddef.h>
#include <time.h>

#include "commands/cmd.h"

#define ACCTOKEN_PERIOD (7 * 86400L)  /* seconds */

/* u's account token at s->now (REPLY_TOKEN_LEN characters and a NUL into
 * out).  0 with the token; 1 with out "" when u has none (no confirmed
 * address, or signed off); -1 with out "" when the secret cannot be had
 * (logged). */
int acctoken_of(const struct svc *s, const struct user *u, char *out);

/* Whether token (untrusted) is u's account token of this period or the
 * one before: 1 yes, 0 no, -1 when the secret cannot be had.  Compared
 * in constant time. */
int acctoken_is(const struct svc *s, const struct user *u,
                const char *token);

/* A message token (issue 30): what a mail relaying a message of peer
 * (a userid) to u carries, so that u's reply reaches peer alone as a
 * message (message.c).  HMAC-SHA256(SPOOL/secret, "epamserv message
 * token v1", USERID, PEER, EPOCH, PERIOD) as above: the same length,
 * epoch and periods as an account token, but it proves u only for a
 * reply to peer (no other command takes it, and a subject that names
 * another sender does not match it).  acctoken_pair_of and
 * acctoken_pair_is return as acctoken_of and acctoken_is. */
int acctoken_pair_of(const struct svc *s, const struct user *u,
                     const char *peer, char *out);
int acctoken_pair_is(const struct svc *s, const struct user *u,
                     const char *peer, const char *token);

/* subject with " - USERID [#TOKEN]" (u's account token) appended, into
 * buf (len bytes), when addr is a confirmed address of u and u has a
 * token; else subject alone.  A subject cut to fit loses its token
 * rather than carry a cut one. */
void acctoken_subject(const struct svc *s, const struct user *u,
                      const char *addr, const char *subject, char *buf,
                      size_t len);

/* acctoken_subject for a mail to c->sender: the token of the player the
 * mail proved (c->s.actor) or else of the player whose confirmed
 * address From is (c->sender_player), when c->sender is a confirmed
 * address of that player.  Within a "multiple" mail (c->collect) the
 * subject is not used: subject alone. */
void acctoken_sender_subject(struct cmdctx *c, const char *subject,
                             char *buf, size_t len);

/* The player whose account token the mail in carries (in->token with
 * the userid in->token_user, a subject that names no board): 1 with
 * userid (32 bytes) filled in and the sender proved (auth_proved), 0
 * when it is no one's, -1 on I/O trouble (logged). */
struct intake;
int acctoken_owner(struct cmdctx *c, const struct intake *in, char *userid);

/* acctoken_owner for a message token: in->token must be in->token_user's
 * pair token for peer (acctoken_pair_is); peer NULL is acctoken_owner. */
int acctoken_pair_owner(struct cmdctx *c, const struct intake *in,
                        const char *peer, char *userid);

#endif
