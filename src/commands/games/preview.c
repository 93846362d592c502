/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * preview.c - "GAME preview BOARD[#N] MOVE..." and "GAME preview new
 * [-options] MOVE...": try moves without playing them.
 *
 * No password and no lock: the board is read (files are replaced by
 * rename), the moves are played on a copy in memory, and the resulting
 * board goes to the sender only.  Nothing is written but the reply and
 * the processed-mail record.  BOARD#N starts from the position after the
 * first N moves of the board; "new" from the opening of the options.
 * Each move is checked under the full rules, whoever's turn it is (the
 * sides alternate), and a move that would make a position occur for the
 * third time is pointed out (RULES.md section 5).
 */
#include "util/log.h"
#include "commands/cmd.h"
#include "commands/table.h"
#include "game/render.h"
#include "spool/txn.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


/* The starting game: a board (maybe rewound) or a new one.  *used gets
 * the number of words taken (board word, options). */
static enum cmd_status preview_start(struct cmdctx *c, const char *game,
                                     int argc, char **argv, struct game *g,
                                     int *used)
{
	const char *usage = cmd_usage_of(c, "preview", CMDT_GAME, game);
	struct ep_options o;
	struct game full;
	char err[GAME_OPTIONS_ERR_MAX], *e = NULL, *hash = strchr(argv[0], '#');
	long board, n = -1;
	int rc, i;

	if (strcasecmp(argv[0], "new") == 0) {
		if (ep_options_default(&o, game, err, sizeof err) < 0)
			return cmd_refuse(c, usage, "%s", err);
		for (i = 1; i < argc && argv[i][0] == '-'; i++) {
			/* A setting that is not a rule changes no move. */
			struct game_settings set;
			game_settings_default(&set);
			if (game_option_apply(&o, &set, argv[i], err, sizeof err) < 0)
				return cmd_refuse(c, usage, "%s", err);
		}
		if (ep_options_check(&o, err, sizeof err) < 0)
			return cmd_refuse(c, usage, "%s", err);
		game_new(g, game, 0, &o, "white", "black", c->s.now);
		*used = i;
		return CMD_DONE;
	}
	if (hash) {
		*hash = '\0';
		n = util_ply_number(hash + 1);
		if (n < 0 && strcmp(hash + 1, "0") != 0)
			return cmd_refuse(c, usage, _("'#%s' is not a move number"),
			                  hash + 1);
		if (n < 0)
			n = 0;
	}
	if ((board = util_board_number(argv[0])) < 0)
		/* TRANSLATORS: %s is what the player wrote; 'new' stays as it
		 * is. */
		return cmd_refuse(c, usage, _("'%s' is not a board number or "
		                    "'new'"), argv[0]);
	rc = game_load(&full, c->s.cfg->spool, game, board, &e);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", e);
		free(e);
		return CMD_TEMPFAIL;
	}
	if (rc > 0)
		return cmd_no_board(c, game, board, usage);
	if (n > (long)full.nmoves) {
		/* TRANSLATORS: the board, its number of moves, then the
		 * number asked for. */
		cmd_refuse(c, usage, ngettext("board %ld has only %zu move, not "
		           "%ld", "board %ld has only %zu moves, not %ld",
		           full.nmoves), board, full.nmoves, n);
		game_free(&full);
		return CMD_REFUSED;
	}
	preview_rewind(&full, n < 0 ? full.nmoves : (size_t)n, g);
	if (full.state == GAME_CHALLENGED)
		game_challenge(g);
	game_free(&full);
	*used = 1;
	return CMD_DONE;
}

