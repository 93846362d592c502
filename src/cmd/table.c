/*
 * table.c - the one table of mail commands (see table.h): each command's
 * verb, aliases, scope, forms, help text, example and function, and the
 * usage texts made from them.
 */
#include "cmd/table.h"
#include "spool/spool.h"

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
ACCOUNT_RUN(run_standings, cmd_standings)
ACCOUNT_RUN(run_history, cmd_history)
ACCOUNT_RUN(run_signoff, cmd_signoff)
ACCOUNT_RUN(run_list, cmd_list)
ACCOUNT_RUN(run_message, cmd_message)
ACCOUNT_RUN(run_vacation, cmd_vacation)
ACCOUNT_RUN(run_set, cmd_set)
GAME_RUN(run_challenge, cmd_challenge)
GAME_RUN(run_move, cmd_move)
GAME_RUN(run_queue, cmd_queue)
GAME_RUN(run_submit, cmd_submit)
GAME_RUN(run_confirm, cmd_confirm)
GAME_RUN(run_show, cmd_show)
GAME_RUN(run_showas, cmd_showas)

/* "games USERID" alone, as the list mail advertises it, is the first
 * game's (epaminondas games USERID). */
static enum cmd_status run_games(struct cmdctx *c, const char *game,
                                 const char *verb, int argc, char **argv)
{
	(void)verb;
	return cmd_games(c, game ? game : spool_games[0], argc, argv);
}
GAME_RUN(run_chat, cmd_chat)
GAME_RUN(run_subscribe, cmd_subscribe)
GAME_RUN(run_unsubscribe, cmd_unsubscribe)
GAME_RUN(run_preview, cmd_preview)

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

#define A CMDT_ACCOUNT
#define G CMDT_GAME

const struct cmd_def cmd_table[] = {
	{ "help", "", A, "[commands|rules|crossings|COMMAND]",
	  "Help on every command (the default), on the rules, on the\n"
	  "1969 Crossings rules, or on one command.",
	  "help move", run_help },
	{ "signup", "", A, "USERID PASSWORD [ADDRESS...]",
	  "Make an account.  Each address (the sender's when none is\n"
	  "given; blanks or commas between them) gets a confirmation\n"
	  "request: reply to it, keeping its subject, and you can play.",
	  "signup alice Secret42", run_signup },
	{ "confirm", "", A, "USERID   (reply to the confirmation request)",
	  "The answer to a confirmation request: reply to it and keep\n"
	  "its subject.",
	  NULL, run_confirm_address },
	{ "change", "", A,
	  "password USERID OLD-PASSWORD NEW-PASSWORD\n"
	  "address USERID PASSWORD ADDRESS...",
	  "Change your password, or your addresses: a new address takes\n"
	  "effect when you answer the confirmation request sent there.",
	  "change password alice Secret42 Better43", run_change },
	{ "signoff", "", A, "USERID PASSWORD",
	  "Close your account (finish your games first).",
	  "signoff alice Secret42", run_signoff },
	{ "list", "", A | G, "[GAME]",
	  "Every player's userid (the same list for every game).",
	  "list", run_list },
	{ "message", "", A, "USERID PASSWORD TO-USERID...",
	  "The body of your mail goes to the players named.",
	  "message alice Secret42 bob", run_message },
	{ "vacation", "", A, "USERID PASSWORD YYYY-MM-DD|off",
	  "Tell your opponents you are away until a date, or back.",
	  "vacation alice Secret42 2026-12-24", run_vacation },
	{ "set", "", A, "USERID PASSWORD html|orientation|token VALUE",
	  "Preferences: html on|off (an HTML board in each board mail),\n"
	  "orientation white|black|own (the side at the bottom), token\n"
	  "new (void every reply token sent so far).",
	  "set alice Secret42 html off", run_set },
	{ "standings", "ratings", A | G, "",
	  "Every player's Elo rating (new players start at 1600 and are\n"
	  "provisional for their first 20 games).",
	  "standings", run_standings },
	{ "history", "", A | G, "[USERID]",
	  "Finished games, most recent first, of everyone or of one\n"
	  "player.",
	  "history alice", run_history },
	{ "help", "", G, "[COMMAND]",
	  "The rules of the game and its notation, or help on one\n"
	  "command.",
	  "help", run_game_help },
	{ "challenge", "", G,
	  "WHITE-USERID BLACK-USERID [-options] [by USERID PASSWORD]",
	  "A new game; signing it (by) is your accept, the other player\n"
	  "accepts to start it (without by, both accept).  WHITE moves\n"
	  "first.  The options are in \"help rules\".",
	  "challenge alice bob by alice Secret42", run_challenge },
	{ "accept", "", G, "BOARD USERID PASSWORD",
	  "Accept a challenge: the game starts once both players have.",
	  "accept 101 bob Secret7", run_answer },
	{ "decline", "", G, "BOARD USERID PASSWORD",
	  "Decline a challenge, or withdraw your accept, until the game\n"
	  "has started.",
	  "decline 101 bob Secret7", run_answer },
	{ "move", "", G,
	  "BOARD USERID PASSWORD MOVE[#N][!]\n"
	  "BOARD USERID PASSWORD propose|accept|reject|undo|resign",
	  "Play a move (#N, the number of the move you make, guards\n"
	  "against a board that changed since you looked); or offer a\n"
	  "draw (propose), ask to take back your last move (undo),\n"
	  "answer the other player's offer (accept, reject), or resign.\n"
	  "A move that loses at once while another would not is played\n"
	  "only with ! after it (e.g. a12-a11!).",
	  "move 101 alice Secret42 e1-e3", run_move },
	{ "queue", "", G, "BOARD USERID PASSWORD MOVE|off",
	  "A move played for you right after the other player's next\n"
	  "move, if it is legal then (off drops it).",
	  "queue 101 bob Secret7 e11-e10", run_queue },
	{ "submit", "", G, "BOARD USERID PASSWORD MOVE[#N]",
	  "Check a move and see the board it makes, without playing it;\n"
	  "confirm plays it.",
	  "submit 101 alice Secret42 e1-e3", run_submit },
	{ "confirm", "", G, "BOARD USERID PASSWORD",
	  "Play the move you submitted.",
	  "confirm 101 alice Secret42", run_confirm },
	{ "resign", "", G, "BOARD USERID PASSWORD",
	  "Give up the game (any time).",
	  "resign 101 bob Secret7", run_answer },
	{ "show", "", G, "BOARD[#N] [BOARD[#N]...]\nUSERID [all|active|next]",
	  "Boards as they stand, or with #N as they stood after move N\n"
	  "(at most 10 a mail); or a player's boards: all, those not\n"
	  "over (the default), or those waiting for the player.",
	  "show 101", run_show },
	{ "showas", "", G, "USERID PASSWORD BOARD...|all",
	  "Boards from your side (all: every board of yours not over;\n"
	  "at most 10 a mail).",
	  "showas bob Secret7 101", run_showas },
	{ "games", "", A | G, "USERID",
	  "A player's boards, one line each (written alone: the\n"
	  "Epaminondas boards).",
	  "games alice", run_games },
	{ "chat", "", G, "BOARD USERID PASSWORD",
	  "The body of your mail goes to the other player and the\n"
	  "observers.",
	  "chat 101 bob Secret7", run_chat },
	{ "subscribe", "", G, "BOARD USERID PASSWORD",
	  "Get every board mail of a game as an observer.",
	  "subscribe 101 carol Secret9", run_subscribe },
	{ "unsubscribe", "", G, "BOARD USERID PASSWORD",
	  "Stop getting a game's board mails.",
	  "unsubscribe 101 carol Secret9", run_unsubscribe },
	{ "preview", "", G, "BOARD[#N]|new [-options] MOVE...",
	  "Try moves without playing them; the boards they make go to\n"
	  "you only.",
	  "preview 101 e2-e3 e11-e10", run_preview },
	{ NULL, NULL, 0, NULL, NULL, NULL, NULL },
};

