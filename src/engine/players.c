/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * players.c - the measurement players (players.h): reference, greedy and
 * random.  They are deliberately plain: the reference player is what a
 * textbook alpha-beta on material gives, the yardstick the engine's
 * search and evaluation must beat at equal nodes (issue 16 item 5).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/players.h"

void ply_rng_seed(uint64_t *state, uint64_t seed)
{
	*state = seed ^ 0x6a09e667f3bcc909ULL;
}

uint64_t ply_rng_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t ply_rng_below(uint64_t *state, uint64_t n)
{
	return n <= 1 ? 0 : ply_rng_next(state) % n;
}

/* The score of a game that ended at the start of the turn of p's side
 * to move, ply plies from the root; *ended 0 when it goes on. */
static int turn_start(const struct ep_position *p, const struct ep_options *o,
                      int ply, int *ended)
{
	struct ep_status st;

	ep_status(p, o, &st);
	*ended = st.result != EP_ONGOING;
	if (st.result == EP_ONGOING || st.result == EP_DRAW)
		return 0;
	return ((st.result == EP_WHITE_WINS) == (p->to_move == EP_WHITE))
	       ? ENG_WIN - ply : -(ENG_WIN - ply);
}

/* The moves of p, at most EP_MAX_MOVES, into out; their number. */
static size_t legal_moves(const struct ep_position *p,
                          const struct ep_options *o, struct ep_move *out)
{
	size_t n = ep_generate(p, o, out, EP_MAX_MOVES);

	return n > EP_MAX_MOVES ? EP_MAX_MOVES : n;
}

/* ---- the reference player ---- */

struct ref {
	const struct ep_options *o;
	const struct eng_history *h;
	struct ep_move *moves[PLY_REF_MAX_DEPTH + 1];
	struct ep_position path[PLY_REF_MAX_DEPTH + 2];
	uint64_t nodes, limit;
	int stop;
};

/* Material of p for the side to move, hundredths of a piece. */
static int material(const struct ep_position *p)
{
	enum ep_side me = p->to_move;

	return 100 * (ep_count_pieces(p, me) -
	              ep_count_pieces(p, (enum ep_side)!me));
}

/* How often path[ply] occurs in the game's history and on the path. */
static int ref_occurrences(const struct ref *s, int ply)
{
	const struct ep_position *q = &s->path[ply];
	int n = 1, i;
	size_t j;

	for (i = 0; i < ply; i++)
		n += ep_position_equal(&s->path[i], q);
	if (s->h)  /* seen's last position is path[0] */
		for (j = 0; j + 1 < s->h->nseen; j++)
			n += ep_position_equal(&s->h->seen[j], q);
	return n;
}

/* Captures first, the larger first; stable otherwise. */
static void captures_first(struct ep_move *mv, size_t n)
{
	size_t i, j;
	struct ep_move t;

	for (i = 1; i < n; i++) {
		t = mv[i];
		for (j = i; j > 0 && mv[j - 1].captured < t.captured; j--)
			mv[j] = mv[j - 1];
		mv[j] = t;
	}
}

static int ref_search(struct ref *s, int ply, int depth, int alpha, int beta,
                      struct ep_move *best)
{
	struct ep_move *mv = s->moves[ply];
	int ended, score, top = -ENG_WIN - 1;
	size_t n, i;

	score = turn_start(&s->path[ply], s->o, ply, &ended);
	if (ended)
		return score;
	if (depth <= 0)
		return material(&s->path[ply]);
	n = legal_moves(&s->path[ply], s->o, mv);
	if (ply > 0)
		captures_first(mv, n);
	for (i = 0; i < n; i++) {
		if (ply > 0 && s->limit && s->nodes >= s->limit)
			s->stop = 1;
		if (s->stop)
			return 0;
		s->nodes++;
		s->path[ply + 1] = s->path[ply];
		ep_make(&s->path[ply + 1], s->o, &mv[i]);
		if (s->o->repetition != EP_REP_OFF && ref_occurrences(s, ply + 1) >= 3)
			score = s->o->repetition == EP_REP_LOSS
			        ? -(ENG_WIN - ply - 1) : 0;
		else if (s->h && s->h->plies + ply + 1 >= 2000)
			score = 0;  /* the move cap, RULES.md section 8 */
		else
			score = -ref_search(s, ply + 1, depth - 1, -beta, -alpha,
			                    NULL);
		if (s->stop)
			return 0;
		if (score > top) {
			top = score;
			if (best)
				*best = mv[i];
		}
		if (score > alpha)
			alpha = score;
		if (alpha >= beta)
			break;
	}
	return top;
}

