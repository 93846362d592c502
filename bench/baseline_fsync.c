/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * baseline_fsync.c - the baseline of the batch throughput benchmark
 * (bench/spool_bench.py, BENCHMARKS.md): for every file in MAILDIR/new,
 * read it whole, then write one small file OUT/NAME (its size and first
 * bytes) and fsync it.  The least any durable mail processor must do.
 *
 *   baseline_fsync MAILDIR OUTDIR      prints "N mails in S s"
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char path[8192], buf[65536], line[128];
	struct timespec t0, t1;
	struct dirent *de;
	long n = 0;
	DIR *d;

	if (argc != 3) {
		fprintf(stderr, "usage: baseline_fsync MAILDIR OUTDIR\n");
		return 64;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	snprintf(path, sizeof path, "%s/new", argv[1]);
	d = opendir(path);
	if (!d) {
		perror(path);
		return 1;
	}
	while ((de = readdir(d)) != NULL) {
		size_t total = 0;
		ssize_t r;
		int fd, len;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/new/%s", argv[1], de->d_name);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		while ((r = read(fd, buf, sizeof buf)) > 0)
			total += (size_t)r;
		close(fd);
		snprintf(path, sizeof path, "%s/%s", argv[2], de->d_name);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0640);
		if (fd < 0) {
			perror(path);
			return 1;
		}
		len = snprintf(line, sizeof line, "%zu %.32s\n", total, buf);
		if (write(fd, line, (size_t)len) != len || fsync(fd) < 0) {
			perror(path);
			return 1;
		}
		close(fd);
		n++;
	}
	closedir(d);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%ld mails in %.3f s\n", n, (double)(t1.tv_sec - t0.tv_sec) +
	       (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	return 0;
}
