/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * headline.c - what a board mail's headline says, as data, written in
 * the language in use (headline.h): the sentences of the move command
 * (games/move.c) and of the queued and conditional moves played after
 * it (after_move.c), moved here from there (issue 32).
 */
#include "services/headline.h"
#include "services/result_words.h"
#include "util/buf.h"
#include "util/i18n.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct headline_event *headline_add(struct headline *h,
                                           enum headline_kind kind,
                                           const char *who)
{
	struct headline_event *e;

	if (h->n == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 4;
		h->ev = xrealloc(h->ev, h->cap * sizeof *h->ev);
	}
	e = &h->ev[h->n++];
	memset(e, 0, sizeof *e);
	e->kind = kind;
	e->who = who ? xstrdup(who) : NULL;
	return e;
}

void headline_text(struct headline *h, const char *text)
{
	headline_add(h, HEADLINE_TEXT, NULL)->text = xstrdup(text);
}

/* One printf conversion of a sentence of headline_say: where it
 * starts is a '%' that is not "%%". */
struct say_conv {
	int pos;             /* its argument's number (1...), 0 if none */
	int prec;            /* %.200s: 200; -1 if none */
	int longs;           /* l: 1, ll: 2, z: 3, none: 0 */
	char conv;           /* s, d, i or u; 0 if none of them */
	const char *end;     /* just past it */
};

/* The conversion at p (a '%') into c: its argument's number is the n$
 * it names, else one more than *seq. */
static void say_conv_read(const char *p, int *seq, struct say_conv *c)
{
	int n = 0;
	const char *q = p + 1;

	memset(c, 0, sizeof *c);
	while (*q >= '0' && *q <= '9' && n < 100)
		n = 10 * n + (*q++ - '0');
	if (*q == '$' && n > 0)
		q++;
	else {
		q = p + 1;
		n = 0;
	}
	c->prec = -1;
	if (*q == '.') {
		c->prec = 0;
		while (*++q >= '0' && *q <= '9' && c->prec < 10000)
			c->prec = 10 * c->prec + (*q - '0');
	}
	if (*q == 'l' && q[1] == 'l') {
		c->longs = 2;
		q += 2;
	} else if (*q == 'l' || *q == 'z') {
		c->longs = *q == 'l' ? 1 : 3;
		q++;
	}
	if (*q && strchr("sdiu", *q))
		c->conv = *q++;
	c->end = q;
	c->pos = n ? n : ++*seq;
}

/* The arguments of fmt (headline_say's) from ap into e->arg, as text. */
static void say_args(struct headline_event *e, const char *fmt, va_list ap)
{
	struct say_conv c, type[HEADLINE_ARGS + 1];
	int seq = 0, n = 0, i;
	const char *p;

	memset(type, 0, sizeof type);
	for (p = strchr(fmt, '%'); p; p = strchr(p, '%')) {
		if (p[1] == '%') {
			p += 2;
			continue;
		}
		say_conv_read(p, &seq, &c);
		if (c.pos > HEADLINE_ARGS || !c.conv)
			abort();   /* a sentence this file does not take */
		type[c.pos] = c;
		if (c.pos > n)
			n = c.pos;
		p = c.end;
	}
	for (i = 1; i <= n; i++) {
		char num[32];
		int u = type[i].conv == 'u';

		if (type[i].conv == 's') {
			const char *a = va_arg(ap, const char *);
			/* A precision reads at most that many bytes, as
			 * printf does: the string may be shorter. */
			e->arg[i] = type[i].prec < 0 ? xstrdup(a)
			            : xstrndup(a, strnlen(a, (size_t)type[i].prec));
			continue;
		}
		if (type[i].longs == 2 && u)
			snprintf(num, sizeof num, "%llu", va_arg(ap,
			         unsigned long long));
		else if (type[i].longs == 2)
			snprintf(num, sizeof num, "%lld", va_arg(ap, long long));
		else if (type[i].longs == 3)
			snprintf(num, sizeof num, "%zu", va_arg(ap, size_t));
		else if (type[i].longs == 1 && u)
			snprintf(num, sizeof num, "%lu", va_arg(ap, unsigned long));
		else if (type[i].longs == 1)
			snprintf(num, sizeof num, "%ld", va_arg(ap, long));
		else if (u)
			snprintf(num, sizeof num, "%u", va_arg(ap, unsigned));
		else
			snprintf(num, sizeof num, "%d", va_arg(ap, int));
		e->arg[i] = xstrdup(num);
	}
}

