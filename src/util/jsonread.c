/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * jsonread.c - the bounded JSON reader of jsonread.h.  A recursive
 * descent parser whose recursion the depth limit bounds; every read
 * checks the end of the input first.
 */
#include "util/jsonread.h"

#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct jr {
	const char *s;
	size_t len, pos;
	char *err;
	size_t errlen;
	int failed;
	size_t values;      /* parsed so far: at most JSON_MAX_VALUES */
};

/* The first error: what (a sentence marked N_()) at the byte r is at. */
static int jr_fail(struct jr *r, const char *what)
{
	if (!r->failed)
		/* TRANSLATORS: the byte's offset in the text, then what is
		 * wrong there ("a string does not end"). */
		errlang_snprintf(r->err, r->errlen, N_("JSON byte %zu: %s"), r->pos,
		                 errlang_gettext(what));
	r->failed = 1;
	return -1;
}

static void jr_space(struct jr *r)
{
	while (r->pos < r->len && (r->s[r->pos] == ' ' || r->s[r->pos] == '\t' ||
	                           r->s[r->pos] == '\n' || r->s[r->pos] == '\r'))
		r->pos++;
}

static int jr_hex4(struct jr *r, unsigned long *cp)
{
	size_t i;

	*cp = 0;
	if (r->len - r->pos < 4)
		return jr_fail(r, N_("a \\u escape needs four hex digits"));
	for (i = 0; i < 4; i++) {
		char c = r->s[r->pos++];
		*cp <<= 4;
		if (c >= '0' && c <= '9')
			*cp |= (unsigned long)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*cp |= (unsigned long)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*cp |= (unsigned long)(c - 'A' + 10);
		else
			return jr_fail(r, N_("a \\u escape needs four hex digits"));
	}
	return 0;
}

static void put_utf8(struct buf *b, unsigned long cp)
{
	char u[4];

	buf_append(b, u, util_utf8_put(cp, u));
}

/* A string at r->pos (the opening quote) into *out (malloc'ed). */
static int jr_string(struct jr *r, char **out)
{
	struct buf b = BUF_INIT;
	unsigned long cp, lo;

	*out = NULL;
	r->pos++;
	for (;;) {
		unsigned char c;
		if (r->pos >= r->len) {
			buf_free(&b);
			return jr_fail(r, N_("a string does not end"));
		}
		c = (unsigned char)r->s[r->pos++];
		if (c == '"')
			break;
		if (c < 0x20) {
			buf_free(&b);
			return jr_fail(r, N_("a control character in a string"));
		}
		if (c != '\\') {
			buf_append(&b, (const char *)&c, 1);
			continue;
		}
		if (r->pos >= r->len) {
			buf_free(&b);
			return jr_fail(r, N_("a string does not end"));
		}
		c = (unsigned char)r->s[r->pos++];
		switch (c) {
		case '"': case '\\': case '/':
			buf_append(&b, (const char *)&c, 1);
			break;
		case 'b': buf_puts(&b, "\b"); break;
		case 'f': buf_puts(&b, "\f"); break;
		case 'n': buf_puts(&b, "\n"); break;
		case 'r': buf_puts(&b, "\r"); break;
		case 't': buf_puts(&b, "\t"); break;
		case 'u':
			if (jr_hex4(r, &cp) < 0) {
				buf_free(&b);
				return -1;
			}
			if (cp >= 0xD800 && cp < 0xDC00) {
				if (r->len - r->pos < 2 || r->s[r->pos] != '\\' ||
				    r->s[r->pos + 1] != 'u') {
					buf_free(&b);
					return jr_fail(r, N_("a lone surrogate in a string"));
				}
				r->pos += 2;
				if (jr_hex4(r, &lo) < 0 || lo < 0xDC00 || lo > 0xDFFF) {
					buf_free(&b);
					return jr_fail(r, N_("a lone surrogate in a string"));
				}
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
			} else if (cp >= 0xDC00 && cp <= 0xDFFF) {
				buf_free(&b);
				return jr_fail(r, N_("a lone surrogate in a string"));
			}
			if (cp == 0) {
				buf_free(&b);
				return jr_fail(r, N_("\\u0000 in a string"));
			}
			put_utf8(&b, cp);
			break;
		default:
			buf_free(&b);
			return jr_fail(r, N_("a bad escape in a string"));
		}
	}
	*out = buf_take(&b);
	return 0;
}

