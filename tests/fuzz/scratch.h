/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * scratch.h - the scratch directory of a fuzz target: made once per
 * process under $TMPDIR (default /tmp) with mkdtemp, removed with all it
 * holds when the process exits normally.  A target that crashes leaves
 * it behind; tests/fuzz/run-fuzz.sh runs the targets inside a directory
 * of its own and removes that.
 */
#ifndef EPAM_FUZZ_SCRATCH_H
#define EPAM_FUZZ_SCRATCH_H

#include <stddef.h>

/* Make the scratch directory ("$TMPDIR/epamserv-fuzz-NAME-XXXXXX") and
 * arrange its removal at exit.  Returns its path (static storage);
 * exits with a message when it cannot be made. */
const char *scratch_make(const char *name);

/* Remove path and everything under it (no symlink is followed).
 * 0, or -1 when something could not be removed. */
int scratch_rm_rf(const char *path);

/* Write len bytes to path by a temporary file beside it and rename(2),
 * as the spool does, so the file is a new inode.  0, or -1 (errno). */
int scratch_write(const char *path, const void *data, size_t len);

/* snprintf into buf (len bytes), failing (scratch_fail) when it does not
 * fit. */
void scratch_path(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Print a message on the standard error the process started with (the
 * fuzzer may close fd 2 for the target's logs: -close_fd_mask=2) and
 * abort(): an invariant of the target does not hold. */
void scratch_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/* Keep a duplicate of the standard error for scratch_fail; call before
 * the fuzzer's flags are applied (LLVMFuzzerInitialize). */
void scratch_keep_stderr(void);

#endif
