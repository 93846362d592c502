/*
 * internal.h - what the files of the rules engine share and nobody else
 * should see: the king directions, the per-turn view of a position
 * (struct ep_turn) and the helpers behind the public functions.
 *
 * The idea: every rule that depends on the side to move and the options
 * (which pieces are movable, which enemy pieces are uncapturable, whether a
 * crossing must be checked for symmetry, whether only crossings are legal)
 * is worked out once per position in ep_turn_init(), so the move generator,
 * the move counter, the move parser and the status checks all read the same
 * answers and cannot disagree.
 */
#ifndef EPAM_RULES_INTERNAL_H
#define EPAM_RULES_INTERNAL_H

#include "rules.h"

/* The 8 king directions, clockwise from north: N NE E SE S SW W NW.
 * The opposite of direction i is (i + 4) & 7. */
enum { EP_DIR_N, EP_DIR_NE, EP_DIR_E, EP_DIR_SE, EP_DIR_S, EP_DIR_SW,
       EP_DIR_W, EP_DIR_NW };
extern const int ep_dir_offset[8];   /* square index step */
extern const int ep_dir_dfile[8];    /* file step: -1, 0, +1 */
extern const int ep_dir_drank[8];    /* rank step: -1, 0, +1 */

/* ep_square_at() and friends for the hot loops, where a call per square
 * costs more than the work. */
#define EP_SQ(file, rank) (((rank) + 1) * EP_STRIDE + (file) + 1)
#define EP_SQ_RANK(q)     ((q) / EP_STRIDE - 1)

/* The position as the side to move sees it under the options. */
struct ep_turn {
	const struct ep_position *pos;
	const uint8_t *cell;
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
	int own_crossed, opp_crossed;
};

void ep_turn_init(struct ep_turn *t, const struct ep_position *p,
                  const struct ep_options *o);

/* Whether q holds a piece of the mover that may move (RULES.md 2.1, 6). */
static inline int ep_turn_movable(const struct ep_turn *t, int q)
{
	return t->cell[q] == t->own &&
	       !(t->frozen && q >= t->far_lo && q <= t->far_hi);
}

/* Whether an enemy line of m pieces from D along direction offset d may be
 * removed (RULES.md 2.3: no removed piece is uncapturable). */
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

/* Whether a move of the mover landing on D along dir is a crossing: a piece
 * reaches the far row from off it (RULES.md 1).  Only the head can. */
static inline int ep_turn_crossing(const struct ep_turn *t, int D, int dir)
{
	return D >= t->far_lo && D <= t->far_hi && ep_dir_drank[dir] != 0;
}

/* Enemy pieces on D, D+d, ... without a gap (the m of RULES.md 2.3). */
static inline int ep_enemy_run(const uint8_t *cell, int D, int d, uint8_t opp)
{
	int m = 0;

	while (cell[D] == opp) {
		m++;
		D += d;
	}
	return m;
}

/* Legal moves of the turn, in the order of tail square, direction, k.
 * Writes at most cap moves, returns the total (movegen.c). */
size_t ep_gen_moves(const struct ep_turn *t, struct ep_move *out, size_t cap);

/* Number of legal moves of the turn without listing them (count.c). */
uint64_t ep_count_moves(const struct ep_turn *t);

/* Whether the turn has a legal move at all: 1 or 0 (count.c; stops at
 * the first, so a position with moves costs a few squares' walk, not a
 * whole count: ep_status asks it after every candidate move of a board
 * mail's losing-move check). */
int ep_has_move(const struct ep_turn *t);

/* Whether the crossing (tail, dir, n, k) would leave a symmetric board
 * under t->symmetry (symmetry.c, RULES.md 4). */
int ep_crossing_symmetric(const struct ep_turn *t, int tail, int dir,
                          int n, int k);

/* Whether the board is symmetric under any of the modes (RULES.md 4). */
int ep_board_symmetric(const struct ep_position *p, int modes);

/* Move the group (tail, dir, n, k) and remove what it captures. */
void ep_make_group(struct ep_position *p, int capture_one, int tail, int dir,
                   int n, int k);

/* Copy a position, only the rows in use (walks never go past the border
 * row, so the rest of dst->cell is never read). */
static inline void ep_position_copy(struct ep_position *dst,
                                    const struct ep_position *src)
{
	dst->width = src->width;
	dst->height = src->height;
	dst->to_move = src->to_move;
	__builtin_memcpy(dst->cell, src->cell,
	                 (size_t)(src->height + 2) * EP_STRIDE);
}

/* All squares off the board, the W x H board empty; White to move. */
void ep_board_clear(struct ep_position *p, int width, int height);

/* Square name "e3" into buf (at least 4 bytes). */
void ep_square_name(int file, int rank, char *buf);

/* Parse a square name ("e3", "E3", "z26"): 0 with file and rank (0-based,
 * rank up to 98, not checked against a board), or -1 if it is not a square
 * name.  *end gets the first character after it. */
int ep_square_parse(const char *s, int *file, int *rank, const char **end);

/* Whether side has a piece that may move under the options. */
int ep_side_has_movable(const struct ep_position *p,
                        const struct ep_options *o, enum ep_side side);

/* printf-style message into err (truncated to errlen); returns -1. */
int ep_err(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
