/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * compose.c - one outgoing RFC 5322 message (SPEC section 4).
 *
 * The idea: nothing a user typed can change the structure of what we
 * send.  Every header text first goes through text_clean(), which turns
 * CR, LF and every other control character into spaces, so a header line
 * can never be ended early; text that is not plain printable ASCII (or
 * that had control characters, or looks like an encoded word already) is
 * then written as RFC 2047 "Q" encoded words in UTF-8, folded so that no
 * line passes 78 octets.  Identifiers (Message-ID, In-Reply-To,
 * References) must be plain atoms: a bad one is refused (our own
 * Message-ID) or dropped (ids copied from incoming mail).
 *
 * A body that is plain ASCII with short lines, none starting with "From "
 * and none holding "=_" (our boundaries' prefix), goes out as 7bit, so
 * the board stays readable in the raw mail and in the outbox.  Any other
 * body is UTF-8 in quoted-printable, with lines short of 76 octets, so
 * any text survives any MTA.  The multipart boundary starts with "=_",
 * which quoted-printable output can never contain ('=' is always followed
 * by a hex digit or a line break there), and which a 7bit body was checked
 * not to contain, so it cannot clash with a body.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/random.h>

#include "mail.h"
#include "mailpriv.h"
#include "util/i18n.h"

#define LINE_SOFT 78      /* fold header lines beyond this if we can */
#define QP_LINE 76        /* quoted-printable line length limit */

/* ---- header text ---- */

/* 1 when s needs RFC 2047: non-ASCII, control characters, "=?" (which a
 * reader would try to decode), or a word too long to fold. */
static int needs_encoding(const char *s)
{
	size_t word = 0;

	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x7F || c < 0x20 || (s[0] == '=' && s[1] == '?'))
			return 1;
		word = c == ' ' ? 0 : word + 1;
		if (word > LINE_SOFT - 12)
			return 1;
	}
	return 0;
}

/* Append words of s (one line, no controls), folding at spaces; *col is
 * the current line length. */
static void put_folded(struct mbuf *b, const char *s, size_t *col)
{
	const char *sp;
	size_t len;

	while (*s != '\0') {
		sp = strchr(s, ' ');
		len = sp ? (size_t)(sp - s) : strlen(s);
		if (len > 0) {
			if (*col + len + 1 > LINE_SOFT && *col > 1) {
				mbuf_add(b, "\r\n ", 3);
				*col = 1;
			} else if (*col > 0 && b->len > 0 && b->p[b->len - 1] != ' ') {
				mbuf_addc(b, ' ');
				(*col)++;
			}
			mbuf_add(b, s, len);
			*col += len;
		}
		s += len;
		while (*s == ' ')
			s++;
	}
}

static int q_safe(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '!' || c == '*' || c == '+' ||
	       c == '-' || c == '/';
}

/* Length of the UTF-8 character starting with byte c (1 for bad bytes,
 * which text_clean() has already removed). */