void headline_say(struct headline *h, const char *msgid, ...)
{
	struct headline_event *e = headline_add(h, HEADLINE_SAY, NULL);
	va_list ap;

	e->msgid = msgid;
	va_start(ap, msgid);
	say_args(e, msgid, ap);
	va_end(ap);
}

void headline_sayn(struct headline *h, const char *one, const char *many,
                   unsigned long count, ...)
{
	struct headline_event *e = headline_add(h, HEADLINE_SAY, NULL);
	va_list ap;

	e->msgid = one;
	e->plural = many;
	e->count = count;
	va_start(ap, count);
	say_args(e, many, ap);
	va_end(ap);
}

/* A HEADLINE_SAY sentence in the language in use, into out: the
 * translation of its msgid with its arguments put in. */
static void say_words(const struct headline_event *e, struct buf *out)
{
	const char *fmt = e->plural ? ngettext(e->msgid, e->plural, e->count)
	                            : _(e->msgid);
	const char *p = fmt, *pc;
	struct say_conv c;
	int seq = 0;

	while ((pc = strchr(p, '%'))) {
		buf_append(out, p, (size_t)(pc - p));
		if (pc[1] == '%') {
			buf_putc(out, '%');
			p = pc + 2;
			continue;
		}
		say_conv_read(pc, &seq, &c);
		if (c.pos <= HEADLINE_ARGS && e->arg[c.pos])
			buf_puts(out, e->arg[c.pos]);
		p = c.end;
	}
	buf_puts(out, p);
}

void headline_move(struct headline *h, enum headline_kind kind,
                   const char *who, size_t ply)
{
	headline_add(h, kind, who)->ply = ply;
}

/* A submitted move confirmed (HEADLINE_CONFIRMED), into out. */
static void confirmed_words(const struct game *g, const char *who,
                            size_t ply, struct buf *out)
{
	struct buf caught = BUF_INIT;
	const char *mv = g->moves[ply].text;
	int took = reply_captured_at(g, ply, &caught);

	if (!took)
		/* TRANSLATORS: a submitted move confirmed: the player, then
		 * the move ("e2-e3"). */
		buf_printf(out, _("%s confirmed and played %s."), who, mv);
	else
		/* TRANSLATORS: a submitted move confirmed: the player, the
		 * move ("e7xe11"), the squares of the pieces it took ("e11
		 * and e12"), then how many. */
		buf_printf(out, ngettext("%1$s confirmed and played %2$s, "
		           "capturing %3$s (%4$d).", "%1$s confirmed and played "
		           "%2$s, capturing %3$s (%4$d).", took), who, mv,
		           buf_str(&caught), took);
	buf_free(&caught);
}

/* A queued move played after the opponent's (HEADLINE_QUEUED). */
static void queued_words(const struct game *g, const char *who,
                         size_t ply, struct buf *out)
{
	struct buf caught = BUF_INIT;
	const char *mv = g->moves[ply].text;
	int took = reply_captured_at(g, ply, &caught);

	if (!took)
		/* TRANSLATORS: the player, then the move ("e2-e3"). */
		buf_printf(out, _("%s's queued move %s was played."), who, mv);
	else
		/* TRANSLATORS: the player, the move ("e7xe11"), the
		 * squares of the pieces it took ("e11 and e12"), then
		 * how many. */
		buf_printf(out, ngettext("%1$s's queued move %2$s was "
		           "played, capturing %3$s (%4$d).", "%1$s's queued "
		           "move %2$s was played, capturing %3$s (%4$d).",
		           took), who, mv, buf_str(&caught), took);
	buf_free(&caught);
}

/* A conditional answer played (HEADLINE_CONDITIONAL): ply answers the
 * move before it. */
static void conditional_words(const struct game *g, const char *who,
                              size_t ply, struct buf *out)
{
	struct buf caught = BUF_INIT;
	const char *mv = g->moves[ply].text;
	const char *theirs = ply ? g->moves[ply - 1].text : "";
	int took = reply_captured_at(g, ply, &caught);

	if (!took)
		/* TRANSLATORS: the owner of the lines, the move played, then
		 * the move it answers. */
		buf_printf(out, _("%s's conditional move %s was played in "
		           "answer to %s."), who, mv, theirs);
	else
		/* TRANSLATORS: the owner of the lines, the move played, the
		 * move it answers, the squares of the pieces it took ("e11
		 * and e12"), then how many. */
		buf_printf(out, ngettext("%1$s's conditional move %2$s was "
		           "played in answer to %3$s, capturing %4$s (%5$d).",
		           "%1$s's conditional move %2$s was played in answer to "
		           "%3$s, capturing %4$s (%5$d).", took), who, mv, theirs,
		           buf_str(&caught), took);
	buf_free(&caught);
}

