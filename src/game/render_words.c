/*
 * render_words.c - the board in words, for screen readers (set ...
 * board list, issue 30; see render.h).
 *
 * What blind players ask of a chess site (lichess's blind mode, see
 * doc/accessibility.md): the pieces of each side by square
 * instead of a picture, the last move said in words, what is threatened,
 * and the position as a string to paste into another tool.  So this
 * file writes, one paragraph each:
 *
 *   White (alice), 27 pieces: a1 to n1; a2 to d2, f2 to n2; e5.
 *   Black (bob), 26 pieces: ...
 *   Last move, move 14: bob (Black) moved the phalanx of 3 on e12, e11
 *   and e10 by 2 squares, to e10, e9 and e8.  It captured 2 white pieces,
 *   on e8 and e7.
 *   Threats: ...
 *   Position to copy:
 *     14x12 ... w
 *
 * Squares are listed rank by rank from rank 1 up, files a to z; a run
 * of three or more neighbouring pieces on one rank is said "a1 to n1"
 * (28 squares said one by one take half a minute to hear), two are said
 * "a1, b1".  Ranks are set apart by semicolons, so a screen reader
 * pauses between them.  No ASCII art, no column alignment: every line
 * is a sentence.  Each sentence with a count is one whole sentence per
 * count form (singular or plural), ready for ngettext.
 */
#include "game/render.h"
#include "util/buf.h"
#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Listed moves of one kind (crossings) before "and N more". */
#define WORDS_MAX_MOVES 8
/* "z26 to z25" and its NUL, with room for any int. */
#define WORDS_MOVE_MAX 32

static const char *side_name(int side)
{
	return side == EP_WHITE ? "White" : "Black";
}

static void put_square(struct buf *b, int file, int rank)
{
	buf_putc(b, (char)('a' + file));
	render_put_rank(b, rank + 1, 0);
}

/* The squares holding cell, rank by rank from rank 1, runs of three or
 * more on a rank said "a1 to c1"; "none" when there are none. */
static void put_squares_of(struct buf *b, const struct ep_position *p,
                           int cell)
{
	int r, f, any = 0;

	for (r = 0; r < p->height; r++) {
		int first = 1;
		for (f = 0; f < p->width; f++) {
			int end;
			if (ep_cell_at(p, f, r) != cell)
				continue;
			for (end = f; end + 1 < p->width &&
			     ep_cell_at(p, end + 1, r) == cell; end++)
				;
			buf_puts(b, first ? (any ? "; " : "") : ", ");
			first = 0;
			any = 1;
			put_square(b, f, r);
			if (end - f >= 2) {
				buf_puts(b, " to ");
				put_square(b, end, r);
			} else if (end > f) {
				buf_puts(b, ", ");
				put_square(b, end, r);
			}
			f = end;
		}
	}
	if (!any)
		buf_puts(b, "none");
}

/* "White (alice), 27 pieces: ...; crossed: c12." */
static void side_paragraph(struct buf *b, const struct game *g, int side)
{
	const struct ep_position *p = &g->pos;
	int n = ep_count_pieces(p, (enum ep_side)side);
	int crossed = ep_count_crossed(p, (enum ep_side)side);
	const char *who = side == EP_WHITE ? g->white : g->black;
	int cell = side == EP_WHITE ? EP_WPIECE : EP_BPIECE;
	int far = side == EP_WHITE ? p->height - 1 : 0, f, first = 1;

	if (n == 1)
		buf_printf(b, "%s (%s), 1 piece: ", side_name(side), who);
	else
		buf_printf(b, "%s (%s), %d pieces: ", side_name(side), who, n);
	put_squares_of(b, p, cell);
	buf_puts(b, ".\n");
	if (!crossed)
		return;
	if (crossed == 1)
		buf_printf(b, "%s has 1 crossed piece, on ", side_name(side));
	else
		buf_printf(b, "%s has %d crossed pieces, on ", side_name(side),
		           crossed);
	for (f = 0; f < p->width; f++)
		if (ep_cell_at(p, f, far) == cell) {
			if (!first)
				buf_puts(b, ", ");
			first = 0;
			put_square(b, f, far);
		}
	buf_puts(b, ".\n");
}

/* Sign of x: -1, 0 or 1. */
static int sign(int x)
{
	return (x > 0) - (x < 0);
}

/* The squares (file, rank) of n pieces in a line from (f, r) along
 * (df, dr): "e12", "e12 and e11", "e12, e11 and e10", and from four on
 * "e12 to e9". */
static void put_line(struct buf *b, int f, int r, int df, int dr, int n)
{
	int i;

	if (n >= 4) {
		put_square(b, f, r);
		buf_puts(b, " to ");
		put_square(b, f + (n - 1) * df, r + (n - 1) * dr);
		return;
	}
	for (i = 0; i < n; i++) {
		if (i)
			buf_puts(b, i == n - 1 ? " and " : ", ");
		put_square(b, f + i * df, r + i * dr);
	}
}

/* "Last move, move 14: bob (Black) played e12xe8.  ..." in words:
 * which pieces moved where, what they captured, whether it crossed. */
