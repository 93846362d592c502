/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * headline.h - what a board mail's headline says, as data (headline.c):
 * the moves played, the queued and conditional moves, the result, and
 * finished sentences, written in the language of each reader when the
 * board mail is composed (reply_board, issue 32).
 */
#ifndef EPAM_SERVICES_HEADLINE_H
#define EPAM_SERVICES_HEADLINE_H

#include <stddef.h>

struct buf;
struct game;

/* What one sentence of a headline tells. */
enum headline_kind {
	HEADLINE_TEXT,       /* text, a finished sentence */
	HEADLINE_PLAYED,     /* who played ply ("alice played e2-e3.") */
	HEADLINE_CONFIRMED,  /* who confirmed a submitted move and played it */
	HEADLINE_QUEUED,     /* who's queued move, ply, was played */
	HEADLINE_CONDITIONAL, /* who's conditional move, ply, answered
	                        ply - 1 */
	HEADLINE_RESULT,     /* "The game is over: ...", the game's result */
	HEADLINE_ROBOT,      /* who, a robot, played ply (its first move) or
	                        answered the move before it */
	HEADLINE_SAY         /* a sentence kept as its msgid and arguments,
	                        translated when written (headline_say) */
};

/* The most arguments a HEADLINE_SAY sentence takes. */
#define HEADLINE_ARGS 6

struct headline_event {
	enum headline_kind kind;
	char *who;           /* the player (malloc'ed), or NULL */
	char *text;          /* HEADLINE_TEXT (malloc'ed), else NULL */
	size_t ply;          /* the move's index in the game's moves */
	/* HEADLINE_SAY: the msgid (and the plural's, or NULL) as marked,
	 * borrowed (string literals), the count that chooses the plural,
	 * and the arguments written as text (malloc'ed; arg[0] unused,
	 * arg[i] is argument i, as %i$s names it). */
	const char *msgid, *plural;
	unsigned long count;
	char *arg[HEADLINE_ARGS + 1];
};

/* A headline: its sentences in order, written one after the other with
 * a blank between them.  goodbye: a robot's userid (borrowed) when its
 * one line at the game's end follows (board_save), else NULL.  All zero
 * is an empty headline; headline_free frees it. */
struct headline {
	struct headline_event *ev;
	size_t n, cap;
	const char *goodbye;
};

/* Append a finished sentence (copied) to h. */
void headline_text(struct headline *h, const char *text);

/* Append to h a sentence said in each reader's language: msgid is the
 * English sentence, marked N_() where it is written (a string literal:
 * kept, not copied), and its printf arguments, which are kept as text
 * now (conversions s, d, i, u with the length modifiers l, ll, z, and
 * positional ones, %2$s; a precision cuts a string, %.200s, when it is
 * kept; no flags or width) and put into
 * the reader's translation of msgid by headline_write.  At most
 * HEADLINE_ARGS arguments. */
void headline_say(struct headline *h, const char *msgid, ...)
	__attribute__((format(printf, 2, 3)));

/* headline_say of a sentence with a count: one and many as ngettext
 * takes them (xgettext reads them as its keyword headline_sayn:2,3),
 * count chooses the form in the reader's language. */
void headline_sayn(struct headline *h, const char *one, const char *many,
                   unsigned long count, ...)
	__attribute__((format(printf, 3, 5)));

/* Append to h a sentence of kind (not HEADLINE_TEXT) about the move of
 * index ply of the game, made by who (copied; NULL for
 * HEADLINE_RESULT). */
void headline_move(struct headline *h, enum headline_kind kind,
                   const char *who, size_t ply);

/* Append h in the language in use (i18n_use) to out, its moves and
 * result read from g: the game as it stands after every move h tells
 * of. */
void headline_write(const struct headline *h, const struct game *g,
                    struct buf *out);

/* Free what h holds; h is empty again. */
void headline_free(struct headline *h);

#endif
