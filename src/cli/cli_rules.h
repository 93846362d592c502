/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli_rules.h - the subcommands of epamserv that drive the rules engine
 * alone, with no spool, mail or game file: `perft` and `moves`
 * (RULES.md section 7).
 */
#ifndef EPAM_CLI_RULES_H
#define EPAM_CLI_RULES_H

#include "rules/rules.h"

/*
 * epamserv perft DEPTH [POSITION] [options] [--divide]
 * Prints "perft(d) = N" for d = 1..DEPTH from the standard opening of the
 * game and options (or from POSITION).  With --divide, prints instead the
 * count of every top-level move ("e3-e7: N", sorted as in `moves`), then
 * "perft(DEPTH) = N".  argv[0] is the subcommand name.
 * Returns an exit status: 0, or 64 (EX_USAGE) with a message on stderr,
 * or 74 (EX_IOERR) if standard output cannot be written.
 */
int cli_perft(int argc, char **argv);

/*
 * epamserv moves POSITION [options]
 * Prints every legal move of POSITION, one per line in canonical notation,
 * sorted by tail file, tail rank, destination file, destination rank; then
 * "status: white to move", "status: white wins (REASON)", "status: black
 * wins (REASON)" or "status: draw (REASON)", the status at the start of the
 * turn.  When the game has ended only the status line is printed.
 * Returns 0, 64 (usage, with a message on stderr) or 74 (output error).
 */
int cli_moves(int argc, char **argv);

/*
 * What perft and moves share: reads the arguments argv[1..argc-1] except
 * index skip (-1: none).  Words starting with '-' are options: -game= (or
 * --game=) picks the game whose defaults the other options (RULES.md
 * section 6, through ep_options_apply) change; "--divide" sets *divide when
 * divide is not NULL.  The other words make up POSITION (one quoted
 * argument, or its three words).  Given a POSITION, its size is the board
 * size (a -size that disagrees is an error), as are its blocks (a -block
 * list that disagrees is an error); *have_position says whether one was
 * given, and p is the standard opening otherwise.
 * Returns 0, or 64 with the problem on stderr (prefixed "epamserv CMD: ").
 */
int cli_rules_setup(int argc, char **argv, int skip, struct ep_options *o,
                    struct ep_position *p, int *have_position, int *divide);

/* Sorts moves by tail file, tail rank, destination file, destination rank
 * (the order `moves` and `perft --divide` print in). */
void cli_sort_moves(struct ep_move *moves, size_t n);

#endif
