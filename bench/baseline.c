/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * baseline.c - the loop and the durable write of the batch throughput
 * benchmark's baselines (baseline.h).
 */
#include "baseline.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int baseline_each_mail(const char *maildir, baseline_mail_fn *fn, void *arg)
{
	static char head[65536], rest[65536];
	char path[8192];
	struct timespec t0, t1;
	struct dirent *de;
	long n = 0;
	DIR *d;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	snprintf(path, sizeof path, "%s/new", maildir);
	d = opendir(path);
	if (!d) {
		perror(path);
		return 1;
	}
	while ((de = readdir(d)) != NULL) {
		size_t total = 0, headlen = 0;
		ssize_t r;
		int fd;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/new/%s", maildir, de->d_name);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		if ((r = read(fd, head, sizeof head)) > 0) {
			headlen = (size_t)r;
			total = headlen;
			while ((r = read(fd, rest, sizeof rest)) > 0)
				total += (size_t)r;
		}
		close(fd);
		if (fn(arg, de->d_name, head, headlen, total) < 0) {
			closedir(d);
			return 1;
		}
		n++;
	}
	closedir(d);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%ld mails in %.3f s\n", n, (double)(t1.tv_sec - t0.tv_sec) +
	       (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	return 0;
}

int baseline_write_synced(const char *path, const char *data, size_t size)
{
	size_t off = 0;
	ssize_t w;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0640);

	if (fd < 0) {
		perror(path);
		return -1;
	}
	while (off < size) {
		w = write(fd, data + off, size - off);
		if (w <= 0) {
			perror(path);
			close(fd);
			return -1;
		}
		off += (size_t)w;
	}
	if (fsync(fd) < 0) {
		perror(path);
		close(fd);
		return -1;
	}
	return close(fd);
}
