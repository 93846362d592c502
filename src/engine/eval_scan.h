/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval_scan.h - what the evaluation learns about one side in one walk
 * over its pieces (engine/eval_scan.c), shared by eval.c only.
 *
 * Files are bits (bit f = file f, 0 = 'a'); ranks are 0-based (0 = rank
 * 1, White's home row).  "Home row" and "far row" are the side's own.
 */
#ifndef EPAM_ENGINE_EVAL_SCAN_H
#define EPAM_ENGINE_EVAL_SCAN_H

#include <stdint.h>

#include "engine/engine.h"

/* Bits set in m, without a libgcc call where the target has no popcount
 * instruction (the build has no -mpopcnt). */
static inline int eval_popcount(uint32_t m)
{
	m = m - ((m >> 1) & 0x55555555u);
	m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
	m = (m + (m >> 4)) & 0x0f0f0f0fu;
	return (int)((m * 0x01010101u) >> 24);
}

/* The board as bit rows, built once per evaluation. */
struct eval_board {
	int width, height;
	uint32_t all;                  /* the files of the board */
	uint32_t piece[2][EP_MAX_H];   /* [EP_WHITE|EP_BLACK][rank] */
	uint32_t block[EP_MAX_H];
	/* cone[s][r]: files f such that a piece of s stands in front of a
	 * piece of the other side at (f, r), within its forward cone
	 * (rank distance t ahead of it, at most t files aside). */
	uint32_t cone[2][EP_MAX_H];
};

struct eval_side {
	int pieces;          /* on the board */
	int crossed;         /* on its far row */
	int frozen;          /* crossed and no longer movable */
	int progress;        /* sum over pieces of ranks from the home row */
	int passed2;         /* sum over passed pieces of progress squared */
	int links;           /* own pairs side by side in a line */
	int mobility;        /* squares maximal groups can move or capture to */
	int best_capture;    /* most enemy pieces one move removes */
	int tempo;           /* fewest moves to a crossing by one phalanx,
	                        path taken as clear; INT_MAX for none */
	uint32_t cross;      /* far-row files one move can cross onto */
	uint32_t answer;     /* home-row files where a piece landing there
	                        could be captured next move */
};

/* Fill b from p (bit rows and cones). */
void eval_board_build(struct eval_board *b, const struct ep_position *p);

/* Scan side s of p under o into *out, with b from eval_board_build. */
void eval_scan_side(const struct ep_position *p, const struct ep_options *o,
                    const struct eval_board *b, enum ep_side s,
                    struct eval_side *out);

#endif