static void last_move_paragraph(struct buf *b, const struct game *g)
{
	const struct ep_position *before, *p = &g->pos;
	struct ep_move m;
	char err[EP_ERR_MAX];
	const char *text, *who;
	int side, tf, tr, df, dr, hf, hr, n, k, taken, i, theirs;

	if (g->nmoves == 0 || !g->seen) {
		buf_printf(b, "%s\n", _("No move has been played yet."));
		return;
	}
	before = &g->seen[g->nmoves - 1];
	text = g->moves[g->nmoves - 1].text;
	side = (int)before->to_move;
	who = side == EP_WHITE ? g->white : g->black;
	if (ep_move_parse(before, &g->opts, text, &m, err, sizeof err) != 0) {
		/* Not a move of that position: a damaged file, said as is. */
		/* TRANSLATORS: the move's number, the player, the move as
		 * written (here and in the next). */
		buf_printf(b, side == EP_WHITE
		           ? _("Last move, move %zu: %s (White) played %s.")
		           : _("Last move, move %zu: %s (Black) played %s."),
		           g->nmoves, who, text);
		buf_puts(b, "\n");
		return;
	}
	tf = ep_square_file(m.tail);
	tr = ep_square_rank(m.tail);
	df = sign(ep_square_file(m.dest) - tf);
	dr = sign(ep_square_rank(m.dest) - tr);
	n = m.n;
	k = m.k;
	hf = tf + (n - 1) * df;
	hr = tr + (n - 1) * dr;
	buf_printf(b, "Last move, move %zu: %s (%s) moved ", g->nmoves, who,
	           side_name(side));
	/* A group of one moves one square (RULES.md section 2). */
	if (n == 1) {
		buf_puts(b, "the piece on ");
		put_square(b, tf, tr);
		buf_puts(b, " to ");
		put_square(b, hf + df, hr + dr);
	} else {
		buf_printf(b, "the phalanx of %d on ", n);
		put_line(b, tf, tr, df, dr, n);
		if (k == 1)
			buf_puts(b, " by 1 square, to ");
		else
			buf_printf(b, " by %d squares, to ", k);
		put_line(b, tf + k * df, tr + k * dr, df, dr, n);
	}
	buf_puts(b, ".");
	/* The captured pieces: the opponent's pieces gone after the move,
	 * said along the line from the destination. */
	theirs = side == EP_WHITE ? EP_BPIECE : EP_WPIECE;
	for (taken = 0, i = 0; ; i++) {
		int f = hf + (k + i) * df, r = hr + (k + i) * dr;
		if (ep_cell_at(before, f, r) != theirs || ep_cell_at(p, f, r) == theirs)
			break;
		taken++;
	}
	if (taken == 1) {
		buf_printf(b, "  It captured 1 %s piece, on ",
		           side == EP_WHITE ? "black" : "white");
		put_square(b, hf + k * df, hr + k * dr);
		buf_puts(b, ".");
	} else if (taken > 1) {
		buf_printf(b, "  It captured %d %s pieces, on ", taken,
		           side == EP_WHITE ? "black" : "white");
		put_line(b, hf + k * df, hr + k * dr, df, dr, taken);
		buf_puts(b, ".");
	}
	if (ep_move_is_crossing(before, &m))
		buf_printf(b, "  It was a crossing: a %s piece now stands on "
		           "rank %d, %s's home row.", side == EP_WHITE ? "white"
		           : "black",
		           side == EP_WHITE ? p->height : 1,
		           side == EP_WHITE ? "Black" : "White");
	buf_puts(b, "\n");
}

/* The squares of the pieces of the side not to move in q that q's side
 * to move could capture (seen[] marks them), and the crossings it could
 * make (up to WORDS_MAX_MOVES in cross[], their number in *ncross). */
static void threats_of(const struct ep_position *q, const struct ep_options *o,
                       unsigned char *seen, char cross[][WORDS_MOVE_MAX],
                       int *ncross)
{
	struct ep_move moves[EP_MAX_MOVES];  /* 64 KiB: 8 bytes a move */
	size_t n = ep_generate(q, o, moves, EP_MAX_MOVES), i;
	int theirs = q->to_move == EP_WHITE ? EP_BPIECE : EP_WPIECE;

	memset(seen, 0, EP_MAX_W * EP_MAX_H);
	*ncross = 0;
	if (n > EP_MAX_MOVES)
		n = EP_MAX_MOVES;
	for (i = 0; i < n; i++) {
		const struct ep_move *m = &moves[i];
		int f = ep_square_file(m->dest), r = ep_square_rank(m->dest);
		int df = sign(f - ep_square_file(m->tail));
		int dr = sign(r - ep_square_rank(m->tail));
		int j;
		for (j = 0; j < m->captured && ep_cell_at(q, f, r) == theirs; j++) {
			seen[f + r * EP_MAX_W] = 1;
			f += df;
			r += dr;
		}
		if (ep_move_is_crossing(q, m)) {
			if (*ncross < WORDS_MAX_MOVES) {
				char *c = cross[*ncross];
				/* "c2 to d1": a speech synthesiser runs
				 * "c2-d1" together. */
				c[0] = (char)('a' + ep_square_file(m->tail));
				snprintf(c + 1, WORDS_MOVE_MAX - 1, "%d to %c%d",
				         ep_square_rank(m->tail) + 1,
				         'a' + ep_square_file(m->dest),
				         ep_square_rank(m->dest) + 1);
			}
			(*ncross)++;
		}
	}
}

