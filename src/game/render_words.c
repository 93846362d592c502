/* SPDX-License-Identifier: GPL-3.0-or-later */
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
 * is a sentence.  Each sentence is whole and marked for gettext: one
 * per side where a colour is named, ngettext where it holds a count,
 * a list of squares one %s argument (the words inside a list, "a1 to
 * n1" and "e12, e11 and e10", are patterns of their own).
 */
#include "game/render.h"
#include "util/buf.h"
#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Listed moves of one kind (crossings) before "and N more". */
#define WORDS_MAX_MOVES 8
/* "z26 to z25" and its NUL, with room for any int and for a translation
 * of the pattern "%c%d to %c%d" (cut short, never overrun, past it). */
#define WORDS_MOVE_MAX 64
/* A square's name, "z26", and its NUL, with room for any int. */
#define WORDS_SQUARE_MAX 16

static void square_name(char s[WORDS_SQUARE_MAX], int file, int rank)
{
	snprintf(s, WORDS_SQUARE_MAX, "%c%d", 'a' + file, rank + 1);
}

static void put_square(struct buf *b, int file, int rank)
{
	char s[WORDS_SQUARE_MAX];

	square_name(s, file, rank);
	buf_puts(b, s);
}

/* A run of neighbouring squares said by its ends, "a1 to n1". */
static void put_run(struct buf *b, int f1, int r1, int f2, int r2)
{
	char first[WORDS_SQUARE_MAX], last[WORDS_SQUARE_MAX];

	square_name(first, f1, r1);
	square_name(last, f2, r2);
	/* TRANSLATORS: a run of neighbouring squares on one line, said by
	 * its first and its last square ("a1 to n1"); it stands in the
	 * lists of squares of the board in words. */
	buf_printf(b, _("%1$s to %2$s"), first, last);
}

/* The squares holding cell, rank by rank from rank 1, runs of three or
 * more on a rank said "a1 to c1"; 0 when there are none (b unchanged),
 * else 1. */
static int put_squares_of(struct buf *b, const struct ep_position *p,
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
			if (end - f >= 2) {
				put_run(b, f, r, end, r);
			} else {
				put_square(b, f, r);
				if (end > f) {
					buf_puts(b, ", ");
					put_square(b, end, r);
				}
			}
			f = end;
		}
	}
	return any;
}

/* "White (alice), 27 pieces: ...", then "White has 1 crossed piece, on
 * c12." when it has any. */
static void side_paragraph(struct buf *b, const struct game *g, int side)
{
	const struct ep_position *p = &g->pos;
	int n = ep_count_pieces(p, (enum ep_side)side);
	int crossed = ep_count_crossed(p, (enum ep_side)side);
	const char *who = side == EP_WHITE ? g->white : g->black;
	int cell = side == EP_WHITE ? EP_WPIECE : EP_BPIECE;
	int far = side == EP_WHITE ? p->height - 1 : 0, f, first = 1;
	struct buf list = BUF_INIT;

	if (!put_squares_of(&list, p, cell))
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the player's name. */
		           ? _("White (%s), 0 pieces: none.")
		           /* TRANSLATORS: the player's name. */
		           : _("Black (%s), 0 pieces: none."), who);
	else
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the player's name, the number of
		            * pieces and their squares (a list, "a1 to n1;
		            * a2, b2"). */
		           ? ngettext("White (%s), %d piece: %s.",
		                      "White (%s), %d pieces: %s.", n)
		           /* TRANSLATORS: the player's name, the number of
		            * pieces and their squares (a list, "a1 to n1;
		            * a2, b2"). */
		           : ngettext("Black (%s), %d piece: %s.",
		                      "Black (%s), %d pieces: %s.", n),
		           who, n, buf_str(&list));
	buf_puts(b, "\n");
	buf_reset(&list);
	if (crossed) {
		for (f = 0; f < p->width; f++)
			if (ep_cell_at(p, f, far) == cell) {
				if (!first)
					buf_puts(&list, ", ");
				first = 0;
				put_square(&list, f, far);
			}
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the number of crossed pieces and
		            * their squares ("c12, d12"). */
		           ? ngettext("White has %d crossed piece, on %s.",
		                      "White has %d crossed pieces, on %s.",
		                      crossed)
		           /* TRANSLATORS: the number of crossed pieces and
		            * their squares ("c12, d12"). */
		           : ngettext("Black has %d crossed piece, on %s.",
		                      "Black has %d crossed pieces, on %s.",
		                      crossed),
		           crossed, buf_str(&list));
		buf_puts(b, "\n");
	}
	buf_free(&list);
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
	struct buf head = BUF_INIT;
	char last[WORDS_SQUARE_MAX];
	int i;

	if (n >= 4) {
		put_run(b, f, r, f + (n - 1) * df, r + (n - 1) * dr);
		return;
	}
	if (n == 1) {
		put_square(b, f, r);
		return;
	}
	for (i = 0; i < n - 1; i++) {
		if (i)
			buf_puts(&head, ", ");
		put_square(&head, f + i * df, r + i * dr);
	}
	square_name(last, f + (n - 1) * df, r + (n - 1) * dr);
	/* TRANSLATORS: the end of a short list of squares: the squares
	 * before the last ("e12" or "e12, e11") and the last ("e10"). */
	buf_printf(b, _("%1$s and %2$s"), buf_str(&head), last);
	buf_free(&head);
}

