/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * signoff.c - what a player's signoff leaves behind (issue 29).
 *
 * Challenges a player never accepted must not keep her account open:
 * anyone may send them, so they would let anyone stop her leaving.  So
 * signoff is refused only while a game is being played (cmd_signoff,
 * accounts.c); everything else that waits is called off once the
 * account is closed:
 *
 *   - every challenge naming her that has not started: declined when she
 *     had not agreed to it, withdrawn when she had (she signed it or
 *     accepted it, and the other player had not yet); either way the
 *     board is cancelled and never rated, and the other player (and any
 *     observer) gets the board mail saying she signed off;
 *   - her open seeks: withdrawn (nobody else is on them).
 *
 * Each is its own transaction under the board's lock, taken after the
 * "users" lock is released (lock.h: one resource lock at a time), and
 * after the account is closed, so that she gets no mail about them and
 * nobody can challenge her again meanwhile.  A board that cannot be
 * changed now (busy, unreadable), or a challenge made in the instant
 * between the close and the scan, is left to the sweep, which calls off
 * every challenge naming a player who has left (signoff_call_off); a
 * seek left behind expires after seek_days, and a left player's seek
 * takes nobody.
 */
#include "commands/accounts/account.h"
#include "commands/cmd.h"
#include "spool/seeks.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A refusal met on the way (a board gone) is no answer to the mail. */
static void forget_refusal(struct cmdctx *c)
{
	buf_reset(&c->error);
	c->usage = NULL;
}

/* Call off board of game if it is still a challenge naming userid.
 * 0 done or nothing to do, -1 not now (logged). */
static int cancel_challenge(struct cmdctx *c, const char *game, long board,
                            const char *userid)
{
	struct board_ctx b;
	enum cmd_status st;

	st = board_lock_load(c, game, board, "", &b);
	if (st != CMD_DONE) {
		forget_refusal(c);
		if (st == CMD_TEMPFAIL)
			log_msg(LOG_ERR, "signoff of %s: %s board %ld is busy: its "
			        "challenge stays until the sweep calls it off\n",
			        userid, game, board);
		return st == CMD_TEMPFAIL ? -1 : 0;
	}
	st = signoff_call_off(&c->s, &b, userid);
	board_close(&b);
	if (st == CMD_TEMPFAIL)
		log_msg(LOG_ERR, "signoff of %s: %s board %ld: the challenge could "
		        "not be cancelled now; the sweep calls it off\n", userid,
		        game, board);
	return st == CMD_TEMPFAIL ? -1 : 0;
}

/* Withdraw s, an open seek of userid, under its board's lock.  0, or -1
 * (logged). */
static int cancel_seek(struct cmdctx *c, const struct seek *s)
{
	struct lock l = LOCK_INIT;
	struct seek now;
	struct txn *t;
	char key[64], rel[128], *file, *err = NULL;
	int rc = -1;

	spool_board_key(s->game, s->board, key, sizeof key);
	if (svc_lock(&c->s, key, &l) != CMD_DONE) {
		forget_refusal(c);
		goto out;
	}
	switch (seek_load(c->s.cfg->spool, s->game, s->board, &now, &err)) {
	case 0:
		break;
	case 1:
		rc = 0;  /* gone */
		goto out;
	default:
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		goto out;
	}
	if (now.state != SEEK_OPEN || strcmp(now.seeker, s->seeker) != 0) {
		rc = 0;  /* taken or closed meanwhile */
		goto out;
	}
	now.state = SEEK_WITHDRAWN;
	now.closed = c->s.now;
	t = svc_txn(&c->s, key);
	file = seek_format(&now);
	seek_path(now.game, now.board, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
	rc = svc_commit(&c->s, t) == CMD_DONE ? 0 : -1;
out:
	lock_release(&l);
	if (rc < 0)
		log_msg(LOG_ERR, "signoff of %s: the seek on %s board %ld could not "
		        "be withdrawn now; the sweep closes it\n", s->seeker,
		        s->game, s->board);
	return rc;
}

struct signoff_walk {
	struct cmdctx *c;
	const char *userid;
};

/* spool_each_board callback: call off board when it is a challenge
 * naming w->userid; 1 when that failed. */
static int cancel_one(const char *game, long board, void *arg)
{
	struct signoff_walk *w = arg;
	struct game g;
	char *err = NULL;
	int challenged;

	/* A look without the lock first: most boards are not hers. */
	if (game_load(&g, w->c->s.cfg->spool, game, board, &err) != 0) {
		free(err);
		return 0;  /* admin check reports unreadable boards */
	}
	challenged = g.state == GAME_CHALLENGED &&
	             game_side_of(&g, w->userid) >= 0;
	game_free(&g);
	return challenged && cancel_challenge(w->c, game, board, w->userid) < 0;
}

int signoff_cancel(struct cmdctx *c, const char *userid)
{
	struct signoff_walk w = { c, userid };
	struct seek *all = NULL;
	size_t n = 0, k;
	int failed;

	/* Challenges are never archived: games/GAME/ holds them all. */
	failed = spool_each_board(c->s.cfg->spool, cancel_one, &w);
	if (seek_list(c->s.cfg->spool, &all, &n) < 0)
		return failed + 1;
	for (k = 0; k < n; k++)
		if (all[k].state == SEEK_OPEN &&
		    strcmp(all[k].seeker, userid) == 0 &&
		    cancel_seek(c, &all[k]) < 0)
			failed++;
	free(all);
	return failed;
}
