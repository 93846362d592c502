/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * leave.h - a player's leave (issue 15; SPEC "Leave"): the vacation
 * command, what board mails and "list" say about it, and its early end
 * when the player moves.  The leaves are stored in the user file
 * (spool/users.h, "leave:" lines) and stop the player's clocks
 * (game/clock.h).
 */
#ifndef EPAM_LEAVE_H
#define EPAM_LEAVE_H

#include <stddef.h>
#include <time.h>

#include "util/span.h"
#include "services/leave.h"

struct cmdctx;
struct game;
struct user;

/* After a move of userid (a command of theirs, played at when) is
 * committed, with no board lock held: a leave of userid running at when
 * ends then (the user file rewritten under the users lock, one
 * transaction with the notices), leaves still to come stay, and the
 * opponents on userid's other ACTIVE boards (not game/board, whose
 * opponent had the board mail) are told the clock runs again.  Nothing
 * when userid was not on leave.  Errors are logged: the move stands
 * and the leave then ends where it was set to. */
void leave_after_move(struct cmdctx *c, const char *userid,
                      const char *game, long board, time_t when);

struct board_ctx;

/* board_close(b) for a command of b->userid on b that returned st, with
 * before the board's moves when it was opened: when st is CMD_DONE and
 * move number before + 1 was theirs, leave_after_move at its time.
 * The callers that may play the player's move (move, confirm, a reply
 * token) close their board with this. */
void leave_board_close(struct cmdctx *c, struct board_ctx *b,
                       size_t before, int st);

#endif
