/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * buf.h - a growable NUL-terminated byte buffer.
 *
 * Every text the program builds (mails, game files, replies) grows in one
 * of these.  Out of memory is not recoverable for a short-lived batch
 * process that has not yet committed anything, so buf_* functions abort
 * on allocation failure instead of making every caller check.
 */
#ifndef EPAM_BUF_H
#define EPAM_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct buf {
	char *data;   /* NUL-terminated; NULL until the first append */
	size_t len;   /* bytes, not counting the NUL */
	size_t cap;
};

#define BUF_INIT { NULL, 0, 0 }

void buf_append(struct buf *b, const char *s, size_t n);
void buf_puts(struct buf *b, const char *s);
/* Append the one byte c (c may not be NUL). */
void buf_putc(struct buf *b, char c);
/* Append s escaped for HTML and XML text and quoted attribute values:
 * < > & " ' as character references; LF and TAB as they are, every
 * other control character (C0, DEL, C1) and line separator as a blank,
 * bidi embeddings, overrides and isolates dropped (util_cp_class), and
 * each byte that is not part of well-formed UTF-8 as U+FFFD: text from
 * a spool file (a comment, a tournament's field) can neither end the
 * element or attribute it stands in, nor make an XML page (an Atom
 * feed) ill-formed, whatever bytes it holds. */
void buf_put_html(struct buf *b, const char *s);
/* buf_put_html of the n bytes at s (no NUL needed). */
void buf_put_html_n(struct buf *b, const char *s, size_t n);
/* Make room for n more bytes (and the NUL) at once, so that appends up
 * to that size do not move the text again.  Contents unchanged. */
void buf_reserve(struct buf *b, size_t n);
void buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* buf_printf with a va_list (ap is used up, as by vprintf). */
void buf_vprintf(struct buf *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* The text so far ("" for an empty buffer); owned by b. */
const char *buf_str(const struct buf *b);
/* Hand the text to the caller (malloc'ed, never NULL) and empty b. */
char *buf_take(struct buf *b);
void buf_reset(struct buf *b);
void buf_free(struct buf *b);

/* malloc/strdup that abort with a message when memory is exhausted. */
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
