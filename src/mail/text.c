/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * text.c - making untrusted text safe to hand to the rest of the program.
 *
 * Everything decoded from a mail ends up here before it leaves src/mail/,
 * and everything composed passes here again before it is encoded: the
 * result is always valid UTF-8 with no NUL, no C1 control and no bidi
 * embedding, override or isolate (util_cp_class() in util.h decides),
 * header values are one line with no control characters, bodies have LF
 * line ends.  Mail in the wild
 * often carries undeclared 8-bit text; when it is not UTF-8 we read it as
 * Windows-1252, which is what ISO-8859-1 senders actually produce.
 * format=flowed (RFC 3676) decoding lives here too since it is pure text.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mailpriv.h"
#include "util/util.h"

/* Windows-1252 0x80..0x9F as Unicode; 0 marks the five unassigned bytes. */
static const unsigned short cp1252_high[32] = {
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

int text_is_utf8(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned long cp;
	size_t i = 0, k;

	while (i < n) {
		k = util_utf8_seq(u + i, n - i, &cp);
		if (k == 0)
			return 0;
		i += k;
	}
	return 1;
}

int text_is_clean(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned long cp;
	size_t i = 0, k;

	while (i < n) {
		k = util_utf8_seq(u + i, n - i, &cp);
		if (k == 0 || util_cp_class(cp) != UTIL_CP_TEXT)
			return 0;
		i += k;
	}
	return 1;
}

void mbuf_add_utf8(struct mbuf *b, unsigned long cp)
{
	char c[4];

	mbuf_add(b, c, util_utf8_put(cp, c));
}

/* Sixteen bytes at once: GCC's and Clang's vector extension (SSE2 on
 * amd64, NEON on arm64, plain code where there is none). */
typedef unsigned char bytes16 __attribute__((vector_size(16)));
typedef signed char sbytes16 __attribute__((vector_size(16)));

/* Length of the prefix of u[0..n) made of whole 64-byte blocks of
 * printable ASCII (0x20-0x7E), TAB and LF too when lines.  A byte plus
 * one is 0x21-0x7F when printable and less as a signed byte when not
 * (0x7F-0xFF wrap to 0x80-0x00); TAB and LF are then 0x0A and 0x0B, the
 * two bytes y with (y & 0xFE) == 0x0A (m 0xFE and v 0x0A; without lines
 * m 0 and v 1 match no byte).  No function takes or returns a vector:
 * where they are not in registers (i386) that changes the ABI. */
static size_t plain_blocks(const unsigned char *u, size_t n, int lines)
{
	const unsigned char mask = lines ? 0xFE : 0, value = lines ? 0x0A : 1;
	const bytes16 m = (bytes16){ 0 } + mask, v = (bytes16){ 0 } + value;
	bytes16 y[4], good;
	uint64_t w[2];
	size_t i;

	for (i = 0; i + 64 <= n; i += 64) {
		memcpy(y, u + i, 64);
		y[0] += 1;
		y[1] += 1;
		y[2] += 1;
		y[3] += 1;
#define PLAIN(x) ((bytes16)((sbytes16)(x) > 0x20) | (bytes16)(((x) & m) == v))
		good = PLAIN(y[0]) & PLAIN(y[1]) & PLAIN(y[2]) & PLAIN(y[3]);
#undef PLAIN
		memcpy(w, &good, 16);
		if ((w[0] & w[1]) != (uint64_t)-1)
			break;
	}
	return i;
}

size_t text_plain_run(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, end;

	while (i < n) {
		i += plain_blocks(u + i, n - i, 1);
		for (end = n - i > 64 ? i + 64 : n; i < end; i++)
			if (!((u[i] >= 0x20 && u[i] < 0x7F) || u[i] == '\n' ||
			      u[i] == '\t'))
				return i;
	}
	return n;
}

/* Length of the run at u[0..n) that text_clean keeps as it is: printable
 * ASCII, TAB and LF too unless oneline, and well-formed UTF-8 sequences
 * of code points util_cp_class() calls text when utf8 (the text is not
 * being read as Windows-1252). */
static size_t kept_run(const unsigned char *u, size_t n, int oneline,
                       int utf8)
{
	unsigned long cp;
	size_t i = 0, k;

	while (i < n) {
		i += plain_blocks(u + i, n - i, !oneline);
		if (i == n)
			break;
		if ((u[i] >= 0x20 && u[i] < 0x7F) ||
		    (!oneline && (u[i] == '\n' || u[i] == '\t'))) {
			i++;
		} else if (u[i] >= 0x80 && utf8 &&
		           (k = util_utf8_seq(u + i, n - i, &cp)) != 0 &&
		           util_cp_class(cp) == UTIL_CP_TEXT) {
			i += k;
		} else {
			break;
		}
	}
	return i;
}

/* The well-formed UTF-8 sequence of k bytes at s, code point cp, that
 * kept_run stopped at: a C1 control becomes a space in one-line text and
 * is dropped from a body, a bidi control is dropped, a line or paragraph
 * separator becomes a space or a line end. */
static void put_utf8(struct mbuf *b, const char *s, size_t k,
                     unsigned long cp, int oneline)
{
	switch (util_cp_class(cp)) {
	case UTIL_CP_TEXT:
		mbuf_add(b, s, k);
		break;
	case UTIL_CP_CONTROL:
		if (oneline)
			mbuf_addc(b, ' ');
		break;
	case UTIL_CP_BREAK:
		mbuf_addc(b, oneline ? ' ' : '\n');
		break;
	case UTIL_CP_BIDI:
		break;
	}
}

/* One ASCII byte of s[i..n) that kept_run stopped at (a control
 * character or DEL): returns how many input bytes were used. */
static size_t put_ascii(struct mbuf *b, const char *s, size_t i, size_t n,
                        int oneline)
{
	char c = s[i];

	if (oneline) {
		mbuf_addc(b, (c < 0x20 || c == 0x7F) ? ' ' : c);
		return 1;
	}
	if (c == '\r') {
		mbuf_addc(b, '\n');
		return (i + 1 < n && s[i + 1] == '\n') ? 2 : 1;
	}
	if (c == '\n' || c == '\t' || (c >= 0x20 && c != 0x7F))
		mbuf_addc(b, c);
	return 1;
}

static char *trim_spaces(char *s)
{
	size_t start = 0, end = strlen(s);

	while (s[start] == ' ')
		start++;
	while (end > start && s[end - 1] == ' ')
		end--;
	memmove(s, s + start, end - start);
	s[end - start] = '\0';
	return s;
}

char *text_clean(const char *s, size_t n, int guess_8bit, int oneline)
{
	const unsigned char *u = (const unsigned char *)s;
	struct mbuf b = MBUF_INIT;
	int cp1252 = guess_8bit && !text_is_utf8(s, n);
	unsigned long cp;
	size_t i = 0, k;
	char *out;

	/* Clean text is mostly the input as it was: one allocation, which
	 * grows only where bad bytes become U+FFFD or Windows-1252 is read. */
	mbuf_reserve(&b, n);
	while (i < n) {
		if ((k = kept_run(u + i, n - i, oneline, !cp1252)) != 0) {
			mbuf_add(&b, s + i, k);
			i += k;
		} else if (u[i] < 0x80) {
			i += put_ascii(&b, s, i, n, oneline);
		} else if (cp1252) {
			/* Windows-1252 has no C1 controls: 0x80-0x9F are
			 * printable there (or unassigned: U+FFFD). */
			cp = u[i] >= 0xA0 ? u[i] : cp1252_high[u[i] - 0x80];
			mbuf_add_utf8(&b, cp ? cp : 0xFFFD);
			i++;
		} else if ((k = util_utf8_seq(u + i, n - i, &cp)) != 0) {
			put_utf8(&b, s + i, k, cp, oneline);
			i += k;
		} else {
			mbuf_add_utf8(&b, 0xFFFD);
			i++;
		}
	}
	out = mbuf_take(&b);
	if (out != NULL && oneline)
		trim_spaces(out);
	return out;
}

/* ---- format=flowed (RFC 3676 section 4) ---- */

struct flow {
	struct mbuf out;
	struct mbuf para;   /* the paragraph being joined */
	int depth;          /* its quote depth */
	int open;           /* a paragraph is being joined */
};

static void flow_flush(struct flow *f)
{
	int i;

	if (!f->open)
		return;
	for (i = 0; i < f->depth; i++)
		mbuf_addc(&f->out, '>');
	if (f->depth > 0 && f->para.len > 0)
		mbuf_addc(&f->out, ' ');
	if (f->para.len > 0)
		mbuf_add(&f->out, f->para.p, f->para.len);
	mbuf_addc(&f->out, '\n');
	f->para.len = 0;
	f->open = 0;
}

static void flow_line(struct flow *f, const char *line, size_t len, int delsp)
{
	int depth = 0, flowed;

	while ((size_t)depth < len && line[depth] == '>')
		depth++;
	line += depth;
	len -= (size_t)depth;
	if (len > 0 && line[0] == ' ') {   /* space-stuffing */
		line++;
		len--;
	}
	flowed = len > 0 && line[len - 1] == ' ' &&
	         !(len == 3 && memcmp(line, "-- ", 3) == 0);
	if (f->open && depth != f->depth)
		flow_flush(f);
	if (!f->open) {
		f->open = 1;
		f->depth = depth;
		f->para.len = 0;
	}
	if (flowed && delsp)
		len--;
	mbuf_add(&f->para, line, len);
	if (!flowed)
		flow_flush(f);
}

char *text_unflow(const char *s, int delsp)
{
	struct flow f = { MBUF_INIT, MBUF_INIT, 0, 0 };
	const char *nl;
	char *out;

	while (*s != '\0') {
		nl = strchr(s, '\n');
		if (nl == NULL)
			nl = s + strlen(s);
		flow_line(&f, s, (size_t)(nl - s), delsp);
		s = *nl ? nl + 1 : nl;
	}
	flow_flush(&f);
	if (f.para.oom)
		f.out.oom = 1;
	mbuf_free(&f.para);
	out = mbuf_take(&f.out);
	return out;
}
