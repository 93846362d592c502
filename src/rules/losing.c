/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * losing.c - which legal moves lose at once: the mover loses before the
 * opponent moves (RULES.md sections 3 and 5).  Two ways: the position
 * after the move is a win for the opponent at the start of its turn (a
 * pending crossing left unanswered, or a crossed piece moved off the far
 * row so that the opponent has more crossed pieces), or, under
 * -repetition=loss, the move makes a position for the third time.
 * Pure: the caller gives the history of positions.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "util/i18n.h"

/* How often after occurs in seen[0..nseen). */
static size_t occurrences(const struct ep_position *seen, size_t nseen,
                          const struct ep_position *after)
{
	size_t i, n = 0;

	for (i = 0; i < nseen; i++)
		if (ep_position_equal(&seen[i], after))
			n++;
	return n;
}

int ep_move_loses(const struct ep_position *p, const struct ep_options *o,
                  const struct ep_position *seen, size_t nseen,
                  const struct ep_move *m, char *why, size_t len)
{
	struct ep_position after = *p;
	struct ep_status st;
	enum ep_side me = p->to_move, them = (enum ep_side)!me;
	int w;

	if (len > 0)
		why[0] = '\0';
	ep_make(&after, o, m);
	/* Repetition is judged first: it ends the game before the
	 * opponent's start-of-turn checks (RULES.md section 5). */
	if (o->repetition == EP_REP_LOSS && seen &&
	    occurrences(seen, nseen, &after) >= 2) {
		/* TRANSLATORS: why a move loses, after "the move ...
		 * loses:"; "help rules" is a command: keep it as it is. */
		w = snprintf(why, len, "%s", _("it makes the same position for "
		             "the third time (see help rules)"));
		return w < 0 ? -1 : 1;
	}
	if (o->repetition != EP_REP_OFF && seen &&
	    occurrences(seen, nseen, &after) >= 2)
		return 0;  /* a draw ends the game before any other check */
	ep_status(&after, o, &st);
	if (st.result != (them == EP_WHITE ? EP_WHITE_WINS : EP_BLACK_WINS))
		return 0;
	if (ep_count_crossed(p, them) > ep_count_crossed(p, me))
		w = snprintf(why, len, "%s", them == EP_WHITE
		             ? /* TRANSLATORS: why a move loses, after "the move
		                * ... loses:"; "help rules" is a command: keep it as
		                * it is. */
		               _("it does not answer White's crossing (see help "
		                 "rules)")
		             : /* TRANSLATORS: why a move loses, after "the move
		                * ... loses:"; "help rules" is a command: keep it as
		                * it is. */
		               _("it does not answer Black's crossing (see help "
		                 "rules)"));
	else
		w = snprintf(why, len, "%s", them == EP_WHITE
		             ? /* TRANSLATORS: why a move loses, after "the move
		                * ... loses:"; "help rules" is a command: keep it as
		                * it is. */
		               _("it leaves White with more crossed pieces (see "
		                 "help rules)")
		             : /* TRANSLATORS: why a move loses, after "the move
		                * ... loses:"; "help rules" is a command: keep it as
		                * it is. */
		               _("it leaves Black with more crossed pieces (see "
		                 "help rules)"));
	return w < 0 ? -1 : 1;
}

size_t ep_losing_moves(const struct ep_position *p, const struct ep_options *o,
                       const struct ep_position *seen, size_t nseen,
                       const struct ep_move *moves, size_t n, uint8_t *loses)
{
	size_t i, count = 0;

	for (i = 0; i < n; i++) {
		loses[i] = ep_move_loses(p, o, seen, nseen, &moves[i], NULL, 0) == 1;
		count += loses[i];
	}
	return count;
}
