/*
 * game.h - one board: players, options, the move list and the outcome.
 *
 * A struct game is the record behind SPOOL/games/GAME/NNN.game.  The
 * current position is always the replay of the move list from the starting
 * position of the options, and game_parse() refuses a file where the two
 * disagree.  This layer adds to the rules engine what needs history:
 * repetition (RULES.md section 5) and the end of the game.
 */
#ifndef EPAM_GAME_H
#define EPAM_GAME_H

#include <stddef.h>
#include <time.h>

#include "rules/rules.h"

struct game_move {
	char text[EP_MOVE_TEXT_MAX];  /* canonical, "e3-e7" */
	time_t when;
	char *msgid;                  /* Message-ID that made it (malloc'ed), or NULL */
};

enum game_state { GAME_ACTIVE = 0, GAME_FINISHED = 1 };

struct game {
	char game[16];                /* "epaminondas" or "crossings" */
	long board;                   /* 101 ... */
	struct ep_options opts;
	char white[32], black[32];    /* userids */
	time_t created, updated;
	enum game_state state;
	enum ep_result result;        /* EP_ONGOING while active */
	char reason[EP_ERR_MAX + 64]; /* plain words, "" while active */
	struct game_move *moves;
	size_t nmoves, cap;
	struct ep_position start, pos;
	struct ep_position *seen;     /* every position so far, start first */
};

/* A new game on board for white and black with options o.  Never fails. */
void game_new(struct game *g, const char *game, long board,
              const struct ep_options *o, const char *white,
              const char *black, time_t now);

/* Play move text for the side to move: checks the game is active, parses
 * and checks the move (RULES.md section 2, 4, 6), plays it, then ends the
 * game by repetition (section 5) or by the start-of-turn checks (sections
 * 3, 6).  msgid may be NULL.  Returns 0, or -1 with err in plain words
 * (the game is unchanged). */
int game_play(struct game *g, const char *text, time_t when,
              const char *msgid, char *err, size_t errlen);

/* The userid whose turn it is ("" when the game is over). */
const char *game_to_move(const struct game *g);

/* Side of userid in g: 0 White, 1 Black, -1 not a player. */
int game_side_of(const struct game *g, const char *userid);

/* "white wins (black has no legal move)" etc. into buf; "" while active. */
void game_result_text(const struct game *g, char *buf, size_t len);

/* The file text (malloc'ed, caller frees), see gamefile.c. */
char *game_format(const struct game *g);

/* Read a game file's text: replays every move and compares the stored
 * position.  name is used in messages ("games/epaminondas/101.game").
 * Returns 0, or -1 with a malloc'ed *err "NAME:LINE: problem". */
int game_parse(struct game *g, const char *text, const char *name, char **err);

/* Load SPOOL/games/GAME/NNN.game.  Returns 0, 1 when there is no such
 * board, -1 with *err on a bad file or I/O error. */
int game_load(struct game *g, const char *spool, const char *game, long board,
              char **err);

void game_free(struct game *g);

#endif
