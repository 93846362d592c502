/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney_rounds.h - what the server does to a tournament (issue 17;
 * tourney_rounds.c), for its commands and its sweep alike.
 */
#ifndef EPAM_SERVICES_TOURNEY_ROUNDS_H
#define EPAM_SERVICES_TOURNEY_ROUNDS_H

#include <stddef.h>

#include "services/svc.h"
#include "services/tfile.h"
#include "services/ttable.h"
#include "util/conf.h"

struct txn;

/* Commit tf's new file in t (held locks: tf_lock's). */
void put_tf(struct txn *t, const struct tfile *tf);

/*
 * Start tf (open, enough players, tf_lock held; key the game's lock),
 * by "tournament start", by the sweep on its start day, or made by the
 * server (league_sweep.c: a division of a season, its players, options
 * and name filled): number the players by rating, make the boards in t
 * (a round robin's every board of every round by the Berger tables; a
 * Swiss's first round), mail each board to its two players and the
 * table to every player, and mark tf running (written in t).  CMD_DONE,
 * or CMD_TEMPFAIL (the ratings or a template cannot be read; t must then
 * be aborted), CMD_REFUSED (a Swiss round that cannot be paired).
 */
enum cmd_status tourney_start(struct svc *s, struct txn *t,
                              struct tfile *tf, const char *why);

/* Pair Swiss round `round` of tf (tt its table after the round before,
 * tf_lock held) by tny_swiss_pair over the players who have not
 * withdrawn, and make its boards and bye in t.  CMD_DONE, CMD_REFUSED
 * (no pairing meets the absolute criteria: logged; the caller ends the
 * tournament, swiss_cut) or CMD_TEMPFAIL. */
enum cmd_status swiss_round(struct svc *s, struct txn *t,
                            struct tfile *tf, const struct ttable *tt,
                            int round);

/* Make the boards knockout tf needs now (tt its table, tf_lock held)
 * in t: both games of every match of the first round not all decided
 * that has none yet (the round starts), and the deciding game of each
 * match whose two games are over at 2-2.  *round_started set to the
 * round whose games were made (0 none), *made to the boards made.
 * CMD_DONE or CMD_TEMPFAIL. */
enum cmd_status ko_step(struct svc *s, struct txn *t,
                        struct tfile *tf, const struct ttable *tt,
                        int *round_started, int *made);

/* Mail tf's table (tt; NULL: built from the boards as t will leave
 * them... callers pass one) to every player with headline, the subject
 * subject_fmt (tt_mail's). */
enum cmd_status table_to_all(struct svc *s, struct txn *t,
                             const struct tfile *tf,
                             const struct ttable *tt,
                             const char *subject_fmt, const char *head);

/* After a withdrawal is committed (no lock held): each of userid's
 * tournament boards still running is resigned, each under its own lock
 * (board_save: its board mail and the tournament's table). */
enum cmd_status withdraw_boards(struct svc *s, const struct tfile *tf,
                                const char *userid);

/* Names of the tournament files (valid names only), sorted; *n set.
 * Malloc'ed array of malloc'ed names, or NULL when there are none. */
char **tourney_names(const struct config *cfg, size_t *n);

#endif
