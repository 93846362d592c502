/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_rating_show.c - a rating as a person reads it (issue 34 item 3,
 * game/ratings_show.h): "1734 ± 95", "1580?" while provisional, "1616"
 * under Elo; the deviation shown widens with inactivity; who the
 * standings list by default and why the others are left out.  Run in
 * the C locale: the English forms (test_rating_display.py reads the
 * German catalogue).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/ratesys.h"
#include "game/ratings.h"
#include "game/ratings_show.h"
#include "util/buf.h"
#include "tap.h"

#define T0 ((time_t)1798761600)   /* 2027-01-01 */
#define DAY 86400

/* n games of p0 against p1..p5 in turn, one a day from T0, p0 winning
 * two of three. */
static size_t many(struct rating_game *g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		memset(&g[i], 0, sizeof g[i]);
		snprintf(g[i].white, sizeof g[i].white, "p0");
		snprintf(g[i].black, sizeof g[i].black, "p%zu", 1 + i % 5);
		g[i].score2 = i % 3 ? 2 : 0;
		g[i].finished = T0 + (time_t)i * DAY;
		g[i].cls = RATING_EPAMINONDAS;
	}
	return n;
}

static void forms(void)
{
	struct rating_shown s;
	char buf[RATING_SHOW_MAX];

	s.rating = 1734, s.rd = 95, s.provisional = 0;
	is_str(ratings_show(&s, buf, sizeof buf), "1734 ± 95",
	       "an established rating with its deviation");
	s.rating = 1580, s.rd = 180, s.provisional = 1;
	is_str(ratings_show(&s, buf, sizeof buf), "1580?",
	       "a provisional rating: '?', no deviation");
	s.rating = 1616, s.rd = 0, s.provisional = 0;
	is_str(ratings_show(&s, buf, sizeof buf), "1616",
	       "Elo, established: the number alone");
	s.rating = 1600, s.rd = 0, s.provisional = 1;
	is_str(ratings_show(&s, buf, sizeof buf), "1600?",
	       "Elo, provisional: '?'");
}

static void column(void)
{
	struct rating_shown s = { 1734, 95, 0 };
	struct buf b = BUF_INIT;

	ratings_put(&b, &s, 10);
	is_str(buf_str(&b), "1734 ± 95 ", "a column of 10: one blank after "
	       "\"1734 ± 95\" (the ± is one column, two bytes)");
	buf_reset(&b);
	s.provisional = 1;
	ratings_put(&b, &s, 10);
	is_str(buf_str(&b), "1734?     ", "\"1734?\" padded to 10 columns");
	buf_free(&b);
}

static void glicko2(void)
{
	struct rating_game g[60];
	struct ratesys_params p;
	struct ratings r;
	struct rating_shown s, later;
	const struct rating_player *p0, *p1;
	time_t last;
	char want[RATING_SHOW_MAX], buf[RATING_SHOW_MAX], *text;

	memset(&r, 0, sizeof r);
	ratesys_defaults(RATESYS_GLICKO2, &p);
	ratings_replay(&r, RATESYS_GLICKO2, &p, g, many(g, 60));
	last = g[59].finished;
	p0 = ratings_find(&r, "p0", RATING_EPAMINONDAS);
	p1 = ratings_find(&r, "p1", RATING_EPAMINONDAS);

	ratings_shown_player(&r, p0, last, &s);
	ok(!s.provisional && s.rd > 0 && s.rd < RATING_PROVISIONAL_RD &&
	   s.rating == p0->rating, "60 games: established, deviation %d", s.rd);
	snprintf(want, sizeof want, "%d ± %d", s.rating, s.rd);
	is_str(ratings_show(&s, buf, sizeof buf), want,
	       "shown as rating ± deviation");

	ratings_shown_player(&r, p0, last + 400 * DAY, &later);
	ok(later.rd > s.rd && later.rating == s.rating,
	   "a year without games widens the deviation shown (%d -> %d), "
	   "the rating stays", s.rd, later.rd);

	ratings_shown(&r, "p1", RATING_EPAMINONDAS, last, &s);
	ok(s.provisional == (ratings_rd_at(&r, p1, last) >=
	   RATING_PROVISIONAL_RD), "p1 (12 games) provisional by its deviation "
	   "(%d)", s.rd);

	ratings_shown(&r, "nobody", RATING_EPAMINONDAS, last, &s);
	ok(s.provisional && s.rating == RATING_START &&
	   s.rd == (int)(p.rd_start + .5), "a player without a rated game: "
	   "%d?, deviation %d", s.rating, s.rd);

	is_int(ratings_listed(&r, p0, last), RATING_LISTED,
	       "an established player with a recent game is listed");
	is_int(ratings_listed(&r, NULL, last), RATING_LEFT_PROVISIONAL,
	       "a player without a rated game is left out as provisional");
	ok(ratings_listed(&r, p0, last + (RATING_ACTIVE_DAYS + 1) * DAY) < 0,
	   "after RATING_ACTIVE_DAYS without a game p0 is left out");

	/* The game-end line: each rating after the game as sure as it was. */
	text = ratings_change_shown(&r, &g[0]);
	ok(strstr(text, "p0 1600 -> ") && strstr(text, "?") &&
	   !strstr(text, "±"), "the first game's change: both provisional "
	   "(%s)", text);
	free(text);
	text = ratings_change_shown(&r, &g[59]);
	ok(strstr(text, "±") != NULL, "the 60th game's change: p0 with his "
	   "deviation (%s)", text);
	free(text);

	text = ratings_about(&r);
	ok(strstr(text, "Glicko-2") && strstr(text, "Glickman") &&
	   strstr(text, "2012") && strstr(text, "?"),
	   "the system's lines name Glicko-2 and its paper");
	free(text);
	ratings_free(&r);
}

