/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * accept.h - what "limit USERID PASSWORD accept" starts at once (issue
 * 29): the time controls and board sizes a player takes automatically,
 * kept on the account (users.h, the "accept-time:" and "accept-size:"
 * lines).  A signed challenge outside them waits for the player's accept
 * like an unsigned one (commands/accounts/limit.c, commands/games/challenge.c).
 *
 *   time  the least seconds the challenge's time control must give
 *         every move, the first included (tc_pace, game/clock.h): "Nd" or
 *         "Nh" (1 hour to 365 days); "default" (the default): as much
 *         as the server's own control gives (no -time: forfeit_days a
 *         move); "any": every control.
 *   size  "default" (the default): the game's own board size only;
 *         "any": every size; or a list of at most ACCEPT_SIZES sizes
 *         "WxH" and "default", separated by commas ("10x10,default").
 *
 * This file only reads and writes the words; the board bounds of a size
 * are checked by the command that sets it (rules.h).
 */
#ifndef EPAM_ACCEPT_H
#define EPAM_ACCEPT_H

#include <stddef.h>

/* accept_set.move_secs: as much as the server's default control. */
#define ACCEPT_TIME_DEFAULT (-1L)

/* Sizes one list may name. */
#define ACCEPT_SIZES 4

struct accept_set {
	long move_secs;    /* seconds a move at least; 0 any control;
	                      ACCEPT_TIME_DEFAULT the server's default */
	int any_size;      /* 1: every board size */
	int nsize;         /* else these sizes (0: the default alone) */
	unsigned char w[ACCEPT_SIZES], h[ACCEPT_SIZES];  /* w 0: the game's
	                      own size ("default") */
};

/* The default: time "default", size "default". */
void accept_default(struct accept_set *a);

/* Whether a is the default (1 or 0): no line in the user file. */
int accept_is_default(const struct accept_set *a);

/* Set a's time from value ("3d", "36h", "default", "any"): 0, or -1
 * (a unchanged) for anything else. */
int accept_parse_time(struct accept_set *a, const char *value);

/* Set a's sizes from value ("any", "default", "10x10,default"; W and H
 * 1 to 99, no size twice): 0, or -1 (a unchanged) for anything else. */
int accept_parse_size(struct accept_set *a, const char *value);

/* a's time as accept_parse_time reads it ("3d", "36h", "default",
 * "any") into buf (at least 16 bytes). */
void accept_format_time(const struct accept_set *a, char *buf, size_t len);

/* a's sizes as accept_parse_size reads them into buf (at least 64
 * bytes). */
void accept_format_size(const struct accept_set *a, char *buf, size_t len);

/* Whether a takes a board of w x h squares, dw x dh being its game's
 * own size: 1 or 0. */
int accept_takes_size(const struct accept_set *a, int w, int h, int dw,
                      int dh);

#endif
