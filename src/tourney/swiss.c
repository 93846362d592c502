/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * swiss.c - one round of the Dutch system (FIDE Handbook C.04.3), with
 * the basic rules of C.04.1.
 *
 * The idea: players are ranked by score, then pairing number; score
 * brackets are paired from the top.  A bracket is its residents plus the
 * players moved down from above (MDPs, paired first, C.04.3 A.3).  For
 * each bracket we try, in order: the most pairs (fewest downfloaters,
 * the lowest ranked floating first), then the fewest colour conflicts x
 * (games of two players expecting the same colour; x starts at its lower
 * bound, A.8, and rises, C.10), then within each first the
 * transpositions of S2 against S1 in FIDE's order (the depth-first
 * search below gives the top free S1 player the S2 players in ranking
 * order, which is the lexicographic order of S2), and then exchanges
 * (any free player below, S2 first).  A bracket's pairing is kept only
 * if everybody left below can still be paired (the completion check, a
 * maximum matching): so the round never paints itself into a corner
 * and there is no backtracking across brackets.  The lowest bracket may
 * leave one player, who gets the bye if he may (C.04.1 c, d).
 *
 * Completeness: before searching, a maximum matching (match.c) says
 * whether any legal pairing exists; none gives TNY_ENOPAIR at once.  The
 * search is complete too, but exponential at worst, so it has a step
 * budget; past it the round is paired from the maximum matching (legal,
 * not Dutch-ordered; r->fallback says so).  A search that has taken
 * SW_LAZY steps in one bracket also prunes each node by matchings.
 *
 * Before the colour conflicts, the fewest of the players moved down into
 * a bracket move on (C.6's lowest score differences, by count).
 * Floats (C.04.3 C.12-C.15): after the colour conflicts, each bracket
 * tries the fewest players moved down again who were moved down (or had
 * no game) in the last round, then the fewest floated up again, then the
 * same for two rounds ago; the counts are budgets of the search, raised
 * one at a time, like x.
 *
 * Not done (doc/tournaments.md): topscorers' exceptions in
 * the last round, "a bracket at least half MDPs is
 * homogeneous", and the finer order of exchanges (D.2's sums).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tourney/internal.h"

/* Steps (candidate pairs tried) before the search gives up for the
 * matching. */
#define SW_BUDGET 2000000L

enum { FREE = 0, PAIRED, FLOATED };

struct sw {
	int n, initial;
	struct sw_player *pl;      /* ranking order */
	unsigned char *legal;      /* n*n: may meet (absolute criteria) */
	int *state;                /* FREE, PAIRED, FLOATED */
	int *mate;                 /* partner (ranking index) or -1 */
	int *mdp;                  /* the bracket (its first index) a player
	                              was moved down into, or -1 */
	int *next;                 /* first player of the next score group */
	long steps;
	long local;                /* steps in the current bracket attempt */
	int want0, floats0;        /* its pairs and floats at the start */
	int bye;                   /* ranking index of the bye, or -1 */
	int *list;                 /* scratch: a vertex list (n + 1) */
	int *bad;                  /* scratch: flags for list (n + 1) */
	int *mates;                /* scratch: the matching (n + 1) */
	unsigned char *scratch;    /* scratch: (n + 1)^2 adjacency */
	int nomem;                 /* a matching ran out of memory */
};

/* Steps in one bracket attempt before each node also checks, with a
 * maximum matching, that its bracket and the rest can still be paired. */
#define SW_LAZY 64

static int by_rank(const void *x, const void *y)
{
	const struct sw_player *a = x, *b = y;

	if (a->in->score != b->in->score)
		return a->in->score > b->in->score ? -1 : 1;
	return (a->in->pairing_no > b->in->pairing_no) -
	       (a->in->pairing_no < b->in->pairing_no);
}

/* Whether a and b have met (either's list of opponents). */
static int met(const struct tny_swiss_player *a,
               const struct tny_swiss_player *b)
{
	int i;

	for (i = 0; i < a->nopponents; i++)
		if (a->opponents[i] == b->id)
			return 1;
	for (i = 0; i < b->nopponents; i++)
		if (b->opponents[i] == a->id)
			return 1;
	return 0;
}

/* The absolute criteria for a game between a and b: not met before, and
 * one way round the colours keep both within C.04.1 f and g. */
static int may_meet(const struct tny_swiss_player *a,
                    const struct tny_swiss_player *b)
{
	const char *ca = a->colours ? a->colours : "";
	const char *cb = b->colours ? b->colours : "";

	if (met(a, b))
		return 0;
	return (tny_swiss_colour_ok(ca, 'W') && tny_swiss_colour_ok(cb, 'B')) ||
	       (tny_swiss_colour_ok(ca, 'B') && tny_swiss_colour_ok(cb, 'W'));
}

/* Whether a game between a and b grants both colour preferences (no
 * preference counts as either colour): 1, or 0 for a colour conflict. */
static int quality(const struct sw_player *a, const struct sw_player *b)
{
	return !a->pref || !b->pref || a->pref != b->pref;
}

/* The fewest colour conflicts among the games still to make from the
 * free players of a bracket, whatever is paired: with w expecting White,
 * b Black, c neither, and f who will float, at least
 * ceil((|w - b| - c - f) / 2) games join two players expecting the same
 * colour (C.04.3 A.8's x). */
static int least_conflicts(int w, int b, int c, int f)
{
	int excess = (w > b ? w - b : b - w) - c - f;

	return excess > 0 ? (excess + 1) / 2 : 0;
}

/* Whether the k players list[] (ranking indices) have `need` games among
 * them (with q set, games without a colour conflict only; plus, with bye set and k odd,
 * one of them on the bye).  A maximum matching on scratch memory. */
static int feasible(struct sw *s, int k, int q, int need, int bye)
{
	int dim = k + (bye && (k & 1)), i, j, v;

	if (2 * need > k)
		return 0;
	memset(s->scratch, 0, (size_t)dim * (size_t)dim);
	for (i = 0; i < k; i++) {
		int a = s->list[i];

		for (j = i + 1; j < k; j++) {
			int b = s->list[j];

			if (s->legal[(size_t)a * s->n + b] &&
			    (q == 0 || quality(&s->pl[a], &s->pl[b])))
				s->scratch[(size_t)i * dim + j] =
					s->scratch[(size_t)j * dim + i] = 1;
		}
		if (dim > k && s->pl[a].bye_ok)
			s->scratch[(size_t)i * dim + k] =
				s->scratch[(size_t)k * dim + i] = 1;
	}
	v = tny_max_matching(dim, s->scratch, s->mates);
	if (v < 0) {
		s->nomem = 1;
		return 0;
	}
	return bye ? 2 * v == dim : v >= need;
}

/* Whether the k free players list[] of a bracket can make their games
 * with the f others (k - f even) moving down all players who may still
 * move down: bad[] marks those who may not (a repeated float the budget
 * has no room for); with q 0, in games without a colour conflict; with
 * s2 >= 0 (transpositions in a bracket of residents only), in games of
 * an S1 player (ranked before s2) against an S2 player, and only S2
 * players moving down.  A maximum matching with f extra vertices joined to
 * the players who may move down; 1 also when the matrix has no room for
 * them (the search then finds out on its own). */
static int floats_feasible(struct sw *s, int k, int f, int q, int s2,
                           const int *bad)
{
	int dim = k + f, i, j, v;

	if (dim > s->n + 1)
		return 1;
	memset(s->scratch, 0, (size_t)dim * (size_t)dim);
	for (i = 0; i < k; i++) {
		int a = s->list[i];

		for (j = i + 1; j < k; j++)
			if (s->legal[(size_t)a * s->n + s->list[j]] &&
			    (q || quality(&s->pl[a], &s->pl[s->list[j]])) &&
			    (s2 < 0 || (a < s2) != (s->list[j] < s2)))
				s->scratch[(size_t)i * dim + j] =
					s->scratch[(size_t)j * dim + i] = 1;
		if (!bad[i] && (s2 < 0 || a >= s2))
			for (j = k; j < dim; j++)
				s->scratch[(size_t)i * dim + j] =
					s->scratch[(size_t)j * dim + i] = 1;
	}
	v = tny_max_matching(dim, s->scratch, s->mates);
	if (v < 0) {
		s->nomem = 1;
		return 0;
	}
	return 2 * v == dim;
}

/* The completion criterion: everybody not paired yet at or below the
 * bracket that ends at hi (the players floated out of it, the players
 * below, and with free set the bracket's free players too) can still be
 * paired, with the bye for an odd number. */
static int rest_ok(struct sw *s, int first, int hi, int with_free)
{
	int i, k = 0;

	for (i = first; i < s->n; i++)
		if (i >= hi || s->state[i] == FLOATED ||
		    (with_free && s->state[i] == FREE))
			s->list[k++] = i;
	return feasible(s, k, 0, 0, 1);
}

static int solve(struct sw *s, int start, int above);

/* What one bracket attempt may still spend: pairs to make, players who
 * may still move down, m of them players moved down into it (C.6: the
 * pairing score differences as small as they can be), colour conflicts (C.04.3 A.8's x), and repeated
 * floats: d1 players moved down who were moved down (or did not play)
 * in the last round (C.12), u1 players paired with a higher score who
 * were last round too (C.13), d2 and u2 the same for two rounds ago
 * (C.14, C.15). */
struct bud {
	int want, floats, m, q, d1, u1, d2, u2;
};

static int bracket(struct sw *s, int first, int lo, int hi, struct bud b,
                   int ex);

/* Tries x against the free players start..end-1 of the bracket in
 * ranking order, then goes on with the bracket; returns as bracket(). */
static int partners(struct sw *s, int x, int from, int to, int first,
                    int lo, int hi, struct bud b, int ex)
{
	int i, rc;

	for (i = from; i < to; i++) {
		struct bud nb = b;
		const struct sw_player *up = NULL;

		if (i == x || s->state[i] != FREE ||
		    (i < lo && s->mdp[i] != lo) ||
		    !s->legal[(size_t)x * s->n + i])
			continue;
		nb.q -= !quality(&s->pl[x], &s->pl[i]);
		/* The lower score of the two floats up (x ranks higher). */
		if (s->pl[x].in->score > s->pl[i].in->score)
			up = &s->pl[i];
		nb.u1 -= up && up->up1;
		nb.u2 -= up && up->up2;
		if (nb.q < 0 || nb.u1 < 0 || nb.u2 < 0)
			continue;
		nb.want--;
		s->state[x] = s->state[i] = PAIRED;
		s->mate[x] = i;
		s->mate[i] = x;
		rc = bracket(s, first, lo, hi, nb, ex);
		if (rc)
			return rc;
		s->state[x] = s->state[i] = FREE;
		s->mate[x] = s->mate[i] = -1;
	}
	return 0;
}

/* The fewest repeated downfloats among the free players of a bracket
 * when f of them move down: those who may move down without one are
 * `clean`, so at least f - clean do. */
static int least_repeats(int f, int clean)
{
	return f > clean ? f - clean : 0;
}

/* The depth-first search in one bracket: the residents lo..hi-1 of the
 * ranking plus the players moved down into it (mdp[i] == lo, ranked
 * from first up to lo).  b: what the attempt may still spend (struct
 * bud); ex: 0 transpositions only (S1 against S2), 1 exchanges too.
 * Returns 1 when this bracket and every one below are paired, 0 when
 * not, -1 when the budget ran out. */
static int bracket(struct sw *s, int first, int lo, int hi, struct bud b,
                   int ex)
{
	int x = -1, i, rc, free_n = 0, residents = 0, s2 = -1, pw = 0, pb = 0;
	int clean1 = 0, clean2 = 0, t2;

	for (i = first; i < hi; i++)
		if ((i >= lo || s->mdp[i] == lo) && s->state[i] == FREE) {
			if (x < 0)
				x = i;
			free_n++;
			pw += s->pl[i].pref == 'W';
			pb += s->pl[i].pref == 'B';
			clean1 += !s->pl[i].down1;
			clean2 += !s->pl[i].down2;
			if (i >= lo && residents++ == b.want && s2 < 0)
				s2 = i;
		}
	if (x < 0) {
		if (b.want)
			return 0;
		if (hi < s->n && !rest_ok(s, first, hi, 0))
			return 0;
		return solve(s, hi, lo);
	}
	if (2 * b.want > free_n || free_n - 2 * b.want > b.floats ||
	    least_conflicts(pw, pb, free_n - pw - pb,
	                    free_n - 2 * b.want) > b.q ||
	    least_repeats(free_n - 2 * b.want, residents) > b.m ||
	    least_repeats(free_n - 2 * b.want, clean1) > b.d1 ||
	    least_repeats(free_n - 2 * b.want, clean2) > b.d2)
		return 0;
	if (++s->steps > SW_BUDGET || s->nomem)
		return -1;
	t2 = !ex && residents == free_n && s2 >= 0 ? s2 : -1;
	if ((t2 >= 0 && s->local - (s->want0 - b.want) -
	     (s->floats0 - b.floats) > SW_LAZY) || (free_n > 2 * b.want &&
	    ((b.d1 == 0 && clean1 < free_n) || (b.d2 == 0 && clean2 < free_n) ||
	     (b.m == 0 && residents < free_n)))) {
		/* Can the bracket still make its games with only those
		 * moving down who may (with transpositions only and no
		 * player moved down: S1 against S2)?  Asked at every node
		 * when some may not move down, else once the search has
		 * gone back SW_LAZY times. */
		int k = 0;

		for (i = first; i < hi; i++)
			if ((i >= lo || s->mdp[i] == lo) &&
			    s->state[i] == FREE) {
				s->bad[k] = (b.d1 == 0 && s->pl[i].down1) ||
				            (b.d2 == 0 && s->pl[i].down2) ||
				            (b.m == 0 && i < lo);
				s->list[k++] = i;
			}
		if (!floats_feasible(s, k, free_n - 2 * b.want, b.q, t2,
		                     s->bad))
			return 0;
	}
	if (++s->local > SW_LAZY) {
		/* Going slowly: can this node still make its games, and
		 * can everybody left still be paired? */
		int k = 0;

		for (i = first; i < hi; i++)
			if ((i >= lo || s->mdp[i] == lo) &&
			    s->state[i] == FREE)
				s->list[k++] = i;
		if (!feasible(s, k, 0, b.want, 0) ||
		    !rest_ok(s, first, hi, 1))
			return 0;
	}
	if (b.want > 0 && s->mdp[x] == lo) {
		/* A player moved down: the residents in order, then (with
		 * exchanges) the others moved down. */
		rc = partners(s, x, lo, hi, first, lo, hi, b, ex);
		if (!rc && ex)
			rc = partners(s, x, x + 1, lo, first, lo, hi, b, ex);
		if (rc)
			return rc;
	} else if (b.want > 0) {
		/* S1 = the first `want` free residents, S2 the rest (s2 its
		 * first); x heads S1.  Transpositions: x against S2 in
		 * order; exchanges: then against the rest of S1. */
		if (s2 >= 0)
			rc = partners(s, x, s2, hi, first, lo, hi, b, ex);
		else
			rc = 0;
		if (!rc && ex)
			rc = partners(s, x, x + 1, s2 >= 0 ? s2 : hi, first,
			              lo, hi, b, ex);
		if (rc)
			return rc;
		if (!ex && s2 >= 0)
			return 0;   /* an S1 player must be paired */
	}
	if (b.floats <= 0)
		return 0;
	b.floats--;
	b.m -= s->mdp[x] == lo;
	b.d1 -= s->pl[x].down1;
	b.d2 -= s->pl[x].down2;
	if (b.m < 0 || b.d1 < 0 || b.d2 < 0)
		return 0;
	s->state[x] = FLOATED;
	rc = bracket(s, first, lo, hi, b, ex);
	if (!rc)
		s->state[x] = FREE;
	return rc;
}

/* The attempts at one bracket with `want` pairs, m players moved down
 * who move on and q colour conflicts,
 * in the order of C.04.3 C.12-C.15 (fewest repeated floats, the last
 * round's before the round before's; dmax and umax bound the repeats
 * that could happen), transpositions before exchanges. */
static int attempts(struct sw *s, int first, int start, int hi, int want,
                    int floats, int m, int q, int dmax, int umax)
{
	struct bud b = { want, floats, m, q, 0, 0, 0, 0 };
	int rc, ex;

	for (b.d1 = 0; b.d1 <= dmax; b.d1++)
		for (b.u1 = 0; b.u1 <= umax; b.u1++)
			for (b.d2 = 0; b.d2 <= dmax; b.d2++)
				for (b.u2 = 0; b.u2 <= umax; b.u2++)
					for (ex = 0; ex <= 1; ex++) {
						s->local = 0;
						s->want0 = want;
						s->floats0 = floats;
						rc = bracket(s, first, start, hi,
						             b, ex);
						if (rc)
							return rc;
					}
	return 0;
}

/* Pairs the score group starting at ranking index start, with the
 * players FLOATED above it moved down into it (above: the first index
 * of the bracket they floated from, -1 at the top), and everything
 * below.  Returns 1, 0 (no pairing), -1 (budget). */
static int solve(struct sw *s, int start, int above)
{
	int hi, first = -1, size, i, want, m, q, rc, floated = 0, pw = 0;
	int pb = 0, down = 0, up = 0;

	for (i = 0; i < start; i++)
		if (s->state[i] == FLOATED) {
			floated++;
			if (first < 0)
				first = i;
		}
	if (start >= s->n) {
		if (floated == 0)
			return 1;
		if (floated == 1 && s->pl[first].bye_ok) {
			s->bye = first;
			return 1;
		}
		return 0;
	}
	hi = s->next[start];
	if (first < 0)
		first = start;
	/* The players moved down are free in this bracket again. */
	for (i = 0; i < start; i++)
		if (s->state[i] == FLOATED) {
			s->mdp[i] = start;
			s->state[i] = FREE;
		}
	size = floated + (hi - start);
	for (i = first; i < hi; i++)
		if (i >= start || s->mdp[i] == start) {
			pw += s->pl[i].pref == 'W';
			pb += s->pl[i].pref == 'B';
			down += s->pl[i].down1 || s->pl[i].down2;
			up += s->pl[i].up1 || s->pl[i].up2;
		}
	/* Upfloats happen only against the players moved down. */
	if (up > floated)
		up = floated;
	for (want = size / 2; want >= 0; want--) {
		int floats = size - 2 * want;

		/* The lowest bracket keeps at most the one for the bye. */
		if (hi >= s->n && floats > 1)
			break;
		/* The fewest players moved down moving on (C.6), then
		 * the fewest colour conflicts (C.10 raises x). */
		for (m = 0; m <= floated && m <= floats; m++)
			for (q = least_conflicts(pw, pb, size - pw - pb,
			                         floats); q <= want; q++) {
				rc = attempts(s, first, start, hi, want,
				              floats, m, q, down < floats ?
				              down : floats, up);
				if (rc)
					return rc;
			}
	}
	for (i = 0; i < start; i++)
		if (s->mdp[i] == start) {
			s->mdp[i] = i >= above && above >= 0 ? -1 : above;
			s->state[i] = FLOATED;
		}
	return 0;
}

/* Checks the players' data; on a fault writes a description to buf. */
static int check(const struct tny_swiss_player *p, int n, char *buf,
                 size_t len)
{
	int i, j;

	for (i = 0; i < n; i++) {
		const char *c = p[i].colours ? p[i].colours : "";

		if (p[i].score < 0 || p[i].nopponents < 0 ||
		    (p[i].nopponents > 0 && !p[i].opponents)) {
			snprintf(buf, len, "player %d: a negative score or "
			         "count of opponents", p[i].id);
			return TNY_EINVAL;
		}
		if (strspn(c, "WB-") != strlen(c)) {
			snprintf(buf, len, "player %d: a colour other than "
			         "W, B or -", p[i].id);
			return TNY_EINVAL;
		}
		for (j = 0; j < i; j++)
			if (p[j].id == p[i].id ||
			    p[j].pairing_no == p[i].pairing_no) {
				snprintf(buf, len, "players %d and %d: the same "
				         "id or pairing number", p[j].id,
				         p[i].id);
				return TNY_EINVAL;
			}
	}
	return 0;
}

static void fail(char **err, const char *msg)
{
	if (err)
		*err = strdup(msg);
}

/* The round from the maximum matching (fallback); mate over n (+1 for
 * the bye's dummy vertex, index n). */
static void from_matching(struct sw *s, const int *m)
{
	int i;

	s->bye = -1;
	for (i = 0; i < s->n; i++) {
		s->state[i] = PAIRED;
		s->mate[i] = m[i] == s->n ? -1 : m[i];
		if (m[i] == s->n)
			s->bye = i;
	}
}

int tny_swiss_pair(const struct tny_swiss_player *p, int n, int flags,
                   struct tny_swiss_round *r, char **err)
{
	struct sw s;
	char msg[200];
	unsigned char *adj = NULL;
	int *m = NULL, i, j, v, rc = TNY_ENOMEM, dim;

	if (err)
		*err = NULL;
	memset(&s, 0, sizeof s);
	if (r)
		memset(r, 0, sizeof *r);
	if (!r || !p || n < 1 || n > TNY_SWISS_MAX) {
		fail(err, "no players, or more than the most one round pairs");
		return TNY_EINVAL;
	}
	if (check(p, n, msg, sizeof msg) < 0) {
		fail(err, msg);
		return TNY_EINVAL;
	}
	s.n = n;
	s.bye = -1;
	s.initial = flags & TNY_SWISS_FIRST_BLACK ? 'B' : 'W';
	dim = n + (n & 1);
	s.pl = calloc((size_t)n, sizeof *s.pl);
	s.legal = calloc((size_t)n * (size_t)n, 1);
	adj = calloc((size_t)dim * (size_t)dim, 1);
	s.state = calloc((size_t)n, sizeof(int));
	s.mate = calloc((size_t)n, sizeof(int));
	s.mdp = calloc((size_t)n, sizeof(int));
	s.next = calloc((size_t)n, sizeof(int));
	m = calloc((size_t)dim, sizeof(int));
	s.list = calloc((size_t)n + 1, sizeof(int));
	s.bad = calloc((size_t)n + 1, sizeof(int));
	s.mates = calloc((size_t)n + 1, sizeof(int));
	s.scratch = malloc(((size_t)n + 1) * ((size_t)n + 1));
	if (!s.list || !s.bad || !s.mates || !s.scratch)
		goto out;
	if (!s.pl || !s.legal || !adj || !s.state || !s.mate || !s.mdp ||
	    !s.next || !m)
		goto out;
	for (i = 0; i < n; i++) {
		s.pl[i].in = &p[i];
		s.pl[i].pref = tny_swiss_colour_pref(p[i].colours,
		                                     &s.pl[i].strength);
		s.pl[i].bye_ok = !p[i].had_bye && !p[i].forfeit_win;
		s.pl[i].down1 = p[i].float_last == TNY_FLOAT_DOWN;
		s.pl[i].up1 = p[i].float_last == TNY_FLOAT_UP;
		s.pl[i].down2 = p[i].float_before == TNY_FLOAT_DOWN;
		s.pl[i].up2 = p[i].float_before == TNY_FLOAT_UP;
	}
	qsort(s.pl, (size_t)n, sizeof *s.pl, by_rank);
	for (i = n - 1; i >= 0; i--)
		s.next[i] = (i + 1 < n && s.pl[i + 1].in->score ==
		             s.pl[i].in->score) ? s.next[i + 1] : i + 1;
	for (i = 0; i < n; i++) {
		s.mate[i] = -1;
		s.mdp[i] = -1;
		for (j = i + 1; j < n; j++)
			if (may_meet(s.pl[i].in, s.pl[j].in)) {
				s.legal[(size_t)i * n + j] = 1;
				s.legal[(size_t)j * n + i] = 1;
				adj[(size_t)i * dim + j] = 1;
				adj[(size_t)j * dim + i] = 1;
			}
		/* The bye as a dummy player n for an odd field. */
		if ((n & 1) && s.pl[i].bye_ok)
			adj[(size_t)i * dim + n] = adj[(size_t)n * dim + i] = 1;
	}
	v = tny_max_matching(dim, adj, m);
	if (v < 0)
		goto out;
	if (v * 2 < dim) {
		fail(err, "no pairing meets the absolute criteria (no game "
		     "repeated, the colour limits, one bye a player)");
		rc = TNY_ENOPAIR;
		goto out;
	}
	v = flags & TNY_SWISS_MATCHING ? -1 : solve(&s, 0, -1);
	if (s.nomem)
		goto out;
	if (v <= 0) {
		/* The budget ran out (v == -1); v == 0 cannot happen since
		 * a pairing exists, but the matching covers it too. */
		from_matching(&s, m);
		r->fallback = 1;
	}
	r->pairs = calloc((size_t)n / 2 + 1, sizeof *r->pairs);
	if (!r->pairs)
		goto out;
	for (i = 0; i < n; i++) {
		j = s.mate[i];
		if (j < 0 && i == s.bye) {
			r->has_bye = 1;
			r->bye_id = s.pl[i].in->id;
		}
		if (j <= i)
			continue;
		if (tny_swiss_allocate(&s.pl[i], &s.pl[j], s.initial)) {
			r->pairs[r->npairs].white = s.pl[i].in->id;
			r->pairs[r->npairs].black = s.pl[j].in->id;
		} else {
			r->pairs[r->npairs].white = s.pl[j].in->id;
			r->pairs[r->npairs].black = s.pl[i].in->id;
		}
		r->npairs++;
	}
	rc = 0;
out:
	if (rc == TNY_ENOMEM && err && !*err)
		*err = NULL;
	if (rc != 0 && r) {
		free(r->pairs);
		memset(r, 0, sizeof *r);
	}
	free(s.pl);
	free(s.legal);
	free(adj);
	free(s.state);
	free(s.mate);
	free(s.mdp);
	free(s.next);
	free(m);
	free(s.list);
	free(s.bad);
	free(s.mates);
	free(s.scratch);
	return rc;
}

void tny_swiss_round_free(struct tny_swiss_round *r)
{
	if (!r)
		return;
	free(r->pairs);
	memset(r, 0, sizeof *r);
}
