/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * outmail.c - the mails the services queue (outmail.h): composed from
 * templates, wrapped, kept within the reply size cap, put in the
 * transaction's outbox (never sent from here; see spool/outbox.c).
 * Moved from commands/board/reply.c (issue 31), which keeps the board mail and what
 * the mail in hand adds through the hooks (svc.h).
 *
 * Outgoing Message-IDs are made from the digest of the incoming mail (or
 * of the event), a counter and a tag binding the recipient
 * (spool/secret.h), so processing the same mail again yields the same
 * Message-IDs.  A mail about a board also names in its Message-ID its
 * kind, its board and the recipient's reply token (threadid.h).
 */
#include "services/outmail.h"
#include "services/stopmail.h"
#include "mail/mail.h"
#include "spool/outbox.h"
#include "spool/secret.h"
#include "spool/txn.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

const char *reply_game_title(const char *game)
{
	if (strcmp(game, "crossings") == 0)
		return "Crossings";
	return "Epaminondas";
}

char *reply_template(const struct svc *s, const char *name, const struct tvars *v)
{
	char *err = NULL, *text = template_render(s->cfg->templates, name, v, &err);

	if (text)
		return text;
	/* A mail saying a template is missing helps nobody: the operator is
	 * told here, and the mail is retried once the template is back. */
	log_msg(LOG_ERR, "%s (the mail will be retried)\n", err);
	free(err);
	return NULL;
}

size_t reply_cap(const struct svc *s)
{
	size_t cap = s->cfg->max_reply_size ? s->cfg->max_reply_size
	                                    : CONFIG_REPLY_SIZE_DEFAULT;

	return s->reply_cap && s->reply_cap < cap ? s->reply_cap : cap;
}

/* Where to cut text so that at most max bytes of it stay: after the
 * last line end within them when that keeps at least half, else at the
 * last UTF-8 character boundary. */

static unsigned long queued_total;  /* reply_queued_total() */

unsigned long reply_queued_total(void)
{
	return queued_total;
}

static size_t cut_point(const char *text, size_t max)
{
	size_t i;

	if (strlen(text) <= max)
		return strlen(text);
	for (i = max; i > max / 2; i--)
		if (text[i - 1] == '\n')
			return i;
	for (i = max; i > 0 && ((unsigned char)text[i] & 0xc0) == 0x80; i--)
		;
	return i;
}

/* m with text[0..keep) (cut_point) and the note, composed.  malloc'ed,
 * or NULL with *err (mail_compose). */
static char *compose_cut(struct mail_out *m, const char *text, size_t keep,
                         const char *note, char **err)
{
	struct buf b = BUF_INIT;
	char *msg;

	buf_append(&b, text, keep);
	buf_puts(&b, note);
	m->text = buf_str(&b);
	msg = mail_compose(m, err);
	m->text = text;
	buf_free(&b);
	return msg;
}

/* How compose_capped made a mail fit. */
enum reply_fit {
	REPLY_WHOLE,    /* as it was */
	REPLY_NO_HTML,  /* without its HTML part */
	REPLY_CUT,      /* without its HTML part, the text cut, the note */
	REPLY_NO_FIT,   /* not even the note alone fits: no mail */
};

/* m composed so that, with env bytes of envelope lines, it takes at most
 * cap bytes: whole; else without its HTML part (m->html set to NULL);
 * else with its text cut at a line and the cut note.  *fit says which.
 * Returns the malloc'ed message; NULL with *fit REPLY_NO_FIT; NULL with
 * a malloc'ed *err (or none, memory lacking even for it) when
 * mail_compose fails. */
static char *compose_capped(struct mail_out *m, size_t cap, size_t env,
                            enum reply_fit *fit, char **err)
{
	const char *text = m->text;
	char note[512], *msg = mail_compose(m, err);
	size_t base, total, keep, over;
	int tries;

