/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pending.c - moves stored for later on a board (struct game, pend):
 *
 *   GAME queue BOARD USERID PASSWORD MOVE|off
 *       a move of the player not to move, played right after the
 *       opponent's next move if it is legal then and does not lose at
 *       once while another move does not (pending_after_move,
 *       services/after_move.c);
 *       the board mail of that move says it was played or dropped.
 *   GAME submit BOARD USERID PASSWORD MOVE[#N]
 *       a move of the player to move, checked and stored but not played:
 *       the board it would make goes to the sender alone;
 *   GAME confirm BOARD USERID PASSWORD
 *       plays the submitted move.
 *
 * Both are kept in the game file (pending: lines) so that they survive
 * between mails; neither is shown to the opponent before it is played.
 * A submitted move is dropped by any change of the board (game.c), a
 * queued one when it cannot be played.  A new queue or submit replaces
 * the old one.
 */
#include "commands/cmd.h"
#include "commands/accounts/leave.h"
#include "commands/table.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>



enum cmd_status board_refuse_unless_active(struct cmdctx *c,
                                           const struct game *g,
                                           const char *usage)
{
	char res[EP_ERR_MAX + 96];

	if (g->state == GAME_CHALLENGED) {
		char why[256];
		game_not_started_text(g, why, sizeof why);
		return board_refuse(c, g, usage, "%s", why);
	}
	if (g->state != GAME_ACTIVE) {
		game_result_text(g, res, sizeof res);
		/* TRANSLATORS: the board, then the result in words. */
		return board_refuse(c, g, usage, _("board %ld is over: %s"),
		                    g->board, res);
	}
	return CMD_DONE;
}

enum cmd_status queue_on_board(struct cmdctx *c, struct board_ctx *b,
                               char *word)
{
	const char *usage = cmd_usage_of(c, "queue", CMDT_GAME, b->g.game);
	struct game *g = &b->g;
	int side = game_side_of(g, b->userid);
	char headline[512], old[EP_MOVE_TEXT_MAX + 64] = "";
	enum cmd_status st;

	if ((st = board_refuse_unless_active(c, g, usage)) != CMD_DONE)
		return st;
	if (side == (int)g->pos.to_move)
		/* TRANSLATORS: the board, then the opponent; move and queue
		 * are command words: keep them as they are. */
		return board_refuse(c, g, usage, _("it is your turn on board "
		                      "%ld: send your move with move (queue is for "
		                      "a move to play after %s's next move)"), g->board,
		                    game_opponent(g, b->userid));
	if (g->pend[side] == GAME_PEND_QUEUE)
		/* TRANSLATORS: after the sentence that says the move is
		 * queued (keep the leading space); %s is the move it
		 * replaces. */
		snprintf(old, sizeof old, _(" (It replaces %s.)"),
		         g->pend_move[side]);
	if (strcasecmp(word, "off") == 0) {
		if (g->pend[side] != GAME_PEND_QUEUE)
			return board_refuse(c, g, usage, _("you have no queued move "
			                      "on board %ld to drop"), g->board);
		/* TRANSLATORS: the move ("e2-e3"), then the board. */
		snprintf(headline, sizeof headline, _("Your queued move %s on "
		         "board %ld is dropped."), g->pend_move[side], g->board);
		game_pend_set(g, side, GAME_PEND_NONE, NULL, 0, NULL);
		g->updated = c->s.now;
		/* TRANSLATORS: the end of the mail's Subject, after
		 * "Epaminondas Board 101: ". */
		return board_save_quiet(c, b, g, headline,
		                        _("queued move dropped"));
	}
	util_lower(word);
	if (!game_move_form_ok(word))
		/* TRANSLATORS: %s is what the player wrote. */
		return board_refuse(c, g, usage, _("'%s' is not a move: a move "
		                      "is the square of the group's tail, - (or x for "
		                      "a capture) and the square its head lands on, "
		                      "e.g. e11-e10"), word);
	game_pend_set(g, side, GAME_PEND_QUEUE, word, c->s.now,
	              c->mail ? c->mail->message_id : NULL);
	g->updated = c->s.now;
	/* TRANSLATORS: the move, the board, the opponent, then the
	 * sentence that names the queued move it replaces, or nothing. */
	snprintf(headline, sizeof headline, _("Your move %s is queued on "
	         "board %ld: it will be played right after %s's next move, if "
	         "it is legal then.%s"), word, g->board,
	         game_opponent(g, b->userid), old);
	/* TRANSLATORS: the end of the mail's Subject, after "Epaminondas
	 * Board 101: ". */
	return board_save_quiet(c, b, g, headline, _("move queued"));
}

static enum cmd_status submit_on_board(struct cmdctx *c, struct board_ctx *b,
                                       char *word)
{
	const char *usage = cmd_usage_of(c, "submit", CMDT_GAME, b->g.game);
	struct game *g = &b->g, after;
	int side = game_side_of(g, b->userid);
	char headline[1024], res[EP_ERR_MAX + 96], *err = NULL;
	char conf[64], why[EP_ERR_MAX];
	enum cmd_status st;
	size_t len;
	int rc, loses;

	if ((st = board_refuse_unless_active(c, g, usage)) != CMD_DONE)
		return st;
	if (side != (int)g->pos.to_move)
		return move_not_your_turn(c, g, b->userid, word, usage);
	/* The move is tried on a second copy of the board, loaded from the
	 * same file under the same lock. */
	rc = game_load(&after, c->s.cfg->spool, g->game, g->board, &err);
	if (rc != 0) {
		log_msg(LOG_ERR, "%s\n", err ? err : "board vanished");
		free(err);
		return CMD_TEMPFAIL;
	}
	/* submit is the check before playing: a move that loses at once is
	 * stored with a warning, and confirm is its confirmation. */
	if (snprintf(conf, sizeof conf, "%s%s", word, *word && word[strlen(word)
	             - 1] == '!' ? "" : "!") >= (int)sizeof conf)
		conf[0] = '\0';  /* too long to be a move: move_play says so */
	st = move_play(c, &after, b->userid, conf[0] ? conf : word);
	if (st != CMD_DONE) {
		game_free(&after);
		return st;
	}
	loses = game_move_loses(g, after.moves[after.nmoves - 1].text, why,
	                        sizeof why);
	/* word had its #N cut off by move_play. */
	game_pend_set(g, side, GAME_PEND_SUBMIT, after.moves[after.nmoves - 1].text,
	              c->s.now, c->mail ? c->mail->message_id : NULL);
	g->updated = c->s.now;
	/* The command on a line of its own: wrapped prose never splits it
	 * (issue 14). */
	/* TRANSLATORS: the move ("e2-e3"), then the board. */
	snprintf(headline, sizeof headline, _("Your move %s on board %ld is "
	         "submitted, not played: below is the board it would make (a "
	         "submitted move is dropped when the board changes; a new submit "
	         "replaces it)."), g->pend_move[side], g->board);
	len = strlen(headline);
	if (loses)
		/* TRANSLATORS: a sentence after another (keep the leading
		 * space); %s is why the move loses. */
		snprintf(headline + len, sizeof headline - len, _(" Warning: "
		         "this move loses the game at once: %s."), why);
	else if (game_repetitions(&after) >= 3)
		/* TRANSLATORS: a sentence after another (keep the leading
		 * space). */
		snprintf(headline + len, sizeof headline - len, "%s", _(" "
		         "Warning: this move makes the same position for the third "
		         "time (see help rules)."));
	if (after.state == GAME_FINISHED) {
		game_result_text(&after, res, sizeof res);
		len = strlen(headline);
		/* TRANSLATORS: a sentence after another (keep the leading
		 * space); %s is the result in words. */
		snprintf(headline + len, sizeof headline - len, _(" It would "
		         "end the game: %s."), res);
	}
	len = strlen(headline);
	/* TRANSLATORS: the command words and PASSWORD stay as they are:
	 * the game, the board, then the userid. */
	snprintf(headline + len, sizeof headline - len, _("\nTo play it, "
	         "reply to this mail with just confirm, or send:\n  %s confirm "
	         "%ld %s PASSWORD"), g->game, g->board, b->userid);
	/* TRANSLATORS: the end of the mail's Subject, after "Epaminondas
	 * Board 101: ". */
	st = board_save_quiet(c, b, &after, headline, _("move submitted"));
	game_free(&after);
	return st;
}

enum cmd_status confirm_on_board(struct cmdctx *c, struct board_ctx *b)
{
	const char *usage = cmd_usage_of(c, "confirm", CMDT_GAME, b->g.game);
	struct game *g = &b->g;
	int side = game_side_of(g, b->userid);
	char word[EP_MOVE_TEXT_MAX + 1];
	enum cmd_status st;

	if ((st = board_refuse_unless_active(c, g, usage)) != CMD_DONE)
		return st;
	if (g->pend[side] != GAME_PEND_SUBMIT)
		/* TRANSLATORS: keep the command words as they are: what a
		 * player types. */
		return board_refuse(c, g, usage, _("you have no submitted move "
		                      "on board %ld to confirm (send submit first; a "
		                      "submitted move is dropped when the board "
		                      "changes)"), g->board);
	if (timeout_move_late(c, b, &st))
		return st;   /* -timeout=auto: too late, lost on time */
	/* confirm is the "!" of a submitted move that loses at once. */
	snprintf(word, sizeof word, "%s!", g->pend_move[side]);
	st = move_play(c, g, b->userid, word);
	if (st != CMD_DONE)
		return st;
	return move_done(c, b, "confirmed and played");
}

/* argv: BOARD USERID PASSWORD [MOVE]; nwords the count wanted. */
static enum cmd_status pending_cmd(struct cmdctx *c, const char *game,
                                   const char *verb, int argc, char **argv,
                                   int nwords, const char *usage)
{
	struct board_ctx b;
	enum cmd_status st;
	char word[64] = "";
	size_t before;
	int taken = 0;

	/* The forgiving notation of move (move_words): "e12 e10",
	 * "c2-c4 #13", "c2-c4.", "e2 - e3". */
	if (nwords == 4 && argc >= 4 &&
	    (taken = move_words(argv + 3, argc - 3, word, sizeof word)) < 0)
		return cmd_refuse(c, usage, _("'%.20s...' is too long to be a move"),
		                  argv[3]);
	if (taken > 1)
		argc -= taken - 1;
	if (argc != nwords && nwords == 4)
		/* TRANSLATORS: %s is the command word (queue, submit). */
		return cmd_refuse(c, usage, _("%s takes a board number, your "
		                    "userid, your password and the move"), verb);
	if (argc != nwords)
		/* TRANSLATORS: %s is the command word (confirm). */
		return cmd_refuse(c, usage, _("%s takes a board number, your "
		                    "userid, your password and nothing more"),
		                  verb);
	st = board_open(c, game, argv[0], argv[1], argv[2], usage, &b);
	if (st != CMD_DONE)
		return st;
	before = b.g.nmoves;
	if (strcmp(verb, "queue") == 0)
		st = queue_on_board(c, &b, word);
	else if (strcmp(verb, "submit") == 0)
		st = submit_on_board(c, &b, word);
	else
		st = confirm_on_board(c, &b);
	leave_board_close(c, &b, before, st);
	return st;
}

enum cmd_status cmd_queue(struct cmdctx *c, const char *game, int argc,
                          char **argv)
{
	const char *usage = cmd_usage_of(c, "queue", CMDT_GAME, game);
	return pending_cmd(c, game, "queue", argc, argv, 4, usage);
}

enum cmd_status cmd_submit(struct cmdctx *c, const char *game, int argc,
                           char **argv)
{
	const char *usage = cmd_usage_of(c, "submit", CMDT_GAME, game);
	return pending_cmd(c, game, "submit", argc, argv, 4, usage);
}

enum cmd_status cmd_confirm(struct cmdctx *c, const char *game, int argc,
                            char **argv)
{
	const char *usage = cmd_usage_of(c, "confirm", CMDT_GAME, game);
	return pending_cmd(c, game, "confirm", argc, argv, 3, usage);
}
