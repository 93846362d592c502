/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * notation.c - move notation (RULES.md section 2): reading a move a player
 * typed, checking it against every rule and saying in plain words which
 * rule it breaks; and writing the canonical form "e3-e7" / "e3xe8".
 *
 * Move text comes from mail: untrusted.  The checks follow the order in
 * which a player thinks about a move: the text, the squares, the piece on
 * the tail, the line, the group, the path, the destination, then the rules
 * about crossings.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "util/errlang.h"
#include "util/i18n.h"

void ep_move_format(const struct ep_move *m, char *buf)
{
	size_t len;

	ep_square_name(ep_square_file(m->tail), ep_square_rank(m->tail), buf);
	len = strlen(buf);
	buf[len++] = m->captured ? 'x' : '-';
	ep_square_name(ep_square_file(m->dest), ep_square_rank(m->dest),
	               buf + len);
}

/* The text as two squares; -1 with err if it is not "sq-sq". */
static int read_squares(const char *text, int sq[4], char *err, size_t errlen)
{
	const char *s = text, *end;

	while (*s == ' ' || *s == '\t')
		s++;
	if (ep_square_parse(s, &sq[0], &sq[1], &end) < 0)
		goto bad;
	s = end;
	/* "e12e10": two squares with nothing between them are a move too;
	 * an x followed by a digit is file x ("e3x5"), not a capture mark. */
	if ((*s == '-' || *s == ':' || *s == 'x' || *s == 'X') &&
	    !(s[1] >= '0' && s[1] <= '9'))
		s++;
	if (ep_square_parse(s, &sq[2], &sq[3], &end) < 0)
		goto bad;
	s = end;
	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
		s++;
	if (*s == '\0')
		return 0;
bad:
	/* TRANSLATORS: %s is the text the player wrote; e3-e7 is notation
	 * (tail-destination its form): keep it as it is. */
	return ep_err(err, errlen, N_("\"%.20s\" is not a move: write a move "
	                             "as tail-destination, e.g. e3-e7"), text);
}

static int check_on_board(const struct ep_position *p, int f, int r,
                          char *err, size_t errlen)
{
	char sq[4];

	if (f < p->width && r < p->height)
		return 0;
	ep_square_name(f, r, sq);
	/* TRANSLATORS: a square, the board's width and height, its last
	 * file (a letter) and its last rank. */
	return ep_err(err, errlen, N_("%s is off the board (the board is %dx%d: "
	              "files a-%c, ranks 1-%d)"), sq, p->width, p->height,
	              'a' + p->width - 1, p->height);
}

/* Direction from (f0, r0) to (f1, r1) and the distance in steps, or -1. */
static int line_dir(int f0, int r0, int f1, int r1, int *dist)
{
	int df = f1 - f0, dr = r1 - r0, dir;
	int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);

	if (df != 0 && dr != 0 && df != dr && df != -dr)
		return -1;
	for (dir = 0; dir < 8; dir++)
		if (ep_dir_dfile[dir] == sf && ep_dir_drank[dir] == sr)
			break;
	*dist = df != 0 ? (df > 0 ? df : -df) : (dr > 0 ? dr : -dr);
	return dir;
}

static void name_of(int q, char *sq)
{
	ep_square_name(ep_square_file((ep_square)q),
	               ep_square_rank((ep_square)q), sq);
}

/* The path from tn to dn is blocked on q: say by what, as one sentence
 * for each thing that can stand there.  Returns -1. */
