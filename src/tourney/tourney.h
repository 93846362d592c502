/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney.h - tournament pairing and tie-breaks (issue 17 part 2): round
 * robin by Berger tables, the Dutch Swiss system for one round, knockout
 * brackets with two-game matches and a deciding game, and the scores and
 * tie-breaks of a crosstable.
 *
 * Pure like src/rules: no I/O, no clock, no global state; every function
 * is deterministic in its arguments, so the tournament commands can pair
 * again from the stored crosstable and get the same answer.  Players are
 * the caller's small integers (pairing numbers for Berger and knockout,
 * any unique ids for the Swiss); scores are integers in half-points (a win
 * is 2, a draw 1) and Sonneborn-Berger in quarter-points, so nothing
 * drifts.  Errors are negative TNY_E* codes; the Swiss also gives an
 * allocated description.
 *
 * Sources: FIDE Handbook C.05 Annex 1 (Berger tables), C.04.1 (basic
 * rules of Swiss systems), C.04.3 (the Dutch system), C.02 13.16 (the
 * virtual opponent of unplayed games for Buchholz and Sonneborn-Berger).
 * doc/tournaments.md says where we depart from them.
 */
#ifndef EPAM_TOURNEY_H
#define EPAM_TOURNEY_H

#include <stdint.h>

/* Error codes (all negative). */
#define TNY_EINVAL  (-1)   /* an argument out of range, or bad input data */
#define TNY_ENOPAIR (-2)   /* no pairing meets the absolute criteria */
#define TNY_ENOMEM  (-3)   /* memory ran out */

/* One game of a round: the players (numbers or ids) with White and Black. */
struct tny_pair {
	int white;
	int black;
};

/* ------------------------------------------------------------------ */
/* Round robin: Berger tables (berger.c)                               */

/* Most players a Berger table is made for. */
#define TNY_BERGER_MAX 1000

/* Flags of tny_berger_round. */
#define TNY_BERGER_DOUBLE    1  /* double round robin: a second cycle with
                                   the colours reversed */
#define TNY_BERGER_SWAP_LAST 2  /* with DOUBLE: play the first cycle's last
                                   two rounds in the other order (C.05
                                   Annex 1's recommendation, so nobody has
                                   the same colour three times running
                                   across the two cycles) */

/*
 * Rounds of a round robin of n players (2..TNY_BERGER_MAX): n-1 for even
 * n, n for odd n (each round one player has the bye), twice that with
 * TNY_BERGER_DOUBLE in flags.  Returns TNY_EINVAL for n out of range.
 */
int tny_berger_rounds(int n, int flags);

/*
 * Round `round` (1..tny_berger_rounds) of the Berger table for players
 * 1..n, players numbered by the drawing of lots.  An odd n plays as n+1
 * players where n+1 is the bye.  Writes the games to out[] in board order
 * of the FIDE table (board 1 is the game of the highest number), out[]
 * having room for (n+1)/2 pairs, and the player with the bye to *bye (0:
 * none; bye may be NULL for even n).  Returns the number of games
 * written, or TNY_EINVAL (n or round out of range, out NULL).
 * Source: FIDE Handbook C.05 Annex 1.
 */
int tny_berger_round(int n, int round, int flags, struct tny_pair *out,
                     int *bye);

/* ------------------------------------------------------------------ */
/* Swiss: the Dutch system for one round (swiss.c, swiss_colour.c)     */

/*
 * A player as the Swiss pairing sees him before the round.  All of it
 * comes from the stored crosstable (untrusted only in that the library
 * checks it for consistency: ids unique, colours 'W', 'B' or '-').
 */
struct tny_swiss_player {
	int id;               /* the caller's id, unique among the players */
	int pairing_no;       /* 1.. by rating (the initial ranking list), unique */
	int score;            /* half-points so far (a bye or forfeit win: 2) */
	const char *colours;  /* one char a round so far: 'W', 'B', or '-' (no
	                         game: bye, forfeit, absent); NUL-terminated */
	const int *opponents; /* ids of players he may not meet again */
	int nopponents;
	int had_bye;          /* had the pairing-allocated bye */
	int forfeit_win;      /* won a game by forfeit (no bye then: C.04.1 d) */
	int float_last;       /* his float in the last round: 0 none,
	                         TNY_FLOAT_DOWN or TNY_FLOAT_UP (C.04.3 A.4;
	                         tny_swiss_floats derives it) */
	int float_before;     /* the same two rounds ago */
};

