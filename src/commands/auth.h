/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * auth.h - the password check of a command that needs a player
 * (auth.c; issue 11: trust).  The limits it keeps per mail live in
 * struct cmdctx (cmd.h: checked[], AUTH_MAX_ACCOUNTS).
 */
#ifndef EPAM_COMMANDS_AUTH_H
#define EPAM_COMMANDS_AUTH_H

#include "services/svc.h"
#include "spool/authfail.h"

struct cmdctx;
struct user;

/* Load a user for a command that needs a password; refuses with a clear
 * message on an unknown user, a closed or not yet confirmed account, a
 * wrong password, a password check the account's back-off refuses
 * (authfail.h), a second password for an account this mail already
 * tried, or a password for more than AUTH_MAX_ACCOUNTS accounts in one
 * mail.  crypt(3) runs at most once per account per mail.  A password
 * auth_token_word stands for a token this mail carries: taken for
 * c->token_userid alone, never checked or counted.  On success
 * the sender is that player (auth_proved).  CMD_DONE when u is loaded
 * (caller frees with user_free); CMD_TEMPFAIL on I/O trouble. */
enum cmd_status cmd_auth(struct cmdctx *c, const char *userid,
                         const char *password, const char *usage,
                         struct user *u);

/* The PASSWORD word of a command that a token proved (tokenform.c):
 * cmd_auth takes it for c->token_userid and no one else.  It holds
 * blanks, so no word of a mail can ever be it. */
extern const char auth_token_word[];

/* The one password check of account u (loaded) in this mail, under the
 * rules of cmd_auth (back-off, one check per account, three accounts):
 * 1 right, 0 wrong, -2 not checked (c->error says why, with usage).
 * For an account that is not a player yet (a signup sent again), and
 * for the pipeline's check before the command runs (auth_scan.h). */
int auth_password(struct cmdctx *c, const struct user *u,
                  const char *password, const char *usage);

/* The bucket this mail's wrong passwords for u count in (authfail.h):
 * the owner's when From is a confirmed address of u or a token of the
 * mail's subject proved u (c->token_userid), else the strangers'. */
enum authfail_bucket auth_bucket(const struct cmdctx *c,
                                 const struct user *u);

/* The mail proved it comes from player u (a password or a reply token):
 * replies to the sender go to u's address on file from now on (From
 * when it is one of u's confirmed addresses, else u's first), never to a
 * Reply-To; c->s.actor is set when it was "". */
void auth_proved(struct cmdctx *c, const struct user *u);

/* Forget the passwords this mail tried (wiped), at the end of a mail. */
void auth_forget(struct cmdctx *c);

#endif
