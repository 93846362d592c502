/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ttable.c - a tournament's table read from its boards, and its text
 * (see ttable.h).
 */
#include "services/ttable.h"
#include "services/tko.h"
#include "tourney/tourney.h"
#include "util/buf.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tt_free(struct ttable *t)
{
	free(t->cell);
	free(t->result);
	free(t->cells);
	free(t->colour);
	t->cell = t->result = NULL;
	t->cells = NULL;
	t->colour = NULL;
}

/* Rounds of one cycle of tf's round robin. */
static int cycle_rounds(const struct tfile *tf)
{
	int r = tny_berger_rounds(tf->nplayers, 0);

	return r > 0 ? r : 1;
}

static int *cell_at(const struct ttable *t, int i, int j, int k)
{
	return &t->cell[(i * t->n + j) * 2 + k];
}

struct tny_cell *tt_cells_prefix(const struct ttable *t, int upto)
{
	struct tny_cell *c = xmalloc((size_t)(t->n * upto + 1) * sizeof *c);
	int i, r;

	for (i = 0; i < t->n; i++)
		for (r = 0; r < upto; r++)
			c[i * upto + r] = t->cells[i * t->rounds + r];
	return c;
}

/* Rank order: score, then Sonneborn-Berger, then pairing number. */
static const struct ttable *rank_of;
static int by_rank(const void *a, const void *b)
{
	int i = *(const int *)a, j = *(const int *)b;
	const struct tt_row *x = &rank_of->row[i], *y = &rank_of->row[j];

	if (x->cancelled != y->cancelled)
		return x->cancelled - y->cancelled;
	if (x->score != y->score)
		return y->score - x->score;
	if (x->sb != y->sb)
		return y->sb - x->sb;
	if (x->buchholz != y->buchholz)
		return y->buchholz - x->buchholz;
	return i - j;
}

int tt_tied_first(const struct ttable *t)
{
	int k = 1;

	if (t->n < 2 || t->row[t->rank[0]].cancelled)
		return 1;
	while (k < t->n && !t->row[t->rank[k]].cancelled &&
	       t->row[t->rank[k]].score == t->row[t->rank[0]].score)
		k++;
	return k;
}

static int tt_build_any(const struct config *cfg, const struct tfile *tf,
                        const struct game *over, int fresh_from,
                        struct ttable *t);

int tt_build(const struct config *cfg, const struct tfile *tf,
             const struct game *over, struct ttable *t)
{
	return tt_build_any(cfg, tf, over, 0, t);
}

int tt_build_new(const struct tfile *tf, struct ttable *t)
{
	return tt_build_any(NULL, tf, NULL, 1, t);
}

int tt_build_from(const struct config *cfg, const struct tfile *tf,
                  int round, struct ttable *t)
{
	return tt_build_any(cfg, tf, NULL, round, t);
}

static int tt_build_any(const struct config *cfg, const struct tfile *tf,
                        const struct game *over, int fresh_from,
                        struct ttable *t)
{
	int n = tf->nplayers, i, j, k, per = cycle_rounds(tf);
	int before[TF_PLAYERS_MAX] = { 0 };  /* games over before withdrawal */

