/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * opponents.h - whom a player already knows at the board (issue 29):
 * the daily total of challenges a player gets (challenges_per_day,
 * challenge.c) holds back challenges from players new to her, so that
 * throwaway accounts can spend it, but never one from a player she has
 * played or agreed to play.
 */
#ifndef EPAM_OPPONENTS_H
#define EPAM_OPPONENTS_H

#include "util/conf.h"

/* Whether player userid has met other at a board: a board of the spool
 * (games/GAME/, its archive included) naming both whose game userid
 * agreed to (she signed or accepted its challenge, or it was started
 * for her: a tournament's board, an "agreed:" line, or a game begun in
 * a file of the form before those lines).  Challenges she declined or
 * never answered do not count.  Read without locks, every board loaded:
 * call it only where a budget is already spent.  1 yes, 0 no. */
int opponents_met(const struct config *cfg, const char *userid,
                  const char *other);

#endif
