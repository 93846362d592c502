/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * prescan.c - bounding libetpan's recursion before libetpan sees a mail.
 *
 * libetpan parses MIME (multipart inside multipart, message/rfc822 inside
 * a part) and RFC 5322 comments ("(a (b (c)))") by recursion, so a hostile
 * mail of a few hundred kilobytes could exhaust the stack.  We cannot cap
 * libetpan's recursion from outside, so we compute, in one linear pass and
 * without recursion, numbers that are never smaller than the depth libetpan
 * would reach, and the caller refuses the mail when they exceed the limits.
 *
 * MIME depth.  Every container level libetpan opens comes from a
 * Content-Type field naming multipart/... or message/..., except that each
 * part of a multipart/digest is message/rfc822 by default, which adds at
 * most one more level per digest.  So the number of such fields, counting
 * a digest twice, bounds the depth of the whole message.  We match
 * liberally: a "Content-Type" followed by ":" anywhere in a line that does
 * not start with white space (libetpan only starts a field at the start of
 * a line, or right after a "--boundary" prefix on the first delimiter
 * line), and the words "multipart", "message", "digest" anywhere in the
 * field including its continuation lines.  Over-counting is safe.
 *
 * Counting the whole message would refuse an honest mail with many
 * attachments, so when the top-level header names a multipart (and not a
 * message) with a plain boundary B (one Content-Type field, one boundary
 * parameter, RFC 2046 characters only, so that libetpan must use the same
 * B) we count per top-level part and take the top field's count plus the
 * largest.  We split only at lines libetpan itself always takes as
 * delimiters: "--B", spaces or tabs, line end.  libetpan misses such a
 * line when it comes right at the start of a part (after the previous
 * delimiter and at most blank lines); we then do not split either, so our segments are unions of libetpan's top-level
 * parts and each segment's count still bounds the nesting inside it.
 * Close delimiters ("--B--") are not used: libetpan ignores them when a
 * later delimiter follows, and what follows a real close is epilogue,
 * which only ever adds to a count.
 *
 * Text that merely mentions Content-Type (a quoted mail, this comment)
 * must not count either, so a message, or a top-level part, whose own
 * header names no container (no Content-Type field at all, or one that
 * says none of the three words) is a leaf for libetpan and its body is
 * not counted; see end_part_header() for when we are sure that libetpan
 * reads the same header block.
 *
 * Comment depth.  Comments never cross a line that does not start with
 * white space (a new field), so we track "(" and ")" per logical line,
 * skipping quoted pairs, everywhere in the message.
 */
#include <string.h>
#include <strings.h>

#include "mailpriv.h"

struct line {
	const char *p;
	size_t len;     /* without CRLF */
	size_t next;    /* offset of the next line */
};

static void line_at(const char *msg, size_t n, size_t off, struct line *l)
{
	const char *nl = memchr(msg + off, '\n', n - off);
	size_t end = nl ? (size_t)(nl - msg) : n;

	l->p = msg + off;
	l->next = nl ? end + 1 : n;
	l->len = end - off;
	if (l->len > 0 && l->p[l->len - 1] == '\r')
		l->len--;
}

static int is_wsp(char c)
{
	return c == ' ' || c == '\t';
}

static int has_word_ci(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w), i;

	for (i = 0; i + k <= n; i++)
		if (strncasecmp(s + i, w, k) == 0)
			return 1;
	return 0;
}

/* "Content-Type" [WSP] ":" anywhere in the line. */
static int names_content_type(const char *s, size_t n)
{
	size_t i, j;

	for (i = 0; i + 12 <= n; i++) {
		if (strncasecmp(s + i, "content-type", 12) != 0)
			continue;
		for (j = i + 12; j < n && is_wsp(s[j]); j++)
			;
		if (j < n && s[j] == ':')
			return 1;
	}
	return 0;
}

