/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rating_bench.c - which rating system predicts its games best (issue 34
 * item 2).  Replays results in the order they finished and scores each
 * system's expected score for White (game/ratesys.h: ratesys_expect)
 * before each game is rated, by log loss and Brier score (lower is
 * better), on
 *
 *  (a) synthetic correspondence communities with known strengths:
 *      players join over two years, play in spells (a few games a month
 *      at most, mostly fewer) with long pauses between, strengths drift
 *      slowly, results drawn from the true strengths (a few draws);
 *      seeds 1-20 tune each system's constants, seeds 101-120 measure;
 *  (b) robot matches between the engine's levels (a results file made
 *      by `epamserv match`, see bench/rating_robots.txt): the first half
 *      of the games tunes, the second half (rated on from the first)
 *      measures; and the order of the final ratings is compared with
 *      the levels' true order.
 *
 *   bench/rating_bench [ROBOT-RESULTS]
 *
 * Prints Markdown tables (BENCHMARKS.md, "Issue 34: rating systems").
 * Deterministic: same output for the same build and file.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game/ratesys.h"

#define WEEK (7 * 86400)
#define T0 1798761600          /* 2027-01-01: the communities' start */
#define MAXP 128
#define MAXG 20000

struct bgame {
	int w, b;
	double sw;                 /* White's score */
	time_t when;
};

struct score {
	double logloss, brier;
	int n;
};

/* xorshift64*: the communities' dice. */
static unsigned long long rng_state;

static double urand(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return ((rng_state * 2685821657736338717ULL) >> 11) * (1.0 / 9007199254740992.0);
}

static double nrand(void)
{
	double u = urand(), v = urand();

	if (u < 1e-300)
		u = 1e-300;
	return sqrt(-2 * log(u)) * cos(2 * 3.14159265358979323846 * v);
}

static double erand(double mean)
{
	return -mean * log(1.0 - urand());
}

static int by_time(const void *a, const void *b)
{
	const struct bgame *x = a, *y = b;

	return x->when < y->when ? -1 : x->when > y->when;
}

/* One synthetic community of seed: up to MAXG games into g, the
 * number of games returned. */
static int community(unsigned seed, struct bgame *g)
{
	double theta[MAXP], rate[MAXP];
	int join[MAXP], active[MAXP], until[MAXP];
	int np = 80, weeks = 156, n = 0, wk, i;

	rng_state = 0x9E3779B97F4A7C15ULL ^ ((unsigned long long)seed * 7919);
	for (i = 0; i < np; i++) {
		theta[i] = 1600 + 250 * nrand();
		join[i] = (int)(urand() * 104);
		rate[i] = 0.3 * exp(0.8 * nrand());   /* games started a week */
		active[i] = 1;
		until[i] = join[i] + 1 + (int)erand(8);
	}
	for (wk = 0; wk < weeks; wk++) {
		int act[MAXP], na = 0;
		for (i = 0; i < np; i++) {
			if (wk < join[i])
				continue;
			if (wk >= until[i]) {      /* a spell or pause ends */
				active[i] = !active[i];
				until[i] = wk + 1 + (int)erand(active[i] ? 8 : 20);
			}
			theta[i] += 5 * nrand();   /* slow drift */
			if (active[i])
				act[na++] = i;
		}
		for (i = 0; i < na && na > 1; i++) {
			int p = act[i], k;
			double x = rate[p], pk = exp(-x), cum = pk, u = urand();
			/* a Poisson number of games started this week */
			for (k = 0; u > cum && k < 10; k++) {
				pk *= x / (k + 1);
				cum += pk;
			}
			while (k-- > 0 && n < MAXG) {
				int o = act[(int)(urand() * na)];
				double pw, d;
				if (o == p)
					continue;
				d = theta[p] - theta[o];
				pw = 1.0 / (1.0 + pow(10.0, -d / 400.0));
				g[n].w = urand() < 0.5 ? p : o;
				g[n].b = g[n].w == p ? o : p;
				if (g[n].w != p)
					pw = 1.0 - pw;
				d = urand();
				g[n].sw = d < 0.04 ? 0.5 : urand() < pw ? 1.0 : 0.0;
				g[n].when = T0 + (time_t)wk * WEEK +
				            (time_t)((1 + urand() * 6) * WEEK);
				n++;
			}
		}
	}
	qsort(g, (size_t)n, sizeof *g, by_time);
	return n;
}

/* Replay g[0..n) under sys and p, scoring the games from index from
 * on into *sc; the final states into st (MAXP players) when not NULL. */
static void replay(int sys, const struct ratesys_params *p,
                   const struct bgame *g, int n, int from, struct score *sc,
                   struct ratesys_state *st)
{
	struct ratesys_state s[MAXP];
	int i;

