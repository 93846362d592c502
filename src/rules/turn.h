/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * turn.h - the rules' facts for the engine: the king directions, the
 * square index of the hot loops, and the per-turn view of a position
 * (struct ep_turn) with the move generator that reads it.
 *
 * The idea: every rule that depends on the side and the options (which
 * pieces are movable, which enemy pieces are uncapturable, whether a
 * crossing must be checked for symmetry, whether only crossings are legal)
 * is worked out once per position in ep_turn_init(), so the move generator,
 * the move counter, the move parser, the status checks and the engine's
 * search and evaluation all read the same answers and cannot disagree.
 *
 * A second public header beside rules.h: rules.h is what a mail command or
 * a CLI needs (positions, moves, verdicts in words); this one is what a
 * search needs to walk the board at full speed.  Only src/rules and
 * src/engine (and their tests and benchmarks) include it; the helpers only
 * the rules' own files share stay in src/rules/internal.h.
 */
#ifndef EPAM_RULES_TURN_H
#define EPAM_RULES_TURN_H

#include "rules/rules.h"

/* The 8 king directions, clockwise from north: N NE E SE S SW W NW, the
 * dir of struct ep_move.  The opposite of direction i is (i + 4) & 7.
 * North is toward rank H (Black's home row), east toward file W. */
enum { EP_DIR_N, EP_DIR_NE, EP_DIR_E, EP_DIR_SE, EP_DIR_S, EP_DIR_SW,
       EP_DIR_W, EP_DIR_NW };
extern const int ep_dir_offset[8];   /* square index step (ep_square) */
extern const int ep_dir_dfile[8];    /* file step: -1, 0, +1 */
extern const int ep_dir_drank[8];    /* rank step: -1, 0, +1 */

/* ep_square_at() and ep_square_rank() for the hot loops, where a call per
 * square costs more than the work: file and rank 0-based, a square index
 * into struct ep_position's cell[] (EP_STRIDE cells a row, border
 * included). */
#define EP_SQ(file, rank) (((rank) + 1) * EP_STRIDE + (file) + 1)
#define EP_SQ_RANK(q)     ((q) / EP_STRIDE - 1)

/* A position as one side sees it under the options, when that side is to
 * move (RULES.md sections 1, 2, 4 and 6).  Squares (the _lo/_hi bounds)
 * are indices into pos->cell; pos is borrowed, not copied: the view is
 * valid while *pos is unchanged. */
struct ep_turn {
	const struct ep_position *pos;
	const uint8_t *cell;     /* pos->cell */
	uint8_t own, opp;        /* EP_WPIECE / EP_BPIECE */
	int frozen;              /* own crossed pieces may not move */
	int safe;                /* enemy crossed pieces cannot be captured */
	int capture_one;         /* a capture removes only the piece on D */
	int symmetry;            /* enum ep_symmetry modes a crossing is tested for */
	int must_cross;          /* igfip must-answer: only crossings are legal */
	int far_rank;            /* 0-based rank of the mover's far row */
	int toward;              /* rank step toward it: +1 White, -1 Black */
	int far_lo, far_hi;      /* first and last square of that row */
	int home_lo, home_hi;    /* the mover's home row (the enemy's far row) */
	int own_crossed, opp_crossed;   /* pieces on their far rows */
};

/* The view of the side to move of p under o (p->to_move). */
void ep_turn_init(struct ep_turn *t, const struct ep_position *p,
                  const struct ep_options *o);

/* The view of side as if it were to move in p, whoever is: the
 * evaluation scans both sides of one position with it.  For side ==
 * p->to_move it is ep_turn_init(). */
void ep_turn_init_side(struct ep_turn *t, const struct ep_position *p,
                       const struct ep_options *o, enum ep_side side);

/* Whether square q holds a piece of the mover that may move (RULES.md
 * 2.1, 6: a crossed piece under -crossed=stay or safe may not). */
static inline int ep_turn_movable(const struct ep_turn *t, int q)
{
	return t->cell[q] == t->own &&
	       !(t->frozen && q >= t->far_lo && q <= t->far_hi);
}

/* Whether an enemy line of m pieces from square D along direction offset
 * d (an ep_dir_offset) may be removed (RULES.md 2.3: no removed piece is
 * uncapturable; under -crossed=safe the enemy's crossed pieces are). */
static inline int ep_turn_capturable(const struct ep_turn *t, int D, int d,
                                     int m)
{
	int i;

	if (!t->safe)
		return 1;
	if (t->capture_one)
		m = 1;
	for (i = 0; i < m; i++, D += d)
		if (D >= t->home_lo && D <= t->home_hi)
			return 0;
	return 1;
}

/* Whether a move of the mover landing on square D along dir (0..7) is a
 * crossing: a piece reaches the far row from off it (RULES.md 1).  Only
 * the head can. */
static inline int ep_turn_crossing(const struct ep_turn *t, int D, int dir)
{
	return D >= t->far_lo && D <= t->far_hi && ep_dir_drank[dir] != 0;
}

/* Enemy pieces (cell value opp) on squares D, D+d, ... without a gap (the
 * m of RULES.md 2.3); d an ep_dir_offset.  The border stops the run. */
static inline int ep_enemy_run(const uint8_t *cell, int D, int d, uint8_t opp)
{
	int m = 0;

	while (cell[D] == opp) {
		m++;
		D += d;
	}
	return m;
}

/* Legal moves of the turn (ep_generate's, RULES.md 2, 4, 6), in the order
 * of tail square, direction, k.  Writes at most cap moves to out (NULL
 * when cap is 0), returns the total (movegen.c). */
size_t ep_gen_moves(const struct ep_turn *t, struct ep_move *out, size_t cap);

/* Copy a position, only the rows in use (walks never go past the border
 * row, so the rest of dst->cell is never read; compare it with
 * ep_position_equal, not memcmp). */
static inline void ep_position_copy(struct ep_position *dst,
                                    const struct ep_position *src)
{
	dst->width = src->width;
	dst->height = src->height;
	dst->to_move = src->to_move;
	__builtin_memcpy(dst->cell, src->cell,
	                 (size_t)(src->height + 2) * EP_STRIDE);
}

#endif
