/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * atomic.c - writing a whole file (atomic.h).
 */
#include "util/atomic.h"
#include "util/buf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int util_write_all(int fd, const void *data, size_t len, int sync)
{
	const char *p = data;
	size_t off = 0;
	ssize_t w;

	while (off < len) {
		w = write(fd, p + off, len - off);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		off += (size_t)w;
	}
	if (sync && fsync(fd) < 0)
		return -1;
	return 0;
}

int util_write_atomic(const char *path, const void *data, size_t len,
                      mode_t mode, int sync)
{
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash + 1 - path) : 0;
	char *tmp = xmalloc(strlen(path) + 6);
	int fd = -1, rc = -1, e;

	/* DIR/.NAME.tmp */
	memcpy(tmp, path, dirlen);
	tmp[dirlen] = '.';
	strcpy(tmp + dirlen + 1, path + dirlen);
	strcat(tmp + dirlen, ".tmp");
	/* A leftover (or planted) temporary name goes first: the file is
	 * made new, never opened through a link or a second name. */
	if (unlink(tmp) < 0 && errno != ENOENT) {
		e = errno;
		free(tmp);
		errno = e;
		return -1;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	          mode);
	if (fd < 0)
		goto out;
	if (util_write_all(fd, data, len, sync) < 0)
		goto out;
	e = close(fd);
	fd = -1;
	if (e < 0 || rename(tmp, path) < 0)
		goto out;
	rc = 0;
out:
	e = errno;
	if (fd >= 0)
		close(fd);
	if (rc < 0)
		unlink(tmp);
	free(tmp);
	errno = e;
	return rc;
}