	memset(t, 0, sizeof *t);
	t->n = n;
	t->cell = xmalloc((size_t)(n * n * 2 + 1) * sizeof *t->cell);
	t->result = xmalloc((size_t)(tf->nboards + 1) * sizeof *t->result);
	for (i = 0; i < n * n * 2; i++)
		t->cell[i] = -2;
	if (tf_swiss(tf)) {
		t->rounds = tf->rounds < 1 ? 1 : tf->rounds > TF_SWISS_ROUNDS_MAX ?
		            TF_SWISS_ROUNDS_MAX : tf->rounds;
		t->cells = xmalloc((size_t)(n * t->rounds + 1) * sizeof *t->cells);
		t->colour = xmalloc((size_t)(n * t->rounds + 1));
		for (i = 0; i < n * t->rounds; i++) {
			t->cells[i].kind = TNY_ABSENT;
			t->cells[i].opp = -1;
			t->cells[i].result = 0;
			t->colour[i] = '-';
		}
		for (i = 1; i <= t->rounds; i++)
			if (tf->bye[i][0] && (j = tf_player_index(tf, tf->bye[i])) >= 0) {
				t->cells[j * t->rounds + i - 1].kind = TNY_BYE;
				t->cells[j * t->rounds + i - 1].result = 2;
			}
	}
	for (i = 0; i < tf->nboards; i++) {
		const struct tf_board *b = &tf->boards[i];
		int w = tf_player_index(tf, b->white), bl = tf_player_index(tf, b->black);
		struct game g, *gp = NULL;
		char *err = NULL;
		int res = -1;
		time_t end = 0;

		if (fresh_from && b->round >= fresh_from) {
			gp = NULL;  /* made in this transaction: new */
		} else if (over && over->board == b->number &&
		    strcmp(over->game, tf->game) == 0) {
			gp = (struct game *)over;
		} else if (game_load(&g, cfg->spool, tf->game, b->number,
		                     &err) == 0) {
			gp = &g;
		} else {
			log_msg(LOG_ERR, "tournament %s: board %ld: %s\n", tf->name,
			        b->number, err ? err : "no such board");
			free(err);
			tt_free(t);
			return -1;
		}
		if (gp && gp->state == GAME_FINISHED)
			res = gp->result == EP_WHITE_WINS ? 2 :
			      gp->result == EP_BLACK_WINS ? 0 : 1;
		else if (gp && gp->state == GAME_CANCELLED)
			res = -3;  /* over, nobody scores */
		if (gp)
			end = gp->end_when ? gp->end_when : gp->updated;
		if (gp == &g)
			game_free(&g);
		t->result[i] = res;
		if (res != -1)
			t->done++;
		if (t->cells && b->round >= 1 && b->round <= t->rounds) {
			int r = b->round - 1;
			t->colour[w * t->rounds + r] = 'W';
			t->colour[bl * t->rounds + r] = 'B';
			if (res >= 0) {
				struct tny_cell *x = &t->cells[w * t->rounds + r];
				struct tny_cell *y = &t->cells[bl * t->rounds + r];
				x->kind = y->kind = TNY_PLAYED;
				x->opp = bl;
				y->opp = w;
				x->result = res;
				y->result = 2 - res;
			}
		}
		k = (b->round - 1) / per;
		if (k > 1)
			k = 1;
		t->row[w].games++;
		t->row[bl].games++;
		*cell_at(t, w, bl, k) = res == -3 ? 0 : res < 0 ? -1 : res;
		*cell_at(t, bl, w, k) = res == -3 ? 0 : res < 0 ? -1 : 2 - res;
		if (res != -1) {
			t->row[w].finished++;
			t->row[bl].finished++;
			if (tf->player[w].withdrawn && end < tf->player[w].withdrawn)
				before[w]++;
			if (tf->player[bl].withdrawn && end < tf->player[bl].withdrawn)
				before[bl]++;
		}
	}
	if (t->cells) {
		/* Swiss: results stand after a withdrawal (he is not paired
		 * again); score and Buchholz by tny_tiebreak.  The score counts
		 * every game over and the byes so far; Buchholz only the
		 * rounds that are over (a prefix: a round is paired when the
		 * one before it has ended), since a game still to play would
		 * count as a virtual opponent's. */
		int score[TF_PLAYERS_MAX], bh[TF_PLAYERS_MAX], upto, bad;
		struct tny_cell *done_cells;

		upto = tf_paired(tf) < t->rounds ? tf_paired(tf) : t->rounds;
		for (i = 0; i < tf->nboards; i++)
			if (t->result[i] == -1 && tf->boards[i].round >= 1 &&
			    tf->boards[i].round <= upto)
				upto = tf->boards[i].round - 1;
		done_cells = tt_cells_prefix(t, upto);
		bad = tny_tiebreak(n, t->rounds, t->cells, score, NULL, NULL) < 0;
		if (upto > 0 && !bad)
			bad = tny_tiebreak(n, upto, done_cells, NULL, bh, NULL) < 0;
		else
			memset(bh, 0, sizeof bh);
		free(done_cells);
		if (bad) {
			log_msg(LOG_ERR, "tournament %s: inconsistent crosstable\n",
			        tf->name);
			tt_free(t);
			return -1;
		}
		for (i = 0; i < n; i++) {
			t->row[i].score = score[i];
			t->row[i].buchholz = bh[i];
			t->rank[i] = i;
		}
		rank_of = t;
		qsort(t->rank, (size_t)n, sizeof t->rank[0], by_rank);
		rank_of = NULL;
		return 0;
	}
	/* FIDE: withdrawn having played less than half: results cancelled
	 * (round robin; a knockout's withdrawal is a walkover: tko.h). */
	for (i = 0; i < n; i++)
		if (!tf_knockout(tf) && tf->player[i].withdrawn &&
		    2 * before[i] < t->row[i].games) {
			t->row[i].cancelled = 1;
			for (j = 0; j < n; j++)
				for (k = 0; k < 2; k++) {
					*cell_at(t, i, j, k) = -2;
					*cell_at(t, j, i, k) = -2;
				}
		}
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			for (k = 0; k < 2; k++)
				if (*cell_at(t, i, j, k) >= 0)
					t->row[i].score += *cell_at(t, i, j, k);
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			for (k = 0; k < 2; k++)
				if (*cell_at(t, i, j, k) > 0)
					t->row[i].sb += *cell_at(t, i, j, k) * t->row[j].score;
	for (i = 0; i < n; i++)
		t->rank[i] = i;
	rank_of = t;
	qsort(t->rank, (size_t)n, sizeof t->rank[0], by_rank);
	rank_of = NULL;
	return 0;
}

