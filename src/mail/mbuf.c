/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * mbuf.c - a growable byte buffer for building strings in src/mail/.
 *
 * The out-of-memory state is sticky: once an allocation fails every later
 * append is a no-op and mbuf_take() returns NULL, so builders check once,
 * at the end, instead of after every append.  Builders append runs of
 * bytes where they can (one mbuf_add per run, not one per byte) and
 * reserve room up front when they can tell the size.
 */
#include <stdlib.h>
#include <string.h>

#include "mailpriv.h"

static int mbuf_grow(struct mbuf *b, size_t extra)
{
	size_t want, cap;
	char *p;

	if (b->oom)
		return -1;
	if (extra > (size_t)-1 / 2 - b->len - 1)
		goto fail;
	want = b->len + extra + 1;
	if (want <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < want)
		cap *= 2;
	p = realloc(b->p, cap);
	if (p == NULL)
		goto fail;
	b->p = p;
	b->cap = cap;
	return 0;
fail:
	b->oom = 1;
	return -1;
}

void mbuf_add(struct mbuf *b, const void *p, size_t n)
{
	if (mbuf_grow(b, n) < 0)
		return;
	if (n > 0)
		memcpy(b->p + b->len, p, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void mbuf_add_line(struct mbuf *b, const void *p, size_t n)
{
	/* The common case, room for the line, CR LF and the NUL, without
	 * mbuf_grow. */
	if ((b->oom || n > b->cap || b->len + n + 3 > b->cap) &&
	    mbuf_grow(b, n + 2) < 0)
		return;
	memcpy(b->p + b->len, p, n);
	memcpy(b->p + b->len + n, "\r\n", 3);
	b->len += n + 2;
}

void mbuf_adds(struct mbuf *b, const char *s)
{
	mbuf_add(b, s, strlen(s));
}

void mbuf_addc(struct mbuf *b, char c)
{
	/* The common case, room for c and the NUL, without mbuf_grow. */
	if ((b->oom || b->len + 2 > b->cap) && mbuf_grow(b, 1) < 0)
		return;
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

void mbuf_cut(struct mbuf *b, size_t len)
{
	if (!b->oom && len < b->len) {
		b->len = len;
		b->p[len] = '\0';
	}
}

void mbuf_reserve(struct mbuf *b, size_t n)
{
	if (mbuf_grow(b, n) == 0)
		b->p[b->len] = '\0';   /* p stays a string, even when new */
}

char *mbuf_take(struct mbuf *b)
{
	char *p;

	if (!b->oom && b->p == NULL)
		mbuf_add(b, "", 0);
	if (b->oom) {
		mbuf_free(b);
		return NULL;
	}
	p = b->p;
	b->p = NULL;
	b->len = b->cap = 0;
	return p;
}

void mbuf_free(struct mbuf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
}
