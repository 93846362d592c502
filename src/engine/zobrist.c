/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * zobrist.c - Zobrist keys of positions, for the transposition table and
 * for repetition (RULES.md section 5) inside the search.
 *
 * A key is the XOR of one random 64-bit number per (square, piece) and
 * one for Black to move.  The numbers come from splitmix64 with a fixed
 * seed, so keys are the same in every engine and on every machine.  A
 * child's key is made from its parent's by comparing only the squares on
 * the move's line (tail to the last captured piece): every square a move
 * changes lies there, and which ones change is left to ep_make.
 */
#include "engine/internal.h"

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void eng_zobrist_init(struct eng *e)
{
	uint64_t state = 0x45504d4153454e47ULL;  /* "EPMASENG" */
	int q;

	for (q = 0; q < EP_CELLS; q++) {
		e->zob[q][EP_EMPTY] = 0;
		e->zob[q][EP_WPIECE] = splitmix64(&state);
		e->zob[q][EP_BPIECE] = splitmix64(&state);
	}
	e->zob_black = splitmix64(&state);
}

void eng_key_salt(struct eng *e, const struct ep_options *o)
{
	uint64_t state = (uint64_t)o->width << 40 ^ (uint64_t)o->height << 32 ^
	                 (uint64_t)o->capture << 24 ^ (uint64_t)o->crossed << 16 ^
	                 (uint64_t)o->symmetry << 8 ^ (uint64_t)o->ending << 4 ^
	                 (uint64_t)o->repetition;

	e->salt = splitmix64(&state);
}

uint64_t eng_key(const struct eng *e, const struct ep_position *p)
{
	uint64_t key = (p->to_move == EP_BLACK ? e->zob_black : 0) ^ e->salt;
	int f, r;

	for (r = 0; r < p->height; r++)
		for (f = 0; f < p->width; f++) {
			int q = EP_SQ(f, r), c = p->cell[q];

			if (c == EP_WPIECE || c == EP_BPIECE)
				key ^= e->zob[q][c];
		}
	return key;
}

uint64_t eng_key_after(const struct eng *e, uint64_t key,
                       const struct ep_position *before,
                       const struct ep_position *after,
                       const struct ep_move *m)
{
	int d = ep_dir_offset[m->dir], q = m->tail, i;
	int len = m->n + m->k + (m->captured ? m->captured - 1 : 0);

	for (i = 0; i < len; i++, q += d) {
		int b = before->cell[q], a = after->cell[q];

		if (b != a)
			key ^= e->zob[q][b] ^ e->zob[q][a];
	}
	return key ^ e->zob_black;
}
