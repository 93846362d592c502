/*
 * dispatch.c - from command words to the command's function.
 *
 * Account commands stand alone ("signup ..."); game commands start with
 * the game's name ("epaminondas move ...", "crossings show ...").
 * Command words and userids are case-insensitive, passwords are not, so
 * each command lower-cases only what it must.
 */
#include "cmd/cmd.h"
#include "spool/spool.h"
#include "util/util.h"

#include <stdarg.h>
#include <string.h>
#include <strings.h>

/* The account commands: first word and function. */
static const struct {
	const char *word;
	enum cmd_status (*run)(struct cmdctx *c, int argc, char **argv);
} account_cmds[] = {
	{ "help", cmd_help },
	{ "signup", cmd_signup },
	{ "confirm", cmd_confirm_address },
	{ "standings", cmd_standings },
	{ "history", cmd_history },
	{ "change", cmd_change },
	{ "signoff", cmd_signoff },
	{ "list", cmd_list },
	{ "message", cmd_message },
	{ "vacation", cmd_vacation },
	{ "set", cmd_set },
	{ NULL, NULL },
};

int cmd_known(const char *word)
{
	int i;

	if (spool_is_game(word))
		return 1;
	for (i = 0; account_cmds[i].word; i++)
		if (strcasecmp(word, account_cmds[i].word) == 0)
			return 1;
	return 0;
}

int cmd_game_verb_known(const char *verb)
{
	static const char *const verbs[] = { "help", "challenge", "move",
		"queue", "submit", "confirm", "showas", "games", "chat",
		"subscribe", "unsubscribe", "show", "preview", "accept", "decline",
		"resign", NULL };
	int i;

	for (i = 0; verbs[i]; i++)
		if (strcasecmp(verb, verbs[i]) == 0)
			return 1;
	return 0;
}

enum cmd_status cmd_refuse(struct cmdctx *c, const char *usage,
                           const char *fmt, ...)
{
	va_list ap;
	char tmp[2048];

	va_start(ap, fmt);
	vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	buf_reset(&c->error);
	buf_puts(&c->error, tmp);
	c->usage = usage;
	return CMD_REFUSED;
}

#define ACCOUNT_USAGE \
	"help [commands]\n" \
	"signup USERID PASSWORD [ADDRESS...]\n" \
	"confirm USERID   (reply to the confirmation request)\n" \
	"change password USERID OLD-PASSWORD NEW-PASSWORD\n" \
	"change address USERID PASSWORD ADDRESS...\n" \
	"signoff USERID PASSWORD\n" \
	"list\n" \
	"message USERID PASSWORD TO-USERID...\n" \
	"vacation USERID PASSWORD YYYY-MM-DD|off\n" \
	"set USERID PASSWORD html|orientation|token VALUE\n" \
	"standings\n" \
	"history [USERID]\n" \
	"epaminondas help"

#define GAME_USAGE \
	"GAME help\n" \
	"GAME challenge WHITE-USERID BLACK-USERID [-options] [by USERID PASSWORD]\n" \
	"GAME accept BOARD USERID PASSWORD\n" \
	"GAME decline BOARD USERID PASSWORD\n" \
	"GAME move BOARD USERID PASSWORD MOVE[#N][!]\n" \
	"GAME move BOARD USERID PASSWORD propose|accept|reject|undo|resign\n" \
	"GAME queue BOARD USERID PASSWORD MOVE|off\n" \
	"GAME submit BOARD USERID PASSWORD MOVE[#N]\n" \
	"GAME confirm BOARD USERID PASSWORD\n" \
	"GAME resign BOARD USERID PASSWORD\n" \
	"GAME show BOARD\n" \
	"GAME show USERID [all|active|next]\n" \
	"GAME showas USERID PASSWORD BOARD\n" \
	"GAME games USERID\n" \
	"GAME chat BOARD USERID PASSWORD\n" \
	"GAME subscribe BOARD USERID PASSWORD\n" \
	"GAME unsubscribe BOARD USERID PASSWORD\n" \
	"GAME preview BOARD[#N]|new [-options] MOVE..."

static enum cmd_status run_game(struct cmdctx *c, const char *game, int argc,
                                char **argv)
{
	const char *verb = argc > 1 ? argv[1] : "";

	if (strcasecmp(verb, "help") == 0)
		return cmd_game_help(c, game);
	if (strcasecmp(verb, "challenge") == 0)
		return cmd_challenge(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "move") == 0)
		return cmd_move(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "queue") == 0)
		return cmd_queue(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "submit") == 0)
		return cmd_submit(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "confirm") == 0)
		return cmd_confirm(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "showas") == 0)
		return cmd_showas(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "games") == 0)
		return cmd_games(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "chat") == 0)
		return cmd_chat(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "subscribe") == 0)
		return cmd_subscribe(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "unsubscribe") == 0)
		return cmd_unsubscribe(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "show") == 0)
		return cmd_show(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "preview") == 0)
		return cmd_preview(c, game, argc - 2, argv + 2);
	if (strcasecmp(verb, "accept") == 0 || strcasecmp(verb, "decline") == 0 ||
	    strcasecmp(verb, "resign") == 0) {
		util_lower(argv[1]);
		return cmd_answer(c, game, argv[1], argc - 2, argv + 2);
	}
	if (!*verb)
		return cmd_refuse(c, GAME_USAGE, "'%s' needs a command after it",
		                  game);
	return cmd_refuse(c, GAME_USAGE, "'%s %s' is not a command I know",
	                  game, verb);
}

enum cmd_status cmd_run(struct cmdctx *c, int argc, char **argv)
{
	int i;

	if (argc < 1)
		return cmd_refuse(c, "help", "I found no command in your mail");
	for (i = 0; spool_games[i]; i++)
		if (strcasecmp(argv[0], spool_games[i]) == 0)
			return run_game(c, spool_games[i], argc, argv);
	for (i = 0; account_cmds[i].word; i++)
		if (strcasecmp(argv[0], account_cmds[i].word) == 0)
			return account_cmds[i].run(c, argc - 1, argv + 1);
	return cmd_refuse(c, ACCOUNT_USAGE, "'%s' is not a command I know",
	                  argv[0]);
}
