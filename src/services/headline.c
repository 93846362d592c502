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

void headline_printf(struct headline *h, const char *fmt, ...)
{
	char *text;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (n < 0)
		abort();   /* out of memory, as xstrdup */
	headline_add(h, HEADLINE_TEXT, NULL)->text = text;
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

static void event_words(const struct headline_event *e,
                        const struct game *g, struct buf *out)
{
	char res[REPLY_RESULT_MAX];

	if (e->kind != HEADLINE_TEXT && e->kind != HEADLINE_RESULT &&
	    e->ply >= g->nmoves)
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
		free(h->ev[i].who);
		free(h->ev[i].text);
	}
	free(h->ev);
	memset(h, 0, sizeof *h);
}
