/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bindex.h - the board index (issue 35): the counts of boards by state
 * that status prints and the boards' next deadlines that the sweep
 * reads, kept up to date instead of recounted from every board.
 *
 *   SPOOL/index/counts         "epamserv-index 1", "settings: ..." (the
 *                              clock settings the deadlines were
 *                              computed with), one "STATE: N" line per
 *                              state (bindex_state_names)
 *   SPOOL/index/boards/G.N     one line "STATE DUE" per board the index
 *                              knows (DUE: seconds since the epoch,
 *                              0 "every sweep", -1 "none")
 *   SPOOL/index/due/DUE-G-N    an empty file per board with a deadline:
 *                              the sweep lists this directory (names
 *                              only, no file opened)
 *   SPOOL/index/dirty/G.N-ID   an empty marker that txn_put adds to every
 *                              transaction that writes games/G/N.game,
 *                              in the same transaction: a changed board
 *                              the index has not yet folded in
 *
 * Only the holder of the lock "index" changes counts, boards/ and due/
 * (services/bindex.c folds the markers in); every writer of a board
 * only adds its marker, so a crash anywhere loses nothing: a marker
 * left over folds again (the fold is idempotent), a counts file that is
 * missing or does not parse has the index rebuilt from the boards.
 */
#ifndef EPAM_SPOOL_BINDEX_H
#define EPAM_SPOOL_BINDEX_H

#include <stddef.h>

struct txn;

/* A board's state as the index counts it.  BX_GONE: no file at all
 * (not counted). */
enum bindex_state { BX_CHALLENGED, BX_ACTIVE, BX_FINISHED, BX_CANCELLED,
                    BX_ARCHIVED, BX_UNREADABLE, BX_STATES,
                    BX_GONE = BX_STATES };

/* The words of the states in the counts file and in status --json
 * ("challenged", ..., "unreadable"); index BX_STATES is "gone". */
extern const char *const bindex_state_names[BX_STATES + 1];

/* The counts file. */
struct bindex_counts {
	long n[BX_STATES];
	char settings[256];  /* what the deadlines depend on (bindex.c) */
};

/* Read SPOOL/index/counts into *c.  0; 1 when there is none; -1 when it
 * is there but damaged (wrong version line, a count missing or
 * negative) or unreadable (errno set). */
int bindex_counts_read(const char *spool, struct bindex_counts *c);

/* Put c as index/counts into t (the caller holds the lock "index"). */
void bindex_counts_put(struct txn *t, const struct bindex_counts *c);

/* Read index/boards/GAME.BOARD: 0 with *state and *due; 1 when there is
 * none; -1 when it does not parse (then *state BX_GONE, *due -1). */
int bindex_entry_read(const char *spool, const char *game, long board,
                      enum bindex_state *state, long long *due);

/* Put the entry of game's board (and, for due >= 0, its empty due file
 * index/due/DUE-GAME-BOARD) into t. */
void bindex_entry_put(struct txn *t, const char *game, long board,
                      enum bindex_state state, long long due);

/* Write the entry and due file of bindex_entry_put directly, aside and
 * renamed, unsynced (a rebuild: it syncs the directories once and
 * writes the counts last).  0, or -1 (errno). */
int bindex_entry_write(const char *spool, const char *game, long board,
                       enum bindex_state state, long long due);

/* Remove the due file of game's board for due (no harm when it is not
 * there).  No sync: a due file left over only makes a sweep look at
 * the board once more. */
void bindex_due_remove(const char *spool, const char *game, long board,
                       long long due);

/* One board the index names: a marker or a due file. */
struct bindex_ref {
	char game[32];
	long board;
	long long due;     /* the due file's deadline; -1 for a marker */
	char name[160];    /* the file's name in its directory */
};

/* The markers of index/dirty (malloc'ed *v, *n of them; NULL, 0 when
 * none).  0, or -1 when the directory cannot be read (errno). */
int bindex_marks(const char *spool, struct bindex_ref **v, size_t *n);

/* The due files of index/due with a deadline at most upto, in directory
 * order (malloc'ed *v).  0, or -1 (errno). */
int bindex_due_list(const char *spool, long long upto, struct bindex_ref **v,
                    size_t *n);

/* Unlink index/SUB/NAME (sub "dirty" or "due"); no sync. */
void bindex_unlink(const char *spool, const char *sub, const char *name);

/* If relpath is a live board's file "games/GAME/N.game", the relative
 * path of a new marker for it (unique in this process) into buf and 1;
 * else 0.  txn_put calls it. */
int bindex_mark_path(const char *relpath, char *buf, size_t len);

#endif
