/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ratings.h - ratings and the history of finished games.
 *
 * Every game that finishes (by its moves, resignation, agreed draw or
 * forfeit; not a declined challenge) leaves a result record
 * SPOOL/games/GAME/NNN.result, written in the same transaction as the
 * game's final state:
 *
 *   epamserv-result 1
 *   game: epaminondas
 *   board: 101
 *   size: 14x12                     (since issue 14: the board's size)
 *   white: alice
 *   black: bob
 *   finished: 2026-11-30T07:00:00Z
 *   score: 1-0                      (1-0, 0-1 or 1/2-1/2, White first)
 *   result: white wins (black resigned)
 *   white-rating: 1600 1616         (before and after, as mailed)
 *   black-rating: 1600 1584
 *   white-deviation: 180            (since issue 34, under a system
 *   black-deviation: 180             with one: after the game, as mailed)
 *   seq: 17                         (since issue 35: the order rated)
 *
 * The ratings are a function of these records alone, replayed in the
 * order they were rated: records with a seq line (written since issue
 * 35) by it; records without one (written by a release before the
 * table, also after a downgrade, which removes the table) merged into
 * them by finish time: each goes before the first sequenced record (in
 * seq order) that finished in the same second or after it, and after
 * those that finished before; among themselves by finish time, then
 * game, then board, as they always were.  A record's seq is one more
 * than the ratings table's (ratetable.h) when its game was rated, so
 * the table, which rates in the order results are recorded, and a
 * replay of the records agree: a record without seq is rated into the
 * table only by a rebuild (the table is missing after a downgrade),
 * which replays in this order, and every game rated after that gets a
 * higher seq and a finish time no earlier than theirs (the same second
 * is possible: a tie goes to the record without seq), so it lands
 * after them again.  The table is what the
 * per-mail callers read (ratings_current); the replay is for the
 * rebuild, admin check and each player's history (web, history).
 * The rating system is a setting (rating_system: elo, glicko, glicko2,
 * steph; ratesys.h holds the systems and their papers): the records are the
 * same for all, so a change of setting rates every old record under the
 * new system, and each player's history is replayed, never stored (the
 * ratings lines of a record are what was mailed, read by nobody).  Elo
 * as pbmserv: everyone starts at 1600, K = 32, the expected score is
 * 1 / (1 + 10^(-d/400)) with the difference d capped at 400, changes are
 * rounded to whole points for each player; a player with fewer than 20
 * rated games is provisional (shown, not treated differently).  Glicko
 * and Glicko-2 start at 1600 too, with a deviation that narrows with
 * games and widens with time.
 *
 * Rating classes.  A rating says how well one plays one game, so each
 * player has one rating per class, and a game moves only the ratings of
 * its class.  A class is a game (Epaminondas or Crossings) and a board
 * size class: the game's standard board (14x12 for Epaminondas, 8x8 for
 * Crossings), small boards (fewer squares than the standard one, e.g.
 * Epaminondas on 8x8 or 10x10) and large boards (any other size).  The
 * board's size decides how long a game runs and how much room a phalanx
 * has, so 8x8 skill says little about 14x12; the other options (Abbott
 * or IGFIP rules, crossed pieces, blocks, symmetry, repetition) change
 * details of one game and stay within its class: splitting by them
 * would leave classes too thin to rate anyone.
 *
 * Records written before issue 14 have no size line: their size is read
 * from the options line of the board's game file, and when that file is
 * gone they count on the game's standard board (the single rating of
 * before kept as the standard class).  A game played with -rated=no
 * (game.h) leaves no result record, like one that ended before both
 * players had moved.
 */
#ifndef EPAM_RATINGS_H
#define EPAM_RATINGS_H

#include <stddef.h>
#include <time.h>

#include "game/game.h"
#include "game/ratesys.h"

#define RATING_PROVISIONAL 20   /* games before a rating is established */
#define RATING_PROVISIONAL_RD 110  /* Glicko(-2): provisional from this
                                      deviation up (as lichess) */

/* The rating classes, standard boards first (see above). */
enum rating_class {
	RATING_EPAMINONDAS = 0,   /* epaminondas on 14x12 */
	RATING_EPAMINONDAS_SMALL,
	RATING_EPAMINONDAS_LARGE,
	RATING_CROSSINGS,         /* crossings on 8x8 */
	RATING_CROSSINGS_SMALL,
	RATING_CROSSINGS_LARGE,
	RATING_CLASSES
};

/* The class of game ("epaminondas" or "crossings") on a width x height
 * board. */
