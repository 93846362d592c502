/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * export.c - "epamserv export [BOARD...] [--json] [--since DATE]" (issue
 * 18): game records for the operator, on standard output.
 *
 * BOARD is N (that board of every game that has one) or GAME-N
 * ("crossings-101", the JSON record's gameid).  Without boards: every
 * finished board of every game, archived ones included, in game then
 * board order; --since YYYY-MM-DD keeps those that ended on that day or
 * later (UTC).  A board named may be running: its text record says
 * Result "*"; JSON refuses it (AbstractPlay's records are for finished
 * games).  Text records are separated by a blank line (as PGN files
 * are); JSON records are one a line (JSON Lines).  Comments as the
 * players allow (record_meta_load).  Nothing in the spool changes.
 *
 * Exit 0; 64 for bad arguments; 65 when a board named is missing or has
 * no record (the others are written); 75 when a board file cannot be
 * read.
 */
#include "cli/cli.h"
#include "commands/cmd.h"
#include "game/record.h"
#include "spool/spool.h"
#include "util/util.h"
#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char export_usage[] =
	/* TRANSLATORS: keep the command line, BOARD and GAME as they are:
	 * what an operator types. */
	N_("usage: epamserv export [BOARD...] [--json] [--since YYYY-MM-DD]\n"
	   "  BOARD: N or GAME-N (crossings-101); default every finished "
	   "board\n");

/* Write the record of g to stdout.  0, or 1 (told on stderr) when it has
 * none in that form. */
static int export_one(const struct config *cfg, const struct game *g,
                      int json, int *first)
{
	struct record_meta m;
	char site[300], err[EP_ERR_MAX + 200], *data;

	record_meta_load(cfg, g, util_now(), &m, site, sizeof site);
	if (record_available(g, err, sizeof err) < 0) {
		fprintf(stderr, "epamserv export: %s board %ld: %s\n", g->game,
		        g->board, err);
		return 1;
	}
	data = json ? record_json(g, &m, err, sizeof err) : record_text(g, &m);
	if (!data) {
		fprintf(stderr, "epamserv export: %s\n", err);
		return 1;
	}
	if (!json && !*first)
		putchar('\n');
	*first = 0;
	fputs(data, stdout);
	free(data);
	return 0;
}

/* Split GAME-N or N: *game NULL for every game.  0, or -1. */
static int board_arg(const char *arg, const char **game, long *board)
{
	const char *dash = strrchr(arg, '-');
	char word[32];

	*game = NULL;
	if (dash) {
		if ((size_t)(dash - arg) >= sizeof word)
			return -1;
		memcpy(word, arg, (size_t)(dash - arg));
		word[dash - arg] = '\0';
		if (!(*game = spool_game_named(word)))
			return -1;
		arg = dash + 1;
	}
	*board = util_board_number(arg);
	return *board < 0 ? -1 : 0;
}

int cli_export(const struct config *cfg, int argc, char **argv)
{
	time_t since = 0;
	int json = 0, first = 1, rc = 0, named = 0, i;
	size_t k, n;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			fputs(_(export_usage), stdout);
			return 0;
		} else if (strcmp(argv[i], "--json") == 0) {
			json = 1;
		} else if (strcmp(argv[i], "--since") == 0) {
			if (i + 1 >= argc || util_parse_date(argv[i + 1], &since) < 0) {
				fprintf(stderr, _("epamserv export: --since takes a date "
				                  "YYYY-MM-DD, not '%s'\n"),
				        i + 1 < argc ? argv[i + 1] : "");
				return EXIT_USAGE;
			}
			i++;
		} else {
			const char *game;
			long board;
			if (argv[i][0] == '-' || board_arg(argv[i], &game, &board) < 0) {
				/* TRANSLATORS: keep the command line and
				 * GAME as they are: what an operator
				 * types. */
				fprintf(stderr, _("epamserv export: '%s' is not a board "
				                  "(N or GAME-N, e.g. 101 or "
				                  "crossings-101)\n"), argv[i]);
				fputs(_(export_usage), stderr);
				return EXIT_USAGE;
			}
			named++;
		}
	}
	if (named && since) {
		fputs(_("epamserv export: --since filters the finished boards; "
		        "with boards named it is not used\n"), stderr);
		fputs(_(export_usage), stderr);
		return EXIT_USAGE;
	}
	if (cli_need_spool(cfg, "export") != 0)
		return EXIT_CONFIG;
	for (k = 0; spool_games[k]; k++) {
		long *boards = NULL;
		char *err = NULL;
		if (game_boards(cfg->spool, spool_games[k], &boards, &n, &err) < 0) {
			fprintf(stderr, "epamserv export: %s\n", err ? err : "?");
			free(err);
			return EXIT_TEMPFAIL;
		}
		for (size_t b = 0; b < n; b++) {
			struct game g;
			int want = !named, lr;
			for (i = 1; named && i < argc && !want; i++) {
				const char *game;
				long board;
				if (strcmp(argv[i], "--since") == 0) {
					i++;
					continue;
				}
				if (argv[i][0] != '-' &&
				    board_arg(argv[i], &game, &board) == 0 &&
				    board == boards[b] &&
				    (!game || strcmp(game, spool_games[k]) == 0))
					want = 1;
			}
			if (!want)
				continue;
			lr = game_load(&g, cfg->spool, spool_games[k], boards[b], &err);
			if (lr != 0) {
				fprintf(stderr, "epamserv export: %s\n", err ? err : "?");
				free(err);
				err = NULL;
				rc = EXIT_TEMPFAIL;
				continue;
			}
			if (named || (g.state == GAME_FINISHED &&
			              record_end_time(&g) >= since)) {
				if (export_one(cfg, &g, json, &first) && rc == 0)
					rc = EXIT_DATAERR;
			}
			game_free(&g);
		}
		free(boards);
	}
	/* Each board named must have been found. */
	for (i = 1; named && i < argc; i++) {
		const char *game;
		long board;
		int found = 0;
		if (strcmp(argv[i], "--since") == 0) {
			i++;
			continue;
		}
		if (argv[i][0] == '-' || board_arg(argv[i], &game, &board) < 0)
			continue;
		for (k = 0; spool_games[k] && !found; k++) {
			struct game g;
			char *err = NULL;
			if (game && strcmp(game, spool_games[k]) != 0)
				continue;
			if (game_load(&g, cfg->spool, spool_games[k], board, &err) == 0) {
				found = 1;
				game_free(&g);
			}
			free(err);
		}
		if (!found) {
			fprintf(stderr, _("epamserv export: there is no board %s\n"),
			        argv[i]);
			if (rc == 0)
				rc = EXIT_DATAERR;
		}
	}
	if (fflush(stdout) != 0 && rc == 0)
		rc = EXIT_TEMPFAIL;
	return rc;
}