/* The first sentence of the last move said in words: who moved which
 * pieces (n of them, tail at (tf, tr), along (df, dr)) by k squares. */
static void moved_sentence(struct buf *b, const struct game *g, int side,
                           int tf, int tr, int df, int dr, int n, int k)
{
	const char *who = side == EP_WHITE ? g->white : g->black;
	struct buf from = BUF_INIT, to = BUF_INIT;
	int hf = tf + (n - 1) * df, hr = tr + (n - 1) * dr;

	/* A group of one moves one square (RULES.md section 2). */
	if (n == 1) {
		put_square(&from, tf, tr);
		put_square(&to, hf + df, hr + dr);
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the move's number, the player,
		            * the square the piece left and the one it
		            * moved to. */
		           ? _("Last move, move %zu: %s (White) moved the piece "
		               "on %s to %s.")
		           /* TRANSLATORS: the move's number, the player,
		            * the square the piece left and the one it
		            * moved to. */
		           : _("Last move, move %zu: %s (Black) moved the piece "
		               "on %s to %s."),
		           g->nmoves, who, buf_str(&from), buf_str(&to));
	} else {
		put_line(&from, tf, tr, df, dr, n);
		put_line(&to, tf + k * df, tr + k * dr, df, dr, n);
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the move's number, the player,
		            * the number of pieces in the phalanx (always 2
		            * or more), the squares it left ("e12, e11 and
		            * e10"), the number of squares it moved (the
		            * count of this plural) and the squares it
		            * moved to. */
		           ? ngettext("Last move, move %zu: %s (White) moved the "
		                      "phalanx of %d on %s by %d square, to %s.",
		                      "Last move, move %zu: %s (White) moved the "
		                      "phalanx of %d on %s by %d squares, to %s.",
		                      k)
		           /* TRANSLATORS: the move's number, the player,
		            * the number of pieces in the phalanx (always 2
		            * or more), the squares it left ("e12, e11 and
		            * e10"), the number of squares it moved (the
		            * count of this plural) and the squares it
		            * moved to. */
		           : ngettext("Last move, move %zu: %s (Black) moved the "
		                      "phalanx of %d on %s by %d square, to %s.",
		                      "Last move, move %zu: %s (Black) moved the "
		                      "phalanx of %d on %s by %d squares, to %s.",
		                      k),
		           g->nmoves, who, n, buf_str(&from), k, buf_str(&to));
	}
	buf_free(&from);
	buf_free(&to);
}

/* "Last move, move 14: bob (Black) played e12xe8.  ..." in words:
 * which pieces moved where, what they captured, whether it crossed. */