int ratings_class(const char *game, int width, int height);

/* The class's name: short ("epaminondas 14x12", "crossings small") for a
 * line of text, or long ("Epaminondas, small boards (fewer squares than
 * 14x12)") for a heading. */
const char *ratings_class_name(int cls);
const char *ratings_class_title(int cls);

struct rating_player {
	char userid[32];
	int cls;                     /* enum rating_class */
	int rating;                  /* st.r rounded */
	int games, wins, losses, draws;
	struct ratesys_state st;     /* the system's state after the last
	                                game (deviation: ratings_rd_at) */
};

/* One finished game as the log holds it. */
struct rating_game {
	char game[16];
	long board;
	int width, height;           /* the board's size */
	int cls;                     /* enum rating_class */
	char white[32], black[32];
	time_t finished;
	int score2;                  /* White's score in half points: 0, 1, 2 */
	char result[EP_ERR_MAX + 96];
	int white_before, white_after, black_before, black_after;
	int white_rd, black_rd;      /* deviations after the game, rounded
	                                (0 for Elo) */
	long seq;                    /* the order rated: 1, 2, ...; 0 for a
	                                record before issue 35 */
};

struct ratings {
	struct rating_player *players;   /* one per player and class played,
	                                    by class, then best rating first */
	size_t nplayers;
	struct rating_game *games;       /* in the order rated (above) */
	size_t ngames;
	int system;                      /* enum rating_system */
	struct ratesys_params params;    /* its constants */
	long seq;                        /* the highest seq rated (0: none) */
	long rated;                      /* how many records are rated in */
};

/* Read every result record of the spool and replay the ratings under
 * system (enum rating_system, with its default constants): O(records),
 * for the rebuild of the table, admin check and the players' histories;
 * per-mail callers read the table (ratetable.h).  Returns 0,
 * or -1 with a malloc'ed *err (a record that cannot be read or parsed,
 * naming it).  Free r with ratings_free. */
int ratings_load(const char *spool, int system, struct ratings *r,
                 char **err);

/* Replay games[0..n) (in that order, their cls set) into r under system
 * and params, filling each game's before and after; r's games are not
 * touched (the caller owns games).  r must be zeroed or freed first;
 * free it with ratings_free. */
void ratings_replay(struct ratings *r, int system,
                    const struct ratesys_params *params,
                    struct rating_game *games, size_t n);

/* p's deviation at time now (widened by inactivity; 0 for Elo), rounded
 * to whole points. */
int ratings_rd_at(const struct ratings *r, const struct rating_player *p,
                  time_t now);

/* Whether p's rating is provisional at time now: fewer than
 * RATING_PROVISIONAL games under Elo, a deviation of at least
 * RATING_PROVISIONAL_RD under Glicko and Glicko-2. */
int ratings_provisional(const struct ratings *r,
                        const struct rating_player *p, time_t now);

/* The player's entry in class cls, or NULL for a player with no rated
 * game in it (rating RATING_START). */
const struct rating_player *ratings_find(const struct ratings *r,
                                         const char *userid, int cls);

/* The player's rating in class cls (RATING_START when unrated there). */
int ratings_of(const struct ratings *r, const char *userid, int cls);

/* Rate the finished game g on top of r: fills rg (before and after for
 * both players, seq one more than r's) and updates r's players, seq and
 * rated count.  g must be GAME_FINISHED. */
void ratings_add(struct ratings *r, const struct game *g,
                 struct rating_game *rg);

/* The result record's text for rg (malloc'ed), and its relative path
 * "games/GAME/NNN.result" into buf. */
char *ratings_record(const struct rating_game *rg);

/* Read the result record of game's board into *rg as it was written:
 * the ratings before and after as mailed (0 where a record lacks them),
 * the deviations after the game (white-deviation, black-deviation:
 * records since issue 34 under a system with one; else 0), cls not
 * set.  Returns 0; 1 when the board has no record (unrated or not
 * finished); -1 with a malloc'ed *err when it cannot be read or
 * parsed. */
int ratings_record_read(const char *spool, const char *game, long board,
                        struct rating_game *rg, char **err);
void ratings_record_path(const char *game, long board, char *buf, size_t len);

/* Expected score of a player rated diff points above the opponent, in
 * thousandths (500 for equal ratings). */
int ratings_expected_milli(int diff);

/* qsort comparison of struct rating_player: by class, then best rating
 * first, then by userid. */
int ratings_by_rating(const void *a, const void *b);

void ratings_free(struct ratings *r);

#endif
