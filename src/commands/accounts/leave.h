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

struct cmdctx;
struct game;
struct user;

/* 1 when u is on leave at now (a leave line, or an old "vacation:" day:
 * user_leave_spans), with that leave into *span when span is not NULL
 * (leaves that touch read as one); else 0. */
int leave_current(const struct user *u, time_t now, struct time_span *span);

/* The last day of u's leave at now in u's time zone (UTC when none),
 * "Tue 22 Dec 2026", into buf (at least 16 bytes); "" when u is not on
 * leave. */
void leave_last_day(const struct user *u, time_t now, char *buf,
                    size_t len);

/* The board mail's words about u, the opponent of its recipient:
 * "bob is on leave until Tue 22 Dec 2026 (bob's clock is stopped)." or
 * "" when bob is not on leave at now, or ended the leave with g's last
 * move (the move ends it: leave_after_move). */
void leave_board_words(const struct user *u, const struct game *g,
                       time_t now, char *buf, size_t len);

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
