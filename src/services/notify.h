/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * notify.h - the requests of "GAME notify" (notify.c; the command is
 * commands/games/notify.c): the index SPOOL/notify ("USERID GAME BOARD"
 * a line, BOARD -1 for all, one user's lines together, after the magic
 * line) and the mail at a game's end.
 */
#ifndef EPAM_SERVICES_NOTIFY_H
#define EPAM_SERVICES_NOTIFY_H

#include "game/game.h"
#include "services/headline.h"
#include "services/svc.h"
#include "spool/formats.h"
#include "spool/users.h"

struct txn;

#define NOTIFY_INDEX "notify"
#define NOTIFY_INDEX_MAX (16u << 20)  /* bytes: 16 MiB, some 400,000 lines */
#define NOTIFY_MAGIC FORMAT_LINE("epamserv-notify", FORMAT_NOTIFY) "\n"

/* The index text (malloc'ed, caller frees): "" when there is none yet;
 * NULL on a read error (logged).  spool is the spool's directory. */
char *notify_index_read(const char *spool);

/* Whether u asks for board of game already (or for all of game). */
int notify_has(const struct user *u, const char *game, long board);

/* g has just ended (board_save): queue in t its final board mail, with
 * the headline h (written in each reader's language) and a line saying why, to every player who asked for it with
 * notify (SPOOL/notify, then their user files) and gets no board mail of
 * g anyway (not a player or observer; never for a board played with
 * -observers=off).  CMD_DONE, or CMD_TEMPFAIL when a template cannot be
 * read; an unreadable index is logged and sends nothing. */
enum cmd_status notify_game_end(struct svc *s, struct txn *t,
                                const struct game *g,
                                const struct headline *h);

#endif
