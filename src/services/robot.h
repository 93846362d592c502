/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * robot.h - robot opponents on the server (issue 16 item 3; SPEC
 * "Robots").
 *
 * A robot is an account the config's robots key names (conf.h): made by
 * robot_ensure as a user file with "robot: yes", no address and the
 * password "*" that no password matches, so nothing is ever mailed to it
 * and no mail acts for it.  It accepts a signed challenge at once, within
 * its limit of active games (challenge.c), and answers every move.
 *
 * The durable "robot to move" state is SPOOL/robot/GAME-BOARD, written
 * in the very transaction that leaves a robot to move (board_save, a
 * challenge the robot accepted as White): "ply N\n" (the number of moves
 * played when it was written) and, when the human's board mail was held
 * back for the robot's answer, the headline of that mail.  The game file
 * is the truth: a file whose ply is not the game's, or whose game is not
 * active with a robot to move, is stale and removed.  robot_run plays
 * every robot move waiting, after the mails of the run are committed
 * (receive, batch, sweep), each in its own transaction under the board's
 * lock, as a move with one board mail to the human showing both moves;
 * a crash between the human's commit and the robot's leaves the file,
 * and any later run plays it.  receive and batch deliver the run's
 * other mail before they call robot_run (src/cli/mail_first.c): the
 * held mail is in no outbox until the robot plays or releases it.
 */
#ifndef EPAM_ROBOT_H
#define EPAM_ROBOT_H

#include <stddef.h>
#include <stdio.h>

#include "services/robot_config.h"

struct headline;

struct config;
struct svc;
struct txn;
struct game;
struct buf;

/* Relative path of the robot-to-move file of a board into buf. */
void robot_path(const char *game, long board, char *buf, size_t len);

/* In a transaction t that saves g: when a robot is to move on g, add its
 * robot-to-move file.  headline (may be NULL) is the board mail's; when
 * the robot will answer in this run (thinking time is left in this
 * run's budget, the server's hour and the human's and the board's
 * shares of it: engine_time.h), the file keeps it and 1 is returned:
 * the caller sends no board mail now (the robot's carries both moves).
 * 0 when the caller mails as usual: no robot to move, or the robot
 * answers in a later run, and then why (not NULL) gets the one sentence
 * that tells the human so (robot_wait_words), for his board mail. */
int robot_note(struct svc *s, struct txn *t, const struct game *g,
               const char *headline, struct headline *why);

/* Append to out the one whole sentence that tells the human why robot's
 * answer waits (why: enum robot_why of robot_queue.h; nothing for
 * ROBOT_GO): "ROBOT answers soon, in a mail of its own (...).", said
 * in each reader's language. */
void robot_wait_words(int why, const char *robot, struct headline *out);

/* The sweep, for a board g it holds locked: a robot to move on g with
 * no robot-to-move file (robots switched off and on again) gets one, so
 * the next run plays.  The file is only an index of the game files:
 * written plainly, not in a transaction. */
void robot_note_missing(const struct config *cfg, const struct game *g);

/* Boards of player userid being played, and challenges naming userid
 * that userid has agreed to (signed or accepted: its "agreed:" line),
 * read without locks from every board of the spool: what a player's
 * "limit N" counts (limit.c, issue 17), so that challenges strangers
 * send, not yet accepted, never fill a player's limit.  -1 when the
 * boards cannot be read. */
int player_agreed_games(const struct config *cfg, const char *userid);

/* Active and challenged games of robot userid (read without locks,
 * every board of the spool); with is NULL or a player whose games
 * against the robot go in *nwith.  -1 when the boards cannot be read. */
int robot_active_games(const struct config *cfg, const char *userid,
                       const char *with, int *nwith);

/* The most of robot r's games one player may hold at once: a quarter of
 * its limit, at least 1 (so that one player cannot take a robot from
 * everyone else). */
int robot_player_limit(const struct config *cfg, const struct config_robot *r);

/* config --check: each robot of the config whose userid is a person's
 * account is named on out.  Returns the number of such problems. */
int robot_check(const struct config *cfg, FILE *out);

/* Robot accounts of the config that exist (user files with "robot:
 * yes"), for the players count of epamserv status. */
long robot_accounts(const struct config *cfg);

/* The most active games robot r plays (its entry, else robot_max_games). */
int robot_limit(const struct config *cfg, const struct config_robot *r);

/* Make the user file of every robot of the config that has none (lock
 * "users").  A userid that is a human's account already is left alone
 * (logged; config --check names it).  0, or -1 when a file could not be
 * written (logged). */
int robot_ensure(const struct config *cfg);

/* Play the robot moves waiting in SPOOL/robot in the fair order of
 * robot_queue.h, while this run's robot_budget_ms lasts and each move's
 * shares of the engine's hour allow (engine_time.h); a move that waits
 * has its held board mail sent now, saying so once (robot_release), and
 * is played by a later run.  Call with no lock held and no group commit
 * open.  Returns the number of moves played. */
int robot_run(const struct config *cfg);

/* Milliseconds this process has thought for robots so far. */
unsigned long robot_thought_ms(void);

/* How many robot-to-move files robot_note has written in this process
 * (a human's move or challenge that a robot answers): process.c reads
 * it before and after a mail, and a mail that left a robot to move does
 * not count against its player's rate_limit (issue 30). */
unsigned long robot_notes_written(void);

/* Bytes the robots' engine holds (0 before the first robot move of this
 * process), and the bytes it will hold (robot_memory_mb). */
size_t robot_memory_now(void);
size_t robot_memory_planned(const struct config *cfg);

/* Robot moves waiting in SPOOL/robot (files, stale ones included);
 * -1 when the directory cannot be read. */
long robot_waiting(const struct config *cfg);

#endif
