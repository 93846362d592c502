/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval.h - the static evaluation's terms and weights (engine/eval.c,
 * eval_scan.c), for tuning and for comparing settings of the engine.
 *
 * eng_evaluate() (engine.h) is eng_evaluate_with() under the defaults;
 * an engine's searches use its own weights (eng_set_eval; the defaults
 * unless changed).  Every weight is an
 * integer; a term's unit is given beside it.  Scores are in hundredths of
 * a piece from the side to move's view, and always lie within
 * +-ENG_EVAL_MAX, well below ENG_WIN - ENG_MAX_PLY, so that an evaluation
 * is never taken for a won or lost game (ENG_IS_WIN).
 */
#ifndef EPAM_ENGINE_EVAL_H
#define EPAM_ENGINE_EVAL_H

#include "engine/engine.h"

#define ENG_EVAL_MAX 30000

struct eng_eval_weights {
	/* material */
	int piece;          /* a piece on the board */
	int frozen;         /* a crossed piece that may no longer move
	                       (-crossed=stay|safe), instead of piece */
	/* the home-row race and defence */
	int advance;        /* per piece and rank of progress toward its far
	                       row, in 1/16 of a hundredth */
	int race;           /* per tempo by which a side's quickest crossing
	                       (clear path, its phalanx's reach) is under
	                       ENG_EVAL_RACE_HORIZON moves */
	int passed;         /* a piece no enemy piece stands in front of
	                       (within the forward cone), at its far row's
	                       door; scaled by its progress */
	int hole;           /* a file whose two home-row squares are empty,
	                       with an enemy piece in our half within two
	                       files of it (flank weakness) */
	/* crossing threats and who can answer them */
	int cross_now;      /* the side to move can cross now, but the
	                       opponent could answer */
	int cross_win;      /* the side to move can cross now and the
	                       opponent could neither capture the intruder
	                       nor cross back */
	int threat;         /* the opponent could cross next move and the side
	                       to move could answer it, per landing square
	                       (at most 3) */
	int threat_unans;   /* the opponent could cross next move and the side
	                       to move could not answer it, per landing
	                       square (at most 3) */
	int pending;        /* a crossing pending against the side to move
	                       that it cannot answer (it loses this turn);
	                       the same with the sign turned when the side to
	                       move has more crossed pieces (it has won) */
	/* group length and mobility */
	int mobility;       /* per square a maximal group can move to or
	                       capture on */
	int link;           /* per pair of own pieces side by side in a line
	                       (a phalanx of n in a line is n-1 links) */
	int capture_stm;    /* percent of the side to move's best capture
	                       (pieces it removes, times piece) */
	int capture_opp;    /* percent of the opponent's best capture */
};

#define ENG_EVAL_RACE_HORIZON 4

/* The defaults (what eng_evaluate and a new engine use) and material
 * alone (piece 100, the rest 0). */
extern const struct eng_eval_weights eng_eval_default;
extern const struct eng_eval_weights eng_eval_material;

/*
 * The static evaluation of p under options o for the side to move with
 * the weights w (not NULL), in hundredths of a piece, within
 * +-ENG_EVAL_MAX.  Symmetric: the position mirrored rank r <-> H+1-r with
 * colours and the side to move swapped, and the position mirrored file
 * c <-> W+1-c, score the same.  No allocation; reads p and o only.
 */
int eng_evaluate_with(const struct ep_position *p, const struct ep_options *o,
                      const struct eng_eval_weights *w);

/*
 * Make e's searches evaluate with the weights *w, or the defaults again
 * when w is NULL; other engines are not affected.  Only the pointer is
 * kept: *w must outlive e's searches.  Clears e's tables (eng_clear):
 * what they learnt was worth something else under the old weights.  For
 * tuning harnesses that compare settings, one engine a setting.
 */
void eng_set_eval(struct eng *e, const struct eng_eval_weights *w);

/* The weights e's searches use (never NULL). */
const struct eng_eval_weights *eng_eval_of(const struct eng *e);

#endif
