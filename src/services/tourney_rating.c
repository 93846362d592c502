/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney_rating.c - the order of players by rating (tourney_rating.h):
 * from commands/tourney/tourney_rounds.c (issue 31), body unchanged.
 */
#include "services/tourney_rating.h"

#include <string.h>

int tourney_by_rating(const void *a, const void *b)
{
	const struct tourney_rated *x = a, *y = b;

	if (x->rating != y->rating)
		return y->rating - x->rating;
	return strcmp(x->userid, y->userid);
}
