/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * config.c - "epamserv config [-n]": the effective settings, each with
 * where its value came from; "config --check": the settings, the config
 * file, the templates, the catalogues, the robots and the league checked, as the spool's
 * owner (main becomes it first, SUBCMD_OWNER_ON_CHECK); "config --get
 * KEY": one setting's value alone, for a script or a unit's
 * ExecCondition= to test.
 */
#include "cli/cli.h"
#include "services/robot.h"
#include "commands/tourney/tourney.h"
#include "web/web.h"
#include "util/buf.h"
#include "util/template.h"
#include "util/util.h"
#include "util/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* "config --check": the settings loaded (a bad one already exited 78),
 * the config file readable by the spool's owner; then the templates: a missing one is warned of (the built-in copy is
 * used), one that cannot be read is an error.  0 or EXIT_CONFIG. */
static int config_check(const struct config *cfg)
{
	int bad = config_check_settings(cfg, stderr);

	/* Run as the spool's owner (main): what receive will read, it must
	 * be able to read, not only root. */
	if (cfg->file && access(cfg->file, R_OK) < 0) {
		/* TRANSLATORS: the file, a uid, the system's error. */
		fprintf(stderr, _("epamserv: cannot read config file %s as uid "
		                  "%ld, the spool's owner: %s (receive, run by the "
		                  "mail system as that user, would fail)\n"),
		        cfg->file, (long)geteuid(), strerror(errno));
		bad++;
	}
	if (template_check_dir(cfg->templates, stderr) != 0)
		bad++;
	/* Issue 32: a catalogue for each language of po/LINGUAS, and for
	 * the default language. */
	bad += i18n_check_dir(cfg->locale_dir, stderr);
	if (!ENABLE_NLS && strcmp(cfg->default_language, I18N_ENGLISH) != 0) {
		/* TRANSLATORS: a language ("de"). */
		fprintf(stderr, _("epamserv: default_language is %s but this "
		                  "epamserv is built without NLS (configure "
		                  "--disable-nls): every mail is English\n"),
		        cfg->default_language);
		bad++;
	} else if (!i18n_known(cfg->locale_dir, cfg->default_language)) {
		/* TRANSLATORS: a language ("de"), a directory. */
		fprintf(stderr, _("epamserv: default_language is %1$s but %2$s "
		                  "holds no catalogue for it: strangers would "
		                  "read English\n"),
		        cfg->default_language, cfg->locale_dir);
		bad++;
	}
	bad += web_language_check(cfg, stderr);
	bad += robot_check(cfg, stderr);
	bad += league_check(cfg, stderr);  /* issue 17: the league's boards */

	if (bad != 0) {
		fputs(_("epamserv: the configuration has problems (see "
		        "above)\n"), stderr);
		return EXIT_CONFIG;
	}
	fputs(_("the configuration is valid\n"), stdout);
	return 0;
}

/* "config --get KEY": the value on a line of its own (an empty line for
 * an empty value), as "config" shows it; 0, or 64 for a key that is no
 * setting. */
static int config_get_one(const struct config *cfg, const char *key)
{
	struct buf v = BUF_INIT;

	if (config_get(cfg, key, &v) < 0) {
		/* TRANSLATORS: a key as the operator wrote it. */
		fprintf(stderr, _("epamserv: there is no setting '%s' (\"epamserv "
		                  "config\" lists them)\n"), key);
		buf_free(&v);
		return EXIT_USAGE;
	}
	printf("%s\n", buf_str(&v));
	buf_free(&v);
	return 0;
}

int cli_config(const struct config *cfg, int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--check") == 0)
		return config_check(cfg);
	if (argc == 3 && strcmp(argv[1], "--get") == 0)
		return config_get_one(cfg, argv[2]);
	if (argc == 1 || (argc == 2 && strcmp(argv[1], "-n") == 0)) {
		config_print(cfg, argc == 2, stdout);
		return 0;
	}
	fprintf(stderr, _("epamserv: unknown command '%s'\n"), argv[0]);
	subcmd_usage(stderr);
	return EXIT_USAGE;
}
