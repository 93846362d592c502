/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney.h - tournaments and the league in src/commands (issue 17): the
 * commands, their sweeps, and the half of the tournament store that
 * queues mail (tourney_mail.c: the locks through svc_lock, the table's
 * mails through reply_queue).  The store itself, the file and the
 * table, is in src/services (tfile.h, ttable.h, tko.h).  Everything here
 * but the commands takes a struct svc (issue 31); it moves to
 * src/services once what it calls does (board_save, reply_board, the
 * account tokens).
 */
#ifndef EPAM_CMD_TOURNEY_H
#define EPAM_CMD_TOURNEY_H

#include <stdio.h>

#include "commands/cmd.h"
#include "services/tfile.h"
#include "services/ttable.h"
#include "services/tourney_mail.h"
#include "services/tourney_rating.h"

/* ---- what the server does to a tournament (tourney_rounds.c) ---- */

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

/* ---- the steps no mail takes (tourney_sweep.c) ---- */

/* The service context of one sweep event: s set up by svc_init for
 * cfg at the time now, with an empty comment, its digest and message
 * key those of the event's words (fmt and its arguments, cut at 127
 * bytes: the sweep's keys are these bytes), so a sweep run twice does
 * not do it twice.  svc_free(s) after use. */
void sweep_svc_init(struct svc *s, const struct config *cfg,
                    const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The step after a game of tf ended (tf_lock held, key the game's
 * lock), committed: every game over, the tournament is finished and
 * every player gets the final table (g: the last game, or NULL from the
 * sweep); else a Swiss whose round is over gets its next round (boards,
 * bye, the table to every player).  Nothing while the round runs. */
void tourney_next(struct svc *s, struct tfile *tf,
                  const char *key, const struct game *g);

/* The sweep's part (epamserv sweep): every open tournament whose start
 * day has come starts when it has its least players, else its players
 * are told once that it waits; the games still running of players who
 * withdrew are resigned. */
void tourney_sweep(const struct config *cfg);

/* After the commit of a tournament board g that has just finished
 * (board_save; g's board lock still held), in one transaction under
 * tf_lock (lock order: board, then "tournaments", then "next-GAME"):
 * when every game is over, the tournament is marked finished and every
 * player gets the final table (once: the state says it went); else for
 * a Swiss whose round is now over, the next round is paired
 * (tny_swiss_pair), its boards made and mailed, its bye written, and
 * every player gets the table.  Errors are logged: the game's end
 * stands, and the sweep pairs the round later (tourney_sweep). */
void tt_after_game(struct svc *s, const struct game *g);

/* ---- the commands (tournament.c) ---- */

/* GAME tournament create|join|leave|start|show NAME ... */
enum cmd_status cmd_tournament(struct cmdctx *c, const char *game, int argc,
                               char **argv);
/* GAME tournaments: the list, to the sender. */
enum cmd_status cmd_tournaments(struct cmdctx *c, const char *game, int argc,
                                char **argv);

/* ---- the recurring league (league.c) ---- */

/* GAME league join|leave USERID PASSWORD, GAME league show. */
enum cmd_status cmd_league(struct cmdctx *c, const char *game, int argc,
                           char **argv);
/* The sweep's part: a season over (every division's tournament finished,
 * or league_season_days gone) and at least 3 members: the next season's
 * divisions (promotion, relegation, new players), each a round robin
 * tournament league-S-D started by the server. */
void league_sweep(const struct config *cfg);
/* "epamserv config --check": league_options read as every game's
 * boards would take them; each problem written to out.  The number of
 * problems (0 with the league off). */
int league_check(const struct config *cfg, FILE *out);
/* The league file of game (SPOOL/league/GAME) read as the league's
 * commands read it and formatted as they would write it back
 * (malloc'ed, caller frees; a missing file gives the empty league's
 * text), or NULL with *err (malloc'ed) when it cannot be read or is
 * damaged.  For tests/fuzz/fuzz_files.c, which checks the round trip. */
char *league_file_text(const char *spool, const char *game, char **err);

#endif
