/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * subcmds.c - the one table of operator subcommands (cli.h): each one's
 * name, function, what main sets up for it, its arguments and what it
 * does.  main's dispatch and set-up and the global usage ("epamserv
 * --help") are all read from it, in the manner of git.c's commands[].
 */
#include "config.h"

#include "cli/cli.h"
#include "cli/cli_engine.h"
#include "cli/cli_rules.h"
#include "util/i18n.h"

#include <stdio.h>
#include <string.h>

/* Adapters from the table's one signature to the commands that need no
 * configuration. */
#define NO_CONFIG_RUN(name, fn) \
	static int name(const struct config *cfg, int argc, char **argv) \
	{ \
		(void)cfg; \
		return fn(argc, argv); \
	}

NO_CONFIG_RUN(run_perft, cli_perft)
NO_CONFIG_RUN(run_moves, cli_moves)
NO_CONFIG_RUN(run_think, cli_think)
NO_CONFIG_RUN(run_match, cli_match)
NO_CONFIG_RUN(run_replay, cli_replay)

#define NO_CONFIG SUBCMD_NO_CONFIG
#define OWNER SUBCMD_SPOOL_OWNER
#define LOGS SUBCMD_LOGS
#define OWN_HELP SUBCMD_OWN_HELP
#define RUN_RECORD SUBCMD_RUN_RECORD

const struct subcmd subcmds[] = {
	{ "receive", cli_receive, OWNER | LOGS | SUBCMD_MTA, "",
	  /* TRANSLATORS: the summaries of "epamserv --help", beside the
	   * command's form: lines of at most 50 columns, each "\n" a line
	   * break of the usage. */
	  N_("process one mail from standard input") },
	{ "outbox", cli_outbox, OWNER, "[--json|--names|--full]",
	  N_("list the mail waiting or failed") },
	{ "batch", cli_batch, OWNER | LOGS | RUN_RECORD, "--maildir DIR",
	  N_("process every mail in DIR/new") },
	{ "batch", NULL, 0, "--imap URL",
	  N_("process every unseen mail of an IMAP\n"
	     "mailbox (imap[s]://host[:port]/INBOX)") },
	{ "flush", cli_flush,
	  OWNER | LOGS | RUN_RECORD | SUBCMD_BOUNCE_NOTICES,
	  "[--all] [--to ADDRESS|@DOMAIN]",
	  N_("send the mail waiting in the outbox") },
	{ "bounces", cli_bounces, OWNER, "",
	  N_("addresses that bounced (refused, or\n"
	     "named by a report on our mail)") },
	{ "sweep", cli_sweep, OWNER | LOGS | RUN_RECORD | SUBCMD_BOUNCE_NOTICES,
	  "", N_("hourly: clocks, reminders, forfeits (cron)") },
	{ "admin", cli_admin, OWNER | LOGS | OWN_HELP | SUBCMD_ADMIN_WHO,
	  "list|show|check|user|outbox|bounces|quarantine|repair ...",
	  N_("manage the spool (see epamserv(1))") },
	{ "status", cli_status, OWNER | OWN_HELP, "[--json|--prometheus]",
	  N_("boards, queue, bounces, damage, runs") },
	{ "perft", run_perft, NO_CONFIG | OWN_HELP,
	  "DEPTH [POSITION] [options] [--divide]",
	  N_("count move sequences (RULES.md 7)") },
	{ "moves", run_moves, NO_CONFIG | OWN_HELP, "POSITION [options]",
	  N_("list the legal moves of a position") },
	{ "think", run_think, NO_CONFIG | OWN_HELP,
	  "[POSITION] [--nodes N|--depth N|--movetime MS] [options]",
	  N_("the engine's move, score and line") },
	{ "match", run_match, NO_CONFIG | OWN_HELP,
	  "PLAYER1 PLAYER2 [--games N] [--jobs N] [options]",
	  N_("play two players, score and interval") },
	{ "export", cli_export, OWNER | OWN_HELP,
	  "[BOARD...] [--json] [--since YYYY-MM-DD]",
	  N_("game records (default: every finished\n"
	     "board) on standard output") },
	{ "replay", run_replay, NO_CONFIG | OWN_HELP, "RECORD",
	  N_("replay a text or JSON record: final\n"
	     "position and result") },
	{ "web", cli_web, OWNER, "[--verbose] [--full] [DIR]",
	  N_("write or update the static web site\n"
	     "of the games in DIR") },
	{ "config", cli_config, SUBCMD_OWNER_ON_CHECK, "[-n|--check|--get KEY]",
	  N_("print the effective settings, or check\n"
	     "them and the templates") },
	{ NULL, NULL, 0, NULL, NULL },
};

#undef NO_CONFIG
#undef OWNER
#undef LOGS
#undef OWN_HELP
#undef RUN_RECORD

const struct subcmd *subcmd_find(const char *name)
{
	const struct subcmd *s;

	for (s = subcmds; s->name; s++)
		if (s->fn && strcmp(s->name, name) == 0)
			return s;
	return NULL;
}

/* The column of the summaries in the usage. */
#define SUMMARY_COLUMN 27

void subcmd_usage(FILE *out)
{
	const struct subcmd *s;

	fputs(_("usage: epamserv [--config FILE] [--spool DIR] [--smtp-url URL]\n"
	        "                [--from ADDR] [--templates DIR] [--verbose]\n"
	        "                COMMAND [ARGS]\n"
	        "commands:\n"), out);
	for (s = subcmds; s->name; s++) {
		const char *p = _(s->summary);
		int col = fprintf(out, "  %s%s%s", s->name, *s->args ? " " : "",
		                  s->args);

		/* The summary beside the form when a blank fits between
		 * them, else on the next line; its other lines below. */
		while (*p) {
			size_t n = strcspn(p, "\n");
			if (col >= SUMMARY_COLUMN) {
				fputc('\n', out);
				col = 0;
			}
			fprintf(out, "%*s%.*s\n", SUMMARY_COLUMN - col, "", (int)n, p);
			col = 0;
			p += n;
			if (*p)
				p++;
		}
	}
	fputs(_("see epamserv(1)\n"), out);
}
