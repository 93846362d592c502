/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * stranger.h - what a stranger may cost and carry (issue 29, item 5):
 * the hourly budgets of mail to strangers, kept per sending source as
 * well as for the whole server (stranger_budget.c), and the words of an
 * unproved mail kept out of every reply to it (stranger_words.c).
 * Whether a stranger's mail can have any effect with the budgets spent
 * is the pipeline's question (pipeline/stranger_spent.h).
 *
 * A stranger is the sender of a mail that proved no player (no password,
 * no reply token) and whose From is no player's confirmed address
 * (process.c).  His From and Reply-To may be anyone's, so everything
 * the server sends because of his mail is mail to a possible victim:
 * it is bounded in number per source and for the server, and it never
 * carries his words beyond those shaped like a userid, a board or a
 * move.
 */
#ifndef EPAM_STRANGER_H
#define EPAM_STRANGER_H

#include "commands/cmd.h"

/* The two budgets, counted apart so that neither can use up the other. */
enum stranger_budget {
	STRANGER_REPLIES,   /* replies to strangers, unsigned challenges */
	STRANGER_REQUESTS,  /* confirmation requests (signup, change address) */
};

/* ---- budgets (stranger_budget.c) ---- */

/* Take one mail from budget b for the mail in c: 1 when it may go
 * (counted), 0 when not.  A mail from a known source (c->source, the
 * client's network: mail/source.h) first takes from that source's share,
 * stranger_source_limit an hour; then from the server's,
 * stranger_reply_limit an hour; with the server's spent, a source that
 * had nothing from b yet this hour may still take one from a reserve of
 * a fifth of stranger_reply_limit, so that a newcomer is answered while
 * many sources spend the rest.  A mail of no known source (no Received
 * field of our MTA with a client) takes from the server's alone.  A
 * limit of 0 is no limit.  An I/O error lets the mail go. */
int stranger_budget_take(struct cmdctx *c, enum stranger_budget b);

/* Whether budget b would let one more mail go for c (as
 * stranger_budget_take, but nothing is counted): 1 or 0. */
int stranger_budget_room(struct cmdctx *c, enum stranger_budget b);

/* ---- words (stranger_words.c) ---- */

/* Whether what c queues now carries words of the mail's that must be
 * masked: c handles a mail that proved no player with an address on
 * file (c->s.actor and c->sender_player not both set), and the
 * mail being queued is no confirmation request or notice to an address
 * on file (c->exempt_stranger). */
int stranger_masks(const struct cmdctx *c);

/* What replaces a masked word in a reply. */
#define STRANGER_MASK "[...]"

/* text with every word of the mail of c that could carry a link or a
 * message masked (STRANGER_MASK), as far as it appears in text, whole or
 * cut short (at least its first 8 bytes), in any case: the words of the
 * subject and of the body's first lines (those a command or a "multiple"
 * mail is read from), cut at blanks and at , ; = ' " ( ) [ ] < > { }
 * and without the . : ! ? that end them ("101:" is the word "101"),
 * that are 4 bytes or longer and hold a byte other than ASCII letters,
 * digits, _ - # + or are longer than 20 bytes (a userid, a board, a
 * move, an option's value never are).  Returns a malloc'ed string (the
 * caller frees), or NULL when the mail has more such words than are
 * checked (STRANGER_WORDS_MAX): then nothing may be sent. */
char *stranger_mask(const struct cmdctx *c, const char *text);

/* Whether html holds one of the words stranger_mask masks (also in
 * their HTML-escaped form): 1, 0, or -1 when the mail has too many. */
int stranger_words_in(const struct cmdctx *c, const char *html);

/* The most words stranger_mask checks in one mail (different ones):
 * an honest mail's first lines hold a few dozen; each costs a search
 * of every mail sent because of it. */
#define STRANGER_WORDS_MAX 256

#endif
