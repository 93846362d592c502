/*
 * show.c - "GAME show BOARD": the current board, to the sender only.
 * Needs no password: boards are public, as on pbmserv.
 */
#include "util/log.h"
#include "cmd/cmd.h"
#include "spool/txn.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>

#define SHOW_USAGE "GAME show BOARD\n  e.g. epaminondas show 101"

enum cmd_status cmd_show(struct cmdctx *c, const char *game, int argc,
                         char **argv)
{
	struct game g;
	struct txn *t;
	char headline[128], *err = NULL;
	enum cmd_status st;
	long board;
	int rc;

	if (argc != 1)
		return cmd_refuse(c, SHOW_USAGE, "show takes one board number");
	board = util_board_number(argv[0]);
	if (board < 0)
		return cmd_refuse(c, SHOW_USAGE, "'%s' is not a board number",
		                  argv[0]);
	/* Files are replaced by rename, so reading needs no lock. */
	rc = game_load(&g, c->cfg->spool, game, board, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0)
		return cmd_refuse(c, SHOW_USAGE, "there is no %s board %ld", game,
		                  board);
	t = cmd_txn(c, c->msg_key);
	snprintf(headline, sizeof headline, "Board %ld as it stands.", board);
	st = reply_board(c, t, &g, headline, "", NULL, c->sender);
	if (st == CMD_DONE)
		st = cmd_commit(c, t);
	else
		txn_abort(t);
	game_free(&g);
	return st;
}