	for (i = 0; i < MAXP; i++)
		ratesys_init(sys, p, &s[i]);
	for (i = 0; i < n; i++) {
		double e = ratesys_expect(sys, p, &s[g[i].w], &s[g[i].b],
		                          g[i].when);
		if (i >= from) {
			double ec = e < 1e-9 ? 1e-9 : e > 1 - 1e-9 ? 1 - 1e-9 : e;
			sc->logloss -= g[i].sw * log(ec) +
			               (1 - g[i].sw) * log(1 - ec);
			sc->brier += (e - g[i].sw) * (e - g[i].sw);
			sc->n++;
		}
		ratesys_game(sys, p, &s[g[i].w], &s[g[i].b], g[i].sw,
		             g[i].when);
	}
	if (st)
		memcpy(st, s, sizeof s);
}

/* The grids of constants tried, per system. */
static const double k_grid[] = { 8, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96,
                                 128 };
static const double rd_grid[] = { 150, 200, 225, 250, 275, 300, 350 };
static const double c_grid[] = { 0, 5, 10, 15, 20, 30, 45, 60, 90 };
static const double tau_grid[] = { 0.3, 0.5, 0.75, 1.0, 1.2 };  /* the paper's range */
static const double period_grid[] = { 86400, WEEK, 4 * WEEK, 13 * WEEK };
/* Stephenson: rd_grid and c_grid as Glicko's (c a week), with */
static const double h_grid[] = { 0, 5, 10, 20, 40 };          /* points a game */
static const double bonus_grid[] = { 0, 0.01, 0.03 };         /* b */
static const double lambda_grid[] = { 0, 0.01, 0.02, 0.05, 0.1 };
#define N(a) ((int)(sizeof a / sizeof a[0]))

/* The number of parameter sets of sys, and set i of them into *p. */
static int grid(int sys, int i, struct ratesys_params *p)
{
	ratesys_defaults(sys, p);
	switch (sys) {
	case RATESYS_ELO:
		if (i < N(k_grid))
			p->k = k_grid[i];
		return N(k_grid);
	case RATESYS_GLICKO:
		if (i < N(rd_grid) * N(c_grid)) {
			p->rd_start = rd_grid[i / N(c_grid)];
			p->c = c_grid[i % N(c_grid)];
		}
		return N(rd_grid) * N(c_grid);
	case RATESYS_STEPH: {
		int m = N(lambda_grid), n = m * N(bonus_grid);
		int o = n * N(h_grid), q = o * N(c_grid);
		if (i < q * N(rd_grid)) {
			p->rd_start = rd_grid[i / q];
			p->c = c_grid[i / o % N(c_grid)];
			p->h = h_grid[i / n % N(h_grid)];
			p->bonus = bonus_grid[i / m % N(bonus_grid)];
			p->lambda = lambda_grid[i % m];
		}
		return q * N(rd_grid);
	}
	default:
		if (i < N(rd_grid) * N(tau_grid) * N(period_grid)) {
			p->rd_start = rd_grid[i / (N(tau_grid) * N(period_grid))];
			p->tau = tau_grid[i / N(period_grid) % N(tau_grid)];
			p->period = period_grid[i % N(period_grid)];
		}
		return N(rd_grid) * N(tau_grid) * N(period_grid);
	}
}

static void params_text(int sys, const struct ratesys_params *p, char *buf,
                        size_t len)
{
	if (sys == RATESYS_ELO)
		snprintf(buf, len, "K %.0f", p->k);
	else if (sys == RATESYS_GLICKO)
		snprintf(buf, len, "RD0 %.0f, c %.0f a week", p->rd_start,
		         p->c);
	else if (sys == RATESYS_STEPH)
		snprintf(buf, len, "RD0 %.0f, c %.0f a week, h %.0f, b %.2f, "
		         "lambda %.2f", p->rd_start, p->c, p->h, p->bonus,
		         p->lambda);
	else
		snprintf(buf, len, "RD0 %.0f, tau %.2f, period %.0f d",
		         p->rd_start, p->tau, p->period / 86400);
}

static struct bgame games_buf[MAXG];

/* Scores of sys with p over the seeds [lo, hi]. */
static struct score synthetic(int sys, const struct ratesys_params *p,
                              unsigned lo, unsigned hi)
{
	struct score sc = { 0, 0, 0 };
	unsigned seed;

	for (seed = lo; seed <= hi; seed++) {
		int n = community(seed, games_buf);
		replay(sys, p, games_buf, n, 0, &sc, NULL);
	}
	return sc;
}

/* The best of sys's grid by log loss on train(): into *best. */
static void tune(int sys, struct ratesys_params *best, int robots,
                 const struct bgame *rg, int rn)
{
	struct ratesys_params p;
	double bestll = 1e300;
	int i, n = grid(sys, 0, &p);

	for (i = 0; i < n; i++) {
		struct score sc = { 0, 0, 0 };
		grid(sys, i, &p);
		if (robots)
			replay(sys, &p, rg, rn / 2, 0, &sc, NULL);
		else
			sc = synthetic(sys, &p, 1, 20);
		if (sc.logloss / sc.n < bestll - 1e-12) {
			bestll = sc.logloss / sc.n;
			*best = p;
		}
	}
}