static void last_move_paragraph(struct buf *b, const struct game *g)
{
	const struct ep_position *before, *p = &g->pos;
	struct ep_move m;
	struct buf list = BUF_INIT;
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
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the move's number, the player,
		            * the move as written. */
		           ? _("Last move, move %zu: %s (White) played %s.")
		           /* TRANSLATORS: the move's number, the player,
		            * the move as written. */
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
	moved_sentence(b, g, side, tf, tr, df, dr, n, k);
	/* The captured pieces: the opponent's pieces gone after the move,
	 * said along the line from the destination. */
	theirs = side == EP_WHITE ? EP_BPIECE : EP_WPIECE;
	for (taken = 0, i = 0; ; i++) {
		int f = hf + (k + i) * df, r = hr + (k + i) * dr;
		if (ep_cell_at(before, f, r) != theirs || ep_cell_at(p, f, r) == theirs)
			break;
		taken++;
	}
	if (taken) {
		put_line(&list, hf + k * df, hr + k * dr, df, dr, taken);
		buf_puts(b, "  ");
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: "It" is the last move; the
		            * number of pieces it captured and their
		            * squares ("e8 and e7"). */
		           ? ngettext("It captured %d black piece, on %s.",
		                      "It captured %d black pieces, on %s.", taken)
		           /* TRANSLATORS: "It" is the last move; the
		            * number of pieces it captured and their
		            * squares ("e8 and e7"). */
		           : ngettext("It captured %d white piece, on %s.",
		                      "It captured %d white pieces, on %s.", taken),
		           taken, buf_str(&list));
	}
	buf_free(&list);
	if (ep_move_is_crossing(before, &m)) {
		buf_puts(b, "  ");
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: "It" is the last move; the
		            * number of the rank. */
		           ? _("It was a crossing: a white piece now stands on "
		               "rank %d, Black's home row.")
		           /* TRANSLATORS: "It" is the last move; the
		            * number of the rank. */
		           : _("It was a crossing: a black piece now stands on "
		               "rank %d, White's home row."),
		           side == EP_WHITE ? p->height : 1);
	}
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
			if (*ncross < WORDS_MAX_MOVES)
				/* "c2 to d1": a speech synthesiser runs
				 * "c2-d1" together. */
				snprintf(cross[*ncross], WORDS_MOVE_MAX,
				         /* TRANSLATORS: a move said in
				          * words: the square it leaves and
				          * the square it goes to, each a
				          * file letter and a rank number
				          * ("c2 to d1"). */
				         _("%c%d to %c%d"),
				         'a' + ep_square_file(m->tail),
				         ep_square_rank(m->tail) + 1,
				         'a' + ep_square_file(m->dest),
				         ep_square_rank(m->dest) + 1);
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

/* What side (who) could capture, the squares in seen[]: now (pass 0,
 * its move) or as a threat (pass 1). */
static void capture_sentence(struct buf *b, const struct ep_position *q,
                             const unsigned char *seen, int any, int side,
                             const char *who, int pass)
{
	struct buf list = BUF_INIT;

	put_marked(&list, q, seen);
	if (pass == 0 && any)
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the player's name and the
		            * squares of the pieces it can capture ("e8,
		            * f9"). */
		           ? _("White (%s), to move, can capture the black "
		               "pieces on %s.")
		           /* TRANSLATORS: the player's name and the
		            * squares of the pieces it can capture ("e8,
		            * f9"). */
		           : _("Black (%s), to move, can capture the white "
		               "pieces on %s."), who, buf_str(&list));
	else if (pass == 0)
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the player's name. */
		           ? _("White (%s), to move, has no capture.")
		           /* TRANSLATORS: the player's name. */
		           : _("Black (%s), to move, has no capture."), who);
	else if (any)
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the player's name and the
		            * squares of the pieces it could capture ("e8,
		            * f9"). */
		           ? _("Threat: if it were White's move, %s could "
		               "capture the black pieces on %s.")
		           /* TRANSLATORS: the player's name and the
		            * squares of the pieces it could capture ("e8,
		            * f9"). */
		           : _("Threat: if it were Black's move, %s could "
		               "capture the white pieces on %s."),
		           who, buf_str(&list));
	else
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the player's name. */
		           ? _("White (%s) threatens no capture.")
		           /* TRANSLATORS: the player's name. */
		           : _("Black (%s) threatens no capture."), who);
	buf_puts(b, "\n");
	buf_free(&list);
}

