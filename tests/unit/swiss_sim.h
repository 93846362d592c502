/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * swiss_sim.h - a simulated Swiss tournament over src/tourney, shared by
 * tests/unit/test_swiss.c and bench/swiss_bench.c: players with pairing
 * numbers 1..n (id = pairing number), random results from a seeded
 * state, now and then a forfeit, and the checks of every absolute
 * criterion after each round.
 */
#ifndef EPAM_SWISS_SIM_H
#define EPAM_SWISS_SIM_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/tourney.h"

#define SIM_MAX_ROUNDS 16

struct sim_player {
	int score;
	char colours[SIM_MAX_ROUNDS + 1];
	int opponents[SIM_MAX_ROUNDS];
	int nopp;
	int had_bye, forfeit_win;
	int float_last, float_before;    /* TNY_FLOAT_*, counted here */
};

struct sim {
	int n, rounds;
	struct sim_player *pl;           /* index = id - 1 */
	struct tny_swiss_player *view;   /* the pairing's input */
	uint64_t rng;
	int fallbacks;
};

static __attribute__((unused)) int sim_colour_ok(const char *h, char c);
static uint64_t sim_next(struct sim *s)
{
	uint64_t x = (s->rng += 0x9e3779b97f4a7c15ULL);

	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static int sim_init(struct sim *s, int n, uint64_t seed)
{
	memset(s, 0, sizeof *s);
	s->n = n;
	s->rng = seed;
	s->pl = calloc((size_t)n, sizeof *s->pl);
	s->view = calloc((size_t)n, sizeof *s->view);
	return s->pl && s->view ? 0 : -1;
}

static void sim_free(struct sim *s)
{
	free(s->pl);
	free(s->view);
}

/* The pairing's view of the players. */
static const struct tny_swiss_player *sim_view(struct sim *s)
{
	int i;

	for (i = 0; i < s->n; i++) {
		struct tny_swiss_player *v = &s->view[i];

		v->id = i + 1;
		v->pairing_no = i + 1;
		v->score = s->pl[i].score;
		v->colours = s->pl[i].colours;
		v->opponents = s->pl[i].opponents;
		v->nopponents = s->pl[i].nopp;
		v->had_bye = s->pl[i].had_bye;
		v->forfeit_win = s->pl[i].forfeit_win;
		v->float_last = s->pl[i].float_last;
		v->float_before = s->pl[i].float_before;
	}
	return s->view;
}

/* The absolute colour criteria, counted here on their own (not by the
 * library): with colour c added to history h, whites minus blacks within
 * +-2 and no colour three games running (rounds without a game, '-',
 * skipped).  1 when kept. */
static int sim_colour_ok(const char *h, char c)
{
	char played[SIM_MAX_ROUNDS + 2];
	int n = 0, diff = 0, i;

	for (i = 0; h[i]; i++)
		if (h[i] == 'W' || h[i] == 'B')
			played[n++] = h[i];
	played[n++] = c;
	for (i = 0; i < n; i++)
		diff += played[i] == 'W' ? 1 : -1;
	if (diff > 2 || diff < -2)
		return 0;
	return !(n >= 3 && played[n - 1] == played[n - 2] &&
	         played[n - 2] == played[n - 3]);
}

/* Checks round r's pairing against every absolute criterion before
 * playing it: everybody once, no repeated game, colours within the
 * limits, the bye only to a player without a bye or forfeit win.  Writes
 * what broke to why.  Returns 0 or -1. */
static __attribute__((unused)) int
sim_check(struct sim *s, const struct tny_swiss_round *r,
                     char *why, size_t len)
{
	int *seen = calloc((size_t)s->n + 1, sizeof(int)), i, k, rc = -1;

	if (!seen)
		return -1;
	for (k = 0; k < r->npairs; k++) {
		int w = r->pairs[k].white, b = r->pairs[k].black;
		struct sim_player *pw, *pb;

		if (w < 1 || w > s->n || b < 1 || b > s->n || w == b) {
			snprintf(why, len, "game %d: ids %d %d", k, w, b);
			goto out;
		}
		pw = &s->pl[w - 1];
		pb = &s->pl[b - 1];
		seen[w]++;
		seen[b]++;
		for (i = 0; i < pw->nopp; i++)
			if (pw->opponents[i] == b) {
				snprintf(why, len, "%d and %d meet again", w, b);
				goto out;
			}
		if (!sim_colour_ok(pw->colours, 'W') ||
		    !sim_colour_ok(pb->colours, 'B')) {
			snprintf(why, len, "%d (%s) White v %d (%s): colours",
			         w, pw->colours, b, pb->colours);
			goto out;
		}
	}
	if (r->has_bye) {
		if (r->bye_id < 1 || r->bye_id > s->n) {
			snprintf(why, len, "bye to id %d", r->bye_id);
			goto out;
		}
		if (s->pl[r->bye_id - 1].had_bye ||
		    s->pl[r->bye_id - 1].forfeit_win) {
			snprintf(why, len, "bye to %d, who had a bye or a "
			         "forfeit win", r->bye_id);
			goto out;
		}
		seen[r->bye_id]++;
	}
	if (r->has_bye != (s->n & 1)) {
		snprintf(why, len, "%d players but has_bye %d", s->n,
		         r->has_bye);
		goto out;
	}
	for (i = 1; i <= s->n; i++)
		if (seen[i] != 1) {
			snprintf(why, len, "player %d appears %d times", i,
			         seen[i]);
			goto out;
		}
	rc = 0;
out:
	free(seen);
	return rc;
}

/* Plays the round with random results (White wins 40%, draws 20%, Black
 * wins 40%, one game in 30 a forfeit: no colour, the winner a forfeit
 * win). */
static void sim_play(struct sim *s, const struct tny_swiss_round *r)
{
	int k, at = s->rounds;

	/* The floats of this round, from the scores before it (a bye or
	 * a forfeit: a downfloat, as no game). */
	for (k = 0; k < s->n; k++) {
		s->pl[k].float_before = s->pl[k].float_last;
		s->pl[k].float_last = TNY_FLOAT_DOWN;
	}
	for (k = 0; k < r->npairs; k++) {
		struct sim_player *w = &s->pl[r->pairs[k].white - 1];
		struct sim_player *b = &s->pl[r->pairs[k].black - 1];

		w->float_last = w->score > b->score ? TNY_FLOAT_DOWN :
		                w->score < b->score ? TNY_FLOAT_UP : 0;
		b->float_last = b->score > w->score ? TNY_FLOAT_DOWN :
		                b->score < w->score ? TNY_FLOAT_UP : 0;
	}
	for (k = 0; k < r->npairs; k++) {
		struct sim_player *w = &s->pl[r->pairs[k].white - 1];
		struct sim_player *b = &s->pl[r->pairs[k].black - 1];
		uint64_t x = sim_next(s) % 30, y = sim_next(s) % 5;

		w->opponents[w->nopp++] = r->pairs[k].black;
		b->opponents[b->nopp++] = r->pairs[k].white;
		if (x == 0) {
			struct sim_player *win = y < 3 ? w : b;

			w->colours[at] = b->colours[at] = '-';
			w->float_last = b->float_last = TNY_FLOAT_DOWN;
			win->score += 2;
			win->forfeit_win = 1;
			continue;
		}
		w->colours[at] = 'W';
		b->colours[at] = 'B';
		if (y < 2)
			w->score += 2;
		else if (y == 2) {
			w->score += 1;
			b->score += 1;
		} else
			b->score += 2;
	}
	if (r->has_bye) {
		struct sim_player *p = &s->pl[r->bye_id - 1];

		p->colours[at] = '-';
		p->score += 2;
		p->had_bye = 1;
	}
	s->rounds++;
	for (k = 0; k < s->n; k++)
		s->pl[k].colours[s->rounds] = 0;
	if (r->fallback)
		s->fallbacks++;
}

#endif