/* Weight of the field starting at line l, continuation lines included:
 * 0 (no container), 1, or 2 for multipart/digest. */
static int field_weight(const char *msg, size_t n, const struct line *l)
{
	struct line c;
	int multi, mess, digest;
	size_t off;

	multi = has_word_ci(l->p, l->len, "multipart");
	mess = has_word_ci(l->p, l->len, "message");
	digest = has_word_ci(l->p, l->len, "digest");
	for (off = l->next; off < n; off = c.next) {
		line_at(msg, n, off, &c);
		if (c.len == 0 || !is_wsp(c.p[0]))
			break;
		multi |= has_word_ci(c.p, c.len, "multipart");
		mess |= has_word_ci(c.p, c.len, "message");
		digest |= has_word_ci(c.p, c.len, "digest");
	}
	if (!multi && !mess)
		return 0;
	return digest ? 2 : 1;
}

/* Deepest comment nesting in line l, carried in *depth across
 * continuation lines. */
static int comment_depth(const struct line *l, int *depth)
{
	int max = *depth;
	size_t i;

	for (i = 0; i < l->len; i++) {
		if (l->p[i] == '\\')
			i++;
		else if (l->p[i] == '(' && ++*depth > max)
			max = *depth;
		else if (l->p[i] == ')' && *depth > 0)
			--*depth;
	}
	return max;
}

/* RFC 2046 bchars; anything else makes us distrust the boundary. */
static int is_bchar(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || strchr("'()+_,-./:=? ", c) != NULL;
}

/* The top-level boundary, when it is plain enough that libetpan must
 * read the same string.  Copies it into b (size bsize); 1 or 0. */
static int top_boundary(const char *msg, size_t n, char *b, size_t bsize)
{
	struct line l, c;
	size_t off, i, k = 0;
	int fields = 0, params = 0, multi = 0, mess = 0;
	const char *v = NULL, *end = NULL;

	for (off = 0; off < n; off = l.next) {
		line_at(msg, n, off, &l);
		if (l.len == 0)
			break;
		if (is_wsp(l.p[0]) || !names_content_type(l.p, l.len))
			continue;
		fields++;
		for (c = l; ; ) {
			multi |= has_word_ci(c.p, c.len, "multipart");
			mess |= has_word_ci(c.p, c.len, "message");
			for (i = 0; i + 8 <= c.len; i++) {
				if (strncasecmp(c.p + i, "boundary", 8) != 0)
					continue;
				params++;
				v = c.p + i + 8;
				end = c.p + c.len;
			}
			if (c.next >= n)
				break;
			line_at(msg, n, c.next, &c);
			if (c.len == 0 || !is_wsp(c.p[0]))
				break;
		}
	}
	if (fields != 1 || params != 1 || !multi || mess || v >= end ||
	    *v++ != '=')
		return 0;
	if (v < end && *v == '"') {
		for (v++; v < end && *v != '"' && k + 1 < bsize; v++)
			b[k++] = *v;
		if (v >= end || *v != '"')
			return 0;
	} else {
		for (; v < end && *v != ';' && !is_wsp(*v) && k + 1 < bsize; v++)
			b[k++] = *v;
		if (v < end && *v != ';' && !is_wsp(*v))
			return 0;
	}
	b[k] = '\0';
	if (k == 0 || k > 70 || b[k - 1] == ' ')
		return 0;
	for (i = 0; i < k; i++)
		if (!is_bchar(b[i]))
			return 0;
	return 1;
}

/* "--B" [WSP...] at line end. */
static int is_delimiter(const struct line *l, const char *b, size_t blen)
{
	size_t i;

	if (l->len < blen + 2 || l->p[0] != '-' || l->p[1] != '-' ||
	    memcmp(l->p + 2, b, blen) != 0)
		return 0;
	for (i = blen + 2; i < l->len; i++)
		if (!is_wsp(l->p[i]))
			return 0;
	return 1;
}

