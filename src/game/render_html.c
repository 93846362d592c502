/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * render_html.c - the HTML board of the board mail (see render.h).
 *
 * Mail clients strip <style> blocks and classes, so every element carries
 * its own style.  The board has fixed colours of its own (a dark wooden
 * frame, light and dark squares, white and black stones), so it reads the
 * same when the client shows the rest of the mail in dark mode; pieces
 * are round stones (a <div> with border-radius; a client without it shows
 * square stones, still with their letter W or B).  The marks, in order of
 * precedence for a square's colour: the last move's start and end
 * (amber), the squares it captured (red); and the intruders of a pending
 * crossing (a red ring around the stone).  To a screen reader the
 * table is one image (role="img") whose label counts the pieces; the
 * board in words follows it in the mail (services/board_html.c).
 */
#include "game/render.h"
#include "util/buf.h"
#include "util/i18n.h"

#include <string.h>

#define LIGHT_SQUARE "#e9d4a7"
#define DARK_SQUARE  "#c49a5c"
#define LAST_MOVE    "#ffb300"
#define CAPTURED     "#e0604f"
#define INTRUDER     "#e3001b"
#define FRAME        "#4e3620"
#define FRAME_TEXT   "#f1e4c6"

/* The marks of one drawing: per square (file + rank * EP_MAX_W) a bit set
 * of SQ_* below. */
enum { SQ_FROM = 1, SQ_TO = 2, SQ_CAPTURED = 4, SQ_INTRUDER = 8 };

struct marks {
	unsigned char sq[EP_MAX_W * EP_MAX_H];
	int any;                  /* RENDER_MARK_* */
};

static void find_marks(const struct game *g, struct marks *m)
{
	const struct ep_position *p = &g->pos;
	int sq[2][2], f, r, i;
	char grace[256];

	memset(m, 0, sizeof *m);
	render_last_move(g, sq);
	for (i = 0; i < 2; i++)
		if (sq[i][0] >= 0 && sq[i][0] < p->width && sq[i][1] >= 0 &&
		    sq[i][1] < p->height) {
			m->sq[sq[i][0] + sq[i][1] * EP_MAX_W] |= i ? SQ_TO : SQ_FROM;
			m->any |= RENDER_MARK_LAST;
		}
	/* Captured: the opponent's pieces before the last move that are
	 * gone after it (seen[] holds every position, the last is pos). */
	if (g->nmoves > 0 && g->seen) {
		const struct ep_position *before = &g->seen[g->nmoves - 1];
		int theirs = before->to_move == EP_WHITE ? EP_BPIECE : EP_WPIECE;
		for (r = 0; r < p->height; r++)
			for (f = 0; f < p->width; f++)
				if (ep_cell_at(before, f, r) == theirs &&
				    ep_cell_at(p, f, r) != theirs) {
					unsigned char *q = &m->sq[f + r * EP_MAX_W];
					/* Red shows only off the last move's squares. */
					if (!(*q & (SQ_FROM | SQ_TO)))
						m->any |= RENDER_MARK_CAPTURED;
					*q |= SQ_CAPTURED;
				}
	}
	/* Intruders: while a crossing is pending, the opponent's pieces on
	 * the home row of the side to move. */
	if (g->state != GAME_ACTIVE)
		return;
	ep_grace_text(p, &g->opts, grace, sizeof grace);
	if (!grace[0])
		return;
	r = p->to_move == EP_WHITE ? 0 : p->height - 1;
	for (f = 0; f < p->width; f++)
		if (ep_cell_at(p, f, r) == (p->to_move == EP_WHITE ? EP_BPIECE
		                                                   : EP_WPIECE)) {
			m->sq[f + r * EP_MAX_W] |= SQ_INTRUDER;
			m->any |= RENDER_MARK_INTRUDER;
		}
}

int render_board_marks(const struct game *g)
{
	struct marks m;

	find_marks(g, &m);
	return m.any;
}

/* A stone of cell (EP_WPIECE or EP_BPIECE), ringed red when intruder. */
static void stone(struct buf *b, int cell, int intruder)
{
	int white = cell == EP_WPIECE;

	buf_puts(b, "<div style=\"margin:0 auto;border-radius:50%;"
	         "text-align:center;font-size:9px;font-weight:normal;");
	buf_puts(b, intruder ? "width:11px;height:11px;line-height:11px;border:2px "
	         "solid " INTRUDER ";" : "width:13px;height:13px;line-height:13px;"
	         "border:1px solid #1e1e1e;");
	buf_puts(b, white ? "background-color:#fafafa;color:#b0b0b0\">W"
	                  : "background-color:#151515;color:#6a6a6a\">B");
	buf_puts(b, "</div>");
}

