/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval_scan.c - one walk over a side's pieces for the evaluation
 * (eval_scan.h): material, progress, passed pieces, links, and for every
 * maximal group (a phalanx named by its rear piece, RULES.md section 2)
 * the squares it can move to, its best capture, the crossings it can make
 * and the home-row squares where it could capture an intruder.
 *
 * Only maximal groups are walked: a group cut shorter has the same head
 * and moves and captures less far, so the maximal one shows every square
 * and capture threat of the line.  This costs less than listing the moves
 * (ep_generate walks every tail).  The symmetry rule (section 4) and
 * repetition are ignored here; the search sees them.
 *
 * Which pieces may move and which enemy lines may be captured are the
 * rules' answers (rules/turn.h: ep_turn_movable, ep_turn_capturable over
 * the view ep_turn_init_side gives of each side), so the evaluation
 * cannot count a move the rules forbid.
 */
#include <limits.h>

#include "engine/eval_scan.h"
#include "rules/turn.h"

static uint32_t spread(uint32_t m, uint32_t all)
{
	return (m | m << 1 | m >> 1) & all;
}

void eval_board_build(struct eval_board *b, const struct ep_position *p)
{
	int W = p->width, H = p->height, f, r;

	b->width = W;
	b->height = H;
	b->all = W >= 32 ? 0xffffffffu : (1u << W) - 1;
	for (r = 0; r < H; r++) {
		const uint8_t *row = &p->cell[ep_square_at(0, r)];
		uint32_t wm = 0, bm = 0, km = 0;

		for (f = 0; f < W; f++) {
			uint32_t bit = 1u << f;

			switch (row[f]) {
			case EP_WPIECE: wm |= bit; break;
			case EP_BPIECE: bm |= bit; break;
			case EP_BLOCK: km |= bit; break;
			default: break;
			}
		}
		b->piece[EP_WHITE][r] = wm;
		b->piece[EP_BLACK][r] = bm;
		b->block[r] = km;
	}
	/* Black pieces in front of white ones (ranks above), and back. */
	b->cone[EP_BLACK][H - 1] = 0;
	for (r = H - 2; r >= 0; r--)
		b->cone[EP_BLACK][r] = spread(b->piece[EP_BLACK][r + 1] |
		                              b->cone[EP_BLACK][r + 1], b->all);
	b->cone[EP_WHITE][0] = 0;
	for (r = 1; r < H; r++)
		b->cone[EP_WHITE][r] = spread(b->piece[EP_WHITE][r - 1] |
		                              b->cone[EP_WHITE][r - 1], b->all);
}

/* Own pairs side by side along E, N, NE and NW. */
static int count_links(const struct eval_board *b, enum ep_side s)
{
	const uint32_t *m = b->piece[s];
	int r, n = 0;

	for (r = 0; r < b->height; r++) {
		n += eval_popcount(m[r] & m[r] >> 1);
		if (r + 1 < b->height)
			n += eval_popcount(m[r] & m[r + 1]) +
			     eval_popcount(m[r] & (m[r + 1] << 1)) +
			     eval_popcount(m[r] & (m[r + 1] >> 1));
	}
	return n;
}

/* Walk the maximal group whose head is q (file f, rank r) along dir, for
 * the side of w. */
static void walk_group(const struct ep_turn *w, int q, int f, int r, int dir,
                       struct eval_side *out)
{
	int d = ep_dir_offset[dir], n = 1, k, D, b;
	int on_home, forward = ep_dir_drank[dir] == w->toward;

	for (b = q - d; ep_turn_movable(w, b); b -= d)
		n++;
	D = q + d;
	for (k = 1; k <= n; k++, D += d) {
		uint8_t c = w->cell[D];

		on_home = D >= w->home_lo && D <= w->home_hi;
		if (c == EP_EMPTY) {
			out->mobility++;
			if (n >= 2 && on_home)
				out->answer |= 1u << (D - w->home_lo);
			if (forward && D >= w->far_lo && D <= w->far_hi)
				out->cross |= 1u << (D - w->far_lo);
			continue;
		}
		if (c == w->opp) {
			int m = ep_enemy_run(w->cell, D, d, w->opp);

			if (m < n && ep_turn_capturable(w, D, d, m)) {
				int got = w->capture_one ? 1 : m;

				out->mobility++;
				if (got > out->best_capture)
					out->best_capture = got;
				if (on_home)
					out->answer |= 1u << (D - w->home_lo);
				if (forward && D >= w->far_lo && D <= w->far_hi)
					out->cross |= 1u << (D - w->far_lo);
			}
		}
		break;
	}
	if (forward && (w->cell[q + d] == EP_EMPTY || w->cell[q + d] == w->opp)) {
		int dist = w->toward > 0 ? w->pos->height - 1 - r : r;
		int room = ep_dir_dfile[dir] > 0 ? w->pos->width - 1 - f
		           : ep_dir_dfile[dir] < 0 ? f : INT_MAX;

		if (dist > 0 && room >= dist) {
			int t = (dist + n - 1) / n;

			if (t < out->tempo)
				out->tempo = t;
		}
	}
}

