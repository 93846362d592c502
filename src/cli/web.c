/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * web.c - "epamserv web [--verbose] [--full] [DIR]" (issue 18): make or
 * update the static web site of the spool in DIR, or without one in the
 * web_dir setting's directory (src/web/web.h).  --verbose (or the global
 * one) prints each page written or removed and the counts; --full reads
 * every board and writes every page, whatever the last run recorded
 * (issue 35).
 * Exit 0; 64 on a usage error (no DIR and no web_dir too); 75 when another run holds DIR's lock or
 * the spool's results cannot be read; 78 without a spool; 1 when a page
 * could not be written.
 */
#include "cli/cli.h"
#include "buildversion.h"
#include "util/log.h"
#include "util/util.h"
#include "web/web.h"
#include "util/i18n.h"

#include <stdio.h>
#include <string.h>

int cli_web(const struct config *cfg, int argc, char **argv)
{
	const char *dir = NULL;
	struct web_run run = { log_verbose(), 0, EPAMSERV_BUILD_VERSION };
	int k, rc;

	for (k = 1; k < argc; k++) {
		if (strcmp(argv[k], "--verbose") == 0)
			run.verbose = 1;
		else if (strcmp(argv[k], "--full") == 0)
			run.full = 1;
		else if (argv[k][0] == '-' || dir)
			goto usage;
		else
			dir = argv[k];
	}
	if (!dir)
		dir = cfg->web_dir;
	if (!dir || !*dir)
		goto usage;
	if ((rc = cli_need_spool(cfg, "web")) != 0)
		return rc;
	return web_make(cfg, dir, &run);
usage:
	fputs(_("usage: epamserv web [--verbose] [--full] [DIR] (without "
	        "DIR: the web_dir setting's)\n"), stderr);
	return EXIT_USAGE;
}
