/*
 * outbox.c - "epamserv outbox" (show the mail waiting for SMTP) and
 * "epamserv flush" (deliver it; for cron).
 */
#include "cli/cli.h"
#include "spool/outbox.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_outbox(const struct config *cfg, int argc, char **argv)
{
	int names_only = argc == 2 && strcmp(argv[1], "--names") == 0;
	int n;

	if (argc > 2 || (argc == 2 && !names_only)) {
		fprintf(stderr, "usage: epamserv outbox [--names]\n");
		return EXIT_USAGE;
	}
	n = outbox_print(cfg->spool, stdout, names_only);
	if (n < 0) {
		fprintf(stderr, "epamserv: cannot read %s/outbox\n", cfg->spool);
		return EXIT_TEMPFAIL;
	}
	if (n == 0)
		fprintf(stderr, "epamserv: the outbox is empty\n");
	return 0;
}

void cli_deliver_quietly(const struct config *cfg)
{
	struct outbox_stats st;

	if (!*cfg->smtp_url)
		return;
	txn_recover_all(cfg->spool);
	outbox_deliver(cfg->spool, cfg->smtp_url, &st);
}

int cli_flush(const struct config *cfg, int argc, char **argv)
{
	struct outbox_stats st;

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "usage: epamserv flush\n");
		return EXIT_USAGE;
	}
	txn_recover_all(cfg->spool);
	if (!*cfg->smtp_url) {
		fprintf(stderr, "epamserv: no smtp_url configured; mail stays in "
		        "%s/outbox (see 'epamserv outbox')\n", cfg->spool);
		return 0;
	}
	if (outbox_deliver(cfg->spool, cfg->smtp_url, &st) < 0) {
		fprintf(stderr, "epamserv: cannot read %s/outbox\n", cfg->spool);
		return EXIT_TEMPFAIL;
	}
	fprintf(stderr, "epamserv: %d sent, %d deferred, %d failed\n", st.sent,
	        st.deferred, st.failed);
	return st.deferred ? EXIT_TEMPFAIL : 0;
}