int ply_reference(const struct ep_position *p, const struct ep_options *o,
                  const struct eng_history *h, int depth, uint64_t nodes,
                  uint64_t *rng, struct ply_result *r)
{
	struct ref *s;
	struct ep_move best, *root;
	size_t n, i, j;
	int d, ended, score, rc = 0;

	memset(r, 0, sizeof *r);
	if (depth < 1)
		depth = 1;
	if (depth > PLY_REF_MAX_DEPTH)
		depth = PLY_REF_MAX_DEPTH;
	r->score = turn_start(p, o, 0, &ended);
	if (ended || ep_generate(p, o, NULL, 0) == 0)
		return -1;
	s = calloc(1, sizeof *s);
	if (!s)
		return -2;
	s->o = o;
	s->h = h;
	s->limit = nodes;
	for (d = 0; d <= depth; d++)
		if (!(s->moves[d] = malloc(sizeof(struct ep_move) * EP_MAX_MOVES))) {
			rc = -2;
			goto out;
		}
	/* The root's moves once, shuffled: equal moves by chance.  The
	 * root's list is moves[0], which ref_search fills again from the
	 * generator; shuffle a copy and search from it instead. */
	root = s->moves[0];
	s->path[0] = *p;
	n = legal_moves(p, o, root);
	for (i = n; i > 1; i--) {
		struct ep_move t;

		j = (size_t)ply_rng_below(rng, i);
		t = root[i - 1];
		root[i - 1] = root[j];
		root[j] = t;
	}
	captures_first(root, n);
	r->best = root[0];
	r->have_move = 1;
	for (d = 1; d <= depth; d++) {
		struct ep_move *m;
		int alpha = -ENG_WIN - 1;

		/* One iteration at the root over the shuffled list. */
		score = -ENG_WIN - 1;
		best = root[0];
		for (i = 0; i < n && !s->stop; i++) {
			int v;

			if (d > 1 && s->limit && s->nodes >= s->limit) {
				s->stop = 1;
				break;
			}
			m = &root[i];
			s->nodes++;
			s->path[1] = *p;
			ep_make(&s->path[1], o, m);
			if (o->repetition != EP_REP_OFF && ref_occurrences(s, 1) >= 3)
				v = o->repetition == EP_REP_LOSS ? -(ENG_WIN - 1) : 0;
			else if (h && h->plies + 1 >= 2000)
				v = 0;
			else
				v = -ref_search(s, 1, d - 1, -ENG_WIN - 1, -alpha, NULL);
			if (s->stop && d > 1)
				break;
			if (v > score) {
				score = v;
				best = *m;
			}
			if (v > alpha)
				alpha = v;
		}
		if (s->stop && d > 1)
			break;
		s->stop = 0;
		r->best = best;
		r->score = score;
		r->depth = d;
		if (ENG_IS_WIN(score))
			break;
	}
	r->nodes = s->nodes;
out:
	for (d = 0; d <= depth; d++)
		free(s->moves[d]);
	free(s);
	return rc;
}

/* ---- the greedy player ---- */

#define GREEDY_CROSSED 150

int ply_greedy(const struct ep_position *p, const struct ep_options *o,
               const struct eng_history *h, uint64_t *rng,
               struct ply_result *r)
{
	struct ep_move *mv;
	struct ep_position after;
	struct ep_status st;
	enum ep_side me = p->to_move, them = (enum ep_side)!me;
	const struct ep_position *seen = h ? h->seen : NULL;
	size_t nseen = h ? h->nseen : 0, n, i, ties = 0;
	int ended, best = 0, v;

	memset(r, 0, sizeof *r);
	r->score = turn_start(p, o, 0, &ended);
	if (ended || ep_generate(p, o, NULL, 0) == 0)
		return -1;
	mv = malloc(sizeof *mv * EP_MAX_MOVES);
	if (!mv)  /* cannot think: play the first legal move */
	{
		struct ep_move one;

		ep_generate(p, o, &one, 1);
		r->have_move = 1;
		r->best = one;
		return 0;
	}
	n = legal_moves(p, o, mv);
	for (i = 0; i < n; i++) {
		r->nodes++;
		after = *p;
		ep_make(&after, o, &mv[i]);
		if (ep_move_loses(p, o, seen, nseen, &mv[i], NULL, 0) == 1) {
			v = -ENG_WIN;
		} else {
			ep_status(&after, o, &st);
			if (st.result == (me == EP_WHITE ? EP_WHITE_WINS
			                                 : EP_BLACK_WINS))
				v = ENG_WIN;
			else
				v = 100 * (ep_count_pieces(&after, me) -
				           ep_count_pieces(&after, them)) +
				    GREEDY_CROSSED * (ep_count_crossed(&after, me) -
				                      ep_count_crossed(&after, them));
		}
		/* Reservoir choice among the moves of the best score. */
		if (!r->have_move || v > best) {
			best = v;
			ties = 1;
			r->best = mv[i];
			r->have_move = 1;
		} else if (v == best && ply_rng_below(rng, ++ties) == 0) {
			r->best = mv[i];
		}
	}
	r->score = best;
	r->depth = 1;
	free(mv);
	return 0;
}

/* ---- the random player ---- */

int ply_random(const struct ep_position *p, const struct ep_options *o,
               uint64_t *rng, struct ply_result *r)
{
	struct ep_move *mv;
	size_t n;
	int ended;

	memset(r, 0, sizeof *r);
	r->score = turn_start(p, o, 0, &ended);
	if (ended || (n = ep_generate(p, o, NULL, 0)) == 0)
		return -1;
	mv = malloc(sizeof *mv * EP_MAX_MOVES);
	if (!mv) {
		ep_generate(p, o, &r->best, 1);
	} else {
		n = legal_moves(p, o, mv);
		r->best = mv[ply_rng_below(rng, n)];
		free(mv);
	}
	r->have_move = 1;
	r->depth = 1;
	r->nodes = 1;
	return 0;
}
