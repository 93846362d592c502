/*
 * cli.h - the epamserv subcommands (one file each under src/cli/).
 * Each takes argv with argv[0] the subcommand's name and returns a
 * sysexits status.
 */
#ifndef EPAM_CLI_H
#define EPAM_CLI_H

#include "util/conf.h"

#include <time.h>

int cli_receive(const struct config *cfg, int argc, char **argv);
int cli_outbox(const struct config *cfg, int argc, char **argv);
int cli_flush(const struct config *cfg, int argc, char **argv);
int cli_bounces(const struct config *cfg, int argc, char **argv);
int cli_batch(const struct config *cfg, int argc, char **argv);
int cli_sweep(const struct config *cfg, int argc, char **argv);
int cli_admin(const struct config *cfg, int argc, char **argv);
/* "status [--json|--prometheus]": the state of the spool (status.c). */
int cli_status(const struct config *cfg, int argc, char **argv);
/* Whether cfg->spool is a directory, for the commands that read a spool
 * and must not take a wrong path (a typo) for an empty one: 0, or
 * EXIT_CONFIG after one line on stderr naming cmd, the path and why
 * (status.c). */
int cli_need_spool(const struct config *cfg, const char *cmd);
/* Record in SPOOL/runs/NAME that the command name ("batch", "flush",
 * "sweep") started at started (seconds since the epoch) ended now with
 * exit status rc, for "status".  Advisory: a failure is logged as a
 * warning and otherwise ignored. */
void cli_note_run(const struct config *cfg, const char *name,
                  time_t started, int rc);
/* Count sent mails sent at now in SPOOL/runs/sent (hourly counts of the
 * last day, under the lock "runs-sent"), for "status".  Advisory:
 * nothing is counted when the lock or the file cannot be had. */
void cli_note_sent(const struct config *cfg, int sent, time_t now);
/* Add a delivery run's counts (mails sent, deferred, failed for good)
 * to what cli_note_run writes in the record of "flush" (lines "sent: N",
 * "deferred: N", "failed: N" after "exit:"). */
void cli_note_delivered(int sent, int deferred, int failed);
/* "admin backup|restore|upgrade ..." (src/cli/admin_backup.c); argv[0]
 * is "backup", "restore" or "upgrade". */
int cli_admin_backup(const struct config *cfg, int argc, char **argv);
/* "batch --imap URL" (src/cli/imap.c). */
int cli_batch_imap(const struct config *cfg, const char *url);

/* Tell the opponents of each player whose address keeps bouncing, once
 * per bounce record (bounce_notice.c).  Returns how many were told. */
int cli_bounce_notices(const struct config *cfg);

/* How many files prune_spool removed from each directory (-1: it could
 * not be read). */
struct prune_stats {
	long seen, rate, auth, failed, holds, locks;
};

/* Remove what can no longer matter from seen/, rate/, auth/, failed/
 * (with the .retry records), stale hold markers of outbox/ and
 * old-style lock files of locks/, by age at time now (seen_days,
 * failed_days of cfg) (prune.c says
 * which and why).  Fills *ps; returns 0, or -1 when a directory could
 * not be read (logged). */
int prune_spool(const struct config *cfg, time_t now, struct prune_stats *ps);

/* Queue the daily digests due at now (digest.c, issue 15): for each
 * player with "mail digest HH" whose local hour (their time zone) is HH
 * or later and whose digest of that local day is not sent yet, one mail
 * listing the boards that wait for their move (none: no mail, the day
 * is done).  Returns how many mails went out; trouble is logged and
 * retried by the next sweep. */
int cli_digests(const struct config *cfg, time_t now);

/* "export [BOARD...] [--json] [--since DATE]" (export.c, issue 18):
 * game records on standard output. */
int cli_export(const struct config *cfg, int argc, char **argv);

/* "replay RECORD" (replay.c, issue 18): a record read back and replayed
 * under the rules; no configuration or spool. */
int cli_replay(int argc, char **argv);

/* "web [--verbose] DIR": the static web site of the spool (web.c,
 * src/web/web.h; issue 18). */
int cli_web(const struct config *cfg, int argc, char **argv);

/* Deliver the outbox when an SMTP server is configured (after receive). */
void cli_deliver_quietly(const struct config *cfg);

#endif