/* Floats (C.04.3 A.4): a player paired with an opponent of a lower score
 * got a downfloat, his opponent an upfloat; a player who did not play
 * (bye, forfeit, absence) got a downfloat too. */
#define TNY_FLOAT_DOWN 1
#define TNY_FLOAT_UP   2

/* Flags of tny_swiss_pair. */
#define TNY_SWISS_FIRST_BLACK 1  /* the initial colour (C.04.3 E.5, the
                                    lot before round 1) is Black; else White */
#define TNY_SWISS_MATCHING    2  /* skip the Dutch search: the round from
                                    the maximum matching, as when the
                                    search runs out of steps (for tests) */

/* The pairing of a round: games in board order (highest score first),
 * and the id of the player with the bye (bye_id valid when has_bye). */
struct tny_swiss_round {
	struct tny_pair *pairs;   /* npairs games, ids; allocated, free with
	                             tny_swiss_round_free */
	int npairs;
	int has_bye;
	int bye_id;
	int fallback;             /* 1: the Dutch search ran out of its step
	                             budget and a legal pairing was taken from
	                             the maximum matching instead (never
	                             breaks an absolute criterion) */
};

/*
 * Pairs one round of the Dutch system for the n players in p[] (n >= 1;
 * order does not matter).  On success (0) fills *r (free with
 * tny_swiss_round_free).  Absolute criteria, always held: no two players
 * meet twice (opponents[]), no colour difference beyond +-2 and no colour
 * three times running (unplayed rounds skipped), at most one
 * pairing-allocated bye and none to a forfeit winner.  Then, in order,
 * as many pairs as possible in each score bracket (players moved down
 * paired first), the fewest colour conflicts (C.10), the fewest floats
 * repeated from the last round (C.12 down, C.13 up) and from the round
 * before it (C.14, C.15), S1 against S2 by transpositions, then
 * exchanges; colours by rules E.1-E.5.  A player
 * with a requested (half-point) bye is the caller's: leave him out of
 * p[] for the round.  Deterministic: the order of p[] does not matter.
 * Errors: TNY_EINVAL (bad player data; *err says which), TNY_ENOPAIR (no
 * pairing meets the absolute criteria), TNY_ENOMEM.  err may be NULL;
 * else on error *err is an allocated description (free it), or NULL when
 * memory ran out, and on success *err is NULL.
 */
int tny_swiss_pair(const struct tny_swiss_player *p, int n, int flags,
                   struct tny_swiss_round *r, char **err);

/* Frees r->pairs and zeroes *r (NULL ok). */
void tny_swiss_round_free(struct tny_swiss_round *r);

/*
 * The colour preference of a player whose history is `colours` (C.04.3
 * A.6): returns 'W' or 'B' for the colour he should have, or 0 for none;
 * *strength (may be NULL) is 3 absolute (colour difference beyond +-1 or
 * the same colour twice running), 2 strong (difference +-1), 1 mild
 * (difference 0, alternate from the last game), 0 none (no game yet).
 */
int tny_swiss_colour_pref(const char *colours, int *strength);

/*
 * Whether giving colour c ('W' or 'B') to a player with history
 * `colours` keeps the absolute colour criteria: colour difference within
 * +-2 and not the same colour three times running.  1 yes, 0 no.
 */
int tny_swiss_colour_ok(const char *colours, int c);

/* ------------------------------------------------------------------ */
/* Knockout (knockout.c)                                               */

/* Most players of a knockout. */
#define TNY_KO_MAX 4096

/*
 * The bracket of a knockout of n players (2..TNY_KO_MAX) seeded 1..n by
 * rating: size is the power of two at or above n; slots[0..size-1]
 * (room for size ints, or NULL to ask the size) gets the seed in each
 * line of the first round in the standard order (16: 1 16 8 9 4 13 5 12
 * 2 15 7 10 3 14 6 11), so that seeds 1 and 2 can meet only in the final
 * and 1..4 only in the semi-finals.  Slots holding a seed above n are
 * byes: the top seeds get them.  Lines 2i and 2i+1 meet; their winners
 * meet in the next round in the same way.  Returns size or TNY_EINVAL.
 */
