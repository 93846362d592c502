/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_eval.c - the static evaluation (engine/eval.c, eval.h): colour and
 * mirror symmetry over random positions of every variant, material,
 * crossings that cannot be answered, the crossing rule, the bounds, and
 * the weights' switch.
 */
#include <stdint.h>
#include <stdlib.h>

#include "engine/eval.h"
#include "rules_fixture.h"
#include "tap.h"

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void parse(struct ep_position *p, const char *text)
{
	char err[EP_ERR_MAX];

	if (ep_position_parse(p, text, err, sizeof err) != 0) {
		printf("# bad position %s: %s\n", text, err);
		exit(2);
	}
}

/* Ranks mirrored r <-> H-1-r, colours and the side to move swapped. */
static void colour_mirror(const struct ep_position *p, struct ep_position *m)
{
	int f, r;

	*m = *p;
	m->to_move = p->to_move == EP_WHITE ? EP_BLACK : EP_WHITE;
	for (r = 0; r < p->height; r++)
		for (f = 0; f < p->width; f++) {
			int c = ep_cell_at(p, f, r);

			c = c == EP_WPIECE ? EP_BPIECE : c == EP_BPIECE ? EP_WPIECE : c;
			m->cell[ep_square_at(f, p->height - 1 - r)] = (uint8_t)c;
		}
}

/* Files mirrored c <-> W-1-c. */
static void file_mirror(const struct ep_position *p, struct ep_position *m)
{
	int f, r;

	*m = *p;
	for (r = 0; r < p->height; r++)
		for (f = 0; f < p->width; f++)
			m->cell[ep_square_at(p->width - 1 - f, r)] =
				(uint8_t)ep_cell_at(p, f, r);
}

struct variant {
	const char *label, *game, *w1, *w2;
};

static const struct variant variants[] = {
	{ "14x12", "epaminondas", NULL, NULL },
	{ "8x8", "epaminondas", "-size=8x8", NULL },
	{ "crossings", "crossings", NULL, NULL },
	{ "igfip 8x8", "epaminondas", "-size=8x8", "-rules=igfip" },
	{ "stay 10x9", "epaminondas", "-size=10x9", "-crossed=stay" },
	{ "capture=one 6x7", "epaminondas", "-size=6x7", "-capture=one" },
	{ "4x5", "epaminondas", "-size=4x5", NULL },
	{ "26x26", "epaminondas", "-size=26x26", NULL },
	{ "blocks", "epaminondas", "-size=9x8", "-block=c4,e5,g4" },
};

/* Random games of each variant; every position is checked for both
 * mirrors and for the bound. */
static void test_symmetry_and_bounds(void)
{
	size_t v;

	for (v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		const struct variant *va = &variants[v];
		struct ep_options o;
		struct ep_position p, m, mm;
		static struct ep_move mv[EP_MAX_MOVES];
		int g, ply, n = 0, bad_colour = 0, bad_file = 0, bad_bound = 0;
		int nonzero = 0;

		fixture_options(&o, va->game, va->w1, va->w2);
		for (g = 0; g < 40; g++) {
			ep_position_start(&p, &o);
			for (ply = 0; ply < 120; ply++) {
				struct ep_status st;
				size_t k;
				int s = eng_evaluate(&p, &o);

				colour_mirror(&p, &m);
				file_mirror(&p, &mm);
				bad_colour += eng_evaluate(&m, &o) != s;
				bad_file += eng_evaluate(&mm, &o) != s;
				bad_bound += s > ENG_EVAL_MAX || s < -ENG_EVAL_MAX ||
				             ENG_IS_WIN(s);
				nonzero += s != 0;
				n++;
				ep_status(&p, &o, &st);
				if (st.result != EP_ONGOING)
					break;
				k = ep_generate(&p, &o, mv, EP_MAX_MOVES);
				if (k == 0)
					break;
				if (k > EP_MAX_MOVES)
					k = EP_MAX_MOVES;
				ep_make(&p, &o, &mv[rnd((unsigned)k)]);
			}
		}
		ok(bad_colour == 0, "%s: %d positions score the same with colours "
		   "and ranks mirrored (%d differ)", va->label, n, bad_colour);
		ok(bad_file == 0, "%s: and with files mirrored (%d differ)",
		   va->label, bad_file);
		ok(bad_bound == 0 && ENG_EVAL_MAX < ENG_WIN - ENG_MAX_PLY,
		   "%s: every score within +-%d, never a won game (%d outside)",
		   va->label, ENG_EVAL_MAX, bad_bound);
		ok(nonzero > n / 4, "%s: the evaluation is not flat (%d of %d "
		   "nonzero)", va->label, nonzero, n);
	}
}

