/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ratesys.c - Elo, Glicko, Glicko-2 and Stephenson (see ratesys.h for the
 * papers and
 * for how rating periods are counted here).  Written from the papers'
 * formulas; the names follow them (q, g, E, d^2; mu, phi, sigma, v,
 * Delta, tau; Stephenson's v, k_j, e_j, d, b, lambda).
 */
#include "game/ratesys.h"

#include <math.h>
#include <stddef.h>

#define RS_WEEK (7.0 * 86400.0)
#define RS_PI 3.14159265358979323846
#define RS_Q (2.302585092994046 / 400.0)  /* Glicko's q = ln 10 / 400 */
#define RS_SCALE 173.7178         /* Glicko-2: 400 / ln 10, as printed */
#define RS_EPSILON 0.000001       /* Glicko-2 step 5's convergence */

/* Stephenson's constants: c (points a week), h (points a game), b,
 * lambda.  Tuned by bench/rating_bench on the synthetic communities,
 * h, b and lambda all go to 0, which is Glicko (BENCHMARKS.md, issue
 * 34); so the setting keeps its author's defaults (PlayerRatings'
 * steph: hval 10, bval 0, lambda 2, i.e. h 10, b 0, lambda 0.02), with
 * the c tuned for Glicko (5 a week, his cval 10 a month spread over
 * weeks is 4.8) and the starting deviation 250 of the others. */
#define STEPH_C 5.0
#define STEPH_H 10.0
#define STEPH_BONUS 0.0
#define STEPH_LAMBDA 0.02

static const char *const rs_names[RATESYS_COUNT] = {
	"elo", "glicko", "glicko2", "steph"
};

const char *ratesys_name(int sys)
{
	return sys >= 0 && sys < RATESYS_COUNT ? rs_names[sys] : "?";
}

void ratesys_defaults(int sys, struct ratesys_params *p)
{
	/* Elo keeps pbmserv's constants (the records' numbers).  Glicko's
	 * and Glicko-2's were chosen by bench/rating_bench on the synthetic
	 * communities' training seeds (BENCHMARKS.md, issue 34): a new
	 * player's deviation 250, Glicko's c 5 points a week, Glicko-2's
	 * tau 1.2 (the top of the paper's 0.3 to 1.2) with four-week
	 * periods. */
	p->start = RATING_START;
	p->k = RATING_K;
	p->rd_start = 250.0;
	p->c = 5.0;
	p->vol_start = 0.06;
	p->tau = 1.2;
	p->period = sys == RATESYS_GLICKO2 ? 4 * RS_WEEK : RS_WEEK;
	/* Stephenson's: the STEPH_ constants above. */
	p->h = 0.0;
	p->bonus = 0.0;
	p->lambda = 0.0;
	if (sys == RATESYS_STEPH) {
		p->c = STEPH_C;
		p->h = STEPH_H;
		p->bonus = STEPH_BONUS;
		p->lambda = STEPH_LAMBDA;
	}
}

void ratesys_init(int sys, const struct ratesys_params *p,
                  struct ratesys_state *s)
{
	s->r = p->start;
	s->rd = sys == RATESYS_ELO ? 0.0 : p->rd_start;
	s->vol = sys == RATESYS_GLICKO2 ? p->vol_start : 0.0;
	s->last = 0;
}

/* Rating periods from the last game of s to now (0 before any game). */
static double rs_periods(const struct ratesys_params *p,
                         const struct ratesys_state *s, time_t now)
{
	if (!s->last || now <= s->last || p->period <= 0)
		return 0.0;
	return difftime(now, s->last) / p->period;
}

double ratesys_rd_at(int sys, const struct ratesys_params *p,
                     const struct ratesys_state *s, time_t now)
{
	double t = rs_periods(p, s, now), rd;

	switch (sys) {
	case RATESYS_GLICKO:
	case RATESYS_STEPH:
		rd = sqrt(s->rd * s->rd + p->c * p->c * t);
		break;
	case RATESYS_GLICKO2:
		/* phi^2 + t sigma^2 on the Glicko-2 scale */
		rd = RS_SCALE * sqrt((s->rd / RS_SCALE) * (s->rd / RS_SCALE) +
		                     t * s->vol * s->vol);
		break;
	default:
		return 0.0;
	}
	return rd < p->rd_start ? rd : p->rd_start;
}

/* Elo's expectation of a player d points above the other, d capped. */
static double rs_elo_expect(double d)
{
	if (d > 400)
		d = 400;
	if (d < -400)
		d = -400;
	return 1.0 / (1.0 + pow(10.0, -d / 400.0));
}

/* Glicko's g(RD), and E of r against rj with deviation rdj. */
static double rs_g(double rd)
{
	return 1.0 / sqrt(1.0 + 3.0 * RS_Q * RS_Q * rd * rd / (RS_PI * RS_PI));
}

static double rs_e(double r, double rj, double rdj)
{
	return 1.0 / (1.0 + pow(10.0, -rs_g(rdj) * (r - rj) / 400.0));
}

double ratesys_expect(int sys, const struct ratesys_params *p,
                      const struct ratesys_state *a,
                      const struct ratesys_state *b, time_t now)
{
	double ra, rb;

	if (sys == RATESYS_ELO)
		return rs_elo_expect(a->r - b->r);
	ra = ratesys_rd_at(sys, p, a, now);
	rb = ratesys_rd_at(sys, p, b, now);
	return rs_e(a->r, b->r, sqrt(ra * ra + rb * rb));
}

static double rs_round(double x)
{
	return x >= 0 ? floor(x + 0.5) : -floor(-x + 0.5);
}

void ratesys_glicko_period(double r, double rd, const struct ratesys_opp *o,
                           int n, double *r_out, double *rd_out)
{
	double sum_d = 0.0, sum_r = 0.0, d2inv, denom;
	int j;

	if (n == 0) {
		*r_out = r;
		*rd_out = rd;
		return;
	}
	for (j = 0; j < n; j++) {
		double g = rs_g(o[j].rd), e = rs_e(r, o[j].r, o[j].rd);
		sum_d += g * g * e * (1.0 - e);
		sum_r += g * (o[j].score - e);
	}
	d2inv = RS_Q * RS_Q * sum_d;             /* 1 / d^2 */
	denom = 1.0 / (rd * rd) + d2inv;
	*r_out = r + RS_Q / denom * sum_r;
	*rd_out = sqrt(1.0 / denom);
}

void ratesys_steph_period(double r, double rd, const struct ratesys_opp *o,
                          int n, double h, double bonus, double lambda,
                          double *r_out, double *rd_out)
{
	double v = rd * rd, d = 0.0, sum = 0.0, rbar = 0.0, vstar;
	int j;

	if (n == 0) {
		*r_out = r;
		*rd_out = rd;
		return;
	}
	for (j = 0; j < n; j++) {
		/* k_j is Glicko's g of the opponent's deviation, e_j his E
		 * (white advantage gamma 0) */
		double k = rs_g(o[j].rd), e = rs_e(r, o[j].r, o[j].rd);
		d += k * k * e * (1.0 - e);
		sum += k * (o[j].score - e + bonus);
		rbar += o[j].r;
	}
	d *= RS_Q * RS_Q;
	rbar /= n;
	vstar = 1.0 / (1.0 / (v + n * h * h) + d);
	*r_out = r + RS_Q * vstar * sum + lambda * (rbar - r);
	*rd_out = sqrt(vstar);
}

/* Glicko-2's g(phi) and E(mu, mu_j, phi_j). */
static double rs_g2(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (RS_PI * RS_PI));
}