	*fit = REPLY_WHOLE;
	if (!msg || env + strlen(msg) <= cap)
		return msg;
	if (m->html) {
		*fit = REPLY_NO_HTML;
		m->html = NULL;
		free(msg);
		if (!(msg = mail_compose(m, err)) || env + strlen(msg) <= cap)
			return msg;
	}
	free(msg);
	/* TRANSLATORS: the most bytes a mail may take; the commands in
	 * double quotes are what a player types.
	 * Keep the command words, USERID and BOARD as they are: what a
	 * player types. */
	snprintf(note, sizeof note, _("\n[This mail was cut here: all of it "
	         "would be larger than %zu bytes,\nthe most this server sends "
	         "in one mail.  Ask for less: for example\n\"epaminondas show "
	         "USERID next\" instead of \"all\", one board with\n"
	         "\"epaminondas show BOARD\", or fewer lines in a \"multiple\" "
	         "mail.]\n"), cap);
	/* The note alone: no cut can make the mail smaller. */
	if (!(msg = compose_cut(m, text, 0, note, err)))
		return NULL;
	base = env + strlen(msg);
	free(msg);
	if (base > cap) {
		*fit = REPLY_NO_FIT;
		return NULL;
	}
	/* Every byte kept takes at least one byte of the body (7bit adds a
	 * CR per line, quoted-printable more), so the first try keeps at
	 * most the room left; each try after it keeps less by what the one
	 * before was over, and a little more. */
	*fit = REPLY_CUT;
	keep = cut_point(text, cap - base);
	for (tries = 1;; tries++) {
		if (!(msg = compose_cut(m, text, keep, note, err)))
			return NULL;
		total = env + strlen(msg);
		if (total <= cap || keep == 0)
			return msg;
		free(msg);
		over = total - cap;
		over += over / 8 + 16;
		keep = cut_point(text, tries >= 8 || over >= keep ? keep / 2
		                                                   : keep - over);
	}
}


/* The longest row of a wide board (render_board): the rank twice and
 * three characters a square, for 26 files. */
#define WIDE_ROW_MAX (8 + 3 * 26)

/* The length of line's prefix that its continuation lines repeat: the
 * blanks and quote marks it starts with, at most half of width. */
static size_t wrap_prefix(const char *line, size_t len, size_t width)
{
	size_t k = 0;

	while (k < len && k < width / 2 && (line[k] == ' ' || line[k] == '>'))
		k++;
	return k;
}

/* Whether line (len bytes) is a row of a wide board, which is never
 * broken (render_board: 86 columns for 26 files): a rank row has only
 * blanks, digits, brackets and the square glyphs, starting with a rank;
 * the file letters' row only blanks and letters, no two side by side. */
static int wide_board_row(const char *line, size_t len)
{
	size_t i = 0, letters = 0;

	if (len > WIDE_ROW_MAX)
		return 0;
	while (i < len && line[i] == ' ')
		i++;
	if (i < len && line[i] >= '0' && line[i] <= '9') {
		for (; i < len; i++)
			/* The pieces of both letter sets: W B, W S. */
			if (!strchr(" []0123456789.WBS#?", line[i]))
				return 0;
		return 1;
	}
	for (; i < len; i++) {
		if (line[i] == ' ')
			continue;
		if (line[i] < 'a' || line[i] > 'z' ||
		    (i + 1 < len && line[i + 1] != ' '))
			return 0;
		letters++;
	}
	return letters >= 2;
}

/* Whether line (len bytes) is a position to copy (the board in words,
 * game/render.h): indented, then "WxH RANKS w|b" in the notation's
 * characters only.  Such a line is never broken: a player pastes it
 * whole into another tool. */
static int position_row(const char *line, size_t len)
{
	size_t i = 0, blanks = 0;

	while (i < len && line[i] == ' ')
		i++;
	if (i == 0 || i >= len || line[i] < '0' || line[i] > '9')
		return 0;
	for (; i < len; i++) {
		if (line[i] == ' ')
			blanks++;
		else if (!strchr("0123456789xWBwb#/", line[i]))
			return 0;
	}
	return blanks == 2;
}

/* The columns s (n bytes of UTF-8) takes: one a character (the bytes
 * 0x80-0xbf continue a character), so that "Grundreihe für Weiß" is as
 * wide as it looks, not as many bytes as it has. */
