/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * svg.c - the board and the rating chart drawn as inline SVG.
 *
 * A board is drawn in a view box of 10 units a square, with the rank
 * numbers on the left and the file letters below, White's home row
 * (rank 1) at the bottom as in RULES.md's diagrams.  The first board of
 * a page (web_svg_board) draws every square as a <rect class="sq"> in a
 * group that the boards board.js draws (the position after a ply of the
 * move list) reuse by <use>, with the pieces defined once.
 * Each board is role="img" with a <title> and an aria-label saying
 * whose move it is and how many pieces each side has; the page gives
 * the position's notation as text too.
 */
#include "web/web.h"

#include "rules/rules.h"
#include "util/i18n.h"

#include <stdio.h>
#include <string.h>

#define SQ 10     /* units a square */
#define MARGIN 8  /* units for the rank numbers and file letters */

/* The square of a move text's k-th square (0 the tail, 1 the
 * destination): file and rank, 0-based; -1 when move has none. */
static void move_square(const char *move, int k, int *file, int *rank)
{
	const char *p = move;
	int i;

	*file = *rank = -1;
	for (i = 0; i <= k; i++) {
		int f, r = 0;
		while (*p && (*p < 'a' || *p > 'z'))
			p++;
		if (!*p)
			return;
		f = *p++ - 'a';
		if (*p < '0' || *p > '9')
			return;
		while (*p >= '0' && *p <= '9')
			r = r * 10 + (*p++ - '0');
		if (i == k) {
			*file = f;
			*rank = r - 1;
		}
	}
}

static int sq_x(int file)
{
	return MARGIN + file * SQ;
}

static int sq_y(const struct ep_position *p, int rank)
{
	return (p->height - 1 - rank) * SQ + 1;
}

static void svg_open(struct buf *b, const struct ep_position *p,
                     const char *label)
{
	buf_printf(b, "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" "
	           "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"",
	           MARGIN + p->width * SQ + 2, p->height * SQ + MARGIN + 2);
	buf_put_html(b, label);
	buf_puts(b, "\"><title>");
	buf_put_html(b, label);
	buf_puts(b, "</title>\n");
}

/* The pieces and blocks of p, and the squares of move outlined. */
static void svg_pieces(struct buf *b, const struct ep_position *p,
                       const char *move)
{
	int f, r, k;

	for (r = 0; r < p->height; r++)
		for (f = 0; f < p->width; f++) {
			int c = ep_cell_at(p, f, r);
			const char *id = c == EP_WPIECE ? "pw" : c == EP_BPIECE ? "pb" :
			                 c == EP_BLOCK ? "bk" : NULL;
			if (id)
				buf_printf(b, "<use href=\"#%s\" x=\"%d\" y=\"%d\"/>", id,
				           sq_x(f), sq_y(p, r));
		}
	for (k = 0; move && k < 2; k++) {
		move_square(move, k, &f, &r);
		if (f >= 0 && f < p->width && r >= 0 && r < p->height)
			buf_printf(b, "<rect class=\"last\" x=\"%.1f\" y=\"%.1f\" "
			           "width=\"9\" height=\"9\" fill=\"none\" "
			           "stroke=\"#c2410c\" stroke-width=\"1.2\"/>",
			           sq_x(f) + .5, sq_y(p, r) + .5);
	}
	buf_puts(b, "\n");
}

