/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tokenform.h - the commands a token proves (issue 29): what a player
 * may need under time pressure, without his password.
 *
 * A reply to a mail of ours whose subject carries a valid account token
 * of the player (acctoken.h) may carry as the first line of its body:
 *
 *   vacation UNTIL|off            leave, as "vacation USERID PASSWORD"
 *   vacation FROM UNTIL
 *   set token new                 void every token sent so far
 *   GAME accept|decline BOARD     a challenge, or taking (or
 *                                 withdrawing) an open seek
 *   GAME claim BOARD              a win on time
 *   GAME tournament join NAME
 *   GAME league join
 *
 * A board mail's reply token (tokens.c) proves only the forms that act
 * on its own board: "claim", and GAME accept|decline|reject|claim of
 * that board.  A board mail may be forwarded or read over a shoulder
 * (issue 29; doc/security.md): its token must not put its player on leave,
 * take seeks, join tournaments or void his tokens.  Any other form in
 * a reply to it is refused, the refusal going to the player's address
 * on file with his account token, so that he can answer it.
 *
 * The token stands for USERID PASSWORD: the command is run as its full
 * form, for the token's player, with the rules of that command.  A
 * reply to a board mail also takes the moves and words tokens.c lists
 * (accept and decline of that board among them).  Tokens are never
 * counted by the password back-off (authfail.h), so no stranger's
 * guesses can refuse them.  An error reply to such a mail carries the
 * player's token again: the board's when the token was a board's, else
 * an account token.
 */
#ifndef EPAM_TOKENFORM_H
#define EPAM_TOKENFORM_H

#include "commands/cmd.h"

struct intake;

/* Whether in is one of the forms above: a token in its subject (with a
 * board for claim alone) and a first line of one of those shapes.  The
 * token is not checked here. */
int tokenform_is(const struct intake *in);

/* The player whose token in carries (the board's or an account token):
 * 1 with userid (32 bytes) filled in and the sender proved
 * (auth_proved), 0 when it is no one's, -1 on I/O trouble (logged). */
int tokenform_owner(struct cmdctx *c, const struct intake *in,
                    char *userid);

/* Whether in's token (board or account) is a valid token of u now: 1
 * yes, 0 no, -1 on I/O trouble.  Proves nothing by itself (no
 * auth_proved): for the password back-off's choice of bucket. */
int tokenform_token_of(struct cmdctx *c, const struct intake *in,
                       const struct user *u);

/* Run a form (tokenform_is) for the token's player: the token checked
 * (refused when it is no one's or no longer valid), c->token_userid
 * set, the full command run by cmd_run.  CMD_DONE, CMD_REFUSED or
 * CMD_TEMPFAIL. */
enum cmd_status tokenform_run(struct cmdctx *c, const struct intake *in);

/* The refusal of a reply, to a mail carrying an account token, with
 * no command in it: which forms it may carry.  CMD_REFUSED. */
enum cmd_status tokenform_empty(struct cmdctx *c);

#endif
