/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney.h - the tournament and league commands (issue 17).  What the
 * server does to a tournament and a league, for these commands and the
 * sweep alike, is in src/services: the store (tfile.h, ttable.h, tko.h,
 * tourney_mail.h), the rounds (tourney_rounds.h), the steps no mail
 * takes (tourney_sweep.h) and the league's file and sweep (league.h),
 * all included here.
 */
#ifndef EPAM_CMD_TOURNEY_H
#define EPAM_CMD_TOURNEY_H

#include <stdio.h>

#include "commands/cmd.h"
#include "services/league.h"
#include "services/tfile.h"
#include "services/ttable.h"
#include "services/tourney_mail.h"
#include "services/tourney_rating.h"
#include "services/tourney_rounds.h"
#include "services/tourney_sweep.h"

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

#endif
