/*
 * mbuf.c - a growable byte buffer for building strings in src/mail/.
 *
 * The out-of-memory state is sticky: once an allocation fails every later
 * append is a no-op and mbuf_take() returns NULL, so builders check once,
 * at the end, instead of after every append.
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

void mbuf_adds(struct mbuf *b, const char *s)
{
	mbuf_add(b, s, strlen(s));
}

void mbuf_addc(struct mbuf *b, char c)
{
	mbuf_add(b, &c, 1);
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
