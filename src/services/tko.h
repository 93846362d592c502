/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tko.h - a knockout tournament's bracket (issue 17 part 4), read from
 * the tournament file and its table (ttable.h): who meets whom in every
 * round, each match's games and who went through.
 *
 * Seeds are the pairing numbers (1 = tf->player[0], the best rated at
 * the start).  Round 1 is tny_ko_bracket's first round (seeds above the
 * number of players are byes: the top seeds get them); a later round's
 * lines are the previous round's winners in bracket order.  A match is
 * two games, the higher seed White in game 1 and Black in game 2: a
 * match's boards are the tournament's boards of that round between its
 * two players in file order (game 1, game 2, then the deciding game).
 * At 2-2 (half-points) a deciding game decides, White by
 * tny_ko_decider_white(tf->lot, round, high, low); a drawn decider sends
 * through the player who had Black (tny_ko_winner).  Withdrawal: a
 * match not decided by its games when one player has withdrawn is won
 * by the other (a walkover; with both withdrawn, the higher seed goes
 * on and his next opponent has the walkover).
 */
#ifndef EPAM_SERVICES_TKO_H
#define EPAM_SERVICES_TKO_H

#include "services/tfile.h"
#include "services/ttable.h"
#include "util/buf.h"

#define TKO_ROUNDS_MAX 5                 /* 20 players: a bracket of 32 */
#define TKO_MATCHES_MAX 16               /* its first round */

enum tko_how {
	TKO_WAITING = 0, /* players not known yet (an earlier round runs) */
	TKO_PLAYING,     /* boards made or to be made, not decided */
	TKO_PLAYED,      /* decided by its games */
	TKO_BYE,         /* one line of the bracket empty */
	TKO_WALKOVER     /* decided by a withdrawal */
};

struct tko_match {
	int high, low;        /* seeds, high < low; low > n: a bye; 0: not
	                         known yet */
	int board[3];         /* indexes into tf->boards: game 1, game 2,
	                         the decider; -1 none */
	int res[3];           /* half-points for high; -1 to play or none */
	int decider_white;    /* the seed with White in the decider */
	int winner;           /* seed, 0 undecided */
	enum tko_how how;
};

struct tko {
	int size, rounds;     /* the bracket's lines and rounds */
	int nmatch[TKO_ROUNDS_MAX + 1];          /* per round 1.. */
	struct tko_match m[TKO_ROUNDS_MAX + 1][TKO_MATCHES_MAX];
	int current;          /* the first round not all decided; rounds+1
	                         when the final is */
	int champion;         /* the final's winner (seed), 0 */
};

/* Rounds of a knockout of n players (2..TF_PLAYERS_MAX), or -1. */
int tko_rounds(int n);

/* The bracket of running or finished knockout tf from its table t
 * (tt_build: t->result per board).  0, or -1 (tf damaged: more
 * players than a bracket takes, a board no match holds; logged). */
int tko_build(const struct tfile *tf, const struct ttable *t,
              struct tko *k);

/* The bracket as text (appended to b): every round's matches, their
 * games (from the higher seed's side) and who went through. */
void tko_text(const struct tfile *tf, const struct tko *k, struct buf *b);

#endif
