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
 * After the opponent's move (cond_after_move, from pending_after_move;
 * before a queued move, which is dropped when an answer is played) each
 * of the owner's lines whose next move is the move just played gives its
 * answer, checked again (legal, not losing at once unless marked);
 * the others are dropped.  The board mail tells everyone the answer
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

/* The line text of l for a mail ("e3-e4 e11-e10 ..."). */
#define COND_TEXT_MAX (GAME_COND_PLIES * (EP_MOVE_TEXT_MAX + 2))

/* Check line l of side (not to move on g) on a replay of g, move by move:
 * every step legal; an own step (odd index) that loses at once only when
 * marked; no step after the game would be over.  On success the plies
 * are made canonical in l and -1 is returned; else the index of the bad
 * ply, with why (len bytes) in words for the owner. */
static int cond_check(const struct game *g, struct game_cond *l, char *why,
                      size_t len)
{
	struct game copy;
	char err[EP_ERR_MAX + 96], res[EP_ERR_MAX + 96];
	int i, bad = -1;

	preview_rewind(g, g->nmoves, &copy);
	copy.cap_off = g->cap_off;
	for (i = 0; i < l->n && bad < 0; i++) {
		if (copy.state != GAME_ACTIVE) {
			game_result_text(&copy, res, sizeof res);
			/* TRANSLATORS: the number of the move in the line,
			 * the move, then the result in words. */
			snprintf(why, len, _("the game would be over before move "
			         "%d of the line, %s (%s)"), i + 1, l->ply[i], res);
			bad = i;
		} else if (i % 2 == 1 && !(l->forced >> i & 1) &&
		           game_move_loses(&copy, l->ply[i], err, sizeof err)) {
			/* TRANSLATORS: the move, its number in the line, then
			 * why it loses. */
			snprintf(why, len, _("your move %1$s (move %2$d of the "
			         "line) would lose the game at once: %3$s; to store it "
			         "all the same, write it %1$s!"), l->ply[i], i + 1,
			         err);
			bad = i;
		} else if (game_play(&copy, l->ply[i], g->updated, NULL, err,
		                     sizeof err) < 0) {
			/* TRANSLATORS: the number of the move in the line,
			 * the move, then why it is not legal. */
			snprintf(why, len, _("move %d of the line, %s, would not be "
			         "legal then: %s"), i + 1, l->ply[i], err);
			bad = i;
		} else {
			snprintf(l->ply[i], EP_MOVE_TEXT_MAX, "%s",
			         copy.moves[copy.nmoves - 1].text);
		}
	}
	game_free(&copy);
	return bad;
}

/* Append to b the lines of side on g, one an indented line each. */
static void cond_list(const struct game *g, int side, struct buf *b)
{
	char text[COND_TEXT_MAX];
	int k;

	for (k = 0; k < g->ncond[side]; k++) {
		game_cond_format(&g->cond[side][k], text, sizeof text);
		buf_printf(b, "\n  %d. %s", k + 1, text);
	}
}

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

/* After the mover's move: their waiting lines (stored before it)
 * checked from the position now; those that do not fit are dropped, the
 * mover told alone. */
static void cond_check_waiting(struct svc *s, struct game *g, int mover)
{
	struct game_cond keep[GAME_COND_LINES];
	char why[EP_ERR_MAX + 256], text[COND_TEXT_MAX];
	struct buf *note = &s->bm.side_note[mover];
	int n = g->ncond[mover], k, replaced;

	memcpy(keep, g->cond[mover], sizeof keep);
	game_cond_clear(g, mover);
	for (k = 0; k < n; k++) {
		game_cond_format(&keep[k], text, sizeof text);
		if (cond_check(g, &keep[k], why, sizeof why) >= 0) {
			if (note->len)
				buf_puts(note, " ");
			/* TRANSLATORS: the line ("e3-e4 e11-e10 ..."), then
			 * why. */
			buf_printf(note, _("Your conditional line %s was dropped: "
			           "%s."), text, why);
		} else if (game_cond_add(g, mover, &keep[k], &replaced) < 0 ||
		           replaced >= 0) {
			if (note->len)
				buf_puts(note, " ");
			/* TRANSLATORS: %s is the line ("e3-e4 e11-e10 ..."). */
			buf_printf(note, _("Your conditional line %s was dropped: "
			           "it does not agree with your other lines."), text);
		}
	}
}

