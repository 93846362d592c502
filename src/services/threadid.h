/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * threadid.h - what our Message-IDs say: the kind of mail, its board and
 * the recipient's reply token (issue 30: one conversation per game).
 *
 * A mail of ours about a board keeps one subject for the whole game
 * ("Epaminondas Board 101 (alice v bob)", reply_board_subject), so that
 * every mail client threads the game as one conversation.  The reply
 * token that a subject used to end with ("[#k3f7x2ab7q4mz5ne]") travels
 * in the local part of the mail's Message-ID instead, with the kind of
 * mail it is and its board:
 *
 *   epamserv.DIGEST.N.KIND[.GAME.BOARD[.TOKEN]].TAG@DOMAIN
 *
 * DIGEST (16 hex digits of the incoming mail's digest) and N (its count
 * of outgoing mails) keep every ID unique; TAG binds the ID to the
 * recipient's address (spool/secret.h: delivery reports are believed
 * for that address only).  A reply names our ID in In-Reply-To (and
 * References), so the reply carries the token back whatever subject it
 * has.  The token is the secret that proves the player, checked exactly
 * as a subject's (tokens.c); the TAG is not needed for that.  IDs we
 * made before ("epamserv.DIGEST.N.TAG@DOMAIN") parse as no kind.
 */
#ifndef EPAM_THREADID_H
#define EPAM_THREADID_H

#include <stddef.h>

/* The kinds of mail of ours a reply can answer. */
enum mail_kind {
	MAIL_KIND_NONE = 0,  /* not ours, or made before kinds were named */
	MAIL_KIND_BOARD,     /* a board mail: a move, show, queue, submit,
	                        the game's end */
	MAIL_KIND_CHAT,      /* a chat relayed from a player or observer */
	MAIL_KIND_REMINDER,  /* a reminder that the player is to move */
	MAIL_KIND_NOTICE,    /* a notice about the board: time ran out,
	                        the opponent is on leave */
	MAIL_KIND_ERROR,     /* an error reply */
	MAIL_KIND_DIGEST,    /* a daily digest */
	MAIL_KIND_MESSAGE,   /* a message from another player */
};

/* Longest token a thread ID holds (characters, without the NUL). */
#define THREADID_TOKEN_MAX 23

/* What one of our Message-IDs says (all fields from the ID: untrusted). */
struct threadid {
	enum mail_kind kind;
	char game[16];        /* "" when the ID names no board */
	long board;           /* -1 when the ID names no board */
	char token[THREADID_TOKEN_MAX + 1];  /* "" when the ID holds none */
};

/* The word for kind in a Message-ID ("board", "chat", ...), or NULL for
 * MAIL_KIND_NONE. */
const char *threadid_kind_word(enum mail_kind kind);

/* Write the base of a Message-ID (what secret_message_id tags) into
 * buf[0..len): "epamserv.DIGEST.N.KIND", then ".GAME.BOARD" when game is
 * not NULL, then ".TOKEN" when token is not NULL (only with a game).
 * digest: the incoming mail's digest (its first 16 characters are
 * used); n: the outgoing mail's count.  kind MAIL_KIND_NONE writes the
 * old form "epamserv.DIGEST.N".  0, or -1 when it does not fit. */
int threadid_base(char *buf, size_t len, const char *digest, int n,
                  enum mail_kind kind, const char *game, long board,
                  const char *token);

/* Parse id (len bytes, without <>; untrusted) as one of our Message-IDs
 * with a kind.  1 and *out filled in, or 0 (out->kind MAIL_KIND_NONE)
 * when it is not of that form. */
int threadid_parse(const char *id, size_t len, struct threadid *out);

/* The first id of a header value (In-Reply-To, References: "<a> <b>",
 * untrusted) that threadid_parse takes, the last one when last is set,
 * into *out.  1 when one was found, else 0. */
int threadid_find(const char *value, int last, struct threadid *out);

#endif