/* A robot's move (HEADLINE_ROBOT): the game's first, or the answer to
 * the human's. */
static void robot_words(const struct game *g, const char *robot,
                        size_t ply, struct buf *out)
{
	struct buf caught = BUF_INIT;
	const char *mv = g->moves[ply].text;
	int took = reply_captured_at(g, ply, &caught);

	if (!took && ply == 0)
		/* TRANSLATORS: %1$s is the robot's userid, %2$s its move. */
		buf_printf(out, _("%1$s played %2$s."), robot, mv);
	else if (!took)
		/* TRANSLATORS: %1$s is the robot's userid, %2$s its move. */
		buf_printf(out, _("%1$s answered %2$s."), robot, mv);
	else if (ply == 0)
		/* TRANSLATORS: the robot's userid, its move ("e7xe11"), the
		 * squares of the pieces it took ("e11 and e12"), then how
		 * many. */
		buf_printf(out, ngettext("%1$s played %2$s, capturing %3$s "
		           "(%4$d).", "%1$s played %2$s, capturing %3$s (%4$d).",
		           took), robot, mv, buf_str(&caught), took);
	else
		/* TRANSLATORS: the robot's userid, its move ("e7xe11"), the
		 * squares of the pieces it took ("e11 and e12"), then how
		 * many. */
		buf_printf(out, ngettext("%1$s answered %2$s, capturing %3$s "
		           "(%4$d).", "%1$s answered %2$s, capturing %3$s "
		           "(%4$d).", took), robot, mv, buf_str(&caught), took);
	buf_free(&caught);
}

static void event_words(const struct headline_event *e,
                        const struct game *g, struct buf *out)
{
	char res[REPLY_RESULT_MAX];

	if (e->kind != HEADLINE_TEXT && e->kind != HEADLINE_RESULT &&
	    e->kind != HEADLINE_SAY && e->ply >= g->nmoves)
		return;
	switch (e->kind) {
	case HEADLINE_TEXT:
		buf_puts(out, e->text);
		break;
	case HEADLINE_PLAYED:
		reply_played_words_at(g, e->ply, e->who, out);
		break;
	case HEADLINE_CONFIRMED:
		confirmed_words(g, e->who, e->ply, out);
		break;
	case HEADLINE_QUEUED:
		queued_words(g, e->who, e->ply, out);
		break;
	case HEADLINE_CONDITIONAL:
		conditional_words(g, e->who, e->ply, out);
		break;
	case HEADLINE_SAY:
		say_words(e, out);
		break;
	case HEADLINE_ROBOT:
		robot_words(g, e->who, e->ply, out);
		break;
	case HEADLINE_RESULT:
		reply_result_words(g, res, sizeof res);
		/* TRANSLATORS: %s is the result in words ("bob wins, alice
		 * resigned"). */
		buf_printf(out, _("The game is over: %s."), res);
		break;
	}
}

void headline_write(const struct headline *h, const struct game *g,
                    struct buf *out)
{
	struct buf b = BUF_INIT;
	size_t i;

	for (i = 0; i < h->n; i++) {
		if (i)
			buf_putc(&b, ' ');
		event_words(&h->ev[i], g, &b);
	}
	if (h->goodbye)
		/* TRANSLATORS: the board mail's headline, then the robot's
		 * userid: its one line at the game's end. */
		buf_printf(out, _("%s\n\n%s: good game."), buf_str(&b),
		           h->goodbye);
	else
		buf_puts(out, buf_str(&b));
	buf_free(&b);
}

void headline_free(struct headline *h)
{
	size_t i;

	for (i = 0; i < h->n; i++) {
		size_t k;

		free(h->ev[i].who);
		free(h->ev[i].text);
		for (k = 0; k <= HEADLINE_ARGS; k++)
			free(h->ev[i].arg[k]);
	}
	free(h->ev);
	memset(h, 0, sizeof *h);
}
