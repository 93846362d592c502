/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * position.c - the board: squares, the starting position and position
 * notation (RULES.md sections 1 and 7).
 *
 * The board is a padded mailbox: EP_STRIDE cells per row with a border of
 * EP_OFFBOARD around the W x H board (and everything past it), so walking
 * along a direction stops at the edge without any coordinate arithmetic.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "util/errlang.h"
#include "util/i18n.h"

const int ep_dir_offset[8] = {
	EP_STRIDE, EP_STRIDE + 1, 1, 1 - EP_STRIDE,
	-EP_STRIDE, -EP_STRIDE - 1, -1, EP_STRIDE - 1,
};
const int ep_dir_dfile[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int ep_dir_drank[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };

int ep_err(char *err, size_t errlen, const char *msgid, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return -1;
	va_start(ap, msgid);
	if (errlang_vsnprintf(err, errlen, msgid, ap) < 0)
		err[0] = '\0';
	va_end(ap);
	return -1;
}

int ep_err_text(char *err, size_t errlen, const char *msgid)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s", errlang_gettext(msgid));
	return -1;
}

ep_square ep_square_at(int file, int rank)
{
	return (ep_square)((rank + 1) * EP_STRIDE + file + 1);
}

int ep_square_file(ep_square s)
{
	return s % EP_STRIDE - 1;
}

int ep_square_rank(ep_square s)
{
	return s / EP_STRIDE - 1;
}

int ep_cell_at(const struct ep_position *p, int file, int rank)
{
	if (file < 0 || file >= p->width || rank < 0 || rank >= p->height)
		return EP_OFFBOARD;
	return p->cell[ep_square_at(file, rank)];
}

void ep_square_name(int file, int rank, char *buf)
{
	int r = rank + 1;

	buf[0] = (char)('a' + file);
	if (r >= 10) {
		buf[1] = (char)('0' + r / 10);
		buf[2] = (char)('0' + r % 10);
		buf[3] = '\0';
	} else {
		buf[1] = (char)('0' + r);
		buf[2] = '\0';
	}
}

int ep_square_parse(const char *s, int *file, int *rank, const char **end)
{
	int c = (unsigned char)s[0], r;

	if (c >= 'A' && c <= 'Z')
		c += 'a' - 'A';
	if (c < 'a' || c > 'z' || s[1] < '0' || s[1] > '9')
		return -1;
	if (s[1] == '0')        /* no leading zero, and no rank 0 */
		return -1;
	r = s[1] - '0';
	s += 2;
	if (*s >= '0' && *s <= '9')
		r = r * 10 + (*s++ - '0');
	if (*s >= '0' && *s <= '9')
		return -1;
	*file = c - 'a';
	*rank = r - 1;
	*end = s;
	return 0;
}

void ep_board_clear(struct ep_position *p, int width, int height)
{
	int f, r;

	memset(p->cell, EP_OFFBOARD, sizeof p->cell);
	p->width = width;
	p->height = height;
	p->to_move = EP_WHITE;
	for (r = 0; r < height; r++)
		for (f = 0; f < width; f++)
			p->cell[ep_square_at(f, r)] = EP_EMPTY;
}

void ep_position_start(struct ep_position *p, const struct ep_options *o)
{
	int f, i, h = o->height;

	ep_board_clear(p, o->width, h);
	for (f = 0; f < o->width; f++) {
		p->cell[ep_square_at(f, 0)] = EP_WPIECE;
		p->cell[ep_square_at(f, 1)] = EP_WPIECE;
		p->cell[ep_square_at(f, h - 2)] = EP_BPIECE;
		p->cell[ep_square_at(f, h - 1)] = EP_BPIECE;
	}
	for (i = 0; i < o->nblocks; i++) {
		int bf = o->block_file[i], br = o->block_rank[i];

		if (ep_cell_at(p, bf, br) == EP_EMPTY)
			p->cell[ep_square_at(bf, br)] = EP_BLOCK;
	}
}

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

static int parse_number(const char **sp)
{
	const char *s = *sp;
	int v = 0;

	if (*s < '0' || *s > '9')
		return -1;
	while (*s >= '0' && *s <= '9' && v < 1000)
		v = v * 10 + (*s++ - '0');
	*sp = s;
	return v;
}

/* A position without its size.  Returns -1. */
static int no_board_size(char *err, size_t errlen)
{
	return ep_err_text(err, errlen, N_("no board size: write a "
	                   "position as <W>x<H> <rank H>/.../<rank 1> <w|b>, "
	                   "e.g. 8x8 8/8/8/8/8/8/WW6/BW6 b"));
}

/* One rank of notation ("3W2#BB"), into rank r of p.  *sp advances. */
static int parse_rank(struct ep_position *p, int r, const char **sp,
                      char *err, size_t errlen)
{
	const char *s = *sp;
	int f = 0, run;

	while (*s != '/' && *s != ' ' && *s != '\t' && *s != '\0') {
		int c = *s, cell;

		if (c >= '0' && c <= '9') {
			if (c == '0')
				return ep_err(err, errlen, N_("rank %d has a number "
				              "starting with 0 (empty runs are 1 to "
				              "%d squares)"), r + 1, p->width);
			run = parse_number(&s);
			if (f + run > p->width)
				break;
			f += run;
			continue;
		}
		if (c == 'W' || c == 'w')
			cell = EP_WPIECE;
		else if (c == 'B' || c == 'b')
			cell = EP_BPIECE;
		else if (c == '#')
			cell = EP_BLOCK;
		else
			return ep_err(err, errlen, N_("unexpected '%c' in rank %d "
			              "(a rank holds W, B, # and numbers of empty "
			              "squares)"), c, r + 1);
		if (f >= p->width)
			break;
		p->cell[ep_square_at(f++, r)] = (uint8_t)cell;
		s++;
	}
	if (f != p->width || (*s != '/' && *s != ' ' && *s != '\t' &&
	                      *s != '\0'))
		return ep_err(err, errlen, N_("rank %d does not have %d squares "
		              "(the board is %d wide)"), r + 1, p->width, p->width);
	*sp = s;
	return 0;
}