int tt_finished(const struct tfile *tf, const struct ttable *t)
{
	if (tf->state == TF_FINISHED)
		return 1;
	if (tf_knockout(tf)) {
		struct tko k;
		return tf->state == TF_RUNNING && tko_build(tf, t, &k) == 0 &&
		       k.champion > 0;
	}
	return tf->state == TF_RUNNING && tf->nboards > 0 &&
	       t->done == tf->nboards &&
	       (!tf_swiss(tf) || tf_paired(tf) >= tf->rounds);
}

/* Half-points as "2", "2.5"; quarter-points as "5.25". */
static void half_words(int h, char *buf, size_t len)
{
	snprintf(buf, len, "%d%s", h / 2, h % 2 ? ".5" : "");
}
static void quarter_words(int q, char *buf, size_t len)
{
	static const char *const frac[] = { "", ".25", ".5", ".75" };

	snprintf(buf, len, "%d%s", q / 4, frac[q % 4]);
}

/* Add the i-th of k names to the list in names: "alice, bob and
 * carol". */
static void tie_names_add(struct buf *names, int i, int k, const char *name)
{
	char *list;

	if (i == 0) {
		buf_puts(names, name);
		return;
	}
	list = xstrdup(buf_str(names));
	buf_reset(names);
	if (i == k - 1)
		/* TRANSLATORS: the last two of a list of players: the list
		 * so far, then the last name. */
		buf_printf(names, _("%1$s and %2$s"), list, name);
	else
		/* TRANSLATORS: a list of players so far, then the next
		 * name. */
		buf_printf(names, _("%1$s, %2$s"), list, name);
	free(list);
}

/* For a finished round robin or Swiss whose first place is shared on
 * score: a paragraph saying who is tied and which tie-break (by_rank's
 * order) put the winner first, appended to b.  Nothing otherwise. */
static void tt_tie_words(const struct tfile *tf, const struct ttable *t,
                         struct buf *b)
{
	int k = tt_tied_first(t), i, w = t->rank[0], r = t->rank[1];
	const struct tt_row *x = &t->row[w], *y = &t->row[r];
	struct buf names = BUF_INIT;
	char s[32], p[32], q[32];

