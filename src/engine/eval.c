/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval.c - the static evaluation (engine.h eng_evaluate, eval.h
 * eng_evaluate_with): what a position is worth to the side to move
 * without searching, in hundredths of a piece.
 *
 * Terms (the weights are in eval.h, struct eng_eval_weights):
 *  - material, a crossed piece that may no longer move counted apart;
 *  - the crossing rule (RULES.md sections 3 and 6): a crossing pending
 *    against the side to move that it cannot answer (Abbott: capture the
 *    intruder or cross back; igfip: cross) is a lost game, more crossed
 *    pieces at the start of one's turn under Abbott a won one, both kept
 *    within +-ENG_EVAL_MAX so that they never pass for a searched result;
 *  - crossing threats and who can answer them: a crossing the side to
 *    move can make now, worth far more when the opponent could neither
 *    capture the intruder nor cross back; crossings the opponent could
 *    make next move, worth more when the side to move could not answer;
 *  - the race: each side's quickest crossing in moves by one phalanx
 *    (a column of n moves n squares a move); passed pieces (no enemy in
 *    front within the forward cone) by progress; advancement;
 *  - the home-row defence: files of the home rows left empty with the
 *    enemy near them (flank weakness);
 *  - group length and mobility: links in lines, squares the maximal
 *    groups reach, and the best capture each side has.
 * Every term is computed the same way for both sides, so the score is
 * colour- and mirror-symmetric (eval.h).
 */
#include <limits.h>

#include "engine/eval.h"
#include "engine/eval_scan.h"
#include "rules/turn.h"

/* Tuned by bench/eval_selfplay (doc/engine.md): against the
 * first guess (advance 24, threat 10, threat_unans 150, mobility 1,
 * link 3) these won 65% on 8x8 and 75% on 14x12 at 5,000 nodes a move.
 * advance, threat and threat_unans measured neutral or harmful under a
 * search that extends crossings; link was worth most. */
const struct eng_eval_weights eng_eval_default = {
	.piece = 100,
	.frozen = 70,
	.advance = 0,
	.race = 12,
	.passed = 40,
	.hole = 6,
	.cross_now = 30,
	.cross_win = 5000,
	.threat = 0,
	.threat_unans = 40,
	.pending = 20000,
	.mobility = 1,
	.link = 12,
	.capture_stm = 50,
	.capture_opp = 15,
};

const struct eng_eval_weights eng_eval_material = {
	.piece = 100,
	.frozen = 100,
};

int eng_evaluate(const struct ep_position *p, const struct ep_options *o)
{
	return eng_evaluate_with(p, o, &eng_eval_default);
}

static int clamp_eval(long v)
{
	if (v > ENG_EVAL_MAX)
		return ENG_EVAL_MAX;
	if (v < -ENG_EVAL_MAX)
		return -ENG_EVAL_MAX;
	return (int)v;
}

/* Whether side s could capture, next move, an enemy piece that captured
 * its way onto s's home-row square at file f (that square holds a piece
 * of s now): a line of two or more of s's pieces right behind it in some
 * direction.  Rough: the enemy pieces beyond are not counted. */
static int answer_occupied(const struct ep_position *p, enum ep_side s, int f)
{
	int home = s == EP_WHITE ? 0 : p->height - 1, dir;
	uint8_t own = s == EP_WHITE ? EP_WPIECE : EP_BPIECE;
	int q = ep_square_at(f, home);

	for (dir = 0; dir < 8; dir++) {
		int d = ep_dir_offset[dir];

		if (p->cell[q + d] == own && p->cell[q + 2 * d] == own)
			return 1;
	}
	return 0;
}

/* Home-row files of s where an enemy crossing onto them could be
 * answered by a capture (none when captures do not answer). */
static uint32_t capture_answers(const struct ep_position *p,
                                const struct ep_options *o,
                                const struct eval_board *b, enum ep_side s,
                                const struct eval_side *sd, uint32_t landing)
{
	int home = s == EP_WHITE ? 0 : p->height - 1;
	uint32_t ans, occ;

	if (o->ending == EP_ENDING_IGFIP || o->crossed == EP_CROSSED_SAFE)
		return 0;
	ans = sd->answer;
	occ = landing & b->piece[s][home] & ~ans;
	while (occ) {
		int f = __builtin_ctz(occ);

		occ &= occ - 1;
		if (answer_occupied(p, s, f))
			ans |= 1u << f;
	}
	return ans;
}

static int race_value(int tempo)
{
	return tempo >= ENG_EVAL_RACE_HORIZON ? 0 : ENG_EVAL_RACE_HORIZON - tempo;
}

