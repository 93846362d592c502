/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * engine.h - the Epaminondas playing engine: the public interface.
 *
 * Pure, like src/rules which it plays over: positions, options and the game
 * so far in, a move, a score and a principal variation out.  No file, mail,
 * network or clock code lives under src/engine/: a search bounded by time
 * reads the caller's clock through a callback, so a search bounded by nodes
 * or depth alone is deterministic (the same position, history, limits and
 * seed give the same move, score and line on every machine).
 *
 * Memory: an engine owns one transposition table, allocated once by
 * eng_new() (the size the caller asks for, in bytes) and freed by
 * eng_free(); a search allocates nothing.  Nothing here is thread-safe
 * across one struct eng; two engines share nothing.
 *
 * Rules: every rule comes from shared RULES.md through src/rules (legal
 * moves with the symmetry rule and igfip's must-answer rule, section 4 and
 * 6; the turn-start win and loss, section 3; repetition, section 5; the
 * move cap, section 8).
 *
 * Scores are in hundredths of a piece from the point of view of the side
 * to move; a won game is ENG_WIN - plies to the win (plies counted from
 * the searched position), a lost one -(ENG_WIN - plies); ENG_IS_WIN(s)
 * tells a game-theoretic score from an evaluation.
 */
#ifndef EPAM_ENGINE_H
#define EPAM_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

#define ENG_WIN 100000
#define ENG_MAX_PLY 128        /* deepest ply a search reaches, extensions included */
#define ENG_IS_WIN(s) ((s) > ENG_WIN - ENG_MAX_PLY || (s) < -(ENG_WIN - ENG_MAX_PLY))
#define ENG_PV_MAX 64

/* Playing levels of the robots and of `epamserv match` (engine/levels.c),
 * each bounded by nodes so that a seed gives the same game. */
#define ENG_LEVEL_MIN 1
#define ENG_LEVEL_MAX 5

/* The caller's monotonic clock in milliseconds (for movetime bounds). */
typedef uint64_t (*eng_clock_fn)(void *arg);

/* Bounds of one search; 0 means "no bound" for each.  At least one of
 * nodes, depth and movetime_ms should be set (with none the search stops
 * at ENG_MAX_PLY).  movetime_ms needs clock.  Nodes and time bound every
 * iteration, the first included: the node bound is checked at every node
 * (main search and quiescence), so a search stops at exactly lim.nodes
 * nodes when it has more to do; the clock is read every 4,096 nodes, so
 * a time bound is passed by at most those nodes' time (tens of
 * milliseconds on the largest boards).  A search stopped inside its first
 * iteration still returns a legal move (struct eng_result). */
struct eng_limits {
	uint64_t nodes;           /* nodes (positions visited) */
	uint64_t first_nodes;     /* with nodes set, the node bound of the
	                             first iteration when larger (0: nodes):
	                             room to finish the first ply of an
	                             ordinary position under a smaller bound,
	                             as the playing levels do */
	int depth;                /* iterations, plies */
	uint64_t movetime_ms;     /* wall time, by clock */
	eng_clock_fn clock;
	void *clock_arg;
	uint64_t seed;            /* breaks ties between root moves of equal
	                             score (0: the first in move order);
	                             same seed, same choice */
};

/* The game before the searched position, for repetition (RULES.md
 * section 5) and the move cap (section 8).  seen[0..nseen) are the
 * positions of the game in order, the start first and the searched
 * position last (NULL, 0: no history, repetition judged only inside the
 * search); plies = moves played so far in the game (the move cap). */
struct eng_history {
	const struct ep_position *seen;
	size_t nseen;
	int plies;
};

struct eng_result {
	int have_move;            /* 0 when the game has ended at the start of
	                             the turn or there is no legal move;
	                             else 1, whatever the bounds */
	struct ep_move best;
	int score;                /* see above */
	int depth;                /* last iteration completed; 0 when a bound
	                             stopped the first iteration: best is then
	                             the best of the root moves searched to the
	                             end (root_done of them), or with none the
	                             first root move in the engine's order,
	                             unsearched, scored by the static
	                             evaluation of the position */
	size_t root_moves;        /* legal moves at the root */
	size_t root_done;         /* root moves searched to the end by the
	                             last iteration begun */
	int seldepth;             /* deepest ply reached */
	uint64_t nodes;
	uint64_t elapsed_ms;      /* by clock; 0 without one */
	int timed_out;            /* 1 when the time bound (movetime_ms)
	                             stopped the search before its node or
	                             depth bound: the move is then not the
	                             one the bounds alone would give */
	int npv;                  /* pv[0] == best when have_move */
	struct ep_move pv[ENG_PV_MAX];
};

struct eng;

/* A new engine with a transposition table of at most tt_bytes bytes
 * (rounded down to a power-of-two number of entries; at least a small
 * fixed table).  Returns NULL when memory runs out.  Free with eng_free. */
struct eng *eng_new(size_t tt_bytes);
void eng_free(struct eng *e);

/* Bytes the engine holds (table and search stacks), for the operator's
 * memory report. */
size_t eng_memory(const struct eng *e);

/* Forget everything learnt (the table, history and killer tables), so
 * the next search does not depend on earlier ones (match games, tests). */
void eng_clear(struct eng *e);

/* Turn the transposition table on (on 1, the default) or off (0: every
 * probe misses, nothing is stored), for tests and measurement.  Returns
 * the setting before. */
int eng_set_table(struct eng *e, int on);

/* Turn the selective search on (1, the default: null-move pruning and
 * late-move reductions; one to three plies deeper in the same time, 60%
 * of the games at equal nodes against it off, with e-eval's evaluation)
 * or off (0: a full-width search to the depth, so that a fixed-depth
 * score does not depend on move order or the table), for tests, match
 * and measurement.  Returns the setting before. */
int eng_set_pruning(struct eng *e, int on);

/*
 * Search the position p of a game under options o for the side to move,
 * iterative deepening until a bound in lim is reached.  h may be NULL (no
 * history).  Fills *r (best move, score, depth reached, principal
 * variation in canonical moves of p and the positions after it).
 * Returns 0, or -1 when the game has ended at the start of p's turn or p
 * has no legal move (r->have_move 0, r->score the result for the side to
 * move: ENG_WIN-style win, loss, or 0 for a draw).
 */
int eng_search(struct eng *e, const struct ep_position *p,
               const struct ep_options *o, const struct eng_history *h,
               const struct eng_limits *lim, struct eng_result *r);

/*
 * The static evaluation of p for the side to move (no search), in
 * hundredths of a piece (engine/eval.c).  Symmetric: the same position
 * with colours and sides swapped scores the same.
 */
int eng_evaluate(const struct ep_position *p, const struct ep_options *o);

/* The bounds of a level ENG_LEVEL_MIN..ENG_LEVEL_MAX (nodes and
 * first_nodes, the seed left 0).  Returns 0, or -1 for a level out of
 * range. */
int eng_level_limits(int level, struct eng_limits *lim);

#endif
