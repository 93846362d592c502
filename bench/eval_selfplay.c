/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * eval_selfplay.c - a match between two settings of the evaluation's
 * weights (engine/eval.h), for tuning.
 *
 * Plays N games with the search of src/engine (eng_search at a fixed node
 * bound, the same for both), setting A against setting B.  Games come in
 * pairs: each opening (a few random plies from a seeded generator, the
 * same for both games of the pair) is played once with A as White and
 * once with B as White.  The rules are those of src/rules: the turn-start
 * checks (RULES.md section 3, 6), repetition (section 5) and the move
 * cap; a game still running after --maxply plies is adjudicated by
 * material (more pieces wins, else a draw) and counted apart.
 *
 *   bench/eval_selfplay [--games N] [--nodes N] [--plies K] [--seed S]
 *                       [--maxply P] [--a SETTING] [--b SETTING]
 *                       [--verbose] [option words...]
 *
 * A SETTING is "default" or "material", optionally followed by
 * comma-separated overrides NAME=VALUE of struct eng_eval_weights
 * fields: "default,race=0", "material,advance=24".  Prints each game
 * with -v, then A's wins, draws and losses, its score with a 95%
 * confidence interval and the Elo difference it implies.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/eval.h"
#include "engine/players.h"

#define MAX_GAME 2000

struct field {
	const char *name;
	size_t off;
};

#define F(x) { #x, offsetof(struct eng_eval_weights, x) }
static const struct field fields[] = {
	F(piece), F(frozen), F(advance), F(race), F(passed), F(hole),
	F(cross_now), F(cross_win), F(threat), F(threat_unans), F(pending),
	F(mobility), F(link), F(capture_stm), F(capture_opp),
};
#undef F

static uint64_t rng;

/* The shared seeded generator of the measurement players. */
static unsigned rnd(unsigned n)
{
	return (unsigned)ply_rng_below(&rng, n);
}

/* Parse a SETTING into *w; 0 or -1. */
static int setting(const char *text, struct eng_eval_weights *w)
{
	char buf[512], *tok, *save = NULL;
	size_t i;

	if (strlen(text) >= sizeof buf)
		return -1;
	strcpy(buf, text);
	tok = strtok_r(buf, ",", &save);
	if (!tok)
		return -1;
	if (strcmp(tok, "default") == 0)
		*w = eng_eval_default;
	else if (strcmp(tok, "material") == 0)
		*w = eng_eval_material;
	else
		return -1;
	while ((tok = strtok_r(NULL, ",", &save)) != NULL) {
		char *eq = strchr(tok, '=');

		if (!eq)
			return -1;
		*eq = 0;
		for (i = 0; i < sizeof fields / sizeof fields[0]; i++)
			if (strcmp(fields[i].name, tok) == 0)
				break;
		if (i == sizeof fields / sizeof fields[0]) {
			fprintf(stderr, "eval_selfplay: no weight %s\n", tok);
			return -1;
		}
		*(int *)((char *)w + fields[i].off) = atoi(eq + 1);
	}
	return 0;
}

static struct ep_position seen[MAX_GAME + 1];

/* Pieces of White minus Black. */
static int material(const struct ep_position *p)
{
	return ep_count_pieces(p, EP_WHITE) - ep_count_pieces(p, EP_BLACK);
}

/*
 * One game from opening under o; white/black are the weights of each
 * colour and ew/eb their engines.  Returns +1 White won, -1 Black won,
 * 0 drawn; *adjudicated is set when --maxply ended it; *plies the length.
 */
static int play(const struct ep_position *opening, int opening_plies,
                const struct ep_options *o,
                const struct eng_eval_weights *white,
                const struct eng_eval_weights *black,
                struct eng *ew, struct eng *eb, uint64_t nodes, int maxply,
                uint64_t seed, int *adjudicated, int *plies)
{
	struct ep_position p = *opening;
	size_t nseen = 0;
	int ply = opening_plies;

	*adjudicated = 0;
	eng_set_eval(ew, white);   /* clears its tables too */
	eng_set_eval(eb, black);
	seen[nseen++] = p;
	for (;;) {
		struct ep_status st;
		struct eng_history h;
		struct eng_limits lim;
		struct eng_result r;
		int mover = p.to_move == EP_WHITE ? 1 : -1, occ = 0;
		size_t i;

		ep_status(&p, o, &st);
		*plies = ply;
		if (st.result == EP_WHITE_WINS)
			return 1;
		if (st.result == EP_BLACK_WINS)
			return -1;
		if (st.result == EP_DRAW || ply >= 2000 || nseen >= MAX_GAME)
			return 0;
		if (ply >= maxply) {
			int m = material(&p);

			*adjudicated = 1;
			return m > 0 ? 1 : m < 0 ? -1 : 0;
		}
		memset(&lim, 0, sizeof lim);
		lim.nodes = nodes;
		lim.seed = seed + (uint64_t)ply;
		h.seen = seen;
		h.nseen = nseen;
		h.plies = ply;
		if (eng_search(mover > 0 ? ew : eb, &p, o, &h, &lim, &r) != 0 ||
		    !r.have_move)
			return -mover;   /* no move: the mover loses */
		ep_make(&p, o, &r.best);
		ply++;
		for (i = 0; i < nseen; i++)
			occ += ep_position_equal(&seen[i], &p);
		seen[nseen++] = p;
		if (occ + 1 >= 3 && o->repetition != EP_REP_OFF) {
			*plies = ply;
			return o->repetition == EP_REP_LOSS ? -mover : 0;
		}
	}
}