/* The opening is level; a piece up scores higher, for either side. */
static void test_material(void)
{
	struct ep_options o;
	struct ep_position p, q;
	int s0, s1, s2;

	fixture_options(&o, "epaminondas", NULL, NULL);
	ep_position_start(&p, &o);
	s0 = eng_evaluate(&p, &o);
	is_int(s0, 0, "the opening scores 0");
	q = p;
	q.cell[ep_square_at(0, 11)] = EP_EMPTY;   /* Black's a12 gone */
	s1 = eng_evaluate(&q, &o);
	ok(s1 > s0 + 50, "White a piece up scores higher (%d > %d + 50)", s1, s0);
	q.to_move = EP_BLACK;
	s2 = eng_evaluate(&q, &o);
	ok(s2 < -50, "and Black to move there scores below -50 (%d)", s2);

	parse(&p, "8x8 BBB5/8/8/3B4/8/2W5/WWW5/8 w");
	parse(&q, "8x8 BBB5/8/8/8/8/2W5/WWW5/8 w");
	ok(eng_evaluate(&q, &o) > eng_evaluate(&p, &o) + 50,
	   "a black piece fewer on 8x8 scores more for White (%d > %d)",
	   eng_evaluate(&q, &o), eng_evaluate(&p, &o));
}

/* A piece that crosses next move and cannot be answered scores far
 * higher than the same piece a few ranks back, or answerable. */
static void test_unanswerable_crossing(void)
{
	struct ep_options o;
	struct ep_position win, back, held;
	struct eng_eval_weights wt;
	int sw, sb, sh;

	fixture_options(&o, "epaminondas", "-size=8x8", NULL);
	/* g7 crosses to f8, g8 or h8; a8-b8 reaches only c8, d8. */
	parse(&win, "8x8 BB6/6W1/8/8/8/8/8/WW6 w");
	parse(&back, "8x8 BB6/8/8/6W1/8/8/8/WW6 w");
	/* e8-f8 covers g8 and h8, and f8 is held: f8... a capture needs two. */
	parse(&held, "8x8 BB2BB2/6W1/8/8/8/8/8/WW6 w");
	sw = eng_evaluate(&win, &o);
	sb = eng_evaluate(&back, &o);
	sh = eng_evaluate(&held, &o);
	ok(sw > sb + 1000, "an unanswerable crossing next move scores far "
	   "higher than the piece three ranks back (%d > %d + 1000)", sw, sb);
	ok(sw < ENG_WIN - ENG_MAX_PLY && !ENG_IS_WIN(sw),
	   "but stays an evaluation (%d)", sw);
	ok(sw > sh + 1000, "and far higher than a crossing Black could "
	   "capture (%d > %d + 1000)", sw, sh);
	/* The same from Black's side: Black's threat is bad for White. */
	/* The same from Black's side: Black's threat is bad for White (the
	 * term's weight is small by default; 150 shows its sign). */
	wt = eng_eval_default;
	wt.threat_unans = 150;
	parse(&win, "8x8 BB6/8/8/8/8/8/6B1/WW6 w");
	parse(&back, "8x8 BB6/8/8/6B1/8/8/8/WW6 w");
	sw = eng_evaluate_with(&win, &o, &wt);
	sb = eng_evaluate_with(&back, &o, &wt);
	ok(sw < sb - 100, "White to move against Black's unanswerable threat "
	   "scores lower (%d < %d - 100)", sw, sb);
}