/* The state of one pass. */
struct scan {
	int in_header;    /* in the top-level header section */
	int top_fields;   /* Content-Type fields there */
	int top;          /* their weight */
	int total;        /* weight of every field in the message */
	int seg, best;    /* weight in this top-level part, largest so far */
	int splits;       /* top-level delimiters taken */
	int content;      /* a non-blank line since the last split */
	/* the header block of the current top-level part */
	int in_part_hdr, part_first, part_fields, part_weight, part_bad;
	int leaf;         /* the current top-level part is a leaf */
};

static int is_blank(const struct line *l)
{
	size_t i;

	for (i = 0; i < l->len; i++)
		if (!is_wsp(l->p[i]))
			return 0;
	return 1;
}

/* A top-level part whose header block names no container can hold no
 * nesting, whatever its body says, provided libetpan reads the same
 * header block: it starts right after the delimiter (libetpan skips a
 * leading blank line and misses a delimiter there, so either makes us
 * unsure) and the multipart is not a digest (whose parts default to
 * message/rfc822). */
static void end_part_header(struct scan *sc)
{
	sc->in_part_hdr = 0;
	sc->leaf = !sc->part_bad && sc->top == 1 &&
	           (sc->part_fields == 0 ||
	            (sc->part_fields == 1 && sc->part_weight == 0));
}

static void start_part(struct scan *sc)
{
	if (sc->seg > sc->best)
		sc->best = sc->seg;
	sc->seg = 0;
	sc->content = 0;
	sc->splits++;
	sc->in_part_hdr = 1;
	sc->part_first = 1;
	sc->part_fields = sc->part_weight = sc->part_bad = sc->leaf = 0;
}

static void scan_line(struct scan *sc, const char *msg, size_t n,
                      const struct line *l)
{
	int ct, w;

	ct = l->len > 0 && !is_wsp(l->p[0]) && names_content_type(l->p, l->len);
	w = ct ? field_weight(msg, n, l) : 0;
	sc->total += w;
	if (sc->in_header) {
		if (l->len == 0)
			sc->in_header = 0;
		sc->top_fields += ct;
		sc->top += w;
		return;
	}
	if (!is_blank(l))
		sc->content = 1;
	if (sc->in_part_hdr) {
		if (sc->part_first && (is_blank(l) ||
		                       (l->len >= 2 && memcmp(l->p, "--", 2) == 0)))
			sc->part_bad = 1;
		sc->part_first = 0;
		sc->part_fields += ct;
		sc->part_weight += w;
		if (l->len == 0)
			end_part_header(sc);
	}
	if (!sc->leaf)
		sc->seg += w;
}

void prescan(const char *msg, size_t n, struct prescan *out)
{
	struct scan sc;
	struct line l;
	char b[80];
	size_t blen = 0, off;
	int split, paren = 0, d, top_leaf;

	memset(&sc, 0, sizeof sc);
	sc.in_header = 1;
	split = top_boundary(msg, n, b, sizeof b);
	if (split)
		blen = strlen(b);
	out->comment_depth = 0;
	for (off = 0; off < n; off = l.next) {
		line_at(msg, n, off, &l);
		if (l.len == 0 || !is_wsp(l.p[0]))
			paren = 0;
		d = comment_depth(&l, &paren);
		if (d > out->comment_depth)
			out->comment_depth = d;
		if (split && !sc.in_header && is_delimiter(&l, b, blen) &&
		    (sc.content || sc.splits == 0)) {
			start_part(&sc);
			continue;
		}
		scan_line(&sc, msg, n, &l);
	}
	if (sc.seg > sc.best)
		sc.best = sc.seg;
	top_leaf = sc.top_fields == 0 || (sc.top_fields == 1 && sc.top == 0);
	if (split)
		out->mime_depth = sc.top + sc.best;
	else
		out->mime_depth = top_leaf ? 0 : sc.total;
}
