/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tokens.h - the reply tokens in a mail's subject, read (tokens.c; the
 * making of them is services/tokens.h).
 */
#ifndef EPAM_PIPELINE_TOKENS_H
#define EPAM_PIPELINE_TOKENS_H

#include "services/svc.h"

struct cmdctx;
struct game;
struct intake;
struct user;

/* The player a reply token belongs to (tokens.c), for auth_preflight:
 * in->token on board in->token_game/in->token_board, current and of a
 * confirmed player.  Reads the board without its lock (files are
 * replaced by rename).  1 with userid (32 bytes) filled in and the
 * sender proved (auth_proved), 0 when it is no one's, -1 on I/O trouble. */
int tokens_owner(struct cmdctx *c, const struct intake *in, char *userid);

/* Whether token (untrusted) is u's reply token on g, u being the player
 * of side (0 White, 1 Black): the derived one of g's position, or the
 * hash an older game file kept.  1 yes, 0 no, -1 when the secret cannot
 * be had.  Proves nothing by itself (no auth_proved). */
int tokens_is_of(struct cmdctx *c, const struct game *g, int side,
                 const struct user *u, const char *token);

/* A reply to a board mail whose subject carried a token (in->token):
 * the first body line (in->argv) is the move or vote word, for the
 * player the token belongs to.  Refuses a token that is unknown, old
 * (used, or voided by "set ... token new") or without a board. */
enum cmd_status cmd_token_reply(struct cmdctx *c, const struct intake *in);

/* Whether in is a reply by token (for cmd_token_reply), not a command:
 * its subject carries a token, and its first line is a move or vote
 * word, "confirm" (to a submit mail), "show", "queue MOVE", nothing, or
 * anything when the
 * subject is a chat mail's. */
int tokens_reply(const struct intake *in);

/* CMD_REFUSED, with the reason, when the mail in carries no reply token
 * and its command looks like a move ("e3-e7", "e12e10", "e12 e10"): a
 * reply whose token was lost, told how to send the full command; else
 * CMD_DONE (run it as a command). */
enum cmd_status tokens_lost(struct cmdctx *c, const struct intake *in);

#endif
