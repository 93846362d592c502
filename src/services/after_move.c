/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * after_move.c - what runs on a board after every move, whoever made it
 * (the move command, confirm, a robot's turn): the conditional lines'
 * answers (issue 15, ICCF linear conditionals: cond_after_move) and the
 * queued move (pending_after_move).  The commands that store the lines
 * and the queued move (conditional, queue, submit, confirm) are in
 * src/commands/games; they read the lines with cond_check and cond_list.
 *
 * After the opponent's move (cond_after_move, from pending_after_move;
 * before a queued move, which is dropped when an answer is played) each
 * of the owner's lines whose next move is the move just played gives its
 * answer, checked again (legal, not losing at once unless marked);
 * the others are dropped.  The board mail tells everyone the answer
 * played, or that the owner's lines were dropped; only the owner's own
 * mail names the moves of a line not played (s->bm.side_note).
 */
#include "services/after_move.h"
#include "services/clock.h"
#include "services/lang.h"
#include "services/result_words.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void preview_rewind(const struct game *g, size_t n, struct game *out)
{
	char err[EP_ERR_MAX + 96];
	size_t i;

	game_new(out, g->game, g->board, &g->opts, g->white, g->black,
	         g->created);
	for (i = 0; i < n; i++)
		game_play(out, g->moves[i].text, g->moves[i].when, NULL, err,
		          sizeof err);
}

/* Check line l of side (not to move on g) on a replay of g, move by move:
 * every step legal; an own step (odd index) that loses at once only when
 * marked; no step after the game would be over.  On success the plies
 * are made canonical in l and -1 is returned; else the index of the bad
 * ply, with why (len bytes) in words for the owner. */
