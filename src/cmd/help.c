/*
 * help.c - "help" and "GAME help": the help templates, sent to the sender.
 */
#include "cmd/cmd.h"
#include "spool/txn.h"

#include <stdlib.h>
#include <stdio.h>

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

enum cmd_status cmd_help(struct cmdctx *c, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return send_help(c, "help.txt", "epamserv help");
}

enum cmd_status cmd_game_help(struct cmdctx *c, const char *game)
{
	char tmpl[64], subject[64];

	snprintf(tmpl, sizeof tmpl, "%s-help.txt", game);
	snprintf(subject, sizeof subject, "%s help", reply_game_title(game));
	return send_help(c, tmpl, subject);
}
