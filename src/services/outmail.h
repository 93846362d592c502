/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * outmail.h - the mails the services queue: composed from templates,
 * within the reply size cap, put in the transaction's outbox (never sent
 * from here; spool/outbox.c).  outmail.c.
 */
#ifndef EPAM_SERVICES_OUTMAIL_H
#define EPAM_SERVICES_OUTMAIL_H

#include <stddef.h>

#include "game/game.h"
#include "services/svc.h"
#include "services/threadid.h"
#include "util/template.h"

struct txn;

/* Queue a mail to addr in t.  What the mail in hand adds comes first,
 * through s->hooks (svc.h; none outside the mail layer): in a
 * "multiple" mail an answer to its sender is collected instead; a reply
 * to a stranger (cmd.h, reply_to_stranger) loses its HTML part, is cut
 * to REPLY_STRANGER_MAX and takes from the hourly budget; with the
 * budget spent it is not queued (logged).  null_sender: an error reply
 * or a confirmation request, which goes with the null envelope sender
 * (nothing but its reader answers it).  Auto-Submitted is not the
 * caller's to choose: "auto-replied" for a mail that answers the mail
 * in hand (s->hooks' answers: it goes to its sender), "auto-generated"
 * for every other (doc/mail.md, RFC 3834 section 5).  thread: Message-ID root of the
 * board ("epaminondas.101@domain") or NULL.  text and html: bodies.
 * The mail never takes more than reply_cap(s) bytes in the outbox: over
 * it, the HTML part is dropped; still over, the text is cut at a line
 * (UTF-8 safe) and ends with a note saying so and how to ask for less.
 * A mail that cannot be composed (out of memory) sets s->queue_failed,
 * so that svc_commit aborts; one where not even the note fits (a caller
 * lowered the cap below a bare mail) is left out, logged. */
void reply_queue(struct svc *s, struct txn *t, const char *addr,
                 const char *subject, const char *text, const char *html,
                 int null_sender, const char *thread);

/* What a mail about a board is, for its Message-ID (threadid.h): its
 * kind, its board (game NULL: none) and the recipient's reply token
 * (NULL: none).  Borrowed strings. */
struct reply_about {
	enum mail_kind kind;
	const char *game;
	long board;
	const char *token;
};

/* reply_queue of a mail about a board (a board mail, a chat, a notice,
 * an error reply): its Message-ID says what a says (threadid.h), it
 * refers to the board's root <GAME.BOARD@DOMAIN> (In-Reply-To and
 * References), and a mail to the sender of the mail in hand answers it:
 * In-Reply-To his mail, References the root, the mail of ours he
 * answered (when its tag is for addr: we sent it there) and his mail.
 * subject: reply_board_subject's, the same for every mail of the game. */
void reply_queue_about(struct svc *s, struct txn *t, const char *addr,
                       const struct reply_about *a, const char *subject,
                       const char *text, const char *html,
                       int null_sender);

/* "Epaminondas" for "epaminondas": the game's display name. */
const char *reply_game_title(const char *game);

/* The subject of every mail about board g to anyone, from the
 * challenge to the game's end: "Epaminondas Board 101 (alice v bob)"
 * (White first), "Epaminondas Board 101" while a player is not known.
 * No token, no player to move: mail clients thread by subject.  No
 * colon after the number: a word with one would be masked in a reply
 * to a mail that proved nothing (stranger.h), "board 101:" with it. */
void reply_board_subject(const struct game *g, char *buf, size_t len);

/* A file for reply_queue_file (issue 18): bytes (NUL-terminated), its
 * file name and MIME type (mail_out's attach fields say which). */
struct reply_file {
	const char *data;
	const char *name;
	const char *type;
};

/* reply_queue of a text-only mail with the file att attached
 * (multipart/mixed, the file in base64).  In a "multiple" mail the file
 * is appended to the answer's text instead.  The caller has checked
 * that text and file fit reply_cap(s) (else the mail is left out,
 * logged, as reply_queue does). */
void reply_queue_file(struct svc *s, struct txn *t, const char *addr,
                      const char *subject, const char *text,
                      const struct reply_file *att);

/* How many mails every svc of this process put in an outbox
 * transaction so far (each svc's own count is s->queued): the count of a
 * run's summary line, robots' replies included.  Never fails. */
unsigned long reply_queued_total(void);

/* The reply size cap for this mail or event in bytes: s->reply_cap when set
 * and lower than cfg->max_reply_size, else cfg->max_reply_size. */
size_t reply_cap(const struct svc *s);

/* Render a template (malloc'ed, caller frees), or NULL when it cannot be
 * read (logged): the caller must then give up with CMD_TEMPFAIL, so the
 * mail is retried once the operator has put the template back. */
char *reply_template(const struct svc *s, const char *name, const struct tvars *v);

/* Lines of a mail's text part are at most this long (issue 14: a phone
 * shows 36 to 40 columns of a monospaced font, most clients 72 or more). */
#define REPLY_WRAP_COLUMNS 72

/* text (UTF-8) with every line longer than width columns (characters,
 * not bytes: "Weiß" takes four) broken at blanks, never right after
 * "e.g." or inside "z. B.", a board's rows and a quoted line's prefix
 * kept whole (malloc'ed, never NULL). */
char *reply_wrap(const char *text, size_t width);

#endif