static size_t columns(const char *s, size_t n)
{
	size_t i, col = 0;

	for (i = 0; i < n; i++)
		col += ((unsigned char)s[i] & 0xc0) != 0x80;
	return col;
}

/* Whether the blank at s[i] follows an abbreviation that must not end a
 * line: "e.g." and German "z. B." (whose own blank is the one after
 * "z."). */
static int after_abbreviation(const char *s, size_t i)
{
	return (i >= 4 && memcmp(s + i - 4, "e.g.", 4) == 0) ||
	       (i >= 2 && memcmp(s + i - 2, "z.", 2) == 0 &&
	        (i == 2 || s[i - 3] == ' ' || s[i - 3] == '('));
}

/* Where to break s (n bytes, the rest of a line): the last blank at most
 * room columns in, after lo (the prefix, in bytes: blanks and quote
 * marks), that is not right after an abbreviation (after_abbreviation)
 * nor inside a "double-quoted" run of at most qmax columns (prose quotes
 * commands so, "send \"help\"", and a command split across lines is one
 * a player copies wrong); failing that (a word longer than the room) the
 * first such blank after room; 0 when there is none.  The result is a
 * byte offset. */
static size_t wrap_cut(const char *s, size_t n, size_t room, size_t lo,
                       size_t qmax)
{
	size_t i, qend = 0, cut = 0, col = 0;

	for (i = 0; i < n; i++) {
		if (i > 0 && ((unsigned char)s[i - 1] & 0xc0) != 0x80)
			col++;   /* the columns of s[0..i) */
		if (i < qend)
			continue;
		if (s[i] == '"') {
			const char *q = memchr(s + i + 1, '"', n - i - 1);
			if (q && columns(s + i, (size_t)(q - (s + i))) < qmax)
				qend = (size_t)(q - s) + 1;
			continue;
		}
		if (s[i] != ' ' || i <= lo || after_abbreviation(s, i))
			continue;
		if (col > room)
			return cut ? cut : i;
		cut = i;
	}
	return cut;
}

/* One line (len bytes of UTF-8, no line end) appended to b, broken at
 * blanks into pieces of at most width columns (characters, not bytes)
 * where it can be; a word longer than
 * the width stays whole, and so do a wide board's rows and a position to
 * copy.  A quoted line
 * (the sender's own text in an error reply) is broken too, each piece
 * quoted. */
static void wrap_line(struct buf *b, const char *line, size_t len,
                      size_t width)
{
	size_t pre = wrap_prefix(line, len, width), start = 0, rest;
	int first = 1;

	if (wide_board_row(line, len) || position_row(line, len)) {
		buf_append(b, line, len);
		return;
	}
	rest = columns(line, len);  /* the columns of line[start..len) */
	while (rest > width - (first ? 0 : pre)) {
		/* A quoted run fits a continuation line whole. */
		size_t cut = wrap_cut(line + start, len - start,
		                      width - (first ? 0 : pre), first ? pre : 0,
		                      width - pre);
		size_t end = cut;
		if (!cut)
			break;
		while (end > 0 && line[start + end - 1] == ' ')
			end--;  /* no blanks left at the end of a piece */
		if (!first)
			buf_append(b, line, pre);
		buf_append(b, line + start, end);
		buf_putc(b, '\n');
		cut += strspn(line + start + cut, " ");
		if (cut > len - start)
			cut = len - start;
		rest -= columns(line + start, cut);
		start += cut;
		first = 0;
	}
	if (start < len) {
		if (!first)
			buf_append(b, line, pre);
		buf_append(b, line + start, len - start);
	}
}

char *reply_wrap(const char *text, size_t width)
{
	struct buf b = BUF_INIT;
	const char *p = text;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		wrap_line(&b, p, len, width);
		if (!nl)
			break;
		buf_putc(&b, '\n');
		p = nl + 1;
	}
	return buf_take(&b);
}

/* reply_queue with a file attached (att NULL: none), about a board
 * (about NULL: not). */
