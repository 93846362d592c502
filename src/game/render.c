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
 */
#include "game/render.h"
#include "util/buf.h"

#include <string.h>

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

	buf_puts(b, "     ");
	for (f = 0; f < w; f++)
		buf_printf(b, " %c%s", 'a' + (reversed ? w - 1 - f : f),
		           f + 1 < w ? " " : "");
	buf_puts(b, "\n");
}

char *render_board(const struct game *g, int black_down)
{
	static const char glyph[] = ".WB#?";
	const struct ep_position *p = &g->pos;
	struct buf b = BUF_INIT;
	int sq[2][2], r, f, i;

	last_move_squares(g, sq);
	file_letters(&b, p->width, black_down);
	for (i = 0; i < p->height; i++) {
		r = black_down ? i : p->height - 1 - i;
		buf_printf(&b, "  %2d ", r + 1);
		for (f = 0; f < p->width; f++) {
			int file = black_down ? p->width - 1 - f : f;
			int cell = ep_cell_at(p, file, r);
			int mark = (sq[0][0] == file && sq[0][1] == r) ||
			           (sq[1][0] == file && sq[1][1] == r);
			buf_printf(&b, mark ? "[%c]" : " %c ",
			           glyph[cell >= 0 && cell <= 4 ? cell : 4]);
		}
		buf_printf(&b, " %d\n", r + 1);
	}
	file_letters(&b, p->width, black_down);
	return buf_take(&b);
}

char *render_moves(const struct game *g)
{
	struct buf b = BUF_INIT;
	size_t i;

	for (i = 0; i < g->nmoves; i += 2) {
		/* No padding after a last white move: no trailing blanks. */
		if (i + 1 < g->nmoves)
			buf_printf(&b, "%4zu. %-8s %s", i / 2 + 1, g->moves[i].text,
			           g->moves[i + 1].text);
		else
			buf_printf(&b, "%4zu. %s", i / 2 + 1, g->moves[i].text);
		buf_puts(&b, "\n");
	}
	return buf_take(&b);
}

/* One row of file letters for the HTML board. */
static void html_letters(struct buf *b, int w, int reversed)
{
	int f;

	buf_puts(b, "<tr><td style=\"padding:0\"></td>");
	for (f = 0; f < w; f++)
		buf_printf(b, "<td style=\"padding:0;width:24px;height:18px;"
		           "text-align:center;font-size:12px;color:#666666\">%c</td>",
		           'a' + (reversed ? w - 1 - f : f));
	buf_puts(b, "<td style=\"padding:0\"></td></tr>\n");
}

char *render_board_html(const struct game *g, int black_down)
{
	static const char *const text[] = { "", "W", "B", "#", "?" };
	const struct ep_position *p = &g->pos;
	struct buf b = BUF_INIT;
	int sq[2][2], r, f, i;

	last_move_squares(g, sq);
	buf_puts(&b, "<table role=\"presentation\" cellpadding=\"0\" "
	         "cellspacing=\"0\" style=\"border-collapse:collapse;"
	         "font-family:Helvetica,Arial,sans-serif;margin:0 0 12px 0\">\n");
	html_letters(&b, p->width, black_down);
	for (i = 0; i < p->height; i++) {
		r = black_down ? i : p->height - 1 - i;
		buf_printf(&b, "<tr><td style=\"padding:0 4px 0 0;text-align:right;"
		           "font-size:12px;color:#666666\">%d</td>", r + 1);
		for (f = 0; f < p->width; f++) {
			int file = black_down ? p->width - 1 - f : f;
			int cell = ep_cell_at(p, file, r);
			int mark = (sq[0][0] == file && sq[0][1] == r) ||
			           (sq[1][0] == file && sq[1][1] == r);
			/* Pieces as discs of their colour, the last move's squares
			 * with an orange frame (and shaded when empty). */
			const char *bg = cell == 1 ? "#ffffff" : cell == 2 ? "#222222"
			               : cell == 3 ? "#555555" : mark ? "#f2d64b"
			               : (file + r) % 2 ? "#f0e6cc" : "#d9c7a0";
			if (cell < 0 || cell > 4)
				cell = 4;
			buf_printf(&b, "<td%s style=\"padding:0;width:24px;height:24px;"
			           "text-align:center;vertical-align:middle;"
			           "border:%s;background-color:%s;font-size:13px;"
			           "font-weight:bold;color:%s\">%s</td>",
			           mark ? " title=\"last move\"" : "",
			           mark ? "2px solid #e07000" : "1px solid #a08a60", bg,
			           cell == 2 ? "#ffffff" : "#000000", text[cell]);
		}
		buf_printf(&b, "<td style=\"padding:0 0 0 4px;font-size:12px;"
		           "color:#666666\">%d</td></tr>\n", r + 1);
	}
	html_letters(&b, p->width, black_down);
	buf_puts(&b, "</table>\n");
	return buf_take(&b);
}
