/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * robot_queue.h - the robot moves waiting in SPOOL/robot, in the order
 * a run plays them (issue 29 item 4).
 *
 * One player's mails must never make another player's robot wait, in
 * a run or across runs.  So a run plays the waiting moves in rounds by
 * human player: round 0 holds each human's oldest waiting move (the
 * oldest by the time of the human's last move on the board), round 1
 * each one's second, and so on; within a round the humans come in the
 * order of the engine time they used in their hour (engine_time.h),
 * least first, then the oldest move first.  A player with many robot
 * games, or one who spent his hour on analyses, comes after everyone
 * else's first move; the order is kept in the spool (the hour's
 * records), so a run that stops at robot_budget_ms lets the next run
 * begin with whoever it left out.  The game file is the truth: each
 * note's board is read (without its lock) for its robot and human.
 */
#ifndef EPAM_ROBOT_QUEUE_H
#define EPAM_ROBOT_QUEUE_H

#include <limits.h>
#include <stddef.h>
#include <time.h>

struct config;

/* Why a robot move waits (robot_wait_why). */
enum robot_why {
	ROBOT_GO = 0,       /* it may be played now */
	ROBOT_WAIT_RUN,     /* this run's robot_budget_ms is spent */
	ROBOT_WAIT_HOUR,    /* the server's engine_hour_ms is spent */
	ROBOT_WAIT_BOARD,   /* the board has used its share of the hour */
	ROBOT_WAIT_PLAYER   /* the human has used his share (engine_time.h) */
};

/* One waiting robot move. */
struct robot_wait {
	char name[NAME_MAX + 1];  /* the note's file name in SPOOL/robot */
	char game[32];            /* its board: game and number */
	long board;
	char robot[32];    /* the robot to move; "" when the board cannot be
	                      read or has no robot to move (a stale note) */
	char human[32];    /* its opponent, whose share the move counts
	                      against; "" when none */
	time_t since;      /* the board's last move (else its last change) */
	long used;         /* the human's engine milliseconds in his hour */
	int round;         /* 0: the human's oldest waiting move, 1 ... */
	int held;          /* the note holds the human's board mail back */
};

/* The waiting moves of SPOOL/robot at now into *out (malloc'ed, *n of
 * them; the caller frees *out), in the order above.  Names that are no
 * note are left out.  0, or -1 when the directory cannot be read (none
 * is 0 with *n = 0). */
int robot_queue_read(const struct config *cfg, time_t now,
                     struct robot_wait **out, size_t *n);

/* The engine's bounds for a move of board game/board against human
 * (NULL or "": none) at now, this run's budget aside: ROBOT_GO, or the
 * hour's, the board's or the player's share that makes it wait. */
enum robot_why robot_queue_why(const struct config *cfg, time_t now,
                               const char *game, long board,
                               const char *human);

/* Parse a robot note's file name "GAME-BOARD" into game (len bytes) and
 * *board.  0, or -1 when name is no note's. */
int robot_note_name(const char *name, char *game, size_t len, long *board);

#endif
