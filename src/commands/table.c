/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * table.c - the one table of mail commands (see table.h): each command's
 * verb, aliases, scope, forms, help text, example and function, and the
 * usage texts made from them.
 */
#include "commands/table.h"
#include "commands/tourney/tourney.h"
#include "spool/spool.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Adapters from the table's one signature to each command's own. */
#define ACCOUNT_RUN(name, fn) \
	static enum cmd_status name(struct cmdctx *c, const char *game, \
	                            const char *verb, int argc, char **argv) \
	{ \
		(void)game; \
		(void)verb; \
		return fn(c, argc, argv); \
	}
#define GAME_RUN(name, fn) \
	static enum cmd_status name(struct cmdctx *c, const char *game, \
	                            const char *verb, int argc, char **argv) \
	{ \
		(void)verb; \
		return fn(c, game, argc, argv); \
	}

ACCOUNT_RUN(run_help, cmd_help)

/* The most words an address command is split into. */
#define SPLIT_MAX 64

/* argv with every word from index from on split at commas (in place: a
 * comma becomes a NUL), as pbmserv took "a@x.org,b@y.org" or "a@x.org,
 * b@y.org"; empty pieces dropped.  Pointers into argv's words go to out
 * (SPLIT_MAX); returns their number. */
static int split_commas(int argc, char **argv, int from, char **out)
{
	int i, n = 0;

	for (i = 0; i < argc && n < SPLIT_MAX; i++) {
		char *p = argv[i], *comma;
		if (i < from) {
			out[n++] = p;
			continue;
		}
		for (; p && n < SPLIT_MAX; p = comma) {
			comma = strchr(p, ',');
			if (comma)
				*comma++ = '\0';
			if (*p)
				out[n++] = p;
		}
	}
	return n;
}

static enum cmd_status run_signup(struct cmdctx *c, const char *game,
                                  const char *verb, int argc, char **argv)
{
	char *words[SPLIT_MAX];

	(void)game;
	(void)verb;
	return cmd_signup(c, split_commas(argc, argv, 2, words), words);
}

/* change address USERID PASSWORD ADDRESS...: addresses split likewise. */
static enum cmd_status run_change(struct cmdctx *c, const char *game,
                                  const char *verb, int argc, char **argv)
{
	char *words[SPLIT_MAX];

	(void)game;
	(void)verb;
	if (argc < 1 || strcasecmp(argv[0], "address") != 0)
		return cmd_change(c, argc, argv);
	return cmd_change(c, split_commas(argc, argv, 3, words), words);
}
ACCOUNT_RUN(run_confirm_address, cmd_confirm_address)

/* pbmserv's "add" (an address): there is change address instead. */
static enum cmd_status run_add(struct cmdctx *c, const char *game,
                               const char *verb, int argc, char **argv)
{
	(void)game;
	(void)verb;
	(void)argc;
	(void)argv;
	return cmd_refuse(c, cmd_usage_of(c, "change", CMDT_ACCOUNT, NULL),
	                  /* TRANSLATORS: keep the command words, USERID and
	                   * PASSWORD as they are: what a player types. */
	                  "%s", _("there is no 'add' here: to give your account "
	                  "another address, write change address USERID "
	                  "PASSWORD and every address it is to have (the new "
	                  "one with the others); each new one gets a "
	                  "confirmation request"));
}

/* pbmserv's "broadcast" (to every player): there is message instead. */
static enum cmd_status run_broadcast(struct cmdctx *c, const char *game,
                                     const char *verb, int argc, char **argv)
{
	(void)game;
	(void)verb;
	(void)argc;
	(void)argv;
	return cmd_refuse(c, cmd_usage_of(c, "message", CMDT_ACCOUNT, NULL),
	                  /* TRANSLATORS: keep the command words, USERID and
	                   * PASSWORD as they are: what a player types. */
	                  "%s", _("there is no 'broadcast' here: a mail to every "
	                  "player is the server admin's; to write to players, "
	                  "send message USERID PASSWORD and their userids"));
}
GAME_RUN(run_standings, cmd_standings)
ACCOUNT_RUN(run_history, cmd_history)
ACCOUNT_RUN(run_signoff, cmd_signoff)
ACCOUNT_RUN(run_list, cmd_list)
ACCOUNT_RUN(run_message, cmd_message)
ACCOUNT_RUN(run_vacation, cmd_vacation)
ACCOUNT_RUN(run_set, cmd_set)
GAME_RUN(run_challenge, cmd_challenge)
GAME_RUN(run_seek, cmd_seek)
GAME_RUN(run_seeks, cmd_seeks)
ACCOUNT_RUN(run_limit, cmd_limit)
GAME_RUN(run_move, cmd_move)
GAME_RUN(run_queue, cmd_queue)
GAME_RUN(run_notify, cmd_notify)
GAME_RUN(run_claim, cmd_claim)
GAME_RUN(run_submit, cmd_submit)
GAME_RUN(run_confirm, cmd_confirm)
GAME_RUN(run_conditional, cmd_conditional)
GAME_RUN(run_show, cmd_show)
GAME_RUN(run_showas, cmd_showas)

/* "games USERID" alone, as the list mail advertises it, is every
 * game's (game NULL). */
GAME_RUN(run_games, cmd_games)
ACCOUNT_RUN(run_all, cmd_all)
GAME_RUN(run_chat, cmd_chat)
GAME_RUN(run_subscribe, cmd_subscribe)
GAME_RUN(run_unsubscribe, cmd_unsubscribe)
GAME_RUN(run_preview, cmd_preview)
GAME_RUN(run_analyse, cmd_analyse)
GAME_RUN(run_record, cmd_record)
/* Tournaments (issue 17, tournament.c). */
GAME_RUN(run_tournament, cmd_tournament)
GAME_RUN(run_tournaments, cmd_tournaments)
GAME_RUN(run_league, cmd_league)

/* "GAME help" is the game's rules; "GAME help COMMAND" is help COMMAND. */
static enum cmd_status run_game_help(struct cmdctx *c, const char *game,
                                     const char *verb, int argc, char **argv)
{
	(void)verb;
	if (argc > 0)
		return cmd_help(c, argc, argv);
	return cmd_game_help(c, game);
}

static enum cmd_status run_answer(struct cmdctx *c, const char *game,
                                  const char *verb, int argc, char **argv)
{
	return cmd_answer(c, game, verb, argc, argv);
}

/* A new command takes the table's signature (struct cmd_def's run), so
 * that it needs no adapter, and is declared here, above its entry, not
 * in cmd.h: its file, its entry and its line in a local.mk are all it
 * adds (README and epamserv(1) list it: test_tables.py). */

/* stopmail ADDRESS [#TOKEN]: all mail to an address stopped (issue 33,
 * accounts/stopmail.c). */
enum cmd_status cmd_stopmail(struct cmdctx *c, const char *game,
                             const char *verb, int argc, char **argv);

#define A CMDT_ACCOUNT
#define G CMDT_GAME
#define H CMDT_HIDDEN

