/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * intake.h - finding the command words and the comment in a mail.
 */
#ifndef EPAM_INTAKE_H
#define EPAM_INTAKE_H

#include "services/threadid.h"

#define INTAKE_MAX_WORDS 64

#define INTAKE_TOKEN_MAX 24

struct intake {
	int argc;
	char *argv[INTAKE_MAX_WORDS];  /* malloc'ed words */
	char *comment;                 /* malloc'ed relayed comment, maybe "" */
	/* A reply to a mail of ours about a board: the reply token and the
	 * board that the Message-ID it answers names (In-Reply-To, else
	 * References: threadid.h), or else the token "[#TOKEN]" of its
	 * subject and the board the subject names ("Epaminondas Board 101",
	 * mails from before issue 30 and the HTML part's answer links), or
	 * token "" when it carries none.  Untrusted: check it. */
	char token[INTAKE_TOKEN_MAX];
	char token_game[16];
	long token_board;              /* -1 when the mail names no board */
	enum mail_kind token_kind;     /* the kind of our mail it answers:
	                                  from the Message-ID it names, else
	                                  from the subject (a chat's, "...
	                                  Board 101: chat from alice
	                                  [#TOKEN]", or another with a token:
	                                  a board mail); MAIL_KIND_NONE when
	                                  not known */
	int token_from_id;             /* the token came from a Message-ID of
	                                  ours that the mail answers */
	int token_chat;                /* token_kind == MAIL_KIND_CHAT */
	char token_user[32];           /* a subject that names no board: the
	                                  word before "[#", lower-cased, when
	                                  it is a valid userid (an account
	                                  token's, acctoken.h), else "" */
};

/* Fill in from the decoded Subject (may be NULL) and body (UTF-8, LF):
 * the Subject's words when its first word is a command (after any "Re:",
 * "AW:", "Fwd:", "Fw:" prefixes, repeated, any case), else the first
 * non-empty line of the body's own text (quoting.h: above the quote,
 * below it or between quoted blocks).  argc is 0 when there is none.
 * comment: the rest of the own text (all of it when the subject is the
 * command, or is a chat mail's: token_chat).
 * A subject of the board mail form ("Re: Epaminondas Board 101 bob
 * [#TOKEN]") is never a command: the body is read, and the token and
 * board are filled in; nor is a subject that starts with a game's name
 * and carries a token (a tournament or league mail's, "Re: Epaminondas
 * league: joined - alice [#TOKEN]"). */
void intake_find(const char *subject, const char *body, struct intake *in);

/* intake_find for a mail with its In-Reply-To and References fields
 * (raw values, untrusted, each may be NULL): a Message-ID of ours there
 * (threadid.h; In-Reply-To first, else the last in References) that
 * names a board gives the token, board and kind, over the subject's;
 * one that names only a kind gives the kind. */
void intake_find_reply(const char *subject, const char *in_reply_to,
                       const char *references, const char *body,
                       struct intake *in);

/* Split one line into whitespace-separated words (at most
 * INTAKE_MAX_WORDS; the rest is dropped). */
void intake_split_words(const char *line, struct intake *in);

void intake_free(struct intake *in);

/* Remove a reply token " [#...]" from a subject in place, so that an
 * error reply never carries one. */
void intake_cut_token(char *subject);

#endif
