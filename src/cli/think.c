/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * think.c - `epamserv think [POSITION] [--movetime MS] [--nodes N]
 * [--depth N] [--level N] [--seed N] [options]`: the engine's move, score,
 * depth and principal variation for one position (issue 16 item 2).
 *
 * The position has no game before it: repetition is judged inside the
 * search only, and the move cap counts from it.  Without a bound the
 * search takes the top level's (ENG_LEVEL_MAX): deterministic, like every
 * bound but --movetime.  Every bound holds from the first ply on (issue
 * 29): "depth: 0" is a search stopped before it finished the first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli_engine.h"
#include "cli/cli_rules.h"
#include "engine/engine.h"
#include "util/i18n.h"

#define CLI_EX_USAGE 64
#define CLI_EX_SOFTWARE 70
#define CLI_EX_IOERR 74
/* The transposition table of think, bytes. */
#define THINK_TT_BYTES ((size_t)64 << 20)

static const char think_usage[] =
	/* TRANSLATORS: keep the command line and the option names and
	 * values as they are: what an operator types. */
	N_("usage: epamserv think [POSITION] [--movetime MS] [--nodes N]\n"
	   "                      [--depth N] [--level N] [--seed N] [options]\n"
	   "  POSITION    e.g. \"8x8 8/8/8/8/8/8/WW6/BW6 b\" (default: the opening)\n"
	   "  --movetime  stop after MS milliseconds (not reproducible)\n"
	   "  --nodes     stop after N nodes      --depth  stop after N plies\n"
	   "  --level     the bounds of level N (1 to 5; default: the top level\n"
	   "              when no bound is given; the first ply may take 100000)\n"
	   "  Every bound holds from the first ply on; \"depth: 0\" says the\n"
	   "  first ply was not finished (the move is the best of those searched,\n"
	   "  else the first legal move in the engine's order).\n"
	   "  --seed      break ties between equal moves by N\n"
	   "  options     the rules: -game= -size= -block= -symmetry= -rules=\n"
	   "              -crossed= -frozen -capture= -repetition= (RULES.md 6)\n");

/* CLOCK_MONOTONIC in milliseconds (eng_clock_fn). */
static uint64_t think_clock(void *arg)
{
	struct timespec ts;

	(void)arg;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* The score in the words of think's output: "+0.35", "win in 3". */
static void format_score(int score, char *buf, size_t len)
{
	if (ENG_IS_WIN(score))
		snprintf(buf, len, "%s in %d", score > 0 ? "win" : "loss",
		         ENG_WIN - abs(score));
	else
		snprintf(buf, len, "%c%d.%02d", score < 0 ? '-' : '+',
		         abs(score) / 100, abs(score) % 100);
}

static void print_ended(const struct ep_position *p,
                        const struct ep_options *o)
{
	struct ep_status st;

	ep_status(p, o, &st);
	if (st.result == EP_WHITE_WINS)
		printf("status: white wins (%s)\n", st.reason);
	else if (st.result == EP_BLACK_WINS)
		printf("status: black wins (%s)\n", st.reason);
	else if (st.result == EP_DRAW)
		printf("status: draw (%s)\n", st.reason);
	else  /* ep_status covers "has no legal move"; kept for safety */
		printf("status: %s wins (%s has no legal move)\n",
		       p->to_move == EP_WHITE ? "black" : "white",
		       p->to_move == EP_WHITE ? "white" : "black");
}

static void print_result(const struct eng_result *r)
{
	char text[EP_MOVE_TEXT_MAX], score[32];
	int i;

	ep_move_format(&r->best, text);
	format_score(r->score, score, sizeof score);
	printf("bestmove: %s\n", text);
	printf("score: %s\n", score);
	printf("depth: %d\n", r->depth);
	printf("seldepth: %d\n", r->seldepth);
	printf("nodes: %llu\n", (unsigned long long)r->nodes);
	printf("time: %llu ms\n", (unsigned long long)r->elapsed_ms);
	if (r->timed_out)
		printf("stopped: movetime\n");
	printf("pv:");
	for (i = 0; i < r->npv; i++) {
		ep_move_format(&r->pv[i], text);
		printf(" %s", text);
	}
	printf("\n");
}

int cli_think(int argc, char **argv)
{
	uint64_t movetime = 0, nodes = 0, depth = 0, level = 0, seed = 0;
	struct cli_eopt opts[] = {
		{ "--movetime", 0, 1, 86400000, &movetime, 0 },
		{ "--nodes", 0, 1, UINT64_MAX / 2, &nodes, 0 },
		{ "--depth", 0, 1, ENG_MAX_PLY - 1, &depth, 0 },
		{ "--level", 0, ENG_LEVEL_MIN, ENG_LEVEL_MAX, &level, 0 },
		{ "--seed", 0, 0, UINT64_MAX, &seed, 0 },
	};
	struct ep_options o;
	struct ep_position p;
	struct eng_limits lim;
	struct eng_result r;
	struct eng *e;
	char **rules, **words;
	int nrules, nwords, have_position, rc, i;

	if (argc >= 2 && (strcmp(argv[1], "-h") == 0 ||
	                  strcmp(argv[1], "--help") == 0)) {
		fputs(_(think_usage), stdout);
		return fflush(stdout) == 0 ? 0 : CLI_EX_IOERR;
	}
	rules = calloc((size_t)argc + 1, sizeof *rules);
	words = calloc((size_t)argc + 1, sizeof *words);
	if (!rules || !words) {
		free(rules);
		free(words);
		fprintf(stderr, _("epamserv %s: out of memory\n"), argv[0]);
		return CLI_EX_SOFTWARE;
	}
	rc = cli_engine_args(argc, argv, opts, sizeof opts / sizeof opts[0],
	                     rules, &nrules, words, &nwords);
	/* POSITION's words go back to cli_rules_setup, which joins them. */
	for (i = 0; rc == 0 && i < nwords; i++)
		rules[nrules++] = words[i];
	if (rc == 0)
		rc = cli_rules_setup(nrules, rules, -1, &o, &p, &have_position,
		                     NULL);
	free(rules);
	free(words);
	if (rc != 0) {
		fputs(_(think_usage), stderr);
		return rc;
	}
	memset(&lim, 0, sizeof lim);
	if (level || (!nodes && !depth && !movetime))
		eng_level_limits(level ? (int)level : ENG_LEVEL_MAX, &lim);
	if (nodes)
		lim.nodes = nodes;
	if (depth)
		lim.depth = (int)depth;
	lim.movetime_ms = movetime;
	lim.clock = think_clock;
	lim.seed = seed;
	e = eng_new(THINK_TT_BYTES);
	if (!e) {
		fprintf(stderr, _("epamserv %s: no memory for the engine\n"), argv[0]);
		return CLI_EX_SOFTWARE;
	}
	if (eng_search(e, &p, &o, NULL, &lim, &r) == 0 && r.have_move)
		print_result(&r);
	else
		print_ended(&p, &o);
	eng_free(e);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, _("epamserv %s: cannot write the output\n"), argv[0]);
		return CLI_EX_IOERR;
	}
	return 0;
}