void web_svg_board(struct buf *b, const struct ep_position *p,
                   const char *move, const char *label, int defs)
{
	int f, r, shade;

	svg_open(b, p, label);
	if (defs)
		buf_puts(b, "<defs><circle id=\"pw\" cx=\"5\" cy=\"5\" r=\"3.9\" "
		         "fill=\"#ffffff\" stroke=\"#1a1a1a\" stroke-width=\".9\"/>"
		         "<circle id=\"pb\" cx=\"5\" cy=\"5\" r=\"3.9\" "
		         "fill=\"#1a1a1a\" stroke=\"#000000\" stroke-width=\".9\"/>"
		         "<g id=\"bk\"><rect width=\"10\" height=\"10\" "
		         "fill=\"#5c5c5c\"/><path d=\"M1 1L9 9M9 1L1 9\" "
		         "stroke=\"#d0d0d0\"/></g></defs>\n");
	buf_printf(b, "<g id=\"grid-%dx%d\" font-size=\"5\" fill=\"#1a1a1a\">",
	           p->width, p->height);
	/* The dark squares, then the light ones: each group gives its
	 * squares their colour, so a square is a few bytes. */
	for (shade = 0; shade < 2; shade++) {
		buf_printf(b, "<g fill=\"%s\">", shade ? "#eedcb8" : "#c49a6c");
		for (r = 0; r < p->height; r++)
			for (f = 0; f < p->width; f++)
				if ((f + r) % 2 == shade)
					buf_printf(b, "<rect class=\"sq\" x=\"%d\" y=\"%d\" "
					           "width=\"10\" height=\"10\"/>", sq_x(f),
					           sq_y(p, r));
		buf_puts(b, "</g>");
	}
	buf_puts(b, "<g text-anchor=\"end\">");
	for (r = 0; r < p->height; r++)
		buf_printf(b, "<text x=\"%d\" y=\"%d\">%d</text>", MARGIN - 1,
		           sq_y(p, r) + 7, r + 1);
	buf_puts(b, "</g><g text-anchor=\"middle\">");
	for (f = 0; f < p->width; f++)
		buf_printf(b, "<text x=\"%d\" y=\"%d\">%c</text>", sq_x(f) + 5,
		           p->height * SQ + MARGIN, 'a' + f);
	buf_puts(b, "</g></g>\n");
	svg_pieces(b, p, move);
	buf_puts(b, "</svg>\n");
}

void web_svg_describe(const struct ep_position *p, char *buf, size_t len)
{
	int white = ep_count_pieces(p, EP_WHITE);
	int black = ep_count_pieces(p, EP_BLACK);
	char theirs[64];

	/* TRANSLATORS: Black's pieces in "White 3 pieces, Black 2; White to
	 * move" (English leaves out the noun; add it where your language
	 * needs it). */
	snprintf(theirs, sizeof theirs, ngettext("Black %d", "Black %d", black),
	         black);
	if (p->to_move == EP_WHITE)
		/* TRANSLATORS: %1$d is White's pieces, %2$s Black's ("Black
		 * 2"). */
		snprintf(buf, len, ngettext("White %1$d piece, %2$s; White to "
		         "move", "White %1$d pieces, %2$s; White to move", white),
		         white, theirs);
	else
		/* TRANSLATORS: %1$d is White's pieces, %2$s Black's ("Black
		 * 2"). */
		snprintf(buf, len, ngettext("White %1$d piece, %2$s; Black to "
		         "move", "White %1$d pieces, %2$s; Black to move", white),
		         white, theirs);
}

/* Whether g is a game of userid in class cls: then 1 with their rating
 * before and after it and the deviation after it. */
static int rated_in(const struct rating_game *g, const char *userid, int cls,
                    int *before, int *after, int *rd)
{
	if (g->cls != cls)
		return 0;
	if (strcmp(g->white, userid) == 0) {
		*before = g->white_before;
		*after = g->white_after;
		*rd = g->white_rd;
	} else if (strcmp(g->black, userid) == 0) {
		*before = g->black_before;
		*after = g->black_after;
		*rd = g->black_rd;
	} else {
		return 0;
	}
	return 1;
}

/* How far the band of the deviation may reach beyond the line's own
 * lowest and highest rating, in points: a new player's 350 would
 * flatten the line to nothing. */
#define CHART_BAND_REACH 150

/* The chart's y of rating v, clamped to the plot. */
static double chart_y(int v, int lo, int hi)
{
	v = v < lo ? lo : v > hi ? hi : v;
	return 110 - 105.0 * (v - lo) / (hi - lo);
}

/* The band of +-deviation around the line: the upper edge left to
 * right, the lower edge back. */
static void chart_band(struct buf *b, const struct ratings *r,
                       const char *userid, int cls, size_t n, int first,
                       int rd0, int lo, int hi)
{
	size_t i, k;
	int pass;

	buf_puts(b, "<polygon class=\"band\" fill=\"#0b4ea2\" "
	         "fill-opacity=\".15\" stroke=\"none\" points=\"");
	for (pass = 0; pass < 2; pass++) {
		int sign = pass ? -1 : 1;
		if (!pass)
			buf_printf(b, "40,%.1f", chart_y(first + rd0, lo, hi));
		for (k = 0, i = 0; i < r->ngames; i++) {
			size_t at = pass ? r->ngames - 1 - i : i;
			int v, before, rd;
			if (!rated_in(&r->games[at], userid, cls, &before, &v, &rd))
				continue;
			k++;
			buf_printf(b, " %.1f,%.1f", 40 + 275.0 *
			           (pass ? n + 1 - k : k) / n,
			           chart_y(v + sign * rd, lo, hi));
		}
		if (pass)
			buf_printf(b, " 40,%.1f", chart_y(first - rd0, lo, hi));
	}
	buf_puts(b, "\"/>\n");
}

