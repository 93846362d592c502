/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * main.c - epamserv's entry point: global options, then one subcommand.
 *
 *   epamserv [--config FILE] [--spool DIR] [--smtp-url URL] [--from ADDR]
 *            [--templates DIR] SUBCOMMAND [ARGS...]
 *
 * Each subcommand lives in its own file under src/cli/ and has a row in
 * the table of src/cli/subcmds.c, which says what main sets up for it
 * (struct subcmd's flags).  A subcommand started as root on a spool
 * owned by another user runs as that user (become_spool_owner).
 */
#include "config.h"

#include "cli/admin.h"
#include "cli/cli.h"
#include "util/conf.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
		/* TRANSLATORS: %1$s is the spool directory, %2$ld the uid of its
		 * owner. */
		fprintf(stderr, _("epamserv: the spool %1$s belongs to uid %2$ld but "
		                  "to group root: refused, since that user would "
		                  "run with root's group (chgrp the spool to the "
		                  "user's own group)\n"),
		        spool, (long)uid);
		return -1;
	}
	if (setgroups(1, &gid) < 0 || setgid(gid) < 0 || setuid(uid) < 0 ||
	    getuid() != uid || geteuid() != uid || getgid() != gid ||
	    getegid() != gid) {
		/* TRANSLATORS: the last %s is the system's error. */
		fprintf(stderr, _("epamserv: cannot become uid %ld gid %ld, the "
		                  "owner of the spool %s: %s\n"), (long)uid,
		        (long)gid, spool, strerror(errno));
		return -1;
	}
	if (verbose)
		fprintf(stderr, _("epamserv: running as uid %ld gid %ld, the owner "
		                  "of the spool %s\n"), (long)uid, (long)gid,
		        spool);
	return 0;
}

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

/* Whether the command s, with argv its arguments (argv[0] its name), is
 * given "--help".  SUBCMD_MTA (receive) only when its standard input is
 * a terminal (a person asking): from an MTA's pipe, where a mail waits
 * on standard input, any argument is a wrong pipe command and exits 75
 * so that the mail stays queued. */
static int given_help(const struct subcmd *s, int argc, char **argv)
{
	int k;

	if (s && (s->flags & SUBCMD_MTA) && !isatty(STDIN_FILENO))
		return 0;
	for (k = 1; k < argc; k++)
		if (strcmp(argv[k], "--help") == 0)
			return 1;
	return 0;
}

/* Whether main becomes the spool's owner before it runs s (NULL: a name
 * it does not know) with argv: every command that may open the spool,
 * before it does (and before a log file is opened, so that it is the
 * spool owner's too). */
static int wants_owner(const struct subcmd *s, int argc, char **argv)
{
	if (!s)
		return 1;
	if (s->flags & SUBCMD_OWNER_ON_CHECK)
		return argc == 2 && strcmp(argv[1], "--check") == 0;
	return (s->flags & SUBCMD_SPOOL_OWNER) != 0;
}