/* One row of file letters. */
static void html_letters(struct buf *b, int w, int reversed)
{
	int f;

	buf_puts(b, "<tr><td style=\"padding:0;width:14px\"></td>");
	for (f = 0; f < w; f++) {
		buf_puts(b, "<td style=\"padding:0;width:19px;height:15px;"
		         "text-align:center;font-size:11px;color:" FRAME_TEXT "\">");
		buf_putc(b, (char)('a' + (reversed ? w - 1 - f : f)));
		buf_puts(b, "</td>\n");
	}
	buf_puts(b, "<td style=\"padding:0;width:14px\"></td></tr>\n");
}

/* One square: cell (enum ep_cell) on file and rank (0-based), marks m
 * (SQ_* bits). */
static void html_square(struct buf *b, int cell, int file, int rank, int m)
{
	const char *bg = cell == EP_BLOCK ? "#4a4a4a"
	               : m & (SQ_FROM | SQ_TO) ? LAST_MOVE
	               : m & SQ_CAPTURED ? CAPTURED
	               : (file + rank) % 2 ? LIGHT_SQUARE : DARK_SQUARE;

	buf_puts(b, "<td");
	if (m & (SQ_FROM | SQ_TO | SQ_CAPTURED | SQ_INTRUDER)) {
		/* The square's marks, a list of labels: "last move (to),
		 * captured". */
		buf_puts(b, " title=\"");
		if (m & (SQ_FROM | SQ_TO))
			buf_put_html(b, m & SQ_FROM
			             /* TRANSLATORS: a label of a square
			              * of the HTML board: the last move
			              * started there. */
			             ? _("last move (from)")
			             /* TRANSLATORS: a label of a square
			              * of the HTML board: the last move
			              * ended there. */
			             : _("last move (to)"));
		if (m & SQ_CAPTURED) {
			if (m & (SQ_FROM | SQ_TO))
				buf_puts(b, ", ");
			/* TRANSLATORS: a label of a square of the HTML
			 * board: a piece was captured there. */
			buf_put_html(b, _("captured"));
		}
		if (m & SQ_INTRUDER) {
			if (m & (SQ_FROM | SQ_TO | SQ_CAPTURED))
				buf_puts(b, ", ");
			/* TRANSLATORS: a label of a square of the HTML
			 * board: the opponent's piece that crossed. */
			buf_put_html(b, _("intruder"));
		}
		buf_puts(b, "\"");
	}
	buf_puts(b, " style=\"padding:0;width:19px;height:19px;"
	         "vertical-align:middle;text-align:center;background-color:");
	buf_puts(b, bg);
	if (cell == EP_BLOCK)
		buf_puts(b, ";font-size:11px;color:#bbbbbb\">#");
	else
		buf_puts(b, "\">");
	if (cell == EP_WPIECE || cell == EP_BPIECE)
		stone(b, cell, m & SQ_INTRUDER);
	else if (cell != EP_EMPTY && cell != EP_BLOCK)
		buf_puts(b, "?");
	/* A line per cell: lines stay short enough for the part to go out
	 * as 7bit instead of quoted-printable. */
	buf_puts(b, "</td>\n");
}

/* A rank label cell. */
static void rank_label(struct buf *b, int rank, int left)
{
	buf_puts(b, left ? "<td style=\"padding:0 3px 0 0;text-align:right;"
	         : "<td style=\"padding:0 0 0 3px;text-align:left;");
	buf_puts(b, "font-size:11px;color:" FRAME_TEXT "\">");
	render_put_rank(b, rank, 0);
	buf_puts(b, "</td>");
}

