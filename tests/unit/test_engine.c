/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_engine.c - the playing engine (src/engine): legal moves only,
 * wins found, the same seed giving the same game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "rules_fixture.h"
#include "tap.h"

/* The engine's move from the opening is one of the legal moves. */
static void test_opening_move_is_legal(void)
{
	struct ep_options o;
	struct ep_position p;
	struct ep_move moves[EP_MAX_MOVES];
	struct eng_limits lim = { .depth = 2 };
	struct eng_result r;
	struct eng *e = eng_new(1 << 20);
	size_t n, i;
	int found = 0;
	char err[EP_ERR_MAX];

	ok(e != NULL, "eng_new gives an engine");
	ep_options_default(&o, "epaminondas", err, sizeof err);
	ep_position_start(&p, &o);
	ok(eng_search(e, &p, &o, NULL, &lim, &r) == 0 && r.have_move,
	   "a search of the opening gives a move");
	n = ep_generate(&p, &o, moves, EP_MAX_MOVES);
	for (i = 0; i < n; i++)
		found |= moves[i].tail == r.best.tail && moves[i].dest == r.best.dest;
	ok(found, "and the move is legal");
	ok(r.depth == 2, "at the depth asked for (%d)", r.depth);
	eng_free(e);
}

/* ---- legal moves and wins (a-analyse): test_legal_*, test_wins_* ----
 *
 * The engine never plays an illegal move: random legal play from the
 * start (seeded), and at every position a search at a small node bound
 * whose move and principal variation are checked against ep_generate,
 * in every variant and option of RULES.md.  Then hand-made positions
 * the engine must win (each checked with "epamserv moves" when it was
 * written: the comments give the moves and the status it printed), and
 * the same seed giving the same game. */

