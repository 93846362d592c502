/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ratings_show.h - a rating as a person reads it (issue 34 item 3): with
 * how sure it is, the same form in every mail, on the web site and in
 * the history.
 *
 *   "1734 ± 95"  Glicko and Glicko-2, an established rating: the rating
 *                and its deviation (ratings_rd_at: widened by the time
 *                since the player's last rated game), whole points.
 *   "1580?"      a provisional rating (ratings_provisional: a deviation
 *                of RATING_PROVISIONAL_RD or more under Glicko(-2),
 *                fewer than RATING_PROVISIONAL games under Elo); the
 *                deviation is left out: it is large, and "?" says so.
 *   "1616"       Elo, established: the system has no deviation.
 *
 * A player without a rated game in a class is shown at RATING_START,
 * provisional.  Both forms are formats of the catalogue ("%d ± %d",
 * "%d?") so that a language may write them its own way.
 *
 * Who is listed by default (standings, the web site's tables): an
 * established rating (not provisional) and a rated game in the last
 * RATING_ACTIVE_DAYS days.  lichess lists players with a deviation
 * under 75 who played in the last week; a correspondence game runs for
 * weeks or months, so the window here is half a year, and the deviation
 * bound is the provisional one (Glicko-2 widens a deviation of 50 to
 * 110 in about a year without games: the two bounds agree).
 */
#ifndef EPAM_RATINGS_SHOW_H
#define EPAM_RATINGS_SHOW_H

#include <stddef.h>
#include <time.h>

#include "game/ratings.h"

#define RATING_ACTIVE_DAYS 180   /* days since the last rated game */
#define RATING_SHOW_MAX 48       /* bytes of a shown rating, with NUL */

/* What a person is shown of one rating at one time. */
struct rating_shown {
	int rating;       /* Elo points */
	int rd;           /* deviation, whole points; 0 where the system
	                     has none (Elo) */
	int provisional;  /* 1: shown with "?" and without the deviation */
};

/* Player p's rating (p may be NULL: a player without a rated game in
 * the class, RATING_START and provisional) as shown at time now into
 * *out. */
void ratings_shown_player(const struct ratings *r,
                          const struct rating_player *p, time_t now,
                          struct rating_shown *out);

/* userid's rating in class cls as shown at time now into *out. */
void ratings_shown(const struct ratings *r, const char *userid, int cls,
                   time_t now, struct rating_shown *out);

/* A rating right after a game of the log (rating, its deviation rd
 * after that game as struct rating_game keeps it) into *out: under
 * Glicko(-2) provisional by the deviation; under Elo never (the log
 * keeps no game count), as the history always showed it. */
void ratings_shown_after(const struct ratings *r, int rating, int rd,
                         struct rating_shown *out);

/* The text of *s ("1734 ± 95", "1580?", "1616") in the language in use
 * into buf (len bytes, RATING_SHOW_MAX is enough); returns buf. */
const char *ratings_show(const struct rating_shown *s, char *buf,
                         size_t len);

/* Append the text of *s to b, padded with blanks to width display
 * columns (a "±" is one column, two bytes of UTF-8) for a table's
 * column; a longer text is appended whole. */
struct buf;
void ratings_put(struct buf *b, const struct rating_shown *s, size_t width);

/* Whether p is listed by default at time now: established (not
 * provisional) and a rated game in the last RATING_ACTIVE_DAYS days.
 * Returns 1 when listed, else why not: RATING_LEFT_PROVISIONAL or
 * RATING_LEFT_INACTIVE (provisional first when both).  p may be NULL
 * (never rated: provisional). */
enum { RATING_LISTED = 1, RATING_LEFT_PROVISIONAL = -1,
       RATING_LEFT_INACTIVE = -2 };
int ratings_listed(const struct ratings *r, const struct rating_player *p,
                   time_t now);

/* The rating changes of a game that just ended, for the board mail
 * (malloc'ed): "alice 1600 -> 1616 ± 95 (+16), bob 1600 -> 1584? (-16)",
 * each rating after the game shown as ratings_shown_after does, and
 * under Elo with "?" while a player has fewer than RATING_PROVISIONAL
 * games in rg's class (r holds the game: as standings shows it). */
char *ratings_change_shown(const struct ratings *r,
                           const struct rating_game *rg);

/* A few lines on r's rating system for the standings mail and the web
 * site (malloc'ed, in the language in use, lines of at most 72
 * columns): how ratings start and move, with the system's paper, what
 * "±" and "?" mean, and that inactivity widens the deviation. */
char *ratings_about(const struct ratings *r);

#endif
