/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * match.c - maximum matching in a general graph (Edmonds' blossom
 * algorithm, the O(n^3) form with base[] contraction).
 *
 * The Swiss pairing uses it twice: to know before searching whether any
 * pairing meets the absolute criteria (so a round that cannot be paired
 * is refused at once rather than after an exponential search), and as
 * the fallback when the Dutch search runs out of steps.
 */
#include <stdlib.h>
#include <string.h>

#include "tourney/internal.h"

struct blossom {
	int n;
	const unsigned char *adj;
	int *mate, *parent, *base, *queue;
	unsigned char *used, *inflower, *seen;
};

/* The lowest common ancestor of a and b in the alternating tree. */
static int common(struct blossom *g, int a, int b)
{
	memset(g->seen, 0, (size_t)g->n);
	for (;;) {
		a = g->base[a];
		g->seen[a] = 1;
		if (g->mate[a] < 0)
			break;
		a = g->parent[g->mate[a]];
	}
	for (;;) {
		b = g->base[b];
		if (g->seen[b])
			return b;
		b = g->parent[g->mate[b]];
	}
}

static void mark(struct blossom *g, int v, int b, int child)
{
	while (g->base[v] != b) {
		g->inflower[g->base[v]] = g->inflower[g->base[g->mate[v]]] = 1;
		g->parent[v] = child;
		child = g->mate[v];
		v = g->parent[g->mate[v]];
	}
}

/* An augmenting path from root: returns its free end, or -1. */
static int augmenting(struct blossom *g, int root)
{
	int n = g->n, head = 0, tail = 0, i;

	memset(g->used, 0, (size_t)n);
	for (i = 0; i < n; i++) {
		g->parent[i] = -1;
		g->base[i] = i;
	}
	g->used[root] = 1;
	g->queue[tail++] = root;
	while (head < tail) {
		int v = g->queue[head++], to;

		for (to = 0; to < n; to++) {
			if (!g->adj[(size_t)v * n + to] ||
			    g->base[v] == g->base[to] || g->mate[v] == to)
				continue;
			if (to == root ||
			    (g->mate[to] >= 0 && g->parent[g->mate[to]] >= 0)) {
				int b = common(g, v, to);

				memset(g->inflower, 0, (size_t)n);
				mark(g, v, b, to);
				mark(g, to, b, v);
				for (i = 0; i < n; i++) {
					if (!g->inflower[g->base[i]])
						continue;
					g->base[i] = b;
					if (!g->used[i]) {
						g->used[i] = 1;
						g->queue[tail++] = i;
					}
				}
			} else if (g->parent[to] < 0) {
				g->parent[to] = v;
				if (g->mate[to] < 0)
					return to;
				g->used[g->mate[to]] = 1;
				g->queue[tail++] = g->mate[to];
			}
		}
	}
	return -1;
}

int tny_max_matching(int n, const unsigned char *adj, int *mate)
{
	struct blossom g;
	int i, j, pairs = 0, rc = TNY_ENOMEM;

	memset(&g, 0, sizeof g);
	g.n = n;
	g.adj = adj;
	g.mate = mate;
	if (n <= 0)
		return n == 0 ? 0 : TNY_EINVAL;
	for (i = 0; i < n; i++)
		mate[i] = -1;
	g.parent = malloc(sizeof(int) * (size_t)n);
	g.base = malloc(sizeof(int) * (size_t)n);
	g.queue = malloc(sizeof(int) * (size_t)n);
	g.used = malloc((size_t)n);
	g.inflower = malloc((size_t)n);
	g.seen = malloc((size_t)n);
	if (!g.parent || !g.base || !g.queue || !g.used || !g.inflower ||
	    !g.seen)
		goto out;
	/* A greedy start in index order: most of the work on a Swiss
	 * round's dense graph. */
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n && mate[i] < 0; j++)
			if (mate[j] < 0 && adj[(size_t)i * n + j]) {
				mate[i] = j;
				mate[j] = i;
				pairs++;
			}
	for (i = 0; i < n; i++) {
		int v;

		if (mate[i] >= 0)
			continue;
		v = augmenting(&g, i);
		if (v >= 0)
			pairs++;
		while (v >= 0) {
			int pv = g.parent[v], ppv = mate[pv];

			mate[v] = pv;
			mate[pv] = v;
			v = ppv;
		}
	}
	rc = pairs;
out:
	free(g.parent);
	free(g.base);
	free(g.queue);
	free(g.used);
	free(g.inflower);
	free(g.seen);
	return rc;
}
