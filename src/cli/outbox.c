/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * outbox.c - "epamserv outbox" (list the mail waiting for SMTP and the
 * mail that failed, one line per mail as mailq does),
 * "epamserv flush" (deliver it; for cron) and "epamserv bounces" (the
 * addresses the SMTP server refused for good).
 */
#include "util/json.h"
#include "util/log.h"
#include "cli/cli.h"
#include "mail/mail.h"
#include "mail/smtp.h"
#include "spool/outbox.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "util/curl_lib.h"
#include "util/util.h"
#include "util/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s on f with each byte outside printable ASCII as '?' (a file name is
 * whatever the spool's owner, or damage, made it). */
static void put_plain(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s > 0x20 && *s < 0x7f ? *s : '?', f);
}

/* A span of seconds as the largest unit that fits: "45s", "12m", "3h",
 * "2d" (negative spans, a clock set back, read as 0s). */
static void span(long long secs, char *buf, size_t len)
{
	if (secs < 0)
		secs = 0;
	if (secs < 60)
		snprintf(buf, len, "%llds", secs);
	else if (secs < 3600)
		snprintf(buf, len, "%lldm", secs / 60);
	else if (secs < 86400)
		snprintf(buf, len, "%lldh", secs / 3600);
	else
		snprintf(buf, len, "%lldd", secs / 86400);
}

/* The state of a listed mail: failed (in failed/), damaged (envelope
 * lines that never send), held (admin outbox hold), queued (never tried), relay (deferred because
 * the relay could not be used: due on the next run), deferred (backed
 * off, waiting), due (backed off, its time has come). */
static const char *entry_state(const struct outbox_entry *e, long long now)
{
	if (e->failed)
		return "failed";
	if (e->damaged)
		return "damaged";
	if (e->held)
		return "held";
	if (e->retry.attempts == 0 && !e->retry.relay)
		return "queued";
	if (e->retry.relay)
		return "relay";
	return e->retry.next > now ? "deferred" : "due";
}

/* One mail as a line: ID STATE SIZE AGE TRIES NEXT RECIPIENT REASON. */
static void print_line(FILE *f, const struct outbox_entry *e, long long now)
{
	const char *state = entry_state(e, now);
	char age[32], next[40];

	span(now - e->queued, age, sizeof age);
	if (e->failed || e->damaged || e->held)
		snprintf(next, sizeof next, "-");
	else if (strcmp(state, "deferred") == 0)
		span(e->retry.next - now, next, sizeof next);
	else
		snprintf(next, sizeof next, "now");
	fprintf(f, "%s/", e->failed ? "failed" : "outbox");
	put_plain(f, e->name);
	fprintf(f, " %s %lld %s %d %s <%s> %s\n", state, e->size, age,
	        e->retry.attempts, next, e->damaged ? "?" : e->rcpt,
	        e->retry.reason[0] ? e->retry.reason : "-");
}

/* One mail as a JSON object (no trailing newline). */
static void print_json(FILE *f, const struct outbox_entry *e, long long now)
{
	fputs("{\"id\":", f);
	json_put_str(f, e->name);
	fprintf(f, ",\"folder\":\"%s\",\"state\":\"%s\",\"size\":%lld,"
	        "\"queued\":%lld,\"age\":%lld,\"tries\":%d,", e->failed ?
	        "failed" : "outbox", entry_state(e, now), e->size, e->queued,
	        now - e->queued, e->retry.attempts);
	if (e->retry.attempts || e->retry.relay)
		fprintf(f, "\"first_failure\":%lld,\"next_try\":%lld,",
		        e->retry.first, e->failed ? 0 : e->retry.next);
	else
		fputs("\"first_failure\":null,\"next_try\":null,", f);
	fputs("\"from\":", f);
	json_put_str(f, e->from);
	fputs(",\"to\":", f);
	json_put_str(f, e->rcpt);
	fputs(",\"reason\":", f);
	if (e->retry.reason[0])
		json_put_str(f, e->retry.reason);
	else
		fputs("null", f);
	fputc('}', f);
}

/* List outbox/ then failed/ on stdout, one line (or JSON object) per
 * mail.  Returns the number of mails, or -1 when outbox/ cannot be read
 * (a missing failed/ is none failed). */
static long list(const struct config *cfg, int json)
{
	long long now = (long long)util_now();
	struct outbox_entry e;
	long count = 0;
	int failed;

	if (json)
		fputs("[", stdout);
	for (failed = 0; failed <= 1; failed++) {
		size_t n, i;
		char **names = outbox_names(cfg->spool, failed, &n);
		if (!names && (failed == 0 || errno != ENOENT))
			return -1;
		for (i = 0; names && i < n; i++) {
			if (outbox_entry_read(cfg->spool, failed, names[i], &e) < 0)
				continue;  /* sent or removed meanwhile */
			if (json) {
				fputs(count ? ",\n" : "\n", stdout);
				print_json(stdout, &e, now);
			} else {
				print_line(stdout, &e, now);
			}
			count++;
		}
		if (names)
			outbox_free_names(names, n);
	}
	if (json)
		fputs(count ? "\n]\n" : "]\n", stdout);
	return count;
}

