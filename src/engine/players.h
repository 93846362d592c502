/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * players.h - the players used to measure the engine (issue 16 item 5):
 * a plain reference player (fixed-depth alpha-beta on material alone), a
 * one-ply greedy player (material and crossings) and a random player.
 *
 * For measurement only (`epamserv match`, bench/ladder.sh): the robots
 * never play these.  Pure like the engine: no I/O, no clock; each player
 * is deterministic given its random state, which the caller owns and
 * seeds (ply_rng_seed), so a match seed gives the same games.
 *
 * Every player follows the whole rules through src/rules: the legal moves
 * of ep_generate (symmetry rule, igfip's must-answer), the turn-start
 * wins and losses (RULES.md section 3, ep_status), repetition (section 5)
 * against the game's history and the move cap (section 8).
 */
#ifndef EPAM_ENGINE_PLAYERS_H
#define EPAM_ENGINE_PLAYERS_H

#include <stdint.h>

#include "engine/engine.h"

/* Deepest fixed depth the reference player searches, plies. */
#define PLY_REF_MAX_DEPTH 32

/* A 64-bit random state (splitmix64).  ply_rng_seed sets it from any
 * seed (0 included); ply_rng_next advances it and returns 64 random bits;
 * ply_rng_below returns a number in 0..n-1 (n >= 1). */
void ply_rng_seed(uint64_t *state, uint64_t seed);
uint64_t ply_rng_next(uint64_t *state);
uint64_t ply_rng_below(uint64_t *state, uint64_t n);

/* What a measurement player chose.  have_move 0: the game had ended at
 * the start of the turn, or there is no legal move. */
struct ply_result {
	int have_move;
	struct ep_move best;
	int score;        /* reference: hundredths of a piece for the side to
	                     move, engine.h's ENG_WIN convention for won and
	                     lost games; greedy: its one-ply score; random: 0 */
	int depth;        /* reference: last iteration completed; else 1 */
	uint64_t nodes;   /* positions visited (each move made counts one, as
	                     the engine counts them) */
};

/*
 * The reference player: negamax alpha-beta on material alone (100 a
 * piece; won and lost games by the rules), captures searched first, the
 * root moves shuffled by *rng so that equal moves are chosen at random.
 * depth: the fixed depth, 1..PLY_REF_MAX_DEPTH; nodes: 0, or a node bound
 * under which it deepens iteratively up to depth and plays the move of
 * the last iteration completed (depth 1 always completes).  h: the game
 * so far (engine.h; NULL: none).  Fills *r; returns 0, -1 when the game
 * has ended or there is no legal move (r->have_move 0), -2 when memory
 * runs out (the move stacks, at most PLY_REF_MAX_DEPTH * 64 KiB).
 */
int ply_reference(const struct ep_position *p, const struct ep_options *o,
                  const struct eng_history *h, int depth, uint64_t nodes,
                  uint64_t *rng, struct ply_result *r);

/*
 * The greedy player: looks one ply ahead.  A move that wins at once
 * (the opponent has lost at the start of its turn) is played; one that
 * loses at once (ep_move_loses: a pending crossing left unanswered, a
 * third repetition under -repetition=loss) only when all do; otherwise
 * the move with the best material after it (100 a piece) plus crossings
 * (150 a crossed piece, RULES.md section 1), ties broken by *rng.
 * Returns 0 with *r filled, or -1 (game ended, no legal move).
 */
int ply_greedy(const struct ep_position *p, const struct ep_options *o,
               const struct eng_history *h, uint64_t *rng,
               struct ply_result *r);

/* The random player: a legal move drawn uniformly by *rng.  Returns 0,
 * or -1 (game ended, no legal move). */
int ply_random(const struct ep_position *p, const struct ep_options *o,
               uint64_t *rng, struct ply_result *r);

#endif