const struct cmd_def cmd_table[] = {
	{ "help", "", A, "[commands|rules|crossings|COMMAND]",
	  /* TRANSLATORS: a command's help text ("help COMMAND" and the
	     usage of an error reply), lines of at most 60 columns; the
	     command words and their arguments in capitals stay as they are. */
	  N_("Help on every command (the default), on the rules, on the\n"
	  "1969 Crossings rules, or on one command."),
	  "help rules\nhelp move", run_help,
	  CMDT_SEC_HELP,
	  /* TRANSLATORS: a command's lines in the help mail's list: the
	     usage lines (not indented) are what players type and stay as
	     they are; the lines indented by four say what it does; "e.g."
	     lines are examples (the commands in them stay). */
	  N_("help [commands]\n"
	  "    this text: every command, with an example each\n"
	  "help rules\n"
	  "    the rules of Epaminondas, the notation and every option (the same\n"
	  "    as \"epaminondas help\")\n"
	  "help crossings\n"
	  "    the 1969 Crossings rules\n"
	  "help time\n"
	  "    the clocks: every time control (-time=, -timeout=), with\n"
	  "    examples (also \"help clock\")\n"
	  "help COMMAND\n"
	  "    one command: its forms and what it does\n"
	  "    (also \"epaminondas help move\")\n"
	  "    e.g. help move\n") },
	{ "signup", "", A, "USERID PASSWORD [ADDRESS...]",
	  /* TRANSLATORS: the help text of signup, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Make an account.  USERID: 1-20 letters, digits, _ or -;\n"
	  "PASSWORD: no spaces.  At most 3 addresses (blanks or commas\n"
	  "between them; the address you write from when none is\n"
	  "given).  Each gets a confirmation request: reply to it,\n"
	  "keeping its subject, and you can play."),
	  "signup alice Secret42 alice@example.org", run_signup,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of signup in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("signup USERID PASSWORD [ADDRESS...]\n"
	  "    make an account; each address gets a confirmation request: reply\n"
	  "    to it (keep its subject) and you can play\n"
	  "    e.g. signup alice Secret42\n") },
	{ "confirm", "", A, "USERID   (reply to the confirmation request)",
	  /* TRANSLATORS: the help text of confirm, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("The answer to a confirmation request: reply to the request\n"
	  "epamserv sent to your address, keeping its subject\n"
	  "(confirm USERID [#...]); the body may be empty."),
	  NULL, run_confirm_address,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of confirm in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("confirm USERID\n"
	  "    reply to the confirmation request (keep its subject): your\n"
	  "    address is confirmed\n") },
	{ "change", "", A,
	  "password USERID OLD-PASSWORD NEW-PASSWORD\n"
	  "address USERID PASSWORD ADDRESS...",
	  /* TRANSLATORS: the help text of change, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Change your password, or your addresses: a new address takes\n"
	  "effect when you answer the confirmation request sent there."),
	  "change password alice Secret42 Better43\n"
	  "change address alice Secret42 alice@new.example", run_change,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of change in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("change password USERID OLD NEW\n"
	  "    change your password\n"
	  "    e.g. change password alice Secret42 Better43\n"
	  "change address USERID PASSWORD ADDRESS...\n"
	  "    change your addresses (at most 3); a new one takes effect when\n"
	  "    you answer the confirmation request sent there\n"
	  "    e.g. change address alice Secret42 a@new.example\n") },
	{ "signoff", "delete", A, "USERID PASSWORD",
	  /* TRANSLATORS: the help text of signoff, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Close your account for good (finish your games first)."),
	  "signoff alice Secret42\ndelete alice Secret42   (the same)",
	  run_signoff,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of signoff in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("signoff USERID PASSWORD\n"
	  "    close your account (finish your games first; challenges and\n"
	  "    seeks not started are called off); delete is the same\n"
	  "    e.g. signoff alice Secret42\n"
	  "    e.g. delete alice Secret42\n") },
	{ "stopmail", "", A, "ADDRESS [#TOKEN]   (the unsubscribe link of our mails)",
	  /* TRANSLATORS: the help text of stopmail, lines of at most 60
	     columns; command words and the arguments in capitals
	     (ADDRESS, TOKEN, USERID, PASSWORD) stay as they are. */
	  N_("Stop all mail to an address: what your mail program's\n"
	  "\"unsubscribe\" sends (the List-Unsubscribe link of every mail\n"
	  "of ours carries the address and its token).  Your games go\n"
	  "on, their clocks running.  Any command with your password\n"
	  "from that address brings the mail back."),
	  NULL, cmd_stopmail,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of stopmail in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four. */
	  N_("stopmail ADDRESS [#TOKEN]\n"
	  "    stop all mail to the address (your mail program's \"unsubscribe\"\n"
	  "    sends it); your games go on; a command with your password from\n"
	  "    there brings the mail back\n") },
	{ "add", "", A | H, "",
	  /* TRANSLATORS: the help text of add, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Not a command here (pbmserv's): change address gives your\n"
	  "account its addresses."),
	  NULL, run_add,
	  CMDT_SEC_NONE, NULL },
	{ "broadcast", "", A | H, "",
	  /* TRANSLATORS: the help text of broadcast, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Not a command here (pbmserv's): message writes to the\n"
	  "players you name."),
	  NULL, run_broadcast,
	  CMDT_SEC_NONE, NULL },
	{ "list", "", A | G, "[GAME...]",
	  /* TRANSLATORS: the help text of list, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Every player's userid (the same list for every game)."),
	  "list", run_list,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of list in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("list [GAME]\n"
	  "    every player's userid\n") },
	{ "message", "", A, "USERID PASSWORD TO-USERID...",
	  /* TRANSLATORS: the help text of message, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("The body of your mail goes to the players named; you get a\n"
	  "receipt naming them (set ... receipts off: none).  A reply\n"
	  "to a message mail, keeping its subject, goes to its sender\n"
	  "alone as your message: no password needed."),
	  "message alice Secret42 bob carol", run_message,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of message in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("message USERID PASSWORD TO-USERID...\n"
	  "    the body goes to the players named; you get a receipt; a reply\n"
	  "    to a message mail (subject kept) goes to its sender alone\n"
	  "    e.g. message alice Secret42 bob\n") },
	{ "vacation", "", A,
	  "USERID PASSWORD UNTIL|off\n"
	  "USERID PASSWORD FROM UNTIL",
	  /* TRANSLATORS: the help text of vacation, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Leave: from now (or the day FROM) to the end of the day\n"
	  "UNTIL (YYYY-MM-DD, your time zone) all your clocks stop and\n"
	  "your opponents are told.  Each calendar year has 30 leave\n"
	  "days (leave_days: the server may set another number; the\n"
	  "reply says how many are left); a leave ends early when you\n"
	  "move, or with off.  By token: a reply to a mail of ours\n"
	  "that carries your account token may say just vacation\n"
	  "UNTIL|off or vacation FROM UNTIL."),
	  "vacation alice Secret42 2026-12-24\n"
	  "vacation alice Secret42 2026-12-20 2027-01-03\n"
	  "vacation alice Secret42 off",
	  run_vacation,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of vacation in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("vacation USERID PASSWORD UNTIL|off\n"
	  "vacation USERID PASSWORD FROM UNTIL\n"
	  "    leave to the end of UNTIL (YYYY-MM-DD): your clocks stop and\n"
	  "    your opponents are told; a few days a year; ends when you move\n"
	  "    e.g. vacation alice Secret42 2026-12-24\n"
	  "    e.g. vacation alice Secret42 2026-12-20 2027-01-03\n") },
	{ "set", "", A,
	  "USERID PASSWORD html on|off\n"
	  "USERID PASSWORD orientation white|black|own\n"
	  "USERID PASSWORD board wide|compact|list\n"
	  "USERID PASSWORD board letters ws|wb\n"
	  "USERID PASSWORD token new\n"
	  "USERID PASSWORD mail each|digest [HH]\n"
	  "USERID PASSWORD timezone ZONE|UTC\n"
	  "USERID PASSWORD receipts on|off\n"
	  "USERID PASSWORD publish comments on|off\n"
	  "USERID PASSWORD web on|off\n"
	  "USERID PASSWORD language LANGUAGE",
	  /* TRANSLATORS: the help text of set, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Preferences: html (an HTML board in each board mail),\n"
	  "orientation (the side at the bottom), board (compact: a text\n"
	  "board for phones, 31 columns wide; list: for screen readers,\n"
	  "the board in words, each side's pieces by square, the last\n"
	  "move and its captures, the threats and the position to copy,\n"
	  "no drawing; board letters ws: W and S for the pieces of the\n"
	  "text board, the German letters; wb, W and B, the default),\n"
	  "token new (void every\n"
	  "reply and account token sent so far; by token: set token\n"
	  "new in a reply to an account token), mail (digest: instead\n"
	  "of a board mail for each move of your opponents, one mail\n"
	  "a day at hour HH of your time zone, default 7, listing the\n"
	  "boards waiting for you; each: every board mail, the\n"
	  "default), timezone (the zone of the dates in your mails,\n"
	  "e.g. Europe/Berlin; UTC, the default), receipts (off: no\n"
	  "receipt for your messages and chats; on, the default),\n"
	  "publish comments (on: game records and the web site show\n"
	  "your games' comments where the other player's are shown\n"
	  "too; off, the default), web (off: your games and your page\n"
	  "stay off the web site; on, the default), language (the\n"
	  "language of your mails: en, English, the default, or another\n"
	  "this server has; a wrong one is answered with the list).\n"
	  "Answers to your own commands always come at once."),
	  "set alice Secret42 html off\nset alice Secret42 board compact\n"
	  "set alice Secret42 mail digest 8",
	  run_set,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of set in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("set USERID PASSWORD html on|off\n"
	  "    an HTML board in each board mail (on unless you turn it off)\n"
	  "    e.g. set alice Secret42 html off\n"
	  "set USERID PASSWORD orientation white|black|own\n"
	  "    which side is at the bottom\n"
	  "    e.g. set alice Secret42 orientation own\n"
	  "set USERID PASSWORD board wide|compact|list\n"
	  "    the text board: wide (labels all round), compact (for phones) or\n"
	  "    list (for screen readers: the board in words, no drawing)\n"
	  "    e.g. set alice Secret42 board compact\n"
	  "set USERID PASSWORD board letters ws|wb\n"
	  "    the letters of the pieces on the text board: W and S (Weiss and\n"
	  "    Schwarz) or W and B (the default); the notation stays the same\n"
	  "    e.g. set alice Secret42 board letters ws\n"
	  "set USERID PASSWORD token new\n"
	  "    void every reply and account token sent so far\n"
	  "set USERID PASSWORD mail each|digest [HH]\n"
	  "    every board mail (each), or one mail a day at hour HH (default 7)\n"
	  "    of your time zone listing the boards waiting for your move\n"
	  "    e.g. set alice Secret42 mail digest 8\n"
	  "set USERID PASSWORD timezone ZONE|UTC\n"
	  "    the zone of the dates in your mails (UTC unless you set one)\n"
	  "    e.g. set alice Secret42 timezone Europe/Berlin\n"
	  "set USERID PASSWORD receipts on|off\n"
	  "    off: no receipt for your messages and chats (on: default)\n"
	  "    e.g. set alice Secret42 receipts off\n"
	  "set USERID PASSWORD publish comments on|off\n"
	  "    let game records and the web site show your games' comments\n"
	  "    (only where the other player does too; off unless you turn it on)\n"
	  "    e.g. set alice Secret42 publish comments on\n"
	  "set USERID PASSWORD web on|off\n"
	  "    off keeps your games and your page off the web site (on: default)\n"
	  "    e.g. set alice Secret42 web off\n"
	  "set USERID PASSWORD language LANGUAGE\n"
	  "    the language of your mails: en (English, the default) or another\n"
	  "    this server has\n"
	  "    e.g. set alice Secret42 language de\n") },
	{ "standings", "ratings", A | G, "[GAME] [all]",
	  /* TRANSLATORS: the help text of standings, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("The ratings, one table per game and board size; after a\n"
	  "game's name, or with one after it, only that game's tables.\n"
	  "\"1734 ± 95\" is a rating and its deviation: how sure it is\n"
	  "(Glicko-2, M. E. Glickman 2012, unless the server chose\n"
	  "Glicko, Elo or Stephenson's system; the mail names the\n"
	  "system).  The deviation narrows with each game and widens\n"
	  "while a player has no rated game.  \"1580?\" is a\n"
	  "provisional rating: not yet sure.  The tables list players\n"
	  "with an established rating and a rated game in the last\n"
	  "180 days, and say how many are left out; \"all\" lists\n"
	  "everyone."),
	  "standings", run_standings,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of standings in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("standings [all]\n"
	  "    ratings per game and board size (\"1734 ± 95\"; \"1580?\":\n"
	  "    provisional); all: every player, not only the established\n"
	  "    and active ones (also \"ratings\", \"epaminondas standings\")\n") },
	{ "limit", "", A,
	  "USERID PASSWORD [N|none]\n"
	  "USERID PASSWORD accept [-time=T] [-size=S]\n"
	  "USERID PASSWORD reject|ask",
	  /* TRANSLATORS: the help text of limit, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("N (0-999): at most N active games at once (boards being\n"
	  "played, challenges you agreed to, open seeks); a challenge,\n"
	  "accept or seek that would go over is refused; none: no limit\n"
	  "(the default).\n"
	  "accept: signed challenges naming you start at once when\n"
	  "their time control gives at least T a move (Nd or Nh; default:\n"
	  "as much as the server's default control; any) and their board\n"
	  "has a size of S (WxH,... with default for the game's own;\n"
	  "default: the game's own size only; any).  Other challenges,\n"
	  "and unsigned ones, wait for your accept.  reject: every\n"
	  "challenge naming you is refused; ask: each waits for your\n"
	  "accept (the default).  Alone: shows your settings."),
	  "limit alice Secret42 5\nlimit alice Secret42 accept\n"
	  "limit alice Secret42 accept -time=3d -size=default,10x10\n"
	  "limit alice Secret42", run_limit,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of limit in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("limit USERID PASSWORD [N|none]\n"
	  "    at most N active games (boards, challenges you agreed to, seeks);\n"
	  "    more are refused; alone: shows your settings\n"
	  "    e.g. limit alice Secret42 5\n"
	  "limit USERID PASSWORD accept [-time=T] [-size=S]\n"
	  "    signed challenges naming you start at once when their time\n"
	  "    control gives at least T a move (Nd, Nh, default: the server's\n"
	  "    own, any) and their board is of a size S (WxH,..., default: the\n"
	  "    game's own, any); others wait for your accept\n"
	  "    e.g. limit alice Secret42 accept\n"
	  "    e.g. limit alice Secret42 accept -time=3d -size=default,10x10\n"
	  "limit USERID PASSWORD reject|ask\n"
	  "    reject: every challenge naming you is refused; ask: each waits\n"
	  "    (the default)\n") },
	{ "history", "", A | G, "[USERID]",
	  /* TRANSLATORS: the help text of history, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Finished games, most recent first, of everyone or of one\n"
	  "player."),
	  "history\nhistory alice", run_history,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of history in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("history [USERID]\n"
	  "    finished games, most recent first\n"
	  "    e.g. history alice\n") },
	{ "help", "", G, "[COMMAND]",
	  /* TRANSLATORS: the help text of help, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("The rules of the game and its notation, or help on one\n"
	  "command."),
	  "help", run_game_help,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of help in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas help\n"
	  "    the rules and the notation\n") },
	{ "challenge", "", G,
	  "WHITE BLACK [-options] [by USERID PASSWORD]",
	  /* TRANSLATORS: the help text of challenge, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("A new game; signing it (by) is your accept, the other player\n"
	  "accepts to start it (without by, both accept).  WHITE moves\n"
	  "first.  Options (\"help rules\" explains them):\n"
	  "-size=WxH -block=c5,f7 -symmetry=mirror|rotate|both|off\n"
	  "-repetition=loss|draw|off -rules=abbott|igfip\n"
	  "-crossed=move|stay|safe -frozen -observers=on|off\n"
	  "-rated=yes|no\n"
	  "The clock (\"help time\" explains each): -time=Nd,\n"
	  "-time=START+INC[/MAX], -time=N/Dd, -timeout=auto|claim.\n"
	  "A robot (\"list\" marks them) accepts a signed challenge at\n"
	  "once and answers each move in the same run; no draws.  A\n"
	  "robot plays a limited number of games at once, and one\n"
	  "player at most a quarter of them (at least one)."),
	  "challenge alice bob by alice Secret42\n"
	  "challenge alice bob -size=8x8 by bob Secret7\n"
	  "challenge alice bob -time=7d+2d by bob Secret7\n"
	  "challenge alice robot-club by alice Secret42\n"
	  "challenge alice bob   (unsigned: both must accept)",
	  run_challenge,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of challenge in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas challenge WHITE BLACK [-options] by USERID PASSWORD\n"
	  "    a new game; signing it (by) is your accept, the other player\n"
	  "    accepts to start; WHITE moves first; the options are the board's\n"
	  "    (\"help rules\") and its clock (\"help time\": -time=, -timeout=)\n"
	  "    e.g. epaminondas challenge alice bob by alice Secret42\n"
	  "    e.g. epaminondas challenge alice bob -time=7d+2d by bob Secret7\n"
	  "    (without \"by\": both players accept)\n"
	  "    a robot (\"list\" shows them) accepts a signed challenge at once\n"
	  "    and answers each move in the same run; it plays a limited\n"
	  "    number of games at once, one player at most a quarter of them\n"
	  "    e.g. epaminondas challenge alice robot-club by alice Secret42\n") },
	{ "seek", "", G,
	  "USERID PASSWORD [-color=COLOR] [-rating=MIN-MAX] [-options]",
	  /* TRANSLATORS: the help text of seek, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("An open challenge: a board with one seat yours and one that\n"
	  "any confirmed player takes with accept; the game starts then.\n"
	  "COLOR is white, black or random: your colour (random, the\n"
	  "default, is drawn when the seat is taken); -rating: only\n"
	  "takers rated MIN to MAX; the options are those of challenge.\n"
	  "At most 3 open at once (seek_max), 6 opened a day; each\n"
	  "counts towards your limit and expires after 7 days\n"
	  "(seek_days).  Withdraw one with decline."),
	  "seek alice Secret42\n"
	  "seek alice Secret42 -color=black -size=8x8\n"
	  "seek alice Secret42 -rating=1500-1800", run_seek,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of seek in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas seek USERID PASSWORD [-color=white|black|random]\n"
	  "      [-rating=MIN-MAX] [-options]\n"
	  "    an open challenge: one seat yours, the other for anyone who\n"
	  "    accepts it (within the rating range); random: colours drawn;\n"
	  "    at most 3 open, each expires after 7 days\n"
	  "    e.g. epaminondas seek alice Secret42 -color=black -size=8x8\n") },
	{ "seeks", "", G, "",
	  /* TRANSLATORS: the help text of seeks, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("The open seeks: board, seeker, rating, the colour the seeker\n"
	  "plays, options, rating range and the day each expires."),
	  "seeks", run_seeks,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of seeks in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas seeks\n"
	  "    the open seeks: board, seeker, rating, colour, options, expiry\n") },
	{ "accept", "", G, "BOARD USERID PASSWORD",
	  /* TRANSLATORS: the help text of accept, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Accept a challenge: the game starts once both players have.\n"
	  "On an open seek (seeks), take its free seat: the game starts\n"
	  "at once.  On a game in progress, accept and decline (or\n"
	  "reject) answer the other player's draw offer or undo request.\n"
	  "By token: accept in a reply to the challenge mail, or\n"
	  "GAME accept BOARD in a reply to any mail of ours that\n"
	  "carries your account token (the seeks list, say)."),
	  "accept 101 bob Secret42", run_answer,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of accept in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas accept BOARD USERID PASSWORD\n"
	  "    accept a challenge: the game starts once both players have;\n"
	  "    on a seek, take its open seat: the game starts at once\n"
	  "    e.g. epaminondas accept 101 bob Secret7\n") },
	{ "decline", "", G, "BOARD USERID PASSWORD",
	  /* TRANSLATORS: the help text of decline, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Decline a challenge, or withdraw your accept, until the game\n"
	  "has started; on your own open seek, withdraw it.  By token:\n"
	  "decline in a reply to the challenge mail, or GAME decline\n"
	  "BOARD in a reply to a mail with your account token."),
	  "decline 101 bob Secret42", run_answer,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of decline in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas decline BOARD USERID PASSWORD\n"
	  "    decline it, or withdraw your accept, until the game has started;\n"
	  "    the seeker withdraws a seek so\n"
	  "    e.g. epaminondas decline 101 bob Secret7\n") },
	{ "move", "", G,
	  "BOARD USERID PASSWORD MOVE[#N][!]\n"
	  "BOARD USERID PASSWORD propose|accept|reject|undo|resign",
	  /* TRANSLATORS: the help text of move, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Play a move.  A move is tail-destination: the rear piece of\n"
	  "the group, then the square its front piece lands on (x for a\n"
	  "capture, e.g. e5xe7).  #N, optional, is the number of the\n"
	  "move you make: it guards against a board that changed since\n"
	  "you looked.  A move that loses at once while another would\n"
	  "not is played only with ! after it (e.g. a12-a11!).\n"
	  "Instead of a move: propose (a draw), undo (take back your\n"
	  "last move), accept or reject (answer the other player's\n"
	  "offer), or resign."),
	  "move 101 alice Secret42 e2-e3#1", run_move,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of move in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas move BOARD USERID PASSWORD MOVE[#N][!]\n"
	  "    play a move (! plays one that loses at once all the same)\n"
	  "    e.g. epaminondas move 101 alice Secret42 e1-e3\n"
	  "epaminondas move BOARD USERID PASSWORD propose\n"
	  "    offer a draw\n"
	  "    e.g. epaminondas move 101 alice Secret42 propose\n"
	  "epaminondas move BOARD USERID PASSWORD undo\n"
	  "    ask to take back your last move\n"
	  "    e.g. epaminondas move 101 alice Secret42 undo\n"
	  "epaminondas move BOARD USERID PASSWORD accept|reject\n"
	  "    answer the other player's offer\n"
	  "    e.g. epaminondas move 101 bob Secret7 accept\n") },
	{ "resign", "", G, "BOARD USERID PASSWORD",
	  /* TRANSLATORS: the help text of resign, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Give up the game (any time)."),
	  "resign 101 bob Secret42", run_answer,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of resign in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas resign BOARD USERID PASSWORD\n"
	  "    give up the game (any time)\n"
	  "    e.g. epaminondas resign 101 bob Secret7\n") },
	{ "claim", "", G, "BOARD USERID PASSWORD",
	  /* TRANSLATORS: the help text of claim, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Win the game when the time of the player to move is out\n"
	  "(-timeout=claim: the sweep never ends it; under auto it\n"
	  "does).  Refused while the time is not out: the reply says\n"
	  "how much is left and the deadline.  By token: claim in a\n"
	  "reply to the board mail, or GAME claim BOARD in a reply to\n"
	  "a mail with your account token."),
	  "claim 101 alice Secret42", run_claim,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of claim in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas claim BOARD USERID PASSWORD\n"
	  "    win the game once the time of the player to move is out\n"
	  "    e.g. epaminondas claim 101 alice Secret42\n") },
	{ "queue", "", G, "BOARD USERID PASSWORD MOVE|off",
	  /* TRANSLATORS: the help text of queue, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("While the other player is to move: MOVE is played for you\n"
	  "right after their next move, if it is legal then and does\n"
	  "not lose the game at once (else it is dropped and the board\n"
	  "mail says so).  off drops your queued move."),
	  "queue 101 bob Secret42 e11-e10", run_queue,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of queue in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas queue BOARD USERID PASSWORD MOVE|off\n"
	  "    a move played for you right after the other player's next move, if\n"
	  "    legal then (off drops it)\n"
	  "    e.g. epaminondas queue 101 bob Secret7 e11-e10\n") },
	{ "conditional", "", G,
	  "BOARD USERID PASSWORD THEIRS MINE [THEIRS MINE ...]\n"
	  "BOARD USERID PASSWORD list|off",
	  /* TRANSLATORS: the help text of conditional, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Conditional moves (ICCF lines): if the other player plays\n"
	  "THEIRS, MINE is played for you at once, and so on down the\n"
	  "line, one answer for each of their moves.  Several lines are\n"
	  "alternatives (they must agree where they begin alike); at\n"
	  "most 8 a board, each of at most 20 moves.  Each move is\n"
	  "checked when you store the line and again when it is played:\n"
	  "an answer that is not legal then or loses at once is not\n"
	  "played (write MINE! to allow that one).  A move they did not\n"
	  "foresee drops the lines.  The other player never sees them.\n"
	  "list mails them to you; off drops them all."),
	  "conditional 101 bob pw7 e2-e3 e11-e10 e3-e4 e10-e9\n"
	  "conditional 101 bob pw7 list", run_conditional,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of conditional in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas conditional BOARD USERID PASSWORD THEIRS MINE [...]\n"
	  "    conditional moves: if the other player plays THEIRS, MINE is\n"
	  "    played for you at once, and so on down the line; several lines\n"
	  "    are alternatives (at most 8, of at most 20 moves); MINE! allows\n"
	  "    an answer that loses at once; the other player never sees them\n"
	  "    e.g. epaminondas conditional 101 bob Secret7 e2-e3 e11-e10\n"
	  "epaminondas conditional BOARD USERID PASSWORD list|off\n"
	  "    mail your lines to you, or drop them all\n"
	  "    e.g. epaminondas conditional 101 bob Secret7 list\n") },
	{ "submit", "", G, "BOARD USERID PASSWORD MOVE[#N]",
	  /* TRANSLATORS: the help text of submit, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Check a move and see the board it would make, without\n"
	  "playing it; confirm plays it.  A submitted move is dropped\n"
	  "when the board changes; a new submit replaces it."),
	  "submit 101 alice Secret1 e2-e3", run_submit,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of submit in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas submit BOARD USERID PASSWORD MOVE[#N]\n"
	  "    check a move and see the board it makes, without playing it\n"
	  "    e.g. epaminondas submit 101 alice Secret42 e1-e3\n") },
	{ "confirm", "", G, "BOARD USERID PASSWORD",
	  /* TRANSLATORS: the help text of confirm, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Play the move you submitted."),
	  "confirm 101 alice Secret1", run_confirm,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of confirm in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas confirm BOARD USERID PASSWORD\n"
	  "    play the move you submitted\n"
	  "    e.g. epaminondas confirm 101 alice Secret42\n") },
	{ "show", "", G,
	  "BOARD[#N] [BOARD[#N]...]\n"
	  "USERID... [all|active|inactive|next]",
	  /* TRANSLATORS: the help text of show, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Boards as they stand, or with #N as they stood after move N\n"
	  "(at most 10 a mail); or players' boards: all, those not over\n"
	  "(active, the default), those over (inactive), or those\n"
	  "waiting for the player (next)."),
	  "show 101\n"
	  "show 101#3 102   (101 after move 3, and 102)\n"
	  "show alice next   (boards where alice must act)", run_show,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of show in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas show BOARD[#N] [BOARD[#N]...]\n"
	  "    boards as they stand, or with #N as they stood after move N\n"
	  "    e.g. epaminondas show 101\n"
	  "    e.g. epaminondas show 101#3 102\n"
	  "epaminondas show USERID... [all|active|inactive|next]\n"
	  "    players' boards: all, those not over (active, the default), those\n"
	  "    over (inactive), or those waiting for the player (next)\n"
	  "    e.g. epaminondas show alice next\n") },
	{ "showas", "", G, "USERID PASSWORD BOARD...|all|active|inactive|next",
	  /* TRANSLATORS: the help text of showas, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Boards from your side (all and active: every board of yours\n"
	  "not over; inactive: those over; next: those waiting for\n"
	  "you; at most 10 a mail)."),
	  "showas bob Secret42 101   (the board from bob's side)",
	  run_showas,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of showas in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas showas USERID PASSWORD BOARD...|all|active|inactive|next\n"
	  "    boards from your side (all and active: yours not over)\n"
	  "    e.g. epaminondas showas bob Secret7 101\n") },
	{ "games", "", A | G, "USERID... [all|active|inactive|next]",
	  /* TRANSLATORS: the help text of games, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Players' boards, one line each: all (the default), those\n"
	  "not over, those over, or those waiting for the player.\n"
	  "Written alone: every game's boards."),
	  "games alice\ngames alice bob active", run_games,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of games in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas games USERID... [all|active|inactive|next]\n"
	  "    players' boards, one line each (all, the default, or as show)\n"
	  "    (\"games USERID\" alone: every game's boards)\n"
	  "    e.g. epaminondas games alice\n") },
	{ "all", "", A,
	  "show USERID... [all|active|inactive|next]\n"
	  "games USERID... [all|active|inactive|next]",
	  /* TRANSLATORS: the help text of all, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Every game's boards of players in one reply: show with the\n"
	  "boards drawn (default: those not over), games one line each\n"
	  "(default: all)."),
	  "all show alice next\nall games alice", run_all,
	  CMDT_SEC_ACCOUNTS,
	  /* TRANSLATORS: the lines of all in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("all show USERID... [all|active|inactive|next]\n"
	  "    players' boards of every game, drawn, in one reply\n"
	  "    e.g. all show alice next\n"
	  "all games USERID... [all|active|inactive|next]\n"
	  "    the same, one line a board\n"
	  "    e.g. all games alice\n") },
	{ "chat", "", G, "BOARD USERID PASSWORD",
	  /* TRANSLATORS: the help text of chat, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("The body of your mail goes to the other player and the\n"
	  "observers; you get a receipt (set ... receipts off: none)."),
	  "chat 101 alice Secret42", run_chat,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of chat in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas chat BOARD USERID PASSWORD\n"
	  "    the body of your mail goes to the other player and the observers\n"
	  "    e.g. epaminondas chat 101 bob Secret7\n") },
	{ "subscribe", "", G, "BOARD USERID PASSWORD",
	  /* TRANSLATORS: the help text of subscribe, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Get every board mail of a game as an observer, until you\n"
	  "unsubscribe."),
	  "subscribe 101 carol Secret9", run_subscribe,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of subscribe in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas subscribe BOARD USERID PASSWORD\n"
	  "    get every board mail of a game\n"
	  "    e.g. epaminondas subscribe 101 carol Secret9\n") },
	{ "unsubscribe", "", G, "BOARD USERID PASSWORD",
	  /* TRANSLATORS: the help text of unsubscribe, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Stop getting a game's board mails."),
	  "unsubscribe 101 carol Secret9", run_unsubscribe,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of unsubscribe in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas unsubscribe BOARD USERID PASSWORD\n"
	  "    stop them\n"
	  "    e.g. epaminondas unsubscribe 101 carol Secret9\n") },
	{ "notify", "", G, "USERID PASSWORD [BOARD...]\nUSERID PASSWORD off",
	  /* TRANSLATORS: the help text of notify, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("A mail with the final board when those boards end, or\n"
	  "without boards when any board of the game ends (not those\n"
	  "played with -observers=off); off stops them all."),
	  "notify carol Secret9 101 102\nnotify carol Secret9   (every game)",
	  run_notify,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of notify in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas notify USERID PASSWORD [BOARD...]|off\n"
	  "    a mail with the final board when those boards end (no boards:\n"
	  "    any game); off stops them\n"
	  "    e.g. epaminondas notify carol Secret9 101\n") },
	{ "preview", "", G, "BOARD[#N] MOVE...\nnew [-options] MOVE...",
	  /* TRANSLATORS: the help text of preview, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Try moves without playing them: no password is needed,\n"
	  "nothing is played, and the boards they make come back to you\n"
	  "alone."),
	  "preview 101 e2-e3 e11-e10\n"
	  "preview 101#4 e3-e4   (from the board after move 4)\n"
	  "preview new -size=8x8 e2-e3", run_preview,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of preview in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas preview BOARD[#N]|new [-options] MOVE...\n"
	  "    try moves without playing them\n"
	  "    e.g. epaminondas preview 101 e2-e3 e11-e10\n") },
	{ "analyse", "analyze", G, "BOARD[#N] USERID PASSWORD [MOVE...]",
	  /* TRANSLATORS: the help text of analyse, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("The engine's score and best line for a finished game: the\n"
	  "last position where a move was to be made, or with #N the\n"
	  "position after move N; moves after the password are tried\n"
	  "from there first (as in preview).  Not for a game still being\n"
	  "played, nor for a position one move from one of your running\n"
	  "games.  The answer comes to you alone; a few analyses a day.\n"
	  "Each search is bounded: an answer cut short says so."),
	  "analyse 101 alice Secret42\n"
	  "analyse 101#12 alice Secret42   (after move 12)\n"
	  "analyse 101#12 alice Secret42 e3-e4   (then e3-e4)", run_analyse,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of analyse in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas analyse BOARD[#N] USERID PASSWORD [MOVE...]\n"
	  "    the engine's score and best line for a finished game (its last\n"
	  "    position, or after move N, then MOVE... tried), to you alone;\n"
	  "    never a game still being played; analyze is the same\n"
	  "    e.g. epaminondas analyse 101 alice Secret42\n") },
	{ "record", "", G, "BOARD [json] [USERID PASSWORD]",
	  /* TRANSLATORS: the help text of record, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("The game's record attached to the answer: a text record\n"
	  "(PGN-like tags, the moves numbered in plies) or with json\n"
	  "AbstractPlay's JSON game record.  A finished game for anyone\n"
	  "who may see it; a game being played (text only), or one\n"
	  "played without observers, for its players with their\n"
	  "password.  Comments only when both players publish them."),
	  "record 101\n"
	  "record 101 json\n"
	  "record 102 alice Secret42   (a game you are playing)", run_record,
	  CMDT_SEC_GAMES,
	  /* TRANSLATORS: the lines of record in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas record BOARD [json] [USERID PASSWORD]\n"
	  "    the game's record attached to the answer: text (PGN-like, moves\n"
	  "    numbered in plies) or JSON (AbstractPlay's game record); a game\n"
	  "    still being played, or one without observers, only for its\n"
	  "    players with their password (text only while it runs)\n"
	  "    e.g. epaminondas record 101 json\n"
	  "    e.g. epaminondas record 102 alice Secret42\n") },
	/* Tournaments (issue 17): keep this block together. */
	{ "tournament", "", G,
	  "create NAME USERID PASSWORD -format=roundrobin|swiss|knockout\n"
	  "  [-options]\n"
	  "join|leave|start|cancel NAME USERID PASSWORD\n"
	  "show NAME",
	  /* TRANSLATORS: the help text of tournament, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("A tournament run by the server.  create: you organise it and\n"
	  "play in it; NAME is 1-20 letters, digits or -.  Options:\n"
	  "-players=MIN-MAX (round robin 3-10 by default), -rounds=N\n"
	  "(round robin: 2 is a double one; Swiss: needed, at most 8),\n"
	  "-start=YYYY-MM-DD (the sweep starts it that day once enough\n"
	  "have joined), and challenge's game options for every board.\n"
	  "Knockout (4-16 by default, no -rounds): seeded by rating,\n"
	  "byes to the top seeds, each match two games with colours\n"
	  "swapped and at 1-1 a deciding game (a drawn one sends Black\n"
	  "through).  join, leave: before the start (leave\n"
	  "after it withdraws you: your running games are resigned; in\n"
	  "a round robin, with fewer than half of your games played your\n"
	  "results are cancelled; in a knockout your opponent goes\n"
	  "through).  start: the organiser; players are\n"
	  "numbered by rating; a round robin's boards are all made at\n"
	  "once (Berger tables), a Swiss round's when the one before has\n"
	  "finished (Dutch system; an odd player out has a bye, a win).\n"
	  "After each game its players get the table (score and\n"
	  "Sonneborn-Berger, or Buchholz for a Swiss); after a Swiss\n"
	  "round and the last game, all do.  Ties on score are broken\n"
	  "by Sonneborn-Berger (Buchholz in a Swiss), then by pairing\n"
	  "number; a tie for first place is said so in the final\n"
	  "table, with the tie-break that decided it.  cancel: the\n"
	  "organiser, before the start; everyone who joined is told.\n"
	  "show: the table.  By token: GAME tournament join NAME in a\n"
	  "reply to a mail of ours that carries your account token."),
	  "tournament create spring alice Secret42 -format=roundrobin\n"
	  "tournament create open7 alice Secret42 -format=swiss -rounds=5\n"	  "tournament create cup alice Secret42 -format=knockout\n"
	  "tournament join spring bob Secret7\n"
	  "tournament start spring alice Secret42\n"
	  "tournament cancel spring alice Secret42\n"
	  "tournament show spring", run_tournament,
	  CMDT_SEC_TOURNAMENTS,
	  /* TRANSLATORS: the lines of tournament in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas tournament create NAME USERID PASSWORD -format=roundrobin\n"
	  "    [-rounds=1|2] [-players=MIN-MAX] [-start=YYYY-MM-DD] [-options]\n"
	  "    a round robin you organise and play in (default 3-10 players;\n"
	  "    -rounds=2 a double round robin; -start: the sweep starts it that\n"
	  "    day once enough have joined); every board made at the start\n"
	  "    e.g. epaminondas tournament create spring alice Secret42 -format=roundrobin\n"
	  "epaminondas tournament create NAME USERID PASSWORD -format=swiss\n"
	  "    -rounds=N [-players=MIN-MAX] [-start=YYYY-MM-DD] [-options]\n"
	  "    a Swiss (Dutch system, at most 8 rounds): each round is paired\n"
	  "    when the one before has finished\n"
	  "    e.g. epaminondas tournament create open7 alice Secret42 -format=swiss -rounds=5\n"
	  "epaminondas tournament create NAME USERID PASSWORD -format=knockout\n"
	  "    [-players=MIN-MAX] [-start=YYYY-MM-DD] [-options]\n"
	  "    a knockout (default 4-16 players) seeded by rating, byes to the\n"
	  "    top seeds; each match two games, colours swapped; at 1-1 a\n"
	  "    deciding game (White by lot; drawn, Black goes through); each\n"
	  "    round starts when every match of the one before is decided\n"
	  "    e.g. epaminondas tournament create cup alice Secret42 -format=knockout\n"
	  "epaminondas tournament join|leave NAME USERID PASSWORD\n"
	  "    join or leave before the start; leave after it withdraws you\n"
	  "    e.g. epaminondas tournament join spring bob Secret7\n"
	  "epaminondas tournament start NAME USERID PASSWORD\n"
	  "    the organiser starts it: every board of every round at once\n"
	  "epaminondas tournament cancel NAME USERID PASSWORD\n"
	  "    the organiser calls it off before the start; all who joined are told\n"
	  "    e.g. epaminondas tournament cancel spring alice Secret42\n"
	  "epaminondas tournament show NAME\n"
	  "    the table: score, Sonneborn-Berger, crosstable, games to play\n") },
	{ "tournaments", "", G, "",
	  /* TRANSLATORS: the help text of tournaments, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("Every tournament of the game: its format, state, players\n"
	  "and organiser."),
	  "tournaments", run_tournaments,
	  CMDT_SEC_TOURNAMENTS,
	  /* TRANSLATORS: the lines of tournaments in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas tournaments\n"
	  "    every tournament of the game\n"
	  "(Ties: \"help tournament\" says how they are broken.)\n") },
	{ "league", "", G,
	  "join|leave USERID PASSWORD\n"
	  "show",
	  /* TRANSLATORS: the help text of league, lines of at most 60
	     columns; command words, option names (-x=) and the
	     arguments in capitals (USERID, PASSWORD, BOARD) stay as
	     they are. */
	  N_("The recurring league, run by the server.  join: you are\n"
	  "entered in every season from the next one (new players at\n"
	  "the bottom, by rating) until you leave.  Each season's\n"
	  "divisions (1 the top) are round robin tournaments named\n"
	  "league-SEASON-DIVISION, made by the sweep when the season\n"
	  "before is over (all games over, or its days gone).  The top\n"
	  "2 of a division go up and the bottom 2 go down (1 between\n"
	  "divisions of fewer than 6).  show: the divisions, standings\n"
	  "and who goes up or down.  By token: GAME league join in a\n"
	  "reply to a mail with your account token."),
	  "league join alice Secret42\n"
	  "league leave alice Secret42\n"
	  "league show", run_league,
	  CMDT_SEC_LEAGUE,
	  /* TRANSLATORS: the lines of league in the help mail: the usage
	     lines (not indented) are what players type and stay as
	     they are; translate the lines indented by four; in e.g.
	     lines the commands stay. */
	  N_("epaminondas league join USERID PASSWORD\n"
	  "    enter every season from the next one (divisions by rating; the\n"
	  "    top 2 of a division go up, the bottom 2 go down)\n"
	  "    e.g. epaminondas league join alice Secret42\n"
	  "epaminondas league leave USERID PASSWORD\n"
	  "    leave it from the next season\n"
	  "    e.g. epaminondas league leave alice Secret42\n"
	  "epaminondas league show\n"
	  "    the divisions, their standings and who goes up or down\n"
	  "    (also \"help league\")\n") },
	{ NULL, NULL, 0, NULL, NULL, NULL, NULL, CMDT_SEC_NONE, NULL },
};

#undef A
#undef G
#undef H

/* The German words for the common commands (issue 32): each is another
 * word for its verb wherever the verb may be written, whatever the
 * player's language (README, epamserv(1) and templates/de/help.txt list
 * them: test_tables.py). */
static const struct {
	const char *word, *verb;
} cmdt_de[] = {
	{ "hilfe", "help" }, { "anmelden", "signup" },
	{ "herausfordern", "challenge" }, { "annehmen", "accept" },
	{ "ablehnen", "decline" }, { "zug", "move" }, { "zeige", "show" },
	{ "aufgeben", "resign" }, { "urlaub", "vacation" },
	{ "abbestellen", "stopmail" },
	/* Not a command: a word of move and of a reply (answer.c). */
	{ "remis", "propose" },
	{ NULL, NULL },
};

const char *cmdt_german(const char *word)
{
	int k;

	for (k = 0; cmdt_de[k].word; k++)
		if (strcasecmp(word, cmdt_de[k].word) == 0)
			return cmdt_de[k].verb;
	return NULL;
}

/* Whether word is d's verb or one of its aliases (German ones too). */
static int def_names(const struct cmd_def *d, const char *word)
{
	const char *p = d->aliases, *de = cmdt_german(word);
	size_t n = strlen(word);

	if (strcasecmp(d->verb, word) == 0 || (de && strcmp(d->verb, de) == 0))
		return 1;
	while (n && *p) {
		size_t len = strcspn(p, " ");
		if (len == n && strncasecmp(p, word, n) == 0)
			return 1;
		p += len;
		p += strspn(p, " ");
	}
	return 0;
}

const struct cmd_def *cmdt_find(const char *word, int scope)
{
	const struct cmd_def *d;

	for (d = cmd_table; d->verb; d++)
		if ((d->scope & scope) && def_names(d, word))
			return d;
	return NULL;
}

const struct cmd_def *cmdt_find_any(const char *word)
{
	return cmdt_find(word, CMDT_ACCOUNT | CMDT_GAME);
}

/* pbmserv's short forms and words for a command of ours. */
static const struct {
	const char *word, *verb;
} cmdt_short[] = {
	{ "board", "show" }, { "chall", "challenge" }, { "mv", "move" },
	{ "boards", "show" }, { "acc", "accept" }, { "res", "resign" },
	{ NULL, NULL },
};

/* The optimal string alignment distance of a and b (lower-case ASCII
 * words of at most 31 bytes): edits, a swap of two neighbours being one
 * ("mvoe" is 1 from "move"); 99 for longer words. */
static int edit_distance(const char *a, const char *b)
{
	int d[32][32], i, j, n = (int)strlen(a), m = (int)strlen(b);

	if (n > 31 || m > 31)
		return 99;
	for (i = 0; i <= n; i++)
		d[i][0] = i;
	for (j = 0; j <= m; j++)
		d[0][j] = j;
	for (i = 1; i <= n; i++)
		for (j = 1; j <= m; j++) {
			int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[n][m];
}

const struct cmd_def *cmdt_suggest(const char *word, int scope)
{
	const struct cmd_def *d, *best = NULL;
	char w[32];
	size_t n = strlen(word), i;
	int k, least = 99, ties = 0, most;

	if (n < 2 || n >= sizeof w)
		return NULL;
	for (i = 0; i <= n; i++)
		w[i] = (char)tolower((unsigned char)word[i]);
	for (k = 0; cmdt_short[k].word; k++)
		if (strcmp(w, cmdt_short[k].word) == 0)
			return cmdt_find(cmdt_short[k].verb, scope);
	/* A misspelling: one edit for a short word, two for a longer one;
	 * only when one command is nearest. */
	most = n <= 4 ? 1 : 2;
	for (d = cmd_table; d->verb; d++) {
		if (!(d->scope & scope) || (d->scope & CMDT_HIDDEN))
			continue;
		k = edit_distance(w, d->verb);
		if (k < least) {
			least = k;
			best = d;
			ties = 0;
		} else if (k == least && strcmp(d->verb, best->verb) != 0) {
			ties++;
		}
	}
	if (best && least <= most && !ties)
		return best;
	/* The start of one command's name ("subscr"). */
	best = NULL;
	for (d = cmd_table; n >= 3 && d->verb; d++)
		if ((d->scope & scope) && !(d->scope & CMDT_HIDDEN) &&
		    strncmp(d->verb, w, n) == 0) {
			if (best && strcmp(best->verb, d->verb) != 0)
				return NULL;
			best = d;
		}
	return best;
}

/* Append to out (len bytes, holding used) as much of s as fits whole;
 * returns the new used, or len when s did not fit (then nothing more is
 * added). */
static size_t put(char *out, size_t len, size_t used, const char *s)
{
	size_t n = strlen(s);

	if (used >= len || n >= len - used)
		return len;
	memcpy(out + used, s, n + 1);
	return used + n;
}

/* Append the lines of text, each with lead (first line) or cont (the
 * others) and prefix before it. */
static size_t put_lines(const char *text, const char *lead, const char *cont,
                        const char *prefix, char *out, size_t len,
                        size_t used)
{
	char line[256];
	const char *p = text;

	while (*p) {
		size_t n = strcspn(p, "\n");
		snprintf(line, sizeof line, "%s%s%s%.*s\n", p == text ? lead : cont,
		         prefix, *prefix ? " " : "", (int)n, p);
		used = put(out, len, used, line);
		p += n;
		if (*p)
			p++;
	}
	return used;
}

/* Append d's usage lines (forms, prefix "GAME" or game's name in game
 * scope); then, when examples is not NULL, its lines as "  e.g. ..."
 * (prefix example_game in game scope). */
static size_t put_usage(const struct cmd_def *d, int scope, const char *game,
                        const char *examples, const char *example_game,
                        char *out, size_t len, size_t used)
{
	const char *form = d->forms;
	const char *prefix = !(scope & CMDT_GAME) ? "" : game ? game : "GAME";
	char line[256];

	do {
		size_t n = strcspn(form, "\n");
		snprintf(line, sizeof line, "%s%s%s%s%.*s\n", prefix,
		         *prefix ? " " : "", d->verb, n ? " " : "", (int)n, form);
		used = put(out, len, used, line);
		form += n;
	} while (*form && *++form);
	if (examples) {
		/* TRANSLATORS: what comes before a usage's examples ("  e.g.
		 * help move"); keep the two blanks before it and the one after
		 * it as they are.  The lines after the first are indented to
		 * its width. */
		const char *lead = _("  e.g. ");
		char cont[24];
		size_t w = 0, i;

		for (i = 0; lead[i]; i++)   /* columns, not bytes */
			w += ((unsigned char)lead[i] & 0xc0) != 0x80;
		if (w >= sizeof cont)
			w = sizeof cont - 1;
		memset(cont, ' ', w);
		cont[w] = '\0';
		used = put_lines(examples, lead, cont, scope & CMDT_GAME ?
		                 example_game : "", out, len, used);
	}
	return used;
}

/* Drop the last newline of out (used bytes). */
static char *chop(char *out, size_t len, size_t used)
{
	if (used > 0 && used < len && out[used - 1] == '\n')
		out[used - 1] = '\0';
	return out;
}

char *cmdt_usage(const struct cmd_def *d, int scope, const char *game,
                 char *out, size_t len)
{
	size_t used;

	if (!len)
		return out;
	out[0] = '\0';
	used = put_usage(d, scope & d->scope, game, d->example, game ? game :
	                 spool_games[0], out, len, 0);
	return chop(out, len, used);
}

char *cmdt_entry(const struct cmd_def *d, int scope, const char *game,
                 const char *example, char *out, size_t len)
{
	size_t used;

	if (!len)
		return out;
	out[0] = '\0';
	used = put_usage(d, scope & d->scope, NULL, example ? example :
	                 d->example, game ? game : spool_games[0], out, len, 0);
	used = put_lines(_(d->help), "    ", "    ", "", out, len, used);
	return chop(out, len, used);
}

const char *cmd_usage_of(struct cmdctx *c, const char *verb, int scope,
                         const char *game)
{
	const struct cmd_def *d = cmdt_find(verb, scope);

	if (!d)
		return "help";
	return cmdt_entry(d, scope, game, NULL, c->usage_buf,
	                  sizeof c->usage_buf);
}

const char *cmdt_usage_all(int scope)
{
	static char all[2][8192];
	char *out = all[scope == CMDT_GAME];
	const struct cmd_def *d;
	size_t used = 0;

	if (out[0])
		return out;
	for (d = cmd_table; d->verb; d++)
		if ((d->scope & scope) && !(d->scope & CMDT_HIDDEN))
			used = put_usage(d, scope, NULL, NULL, NULL, out,
			                 sizeof all[0], used);
	if (scope == CMDT_ACCOUNT)
		used = put(out, sizeof all[0], used, "epaminondas help\n");
	return chop(out, sizeof all[0], used);
}

/* cmd.h: the command words a mail may start with (intake.c and inlog.c
 * read them; here, with the table, not in the pipeline's dispatch.c). */
int cmd_known(const char *word)
{
	return spool_is_game(word) || cmdt_find(word, CMDT_ACCOUNT) != NULL;
}

int cmd_game_verb_known(const char *verb)
{
	return cmdt_find(verb, CMDT_GAME) != NULL;
}