int tny_ko_bracket(int n, int *slots);

/* A knockout match between two seeds, from the higher seed's side.
 * Results in half-points for the higher seed: 2 win, 1 draw, 0 loss, -1
 * not played yet. */
struct tny_ko_match {
	int high, low;       /* the seeds, high < low */
	int game1, game2;    /* game 1: high has White; game 2: Black */
	int decider;         /* the deciding game (only after a 2-2 tie) */
	int decider_white;   /* the seed with White in it (tny_ko_decider_white) */
};

/*
 * Who has White in the deciding game of the match of seeds high and low
 * in knockout round `round` (1 = first): a lot drawn from `seed` (the
 * tournament's lot number, stored when it was created), the round and
 * the two seeds, so the same tournament always draws the same colour.
 * Returns high or low, or TNY_EINVAL (high >= low or < 1).
 */
int tny_ko_decider_white(uint64_t seed, int round, int high, int low);

/*
 * Who goes through: returns the winning seed, 0 when the match is not
 * decided yet (a game still to play: the deciding game is needed when
 * the two games leave it 2-2), or TNY_EINVAL (results out of range).  A
 * drawn deciding game sends through the player who had Black in it (as
 * in an Armageddon game).
 */
int tny_ko_winner(const struct tny_ko_match *m);

/* ------------------------------------------------------------------ */
/* Scores and tie-breaks (tiebreak.c)                                  */

/* What a player had in one round. */
enum tny_kind {
	TNY_PLAYED = 0,   /* a game played against opp */
	TNY_FORFEIT,      /* a game decided by forfeit against opp (result
	                     1 or 0 from his side: win or loss) */
	TNY_BYE,          /* the pairing-allocated bye: a win */
	TNY_ABSENT        /* no game: withdrawn or not paired (result 0) */
};

/* One cell of the crosstable: player i in round r. */
struct tny_cell {
	enum tny_kind kind;
	int opp;          /* opponent's index 0..n-1 (PLAYED, FORFEIT), else -1 */
	int result;       /* half-points for this player: 2, 1 or 0 */
};

/*
 * Scores and tie-breaks from a crosstable of n players by `rounds`
 * rounds: cells[i * rounds + r] is player i in round r (0-based).  Each
 * output array has room for n ints (any may be NULL).
 *  score:    half-points: win 2, draw 1, loss 0, bye and forfeit win 2.
 *  buchholz: half-points: the sum of the opponents' scores.
 *  sb:       quarter-points: Sonneborn-Berger, the opponents' scores
 *            (half-points) times the result against them (half-points).
 * Unplayed rounds (forfeits both ways, bye, absent) count against a
 * virtual opponent (FIDE C.02 13.16.2): his score is the player's score
 * before that round, plus the opposite of the player's result in it, plus
 * a draw for each later round.  In the opponents' own scores every
 * unplayed round counts as a draw (FIDE's rule for opponents' scores).
 * Returns 0, or TNY_EINVAL (an opponent out of range, a played result
 * not matching the opponent's cell, a result other than 0, 1, 2).
 */
int tny_tiebreak(int n, int rounds, const struct tny_cell *cells,
                 int *score, int *buchholz, int *sb);

/*
 * The floats of the last two of `rounds` rounds from a crosstable laid
 * out as for tny_tiebreak (swiss_floats.c), for tny_swiss_player's
 * float_last and float_before: TNY_FLOAT_DOWN for a player who met an
 * opponent with a lower score before that round, or did not play in it
 * (bye, forfeit either way, absent: C.04.3 A.4); TNY_FLOAT_UP for his
 * opponent; 0 otherwise, and 0 for a round that does not exist (rounds
 * 0 or 1).  last and before have room for n ints (either may be NULL).
 * Returns 0, or TNY_EINVAL as tny_tiebreak.
 */
int tny_swiss_floats(int n, int rounds, const struct tny_cell *cells,
                     int *last, int *before);

#endif
