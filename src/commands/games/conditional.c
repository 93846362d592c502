/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * conditional.c - conditional moves (issue 15, ICCF linear conditionals):
 *
 *   GAME conditional BOARD USERID PASSWORD THEIRS MINE [THEIRS MINE ...]
 *       stores a line: if the opponent plays THEIRS, MINE is played at
 *       once for you, and so on down the line (one answer per move of
 *       the opponent).  Several lines are alternatives; they must agree
 *       where they share a beginning.  MINE! stores a move that loses at
 *       once (RULES.md sections 3 and 5), as move's "!".
 *   GAME conditional BOARD USERID PASSWORD list
 *       mails the stored lines back, to the sender's address on file.
 *   GAME conditional BOARD USERID PASSWORD off
 *       drops all of the sender's lines on the board.
 *
 * A line stored while the opponent is to move is checked at once, move
 * by move, on a replay of the game: a step that is not legal, an own
 * move that loses at once (unless marked "!"), or a move after the game
 * would be over is refused, saying which.  A line stored while its owner
 * is to move waits: it is checked, the same way, right after the owner's
 * move, and dropped (the owner told) when it no longer fits.
 *
 * After the opponent's move (cond_after_move, services/after_move.c,
 * from pending_after_move; before a queued move, which is dropped when
 * an answer is played) each of the owner's lines whose next move is the
 * move just played gives its answer, checked again (legal, not losing
 * at once unless marked); the others are dropped.  The board mail tells everyone the answer
 * played, or that the owner's lines were dropped; only the owner's own
 * mail names the moves of a line not played (c->s.bm.side_note).  The lines
 * are in the game file only; show, the board mails, the HTML board and
 * the observers never see them.  Storing or dropping lines is not a
 * change of the board: the file's updated time (from which pbmserv's
 * days rule counts the mover's idle days) stays as it was.
 */
#include "commands/cmd.h"
#include "commands/table.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Shown in every reply about lines, at the end. */
static const char *cond_limits(void)
{
	/* TRANSLATORS: put in parentheses after a sentence about a
	 * player's conditional lines. */
	return _("at most 8 lines a board, each of at most 20 moves");
}

_Static_assert(GAME_COND_LINES == 8 && GAME_COND_PLIES == 20,
               "cond_limits() says the limits");
_Static_assert(GAME_COND_PLIES < 8 * sizeof(unsigned long),
               "a line's marks fit its forced bits");

/* The words of argv (a line as written) into l: the forgiving move
 * notation of move (move_words), "!" only after own moves.  0, or -1
 * with why. */
static int cond_parse(int argc, char *const *argv, struct game_cond *l,
                      char *why, size_t len)
{
	char word[64];
	int i = 0, taken;

	memset(l, 0, sizeof *l);
	while (i < argc) {
		size_t n;
		taken = move_words(argv + i, argc - i, word, sizeof word);
		if (taken < 0 || l->n >= GAME_COND_PLIES) {
			snprintf(why, len, _("a line has at most %d moves (%d "
			         "answers)"), GAME_COND_PLIES, GAME_COND_PLIES / 2);
			return -1;
		}
		i += taken;
		n = strlen(word);
		if (n && word[n - 1] == '!') {
			if (l->n % 2 == 0) {
				/* TRANSLATORS: %s is a move of the line. */
				snprintf(why, len, _("'%s' is the other player's "
				         "move: a ! marks only your own moves"), word);
				return -1;
			}
			word[--n] = '\0';
			l->forced |= 1UL << l->n;
		}
		if (!game_move_form_ok(word)) {
			/* TRANSLATORS: %s is what the player wrote. */
			snprintf(why, len, _("'%s' is not a move: a move is the "
			         "square of the group's tail, - (or x for a capture) and "
			         "the square its head lands on, e.g. e11-e10 (no #N in a "
			         "line)"), word);
			return -1;
		}
		snprintf(l->ply[l->n++], EP_MOVE_TEXT_MAX, "%.*s",
		         EP_MOVE_TEXT_MAX - 1, word);
	}
	if (l->n == 0 || l->n % 2) {
		snprintf(why, len, "%s", _("a line is pairs of moves: the other "
		         "player's move, then your answer (it ends with an "
		         "answer)"));
		return -1;
	}
	return 0;
}