int main(int argc, char **argv)
{
	struct config cfg;
	const struct subcmd *sub;
	const char *conf = NULL;
	char *err = NULL;
	int i = 1, rc, k, verbose = 0, help, receive;
	int cmd = command_index(argc, argv);
	time_t started = util_now();

	i18n_init();
	sub = cmd < argc ? subcmd_find(argv[cmd]) : NULL;
	receive = sub && (sub->flags & SUBCMD_MTA);
	/* --config first, since options override the file. */
	for (k = 1; k + 1 < argc && argv[k][0] == '-'; k++)
		if (strcmp(argv[k], "--config") == 0)
			conf = argv[++k];
		else if (strcmp(argv[k], "--verbose") != 0)
			k++;
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
	                  strcmp(argv[1], "help") == 0)) {
		subcmd_usage(stdout);
		return 0;
	}
	if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
		/* The catalogues where the configuration says, when it loads;
		 * one that does not is no reason to withhold the version. */
		if (config_load(&cfg, conf, &err) == 0)
			i18n_bind(cfg.locale_dir);
		free(err);
		config_free(&cfg);
		cli_version(stdout);
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
		const char *key;
		if (strcmp(argv[i], "--verbose") == 0) {
			verbose = 1;
			i++;
			continue;
		}
		if ((key = config_option_key(argv[i])) != NULL && i + 1 < argc) {
			if (config_set_origin(&cfg, key, argv[i + 1], argv[i],
			                      &err) < 0)
				return config_error(&cfg, receive, err, argc, argv);
			found = 1;
		}
		if (!found || i + 1 >= argc) {
			fprintf(stderr, _("epamserv: unknown option or missing "
			                  "value: %s\n"), argv[i]);
			subcmd_usage(stderr);
			config_free(&cfg);
			return receive ? EXIT_TEMPFAIL : EXIT_USAGE;
		}
		i += 2;
	}
	/* The catalogues where the configuration says (issue 32). */
	i18n_bind(cfg.locale_dir);
	if (i >= argc) {
		subcmd_usage(stderr);
		config_free(&cfg);
		return EXIT_USAGE;
	}
	/* The commands that print their own usage touch nothing when given
	 * "--help": no change of user, no log file opened.  For the others
	 * "--help" after the command prints the global usage and exits 0
	 * (SPEC 9), touching nothing; receive only at a terminal (from an
	 * MTA's pipe 0 would drop the mail). */
	help = given_help(sub, argc - i, argv + i);
	if (help && !(sub && (sub->flags & SUBCMD_OWN_HELP))) {
		subcmd_usage(stdout);
		config_free(&cfg);
		return 0;
	}
	/* admin.log names who started the command: root, or sudo's user,
	 * not the spool's owner that we may become next. */
	if (!help && sub && (sub->flags & SUBCMD_ADMIN_WHO))
		admin_who_init();
	if (!help && wants_owner(sub, argc - i, argv + i) &&
	    become_spool_owner(cfg.spool, verbose) < 0) {
		config_free(&cfg);
		return EXIT_TEMPFAIL;
	}
	/* The commands that write to the log the setting "log" names; the
	 * others (config, outbox, bounces) talk to the person who ran them,
	 * on stderr. */
	if (!help && log_open(verbose, sub && (sub->flags & SUBCMD_LOGS) ?
	                      cfg.log : NULL, &err) < 0) {
		/* A full disk, a permission to fix: temporary for every
		 * command (the MTA keeps the mail, cron runs again). */
		fprintf(stderr, "epamserv: %s\n", err);
		free(err);
		config_free(&cfg);
		return EXIT_TEMPFAIL;
	}
	if (sub) {
		rc = sub->fn(sub->flags & SUBCMD_NO_CONFIG ? NULL : &cfg, argc - i,
		             argv + i);
	} else {
		fprintf(stderr, _("epamserv: unknown command '%s'\n"), argv[i]);
		subcmd_usage(stderr);
		rc = EXIT_USAGE;
	}
	/* "status" shows when batch, flush and sweep last ran: one small
	 * record each (not for a usage error or --help). */
	if (sub && (sub->flags & SUBCMD_RUN_RECORD) && rc != EXIT_USAGE &&
	    argc - i <= 3 && (argc - i == 1 || strcmp(argv[i + 1], "--help") != 0)) {
		/* and the opponents of a player whose mail keeps bouncing
		 * are told, once, after a flush or sweep */
		if ((sub->flags & SUBCMD_BOUNCE_NOTICES) &&
		    cli_bounce_notices(&cfg) > 0)
			cli_deliver_quietly(&cfg);
		cli_note_run(&cfg, sub->name, started, rc);
	}
	config_free(&cfg);
	/* receive tells the MTA "done" or "try again", nothing else: every
	 * other code bounces the player's mail (epamserv(1), EXIT STATUS). */
	if (receive && rc != 0 && rc != EXIT_TEMPFAIL)
		rc = EXIT_TEMPFAIL;
	return rc;
}
