/*
 * html.c - a crude HTML-to-text conversion for mail that has no text part.
 *
 * Some phone clients send HTML only.  All we need from such a mail is its
 * lines of text (a command, a comment, quoted text to ignore), so this is
 * a single pass over the markup, not a parser: tags are dropped, the tags
 * that break lines in a browser break lines here, whitespace collapses as
 * in a browser, <blockquote> becomes "> " quoting so that the command
 * reader can skip quoted text, and character references are decoded.
 * The input is untrusted; every scan is bounded by len, so the time is
 * linear.  SPEC section 7 wants an HTML parser library here eventually;
 * html_to_text() is the one entry point to swap.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mailpriv.h"

struct html_out {
	struct mbuf b;
	int quote;        /* <blockquote> depth */
	int at_bol;       /* nothing written on this line yet */
	int space;        /* a space is pending before the next word */
	int newlines;     /* line breaks written in a row */
};

static void out_newline(struct html_out *o)
{
	if (o->newlines >= 2)
		return;
	mbuf_addc(&o->b, '\n');
	o->newlines++;
	o->at_bol = 1;
	o->space = 0;
}

/* A block boundary: end the current line unless it is empty. */
static void out_break(struct html_out *o)
{
	if (!o->at_bol)
		out_newline(o);
}

static void out_begin_char(struct html_out *o)
{
	int i;

	if (o->at_bol) {
		for (i = 0; i < o->quote; i++)
			mbuf_adds(&o->b, "> ");
		o->at_bol = 0;
	} else if (o->space) {
		mbuf_addc(&o->b, ' ');
	}
	o->space = 0;
	o->newlines = 0;
}

static void out_text(struct html_out *o, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			o->space = !o->at_bol;
			continue;
		}
		out_begin_char(o);
		mbuf_addc(&o->b, s[i]);
	}
}

static void out_codepoint(struct html_out *o, unsigned long cp)
{
	if (cp == 0xA0 || cp == ' ') {
		o->space = !o->at_bol;
		return;
	}
	out_begin_char(o);
	if (cp == 0 || cp < 0x20 || (cp >= 0x7F && cp < 0xA0))
		cp = 0xFFFD;
	mbuf_add_utf8(&o->b, cp);
}

static const struct {
	const char *name;
	unsigned long cp;
} entities[] = {
	{ "amp", '&' }, { "lt", '<' }, { "gt", '>' }, { "quot", '"' },
	{ "apos", '\'' }, { "nbsp", 0xA0 }, { "ndash", 0x2013 },
	{ "mdash", 0x2014 }, { "hellip", 0x2026 }, { "laquo", 0xAB },
	{ "raquo", 0xBB }, { "lsquo", 0x2018 }, { "rsquo", 0x2019 },
	{ "ldquo", 0x201C }, { "rdquo", 0x201D }, { "copy", 0xA9 },
	{ "middot", 0xB7 }, { "times", 0xD7 }, { "eacute", 0xE9 },
	{ "egrave", 0xE8 }, { "agrave", 0xE0 }, { "ccedil", 0xE7 },
	{ "uuml", 0xFC }, { "ouml", 0xF6 }, { "auml", 0xE4 }, { "szlig", 0xDF },
};

/* Numeric reference body after "&#": returns the code point, or -1. */
static long numeric_ref(const char *s, size_t n)
{
	unsigned long cp = 0;
	int base = 10;
	size_t i = 0;

	if (n > 0 && (s[0] == 'x' || s[0] == 'X'))
		base = 16, i = 1;
	if (i >= n)
		return -1;
	for (; i < n; i++) {
		int d;

		if (isdigit((unsigned char)s[i]))
			d = s[i] - '0';
		else if (base == 16 && isxdigit((unsigned char)s[i]))
			d = tolower((unsigned char)s[i]) - 'a' + 10;
		else
			return -1;
		cp = cp * (unsigned long)base + (unsigned long)d;
		if (cp > 0x10FFFF)
			cp = 0x110000;   /* stays out of range, no overflow */
	}
	return (long)cp;
}

