/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * sweep.h - the clocks part of "epamserv sweep" (sweep_clock.c): the
 * reminders and the losses on time of the ACTIVE boards (issue 15).
 */
#ifndef EPAM_SWEEP_H
#define EPAM_SWEEP_H

#include "commands/cmd.h"
#include "spool/held.h"

/* Name the sweep's event on board g for s (svc_event): the event
 * ("remind", "forfeit", "left", ...), the board, the move it is about
 * and when the idle clock started (a player back from vacation gets a
 * new reminder for the same move), as the words "sweep EVENT GAME BOARD
 * MOVE SINCE" (at most 159 bytes).  These words are the events'
 * identity in every spool (seen/): changing them would send again what
 * was sent. */
void sweep_event(struct svc *s, const char *event, const struct game *g,
                 time_t since);

/* What the clocks part of one sweep did (counts). */
struct sweep_clock_stats {
	int reminded, forfeited, away, waiting, claimable;
};

/* Run the clock of b (ACTIVE, its lock held, s set up as the sweep's):
 *   - the mover's time out (clock_left <= 0, their leave not counted):
 *     under -timeout=auto they lose on time (GAME_END_FORFEIT, both
 *     players told, the result record written by board_save), unless a
 *     mail naming the board waits (held[0..nheld), a held record whose
 *     file is the board's: counted in waiting); under claim nothing
 *     (claimable);
 *   - else the latest point of the reminder schedule passed in this
 *     turn (cfg->remind_at, and remind_days for TC_DAYS) gets one
 *     reminder to the mover, with their reply token and the deadline,
 *     once per point and turn (event key "sweep remind...", seen once).
 * A TC_DAYS board whose mover is away is left alone (away), as before
 * issue 15.  Each event is one transaction keyed like a mail. */
void sweep_clock(struct svc *s, struct board_ctx *b,
                 const struct held_entry *held, size_t nheld,
                 struct sweep_clock_stats *st);

#endif
