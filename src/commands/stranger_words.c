/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * stranger_words.c - the words of a mail that proved no player, kept out
 * of the mails sent because of it (stranger.h).
 *
 * Error texts repeat what was wrong ("'WORD' is not a mail address I
 * can send to"), and a command's answer may repeat its words; sent to a
 * From or Reply-To the mail only claims, that would carry a forger's
 * link to his victim.  Rather than teach every command not to repeat,
 * each mail queued for an unproved mail is searched for the mail's own
 * words that could carry a link or a message, and those are masked.  A
 * word shaped like a userid, a board or a move (at most 20 letters,
 * digits, _ - # +) names no host and is shown: a newcomer still reads
 * which word was wrong, and so is one that only ends a sentence or a
 * label ("lost.", "101:", a quoted board mail's words).  A command may
 * have cut a word short ("%.100s")
 * or changed its case, so a word is found by its first 8 bytes, in any
 * case, and masked as far as the text goes on matching it.
 */
#include "commands/stranger.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define STEM 8          /* bytes a cut-short word is found by */
#define SHORTEST 4      /* shorter words carry no link */
#define LONGEST_PLAIN 20 /* a userid's most */
#define BODY_LINES 21   /* lines a command or a "multiple" is read from */
#define LINE_WORDS 64   /* words read of a line (INTAKE_MAX_WORDS) */

/* The words to mask of one mail: lower-cased, malloc'ed. */
struct words {
	char **w;
	size_t n, cap;
	int over;       /* more than STRANGER_WORDS_MAX */
};

static int separator(unsigned char ch)
{
	return ch <= ' ' || strchr(",;='\"()[]<>{}", ch) != NULL;
}

static int plain(unsigned char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || ch == '_' || ch == '-' ||
	       ch == '#' || ch == '+';
}

static unsigned char lower(unsigned char ch)
{
	return ch >= 'A' && ch <= 'Z' ? (unsigned char)(ch - 'A' + 'a') : ch;
}

/* Add s[0..len) to ws when it could carry a link or a message.  The
 * marks that end a sentence or a label (. : ! ?) at its end are no part
 * of the word: "101:" and "lost." are shown as "101" and "lost" are,
 * while "evil.example." is masked as "evil.example" (a link needs them
 * inside the word, where they stay). */
static void add_word(struct words *ws, const char *s, size_t len)
{
	size_t i;
	int shown;
	char *w;

	while (len > 0 && strchr(".:!?", s[len - 1]))
		len--;
	shown = len <= LONGEST_PLAIN;
	if (len < SHORTEST)
		return;
	for (i = 0; i < len && shown; i++)
		shown = plain((unsigned char)s[i]);
	if (shown)
		return;
	for (i = 0; i < ws->n; i++)
		if (strlen(ws->w[i]) == len &&
		    strncasecmp(ws->w[i], s, len) == 0)
			return;  /* once is enough */
	if (ws->n == STRANGER_WORDS_MAX) {
		ws->over = 1;
		return;
	}
	if (ws->n == ws->cap) {
		ws->cap = ws->cap ? 2 * ws->cap : 32;
		ws->w = xrealloc(ws->w, ws->cap * sizeof *ws->w);
	}
	w = xstrndup(s, len);
	for (i = 0; i < len; i++)
		w[i] = (char)lower((unsigned char)w[i]);
	ws->w[ws->n++] = w;
}

/* The words of s[0..len) (a line), at most max (0: all), cut at
 * separators, into ws. */
static void add_line(struct words *ws, const char *s, size_t len,
                     size_t max)
{
	size_t i = 0, start, words = 0;

	while (i < len && (!max || words < max)) {
		while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
			i++;
		if (i == len)
			break;
		words++;
		/* one blank-separated word, in pieces */
		while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\r') {
			while (i < len && separator((unsigned char)s[i]) &&
			       s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
				i++;
			start = i;
			while (i < len && !separator((unsigned char)s[i]))
				i++;
			add_word(ws, s + start, i - start);
		}
	}
}

/* The words of the mail of c: its subject's, and those of its body's
 * first BODY_LINES lines that are not blank. */
static void mail_words(const struct cmdctx *c, struct words *ws)
{
	const char *p = c->mail->body ? c->mail->body : "";
	int lines = 0;

	memset(ws, 0, sizeof *ws);
	if (c->mail->subject)
		add_line(ws, c->mail->subject, strlen(c->mail->subject), 0);
	while (*p && lines < BODY_LINES) {
		size_t len = strcspn(p, "\n");
		if (p[strspn(p, " \t\r")] != '\n' && p[strspn(p, " \t\r")]) {
			add_line(ws, p, len, LINE_WORDS);
			lines++;
		}
		p += len + (p[len] == '\n');
	}
}

static void words_free(struct words *ws)
{
	size_t i;

	for (i = 0; i < ws->n; i++)
		free(ws->w[i]);
	free(ws->w);
}

/* s lower-cased (ASCII), malloc'ed. */
static char *lowered(const char *s, size_t len)
{
	char *l = xstrndup(s, len);
	size_t i;

	for (i = 0; i < len; i++)
		l[i] = (char)lower((unsigned char)l[i]);
	return l;
}

int stranger_masks(const struct cmdctx *c)
{
	/* auth_proved sets both for a player with an address on file. */
	return c->mail && !c->exempt_stranger &&
	       !(c->s.actor[0] && c->sender_player[0]);
}

/* Mark in mark[] every byte of text (lower-cased, len bytes) that is
 * part of an appearance of w: its first STEM bytes (all of a shorter
 * w), and on as far as text matches w, widened to whole UTF-8
 * characters.  An appearance that starts inside one marked before is
 * not looked for: its start is masked already. */
static void mark_word(const char *text, size_t len, const char *w,
                      unsigned char *mark)
{
	size_t wl = strlen(w), stem = wl < STEM ? wl : STEM, at = 0, s, e;
	const char *hit;

	while (at < len && (hit = memmem(text + at, len - at, w, stem))) {
		s = (size_t)(hit - text);
		e = s + stem;
		while (e < len && e - s < wl && text[e] == w[e - s])
			e++;
		while (s > 0 && ((unsigned char)text[s] & 0xc0) == 0x80)
			s--;
		while (e < len && ((unsigned char)text[e] & 0xc0) == 0x80)
			e++;
		memset(mark + s, 1, e - s);
		at = e;  /* on after the match: linear in len, whatever w is */
	}
}

char *stranger_mask(const struct cmdctx *c, const char *text)
{
	struct words ws;
	struct buf b = BUF_INIT;
	size_t len = strlen(text), i;
	unsigned char *mark;
	char *low;

	mail_words(c, &ws);
	if (ws.over) {
		words_free(&ws);
		return NULL;
	}
	if (ws.n == 0) {
		words_free(&ws);
		return xstrdup(text);
	}
	low = lowered(text, len);
	mark = xmalloc(len + 1);
	memset(mark, 0, len + 1);
	for (i = 0; i < ws.n; i++)
		mark_word(low, len, ws.w[i], mark);
	for (i = 0; i < len; i++) {
		if (!mark[i]) {
			buf_putc(&b, text[i]);
			continue;
		}
		buf_puts(&b, STRANGER_MASK);
		while (i + 1 < len && mark[i + 1])
			i++;
	}
	free(mark);
	free(low);
	words_free(&ws);
	return buf_take(&b);
}

int stranger_words_in(const struct cmdctx *c, const char *html)
{
	struct words ws;
	struct buf esc = BUF_INIT;
	size_t i, len = strlen(html), stem;
	char *low;
	int found = 0;

	mail_words(c, &ws);
	if (ws.over) {
		words_free(&ws);
		return -1;
	}
	low = ws.n ? lowered(html, len) : NULL;
	for (i = 0; i < ws.n && !found; i++) {
		stem = strlen(ws.w[i]) < STEM ? strlen(ws.w[i]) : STEM;
		found = memmem(low, len, ws.w[i], stem) != NULL;
		buf_reset(&esc);
		buf_put_html(&esc, ws.w[i]);
		stem = esc.len < STEM ? esc.len : STEM;
		if (!found && esc.len)
			found = memmem(low, len, esc.data, stem) != NULL;
	}
	buf_free(&esc);
	free(low);
	words_free(&ws);
	return found;
}
