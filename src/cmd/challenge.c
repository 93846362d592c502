/*
 * challenge.c - "GAME challenge WHITE BLACK [-options]": a new board.
 *
 * The first userid plays White and moves first.  The board is made at
 * once in the challenged state: nothing can be played until the second
 * player accepts it (answer.c); both players get the opening board with
 * the words to accept or decline.  Options are those of RULES.md section 6, checked by the
 * rules engine; a bad option refuses the challenge and names the problem.
 */
#include "util/log.h"
#include "cmd/cmd.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHALLENGE_USAGE "GAME challenge WHITE-USERID BLACK-USERID [-options]\n" \
	"  e.g. epaminondas challenge alice bob\n" \
	"       epaminondas challenge alice bob -size=8x8 -symmetry=off\n" \
	"  options: -size=WxH -block=c5,f7 -symmetry=mirror|rotate|both|off\n" \
	"           -repetition=loss|draw|off -rules=abbott|igfip\n" \
	"           -crossed=move|stay|safe -frozen"

static enum cmd_status check_player(struct cmdctx *c, char *userid)
{
	struct user u;
	char *err = NULL;
	int rc;

	util_lower(userid);
	if (!util_userid_ok(userid))
		return cmd_refuse(c, CHALLENGE_USAGE, "'%s' is not a valid userid",
		                  userid);
	rc = user_load(c->cfg->spool, userid, &u, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0)
		return cmd_refuse(c, CHALLENGE_USAGE, "there is no user '%s'", userid);
	rc = u.left != 0;
	user_free(&u);
	if (rc)
		return cmd_refuse(c, CHALLENGE_USAGE, "'%s' has signed off and "
		                  "plays no more", userid);
	return CMD_DONE;
}

enum cmd_status cmd_challenge(struct cmdctx *c, const char *game, int argc,
                              char **argv)
{
	struct ep_options o;
	struct game g;
	struct lock l = LOCK_INIT;
	struct txn *t;
	char key[64], rel[128], err[EP_ERR_MAX], next[32], headline[256];
	char *file;
	enum cmd_status st;
	long board;
	int i;

	if (argc < 2)
		return cmd_refuse(c, CHALLENGE_USAGE, "challenge needs two userids");
	if ((st = check_player(c, argv[0])) != CMD_DONE ||
	    (st = check_player(c, argv[1])) != CMD_DONE)
		return st;
	if (strcmp(argv[0], argv[1]) == 0)
		return cmd_refuse(c, CHALLENGE_USAGE, "a game needs two different "
		                  "players");
	if (ep_options_default(&o, game, err, sizeof err) < 0)
		return cmd_refuse(c, CHALLENGE_USAGE, "%s", err);
	for (i = 2; i < argc; i++)
		if (ep_options_apply(&o, argv[i], err, sizeof err) < 0)
			return cmd_refuse(c, CHALLENGE_USAGE, "%s", err);
	if (ep_options_check(&o, err, sizeof err) < 0)
		return cmd_refuse(c, CHALLENGE_USAGE, "%s", err);

	snprintf(key, sizeof key, "next-%s", game);
	if ((st = cmd_lock(c, key, &l)) != CMD_DONE)
		return st;
	board = spool_next_board(c->cfg->spool, game);
	game_new(&g, game, board, &o, argv[0], argv[1], c->now);
	game_challenge(&g);
	tokens_mint(c, &g);
	t = cmd_txn(c, key);
	file = game_format(&g);
	spool_board_path(game, board, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	snprintf(rel, sizeof rel, "games/%s/next", game);
	snprintf(next, sizeof next, "%ld\n", board + 1);
	txn_put(t, rel, next, strlen(next));
	snprintf(headline, sizeof headline, "%s challenges %s: %s would play "
	         "White, %s Black.", g.white, g.black, g.white, g.black);
	st = reply_board(c, t, &g, headline, c->comment, g.white, NULL);
	c->have_tokens = 0;
	if (st == CMD_DONE)
		st = cmd_commit(c, t);
	else
		txn_abort(t);
	lock_release(&l);
	free(file);
	game_free(&g);
	return st;
}
