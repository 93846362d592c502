/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * observe.c - the people around a board who are not playing it:
 *
 *   GAME subscribe BOARD USERID PASSWORD     get every board mail (never
 *   GAME unsubscribe BOARD USERID PASSWORD   a reply token), or stop
 *   GAME chat BOARD USERID PASSWORD          the body of the mail goes to
 *                                            the other player and the
 *                                            observers
 *
 * Observers are kept in the game file (observer: lines), so the board
 * mails of reply.c reach them; subscribing tells nobody but the
 * subscriber, and the players see who observes in every board mail.  A
 * board takes at most max_observers, and none when it was made with
 * -observers=off.  Chat goes to confirmed players only, within the
 * sender's relay_limit.
 */
#include "util/log.h"
#include "commands/cmd.h"
#include "commands/accounts/receipt.h"
#include "services/robot.h"
#include "commands/table.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static enum cmd_status observe(struct cmdctx *c, const char *game,
                               int argc, char **argv, int on)
{
	const char *usage = cmd_usage_of(c, on ? "subscribe" : "unsubscribe",
	                                 CMDT_GAME, game);
	struct board_ctx b;
	struct user u;
	char headline[256], res[EP_ERR_MAX + 96];
	long board;
	enum cmd_status st;

	if (argc != 3)
		/* TRANSLATORS: %s is the command word (subscribe,
		 * unsubscribe). */
		return cmd_refuse(c, usage, _("%s takes a board number, your "
		                    "userid and your password"), on ? "subscribe"
		                  : "unsubscribe");
	if ((board = util_board_number(argv[0])) < 0)
		return cmd_refuse(c, usage, _("'%s' is not a board number"),
		                  argv[0]);
	util_lower(argv[1]);
	if ((st = cmd_auth(c, argv[1], argv[2], usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	st = board_lock_load(c, game, board, usage, &b);
	if (st != CMD_DONE)
		return st;
	if (game_side_of(&b.g, argv[1]) >= 0)
		/* TRANSLATORS: the userid, then the board. */
		st = board_refuse(c, &b.g, usage, _("you (%s) play on board "
		                    "%ld: its board mails come to you anyway"), argv[1],
		                  board);
	else if (on && b.g.state != GAME_ACTIVE && b.g.state != GAME_CHALLENGED) {
		game_result_text(&b.g, res, sizeof res);
		/* TRANSLATORS: the board, then the result in words. */
		st = board_refuse(c, &b.g, usage, _("board %ld is over (%s): "
		                    "there will be no more board mails"), board, res);
	} else if (on && b.g.no_observers)
		/* TRANSLATORS: keep the options (-observers=off) as they
		 * are: what a player types. */
		st = board_refuse(c, &b.g, usage, _("the players of board "
		                    "%ld chose to play without observers "
		                    "(-observers=off)"), board);
	else if (on && game_observer_find(&b.g, argv[1]) < 0 &&
	         b.g.nobservers >= (size_t)c->s.cfg->max_observers)
		/* TRANSLATORS: the board, then the most observers a board
		 * may have. */
		st = board_refuse(c, &b.g, usage, _("board %ld has as many "
		                    "observers as a board may (%d)"), board,
		                  c->s.cfg->max_observers);
	else if (on && !game_observer_add(&b.g, argv[1]))
		st = board_refuse(c, &b.g, usage, _("you (%s) are already "
		                    "subscribed to board %ld"), argv[1], board);
	else if (!on && !game_observer_remove(&b.g, argv[1]))
		st = board_refuse(c, &b.g, usage, _("you (%s) are not "
		                    "subscribed to board %ld"), argv[1], board);
	if (st == CMD_DONE) {
		if (on)
			/* TRANSLATORS: the userid, the board, then the game's
			 * word (epaminondas); "unsubscribe" and PASSWORD stay
			 * as they are. */
			snprintf(headline, sizeof headline, _("You (%1$s) now get "
			         "every board mail of board %2$ld, until you send:\n  "
			         "%3$s unsubscribe %2$ld %1$s PASSWORD"), argv[1],
			         board, game);
		else
			/* TRANSLATORS: the userid, then the board. */
			snprintf(headline, sizeof headline, _("You (%s) no longer get "
			         "the board mails of board %ld."), argv[1], board);
		/* TRANSLATORS: the end of the mail's Subject, after
		 * "Epaminondas Board 101: ". */
		st = board_save_quiet(c, &b, &b.g, headline, on ? _("subscribed")
		                      : _("unsubscribed"));
	}
	board_close(&b);
	return st;
}

enum cmd_status cmd_subscribe(struct cmdctx *c, const char *game, int argc,
                              char **argv)
{
	return observe(c, game, argc, argv, 1);
}

enum cmd_status cmd_unsubscribe(struct cmdctx *c, const char *game, int argc,
                                char **argv)
{
	return observe(c, game, argc, argv, 0);
}

/* Queue the chat mail to userid unless it is the sender's, with the
 * board's subject; a player of g gets their reply token in its
 * Message-ID (the mail goes to their address on file; threadid.h), so
 * that a reply to it is read as answering a chat.  *sent counts the
 * mails queued. */
static enum cmd_status chat_to(struct cmdctx *c, struct txn *t,
                               const struct game *g, const char *userid,
                               const char *from, const char *subject,
                               const char *text, int *sent)
{
	struct user u;
	char *err = NULL, tok[REPLY_TOKEN_LEN + 1];
	int rc;

	if (strcmp(userid, from) == 0)
		return CMD_DONE;
	rc = user_load(c->s.cfg->spool, userid, &u, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc == 0 && user_confirmed(&u)) {
		/* The board's subject; a player's token in our Message-ID
		 * (threadid.h), so that his reply is his. */
		struct reply_about a = { MAIL_KIND_CHAT, g->game, g->board, NULL };
		if (game_side_of(g, userid) >= 0 && tokens_of(&c->s, g, &u, tok) == 0)
			a.token = tok;
		reply_queue_about(&c->s, t, user_address(&u), &a, subject, text, NULL,
		                  0);
		(*sent)++;
	}
	if (rc == 0)
		user_free(&u);
	return CMD_DONE;
}

enum cmd_status chat_on_board(struct cmdctx *c, const struct game *g,
                              const char *userid)
{
	const char *usage = cmd_usage_of(c, "chat", CMDT_GAME, g->game);
	struct tvars v = { 0 };
	struct txn *t;
	char subject[160], *text;
	const char *robot;
	enum cmd_status st;
	size_t i;
	int sent = 0;

	if (!c->s.comment || !*c->s.comment)
		return cmd_refuse(c, usage, _("your mail has no message: write it "
		                    "in the body"));
	if (game_side_of(g, userid) < 0 && game_observer_find(g, userid) < 0)
		/* TRANSLATORS: the userid, then the board. */
		return board_refuse(c, g, usage, _("you (%s) neither play on nor "
		                      "observe board %ld"), userid, g->board);
	/* A robot reads no mail (issue 16): with no observer, nobody would. */
	robot = robot_of_game(c->s.cfg, g);
	if (robot && strcmp(robot, userid) != 0 &&
	    (g->nobservers == 0 || g->no_observers))
		/* TRANSLATORS: the robot, then the board. */
		return board_refuse(c, g, usage, _("%s is a robot and reads no mail, "
		                      "and nobody observes board %ld: your message "
		                      "would reach no one, so it was not sent"), robot,
		                    g->board);
	if (!relay_take(&c->s, userid, 1 + (int)g->nobservers))
		/* TRANSLATORS: the userid, then the most mails a player may
		 * relay a day. */
		return board_refuse(c, g, usage, _("you (%s) have relayed as many "
		                      "mails today as one player may (%d); nothing was "
		                      "sent"), userid, c->s.cfg->relay_limit);
	tvars_set(&v, "sender", userid);
	tvars_set(&v, "title", reply_game_title(g->game));
	tvars_set(&v, "game", g->game);
	tvars_setf(&v, "board", "%ld", g->board);
	tvars_set(&v, "message", c->s.comment);
	text = reply_template(&c->s, "chat.txt", &v);
	tvars_free(&v);
	if (!text)
		return CMD_TEMPFAIL;
	reply_board_subject(g, subject, sizeof subject);
	t = svc_txn(&c->s, c->s.msg_key);
	st = chat_to(c, t, g, g->white, userid, subject, text, &sent);
	if (st == CMD_DONE && strcmp(g->white, g->black) != 0)
		st = chat_to(c, t, g, g->black, userid, subject, text, &sent);
	for (i = 0; i < g->nobservers && !g->no_observers && st == CMD_DONE &&
	     i < (size_t)c->s.cfg->max_observers; i++)
		st = chat_to(c, t, g, g->observers[i], userid, subject, text,
		             &sent);
	free(text);
	/* The chatter's receipt (issue 30): how many it reached. */
	if (st == CMD_DONE) {
		struct buf what = BUF_INIT;
		/* TRANSLATORS: the game's name (Epaminondas), the board, then
		 * how many players and observers got the chat. */
		buf_printf(&what, ngettext("Your chat on %s board %ld was passed "
		           "on to %d reader.", "Your chat on %s board %ld was "
		           "passed on to %d readers.", sent),
		           reply_game_title(g->game), g->board, sent);
		snprintf(subject, sizeof subject, _("epamserv: your chat on board "
		         "%ld was passed on"), g->board);
		st = receipt_queue(c, t, userid, subject, buf_str(&what));
		buf_free(&what);
	}
	if (st != CMD_DONE) {
		txn_abort(t);
		return st;
	}
	return svc_commit(&c->s, t);
}

enum cmd_status cmd_chat(struct cmdctx *c, const char *game, int argc,
                         char **argv)
{
	const char *usage = cmd_usage_of(c, "chat", CMDT_GAME, game);
	struct user u;
	struct game g;
	char *err = NULL;
	long board;
	enum cmd_status st;
	int rc;

	if (argc != 3)
		return cmd_refuse(c, usage, _("chat takes a board number, your "
		                    "userid and your password; the message is the body"));
	if ((board = util_board_number(argv[0])) < 0)
		return cmd_refuse(c, usage, _("'%s' is not a board number"), argv[0]);
	if (!c->s.comment || !*c->s.comment)
		return cmd_refuse(c, usage, _("your mail has no message: write it "
		                    "in the body"));
	util_lower(argv[1]);
	if ((st = cmd_auth(c, argv[1], argv[2], usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	rc = game_load(&g, c->s.cfg->spool, game, board, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0)
		return cmd_no_board(c, game, board, usage);
	st = chat_on_board(c, &g, argv[1]);
	game_free(&g);
	return st;
}
