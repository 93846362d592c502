/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * account.h - what the account commands share (accounts.c): open a user
 * file under the "users" lock with its password checked, and save it
 * with the confirmation mail in one transaction.  leave.c uses them.
 */
#ifndef EPAM_ACCOUNT_H
#define EPAM_ACCOUNT_H

#include "commands/cmd.h"
#include "services/signoff.h"

struct txn;

/* Lock the users, lower-case and check userid (in place), load it and
 * check the password.  CMD_DONE with *u loaded and *l held
 * (account_close releases both); otherwise nothing is held and the
 * refusal or CMD_TEMPFAIL is what to return. */
enum cmd_status account_open(struct cmdctx *c, char *userid,
                             const char *password, const char *usage,
                             struct user *u, struct lock *l);

/* user_free(u) and lock_release(l). */
void account_close(struct user *u, struct lock *l);

/* Commit u's file (an old "vacation:" line converted first,
 * user_convert_vacation) and the confirmation (account.txt: headline,
 * details) to u's addresses, in t when not NULL (the caller's other
 * files and mails go with it; t is committed or aborted here) or in a
 * new transaction under "users".  The users lock must be held.  Releases
 * nothing. */
enum cmd_status account_save(struct cmdctx *c, struct user *u,
                             const char *headline, const char *details,
                             struct txn *t);

/* Queue in t one mail (account.txt: headline, details, userid) to the
 * sender alone, subject "epamserv: HEADLINE".  CMD_DONE, or CMD_TEMPFAIL
 * when the template cannot be read (t is left to the caller). */
enum cmd_status account_reply(struct cmdctx *c, struct txn *t,
                              const char *userid, const char *headline,
                              const char *details);

/* After userid's signoff (the account closed, no lock held): call off
 * every challenge naming userid that has not started, the other player
 * told by the board mail, and withdraw userid's open seeks, each under
 * its board's lock (signoff.c).  Returns how many could not be called
 * off now (logged; the sweep calls off the challenges later, and the
 * seeks expire). */
int signoff_cancel(struct cmdctx *c, const char *userid);

#endif