/* Home-row files of s left empty near enemy pieces in s's half. */
static int holes(const struct eval_board *b, enum ep_side s)
{
	int H = b->height, r, lo, hi;
	uint32_t cover, enemy = 0;

	if (s == EP_WHITE) {
		cover = b->piece[s][0] | b->piece[s][1] | b->block[0] | b->block[1];
		lo = 0;
		hi = H / 2;
	} else {
		cover = b->piece[s][H - 1] | b->piece[s][H - 2] |
		        b->block[H - 1] | b->block[H - 2];
		lo = H - H / 2;
		hi = H;
	}
	for (r = lo; r < hi; r++)
		enemy |= b->piece[!s][r];
	enemy |= enemy << 1 | enemy >> 1;
	enemy |= enemy << 1 | enemy >> 1;
	return eval_popcount(~cover & enemy & b->all);
}

/* Whether only the material weights are set (the scans are skipped). */
static int material_only(const struct eng_eval_weights *w)
{
	return !(w->advance | w->race | w->passed | w->hole | w->cross_now |
	         w->cross_win | w->threat | w->threat_unans | w->pending |
	         w->mobility | w->link | w->capture_stm | w->capture_opp);
}

/* Material alone, for the side to move. */
static long material_score(const struct ep_position *p,
                           const struct ep_options *o,
                           const struct eng_eval_weights *w)
{
	enum ep_side s = p->to_move, t = s == EP_WHITE ? EP_BLACK : EP_WHITE;
	int ms = ep_count_pieces(p, s), mt = ep_count_pieces(p, t);
	int fs = 0, ft = 0;

	if (o->crossed != EP_CROSSED_MOVE) {
		fs = ep_count_crossed(p, s);
		ft = ep_count_crossed(p, t);
	}
	return (long)w->piece * ((ms - fs) - (mt - ft)) +
	       (long)w->frozen * (fs - ft);
}

int eng_evaluate_with(const struct ep_position *p, const struct ep_options *o,
                      const struct eng_eval_weights *w)
{
	struct eval_board b;
	struct eval_side sd[2], *me, *op;
	enum ep_side stm = p->to_move, opp = stm == EP_WHITE ? EP_BLACK : EP_WHITE;
	int H = p->height, igfip = o->ending == EP_ENDING_IGFIP;
	long score = 0;
	int decided = 0;

	if (material_only(w))
		return clamp_eval(material_score(p, o, w));
	eval_board_build(&b, p);
	eval_scan_side(p, o, &b, EP_WHITE, &sd[EP_WHITE]);
	eval_scan_side(p, o, &b, EP_BLACK, &sd[EP_BLACK]);
	me = &sd[stm];
	op = &sd[opp];

	/* The crossing rule at the start of this turn: decided is +1 when the
	 * side to move has won, -1 when it loses whatever it plays. */
	if (!igfip && me->crossed > op->crossed) {
		decided = 1;
	} else if (op->crossed > me->crossed) {
		int home = stm == EP_WHITE ? 0 : H - 1;
		uint32_t intruders = b.piece[opp][home];
		int answered = me->cross != 0;

		if (!igfip && o->crossed != EP_CROSSED_SAFE &&
		    (me->answer & intruders))
			answered = 1;
		if (!answered || op->crossed - me->crossed >= 2)
			decided = -1;
	}

	/* Material. */
	score += (long)w->piece * ((me->pieces - me->frozen) - (op->pieces - op->frozen));
	score += (long)w->frozen * (me->frozen - op->frozen);
	if (decided)
		return clamp_eval(score + (long)decided * w->pending);

	/* Crossings now, and the opponent's next. */
	if (me->crossed == op->crossed) {
		uint32_t mine = me->cross, theirs = op->cross;

		if (mine) {
			uint32_t held = capture_answers(p, o, &b, opp, op, mine);

			if ((mine & ~held) && !op->cross)
				score += w->cross_win;
			else
				score += w->cross_now;
		}
		if (theirs) {
			uint32_t held = me->cross ? b.all
			                : capture_answers(p, o, &b, stm, me, theirs);
			int un = eval_popcount(theirs & ~held), an = eval_popcount(theirs & held);

			score -= (long)w->threat_unans * (un < 3 ? un : 3);
			score -= (long)w->threat * (an < 3 ? an : 3);
		}
	}

	/* The race and the defence. */
	score += (long)w->race * (race_value(me->tempo) - race_value(op->tempo));
	score += (long)w->advance * (me->progress - op->progress) / 16;
	if (H > 1)
		score += (long)w->passed * (me->passed2 - op->passed2) /
		         ((H - 1) * (H - 1));
	score -= (long)w->hole * (holes(&b, stm) - holes(&b, opp));

	/* Groups and mobility. */
	score += (long)w->mobility * (me->mobility - op->mobility);
	score += (long)w->link * (me->links - op->links);
	score += (long)w->capture_stm * w->piece * me->best_capture / 100;
	score -= (long)w->capture_opp * w->piece * op->best_capture / 100;

	return clamp_eval(score);
}
