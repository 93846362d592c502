/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * record.c - "GAME record BOARD [json] [USERID PASSWORD]" (issue 18):
 * the game's record, text or JSON (game/record.h), attached to a reply
 * to the sender.
 *
 * The rule (README "Game records", epamserv(1)):
 * - A finished board's record goes to anyone who asks, as "show" shows
 *   the board; one played with -observers=off only to its players, who
 *   then give their userid and password.
 * - A board still being played: its text record only to its players
 *   (userid and password); JSON is refused (AbstractPlay's records are
 *   for finished games: date-end is required).  A reply token is not
 *   taken: tokens answer a board mail with a move, nothing else.
 * - A challenge not started or cancelled has no record.
 * - The reply goes to the sender of the mail and no one else; the file
 *   is game-BOARD.txt (text/plain) or game-BOARD.json
 *   (application/json).  Comments are in it only when both players
 *   set "publish comments on".
 * Nothing is written but the reply and the processed-mail record.
 */
#include "commands/cmd.h"
#include "commands/table.h"
#include "game/record.h"
#include "spool/users.h"
#include "spool/txn.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum cmd_status cmd_record(struct cmdctx *c, const char *game, int argc,
                           char **argv)
{
	const char *usage = cmd_usage_of(c, "record", CMDT_GAME, game);
	struct record_meta meta;
	struct reply_file f;
	struct game g;
	struct txn *t;
	struct buf text = BUF_INIT;
	enum cmd_status st;
	char site[300], err[EP_ERR_MAX + 200], name[64], subject[160];
	char *data = NULL;
	const char *userid = NULL;
	long board;
	int json = 0, k = 1, side = -1;

	if (argc < 1 || argc > 4)
		return cmd_refuse(c, usage, _("record takes a board number, then "
		                    "json for a JSON record, then for a game still "
		                    "being played your userid and password"));
	board = util_board_number(argv[0]);
	if (board < 0)
		return cmd_refuse(c, usage, _("'%.40s' is not a board number"),
		                  argv[0]);
	if (k < argc && (strcasecmp(argv[k], "json") == 0 ||
	                 strcasecmp(argv[k], "text") == 0)) {
		json = strcasecmp(argv[k], "json") == 0;
		k++;
	}
	if (argc - k != 0 && argc - k != 2)
		return cmd_refuse(c, usage, _("after the board (and json) come "
		                    "your userid and password, or nothing"));
	if (argc - k == 2) {
		struct user u;
		util_lower(argv[k]);
		if ((st = cmd_auth(c, argv[k], argv[k + 1], usage, &u)) != CMD_DONE)
			return st;
		user_free(&u);
		userid = argv[k];
	}
	if ((st = show_load(c, game, board, usage, &g)) != CMD_DONE)
		return st;
	if (userid)
		side = game_side_of(&g, userid);
	if (record_available(&g, err, sizeof err) < 0) {
		st = cmd_refuse(c, usage, "%s", err);
		goto out;
	}
	if (g.state != GAME_FINISHED && side < 0) {
		/* TRANSLATORS: the board (twice); "record", USERID and
		 * PASSWORD stay as they are. */
		st = cmd_refuse(c, usage, _("board %1$ld is still being played: "
		                  "its record goes only to its players, who ask with "
		                  "their userid and password (record %1$ld USERID "
		                  "PASSWORD)"), board);
		goto out;
	}
	/* -observers=off keeps a game private while it is played; once it
	 * has ended its record goes to anyone, as its page goes on the web
	 * site (issue 18: such a board appears once it has ended). */
	record_meta_load(c->s.cfg, &g, c->s.now, &meta, site, sizeof site);
	if (json) {
		if (!(data = record_json(&g, &meta, err, sizeof err))) {
			st = cmd_refuse(c, usage, "%s", err);
			goto out;
		}
	} else {
		data = record_text(&g, &meta);
	}
	/* The file goes whole or not at all: base64 takes a third more. */
	if (strlen(data) / 3 * 4 + 4096 > reply_text_budget(c)) {
		/* TRANSLATORS: the board, then the record's size. */
		st = cmd_refuse(c, usage, _("the record of board %ld (%zu bytes) is "
		                  "larger than a mail this server sends may be; the "
		                  "operator can give it to you (epamserv export)"),
		                board, strlen(data));
		goto out;
	}
	snprintf(name, sizeof name, "game-%ld.%s", board, json ? "json" : "txt");
	/* TRANSLATORS: the game's word (epaminondas), then the board. */
	buf_printf(&text, _("epamserv: the record of %s board %ld"), game,
	           board);
	buf_puts(&text, "\n\n");
	if (g.state == GAME_FINISHED && json)
		/* TRANSLATORS: White, Black, the result ("1-0"), then the
		 * attachment's file name. */
		buf_printf(&text, _("%s - %s, %s.  The JSON record is attached "
		           "as %s."), g.white, g.black, record_result(&g), name);
	else if (g.state == GAME_FINISHED)
		/* TRANSLATORS: White, Black, the result ("1-0"), then the
		 * attachment's file name. */
		buf_printf(&text, _("%s - %s, %s.  The text record is attached "
		           "as %s."), g.white, g.black, record_result(&g), name);
	else if (json)
		/* TRANSLATORS: White, Black, then the attachment's file
		 * name. */
		buf_printf(&text, _("%s - %s, still being played.  The JSON "
		           "record is attached as %s."), g.white, g.black, name);
	else
		/* TRANSLATORS: White, Black, then the attachment's file
		 * name. */
		buf_printf(&text, _("%s - %s, still being played.  The text "
		           "record is attached as %s."), g.white, g.black, name);
	buf_puts(&text, "\n");
	if (!meta.comments && game_has_comments(&g)) {
		buf_puts(&text, "\n");
		/* TRANSLATORS: two lines; "publish comments on" is the
		 * command, as it is. */
		buf_puts(&text, _("Comments are left out: they appear only when "
		         "both players\nhave set \"publish comments on\"."));
		buf_puts(&text, "\n");
	}
	buf_puts(&text, "\n");
	/* TRANSLATORS: "help record" is the command, as it is.
	 * Keep the command words as they are: what a player types. */
	buf_puts(&text, _("Send \"help record\" as the subject for the "
	         "format."));
	buf_puts(&text, "\n");
	f.data = data;
	f.name = name;
	f.type = json ? "application/json" : "text/plain; charset=UTF-8";
	/* TRANSLATORS: a Subject: the game's name (Epaminondas), then
	 * the board. */
	snprintf(subject, sizeof subject, _("%s record of board %ld"),
	         reply_game_title(game), board);
	t = svc_txn(&c->s, c->s.msg_key);
	reply_queue_file(&c->s, t, c->sender, subject, buf_str(&text), &f);
	st = svc_commit(&c->s, t);
out:
	free(data);
	buf_free(&text);
	game_free(&g);
	return st;
}
