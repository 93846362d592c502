/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * report.c - delivery reports: believe only what they prove (report.h).
 *
 * Everything in a report is written by whoever sent it.  What cannot be
 * forged is the tag in our Message-IDs: only a mail we sent to address A
 * carries an ID that verifies with A.  So the report's addresses are
 * candidates, and an address is recorded only together with a returned
 * Message-ID that verifies with it.  The work is bounded: at most
 * DSN_MAX_IDS ids times REPORT_MAX_ADDRS addresses are checked, one HMAC
 * each.
 */
#include "pipeline/report.h"
#include "mail/dsn.h"
#include "spool/outbox.h"
#include "spool/secret.h"
#include "util/i18n.h"
#include "util/log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int report_is_bounce(const struct mail_in *m)
{
	if (m->is_report || (m->return_path && !*m->return_path))
		return 1;
	return m->from_addr &&
	       (strncasecmp(m->from_addr, "mailer-daemon@", 14) == 0 ||
	        strncasecmp(m->from_addr, "postmaster@", 11) == 0);
}

/* The distinct addresses the report names, lower-cased, at most
 * REPORT_MAX_ADDRS of them. */
struct candidates {
	size_t n;
	char addr[REPORT_MAX_ADDRS][DSN_ADDR_SIZE];
};

static void add_candidate(struct candidates *c, const char *addr)
{
	size_t i;

	if (!addr[0] || c->n == REPORT_MAX_ADDRS)
		return;
	for (i = 0; i < c->n; i++)
		if (strcasecmp(c->addr[i], addr) == 0)
			return;
	snprintf(c->addr[c->n], DSN_ADDR_SIZE, "%s", addr);
	for (i = 0; c->addr[c->n][i]; i++)
		if (c->addr[c->n][i] >= 'A' && c->addr[c->n][i] <= 'Z')
			c->addr[c->n][i] = (char)(c->addr[c->n][i] - 'A' + 'a');
	c->n++;
}

static void gather(const struct dsn_report *r, struct candidates *c)
{
	size_t i;

	c->n = 0;
	for (i = 0; i < r->nrcpts; i++) {
		add_candidate(c, r->rcpts[i].final_rcpt);
		add_candidate(c, r->rcpts[i].orig_rcpt);
	}
	for (i = 0; i < r->nfailed; i++)
		add_candidate(c, r->failed[i]);
	for (i = 0; i < r->nto; i++)
		add_candidate(c, r->to[i]);
}

/* The action a block stands for: its Action field, else its Status
 * class; a block with neither is a failure (a bounce). */
static enum dsn_action block_action(const struct dsn_rcpt *b)
{
	if (b->action != DSN_ACTION_NONE)
		return b->action;
	if (b->status[0] == '4')
		return DSN_ACTION_DELAYED;
	if (b->status[0] == '2')
		return DSN_ACTION_DELIVERED;
	return DSN_ACTION_FAILED;
}

/* The block of the report about addr: the one naming it as Final- or
 * Original-Recipient, else (the address was forwarded, and the report
 * names only where to) the first failed block, else the first block.
 * NULL when the report has no blocks: a bounce without DSN fields. */
static const struct dsn_rcpt *block_for(const struct dsn_report *r,
                                        const char *addr)
{
	size_t i;

	for (i = 0; i < r->nrcpts; i++)
		if (strcasecmp(r->rcpts[i].final_rcpt, addr) == 0 ||
		    strcasecmp(r->rcpts[i].orig_rcpt, addr) == 0)
			return &r->rcpts[i];
	for (i = 0; i < r->nrcpts; i++)
		if (block_action(&r->rcpts[i]) == DSN_ACTION_FAILED)
			return &r->rcpts[i];
	return r->nrcpts ? &r->rcpts[0] : NULL;
}

/* What a block's action says, in words for the log (translated). */
static const char *action_name(enum dsn_action a)
{
	static const char *const names[] = { N_("no action"), N_("failed"),
	                                     N_("delayed"), N_("delivered"),
	                                     N_("relayed"), N_("expanded"),
	                                     N_("an unknown action") };

	return (size_t)a < sizeof names / sizeof names[0] ? _(names[a]) : "?";
}

/* Record (or log) what the report says about our mail id to addr.
 * Returns 1 when a record was written. */
