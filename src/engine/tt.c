/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tt.c - the transposition table: what earlier searches learnt about a
 * position (a score and its bound, the remaining depth, the best move),
 * found by Zobrist key.
 *
 * Buckets of two entries: slot 0 keeps the deeper result (replaced by a
 * search as deep or deeper, or by any search of a later generation),
 * slot 1 takes everything else.  Won and lost scores are stored as plies
 * from the stored position, so a result found at one ply is right at
 * another (ENG_WIN - plies, engine.h).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/eval.h"
#include "engine/internal.h"

int eng_tt_alloc(struct eng *e, size_t bytes)
{
	size_t n = ENG_TT_MIN_BUCKETS;

	while (n <= bytes / (2 * sizeof(struct eng_tt_bucket)))
		n *= 2;
	e->tt = calloc(n, sizeof(struct eng_tt_bucket));
	if (e->tt == NULL)
		return -1;
	e->tt_buckets = n;
	e->tt_gen = 0;
	return 0;
}

void eng_tt_clear(struct eng *e)
{
	memset(e->tt, 0, e->tt_buckets * sizeof(struct eng_tt_bucket));
	e->tt_gen = 0;
}

static struct eng_tt_bucket *bucket(const struct eng *e, uint64_t key)
{
	return &e->tt[key & (e->tt_buckets - 1)];
}

const struct eng_tt_entry *eng_tt_probe(const struct eng *e, uint64_t key)
{
	const struct eng_tt_bucket *b;
	uint32_t check = (uint32_t)(key >> 32);

	if (!e->tt_on)
		return NULL;
	b = bucket(e, key);
	if (b->slot[0].bound != ENG_BOUND_NONE && b->slot[0].check == check)
		return &b->slot[0];
	if (b->slot[1].bound != ENG_BOUND_NONE && b->slot[1].check == check)
		return &b->slot[1];
	return NULL;
}

static int is_mate(int score)
{
	return score > ENG_WIN - ENG_MAX_PLY || score < -(ENG_WIN - ENG_MAX_PLY);
}

int eng_tt_score(const struct eng_tt_entry *t, int ply)
{
	int s = t->score;

	if (!is_mate(s))
		return s;
	return s > 0 ? s - ply : s + ply;
}

void eng_tt_store(struct eng *e, uint64_t key, int ply, int depth, int score,
                  int bound, const struct ep_move *best)
{
	struct eng_tt_bucket *b;
	struct eng_tt_entry *t;
	uint32_t check = (uint32_t)(key >> 32);

	if (!e->tt_on)
		return;
	b = bucket(e, key);
	t = &b->slot[0];
	if (t->bound != ENG_BOUND_NONE && t->check != check &&
	    t->gen == e->tt_gen && t->depth > depth)
		t = &b->slot[1];
	/* Keep the move of an earlier result when this one has none. */
	if (best != NULL || t->check != check || t->bound == ENG_BOUND_NONE) {
		t->tail = best ? best->tail : 0;
		t->dest = best ? best->dest : 0;
	}
	if (is_mate(score))
		score = score > 0 ? score + ply : score - ply;
	t->check = check;
	t->score = score;
	t->depth = (int8_t)(depth > 127 ? 127 : depth);
	t->bound = (uint8_t)bound;
	t->gen = e->tt_gen;
}

int eng_eval_cached(struct eng *e, uint64_t key, const struct ep_position *p,
                    const struct ep_options *o)
{
	struct eng_eval_entry *t = &e->evals[key & (ENG_EVAL_CACHE - 1)];
	uint32_t check = (uint32_t)(key >> 32) | 1;   /* never 0: empty */

	if (t->check != check) {
		t->check = check;
		t->score = eng_evaluate_with(p, o, e->weights);
	}
	return t->score;
}
