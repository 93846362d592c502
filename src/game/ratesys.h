/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ratesys.h - the rating systems (issue 34): the arithmetic of one game,
 * apart from the records (ratings.c replays those through this).
 *
 * Each system keeps per player a rating r on the familiar Elo scale,
 * where it has one a rating deviation rd (the standard deviation of
 * what the system believes the player's strength to be, in the same
 * points) and a volatility vol, and the time of the player's last rated
 * game.  Everyone starts at RATING_START.
 *
 *  - Elo, today's and pbmserv's: K = 32, the expected score
 *    1 / (1 + 10^(-d/400)) with d capped at 400, the change rounded to
 *    whole points per player; no deviation.
 *  - Glicko: M. E. Glickman, "Parameter estimation in large dynamic
 *    paired comparison experiments", Applied Statistics 48 (1999)
 *    377-394, and his "The Glicko system" (1995).
 *  - Glicko-2: M. E. Glickman, "Example of the Glicko-2 system"
 *    (2012, revised 2013), with the volatility found by its Illinois
 *    algorithm (step 5), system constant tau.
 *  - Stephenson: A. Stephenson, the system that won the 2012
 *    Deloitte/FIDE Chess Rating Challenge on Kaggle, described in the
 *    appendix "Stephenson System" of his "Comparing Predictive
 *    Performance Of Chess Ratings With The PlayerRatings Package"
 *    (R package PlayerRatings, doc/ChessRatings.pdf; function steph).
 *    Glicko with three more constants: the variance grows by h^2 for
 *    each game of the period as well as by c^2 a period, each game
 *    earns a bonus b (in points of score) whatever its result, and the
 *    rating moves a fraction lambda of the way towards the mean of the
 *    period's opponents (the neighbourhood term).  With h = b = lambda
 *    = 0 it is Glicko.  Its white advantage gamma is 0 here, as in the
 *    other systems.
 *
 * Why not Whole-History Rating (R. Coulom, "Whole-History Rating: A
 * Bayesian rating system for players of time-varying strength", 2008):
 * it re-estimates every player's rating at every date of his history
 * whenever a game is added, so its state is the whole history, not the
 * (r, rd, vol, last) of the ratings table (ratetable.h), and recording
 * one result costs O(history).  Stephenson's system is incremental and
 * fits that state.
 *
 * Rating periods.  Glicko, Glicko-2 and Stephenson rate the games of a
 * period as if played at once.  A correspondence server mails the change when a
 * game ends, so here each game is a period of its own, and the time
 * since the player's last game counts in periods of `period` seconds
 * (one week for Glicko and Stephenson, four for Glicko-2:
 * ratesys_defaults), fractions included: before a game, Glicko and
 * Stephenson widen rd to min(sqrt(rd^2 + c^2 t), rd_start) and Glicko-2 its phi to sqrt(phi^2 + t sigma^2) (capped the
 * same), t the periods since the player's last game.  A player's first
 * game uses rd_start.  The same
 * widening gives the deviation shown for a player who has not played
 * for a while (ratesys_rd_at).
 */
#ifndef EPAM_RATESYS_H
#define EPAM_RATESYS_H

#include <time.h>

#define RATING_START 1600   /* everyone's first rating, every system */
#define RATING_K 32         /* Elo's K */

/* The systems, in the order of the rating_system setting's words. */
enum rating_system {
	RATESYS_ELO = 0,
	RATESYS_GLICKO,
	RATESYS_GLICKO2,
	RATESYS_STEPH,
	RATESYS_COUNT
};

/* A system's constants.  Points are Elo points; period in seconds. */
struct ratesys_params {
	double start;      /* a new player's rating (RATING_START) */
	double k;          /* Elo: points for a whole point above expectation */
	double rd_start;   /* Glicko(-2): a new player's deviation, the cap */
	double c;          /* Glicko: deviation growth, rd^2 += c^2 a period */
	double vol_start;  /* Glicko-2: a new player's volatility */
	double tau;        /* Glicko-2: the system constant */
	double period;     /* Glicko(-2), Stephenson: seconds in a period */
	double h;          /* Stephenson: deviation growth, rd^2 += h^2 a
	                    * game (PlayerRatings' hval) */
	double bonus;      /* Stephenson: b, a game's bonus in points of
	                    * score (PlayerRatings' bval / 100) */
	double lambda;     /* Stephenson: the neighbourhood term's fraction
	                    * (PlayerRatings' lambda / 100) */
};

/* One player's state in one system and class. */
struct ratesys_state {
	double r;          /* rating, Elo points (Elo: a whole number) */
	double rd;         /* deviation, points; 0 for Elo */
	double vol;        /* Glicko-2's volatility; 0 otherwise */
	time_t last;       /* the last rated game's time; 0: none yet */
};

/* One game of a rating period against one opponent: the opponent's
 * rating and deviation, and the player's score (1, 1/2 or 0). */
struct ratesys_opp {
	double r, rd, score;
};

/* The chosen defaults of system sys into *p (BENCHMARKS.md, issue 34,
 * says how they were chosen). */
void ratesys_defaults(int sys, struct ratesys_params *p);

/* The setting's word of sys ("elo", "glicko", "glicko2", "steph"), or
 * "?". */
const char *ratesys_name(int sys);

/* A new player's state. */
void ratesys_init(int sys, const struct ratesys_params *p,
                  struct ratesys_state *s);

/* The deviation of s at time now, widened for the periods since its
 * last game (0 for Elo). */
double ratesys_rd_at(int sys, const struct ratesys_params *p,
                     const struct ratesys_state *s, time_t now);

/* The expected score (0..1) of a player in state a against one in
 * state b at time now: for Elo the capped formula above, for Glicko(-2)
 * and Stephenson the Glicko 1999 prediction with both deviations, g(sqrt(rda^2 +
 * rdb^2)). */
double ratesys_expect(int sys, const struct ratesys_params *p,
                      const struct ratesys_state *a,
                      const struct ratesys_state *b, time_t now);

/* Rate one game played at time when: White in *w, Black in *b, sw
 * White's score (1, 0.5, 0).  Both states are updated from the states
 * before the game (each player's own widening first). */
void ratesys_game(int sys, const struct ratesys_params *p,
                  struct ratesys_state *w, struct ratesys_state *b,
                  double sw, time_t when);

/* One Glicko rating period of the player (r, rd: rd already widened
 * for the period, as in the paper's steps) against n opponents:
 * the new rating and deviation into *r_out, *rd_out.  n may be 0
 * (nothing changes). */
void ratesys_glicko_period(double r, double rd, const struct ratesys_opp *o,
                           int n, double *r_out, double *rd_out);

/* One Glicko-2 rating period (steps 1 to 8 of the 2012 description)
 * of the player (r, rd, vol) against n opponents with system constant
 * tau, where the deviation grows by t periods' volatility (t = 1 in
 * the paper): the new rating, deviation and volatility.  With n = 0
 * only the deviation grows (sqrt(phi^2 + t sigma^2)). */
void ratesys_glicko2_period(double r, double rd, double vol,
                            const struct ratesys_opp *o, int n, double tau,
                            double t, double *r_out, double *rd_out,
                            double *vol_out);

/* One Stephenson rating period (the appendix's step 2) of the player
 * (r, rd: rd already widened by step 1, c^2 a period and capped, as
 * ratesys_rd_at does) against n opponents (their rd widened likewise),
 * with the constants h (points), bonus (points of score) and lambda (a
 * fraction) of struct ratesys_params: v* = 1 / (1 / (rd^2 + n h^2) +
 * d), r* = r + q v* sum k_j (s_j - e_j + bonus) + lambda (mean r_j -
 * r); the new rating and deviation into *r_out, *rd_out.  n may be 0
 * (nothing changes). */
void ratesys_steph_period(double r, double rd, const struct ratesys_opp *o,
                          int n, double h, double bonus, double lambda,
                          double *r_out, double *rd_out);

#endif