	if (k < 2)
		return;
	for (i = 0; i < k; i++)
		tie_names_add(&names, i, k, tf->player[t->rank[i]].userid);
	half_words(x->score, s, sizeof s);
	/* TRANSLATORS: the tied players ("alice, bob and carol"), then
	 * their score ("2.5"). */
	buf_printf(b, _("\nFirst place is tied: %s have a score of %s "
	           "each.\n"), buf_str(&names), s);
	buf_free(&names);
	if (t->cells && x->buchholz != y->buchholz) {
		half_words(x->buchholz, p, sizeof p);
		half_words(y->buchholz, q, sizeof q);
		/* TRANSLATORS: the winner and his Buchholz, the second and
		 * his. */
		buf_printf(b, _("The tie is broken by Buchholz (the sum of the "
		           "opponents' scores): %1$s has %2$s, %3$s has %4$s, so "
		           "%1$s wins.\n"), tf->player[w].userid, p,
		           tf->player[r].userid, q);
	} else if (!t->cells && x->sb != y->sb) {
		quarter_words(x->sb, p, sizeof p);
		quarter_words(y->sb, q, sizeof q);
		/* TRANSLATORS: the winner and his Sonneborn-Berger score, the
		 * second and his. */
		buf_printf(b, _("The tie is broken by Sonneborn-Berger (the "
		           "scores of the players each beat, and half of those "
		           "each drew with): %1$s has %2$s, %3$s has %4$s, so %1$s "
		           "wins.\n"), tf->player[w].userid, p,
		           tf->player[r].userid, q);
	} else {
		/* TRANSLATORS: the winner, the second, the winner's number. */
		buf_printf(b, t->cells ? _("%1$s and %2$s are equal on Buchholz "
		           "too, so the tie is broken by the pairing number "
		           "(players are numbered by rating at the start): %1$s, "
		           "number %3$d, wins.\n") : _("%1$s and %2$s are equal on "
		           "Sonneborn-Berger too, so the tie is broken by the "
		           "pairing number (players are numbered by rating at the "
		           "start): %1$s, number %3$d, wins.\n"),
		           tf->player[w].userid, tf->player[r].userid, w + 1);
	}
}

/* The table's first line, one sentence per format: its arguments are
 * the tournament's name, the game's title and the organiser. */
static const char *format_sentence(const struct tfile *tf)
{
	/* TRANSLATORS (the four): the tournament's name, the game's title
	 * ("Epaminondas"), the organiser's userid. */
	if (strcmp(tf->format, "roundrobin") == 0)
		return tf->rounds == 2 ? _("Tournament %s: double round robin "
		                           "of %s, organised by %s.\n")
		                       : _("Tournament %s: round robin of %s, "
		                           "organised by %s.\n");
	if (tf_knockout(tf))
		return _("Tournament %s: knockout (two-game matches) of %s, "
		         "organised by %s.\n");
	return _("Tournament %s: Swiss (Dutch system) of %s, organised by "
	         "%s.\n");
}

static void tt_crosstable(const struct tfile *tf, const struct ttable *t,
                          struct buf *b)
{
	int n = tf->nplayers, cycles = tf->rounds >= 2 ? 2 : 1, i, j, k;
	char s[32], q[32];

