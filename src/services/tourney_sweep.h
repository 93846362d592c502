/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney_sweep.h - a tournament's steps that no player's mail takes
 * (issue 17; tourney_sweep.c): the sweep's, and the step after a
 * tournament game ends.
 */
#ifndef EPAM_SERVICES_TOURNEY_SWEEP_H
#define EPAM_SERVICES_TOURNEY_SWEEP_H

#include "game/game.h"
#include "services/svc.h"
#include "services/tfile.h"
#include "util/conf.h"

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

#endif
