/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * replay.c - "epamserv replay RECORD" (issue 18): read a game record
 * (text or JSON, told apart by its first byte; "-" is standard input),
 * replay its moves under the rules, and print the final position (RULES.md
 * section 7 notation), the ASCII board and the result.
 *
 * A record that does not parse, holds an illegal move, or states a
 * result, termination or final position the replay does not reach is
 * refused: one line on stderr saying what and where, exit 65.  A record
 * over RECORD_MAX_BYTES is refused unread (exit 65).  No spool is used.
 */
#include "cli/cli.h"
#include "game/record.h"
#include "game/render.h"
#include "util/buf.h"
#include "util/util.h"
#include "util/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char replay_usage[] =
	N_("usage: epamserv replay RECORD   (a text or JSON record; - for stdin)\n");


/* The refusal on stderr, control bytes of the record (terminal escapes,
 * a record is anyone's text) shown as '?'. */
static void replay_error(const char *file, char *err)
{
	char *p;

	for (p = err; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	fprintf(stderr, "epamserv replay: %s: %s\n", file, err);
}

/* The whole of f, at most max + 1 bytes (so that more is seen). */
static char *read_all(FILE *f, size_t max, size_t *len)
{
	struct buf b = BUF_INIT;
	char chunk[65536];
	size_t n;

	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		buf_append(&b, chunk, n);
		if (b.len > max)
			break;
	}
	if (ferror(f)) {
		buf_free(&b);
		return NULL;
	}
	*len = b.len;
	return buf_take(&b);
}

int cli_replay(int argc, char **argv)
{
	struct record_in r;
	struct game g;
	char err[EP_ERR_MAX + EP_POSITION_MAX * 2 + 200], pos[EP_POSITION_MAX];
	char res[EP_ERR_MAX + 96], *text, *board;
	size_t len = 0;
	FILE *f;

	if (argc == 2 && (strcmp(argv[1], "--help") == 0 ||
	                  strcmp(argv[1], "-h") == 0)) {
		fputs(_(replay_usage), stdout);
		return 0;
	}
	if (argc != 2) {
		fputs(_(replay_usage), stderr);
		return EXIT_USAGE;
	}
	f = strcmp(argv[1], "-") == 0 ? stdin : fopen(argv[1], "rb");
	if (!f) {
		fprintf(stderr, _("epamserv replay: cannot open %s: %s\n"), argv[1],
		        strerror(errno));
		return EXIT_DATAERR;
	}
	text = read_all(f, RECORD_MAX_BYTES, &len);
	if (f != stdin)
		fclose(f);
	if (!text) {
		fprintf(stderr, _("epamserv replay: cannot read %s\n"), argv[1]);
		return EXIT_DATAERR;
	}
	if (record_read(text, len, &r, err, sizeof err) < 0) {
		replay_error(argv[1], err);
		free(text);
		return EXIT_DATAERR;
	}
	free(text);
	if (record_replay(&r, &g, err, sizeof err) < 0) {
		replay_error(argv[1], err);
		record_in_free(&r);
		return EXIT_DATAERR;
	}
	ep_position_format(&g.pos, pos);
	game_result_text(&g, res, sizeof res);
	board = render_board(&g, 0);
	printf("position: %s\n%s", pos, board);
	printf("moves: %zu\nresult: %s\n", g.nmoves,
	       res[0] ? res : "active");
	free(board);
	game_free(&g);
	record_in_free(&r);
	return fflush(stdout) == 0 ? 0 : EXIT_TEMPFAIL;
}
