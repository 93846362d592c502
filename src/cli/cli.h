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
/* "status [--json]": damaged and quarantined files (status.c). */
int cli_status(const struct config *cfg, int argc, char **argv);
/* "admin backup|restore|upgrade ..." (src/cli/admin_backup.c); argv[0]
 * is "backup", "restore" or "upgrade". */
int cli_admin_backup(const struct config *cfg, int argc, char **argv);
/* "batch --imap URL" (src/cli/imap.c). */
int cli_batch_imap(const struct config *cfg, const char *url);

/* Retention of "sweep"'s pruning (prune.c), in days. */
#define PRUNE_SEEN_DAYS 60    /* seen/: over CUR_MAX_DAYS and MTA retries */
#define PRUNE_FAILED_DAYS 30  /* failed/ */

/* How many files prune_spool removed from each directory (-1: it could
 * not be read). */
struct prune_stats {
	long seen, rate, auth, failed, locks;
};

/* Remove what can no longer matter from seen/, rate/, auth/, failed/
 * and old-style lock files of locks/, by age at time now (prune.c says
 * which and why).  Fills *ps; returns 0, or -1 when a directory could
 * not be read (logged). */
int prune_spool(const struct config *cfg, time_t now, struct prune_stats *ps);

/* Deliver the outbox when an SMTP server is configured (after receive). */
void cli_deliver_quietly(const struct config *cfg);

#endif
