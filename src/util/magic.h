/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * magic.h - the version line that opens each spool file ("epamserv-game
 * 5", "epamserv-user 2", ...): which version a file claims, and the
 * error for a file a newer epamserv wrote.
 *
 * A loader reads the versions it knows and refuses any other first
 * line.  A first line of its own name with a higher number is not
 * damage: the file was written by a newer epamserv (after a downgrade,
 * or a restore onto an older binary), and saying "malformed" would send
 * the administrator to repair a file that is fine.  Every change of a
 * file's format bumps its number in src/spool/formats.h, where each
 * kind's numbers live (spool/README).
 */
#ifndef EPAM_MAGIC_H
#define EPAM_MAGIC_H

#include <stddef.h>

/* The version line claims: line is "NAME N" (N a decimal number from 1
 * to 99999, nothing after it): N; anything else: 0. */
int magic_version(const char *line, const char *name);

/* Whether line is "NAME N" with N above max, the newest version this
 * binary reads: 1, with the error sentence (no file name) in buf, cut to
 * len bytes, in the run's language (its English kept for the log:
 * util/errlang.h); else 0 and buf untouched. */
int magic_newer(const char *line, const char *name, int max, char *buf,
                size_t len);

/* How many times magic_newer found a newer file in this process.  A
 * caller compares the count before and after a load, as with
 * damage_count(): a load that failed on a newer file is no damage, and
 * no repair or restore should touch the file.  (The error's words are
 * translated, so they are not what a caller looks for.) */
unsigned long magic_newer_count(void);

#endif