/* Store the line argv for b->userid. */
static enum cmd_status cond_store(struct cmdctx *c, struct board_ctx *b,
                                  int argc, char *const *argv,
                                  const char *usage)
{
	struct game *g = &b->g;
	int side = game_side_of(g, b->userid), waits, k, replaced;
	const char *other = game_opponent(g, b->userid), *subject;
	char why[EP_ERR_MAX + 256], text[COND_TEXT_MAX];
	struct game_cond l;
	struct buf head = BUF_INIT;
	enum cmd_status st;

	if (cond_parse(argc, argv, &l, why, sizeof why) < 0)
		return board_refuse(c, g, usage, "%s", why);
	waits = side == (int)g->pos.to_move;
	if (!waits && (k = cond_check(g, &l, why, sizeof why)) >= 0)
		/* TRANSLATORS: %s is why. */
		return board_refuse(c, g, usage, _("the line is not stored: %s"),
		                    why);
	k = game_cond_add(g, side, &l, &replaced);
	if (k < 0) {
		int j = -1 - k;
		if (j < GAME_COND_LINES)
			/* TRANSLATORS: the opponent, the number of the line,
			 * the board, then the userid.
			 * Keep PASSWORD as it is: what a player types. */
			return board_refuse(c, g, usage, _("the line is not stored: it "
			                      "answers a move of %s differently from your "
			                      "line %d (lines must agree where they share a "
			                      "beginning; conditional %ld %s PASSWORD off "
			                      "drops them all)"), other, j + 1, g->board,
			                    b->userid);
		if (j < 2 * GAME_COND_LINES)
			return board_refuse(c, g, usage, _("the line is not stored: your "
			                      "line %d holds it already"),
			                    j - GAME_COND_LINES + 1);
		/* TRANSLATORS: the number of lines (always 8), the board, then
		 * the limits ("at most 8 lines a board, ..."). */
		return board_refuse(c, g, usage, _("the line is not stored: you "
		                      "have %d lines on board %ld already (%s)"),
		                    GAME_COND_LINES, g->board, cond_limits());
	}
	game_cond_format(&g->cond[side][k], text, sizeof text);
	if (replaced >= 0)
		/* TRANSLATORS: the board, the number of the line, the
		 * opponent, the opponent's move, the answer, then the whole
		 * line ("e3-e4 e11-e10 ..."). */
		buf_printf(&head, _("Your conditional line on board %ld is stored "
		           "as line %d (it extends the line that was there): if %s "
		           "plays %s, %s is played for you at once, and so on down "
		           "the line (%s)."), g->board, k + 1, other, l.ply[0],
		           l.ply[1], text);
	else
		/* TRANSLATORS: the board, the number of the line, the
		 * opponent, the opponent's move, the answer, then the whole
		 * line ("e3-e4 e11-e10 ..."). */
		buf_printf(&head, _("Your conditional line on board %ld is stored "
		           "as line %d: if %s plays %s, %s is played for you at "
		           "once, and so on down the line (%s)."), g->board, k + 1,
		           other, l.ply[0], l.ply[1], text);
	if (waits) {
		buf_puts(&head, " ");
		buf_puts(&head, _("It is your turn: the line is checked against "
		         "the position right after your move, and dropped then "
		         "if a move of it is not legal."));
	}
	buf_puts(&head, " ");
	/* TRANSLATORS: %s is the opponent; the player's lines follow, one
	 * a line. */
	buf_printf(&head, _("%s never sees it.  Your lines now:"), other);
	cond_list(g, side, &head);
	/* TRANSLATORS: the end of the mail's Subject, after "Epaminondas
	 * Board 101: ". */
	subject = _("conditional line stored");
	st = board_save_quiet(c, b, g, buf_str(&head), subject);
	buf_free(&head);
	return st;
}

enum cmd_status conditional_on_board(struct cmdctx *c, struct board_ctx *b,
                                     int argc, char *const *argv)
{
	const char *usage = cmd_usage_of(c, "conditional", CMDT_GAME, b->g.game);
	const char *subject;
	struct game *g = &b->g;
	int side = game_side_of(g, b->userid);
	struct buf head = BUF_INIT;
	enum cmd_status st;

	if ((st = board_refuse_unless_active(c, g, usage)) != CMD_DONE)
		return st;
	if (argc == 1 && strcasecmp(argv[0], "list") == 0) {
		if (!g->ncond[side])
			buf_printf(&head, _("You have no conditional lines on board "
			           "%ld."), g->board);
		else
			/* TRANSLATORS: the board, then the limits ("at most 8
			 * lines a board, ..."); the lines follow, one a line. */
			buf_printf(&head, _("Your conditional lines on board %ld "
			           "(%s):"), g->board, cond_limits());
		cond_list(g, side, &head);
		/* TRANSLATORS: the end of the mail's Subject, after
		 * "Epaminondas Board 101: ". */
		subject = _("conditional lines");
		st = board_save_quiet(c, b, g, buf_str(&head), subject);
	} else if (argc == 1 && strcasecmp(argv[0], "off") == 0) {
		if (!g->ncond[side])
			return board_refuse(c, g, usage, _("you have no conditional "
			                      "lines on board %ld to drop"), g->board);
		/* TRANSLATORS: the number of lines, then the board. */
		buf_printf(&head, ngettext("Your %d conditional line on board "
		           "%ld is dropped.", "Your %d conditional lines on board "
		           "%ld are dropped.", g->ncond[side]), g->ncond[side],
		           g->board);
		game_cond_clear(g, side);
		/* TRANSLATORS: the end of the mail's Subject, after
		 * "Epaminondas Board 101: ". */
		subject = _("conditional lines dropped");
		st = board_save_quiet(c, b, g, buf_str(&head), subject);
	} else {
		st = cond_store(c, b, argc, argv, usage);
	}
	buf_free(&head);
	return st;
}

enum cmd_status cmd_conditional(struct cmdctx *c, const char *game, int argc,
                                char **argv)
{
	const char *usage = cmd_usage_of(c, "conditional", CMDT_GAME, game);
	struct board_ctx b;
	enum cmd_status st;

	if (argc < 4)
		return cmd_refuse(c, usage, _("conditional takes a board number, "
		                    "your userid, your password and then a line "
		                    "(the other player's move, your answer, ...), "
		                    "list or off"));
	st = board_open(c, game, argv[0], argv[1], argv[2], usage, &b);
	if (st != CMD_DONE)
		return st;
	st = conditional_on_board(c, &b, argc - 3, argv + 3);
	board_close(&b);
	return st;
}
