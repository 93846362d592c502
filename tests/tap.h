/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tap.h - a tiny TAP producer for the C unit tests.
 *
 * Each ok() is one test in the count that automake's tap-driver reports.
 * A failing check prints what was expected and what came instead, with the
 * file and line, as a TAP diagnostic.
 */
#ifndef EPAM_TAP_H
#define EPAM_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_count, tap_failures;

static void tap_ok(int pass, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5), unused));
static void tap_ok(int pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d - ", pass ? "ok" : "not ok", ++tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!pass) {
		tap_failures++;
		printf("# failed at %s:%d\n", file, line);
	}
	fflush(stdout);
}

/* ok(condition, "name of the behaviour %d", ...) */
#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

/* is_str(got, expected, "name"): compares strings and shows both. */
#define is_str(got, want, ...) do { \
	const char *tap_g_ = (got), *tap_w_ = (want); \
	int tap_p_ = tap_g_ && tap_w_ && strcmp(tap_g_, tap_w_) == 0; \
	tap_ok(tap_p_, __FILE__, __LINE__, __VA_ARGS__); \
	if (!tap_p_) printf("#   expected: '%s'\n#        got: '%s'\n", \
	                    tap_w_ ? tap_w_ : "(null)", tap_g_ ? tap_g_ : "(null)"); \
} while (0)

/* is_int(got, expected, "name"): compares integers and shows both. */
#define is_int(got, want, ...) do { \
	long long tap_g_ = (long long)(got), tap_w_ = (long long)(want); \
	tap_ok(tap_g_ == tap_w_, __FILE__, __LINE__, __VA_ARGS__); \
	if (tap_g_ != tap_w_) printf("#   expected: %lld\n#        got: %lld\n", \
	                            tap_w_, tap_g_); \
} while (0)

static int tap_done(void) __attribute__((unused));
static int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failures ? 1 : 0;
}

#endif
