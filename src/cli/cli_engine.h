/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli_engine.h - the subcommands of epamserv that drive the playing
 * engine (src/engine) with no spool, mail or game file: `think` and
 * `match` (issue 16 item 2), and the argument reading they share.
 *
 * Their own options are double-dashed (--nodes N or --nodes=N), so they
 * never collide with the game's rule options (-size=8x8, RULES.md
 * section 6), which cli_rules_setup reads as perft and moves do.  Game
 * settings that are not rules (-time=, -timeout=, -rated=, -observers=)
 * mean nothing to a search and are refused by name.
 */
#ifndef EPAM_CLI_ENGINE_H
#define EPAM_CLI_ENGINE_H

#include <stddef.h>
#include <stdint.h>

/*
 * epamserv think [POSITION] [--movetime MS] [--nodes N] [--depth N]
 *                [--level N] [--seed N] [options]
 * Searches POSITION (default: the opening) for the side to move and
 * prints "bestmove: MOVE", "score: +0.35" (pieces, two decimals, for the
 * side to move) or "score: win in N" / "score: loss in N" (N plies),
 * "depth: N", "seldepth: N", "nodes: N", "time: N ms", "pv: MOVE ..."; a
 * position whose game has ended prints "status: white wins (REASON)" (or
 * black wins, or draw) alone.  Returns 0, 64 (usage, message on stderr),
 * 70 (no memory for the engine) or 74 (output error).
 */
int cli_think(int argc, char **argv);

/*
 * epamserv match PLAYER1 PLAYER2 [--games N] [--openings PLIES]
 *                [--seed N] [--jobs N] [--verbose] [options]
 * Plays PLAYER1 against PLAYER2 (level:N, nodes:N, depth:N, ref:DEPTH,
 * ref:nodes:N, ref:level:N, greedy, random) and prints the result, the
 * score with a 95% interval and the Elo difference (format in
 * epamserv(1)).  Returns 0, 64 (usage), 70 (a worker failed, no memory)
 * or 74 (output error).
 */
int cli_match(int argc, char **argv);

/* One double-dashed option of think or match. */
struct cli_eopt {
	const char *name;       /* "--nodes" */
	int flag;               /* 1: takes no value (sets *value to 1) */
	uint64_t min, max;      /* accepted values */
	uint64_t *value;        /* where the value goes */
	int given;              /* set by cli_engine_args */
};

/*
 * Splits argv[1..argc-1] of the subcommand argv[0]: the options of
 * opts[0..nopts) (value in the next word or after '='; a number in
 * min..max), the rule options (other words starting with '-', copied to
 * rules[1..] with rules[0] = argv[0], *nrules their count plus one, for
 * cli_rules_setup) and the other words (into words[], *nwords).  rules
 * and words need room for argc + 1 entries (rules ends with NULL); they
 * point into argv.  A game
 * setting that is not a rule, a missing or bad value: a message on
 * stderr ("epamserv CMD: ..."), returns 64.  Else 0.  Unknown options
 * go to rules[], where ep_options_apply names them.
 */
int cli_engine_args(int argc, char **argv, struct cli_eopt *opts,
                    size_t nopts, char **rules, int *nrules, char **words,
                    int *nwords);

#endif
