/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * internal.h - what the files of the engine share and nobody else should
 * see: struct eng (the transposition table, Zobrist keys, the search
 * stacks), and the helpers of zobrist.c, tt.c and order.c behind
 * search.c.
 *
 * The idea: everything a search needs is allocated once by eng_new(), so
 * a search allocates nothing and keeps no move list on the C stack (a ply
 * may have up to EP_MAX_MOVES moves).  Moves of all plies share one move
 * stack: a node takes its moves from the top and gives them back when it
 * returns.
 */
#ifndef EPAM_ENGINE_INTERNAL_H
#define EPAM_ENGINE_INTERNAL_H

#include "engine/engine.h"
#include "rules/turn.h"

/* Moves on the shared move stack: the root always has room for
 * EP_MAX_MOVES; deeper plies take what is left (a node that would not
 * fit is evaluated as a leaf, which no real position comes near). */
#define ENG_MOVE_STACK (16 * EP_MAX_MOVES)

/* The move cap, RULES.md section 8: a game that reaches 2,000 plies is
 * drawn (game.h's GAME_MAX_PLIES, which the engine cannot include). */
#define ENG_MOVE_CAP 2000

/* History of the game kept for repetition (RULES.md section 5): keys of
 * the last ENG_HIST_MAX seen positions (a game has at most 2,001). */
#define ENG_HIST_MAX 4096

/* Plies of quiescence in which the side to move may still make a
 * crossing of its own; answers to a pending crossing are searched at
 * any quiescence depth. */
#define ENG_QS_CROSSINGS 4

/* Nodes one quiescence search (from a horizon node of the main search)
 * may visit.  Past them its nodes are scored by the static evaluation,
 * pending crossing or not, and each node on the way back stops at the
 * moves it has tried: the tree of crossings and answers of a position
 * with hundreds of each cannot eat the whole search.  Ordinary games
 * stay below it (measured in self-play: at most 1,418 nodes on 14 x 12,
 * 4,712 on 20 x 16, 65,274 in long 26 x 26 games, the largest of 8.2
 * million trees; doc/engine.md, "Bounds"). */
#define ENG_QS_NODES 100000

/* Kinds of bound a table entry holds. */
enum { ENG_BOUND_NONE = 0, ENG_BOUND_UPPER = 1, ENG_BOUND_LOWER = 2,
       ENG_BOUND_EXACT = 3 };

/* One transposition-table entry, 16 bytes.  The move is kept by tail and
 * dest, which name a move exactly once (RULES.md section 2.5); scores of
 * won or lost games are stored as plies from this position (tt.c). */
struct eng_tt_entry {
	uint32_t check;          /* high 32 bits of the Zobrist key */
	int32_t score;
	uint16_t tail, dest;     /* best or refuting move; tail 0: none */
	int8_t depth;            /* remaining depth searched, plies */
	uint8_t bound;           /* ENG_BOUND_* */
	uint8_t gen;             /* search generation that wrote it */
	uint8_t pad;
};

/* Two entries an index: slot 0 keeps the deeper search, slot 1 the
 * newest. */
struct eng_tt_bucket {
	struct eng_tt_entry slot[2];
};

/* One cached evaluation: check = high 32 bits of the key, low bit set
 * (0: empty). */
struct eng_eval_entry {
	uint32_t check;
	int32_t score;
};

/* One ply of the search path. */
struct eng_ply {
	struct ep_position pos;
	uint64_t key;
	int since;               /* first ply of the path this position can
	                            repeat: the last capture or null move */
	int null;                /* reached by a null move (no double null) */
};

struct eng {
	/* Zobrist keys (zobrist.c): zob[square][cell], 0 for an empty
	 * square, and the key of Black to move. */
	uint64_t zob[EP_CELLS][3];
	uint64_t zob_black;
	uint64_t salt;           /* the options' key (eng_key_salt) */

	/* Transposition table (tt.c). */
	struct eng_tt_bucket *tt;
	size_t tt_buckets;       /* a power of two */
	uint8_t tt_gen;
	int tt_on;               /* eng_set_table(); 1 by default */
	int prune_on;            /* eng_set_pruning(); 1 by default */
	const struct eng_eval_weights *weights;  /* eng_set_eval() */

	/* Evaluations already made (tt.c), ENG_EVAL_CACHE entries. */
	struct eng_eval_entry *evals;

	/* Move ordering (order.c). */
	struct ep_move killer[ENG_MAX_PLY + 1][2];
	int32_t history[2][EP_CELLS][8];   /* [side][dest][dir] */