static double rs_e2(double mu, double muj, double phij)
{
	return 1.0 / (1.0 + exp(-rs_g2(phij) * (mu - muj)));
}

/* Step 5's f(x). */
static double rs_f(double x, double delta, double phi, double v, double a,
                   double tau)
{
	double ex = exp(x), s = phi * phi + v + ex;

	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * s * s) -
	       (x - a) / (tau * tau);
}

/* Step 5: the new volatility by the Illinois algorithm. */
static double rs_volatility(double delta, double phi, double v, double sigma,
                            double tau)
{
	double a = log(sigma * sigma), A = a, B, fA, fB;
	int k, i;

	if (delta * delta > phi * phi + v) {
		B = log(delta * delta - phi * phi - v);
	} else {
		for (k = 1; k < 1000 && rs_f(a - k * tau, delta, phi, v, a,
		                              tau) < 0; k++)
			;
		B = a - k * tau;
	}
	fA = rs_f(A, delta, phi, v, a, tau);
	fB = rs_f(B, delta, phi, v, a, tau);
	for (i = 0; i < 1000 && fabs(B - A) > RS_EPSILON; i++) {
		double C = A + (A - B) * fA / (fB - fA);
		double fC = rs_f(C, delta, phi, v, a, tau);
		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else {
			fA /= 2.0;
		}
		B = C;
		fB = fC;
	}
	return exp(A / 2.0);
}

