/*
 * log.h - one place for what the server tells its operator.
 *
 * Messages go to standard error (an MTA pipe or cron mails it, a person
 * at a terminal reads it) and to syslog with facility mail, where mail
 * administrators look.  Priorities are syslog's: LOG_ERR, LOG_WARNING,
 * LOG_NOTICE, LOG_INFO, LOG_DEBUG; LOG_DEBUG is written only with
 * --verbose.  Each call is one line: a trailing newline in the format is
 * dropped, control characters (C0, DEL, C1) and line separators in the
 * text become spaces, bidi embeddings, overrides and isolates are removed
 * and bytes that are not UTF-8 become '?' (util_clean_line()), so user
 * text can never forge or disguise a log line.
 */
#ifndef EPAM_LOG_H
#define EPAM_LOG_H

#include <syslog.h>

/* Start logging (safe to skip: messages then go to stderr only).
 * use_syslog: also send to syslog, facility mail. */
void log_open(int verbose, int use_syslog);

/* Log one line at a syslog priority. */
void log_msg(int priority, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Whether --verbose was given. */
int log_verbose(void);

#endif
