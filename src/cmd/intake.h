/*
 * intake.h - finding the command words and the comment in a mail.
 */
#ifndef EPAM_INTAKE_H
#define EPAM_INTAKE_H

#define INTAKE_MAX_WORDS 64

#define INTAKE_TOKEN_MAX 24

struct intake {
	int argc;
	char *argv[INTAKE_MAX_WORDS];  /* malloc'ed words */
	char *comment;                 /* malloc'ed relayed comment, maybe "" */
	/* A reply to a board mail: the reply token "[#TOKEN]" of its subject
	 * and the board the subject names ("Epaminondas Board 101"), or
	 * token "" when the subject carries none.  Untrusted: check it. */
	char token[INTAKE_TOKEN_MAX];
	char token_game[16];
	long token_board;              /* -1 when the subject names no board */
	int token_chat;                /* the subject is a chat mail's
	                                  ("Epaminondas Board 101: chat from
	                                  alice [#TOKEN]") */
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

/* Split one line into whitespace-separated words (at most
 * INTAKE_MAX_WORDS; the rest is dropped). */
void intake_split_words(const char *line, struct intake *in);

void intake_free(struct intake *in);

/* Remove a reply token " [#...]" from a subject in place, so that an
 * error reply never carries one. */
void intake_cut_token(char *subject);

#endif