static int blocked_by(const struct ep_turn *t, int q, const char *tn,
                      const char *dn, char *err, size_t errlen)
{
	char sq[4];

	name_of(q, sq);
	/* TRANSLATORS: the move's tail, its destination and the square
	 * that blocks the path (the next three too). */
	if (t->cell[q] == EP_BLOCK)
		return ep_err(err, errlen, N_("the path from %s to %s is blocked "
		              "by the block on %s"), tn, dn, sq);
	if (t->cell[q] == t->own)
		return ep_err(err, errlen, N_("the path from %s to %s is blocked "
		              "by your piece on %s"), tn, dn, sq);
	if (t->opp == EP_WPIECE)
		return ep_err(err, errlen, N_("the path from %s to %s is blocked "
		              "by the white piece on %s"), tn, dn, sq);
	return ep_err(err, errlen, N_("the path from %s to %s is blocked by "
	              "the black piece on %s"), tn, dn, sq);
}

/* The opponent's crossed pieces as "a1, b1" for the must-answer text;
 * returns how many. */
static int crossings_list(const struct ep_turn *t, char *buf, size_t len)
{
	size_t used = 0;
	char sq[4];
	int q, w, n = 0;

	buf[0] = '\0';
	for (q = t->home_lo; q <= t->home_hi; q++) {
		if (t->cell[q] != t->opp)
			continue;
		name_of(q, sq);
		w = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", sq);
		if (w < 0 || (size_t)w >= len - used)
			return n;
		used += (size_t)w;
		n++;
	}
	return n;
}

/* Checks once the squares are known to be on the board. */
static int check_move(const struct ep_turn *t, int tail, int dir, int dist,
                      const char *tn, const char *dn, struct ep_move *m,
                      char *err, size_t errlen)
{
	const uint8_t *cell = t->cell;
	int d = ep_dir_offset[dir], n = 1, k, q, head, D, mm, i;
	char list[80];

	while (ep_turn_movable(t, tail + n * d))
		n++;
	head = tail + (n - 1) * d;
	D = tail + dist * d;
	if (dist < n)
		return ep_err(err, errlen, N_("you cannot land on your own piece "
		              "on %s"), dn);
	k = dist - (n - 1);
	if (t->must_cross && !ep_turn_crossing(t, D, dir)) {
		int c = crossings_list(t, list, sizeof list);

		/* TRANSLATORS: the squares of the opponent's crossed
		 * pieces, as "a1" or "a1, b1". */
		errlang_nsnprintf(err, errlen, "you must answer the crossing "
		                  "on %s with a crossing of your own", "you must "
		                  "answer the crossings on %s with a crossing of "
		                  "your own", (unsigned long)c, list);
		return -1;
	}
	if (k > n) {
		if (n == 1) {
			errlang_nsnprintf(err, errlen, "a single piece moves "
			                  "one square: %s-%s is %d square", "a "
			                  "single piece moves one square: %s-%s is "
			                  "%d squares", (unsigned long)dist, tn, dn,
			                  dist);
			return -1;
		}
		/* TRANSLATORS: %1$d is the size of the group (also how far it
		 * may move), %2$s-%3$s the move, %4$d how far it would go. */
		errlang_nsnprintf(err, errlen, "a group of %1$d moves at most "
		                  "%1$d square: %2$s-%3$s would move it %4$d", "a "
		                  "group of %1$d moves at most %1$d squares: "
		                  "%2$s-%3$s would move it %4$d", (unsigned long)n,
		                  n, tn, dn, k);
		return -1;
	}
	for (i = 1, q = head + d; i < k; i++, q += d) {
		if (cell[q] == EP_EMPTY)
			continue;
		return blocked_by(t, q, tn, dn, err, errlen);
	}
	m->tail = (ep_square)tail;
	m->dest = (ep_square)D;
	m->dir = (int8_t)dir;
	m->n = (uint8_t)n;
	m->k = (uint8_t)k;
	m->captured = 0;
	if (cell[D] == EP_BLOCK)
		return ep_err(err, errlen, N_("%s is a block: no piece may stand "
		              "there"), dn);
	if (cell[D] == t->own)
		return ep_err(err, errlen, N_("you cannot land on your own piece "
		              "on %s"), dn);
	if (cell[D] == t->opp) {
		mm = ep_enemy_run(cell, D, d, t->opp);
		if (n == 1)
			return ep_err_text(err, errlen,
			                   N_("a single piece cannot capture"));
		if (mm >= n)
			/* TRANSLATORS: the number of pieces that move and
			 * the number in the enemy line they would capture. */
			return ep_err(err, errlen, N_("a phalanx of %d cannot "
			              "capture a line of %d (it must be longer than "
			              "the line)"), n, mm);
		if (!ep_turn_capturable(t, D, d, mm))
			return ep_err_text(err, errlen, N_("that capture would "
			                   "take a crossed piece, and crossed pieces "
			                   "cannot be captured"));
		m->captured = (uint8_t)(t->capture_one ? 1 : mm);
	}
	if (t->symmetry && ep_turn_crossing(t, D, dir) &&
	    ep_crossing_symmetric(t, tail, dir, n, k))
		return ep_err_text(err, errlen, N_("this move would make the "
		                   "position symmetric (a crossing may not leave a "
		                   "symmetric board)"));
	return 0;
}

