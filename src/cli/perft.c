/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * perft.c - `epamserv perft DEPTH [POSITION] [options] [--divide]`: the
 * number of leaf move sequences of each length from the opening or from a
 * position (RULES.md section 7), to check the move generator against the
 * values agreed by independent implementations.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli_rules.h"
#include "util/i18n.h"

#define CLI_EX_USAGE 64
#define CLI_EX_IOERR 74
#define CLI_PERFT_MAX_DEPTH 64

static const char perft_usage[] =
	/* TRANSLATORS: keep the command line and the option names and
	 * values as they are: what an operator types. */
	N_("usage: epamserv perft DEPTH [POSITION] [options] [--divide]\n"
	   "  DEPTH     1 to 64\n"
	   "  POSITION  e.g. \"8x8 8/8/8/8/8/8/WW6/BW6 b\" (default: the opening)\n"
	   "  options   -game=epaminondas|crossings -size=WxH -block=c5,f7\n"
	   "            -symmetry=mirror|rotate|both|off -rules=abbott|igfip\n"
	   "            -crossed=move|stay|safe -frozen -repetition=loss|draw|off\n"
	   "            -capture=line|one\n"
	   "  --divide  the count of each first move, then the total\n");

/* Index of the DEPTH argument (the first word that is not an option). */
static int depth_index(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (argv[i][0] != '-')
			return i;
	return -1;
}

static int parse_depth(const char *s)
{
	int d = 0;

	if (*s == '\0')
		return -1;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9' || d > CLI_PERFT_MAX_DEPTH)
			return -1;
		d = d * 10 + (*s - '0');
	}
	return d >= 1 && d <= CLI_PERFT_MAX_DEPTH ? d : -1;
}

static int divide(const struct ep_position *p, const struct ep_options *o,
                  int depth)
{
	static struct ep_move moves[EP_MAX_MOVES];
	struct ep_position child;
	struct ep_status st;
	char text[EP_MOVE_TEXT_MAX];
	uint64_t total = 0, count;
	size_t n = 0, i;

	ep_status(p, o, &st);
	if (st.result == EP_ONGOING)
		n = ep_generate(p, o, moves, EP_MAX_MOVES);
	if (n > EP_MAX_MOVES)
		n = EP_MAX_MOVES;
	cli_sort_moves(moves, n);
	for (i = 0; i < n; i++) {
		child = *p;
		ep_make(&child, o, &moves[i]);
		count = ep_perft(&child, o, depth - 1);
		total += count;
		ep_move_format(&moves[i], text);
		printf("%s: %llu\n", text, (unsigned long long)count);
	}
	printf("perft(%d) = %llu\n", depth, (unsigned long long)total);
	return 0;
}

int cli_perft(int argc, char **argv)
{
	struct ep_options o;
	struct ep_position p;
	int di, depth, have_position, want_divide, rc, d;

	if (argc >= 2 && (strcmp(argv[1], "-h") == 0 ||
	                  strcmp(argv[1], "--help") == 0)) {
		fputs(_(perft_usage), stdout);
		return fflush(stdout) == 0 ? 0 : CLI_EX_IOERR;
	}
	di = depth_index(argc, argv);
	depth = di > 0 ? parse_depth(argv[di]) : -1;
	if (depth < 0) {
		if (di > 0)
			/* TRANSLATORS: the command, the word given, the
			 * greatest depth. */
			fprintf(stderr, _("epamserv %s: \"%s\": DEPTH must be a "
			                  "number from 1 to %d\n"), argv[0],
			        argv[di], CLI_PERFT_MAX_DEPTH);
		else
			fprintf(stderr, _("epamserv %s: DEPTH must be a number "
			                  "from 1 to %d\n"), argv[0],
			        CLI_PERFT_MAX_DEPTH);
		fputs(_(perft_usage), stderr);
		return CLI_EX_USAGE;
	}
	rc = cli_rules_setup(argc, argv, di, &o, &p, &have_position,
	                     &want_divide);
	if (rc != 0)
		return rc;
	if (want_divide)
		divide(&p, &o, depth);
	else
		for (d = 1; d <= depth; d++)
			printf("perft(%d) = %llu\n", d,
			       (unsigned long long)ep_perft(&p, &o, d));
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, _("epamserv %s: cannot write the output\n"), argv[0]);
		return CLI_EX_IOERR;
	}
	return 0;
}
