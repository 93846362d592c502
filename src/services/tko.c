/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tko.c - a knockout tournament's bracket (see tko.h).
 */
#include "services/tko.h"
#include "tourney/tourney.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tko_rounds(int n)
{
	int size = tny_ko_bracket(n, NULL), r = 0;

	if (size < 0)
		return -1;
	while ((1 << r) < size)
		r++;
	return r;
}

/* Half-points for seed high of board i of tf (t->result: for White). */
static int high_result(const struct tfile *tf, const struct ttable *t,
                       int i, int high)
{
	int v = t->result[i];

	if (v == -1)
		return -1;
	if (v == -3)
		v = 1;  /* a cancelled game: as a draw */
	return strcmp(tf->boards[i].white, tf->player[high - 1].userid) == 0 ?
	       v : 2 - v;
}

/* Fill match m of round r between seeds a and b (1..n, or above n for
 * a bye).  *used marks the boards taken.  0 or -1 (damaged). */
static int build_match(const struct tfile *tf, const struct ttable *t,
                       int r, int a, int b, struct tko_match *m, char *used)
{
	int n = tf->nplayers, i, cnt = 0, w;
	const char *hu, *lu;
	struct tny_ko_match km;

	m->high = a < b ? a : b;
	m->low = a < b ? b : a;
	if (m->low > n) {
		m->how = TKO_BYE;
		m->winner = m->high;
		return 0;
	}
	hu = tf->player[m->high - 1].userid;
	lu = tf->player[m->low - 1].userid;
	for (i = 0; i < tf->nboards; i++) {
		const struct tf_board *x = &tf->boards[i];
		if (x->round != r || !((strcmp(x->white, hu) == 0 &&
		    strcmp(x->black, lu) == 0) || (strcmp(x->white, lu) == 0 &&
		    strcmp(x->black, hu) == 0)))
			continue;
		if (cnt == 3 || used[i])
			return -1;
		used[i] = 1;
		m->board[cnt] = i;
		m->res[cnt] = high_result(tf, t, i, m->high);
		cnt++;
	}
	m->decider_white = tny_ko_decider_white(tf->lot, r, m->high, m->low);
	km.high = m->high;
	km.low = m->low;
	km.game1 = m->res[0];
	km.game2 = m->res[1];
	km.decider = m->res[2];
	km.decider_white = m->decider_white;
	w = tny_ko_winner(&km);
	if (w < 0)
		return -1;
	if (w > 0) {
		m->how = TKO_PLAYED;
		m->winner = w;
	} else if (tf->player[m->low - 1].withdrawn) {
		m->how = TKO_WALKOVER;
		m->winner = m->high;
	} else if (tf->player[m->high - 1].withdrawn) {
		m->how = TKO_WALKOVER;
		m->winner = m->low;
	} else {
		m->how = TKO_PLAYING;
	}
	return 0;
}

int tko_build(const struct tfile *tf, const struct ttable *t,
              struct tko *k)
{
	int slots[1 << TKO_ROUNDS_MAX], line[1 << TKO_ROUNDS_MAX];
	int n = tf->nplayers, nlines, r, j, i;
	char *used;

	memset(k, 0, sizeof *k);
	k->size = tny_ko_bracket(n, NULL);
	if (k->size < 0 || k->size > (1 << TKO_ROUNDS_MAX)) {
		log_msg(LOG_ERR, "tournament %s: %d players in a knockout\n",
		        tf->name, n);
		return -1;
	}
	tny_ko_bracket(n, slots);
	k->rounds = tko_rounds(n);
	used = xmalloc((size_t)tf->nboards + 1);
	memset(used, 0, (size_t)tf->nboards + 1);
	memcpy(line, slots, sizeof slots[0] * (size_t)k->size);
	nlines = k->size;
	k->current = 0;
	for (r = 1; r <= k->rounds; r++) {
		k->nmatch[r] = nlines / 2;
		for (j = 0; j < nlines / 2; j++) {
			struct tko_match *m = &k->m[r][j];
			int a = line[2 * j], b = line[2 * j + 1];
			m->board[0] = m->board[1] = m->board[2] = -1;
			m->res[0] = m->res[1] = m->res[2] = -1;
			if (!a || !b) {
				m->high = a;  /* the side known so far */
				m->low = b;
				m->how = TKO_WAITING;
			} else if (build_match(tf, t, r, a, b, m, used) < 0) {
				log_msg(LOG_ERR, "tournament %s: round %d: the boards "
				        "of %d against %d are damaged\n", tf->name, r,
				        a, b);
				free(used);
				return -1;
			}
			line[j] = m->winner;
			if (!m->winner && !k->current)
				k->current = r;
		}
		nlines /= 2;
	}
	for (i = 0; i < tf->nboards; i++)
		if (!used[i]) {
			log_msg(LOG_ERR, "tournament %s: board %ld is in no match of "
			        "the bracket\n", tf->name, tf->boards[i].number);
			free(used);
			return -1;
		}
	free(used);
	if (!k->current)
		k->current = k->rounds + 1;
	k->champion = k->m[k->rounds][0].winner;
	return 0;
}

