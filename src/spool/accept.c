/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * accept.c - the words of the "limit accept" setting (see accept.h).
 */
#include "spool/accept.h"

#include <stdio.h>
#include <string.h>

#define HOUR 3600L
#define DAY 86400L

void accept_default(struct accept_set *a)
{
	memset(a, 0, sizeof *a);
	a->move_secs = ACCEPT_TIME_DEFAULT;
}

int accept_is_default(const struct accept_set *a)
{
	return a->move_secs == ACCEPT_TIME_DEFAULT && !a->any_size &&
	       a->nsize == 0;
}

int accept_parse_time(struct accept_set *a, const char *value)
{
	long n = 0;
	size_t i;

	if (strcmp(value, "default") == 0) {
		a->move_secs = ACCEPT_TIME_DEFAULT;
		return 0;
	}
	if (strcmp(value, "any") == 0) {
		a->move_secs = 0;
		return 0;
	}
	/* N, at most four digits, and the unit d or h */
	for (i = 0; value[i] >= '0' && value[i] <= '9' && i < 5; i++)
		n = n * 10 + (value[i] - '0');
	if (i == 0 || i > 4 || value[0] == '0' || value[i] == '\0' ||
	    value[i + 1] != '\0')
		return -1;
	if (value[i] == 'd' || value[i] == 'D')
		n *= DAY;
	else if (value[i] == 'h' || value[i] == 'H')
		n *= HOUR;
	else
		return -1;
	if (n < HOUR || n > 365 * DAY)
		return -1;
	a->move_secs = n;
	return 0;
}

/* One size "WxH" (1 to 99 each, no leading zero) or "default" (0 x 0)
 * of a list, len bytes at s: 0, or -1. */
static int size_word(const char *s, size_t len, int *w, int *h)
{
	char word[16], x;
	int n = 0;

	if (len == 0 || len >= sizeof word)
		return -1;
	memcpy(word, s, len);
	word[len] = '\0';
	if (strcmp(word, "default") == 0) {
		*w = *h = 0;
		return 0;
	}
	if (sscanf(word, "%2d%c%2d%n", w, &x, h, &n) != 3 || n != (int)len ||
	    (x != 'x' && x != 'X') || *w < 1 || *h < 1 || word[0] == '0' ||
	    word[strcspn(word, "xX") + 1] == '0' ||
	    strspn(word, "0123456789xX") != len)
		return -1;
	return 0;
}

int accept_parse_size(struct accept_set *a, const char *value)
{
	struct accept_set t = *a;
	const char *p = value;
	int i, w, h;

	if (strcmp(value, "any") == 0) {
		a->any_size = 1;
		a->nsize = 0;
		return 0;
	}
	t.any_size = 0;
	t.nsize = 0;
	for (;;) {
		size_t len = strcspn(p, ",");
		if (t.nsize == ACCEPT_SIZES || size_word(p, len, &w, &h) < 0)
			return -1;
		for (i = 0; i < t.nsize; i++)
			if (t.w[i] == w && t.h[i] == h)
				return -1;
		t.w[t.nsize] = (unsigned char)w;
		t.h[t.nsize] = (unsigned char)h;
		t.nsize++;
		if (!p[len])
			break;
		p += len + 1;
	}
	/* "default" alone is the default: no list */
	if (t.nsize == 1 && t.w[0] == 0)
		t.nsize = 0;
	*a = t;
	return 0;
}

void accept_format_time(const struct accept_set *a, char *buf, size_t len)
{
	if (a->move_secs == ACCEPT_TIME_DEFAULT)
		snprintf(buf, len, "default");
	else if (a->move_secs == 0)
		snprintf(buf, len, "any");
	else if (a->move_secs % DAY == 0)
		snprintf(buf, len, "%ldd", a->move_secs / DAY);
	else
		snprintf(buf, len, "%ldh", a->move_secs / HOUR);
}

void accept_format_size(const struct accept_set *a, char *buf, size_t len)
{
	size_t used = 0;
	int i, n;

	if (len)
		buf[0] = '\0';
	if (a->any_size) {
		snprintf(buf, len, "any");
		return;
	}
	if (a->nsize == 0) {
		snprintf(buf, len, "default");
		return;
	}
	for (i = 0; i < a->nsize && used < len; i++) {
		if (a->w[i] == 0)
			n = snprintf(buf + used, len - used, "%sdefault",
			             i ? "," : "");
		else
			n = snprintf(buf + used, len - used, "%s%dx%d", i ? "," : "",
			             a->w[i], a->h[i]);
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

int accept_takes_size(const struct accept_set *a, int w, int h, int dw,
                      int dh)
{
	int i;

	if (a->any_size)
		return 1;
	if (a->nsize == 0)
		return w == dw && h == dh;
	for (i = 0; i < a->nsize; i++)
		if (a->w[i] == 0 ? w == dw && h == dh :
		    a->w[i] == w && a->h[i] == h)
			return 1;
	return 0;
}