/* s[0] == '&'.  Decode one reference; returns the bytes consumed. */
static size_t out_entity(struct html_out *o, const char *s, size_t n)
{
	size_t end, i;
	long cp;

	for (end = 1; end < n && end < 12 && s[end] != ';'; end++)
		;
	if (end >= n || s[end] != ';') {
		out_text(o, "&", 1);
		return 1;
	}
	if (s[1] == '#') {
		cp = numeric_ref(s + 2, end - 2);
		if (cp >= 0) {
			out_codepoint(o, (unsigned long)cp);
			return end + 1;
		}
	}
	for (i = 0; i < sizeof entities / sizeof entities[0]; i++) {
		if (strlen(entities[i].name) == end - 1 &&
		    memcmp(entities[i].name, s + 1, end - 1) == 0) {
			out_codepoint(o, entities[i].cp);
			return end + 1;
		}
	}
	out_text(o, "&", 1);
	return 1;
}

/* Case-insensitive search for needle in s[0..n); offset or n. */
static size_t find_ci(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle), i;

	for (i = 0; i + k <= n; i++)
		if (strncasecmp(s + i, needle, k) == 0)
			return i;
	return n;
}

static int name_is(const char *name, size_t len, const char *want)
{
	return strlen(want) == len && strncasecmp(name, want, len) == 0;
}

static int is_block(const char *name, size_t len)
{
	static const char *const blocks[] = {
		"p", "div", "tr", "li", "ul", "ol", "table", "h1", "h2", "h3",
		"h4", "h5", "h6", "pre", "hr", "dd", "dt", "dl", "center",
		"section", "article", "header", "footer", "title",
	};
	size_t i;

	for (i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
		if (name_is(name, len, blocks[i]))
			return 1;
	return 0;
}

static void apply_tag(struct html_out *o, const char *name, size_t len,
                      int closing)
{
	if (name_is(name, len, "br")) {
		if (o->at_bol && o->newlines == 0)
			out_begin_char(o);   /* an empty quoted line */
		out_newline(o);
	} else if (name_is(name, len, "blockquote")) {
		out_break(o);
		if (closing && o->quote > 0)
			o->quote--;
		else if (!closing && o->quote < 32)
			o->quote++;
	} else if (is_block(name, len)) {
		out_break(o);
	} else if (name_is(name, len, "td") || name_is(name, len, "th")) {
		o->space = !o->at_bol;
	}
}

/* s[0] == '<'.  Handle one tag, comment or skipped element. */
static size_t out_tag(struct html_out *o, const char *s, size_t n)
{
	size_t i = 1, start, end;
	int closing = 0;

	if (n >= 4 && memcmp(s, "<!--", 4) == 0) {
		end = find_ci(s + 4, n - 4, "-->");
		return end == n - 4 ? n : end + 4 + 3;
	}
	if (i < n && s[i] == '/')
		closing = 1, i++;
	start = i;
	while (i < n && isalnum((unsigned char)s[i]))
		i++;
	if (i == start) {             /* not a tag: a lone '<' */
		out_text(o, "<", 1);
		return 1;
	}
	apply_tag(o, s + start, i - start, closing);
	if (!closing && (name_is(s + start, i - start, "script") ||
	                 name_is(s + start, i - start, "style"))) {
		const char *close = name_is(s + start, i - start, "script")
		                    ? "</script" : "</style";
		end = find_ci(s + i, n - i, close);
		i += end;
	}
	while (i < n && s[i] != '>')
		i++;
	return i < n ? i + 1 : n;
}

char *html_to_text(const char *html, size_t len)
{
	struct html_out o = { MBUF_INIT, 0, 1, 0, 1 };
	size_t i = 0;
	char *text;

	while (i < len) {
		if (html[i] == '<')
			i += out_tag(&o, html + i, len - i);
		else if (html[i] == '&')
			i += out_entity(&o, html + i, len - i);
		else {
			size_t j = i;

			while (j < len && html[j] != '<' && html[j] != '&')
				j++;
			out_text(&o, html + i, j - i);
			i = j;
		}
	}
	text = mbuf_take(&o.b);
	if (text != NULL) {
		size_t n = strlen(text);

		while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == ' '))
			n--;
		text[n] = '\0';
	}
	return text;
}