/* A set of squares as bit rows shifted by a file step: v[df + 1][r + 1]
 * has bit f set when square (f + df, r) is in the set; rows -1 and H are
 * empty, so a rank step off the board reads nothing. */
struct shifted {
	uint32_t v[3][EP_MAX_H + 2];
};

static void shift_rows(struct shifted *sh, const uint32_t *S, int H,
                       uint32_t all)
{
	int r, i;

	for (i = 0; i < 3; i++)
		sh->v[i][0] = sh->v[i][H + 1] = 0;
	for (r = 0; r < H; r++) {
		sh->v[0][r + 1] = (S[r] << 1) & all;
		sh->v[1][r + 1] = S[r];
		sh->v[2][r + 1] = S[r] >> 1;
	}
}

/* Bit f set when square (f + df, r + dr) is in the set. */
#define NB(sh, r, df, dr) ((sh)->v[(df) + 1][(r) + (dr) + 1])

/*
 * The groups of one piece along dir, done by bit rows: mobility,
 * crossings and the race for the pieces that are a group of one in that
 * direction (nothing own ahead or behind); the longer groups' heads are
 * walked square by square (walk_group).
 */
static void scan_dir(const struct ep_turn *w, const struct eval_board *b,
                     const uint32_t *mov, const struct shifted *smov,
                     const struct shifted *sempty,
                     const struct shifted *starget, int dir, int far,
                     struct eval_side *out)
{
	int H = b->height, df = ep_dir_dfile[dir], dr = ep_dir_drank[dir], r;
	int forward = dr == w->toward;
	uint32_t all = b->all, best_row = 0;
	int best_dist = INT_MAX;

	for (r = 0; r < H; r++) {
		uint32_t m = mov[r], ahead, behind, one, two, step;

		if (!m)
			continue;
		ahead = NB(smov, r, df, dr);
		behind = NB(smov, r, -df, -dr);
		one = m & ~ahead & ~behind;
		two = m & ~ahead & behind;
		step = one & NB(sempty, r, df, dr);
		out->mobility += eval_popcount(step);
		if (forward && r + dr == far && step)
			out->cross |= (df > 0 ? step << 1 : df < 0 ? step >> 1
			               : step) & all;
		if (forward && r != far) {
			int dist = w->toward > 0 ? H - 1 - r : r;
			uint32_t cand = one & NB(starget, r, df, dr), room;

			room = df == 0 ? all
			       : dist >= b->width ? 0
			       : df > 0 ? ((1u << (b->width - dist)) - 1)
			       : all & ~((1u << dist) - 1);
			if ((cand & room) && dist < best_dist) {
				best_dist = dist;
				best_row = cand & room;
			}
		}
		while (two) {
			int f = __builtin_ctz(two);

			two &= two - 1;
			walk_group(w, ep_square_at(f, r), f, r, dir, out);
		}
	}
	if (best_row && best_dist < out->tempo)
		out->tempo = best_dist;
}

void eval_scan_side(const struct ep_position *p, const struct ep_options *o,
                    const struct eval_board *b, enum ep_side s,
                    struct eval_side *out)
{
	struct ep_turn w;
	int H = p->height, far, r, dir;
	uint32_t mov[EP_MAX_H], empty[EP_MAX_H], target[EP_MAX_H];
	struct shifted smov, sempty, starget;

	ep_turn_init_side(&w, p, o, s);
	far = w.far_rank;

	out->pieces = out->crossed = out->frozen = 0;
	out->progress = out->passed2 = out->mobility = out->best_capture = 0;
	out->tempo = INT_MAX;
	out->cross = out->answer = 0;
	out->links = count_links(b, s);
	for (r = 0; r < H; r++) {
		uint32_t m = b->piece[s][r];
		uint32_t free_ = ~b->cone[!s][r] & m;
		int pr = s == EP_WHITE ? r : H - 1 - r;

		empty[r] = b->all & ~(b->piece[0][r] | b->piece[1][r] | b->block[r]);
		target[r] = empty[r] | b->piece[!s][r];
		mov[r] = m;
		if (!m)
			continue;
		out->pieces += eval_popcount(m);
		out->progress += pr * eval_popcount(m);
		if (r == far) {
			out->crossed = eval_popcount(m);
			if (w.frozen) {
				out->frozen = out->crossed;
				mov[r] = 0;
			}
		} else {
			out->passed2 += pr * pr * eval_popcount(free_);
		}
	}
	shift_rows(&smov, mov, H, b->all);
	shift_rows(&sempty, empty, H, b->all);
	shift_rows(&starget, target, H, b->all);
	for (dir = 0; dir < 8; dir++)
		scan_dir(&w, b, mov, &smov, &sempty, &starget, dir, far, out);
}