enum cmd_status preview_moves(struct cmdctx *c, struct game *g, int argc,
                              char **argv, const char *usage,
                              int analysis, int warn, struct buf *moves)
{
	char err[EP_ERR_MAX + 96], why[EP_ERR_MAX], word[64];
	int i, n, taken, loses = 0;
	size_t len;

	for (i = 0, n = 1; i < argc; i += taken, n++) {
		/* The forgiving notation of move: "e12 e10" is one move. */
		if ((taken = move_words(argv + i, argc - i, word, sizeof word)) < 0)
			return analysis ?
			       board_refuse(c, g, usage, _("move %d of your "
			                    "analysis is too long to be a move"), n) :
			       board_refuse(c, g, usage, _("move %d of your preview "
			                    "is too long to be a move"), n);
		len = strlen(word);
		if (len > 0 && word[len - 1] == '!')
			word[len - 1] = '\0';
		if (warn)
			loses = game_move_loses(g, word, why, sizeof why);
		if (game_play(g, word, c->s.now, NULL, err, sizeof err) < 0)
			return analysis ?
			       /* TRANSLATORS: the number of the move, the
			        * move, then why it is not legal. */
			       board_refuse(c, g, usage, _("move %d of your "
			                    "analysis, %s, is not legal here: %s"), n,
			                    word, err) :
			       /* TRANSLATORS: the number of the move, the
			        * move, then why it is not legal. */
			       board_refuse(c, g, usage, _("move %d of your preview, "
			                    "%s, is not legal here: %s"), n, word, err);
		buf_printf(moves, "%s%s", i ? " " : "", g->moves[g->nmoves - 1].text);
		if (!warn)
			continue;
		if (loses) {
			buf_puts(moves, " ");
			/* TRANSLATORS: after a move in a list of moves; %s is
			 * why it loses. */
			buf_printf(moves, _("(warning: this loses the game at "
			           "once: %s)"), why);
		} else if (game_repetitions(g) >= 3) {
			buf_puts(moves, " ");
			/* TRANSLATORS: after a move in a list of moves. */
			buf_puts(moves, _("(warning: this makes the same position "
			         "for the third time: see help rules)"));
		}
	}
	return CMD_DONE;
}

/* Play the moves on g; the headline tells what happened. */
static enum cmd_status preview_play(struct cmdctx *c, struct game *g,
                                    int argc, char **argv, struct buf *head)
{
	const char *usage = cmd_usage_of(c, "preview", CMDT_GAME, g->game);

	/* A preview may look ahead on a challenge not yet accepted. */
	if (g->state == GAME_CHALLENGED)
		g->state = GAME_ACTIVE;
	return preview_moves(c, g, argc, argv, usage, 0, 1, head);
}

enum cmd_status cmd_preview(struct cmdctx *c, const char *game, int argc,
                            char **argv)
{
	const char *usage = cmd_usage_of(c, "preview", CMDT_GAME, game);
	struct game g;
	struct buf head = BUF_INIT, moves = BUF_INIT;
	struct txn *t;
	char subject[128];
	enum cmd_status st;
	int used = 0;

	if (argc < 2)
		return cmd_refuse(c, usage, _("preview takes a board (or new) "
		                    "and at least one move"));
	if ((st = preview_start(c, game, argc, argv, &g, &used)) != CMD_DONE)
		return st;
	if (used >= argc) {
		game_free(&g);
		return cmd_refuse(c, usage, _("preview needs at least one move"));
	}
	st = preview_play(c, &g, argc - used, argv + used, &moves);
	if (st == CMD_DONE) {
		/* TRANSLATORS: %s is the moves played, with warnings. */
		buf_printf(&head, _("Preview (nothing was played): %s."),
		           buf_str(&moves));
		if (g.board)
			/* TRANSLATORS: a Subject: the game's name (Epaminondas),
			 * then the board as the player wrote it. */
			snprintf(subject, sizeof subject, _("%s preview of board "
			         "%s"), reply_game_title(game), argv[0]);
		else
			/* TRANSLATORS: a Subject: %s is the game's name
			 * (Epaminondas). */
			snprintf(subject, sizeof subject, _("%s preview of a new "
			         "board"), reply_game_title(game));
		t = svc_txn(&c->s, c->s.msg_key);
		c->s.bm.subject = subject;
		c->s.bm.no_token = 1;  /* a preview is not the board: no token */
		st = reply_board(&c->s, t, &g, buf_str(&head), "", NULL, c->sender);
		c->s.bm.no_token = 0;
		c->s.bm.subject = NULL;
		if (st == CMD_DONE)
			st = svc_commit(&c->s, t);
		else
			txn_abort(t);
	}
	buf_free(&head);
	buf_free(&moves);
	game_free(&g);
	return st;
}
