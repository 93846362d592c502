/*
 * help.c - "help [topic]" and "GAME help": the help templates, sent to
 * the sender.  Topics: commands (the default: every command with an
 * example), rules (also "epaminondas", "notation", "options"), crossings.
 */
#include "cmd/cmd.h"
#include "spool/txn.h"

#include <stdlib.h>
#include <stdio.h>
#include <strings.h>

static enum cmd_status send_help(struct cmdctx *c, const char *tmpl,
                                 const char *subject)
{
	struct tvars v = { 0 };
	struct txn *t;
	char *text;

	tvars_set(&v, "from", c->cfg->from);
	text = reply_template(c, tmpl, &v);
	tvars_free(&v);
	if (!text)
		return CMD_TEMPFAIL;
	t = cmd_txn(c, c->msg_key);
	reply_queue(c, t, c->sender, subject, text, NULL, 0, NULL);
	free(text);
	return cmd_commit(c, t);
}

#define HELP_USAGE "help [commands|rules|crossings]\n" \
	"  e.g. help rules"

enum cmd_status cmd_help(struct cmdctx *c, int argc, char **argv)
{
	static const struct {
		const char *topic, *tmpl, *subject;
	} topics[] = {
		{ "commands", "help.txt", "epamserv help" },
		{ "rules", "epaminondas-help.txt", "Epaminondas help" },
		{ "epaminondas", "epaminondas-help.txt", "Epaminondas help" },
		{ "notation", "epaminondas-help.txt", "Epaminondas help" },
		{ "options", "epaminondas-help.txt", "Epaminondas help" },
		{ "crossings", "crossings-help.txt", "Crossings help" },
	};
	size_t i;

	if (argc == 0)
		return send_help(c, "help.txt", "epamserv help");
	for (i = 0; argc == 1 && i < sizeof topics / sizeof topics[0]; i++)
		if (strcasecmp(argv[0], topics[i].topic) == 0)
			return send_help(c, topics[i].tmpl, topics[i].subject);
	return cmd_refuse(c, HELP_USAGE, "there is no help on '%.40s'; the "
	                  "topics are commands, rules and crossings", argv[0]);
}

enum cmd_status cmd_game_help(struct cmdctx *c, const char *game)
{
	char tmpl[64], subject[64];

	snprintf(tmpl, sizeof tmpl, "%s-help.txt", game);
	snprintf(subject, sizeof subject, "%s help", reply_game_title(game));
	return send_help(c, tmpl, subject);
}