int ep_position_parse(struct ep_position *p, const char *text,
                      char *err, size_t errlen)
{
	const char *s = skip_space(text);
	int w, h, r;

	w = parse_number(&s);
	if (w < 0 || (*s != 'x' && *s != 'X'))
		return no_board_size(err, errlen);
	s++;
	h = parse_number(&s);
	if (h < 0 || (*s != ' ' && *s != '\t'))
		return no_board_size(err, errlen);
	if (w < EP_MIN_W || w > EP_MAX_W || h < EP_MIN_H || h > EP_MAX_H)
		return ep_err(err, errlen, N_("a %dx%d board is not allowed (width "
		              "%d to %d, height %d to %d)"), w, h, EP_MIN_W,
		              EP_MAX_W, EP_MIN_H, EP_MAX_H);
	ep_board_clear(p, w, h);
	s = skip_space(s);
	for (r = h - 1; r >= 0; r--) {
		if (parse_rank(p, r, &s, err, errlen) < 0)
			return -1;
		if (r > 0 && *s != '/')
			return ep_err(err, errlen, N_("found %d ranks, a %dx%d board "
			              "has %d (ranks are separated by /)"), h - r, w,
			              h, h);
		if (r == 0 && *s == '/')
			return ep_err(err, errlen, N_("more than %d ranks for a %dx%d "
			              "board"), h, w, h);
		if (r > 0)
			s++;
	}
	s = skip_space(s);
	if (*s == 'w' || *s == 'W')
		p->to_move = EP_WHITE;
	else if (*s == 'b' || *s == 'B')
		p->to_move = EP_BLACK;
	else
		return ep_err(err, errlen, N_("no side to move: the position must "
		              "end with w or b"));
	s = skip_space(s + 1);
	if (*s != '\0')
		return ep_err(err, errlen, N_("unexpected text after the side to "
		              "move: \"%.20s\""), s);
	return 0;
}

void ep_position_format(const struct ep_position *p, char *buf)
{
	static const char piece[] = { '?', 'W', 'B', '#', '?' };
	char *o = buf;
	int f, r, run, len;

	len = snprintf(o, EP_POSITION_MAX, "%dx%d ", p->width, p->height);
	if (len < 0 || len >= EP_POSITION_MAX) {
		buf[0] = '\0';
		return;
	}
	o += len;
	for (r = p->height - 1; r >= 0; r--) {
		run = 0;
		for (f = 0; f < p->width; f++) {
			int c = p->cell[ep_square_at(f, r)];

			if (c == EP_EMPTY) {
				run++;
				continue;
			}
			if (run >= 10)
				*o++ = (char)('0' + run / 10);
			if (run > 0)
				*o++ = (char)('0' + run % 10);
			run = 0;
			*o++ = piece[c <= EP_OFFBOARD ? c : EP_OFFBOARD];
		}
		if (run >= 10)
			*o++ = (char)('0' + run / 10);
		if (run > 0)
			*o++ = (char)('0' + run % 10);
		*o++ = r > 0 ? '/' : ' ';
	}
	*o++ = p->to_move == EP_WHITE ? 'w' : 'b';
	*o = '\0';
}

int ep_count_pieces(const struct ep_position *p, enum ep_side side)
{
	uint8_t piece = side == EP_WHITE ? EP_WPIECE : EP_BPIECE;
	int f, r, n = 0;

	for (r = 0; r < p->height; r++)
		for (f = 0; f < p->width; f++)
			n += p->cell[EP_SQ(f, r)] == piece;
	return n;
}

int ep_count_crossed(const struct ep_position *p, enum ep_side side)
{
	uint8_t piece = side == EP_WHITE ? EP_WPIECE : EP_BPIECE;
	const uint8_t *row = &p->cell[EP_SQ(0, side == EP_WHITE ?
	                                       p->height - 1 : 0)];
	int f, n = 0;

	for (f = 0; f < p->width; f++)
		n += row[f] == piece;
	return n;
}

int ep_side_has_movable(const struct ep_position *p,
                        const struct ep_options *o, enum ep_side side)
{
	int crossed = ep_count_crossed(p, side);
	int pieces = ep_count_pieces(p, side);

	return o->crossed == EP_CROSSED_MOVE ? pieces > 0 : pieces > crossed;
}

int ep_position_equal(const struct ep_position *a, const struct ep_position *b)
{
	int r;

	if (a->width != b->width || a->height != b->height ||
	    a->to_move != b->to_move)
		return 0;
	for (r = 0; r < a->height; r++)
		if (memcmp(&a->cell[ep_square_at(0, r)],
		           &b->cell[ep_square_at(0, r)], (size_t)a->width) != 0)
			return 0;
	return 1;
}
