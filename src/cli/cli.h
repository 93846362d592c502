/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli.h - the epamserv subcommands (one file each under src/cli/).
 * Each takes argv with argv[0] the subcommand's name and returns a
 * sysexits status.
 */
#ifndef EPAM_CLI_H
#define EPAM_CLI_H

#include "util/conf.h"

#include <stdio.h>
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
/* After a delivery run at now with counts st (its down and
 * down_reason too): keep SPOOL/runs/relay, the record of an outage of
 * the SMTP relay, and tell the operator once an outage, a warning on the
 * first heard run that finds the relay down (heard: 1 when what the run
 * prints reaches the operator, as cron's mail; 0 after receive, whose
 * output a Postfix pipe throws away), a notice on the later ones, and a
 * notice on standard error on the first run that reaches it again when
 * the outage was told (src/cli/relay.c).  Advisory: never fails. */
struct outbox_stats;
void cli_relay_note(const struct config *cfg, const struct outbox_stats *st,
                    time_t now, int heard);
/* Whether SPOOL/runs/relay records that a delivery run at or after
 * since (seconds since the epoch) found the relay down: 1 yes, 0 no
 * (no outage on record, or an older one).  Advisory, as the record. */
int cli_relay_down_since(const struct config *cfg, time_t since);
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

/* `epamserv --version` (version.c): "epamserv VERSION", the version of
 * this build (git describe at build time, or the tarball's version
 * file), then one sentence for each kind of versioned file saying which
 * format versions this binary reads and writes, in the run's language,
 * on out. */
void cli_version(FILE *out);

/* Deliver the outbox when an SMTP server is configured and the outbox
 * holds mail (after a command's work; with none, libcurl is not
 * loaded).  cli_deliver_unheard is the same after receive, whose
 * output nobody reads (a Postfix pipe discards what a command that exits
 * 0 prints): a relay outage it finds is told by the next heard run. */
void cli_deliver_quietly(const struct config *cfg);
void cli_deliver_unheard(const struct config *cfg);
/* The end of a run that processed mail (receive, batch): mail first,
 * robots after (src/cli/mail_first.c).  When robot moves wait, the
 * outbox is delivered, then the robots think (robot_run), then what
 * they queued is delivered; else the robots' run and one delivery, as
 * before.  heard: 1 as cli_deliver_quietly, 0 as cli_deliver_unheard.
 * Call with no lock held and no group commit open.  Never fails: mail
 * not delivered stays in the outbox. */
void cli_mail_first(const struct config *cfg, int heard);

/* The setting keep_incoming (keep.c): write raw (len bytes) as it came
 * into that Maildir (tmp/, fsync, new/).  0 when done or when the
 * setting is empty; -1 when the copy could not be made (logged): the
 * mail must then not be processed (receive exits 75). */
int keep_incoming(const struct config *cfg, const char *raw, size_t len);

/* ---- the subcommands' table (subcmds.c) ---- */

/* What main sets up before it runs a subcommand (struct subcmd's
 * flags), in this order: the configuration is always loaded (a bad one
 * exits 78, or 75 for SUBCMD_MTA); admin_who_init (SUBCMD_ADMIN_WHO);
 * become_spool_owner (SUBCMD_SPOOL_OWNER, or SUBCMD_OWNER_ON_CHECK);
 * log_open (SUBCMD_LOGS: the setting "log", else stderr); the command;
 * then the bounce notices (SUBCMD_BOUNCE_NOTICES) and the run record
 * (SUBCMD_RUN_RECORD).  None of the set-up is done when the command is
 * given "--help". */
#define SUBCMD_NO_CONFIG 0x01      /* fn gets NULL: no spool (perft, ...) */
#define SUBCMD_SPOOL_OWNER 0x02    /* become the spool's owner first */
#define SUBCMD_OWNER_ON_CHECK 0x04 /* the same, only for "NAME --check" */
#define SUBCMD_LOGS 0x08           /* log to the setting "log" */
#define SUBCMD_OWN_HELP 0x10       /* fn answers "--help" with its usage */
#define SUBCMD_RUN_RECORD 0x20     /* SPOOL/runs/NAME after it, for status */
#define SUBCMD_BOUNCE_NOTICES 0x40 /* bounce notices after it (with
                                      SUBCMD_RUN_RECORD) */
#define SUBCMD_ADMIN_WHO 0x80      /* note who started it (admin.log) */
#define SUBCMD_MTA 0x100           /* run by the mail system (receive):
                                      "--help" only at a terminal, and
                                      every failure exits 75 */

/* One operator subcommand, in the manner of git.c's table.  fn takes
 * argv with argv[0] the name and returns a sysexits status; cfg is NULL
 * for SUBCMD_NO_CONFIG.  args: its arguments for the usage ("" for
 * none); summary: what it does, lines of at most 50 columns, marked
 * N_() and printed through _().  A row
 * whose fn is NULL is one more form of the row above it (usage only). */
struct subcmd {
	const char *name;
	int (*fn)(const struct config *cfg, int argc, char **argv);
	int flags;
	const char *args;
	const char *summary;
};

/* The table, ended by a row whose name is NULL (subcmds.c). */
extern const struct subcmd subcmds[];

/* The subcommand called name, or NULL. */
const struct subcmd *subcmd_find(const char *name);

/* The global usage ("epamserv --help"): the global options, then each
 * row of subcmds with its arguments and summary. */
void subcmd_usage(FILE *out);

/* "config [-n]": the effective settings (-n: only those changed from
 * the defaults); "config --check": the settings, the config file's
 * access by the spool's owner, the templates, robots and league checked,
 * 0 or EXIT_CONFIG after the problems on stderr (config.c).  Any other
 * arguments: "unknown command 'config'" and the global usage on stderr,
 * EXIT_USAGE, as for a name main does not know. */
int cli_config(const struct config *cfg, int argc, char **argv);

#endif