	buf_puts(&b[0], cycles == 2 ? _("Crosstable (1 a win, = a draw, 0 a "
	         "loss, . to play; two signs a pair, one a cycle):\n") :
	         _("Crosstable (1 a win, = a draw, 0 a loss, . to play; row "
	         "against column):\n"));
	buf_puts(b, "No Player      ");
	for (j = 0; j < n; j++)
		buf_printf(b, cycles == 2 ? "%-3d" : "%-2d", j + 1);
	buf_puts(b, " Score   S-B\n");
	for (i = 0; i < n; i++) {
		buf_printf(b, "%2d %-12.12s ", i + 1, tf->player[i].userid);
		for (j = 0; j < n; j++) {
			for (k = 0; k < cycles; k++) {
				int v = *cell_at(t, i, j, k);
				buf_putc(b, i == j ? 'X' : v == -2 ? '-' : v == -1 ? '.' :
				         v == 2 ? '1' : v == 1 ? '=' : '0');
			}
			buf_putc(b, ' ');
		}
		if (t->row[i].cancelled) {
			buf_puts(b, _(" withdrawn: results cancelled\n"));
			continue;
		}
		half_words(t->row[i].score, s, sizeof s);
		quarter_words(t->row[i].sb, q, sizeof q);
		buf_printf(b, "%6s %6s%s\n", s, q, tf->player[i].withdrawn ?
		           _("  withdrawn") : "");
	}
}

/* Swiss: each player's rounds, "+3w" (a win against number 3 with
 * White), "=", "-", "." (still running), "bye", "" not paired. */
static void tt_swiss_table(const struct tfile *tf, const struct ttable *t,
                           struct buf *b)
{
	int n = tf->nplayers, i, r, k;
	char s[32], q[32];

	buf_puts(b, _("Rounds (+ a win, = a draw, - a loss, . to play; the "
	         "opponent's\nnumber; w White, b Black):\n"));
	buf_puts(b, "No Player      ");
	for (r = 0; r < t->rounds; r++)
		buf_printf(b, " R%-3d", r + 1);
	buf_puts(b, " Score    Bh\n");
	for (i = 0; i < n; i++) {
		buf_printf(b, "%2d %-12.12s ", i + 1, tf->player[i].userid);
		for (r = 0; r < t->rounds; r++) {
			const struct tny_cell *x = &t->cells[i * t->rounds + r];
			char cell[16] = "";
			if (x->kind == TNY_BYE) {
				snprintf(cell, sizeof cell, "bye");
			} else if (t->colour[i * t->rounds + r] != '-') {
				int opp = -1;
				for (k = 0; k < tf->nboards; k++)
					if (tf->boards[k].round == r + 1 &&
					    (strcmp(tf->boards[k].white, tf->player[i].userid) == 0 ||
					     strcmp(tf->boards[k].black, tf->player[i].userid) == 0))
						opp = tf_player_index(tf, strcmp(tf->boards[k].white,
						      tf->player[i].userid) == 0 ?
						      tf->boards[k].black : tf->boards[k].white);
				snprintf(cell, sizeof cell, "%c%d%c", x->kind != TNY_PLAYED ?
				         '.' : x->result == 2 ? '+' : x->result == 1 ? '=' :
				         '-', opp + 1, t->colour[i * t->rounds + r] == 'W' ?
				         'w' : 'b');
			}
			buf_printf(b, " %-4s", cell);
		}
		half_words(t->row[i].score, s, sizeof s);
		half_words(t->row[i].buchholz, q, sizeof q);
		buf_printf(b, " %5s %5s%s\n", s, q, tf->player[i].withdrawn ?
		           _("  withdrawn") : "");
	}
}

