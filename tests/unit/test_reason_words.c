/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_reason_words.c - the reason a game ended, stored in English in the
 * game file (data), read back into the words a player reads
 * (game_reason_words, game/result_words.c; issue 31 item 3): every form
 * game.c and rules/status.c write is known to the table of reasons (so
 * it is translated), names the players for white and black, and reads as
 * before in English; a form the table does not know is shown as stored.
 */
#include <stdio.h>
#include <string.h>

#include "game/game.h"
#include "tap.h"

static void new_game(struct game *g)
{
	struct ep_options o;
	char err[256];

	ep_options_default(&o, "epaminondas", err, sizeof err);
	game_new(g, "epaminondas", 101, &o, "alice", "bob", 1796083200);
}

/* The words of g's reason: known to the table, and as want. */
static void check(const struct game *g, const char *want, const char *what)
{
	char buf[GAME_RESULT_WORDS_MAX];

	is_int(game_reason_words(g, buf, sizeof buf), 1,
	       "%s: a form of the table of reasons (%s)", what, g->reason);
	is_str(buf, want, "%s: in words", what);
}

int main(void)
{
	static const struct {
		enum game_end kind;
		const char *by, *want;
	} ends[] = {
		{ GAME_END_RESIGN, "alice", "alice resigned" },
		{ GAME_END_RESIGN, "bob", "bob resigned" },
		{ GAME_END_FORFEIT, "bob", "bob lost on time" },
		{ GAME_END_DRAW, "alice", "draw agreed" },
		{ GAME_END_DECLINE, "bob", "bob declined the challenge" },
		{ GAME_END_WITHDRAW, "alice", "alice withdrew the challenge" },
		{ GAME_END_EXPIRE, "bob",
		  "the challenge to bob expired unanswered" },
		{ GAME_END_AWARD, "bob", "awarded to bob by the administrator" },
		{ GAME_END_ADJ_DRAW, "alice", "drawn by the administrator" },
	};
	static const struct {
		const char *stored, *want;
	} verdicts[] = {
		/* rules/status.c's verdicts, as it writes them */
		{ "white has no pieces left", "alice has no pieces left" },
		{ "black has no legal move", "bob has no legal move" },
		{ "black has more crossed pieces", "bob has more crossed pieces" },
		{ "neither side has a movable piece",
		  "neither side has a movable piece" },
		{ "white cannot answer black's crossing",
		  "alice cannot answer bob's crossing" },
		{ "the same position came up for the third time",
		  "the same position came up for the third time" },
	};
	struct game g;
	char buf[GAME_RESULT_WORDS_MAX], want[128];
	size_t i;

	for (i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		new_game(&g);
		game_end(&g, ends[i].kind, ends[i].by, 1796083300);
		check(&g, ends[i].want, ends[i].want);
		game_free(&g);
	}
	new_game(&g);
	game_cap_draw(&g);
	snprintf(want, sizeof want, "the game reached %d plies, the move cap",
	         GAME_MAX_PLIES);
	check(&g, want, "the move cap");
	game_free(&g);

	for (i = 0; i < sizeof verdicts / sizeof verdicts[0]; i++) {
		new_game(&g);
		snprintf(g.reason, sizeof g.reason, "%s", verdicts[i].stored);
		check(&g, verdicts[i].want, verdicts[i].stored);
		game_free(&g);
	}
	new_game(&g);
	snprintf(g.reason, sizeof g.reason, "%s",
	         "black repeated a position for the third time");
	check(&g, "bob repeated a position for the third time", "repetition");
	game_free(&g);

	/* Another form (an older file's, or a damaged one): as stored,
	 * named; and a stored word too long for the table's argument. */
	new_game(&g);
	snprintf(g.reason, sizeof g.reason, "%s", "white fell asleep");
	is_int(game_reason_words(&g, buf, sizeof buf), 0,
	       "an unknown form is not the table's");
	is_str(buf, "alice fell asleep", "and is shown as stored, named");
	snprintf(g.reason, sizeof g.reason, "%s resigned",
	         "a-userid-longer-than-sixty-four-bytes-which-no-table-takes-"
	         "xxxxxxxxxx");
	is_int(game_reason_words(&g, buf, sizeof buf), 0,
	       "a word longer than the table takes is shown as stored");
	snprintf(g.reason, sizeof g.reason, "%s", "white resigned twice");
	is_int(game_reason_words(&g, buf, sizeof buf), 0,
	       "a known form with more after it is not the form");
	game_free(&g);
	return tap_done();
}
