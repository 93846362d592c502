/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * internal.h - what the Swiss pairing's files share (not for callers:
 * tourney.h is the public API).
 */
#ifndef EPAM_TOURNEY_INTERNAL_H
#define EPAM_TOURNEY_INTERNAL_H

#include "tourney/tourney.h"

/* Most players one Swiss round pairs (the legal-pair matrix is n*n bytes). */
#define TNY_SWISS_MAX 5000

/* A player of the round, in ranking order (C.04.3 A.2: score, then
 * pairing number). */
struct sw_player {
	const struct tny_swiss_player *in;
	int pref;          /* 'W', 'B' or 0 (tny_swiss_colour_pref) */
	int strength;      /* 0..3 */
	int bye_ok;        /* may get the bye */
	int down1, up1;    /* floated down / up in the last round */
	int down2, up2;    /* ... two rounds ago */
};

/* Whether a crosstable (tny_tiebreak's layout) holds together: results
 * 0..2, a played game's two cells agree.  0 or TNY_EINVAL. */
int tny_cells_check(int n, int rounds, const struct tny_cell *cells);

/*
 * A maximum matching of the graph on n vertices whose edges are the
 * nonzero entries of adj[i * n + j] (symmetric, zero diagonal), by
 * Edmonds' blossom algorithm.  mate[] (room for n) gets each vertex's
 * partner or -1.  Vertices are tried in index order, so the matching is
 * deterministic.  Returns the number of pairs, or TNY_ENOMEM.
 */
int tny_max_matching(int n, const unsigned char *adj, int *mate);

/*
 * Colours for a pair of players a (ranked higher) and b by the colour
 * allocation rules (C.04.3 E.1-E.5), keeping the absolute colour
 * criteria when either way round would.  initial: the initial colour 'W'
 * or 'B'.  Returns 1 when a has White, 0 when b has.
 */
int tny_swiss_allocate(const struct sw_player *a, const struct sw_player *b,
                       int initial);

#endif
