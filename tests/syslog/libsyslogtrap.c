/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * libsyslogtrap.c - an LD_PRELOAD shim, preloaded for every test of
 * "make check" (tests/local.mk), that keeps the machine's system log
 * untouched and records each attempt to write to it.
 *
 *   SYSLOG_TRAP_FILE=F   append one line per call to F:
 *                        "PID CALL MESSAGE" (the message as given, or
 *                        the format of a v*syslog call); unset: stderr
 *
 * openlog, syslog, vsyslog, their _FORTIFY_SOURCE variants __syslog_chk
 * and __vsyslog_chk, and closelog are replaced: none reaches the real
 * syslog(3), so even a failing suite writes nothing to /dev/log.
 * tests/syslog/test_syslog_untouched.py, run after every other test,
 * fails when F holds a line.  Under AddressSanitizer run with
 * ASAN_OPTIONS=verify_asan_link_order=0 (the shim comes before the
 * sanitizer runtime; it allocates nothing).
 */
#undef _FORTIFY_SOURCE   /* syslog.h would make syslog() an inline */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The replaced calls (syslog.h is not included: see above). */
void openlog(const char *ident, int option, int facility);
void closelog(void);
void syslog(int priority, const char *fmt, ...);
void vsyslog(int priority, const char *fmt, va_list ap);
void __syslog_chk(int priority, int flag, const char *fmt, ...);
void __vsyslog_chk(int priority, int flag, const char *fmt, va_list ap);

#define NOSAN __attribute__((no_sanitize_address, no_sanitize_undefined))

/* One record line, written in one write(2) with O_APPEND, so the
 * processes of a parallel run never mix their lines. */
static NOSAN void record(const char *call, const char *text)
{
	const char *path = getenv("SYSLOG_TRAP_FILE");
	char line[1024];
	int fd, n, i;

	n = snprintf(line, sizeof line, "%ld %s %s", (long)getpid(), call,
	             text ? text : "");
	if (n < 0)
		return;
	if ((size_t)n >= sizeof line - 1)
		n = (int)sizeof line - 2;
	for (i = 0; i < n; i++)
		if (line[i] == '\n')
			line[i] = ' ';
	line[n++] = '\n';
	fd = path && *path ?
	     open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644) : 2;
	if (fd < 0)
		return;
	if (write(fd, line, (size_t)n) < 0)
		n = 0;
	if (fd != 2)
		close(fd);
}

NOSAN void openlog(const char *ident, int option, int facility)
{
	(void)option;
	(void)facility;
	record("openlog", ident);
}

NOSAN void closelog(void)
{
}

NOSAN void vsyslog(int priority, const char *fmt, va_list ap)
{
	(void)priority;
	(void)ap;
	record("vsyslog", fmt);
}

NOSAN void syslog(int priority, const char *fmt, ...)
{
	char text[900];
	va_list ap;

	(void)priority;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	record("syslog", text);
}

NOSAN void __syslog_chk(int priority, int flag, const char *fmt, ...)
{
	char text[900];
	va_list ap;

	(void)priority;
	(void)flag;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	record("syslog", text);
}

NOSAN void __vsyslog_chk(int priority, int flag, const char *fmt, va_list ap)
{
	(void)priority;
	(void)flag;
	(void)ap;
	record("vsyslog", fmt);
}
