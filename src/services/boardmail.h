/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * boardmail.h - the board mail (boardmail.c).
 */
#ifndef EPAM_SERVICES_BOARDMAIL_H
#define EPAM_SERVICES_BOARDMAIL_H

#include "services/svc.h"

struct game;
struct txn;

/* Queue the board mail of g to both players and its observers, or only
 * to only_addr when that is not NULL (show).  headline: what happened
 * ("alice played e2-e4"); comment: relayed text or "", written by who (a
 * userid, or NULL when the sender is not known to be a player).  Each
 * recipient gets their own mail: their orientation and HTML preference,
 * " **" in the subject only for a comment written by someone else, their
 * reply token (players; with only_addr, see tokens.c), the opponent's
 * vacation.  CMD_DONE, or CMD_TEMPFAIL when a template cannot be read
 * (the caller aborts its transaction). */
enum cmd_status reply_board(struct svc *s, struct txn *t,
                            const struct game *g, const char *headline,
                            const char *comment, const char *who,
                            const char *only_addr);

/* Drop the process's copy of the ratings that board mails show
 * (boardmail.c): called when this process rates a game, so its next
 * board mail reads the records again. */
void reply_ratings_forget(void);

#endif