static size_t utf8_len(unsigned char c)
{
	return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

/* Octets character s[0..k) takes in a Q-encoded word. */
static size_t q_width(const char *s, size_t k)
{
	size_t i, w = 0;

	for (i = 0; i < k && s[i] != '\0'; i++)
		w += (q_safe((unsigned char)s[i]) || s[i] == ' ') ? 1 : 3;
	return w;
}

static void q_put(struct mbuf *b, unsigned char c)
{
	static const char hex[] = "0123456789ABCDEF";

	if (c == ' ') {
		mbuf_addc(b, '_');
	} else if (q_safe(c)) {
		mbuf_addc(b, (char)c);
	} else {
		mbuf_addc(b, '=');
		mbuf_addc(b, hex[c >> 4]);
		mbuf_addc(b, hex[c & 15]);
	}
}

/* Append s (clean UTF-8) as Q-encoded words, each at most 75 octets and
 * fitting the line (RFC 2047 section 2), never splitting a character,
 * separated by folding white space. */
static void put_encoded(struct mbuf *b, const char *s, size_t *col)
{
	static const char open[] = "=?UTF-8?Q?";
	size_t avail, used, k, w, i;

	while (*s != '\0') {
		if (*col + 1 + 24 > LINE_SOFT) {
			mbuf_add(b, "\r\n", 2);
			*col = 0;
		}
		mbuf_addc(b, ' ');
		mbuf_adds(b, open);
		avail = LINE_SOFT - *col - 1;
		if (avail > 75)
			avail = 75;
		used = sizeof open - 1 + 2;
		do {
			k = utf8_len((unsigned char)*s);
			w = q_width(s, k);
			if (used + w > avail)
				break;
			for (i = 0; i < k && *s != '\0'; i++)
				q_put(b, (unsigned char)*s++);
			used += w;
		} while (*s != '\0');
		mbuf_add(b, "?=", 2);
		*col += 1 + used;
	}
}

/* "Name: text\r\n" for untrusted UTF-8 text, encoded when needed. */
static int put_text_header(struct mbuf *b, const char *name, const char *text)
{
	size_t col = strlen(name) + 1;
	char *clean;

	if ((clean = text_clean(text, strlen(text), 0, 1)) == NULL)
		return -1;
	mbuf_adds(b, name);
	mbuf_addc(b, ':');
	if (needs_encoding(text))
		put_encoded(b, clean, &col);
	else
		put_folded(b, clean, &col);
	mbuf_add(b, "\r\n", 2);
	free(clean);
	return 0;
}

/* A display name as a phrase: atoms as they are, other ASCII quoted,
 * anything else encoded.  Returns the new column, or -1 (no memory). */
static int put_phrase(struct mbuf *b, const char *name, size_t *col)
{
	char *clean;
	const char *p;
	int plain = 1;

	if ((clean = text_clean(name, strlen(name), 0, 1)) == NULL)
		return -1;
	for (p = clean; *p != '\0'; p++)
		if (!q_safe((unsigned char)*p) && *p != ' ' && *p != '\'' &&
		    *p != '_')
			plain = 0;
	if (needs_encoding(name) || strlen(clean) > LINE_SOFT - 20) {
		put_encoded(b, clean, col);
	} else if (plain) {
		put_folded(b, clean, col);
	} else {
		mbuf_addc(b, ' ');
		mbuf_addc(b, '"');
		for (p = clean; *p != '\0'; p++) {
			if (*p == '"' || *p == '\\')
				mbuf_addc(b, '\\');
			mbuf_addc(b, *p);
		}
		mbuf_addc(b, '"');
		*col += strlen(clean) + 3;
	}
	free(clean);
	return 0;
}

/* ---- identifiers ---- */

/* A Message-ID without <>: printable ASCII with an '@' inside, none of
 * the characters that would end or confuse a msg-id, at most 250 octets. */
static int id_ok(const char *id, size_t len)
{
	const char *at = memchr(id, '@', len);
	size_t i;

	if (len == 0 || len > 250 || at == NULL || at == id || at == id + len - 1)
		return 0;
	for (i = 0; i < len; i++)
		if (id[i] <= ' ' || id[i] >= 0x7F || strchr("<>\"\\(),;:", id[i]))
			return 0;
	return 1;
}

#define ID_SEPARATORS " \t\r\n<>"

/* "Name: <id> <id>...\r\n" from ids separated by white space or <>
 * (untrusted: ids copied from incoming mail).  Ids that are not plain are
 * dropped; with single, the field is dropped unless it is exactly one
 * plain id.  Nothing is written when no id is left. */
static void put_ids(struct mbuf *b, const char *name, const char *ids,
                    int single)
{
	size_t col = strlen(name) + 1, len, count = 0, good = 0;
	const char *p;

	for (p = ids; *(p += strspn(p, ID_SEPARATORS)) != '\0'; p += len) {
		len = strcspn(p, ID_SEPARATORS);
		count++;
		good += id_ok(p, len);
	}
	if (good == 0 || (single && (count != 1 || good != 1)))
		return;
	mbuf_adds(b, name);
	mbuf_addc(b, ':');
	for (p = ids; *(p += strspn(p, ID_SEPARATORS)) != '\0'; p += len) {
		len = strcspn(p, ID_SEPARATORS);
		if (!id_ok(p, len))
			continue;
		if (col + len + 3 > LINE_SOFT && col > strlen(name) + 1) {
			mbuf_add(b, "\r\n", 2);
			col = 0;
		}
		mbuf_add(b, " <", 2);
		mbuf_add(b, p, len);
		mbuf_addc(b, '>');
		col += len + 3;
	}
	mbuf_add(b, "\r\n", 2);
}

/* ---- bodies ---- */

static void qp_byte(struct mbuf *b, unsigned char c, size_t *col)
{
	static const char hex[] = "0123456789ABCDEF";
	char e[3];

	if (*col + 3 > QP_LINE - 1) {
		mbuf_add(b, "=\r\n", 3);
		*col = 0;
	}
	e[0] = '=';
	e[1] = hex[c >> 4];
	e[2] = hex[c & 15];
	mbuf_add(b, e, 3);
	*col += 3;
}

/* Whether s[i] of a line of n bytes may go out as it is in quoted-
 * printable: printable ASCII but '=', or a space or TAB that does not end
 * the line.  Where the byte starts a line, qp_line has more to check. */
static int qp_literal(const char *s, size_t i, size_t n)
{
	unsigned char c = (unsigned char)s[i];

	if (c == ' ' || c == '\t')
		return i + 1 < n;
	return c > ' ' && c < 0x7F && c != '=';
}

/* s[i] of a line of n bytes at column *col, one byte by one: with a soft
 * line break first when the line is full, encoded when it must be ('=',
 * non-ASCII, controls, white space at the end of the line, a '.' or the
 * 'F' of "From " at the start of a line). */
static void qp_char(struct mbuf *b, const char *s, size_t i, size_t n,
                    size_t *col)
{
	unsigned char c = (unsigned char)s[i];

	if ((c == ' ' || c == '\t') && i + 1 < n) {
		if (*col + 1 > QP_LINE - 1) {
			mbuf_add(b, "=\r\n", 3);
			*col = 0;
		}
		mbuf_addc(b, (char)c);
		(*col)++;
	} else if (qp_literal(s, i, n) &&
	           !(*col == 0 && (c == '.' ||
	             (c == 'F' && n - i >= 5 &&
	              memcmp(s + i, "From ", 5) == 0)))) {
		if (*col + 1 > QP_LINE - 1) {
			mbuf_add(b, "=\r\n", 3);
			*col = 0;
			if (c == '.') {      /* keep dots off line starts */
				qp_byte(b, c, col);
				return;
			}
		}
		mbuf_addc(b, (char)c);
		(*col)++;
	} else {
		qp_byte(b, c, col);
	}
}

/* The end of the run of at most room bytes from s[i] on, of a line of
 * n bytes, that qp_literal lets go out as they are: printable ASCII but
 * '=', and blanks, a blank that would end the line given back. */
static size_t qp_run(const char *s, size_t i, size_t n, size_t room)
{
	size_t j = i, end = n - i < room ? n : i + room;
	unsigned char c;

	while (j < end && (((c = (unsigned char)s[j]) > ' ' && c < 0x7F &&
	                    c != '=') || c == ' ' || c == '\t'))
		j++;
	if (j == n && j > i && (s[j - 1] == ' ' || s[j - 1] == '\t'))
		j--;
	return j;
}

/* One line (no line end) in quoted-printable, soft-broken.  A run of
 * bytes that go out as they are and fit in the room left on the output
 * line is added at once; qp_char takes every other byte (encoded ones,
 * the first of an output line, the one that needs a soft break). */
static void qp_line(struct mbuf *b, const char *s, size_t n)
{
	size_t i = 0, j, col = 0, room;

	while (i < n) {
		room = col < QP_LINE - 1 ? QP_LINE - 1 - col : 0;
		j = i;
		if (col > 0)
			j = qp_run(s, i, n, room);
		if (j > i) {
			mbuf_add(b, s + i, j - i);
			col += j - i;
			i = j;
		} else {
			qp_char(b, s, i, n, &col);
			i++;
		}
	}
	mbuf_add(b, "\r\n", 2);
}

/* Clean body text (text_clean'ed: UTF-8, LF line ends) as quoted-
 * printable with CRLF. */
static void put_qp_body(struct mbuf *b, const char *clean)
{
	const char *p, *nl;

	for (p = clean; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL) {
			qp_line(b, p, strlen(p));
			break;
		}
		qp_line(b, p, (size_t)(nl - p));
	}
}

