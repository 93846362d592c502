/*
 * render.c - ASCII boards and move lists (see render.h).
 *
 * Every square is three characters wide, so a [marked] square keeps the
 * columns aligned in any monospaced font:
 *
 *        a  b  c  d  e  f  g  h
 *    8   B  B  B  B  B  B  B  B    8
 *    7   B  B  B  B  B  B  B  B    7
 *    6   .  .  .  .  . [W] .  .    6
 *
 * The compact board (set board compact) is two characters a square, the
 * ranks on the left and the files below, the last move's squares with a
 * '*' before them: 14x12 takes 30 columns, room on a phone.
 *
 *   12 B B B B*. B
 *   11 . . . .*B .
 *      a b c d e f
 */
#include "game/render.h"
#include "util/buf.h"

#include <string.h>

/*
 * The boards are built from literal runs and single characters, never
 * through printf: a board mail draws both boards, and formatting every
 * square with vsnprintf was the largest single cost of a move mail.
 * test_render pins the output byte for byte.
 */

/* Append the literal or short string s; static inline so that strlen of
 * a literal is counted at compile time. */
static inline void put(struct buf *b, const char *s)
{
	buf_append(b, s, strlen(s));
}

/* Append rank number n (1 ... EP_MAX_H) in decimal, with a leading blank
 * below 10 when pad (printf's "%2d"). */
static void put_rank(struct buf *b, int n, int pad)
{
	if (n >= 10)
		buf_putc(b, (char)('0' + n / 10 % 10));
	else if (pad)
		buf_putc(b, ' ');
	buf_putc(b, (char)('0' + n % 10));
}

/* Parse the canonical text of move i into tail and destination squares. */
static void last_move_squares(const struct game *g, int sq[2][2])
{
	const char *t;
	int i, n;

	sq[0][0] = sq[1][0] = -1;
	if (g->nmoves == 0)
		return;
	t = g->moves[g->nmoves - 1].text;
	for (i = 0; i < 2; i++) {
		if (*t < 'a' || *t > 'z')
			return;
		sq[i][0] = *t++ - 'a';
		for (n = 0; *t >= '0' && *t <= '9'; t++)
			n = n * 10 + (*t - '0');
		sq[i][1] = n - 1;
		if (*t == '-' || *t == 'x')
			t++;
	}
}

static void file_letters(struct buf *b, int w, int reversed)
{
	int f;

	put(b, "     ");
	for (f = 0; f < w; f++) {
		buf_putc(b, ' ');
		buf_putc(b, (char)('a' + (reversed ? w - 1 - f : f)));
		if (f + 1 < w)
			buf_putc(b, ' ');
	}
	buf_putc(b, '\n');
}

char *render_board(const struct game *g, int black_down)
{
	static const char glyph[] = ".WB#?";
	const struct ep_position *p = &g->pos;
	struct buf b = BUF_INIT;
	int sq[2][2], r, f, i;

	last_move_squares(g, sq);
	/* Every line is 3 bytes a square plus at most 10 around them. */
	buf_reserve(&b, (size_t)(p->height + 2) * (size_t)(3 * p->width + 10));
	file_letters(&b, p->width, black_down);
	for (i = 0; i < p->height; i++) {
		r = black_down ? i : p->height - 1 - i;
		put(&b, "  ");
		put_rank(&b, r + 1, 1);
		buf_putc(&b, ' ');
		for (f = 0; f < p->width; f++) {
			int file = black_down ? p->width - 1 - f : f;
			int cell = ep_cell_at(p, file, r);
			int mark = (sq[0][0] == file && sq[0][1] == r) ||
			           (sq[1][0] == file && sq[1][1] == r);
			buf_putc(&b, mark ? '[' : ' ');
			buf_putc(&b, glyph[cell >= 0 && cell <= 4 ? cell : 4]);
			buf_putc(&b, mark ? ']' : ' ');
		}
		buf_putc(&b, ' ');
		put_rank(&b, r + 1, 0);
		buf_putc(&b, '\n');
	}
	file_letters(&b, p->width, black_down);
	return buf_take(&b);
}

char *render_board_compact(const struct game *g, int black_down)
{
	static const char glyph[] = ".WB#?";
	const struct ep_position *p = &g->pos;
	struct buf b = BUF_INIT;
	int sq[2][2], r, f, i;

	last_move_squares(g, sq);
	/* 2 bytes a square, 3 for the rank and the line end. */
	buf_reserve(&b, (size_t)(p->height + 1) * (size_t)(2 * p->width + 3));
	for (i = 0; i < p->height; i++) {
		r = black_down ? i : p->height - 1 - i;
		put_rank(&b, r + 1, 1);
		for (f = 0; f < p->width; f++) {
			int file = black_down ? p->width - 1 - f : f;
			int cell = ep_cell_at(p, file, r);
			int mark = (sq[0][0] == file && sq[0][1] == r) ||
			           (sq[1][0] == file && sq[1][1] == r);
			buf_putc(&b, mark ? '*' : ' ');
			buf_putc(&b, glyph[cell >= 0 && cell <= 4 ? cell : 4]);
		}
		buf_putc(&b, '\n');
	}
	put(&b, "  ");
	for (f = 0; f < p->width; f++) {
		buf_putc(&b, ' ');
		buf_putc(&b, (char)('a' + (black_down ? p->width - 1 - f : f)));
	}
	buf_putc(&b, '\n');
	return buf_take(&b);
}

