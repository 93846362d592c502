/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney_mail.h - the tournament store's half that takes locks or
 * queues mail (tourney_mail.c).
 */
#ifndef EPAM_SERVICES_TOURNEY_MAIL_H
#define EPAM_SERVICES_TOURNEY_MAIL_H

#include <stddef.h>

#include "services/svc.h"
#include "services/tfile.h"
#include "spool/lock.h"

struct game;
struct txn;

/* Take the locks a change of tournament name needs: "tournaments", then
 * "next-GAME" of its game (game, or the game its file names when the
 * file exists), and load it (a file that does not exist leaves tf with
 * only its name).  CMD_DONE with both held (release them with
 * tf_unlock; *exists 1 when the file was there), CMD_TEMPFAIL. */
enum cmd_status tf_lock(struct svc *s, const char *name, const char *game,
                        struct tfile *tf, int *exists, struct lock *l1,
                        struct lock *l2, char *key, size_t keylen);
void tf_unlock(struct lock *l1, struct lock *l2);

/* A tournament board g has just finished (board_save, in its
 * transaction t): its two players get the table, unless it was the last
 * game (then tt_after_game sends every player the final table).  The
 * tournament file is read without its lock (files are replaced by
 * rename).  CMD_DONE, or CMD_TEMPFAIL when a template cannot be read; a
 * tournament file or board that cannot be read is logged and sends
 * nothing. */
enum cmd_status tt_game_end(struct svc *s, struct txn *t,
                            const struct game *g);

/* Queue a mail with headline and text (template tournament.txt) to
 * player userid's address in t, when he has a confirmed one; its subject
 * is subject_fmt, a marked format with the game's title for %1$s and the
 * tournament's name for %2$s ("Epaminondas tournament NAME: table").
 * CMD_DONE or CMD_TEMPFAIL (template). */
enum cmd_status tt_mail(struct svc *s, struct txn *t, const char *game,
                        const char *name, const char *userid,
                        const char *subject_fmt, const char *headline,
                        const char *text);

#endif
