/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * quoting.h - the writer's own text of a mail: what mail clients add
 * around it (quoted text, attribution lines, signatures, client
 * footers, an unquoted original below a separator) told apart, so that
 * a reply is read the same whether its writer wrote above the quote,
 * below it or between quoted blocks (issue 30 item 2).
 */
#ifndef EPAM_QUOTING_H
#define EPAM_QUOTING_H

/* What a recognised line is. */
enum quoting_kind {
	QUOTING_QUOTED,       /* a line of the mail answered: skipped */
	QUOTING_ATTRIBUTION,  /* "On ... wrote:" (one line or two): skipped
	                         when quoted lines follow it, else the end
	                         (an unquoted original follows) */
	QUOTING_FOOTER,       /* one line a client adds ("Sent from my
	                         iPhone"): skipped */
	QUOTING_END,          /* a signature or the start of an unquoted
	                         original: nothing after it is read */
};

/* How a form is matched against a line (its blanks at both ends cut). */
enum quoting_match {
	QUOTING_FIRST,        /* the line starts with the byte text[0] */
	QUOTING_PREFIX,       /* the line starts with text (and ends with
	                         tail when tail is not NULL) */
	QUOTING_WHOLE,        /* the line is text */
	QUOTING_RULE,         /* at least 5 (text "-") or 10 ("_") of the
	                         character text[0], maybe words between two
	                         such runs ("-----Original Message-----") */
	QUOTING_VERB,         /* an attribution: the line (or it and the
	                         next) ends with ":" and holds the verb text
	                         ("wrote", "schrieb"); with the opener forms,
	                         see quoting.c */
	QUOTING_OPENER,       /* an attribution's first word ("On", "Am")
	                         when it is folded over two lines */
	QUOTING_BEFORE_QUOTE, /* any line that ends with ":" right before
	                         quoted lines (blank lines between allowed) */
	QUOTING_INDENT,       /* the line as written (its blanks not cut)
	                         starts with the byte text[0]: s-nail quotes
	                         with a tab by default (indentprefix) */
};

struct quoting_form {
	enum quoting_kind kind;
	enum quoting_match match;
	const char *text;     /* UTF-8 */
	const char *tail;     /* QUOTING_PREFIX: the line's end, or NULL */
	const char *doc;      /* how epamserv(1) lists it (its test checks
	                         that it does) */
};

/* Every form recognised, ending with a form whose doc is NULL.  The
 * one list: the manual's list is checked against it by
 * tests/integration/test_reply_shapes.py. */
extern const struct quoting_form quoting_forms[];

/* The writer's own text of body (decoded UTF-8, lines ending in LF, may
 * be NULL): every line that is not quoted, an attribution, a client
 * footer, or at or after a signature or the start of an unquoted
 * original, in order.  Blank lines inside one block of own text are
 * kept; blocks that quoted lines parted are joined by one blank line.
 * Returns a malloc'ed string (maybe ""); never NULL (xmalloc). */
char *quoting_own_text(const char *body);

#endif