static int record_one(const struct config *cfg, const struct mail_in *m,
                      const struct dsn_report *r, const char *id,
                      const char *addr, time_t now)
{
	const struct dsn_rcpt *b = block_for(r, addr);
	enum dsn_action a = b ? block_action(b) : DSN_ACTION_FAILED;
	const char *rid = m->message_id ? m->message_id : "";
	char source[320], why[320];
	int rc;

	if (a != DSN_ACTION_FAILED) {
		if (b && b->status[0])
			log_msg(LOG_NOTICE, "<%.200s> delivery report on "
			        "<%.200s> to %s: %s %s, not recorded", rid, id,
			        addr, action_name(a), b->status);
		else
			log_msg(LOG_NOTICE, "<%.200s> delivery report on "
			        "<%.200s> to %s: %s, not recorded", rid, id, addr,
			        action_name(a));
		return 0;
	}
	snprintf(source, sizeof source, "report on %s", id);
	if (b && (b->status[0] || b->diagnostic[0]))
		snprintf(why, sizeof why, "%s%s%s", b->status,
		         b->status[0] && b->diagnostic[0] ? " " : "", b->diagnostic);
	else
		snprintf(why, sizeof why, "reported undeliverable");
	rc = outbox_note_report_bounce(cfg->spool, addr, source, why, now,
	                               cfg->bounce_reports_per_day,
	                               cfg->lock_timeout * 1000);
	if (rc == 1)
		log_msg(LOG_NOTICE, "<%.200s> delivery report: mail to %s "
		        "failed (%s), recorded", rid, addr, why);
	else if (rc == 0 && cfg->bounce_reports_per_day == 0)
		log_msg(LOG_NOTICE, "<%.200s> delivery report: mail to %s "
		        "failed (%s), not recorded (bounce_reports_per_day = 0)",
		        rid, addr, why);
	else if (rc == 0)
		log_msg(LOG_WARNING, "<%.200s> delivery report: mail to %s "
		        "failed (%s), not recorded: %d bounce records from "
		        "reports today already (bounce_reports_per_day)", rid,
		        addr, why, cfg->bounce_reports_per_day);
	else
		log_msg(LOG_ERR, "<%.200s> delivery report: mail to %s failed, "
		        "cannot record it in %s/bounces", rid, addr, cfg->spool);
	return rc == 1;
}

int report_record(const struct config *cfg, const struct mail_in *m,
                  const char *raw, size_t len, time_t now)
{
	struct dsn_report *r;
	struct candidates *c;
	const char *rid = m->message_id ? m->message_id : "";
	char done[REPORT_MAX_RECORDS][DSN_ADDR_SIZE];
	size_t i, j, k, ndone = 0;
	int written = 0;

	if (!report_is_bounce(m))
		return 0;
	r = malloc(sizeof *r);
	c = malloc(sizeof *c);
	if (!r || !c || dsn_parse(raw, len, r) < 0) {
		log_msg(LOG_ERR, "<%.200s> delivery report not read: out of "
		        "memory", rid);
		goto out;
	}
	gather(r, c);
	for (i = 0; i < r->nids && ndone < REPORT_MAX_RECORDS; i++)
		for (j = 0; j < c->n && ndone < REPORT_MAX_RECORDS; j++) {
			if (!secret_message_id_ok(cfg->spool, r->ids[i], c->addr[j]))
				continue;
			for (k = 0; k < ndone && strcmp(done[k], c->addr[j]) != 0; k++)
				;
			if (k < ndone)
				continue;  /* one record per address */
			snprintf(done[ndone++], DSN_ADDR_SIZE, "%s", c->addr[j]);
			written += record_one(cfg, m, r, r->ids[i], c->addr[j], now);
		}
	if (ndone == 0 && r->dropped)
		log_msg(LOG_NOTICE, "<%.200s> delivery report ignored: no "
		        "Message-ID of ours for an address it names (%zu "
		        "Message-IDs, %zu addresses, more left unread)", rid,
		        r->nids, c->n);
	else if (ndone == 0)
		log_msg(LOG_NOTICE, "<%.200s> delivery report ignored: no "
		        "Message-ID of ours for an address it names (%zu "
		        "Message-IDs, %zu addresses)", rid, r->nids, c->n);
out:
	free(r);
	free(c);
	return written;
}
