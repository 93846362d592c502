/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * quoting.c - the writer's own text of a mail (see quoting.h).
 *
 * Mail clients quote in three ways, and players write in all of them:
 * above the quote (Outlook, Gmail, phones: top-posting), below it
 * (mutt, s-nail, Thunderbird's default for plain text, most Usenet
 * habits: bottom-posting), or between quoted blocks (answering point
 * by point).  So no line position is trusted: every line is judged by
 * its own shape, with one table of the shapes (quoting_forms), and
 * what is left is the writer's.  The idea is the one of the forms'
 * kinds: a quoted line is skipped wherever it is; an attribution is
 * skipped when quoted lines follow it, and where none follow it
 * starts an original that the client did not quote, as does an
 * Outlook separator or header block: nothing after those is read, nor
 * after a signature.  So no line of a mail of ours that a reply
 * quotes, in any of those ways, is ever read as the writer's (our
 * board mails show commands as examples).
 */
#include "pipeline/quoting.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

/* DOC marks the text epamserv(1) lists (its test reads them here). */
#define DOC(s) s
#define F(kind, match, text, doc) { kind, match, text, NULL, doc }

const struct quoting_form quoting_forms[] = {
	F(QUOTING_QUOTED, QUOTING_FIRST, ">",
	  DOC("> (at any depth: >>, > >)")),
	F(QUOTING_QUOTED, QUOTING_FIRST, "|",
	  DOC("| (a bar quote)")),
	F(QUOTING_QUOTED, QUOTING_INDENT, "\t",
	  DOC("a tab at the start of the line (s-nail's default quote)")),
	F(QUOTING_ATTRIBUTION, QUOTING_VERB, "wrote",
	  DOC("On ... wrote:")),
	F(QUOTING_ATTRIBUTION, QUOTING_VERB, "writes",
	  DOC("... writes:")),
	F(QUOTING_ATTRIBUTION, QUOTING_VERB, "a \xc3\xa9" "crit",
	  DOC("Le ... a \xc3\xa9" "crit :")),
	F(QUOTING_ATTRIBUTION, QUOTING_VERB, "schrieb",
	  DOC("Am ... schrieb ...:")),
	F(QUOTING_ATTRIBUTION, QUOTING_VERB, "escribi\xc3\xb3",
	  DOC("El ... escribi\xc3\xb3:")),
	F(QUOTING_ATTRIBUTION, QUOTING_VERB, "ha scritto",
	  DOC("Il ... ha scritto:")),
	F(QUOTING_ATTRIBUTION, QUOTING_VERB, "schreef",
	  DOC("Op ... schreef ...:")),
	F(QUOTING_ATTRIBUTION, QUOTING_OPENER, "On",
	  DOC("On ... (folded over two lines)")),
	F(QUOTING_ATTRIBUTION, QUOTING_OPENER, "Le",
	  DOC("Le ... (folded over two lines)")),
	F(QUOTING_ATTRIBUTION, QUOTING_OPENER, "Am",
	  DOC("Am ... (folded over two lines)")),
	F(QUOTING_ATTRIBUTION, QUOTING_OPENER, "El",
	  DOC("El ... (folded over two lines)")),
	F(QUOTING_ATTRIBUTION, QUOTING_OPENER, "Il",
	  DOC("Il ... (folded over two lines)")),
	F(QUOTING_ATTRIBUTION, QUOTING_OPENER, "Op",
	  DOC("Op ... (folded over two lines)")),
	F(QUOTING_ATTRIBUTION, QUOTING_BEFORE_QUOTE, ":",
	  DOC("any line ending in a colon right above quoted lines")),
	F(QUOTING_END, QUOTING_WHOLE, "--",
	  DOC("-- (a signature)")),
	F(QUOTING_END, QUOTING_WHOLE, "-----Original Message-----",
	  DOC("-----Original Message-----")),
	F(QUOTING_END, QUOTING_WHOLE, "-----Urspr\xc3\xbc" "ngliche Nachricht-----",
	  DOC("-----Urspr\xc3\xbc" "ngliche Nachricht-----")),
	F(QUOTING_END, QUOTING_WHOLE, "-----Message d'origine-----",
	  DOC("-----Message d'origine-----")),
	F(QUOTING_END, QUOTING_WHOLE, "-----Mensaje original-----",
	  DOC("-----Mensaje original-----")),
	F(QUOTING_END, QUOTING_RULE, "-",
	  DOC("----- words -----, any language, five dashes or more each side")),
	F(QUOTING_END, QUOTING_RULE, "_",
	  DOC("__________ (ten underscores or more)")),
	F(QUOTING_END, QUOTING_PREFIX, "From: ",
	  DOC("From: (a header block)")),
	F(QUOTING_END, QUOTING_PREFIX, "Von: ",
	  DOC("Von:")),
	F(QUOTING_END, QUOTING_PREFIX, "De : ",
	  DOC("De :")),
	F(QUOTING_END, QUOTING_PREFIX, "De: ",
	  DOC("De:")),
	F(QUOTING_END, QUOTING_PREFIX, "Da: ",
	  DOC("Da:")),
	F(QUOTING_END, QUOTING_PREFIX, "Van: ",
	  DOC("Van:")),
	F(QUOTING_END, QUOTING_PREFIX, "Fr\xc3\xa5n: ",
	  DOC("Fr\xc3\xa5n:")),
	F(QUOTING_END, QUOTING_PREFIX, "Fra: ",
	  DOC("Fra:")),
	F(QUOTING_END, QUOTING_PREFIX, "Od: ",
	  DOC("Od:")),
	F(QUOTING_END, QUOTING_PREFIX, "L\xc3\xa4hett\xc3\xa4j\xc3\xa4: ",
	  DOC("L\xc3\xa4hett\xc3\xa4j\xc3\xa4:")),
	F(QUOTING_END, QUOTING_PREFIX,
	  "You received this message because you are subscribed to",
	  DOC("You received this message because you are subscribed to ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Sent from my ",
	  DOC("Sent from my ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Sent from Mail for ",
	  DOC("Sent from Mail for ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Sent from Outlook",
	  DOC("Sent from Outlook ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Sent from Yahoo Mail",
	  DOC("Sent from Yahoo Mail ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Sent with Proton Mail",
	  DOC("Sent with Proton Mail ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Get Outlook for ",
	  DOC("Get Outlook for ...")),
	{ QUOTING_FOOTER, QUOTING_PREFIX, "Von meinem ", "gesendet",
	  DOC("Von meinem ... gesendet") },
	/* Samsung's German phones end the line with a full stop */
	{ QUOTING_FOOTER, QUOTING_PREFIX, "Von meinem ", "gesendet.",
	  DOC("Von meinem ... gesendet.") },
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Gesendet von meinem ",
	  DOC("Gesendet von meinem ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Gesendet von Outlook",
	  DOC("Gesendet von Outlook ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Gesendet von Mail f\xc3\xbc" "r ",
	  DOC("Gesendet von Mail f\xc3\xbc" "r ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Gesendet mit ",
	  DOC("Gesendet mit ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Holen Sie sich Outlook f\xc3\xbc" "r ",
	  DOC("Holen Sie sich Outlook f\xc3\xbc" "r ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Envoy\xc3\xa9 de mon ",
	  DOC("Envoy\xc3\xa9 de mon ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Envoy\xc3\xa9 depuis mon ",
	  DOC("Envoy\xc3\xa9 depuis mon ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Envoy\xc3\xa9 \xc3\xa0 partir de ",
	  DOC("Envoy\xc3\xa9 \xc3\xa0 partir de ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Obtenir Outlook pour ",
	  DOC("Obtenir Outlook pour ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Enviado desde mi ",
	  DOC("Enviado desde mi ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Enviado desde Outlook",
	  DOC("Enviado desde Outlook ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Enviado desde Correo para ",
	  DOC("Enviado desde Correo para ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Obtener Outlook para ",
	  DOC("Obtener Outlook para ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Inviato da ",
	  DOC("Inviato da ...")),
	F(QUOTING_FOOTER, QUOTING_PREFIX, "Verzonden vanaf mijn ",
	  DOC("Verzonden vanaf mijn ...")),
	{ 0, 0, NULL, NULL, NULL }
};

/* One line of the body: [s, s + len) with its blanks at both ends cut
 * (len 0: blank). */
struct qline {
	const char *s;
	size_t len;
	const char *raw;      /* the line as written, without its LF */
	size_t raw_len;
};

static int is_blank(int ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' ||
	       ch == '\v';
}

static int has_prefix(const struct qline *l, const char *p)
{
	size_t k = strlen(p);

	return l->len >= k && memcmp(l->s, p, k) == 0;
}

static int has_tail(const struct qline *l, const char *p)
{
	size_t k = strlen(p);

	return l->len >= k && memcmp(l->s + l->len - k, p, k) == 0;
}

/* Whether s (n bytes) starts with a no-break space: U+00A0, or the
 * narrow U+202F that French typography puts before a colon (Gmail's
 * "a \u00e9crit\u202f:"). */
static int is_nbsp(const char *s, size_t n)
{
	return (n >= 2 && memcmp(s, "\xc2\xa0", 2) == 0) ||
	       (n >= 3 && memcmp(s, "\xe2\x80\xaf", 3) == 0);
}

/* Whether word occurs in l as a word: blanks or an end on each side
 * (a ':' or a no-break space after it counts as an end). */
static int has_word(const struct qline *l, const char *word)
{
	size_t k = strlen(word), i;

	for (i = 0; i + k <= l->len; i++) {
		if (memcmp(l->s + i, word, k) != 0)
			continue;
		if (i > 0 && !is_blank((unsigned char)l->s[i - 1]))
			continue;
		if (i + k == l->len || is_blank((unsigned char)l->s[i + k]) ||
		    l->s[i + k] == ':' ||
		    is_nbsp(l->s + i + k, l->len - i - k))
			return 1;
	}
	return 0;
}

/* Whether l is a quoted line. */
static int is_quoted(const struct qline *l)
{
	const struct quoting_form *f;

	if (!l->len)
		return 0;
	for (f = quoting_forms; f->doc; f++)
		if (f->kind == QUOTING_QUOTED &&
		    ((f->match == QUOTING_FIRST && l->s[0] == f->text[0]) ||
		     (f->match == QUOTING_INDENT && l->raw_len &&
		      l->raw[0] == f->text[0])))
			return 1;
	return 0;
}

/* Whether l is a rule of f's character: at least 10 underscores at its
 * start; or at least 5 dashes, words, and at least 5 dashes. */
static int is_rule(const struct qline *l, char ch)
{
	size_t i = 0, j = l->len;

	while (i < l->len && l->s[i] == ch)
		i++;
	if (ch == '_')
		return i >= 10;
	if (i < 5 || i == l->len)
		return 0;
	while (j > i && l->s[j - 1] == ch)
		j--;
	return l->len - j >= 5;
}

/* Whether l matches f, one of the single-line forms. */
static int form_matches(const struct quoting_form *f, const struct qline *l)
{
	switch (f->match) {
	case QUOTING_PREFIX:
		return has_prefix(l, f->text) && (!f->tail || has_tail(l, f->tail));
	case QUOTING_WHOLE:
		return l->len == strlen(f->text) &&
		       memcmp(l->s, f->text, l->len) == 0;
	case QUOTING_RULE:
		return is_rule(l, f->text[0]);
	default:
		return 0;
	}
}

/* Whether l is a line of kind (QUOTING_END or QUOTING_FOOTER). */
static int is_kind(const struct qline *l, enum quoting_kind kind)
{
	const struct quoting_form *f;

	for (f = quoting_forms; f->doc; f++)
		if (f->kind == kind && form_matches(f, l))
			return 1;
	return 0;
}

/* Whether l, or l and m (m may be NULL) read as one line, holds an
 * attribution's verb: Gmail may fold a verb of two words between them
 * ("Le ... <alice@example.org> a" / "\u00e9crit :"). */
static int has_verb(const struct qline *l, const struct qline *m)
{
	const struct quoting_form *f;
	struct buf b = BUF_INIT;
	struct qline j;
	int found = 0;

	if (m) {
		buf_append(&b, l->s, l->len);
		buf_puts(&b, " ");
		buf_append(&b, m->s, m->len);
		j.s = j.raw = b.data;
		j.len = j.raw_len = b.len;
		l = &j;
	}
	for (f = quoting_forms; f->doc && !found; f++)
		found = f->match == QUOTING_VERB && has_word(l, f->text);
	buf_free(&b);
	return found;
}

/* Whether l starts with an attribution's opener and a blank. */
static int has_opener(const struct qline *l)
{
	const struct quoting_form *f;

	for (f = quoting_forms; f->doc; f++) {
		size_t k = strlen(f->text);
		if (f->match == QUOTING_OPENER && has_prefix(l, f->text) &&
		    l->len > k && is_blank((unsigned char)l->s[k]))
			return 1;
	}
	return 0;
}

/* Whether l ends like a line that names the quote below it ("...:"). */
static int names_quote(const struct qline *l)
{
	const struct quoting_form *f;

	for (f = quoting_forms; f->doc; f++)
		if (f->match == QUOTING_BEFORE_QUOTE && has_tail(l, f->text))
			return 1;
	return 0;
}

/* Read the line at *p into l and move *p past it; 0 at the end. */
static int line_at(const char **p, struct qline *l)
{
	const char *nl;

	if (!**p)
		return 0;
	nl = strchr(*p, '\n');
	l->raw = *p;
	l->raw_len = nl ? (size_t)(nl - *p) : strlen(*p);
	*p += l->raw_len + (nl ? 1 : 0);
	l->s = l->raw;
	l->len = l->raw_len;
	while (l->len && is_blank((unsigned char)l->s[0])) {
		l->s++;
		l->len--;
	}
	while (l->len && is_blank((unsigned char)l->s[l->len - 1]))
		l->len--;
	return 1;
}

/* Whether the first line from p on that is not blank is quoted (0 when
 * there is none: *none set). */
static int quote_follows(const char *p, int *none)
{
	struct qline l;

	*none = 1;
	while (line_at(&p, &l))
		if (l.len) {
			*none = 0;
			return is_quoted(&l);
		}
	return 0;
}

/* How many lines at l (the rest of the text after it at p) are an
 * attribution: 1 ("On Sun, 6 Dec 2026, alice wrote:", "Am ... schrieb
 * alice <a@b>:"), 2 (one folded after its opener: "On Sun, ... alice <"
 * and "alice@example.org> wrote:"), or 0. */
static int attribution_lines(const struct qline *l, const char *p)
{
	struct qline m;

	if (!l->len || is_quoted(l))
		return 0;
	if (has_tail(l, ":") && has_verb(l, NULL))
		return 1;
	if (has_opener(l) && line_at(&p, &m) && m.len && !is_quoted(&m) &&
	    has_tail(&m, ":") && has_verb(l, &m))
		return 2;
	return 0;
}

/* A mail program that wraps quoted lines again (Outlook Express,
 * Windows Live Mail, any client that hard-wraps after quoting) breaks a
 * long quoted line in two and leaves the second part unquoted, right
 * under the first:
 *
 *   > I think you are lost here, honestly the position is hopeless. So
 *   resign
 *
 * Our own lines are short enough, but a chat or a move's comment is the
 * other player's, and he chooses what ends a full line.  So a line
 * right under a quoted line (no blank line between) is a fragment of
 * it, not the writer's, when its first word would not have fitted on
 * the quoted line at QUOTING_REWRAP columns (bytes: a non-ASCII line
 * counts wider, on the safe side); so are the lines right under such a
 * fragment.  A move written straight under a long quoted line is so
 * read as quoted, and the reply is refused, never played for someone
 * else. */
#define QUOTING_REWRAP 60

/* Whether l, right under a quoted line of above bytes, would have
 * fitted its first word there. */
static int is_fragment(const struct qline *l, size_t above)
{
	size_t w = 0;

	while (w < l->len && !is_blank((unsigned char)l->s[w]))
		w++;
	return above + 1 + w > QUOTING_REWRAP;
}

char *quoting_own_text(const char *body)
{
	struct buf b = BUF_INIT;
	struct qline q, skip;
	const char *p = body ? body : "";
	size_t blanks = 0;
	size_t above = 0;  /* bytes of the quoted line right above, or
	                      (size_t)-1 under a fragment; 0: neither */
	int parted = 0, a, none;

	while (line_at(&p, &q)) {
		if (!q.len) {
			blanks++;
			above = 0;
			continue;
		}
		if (is_quoted(&q)) {
			parted = 1;
			above = q.raw_len;
			continue;
		}
		if (above && (above == (size_t)-1 || is_fragment(&q, above))) {
			above = (size_t)-1;  /* a wrapped quote's fragment */
			continue;
		}
		above = 0;
		if (is_kind(&q, QUOTING_END))
			break;
		if ((a = attribution_lines(&q, p)) > 0) {
			if (a == 2)
				line_at(&p, &skip);
			if (!quote_follows(p, &none) && !none)
				break;  /* an original the client did not quote */
			continue;
		}
		if (is_kind(&q, QUOTING_FOOTER))
			continue;
		/* "* alice <a@b> [2026-12-06 10:00]:" above quoted lines */
		if (names_quote(&q) && quote_follows(p, &none))
			continue;
		if (b.len) {
			if (parted)
				buf_puts(&b, "\n");
			else
				while (blanks-- > 0)
					buf_puts(&b, "\n");
		}
		buf_append(&b, q.raw, q.raw_len);
		buf_puts(&b, "\n");
		blanks = 0;
		parted = 0;
	}
	return buf_take(&b);
}
