/*
 * ratings.h - Elo ratings and the history of finished games.
 *
 * Every game that finishes (by its moves, resignation, agreed draw or
 * forfeit; not a declined challenge) leaves a result record
 * SPOOL/games/GAME/NNN.result, written in the same transaction as the
 * game's final state:
 *
 *   epamserv-result 1
 *   game: epaminondas
 *   board: 101
 *   white: alice
 *   black: bob
 *   finished: 2026-11-30T07:00:00Z
 *   score: 1-0                      (1-0, 0-1 or 1/2-1/2, White first)
 *   result: white wins (black resigned)
 *   white-rating: 1600 1616         (before and after, as mailed)
 *   black-rating: 1600 1584
 *
 * The ratings are a function of these records alone: they are replayed in
 * order of finish time (then game, then board), so there is no shared
 * ratings file to lock and a record can never disagree with a total.
 * Elo as pbmserv: everyone starts at 1600, K = 32, the expected score is
 * 1 / (1 + 10^(-d/400)) with the difference d capped at 400, changes are
 * rounded to whole points for each player; a player with fewer than 20
 * rated games is provisional (shown, not treated differently).
 */
#ifndef EPAM_RATINGS_H
#define EPAM_RATINGS_H

#include <stddef.h>
#include <time.h>

#include "game/game.h"

#define RATING_START 1600
#define RATING_K 32
#define RATING_PROVISIONAL 20   /* games before a rating is established */

struct rating_player {
	char userid[32];
	int rating;
	int games, wins, losses, draws;
};

/* One finished game as the log holds it. */
struct rating_game {
	char game[16];
	long board;
	char white[32], black[32];
	time_t finished;
	int score2;                  /* White's score in half points: 0, 1, 2 */
	char result[EP_ERR_MAX + 96];
	int white_before, white_after, black_before, black_after;
};

struct ratings {
	struct rating_player *players;   /* sorted by rating, best first */
	size_t nplayers;
	struct rating_game *games;       /* in the order they finished */
	size_t ngames;
};

/* Read every result record of the spool and replay the ratings.
 * Returns 0, or -1 with a malloc'ed *err (a record that cannot be read
 * or parsed, naming it).  Free r with ratings_free. */
int ratings_load(const char *spool, struct ratings *r, char **err);

/* The player's entry, or NULL for a player with no rated game (rating
 * RATING_START). */
const struct rating_player *ratings_find(const struct ratings *r,
                                         const char *userid);

/* Rate the finished game g on top of r: fills rg (before and after for
 * both players) and updates r's players.  g must be GAME_FINISHED. */
void ratings_add(struct ratings *r, const struct game *g,
                 struct rating_game *rg);

/* The result record's text for rg (malloc'ed), and its relative path
 * "games/GAME/NNN.result" into buf. */
char *ratings_record(const struct rating_game *rg);
void ratings_record_path(const char *game, long board, char *buf, size_t len);

/* "alice 1600 -> 1616 (+16), bob 1600 -> 1584 (-16)" (malloc'ed). */
char *ratings_change_text(const struct rating_game *rg);

/* Expected score of a player rated diff points above the opponent, in
 * thousandths (500 for equal ratings). */
int ratings_expected_milli(int diff);

/* qsort comparison of struct rating_player: best rating first, then by
 * userid. */
int ratings_by_rating(const void *a, const void *b);

void ratings_free(struct ratings *r);

#endif
