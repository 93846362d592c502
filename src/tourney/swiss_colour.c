/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * swiss_colour.c - colour preferences and the colour allocation of the
 * Dutch system (FIDE Handbook C.04.3 A.6 and E; the absolute colour
 * criteria of C.04.1 f and g).
 *
 * A colour history is one char a round: 'W', 'B', or '-' for a round
 * without a game (bye, forfeit, absence).  Rounds without a game are
 * skipped everywhere: "three times running" means three games running,
 * as FIDE counts only played games for colours.
 */
#include <string.h>

#include "tourney/internal.h"

/* The colour difference (whites minus blacks) and the last two colours
 * played (0 where there is none). */
static void history(const char *c, int *diff, int *last, int *before)
{
	*diff = 0;
	*last = *before = 0;
	for (; c && *c; c++) {
		if (*c != 'W' && *c != 'B')
			continue;
		*diff += *c == 'W' ? 1 : -1;
		*before = *last;
		*last = *c;
	}
}

static int other(int c)
{
	return c == 'W' ? 'B' : 'W';
}

int tny_swiss_colour_pref(const char *colours, int *strength)
{
	int diff, last, before, s = 0, pref = 0;

	history(colours, &diff, &last, &before);
	if (!last) {
		s = 0;
	} else if (diff < -1 || diff > 1 || last == before) {
		s = 3;
		if (diff < -1)
			pref = 'W';
		else if (diff > 1)
			pref = 'B';
		else
			pref = other(last);
	} else if (diff != 0) {
		s = 2;
		pref = diff < 0 ? 'W' : 'B';
	} else {
		s = 1;
		pref = other(last);
	}
	if (strength)
		*strength = s;
	return pref;
}

int tny_swiss_colour_ok(const char *colours, int c)
{
	int diff, last, before;

	history(colours, &diff, &last, &before);
	diff += c == 'W' ? 1 : -1;
	if (diff > 2 || diff < -2)
		return 0;
	return !(last == c && before == c);
}

/* Colour difference alone. */
static int difference(const char *c)
{
	int diff, last, before;

	history(c, &diff, &last, &before);
	return diff;
}

/* E.3: going back from the latest round, the first round in which the
 * two played different colours; a gets the other colour from that one.
 * Histories are aligned on their last round.  Returns 1 (a White), 0 (a
 * Black) or -1 (no such round). */
static int alternate(const char *ca, const char *cb)
{
	size_t la = strlen(ca), lb = strlen(cb);

	while (la > 0 && lb > 0) {
		char x = ca[--la], y = cb[--lb];

		if ((x == 'W' || x == 'B') && (y == 'W' || y == 'B') && x != y)
			return x == 'B';
	}
	return -1;
}

/* The allocation by E.1-E.5 alone. */
static int rules(const struct sw_player *a, const struct sw_player *b,
                 int initial)
{
	const char *ca = a->in->colours ? a->in->colours : "";
	const char *cb = b->in->colours ? b->in->colours : "";
	int alt;

	/* E.1: both preferences granted. */
	if (a->pref && b->pref && a->pref != b->pref)
		return a->pref == 'W';
	if (a->pref && !b->pref)
		return a->pref == 'W';
	if (!a->pref && b->pref)
		return b->pref == 'B';
	if (a->pref && b->pref) {
		/* E.2: the stronger preference; both absolute: the wider
		 * colour difference. */
		if (a->strength != b->strength)
			return (a->strength > b->strength ? a->pref == 'W'
			                                  : b->pref == 'B');
		if (a->strength == 3) {
			int da = difference(ca), db = difference(cb);

			if (da < 0) da = -da;
			if (db < 0) db = -db;
			if (da != db)
				return da > db ? a->pref == 'W' : b->pref == 'B';
		}
		/* E.3: alternate to the latest round they differed. */
		alt = alternate(ca, cb);
		if (alt >= 0)
			return alt;
		/* E.4: the higher ranked player's preference. */
		return a->pref == 'W';
	}
	/* E.5: no preferences: the initial colour to an odd pairing
	 * number. */
	if (a->in->pairing_no & 1)
		return initial == 'W';
	return initial != 'W';
}

int tny_swiss_allocate(const struct sw_player *a, const struct sw_player *b,
                       int initial)
{
	const char *ca = a->in->colours ? a->in->colours : "";
	const char *cb = b->in->colours ? b->in->colours : "";
	int white = rules(a, b, initial);

	if (white && !(tny_swiss_colour_ok(ca, 'W') &&
	               tny_swiss_colour_ok(cb, 'B')))
		white = 0;
	else if (!white && !(tny_swiss_colour_ok(ca, 'B') &&
	                     tny_swiss_colour_ok(cb, 'W')))
		white = 1;
	return white;
}
