/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ttable.h - a tournament's table (issue 17): scores, Sonneborn-Berger
 * and the crosstable, read from its boards' game files, and its text
 * (the mails that carry it: tourney_mail.h, tourney_rounds.h).
 *
 * Scores are in half-points (a win 2, a draw 1) and Sonneborn-Berger in
 * quarter-points, as in src/tourney; the text shows them as 2.5 and 5.25.
 * Round robin Sonneborn-Berger is the sum, over the opponents, of the
 * points scored against each times that opponent's score (FIDE C.02
 * 13.2.3 for round robins: opponents' actual scores).
 *
 * A Swiss is ranked by score, then Buchholz (tny_tiebreak: FIDE's
 * virtual opponent for unplayed rounds) over the rounds that are over;
 * a bye scores as a win.
 *
 * Withdrawals (the rule written in doc/tournaments.md,
 * FIDE's): a player who withdraws having finished fewer than half of his
 * games has all his results cancelled (they count for nobody, and he is
 * listed without a score); otherwise his results stand and his games
 * still running at the withdrawal are lost (the withdrawal resigns them).
 */
#ifndef EPAM_SERVICES_TTABLE_H
#define EPAM_SERVICES_TTABLE_H

#include "game/game.h"
#include "services/tfile.h"
#include "tourney/tourney.h"
#include "util/conf.h"

struct tt_row {
	int score;        /* half-points */
	int sb;           /* quarter-points (round robin) */
	int buchholz;     /* half-points (Swiss: tny_tiebreak) */
	int finished;     /* games over */
	int games;        /* games in all */
	int cancelled;    /* withdrawn early: results cancelled */
};

struct ttable {
	int n;                      /* tf->nplayers */
	struct tt_row row[TF_PLAYERS_MAX];
	/* cell[(i * n + j) * 2 + k]: player i against j in cycle k: half
	 * points 0..2, -1 still to play, -2 no game (i == j, cancelled) */
	int *cell;
	int *result;                /* per tf board: half-points for White,
	                               -1 while it runs */
	int done;                   /* boards over */
	/* Swiss: the round-by-round crosstable, cells[i * rounds + r] (kind,
	 * opponent, result as tny_tiebreak takes them; a game still running
	 * is TNY_ABSENT) and colour[i * rounds + r] 'W', 'B' or '-'. */
	int rounds;
	struct tny_cell *cells;
	char *colour;
	int rank[TF_PLAYERS_MAX];   /* player indexes, best first */
};

/* Build the table of tf (running or over) from its boards on disk,
 * with over (may be NULL) standing for its own board: a game that has
 * just ended and is not written yet.  0, or -1 (a board cannot be read,
 * logged).  cfg: the configuration (its spool is read).  Free with
 * tt_free. */
int tt_build(const struct config *cfg, const struct tfile *tf,
             const struct game *over, struct ttable *t);
void tt_free(struct ttable *t);

/* The table of tf as it starts: every board running (none is read). */
int tt_build_new(const struct tfile *tf, struct ttable *t);

/* tt_build with the boards of round and later read as new (made in the
 * transaction being built, not on disk yet). */
int tt_build_from(const struct config *cfg, const struct tfile *tf,
                  int round, struct ttable *t);

/* The Swiss crosstable's first upto rounds (0 <= upto <= t->rounds,
 * t->cells set) in tny_tiebreak's layout for upto rounds: cells[i *
 * upto + r], malloc'ed (caller frees; never NULL). */
struct tny_cell *tt_cells_prefix(const struct ttable *t, int upto);

/* Whether every board of a running tf is over (t built), and for a
 * Swiss its last round paired. */
int tt_finished(const struct tfile *tf, const struct ttable *t);

/* How many players share first place on score in t (built, not a
 * knockout: its champion comes from the bracket): 1 when the first is
 * alone; players whose results are cancelled never count. */
int tt_tied_first(const struct ttable *t);

/* The text "tournament show" and the table mails carry (malloc'ed):
 * what tf is, its players, and once running the crosstable, the
 * standings with score and Sonneborn-Berger, and the games still to
 * play (t may be NULL while open); once finished with a tie for first
 * place, who is tied and how the tie was broken. */
char *tt_text(const struct tfile *tf, const struct ttable *t);

#endif