#define LINE_7BIT 900     /* longest line sent as 7bit (RFC 5322: 998) */

/* Whether text (len bytes) holds "=_", our boundaries' start: found by
 * its '_', much the rarer byte in a board mail. */
static int has_boundary_start(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while ((p = memchr(p, '_', (size_t)(end - p))) != NULL) {
		if (p > text && p[-1] == '=')
			return 1;
		p++;
	}
	return 0;
}

/* text (len bytes) as 7bit with CRLF line ends, when it can go out so
 * unchanged: plain ASCII (text_plain_run: what text_clean keeps as it
 * is), no line longer than LINE_7BIT, none starting with "From ", no
 * "=_" anywhere.  Checked and written a line at a time; 1, or 0 with b
 * as it was when it cannot. */
static int put_7bit_body(struct mbuf *b, const char *text, size_t len)
{
	const char *p, *nl, *end = text + len;
	size_t n, was = b->len;

	if (text_plain_run(text, len) != len || has_boundary_start(text, len))
		return 0;
	for (p = text; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > LINE_7BIT || (n >= 5 && memcmp(p, "From ", 5) == 0)) {
			mbuf_cut(b, was);
			return 0;
		}
		mbuf_add_line(b, p, n);
		if (nl == NULL)
			break;
	}
	return 1;
}

