/*
 * main.c - epamserv's entry point: global options, then one subcommand.
 *
 *   epamserv [--config FILE] [--spool DIR] [--smtp-url URL] [--from ADDR]
 *            [--templates DIR] SUBCOMMAND [ARGS...]
 *
 * Each subcommand lives in its own file under src/cli/.
 */
#include "config.h"

#include "cli/cli.h"
#include "cli/cli_rules.h"
#include "util/conf.h"
#include "util/log.h"
#include "util/template.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
	fputs("usage: epamserv [--config FILE] [--spool DIR] [--smtp-url URL]\n"
	      "                [--from ADDR] [--templates DIR] [--verbose]\n"
	      "                COMMAND [ARGS]\n"
	      "commands:\n"
	      "  receive                  process one mail from standard input\n"
	      "  outbox [--names]         show the mail waiting to be sent\n"
	      "  batch --maildir DIR      process every mail in DIR/new\n"
	      "  batch --imap URL         process every unseen mail of an IMAP\n"
	      "                           mailbox (imap[s]://host[:port]/INBOX)\n"
	      "  flush [--all]            send the mail waiting in the outbox\n"
	      "  bounces                  addresses that bounced (refused, or\n"
	      "                           named by a report on our mail)\n"
	      "  sweep                    daily: reminders, forfeits (cron)\n"
	      "  admin list|show|check|user|outbox|bounces ...\n"
	      "                           manage the spool (see epamserv(1))\n"
	      "  perft DEPTH [POSITION] [options] [--divide]\n"
	      "                           count move sequences (RULES.md 7)\n"
	      "  moves POSITION [options] list the legal moves of a position\n"
	      "  config [--check]         print the effective settings, or check\n"
	      "                           them and the templates\n"
	      "see epamserv(1)\n", out);
}

/* Commands that need no configuration. */
static int run_pure(int argc, char **argv, int *rc)
{
	if (strcmp(argv[0], "perft") == 0)
		*rc = cli_perft(argc, argv);
	else if (strcmp(argv[0], "moves") == 0)
		*rc = cli_moves(argc, argv);
	else
		return 0;
	return 1;
}

static const struct {
	const char *option, *key;
} option_keys[] = {
	{ "--spool", "spool" },
	{ "--smtp-url", "smtp_url" },
	{ "--from", "from" },
	{ "--templates", "templates" },
	{ NULL, NULL },
};

/* "config --check": the settings loaded (a bad one already exited 78);
 * then the templates: a missing one is warned of (the built-in copy is
 * used), one that cannot be read is an error.  0 or EXIT_CONFIG. */
static int config_check(const struct config *cfg)
{
	int bad = template_check_dir(cfg->templates, stderr);

	if (bad != 0) {
		fprintf(stderr, "epamserv: the configuration has problems (see "
		        "above)\n");
		return EXIT_CONFIG;
	}
	printf("the configuration is valid\n");
	return 0;
}

int main(int argc, char **argv)
{
	struct config cfg;
	const char *conf = NULL;
	char *err = NULL;
	int i = 1, rc, k, verbose = 0;

	/* --config first, since options override the file. */
	for (k = 1; k + 1 < argc && argv[k][0] == '-'; k++)
		if (strcmp(argv[k], "--config") == 0)
			conf = argv[++k];
		else if (strcmp(argv[k], "--verbose") != 0)
			k++;
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
	                  strcmp(argv[1], "help") == 0)) {
		usage(stdout);
		return 0;
	}
	if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
		printf("%s\n", PACKAGE_STRING);
		return 0;
	}
	if ((rc = config_load(&cfg, conf, &err)) < 0) {
		if (rc == -2) {
			fprintf(stderr, "epamserv: %s\n", err);
			free(err);
			config_free(&cfg);
			return EXIT_TEMPFAIL;
		}
		goto config_error;
	}
	while (i < argc && argv[i][0] == '-' && argv[i][1] == '-') {
		int found = strcmp(argv[i], "--config") == 0;
		if (strcmp(argv[i], "--verbose") == 0) {
			verbose = 1;
			i++;
			continue;
		}
		for (k = 0; !found && option_keys[k].option; k++)
			if (strcmp(argv[i], option_keys[k].option) == 0) {
				if (i + 1 >= argc)
					break;
				if (config_set(&cfg, option_keys[k].key, argv[i + 1],
				               &err) < 0)
					goto config_error;
				found = 1;
			}
		if (!found || i + 1 >= argc) {
			fprintf(stderr, "epamserv: unknown option or missing value: %s\n",
			        argv[i]);
			usage(stderr);
			config_free(&cfg);
			return EXIT_USAGE;
		}
		i += 2;
	}
	if (i >= argc) {
		usage(stderr);
		config_free(&cfg);
		return EXIT_USAGE;
	}
	/* The mail-handling commands also log to syslog (facility mail). */
	log_open(verbose, strcmp(argv[i], "receive") == 0 ||
	                  strcmp(argv[i], "batch") == 0 ||
	                  strcmp(argv[i], "flush") == 0 ||
	                  strcmp(argv[i], "sweep") == 0 ||
	                  strcmp(argv[i], "admin") == 0);
	if (run_pure(argc - i, argv + i, &rc))
		;
	else if (strcmp(argv[i], "receive") == 0)
		rc = cli_receive(&cfg, argc - i, argv + i);
	else if (strcmp(argv[i], "outbox") == 0)
		rc = cli_outbox(&cfg, argc - i, argv + i);
	else if (strcmp(argv[i], "flush") == 0)
		rc = cli_flush(&cfg, argc - i, argv + i);
	else if (strcmp(argv[i], "batch") == 0)
		rc = cli_batch(&cfg, argc - i, argv + i);
	else if (strcmp(argv[i], "bounces") == 0)
		rc = cli_bounces(&cfg, argc - i, argv + i);
	else if (strcmp(argv[i], "sweep") == 0)
		rc = cli_sweep(&cfg, argc - i, argv + i);
	else if (strcmp(argv[i], "admin") == 0)
		rc = cli_admin(&cfg, argc - i, argv + i);
	else if (strcmp(argv[i], "config") == 0 && argc - i == 2 &&
	         strcmp(argv[i + 1], "--check") == 0)
		rc = config_check(&cfg);
	else if (strcmp(argv[i], "config") == 0 && argc - i == 1) {
		config_print(&cfg, stdout);
		rc = 0;
	} else {
		fprintf(stderr, "epamserv: unknown command '%s'\n", argv[i]);
		usage(stderr);
		rc = EXIT_USAGE;
	}
	config_free(&cfg);
	return rc;
config_error:
	fprintf(stderr, "epamserv: %s\n", err);
	free(err);
	config_free(&cfg);
	return EXIT_CONFIG;
}
