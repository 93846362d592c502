/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * log.c - stderr, and syslog or a log file, one line per message (see
 * log.h).
 */
#include "util/log.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* log_stderr_all: info and notice lines go to stderr too (--verbose, or
 * no other destination); else stderr carries warnings and errors only,
 * so that a successful cron run prints nothing. */
static int log_is_verbose, log_to_syslog, log_fd = -1, log_stderr_all = 1;

int log_open(int verbose, const char *dest, char **err)
{
	struct buf e = BUF_INIT;

	*err = NULL;
	log_is_verbose = verbose;
	log_stderr_all = 1;
	if (!dest || strcmp(dest, "stderr") == 0)
		return 0;
	log_stderr_all = verbose;
	if (strcmp(dest, "syslog") == 0) {
		log_to_syslog = 1;
		openlog("epamserv", LOG_PID, LOG_MAIL);
		return 0;
	}
	/* A FIFO planted at the log's name must not hang every run; only a
	 * regular file is written to. */
	log_fd = util_open_regular(dest, O_WRONLY | O_CREAT | O_APPEND |
	                           O_NOFOLLOW | O_NOCTTY, 0640);
	if (log_fd >= 0)
		return 0;
	if (errno == EINVAL) {
		log_stderr_all = 1;
		buf_printf(&e, _("the log file %s is not a regular file (a FIFO, a "
		           "device?): remove it, or set log to another file or to "
		           "syslog"), dest);
		*err = buf_take(&e);
		return -1;
	}
	log_stderr_all = 1;
	/* TRANSLATORS: the file, the system's reason, the user id. */
	buf_printf(&e, _("cannot open the log file %s: %s (create it writable "
	           "by uid %ld, the user epamserv runs as, or set log = "
	           "syslog)"), dest, strerror(errno), (long)geteuid());
	*err = buf_take(&e);
	return -1;
}

int log_verbose(void)
{
	return log_is_verbose;
}

static const char *priority_name(int priority)
{
	static const char *const names[] = { "emerg", "alert", "crit", "error",
		"warning", "notice", "info", "debug" };

	return names[priority & 7];
}

/* line with a timestamp, the PID and the priority, appended to the log
 * file in one write(2), so lines of processes running at once never
 * mix. */
static void log_file_line(int priority, const char *line)
{
	char out[1200];
	struct tm tm;
	time_t now = time(NULL);
	int n;

	if (!gmtime_r(&now, &tm))
		return;
	n = snprintf(out, sizeof out,
	             "%04d-%02d-%02dT%02d:%02d:%02dZ epamserv[%ld]: %s: %s\n",
	             tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
	             tm.tm_min, tm.tm_sec, (long)getpid(),
	             priority_name(priority), line);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof out) {
		n = sizeof out - 1;
		out[n - 1] = '\n';
	}
	if (write(log_fd, out, (size_t)n) < 0)
		fprintf(stderr, _("epamserv: writing the log file: %s\n"),
		        strerror(errno));
}

/* log_msg and log_told: told 1 puts the line on standard error
 * whatever its priority. */
static void log_line(int priority, int told, const char *fmt, va_list ap)
{
	char line[1024];
	char *english;
	size_t n;

	if (priority == LOG_DEBUG && !log_is_verbose)
		return;
	vsnprintf(line, sizeof line, fmt, ap);
	/* A loader's error quoted here was made in the run's language:
	 * the log has its English (errlang.h). */
	english = errlang_english(line);
	if (english)
		snprintf(line, sizeof line, "%s", english);
	free(english);
	n = strlen(line);
	while (n > 0 && line[n - 1] == '\n')
		line[--n] = '\0';
	/* User text (a subject, an address, a file's line) may be in the
	 * message: controls, bidi overrides and broken UTF-8 must not forge
	 * or disguise a log line. */
	util_clean_line(line);
	if (priority <= LOG_WARNING || log_stderr_all || told)
		fprintf(stderr, "epamserv: %s\n", line);
	if (log_to_syslog)
		syslog(priority, "%s", line);
	if (log_fd >= 0)
		log_file_line(priority, line);
}

void log_msg(int priority, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_line(priority, 0, fmt, ap);
	va_end(ap);
}

void log_told(int priority, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_line(priority, 1, fmt, ap);
	va_end(ap);
}

/* Whether v must be quoted: empty, or holding a blank, a quote, a
 * backslash or '='. */
static int kv_needs_quotes(const char *v)
{
	return !*v || strpbrk(v, " \t\"\\=") != NULL;
}

/* value in double quotes on b, '"' and '\\' escaped by a backslash;
 * with printable, each byte outside printable ASCII as '?'. */
static void kv_put_quoted(struct buf *b, const char *value, int printable)
{
	const char *p;

	buf_putc(b, '"');
	for (p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_putc(b, '\\');
		buf_putc(b, !printable || (*p >= 0x20 && *p < 0x7f) ? *p : '?');
	}
	buf_putc(b, '"');
}

void log_kv(struct buf *b, const char *key, const char *value)
{
	if (!value || !*value)
		value = "-";
	buf_printf(b, "%s%s=", b->len ? " " : "", key);
	if (!kv_needs_quotes(value)) {
		buf_puts(b, value);
		return;
	}
	kv_put_quoted(b, value, 0);
}

void log_kv_quoted(struct buf *b, const char *key, const char *value)
{
	buf_printf(b, "%s%s=", b->len ? " " : "", key);
	kv_put_quoted(b, value ? value : "", 1);
}