char *render_board_html(const struct game *g, int black_down)
{
	const struct ep_position *p = &g->pos;
	struct buf b = BUF_INIT, label = BUF_INIT;
	struct marks m;
	int r, f, i;

	find_marks(g, &m);
	buf_reserve(&b, (size_t)(p->height + 2) * (size_t)(512 * p->width + 512));
	/* One image to a screen reader, not 168 cells of W and B: its
	 * label says what it shows and that the words follow (board_html
	 * puts them right after the table). */
	/* TRANSLATORS: the label of the HTML board for a screen reader:
	 * the board's width and height, then the number of White's pieces
	 * and of Black's. */
	buf_printf(&label, _("Picture of the board, %d by %d (pieces: White "
	           "%d, Black %d).  The board in words follows."), p->width,
	           p->height, ep_count_pieces(p, EP_WHITE),
	           ep_count_pieces(p, EP_BLACK));
	buf_puts(&b, "<table role=\"img\" aria-label=\"");
	buf_put_html(&b, buf_str(&label));
	buf_free(&label);
	buf_puts(&b, "\" cellpadding=\"0\" ");
	buf_puts(&b, "cellspacing=\"0\" style=\"border-collapse:collapse;"
	         "background-color:" FRAME ";color:" FRAME_TEXT ";"
	         "font-family:Helvetica,Arial,sans-serif;margin:0 0 10px 0\">\n");
	html_letters(&b, p->width, black_down);
	for (i = 0; i < p->height; i++) {
		r = black_down ? i : p->height - 1 - i;
		buf_puts(&b, "<tr>");
		rank_label(&b, r + 1, 1);
		for (f = 0; f < p->width; f++) {
			int file = black_down ? p->width - 1 - f : f;
			html_square(&b, ep_cell_at(p, file, r), file, r,
			            m.sq[file + r * EP_MAX_W]);
		}
		rank_label(&b, r + 1, 0);
		buf_puts(&b, "</tr>\n");
	}
	html_letters(&b, p->width, black_down);
	buf_puts(&b, "</table>\n");
	return buf_take(&b);
}

/* One legend entry: a sample square of colour bg holding a stone (cell,
 * or EP_EMPTY), and its words. */
static void legend_item(struct buf *b, const char *bg, int cell,
                        int intruder, const char *words)
{
	buf_puts(b, "<span style=\"display:inline-block;white-space:nowrap;"
	         "margin:0 10px 4px 0;vertical-align:middle\">"
	         "<span style=\"display:inline-block;vertical-align:middle;"
	         "width:19px;height:19px;padding:3px 0 0 0;box-sizing:border-box;"
	         "background-color:");
	buf_puts(b, bg);
	buf_puts(b, "\">");
	if (cell == EP_WPIECE || cell == EP_BPIECE)
		stone(b, cell, intruder);
	buf_puts(b, "</span> ");
	buf_put_html(b, words);
	buf_puts(b, "</span>\n");
}

char *render_legend_html(const struct game *g)
{
	struct buf b = BUF_INIT;
	int any = render_board_marks(g);

	/* Samples of the picture's colours: nothing for a screen reader,
	 * to which the picture is one image and the words follow. */
	buf_puts(&b, "<div aria-hidden=\"true\" style=\"margin:0 0 10px 0;"
	         "font-size:13px\">\n");
	/* TRANSLATORS: the legend of the HTML board: a white stone. */
	legend_item(&b, LIGHT_SQUARE, EP_WPIECE, 0, _("White"));
	/* TRANSLATORS: the legend of the HTML board: a black stone. */
	legend_item(&b, DARK_SQUARE, EP_BPIECE, 0, _("Black"));
	if (g->opts.nblocks)
		/* TRANSLATORS: the legend of the HTML board; # is the
		 * mark of a blocked square on the board. */
		legend_item(&b, "#4a4a4a", EP_EMPTY, 0, _("# blocked"));
	if (any & RENDER_MARK_LAST)
		/* TRANSLATORS: the legend of the HTML board: the colour of
		 * the last move's squares. */
		legend_item(&b, LAST_MOVE, EP_EMPTY, 0,
		            _("last move, from and to"));
	if (any & RENDER_MARK_CAPTURED)
		legend_item(&b, CAPTURED, EP_EMPTY, 0, _("captured"));
	if (any & RENDER_MARK_INTRUDER)
		/* TRANSLATORS: the legend of the HTML board: the red ring
		 * of a piece that crossed and must be answered. */
		legend_item(&b, LIGHT_SQUARE, g->pos.to_move == EP_WHITE
		            ? EP_BPIECE : EP_WPIECE, 1, _("intruder (a crossing "
		            "to answer)"));
	buf_puts(&b, "</div>\n");
	return buf_take(&b);
}
