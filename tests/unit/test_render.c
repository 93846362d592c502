/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_render.c - the text and HTML boards of render.c, and the board
 * in words of render_words.c (set ... board list), byte for byte.
 *
 * A handful of positions (the 14x12 opening, a 14x12 board after two
 * moves seen from Black's side, an 8x8 game with a capture as the last
 * move and a crossing pending, the same game finished, an 8x8 board with
 * blocks) are drawn both ways, and said in words once, and compared with
 * tests/unit/render-boards.expected, one section per drawing.  After a
 * deliberate change of the output, EPAMSERV_GOLDEN_WRITE=FILE writes the
 * new sections to FILE.
 */
#include "game/game.h"
#include "game/render.h"
#include "util/buf.h"
#include "fixture.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define T0 1764482900

/* An 8x8 game found by playing: White's group on a1..a3 and Black's
 * capture e4xb1 leaves a Black piece on White's home row, so White must
 * capture it or cross (RULES.md section 6). */
static const char *const crossing_moves[] = {
	"d1-d4", "c8-c6", "e2-c4", "e8-h5", "d3-b5", "c6-c8", "b5-b4",
	"h5-g4", "b2-e2", "e7-f6", "g2-g3", "f8-h6", "h1-g2", "c7-b6",
	"d4-c5", "h8-e5", "c5-a3", "b8-f8", "b4-a5", "e5-f5", "g1xg4",
	"d8-d5", "a5-a6", "h7-d3", "f2-g1", "e4xb1",
};

/* A new game of Epaminondas with option words opts (NULL-terminated, or
 * NULL for the default 14x12), moves played in order.  Returns 0, or -1
 * after a failed check. */
static int make_game(struct game *g, const char *const *opts,
                     const char *const *moves, size_t nmoves)
{
	struct ep_options o;
	char err[256];
	size_t i;

	if (ep_options_default(&o, "epaminondas", err, sizeof err) < 0)
		goto fail;
	for (; opts && *opts; opts++)
		if (ep_options_apply(&o, *opts, err, sizeof err) < 0)
			goto fail;
	if (ep_options_check(&o, err, sizeof err) < 0)
		goto fail;
	game_new(g, "epaminondas", 101, &o, "alice", "bob", T0);
	for (i = 0; i < nmoves; i++)
		if (game_play(g, moves[i], T0 + (time_t)i * 60, NULL, err,
		              sizeof err) < 0) {
			game_free(g);
			goto fail;
		}
	return 0;
fail:
	ok(0, "the test game can be set up");
	printf("#   got: %s\n", err);
	return -1;
}

/* Append section name of game g drawn as text and as HTML, turned with
 * black_down, and (White down only) in words, to all; then compare each
 * with the expected file at *pos. */
static void check_board(struct buf *all, const char *want, size_t wlen,
                        size_t *pos, const char *name, const struct game *g,
                        int black_down)
{
	static const char *const form[] = { "text", "html", "words" };
	int html;

	/* The words (set ... board list) do not turn: pinned once, with
	 * the White-down drawing. */
	for (html = 0; html < (black_down ? 2 : 3); html++) {
		struct buf s = BUF_INIT;
		char *board = html == 2 ? render_board_words(g)
		            : html ? render_board_html(g, black_down)
		                   : render_board(g, black_down);
		size_t i = 0;

		buf_printf(&s, "=== %s, %s ===\n%s", name, form[html], board);
		buf_append(all, s.data, s.len);
		ok(want && *pos + s.len <= wlen &&
		   memcmp(want + *pos, s.data, s.len) == 0,
		   "%s (%s) is drawn byte for byte as pinned", name,
		   form[html]);
		if (want && (*pos + s.len > wlen ||
		             memcmp(want + *pos, s.data, s.len) != 0)) {
			while (i < s.len && *pos + i < wlen &&
			       want[*pos + i] == s.data[i])
				i++;
			printf("#   first difference at byte %zu of the section\n", i);
		}
		*pos += s.len;
		buf_free(&s);
		free(board);
	}
}

/* set ... board letters ws (issue 32): the wide and the compact board of
 * g with S for Black's pieces are the W and B ones with each B an S (the
 * labels have no capital letter), and draw at least one S. */
static void check_letters(const struct game *g, int black_down,
                          const char *name)
{
	int compact;

	for (compact = 0; compact < 2; compact++) {
		char *wb = compact ? render_board_compact(g, black_down,
		                                          RENDER_LETTERS_WB)
		                   : render_board(g, black_down);
		char *ws = render_board_form(g, compact ? RENDER_COMPACT
		                             : RENDER_WIDE, black_down,
		                             RENDER_LETTERS_WS);
		char *p;

		for (p = wb; *p; p++)
			if (*p == 'B')
				*p = 'S';
		ok(strcmp(wb, ws) == 0 && strchr(ws, 'S') && !strchr(ws, 'B'),
		   "%s, %s board: letters ws draw S where wb draws B, nothing "
		   "else changes", name, compact ? "compact" : "wide");
		free(wb);
		free(ws);
	}
}

int main(void)
{
	static const char *const size8[] = { "-size=8x8", NULL };
	static const char *const blocks[] = { "-size=8x8", "-block=d4,e5", NULL };
	static const char *const two[] = { "e1-e4", "e12-e9" };
	const char *dump = getenv("EPAMSERV_GOLDEN_WRITE");
	struct buf all = BUF_INIT;
	struct game g;
	size_t wlen, pos = 0, n = sizeof crossing_moves / sizeof *crossing_moves;
	char *want = fixture_slurp("tests/unit", "render-boards.expected",
	                           &wlen);
	char r[256];

	if (make_game(&g, NULL, NULL, 0) == 0) {
		check_board(&all, want, wlen, &pos, "14x12 opening, White down",
		            &g, 0);
		game_free(&g);
	}
	if (make_game(&g, NULL, two, 2) == 0) {
		check_board(&all, want, wlen, &pos,
		            "14x12 after e1-e4 e12-e9, Black down", &g, 1);
		game_free(&g);
	}
	if (make_game(&g, size8, crossing_moves, n) == 0) {
		ep_grace_text(&g.pos, &g.opts, r, sizeof r);
		ok(r[0] != '\0', "the 8x8 game has a crossing pending");
		check_board(&all, want, wlen, &pos,
		            "8x8 capture e4xb1, crossing pending, White down", &g, 0);
		/* White neither captures nor crosses: Black wins. */
		is_int(game_play(&g, "a1-a4", T0 + 9000, NULL, r, sizeof r), 0,
		       "the move that ignores the crossing is played");
		is_int(g.state, GAME_FINISHED, "the game is over");
		check_board(&all, want, wlen, &pos, "8x8 finished, White down",
		            &g, 0);
		check_board(&all, want, wlen, &pos, "8x8 finished, Black down",
		            &g, 1);
		game_free(&g);
	}
	if (make_game(&g, blocks, NULL, 0) == 0) {
		check_board(&all, want, wlen, &pos, "8x8 blocks d4 e5, White down",
		            &g, 0);
		check_board(&all, want, wlen, &pos, "8x8 blocks d4 e5, Black down",
		            &g, 1);
		check_letters(&g, 0, "8x8 blocks d4 e5, White down");
		check_letters(&g, 1, "8x8 blocks d4 e5, Black down");
		game_free(&g);
	}
	is_int(pos, wlen, "every pinned section was drawn");
	if (dump) {
		FILE *f = fopen(dump, "wb");
		if (f) {
			fwrite(all.data, 1, all.len, f);
			fclose(f);
		}
	}
	buf_free(&all);
	free(want);
	return tap_done();
}
