/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_atomic.c - src/util/atomic.c in a scratch directory: a file
 * replaced whole with its mode, a symbolic link at the temporary name or
 * at the file itself never written through, and a write that fails
 * (RLIMIT_FSIZE) leaving the old file as it was and no temporary file.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/atomic.h"
#include "util/util.h"
#include "tap.h"

static char dir[] = "/tmp/epamserv-atomic-XXXXXX";

/* dir/name into a static buffer (one at a time). */
static const char *at(const char *name)
{
	static char path[2][128];
	static int k;

	k = !k;
	snprintf(path[k], sizeof path[k], "%s/%s", dir, name);
	return path[k];
}

/* The text of dir/name (static), or "(none)". */
static const char *text(const char *name)
{
	static char buf[256];
	char *s = util_read_file_follow(at(name), sizeof buf - 1, NULL);

	snprintf(buf, sizeof buf, "%s", s ? s : "(none)");
	free(s);
	return buf;
}

static void put(const char *name, const char *s)
{
	FILE *f = fopen(at(name), "w");

	if (f) {
		fputs(s, f);
		fclose(f);
	}
}

/* How many names of dir end in ".tmp". */
static int tmps(void)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t n;
	int count = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)) != NULL) {
		n = strlen(de->d_name);
		if (n > 4 && strcmp(de->d_name + n - 4, ".tmp") == 0)
			count++;
	}
	closedir(d);
	return count;
}

static void test_replace(void)
{
	struct stat st;
	mode_t old = umask(022);

	ok(util_write_atomic(at("page"), "first\n", 6, 0640, 0) == 0 &&
	   stat(at("page"), &st) == 0 && (st.st_mode & 0777) == 0640,
	   "util_write_atomic makes a new file with the mode asked for");
	is_str(text("page"), "first\n", "with the bytes given");
	ok(util_write_atomic(at("page"), "second, longer\n", 15, 0644, 1) == 0,
	   "util_write_atomic replaces a file (fsync'ed)");
	is_str(text("page"), "second, longer\n", "which then holds the new bytes");
	ok(stat(at("page"), &st) == 0 && (st.st_mode & 0777) == 0644,
	   "and the new file's mode");
	ok(util_write_atomic(at("page"), "", 0, 0640, 0) == 0 &&
	   stat(at("page"), &st) == 0 && st.st_size == 0,
	   "util_write_atomic writes an empty file");
	is_int(tmps(), 0, "no temporary name is left behind");
	umask(old);
}

static void test_links(void)
{
	struct stat st;

	put("victim", "victim\n");
	put("file", "old\n");
	ok(symlink(at("victim"), at(".file.tmp")) == 0,
	   "a symbolic link planted at the temporary name");
	ok(util_write_atomic(at("file"), "new\n", 4, 0640, 0) == 0,
	   "util_write_atomic writes past a link at the temporary name");
	is_str(text("victim"), "victim\n", "never through it: the file it "
	       "points to is as it was");
	ok(lstat(at("file"), &st) == 0 && S_ISREG(st.st_mode),
	   "the file is a regular file");
	is_str(text("file"), "new\n", "holding the new bytes");

	ok(symlink(at("victim"), at("linked")) == 0,
	   "a symbolic link at the file's own name");
	ok(util_write_atomic(at("linked"), "mine\n", 5, 0640, 0) == 0 &&
	   lstat(at("linked"), &st) == 0 && S_ISREG(st.st_mode),
	   "util_write_atomic replaces a link at the file with a file");
	is_str(text("victim"), "victim\n", "and leaves the link's target be");
	is_int(tmps(), 0, "no temporary name is left behind");
}

static void test_failed_write(void)
{
	struct rlimit old, small;
	char big[4096];
	int rc, e;

	put("kept", "the old file\n");
	memset(big, 'x', sizeof big);
	/* A write past RLIMIT_FSIZE fails with EFBIG (SIGXFSZ ignored):
	 * a disk that fills up, in a test. */
	signal(SIGXFSZ, SIG_IGN);
	if (getrlimit(RLIMIT_FSIZE, &old) < 0) {
		ok(0, "getrlimit: %s", strerror(errno));
		return;
	}
	small = old;
	small.rlim_cur = 1024;
	if (setrlimit(RLIMIT_FSIZE, &small) < 0) {
		ok(0, "setrlimit: %s", strerror(errno));
		return;
	}
	errno = 0;
	rc = util_write_atomic(at("kept"), big, sizeof big, 0640, 0);
	e = errno;
	setrlimit(RLIMIT_FSIZE, &old);
	ok(rc < 0 && e == EFBIG, "util_write_atomic fails when a write fails "
	   "(EFBIG)");
	is_str(text("kept"), "the old file\n", "and leaves the old file whole");
	is_int(tmps(), 0, "and removes its temporary file");

	errno = 0;
	ok(util_write_atomic(at("no/such/dir"), "x", 1, 0640, 0) < 0 &&
	   errno == ENOENT, "util_write_atomic into a missing directory: ENOENT");
}

static void test_write_all(void)
{
	char buf[16] = "";
	int fds[2];
	ssize_t r;

	if (pipe(fds) < 0) {
		ok(0, "pipe: %s", strerror(errno));
		return;
	}
	ok(util_write_all(fds[1], "abc", 3, 0) == 0,
	   "util_write_all writes every byte");
	r = read(fds[0], buf, sizeof buf - 1);
	ok(r == 3 && memcmp(buf, "abc", 3) == 0, "which are read back");
	errno = 0;
	ok(util_write_all(fds[1], "abc", 3, 1) < 0 && errno == EINVAL,
	   "util_write_all passes fsync's error on (a pipe: EINVAL)");
	close(fds[0]);
	close(fds[1]);
}

/* Remove dir and what the tests left in it. */
static void clean(void)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
			unlink(at(de->d_name));
	closedir(d);
	rmdir(dir);
}

int main(void)
{
	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp: %s", strerror(errno));
		return tap_done();
	}
	test_replace();
	test_links();
	test_failed_write();
	test_write_all();
	clean();
	return tap_done();
}
