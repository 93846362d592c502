/*
 * search.c - iterative deepening alpha-beta (engine.h, eng_search).
 *
 * First version: plain negamax over copy-make, no table yet; repetition
 * (RULES.md section 5) against the game's positions and the search path,
 * the move cap (section 8), the turn-start checks (section 3) by
 * ep_status.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"

struct eng {
	struct ep_move moves[ENG_MAX_PLY][EP_MAX_MOVES];
	struct ep_position path[ENG_MAX_PLY + 1];
	const struct eng_history *h;
	const struct eng_limits *lim;
	const struct ep_options *o;
	uint64_t nodes, start_ms;
	int stop, seldepth;
	struct ep_move pv[ENG_MAX_PLY][ENG_PV_MAX];
	int npv[ENG_MAX_PLY];
};

struct eng *eng_new(size_t tt_bytes)
{
	(void)tt_bytes;
	return calloc(1, sizeof(struct eng));
}

void eng_free(struct eng *e)
{
	free(e);
}

size_t eng_memory(const struct eng *e)
{
	(void)e;
	return sizeof(struct eng);
}

void eng_clear(struct eng *e)
{
	(void)e;
}

/* Occurrences of path[ply] among the game's positions and the path. */
static int occurrences(const struct eng *e, int ply)
{
	const struct ep_position *q = &e->path[ply];
	int n = 0, i;
	size_t j;

	for (i = 0; i < ply; i++)
		n += ep_position_equal(&e->path[i], q);
	if (e->h)  /* the last seen position is path[0] */
		for (j = 0; j + 1 < e->h->nseen; j++)
			n += ep_position_equal(&e->h->seen[j], q);
	return n + 1;
}

static int out_of_time(struct eng *e)
{
	const struct eng_limits *l = e->lim;

	if (l->nodes && e->nodes >= l->nodes)
		return 1;
	if (l->movetime_ms && l->clock && (e->nodes & 1023) == 0 &&
	    l->clock(l->clock_arg) - e->start_ms >= l->movetime_ms)
		return 1;
	return 0;
}

/* Score of the side to move at path[ply], or 1 in *ended when the game
 * ended at the start of the turn. */
static int terminal(const struct eng *e, int ply, int *ended)
{
	struct ep_status st;
	int side = e->path[ply].to_move;

	ep_status(&e->path[ply], e->o, &st);
	*ended = st.result != EP_ONGOING;
	if (st.result == EP_DRAW || st.result == EP_ONGOING)
		return 0;
	return ((st.result == EP_WHITE_WINS) == (side == EP_WHITE))
	       ? ENG_WIN - ply : -(ENG_WIN - ply);
}

static int negamax(struct eng *e, int ply, int depth, int alpha, int beta)
{
	struct ep_move *mv = e->moves[ply];
	int ended, score, best = -ENG_WIN - 1;
	size_t n, i;

	e->npv[ply] = 0;
	score = terminal(e, ply, &ended);
	if (ended)
		return score;
	if (ply > e->seldepth)
		e->seldepth = ply;
	if (depth <= 0 || ply >= ENG_MAX_PLY - 1)
		return eng_evaluate(&e->path[ply], e->o);
	n = ep_generate(&e->path[ply], e->o, mv, EP_MAX_MOVES);
	if (n > EP_MAX_MOVES)
		n = EP_MAX_MOVES;
	for (i = 0; i < n; i++) {
		e->nodes++;
		if (ply > 0 && out_of_time(e))
			e->stop = 1;
		if (e->stop)
			return 0;
		e->path[ply + 1] = e->path[ply];
		ep_make(&e->path[ply + 1], e->o, &mv[i]);
		if (e->o->repetition != EP_REP_OFF && occurrences(e, ply + 1) >= 3)
			score = e->o->repetition == EP_REP_LOSS ? -(ENG_WIN - ply - 1) : 0;
		else if (e->h && e->h->plies + ply + 1 >= 2000)
			score = 0;
		else
			score = -negamax(e, ply + 1, depth - 1, -beta, -alpha);
		if (e->stop)
			return 0;
		if (score > best) {
			best = score;
			e->pv[ply][0] = mv[i];
			memcpy(&e->pv[ply][1], e->pv[ply + 1],
			       sizeof(struct ep_move) * (size_t)(e->npv[ply + 1] < ENG_PV_MAX - 1 ? e->npv[ply + 1] : ENG_PV_MAX - 1));
			e->npv[ply] = 1 + (e->npv[ply + 1] < ENG_PV_MAX - 1 ? e->npv[ply + 1] : ENG_PV_MAX - 1);
			e->npv[ply + 1] = 0;
		}
		if (score > alpha)
			alpha = score;
		if (alpha >= beta)
			break;
	}
	return best;
}

int eng_search(struct eng *e, const struct ep_position *p,
               const struct ep_options *o, const struct eng_history *h,
               const struct eng_limits *lim, struct eng_result *r)
{
	int depth, ended, maxdepth = lim->depth ? lim->depth : ENG_MAX_PLY - 1;

	memset(r, 0, sizeof *r);
	e->path[0] = *p;
	e->h = h;
	e->lim = lim;
	e->o = o;
	e->nodes = 0;
	e->stop = 0;
	e->seldepth = 0;
	e->start_ms = lim->clock ? lim->clock(lim->clock_arg) : 0;
	r->score = terminal(e, 0, &ended);
	if (ended || ep_generate(p, o, NULL, 0) == 0) {
		if (!ended)
			r->score = -ENG_WIN;
		return -1;
	}
	for (depth = 1; depth <= maxdepth; depth++) {
		int score = negamax(e, 0, depth, -ENG_WIN - 1, ENG_WIN + 1);

		if (e->stop && depth > 1)
			break;
		r->have_move = 1;
		r->score = score;
		r->depth = depth;
		r->npv = e->npv[0];
		memcpy(r->pv, e->pv[0], sizeof r->pv);
		r->best = r->pv[0];
		if (e->stop || ENG_IS_WIN(score))
			break;
	}
	r->nodes = e->nodes;
	r->seldepth = e->seldepth;
	if (lim->clock)
		r->elapsed_ms = lim->clock(lim->clock_arg) - e->start_ms;
	return 0;
}