int cond_check(const struct game *g, struct game_cond *l, char *why,
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
void cond_list(const struct game *g, int side, struct buf *b)
{
	char text[COND_TEXT_MAX];
	int k;

	for (k = 0; k < g->ncond[side]; k++) {
		game_cond_format(&g->cond[side][k], text, sizeof text);
		buf_printf(b, "\n  %d. %s", k + 1, text);
	}
}

/* Write what follows in the language of side's player (lang.h): a
 * side note is his alone.  Returns the language that was in use. */
static const char *note_lang(const struct svc *s, const struct game *g,
                             int side)
{
	return lang_use_user(s->cfg, side == EP_WHITE ? g->white : g->black);
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
	const char *was = note_lang(s, g, mover);

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
	i18n_use(was);
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

/* The answer of owner's lines to the move just played (owner to move,
 * with lines), as cond_after_move; the side note in the language in
 * use. */
static int cond_answer(struct svc *s, struct game *g, struct headline *head,
                       int owner)
{
	int mover = !owner, k, matched = 0, forced = 0, dropped;
	const char *who, *moved_by, *last;
	char answer[EP_MOVE_TEXT_MAX], theirs[EP_MOVE_TEXT_MAX];
	char why[EP_ERR_MAX + 96];
	struct game_cond keep[GAME_COND_LINES];
	int nkeep = 0;

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
		/* TRANSLATORS: the owner of the lines, then the player who
		 * moved. */
		headline_say(head, N_("%s's conditional lines were dropped: %s "
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
		/* TRANSLATORS: the owner of the lines, then the move
		 * answered. */
		headline_say(head, N_("%s's conditional answer to %s was not "
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
		/* TRANSLATORS: the owner of the lines, then the move
		 * answered. */
		headline_say(head, N_("%s's conditional answer to %s was not "
		           "played: it is not legal now."), who, theirs);
		/* TRANSLATORS: follows a colon ("... was not played: "); %s
		 * is why the move is not legal. */
		snprintf(own, sizeof own, _("it is not legal now (%s)"), why);
		cond_not_played(s, g, owner, answer, theirs, own);
		return 0;
	}
	board_clock_note(s, g);
	headline_move(head, HEADLINE_CONDITIONAL, who, g->nmoves - 1);
	game_cond_clear(g, owner);
	if (g->state != GAME_ACTIVE) {
		headline_move(head, HEADLINE_RESULT, NULL, 0);
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

int cond_after_move(struct svc *s, struct game *g, struct headline *head,
                    int check_mover)
{
	const char *was;
	int k, owner, played;

	if (g->state != GAME_ACTIVE) {
		for (k = 0; k < 2; k++)
			if (g->ncond[k]) {
				was = note_lang(s, g, k);
				if (s->bm.side_note[k].len)
					buf_puts(&s->bm.side_note[k], " ");
				buf_printf(&s->bm.side_note[k], _("Your conditional "
				           "lines on board %ld were dropped: the game is "
				           "over."), g->board);
				i18n_use(was);
			}
		game_cond_clear(g, -1);
		return 0;
	}
	if (g->nmoves == 0)
		return 0;
	owner = (int)g->pos.to_move;
	if (check_mover && g->ncond[!owner])
		cond_check_waiting(s, g, !owner);
	if (!g->ncond[owner])
		return 0;
	/* The owner's words in his language: his side note (issue 32). */
	was = note_lang(s, g, owner);
	played = cond_answer(s, g, head, owner);
	i18n_use(was);
	return played;
}

void pending_after_move(struct svc *s, struct game *g,
                        struct headline *head)
{
	int q = (int)g->pos.to_move;
	const char *who = q == EP_WHITE ? g->white : g->black;
	char text[EP_MOVE_TEXT_MAX], *msgid = NULL;
	char err[EP_ERR_MAX + 96];
	int queued = g->state == GAME_ACTIVE && g->pend[q] == GAME_PEND_QUEUE;

	/* Conditional lines (cond_after_move) before a queued move: an answer
	 * to the very move played is the more specific wish, and the queued
	 * move is dropped when one is played (the queue is the fallback
	 * when no line applies).  An answer may answer a line of the other
	 * player in turn, one answer per move. */
	if (cond_after_move(s, g, head, 1)) {
		if (queued) {
			/* TRANSLATORS: %s is the player whose move was queued. */
			headline_say(head, N_("%s's queued move was dropped: a "
			           "conditional answer was played instead."), who);
		}
		game_pend_set(g, q, GAME_PEND_NONE, NULL, 0, NULL);
		while (cond_after_move(s, g, head, 0))
			;
		queued = 0;
	}
	(void)queued;
	/* After a move the queue of interest is the side now to move; a
	 * game that ended has no side to move and no pending moves left. */
	if (g->state != GAME_ACTIVE) {
		int i;
		for (i = 0; i < 2; i++)
			if (g->pend[i] == GAME_PEND_QUEUE) {
				/* TRANSLATORS: the player, then the move. */
				headline_say(head, N_("%s's queued move %s was dropped: "
				           "the game is over."), i == EP_WHITE ?
				           g->white : g->black, g->pend_move[i]);
			}
		game_pend_set(g, 0, GAME_PEND_NONE, NULL, 0, NULL);
		game_pend_set(g, 1, GAME_PEND_NONE, NULL, 0, NULL);
		return;
	}
	if (g->pend[q] != GAME_PEND_QUEUE)
		return;
	snprintf(text, sizeof text, "%s", g->pend_move[q]);
	if (g->pend_msgid[q])
		msgid = xstrdup(g->pend_msgid[q]);
	game_pend_set(g, q, GAME_PEND_NONE, NULL, 0, NULL);
	/* A queued move that loses at once while another move does not is
	 * never played for its owner (RULES.md sections 3 and 5). */
	if (game_move_loses(g, text, err, sizeof err)) {
		/* err may hold its own parentheses ("(see help
		 * rules)"): it follows a colon.  The mail goes to both players
		 * and observers, so it addresses none of them. */
		/* TRANSLATORS: the player, the move, then why it loses. */
		headline_say(head, N_("%s's queued move %s was not played, as it "
		           "would lose the game at once: %s."), who, text, err);
	} else if (game_play(g, text, board_move_time(s, g), msgid, err,
	                     sizeof err) < 0) {
		/* TRANSLATORS: the player, the move, then why it is not
		 * legal. */
		headline_say(head, N_("%s's queued move %s was dropped: it is not "
		           "legal now (%s)."), who, text, err);
	} else {
		board_clock_note(s, g);
		headline_move(head, HEADLINE_QUEUED, who, g->nmoves - 1);
		if (g->state != GAME_ACTIVE)
			headline_move(head, HEADLINE_RESULT, NULL, 0);
	}
	free(msgid);
}
