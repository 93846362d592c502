/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * mailpriv.h - helpers shared by the files of src/mail/ and nobody else.
 *
 * A growable byte buffer with a sticky out-of-memory flag (so that a long
 * run of appends needs one check at the end), UTF-8 and line-end clean-up
 * for text that came off the network, RFC 3676 format=flowed decoding,
 * the crude HTML-to-text conversion and the hostile-input pre-scan that
 * runs before libetpan sees a message.  Nothing here knows libetpan.
 */
#ifndef EPAM_MAILPRIV_H
#define EPAM_MAILPRIV_H

#include <stddef.h>

/* ---- parse.c ---- */

/* raw[0..len) without a leading mbox "From " line, with every line end
 * made CRLF, NUL bytes made spaces and a final CRLF added when missing:
 * the form libetpan and prescan() expect.  malloc'ed (caller frees),
 * *outlen its length; NULL when out of memory. */
char *mail_crlf_copy(const char *raw, size_t len, size_t *outlen);

/* ---- mbuf.c ---- */

struct mbuf {
	char *p;      /* NUL-terminated after every append (when !oom) */
	size_t len;   /* bytes in p, not counting the NUL */
	size_t cap;
	int oom;      /* an allocation failed: contents are incomplete */
};

#define MBUF_INIT { NULL, 0, 0, 0 }

void mbuf_add(struct mbuf *b, const void *p, size_t n);
/* The n bytes at p, then CR LF: one line of a body. */
void mbuf_add_line(struct mbuf *b, const void *p, size_t n);
void mbuf_adds(struct mbuf *b, const char *s);
void mbuf_addc(struct mbuf *b, char c);
/* Drop what was added after the first len bytes (len at most b->len). */
void mbuf_cut(struct mbuf *b, size_t len);
/* Make room for n more bytes (and the NUL) in one allocation, so that
 * the appends that follow need none; a failure sets the sticky oom. */
void mbuf_reserve(struct mbuf *b, size_t n);
/* Hand over the contents as a malloc'ed NUL-terminated string (caller
 * frees; "" when nothing was added) and reset b.  NULL when an allocation
 * failed at any point; b is freed either way. */
char *mbuf_take(struct mbuf *b);
void mbuf_free(struct mbuf *b);

/* ---- text.c ---- */

/* Append code point cp as UTF-8 (U+FFFD for surrogates and > U+10FFFF). */
void mbuf_add_utf8(struct mbuf *b, unsigned long cp);

/* 1 when s[0..n) is well-formed UTF-8 (no overlongs, no surrogates). */
int text_is_utf8(const char *s, size_t n);

/* 1 when s[0..n) is well-formed UTF-8 of code points that text_clean()
 * keeps as they are (util_cp_class() UTIL_CP_TEXT): no control at all,
 * TAB and LF included, no bidi control, no line separator. */
int text_is_clean(const char *s, size_t n);

/* Length of the longest prefix of s[0..n) that is plain ASCII text:
 * printable (0x20-0x7E), TAB and LF, which text_clean() keeps as it is
 * in a body; n when all of it is.  Eight bytes at a time. */
size_t text_plain_run(const char *s, size_t n);

/* Clean untrusted text into valid UTF-8.  If s[0..n) is not UTF-8 it is
 * read as Windows-1252 (a superset of ISO-8859-1 in practice) when
 * guess_8bit is set, else each bad byte becomes U+FFFD.  oneline: every
 * control character, C0 and C1 (CR, LF and TAB included), and U+2028 and
 * U+2029 become a space and the result is trimmed, for header values.
 * Otherwise NUL and controls other than TAB and LF, C1 included, are
 * dropped, and CRLF / CR / U+2028 / U+2029 become LF.  Bidi embeddings,
 * overrides and isolates are dropped in both modes (util_cp_class()).  Returns a malloc'ed
 * string (caller frees), or NULL when out of memory. */
char *text_clean(const char *s, size_t n, int guess_8bit, int oneline);

/* Undo RFC 3676 format=flowed on LF-terminated text: join soft-broken
 * lines (quote depth respected, space-stuffing removed, the trailing space
 * dropped too when delsp).  Returns malloc'ed text or NULL (no memory). */
char *text_unflow(const char *s, int delsp);

/* ---- html.c ---- */

/* Crude text rendering of untrusted HTML (UTF-8 in, UTF-8 out): tags
 * dropped, <br>, <p>, <div>, <li>, <tr>, headings give line breaks,
 * <blockquote> content is prefixed with "> ", <script>/<style> dropped,
 * common named entities and numeric references decoded.  Returns a
 * malloc'ed string (caller frees) or NULL when out of memory or when
 * libxml2 cannot be loaded (logged once a process): the mail's parse
 * then fails as out of memory does, and the mail is deferred (exit 75),
 * never read as empty. */
char *html_to_text(const char *html, size_t len);

/* ---- prescan.c ---- */

/* Nesting of RFC 5322 comments "( ( ... ) )" allowed in one header line;
 * libetpan parses comments recursively. */
#define MAIL_MAX_COMMENT_DEPTH 200

struct prescan {
	int mime_depth;     /* upper bound of libetpan's MIME nesting */
	int comment_depth;  /* deepest "(" nesting within one logical line */
};

/* Bound, in linear time and without recursion, how deep libetpan's
 * recursive parsers would go on msg[0..n), which must have CRLF line ends.
 * See prescan.c for why the MIME bound is sound. */
void prescan(const char *msg, size_t n, struct prescan *out);

#endif
