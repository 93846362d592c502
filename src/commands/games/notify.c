/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * notify.c - "GAME notify USERID PASSWORD [BOARD...]" (pbmserv's, issue
 * 15): a mail to the player when those boards, or without boards any
 * board of GAME, end; "GAME notify USERID PASSWORD off" clears the
 * player's requests of that game.
 *
 * The requests live in the player's user file ("notify: GAME BOARD",
 * "notify: GAME all", users.h).  So that a game's end does not load
 * every user file to find who asked, the requests are also kept in one
 * small index, SPOOL/notify ("USERID GAME BOARD" a line, BOARD -1 for
 * all, one user's lines together),
 * rewritten with the user file in the same transaction under the
 * "users" lock.  A game that ends (board_save) reads the index only, and
 * loads the user files of the lines that match; a line the user file no
 * longer holds (the index is a cache of the user files) sends nothing.
 *
 * Privacy: a board played with -observers=off is its players' business:
 * notify for it is refused to anyone else, and "all" never covers it.
 * The players of a board and its observers get its final board mail
 * anyway, so a request of theirs sends nothing more.  Requests for
 * boards that are over or gone are dropped the next time the player
 * sends notify.
 */
#include "commands/cmd.h"
#include "commands/table.h"
#include "spool/addrindex.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Put into t the index with u's lines replaced by u->notify (the caller
 * holds "users").  0, or -1 when the index cannot be read. */
static int notify_index_put(struct txn *t, const char *spool,
                            const struct user *u)
{
	struct buf b = BUF_INIT;
	char *text = notify_index_read(spool), *line, *next;
	size_t idlen = strlen(u->userid), i;
	int mine_out = 0;

	if (!text)
		return -1;
	buf_puts(&b, NOTIFY_MAGIC);
	/* Lines stay sorted by userid: u's go where the first of theirs
	 * was, or before the first userid after theirs. */
	for (line = text; *line; line = next) {
		next = strchr(line, '\n');
		next = next ? next + 1 : line + strlen(line);
		if (strncmp(line, NOTIFY_MAGIC, strlen(NOTIFY_MAGIC)) == 0)
			continue;
		int theirs = strncmp(line, u->userid, idlen) == 0 &&
		             line[idlen] == ' ';
		if (!mine_out && (theirs || strncmp(line, u->userid, idlen) > 0)) {
			for (i = 0; i < u->nnotify; i++)
				buf_printf(&b, "%s %s %ld\n", u->userid, u->notify[i].game,
				           u->notify[i].board);
			mine_out = 1;
		}
		if (!theirs)
			buf_append(&b, line, (size_t)(next - line));
	}
	if (!mine_out)
		for (i = 0; i < u->nnotify; i++)
			buf_printf(&b, "%s %s %ld\n", u->userid, u->notify[i].game,
			           u->notify[i].board);
	free(text);
	txn_put(t, NOTIFY_INDEX, b.data, b.len);
	buf_free(&b);
	return 0;
}

/* Drop u's requests of game for boards that are over or gone. */
static void notify_prune(struct cmdctx *c, struct user *u, const char *game)
{
	size_t i, k = 0;

	for (i = 0; i < u->nnotify; i++) {
		struct user_notify *n = &u->notify[i];
		struct game g;
		char *err = NULL;
		int keep = 1, rc;
		if (n->board >= 0 && strcmp(n->game, game) == 0) {
			rc = game_load(&g, c->s.cfg->spool, game, n->board, &err);
			free(err);
			keep = rc < 0 || (rc == 0 && g.state != GAME_FINISHED &&
			                  g.state != GAME_CANCELLED);
			if (rc == 0)
				game_free(&g);
		}
		if (keep)
			u->notify[k++] = *n;
	}
	u->nnotify = k;
}

/* Check board word w for u's request: CMD_DONE with *board set, or
 * CMD_REFUSED (no such board, over, private) or CMD_TEMPFAIL. */
static enum cmd_status notify_board_ok(struct cmdctx *c, const char *game,
                                       const char *w, const struct user *u,
                                       const char *usage, long *board)
{
	struct game g;
	char *err = NULL;
	enum cmd_status st = CMD_DONE;
	int rc;

	*board = util_board_number(w);
	if (*board < 0)
		return cmd_refuse(c, usage, _("'%s' is not a board number"), w);
	rc = game_load(&g, c->s.cfg->spool, game, *board, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0)
		return cmd_no_board(c, game, *board, usage);
	if (g.no_observers && game_side_of(&g, u->userid) < 0)
		/* TRANSLATORS: keep the options (-observers=off) as they
		 * are: what a player types. */
		st = cmd_refuse(c, usage, _("board %ld is private (-observers=off): "
		                  "only its players may follow it"), *board);
	else if (g.state == GAME_FINISHED || g.state == GAME_CANCELLED)
		st = cmd_refuse(c, usage, _("board %ld is over already"), *board);
	game_free(&g);
	return st;
}

/* The new requests of u for game from the words (boards, none: all, or
 * "off"), with what changed in words into details (len bytes).
 * CMD_DONE, CMD_REFUSED or CMD_TEMPFAIL. */