char *render_moves(const struct game *g)
{
	struct buf b = BUF_INIT;
	size_t i;

	/* Numbered in plies, as #N and "Move N" are (issue 14), White's
	 * and Black's move of a round on one line. */
	for (i = 0; i < g->nmoves; i += 2) {
		/* No padding after a last white move: no trailing blanks. */
		if (i + 1 < g->nmoves)
			buf_printf(&b, "%4zu. %-8s %4zu. %s", i + 1, g->moves[i].text,
			           i + 2, g->moves[i + 1].text);
		else
			buf_printf(&b, "%4zu. %s", i + 1, g->moves[i].text);
		buf_puts(&b, "\n");
	}
	return buf_take(&b);
}

/* One row of file letters for the HTML board. */
static void html_letters(struct buf *b, int w, int reversed)
{
	int f;

	put(b, "<tr><td style=\"padding:0\"></td>");
	for (f = 0; f < w; f++) {
		put(b, "<td style=\"padding:0;width:24px;height:18px;"
		    "text-align:center;font-size:12px;color:#666666\">");
		buf_putc(b, (char)('a' + (reversed ? w - 1 - f : f)));
		put(b, "</td>\n");
	}
	put(b, "<td style=\"padding:0\"></td></tr>\n");
}

/* One square of the HTML board: cell (enum ep_cell, 0 ... 4) on file and
 * rank (0-based), mark when it is a square of the last move. */
static void html_square(struct buf *b, int cell, int file, int rank, int mark)
{
	static const char *const text[] = { "", "W", "B", "#", "?" };
	/* Pieces as discs of their colour, the last move's squares with an
	 * orange frame (and shaded when empty). */
	const char *bg = cell == 1 ? "#ffffff" : cell == 2 ? "#222222"
	               : cell == 3 ? "#555555" : mark ? "#f2d64b"
	               : (file + rank) % 2 ? "#f0e6cc" : "#d9c7a0";

	if (cell < 0 || cell > 4)
		cell = 4;
	put(b, mark ? "<td title=\"last move\" style=\"" : "<td style=\"");
	put(b, "padding:0;width:24px;height:24px;text-align:center;"
	    "vertical-align:middle;border:");
	put(b, mark ? "2px solid #e07000" : "1px solid #a08a60");
	put(b, ";background-color:");
	put(b, bg);
	put(b, ";font-size:13px;font-weight:bold;color:");
	put(b, cell == 2 ? "#ffffff" : "#000000");
	put(b, "\">");
	put(b, text[cell]);
	/* A line per cell (whitespace between cells is nothing in HTML):
	 * lines stay short enough for the part to go out as 7bit instead
	 * of quoted-printable, which turned every '=' into "=3D". */
	put(b, "</td>\n");
}

char *render_board_html(const struct game *g, int black_down)
{
	const struct ep_position *p = &g->pos;
	struct buf b = BUF_INIT;
	int sq[2][2], r, f, i;

	last_move_squares(g, sq);
	/* A square takes at most 230 bytes, a letter cell 100, a row's ends
	 * 150: 256 a square and 512 a row is room enough. */
	buf_reserve(&b, (size_t)(p->height + 2) * (size_t)(256 * p->width + 512));
	put(&b, "<table role=\"presentation\" cellpadding=\"0\" "
	    "cellspacing=\"0\" style=\"border-collapse:collapse;"
	    "font-family:Helvetica,Arial,sans-serif;margin:0 0 12px 0\">\n");
	html_letters(&b, p->width, black_down);
	for (i = 0; i < p->height; i++) {
		r = black_down ? i : p->height - 1 - i;
		put(&b, "<tr><td style=\"padding:0 4px 0 0;text-align:right;"
		    "font-size:12px;color:#666666\">");
		put_rank(&b, r + 1, 0);
		put(&b, "</td>");
		for (f = 0; f < p->width; f++) {
			int file = black_down ? p->width - 1 - f : f;
			int mark = (sq[0][0] == file && sq[0][1] == r) ||
			           (sq[1][0] == file && sq[1][1] == r);
			html_square(&b, ep_cell_at(p, file, r), file, r, mark);
		}
		put(&b, "<td style=\"padding:0 0 0 4px;font-size:12px;"
		    "color:#666666\">");
		put_rank(&b, r + 1, 0);
		put(&b, "</td></tr>\n");
	}
	html_letters(&b, p->width, black_down);
	put(&b, "</table>\n");
	return buf_take(&b);
}