/* Robot results: "WHITE BLACK SCORE" lines (SCORE 1, 1/2 or 0 for
 * White), one day apart in the file's order; names into names. */
static int robots_read(const char *path, struct bgame *g, char names[][32],
                       int *nnames)
{
	char line[256], w[32], b[32], s[8];
	FILE *f = fopen(path, "r");
	int n = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof line, f) && n < MAXG) {
		int i, wi = -1, bi = -1;
		if (line[0] == '#' || sscanf(line, "%31s %31s %7s", w, b, s) != 3)
			continue;
		for (i = 0; i < *nnames; i++) {
			if (strcmp(names[i], w) == 0)
				wi = i;
			if (strcmp(names[i], b) == 0)
				bi = i;
		}
		if (wi < 0) {
			snprintf(names[*nnames], 32, "%s", w);
			wi = (*nnames)++;
		}
		if (bi < 0) {
			snprintf(names[*nnames], 32, "%s", b);
			bi = (*nnames)++;
		}
		g[n].w = wi;
		g[n].b = bi;
		g[n].sw = strcmp(s, "1") == 0 ? 1 : strcmp(s, "0") == 0 ? 0 : 0.5;
		g[n].when = T0 + (time_t)n * 86400;
		n++;
	}
	fclose(f);
	return n;
}

static struct bgame robot_games[MAXG];

int main(int argc, char **argv)
{
	struct ratesys_params tuned[RATESYS_COUNT], p;
	char text[120], names[MAXP][32];
	int sys, rn = 0, nnames = 0, i;
	unsigned seed;
	long total = 0;

	for (seed = 101; seed <= 120; seed++)
		total += community(seed, games_buf);
	printf("## (a) synthetic communities\n\n");
	printf("80 players a community, 3 years; tuned on seeds 1-20, "
	       "measured on seeds 101-120 (%ld games).\n\n", total);
	printf("| system | constants (tuned on seeds 1-20) | log loss | "
	       "Brier |\n|---|---|---|---|\n");
	for (sys = 0; sys < RATESYS_COUNT; sys++) {
		struct score sc;
		tune(sys, &tuned[sys], 0, NULL, 0);
		sc = synthetic(sys, &tuned[sys], 101, 120);
		params_text(sys, &tuned[sys], text, sizeof text);
		printf("| %s | %s | %.5f | %.5f |\n", ratesys_name(sys), text,
		       sc.logloss / sc.n, sc.brier / sc.n);
		ratesys_defaults(sys, &p);
		sc = synthetic(sys, &p, 101, 120);
		params_text(sys, &p, text, sizeof text);
		printf("| %s | %s (the program's default) | %.5f | %.5f |\n",
		       ratesys_name(sys), text, sc.logloss / sc.n,
		       sc.brier / sc.n);
	}
	if (argc < 2)
		return 0;
	rn = robots_read(argv[1], robot_games, names, &nnames);
	if (rn < 2) {
		fprintf(stderr, "rating_bench: cannot read %s\n", argv[1]);
		return 1;
	}
	printf("\n## (b) robot matches\n\n");
	printf("%d games between %d players, one a day in the file's order; "
	       "tuned on the first %d, measured on the other %d.\n\n", rn,
	       nnames, rn / 2, rn - rn / 2);
	printf("| system | constants | log loss | Brier | final order, "
	       "best first |\n|---|---|---|---|---|\n");
	for (sys = 0; sys < RATESYS_COUNT; sys++) {
		int round;
		for (round = 0; round < 2; round++) {
			struct ratesys_state st[MAXP];
			struct score sc = { 0, 0, 0 };
			int order[MAXP], j, k;
			if (round == 0)
				tune(sys, &p, 1, robot_games, rn);
			else
				p = tuned[sys];
			replay(sys, &p, robot_games, rn, rn / 2, &sc, st);
			params_text(sys, &p, text, sizeof text);
			for (j = 0; j < nnames; j++)
				order[j] = j;
			for (j = 1; j < nnames; j++)
				for (k = j; k > 0 && st[order[k]].r >
				     st[order[k - 1]].r; k--) {
					int t = order[k];
					order[k] = order[k - 1];
					order[k - 1] = t;
				}
			printf("| %s | %s%s | %.5f | %.5f | ", ratesys_name(sys),
			       text, round ? " (tuned on (a))" :
			       " (tuned on the first half)", sc.logloss / sc.n,
			       sc.brier / sc.n);
			for (i = 0; i < nnames; i++)
				printf("%s%s %.0f", i ? ", " : "", names[order[i]],
				       st[order[i]].r);
			printf(" |\n");
		}
	}
	return 0;
}