#undef A
#undef G

/* Whether word is d's verb or one of its aliases. */
static int def_names(const struct cmd_def *d, const char *word)
{
	const char *p = d->aliases;
	size_t n = strlen(word);

	if (strcasecmp(d->verb, word) == 0)
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

/* Append d's usage lines (and its example when example is set). */
static size_t put_usage(const struct cmd_def *d, int scope, const char *game,
                        int example, char *out, size_t len, size_t used)
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
	if (example && d->example) {
		snprintf(line, sizeof line, "  e.g. %s%s%s\n",
		         scope & CMDT_GAME ? game ? game : spool_games[0] : "",
		         scope & CMDT_GAME ? " " : "", d->example);
		used = put(out, len, used, line);
	}
	return used;
}

char *cmdt_usage(const struct cmd_def *d, int scope, const char *game,
                 char *out, size_t len)
{
	size_t used;

	if (!len)
		return out;
	out[0] = '\0';
	used = put_usage(d, scope & d->scope, game, 1, out, len, 0);
	if (used > 0 && used < len && out[used - 1] == '\n')
		out[used - 1] = '\0';
	return out;
}

const char *cmdt_usage_all(int scope)
{
	static char all[2][4096];
	char *out = all[scope == CMDT_GAME];
	const struct cmd_def *d;
	size_t used = 0;

	if (out[0])
		return out;
	for (d = cmd_table; d->verb; d++)
		if (d->scope & scope)
			used = put_usage(d, scope, NULL, 0, out, sizeof all[0], used);
	if (scope == CMDT_ACCOUNT)
		used = put(out, sizeof all[0], used, "epaminondas help\n");
	if (used > 0 && used < sizeof all[0] && out[used - 1] == '\n')
		out[used - 1] = '\0';
	return out;
}