	/* The search: path, moves, scores, principal variation. */
	struct eng_ply path[ENG_MAX_PLY + 2];
	struct ep_move *moves;   /* ENG_MOVE_STACK moves */
	int32_t *scores;         /* ordering score of each */
	size_t top;              /* moves in use on the stack */
	struct ep_move pv[ENG_MAX_PLY + 2][ENG_PV_MAX];
	int pvlen[ENG_MAX_PLY + 2];

	/* The game before the root (repetition, move cap). */
	uint64_t hist_key[ENG_HIST_MAX];
	size_t nhist;
	int game_plies;

	/* This search. */
	const struct ep_options *o;
	const struct eng_limits *lim;
	uint64_t nodes, start_ms;
	uint64_t qs_nodes;       /* of the quiescence search under way */
	int stop, seldepth, iter;
	int timed_out;           /* the time bound set stop (eng_result) */
};

/* Entries of the evaluation cache (a power of two, 8 bytes each). */
#define ENG_EVAL_CACHE (1 << 16)

/* ---- zobrist.c ---- */

/* Fill e->zob and e->zob_black from a fixed generator (the same keys in
 * every engine and on every machine). */
void eng_zobrist_init(struct eng *e);

/* Set e->salt from the options, so that one engine used for games of
 * different variants or options never mixes their table entries or
 * cached evaluations. */
void eng_key_salt(struct eng *e, const struct ep_options *o);

/* The key of p from scratch: pieces, side to move and e->salt (blocks are
 * fixed within a game and left out). */
uint64_t eng_key(const struct eng *e, const struct ep_position *p);

/* The key of after = before with the legal move m played, from the key of
 * before: only the squares on m's line can change, so those are compared
 * (the rules of the capture stay in src/rules). */
uint64_t eng_key_after(const struct eng *e, uint64_t key,
                       const struct ep_position *before,
                       const struct ep_position *after,
                       const struct ep_move *m);

/* ---- tt.c ---- */

/* Allocate a table of at most bytes bytes (a power of two buckets, at
 * least ENG_TT_MIN_BUCKETS).  Returns 0, or -1 when memory runs out. */
#define ENG_TT_MIN_BUCKETS 1024
int eng_tt_alloc(struct eng *e, size_t bytes);
void eng_tt_clear(struct eng *e);

/* The entry of key, or NULL when the table holds none (or is off). */
const struct eng_tt_entry *eng_tt_probe(const struct eng *e, uint64_t key);

/* Store a result of the node at ply (score from its side to move, as the
 * search returns it; won and lost scores are made relative to the node). */
void eng_tt_store(struct eng *e, uint64_t key, int ply, int depth, int score,
                  int bound, const struct ep_move *best);

/* The score of an entry read at ply (won and lost scores back to plies
 * from the root). */
int eng_tt_score(const struct eng_tt_entry *t, int ply);

/* eng_evaluate(p, o) for the position of key, from the cache when it
 * was made before in this search (eng_search clears the cache). */
int eng_eval_cached(struct eng *e, uint64_t key, const struct ep_position *p,
                    const struct ep_options *o);

/* ---- order.c ---- */

/* Ordering scores for moves[0..n) of the node at ply: the hash move
 * (tail, dest; 0 none) first, then crossings, captures (more pieces
 * taken first), the two killers of the ply, and the history table. */
void eng_order_score(struct eng *e, int ply, const struct ep_turn *t,
                     const struct ep_move *moves, int32_t *scores, size_t n,
                     unsigned hash_tail, unsigned hash_dest);

/* Move the best-scored move of [i, n) to i (with its score). */
void eng_order_pick(struct ep_move *moves, int32_t *scores, size_t i,
                    size_t n);

/* Whether the side to move of t may have a crossing: an own piece j
 * ranks from the far row with j own pieces in a line ending on it toward
 * the far row (a group of n moves at most n squares, RULES.md 2).  A
 * cheap necessary condition that spares the quiescence search a move
 * generation; ep_gen_moves decides. */
int eng_may_cross(const struct ep_turn *t);

/* Sort [i, n) by score, best first (once the first few picks are
 * done: a full node then costs n log n, not n * n). */
void eng_order_sort(struct ep_move *moves, int32_t *scores, size_t i,
                    size_t n);

/* A quiet move m refuted the node at ply searched to depth: killers and
 * history learn it. */
void eng_order_cutoff(struct eng *e, int ply, int side,
                      const struct ep_move *m, int depth);

/* Forget killers and history (eng_clear); eng_order_age halves the
 * history between searches. */
void eng_order_clear(struct eng *e);
void eng_order_age(struct eng *e);

static inline int eng_same_move(const struct ep_move *a,
                                const struct ep_move *b)
{
	return a->tail == b->tail && a->dest == b->dest;
}

#endif