/* The headers of a text part of subtype in the encoding cte. */
static void put_part_headers(struct mbuf *b, const char *subtype,
                             const char *cte)
{
	mbuf_adds(b, "Content-Type: text/");
	mbuf_adds(b, subtype);
	mbuf_adds(b, "; charset=UTF-8\r\nContent-Transfer-Encoding: ");
	mbuf_adds(b, cte);
	mbuf_adds(b, "\r\n\r\n");
}

/* One text part's headers, blank line and body, in the best encoding:
 * 7bit when the text can go so as it is (plain ASCII is what
 * text_clean would make of it: it is not cleaned, nor copied), else
 * the cleaned text in 7bit when it can go so, else in quoted-
 * printable. */
static int put_text_part(struct mbuf *b, const char *subtype, const char *text)
{
	size_t len = strlen(text), was = b->len;
	char *clean;

	/* Room for the part in one allocation: a 7bit body grows by one CR
	 * a line; quoted-printable by a fraction for a board in ASCII (more
	 * is added if it needs more). */
	mbuf_reserve(b, 128 + len + len / 16);
	put_part_headers(b, subtype, "7bit");
	if (put_7bit_body(b, text, len))
		return 0;
	mbuf_cut(b, was);
	if ((clean = text_clean(text, len, 0, 0)) == NULL)
		return -1;
	len = strlen(clean);
	mbuf_reserve(b, 128 + len + len / 4);
	put_part_headers(b, subtype, "7bit");
	if (!put_7bit_body(b, clean, len)) {
		mbuf_cut(b, was);
		put_part_headers(b, subtype, "quoted-printable");
		put_qp_body(b, clean);
	}
	free(clean);
	return 0;
}

