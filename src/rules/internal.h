/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * internal.h - what the files of the rules engine share and nobody else
 * should see: the helpers behind the public functions.  The per-turn view
 * of a position (struct ep_turn), the king directions and the move
 * generator over them are public, for the engine too: rules/turn.h.
 */
#ifndef EPAM_RULES_INTERNAL_H
#define EPAM_RULES_INTERNAL_H

/* src/rules/local.mk defines EPAM_RULES_OWN for the rules' own files only,
 * so an include from anywhere else stops the build. */
#ifndef EPAM_RULES_OWN
#error "rules/internal.h is private to src/rules: include rules/rules.h or rules/turn.h"
#endif

#include "rules.h"
#include "turn.h"

/* Number of legal moves of the turn without listing them (count.c). */
uint64_t ep_count_moves(const struct ep_turn *t);

/* Whether the turn has a legal move at all: 1 or 0 (count.c; stops at
 * the first, so a position with moves costs a few squares' walk, not a
 * whole count: ep_status asks it after every candidate move of a board
 * mail's losing-move check). */
int ep_has_move(const struct ep_turn *t);

/* Whether the crossing (tail, dir, n, k) would leave a symmetric board
 * under t->symmetry (symmetry.c, RULES.md 4). */
int ep_crossing_symmetric(const struct ep_turn *t, int tail, int dir,
                          int n, int k);

/* Whether the board is symmetric under any of the modes (RULES.md 4). */
int ep_board_symmetric(const struct ep_position *p, int modes);

/* Move the group (tail, dir, n, k) and remove what it captures. */
void ep_make_group(struct ep_position *p, int capture_one, int tail, int dir,
                   int n, int k);

/* All squares off the board, the W x H board empty; White to move. */
void ep_board_clear(struct ep_position *p, int width, int height);

/* Square name "e3" into buf (at least 4 bytes). */
void ep_square_name(int file, int rank, char *buf);

/* Parse a square name ("e3", "E3", "z26"): 0 with file and rank (0-based,
 * rank up to 98, not checked against a board), or -1 if it is not a square
 * name.  *end gets the first character after it. */
int ep_square_parse(const char *s, int *file, int *rank, const char **end);

/* Whether side has a piece that may move under the options. */
int ep_side_has_movable(const struct ep_position *p,
                        const struct ep_options *o, enum ep_side side);

/* The refusal msgid (a printf format marked N_()) in the run's language
 * into err (truncated to errlen; nothing when err is NULL), its English
 * kept for the log (util/errlang.h); returns -1. */
int ep_err(char *err, size_t errlen, const char *msgid, ...)
	__attribute__((format(printf, 3, 4)));

/* As ep_err for a sentence with no conversion (marked N_()), copied as
 * it is; returns -1. */
int ep_err_text(char *err, size_t errlen, const char *msgid);

#endif