/* The heading of round r of rounds, onto b. */
static void round_heading(struct buf *b, int r, int rounds)
{
	/* TRANSLATORS (the four): the round's number; in the last, the
	 * number of players left. */
	if (r == rounds)
		buf_printf(b, _("Round %d, the final:\n"), r);
	else if (r == rounds - 1)
		buf_printf(b, _("Round %d, the semi-finals:\n"), r);
	else if (r == rounds - 2)
		buf_printf(b, _("Round %d, the quarter-finals:\n"), r);
	else
		buf_printf(b, _("Round %d, the last %d:\n"), r,
		           1 << (rounds - r + 1));
}

static char res_char(int v)
{
	return v == 2 ? '1' : v == 1 ? '=' : v == 0 ? '0' : '.';
}

void tko_text(const struct tfile *tf, const struct tko *k, struct buf *b)
{
	int r, j;

	buf_puts(b, _("Bracket (each match's games from the first-named, "
	         "higher seed's side:\n1 a win, = a draw, 0 a loss, . to play; "
	         "d the deciding game; => who goes through):\n"));
	for (r = 1; r <= k->rounds; r++) {
		round_heading(b, r, k->rounds);
		for (j = 0; j < k->nmatch[r]; j++) {
			const struct tko_match *m = &k->m[r][j];
			const char *hu = m->high ? tf->player[m->high - 1].userid : "?";
			const char *lu = m->low && m->low <= tf->nplayers ?
			                 tf->player[m->low - 1].userid : "?";
			char games[16];
			if (m->how == TKO_WAITING) {
				buf_printf(b, _("  %-15.15s - %-15.15s  (to come)\n"),
				           m->high ? hu : "?", m->low ? lu : "?");
				continue;
			}
			if (m->how == TKO_BYE) {
				buf_printf(b, _("  %2d %-12.12s   (a bye)%20s=> %s\n"),
				           m->high, hu, "", hu);
				continue;
			}
			snprintf(games, sizeof games, "%c %c", res_char(m->res[0]),
			         res_char(m->res[1]));
			if (m->board[2] >= 0)
				snprintf(games + 3, sizeof games - 3, " d%c",
				         res_char(m->res[2]));
			buf_printf(b, "  %2d %-12.12s - %2d %-12.12s %-6s ", m->high,
			           hu, m->low, lu, games);
			if (m->winner && m->how == TKO_WALKOVER)
				buf_printf(b, _("=> %s (walkover)\n"),
				           tf->player[m->winner - 1].userid);
			else if (m->winner)
				buf_printf(b, "=> %s\n",
				           tf->player[m->winner - 1].userid);
			else
				buf_puts(b, _("playing\n"));
			if (m->board[0] >= 0) {
				long b1 = tf->boards[m->board[0]].number;
				long b2 = m->board[1] >= 0 ?
				          tf->boards[m->board[1]].number : 0L;

				if (m->board[2] >= 0)
					/* TRANSLATORS: %1$5s is an indent (blanks),
					 * %2$ld and %3$ld the match's two boards,
					 * %4$ld the deciding game's board, %5$s the
					 * player who has White on it. */
					buf_printf(b, _("%1$5sboards %2$ld, %3$ld; "
					           "deciding game %4$ld, %5$s White"), "",
					           b1, b2, tf->boards[m->board[2]].number,
					           tf->boards[m->board[2]].white);
				else
					/* TRANSLATORS: %5s is an indent (blanks),
					 * then the match's two boards. */
					buf_printf(b, _("%5sboards %ld, %ld"), "", b1,
					           b2);
				buf_putc(b, '\n');
			}
		}
	}
	if (k->champion)
		buf_printf(b, _("Winner: %s\n"),
		           tf->player[k->champion - 1].userid);
}
