/*
 * move.c - "GAME move BOARD USERID PASSWORD MOVE[#N]": play a move.
 *
 * #N, when given, must be the number of the move being made (1 for the
 * first move of the game): a mail written against an old board is refused
 * instead of being played on a position its writer has not seen.
 */
#include "cmd/cmd.h"
#include "game/render.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOVE_USAGE "GAME move BOARD USERID PASSWORD MOVE[#N]\n" \
	"  e.g. epaminondas move 101 alice Secret42 e2-e4\n" \
	"       epaminondas move 101 alice Secret42 e2-e4#1\n" \
	"  A move is tail-destination: the rear piece of the group, then the\n" \
	"  square its front piece lands on (x for a capture, e.g. e5xe7).\n" \
	"  #N, optional, is the number of the move you are making."

/* Split "e2-e4#7" into the move and the number (0 when absent, -1 bad). */
static long split_number(char *word)
{
	char *hash = strchr(word, '#');
	long n;

	if (!hash)
		return 0;
	*hash = '\0';
	n = util_board_number(hash + 1);
	return n > 0 ? n : -1;
}

/* Refuse with the current board attached. */
static enum cmd_status refuse_with_board(struct cmdctx *c,
                                         const struct game *g)
{
	free(c->error_board);
	c->error_board = render_board(g, 0);
	return CMD_REFUSED;
}

static enum cmd_status play(struct cmdctx *c, struct game *g,
                            const char *userid, char *word)
{
	char err[EP_ERR_MAX + 96];
	long n = split_number(word);
	int side = game_side_of(g, userid);

	if (side < 0)
		return cmd_refuse(c, MOVE_USAGE, "you (%s) are not a player on "
		                  "board %ld", userid, g->board);
	if (g->state != GAME_ACTIVE) {
		game_result_text(g, err, sizeof err);
		cmd_refuse(c, MOVE_USAGE, "board %ld is over: %s", g->board, err);
		return refuse_with_board(c, g);
	}
	if ((int)g->pos.to_move != side) {
		cmd_refuse(c, MOVE_USAGE, "it is not your turn on board %ld: "
		           "%s is to move", g->board, game_to_move(g));
		return refuse_with_board(c, g);
	}
	if (n < 0 || (n > 0 && (size_t)n != g->nmoves + 1)) {
		cmd_refuse(c, MOVE_USAGE, "your move is marked #%s but the move "
		           "being made on board %ld is #%zu; the board has changed "
		           "since you wrote (see below)", word + strlen(word) + 1,
		           g->board, g->nmoves + 1);
		return refuse_with_board(c, g);
	}
	if (game_play(g, word, c->now, c->mail ? c->mail->message_id : NULL,
	              err, sizeof err) < 0) {
		cmd_refuse(c, MOVE_USAGE, "%s is not a legal move on board %ld: %s",
		           word, g->board, err);
		return refuse_with_board(c, g);
	}
	return CMD_DONE;
}

enum cmd_status cmd_move(struct cmdctx *c, const char *game, int argc,
                         char **argv)
{
	struct user u;
	struct game g;
	struct lock l = LOCK_INIT;
	struct txn *t;
	char key[64], rel[128], headline[512], res[EP_ERR_MAX + 96];
	char *err = NULL, *file;
	enum cmd_status st;
	long board;
	int rc;

	if (argc != 4)
		return cmd_refuse(c, MOVE_USAGE, "move takes a board number, your "
		                  "userid, your password and the move");
	board = util_board_number(argv[0]);
	if (board < 0)
		return cmd_refuse(c, MOVE_USAGE, "'%s' is not a board number",
		                  argv[0]);
	util_lower(argv[1]);
	if ((st = cmd_auth(c, argv[1], argv[2], MOVE_USAGE, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	spool_board_key(game, board, key, sizeof key);
	if ((st = cmd_lock(c, key, &l)) != CMD_DONE)
		return st;
	rc = game_load(&g, c->cfg->spool, game, board, &err);
	if (rc != 0) {
		lock_release(&l);
		if (rc < 0) {
			fprintf(stderr, "epamserv: %s\n", err);
			free(err);
			return CMD_TEMPFAIL;
		}
		return cmd_refuse(c, MOVE_USAGE, "there is no %s board %ld", game,
		                  board);
	}
	st = play(c, &g, argv[1], argv[3]);
	if (st == CMD_DONE) {
		t = cmd_txn(c, key);
		file = game_format(&g);
		spool_board_path(game, board, rel, sizeof rel);
		txn_put(t, rel, file, strlen(file));
		free(file);
		snprintf(headline, sizeof headline, "%s played %s.", argv[1],
		         g.moves[g.nmoves - 1].text);
		if (g.state != GAME_ACTIVE) {
			game_result_text(&g, res, sizeof res);
			snprintf(headline + strlen(headline),
			         sizeof headline - strlen(headline),
			         " The game is over: %s.", res);
		}
		reply_board(c, t, &g, headline, c->comment, argv[1], NULL);
		st = cmd_commit(c, t);
	}
	lock_release(&l);
	game_free(&g);
	return st;
}