static enum cmd_status notify_apply(struct cmdctx *c, const char *game,
                                    int argc, char **argv, struct user *u,
                                    const char *usage, char *details,
                                    size_t len)
{
	const char *title = reply_game_title(game);
	struct buf added = BUF_INIT;
	enum cmd_status st = CMD_DONE;
	size_t i, k = 0;
	int a;

	notify_prune(c, u, game);
	if (argc == 3 && strcasecmp(argv[2], "off") == 0) {
		for (i = 0; i < u->nnotify; i++)
			if (strcmp(u->notify[i].game, game) != 0)
				u->notify[k++] = u->notify[i];
		u->nnotify = k;
		/* TRANSLATORS: %s is the game's name (Epaminondas). */
		snprintf(details, len, _("You will no longer be told when %s "
		         "games end (but for the final board mails of your own games "
		         "and of those you observe)."), title);
		return CMD_DONE;
	}
	if (argc == 2) {
		for (i = 0; i < u->nnotify; i++)
			if (strcmp(u->notify[i].game, game) != 0)
				u->notify[k++] = u->notify[i];
		u->nnotify = k;
		snprintf(u->notify[k].game, sizeof u->notify[k].game, "%s", game);
		u->notify[k].board = -1;
		u->nnotify++;
		/* TRANSLATORS: the game's name (Epaminondas), then the
		 * command to stop: the game's word, "notify", the userid,
		 * PASSWORD and "off" stay as they are. */
		snprintf(details, len, _("You will get a mail with the final "
		         "board whenever a %s game ends (not the private ones, "
		         "played with -observers=off).  To stop:\n  %s notify %s "
		         "PASSWORD off"), title, game, u->userid);
		return CMD_DONE;
	}
	for (a = 2; a < argc && st == CMD_DONE; a++) {
		long board;
		st = notify_board_ok(c, game, argv[a], u, usage, &board);
		if (st != CMD_DONE || notify_has(u, game, board))
			continue;
		if (u->nnotify >= USER_MAX_NOTIFY) {
			/* TRANSLATORS: the number of boards, then the userid;
			 * "notify", PASSWORD and "off" stay as they are. */
			st = cmd_refuse(c, usage, _("at most %d boards can be followed "
			                  "at once (notify %s PASSWORD off clears them)"),
			                USER_MAX_NOTIFY, u->userid);
			break;
		}
		snprintf(u->notify[u->nnotify].game, sizeof u->notify[0].game,
		         "%s", game);
		u->notify[u->nnotify++].board = board;
		buf_printf(&added, "%s%ld", added.len ? ", " : "", board);
	}
	if (st == CMD_DONE && added.len)
		/* TRANSLATORS: the boards added ("5, 6"), then the command to
		 * stop: the game's word, "notify", the userid, PASSWORD and
		 * "off" stay as they are. */
		snprintf(details, len, _("You will get a mail with the final "
		         "board when board %s ends.  To stop:\n  %s notify %s "
		         "PASSWORD off"), buf_str(&added), game, u->userid);
	else if (st == CMD_DONE)
		/* TRANSLATORS: the command to stop: the game's word,
		 * "notify", the userid, PASSWORD and "off" stay as they are.
		 * (The two blanks before "end" are the English of the
		 * release before the catalogue; a translation needs one.) */
		snprintf(details, len, _("You will get a mail with the final "
		         "board when the boards you asked for  end.  To stop:\n  %s "
		         "notify %s PASSWORD off"), game, u->userid);
	buf_free(&added);
	return st;
}

enum cmd_status cmd_notify(struct cmdctx *c, const char *game, int argc,
                           char **argv)
{
	const char *usage = cmd_usage_of(c, "notify", CMDT_GAME, game);
	struct lock l = LOCK_INIT;
	struct user u, old;
	struct tvars v = { 0 };
	struct txn *t;
	char details[1024], subject[256], *text = NULL, *err = NULL;
	enum cmd_status st;
	size_t i;
	int rc;

	if (argc < 2)
		return cmd_refuse(c, usage, _("notify takes your userid, your "
		                    "password and the boards (none: every game; off: "
		                    "stop)"));
	if (argc - 2 > USER_MAX_NOTIFY)
		return cmd_refuse(c, usage, _("at most %d boards at once"),
		                  USER_MAX_NOTIFY);
	util_lower(argv[0]);
	if (!util_userid_ok(argv[0]))
		return cmd_refuse(c, usage, _("'%s' is not a valid userid"),
		                  argv[0]);
	if ((st = svc_lock(&c->s, "users", &l)) != CMD_DONE)
		return st;
	if ((st = cmd_auth(c, argv[0], argv[1], usage, &u)) != CMD_DONE) {
		lock_release(&l);
		return st;
	}
	st = notify_apply(c, game, argc, argv, &u, usage, details,
	                  sizeof details);
	if (st != CMD_DONE)
		goto out;
	/* TRANSLATORS: the headline of the reply, after "epamserv: ". */
	tvars_set(&v, "headline", _("notify noted"));
	tvars_set(&v, "details", details);
	tvars_set(&v, "userid", u.userid);
	text = reply_template(&c->s, "account.txt", &v);
	if (!text) {
		st = CMD_TEMPFAIL;
		goto out;
	}
	t = svc_txn(&c->s, "users");
	rc = user_load(c->s.cfg->spool, u.userid, &old, &err);
	free(err);
	addr_user_put(t, c->s.cfg->spool, &u, rc == 0 ? &old : NULL);
	if (rc == 0)
		user_free(&old);
	if (notify_index_put(t, c->s.cfg->spool, &u) < 0) {
		txn_abort(t);
		st = CMD_TEMPFAIL;
		goto out;
	}
	snprintf(subject, sizeof subject, "%s", _("epamserv: notify noted"));
	for (i = 0; i < u.naddr; i++)
		reply_queue(&c->s, t, u.addr[i].addr, subject, text, NULL, 0, NULL);
	st = svc_commit(&c->s, t);
out:
	free(text);
	tvars_free(&v);
	user_free(&u);
	lock_release(&l);
	return st;
}