/* xorshift64*: the tests' own seeded generator (never rand()). */
static uint64_t legal_rng(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

static int same_move(const struct ep_move *a, const struct ep_move *b)
{
	return a->tail == b->tail && a->dest == b->dest && a->dir == b->dir &&
	       a->n == b->n && a->k == b->k && a->captured == b->captured;
}

/* Whether m is one of the legal moves of p under o. */
static int legal_in(const struct ep_position *p, const struct ep_options *o,
                    const struct ep_move *m)
{
	static struct ep_move moves[EP_MAX_MOVES];
	size_t n = ep_generate(p, o, moves, EP_MAX_MOVES), i;

	for (i = 0; i < n && i < EP_MAX_MOVES; i++)
		if (same_move(&moves[i], m))
			return 1;
	return 0;
}

/* Options of game with the option words of spec ("-size=8x8 -frozen"):
 * 0, or -1 (said on a TAP comment line) when a word or the whole is
 * refused. */
static int legal_options(struct ep_options *o, const char *game,
                         const char *spec)
{
	char err[EP_ERR_MAX], words[256], *w, *save = NULL;

	if (ep_options_default(o, game, err, sizeof err) < 0) {
		printf("# %s: %s\n", game, err);
		return -1;
	}
	snprintf(words, sizeof words, "%s", spec);
	for (w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
		if (ep_options_apply(o, w, err, sizeof err) < 0) {
			printf("# %s: %s\n", w, err);
			return -1;
		}
	if (ep_options_check(o, err, sizeof err) < 0) {
		printf("# %s %s: %s\n", game, spec, err);
		return -1;
	}
	return 0;
}

#define LEGAL_PLIES 160      /* a random game is cut after this many plies */

/* What went wrong with the search of p (NULL: nothing): the result r of
 * eng_search (rc) against the rules. */
static const char *legal_check(const struct ep_position *p,
                               const struct ep_options *o, int rc,
                               const struct eng_result *r)
{
	struct ep_status st;
	struct ep_position q;
	int i;

	ep_status(p, o, &st);
	if (st.result != EP_ONGOING)
		return rc == -1 && !r->have_move ? NULL
		       : "a move from a position whose game has ended";
	if (ep_generate(p, o, NULL, 0) == 0)
		return rc == -1 && !r->have_move ? NULL : "a move with none legal";
	if (rc != 0 || !r->have_move)
		return "no move where there are legal moves";
	if (!legal_in(p, o, &r->best))
		return "an illegal best move";
	if (r->npv < 1 || r->npv > ENG_PV_MAX || !same_move(&r->pv[0], &r->best))
		return "the line does not start with the best move";
	q = *p;
	for (i = 0; i < r->npv; i++) {
		ep_status(&q, o, &st);
		if (st.result != EP_ONGOING)
			return "the line goes on after the game has ended";
		if (!legal_in(&q, o, &r->pv[i]))
			return "an illegal move in the line";
		ep_make(&q, o, &r->pv[i]);
	}
	return NULL;
}

/* The check itself catches what it is for: a move of another position,
 * a line with an illegal second move, a move from a finished game. */
static void test_legal_check_catches(void)
{
	struct ep_options o;
	struct ep_position p, q;
	struct ep_move moves[EP_MAX_MOVES];
	struct eng_result r;
	char err[EP_ERR_MAX];

	legal_options(&o, "epaminondas", "-size=8x8");
	ep_position_start(&p, &o);
	memset(&r, 0, sizeof r);
	ep_generate(&p, &o, moves, EP_MAX_MOVES);
	r.have_move = 1;
	r.best = r.pv[0] = r.pv[1] = moves[0];   /* White's move twice */
	r.npv = 1;
	ok(legal_check(&p, &o, 0, &r) == NULL, "check: a legal move passes");
	r.npv = 2;
	ok(legal_check(&p, &o, 0, &r) != NULL, "check: White's move again "
	   "as Black's is caught");
	q = p;
	q.to_move = EP_BLACK;
	r.npv = 1;
	ok(legal_check(&q, &o, 0, &r) != NULL, "check: a move of the other "
	   "side is caught");
	ep_position_parse(&q, "8x8 8/8/8/8/8/8/WW6/BW6 b", err, sizeof err);
	ok(legal_check(&q, &o, 0, &r) != NULL, "check: a move from a finished "
	   "game is caught");
}

/* positions random positions of game with options spec, each searched
 * at nodes nodes with the game so far as history: every move legal. */
static void test_legal_variant(struct eng *e, const char *game,
                               const char *spec, int positions, uint64_t seed)
{
	static struct ep_move moves[EP_MAX_MOVES];
	static struct ep_position seen[LEGAL_PLIES + 1];
	struct ep_options o;
	struct eng_limits lim;
	struct eng_result r;
	struct eng_history h;
	const char *bad = NULL;
	char pos[EP_POSITION_MAX];
	int done = 0, ply = 0, searched = 0, rc;
	size_t n;

	if (legal_options(&o, game, spec) < 0) {
		ok(0, "%s %s: options the rules take", game, spec);
		return;
	}
	ep_position_start(&seen[0], &o);
	memset(&lim, 0, sizeof lim);
	while (done < positions && !bad) {
		struct ep_status st;
		h.seen = seen;
		h.nseen = (size_t)ply + 1;
		h.plies = ply;
		lim.nodes = 60 + legal_rng(&seed) % 400;
		lim.seed = legal_rng(&seed);
		rc = eng_search(e, &seen[ply], &o, &h, &lim, &r);
		bad = legal_check(&seen[ply], &o, rc, &r);
		if (bad)
			break;
		done++;
		searched += rc == 0;
		ep_status(&seen[ply], &o, &st);
		n = st.result == EP_ONGOING
		    ? ep_generate(&seen[ply], &o, moves, EP_MAX_MOVES) : 0;
		if (n == 0 || ply == LEGAL_PLIES) {
			ply = 0;   /* a new game */
			continue;
		}
		if (n > EP_MAX_MOVES)
			n = EP_MAX_MOVES;
		/* Mostly random moves, sometimes the engine's own (so the
		 * games reach the positions the engine steers to). */
		seen[ply + 1] = seen[ply];
		ep_make(&seen[ply + 1], &o,
		        legal_rng(&seed) % 4 ? &moves[legal_rng(&seed) % n]
		                              : &r.best);
		ply++;
	}
	if (bad) {
		ep_position_format(&seen[ply], pos);
		printf("# %s at %s (nodes %llu, seed %llu)\n", bad, pos,
		       (unsigned long long)lim.nodes, (unsigned long long)lim.seed);
	}
	ok(!bad && done == positions && searched > positions / 2,
	   "%s %s: the engine's move and line are legal in %d random "
	   "positions (%d searched)", game, spec, done, searched);
}

/* Every variant and option of RULES.md section 6, and small odd boards. */
static void test_legal_every_variant(void)
{
	static const struct { const char *game, *spec; int positions; } v[] = {
		{ "epaminondas", "", 1500 },
		{ "epaminondas", "-size=8x8", 1500 },
		{ "crossings", "", 1500 },
		{ "crossings", "-crossed=move", 1000 },
		{ "crossings", "-size=10x10 -crossed=stay", 1000 },
		{ "epaminondas", "-crossed=stay", 1000 },
		{ "epaminondas", "-size=8x8 -crossed=safe", 1000 },
		{ "epaminondas", "-size=8x8 -frozen", 1000 },
		{ "epaminondas", "-rules=igfip", 1000 },
		{ "epaminondas", "-size=8x8 -rules=igfip", 1000 },
		{ "epaminondas", "-size=8x8 -symmetry=off", 1000 },
		{ "epaminondas", "-size=8x8 -symmetry=rotate", 1000 },
		{ "epaminondas", "-size=8x8 -symmetry=both", 1000 },
		{ "epaminondas", "-size=8x8 -repetition=draw", 1000 },
		{ "epaminondas", "-size=8x8 -repetition=off", 1000 },
		{ "epaminondas", "-block=c5,f7,k6,l8", 1000 },
		{ "epaminondas", "-size=8x8 -block=d4,e5 -rules=igfip", 1000 },
		{ "crossings", "-block=c4,f5", 1000 },
		{ "epaminondas", "-size=5x5", 1000 },
		{ "epaminondas", "-size=4x5", 1000 },
		{ "epaminondas", "-size=7x9 -crossed=stay -symmetry=rotate", 1000 },
		{ "epaminondas", "-size=9x7 -symmetry=both", 1000 },
		{ "crossings", "-size=5x7", 1000 },
		{ "crossings", "-size=7x5 -rules=igfip", 1000 },
	};
	struct eng *e = eng_new(1 << 20);
	size_t i;

	ok(e != NULL, "an engine for the random positions");
	if (!e)
		return;
	for (i = 0; i < sizeof v / sizeof v[0]; i++)
		test_legal_variant(e, v[i].game, v[i].spec, v[i].positions,
		                   0x9e3779b97f4a7c15ull + i);
	eng_free(e);
}

/* A search of text (position notation) under game and spec, to depth
 * depth at most (the node bound large enough for small boards). */
static int wins_search(const char *text, const char *game, const char *spec,
                       int depth, struct eng_result *r)
{
	struct ep_options o;
	struct ep_position p;
	struct eng_limits lim;
	struct eng *e = eng_new(1 << 20);
	char err[EP_ERR_MAX];
	int rc;

	if (!e || legal_options(&o, game, spec) < 0 ||
	    ep_position_parse(&p, text, err, sizeof err) < 0) {
		printf("# %s: %s\n", text, e ? err : "no engine");
		eng_free(e);
		memset(r, 0, sizeof *r);
		return -2;
	}
	memset(&lim, 0, sizeof lim);
	lim.depth = depth;
	lim.nodes = 5000000;
	rc = eng_search(e, &p, &o, NULL, &lim, r);
	eng_free(e);
	return rc;
}

static void move_text(const struct eng_result *r, char *buf)
{
	if (r->have_move)
		ep_move_format(&r->best, buf);
	else
		snprintf(buf, EP_MOVE_TEXT_MAX, "none");
}

/* An unanswerable crossing: White crosses from d7 (to c8, d8 or e8) and
 * Black can neither capture the intruder nor cross: the black pair
 * h6-h5 reaches h3 at most (moves: h5-g4 ... h6-h3 h6-h4 h6-h7).  A win
 * at the start of White's next turn: 2 plies. */
static void test_wins_unanswerable_crossing(void)
{
	const char *pos = "8x8 8/3W4/7B/7B/8/8/8/W7 w";
	struct eng_result r;
	char m[EP_MOVE_TEXT_MAX];
	int crossing = 0;

	ok(wins_search(pos, "epaminondas", "", 4, &r) == 0 && r.have_move,
	   "unanswerable crossing: a move");
	move_text(&r, m);
	if (r.have_move) {
		struct ep_position p;
		char err[EP_ERR_MAX];
		ep_position_parse(&p, pos, err, sizeof err);
		crossing = ep_move_is_crossing(&p, &r.best);
	}
	ok(crossing, "unanswerable crossing: the engine crosses (%s)", m);
	is_int(r.score, ENG_WIN - 2, "unanswerable crossing: a win in 2 plies");
}

/* A capture that stops the only answer: d7-d8 at once is answered by
 * Black's e2 crossing back (after d7-d8 Black has e2-d1 e2-e1 e2-f1);
 * c2xe2 takes that piece first, Black's h8 cannot stop the crossing
 * that follows (after c2xe2: h8-g7 h8-g8 h8-h7), so White wins at the
 * start of its turn 4 plies on. */
static void test_wins_capture_stops_answer(void)
{
	const char *pos = "8x8 7B/3W4/8/8/8/8/2WWB3/8 w";
	struct eng_result r;
	char m[EP_MOVE_TEXT_MAX];

	ok(wins_search(pos, "epaminondas", "", 5, &r) == 0 && r.have_move,
	   "capture first: a move");
	move_text(&r, m);
	is_str(m, "c2xe2", "capture first: the engine takes the answering "
	       "piece instead of crossing at once");
	is_int(r.score, ENG_WIN - 4, "capture first: a win in 4 plies");
	ok(r.npv >= 1 && r.npv <= 4, "capture first: a line of at most the "
	   "4 plies to the win (%d moves)", r.npv);
}

/* A symmetry-rule trap: after d7-d8 Black's only crossing, d2-d1, would
 * make the board mirror-symmetric (White c1 e1 d8 against Black c8 e8
 * d1) and is illegal (Black's moves after d7-d8: c8-b7 ... d2-e3, no
 * d2-d1; with -symmetry=off d2-d1 is there), c1 and e1 are White's and
 * a single piece cannot capture: White wins in 2 plies, and does not
 * under -symmetry=off. */
static void test_wins_symmetry_trap(void)
{
	const char *pos = "8x8 2B1B3/3W4/8/8/8/8/3B4/2W1W3 w";
	struct eng_result r;
	char m[EP_MOVE_TEXT_MAX];
	int rc;

	ok(wins_search(pos, "epaminondas", "", 4, &r) == 0 && r.have_move,
	   "symmetry trap: a move");
	move_text(&r, m);
	is_str(m, "d7-d8", "symmetry trap: the engine crosses where the answer "
	       "is illegal");
	is_int(r.score, ENG_WIN - 2, "symmetry trap: a win in 2 plies");
	rc = wins_search(pos, "epaminondas", "-symmetry=off", 4, &r);
	ok(rc == 0 && r.score != ENG_WIN - 2, "symmetry trap: no such win "
	   "under -symmetry=off (score %d)", r.score);
}

/* A mate in 3 plies under -rules=igfip (a crossing must be answered by
 * a crossing): c2xe2 takes the only piece that could cross, White
 * crosses next, and Black, who must cross, cannot: "white wins (black
 * cannot answer white's crossing)" at the start of Black's turn, 3 plies
 * on.  d7-d8 at once is answered (e2-d1 e2-e1 e2-f1). */
static void test_wins_mate_in_three(void)
{
	const char *pos = "8x8 7B/3W4/8/8/8/8/2WWB3/8 w";
	struct eng_result r;
	char m[EP_MOVE_TEXT_MAX];

	ok(wins_search(pos, "epaminondas", "-rules=igfip", 5, &r) == 0 &&
	   r.have_move, "igfip mate in 3: a move");
	move_text(&r, m);
	is_str(m, "c2xe2", "igfip mate in 3: the capture first");
	is_int(r.score, ENG_WIN - 3, "igfip mate in 3: a win in 3 plies");
}

/* The loser's view: Black to move after White's unanswerable crossing
 * (the position after d7-d8 of the first win) is lost in 1 ply; a
 * position whose game is over gives no move. */
static void test_wins_lost_and_over(void)
{
	struct eng_result r;

	ok(wins_search("8x8 3W4/8/7B/7B/8/8/8/W7 b", "epaminondas", "", 3, &r)
	   == 0 && r.have_move, "a lost position still gives a move");
	is_int(r.score, -(ENG_WIN - 1), "and the score says it is lost in 1 "
	       "ply");
	ok(wins_search("8x8 8/8/8/8/8/8/WW6/BW6 b", "epaminondas", "", 3, &r)
	   == -1 && !r.have_move, "a game over at the start of the turn "
	   "(RULES.md section 3 example) gives no move");
	ok(ENG_IS_WIN(r.score) && r.score > 0, "and scores it a win for the "
	   "side to move (%d)", r.score);
}

/* One whole game of the engine against itself on 8x8 under node bounds,
 * the seed of each search derived from seed and the ply; the moves in
 * out (at most max), their number returned. */
static int wins_selfplay(struct eng *e, uint64_t seed, struct ep_move *out,
                         int max)
{
	static struct ep_position seen[400];
	struct ep_options o;
	struct eng_limits lim;
	struct eng_result r;
	struct eng_history h;
	int ply;

	if (legal_options(&o, "epaminondas", "-size=8x8") < 0)
		return 0;
	ep_position_start(&seen[0], &o);
	memset(&lim, 0, sizeof lim);
	for (ply = 0; ply < max && ply + 1 < 400; ply++) {
		h.seen = seen;
		h.nseen = (size_t)ply + 1;
		h.plies = ply;
		lim.nodes = 3000;
		lim.seed = seed * 1000003u + (uint64_t)ply;
		if (eng_search(e, &seen[ply], &o, &h, &lim, &r) < 0 || !r.have_move)
			break;
		out[ply] = r.best;
		seen[ply + 1] = seen[ply];
		ep_make(&seen[ply + 1], &o, &r.best);
	}
	return ply;
}

/* The same seeds give the same game: twice on one engine (cleared
 * between), and once more on a fresh engine. */
static void test_wins_same_seed_same_game(void)
{
	static struct ep_move a[300], b[300], c[300];
	struct eng *e = eng_new(1 << 20), *f = eng_new(1 << 20);
	int na, nb, nc, same;

	ok(e && f, "two engines for the replays");
	if (!e || !f) {
		eng_free(e);
		eng_free(f);
		return;
	}
	eng_clear(e);
	na = wins_selfplay(e, 42, a, 300);
	eng_clear(e);
	nb = wins_selfplay(e, 42, b, 300);
	nc = wins_selfplay(f, 42, c, 300);
	same = na == nb && na == nc;
	for (int i = 0; same && i < na; i++)
		same = same_move(&a[i], &b[i]) && same_move(&a[i], &c[i]);
	ok(na > 4, "a whole game was played (%d plies)", na);
	ok(same, "the same seeds give the same game: %d, %d and %d plies, "
	   "move for move", na, nb, nc);
	eng_free(e);
	eng_free(f);
}
/* ---- end of the a-analyse block ---- */

/* ---- the search (e-search): test_search_* ---- */

#include "engine/internal.h"   /* eng_key*, eng_may_cross, ep_turn */

static int search_parse(struct ep_position *p, const char *text)
{
	char err[EP_ERR_MAX];

	return ep_position_parse(p, text, err, sizeof err);
}

/* Whether m is one of p's legal moves (the generator's list). */
static int search_legal(const struct ep_position *p,
                        const struct ep_options *o, const struct ep_move *m)
{
	static struct ep_move moves[EP_MAX_MOVES];
	size_t n = ep_generate(p, o, moves, EP_MAX_MOVES), i;

	for (i = 0; i < n; i++)
		if (moves[i].tail == m->tail && moves[i].dest == m->dest)
			return 1;
	return 0;
}

/* Every move of the principal variation legal in the position before it. */
static int search_pv_legal(const struct ep_position *start,
                           const struct ep_options *o,
                           const struct eng_result *r)
{
	struct ep_position p = *start;
	int i;

	if (r->npv < 1 || r->pv[0].tail != r->best.tail ||
	    r->pv[0].dest != r->best.dest)
		return 0;
	for (i = 0; i < r->npv; i++) {
		if (!search_legal(&p, o, &r->pv[i]))
			return 0;
		ep_make(&p, o, &r->pv[i]);
	}
	return 1;
}

static int search_same(const struct eng_result *a, const struct eng_result *b)
{
	int i;

	if (a->best.tail != b->best.tail || a->best.dest != b->best.dest ||
	    a->score != b->score || a->depth != b->depth ||
	    a->nodes != b->nodes || a->npv != b->npv)
		return 0;
	for (i = 0; i < a->npv; i++)
		if (a->pv[i].tail != b->pv[i].tail || a->pv[i].dest != b->pv[i].dest)
			return 0;
	return 1;
}

/* A node-bounded search is deterministic: the same result twice after
 * eng_clear, and in a fresh engine. */
static void test_search_nodes_deterministic(void)
{
	static const char *const positions[] = {
		NULL,   /* the 14 x 12 opening */
		"14x12 1B2BBBBBBBBBB/B4BBBBBBBBB/5B8/6B7/2B3W7/7W6/3W4WW4/"
		"3W5W4/3WW4W1W2/1B7W4/WW2WWWW2W2W/W1W5W1W1W1 w",
	};
	struct eng *e = eng_new(1 << 20), *f = eng_new(1 << 20);
	struct ep_options o;
	struct ep_position p;
	struct eng_limits lim = { .nodes = 30000, .seed = 7 };
	struct eng_result a, b, c;
	size_t i;

	fixture_options(&o, "epaminondas", NULL, NULL);
	for (i = 0; i < sizeof positions / sizeof positions[0]; i++) {
		if (positions[i])
			search_parse(&p, positions[i]);
		else
			ep_position_start(&p, &o);
		eng_clear(e);
		eng_search(e, &p, &o, NULL, &lim, &a);
		eng_clear(e);
		eng_search(e, &p, &o, NULL, &lim, &b);
		eng_clear(f);
		eng_search(f, &p, &o, NULL, &lim, &c);
		ok(a.have_move && search_legal(&p, &o, &a.best),
		   "position %zu: a legal move under a node bound", i);
		ok(search_same(&a, &b), "position %zu: the same move, score, "
		   "depth, nodes and line after eng_clear (score %d/%d, nodes "
		   "%llu/%llu)", i, a.score, b.score,
		   (unsigned long long)a.nodes, (unsigned long long)b.nodes);
		ok(search_same(&a, &c), "position %zu: and in another engine", i);
		ok(search_pv_legal(&p, &o, &a), "position %zu: the principal "
		   "variation is legal move by move (%d moves)", i, a.npv);
		ok(a.nodes >= 30000 && a.nodes < 30100,
		   "position %zu: the node bound holds (%llu)", i,
		   (unsigned long long)a.nodes);
	}
	eng_free(e);
	eng_free(f);
}

/* The smallest bound still gives a legal move (issue 29: the first
 * iteration is bounded too, so it is the first root move, unsearched). */
static void test_search_one_node_gives_a_move(void)
{
	struct eng *e = eng_new(0);
	struct ep_options o;
	struct ep_position p;
	struct eng_limits lim = { .nodes = 1 };
	struct eng_result r;
	int rc;

	fixture_options(&o, "crossings", NULL, NULL);
	ep_position_start(&p, &o);
	rc = eng_search(e, &p, &o, NULL, &lim, &r);
	ok(rc == 0 && r.have_move && r.depth == 0 && r.nodes == 1 &&
	   r.root_done == 0 && search_legal(&p, &o, &r.best) &&
	   search_pv_legal(&p, &o, &r),
	   "nodes=1: a legal move after one node, no iteration finished "
	   "(depth %d, %llu nodes)", r.depth, (unsigned long long)r.nodes);
	ok(eng_memory(e) > 1024 * sizeof(struct ep_move),
	   "eng_memory counts the table and the move stack (%zu bytes)",
	   eng_memory(e));
	eng_free(e);
}

/* The table on or off: a legal move and the same score at fixed depth
 * (a full-width search: pruning off). */
static void test_search_table_same_score(void)
{
	static const struct { const char *game, *opt1, *opt2, *pos; int depth; }
	cases[] = {
		{ "epaminondas", "-size=6x6", NULL, NULL, 5 },
		{ "epaminondas", "-size=8x8", NULL, NULL, 4 },
		{ "crossings", NULL, NULL, NULL, 4 },
		{ "epaminondas", "-size=8x8", "-rules=igfip", NULL, 4 },
		{ "epaminondas", "-size=8x8", NULL,
		  "8x8 1B4BB/B3B1WB/3BBB2/2B2B2/2BWW3/4W3/W3WW2/4W2W w", 4 },
		{ "crossings", NULL, NULL,
		  "8x8 5B2/BB5B/2BB4/2W1BB2/2B1BB1W/1BB3W1/BWW1W3/WW4W1 w", 4 },
	};
	struct eng *e = eng_new(1 << 20);
	size_t i;

	eng_set_pruning(e, 0);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct ep_options o;
		struct ep_position p;
		struct eng_limits lim = { .depth = cases[i].depth };
		struct eng_result on, off;

		fixture_options(&o, cases[i].game, cases[i].opt1, cases[i].opt2);
		if (cases[i].pos)
			search_parse(&p, cases[i].pos);
		else
			ep_position_start(&p, &o);
		eng_clear(e);
		eng_set_table(e, 1);
		eng_search(e, &p, &o, NULL, &lim, &on);
		eng_clear(e);
		eng_set_table(e, 0);
		eng_search(e, &p, &o, NULL, &lim, &off);
		eng_set_table(e, 1);
		ok(on.have_move && off.have_move && search_legal(&p, &o, &on.best)
		   && search_legal(&p, &o, &off.best),
		   "case %zu: legal moves with and without the table", i);
		is_int(on.score, off.score, "case %zu: the same score at depth %d "
		       "with the table (%llu nodes) as without (%llu)", i,
		       cases[i].depth, (unsigned long long)on.nodes,
		       (unsigned long long)off.nodes);
	}
	eng_free(e);
}

/* A 4 x 5 board where each side has one move (a1-b2 and back, d5-c4 and
 * back, between blocks): the position repeats every 4 plies. */
#define SEARCH_SHUTTLE "4x5 1##B/1#1#/####/#1#1/W##1 w"

/* Repetition inside the search (RULES.md section 5): the start comes
 * back a third time at ply 8, by Black's move. */
static void test_search_repetition_in_path(void)
{
	static const char *const modes[] = {
		"-repetition=loss", "-repetition=draw", "-repetition=off",
	};
	struct eng *e = eng_new(1 << 20);
	struct ep_position p;
	struct eng_limits lim = { .depth = 10 };
	struct eng_result r;
	int i;

	search_parse(&p, SEARCH_SHUTTLE);
	for (i = 0; i < 3; i++) {
		struct ep_options o;

		fixture_options(&o, "epaminondas", "-size=4x5", modes[i]);
		eng_clear(e);
		eng_search(e, &p, &o, NULL, &lim, &r);
		if (i == 0)
			is_int(r.score, ENG_WIN - 8, "%s: Black's forced third "
			       "repetition at ply 8 wins for White", modes[i]);
		else if (i == 1)
			is_int(r.score, 0, "%s: it is a draw", modes[i]);
		else
			ok(!ENG_IS_WIN(r.score) && r.depth == 10,
			   "%s: no result, the search goes to depth 10 (score %d, "
			   "depth %d)", modes[i], r.score, r.depth);
		if (i < 2)
			is_int(r.npv, 8, "%s: the line ends with the repetition",
			       modes[i]);
		else
			ok(r.npv >= 10, "%s: the line goes on past it (%d moves)",
			   modes[i], r.npv);
	}
	eng_free(e);
}

/* Repetition against the game's positions (struct eng_history): the
 * start came up at plies 0, 4 and 8, so White's only move makes the
 * position after it come up a third time. */
static void test_search_repetition_in_history(void)
{
	static const char *const modes[] = {
		"-repetition=loss", "-repetition=draw", "-repetition=off",
	};
	struct eng *e = eng_new(1 << 20);
	struct ep_position seen[9];
	struct eng_limits lim = { .depth = 3 };
	struct eng_result r;
	struct eng_history h = { seen, 9, 8 };
	struct ep_move moves[8];
	int i;

	for (i = 0; i < 3; i++) {
		struct ep_options o;
		int k;

		fixture_options(&o, "epaminondas", "-size=4x5", modes[i]);
		search_parse(&seen[0], SEARCH_SHUTTLE);
		for (k = 1; k < 9; k++) {
			seen[k] = seen[k - 1];
			ep_generate(&seen[k], &o, moves, 8);
			ep_make(&seen[k], &o, &moves[0]);
		}
		eng_clear(e);
		eng_search(e, &seen[8], &o, &h, &lim, &r);
		if (i == 0)
			is_int(r.score, -(ENG_WIN - 1), "%s: the only move repeats "
			       "a position a third time and loses", modes[i]);
		else if (i == 1)
			is_int(r.score, 0, "%s: it draws", modes[i]);
		else
			ok(!ENG_IS_WIN(r.score) && r.depth == 3 && r.npv == 3,
			   "%s: no result, the line goes on (score %d, depth %d, "
			   "%d moves)", modes[i], r.score, r.depth, r.npv);
		if (i < 2)
			is_int(r.npv, 1, "%s: the line ends with the move", modes[i]);
	}
	eng_free(e);
}

/* The move cap (RULES.md section 8): at ply 1,999 the next move ends the
 * game drawn, even a winning crossing. */
static void test_search_move_cap(void)
{
	struct eng *e = eng_new(1 << 20);
	struct ep_options o;
	struct ep_position p;
	struct eng_limits lim = { .depth = 3 };
	struct eng_history h = { NULL, 0, 1999 };
	struct eng_result r;

	fixture_options(&o, "epaminondas", "-size=8x8", NULL);
	search_parse(&p, "8x8 6BB/1W6/8/8/8/8/8/8 w");
	eng_search(e, &p, &o, &h, &lim, &r);
	is_int(r.score, 0, "ply 1999: the winning crossing draws at the cap");
	h.plies = 1990;
	eng_clear(e);
	eng_search(e, &p, &o, &h, &lim, &r);
	is_int(r.score, ENG_WIN - 2, "ply 1990: the crossing still wins");
	eng_free(e);
}

/* A crossing made on the last ply is never cut off with a static score
 * (RULES.md section 3: the grace move is searched). */
static void test_search_pending_crossing_depth1(void)
{
	struct eng *e = eng_new(1 << 20);
	struct ep_options o;
	struct ep_position p;
	struct eng_limits lim = { .depth = 1 };
	struct eng_result r;

	fixture_options(&o, "epaminondas", "-size=8x8", NULL);
	search_parse(&p, "8x8 6BB/1W6/8/8/8/8/8/6WW w");
	eng_search(e, &p, &o, NULL, &lim, &r);
	is_int(r.score, ENG_WIN - 2, "depth 1: an unanswerable crossing wins");
	ok(ep_move_is_crossing(&p, &r.best), "and the move is a crossing");
	search_parse(&p, "8x8 2BB4/W7/8/8/8/8/8/6WW w");
	eng_search(e, &p, &o, NULL, &lim, &r);
	ok(!ENG_IS_WIN(r.score), "depth 1: a crossing Black can capture does "
	   "not win (score %d)", r.score);
	search_parse(&p, "8x8 1W4BB/8/8/8/8/8/8/8 b");
	eng_search(e, &p, &o, NULL, &lim, &r);
	is_int(r.score, -(ENG_WIN - 1), "Black cannot answer White's crossing: "
	       "lost in one ply");
	fixture_options(&o, "epaminondas", "-size=8x8", "-rules=igfip");
	search_parse(&p, "8x8 6BB/1W6/8/8/8/8/8/6WW w");
	eng_search(e, &p, &o, NULL, &lim, &r);
	is_int(r.score, ENG_WIN - 1, "igfip, depth 1: Black cannot cross in "
	       "answer and loses at the start of its turn");
	eng_free(e);
}

/* Won and lost scores: plies to the result, the same from the table. */
static void test_search_mate_scores(void)
{
	struct eng *e = eng_new(1 << 20);
	struct ep_options o;
	struct ep_position p;
	struct eng_limits lim = { .depth = 6 };
	struct eng_result r;
	int rc;

	fixture_options(&o, "epaminondas", "-size=8x8", NULL);
	search_parse(&p, "8x8 6BB/8/1W6/8/8/8/8/8 w");
	eng_search(e, &p, &o, NULL, &lim, &r);
	is_int(r.score, ENG_WIN - 4, "a crossing in two moves: won in 4 plies");
	ok(r.depth == 4 && search_pv_legal(&p, &o, &r) && r.npv == 4,
	   "found at depth 4 with the whole line (depth %d, %d moves)",
	   r.depth, r.npv);
	eng_search(e, &p, &o, NULL, &lim, &r);
	is_int(r.score, ENG_WIN - 4, "the same score searched again (from the "
	       "table)");
	ep_make(&p, &o, &r.best);
	ep_make(&p, &o, &r.pv[1]);
	eng_search(e, &p, &o, NULL, &lim, &r);
	is_int(r.score, ENG_WIN - 2, "two plies later: won in 2 (the table's "
	       "entries moved by ply)");
	search_parse(&p, "8x8 1W4BB/8/8/8/8/8/8/8 w");
	rc = eng_search(e, &p, &o, NULL, &lim, &r);
	ok(rc == -1 && !r.have_move && r.score == ENG_WIN, "a game already "
	   "won at the start of the turn: no move, score ENG_WIN (%d)", r.score);
	eng_free(e);
}

/* The seed breaks ties between root moves of equal score: White's three
 * crossings b7-a8, b7-b8, b7-c8 all win in 2 plies; each seed always
 * picks the same one, and the seeds do not all pick the same. */
static void test_search_seed_breaks_ties(void)
{
	struct eng *e = eng_new(1 << 20);
	struct ep_options o;
	struct ep_position p;
	struct eng_result r;
	unsigned dests = 0;
	int same = 1, wins = 1;
	uint64_t seed;

	fixture_options(&o, "epaminondas", "-size=8x8", NULL);
	search_parse(&p, "8x8 6BB/1W6/8/8/8/8/8/6WW w");
	for (seed = 1; seed <= 16; seed++) {
		struct eng_limits lim = { .depth = 3, .seed = seed };
		struct ep_move first;

		eng_clear(e);
		eng_search(e, &p, &o, NULL, &lim, &r);
		first = r.best;
		wins &= r.score == ENG_WIN - 2 && ep_move_is_crossing(&p, &r.best);
		eng_clear(e);
		eng_search(e, &p, &o, NULL, &lim, &r);
		same &= r.best.tail == first.tail && r.best.dest == first.dest;
		dests |= 1u << (ep_square_file(r.best.dest) & 31);
	}
	ok(wins, "every seed picks a winning crossing");
	ok(same, "each seed picks the same move twice");
	ok(dests != (dests & -dests), "the seeds do not all pick the same "
	   "crossing (files picked: %#x)", dests);
	eng_free(e);
}

/* A clock that moves 1 ms at each reading. */
static uint64_t search_fake_clock(void *arg)
{
	return ++*(uint64_t *)arg;
}

/* movetime: the search reads the clock and stops with a legal move. */
static void test_search_movetime_stops(void)
{
	struct eng *e = eng_new(1 << 20);
	struct ep_options o;
	struct ep_position p;
	uint64_t t = 0;
	struct eng_limits lim = { .movetime_ms = 20, .clock = search_fake_clock,
	                          .clock_arg = &t };
	struct eng_result r;

	fixture_options(&o, "epaminondas", NULL, NULL);
	ep_position_start(&p, &o);
	eng_search(e, &p, &o, NULL, &lim, &r);
	ok(r.have_move && search_legal(&p, &o, &r.best) && r.depth >= 1 &&
	   r.depth < 20, "movetime 20 ms: a legal move from a finished "
	   "iteration (depth %d, %llu nodes)", r.depth,
	   (unsigned long long)r.nodes);
	ok(r.elapsed_ms >= 20 && r.elapsed_ms < 40,
	   "elapsed_ms by the clock (%llu)", (unsigned long long)r.elapsed_ms);
	eng_free(e);
}

/* Whether p has a crossing among moves[0..n) that eng_may_cross (the
 * quiescence search's quick test) says it cannot have. */
static int search_crossing_missed(const struct ep_position *p,
                                  const struct ep_options *o,
                                  const struct ep_move *moves, size_t n)
{
	struct ep_turn t;
	size_t i;

	ep_turn_init(&t, p, o);
	if (eng_may_cross(&t))
		return 0;
	for (i = 0; i < n; i++)
		if (ep_move_is_crossing(p, &moves[i]))
			return 1;
	return 0;
}

/* Zobrist keys made move by move (from the squares on the move's line)
 * equal keys made from scratch, over random games in several variants
 * (the line capture, Crossings' single capture, frozen and safe crossed
 * pieces, blocks); and the quick crossing test misses no crossing. */
static void test_search_keys_incremental(void)
{
	static const char *const sets[][3] = {
		{ "epaminondas", NULL, NULL },
		{ "crossings", NULL, NULL },
		{ "epaminondas", "-size=8x8", "-rules=igfip" },
		{ "epaminondas", "-size=6x7", "-crossed=safe" },
		{ "epaminondas", "-size=8x8", "-block=c4,f5" },
	};
	static struct ep_move moves[EP_MAX_MOVES];
	struct eng *e = eng_new(0);
	unsigned long bad = 0, made = 0, rnd = 12345, missed = 0;
	size_t s;
	int g, ply;

	for (s = 0; s < sizeof sets / sizeof sets[0]; s++) {
		struct ep_options o;

		fixture_options(&o, sets[s][0], sets[s][1], sets[s][2]);
		eng_key_salt(e, &o);
		for (g = 0; g < 20; g++) {
			struct ep_position p, c;
			struct ep_status st;
			uint64_t key;

			ep_position_start(&p, &o);
			key = eng_key(e, &p);
			for (ply = 0; ply < 100; ply++) {
				size_t n;

				ep_status(&p, &o, &st);
				if (st.result != EP_ONGOING)
					break;
				n = ep_generate(&p, &o, moves, EP_MAX_MOVES);
				missed += search_crossing_missed(&p, &o, moves, n);
				rnd = rnd * 1103515245 + 12345;
				c = p;
				ep_make(&c, &o, &moves[(rnd >> 8) % n]);
				key = eng_key_after(e, key, &p, &c, &moves[(rnd >> 8) % n]);
				p = c;
				made++;
				bad += key != eng_key(e, &p);
			}
		}
	}
	ok(made > 5000 && bad == 0, "incremental keys equal keys from scratch "
	   "(%lu of %lu moves differ)", bad, made);
	ok(missed == 0, "eng_may_cross never says no where a crossing is legal "
	   "(%lu positions)", missed);
	eng_free(e);
}

/* ---- every search bounded (issue 29, i29-engine) ----
 *
 * A crafted 26 x 26 position (each side's 52 pieces in 13 columns of
 * four, one square from its far row; reached by a legal game in
 * tests/integration/test_engine_bounds.py): every move of either side
 * starts a long chain of crossings and answers, so the first iteration
 * alone took 2,581,992 nodes (11 s) before issue 29. */
#define SEARCH_COLUMNS "26x26 26/W1W1W1W1W1W1W1W1W1W1W1W1W1/" \
	"W1W1W1W1W1W1W1W1W1W1W1W1W1/W1W1W1W1W1W1W1W1W1W1W1W1W1/" \
	"W1W1W1W1W1W1W1W1W1W1W1W1W1/26/26/26/26/26/26/26/26/26/26/26/26/" \
	"26/26/26/26/1B1B1B1B1B1B1B1B1B1B1B1B1B/1B1B1B1B1B1B1B1B1B1B1B1B1B/" \
	"1B1B1B1B1B1B1B1B1B1B1B1B1B/1B1B1B1B1B1B1B1B1B1B1B1B1B/26 w"

/* The node bound stops the first iteration: at nodes=1 the first root
 * move in order, unsearched; at 150,000 the best of the root moves
 * searched to the end (the quiescence search's own bound lets the first
 * one finish); the count exact (engine.h). */
static void test_bounds_first_iteration_nodes(void)
{
	static const uint64_t bounds[] = { 1, 5000, 150000 };
	struct eng *e = eng_new(1 << 20);
	struct ep_options o;
	struct ep_position p;
	size_t i;

	fixture_options(&o, "epaminondas", "-size=26x26", NULL);
	search_parse(&p, SEARCH_COLUMNS);
	for (i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
		struct eng_limits lim = { .nodes = bounds[i] };
		struct eng_result r;
		int rc = eng_search(e, &p, &o, NULL, &lim, &r);

		ok(rc == 0 && r.have_move && search_legal(&p, &o, &r.best) &&
		   search_pv_legal(&p, &o, &r),
		   "nodes=%llu: a legal move and line", (unsigned long long)bounds[i]);
		ok(r.depth == 0 && r.root_moves == 482 &&
		   r.root_done < r.root_moves,
		   "nodes=%llu: stopped inside the first iteration (depth %d, "
		   "%zu of %zu root moves)", (unsigned long long)bounds[i],
		   r.depth, r.root_done, r.root_moves);
		ok(r.nodes == bounds[i],
		   "nodes=%llu: the bound holds, exactly (%llu nodes)",
		   (unsigned long long)bounds[i], (unsigned long long)r.nodes);
		if (bounds[i] == 1)
			ok(r.root_done == 0 && r.npv == 1,
			   "nodes=1: no root move finished, the first given alone");
		if (bounds[i] == 150000)
			ok(r.root_done >= 1 && !ENG_IS_WIN(r.score),
			   "nodes=150000: root moves finished within their "
			   "quiescence bound (%zu), scored %d", r.root_done,
			   r.score);
	}
	eng_free(e);
}

/* The time bound stops the first iteration too: a clock that moves 1 ms
 * at each reading, read every 4,096 nodes. */
static void test_bounds_first_iteration_time(void)
{
	struct eng *e = eng_new(1 << 20);
	struct ep_options o;
	struct ep_position p;
	uint64_t t = 0;
	struct eng_limits lim = { .movetime_ms = 2, .clock = search_fake_clock,
	                          .clock_arg = &t };
	struct eng_result r;

	fixture_options(&o, "epaminondas", "-size=26x26", NULL);
	search_parse(&p, SEARCH_COLUMNS);
	eng_search(e, &p, &o, NULL, &lim, &r);
	ok(r.have_move && search_legal(&p, &o, &r.best) && r.depth == 0 &&
	   r.nodes == 8192,
	   "movetime 2 ms: stopped inside the first iteration at the second "
	   "reading of the clock, with a legal move (%llu nodes)",
	   (unsigned long long)r.nodes);
	eng_free(e);
}

/* first_nodes: the first iteration may pass a smaller node bound, up
 * to first_nodes.  Level 1 (200 nodes) finishes the first ply of a busy
 * 14x12 position (427 nodes) and stops at the first node of the second,
 * as it did before the first iteration was bounded; on the crafted
 * position it stops at first_nodes. */
static void test_bounds_first_nodes(void)
{
	struct eng *e = eng_new(1 << 20);
	struct ep_options o;
	struct ep_position p;
	struct eng_limits lim, one = { .depth = 1 };
	struct eng_result a, b;

	eng_level_limits(1, &lim);
	fixture_options(&o, "epaminondas", NULL, NULL);
	search_parse(&p, "14x12 1B2BBBBBBBBBB/B4BBBBBBBBB/5B8/6B7/2B3W7/7W6/"
	             "3W4WW4/3W5W4/3WW4W1W2/1B7W4/WW2WWWW2W2W/W1W5W1W1W1 w");
	eng_search(e, &p, &o, NULL, &lim, &a);
	eng_clear(e);
	eng_search(e, &p, &o, NULL, &one, &b);
	ok(a.have_move && a.depth == 1 && a.nodes == b.nodes + 1 &&
	   b.nodes > lim.nodes && a.best.tail == b.best.tail &&
	   a.best.dest == b.best.dest,
	   "level 1: the first ply finished past the bound of %llu (%llu "
	   "nodes), the move of a depth-1 search", (unsigned long long)lim.nodes,
	   (unsigned long long)b.nodes);
	fixture_options(&o, "epaminondas", "-size=26x26", NULL);
	search_parse(&p, SEARCH_COLUMNS);
	eng_search(e, &p, &o, NULL, &lim, &a);
	ok(a.have_move && search_legal(&p, &o, &a.best) && a.depth == 0 &&
	   a.nodes == lim.first_nodes,
	   "level 1 on the crafted position: a legal move within its first "
	   "ply's %llu nodes (%llu)", (unsigned long long)lim.first_nodes,
	   (unsigned long long)a.nodes);
	eng_free(e);
}

/* The node bound decides when it comes first, whatever the time bound
 * (issue 30): level 3 (16,000 nodes) on the 14x12 opening under a
 * generous movetime reads the clock three times and gives the move,
 * nodes and depth of the search without a clock, timed_out 0; under a
 * tight one (2 ms, the clock moving 1 ms a reading) it stops at the
 * second reading, timed_out 1.  Level 1 never reaches a reading, so 1 ms
 * cannot stop it. */
static void test_bounds_timed_out(void)
{
	struct eng *e = eng_new(1 << 20);
	struct ep_options o;
	struct ep_position p;
	struct eng_limits none, timed;
	struct eng_result a, b;
	uint64_t t = 0;

	fixture_options(&o, "epaminondas", NULL, NULL);
	ep_position_start(&p, &o);
	eng_level_limits(3, &none);
	eng_search(e, &p, &o, NULL, &none, &a);
	timed = none;
	timed.movetime_ms = 1000;
	timed.clock = search_fake_clock;
	timed.clock_arg = &t;
	eng_clear(e);
	eng_search(e, &p, &o, NULL, &timed, &b);
	ok(!a.timed_out && !b.timed_out && a.nodes == none.nodes &&
	   b.nodes == a.nodes && b.depth == a.depth &&
	   a.best.tail == b.best.tail && a.best.dest == b.best.dest,
	   "level 3 under a generous time bound: the move, nodes (%llu) and "
	   "depth of its node bound, not timed out", (unsigned long long)b.nodes);
	timed.movetime_ms = 2;
	t = 0;
	eng_clear(e);
	eng_search(e, &p, &o, NULL, &timed, &b);
	ok(b.timed_out && b.nodes == 8192 && b.have_move &&
	   search_legal(&p, &o, &b.best),
	   "level 3 under 2 ms: timed out at the second reading (%llu nodes), "
	   "a legal move", (unsigned long long)b.nodes);
	eng_level_limits(1, &none);
	eng_clear(e);
	eng_search(e, &p, &o, NULL, &none, &a);
	timed = none;
	timed.movetime_ms = 1;
	timed.clock = search_fake_clock;
	timed.clock_arg = &t;
	eng_clear(e);
	eng_search(e, &p, &o, NULL, &timed, &b);
	ok(!b.timed_out && a.nodes < 4096 && b.nodes == a.nodes &&
	   a.best.tail == b.best.tail && a.best.dest == b.best.dest,
	   "level 1 under 1 ms: the same move and nodes (%llu), not timed out",
	   (unsigned long long)b.nodes);
	eng_free(e);
}

static void test_search_all(void)
{
	test_search_nodes_deterministic();
	test_search_one_node_gives_a_move();
	test_search_table_same_score();
	test_search_repetition_in_path();
	test_search_repetition_in_history();
	test_search_move_cap();
	test_search_pending_crossing_depth1();
	test_search_mate_scores();
	test_search_seed_breaks_ties();
	test_search_movetime_stops();
	test_search_keys_incremental();
	test_bounds_first_iteration_nodes();
	test_bounds_first_iteration_time();
	test_bounds_first_nodes();
	test_bounds_timed_out();
}

int main(void)
{
	test_opening_move_is_legal();
	test_legal_check_catches();
	test_legal_every_variant();
	test_wins_unanswerable_crossing();
	test_wins_capture_stops_answer();
	test_wins_symmetry_trap();
	test_wins_mate_in_three();
	test_wins_lost_and_over();
	test_wins_same_seed_same_game();
	test_search_all();
	return tap_done();
}
