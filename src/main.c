/*
 * main.c - epamserv's entry point: global options, then one subcommand.
 *
 *   epamserv [--config FILE] [--spool DIR] [--smtp-url URL] [--from ADDR]
 *            [--templates DIR] SUBCOMMAND [ARGS...]
 *
 * Each subcommand lives in its own file under src/cli/.  A subcommand
 * started as root on a spool owned by another user runs as that user
 * (become_spool_owner).
 */
#include "config.h"

#include "cli/admin.h"
#include "cli/cli.h"
#include "cmd/robot.h"
#include "cmd/tourney.h"
#include "cli/cli_engine.h"
#include "cli/cli_rules.h"
#include "util/conf.h"
#include "util/log.h"
#include "util/template.h"
#include "util/util.h"

#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *out)
{
	fputs("usage: epamserv [--config FILE] [--spool DIR] [--smtp-url URL]\n"
	      "                [--from ADDR] [--templates DIR] [--verbose]\n"
	      "                COMMAND [ARGS]\n"
	      "commands:\n"
	      "  receive                  process one mail from standard input\n"
	      "  outbox [--json|--names|--full]\n"
	      "                           list the mail waiting or failed\n"
	      "  batch --maildir DIR      process every mail in DIR/new\n"
	      "  batch --imap URL         process every unseen mail of an IMAP\n"
	      "                           mailbox (imap[s]://host[:port]/INBOX)\n"
	      "  flush [--all] [--to ADDRESS|@DOMAIN]\n"
	      "                           send the mail waiting in the outbox\n"
	      "  bounces                  addresses that bounced (refused, or\n"
	      "                           named by a report on our mail)\n"
	      "  sweep                    daily: reminders, forfeits (cron)\n"
	      "  admin list|show|check|user|outbox|bounces|quarantine|repair ...\n"
	      "                           manage the spool (see epamserv(1))\n"
	      "  status [--json|--prometheus]\n"
	      "                           boards, queue, bounces, damage, runs\n"
	      "  perft DEPTH [POSITION] [options] [--divide]\n"
	      "                           count move sequences (RULES.md 7)\n"
	      "  moves POSITION [options] list the legal moves of a position\n"
	      "  think [POSITION] [--nodes N|--depth N|--movetime MS] [options]\n"
	      "                           the engine's move, score and line\n"
	      "  match PLAYER1 PLAYER2 [--games N] [--jobs N] [options]\n"
	      "                           play two players, score and interval\n"
	      "  export [BOARD...] [--json] [--since YYYY-MM-DD]\n"
	      "                           game records (default: every finished\n"
	      "                           board) on standard output\n"
	      "  replay RECORD            replay a text or JSON record: final\n"
	      "                           position and result\n"
	      "  web [--verbose] DIR      write or update the static web site\n"
	      "                           of the games in DIR\n"
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
	else if (strcmp(argv[0], "think") == 0)
		*rc = cli_think(argc, argv);
	else if (strcmp(argv[0], "match") == 0)
		*rc = cli_match(argc, argv);
	else if (strcmp(argv[0], "replay") == 0)
		*rc = cli_replay(argc, argv);
	else
		return 0;
	return 1;
}

/* Become the owner of the spool before anything touches it, as postdrop
 * and doveadm do.  Started as root (effective uid 0) on a spool
 * directory that belongs to another user, the process takes that user's
 * uid and the directory's group, with that group as its only one, for
 * good: so no file it creates is root's (the service user could not read
 * it), and no symbolic link the service user plants is followed with
 * root's rights.  A spool owned by root, one not made yet (root makes
 * it), or a process that is not root: nothing changes.  A spool owned by
 * another user but by group root is refused: its owner would run with
 * root's group.  verbose: say on stderr whom we became.  Returns 0, or
 * -1 after one line on stderr, before the spool was touched. */
static int become_spool_owner(const char *spool, int verbose)
{
	struct stat st;
	uid_t uid;
	gid_t gid;

	if (geteuid() != 0 || stat(spool, &st) < 0 || !S_ISDIR(st.st_mode) ||
	    st.st_uid == 0)
		return 0;
	uid = st.st_uid;
	gid = st.st_gid;
	if (gid == 0) {
		fprintf(stderr, "epamserv: the spool %s belongs to uid %ld but to "
		        "group root: refused, since that user would run with "
		        "root's group (chgrp the spool to the user's own group)\n",
		        spool, (long)uid);
		return -1;
	}
	if (setgroups(1, &gid) < 0 || setgid(gid) < 0 || setuid(uid) < 0 ||
	    getuid() != uid || geteuid() != uid || getgid() != gid ||
	    getegid() != gid) {
		fprintf(stderr, "epamserv: cannot become uid %ld gid %ld, the owner "
		        "of the spool %s: %s\n", (long)uid, (long)gid, spool,
		        strerror(errno));
		return -1;
	}
	if (verbose)
		fprintf(stderr, "epamserv: running as uid %ld gid %ld, the owner "
		        "of the spool %s\n", (long)uid, (long)gid, spool);
	return 0;
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

/* The index of the subcommand in argv (after the global options), or
 * argc when there is none. */
static int command_index(int argc, char **argv)
{
	int k = 1;

	while (k < argc && argv[k][0] == '-' && argv[k][1] == '-')
		k += strcmp(argv[k], "--verbose") == 0 ? 1 : 2;
	return k < argc ? k : argc;
}

/* Where a configuration error is logged: EPAMSERV_LOG when it is a
 * value the setting accepts, else what the file set before the error
 * (syslog by default). */
static const char *error_log_dest(const struct config *cfg)
{
	const char *env = getenv("EPAMSERV_LOG");

	if (env && (strcmp(env, "syslog") == 0 || strcmp(env, "stderr") == 0 ||
	            env[0] == '/'))
		return env;
	return cfg->log ? cfg->log : "syslog";
}

/* The spool a configuration error is told as the owner of: --spool,
 * else EPAMSERV_SPOOL, else what the file set before the error (or the
 * default); none is checked, only stat'ed by become_spool_owner. */
static const char *error_spool(const struct config *cfg, int argc,
                               char **argv)
{
	const char *env = getenv("EPAMSERV_SPOOL");
	int k, cmd = command_index(argc, argv);

	for (k = 1; k + 1 < cmd; k++)
		if (strcmp(argv[k], "--spool") == 0)
			return argv[k + 1];
	return env && *env ? env : cfg->spool;
}

/* A configuration error: for receive, one log line (written as the
 * spool's owner, to the log the file names even below the error) saying
 * the mail waits with the MTA, and 75 (Postfix, procmail and sendmail
 * retry; 78 would bounce the player's mail for our own mistake); for the
 * operator's commands the message on stderr and 78. */
static int config_error(struct config *cfg, int receive, char *err,
                        int argc, char **argv)
{
	char *lerr = NULL;
	int rc = EXIT_CONFIG;

	if (receive) {
		/* As root on the service user's spool, the log file is that
		 * user's too (made as root, it would stop every later run). */
		if (become_spool_owner(error_spool(cfg, argc, argv), 0) == 0 &&
		    log_open(0, error_log_dest(cfg), &lerr) < 0) {
			fprintf(stderr, "epamserv: %s\n", lerr);
			free(lerr);
		}
		log_msg(LOG_ERR, "configuration error: %s; the mail is left with "
		        "the mail system (exit 75), which delivers it again once "
		        "the configuration is fixed (check it with epamserv config)",
		        err);
		rc = EXIT_TEMPFAIL;
	} else {
		fprintf(stderr, "epamserv: %s\n", err);
	}
	free(err);
	config_free(cfg);
	return rc;
}

/* Commands that write to the log the setting "log" names; the others
 * (config, outbox, bounces) talk to the person who ran them, on stderr. */
static int logs_to_dest(const char *cmd)
{
	return strcmp(cmd, "receive") == 0 || strcmp(cmd, "batch") == 0 ||
	       strcmp(cmd, "flush") == 0 || strcmp(cmd, "sweep") == 0 ||
	       strcmp(cmd, "admin") == 0;
}

/* Whether the command argv[0] is given "--help".  receive only when its
 * standard input is a terminal (a person asking): from an MTA's pipe,
 * where a mail waits on standard input, any argument is a wrong pipe
 * command and exits 75 so that the mail stays queued. */
static int given_help(int argc, char **argv)
{
	int k;

	if (strcmp(argv[0], "receive") == 0 && !isatty(STDIN_FILENO))
		return 0;
	for (k = 1; k < argc; k++)
		if (strcmp(argv[k], "--help") == 0)
			return 1;
	return 0;
}

/* Whether main answers the command argv[0]'s "--help" itself, with the
 * global usage; admin, status, perft, moves, think and
 * match print their own. */
static int wants_help(int argc, char **argv)
{
	static const char *const own[] = { "admin", "status", "perft", "moves",
	                                   "think", "match", "export",
	                                   "replay", NULL };
	int k;

	for (k = 0; own[k]; k++)
		if (strcmp(argv[0], own[k]) == 0)
			return 0;
	return given_help(argc, argv);
}

/* "config --check": the settings loaded (a bad one already exited 78),
 * the config file readable by the spool's owner; then the templates: a missing one is warned of (the built-in copy is
 * used), one that cannot be read is an error.  0 or EXIT_CONFIG. */
static int config_check(const struct config *cfg)
{
	int bad = config_check_settings(cfg, stderr);

	/* Run as the spool's owner (main): what receive will read, it must
	 * be able to read, not only root. */
	if (cfg->file && access(cfg->file, R_OK) < 0) {
		fprintf(stderr, "epamserv: cannot read config file %s as uid %ld, "
		        "the spool's owner: %s (receive, run by the mail system "
		        "as that user, would fail)\n", cfg->file, (long)geteuid(),
		        strerror(errno));
		bad++;
	}
	if (template_check_dir(cfg->templates, stderr) != 0)
		bad++;
	bad += robot_check(cfg, stderr);
	bad += league_check(cfg, stderr);  /* issue 17: the league's boards */

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
	int i = 1, rc, k, verbose = 0, help, receive;
	int cmd = command_index(argc, argv);
	time_t started = util_now();

	receive = cmd < argc && strcmp(argv[cmd], "receive") == 0;
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
		return config_error(&cfg, receive, err, argc, argv);
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
				if (config_set_origin(&cfg, option_keys[k].key,
				                      argv[i + 1], argv[i], &err) < 0)
					return config_error(&cfg, receive, err, argc, argv);
				found = 1;
			}
		if (!found || i + 1 >= argc) {
			fprintf(stderr, "epamserv: unknown option or missing value: %s\n",
			        argv[i]);
			usage(stderr);
			config_free(&cfg);
			return receive ? EXIT_TEMPFAIL : EXIT_USAGE;
		}
		i += 2;
	}
	if (i >= argc) {
		usage(stderr);
		config_free(&cfg);
		return EXIT_USAGE;
	}
	/* "--help" after a command prints the usage and exits 0 (SPEC 9),
	 * touching nothing; receive only at a terminal (from an MTA's pipe 0
	 * would drop the mail), admin (its own usage), status, perft and moves (theirs) aside. */
	if (wants_help(argc - i, argv + i)) {
		usage(stdout);
		config_free(&cfg);
		return 0;
	}
	/* The commands that print their own usage touch nothing either: no
	 * change of user, no log file opened. */
	help = given_help(argc - i, argv + i);
	/* admin.log names who started the command: root, or sudo's user,
	 * not the spool's owner that we may become next. */
	if (!help && strcmp(argv[i], "admin") == 0)
		admin_who_init();
	/* Every command that may open the spool, before it does (and before
	 * a log file is opened, so that it is the spool owner's too). */
	if (!help && strcmp(argv[i], "perft") != 0 &&
	    strcmp(argv[i], "moves") != 0 && strcmp(argv[i], "think") != 0 &&
	    strcmp(argv[i], "match") != 0 && strcmp(argv[i], "replay") != 0 &&
	    (strcmp(argv[i], "config") != 0 ||
	     (argc - i == 2 && strcmp(argv[i + 1], "--check") == 0)) &&
	    become_spool_owner(cfg.spool, verbose) < 0) {
		config_free(&cfg);
		return EXIT_TEMPFAIL;
	}
	if (!help && log_open(verbose, logs_to_dest(argv[i]) ? cfg.log : NULL,
	                      &err) < 0) {
		/* A full disk, a permission to fix: temporary for every
		 * command (the MTA keeps the mail, cron runs again). */
		fprintf(stderr, "epamserv: %s\n", err);
		free(err);
		config_free(&cfg);
		return EXIT_TEMPFAIL;
	}
	if (run_pure(argc - i, argv + i, &rc))
		;
	else if (receive)
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
	else if (strcmp(argv[i], "status") == 0)
		rc = cli_status(&cfg, argc - i, argv + i);
	else if (strcmp(argv[i], "export") == 0)
		rc = cli_export(&cfg, argc - i, argv + i);
	else if (strcmp(argv[i], "web") == 0)
		rc = cli_web(&cfg, argc - i, argv + i);
	else if (strcmp(argv[i], "config") == 0 && argc - i == 2 &&
	         strcmp(argv[i + 1], "--check") == 0)
		rc = config_check(&cfg);
	else if (strcmp(argv[i], "config") == 0 && (argc - i == 1 ||
	         (argc - i == 2 && strcmp(argv[i + 1], "-n") == 0))) {
		config_print(&cfg, argc - i == 2, stdout);
		rc = 0;
	} else {
		fprintf(stderr, "epamserv: unknown command '%s'\n", argv[i]);
		usage(stderr);
		rc = EXIT_USAGE;
	}
	/* "status" shows when batch, flush and sweep last ran: one small
	 * record each (not for a usage error or --help). */
	if (!receive && rc != EXIT_USAGE && argc - i >= 1 && argc - i <= 3 &&
	    (strcmp(argv[i], "batch") == 0 || strcmp(argv[i], "flush") == 0 ||
	     strcmp(argv[i], "sweep") == 0) &&
	    (argc - i == 1 || strcmp(argv[i + 1], "--help") != 0)) {
		/* and the opponents of a player whose mail keeps bouncing
		 * are told, once, after a flush or sweep */
		if (strcmp(argv[i], "batch") != 0 && cli_bounce_notices(&cfg) > 0)
			cli_deliver_quietly(&cfg);
		cli_note_run(&cfg, argv[i], started, rc);
	}
	config_free(&cfg);
	/* receive tells the MTA "done" or "try again", nothing else: every
	 * other code bounces the player's mail (epamserv(1), EXIT STATUS). */
	if (receive && rc != 0 && rc != EXIT_TEMPFAIL)
		rc = EXIT_TEMPFAIL;
	return rc;
}