/* "=_epam_" and 32 random hex digits into buf (at least 40 bytes). */
static void make_boundary(char buf[40])
{
	static const char hex[] = "0123456789abcdef";
	static unsigned long counter;
	unsigned char r[16];
	size_t i;

	if (getrandom(r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
		unsigned long x = (unsigned long)time(NULL) ^
		                  ((unsigned long)getpid() << 16) ^ ++counter;

		for (i = 0; i < sizeof r; i++) {
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			r[i] = (unsigned char)(x >> 33);
		}
	}
	memcpy(buf, "=_epam_", 7);
	for (i = 0; i < sizeof r; i++) {
		buf[7 + 2 * i] = hex[r[i] >> 4];
		buf[8 + 2 * i] = hex[r[i] & 15];
	}
	buf[7 + 2 * sizeof r] = '\0';
}

/* s in base64 (RFC 2045), lines of 76 characters with CRLF. */
static void put_base64(struct mbuf *b, const char *s)
{
	static const char tab[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i, col = 0;
	char q[4];

	mbuf_reserve(b, n / 3 * 4 + n / 57 * 2 + 8);
	for (i = 0; i < n; i += 3) {
		unsigned long v = (unsigned long)p[i] << 16;
		if (i + 1 < n)
			v |= (unsigned long)p[i + 1] << 8;
		if (i + 2 < n)
			v |= p[i + 2];
		q[0] = tab[(v >> 18) & 63];
		q[1] = tab[(v >> 12) & 63];
		q[2] = i + 1 < n ? tab[(v >> 6) & 63] : '=';
		q[3] = i + 2 < n ? tab[v & 63] : '=';
		mbuf_add(b, q, 4);
		col += 4;
		if (col >= 76) {
			mbuf_add(b, "\r\n", 2);
			col = 0;
		}
	}
	if (col)
		mbuf_add(b, "\r\n", 2);
}

/* Whether name is a filename we write unquoted-safe: 1-64 characters of
 * A-Z a-z 0-9 . _ -, not starting with '.'. */
static int attach_name_ok(const char *name)
{
	size_t n;

	if (name == NULL || name[0] == '\0' || name[0] == '.')
		return 0;
	for (n = 0; name[n] != '\0'; n++)
		if (n >= 64 || !((name[n] >= 'a' && name[n] <= 'z') ||
		                 (name[n] >= 'A' && name[n] <= 'Z') ||
		                 (name[n] >= '0' && name[n] <= '9') ||
		                 name[n] == '.' || name[n] == '_' || name[n] == '-'))
			return 0;
	return 1;
}

/* The attachment part: headers, blank line, base64 body. */
static void put_attachment(struct mbuf *b, const struct mail_out *m)
{
	mbuf_adds(b, "Content-Type: ");
	mbuf_adds(b, m->attach_type);
	mbuf_adds(b, "; name=\"");
	mbuf_adds(b, m->attach_name);
	mbuf_adds(b, "\"\r\nContent-Disposition: attachment; filename=\"");
	mbuf_adds(b, m->attach_name);
	mbuf_adds(b, "\"\r\nContent-Transfer-Encoding: base64\r\n\r\n");
	put_base64(b, m->attach);
}

static int put_main(struct mbuf *b, const struct mail_out *m);

static int put_body(struct mbuf *b, const struct mail_out *m)
{
	char boundary[40];

	mbuf_adds(b, "MIME-Version: 1.0\r\n");
	if (m->attach == NULL)
		return put_main(b, m);
	/* multipart/mixed: the body, then the file (RFC 2046 5.1.3). */
	make_boundary(boundary);
	mbuf_adds(b, "Content-Type: multipart/mixed;\r\n boundary=\"");
	mbuf_adds(b, boundary);
	mbuf_adds(b, "\"\r\n\r\n--");
	mbuf_adds(b, boundary);
	mbuf_add(b, "\r\n", 2);
	if (put_main(b, m) < 0)
		return -1;
	mbuf_add(b, "\r\n--", 4);
	mbuf_adds(b, boundary);
	mbuf_add(b, "\r\n", 2);
	put_attachment(b, m);
	mbuf_add(b, "\r\n--", 4);
	mbuf_adds(b, boundary);
	mbuf_adds(b, "--\r\n");
	return 0;
}

/* The body proper: the text part, or the text and HTML alternative. */
static int put_main(struct mbuf *b, const struct mail_out *m)
{
	char boundary[40];

	if (m->html == NULL)
		return put_text_part(b, "plain", m->text);
	make_boundary(boundary);
	mbuf_adds(b, "Content-Type: multipart/alternative;\r\n boundary=\"");
	mbuf_adds(b, boundary);
	mbuf_adds(b, "\"\r\n\r\n--");
	mbuf_adds(b, boundary);
	mbuf_add(b, "\r\n", 2);
	if (put_text_part(b, "plain", m->text) < 0)
		return -1;
	mbuf_add(b, "\r\n", 2);    /* the CRLF before "--" is the delimiter's */
	mbuf_adds(b, "--");
	mbuf_adds(b, boundary);
	mbuf_add(b, "\r\n", 2);
	if (put_text_part(b, "html", m->html) < 0)
		return -1;
	mbuf_add(b, "\r\n", 2);
	mbuf_adds(b, "--");
	mbuf_adds(b, boundary);
	mbuf_adds(b, "--\r\n");
	return 0;
}

/* ---- the message ---- */

static int ascii_line_ok(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7F)
			return 0;
	return 1;
}

static int token_ok(const char *s)
{
	if (*s == '\0')
		return 0;
	for (; *s != '\0'; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-'))
			return 0;
	return 1;
}

/* From: "Name <addr>" or "addr", as configured; the name may be UTF-8. */
static const char *put_from(struct mbuf *b, const char *from)
{
	const char *lt = strrchr(from, '<');
	char *name;
	size_t col = 5, n;

	for (n = 0; from[n] != '\0'; n++)
		if ((unsigned char)from[n] < 0x20 || from[n] == 0x7F)
			return _("the From address has a control character");
	if (lt == NULL || ascii_line_ok(from)) {
		if (lt == NULL && !mail_addr_ok(from))
			return _("the From address is not a valid address");
		mbuf_adds(b, "From: ");
		mbuf_adds(b, from);
		mbuf_add(b, "\r\n", 2);
		return NULL;
	}
	if ((name = strndup(from, (size_t)(lt - from))) == NULL)
		return _("out of memory");
	mbuf_adds(b, "From:");
	n = strlen(name);
	while (n > 0 && (name[n - 1] == ' ' || name[n - 1] == '"'))
		name[--n] = '\0';
	if (put_phrase(b, name[0] == '"' ? name + 1 : name, &col) < 0) {
		free(name);
		return _("out of memory");
	}
	free(name);
	mbuf_addc(b, ' ');
	mbuf_adds(b, lt);
	mbuf_add(b, "\r\n", 2);
	return NULL;
}

static const char *check_out(const struct mail_out *m)
{
	if (m->from == NULL || m->to_addr == NULL || m->message_id == NULL ||
	    m->text == NULL)
		return _("from, to_addr, message_id and text are required");
	if (!mail_addr_ok(m->to_addr))
		return _("the recipient address is not a valid address");
	if (!id_ok(m->message_id, strlen(m->message_id)))
		return _("the Message-ID is not a valid identifier");
	if (m->auto_submitted != NULL && !token_ok(m->auto_submitted))
		return _("Auto-Submitted must be a single token");
	if (m->list_unsubscribe != NULL &&
	    (strncmp(m->list_unsubscribe, "mailto:", 7) != 0 ||
	     strlen(m->list_unsubscribe) > MAIL_UNSUBSCRIBE_MAX ||
	     !ascii_line_ok(m->list_unsubscribe) ||
	     strpbrk(m->list_unsubscribe, " <>") != NULL))
		return _("the List-Unsubscribe address is not a plain mailto URL");
	if (m->date != NULL && !ascii_line_ok(m->date))
		return _("the Date must be printable ASCII");
	if (m->attach != NULL && !attach_name_ok(m->attach_name))
		return _("the attachment's name is not a plain file name");
	if (m->attach != NULL && (m->attach_type == NULL ||
	    (strcmp(m->attach_type, "text/plain; charset=UTF-8") != 0 &&
	     strcmp(m->attach_type, "application/json") != 0)))
		return _("the attachment's type is not one we send");
	return NULL;
}

static const char *put_headers(struct mbuf *b, const struct mail_out *m)
{
	char date[64];
	const char *e;
	size_t col = 3;

	mail_date((long long)time(NULL), date, sizeof date);
	mbuf_adds(b, "Date: ");
	mbuf_adds(b, m->date ? m->date : date);
	mbuf_add(b, "\r\n", 2);
	if ((e = put_from(b, m->from)) != NULL)
		return e;
	mbuf_adds(b, "To:");
	if (m->to_name != NULL && m->to_name[0] != '\0' &&
	    put_phrase(b, m->to_name, &col) < 0)
		return _("out of memory");
	if (col + strlen(m->to_addr) + 3 > LINE_SOFT)
		mbuf_add(b, "\r\n", 2);
	mbuf_adds(b, " <");
	mbuf_adds(b, m->to_addr);
	mbuf_adds(b, ">\r\n");
	if (put_text_header(b, "Subject", m->subject ? m->subject : "") < 0)
		return _("out of memory");
	mbuf_adds(b, "Message-ID: <");
	mbuf_adds(b, m->message_id);
	mbuf_adds(b, ">\r\n");
	if (m->in_reply_to != NULL)
		put_ids(b, "In-Reply-To", m->in_reply_to, 1);
	if (m->references != NULL)
		put_ids(b, "References", m->references, 0);
	mbuf_adds(b, "Auto-Submitted: ");
	mbuf_adds(b, m->auto_submitted ? m->auto_submitted : "auto-generated");
	mbuf_add(b, "\r\n", 2);
	if (m->x_loop != NULL && put_text_header(b, "X-Loop", m->x_loop) < 0)
		return _("out of memory");
	if (m->list_unsubscribe != NULL) {
		mbuf_adds(b, "List-Unsubscribe: <");
		mbuf_adds(b, m->list_unsubscribe);
		mbuf_adds(b, ">\r\n");
	}
	return NULL;
}

char *mail_compose(const struct mail_out *m, char **err)
{
	struct mbuf b = MBUF_INIT;
	const char *e;
	char *msg;

	if (err != NULL)
		*err = NULL;
	/* Room for the headers and the parts as they are, at once: a
	 * board mail is tens of kilobytes, not copied again at each
	 * doubling (a quoted-printable part may still need more). */
	if (m->text != NULL)
		mbuf_reserve(&b, 4096 + strlen(m->text) +
		             (m->html ? strlen(m->html) : 0));
	if ((e = check_out(m)) != NULL || (e = put_headers(&b, m)) != NULL)
		goto fail;
	if (put_body(&b, m) < 0) {
		e = _("out of memory");
		goto fail;
	}
	if ((msg = mbuf_take(&b)) != NULL)
		return msg;
	e = _("out of memory");
fail:
	mbuf_free(&b);
	if (err != NULL)
		*err = strdup(e);
	return NULL;
}

void mail_date(long long t, char *buf, size_t len)
{
	static const char days[7][4] = {
		"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char months[12][4] = {
		"Jan", "Feb", "Mar", "Apr", "May", "Jun",
		"Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	time_t tt = (time_t)t;
	struct tm tm;
	int n;

	if (len == 0)
		return;
	buf[0] = '\0';
	if (gmtime_r(&tt, &tm) == NULL)
		return;
	n = snprintf(buf, len, "%s, %02d %s %04d %02d:%02d:%02d +0000",
	             days[tm.tm_wday], tm.tm_mday, months[tm.tm_mon],
	             tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
	if (n < 0 || (size_t)n >= len)
		buf[0] = '\0';
}

int mail_addr_ok(const char *addr)
{
	const char *at;
	size_t n;

	if (addr == NULL || (n = strlen(addr)) == 0 || n > 254)
		return 0;
	at = strchr(addr, '@');
	if (at == NULL || at == addr || at[1] == '\0' || strchr(at + 1, '@'))
		return 0;
	if (!text_is_clean(addr, n))     /* no C1 or bidi control either */
		return 0;
	for (; *addr != '\0'; addr++)
		if ((unsigned char)*addr <= ' ' || *addr == 0x7F ||
		    strchr("<>,;:\"\\()", *addr) != NULL)
			return 0;
	return 1;
}
