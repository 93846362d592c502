/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * naive_move.c - the second baseline of the batch throughput benchmark
 * (bench/spool_bench.py, issue 35): the durable work a move mail needs,
 * done naively.  For every file in MAILDIR/new: read it whole, then
 * write three new files, OUT/NAME.game (the game file's new version,
 * GAME bytes) and OUT/NAME.1 and OUT/NAME.2 (one mail to each player,
 * MAIL bytes each), each fsync'ed on its own.  Nothing is parsed,
 * checked or journalled: a program that did the move's work this way
 * would lose it or half of it in a crash.
 *
 *   naive_move MAILDIR OUTDIR GAME MAIL     prints "N mails in S s"
 *
 * GAME and MAIL are sizes in bytes (the benchmark passes the mean size
 * of the game files and of the outbox's mails of the batch it compares
 * with).
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Write size bytes of fill to path and fsync it: 0, or -1 (reported). */
static int write_synced(const char *path, const char *fill, size_t size)
{
	size_t off = 0;
	ssize_t w;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0640);

	if (fd < 0) {
		perror(path);
		return -1;
	}
	while (off < size) {
		w = write(fd, fill + off, size - off);
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

int main(int argc, char **argv)
{
	char path[8192], buf[65536], *fill;
	struct timespec t0, t1;
	struct dirent *de;
	size_t game, mail, most;
	long n = 0;
	DIR *d;

	if (argc != 5) {
		fprintf(stderr, "usage: naive_move MAILDIR OUTDIR GAME MAIL\n");
		return 64;
	}
	game = strtoul(argv[3], NULL, 10);
	mail = strtoul(argv[4], NULL, 10);
	most = game > mail ? game : mail;
	fill = malloc(most + 1);
	if (!fill)
		return 1;
	memset(fill, 'x', most);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	snprintf(path, sizeof path, "%s/new", argv[1]);
	d = opendir(path);
	if (!d) {
		perror(path);
		return 1;
	}
	while ((de = readdir(d)) != NULL) {
		ssize_t r;
		int fd;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/new/%s", argv[1], de->d_name);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		while ((r = read(fd, buf, sizeof buf)) > 0)
			;
		close(fd);
		snprintf(path, sizeof path, "%s/%s.game", argv[2], de->d_name);
		if (write_synced(path, fill, game) < 0)
			return 1;
		snprintf(path, sizeof path, "%s/%s.1", argv[2], de->d_name);
		if (write_synced(path, fill, mail) < 0)
			return 1;
		snprintf(path, sizeof path, "%s/%s.2", argv[2], de->d_name);
		if (write_synced(path, fill, mail) < 0)
			return 1;
		n++;
	}
	closedir(d);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	free(fill);
	printf("%ld mails in %.3f s\n", n, (double)(t1.tv_sec - t0.tv_sec) +
	       (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	return 0;
}