int main(int argc, char **argv)
{
	struct ep_options o;
	struct eng_eval_weights wa, wb;
	struct eng *ea, *eb;
	char err[EP_ERR_MAX], label[EP_OPTIONS_MAX];
	const char *game = "epaminondas", *sa = "default", *sb = "material";
	int games = 20, plies = 4, maxply = 400, verbose = 0, i, g;
	int win = 0, draw = 0, loss = 0, adj = 0;
	uint64_t nodes = 2000, seed = 1;
	double score, se, lo, hi, elo;

	for (i = 1; i < argc; i++)
		if (strncmp(argv[i], "-game=", 6) == 0)
			game = argv[i] + 6;
	if (ep_options_default(&o, game, err, sizeof err) != 0) {
		fprintf(stderr, "eval_selfplay: %s\n", err);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(a, "--games") == 0 && v)
			games = atoi(v), i++;
		else if (strcmp(a, "--nodes") == 0 && v)
			nodes = strtoull(v, NULL, 10), i++;
		else if (strcmp(a, "--plies") == 0 && v)
			plies = atoi(v), i++;
		else if (strcmp(a, "--maxply") == 0 && v)
			maxply = atoi(v), i++;
		else if (strcmp(a, "--seed") == 0 && v)
			seed = strtoull(v, NULL, 10), i++;
		else if (strcmp(a, "--a") == 0 && v)
			sa = v, i++;
		else if (strcmp(a, "--b") == 0 && v)
			sb = v, i++;
		else if (strcmp(a, "--verbose") == 0 || strcmp(a, "-v") == 0)
			verbose = 1;
		else if (strncmp(a, "-game=", 6) == 0)
			continue;
		else if (ep_options_apply(&o, a, err, sizeof err) != 0) {
			fprintf(stderr, "eval_selfplay: %s\n", err);
			return 2;
		}
	}
	if (ep_options_check(&o, err, sizeof err) != 0) {
		fprintf(stderr, "eval_selfplay: %s\n", err);
		return 2;
	}
	if (setting(sa, &wa) != 0 || setting(sb, &wb) != 0) {
		fprintf(stderr, "eval_selfplay: a setting is default|material"
		        "[,NAME=VALUE...]\n");
		return 2;
	}
	ea = eng_new(16u << 20);
	eb = eng_new(16u << 20);
	if (!ea || !eb) {
		fprintf(stderr, "eval_selfplay: out of memory\n");
		return 1;
	}
	rng = seed * 0x9E3779B97F4A7C15ULL | 1;
	ep_options_format(&o, label, sizeof label);
	printf("%s %s\nA = %s\nB = %s\n%d games, %llu nodes a move, %d random "
	       "plies, seed %llu\n", game, label, sa, sb, games,
	       (unsigned long long)nodes, plies, (unsigned long long)seed);
	for (g = 0; g < games; g += 2) {
		struct ep_position open;
		int k, side;

		/* A fresh opening: plies random moves, redrawn if it ends. */
		for (;;) {
			struct ep_status st;
			struct ep_move mv[EP_MAX_MOVES];

			ep_position_start(&open, &o);
			for (k = 0; k < plies; k++) {
				size_t n;

				ep_status(&open, &o, &st);
				n = st.result == EP_ONGOING
				    ? ep_generate(&open, &o, mv, EP_MAX_MOVES) : 0;
				if (n == 0)
					break;
				ep_make(&open, &o, &mv[rnd((unsigned)(n > EP_MAX_MOVES ? EP_MAX_MOVES : n))]);
			}
			ep_status(&open, &o, &st);
			if (k == plies && st.result == EP_ONGOING)
				break;
		}
		for (side = 0; side < 2 && g + side < games; side++) {
			int a_white = side == 0, res, adjd, len, a_res;

			res = play(&open, plies, &o, a_white ? &wa : &wb,
			           a_white ? &wb : &wa, a_white ? ea : eb,
			           a_white ? eb : ea, nodes, maxply,
			           seed + (uint64_t)g, &adjd, &len);
			a_res = a_white ? res : -res;
			win += a_res > 0;
			draw += a_res == 0;
			loss += a_res < 0;
			adj += adjd;
			if (verbose) {
				printf("game %d: A %s, %s in %d plies%s\n", g + side + 1,
				       a_white ? "White" : "Black",
				       a_res > 0 ? "A wins" : a_res < 0 ? "B wins" : "draw",
				       len, adjd ? " (adjudicated)" : "");
				fflush(stdout);
			}
		}
	}
	score = (win + 0.5 * draw) / (double)(win + draw + loss);
	se = sqrt(score * (1 - score) / (double)(win + draw + loss));
	lo = score - 1.96 * se;
	hi = score + 1.96 * se;
	elo = score <= 0 ? -999 : score >= 1 ? 999 : -400 * log10(1 / score - 1);
	printf("A: +%d =%d -%d  score %.1f%% (95%%: %.1f%%..%.1f%%)  Elo %+.0f"
	       "  (%d adjudicated at %d plies)\n", win, draw, loss,
	       100 * score, 100 * (lo < 0 ? 0 : lo), 100 * (hi > 1 ? 1 : hi),
	       elo, adj, maxply);
	eng_free(ea);
	eng_free(eb);
	return 0;
}