void web_svg_rating_chart(struct buf *b, const struct ratings *r,
                          const char *userid, int cls)
{
	size_t i, n = 0, k = 0;
	int lo = RATING_START, hi = RATING_START, first = 0, last = 0;
	int blo, bhi, rd0 = 0, rdlast = 0;
	char label[256], desc[256];

	for (i = 0; i < r->ngames; i++) {
		int v, before, rd;
		if (!rated_in(&r->games[i], userid, cls, &before, &v, &rd))
			continue;
		if (!n)
			first = before;
		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
		lo = first < lo ? first : lo;
		hi = first > hi ? first : hi;
		last = v;
		rdlast = rd;
		n++;
	}
	if (!n)
		return;
	/* TRANSLATORS: a userid, a rating class, the first rating and the
	 * last, the rated games, the lowest rating and the highest. */
	snprintf(label, sizeof label, ngettext("Rating history of %s in %s: "
	         "from %d to %d over %zu rated game, lowest %d, highest %d",
	         "Rating history of %s in %s: from %d to %d over %zu rated "
	         "games, lowest %d, highest %d", n), userid,
	         ratings_class_name(cls), first, last, n, lo, hi);
	/* The band (Glicko, Glicko-2; Elo has no deviation) widens the
	 * scale, at most CHART_BAND_REACH points each way. */
	if (r->system != RATESYS_ELO) {
		rd0 = (int)(r->params.rd_start + 0.5);
		blo = lo - CHART_BAND_REACH;
		bhi = hi + CHART_BAND_REACH;
		for (i = 0; i < r->ngames; i++) {
			int v, before, rd;
			if (!rated_in(&r->games[i], userid, cls, &before, &v, &rd))
				continue;
			lo = v - rd < lo ? v - rd : lo;
			hi = v + rd > hi ? v + rd : hi;
		}
		lo = lo < blo ? blo : lo;
		hi = hi > bhi ? bhi : hi;
	}
	if (hi - lo < 40) {
		lo -= 20;
		hi += 20;
	}
	buf_puts(b, "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
	         "viewBox=\"0 0 320 130\" role=\"img\" aria-label=\"");
	buf_put_html(b, label);
	buf_puts(b, "\"><title>");
	buf_put_html(b, label);
	buf_puts(b, "</title>\n");
	if (rd0) {
		/* TRANSLATORS: what the chart's shaded band is; %d is the
		 * deviation after the player's last game. */
		snprintf(desc, sizeof desc, _("The shaded band is each rating "
		         "plus and minus its deviation (%d after the last "
		         "game): the wider, the less sure."), rdlast);
		buf_puts(b, "<desc>");
		buf_put_html(b, desc);
		buf_puts(b, "</desc>\n");
	}
	buf_puts(b, "<rect x=\"40\" y=\"5\" width=\"275\" height=\"105\" "
	         "fill=\"#f6f6f6\" stroke=\"#767676\" stroke-width=\".5\"/>"
	         "<g font-size=\"9\" fill=\"#1a1a1a\">");
	buf_printf(b, "<text x=\"36\" y=\"12\" text-anchor=\"end\">%d</text>"
	           "<text x=\"36\" y=\"110\" text-anchor=\"end\">%d</text>"
	           "<text x=\"315\" y=\"124\" text-anchor=\"end\">", hi, lo);
	buf_printf(b, ngettext("%zu game", "%zu games", n), n);
	buf_puts(b, "</text></g>\n");
	if (rd0)
		chart_band(b, r, userid, cls, n, first, rd0, lo, hi);
	buf_puts(b, "<polyline fill=\"none\" stroke=\"#0b4ea2\" "
	         "stroke-width=\"1.5\" points=\"");
	/* Point 0 is the rating before the first game. */
	buf_printf(b, "40,%.1f", chart_y(first, lo, hi));
	for (i = 0; i < r->ngames; i++) {
		int v, before, rd;
		if (!rated_in(&r->games[i], userid, cls, &before, &v, &rd))
			continue;
		k++;
		buf_printf(b, " %.1f,%.1f", 40 + 275.0 * k / n,
		           chart_y(v, lo, hi));
	}
	buf_puts(b, "\"/>\n</svg>\n");
}
