/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * moves.c - `epamserv moves POSITION [options]`: every legal move of a
 * position and the status at the start of its turn (RULES.md section 7);
 * and the argument reading that `perft` shares.
 *
 * Arguments come from the command line of an administrator or a test
 * script: every one is checked, and a bad one is a usage error (64) with
 * the rule it breaks and the valid forms.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli_rules.h"
#include "util/i18n.h"

#define CLI_EX_USAGE 64
#define CLI_EX_IOERR 74

/* "epamserv CMD: message" on stderr; returns 64 (EX_USAGE). */
static int usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "epamserv %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return CLI_EX_USAGE;
}

/* The option name of word ("-size=8x8" and "--size=8x8" give "size"),
 * compared with name. */
static int option_is(const char *word, const char *name)
{
	size_t len = strlen(name);

	word += word[1] == '-' ? 2 : 1;
	return strncasecmp(word, name, len) == 0 &&
	       (word[len] == '=' || word[len] == '\0');
}

/* The game named by the last -game= word, or "epaminondas". */
static const char *game_of(int argc, char **argv)
{
	const char *game = "epaminondas";
	int i;

	for (i = 1; i < argc; i++)
		if (argv[i][0] == '-' && option_is(argv[i], "game"))
			game = strchr(argv[i], '=') ? strchr(argv[i], '=') + 1 : "";
	return game;
}

/* Whether the blocks of o are exactly the blocks of p. */
static int blocks_agree(const struct ep_options *o,
                        const struct ep_position *p)
{
	int i, f, r, n = 0;

	for (i = 0; i < o->nblocks; i++)
		if (ep_cell_at(p, o->block_file[i], o->block_rank[i]) != EP_BLOCK)
			return 0;
	for (r = 0; r < p->height; r++)
		for (f = 0; f < p->width; f++)
			n += ep_cell_at(p, f, r) == EP_BLOCK;
	return n == o->nblocks;
}

/* The position words joined into text; -1 if they are too long. */
static int join_position(int argc, char **argv, int skip, char *text,
                         size_t len)
{
	size_t used = 0;
	int i, w;

	text[0] = '\0';
	for (i = 1; i < argc; i++) {
		if (i == skip || argv[i][0] == '-')
			continue;
		w = snprintf(text + used, len - used, "%s%s", used ? " " : "",
		             argv[i]);
		if (w < 0 || (size_t)w >= len - used)
			return -1;
		used += (size_t)w;
	}
	return 0;
}

/* The options words of argv into o (game defaults first). */
static int read_options(int argc, char **argv, int skip,
                        struct ep_options *o, int *divide, int *size_given)
{
	const char *cmd = argv[0];
	char err[EP_ERR_MAX];
	int i;

	if (ep_options_default(o, game_of(argc, argv), err, sizeof err) < 0)
		return usage_error(cmd, "%s", err);
	*size_given = 0;
	for (i = 1; i < argc; i++) {
		const char *w = argv[i];

		if (i == skip || w[0] != '-' || option_is(w, "game"))
			continue;
		if (divide != NULL && strcmp(w, "--divide") == 0) {
			*divide = 1;
			continue;
		}
		if (option_is(w, "size"))
			*size_given = 1;
		if (ep_options_apply(o, w, err, sizeof err) < 0)
			return usage_error(cmd, "%s", err);
	}
	return 0;
}

int cli_rules_setup(int argc, char **argv, int skip, struct ep_options *o,
                    struct ep_position *p, int *have_position, int *divide)
{
	const char *cmd = argv[0];
	char text[2 * EP_POSITION_MAX], err[EP_ERR_MAX];
	int size_given = 0, rc;

