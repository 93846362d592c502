/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * help.c - "help [topic]" and "GAME help": the help templates, sent to
 * the sender.  Topics: commands (the default: every command with an
 * example, the list made from the table's briefs), rules (also
 * "epaminondas", "notation", "options"), crossings, time (also "clock",
 * "clocks": every time control), and any command of the table
 * (table.c): "help move", "help epaminondas move", "epaminondas help
 * move".
 */
#include "commands/cmd.h"
#include "commands/table.h"
#include "spool/spool.h"
#include "util/buf.h"
#include "spool/txn.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The headings of the help mail's sections (enum cmdt_section). */
static const char *const section_heading[CMDT_NSECTIONS] = {
	/* TRANSLATORS: the headings of the help mail's list of commands. */
	[CMDT_SEC_HELP] = N_("Help"),
	[CMDT_SEC_ACCOUNTS] = N_("Accounts"),
	/* TRANSLATORS: epaminondas and crossings are the games' names a
	 * player types: keep them as they are. */
	[CMDT_SEC_GAMES] = N_("Games (start each with the game's name: "
	                      "epaminondas or crossings)"),
	[CMDT_SEC_TOURNAMENTS] = N_("Tournaments (every board made and mailed "
	                            "by the server)"),
	[CMDT_SEC_LEAGUE] = N_("League (a season after season of round "
	                       "robins, made by the server)"),
};

/* The list of commands of the help mail ({{commands}} of help.txt) into
 * out: each section's heading, then the brief of each of its commands
 * in table order, its lines indented by two; a blank line between
 * sections, no newline at the end. */
static void help_list(struct buf *out)
{
	const struct cmd_def *d;
	const char *nl = "";
	int sec;

	for (sec = CMDT_SEC_NONE + 1; sec < CMDT_NSECTIONS; sec++) {
		buf_printf(out, "%s%s%s", nl, *nl ? "\n" : "",
		           _(section_heading[sec]));
		nl = "\n";
		for (d = cmd_table; d->verb; d++) {
			const char *p;
			if ((int)d->section != sec || !d->brief)
				continue;
			p = _(d->brief);
			while (*p) {
				size_t n = strcspn(p, "\n");
				buf_printf(out, "\n  %.*s", (int)n, p);
				p += n + (p[n] == '\n');
			}
		}
	}
}

static enum cmd_status send_help(struct cmdctx *c, const char *tmpl,
                                 const char *subject)
{
	struct tvars v = { 0 };
	struct buf list = BUF_INIT;
	struct txn *t;
	char *text;

	help_list(&list);
	tvars_set(&v, "commands", buf_str(&list));
	tvars_set(&v, "from", c->s.cfg->from);
	tvars_setf(&v, "forfeit_days", "%d", c->s.cfg->forfeit_days);
	tvars_setf(&v, "remind_days", "%d", c->s.cfg->remind_days);
	text = reply_template(&c->s, tmpl, &v);
	tvars_free(&v);
	buf_free(&list);
	if (!text)
		return CMD_TEMPFAIL;
	t = svc_txn(&c->s, c->s.msg_key);
	reply_queue(&c->s, t, c->sender, subject, text, NULL, 0, NULL);
	free(text);
	return svc_commit(&c->s, t);
}


#define HELP_MAX_WORDS 10  /* commands of one "help COMMAND..." */

/* Append d's usage lines and its help text, indented, to out. */
static void help_entry(const struct cmd_def *d, int scope, struct buf *out)
{
	char entry[2048];

	buf_puts(out, cmdt_entry(d, scope, NULL, NULL, entry, sizeof entry));
	buf_puts(out, "\n\n");
}

/* "help COMMAND...": every entry of the table named by each of the argc
 * words (a verb may be both an account and a game command, e.g.
 * confirm), in one reply; CMD_REFUSED when a word names none. */
static enum cmd_status help_command(struct cmdctx *c, int argc, char **argv)
{
	struct tvars v = { 0 };
	struct buf out = BUF_INIT, names = BUF_INIT;
	const struct cmd_def *d;
	struct txn *t;
	char *text, subject[96];
	int scope, i;
	size_t before;

