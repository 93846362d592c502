/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney_rating.h - the order of players by rating, for a tournament's
 * numbers and a league's new members (tourney_rating.c).
 */
#ifndef EPAM_SERVICES_TOURNEY_RATING_H
#define EPAM_SERVICES_TOURNEY_RATING_H

/* A player and his rating, for the order of a tournament's numbers and
 * of a league's new members. */
struct tourney_rated { char userid[32]; int rating; };

/* qsort comparison of struct tourney_rated: best rating first, then by
 * userid. */
int tourney_by_rating(const void *a, const void *b);

#endif