static void queue_mail(struct svc *s, struct txn *t, const char *addr,
                       const char *subject, const char *text,
                       const char *html, int null_sender,
                       const char *thread, const struct reply_file *att,
                       const struct reply_about *about);
static void queue_out(struct svc *s, struct txn *t, const char *addr,
                      const char *subject, const char *text,
                      const char *html, int null_sender,
                      const char *thread, const struct reply_file *att,
                      size_t cap, const struct reply_about *about);

void reply_queue(struct svc *s, struct txn *t, const char *addr,
                 const char *subject, const char *text, const char *html,
                 int null_sender, const char *thread)
{
	queue_mail(s, t, addr, subject, text, html, null_sender, thread, NULL,
	           NULL);
}

void reply_queue_about(struct svc *s, struct txn *t, const char *addr,
                       const struct reply_about *a, const char *subject,
                       const char *text, const char *html,
                       int null_sender)
{
	char thread[256];
	int n = a->game ? snprintf(thread, sizeof thread, "%s.%ld@%s", a->game,
	                           a->board, config_domain(s->cfg)) : -1;

	queue_mail(s, t, addr, subject, text, html, null_sender,
	           n > 0 && n < (int)sizeof thread ? thread : NULL, NULL, a);
}

void reply_board_subject(const struct game *g, char *buf, size_t len)
{
	if (g->white[0] && g->black[0])
		/* TRANSLATORS: a board mail's subject: the game's name, the
		 * board, White's and Black's userids.  "%s Board %ld" must
		 * stay as it is and first in the subject: a reply is read for
		 * the game's name and the word Board as its first two words
		 * (src/pipeline/intake.c). */
		snprintf(buf, len, _("%s Board %ld (%s v %s)"),
		         reply_game_title(g->game), g->board, g->white, g->black);
	else
		/* TRANSLATORS: a board mail's subject before both players
		 * are known: keep it as it is (a reply is read for it). */
		snprintf(buf, len, _("%s Board %ld"), reply_game_title(g->game),
		         g->board);
}

void reply_queue_file(struct svc *s, struct txn *t, const char *addr,
                      const char *subject, const char *text,
                      const struct reply_file *att)
{
	queue_mail(s, t, addr, subject, text, NULL, 0, NULL, att, NULL);
}

static void queue_mail(struct svc *s, struct txn *t, const char *addr,
                       const char *subject, const char *text,
                       const char *html, int null_sender,
                       const char *thread, const struct reply_file *att,
                       const struct reply_about *about)
{
	struct svc_mail m = { addr, subject, text, html, att, reply_cap(s),
	                      { NULL, NULL } };

	if (!s->hooks || !s->hooks->admit(s->hooks_arg, &m))
		queue_out(s, t, addr, m.subject, m.text, m.html, null_sender,
		          thread, att, m.cap, about);
	free(m.own[0]);
	free(m.own[1]);
}

/* The Auto-Submitted of every mail we send (RFC 3834 section 5), decided
 * here alone: "auto-replied" for a mail in answer to the mail in hand,
 * to its sender (a command's reply, an error reply, the board mail to
 * the player who moved); "auto-generated" for every other (the
 * opponent's board mail, a notice to another address, and whatever the
 * sweep, a robot's turn, the web or an administrator sends).  The table
 * of kinds is in doc/mail.md. */
static const char *auto_submitted_of(const struct svc *s, const char *addr)
{
	if (s->hooks && s->hooks->answers &&
	    s->hooks->answers(s->hooks_arg, addr))
		return "auto-replied";
	return "auto-generated";
}

/* queue_mail once it is settled that the mail goes, and what it holds:
 * composed within cap bytes and put in t's outbox. */