/* The answer of owner's lines (answer to theirs) was not played, for
 * reason own: the owner alone hears which move, and every line of the
 * owner is dropped. */
static void cond_not_played(struct svc *s, struct game *g, int owner,
                            const char *answer, const char *theirs,
                            const char *own)
{
	struct buf *note = &s->bm.side_note[owner];

	if (note->len)
		buf_puts(note, " ");
	/* TRANSLATORS: the player's answer, the opponent's move, why it
	 * was not played ("it is not legal now (...)"), then the board. */
	buf_printf(note, _("Your conditional move %s (the answer to %s) was "
	           "not played: %s.  Your conditional lines on board %ld are "
	           "dropped: it is your move."), answer, theirs, own, g->board);
	game_cond_clear(g, owner);
}

int cond_after_move(struct svc *s, struct game *g, struct buf *head,
                    int check_mover)
{
	int owner, mover, k, matched = 0, forced = 0, dropped;
	const char *who, *moved_by, *last;
	char answer[EP_MOVE_TEXT_MAX], theirs[EP_MOVE_TEXT_MAX];
	char why[EP_ERR_MAX + 96], res[REPLY_RESULT_MAX];
	struct game_cond keep[GAME_COND_LINES];
	struct buf caught = BUF_INIT;
	int nkeep = 0, took;

	if (g->state != GAME_ACTIVE) {
		for (k = 0; k < 2; k++)
			if (g->ncond[k]) {
				if (s->bm.side_note[k].len)
					buf_puts(&s->bm.side_note[k], " ");
				buf_printf(&s->bm.side_note[k], _("Your conditional "
				           "lines on board %ld were dropped: the game is "
				           "over."), g->board);
			}
		game_cond_clear(g, -1);
		return 0;
	}
	if (g->nmoves == 0)
		return 0;
	owner = (int)g->pos.to_move;
	mover = !owner;
	if (check_mover && g->ncond[mover])
		cond_check_waiting(s, g, mover);
	if (!g->ncond[owner])
		return 0;
	who = owner == EP_WHITE ? g->white : g->black;
	moved_by = mover == EP_WHITE ? g->white : g->black;
	last = g->moves[g->nmoves - 1].text;
	snprintf(theirs, sizeof theirs, "%s", last);
	for (k = 0; k < g->ncond[owner]; k++) {
		struct game_cond *l = &g->cond[owner][k];
		if (strcmp(l->ply[0], last) != 0)
			continue;
		if (!matched++)
			snprintf(answer, sizeof answer, "%s", l->ply[1]);
		forced |= (int)(l->forced >> 1 & 1);
		if (l->n > 2) {
			struct game_cond *n = &keep[nkeep++];
			memset(n, 0, sizeof *n);
			n->n = l->n - 2;
			memcpy(n->ply, l->ply + 2, (size_t)n->n * sizeof l->ply[0]);
			n->forced = l->forced >> 2;
		}
	}
	dropped = g->ncond[owner] - matched;
	if (!matched) {
		buf_puts(head, " ");
		/* TRANSLATORS: the owner of the lines, then the player who
		 * moved. */
		buf_printf(head, _("%s's conditional lines were dropped: %s "
		           "played a move they did not foresee."), who, moved_by);
		if (s->bm.side_note[owner].len)
			buf_puts(&s->bm.side_note[owner], " ");
		/* TRANSLATORS: the board, then the opponent's move. */
		buf_printf(&s->bm.side_note[owner], _("None of your conditional "
		           "lines on board %ld began with %s: they are dropped, and "
		           "it is your move."), g->board, theirs);
		game_cond_clear(g, owner);
		return 0;
	}
	if (!forced && game_move_loses(g, answer, why, sizeof why)) {
		char own[EP_ERR_MAX + 256];
		buf_puts(head, " ");
		/* TRANSLATORS: the owner of the lines, then the move
		 * answered. */
		buf_printf(head, _("%s's conditional answer to %s was not "
		           "played: it would lose the game at once."), who, theirs);
		/* TRANSLATORS: follows a colon ("... was not played: "); %s
		 * is why the move loses. */
		snprintf(own, sizeof own, _("it would lose the game at once "
		         "(%s)"), why);
		cond_not_played(s, g, owner, answer, theirs, own);
		return 0;
	}
	if (game_play(g, answer, board_move_time(s, g), NULL, why, sizeof why) < 0) {
		char own[EP_ERR_MAX + 256];
		buf_puts(head, " ");
		/* TRANSLATORS: the owner of the lines, then the move
		 * answered. */
		buf_printf(head, _("%s's conditional answer to %s was not "
		           "played: it is not legal now."), who, theirs);
		/* TRANSLATORS: follows a colon ("... was not played: "); %s
		 * is why the move is not legal. */
		snprintf(own, sizeof own, _("it is not legal now (%s)"), why);
		cond_not_played(s, g, owner, answer, theirs, own);
		return 0;
	}
	board_clock_note(s, g);
	took = reply_captured(g, &caught);
	buf_puts(head, " ");
	if (!took)
		/* TRANSLATORS: the owner of the lines, the move played, then
		 * the move it answers. */
		buf_printf(head, _("%s's conditional move %s was played in "
		           "answer to %s."), who, g->moves[g->nmoves - 1].text,
		           theirs);
	else
		/* TRANSLATORS: the owner of the lines, the move played, the
		 * move it answers, the squares of the pieces it took ("e11
		 * and e12"), then how many. */
		buf_printf(head, ngettext("%1$s's conditional move %2$s was "
		           "played in answer to %3$s, capturing %4$s (%5$d).",
		           "%1$s's conditional move %2$s was played in answer to "
		           "%3$s, capturing %4$s (%5$d).", took), who,
		           g->moves[g->nmoves - 1].text, theirs, buf_str(&caught),
		           took);
	buf_free(&caught);
	game_cond_clear(g, owner);
	if (g->state != GAME_ACTIVE) {
		reply_result_words(g, res, sizeof res);
		buf_puts(head, " ");
		/* TRANSLATORS: %s is the result in words ("bob wins, alice
		 * resigned"). */
		buf_printf(head, _("The game is over: %s."), res);
		nkeep = 0;
	}
	for (k = 0; k < nkeep; k++) {
		int replaced;
		game_cond_add(g, owner, &keep[k], &replaced);
	}
	if (s->bm.side_note[owner].len)
		buf_puts(&s->bm.side_note[owner], " ");
	/* TRANSLATORS: the player's move, then the opponent's move it
	 * answered. */
	buf_printf(&s->bm.side_note[owner], _("Your conditional move %s "
	           "answered %s."), answer, theirs);
	if (dropped) {
		buf_puts(&s->bm.side_note[owner], " ");
		/* TRANSLATORS: the number of lines dropped, then the
		 * opponent's move. */
		buf_printf(&s->bm.side_note[owner], ngettext("%d of your lines "
		           "did not foresee %s and was dropped.", "%d of your "
		           "lines did not foresee %s and were dropped.", dropped),
		           dropped, theirs);
	}
	if (g->state == GAME_ACTIVE && g->ncond[owner]) {
		buf_puts(&s->bm.side_note[owner], " ");
		/* TRANSLATORS: the number of lines, then the board; the lines
		 * follow, one a line. */
		buf_printf(&s->bm.side_note[owner], ngettext("You have %d "
		           "conditional line left on board %ld:", "You have %d "
		           "conditional lines left on board %ld:", g->ncond[owner]),
		           g->ncond[owner], g->board);
	} else if (g->state == GAME_ACTIVE) {
		buf_puts(&s->bm.side_note[owner], " ");
		buf_printf(&s->bm.side_note[owner], _("That was the end of your "
		           "conditional lines on board %ld."), g->board);
	}
	if (g->state == GAME_ACTIVE)
		cond_list(g, owner, &s->bm.side_note[owner]);
	return 1;
}
