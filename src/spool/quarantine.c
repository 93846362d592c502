/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * quarantine.c - boards and accounts set aside by the administrator (see
 * quarantine.h).
 */
#include "spool/quarantine.h"
#include "spool/formats.h"
#include "util/buf.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define QUARANTINE_MAGIC \
	FORMAT_LINE("epamserv-quarantine", FORMAT_QUARANTINE)

void quarantine_board_name(const char *game, long board, char *buf,
                           size_t len)
{
	snprintf(buf, len, "board-%s-%ld", game, board);
}

void quarantine_user_name(const char *userid, char *buf, size_t len)
{
	snprintf(buf, len, "user-%s", userid);
}

void quarantine_path(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "quarantine/%s", name);
}

/* A marker's file name: what quarantine_*_name make, nothing else. */
static int name_ok(const char *name)
{
	size_t i, n = strlen(name);

	if (n == 0 || n >= QUARANTINE_NAME_MAX ||
	    (strncmp(name, "board-", 6) != 0 && strncmp(name, "user-", 5) != 0))
		return 0;
	for (i = 0; i < n; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') ||
		      (name[i] >= '0' && name[i] <= '9') || name[i] == '-' ||
		      name[i] == '_'))
			return 0;
	return 1;
}

/* The names in SPOOL/quarantine as last listed. */
static struct {
	char *spool;
	char **names;
	size_t n;
	dev_t dev;
	ino_t ino;
	struct timespec mtim;
	time_t listed;       /* when */
} cache;

static void cache_clear(void)
{
	size_t i;

	for (i = 0; i < cache.n; i++)
		free(cache.names[i]);
	free(cache.names);
	free(cache.spool);
	memset(&cache, 0, sizeof cache);
}

static int cache_fresh(const char *spool, const struct stat *st)
{
	return cache.spool && strcmp(cache.spool, spool) == 0 &&
	       cache.dev == st->st_dev && cache.ino == st->st_ino &&
	       cache.mtim.tv_sec == st->st_mtim.tv_sec &&
	       cache.mtim.tv_nsec == st->st_mtim.tv_nsec &&
	       cache.listed >= st->st_mtim.tv_sec + 2;
}

/* List SPOOL/quarantine into the cache (st: its stat). */
static void cache_fill(const char *spool, const char *dir,
                       const struct stat *st)
{
	struct dirent *de;
	DIR *d = util_opendir(dir);

	cache_clear();
	if (!d)
		return;
	cache.spool = xstrdup(spool);
	while ((de = readdir(d)) != NULL) {
		if (!name_ok(de->d_name))
			continue;
		cache.names = xrealloc(cache.names,
		                       (cache.n + 1) * sizeof *cache.names);
		cache.names[cache.n++] = xstrdup(de->d_name);
	}
	closedir(d);
	cache.dev = st->st_dev;
	cache.ino = st->st_ino;
	cache.mtim = st->st_mtim;
	cache.listed = time(NULL);
}

int quarantine_has(const char *spool, const char *name)
{
	char dir[4200];
	struct stat st;
	size_t i;

	snprintf(dir, sizeof dir, "%s/quarantine", spool);
	if (stat(dir, &st) < 0) {
		cache_clear();
		return 0;
	}
	if (!cache_fresh(spool, &st))
		cache_fill(spool, dir, &st);
	for (i = 0; i < cache.n; i++)
		if (strcmp(cache.names[i], name) == 0)
			return 1;
	return 0;
}

/* Parse a marker's text into e (name already set). */
static void parse_marker(char *text, struct quarantine_entry *e)
{
	char *line, *save = NULL;

	e->since = 0;
	snprintf(e->by, sizeof e->by, "?");
	snprintf(e->reason, sizeof e->reason, "?");
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "since: ", 7) == 0)
			util_parse_iso_time(line + 7, &e->since);
		else if (strncmp(line, "by: ", 4) == 0)
			snprintf(e->by, sizeof e->by, "%s", line + 4);
		else if (strncmp(line, "reason: ", 8) == 0)
			snprintf(e->reason, sizeof e->reason, "%s", line + 8);
	}
	util_clean_line(e->by);
	util_clean_line(e->reason);
}

int quarantine_get(const char *spool, const char *name,
                   struct quarantine_entry *e)
{
	char path[4200], *text;

	memset(e, 0, sizeof *e);
	if (!name_ok(name))
		return 1;
	snprintf(e->name, sizeof e->name, "%s", name);
	snprintf(path, sizeof path, "%s/quarantine/%s", spool, name);
	text = util_read_file(path, 4096, NULL);
	if (!text)
		return errno == ENOENT ? 1 : -1;
	parse_marker(text, e);
	free(text);
	return 0;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct quarantine_entry *x = a, *y = b;

	return strcmp(x->name, y->name);
}

int quarantine_list(const char *spool, struct quarantine_entry **v,
                    size_t *n)
{
	char dir[4200];
	struct dirent *de;
	DIR *d;

	*v = NULL;
	*n = 0;
	snprintf(dir, sizeof dir, "%s/quarantine", spool);
	d = util_opendir(dir);
	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		struct quarantine_entry e;
		if (!name_ok(de->d_name) || quarantine_get(spool, de->d_name, &e) != 0)
			continue;
		*v = xrealloc(*v, (*n + 1) * sizeof **v);
		(*v)[(*n)++] = e;
	}
	closedir(d);
	if (*n)
		qsort(*v, *n, sizeof **v, entry_cmp);
	return 0;
}

char *quarantine_format(const struct quarantine_entry *e)
{
	struct buf b = BUF_INIT;
	char when[32], by[64], reason[256];

	util_iso_time(e->since, when, sizeof when);
	snprintf(by, sizeof by, "%s", e->by);
	snprintf(reason, sizeof reason, "%s", e->reason);
	buf_printf(&b, "%s\nsince: %s\nby: %s\nreason: %s\n", QUARANTINE_MAGIC,
	           when, util_clean_line(by), util_clean_line(reason));
	return buf_take(&b);
}

int quarantine_remove(const char *spool, const char *name)
{
	char path[4200];

	if (!name_ok(name)) {
		errno = EINVAL;
		return -1;
	}
	snprintf(path, sizeof path, "%s/quarantine/%s", spool, name);
	if (unlink(path) < 0)
		return errno == ENOENT ? 0 : -1;
	snprintf(path, sizeof path, "%s/quarantine", spool);
	return util_fsync_dir(path);
}
