/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * admin.h - what the "epamserv admin" files share: the change log and
 * the --reason argument (admin.c), and the account, repair, check and
 * outbox commands (admin_user.c, admin_repair.c, admin_check.c,
 * admin_outbox.c).
 */
#ifndef EPAM_ADMIN_H
#define EPAM_ADMIN_H

#include "util/conf.h"

/* Note who started the command, for admin_who: SUDO_USER when the real
 * uid is root's and it is a login name (sudo's, naming the person who
 * ran sudo), else the name of the real uid's account, else "uid N".  USER is never used.  Call it
 * before main gives up root for the spool's owner (the uid then is no
 * longer the starter's); admin_who calls it when nobody did. */
void admin_who_init(void);

/* Who runs the command, as admin_who_init noted (static storage). */
const char *admin_who(void);

/* Log one change: syslog, stderr, and a line appended to SPOOL/admin.log
 * with who made it and reason. */
void admin_log(const struct config *cfg, const char *reason,
               const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Remove "--reason TEXT" from argv (*argc shrinks); the reason or NULL. */
const char *admin_take_reason(int *argc, char **argv);

/* 0 when reason is given; else a message naming the command "admin
 * WHAT" on stderr and -1. */
int admin_need_reason(const char *reason, const char *what);

/* admin_repair.c: argv[0] is the subcommand's word ("quarantine",
 * "repair", "journal"; for admin_user_repair "repair" after "user").
 * Each returns a sysexits status. */
int admin_quarantine(const struct config *cfg, int argc, char **argv);
int admin_repair(const struct config *cfg, int argc, char **argv);
int admin_user_repair(const struct config *cfg, int argc, char **argv);
int admin_journal(const struct config *cfg, int argc, char **argv);

/* admin_outbox.c: "outbox list|show|hold|release|requeue|delete ...". */
int admin_outbox(const struct config *cfg, int argc, char **argv);

/* Call fn(cfg, game, board, arg) for every board file (admin.c);
 * returns the number of boards fn returned nonzero for. */
int admin_each_board(const struct config *cfg,
                     int (*fn)(const struct config *, const char *game,
                               long board, void *arg), void *arg);

/* admin_user.c: "user add|del|passwd|show|list|address ..." ("user
 * repair" goes on to admin_repair.c; argv[0] "user") and "bounces
 * [clear ADDRESS]" (argv[0] "bounces").  Each returns a sysexits status. */
int admin_user(const struct config *cfg, int argc, char **argv);
int admin_bounces(const struct config *cfg, int argc, char **argv);

/* admin_downgrade.c: "downgrade [--force]": the spool in the previous
 * release's formats.  A sysexits status. */
int admin_downgrade(const struct config *cfg, int argc, char **argv);

/* keep.c: "replay MAILDIR [--since TIME]": the mails kept there
 * (keep_incoming) fed through the intake in order.  A sysexits status. */
int admin_replay(const struct config *cfg, int argc, char **argv);

/* admin_reindex.c: "reindex": the board index rebuilt from every board
 * (services/bindex.h).  0, EXIT_USAGE or EXIT_TEMPFAIL. */
int admin_reindex(const struct config *cfg, int argc, char **argv);

/* admin_check.c: "check [--fix]". */
int admin_check(const struct config *cfg, int argc, char **argv);

/* "admin ratings rebuild" (admin_ratings.c): the ratings table made
 * again from the result records.  Exit status as a subcommand. */
int admin_ratings(const struct config *cfg, int argc, char **argv);

/* admin check's look at the ratings table: 0 it agrees with a replay of
 * the result records; 1 it does not (or cannot be had), with *why (a
 * whole sentence, malloc'ed); 2 it did not and fix rebuilt it (*why
 * says what was wrong); -1 the records cannot be read (*why). */
int admin_check_ratings(const struct config *cfg, int fix, char **why);

/* admin_check_text.c: whether the spool file at path (rel: its name
 * relative to the spool, as read from the directory) is a game, user,
 * tournament, league or seek file holding a character its format never
 * holds: a control character (U+0000-U+001F but LF, DEL, C1, a line
 * separator, a bidi override or isolate), a byte that is not UTF-8, or,
 * in a file whose values are all words, a markup character (< > & " ',
 * in a user file < > "; a game's comments are free text).  1 with the
 * first one said in why (len bytes: a whole sentence naming the file,
 * safe to print, and the line, made by errlang_snprintf, so that
 * errlang_english gives it back in English for a record); 0 when there is none, the file is of no
 * such kind or cannot be read (other checks say that). */
int admin_check_text(const char *path, const char *rel, char *why,
                     size_t len);

#endif
