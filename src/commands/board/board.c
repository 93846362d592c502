/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * board.c - what the commands a player sends about one board share:
 * open it (check the password, take the board's lock, load the file)
 * and refuse with the board attached.  The board's lock, load and save
 * for any event, a mail's or not, are services/board.c; board_save_quiet
 * is board_save_to for the mail in hand.
 */
#include "commands/cmd.h"
#include "game/render.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The board of an error reply about g, as the mail's proved player
 * asked for boards (set ... board compact|list, board letters,
 * orientation); the wide board
 * White at the bottom for a mail that proved no one.  Malloc'ed. */
static char *error_board(const struct cmdctx *c, const struct game *g)
{
	struct user u;
	char *err = NULL;
	enum render_form form = RENDER_WIDE;
	enum render_letters letters = RENDER_LETTERS_WB;
	int down = 0;

	if (c->s.actor[0] &&
	    user_load(c->s.cfg->spool, c->s.actor, &u, &err) == 0) {
		form = (enum render_form)u.board;
		letters = (enum render_letters)u.letters;
		down = u.orientation == USER_ORIENT_BLACK ||
		       (u.orientation == USER_ORIENT_OWN &&
		        game_side_of(g, u.userid) == EP_BLACK);
		user_free(&u);
	}
	free(err);
	return render_board_form(g, form, down, letters);
}

enum cmd_status board_refuse(struct cmdctx *c, const struct game *g,
                             const char *usage, const char *fmt, ...)
{
	va_list ap;
	char tmp[2048];

	va_start(ap, fmt);
	vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	cmd_refuse(c, usage, "%s", tmp);
	free(c->error_board);
	c->error_board = g ? error_board(c, g) : NULL;
	if (g)
		reply_error_token(c, g);
	return CMD_REFUSED;
}

enum cmd_status board_lock_load(struct cmdctx *c, const char *game,
                                long board, const char *usage,
                                struct board_ctx *b)
{
	enum cmd_status st = board_lock(&c->s, game, board, b);

	if (st == CMD_REFUSED)
		return cmd_no_board(c, game, board, usage);
	return st;
}

enum cmd_status board_open(struct cmdctx *c, const char *game,
                           const char *board_word, char *userid,
                           const char *password, const char *usage,
                           struct board_ctx *b)
{
	struct user u;
	enum cmd_status st;
	long board = util_board_number(board_word);

	memset(b, 0, sizeof *b);
	b->l.fd = -1;
	if (board < 0)
		return cmd_refuse(c, usage, _("'%s' is not a board number"),
		                  board_word);
	util_lower(userid);
	if ((st = cmd_auth(c, userid, password, usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	if ((st = board_lock_load(c, game, board, usage, b)) != CMD_DONE)
		return st;
	snprintf(b->userid, sizeof b->userid, "%s", userid);
	if (game_side_of(&b->g, userid) < 0) {
		st = board_refuse(c, &b->g, usage, _("you (%s) are not a player "
		                  "on board %ld"), userid, board);
		board_close(b);
		return st;
	}
	return CMD_DONE;
}

enum cmd_status board_save_quiet(struct cmdctx *c, struct board_ctx *b,
                                 const struct game *shown,
                                 const char *headline, const char *what)
{
	return board_save_to(&c->s, b, c->sender, shown, headline, what);
}