	for (i = 0; i < argc; i++) {
		before = out.len;
		for (scope = CMDT_ACCOUNT; scope <= CMDT_GAME; scope <<= 1)
			for (d = cmd_table; d->verb; d++)
				if ((d->scope & scope) && d == cmdt_find(argv[i], scope))
					help_entry(d, scope, &out);
		if (out.len == before) {
			buf_free(&out);
			buf_free(&names);
			return cmd_refuse(c, cmd_usage_of(c, "help", CMDT_ACCOUNT,
			                                  NULL),
			                  /* TRANSLATORS: the topics (commands,
			                   * rules, crossings, time) are words a
			                   * player types after help: keep them as
			                   * they are. */
			                  _("there is no help on '%.40s'; the topics "
			                    "are commands, rules, crossings, time and "
			                    "each command's name"), argv[i]);
		}
		d = cmdt_find_any(argv[i]);
		buf_printf(&names, "%s%s", i ? ", " : "", d->verb);
	}
	tvars_set(&v, "from", c->s.cfg->from);
	/* TRANSLATORS: %s is the list of commands' names, "move, show". */
	tvars_setf(&v, "headline", _("help on %s"), buf_str(&names));
	tvars_set(&v, "details", buf_str(&out));
	text = reply_template(&c->s, "account.txt", &v);
	tvars_free(&v);
	buf_free(&out);
	if (!text) {
		buf_free(&names);
		return CMD_TEMPFAIL;
	}
	/* TRANSLATORS: a mail's subject; %.60s is the list of commands'
	   names, "move, show". */
	snprintf(subject, sizeof subject, _("epamserv help on %.60s"),
	         buf_str(&names));
	buf_free(&names);
	t = svc_txn(&c->s, c->s.msg_key);
	reply_queue(&c->s, t, c->sender, subject, text, NULL, 0, NULL);
	free(text);
	return svc_commit(&c->s, t);
}

enum cmd_status cmd_help(struct cmdctx *c, int argc, char **argv)
{
	static const struct {
		const char *topic, *tmpl, *subject;
	} topics[] = {
		/* TRANSLATORS: the subjects of the help mails. */
		{ "commands", "help.txt", N_("epamserv help") },
		{ "rules", "epaminondas-help.txt", N_("Epaminondas help") },
		{ "epaminondas", "epaminondas-help.txt", N_("Epaminondas help") },
		{ "notation", "epaminondas-help.txt", N_("Epaminondas help") },
		{ "options", "epaminondas-help.txt", N_("Epaminondas help") },
		{ "crossings", "crossings-help.txt", N_("Crossings help") },
		{ "time", "time-help.txt", N_("epamserv help on clocks") },
		{ "clock", "time-help.txt", N_("epamserv help on clocks") },
		{ "clocks", "time-help.txt", N_("epamserv help on clocks") },
	};
	size_t i;

	if (argc == 0)
		return send_help(c, "help.txt", _("epamserv help"));
	for (i = 0; argc == 1 && i < sizeof topics / sizeof topics[0]; i++)
		if (strcasecmp(argv[0], topics[i].topic) == 0)
			return send_help(c, topics[i].tmpl,
			                 _(topics[i].subject));
	/* "help epaminondas move": the game's name is optional. */
	if (argc >= 2 && spool_is_game(argv[0]))
		return help_command(c, argc - 1, argv + 1);
	if (argc > HELP_MAX_WORDS)
		return cmd_refuse(c, cmd_usage_of(c, "help", CMDT_ACCOUNT, NULL),
		                  /* TRANSLATORS: help is the command word:
		                   * keep it as it is. */
		                  ngettext("help takes one topic or up to %d "
		                           "command's name",
		                           "help takes one topic or up to %d "
		                           "commands' names", HELP_MAX_WORDS),
		                  HELP_MAX_WORDS);
	return help_command(c, argc, argv);
}

enum cmd_status cmd_game_help(struct cmdctx *c, const char *game)
{
	char tmpl[64], subject[64];

	snprintf(tmpl, sizeof tmpl, "%s-help.txt", game);
	/* TRANSLATORS: a mail's subject; %s is the game's title,
	   "Epaminondas" or "Crossings". */
	snprintf(subject, sizeof subject, _("%s help"), reply_game_title(game));
	return send_help(c, tmpl, subject);
}
