/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * relay.c - an outage of the SMTP relay told once (issue 33 item 7).
 *
 * Every delivery run (flush, and the delivery after receive, batch and
 * sweep) that cannot reach the relay leaves its mail queued and exits
 * 75.  Cron mails whatever a run prints on standard error, so a relay
 * down for a night would fill the operator's mailbox with one mail a
 * run.  SPOOL/runs/relay records the outage instead:
 *
 *   epamserv-relay 1
 *   since: 1796604158        (the first run that found the relay down)
 *   last: 1796607758         (the latest one)
 *   runs: 12                 (how many runs found it down)
 *   reply: smtp: Failed to connect ... (the latest reason, printable)
 *   told: 1                  (whether a run that is heard told it)
 *
 * The first run of an outage that is heard (flush, batch, sweep, an
 * admin command: cron mails what they print) logs a warning, which
 * reaches standard error: cron mails it once.  The delivery after
 * receive is not heard (a Postfix pipe throws away what a command that
 * exits 0 prints), so it records the outage with a notice only and
 * leaves the telling to the next heard run.  Later runs log a notice
 * only (the log, and standard error with --verbose); the first run after
 * it that reaches the relay logs a notice that also reaches standard
 * error when the outage was told, saying how long the relay was down and
 * how many mails that run delivered, and removes the record.  The lines (epamserv(1), LOGGING):
 *
 *   relay: status=down since=T runs=1 deferred=N reply="..."
 *   relay: status=back since=T down_for=Ns runs=N delivered=N
 *
 * The record is advisory, as the rest of SPOOL/runs: not fsynced; a
 * record lost means one more mail to the operator, never a mail lost.
 */
#include "cli/cli.h"
#include "spool/lock.h"
#include "spool/outbox.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct outage {
	long long since, last;
	long runs;
	int told;
	char reply[OUTBOX_REASON_MAX];
};

/* SPOOL/runs/relay into *o: 1 when there is an outage on record, 0
 * when none (no file, or one this version cannot read: treated as none,
 * which costs one mail to the operator at most). */
static int outage_read(const char *spool, struct outage *o)
{
	char path[4200], *text, *line, *next;
	int version = 0;

	memset(o, 0, sizeof *o);
	snprintf(path, sizeof path, "%s/runs/relay", spool);
	text = util_read_file(path, 4096, NULL);
	if (!text)
		return 0;
	for (line = text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (strcmp(line, "epamserv-relay 1") == 0)
			version = 1;
		else if (strncmp(line, "since: ", 7) == 0)
			o->since = strtoll(line + 7, NULL, 10);
		else if (strncmp(line, "last: ", 6) == 0)
			o->last = strtoll(line + 6, NULL, 10);
		else if (strncmp(line, "runs: ", 6) == 0)
			o->runs = strtol(line + 6, NULL, 10);
		else if (strncmp(line, "told: ", 6) == 0)
			o->told = line[6] == '1';
		else if (strncmp(line, "reply: ", 7) == 0)
			snprintf(o->reply, sizeof o->reply, "%s", line + 7);
	}
	free(text);
	return version == 1 && o->since > 0;
}

/* Write *o as SPOOL/runs/relay (aside, then renamed); logged when it
 * cannot be. */
static void outage_write(const char *spool, const struct outage *o)
{
	char dir[4200], path[4300], tmp[4300];
	FILE *f;

	snprintf(dir, sizeof dir, "%s/runs", spool);
	snprintf(path, sizeof path, "%s/relay", dir);
	snprintf(tmp, sizeof tmp, "%s/.relay.%ld", dir, (long)getpid());
	if (mkdir(dir, 0750) < 0 && errno != EEXIST)
		goto fail;
	if ((f = util_fopen_spool(tmp, 0)) == NULL)
		goto fail;
	fprintf(f, "epamserv-relay 1\nsince: %lld\nlast: %lld\nruns: %ld\n"
	        "reply: %s\ntold: %d\n", o->since, o->last, o->runs, o->reply,
	        o->told);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		goto fail;
	}
	return;
fail:
	log_msg(LOG_WARNING, "cannot record the relay's outage in %s/runs/relay: "
	        "%s\n", spool, strerror(errno));
}

void cli_relay_note(const struct config *cfg, const struct outbox_stats *st,
                    time_t now, int heard)
{
	struct lock l = LOCK_INIT;
	struct outage o;
	struct buf b = BUF_INIT;
	char when[32], num[32], path[4200];
	int known, tell;

	/* A run that had nothing to send learnt nothing of the relay. */
	if (!st->down && st->sent + st->failed + st->deferred == 0)
		return;
	if (lock_acquire(cfg->spool, "runs-relay", 1000, &l) < 0)
		return;  /* advisory: a line more or less, never a run stopped */
	known = outage_read(cfg->spool, &o);
	if (st->down) {
		if (!known) {
			o.since = (long long)now;
			o.runs = 0;
			o.told = 0;
		}
		o.last = (long long)now;
		o.runs++;
		tell = heard && !o.told;
		if (tell)
			o.told = 1;
		snprintf(o.reply, sizeof o.reply, "%s", st->down_reason);
		util_clean_line(o.reply);
		outage_write(cfg->spool, &o);
		util_iso_time((time_t)o.since, when, sizeof when);
		buf_puts(&b, "relay:");
		log_kv(&b, "status", "down");
		log_kv(&b, "since", when);
		snprintf(num, sizeof num, "%ld", o.runs);
		log_kv(&b, "runs", num);
		snprintf(num, sizeof num, "%d", st->deferred);
		log_kv(&b, "deferred", num);
		log_kv_quoted(&b, "reply", o.reply);
		/* the first heard run of an outage reaches cron's mail; the
		 * rest the log only */
		log_msg(tell ? LOG_WARNING : LOG_NOTICE, "%s", buf_str(&b));
	} else if (known) {
		snprintf(path, sizeof path, "%s/runs/relay", cfg->spool);
		if (unlink(path) < 0 && errno != ENOENT)
			log_msg(LOG_WARNING, "cannot remove %s: %s\n", path,
			        strerror(errno));
		util_iso_time((time_t)o.since, when, sizeof when);
		buf_puts(&b, "relay:");
		log_kv(&b, "status", "back");
		log_kv(&b, "since", when);
		snprintf(num, sizeof num, "%llds", (long long)now > o.since ?
		         (long long)now - o.since : 0);
		log_kv(&b, "down_for", num);
		snprintf(num, sizeof num, "%ld", o.runs);
		log_kv(&b, "runs", num);
		snprintf(num, sizeof num, "%d", st->sent);
		log_kv(&b, "delivered", num);
		if (o.told)
			log_told(LOG_NOTICE, "%s", buf_str(&b));
		else
			log_msg(LOG_NOTICE, "%s", buf_str(&b));
	}
	buf_free(&b);
	lock_release(&l);
}

int cli_relay_down_since(const struct config *cfg, time_t since)
{
	struct outage o;

	return outage_read(cfg->spool, &o) && o.last >= (long long)since;
}
