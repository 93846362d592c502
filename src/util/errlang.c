/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * errlang.c - a loader's error in the run's language and in English (see
 * errlang.h).  Only the C library: the rules' library links this file
 * and nothing else of util.
 */
#include "util/errlang.h"
#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The translations made and their English, a ring: slot (next - 1) is
 * the newest. */
static struct {
	char *shown, *english;
} kept[ERRLANG_KEEP];
static unsigned next;

/* The text fmt makes with ap, malloc'ed, or NULL when memory is out (ap
 * is used up). */
static char *format(const char *fmt, va_list ap)
{
	va_list again;
	char *s;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	s = malloc(n < 0 ? 1 : (size_t)n + 1);
	if (s && n < 0)
		*s = '\0';
	else if (s)
		vsnprintf(s, (size_t)n + 1, fmt, again);
	va_end(again);
	return s;
}

/* Keep the pair (shown, english) unless they are the same text; english
 * (NULL when it could not be made) is taken over, freed in any case.
 * Out of memory keeps nothing: the log then has the translation, the
 * run goes on. */
static void keep(const char *shown, char *english)
{
	unsigned i = next % ERRLANG_KEEP;
	char *copy;

	if (!english || !*shown || strcmp(shown, english) == 0 ||
	    (copy = strdup(shown)) == NULL) {
		free(english);
		return;
	}
	free(kept[i].shown);
	free(kept[i].english);
	kept[i].shown = copy;
	kept[i].english = english;
	next++;
}

/* vsnprintf of shown into dst, keeping the text english makes (the
 * same arguments) beside it when shown is a translation. */
static int two_forms(char *dst, size_t len, const char *shown,
                     const char *english, va_list ap)
{
	va_list again;
	int n;

	if (!dst)
		len = 0;
	va_copy(again, ap);
	n = vsnprintf(dst, len, shown, ap);
	if (n >= 0 && len > 0 && shown != english)
		keep(dst, format(english, again));
	va_end(again);
	return n;
}

int errlang_vsnprintf(char *dst, size_t len, const char *msgid, va_list ap)
{
	return two_forms(dst, len, _(msgid), msgid, ap);
}

int errlang_snprintf(char *dst, size_t len, const char *msgid, ...)
{
	va_list ap;
	int n;

	va_start(ap, msgid);
	n = errlang_vsnprintf(dst, len, msgid, ap);
	va_end(ap);
	return n;
}

int errlang_nsnprintf(char *dst, size_t len, const char *one,
                      const char *many, unsigned long n, ...)
{
	va_list ap;
	int rc;

	va_start(ap, n);
	rc = two_forms(dst, len, ngettext(one, many, n), n == 1 ? one : many,
	               ap);
	va_end(ap);
	return rc;
}

const char *errlang_gettext(const char *msgid)
{
	const char *shown = _(msgid);

	if (shown != msgid)
		keep(shown, strdup(msgid));
	return shown;
}

char *errlang_asprintf(const char *msgid, ...)
{
	const char *shown = _(msgid);
	va_list ap;
	char *s;

	va_start(ap, msgid);
	s = format(shown, ap);
	va_end(ap);
	if (!s) {       /* as xmalloc (util/buf.h): the error is needed */
		fputs("epamserv: out of memory\n", stderr);
		abort();
	}
	if (shown != msgid) {
		va_start(ap, msgid);
		keep(s, format(msgid, ap));
		va_end(ap);
	}
	return s;
}

/* text with each shown of slot i replaced by its english: malloc'ed,
 * NULL when memory is out. */
static char *replace_all(const char *text, unsigned i)
{
	size_t ns = strlen(kept[i].shown), ne = strlen(kept[i].english);
	size_t count = 0, len;
	const char *p, *hit;
	char *out, *o;

	for (p = text; (hit = strstr(p, kept[i].shown)) != NULL; p = hit + ns)
		count++;
	len = strlen(text) - count * ns + count * ne;
	o = out = malloc(len + 1);
	if (!out)
		return NULL;
	for (p = text; (hit = strstr(p, kept[i].shown)) != NULL; p = hit + ns) {
		memcpy(o, p, (size_t)(hit - p));
		o += hit - p;
		memcpy(o, kept[i].english, ne);
		o += ne;
	}
	strcpy(o, p);
	return out;
}

char *errlang_english(const char *text)
{
	unsigned k, last = next < ERRLANG_KEEP ? next : ERRLANG_KEEP;
	char *now = NULL, *was;

	for (k = 1; k <= last; k++) {
		unsigned i = (next - k) % ERRLANG_KEEP;

		if (!strstr(now ? now : text, kept[i].shown))
			continue;
		was = now;
		now = replace_all(was ? was : text, i);
		if (!now)       /* out of memory: what was made so far */
			return was;
		free(was);
	}
	return now;
}