static void elo(void)
{
	struct rating_game g[30];
	struct ratesys_params p;
	struct ratings r;
	struct rating_shown s;
	const struct rating_player *p0;
	time_t last;
	char want[RATING_SHOW_MAX], buf[RATING_SHOW_MAX], *text;

	memset(&r, 0, sizeof r);
	ratesys_defaults(RATESYS_ELO, &p);
	ratings_replay(&r, RATESYS_ELO, &p, g, many(g, 30));
	last = g[29].finished;
	p0 = ratings_find(&r, "p0", RATING_EPAMINONDAS);

	ratings_shown_player(&r, p0, last + 1000 * DAY, &s);
	snprintf(want, sizeof want, "%d", p0->rating);
	is_str(ratings_show(&s, buf, sizeof buf), want, "Elo: 30 games, the "
	       "number alone, however long ago");
	ratings_shown(&r, "p1", RATING_EPAMINONDAS, last, &s);
	ok(s.provisional && s.rd == 0, "Elo: p1 (6 games) provisional");
	is_int(ratings_listed(&r, p0, last + 10 * DAY), RATING_LISTED,
	       "Elo: established and active: listed");
	is_int(ratings_listed(&r, p0, last + (RATING_ACTIVE_DAYS + 1) * DAY),
	       RATING_LEFT_INACTIVE, "Elo: established, no game for %d days: "
	       "left out as inactive", RATING_ACTIVE_DAYS + 1);
	text = ratings_change_shown(&r, &g[29]);
	{
		/* At a game's end r holds it: "?" for a player with fewer
		 * than RATING_PROVISIONAL games, as standings shows him. */
		const struct rating_player *pw = ratings_find(&r, g[29].white,
		                                              g[29].cls);
		const struct rating_player *pb = ratings_find(&r, g[29].black,
		                                              g[29].cls);
		int marks = 0, want = (!pw || pw->games < RATING_PROVISIONAL) +
		                      (!pb || pb->games < RATING_PROVISIONAL);
		const char *q;

		for (q = text; (q = strchr(q, '?')) != NULL; q++)
			marks++;
		ok(!strstr(text, "±") && marks == want && want == 1,
		   "Elo: a game's end shows no deviation, and ? for the "
		   "player with fewer than %d games (%s)", RATING_PROVISIONAL,
		   text);
	}
	free(text);
	text = ratings_about(&r);
	ok(strstr(text, "Elo") && strstr(text, "K = 32"),
	   "the system's lines name Elo and K");
	free(text);
	ratings_free(&r);
}

int main(void)
{
	forms();
	column();
	glicko2();
	elo();
	return tap_done();
}