char *tt_text(const struct tfile *tf, const struct ttable *t)
{
	struct buf b = BUF_INIT;
	char s[32], q[32];
	int i, finished = t && tt_finished(tf, t);

	buf_printf(&b, format_sentence(tf), tf->name, game_title(tf->game),
	           tf->organiser);
	/* TRANSLATORS (the four): the players, the least and the most
	 * the tournament takes. */
	buf_printf(&b, tf->state == TF_OPEN ? _("State: open for players to "
	           "join.  Players: %d (%d to %d).") :
	           tf->state == TF_CANCELLED ? _("State: cancelled.  Players: "
	           "%d (%d to %d).") :
	           finished ? _("State: finished.  Players: %d (%d to %d).") :
	           _("State: running.  Players: %d (%d to %d)."), tf->nplayers,
	           tf->min_players, tf->max_players);
	if (tf->state == TF_OPEN && tf->start[0])
		/* TRANSLATORS: the start day (YYYY-MM-DD), the least number of
		 * players. */
		buf_printf(&b, ngettext("  Starts on %s once %d has joined, or "
		           "when the organiser starts it.", "  Starts on %s once "
		           "%d have joined, or when the organiser starts it.",
		           tf->min_players), tf->start, tf->min_players);
	else if (tf->state == TF_OPEN)
		buf_puts(&b, _("  Starts when the organiser starts it."));
	if (tf->options[0])
		/* TRANSLATORS: the challenge options, as a player types them. */
		buf_printf(&b, _("\nGame options: %s\n\n"), tf->options);
	else
		buf_puts(&b, _("\nGame options: the standard ones\n\n"));
	if ((tf->state != TF_RUNNING && tf->state != TF_FINISHED) || !t) {
		buf_puts(&b, _("Players (in the order they joined):\n"));
		for (i = 0; i < tf->nplayers; i++)
			buf_printf(&b, "  %s\n", tf->player[i].userid);
		return buf_take(&b);
	}
	if (tf_knockout(tf)) {
		struct tko k;
		if (tko_build(tf, t, &k) < 0) {
			buf_puts(&b, _("(the bracket cannot be read: see the "
			         "server's log)\n"));
			return buf_take(&b);
		}
		if (k.current <= k.rounds)
			buf_printf(&b, _("Round %d of %d.  "), k.current, k.rounds);
		buf_printf(&b, _("Games over: %d of %d.\n\n"), t->done,
		           tf->nboards);
		tko_text(tf, &k, &b);
		goto still;
	}
	if (tf_swiss(tf))
		buf_printf(&b, _("Round %d of %d.  Games over: %d of %d.\n\n"),
		           tf_paired(tf), tf->rounds, t->done, tf->nboards);
	else
		buf_printf(&b, _("Games over: %d of %d.\n\n"), t->done,
		           tf->nboards);
	if (t->cells)
		tt_swiss_table(tf, t, &b);
	else
		tt_crosstable(tf, t, &b);
	buf_puts(&b, finished ? _("\nFinal standings:\n") :
	         _("\nStandings:\n"));
	for (i = 0; i < tf->nplayers; i++) {
		int p = t->rank[i];
		if (t->row[p].cancelled) {
			buf_printf(&b, _("  -. %-20s withdrawn, results "
			           "cancelled\n"), tf->player[p].userid);
			continue;
		}
		half_words(t->row[p].score, s, sizeof s);
		if (t->cells) {
			half_words(t->row[p].buchholz, q, sizeof q);
			/* TRANSLATORS: the place, the player, his score and
			 * Buchholz. */
			buf_printf(&b, _("  %d. %-20s score %s  Buchholz %s\n"),
			           i + 1, tf->player[p].userid, s, q);
			continue;
		}
		quarter_words(t->row[p].sb, q, sizeof q);
		/* TRANSLATORS: the place, the player, his score and
		 * Sonneborn-Berger, his games over and all his games. */
		buf_printf(&b, _("  %d. %-20s score %s  S-B %s  (%d of %d "
		           "played)\n"), i + 1, tf->player[p].userid, s, q,
		           t->row[p].finished, t->row[p].games);
	}
	if (finished)
		tt_tie_words(tf, t, &b);
	if (!finished && tf_swiss(tf) && tf->bye[tf_paired(tf)][0])
		buf_printf(&b, _("\nRound %d's bye (a win): %s\n"), tf_paired(tf),
		           tf->bye[tf_paired(tf)]);
still:
	if (!finished) {
		buf_puts(&b, _("\nStill to play:\n"));
		for (i = 0; i < tf->nboards; i++)
			if (t->result[i] == -1)
				buf_printf(&b, _("  round %d, board %ld: %s (White) - "
				           "%s (Black)\n"), tf->boards[i].round,
				           tf->boards[i].number, tf->boards[i].white,
				           tf->boards[i].black);
	}
	return buf_take(&b);
}