static void queue_out(struct svc *s, struct txn *t, const char *addr,
                      const char *subject, const char *text,
                      const char *html, int null_sender,
                      const char *thread, const struct reply_file *att,
                      size_t cap, const struct reply_about *about)
{
	struct mail_out m;
	char msgid[320], base[160], from[512], date[64], name[128];
	char refs[1024], unsub[1024];
	const char *env_from = null_sender ? "" : s->cfg->from;
	char *msg, *err = NULL, *wrapped;
	struct timespec ts;
	enum reply_fit fit;
	int n;

	/* Its owner stopped all mail to it (stopmail.h): nothing goes, the
	 * answer to a mail that proved nobody included.  A mail that
	 * proves its player let it go again before it got here. */
	switch (stopmail_stopped(s, addr)) {
	case 1:
		log_msg(LOG_INFO, "no mail to %s: its owner stopped all mail "
		        "to it\n", addr);
		return;
	case -1:
		s->queue_failed = 1;
		return;
	}
	/* A user file that does not load (damaged, set aside) costs the
	 * mail its List-Unsubscribe, never the mail (logged there). */
	if (stopmail_header(s, addr, unsub, sizeof unsub) < 0)
		unsub[0] = '\0';
	n = s->nout++;

	/* The tag in the Message-ID binds it to addr: delivery reports are
	 * believed only for the address the mail went to (spool/secret.h). */
	if (threadid_base(base, sizeof base, s->digest, n,
	                  about ? about->kind : MAIL_KIND_NONE,
	                  about ? about->game : NULL, about ? about->board : -1,
	                  about ? about->token : NULL) < 0 ||
	    secret_message_id(s->cfg->spool, base, addr, config_domain(s->cfg),
	                      msgid, sizeof msgid) < 0) {
		s->queue_failed = 1;
		return;
	}
	/* From: the configured display name and address; the envelope and
	 * X-Loop carry the bare address (util/conf.h, from). */
	if (!config_from_header(s->cfg, from, sizeof from)) {
		s->queue_failed = 1;
		return;
	}
	mail_date((long long)s->now, date, sizeof date);
	memset(&m, 0, sizeof m);
	m.from = from;
	m.to_addr = addr;
	m.subject = subject;
	m.message_id = msgid;
	/* The board's root, and what the mail in hand adds (its hooks). */
	m.in_reply_to = thread;
	m.references = thread;
	if (s->hooks)
		s->hooks->thread(s->hooks_arg, addr, thread, about != NULL, &m,
		                 refs, sizeof refs);
	m.auto_submitted = auto_submitted_of(s, addr);
	m.x_loop = s->cfg->from;
	m.list_unsubscribe = unsub[0] ? unsub : NULL;
	m.date = date;
	/* Every text part wraps at 72 columns (wrap_line), whoever made it. */
	wrapped = reply_wrap(text, REPLY_WRAP_COLUMNS);
	m.text = wrapped;
	m.html = html;
	if (att) {
		m.attach = att->data;
		m.attach_name = att->name;
		m.attach_type = att->type;
	}
	msg = compose_capped(&m, cap, outbox_envelope_size(env_from, addr),
	                     &fit, &err);
	free(wrapped);
	if (!msg && fit == REPLY_NO_FIT) {
		/* Never the subject: it can hold a token or a password. */
		log_msg(LOG_ERR, "no mail to %s: even cut short it would be "
		        "larger than the reply size limit of %zu bytes\n", addr, cap);
		return;
	}
	if (!msg) {
		log_msg(LOG_ERR, "cannot compose a mail to %s: %s\n", addr,
		        err ? err : "out of memory");
		free(err);
		s->queue_failed = 1;
		return;
	}
	if (fit != REPLY_WHOLE)
		log_msg(LOG_INFO, "mail to %s %s to fit the reply size limit of "
		        "%zu bytes\n", addr, fit == REPLY_CUT ? "cut short"
		        : "without its HTML part", cap);
	/* Names sort in the order mails were queued: real time, not the
	 * (settable) game clock. */
	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(name, sizeof name, "%010lld.%09ld-%.16s-%02d",
	         (long long)ts.tv_sec, ts.tv_nsec, s->digest, n);
	if (outbox_put(t, name, env_from, addr, msg, cap) < 0)
		s->queue_failed = 1;  /* logged; a mail must not go out half */
	else {
		s->queued++;
		queued_total++;
	}
	free(msg);
}
