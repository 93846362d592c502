/*
 * log.c - stderr and syslog, one line per message (see log.h).
 */
#include "util/log.h"
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int log_is_verbose, log_to_syslog;

void log_open(int verbose, int use_syslog)
{
	log_is_verbose = verbose;
	log_to_syslog = use_syslog;
	if (use_syslog)
		openlog("epamserv", LOG_PID, LOG_MAIL);
}

int log_verbose(void)
{
	return log_is_verbose;
}

void log_msg(int priority, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	size_t n;

	if (priority == LOG_DEBUG && !log_is_verbose)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	n = strlen(line);
	while (n > 0 && line[n - 1] == '\n')
		line[--n] = '\0';
	/* User text (a subject, an address, a file's line) may be in the
	 * message: controls, bidi overrides and broken UTF-8 must not forge
	 * or disguise a log line. */
	util_clean_line(line);
	fprintf(stderr, "epamserv: %s\n", line);
	if (log_to_syslog)
		syslog(priority, "%s", line);
}
