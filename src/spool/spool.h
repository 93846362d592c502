/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * spool.h - the spool directory: its layout, creation, and the small
 * records kept in it (processed Message-IDs, board numbers).
 *
 *   SPOOL/games/GAME/NNN.game   one file per board (src/game/gamefile.c)
 *   SPOOL/games/GAME/next       the next board number
 *   SPOOL/games/GAME/archive/   finished boards the sweep put away
 *   SPOOL/users/USERID          one file per user (src/spool/users.c)
 *   SPOOL/addresses/DIGEST      what is known of one mail address
 *                               (src/spool/addrindex.c)
 *   SPOOL/outbox/NAME.eml        mail waiting for SMTP (src/spool/outbox.c)
 *   SPOOL/failed/NAME.eml        mail the SMTP server refused for good
 *   SPOOL/bounces/DIGEST        the latest bounce of an address (outbox.h)
 *   SPOOL/secret                the key of our Message-ID tags (secret.h)
 *   SPOOL/seen/DIGEST           one per processed mail: its Message-ID
 *                               (sweep removes it after 60 days,
 *                               src/cli/prune.c)
 *   SPOOL/journal/              committed transactions being applied
 *   SPOOL/locks/                lock files, never removed while in
 *                               use: a fixed set of names (buckets)
 *   SPOOL/tmp/                  files being written
 *   SPOOL/quarantine/NAME       a board or account set aside by the
 *                               administrator (quarantine.h)
 *   SPOOL/held/DIGEST           a mail waiting for a damaged file to be
 *                               repaired (src/spool/held.h)
 *   SPOOL/discarded/KEY,ID      journal entries set aside by "admin
 *                               journal discard" (made when needed)
 */
#ifndef EPAM_SPOOL_H
#define EPAM_SPOOL_H

#include <stddef.h>

/* The games the spool keeps boards for. */
extern const char *const spool_games[];

/* The game word names (any case), as spool_games spells it (static),
 * or NULL when it names none. */
const char *spool_game_named(const char *word);

/* Whether word names one of spool_games (any case): 1 or 0. */
int spool_is_game(const char *word);

/* Create the spool's directories when missing (mode 0750).  Each one
 * below the spool that exists must be a directory, not a symbolic link
 * (refused, since root's admin commands would write where it points).
 * Returns 0, or -1 with a malloc'ed *err.  Once it succeeded for a spool, later
 * calls for the same spool in this process return 0 at once. */
int spool_init(const char *spool, char **err);

/* Whether the mail keyed by digest (util_digest_hex of its Message-ID, or
 * of its content when it has none) was processed: 1 yes, 0 no. */
int spool_seen(const char *spool, const char *digest);

/* The lock key of a mail whose key is digest (32 hex digits): "msg-" and
 * its first three digits.  Mails share 4,096 message locks, so that
 * locks/ stays bounded (lock files in use are never removed) and levels
 * off within days: all but about one of the 4,096 lock files exist
 * after some 34,000 distinct mails (4,096 ln 4,096), where 65,536 took
 * some 730,000.  Two
 * mails that share one only wait for each other; in one group commit of
 * batch (batch_group = 64) two mails meet in one bucket in 39% of the
 * groups, which commits the group early (a process never waits for a
 * lock it keeps): 18.4 group commits per 1,000 mails of distinct
 * buckets instead of 15.8, one more per 385 mails (simulated; measured
 * in BENCHMARKS.md).  The names before (msg-XXXX, four digits) are
 * removed by sweep. */
void spool_msg_key(const char *digest, char *buf, size_t len);

/* Relative path of the seen record of digest ("seen/DIGEST") into buf. */
void spool_seen_path(const char *digest, char *buf, size_t len);

/* Next board number for game (101, 102, ...), read from games/GAME/next;
 * the caller holds lock "next-GAME" and commits games/GAME/next with
 * the returned number + 1 in the same transaction as the new board.
 * -1 when no number is left (past UTIL_BOARD_MAX, util.h): the caller
 * makes no board.  A caller that takes several numbers at once checks
 * that the last is at most UTIL_BOARD_MAX. */
long spool_next_board(const char *spool, const char *game);

/* Relative path of a board file ("games/GAME/NNN.game") into buf. */
void spool_board_path(const char *game, long board, char *buf, size_t len);

/* Call fn(game, board, arg) for every board file SPOOL/games/GAME/NNN.game
 * of every game, in directory order.  Returns the sum of what fn returned
 * (e.g. a count of problems). */
int spool_each_board(const char *spool,
                     int (*fn)(const char *game, long board, void *arg),
                     void *arg);

/* The same for the board files of SPOOL/games/GAME/SUB ("archive"). */
int spool_each_board_in(const char *spool, const char *sub,
                        int (*fn)(const char *game, long board, void *arg),
                        void *arg);

/* Lock key of a board ("board-GAME-NNN") into buf. */
void spool_board_key(const char *game, long board, char *buf, size_t len);

#endif
