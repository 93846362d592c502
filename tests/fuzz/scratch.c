/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * scratch.c - the scratch directory of a fuzz target (see scratch.h).
 */
#include "fuzz/scratch.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char scratch_dir[4096];
static pid_t scratch_owner;
static int report_fd = 2;

static void scratch_cleanup(void)
{
	/* A child of the fuzzer (fork mode) must not remove its parent's. */
	if (scratch_dir[0] && getpid() == scratch_owner)
		scratch_rm_rf(scratch_dir);
}

const char *scratch_make(const char *name)
{
	const char *tmp = getenv("TMPDIR");
	int n;

	if (!tmp || !*tmp)
		tmp = "/tmp";
	n = snprintf(scratch_dir, sizeof scratch_dir, "%s/epamserv-fuzz-%s-XXXXXX",
	             tmp, name);
	if (n < 0 || (size_t)n >= sizeof scratch_dir - 64 ||
	    !mkdtemp(scratch_dir)) {
		fprintf(stderr, "fuzz: cannot make a scratch directory under %s: %s\n",
		        tmp, strerror(errno));
		exit(1);
	}
	scratch_owner = getpid();
	atexit(scratch_cleanup);
	return scratch_dir;
}

static int rm_one(const char *path, const struct stat *st, int flag,
                  struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		return rmdir(path) < 0 ? -1 : 0;
	return unlink(path) < 0 ? -1 : 0;
}

int scratch_rm_rf(const char *path)
{
	return nftw(path, rm_one, 16, FTW_DEPTH | FTW_PHYS) == 0 ? 0 : -1;
}

int scratch_write(const char *path, const void *data, size_t len)
{
	char tmp[4200];
	const char *p = data;
	int fd, n;

	n = snprintf(tmp, sizeof tmp, "%s.scratch-tmp", path);
	if (n < 0 || (size_t)n >= sizeof tmp) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
	if (fd < 0)
		return -1;
	while (len > 0) {
		ssize_t w = write(fd, p, len);
		if (w < 0) {
			close(fd);
			unlink(tmp);
			return -1;
		}
		p += w;
		len -= (size_t)w;
	}
	if (close(fd) < 0 || rename(tmp, path) < 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

void scratch_path(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= len)
		scratch_fail("a path or text too long for %zu bytes: %s", len, buf);
}

void scratch_keep_stderr(void)
{
	int fd = fcntl(2, F_DUPFD_CLOEXEC, 3);

	if (fd >= 0)
		report_fd = fd;
}

void scratch_fail(const char *fmt, ...)
{
	char line[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	dprintf(report_fd, "fuzz: invariant broken: %s\n", line);
	abort();
}
