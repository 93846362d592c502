/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * seeks.h - open challenges (issue 17, pbmserv's seek): one text file
 * per seek, SPOOL/seeks/GAME-BOARD.
 *
 *   epamserv-seek 1
 *   game: epaminondas
 *   board: 105                  (a board number taken from games/GAME/next:
 *                                the game, once the seat is taken, is
 *                                that board)
 *   seeker: alice
 *   color: random               (the seeker's: white, black, or random,
 *                                drawn when the seat is taken)
 *   options: -size=8x8 -rated=no (the challenge option words as given,
 *                                checked when the seek was made; may be
 *                                empty)
 *   rating: 1500-1800           (optional: the takers' rating range, in
 *                                the seek's rating class, ratings.h)
 *   created: 2026-12-01T10:00:00Z
 *   expires: 2026-12-08T10:00:00Z
 *   state: open                 (open, taken USERID, withdrawn, expired)
 *   closed: 2026-12-02T10:00:00Z (when it stopped being open; not while
 *                                open)
 *
 * The file stays once the seek is closed, so a late accept is told what
 * became of the seat.  It is changed under the board's lock ("board-GAME-
 * BOARD", the lock of the game it becomes), in one transaction with the
 * game file when the seat is taken.  A missing "rating:" line is any
 * rating; unknown keys are ignored (a later version's fields).
 */
#ifndef EPAM_SEEKS_H
#define EPAM_SEEKS_H

#include <stddef.h>
#include <time.h>

/* The seeker's colour when it is drawn at the take. */
#define SEEK_RANDOM (-1)

enum seek_state {
	SEEK_OPEN = 0,
	SEEK_TAKEN,
	SEEK_WITHDRAWN,
	SEEK_EXPIRED,
};

struct seek {
	char game[16];              /* a spool_games name */
	long board;
	char seeker[32];            /* userid, lower-case */
	int color;                  /* the seeker's: EP_WHITE (0), EP_BLACK (1)
	                               or SEEK_RANDOM */
	char options[512];          /* option words, blank-separated, or "" */
	int rating_min, rating_max; /* the takers' range; -1 -1: any */
	time_t created, expires;
	enum seek_state state;
	char taker[32];             /* SEEK_TAKEN: who took the seat */
	time_t closed;              /* when it closed, 0 while open */
};

/* Relative path "seeks/GAME-BOARD" into buf. */
void seek_path(const char *game, long board, char *buf, size_t len);

/* The file text of s (malloc'ed, caller frees). */
char *seek_format(const struct seek *s);

/* Read a seek file's text into *s.  0, or -1 with a malloc'ed *err
 * ("NAME:LINE: problem"; name used in messages). */
int seek_parse(struct seek *s, const char *text, const char *name,
               char **err);

/* Load SPOOL/seeks/GAME-BOARD: 0, 1 when there is none, -1 with *err
 * (malloc'ed) on a bad file or I/O error. */
int seek_load(const char *spool, const char *game, long board,
              struct seek *s, char **err);

/* Whether s is open at now: state open and not yet past its expiry (a
 * seek past it is closed by the sweep, but takes nobody meanwhile). */
int seek_is_open(const struct seek *s, time_t now);

/* Every seek file of SPOOL/seeks that loads (unreadable ones are
 * skipped and logged), by game then board: a malloc'ed array in *out
 * (NULL when none; caller frees), count in *n.  0, or -1 when the
 * directory cannot be read (a missing one is no seeks). */
int seek_list(const char *spool, struct seek **out, size_t *n);

/* The open seeks (seek_is_open at now) of userid, every game; -1 when
 * the directory cannot be read. */
int seek_count_open(const char *spool, const char *userid, time_t now);

/* "open", "taken by bob", "withdrawn", "expired" into buf. */
void seek_state_words(const struct seek *s, char *buf, size_t len);

#endif
