/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * status.c - the verdict at the start of a turn (RULES.md section 3, and
 * the igfip must-answer rule of section 6) and the plain words a board
 * mail uses to tell the player to move what the grace move must do.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "util/i18n.h"

static const char *side_name(enum ep_side s)
{
	return s == EP_WHITE ? "white" : "black";
}

static enum ep_result win_for(enum ep_side s)
{
	return s == EP_WHITE ? EP_WHITE_WINS : EP_BLACK_WINS;
}

static void verdict(struct ep_status *st, enum ep_result r, const char *fmt,
                    const char *a, const char *b)
{
	st->result = r;
	if (snprintf(st->reason, sizeof st->reason, fmt, a, b) < 0)
		st->reason[0] = '\0';
}

/* Section 3.2 (and the igfip form of it): the mover has no legal move. */
static void no_move_loss(const struct ep_position *p, struct ep_status *st)
{
	enum ep_side me = p->to_move, them = (enum ep_side)!me;

	if (ep_count_pieces(p, me) == 0)
		verdict(st, win_for(them), "%s has no pieces left", side_name(me),
		        NULL);
	else
		verdict(st, win_for(them), "%s has no legal move", side_name(me),
		        NULL);
}

static void status_abbott(const struct ep_position *p, struct ep_turn *t,
                          struct ep_status *st)
{
	enum ep_side me = p->to_move;

	if (t->own_crossed > t->opp_crossed) {
		verdict(st, win_for(me), "%s has more crossed pieces",
		        side_name(me), NULL);
		return;
	}
	if (!ep_has_move(t))
		no_move_loss(p, st);
}

static void status_igfip(const struct ep_position *p,
                         const struct ep_options *o, struct ep_turn *t,
                         struct ep_status *st)
{
	enum ep_side me = p->to_move, them = (enum ep_side)!me;

	if (!ep_side_has_movable(p, o, EP_WHITE) &&
	    !ep_side_has_movable(p, o, EP_BLACK)) {
		verdict(st, EP_DRAW, "neither side has a movable piece", NULL,
		        NULL);
		return;
	}
	st->must_cross = t->must_cross;
	if (ep_has_move(t))
		return;
	if (t->must_cross)
		verdict(st, win_for(them), "%s cannot answer %s's crossing",
		        side_name(me), side_name(them));
	else
		no_move_loss(p, st);
}

void ep_status(const struct ep_position *p, const struct ep_options *o,
               struct ep_status *st)
{
	struct ep_turn t;

	memset(st, 0, sizeof *st);
	st->result = EP_ONGOING;
	ep_turn_init(&t, p, o);
	if (o->ending == EP_ENDING_IGFIP)
		status_igfip(p, o, &t, st);
	else
		status_abbott(p, &t, st);
}

/* The intruders the mover may capture (enemy crossed pieces, unless they
 * are safe), as "g12, h12" into list; returns how many. */
static int intruders(const struct ep_position *p, const struct ep_options *o,
                     char *list, size_t len)
{
	enum ep_side them = (enum ep_side)!p->to_move;
	uint8_t piece = them == EP_WHITE ? EP_WPIECE : EP_BPIECE;
	int rank = them == EP_WHITE ? p->height - 1 : 0, f, n = 0;
	size_t used = 0;
	char sq[4];

	list[0] = '\0';
	if (o->crossed == EP_CROSSED_SAFE)
		return 0;
	for (f = 0; f < p->width; f++) {
		int w;

		if (p->cell[ep_square_at(f, rank)] != piece)
			continue;
		ep_square_name(f, rank, sq);
		w = snprintf(list + used, len - used, "%s%s", n ? ", " : "", sq);
		if (w < 0 || (size_t)w >= len - used)
			break;
		used += (size_t)w;
		n++;
	}
	return n;
}

/* The grace sentences, one for each side, so that a translator never
 * puts a side's name into a sentence.  grace_sentence() returns the
 * (translated) printf format for side s: GRACE_BEHIND and
 * GRACE_CAPTURE_N take the count behind (and the list), the other two
 * GRACE_CAPTURE_* the list of intruders, GRACE_CROSS nothing. */
enum grace { GRACE_BEHIND, GRACE_CROSS, GRACE_CAPTURE_N, GRACE_CAPTURE_ONE,
             GRACE_CAPTURE_ANY };

static const char *grace_sentence(enum ep_side s, enum grace g, int behind)
{
	int white = s == EP_WHITE;

	switch (g) {
	case GRACE_BEHIND:
		/* TRANSLATORS: how many crossings the side is behind. */
		return white ? ngettext("White is %d crossing behind and cannot "
		                        "catch up in one move", "White is %d "
		                        "crossings behind and cannot catch up in "
		                        "one move", behind)
		             : ngettext("Black is %d crossing behind and cannot "
		                        "catch up in one move", "Black is %d "
		                        "crossings behind and cannot catch up in "
		                        "one move", behind);
	case GRACE_CROSS:
		return white ? _("White must cross, or lose")
		             : _("Black must cross, or lose");
	case GRACE_CAPTURE_N:
		/* TRANSLATORS: how many intruders, then their squares as
		 * "g12, h12". */
		return white ? ngettext("White must capture %d intruder (%s) in "
		                        "one move, or lose", "White must capture "
		                        "%d intruders (%s) in one move, or lose",
		                        behind)
		             : ngettext("Black must capture %d intruder (%s) in "
		                        "one move, or lose", "Black must capture "
		                        "%d intruders (%s) in one move, or lose",
		                        behind);
	case GRACE_CAPTURE_ONE:
		return white ? _("White must capture the intruder on %s or cross, "
		                 "or lose")
		             : _("Black must capture the intruder on %s or cross, "
		                 "or lose");
	default:
		/* TRANSLATORS: the intruders' squares, as "g12, h12". */
		return white ? _("White must capture an intruder (%s) or cross, "
		                 "or lose")
		             : _("Black must capture an intruder (%s) or cross, "
		                 "or lose");
	}
}

void ep_grace_text(const struct ep_position *p, const struct ep_options *o,
                   char *buf, size_t len)
{
	enum ep_side me = p->to_move;
	struct ep_status st;
	struct ep_turn t;
	char list[EP_ERR_MAX / 2];
	int behind, n, w;

	if (len == 0)
		return;
	buf[0] = '\0';
	ep_turn_init(&t, p, o);
	behind = t.opp_crossed - t.own_crossed;
	if (behind <= 0)
		return;
	ep_status(p, o, &st);
	if (st.result != EP_ONGOING)
		return;
	n = o->ending == EP_ENDING_IGFIP ? 0 : intruders(p, o, list, sizeof list);
	if (n == 0 || (behind > 1 && n < behind))
		w = behind > 1 && o->ending != EP_ENDING_IGFIP
		    ? snprintf(buf, len, grace_sentence(me, GRACE_BEHIND, behind),
		               behind)
		    : snprintf(buf, len, "%s", grace_sentence(me, GRACE_CROSS, 0));
	else if (behind > 1)
		w = snprintf(buf, len, grace_sentence(me, GRACE_CAPTURE_N, behind),
		             behind, list);
	else if (n == 1)
		w = snprintf(buf, len, grace_sentence(me, GRACE_CAPTURE_ONE, 0),
		             list);
	else
		w = snprintf(buf, len, grace_sentence(me, GRACE_CAPTURE_ANY, 0),
		             list);
	if (w < 0)
		buf[0] = '\0';
}
