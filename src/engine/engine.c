/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * engine.c - an engine's life (engine.h): eng_new, eng_free, eng_memory,
 * eng_clear, eng_set_table, eng_set_pruning, eng_set_eval.  Everything a search uses
 * is allocated here, once: the transposition table, the evaluation
 * cache, the move stack and its ordering scores, and struct eng itself
 * (keys, path, killers, history).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/eval.h"
#include "engine/internal.h"

struct eng *eng_new(size_t tt_bytes)
{
	struct eng *e = calloc(1, sizeof *e);

	if (e == NULL)
		return NULL;
	e->moves = malloc(ENG_MOVE_STACK * sizeof *e->moves);
	e->scores = malloc(ENG_MOVE_STACK * sizeof *e->scores);
	e->evals = calloc(ENG_EVAL_CACHE, sizeof *e->evals);
	if (e->moves == NULL || e->scores == NULL || e->evals == NULL ||
	    eng_tt_alloc(e, tt_bytes) < 0)
		goto fail;
	e->tt_on = 1;
	e->weights = &eng_eval_default;
	e->prune_on = 1;   /* measured: doc/engine.md, "The search" */
	eng_zobrist_init(e);
	return e;
fail:
	eng_free(e);
	return NULL;
}

void eng_free(struct eng *e)
{
	if (e == NULL)
		return;
	free(e->tt);
	free(e->moves);
	free(e->scores);
	free(e->evals);
	free(e);
}

size_t eng_memory(const struct eng *e)
{
	return sizeof *e + ENG_MOVE_STACK * (sizeof *e->moves +
	                                     sizeof *e->scores) +
	       ENG_EVAL_CACHE * sizeof *e->evals +
	       e->tt_buckets * sizeof *e->tt;
}

void eng_clear(struct eng *e)
{
	eng_tt_clear(e);
	eng_order_clear(e);
	memset(e->evals, 0, ENG_EVAL_CACHE * sizeof *e->evals);
}

int eng_set_table(struct eng *e, int on)
{
	int was = e->tt_on;

	e->tt_on = on != 0;
	return was;
}

int eng_set_pruning(struct eng *e, int on)
{
	int was = e->prune_on;

	e->prune_on = on != 0;
	return was;
}

void eng_set_eval(struct eng *e, const struct eng_eval_weights *w)
{
	e->weights = w ? w : &eng_eval_default;
	eng_clear(e);
}

const struct eng_eval_weights *eng_eval_of(const struct eng *e)
{
	return e->weights;
}
