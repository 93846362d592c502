/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * search.c - the search (engine.h, eng_search): iterative deepening
 * principal variation search with aspiration windows, a transposition
 * table, and a quiescence search of crossings and their answers.
 *
 * The rules all come from src/rules: the moves (ep_gen_moves, with the
 * symmetry rule and igfip's must-answer rule), playing them (ep_make),
 * the turn-start verdict (ep_status, RULES.md sections 3 and 6).  The
 * search adds what needs the game's history: repetition (section 5,
 * judged by Zobrist key against the game's positions and the search
 * path, before the opponent's turn-start checks) and the move cap
 * (section 8, 2,000 plies, a draw, after repetition).
 *
 * Copy-make: each ply has its own position on e->path.  The horizon
 * never cuts a position with a pending crossing: there the quiescence
 * search tries every move that may answer it (captures and crossings;
 * any other loses at the opponent's turn start, answers_only), and
 * elsewhere it stands pat or tries the side to move's own crossings.
 * One quiescence search visits at most ENG_QS_NODES nodes (internal.h).
 *
 * Bounds: enter() counts every node, main search and quiescence, and
 * stops the search at the node bound or the time bound in any
 * iteration; every loop over moves, the root's included, ends at the
 * stop.  A first iteration stopped so gives the best root move searched
 * to the end, else the first root move (first_partial).
 *
 * Table cutoffs need an entry of exactly the remaining depth: a search to
 * a fixed depth without pruning (eng_set_pruning) then gives the same
 * score with the table as without it (repetition aside); the table still
 * orders moves at every depth.  Pruning (on unless eng_set_pruning(e,
 * 0)): null moves (never with a crossing pending) and late-move reductions of
 * quiet moves.
 */
#include <string.h>

#include "engine/internal.h"

#define INF (ENG_WIN + 1)
#define ASPIRATION 40
#define CLOCK_EVERY 4096

static int search(struct eng *e, int ply, int depth, int alpha, int beta);

/* Whether a bound of the search is reached, in any iteration (engine.h:
 * a search stopped inside the first still returns a move); the first
 * iteration's node bound may be the larger first_nodes. */
static int out_of_bounds(struct eng *e)
{
	const struct eng_limits *l = e->lim;
	uint64_t nodes = l->nodes;

	if (nodes && e->iter == 1 && l->first_nodes > nodes)
		nodes = l->first_nodes;
	if (nodes && e->nodes >= nodes)
		return 1;
	if (l->movetime_ms && l->clock && (e->nodes % CLOCK_EVERY) == 0 &&
	    l->clock(l->clock_arg) - e->start_ms >= l->movetime_ms) {
		e->timed_out = 1;
		return 1;
	}
	return 0;
}

/* The evaluation of the position at ply (engine.h, eng_evaluate). */
static int static_eval(struct eng *e, int ply)
{
	const struct eng_ply *s = &e->path[ply];

	return eng_eval_cached(e, s->key, &s->pos, e->o);
}

/* Count the node at ply; 1 when the search must stop. */
static int enter(struct eng *e, int ply)
{
	e->nodes++;
	e->pvlen[ply] = 0;
	if (ply > e->seldepth)
		e->seldepth = ply;
	if (!e->stop && out_of_bounds(e))
		e->stop = 1;
	return e->stop;
}

/* The turn-start verdict at ply (RULES.md sections 3, 6): *ended 1 and
 * the score for the side to move when the game is over. */
static int verdict(const struct eng *e, int ply, int *ended)
{
	const struct ep_position *p = &e->path[ply].pos;
	struct ep_status st;

	ep_status(p, e->o, &st);
	*ended = st.result != EP_ONGOING;
	if (st.result == EP_ONGOING || st.result == EP_DRAW)
		return 0;
	return (st.result == EP_WHITE_WINS) == (p->to_move == EP_WHITE)
	       ? ENG_WIN - ply : -(ENG_WIN - ply);
}

/* Whether the position at ply (just made) occurred twice before: in the
 * search path (same side to move, back to the last capture or null move)
 * or, when the path has neither, in the game before the root (whose
 * positions with other piece counts were left out: no move adds a
 * piece). */
static int seen_twice(const struct eng *e, int ply)
{
	const struct eng_ply *c = &e->path[ply];
	int n = 0, j;
	size_t i;

	for (j = ply - 2; j >= c->since; j -= 2)
		if (e->path[j].key == c->key && ++n >= 2)
			return 1;
	if (c->since == 0)
		for (i = 0; i < e->nhist; i++)
			if (e->hist_key[i] == c->key && ++n >= 2)
				return 1;
	return 0;
}

/* Play m at ply into ply + 1.  Returns 1 with *score (for the mover)
 * when the move ends the game at once, by repetition or the move cap;
 * the opponent's turn-start checks are the child's. */
static int play(struct eng *e, int ply, const struct ep_move *m, int *score)
{
	const struct eng_ply *s = &e->path[ply];
	struct eng_ply *c = &e->path[ply + 1];

	ep_position_copy(&c->pos, &s->pos);
	ep_make(&c->pos, e->o, m);
	c->key = eng_key_after(e, s->key, &s->pos, &c->pos, m);
	c->since = m->captured ? ply + 1 : s->since;
	c->null = 0;
	if (e->o->repetition != EP_REP_OFF && m->captured == 0 &&
	    seen_twice(e, ply + 1)) {
		*score = e->o->repetition == EP_REP_LOSS
		         ? -(ENG_WIN - (ply + 1)) : 0;
		e->pvlen[ply + 1] = 0;
		return 1;
	}
	if (e->game_plies + ply + 1 >= ENG_MOVE_CAP) {
		*score = 0;
		e->pvlen[ply + 1] = 0;
		return 1;
	}
	return 0;
}

/* Pass the turn at ply into ply + 1 (null-move pruning only: a pass is
 * no move of the game, so repetition is not looked for across it). */
static void play_null(struct eng *e, int ply)
{
	const struct eng_ply *s = &e->path[ply];
	struct eng_ply *c = &e->path[ply + 1];

	ep_position_copy(&c->pos, &s->pos);
	c->pos.to_move = s->pos.to_move == EP_WHITE ? EP_BLACK : EP_WHITE;
	c->key = s->key ^ e->zob_black;
	c->since = ply + 1;
	c->null = 1;
}

/* Null-move pruning: whether the node at ply, with the side to move
 * passing, still scores at least beta at a reduced depth.  Never with a
 * crossing pending (the grace move must be played), nor twice in a row,
 * nor near won or lost scores, nor with fewer than 4 pieces to move
 * (where having to move may hurt: zugzwang). */
static int null_cutoff(struct eng *e, int ply, int depth, int beta,
                       int pending)
{
	const struct eng_ply *s = &e->path[ply];
	int score, R = depth >= 7 ? 3 : 2;

	if (!e->prune_on || ply == 0 || depth < 3 || pending || s->null ||
	    ENG_IS_WIN(beta) || static_eval(e, ply) < beta ||
	    ep_count_pieces(&s->pos, s->pos.to_move) < 4)
		return 0;
	play_null(e, ply);
	score = -search(e, ply + 1, depth - 1 - R, -beta, -beta + 1);
	return !e->stop && score >= beta;
}

static void pv_update(struct eng *e, int ply, const struct ep_move *m)
{
	int n = e->pvlen[ply + 1];

	if (n > ENG_PV_MAX - 1)
		n = ENG_PV_MAX - 1;
	e->pv[ply][0] = *m;
	memcpy(&e->pv[ply][1], e->pv[ply + 1], (size_t)n * sizeof *m);
	e->pvlen[ply] = n + 1;
}

/* The moves of the position at ply on top of the move stack, ordered
 * by score; NULL when they would not fit (never at the root). */
static struct ep_move *gen(struct eng *e, int ply, const struct ep_turn *t,
                           size_t *n)
{
	size_t cap = ENG_MOVE_STACK - e->top;
	struct ep_move *mv = e->moves + e->top;

	*n = ep_gen_moves(t, mv, cap);
	if (*n > cap)
		return NULL;
	(void)ply;
	return mv;
}

/* With a crossing pending against the side to move, keep only the moves
 * that may answer it, captures and crossings, and the first move: a move
 * that neither captures nor crosses leaves the opponent with more
 * crossed pieces, so it loses at the opponent's turn start (RULES.md
 * section 3; under igfip only crossings are legal anyway), and the one
 * kept gets that loss its exact score from ep_status.  Not when a quiet
 * move could end the game otherwise: a third repetition under
 * -repetition=draw, or the move cap.  Returns the moves kept. */
static size_t answers_only(const struct eng *e, int ply,
                           const struct ep_turn *t, struct ep_move *mv,
                           size_t n)
{
	size_t i, j;

	if (e->o->repetition == EP_REP_DRAW ||
	    e->game_plies + ply + 1 >= ENG_MOVE_CAP)
		return n;
	for (i = j = 0; i < n; i++)
		if (i == 0 || mv[i].captured ||
		    ep_turn_crossing(t, mv[i].dest, mv[i].dir))
			mv[j++] = mv[i];
	return j;
}

/* The next move to try, i of n, in order (the first few picked, the rest
 * sorted once). */
static void next(struct ep_move *mv, int32_t *sc, size_t i, size_t n)
{
	if (i < 6)
		eng_order_pick(mv, sc, i, n);
	else if (i == 6)
		eng_order_sort(mv, sc, i, n);
}

/* Late-move reductions: plies to take off the search of move i of n at
 * ply, a quiet move tried late (no capture, no crossing, no killer, no
 * pending crossing at the node); a reduced search that beats alpha is
 * searched again to the full depth. */
static int reduction(const struct eng *e, int ply, int depth, size_t i,
                     const struct ep_turn *t, const struct ep_move *m,
                     int pending)
{
	if (!e->prune_on || depth < 3 || i < 3 || pending || m->captured ||
	    ep_turn_crossing(t, m->dest, m->dir) ||
	    eng_same_move(m, &e->killer[ply][0]) ||
	    eng_same_move(m, &e->killer[ply][1]))
		return 0;
	return depth >= 6 && i >= 12 ? 2 : 1;
}

static int qsearch(struct eng *e, int ply, int alpha, int beta, int qply)
{
	struct eng_ply *s = &e->path[ply];
	struct ep_turn t;
	struct ep_move *mv;
	int32_t *sc;
	size_t n, i, j, top = e->top;
	int ended, score, best, pending;

	if (qply == 0)
		e->qs_nodes = 0;
	e->qs_nodes++;
	if (enter(e, ply))
		return 0;
	score = verdict(e, ply, &ended);
	if (ended)
		return score;
	if (ply >= ENG_MAX_PLY - 1 || e->qs_nodes > ENG_QS_NODES)
		return static_eval(e, ply);
	ep_turn_init(&t, &s->pos, e->o);
	pending = t.opp_crossed > t.own_crossed;
	best = -INF;
	if (!pending) {
		best = static_eval(e, ply);
		if (best >= beta || qply >= ENG_QS_CROSSINGS)
			return best;
		if (best > alpha)
			alpha = best;
	}
	if (!pending && !eng_may_cross(&t))
		return best;
	mv = gen(e, ply, &t, &n);
	if (mv == NULL)
		return pending ? static_eval(e, ply) : best;
	if (!pending) {
		/* Only the side to move's own crossings. */
		for (i = j = 0; i < n; i++)
			if (ep_turn_crossing(&t, mv[i].dest, mv[i].dir))
				mv[j++] = mv[i];
		n = j;
	} else {
		n = answers_only(e, ply, &t, mv, n);
	}
	sc = e->scores + top;
	e->top += n;
	eng_order_score(e, ply, &t, mv, sc, n, 0, 0);
	for (i = 0; i < n; i++) {
		next(mv, sc, i, n);
		if (!play(e, ply, &mv[i], &score))
			score = -qsearch(e, ply + 1, -beta, -alpha, qply + 1);
		if (e->stop)
			break;
		if (score > best) {
			best = score;
			if (score > alpha) {
				alpha = score;
				pv_update(e, ply, &mv[i]);
				if (alpha >= beta)
					break;
			}
		}
		/* This quiescence search's nodes are spent: what was found. */
		if (e->qs_nodes >= ENG_QS_NODES)
			break;
	}
	e->top = top;
	return e->stop ? 0 : best;
}

static int search(struct eng *e, int ply, int depth, int alpha, int beta)
{
	struct eng_ply *s = &e->path[ply];
	const struct eng_tt_entry *tte;
	struct ep_turn t;
	struct ep_move *mv, *best_move = NULL;
	int32_t *sc;
	size_t n, i, top = e->top;
	int ended, score, best = -INF, alpha0 = alpha, bound, pending;
	unsigned ht = 0, hd = 0;

	if (depth <= 0)
		return qsearch(e, ply, alpha, beta, 0);
	if (enter(e, ply))
		return 0;
	score = verdict(e, ply, &ended);
	if (ended)
		return score;
	if (ply >= ENG_MAX_PLY - 1)
		return static_eval(e, ply);
	tte = eng_tt_probe(e, s->key);
	if (tte) {
		ht = tte->tail;
		hd = tte->dest;
		if (tte->depth == depth) {
			int ts = eng_tt_score(tte, ply);

			if (tte->bound == ENG_BOUND_EXACT ||
			    (tte->bound == ENG_BOUND_LOWER && ts >= beta) ||
			    (tte->bound == ENG_BOUND_UPPER && ts <= alpha))
				return ts;
		}
	}
	ep_turn_init(&t, &s->pos, e->o);
	pending = t.opp_crossed > t.own_crossed;
	if (null_cutoff(e, ply, depth, beta, pending))
		return beta;
	if (e->stop)
		return 0;
	mv = gen(e, ply, &t, &n);
	if (mv == NULL)
		return static_eval(e, ply);
	if (pending)
		n = answers_only(e, ply, &t, mv, n);
	sc = e->scores + top;
	e->top += n;
	eng_order_score(e, ply, &t, mv, sc, n, ht, hd);
	for (i = 0; i < n; i++) {
		next(mv, sc, i, n);
		if (!play(e, ply, &mv[i], &score)) {
			int r = reduction(e, ply, depth, i, &t, &mv[i], pending);

			if (i == 0) {
				score = -search(e, ply + 1, depth - 1, -beta, -alpha);
			} else {
				score = -search(e, ply + 1, depth - 1 - r, -alpha - 1,
				                -alpha);
				if (r && score > alpha && !e->stop)
					score = -search(e, ply + 1, depth - 1,
					                -alpha - 1, -alpha);
				if (score > alpha && score < beta && !e->stop)
					score = -search(e, ply + 1, depth - 1, -beta,
					                -alpha);
			}
		}
		if (e->stop)
			break;
		if (score > best) {
			best = score;
			best_move = &mv[i];
			if (score > alpha) {
				alpha = score;
				pv_update(e, ply, &mv[i]);
				if (alpha >= beta) {
					if (mv[i].captured == 0 &&
					    !ep_turn_crossing(&t, mv[i].dest,
					                      mv[i].dir))
						eng_order_cutoff(e, ply, s->pos.to_move,
						                 &mv[i], depth);
					break;
				}
			}
		}
	}
	if (e->stop) {
		e->top = top;
		return 0;
	}
	bound = best >= beta ? ENG_BOUND_LOWER
	        : best > alpha0 ? ENG_BOUND_EXACT : ENG_BOUND_UPPER;
	eng_tt_store(e, s->key, ply, depth, best, bound,
	             bound == ENG_BOUND_UPPER ? NULL : best_move);
	e->top = top;
	return best;
}

/* ---- the root ---- */

static uint32_t tie_hash(uint64_t seed, const struct ep_move *m)
{
	uint64_t z = seed ^ ((uint64_t)m->tail << 16 | m->dest);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (uint32_t)(z ^ (z >> 31));
}

/* Order the root moves once: the ordering scores, ties broken by the
 * seed (0: the generator's order). */
static void root_order(struct eng *e, size_t n, uint64_t seed)
{
	struct ep_move *mv = e->moves;
	int32_t *sc = e->scores;
	uint64_t *key = (uint64_t *)(void *)(e->scores + n + (n & 1));
	struct ep_turn t;
	size_t i, j;

	/* The keys live past the scores on the score stack (room for
	 * ENG_MOVE_STACK int32s, the root has at most EP_MAX_MOVES). */
	ep_turn_init(&t, &e->path[0].pos, e->o);
	eng_order_score(e, 0, &t, mv, sc, n, 0, 0);
	for (i = 0; i < n; i++)
		key[i] = (uint64_t)(uint32_t)(sc[i] + (1 << 30)) << 32 |
		         (seed ? tie_hash(seed, &mv[i])
		               : (uint32_t)(0xffffffffu - i));
	for (i = 1; i < n; i++) {
		struct ep_move m = mv[i];
		uint64_t k = key[i];

		for (j = i; j > 0 && key[j - 1] < k; j--) {
			mv[j] = mv[j - 1];
			key[j] = key[j - 1];
		}
		mv[j] = m;
		key[j] = k;
	}
}

/* Move root move i to the front, the others keeping their order. */
static void root_front(struct eng *e, size_t i)
{
	struct ep_move m = e->moves[i];

	memmove(&e->moves[1], &e->moves[0], i * sizeof m);
	e->moves[0] = m;
}

/* One root search in (alpha, beta).  *bi gets the best move's index
 * (-1 when the first move was not finished), *done how many moves were
 * searched to the end. */
static int root_search(struct eng *e, int depth, int alpha, int beta,
                       size_t n, int *bi, size_t *done)
{
	int best = -INF, score;
	size_t i;

	*bi = -1;
	*done = 0;
	e->top = n;
	for (i = 0; i < n; i++) {
		const struct ep_move *m = &e->moves[i];

		if (!play(e, 0, m, &score)) {
			if (i == 0) {
				score = -search(e, 1, depth - 1, -beta, -alpha);
			} else {
				score = -search(e, 1, depth - 1, -alpha - 1, -alpha);
				if (score > alpha && score < beta && !e->stop)
					score = -search(e, 1, depth - 1, -beta, -alpha);
			}
		}
		if (e->stop)
			break;
		*done = i + 1;
		if (score > best) {
			best = score;
			*bi = (int)i;
			if (score > alpha) {
				alpha = score;
				pv_update(e, 0, m);
				if (alpha >= beta)
					break;
			}
		}
	}
	return best;
}

/* The principal variation into r: the search's line, then the table's
 * hash moves, each checked legal in the position before it. */
static void result_pv(struct eng *e, struct eng_result *r, size_t n,
                      int len)
{
	struct ep_position pos = e->path[0].pos;
	struct ep_move *mv = e->moves + n;
	uint64_t key = e->path[0].key, keys[ENG_PV_MAX + 1];
	size_t cap = ENG_MOVE_STACK - n, k, i;
	int ply, j;

	r->npv = 0;
	keys[0] = key;
	for (ply = 0; ply < ENG_PV_MAX; ply++) {
		struct ep_move want = { 0, 0, 0, 0, 0, 0 };
		struct ep_position next;
		struct ep_status st;

		if (ply < len) {
			want = e->pv[0][ply];
		} else {
			const struct eng_tt_entry *t = eng_tt_probe(e, key);

			/* The table's moves, until a position comes back. */
			for (j = 0; j < ply && keys[j] != key; j++)
				;
			if (t == NULL || t->tail == 0 || j < ply ||
			    ply >= 2 * r->depth + 8)
				break;
			want.tail = t->tail;
			want.dest = t->dest;
		}
		ep_status(&pos, e->o, &st);
		if (st.result != EP_ONGOING)
			break;
		k = ep_generate(&pos, e->o, mv, cap);
		if (k > cap)
			break;
		for (i = 0; i < k && !eng_same_move(&mv[i], &want); i++)
			;
		if (i == k)
			break;
		r->pv[r->npv++] = mv[i];
		next = pos;
		ep_make(&next, e->o, &mv[i]);
		key = eng_key_after(e, key, &pos, &next, &mv[i]);
		keys[ply + 1] = key;
		pos = next;
	}
}

/* A bound stopped the first iteration (engine.h, struct eng_result):
 * the best of the root moves searched to the end, bi with score (-1:
 * none), else the first root move in order with the static evaluation. */
static void first_partial(struct eng *e, struct eng_result *r, size_t n,
                          int bi, int score)
{
	r->have_move = 1;
	r->depth = 0;
	if (bi >= 0) {
		root_front(e, (size_t)bi);
		r->best = e->moves[0];
		r->score = score;
		result_pv(e, r, n, e->pvlen[0]);
		return;
	}
	r->best = e->moves[0];
	r->score = static_eval(e, 0);
	r->npv = 1;
	r->pv[0] = r->best;
}

/* The game's positions before the root with as many pieces as the root
 * (the only ones a position of the search can repeat: no move adds a
 * piece), as keys, either side to move. */
static void load_history(struct eng *e, const struct eng_history *h)
{
	const struct ep_position *root = &e->path[0].pos;
	int pieces = ep_count_pieces(root, EP_WHITE) +
	             ep_count_pieces(root, EP_BLACK);
	size_t j, start = 0;

	e->nhist = 0;
	e->game_plies = h ? h->plies : 0;
	if (h == NULL || h->seen == NULL || h->nseen < 2)
		return;
	if (h->nseen - 1 > ENG_HIST_MAX)
		start = h->nseen - 1 - ENG_HIST_MAX;
	for (j = start; j + 1 < h->nseen; j++) {
		const struct ep_position *q = &h->seen[j];

		if (ep_count_pieces(q, EP_WHITE) + ep_count_pieces(q, EP_BLACK) !=
		    pieces)
			continue;
		e->hist_key[e->nhist++] = eng_key(e, q);
	}
}

int eng_search(struct eng *e, const struct ep_position *p,
               const struct ep_options *o, const struct eng_history *h,
               const struct eng_limits *lim, struct eng_result *r)
{
	int depth, ended, prev = 0, maxdepth;
	size_t n;

	memset(r, 0, sizeof *r);
	maxdepth = lim->depth > 0 && lim->depth < ENG_MAX_PLY - 1
	           ? lim->depth : ENG_MAX_PLY - 1;
	e->o = o;
	e->lim = lim;
	e->nodes = 0;
	e->stop = 0;
	e->timed_out = 0;
	e->seldepth = 0;
	e->iter = 0;
	e->top = 0;
	e->tt_gen++;
	eng_order_age(e);
	e->start_ms = lim->clock ? lim->clock(lim->clock_arg) : 0;
	eng_key_salt(e, o);
	/* Evaluations are cached for one search only (eng_set_eval may
	 * change the weights between searches). */
	memset(e->evals, 0, ENG_EVAL_CACHE * sizeof *e->evals);
	e->path[0].pos = *p;
	e->path[0].key = eng_key(e, p);
	e->path[0].since = 0;
	load_history(e, h);
	r->score = verdict(e, 0, &ended);
	if (ended)
		return -1;
	n = ep_generate(p, o, e->moves, EP_MAX_MOVES);
	if (n == 0) {
		r->score = -ENG_WIN;
		return -1;
	}
	r->root_moves = n;
	root_order(e, n, lim->seed);
	for (depth = 1; depth <= maxdepth; depth++) {
		int alpha = -INF, beta = INF, score, bi;

		e->iter = depth;
		if (depth >= 4 && !ENG_IS_WIN(prev)) {
			alpha = prev - ASPIRATION;
			beta = prev + ASPIRATION;
		}
		for (;;) {
			score = root_search(e, depth, alpha, beta, n, &bi,
			                    &r->root_done);
			if (e->stop)
				break;
			if (score <= alpha)
				alpha = -INF;
			else if (score >= beta)
				beta = INF;
			else
				break;
		}
		if (e->stop) {
			/* Later iterations: a move that beat the finished first
			 * move is better than the last iteration's. */
			if (depth == 1) {
				first_partial(e, r, n, bi, score);
			} else if (bi > 0 && score > alpha && score < beta) {
				root_front(e, (size_t)bi);
				r->best = e->moves[0];
				r->score = score;
				result_pv(e, r, n, e->pvlen[0]);
			}
			break;
		}
		root_front(e, (size_t)bi);
		r->have_move = 1;
		r->best = e->moves[0];
		r->score = prev = score;
		r->depth = depth;
		result_pv(e, r, n, e->pvlen[0]);
		if (ENG_IS_WIN(score) &&
		    ENG_WIN - (score > 0 ? score : -score) <= depth)
			break;
	}
	r->nodes = e->nodes;
	r->timed_out = e->timed_out;
	r->seldepth = e->seldepth;
	if (lim->clock)
		r->elapsed_ms = lim->clock(lim->clock_arg) - e->start_ms;
	return 0;
}