int cli_outbox(const struct config *cfg, int argc, char **argv)
{
	int names_only = 0, full = 0, json = 0;
	long n;

	if (argc == 2) {
		names_only = strcmp(argv[1], "--names") == 0;
		full = strcmp(argv[1], "--full") == 0;
		json = strcmp(argv[1], "--json") == 0;
	}
	if (argc > 2 || (argc == 2 && !names_only && !full && !json)) {
		fputs(_("usage: epamserv outbox [--json|--names|--full]\n"), stderr);
		return EXIT_USAGE;
	}
	/* As status: a wrong spool path is a setting to fix, not an empty
	 * queue nor a failure to retry. */
	if (cli_need_spool(cfg, "outbox") != 0)
		return EXIT_CONFIG;
	if (names_only || full)
		n = outbox_print(cfg->spool, stdout, names_only);
	else
		n = list(cfg, json);
	if (n < 0 || fflush(stdout) != 0) {
		log_msg(LOG_ERR, "cannot read %s/outbox\n", cfg->spool);
		return EXIT_TEMPFAIL;
	}
	if (n == 0 && !json)
		log_msg(LOG_INFO, "the outbox is empty\n");
	return 0;
}

/* Deliver the due mail of the outbox with the configured SMTP settings.
 * Returns 0, 75 when mail stays queued (also when libcurl cannot be
 * loaded), 78 on a settings problem (a
 * password file others may read, AUTH that would go in clear text:
 * config_check_smtp); the mail then stays in the outbox. */
static int deliver(const struct config *cfg, int all, const char *only_to,
                   int verbose, int heard)
{
	struct smtp_settings smtp;
	struct outbox_policy pol;
	struct outbox_stats st;
	static int warned;  /* of a password in smtp_url: once a run */
	const char *warning = config_url_password_warning(cfg->smtp_url);
	char *password, *err = NULL;
	int rc;

	/* libcurl is loaded here, not at start-up (util/curl_lib.h): a
	 * system without it keeps the mail as a relay outage would. */
	if (!curl_lib(&err)) {
		log_msg(LOG_ERR, "smtp: %s; the mail stays in the outbox\n", err);
		free(err);
		return EXIT_TEMPFAIL;
	}
	if (config_check_smtp(cfg, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return EXIT_CONFIG;
	}
	if (warning && !warned++)
		log_msg(LOG_WARNING, "warning: %s\n", warning);
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
	pol.only_to = only_to;
	txn_recover_all(cfg->spool);
	rc = outbox_deliver(cfg->spool, &smtp, &pol, &st);
	if (rc >= 0) {
		cli_note_sent(cfg, st.sent, pol.now);  /* for "status" */
		cli_note_delivered(st.sent, st.deferred, st.failed);
		cli_relay_note(cfg, &st, pol.now, heard);  /* once an outage */
	}
	memset(password, 0, strlen(password));
	free(password);
	if (rc < 0) {
		log_msg(LOG_ERR, "cannot deliver from %s/outbox (bad smtp "
		        "settings or unreadable outbox)\n", cfg->spool);
		return EXIT_TEMPFAIL;
	}
	if (verbose)
		log_msg(LOG_INFO, "%d sent, %d deferred, %d failed, %d "
		        "waiting to be retried, %d on hold\n", st.sent, st.deferred,
		        st.failed, st.waiting, st.held);
	return st.deferred || st.waiting ? EXIT_TEMPFAIL : 0;
}

/* Whether a command's run has mail to deliver: an SMTP server is
 * configured and the outbox holds mail once interrupted transactions
 * are settled.  A run that queued nothing (a mail dropped or done
 * twice) then loads no libcurl (issue 35). */
static int worth_delivering(const struct config *cfg)
{
	if (!*cfg->smtp_url)
		return 0;
	txn_recover_all(cfg->spool);
	return outbox_has_mail(cfg->spool);
}

void cli_deliver_quietly(const struct config *cfg)
{
	if (worth_delivering(cfg))
		deliver(cfg, 0, NULL, 0, 1);
}

void cli_deliver_unheard(const struct config *cfg)
{
	if (worth_delivering(cfg))
		deliver(cfg, 0, NULL, 0, 0);
}

int cli_flush(const struct config *cfg, int argc, char **argv)
{
	const char *only_to = NULL;
	int all = 0, i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--all") == 0)
			all = 1;
		else if (strcmp(argv[i], "--to") == 0 && i + 1 < argc && !only_to)
			only_to = argv[++i];
		else
			goto usage;
	}
	if (only_to && (strlen(only_to) < 2 || strlen(only_to) > 255 ||
	                (only_to[0] == '@' ? strchr(only_to + 1, '@') != NULL
	                                   : !mail_addr_ok(only_to)))) {
		fprintf(stderr, _("epamserv: flush --to: '%s' is neither an address "
		                  "nor @DOMAIN\n"), only_to);
		return EXIT_USAGE;
	}
	if (!*cfg->smtp_url) {
		txn_recover_all(cfg->spool);
		log_msg(LOG_NOTICE, "no smtp_url configured; mail stays in "
		        "%s/outbox (see 'epamserv outbox')\n", cfg->spool);
		return 0;
	}
	return deliver(cfg, all, only_to, 1, 1);
usage:
	fputs(_("usage: epamserv flush [--all] [--to ADDRESS|@DOMAIN]\n"), stderr);
	return EXIT_USAGE;
}

int cli_bounces(const struct config *cfg, int argc, char **argv)
{
	(void)argv;
	if (argc != 1) {
		fputs(_("usage: epamserv bounces\n"), stderr);
		return EXIT_USAGE;
	}
	if (outbox_print_bounces(cfg->spool, stdout) == 0)
		log_msg(LOG_INFO, "no address has bounced\n");
	return 0;
}
