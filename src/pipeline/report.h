/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * report.h - what a delivery report (a bounce) may record, and what not.
 *
 * A report counts only when it is about a mail we sent: one of our
 * Message-IDs in its returned headers verifies (spool/secret.h) with an
 * address the report names (a Final-Recipient, Original-Recipient,
 * X-Failed-Recipients or returned To: address), and the report says the
 * delivery failed (Action: failed, or a bounce without delivery-status
 * fields).  Then a bounce record is written for that address, with the
 * report's Status and Diagnostic-Code, at most REPORT_MAX_RECORDS per
 * report and bounce_reports_per_day a day (outbox.h).  A delayed report
 * is logged and not recorded; anything else is ignored with one log line.
 */
#ifndef EPAM_REPORT_H
#define EPAM_REPORT_H

#include <stddef.h>
#include <time.h>

#include "mail/mail.h"
#include "util/conf.h"

#define REPORT_MAX_RECORDS 3   /* bounce records one report may write */
#define REPORT_MAX_ADDRS 20    /* distinct addresses of a report checked */

/* Whether m looks like a bounce: a multipart/report, an empty
 * Return-Path, or From MAILER-DAEMON@ or postmaster@.  1 or 0. */
int report_is_bounce(const struct mail_in *m);

/* Deal with the mail m (parsed from raw[0..len), untrusted) when it is a
 * bounce: read it (mail/dsn.h), check it and record what it proves, as
 * above; log what was done.  Nothing for any other mail.  Returns the
 * number of bounce records written. */
int report_record(const struct config *cfg, const struct mail_in *m,
                  const char *raw, size_t len, time_t now);

#endif