static int jr_number(struct jr *r, struct jv *v)
{
	size_t start = r->pos;
	int frac = 0;
	char tmp[64], *end;

	if (r->pos < r->len && r->s[r->pos] == '-')
		r->pos++;
	if (r->pos >= r->len || r->s[r->pos] < '0' || r->s[r->pos] > '9')
		return jr_fail(r, N_("a bad number"));
	if (r->s[r->pos] == '0')
		r->pos++;
	else
		while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9')
			r->pos++;
	if (r->pos < r->len && r->s[r->pos] == '.') {
		frac = 1;
		r->pos++;
		if (r->pos >= r->len || r->s[r->pos] < '0' || r->s[r->pos] > '9')
			return jr_fail(r, N_("a bad number"));
		while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9')
			r->pos++;
	}
	if (r->pos < r->len && (r->s[r->pos] == 'e' || r->s[r->pos] == 'E')) {
		frac = 1;
		r->pos++;
		if (r->pos < r->len && (r->s[r->pos] == '+' || r->s[r->pos] == '-'))
			r->pos++;
		if (r->pos >= r->len || r->s[r->pos] < '0' || r->s[r->pos] > '9')
			return jr_fail(r, N_("a bad number"));
		while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9')
			r->pos++;
	}
	if (r->pos - start >= sizeof tmp)
		return jr_fail(r, N_("a number too long"));
	memcpy(tmp, r->s + start, r->pos - start);
	tmp[r->pos - start] = '\0';
	v->type = JV_NUMBER;
	v->num = strtod(tmp, NULL);
	if (!frac) {
		errno = 0;
		v->ival = strtoll(tmp, &end, 10);
		v->is_int = errno == 0 && *end == '\0';
	}
	return 0;
}

static int jr_value(struct jr *r, struct jv *v, int depth);

/* An array or object at r->pos ('[' or '{'). */
static int jr_compound(struct jr *r, struct jv *v, int depth)
{
	int obj = r->s[r->pos] == '{';
	char close = obj ? '}' : ']';
	size_t cap = 0;

	v->type = obj ? JV_OBJECT : JV_ARRAY;
	r->pos++;
	jr_space(r);
	if (r->pos < r->len && r->s[r->pos] == close) {
		r->pos++;
		return 0;
	}
	for (;;) {
		char *key = NULL;
		jr_space(r);
		if (obj) {
			if (r->pos >= r->len || r->s[r->pos] != '"')
				return jr_fail(r, N_("an object member needs a string "
				                    "key"));
			if (jr_string(r, &key) < 0)
				return -1;
			jr_space(r);
			if (r->pos >= r->len || r->s[r->pos] != ':') {
				free(key);
				return jr_fail(r, N_("a ':' is missing after a key"));
			}
			r->pos++;
		}
		if (v->n == cap) {
			cap = cap ? cap * 2 : 4;
			v->item = xrealloc(v->item, cap * sizeof *v->item);
			if (obj)
				v->key = xrealloc(v->key, cap * sizeof *v->key);
		}
		memset(&v->item[v->n], 0, sizeof v->item[v->n]);
		if (obj)
			v->key[v->n] = key;
		v->n++;
		if (jr_value(r, &v->item[v->n - 1], depth + 1) < 0)
			return -1;
		jr_space(r);
		if (r->pos >= r->len)
			return jr_fail(r, obj ? N_("an object does not end")
			                      : N_("an array does not end"));
		if (r->s[r->pos] == ',') {
			r->pos++;
			continue;
		}
		if (r->s[r->pos] == close) {
			r->pos++;
			return 0;
		}
		return jr_fail(r, obj ? N_("expected ',' or '}'")
		                      : N_("expected ',' or ']'"));
	}
}

static int jr_word(struct jr *r, const char *w)
{
	size_t n = strlen(w);

	if (r->len - r->pos < n || memcmp(r->s + r->pos, w, n) != 0)
		return jr_fail(r, N_("not a JSON value"));
	r->pos += n;
	return 0;
}

static int jr_value(struct jr *r, struct jv *v, int depth)
{
	if (depth > JSON_MAX_DEPTH)
		return jr_fail(r, N_("nested too deep"));
	if (++r->values > JSON_MAX_VALUES)
		return jr_fail(r, N_("more values than a record holds"));
	jr_space(r);
	if (r->pos >= r->len)
		return jr_fail(r, N_("a value is missing"));
	switch (r->s[r->pos]) {
	case '{':
	case '[':
		return jr_compound(r, v, depth);
	case '"':
		v->type = JV_STRING;
		return jr_string(r, &v->str);
	case 't':
		v->type = JV_BOOL;
		v->boolean = 1;
		return jr_word(r, "true");
	case 'f':
		v->type = JV_BOOL;
		return jr_word(r, "false");
	case 'n':
		v->type = JV_NULL;
		return jr_word(r, "null");
	default:
		return jr_number(r, v);
	}
}

static void jv_clear(struct jv *v)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		jv_clear(&v->item[i]);
		if (v->key)
			free(v->key[i]);
	}
	free(v->item);
	free(v->key);
	free(v->str);
}

void jv_free(struct jv *v)
{
	if (!v)
		return;
	jv_clear(v);
	free(v);
}

int jv_parse(const char *text, size_t len, struct jv **out, char *err,
             size_t errlen)
{
	struct jr r = { text, len, 0, err, errlen, 0, 0 };
	struct jv *v = xmalloc(sizeof *v);

	memset(v, 0, sizeof *v);
	*out = NULL;
	if (jr_value(&r, v, 0) == 0) {
		jr_space(&r);
		if (r.pos == r.len) {
			*out = v;
			return 0;
		}
		jr_fail(&r, N_("text after the JSON value"));
	}
	jv_free(v);
	return -1;
}

const struct jv *jv_get(const struct jv *o, const char *key)
{
	size_t i;

	if (!o || o->type != JV_OBJECT)
		return NULL;
	for (i = 0; i < o->n; i++)
		if (strcmp(o->key[i], key) == 0)
			return &o->item[i];
	return NULL;
}