/* The crossing rule: more crossed pieces at the start of the turn has
 * won; a pending crossing that cannot be answered has lost; one that can
 * be answered has not. */
static void test_crossing_rule(void)
{
	struct ep_options o, ig;
	struct ep_position p;
	const struct eng_eval_weights *w = &eng_eval_default;

	fixture_options(&o, "epaminondas", "-size=8x8", NULL);
	fixture_options(&ig, "epaminondas", "-size=8x8", "-rules=igfip");
	parse(&p, "8x8 8/8/8/8/8/8/WW6/BW6 b");
	ok(eng_evaluate(&p, &o) >= w->pending - 2000,
	   "Black to move with a crossed piece more scores as won (%d)",
	   eng_evaluate(&p, &o));
	p.to_move = EP_WHITE;
	ok(eng_evaluate(&p, &o) <= -(w->pending - 2000),
	   "White unable to capture a1 or cross scores as lost (%d)",
	   eng_evaluate(&p, &o));
	parse(&p, "8x8 8/8/8/8/8/W7/WW6/BW6 w");
	ok(abs(eng_evaluate(&p, &o)) < 2000,
	   "White able to capture a1 with a3-a2 is not lost (%d)",
	   eng_evaluate(&p, &o));
	ok(eng_evaluate(&p, &ig) <= -(w->pending - 2000),
	   "under igfip that capture does not answer (%d)",
	   eng_evaluate(&p, &ig));
}

/* The weights: eng_evaluate uses the defaults; material alone counts
 * pieces; an engine searches with its own weights (eng_set_eval), and
 * another engine is not affected. */
static void test_weights(void)
{
	struct ep_options o;
	struct ep_position p;
	struct eng_limits lim;
	struct eng_result r;
	struct eng *a = eng_new(1 << 20), *b = eng_new(1 << 20);

	fixture_options(&o, "epaminondas", "-size=8x8", NULL);
	parse(&p, "8x8 BB6/6W1/8/8/8/8/8/WW6 w");
	is_int(eng_evaluate(&p, &o), eng_evaluate_with(&p, &o, &eng_eval_default),
	       "eng_evaluate uses the defaults");
	is_int(eng_evaluate_with(&p, &o, &eng_eval_material), 100, "under "
	       "material alone it counts pieces: one up is 100");
	ok(a && b && eng_eval_of(a) == &eng_eval_default, "a new engine uses "
	   "the defaults");
	eng_set_eval(a, &eng_eval_material);
	ok(eng_eval_of(a) == &eng_eval_material && eng_eval_of(b) ==
	   &eng_eval_default, "eng_set_eval changes that engine's weights only");
	memset(&lim, 0, sizeof lim);
	lim.depth = 1;
	ep_position_start(&p, &o);   /* no win in sight: the evaluation shows */
	ok(eng_search(a, &p, &o, NULL, &lim, &r) == 0 && r.score % 100 == 0,
	   "a search under material alone scores whole pieces (%d)", r.score);
	ok(eng_search(b, &p, &o, NULL, &lim, &r) == 0 && r.score % 100 != 0,
	   "the other engine's search does not (%d)", r.score);
	eng_set_eval(a, NULL);
	ok(eng_eval_of(a) == &eng_eval_default, "NULL restores the defaults");
	eng_free(a);
	eng_free(b);
}

int main(void)
{
	test_symmetry_and_bounds();
	test_material();
	test_unanswerable_crossing();
	test_crossing_rule();
	test_weights();
	return tap_done();
}