/* The crossings side (who) could make, ncross of them (at least one),
 * the first WORDS_MAX_MOVES listed in cross[]: now (pass 0, its move)
 * or as a threat (pass 1). */
static void crossing_sentence(struct buf *b, char cross[][WORDS_MOVE_MAX],
                              int ncross, int side, const char *who, int pass)
{
	struct buf list = BUF_INIT;
	int i, more = ncross - WORDS_MAX_MOVES;

	for (i = 0; i < ncross && i < WORDS_MAX_MOVES; i++)
		buf_printf(&list, "%s%s", i ? ", " : "", cross[i]);
	if (pass == 0 && more <= 0)
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the crossing moves ("c2 to d1,
		            * e2 to d1"). */
		           ? _("White can cross now with %s.")
		           /* TRANSLATORS: the crossing moves ("c2 to d1,
		            * e2 to d1"). */
		           : _("Black can cross now with %s."), buf_str(&list));
	else if (pass == 0)
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the first crossing moves ("c2 to
		            * d1, e2 to d1") and the number of the others. */
		           ? ngettext("White can cross now with %s and %d more "
		                      "move.",
		                      "White can cross now with %s and %d more "
		                      "moves.", more)
		           /* TRANSLATORS: the first crossing moves ("c2 to
		            * d1, e2 to d1") and the number of the others. */
		           : ngettext("Black can cross now with %s and %d more "
		                      "move.",
		                      "Black can cross now with %s and %d more "
		                      "moves.", more), buf_str(&list), more);
	else if (more <= 0)
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the player's name and the
		            * crossing moves it could make ("c2 to d1, e2
		            * to d1"). */
		           ? _("Threat: if it were White's move, %s could cross "
		               "with %s.")
		           /* TRANSLATORS: the player's name and the
		            * crossing moves it could make ("c2 to d1, e2
		            * to d1"). */
		           : _("Threat: if it were Black's move, %s could cross "
		               "with %s."), who, buf_str(&list));
	else
		buf_printf(b, side == EP_WHITE
		           /* TRANSLATORS: the player's name, the first
		            * crossing moves it could make ("c2 to d1, e2
		            * to d1") and the number of the others. */
		           ? ngettext("Threat: if it were White's move, %s could "
		                      "cross with %s and %d more move.",
		                      "Threat: if it were White's move, %s could "
		                      "cross with %s and %d more moves.", more)
		           /* TRANSLATORS: the player's name, the first
		            * crossing moves it could make ("c2 to d1, e2
		            * to d1") and the number of the others. */
		           : ngettext("Threat: if it were Black's move, %s could "
		                      "cross with %s and %d more move.",
		                      "Threat: if it were Black's move, %s could "
		                      "cross with %s and %d more moves.", more),
		           who, buf_str(&list), more);
	buf_puts(b, "\n");
	buf_free(&list);
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
		capture_sentence(b, &q, seen, any, side, who, pass);
		if (ncross)
			crossing_sentence(b, cross, ncross, side, who, pass);
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
		struct buf list = BUF_INIT;
		if (put_squares_of(&list, p, EP_BLOCK))
			/* TRANSLATORS: the squares of the blocks, a list
			 * ("a1 to c1; e5"). */
			buf_printf(&b, _("Blocked squares: %s."), buf_str(&list));
		else
			buf_puts(&b, _("Blocked squares: none."));
		buf_puts(&b, "\n");
		buf_free(&list);
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
                        int black_down, enum render_letters letters)
{
	if (form == RENDER_LIST)
		return render_board_words(g);
	if (form == RENDER_COMPACT)
		return render_board_compact(g, black_down, letters);
	return render_board_letters(g, black_down, letters);
}
