/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * atomic.h - writing a whole file: every byte of a buffer to a
 * descriptor, and a file replaced atomically through a temporary name
 * beside it (the web site's pages and manifest, the web state in the
 * spool; the transactions' staged files write through util_write_all).
 */
#ifndef EPAM_ATOMIC_H
#define EPAM_ATOMIC_H

#include <stddef.h>
#include <sys/types.h>

/* Write len bytes of data to the open descriptor fd, again after a
 * short write or EINTR, then fsync(2) fd when sync is set.  fd is not
 * closed (the caller's).  0, or -1 with errno set (the write's or the
 * fsync's; what was written by then stays written). */
int util_write_all(int fd, const void *data, size_t len, int sync);

/* Replace the file at path with len bytes of data atomically: a reader
 * sees the old file or the new one whole, never a part.  The bytes go
 * to a temporary name in path's directory (DIR/.NAME.tmp for DIR/NAME,
 * .NAME.tmp for a bare NAME): whatever stands at that name first (a
 * leftover of a run that died, or a symbolic link planted there) is
 * unlinked, never opened or followed, and the file is made new there
 * (O_EXCL | O_NOFOLLOW) with mode (less the umask), written, fsync'ed
 * when sync is set, closed and renamed over path.  A symbolic link at
 * path itself is replaced, not followed.  path's directory must exist;
 * its entry is not fsync'ed (util_fsync_dir when the caller needs the
 * rename durable).  Two writers of one path at once must be kept apart
 * by the caller (a lock): they share the temporary name.  0, or -1 with
 * errno set, the old file at path untouched and the temporary name
 * removed. */
int util_write_atomic(const char *path, const void *data, size_t len,
                      mode_t mode, int sync);

#endif