/* A move written from the front piece of a group ("d2-d4" for the group
 * d1-d2; a piece inside a group names a split-off group, so gets no
 * hint) that would be legal from the group's tail: replace err with
 * the right spelling.  Returns 0 when it did (err rewritten), else -1. */
static int hint_tail(const struct ep_turn *t, int tail, int dir, int dist,
                     const char *dn, char *err, size_t errlen)
{
	struct ep_move m;
	char rn[4], scratch[EP_ERR_MAX];
	int d = ep_dir_offset[dir], rear = tail, back = 0;

	if (ep_turn_movable(t, tail + d))
		return -1;  /* inside a group: a split-off move, no hint */
	while (ep_turn_movable(t, rear - d)) {
		rear -= d;
		back++;
	}
	name_of(rear, rn);
	if (back == 0 || check_move(t, rear, dir, dist + back, rn, dn, &m,
	                            scratch, sizeof scratch) < 0)
		return -1;
	/* TRANSLATORS: %1$s-%2$s is the move as it should be written, %1$s
	 * its tail. */
	ep_err(err, errlen, N_("write %1$s-%2$s: a move names the rear piece of "
	       "the group (the tail, %1$s) and the square its front piece "
	       "lands on"), rn, dn);
	return 0;
}

int ep_move_parse(const struct ep_position *p, const struct ep_options *o,
                  const char *text, struct ep_move *m, char *err,
                  size_t errlen)
{
	struct ep_turn t;
	char tn[4], dn[4];
	int sq[4], tail, dir, dist;

	if (read_squares(text, sq, err, errlen) < 0)
		return -1;
	if (check_on_board(p, sq[0], sq[1], err, errlen) < 0 ||
	    check_on_board(p, sq[2], sq[3], err, errlen) < 0)
		return -1;
	ep_square_name(sq[0], sq[1], tn);
	ep_square_name(sq[2], sq[3], dn);
	ep_turn_init(&t, p, o);
	tail = ep_square_at(sq[0], sq[1]);
	if (t.cell[tail] != t.own)
		return ep_err(err, errlen, N_("there is no piece of yours on %s"),
		              tn);
	if (!ep_turn_movable(&t, tail))
		return ep_err(err, errlen, N_("that square is frozen: the piece on "
		              "%s has crossed and may not move"), tn);
	if (sq[0] == sq[2] && sq[1] == sq[3])
		return ep_err(err, errlen, N_("%s-%s does not move: the tail and "
		              "the destination are the same square"), tn, dn);
	dir = line_dir(sq[0], sq[1], sq[2], sq[3], &dist);
	if (dir < 0)
		return ep_err(err, errlen, N_("%s-%s is not a straight line (a "
		              "move goes along a rank, a file or a diagonal)"), tn,
		              dn);
	if (check_move(&t, tail, dir, dist, tn, dn, m, err, errlen) == 0)
		return 0;
	hint_tail(&t, tail, dir, dist, dn, err, errlen);
	return -1;
}
