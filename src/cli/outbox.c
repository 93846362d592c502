/*
 * outbox.c - "epamserv outbox" (show the mail waiting for SMTP),
 * "epamserv flush" (deliver it; for cron) and "epamserv bounces" (the
 * addresses the SMTP server refused for good).
 */
#include "util/log.h"
#include "cli/cli.h"
#include "mail/smtp.h"
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
		log_msg(LOG_ERR, "cannot read %s/outbox\n", cfg->spool);
		return EXIT_TEMPFAIL;
	}
	if (n == 0)
		log_msg(LOG_INFO, "the outbox is empty\n");
	return 0;
}

/* Deliver the due mail of the outbox with the configured SMTP settings.
 * Returns 0, 75 when mail stays queued, 78 on a settings problem (a
 * password file others may read, AUTH that would go in clear text:
 * config_check_smtp); the mail then stays in the outbox. */
static int deliver(const struct config *cfg, int all, int verbose)
{
	struct smtp_settings smtp;
	struct outbox_policy pol;
	struct outbox_stats st;
	char *password, *err = NULL;
	int rc;

	if (config_check_smtp(cfg, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return EXIT_CONFIG;
	}
	password = config_smtp_password(cfg, &err);
	if (!password) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return EXIT_CONFIG;
	}
	memset(&smtp, 0, sizeof smtp);
	smtp.url = cfg->smtp_url;
	smtp.tls = (enum smtp_tls)cfg->smtp_tls;
	smtp.user = *cfg->smtp_user ? cfg->smtp_user : NULL;
	smtp.password = password;
	smtp.ca_file = *cfg->smtp_ca_file ? cfg->smtp_ca_file : NULL;
	smtp.connect_timeout = cfg->smtp_connect_timeout;
	smtp.timeout = cfg->smtp_timeout;
	smtp.ehlo_name = *cfg->smtp_ehlo ? cfg->smtp_ehlo : NULL;
	smtp.allow_plaintext = cfg->smtp_allow_plaintext;
	pol.now = util_now();
	pol.retry_days = cfg->retry_days;
	pol.all = all;
	txn_recover_all(cfg->spool);
	rc = outbox_deliver(cfg->spool, &smtp, &pol, &st);
	if (rc >= 0)
		cli_note_sent(cfg, st.sent, pol.now);  /* for "status" */
	memset(password, 0, strlen(password));
	free(password);
	if (rc < 0) {
		log_msg(LOG_ERR, "cannot deliver from %s/outbox (bad smtp "
		        "settings or unreadable outbox)\n", cfg->spool);
		return EXIT_TEMPFAIL;
	}
	if (verbose)
		log_msg(LOG_INFO, "%d sent, %d deferred, %d failed, %d "
		        "waiting to be retried\n", st.sent, st.deferred, st.failed,
		        st.waiting);
	return st.deferred || st.waiting ? EXIT_TEMPFAIL : 0;
}

void cli_deliver_quietly(const struct config *cfg)
{
	if (*cfg->smtp_url)
		deliver(cfg, 0, 0);
}

int cli_flush(const struct config *cfg, int argc, char **argv)
{
	int all = argc == 2 && strcmp(argv[1], "--all") == 0;

	if (argc > 2 || (argc == 2 && !all)) {
		fprintf(stderr, "usage: epamserv flush [--all]\n");
		return EXIT_USAGE;
	}
	if (!*cfg->smtp_url) {
		txn_recover_all(cfg->spool);
		log_msg(LOG_NOTICE, "no smtp_url configured; mail stays in "
		        "%s/outbox (see 'epamserv outbox')\n", cfg->spool);
		return 0;
	}
	return deliver(cfg, all, 1);
}

int cli_bounces(const struct config *cfg, int argc, char **argv)
{
	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "usage: epamserv bounces\n");
		return EXIT_USAGE;
	}
	if (outbox_print_bounces(cfg->spool, stdout) == 0)
		log_msg(LOG_INFO, "no address has bounced\n");
	return 0;
}
