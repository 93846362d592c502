/*
 * admin.h - what the "epamserv admin" files share: the change log and
 * the --reason argument (admin.c), and the account, repair, check and
 * outbox commands (admin_user.c, admin_repair.c, admin_check.c,
 * admin_outbox.c).
 */
#ifndef EPAM_ADMIN_H
#define EPAM_ADMIN_H

#include "util/conf.h"

/* Note who started the command, for admin_who: SUDO_USER when it is a
 * login name (sudo's, naming the person who ran sudo), else the name of
 * the real uid's account, else "uid N".  USER is never used.  Call it
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

/* admin_check.c: "check [--fix]". */
int admin_check(const struct config *cfg, int argc, char **argv);

#endif