void ratesys_glicko2_period(double r, double rd, double vol,
                            const struct ratesys_opp *o, int n, double tau,
                            double t, double *r_out, double *rd_out,
                            double *vol_out)
{
	/* Step 2: to the Glicko-2 scale. */
	double mu = (r - 1500.0) / RS_SCALE, phi = rd / RS_SCALE;
	double vinv = 0.0, sum = 0.0, v, delta, sigma, phistar, phinew;
	int j;

	if (n == 0) {
		*r_out = r;
		*rd_out = RS_SCALE * sqrt(phi * phi + t * vol * vol);
		*vol_out = vol;
		return;
	}
	/* Steps 3 and 4: v and Delta. */
	for (j = 0; j < n; j++) {
		double muj = (o[j].r - 1500.0) / RS_SCALE;
		double phij = o[j].rd / RS_SCALE;
		double g = rs_g2(phij), e = rs_e2(mu, muj, phij);
		vinv += g * g * e * (1.0 - e);
		sum += g * (o[j].score - e);
	}
	v = 1.0 / vinv;
	delta = v * sum;
	/* Step 5: the new volatility; step 6: the pre-period deviation
	 * (t periods' worth); step 7: the new deviation and rating. */
	sigma = rs_volatility(delta, phi, v, vol, tau);
	phistar = sqrt(phi * phi + t * sigma * sigma);
	phinew = 1.0 / sqrt(1.0 / (phistar * phistar) + 1.0 / v);
	/* Step 8: back to the Glicko scale. */
	*r_out = RS_SCALE * (mu + phinew * phinew * sum) + 1500.0;
	*rd_out = RS_SCALE * phinew;
	*vol_out = sigma;
}

/* One player's side of a game: *s against the opponent's state before
 * the game, o. */
static void rs_side(int sys, const struct ratesys_params *p,
                    struct ratesys_state *s, const struct ratesys_state *o,
                    double score, time_t when)
{
	struct ratesys_opp opp;
	double rd, r2, rd2, vol2;

	opp.r = o->r;
	opp.rd = ratesys_rd_at(sys, p, o, when);
	opp.score = score;
	if (sys == RATESYS_GLICKO) {
		rd = ratesys_rd_at(sys, p, s, when);
		ratesys_glicko_period(s->r, rd, &opp, 1, &r2, &rd2);
	} else if (sys == RATESYS_STEPH) {
		rd = ratesys_rd_at(sys, p, s, when);
		ratesys_steph_period(s->r, rd, &opp, 1, p->h, p->bonus,
		                     p->lambda, &r2, &rd2);
	} else {
		/* the widening is step 6's, with t periods */
		double t = rs_periods(p, s, when);
		ratesys_glicko2_period(s->r, s->rd, s->vol, &opp, 1, p->tau, t,
		                       &r2, &rd2, &vol2);
		s->vol = vol2;
	}
	s->r = r2;
	s->rd = rd2 < p->rd_start ? rd2 : p->rd_start;
}

void ratesys_game(int sys, const struct ratesys_params *p,
                  struct ratesys_state *w, struct ratesys_state *b,
                  double sw, time_t when)
{
	struct ratesys_state w0 = *w, b0 = *b;

	if (sys == RATESYS_ELO) {
		/* whole points, each player's change rounded (pbmserv) */
		w->r += rs_round(p->k * (sw - rs_elo_expect(w0.r - b0.r)));
		b->r += rs_round(p->k * ((1.0 - sw) -
		                         rs_elo_expect(b0.r - w0.r)));
	} else {
		rs_side(sys, p, w, &b0, sw, when);
		rs_side(sys, p, b, &w0, 1.0 - sw, when);
	}
	w->last = when;
	b->last = when;
}
