/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ratetable.h - the ratings table (issue 35): every player's rating
 * state per class, kept in SPOOL/ratings/current and brought up to date
 * in the same transaction as each new result record, so that a board
 * mail, standings, a seek or a tournament's pairing reads one file of
 * O(players) lines instead of replaying every result record ever
 * written (ratings.h).
 *
 *   epamserv-ratings 2
 *   system: glicko2                   (the rating_system it was made by)
 *   params: 1600 32 250 5 0.059999999999999998 1.2 2419200 0 0 0
 *                                     (its constants, %.17g: start k
 *                                      rd_start c vol_start tau period
 *                                      h bonus lambda, struct
 *                                      ratesys_params; version 1 had
 *                                      no h bonus lambda)
 *   seq: 1234                         (the highest seq rated, ratings.h)
 *   rated: 1300                       (how many result records)
 *   player: 0 alice 12 7 4 1 1734.25 95.5 0.06 1796000000
 *           (class, userid, games, wins, losses, draws, then the state:
 *            rating, deviation, volatility, last game's time; %.17g so
 *            that the numbers read back are the numbers written)
 *
 * The table is derived data: the result records stay the truth.  It is
 * rebuilt from them (once, under the lock "ratings", logged) when it is
 * missing, of another format, unreadable, or made under another rating
 * system or constants than the configuration's; `epamserv admin ratings
 * rebuild` rebuilds it by hand, and `admin check` replays the records and
 * reports a table that disagrees (ratetable_compare).
 *
 * Locking.  Whoever changes the table holds the lock "ratings" from
 * reading it to the commit of the transaction that writes it: a board
 * that has just finished takes it after its board lock (services/board.c)
 * and writes the table with its result record.  A journal entry of
 * another board's key may hold a committed table not yet applied (a
 * crash between its commit and its apply): the holder of "ratings" rolls
 * such entries forward first (txn_recover_free), so no update is lost
 * and no older table is applied over a newer one.  Every roll-forward
 * applies an entry under its own key's lock, so an entry whose board
 * lock is busy is being applied (or will be) by that lock's holder,
 * without "ratings": the holder of "ratings" must then not write the
 * table (services/board.c answers CMD_TEMPFAIL, the mail is retried;
 * waiting for the board there could deadlock, board before ratings
 * being the lock order), and a reader that would rebuild it only
 * replays.  Readers take no lock:
 * the table is replaced by rename, so they read the old one or the new.
 */
#ifndef EPAM_RATETABLE_H
#define EPAM_RATETABLE_H

#include "game/ratings.h"

/* The table's path relative to the spool, and the lock of its writers. */
#define RATETABLE_PATH "ratings/current"
#define RATETABLE_LOCK "ratings"

/* Read the table of spool into r (players sorted by ratings_by_rating,
 * system, params, seq, rated; no games): O(players).  r is zeroed
 * first; free it with ratings_free.  Returns 0 when the table is there
 * and made under system (enum rating_system) with its default
 * constants.  When it must be rebuilt, r is empty and *why a malloc'ed
 * sentence (errlang: translated, English in the log) says why: 1 when
 * the table is damaged (unreadable, malformed), 2 when that is the
 * course of things (missing, of an older or a newer format, or made
 * under another rating system or constants: the setting changed). */
int ratetable_read(const char *spool, int system, struct ratings *r,
                   char **why);

/* The table's text for r (malloc'ed): r's players are sorted in place
 * (ratings_by_rating) first. */
char *ratetable_format(struct ratings *r);

/* The ratings for a caller that is about to rate a game, holding the
 * lock RATETABLE_LOCK (journal entries already rolled forward): the
 * table, or, when it must be rebuilt, the replay of every record (logged
 * with the reason; the caller writes the table it then changes, in its
 * transaction).  Returns 0, or -1 with a malloc'ed *err (a record that
 * cannot be read) as ratings_load. */
int ratetable_for_update(const char *spool, int system, struct ratings *r,
                         char **err);

/* The ratings for a reader (board mail, standings, seek, tournaments,
 * league): the table (a staged table of this batch's group committed
 * first).  When it must be rebuilt: under the lock RATETABLE_LOCK if it
 * is free now, the records are replayed and the table written in a
 * transaction of its own (logged); when the lock is busy (its holder is
 * writing it) the replay only, unwritten.  players only (r->games
 * empty).  Returns 0, or -1 with a malloc'ed *err as ratings_load. */
int ratings_current(const char *spool, int system, struct ratings *r,
                    char **err);

/* Rebuild the table of spool from the records under system, under the
 * lock RATETABLE_LOCK (waiting at most timeout_ms), and commit it.
 * *players and *records (may be NULL) get the counts written.  Returns
 * 0; -1 with a malloc'ed *err when a result record cannot be read; -2
 * with *err when the lock stayed busy or the table cannot be written. */
int ratetable_rebuild(const char *spool, int system, int timeout_ms,
                      size_t *players, long *records, char **err);

/* Compare the table of spool with a replay of the records under system:
 * 0 when they agree, or when there is no table or one of another system
 * (no damage: it is made at its next use); 1 when they disagree or the
 * table is damaged, with *why (malloc'ed, in the
 * run's language: a whole sentence naming the first difference);
 * -1 with *why when the records cannot be read. */
int ratetable_compare(const char *spool, int system, char **why);

#endif
