/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * receive.c - "epamserv receive": one mail on standard input, as an MTA
 * pipe (Postfix alias, procmail, .forward) delivers it.
 *
 * Exit 0 when the mail was dealt with, 75 (EX_TEMPFAIL) when the MTA
 * should try again, and nothing else: every other code makes Postfix
 * bounce the player's mail, and no local problem (configuration, a
 * template, the spool, a wrong pipe command) is the sender's fault; a
 * mail over max_mail_size is answered, not bounced (main.c maps any
 * other code to 75).  After the mail's effects are saved, the outbox is
 * delivered when an SMTP server is configured; a delivery failure does not
 * change the exit status (the mail waits in the outbox for "flush").
 * With keep_incoming set, the mail is copied there first (keep.c); a
 * copy that cannot be made is exit 75.
 */
#include "cli/cli.h"
#include "pipeline/inlog.h"
#include "pipeline/process.h"
#include "services/robot.h"
#include "util/util.h"
#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int cli_receive(const struct config *cfg, int argc, char **argv)
{
	size_t len = 0;
	int truncated = 0, rc;
	char *raw;

	(void)argv;
	if (argc != 1) {
		fputs(_("epamserv: usage: epamserv receive < MAIL (fix the "
		        "pipe command; the mail is left with the mail system)\n"),
		      stderr);
		return EXIT_TEMPFAIL;
	}
	raw = util_read_fd(STDIN_FILENO, cfg->max_mail_size, &len, &truncated);
	if (!raw) {
		perror(_("epamserv: reading the mail"));
		inlog_unread(NULL, 0, "deferred", "cannot read the mail");
		return EXIT_TEMPFAIL;
	}
	/* The copy first (keep.c): a mail processed is a mail kept. */
	if (keep_incoming(cfg, raw, len) < 0) {
		free(raw);
		return EXIT_TEMPFAIL;
	}
	robot_ensure(cfg);
	rc = process_mail(cfg, raw, len, truncated);
	free(raw);
	/* The mail's move is committed: its replies go out, then a robot
	 * answers (issue 16), and its answer goes out (issue 35); a pipe
	 * reads nothing it prints (unheard). */
	cli_mail_first(cfg, 0);
	return rc;
}
