/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_players.c - the measurement players (src/engine/players.c): only
 * legal moves over random positions of every variant, the reference and
 * greedy players take an unanswerable crossing, the reference player
 * sees it coming, the same random state gives the same move, and a game
 * that has ended gives none.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/players.h"
#include "rules_fixture.h"
#include "tap.h"

static int legal(const struct ep_position *p, const struct ep_options *o,
                 const struct ep_move *m)
{
	static struct ep_move moves[EP_MAX_MOVES];
	size_t n = ep_generate(p, o, moves, EP_MAX_MOVES), i;

	for (i = 0; i < n && i < EP_MAX_MOVES; i++)
		if (moves[i].tail == m->tail && moves[i].dest == m->dest)
			return 1;
	return 0;
}

/* Random games in each variant: every player's move is legal. */
static void test_legal_everywhere(void)
{
	static const char *variants[][3] = {
		{ "epaminondas", "-size=8x8", NULL },
		{ "epaminondas", NULL, NULL },
		{ "crossings", "-size=8x8", NULL },
		{ "epaminondas", "-size=8x8", "-rules=igfip" },
		{ "epaminondas", "-size=6x6", "-symmetry=off" },
		{ "epaminondas", "-size=8x8", "-crossed=stay" },
	};
	struct ep_options o;
	struct ep_position p;
	struct ply_result r;
	uint64_t rng;
	size_t v;
	int ply, bad = 0, moves = 0, who;

	ply_rng_seed(&rng, 42);
	for (v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		fixture_options(&o, variants[v][0], variants[v][1], variants[v][2]);
		ep_position_start(&p, &o);
		for (ply = 0; ply < 60; ply++) {
			who = ply % 3;
			if (who == 0 && ply_reference(&p, &o, NULL, 2, 0, &rng, &r) != 0)
				break;
			if (who == 1 && ply_greedy(&p, &o, NULL, &rng, &r) != 0)
				break;
			if (who == 2 && ply_random(&p, &o, &rng, &r) != 0)
				break;
			moves++;
			bad += !r.have_move || !legal(&p, &o, &r.best);
			ep_make(&p, &o, &r.best);
		}
	}
	ok(moves > 60 && bad == 0, "the reference, greedy and random players "
	   "play only legal moves in six variants (%d moves, %d illegal)",
	   moves, bad);
}

/* White crosses on a8; Black on h4 cannot answer (RULES.md section 3). */
static void test_takes_the_crossing(void)
{
	struct ep_options o;
	struct ep_position p;
	struct ply_result r;
	char err[EP_ERR_MAX], text[EP_MOVE_TEXT_MAX];
	uint64_t rng;
	int rc;

	fixture_options(&o, "epaminondas", "-size=8x8", NULL);
	ep_position_parse(&p, "8x8 8/W7/8/8/7B/8/8/8 w", err, sizeof err);
	ply_rng_seed(&rng, 1);
	rc = ply_reference(&p, &o, NULL, 3, 0, &rng, &r);
	ok(rc == 0, "reference moves");
	ep_move_format(&r.best, text);
	ok(strcmp(text, "a7-a8") == 0 && ENG_IS_WIN(r.score) && r.score > 0,
	   "the reference player crosses and sees the win (%s, %d)", text,
	   r.score);
	rc = ply_greedy(&p, &o, NULL, &rng, &r);
	ok(rc == 0, "greedy moves");
	ep_move_format(&r.best, text);
	ok(ep_square_rank(r.best.dest) == 7 && r.score >= 150,
	   "greedy crosses too (%s, on a8 or b8)", text);
	ep_position_parse(&p, "8x8 8/W7/8/8/7B/8/8/8 b", err, sizeof err);
	rc = ply_reference(&p, &o, NULL, 4, 0, &rng, &r);
	ok(rc == 0 && ENG_IS_WIN(r.score) && r.score < 0,
	   "the reference player on the other side sees the loss (%d)", r.score);
	rc = ply_reference(&p, &o, NULL, 4, 50, &rng, &r);
	ok(rc == 0 && r.have_move && r.nodes <= 60 && r.depth >= 1 &&
	   r.depth < 4, "a node bound stops it early with a move (%llu nodes, "
	   "depth %d)", (unsigned long long)r.nodes, r.depth);
}

static void test_same_state_same_move(void)
{
	struct ep_options o;
	struct ep_position p;
	struct ply_result a, b;
	uint64_t r1, r2;
	int same = 1, i;

	fixture_options(&o, "epaminondas", NULL, NULL);
	ep_position_start(&p, &o);
	for (i = 0; i < 10; i++) {
		ply_rng_seed(&r1, (uint64_t)i);
		ply_rng_seed(&r2, (uint64_t)i);
		ply_random(&p, &o, &r1, &a);
		ply_random(&p, &o, &r2, &b);
		same &= a.best.tail == b.best.tail && a.best.dest == b.best.dest;
		ply_reference(&p, &o, NULL, 1, 0, &r1, &a);
		ply_reference(&p, &o, NULL, 1, 0, &r2, &b);
		same &= a.best.tail == b.best.tail && a.best.dest == b.best.dest;
	}
	ok(same, "the same random state gives the same move");
}

static void test_ended_game(void)
{
	struct ep_options o;
	struct ep_position p;
	struct ply_result r;
	char err[EP_ERR_MAX];
	uint64_t rng = 0;
	int rc;

	fixture_options(&o, "epaminondas", "-size=8x8", NULL);
	ep_position_parse(&p, "8x8 8/8/8/8/8/8/WW6/BW6 b", err, sizeof err);
	rc = ply_reference(&p, &o, NULL, 2, 0, &rng, &r);
	ok(rc == -1 && !r.have_move, "no reference move in an ended game");
	rc = ply_greedy(&p, &o, NULL, &rng, &r);
	ok(rc == -1 && !r.have_move, "no greedy move in an ended game");
	rc = ply_random(&p, &o, &rng, &r);
	ok(rc == -1 && !r.have_move, "no random move in an ended game");
}

int main(void)
{
	test_legal_everywhere();
	test_takes_the_crossing();
	test_same_state_same_move();
	test_ended_game();
	return tap_done();
}