	if (divide != NULL)
		*divide = 0;
	rc = read_options(argc, argv, skip, o, divide, &size_given);
	if (rc != 0)
		return rc;
	if (join_position(argc, argv, skip, text, sizeof text) < 0)
		return usage_error(cmd, _("the position is too long"));
	*have_position = text[0] != '\0';
	if (*have_position) {
		if (ep_position_parse(p, text, err, sizeof err) < 0)
			return usage_error(cmd, _("bad position: %s"), err);
		if (size_given && (o->width != p->width ||
		                   o->height != p->height))
			/* TRANSLATORS: keep the options (-size=) as they
			 * are: what a player types. */
			return usage_error(cmd, _("-size=%dx%d disagrees with the "
			                     "%dx%d position"), o->width, o->height,
			                   p->width, p->height);
		o->width = p->width;
		o->height = p->height;
		if (o->nblocks > 0 && !blocks_agree(o, p))
			return usage_error(cmd, _("-block disagrees with the blocks "
			                     "of the position (a position carries "
			                     "its own blocks)"));
	}
	if (ep_options_check(o, err, sizeof err) < 0)
		return usage_error(cmd, "%s", err);
	if (!*have_position)
		ep_position_start(p, o);
	return 0;
}

static int compare_moves(const void *a, const void *b)
{
	const struct ep_move *x = a, *y = b;
	int keys[2][4] = {
		{ ep_square_file(x->tail), ep_square_rank(x->tail),
		  ep_square_file(x->dest), ep_square_rank(x->dest) },
		{ ep_square_file(y->tail), ep_square_rank(y->tail),
		  ep_square_file(y->dest), ep_square_rank(y->dest) },
	};
	int i;

	for (i = 0; i < 4; i++)
		if (keys[0][i] != keys[1][i])
			return keys[0][i] < keys[1][i] ? -1 : 1;
	return 0;
}

void cli_sort_moves(struct ep_move *moves, size_t n)
{
	qsort(moves, n, sizeof *moves, compare_moves);
}

static void print_status(const struct ep_position *p,
                         const struct ep_status *st)
{
	switch (st->result) {
	case EP_ONGOING:
		printf("status: %s to move\n",
		       p->to_move == EP_WHITE ? "white" : "black");
		break;
	case EP_WHITE_WINS:
		printf("status: white wins (%s)\n", st->reason);
		break;
	case EP_BLACK_WINS:
		printf("status: black wins (%s)\n", st->reason);
		break;
	case EP_DRAW:
		printf("status: draw (%s)\n", st->reason);
		break;
	}
}

static int finish_output(const char *cmd)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, _("epamserv %s: cannot write the output\n"), cmd);
		return CLI_EX_IOERR;
	}
	return 0;
}

int cli_moves(int argc, char **argv)
{
	static struct ep_move moves[EP_MAX_MOVES];
	struct ep_options o;
	struct ep_position p;
	struct ep_status st;
	char text[EP_MOVE_TEXT_MAX];
	int have_position, rc;
	size_t n, i;

	if (argc >= 2 && (strcmp(argv[1], "-h") == 0 ||
	                  strcmp(argv[1], "--help") == 0)) {
		fputs(_("usage: epamserv moves POSITION [options]\n"), stdout);
		return finish_output(argv[0]);
	}
	rc = cli_rules_setup(argc, argv, -1, &o, &p, &have_position, NULL);
	if (rc != 0)
		return rc;
	if (!have_position)
		/* TRANSLATORS: keep the command line and the options
		 * (-symmetry=off) as they are: what an operator types. */
		return usage_error(argv[0], _("no POSITION given (usage: epamserv "
		                     "moves POSITION [options], e.g. epamserv moves "
		                     "\"8x8 8/8/8/8/8/8/WW6/BW6 b\" -symmetry=off)"));
	ep_status(&p, &o, &st);
	if (st.result == EP_ONGOING) {
		n = ep_generate(&p, &o, moves, EP_MAX_MOVES);
		if (n > EP_MAX_MOVES)
			n = EP_MAX_MOVES;
		cli_sort_moves(moves, n);
		for (i = 0; i < n; i++) {
			ep_move_format(&moves[i], text);
			printf("%s\n", text);
		}
	}
	print_status(&p, &st);
	return finish_output(argv[0]);
}
