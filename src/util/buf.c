/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * buf.c - growable byte buffers and checked allocation (see buf.h).
 */
#include "util/buf.h"
#include "util/i18n.h"
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void oom(void)
{
	fputs(_("epamserv: out of memory\n"), stderr);
	exit(75);  /* EX_TEMPFAIL: nothing was committed, the MTA retries */
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

static void buf_grow(struct buf *b, size_t extra)
{
	size_t want = b->len + extra + 1;

	if (want <= b->cap)
		return;
	if (want < 64)
		want = 64;
	if (want < b->cap * 2)
		want = b->cap * 2;
	b->data = xrealloc(b->data, want);
	b->cap = want;
}

void buf_append(struct buf *b, const char *s, size_t n)
{
	buf_grow(b, n);
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void buf_puts(struct buf *b, const char *s)
{
	buf_append(b, s, strlen(s));
}

void buf_putc(struct buf *b, char c)
{
	buf_grow(b, 1);
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}

void buf_put_html_n(struct buf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long cp;
	size_t i, j, k;

	for (i = 0; i < n; i += k) {
		/* A run of printable ASCII that needs no escape, at once. */
		for (j = i; j < n && p[j] >= 0x20 && p[j] < 0x7F && p[j] != '<' &&
		     p[j] != '>' && p[j] != '&' && p[j] != '"' && p[j] != '\''; j++)
			;
		if (j > i) {
			buf_append(b, s + i, j - i);
			k = j - i;
			continue;
		}
		switch (p[i]) {
		case '<': buf_puts(b, "&lt;"); k = 1; continue;
		case '>': buf_puts(b, "&gt;"); k = 1; continue;
		case '&': buf_puts(b, "&amp;"); k = 1; continue;
		case '"': buf_puts(b, "&quot;"); k = 1; continue;
		case '\'': buf_puts(b, "&#39;"); k = 1; continue;
		case '\n': case '\t': buf_putc(b, (char)p[i]); k = 1; continue;
		}
		k = util_utf8_seq(p + i, n - i, &cp);
		if (k == 0) {
			buf_puts(b, "\xef\xbf\xbd");  /* U+FFFD for a stray byte */
			k = 1;
			continue;
		}
		switch (util_cp_class(cp)) {
		case UTIL_CP_TEXT:
			buf_append(b, s + i, k);
			break;
		case UTIL_CP_CONTROL:
		case UTIL_CP_BREAK:
			buf_putc(b, ' ');
			break;
		case UTIL_CP_BIDI:
			break;
		}
	}
}

void buf_put_html(struct buf *b, const char *s)
{
	buf_put_html_n(b, s, strlen(s));
}

void buf_reserve(struct buf *b, size_t n)
{
	buf_grow(b, n);
	b->data[b->len] = '\0';
}

void buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list again;
	size_t room;
	int n;

	/* Format straight into the room left, and only when that is too
	 * small a second time, into room made for the exact length. */
	buf_grow(b, 0);
	room = b->cap - b->len;
	va_copy(again, ap);
	n = vsnprintf(b->data + b->len, room, fmt, ap);
	if (n < 0) {
		b->data[b->len] = '\0';
		va_end(again);
		return;
	}
	if ((size_t)n >= room) {
		buf_grow(b, (size_t)n);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, again);
	}
	va_end(again);
	b->len += (size_t)n;
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

const char *buf_str(const struct buf *b)
{
	return b->data ? b->data : "";
}

char *buf_take(struct buf *b)
{
	char *p = b->data ? b->data : xstrdup("");

	b->data = NULL;
	b->len = b->cap = 0;
	return p;
}

void buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

void buf_free(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}
