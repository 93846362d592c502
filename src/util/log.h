/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * log.h - one place for what the server tells its operator.
 *
 * Warnings and errors go to standard error (an MTA pipe or cron mails
 * it, a person at a terminal reads it).  The mail-handling commands keep
 * every message where the setting "log" says (log_open()): syslog with
 * facility mail, where mail administrators look (the default), a file,
 * one line per message with a UTC timestamp, or standard error
 * ("stderr").  Notices and info lines reach standard error only with
 * --verbose, when it is the destination, or through log_told (a change
 * the operator must hear of once), so that a cron run that went well
 * prints nothing (SPEC-like rule: quiet cron).
 * Priorities are syslog's: LOG_ERR, LOG_WARNING, LOG_NOTICE, LOG_INFO,
 * LOG_DEBUG; LOG_DEBUG is written only with --verbose.  Each call is one
 * line: a trailing newline in the format is dropped, control characters
 * (C0, DEL, C1) and line separators in the text become spaces, bidi
 * embeddings, overrides and isolates are removed and bytes that are not
 * UTF-8 become '?' (util_clean_line()), so user text can never forge or
 * disguise a log line.
 *
 * A log stays English, as Postfix's and Dovecot's do: it is searched,
 * matched by fail2ban and logwatch and pasted into bug reports, whatever
 * language the server answers its players in.  So log_msg's format is
 * never marked for translation, nor is any text a log line quotes that a
 * program reads back (incoming.log's reason= keys: pipeline/inlog.h;
 * admin.log).  A loader's error quoted in a log line was made in the
 * run's language for its other reader: log_msg puts back the English
 * that util/errlang.h kept of it.  A sentence for the operator at the terminal (a usage
 * error, "cannot open FILE: ...", the answer of an operator command) is
 * no log line: it is marked and printed with fprintf, not log_msg.
 */
#ifndef EPAM_LOG_H
#define EPAM_LOG_H

#include <syslog.h>

struct buf;

/* Start logging (safe to skip: messages then go to stderr only).
 * dest: NULL or "stderr" (stderr only), "syslog" (also syslog, facility
 * mail), or the absolute path of a file to append to (opened with
 * O_APPEND|O_CLOEXEC|O_NOFOLLOW, created mode 0640 less the umask).
 * Returns 0, or -1 when the file cannot be opened, with a malloc'ed
 * *err naming it, the reason and the fix (messages then go to stderr
 * only). */
int log_open(int verbose, const char *dest, char **err);

/* Log one line at a syslog priority. */
void log_msg(int priority, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* As log_msg, and on standard error whatever the priority and
 * --verbose (so cron mails it): a change the operator must hear of once,
 * such as the relay working again after an outage (cli/relay.c). */
void log_told(int priority, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Append " key=value" to b (no blank before the first pair): the
 * layout of the log lines meant for grep and fail2ban (epamserv(1),
 * LOGGING).  value NULL or "" becomes "-"; a value with a blank, '"',
 * '\\' or '=' is written in double quotes with '"' and '\\' escaped
 * by a backslash.  Errors: out of memory aborts, as every buf does. */
void log_kv(struct buf *b, const char *key, const char *value);

/* As log_kv, but value always in double quotes (NULL or "" as ""), and
 * each byte outside printable ASCII as '?': a server's reply text, the
 * last key of a delivery line (epamserv(1), DELIVERY LOG LINES). */
void log_kv_quoted(struct buf *b, const char *key, const char *value);

/* Whether --verbose was given. */
int log_verbose(void);

#endif