/* The squares marked in seen[], rank by rank. */
static void put_marked(struct buf *b, const struct ep_position *p,
                       const unsigned char *seen)
{
	int f, r, first = 1;

	for (r = 0; r < p->height; r++)
		for (f = 0; f < p->width; f++)
			if (seen[f + r * EP_MAX_W]) {
				if (!first)
					buf_puts(b, ", ");
				first = 0;
				put_square(b, f, r);
			}
}

/* The crossing moves listed, "and N more" past WORDS_MAX_MOVES. */
static void put_crossings(struct buf *b, char cross[][WORDS_MOVE_MAX],
                          int ncross)
{
	int i;

	for (i = 0; i < ncross && i < WORDS_MAX_MOVES; i++)
		buf_printf(b, "%s%s", i ? ", " : "", cross[i]);
	if (ncross - WORDS_MAX_MOVES == 1)
		buf_puts(b, " and 1 more move");
	else if (ncross > WORDS_MAX_MOVES)
		buf_printf(b, " and %d more moves", ncross - WORDS_MAX_MOVES);
}

/* What each side could take or cross: the side to move now, the other
 * if it were its move (a threat).  Only while the game is played. */
static void threats_paragraph(struct buf *b, const struct game *g)
{
	unsigned char seen[EP_MAX_W * EP_MAX_H];
	char cross[WORDS_MAX_MOVES][WORDS_MOVE_MAX];
	struct ep_position q = g->pos;
	int ncross, any, side = (int)g->pos.to_move, pass;

	for (pass = 0; pass < 2; pass++) {
		const char *who = side == EP_WHITE ? g->white : g->black;
		threats_of(&q, &g->opts, seen, cross, &ncross);
		any = memchr(seen, 1, sizeof seen) != NULL;
		if (pass == 0 && any) {
			buf_printf(b, "%s (%s), to move, can capture the %s pieces on ",
			           side_name(side), who,
			           side == EP_WHITE ? "black" : "white");
			put_marked(b, &q, seen);
			buf_puts(b, ".\n");
		} else if (pass == 0) {
			buf_printf(b, "%s (%s), to move, has no capture.\n",
			           side_name(side), who);
		} else if (any) {
			buf_printf(b, "Threat: if it were %s's move, %s could capture "
			           "the %s pieces on ", side_name(side), who,
			           side == EP_WHITE ? "black" : "white");
			put_marked(b, &q, seen);
			buf_puts(b, ".\n");
		} else {
			buf_printf(b, "%s (%s) threatens no capture.\n",
			           side_name(side), who);
		}
		if (ncross && pass == 0) {
			buf_printf(b, "%s can cross now with ", side_name(side));
			put_crossings(b, cross, ncross);
			buf_puts(b, ".\n");
		} else if (ncross) {
			buf_printf(b, "Threat: if it were %s's move, %s could cross "
			           "with ", side_name(side), who);
			put_crossings(b, cross, ncross);
			buf_puts(b, ".\n");
		}
		q.to_move = q.to_move == EP_WHITE ? EP_BLACK : EP_WHITE;
		side = (int)q.to_move;
	}
}

char *render_board_words(const struct game *g)
{
	const struct ep_position *p = &g->pos;
	char pos[EP_POSITION_MAX];
	struct buf b = BUF_INIT;

	/* "a to h" would be heard "uh to h": squares, not a lone letter. */
	/* TRANSLATORS: the board's width and height, its last square (a
	 * letter and a number) and Black's home rank. */
	buf_printf(&b, _("The board in words: %d files and %d ranks, from a1 "
	           "to %c%d.  White's home row is rank 1, Black's rank %d."),
	           p->width, p->height, 'a' + p->width - 1, p->height, p->height);
	buf_puts(&b, "\n");
	side_paragraph(&b, g, EP_WHITE);
	side_paragraph(&b, g, EP_BLACK);
	if (g->opts.nblocks) {
		buf_puts(&b, "Blocked squares: ");
		put_squares_of(&b, p, EP_BLOCK);
		buf_puts(&b, ".\n");
	}
	last_move_paragraph(&b, g);
	if (g->state == GAME_ACTIVE)
		threats_paragraph(&b, g);
	ep_position_format(p, pos);
	/* On a line of its own, indented: the mail's wrapping leaves such
	 * a line whole (commands/board/reply.c), so it copies in one piece. */
	buf_printf(&b, "%s\n  %s\n", _("Position to copy:"), pos);
	return buf_take(&b);
}

char *render_board_form(const struct game *g, enum render_form form,
                        int black_down)
{
	if (form == RENDER_LIST)
		return render_board_words(g);
	if (form == RENDER_COMPACT)
		return render_board_compact(g, black_down);
	return render_board(g, black_down);
}
