/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * result_words.h - how a game ended and what its last move took, in the
 * words of the mails (result_words.c).
 */
#ifndef EPAM_SERVICES_RESULT_WORDS_H
#define EPAM_SERVICES_RESULT_WORDS_H

#include <stddef.h>

#include "game/game.h"

struct buf;

/* How a finished or cancelled game ended, in words naming the players,
 * into buf (len bytes, at least REPLY_RESULT_MAX for no cut): "carol
 * wins, dave did not answer the crossing on e12", "a draw, bob accepted
 * alice's draw offer", "cancelled, bob declined the challenge"; "" while
 * the game is open or active: game_result_words, which the web site
 * uses too. */
#define REPLY_RESULT_MAX GAME_RESULT_WORDS_MAX
void reply_result_words(const struct game *g, char *buf, size_t len);

/* text with the words "white" and "black" (whole words, lower case)
 * replaced by the userids white and black, into buf (len bytes, cut when
 * too small): "alice wins (bob resigned)" for a stored result record's
 * "white wins (black resigned)". */
void reply_colours_named(const char *text, const char *white,
                         const char *black, char *buf, size_t len);

/* The squares of the pieces the last move of g took ("e11", "e11 and
 * e12", "e5, e6 and e7"), appended to sq (which starts empty); returns
 * how many it took, 0 (sq untouched) when none.  A caller writes one
 * whole sentence with the squares and the count (ngettext on it) and
 * another without. */
int reply_captured(const struct game *g, struct buf *sq);

/* reply_captured for the move of index ply of g (0 the first), any
 * move played so far: 0 when there is no such move. */
int reply_captured_at(const struct game *g, size_t ply, struct buf *sq);

/* The sentence of the last move of g played by who, appended to out:
 * "alice played e2-e3." or "alice played e7xe11, capturing e11 and e12
 * (2)." (the capture's count chooses the plural).  The one wording of a
 * plain move, for the move command's board mail and the robot's note
 * (services/robot.c), so that both read alike.  Nothing when no move
 * has been played. */
void reply_played_words(const struct game *g, const char *who,
                        struct buf *out);

/* reply_played_words for the move of index ply of g (0 the first):
 * nothing when there is no such move (the headline's, headline.c). */
void reply_played_words_at(const struct game *g, size_t ply,
                           const char *who, struct buf *out);

#endif
