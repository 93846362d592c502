/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * held.c - the records of mails set aside on a damaged file (see
 * held.h): their one format, read and written here (moved from the mail
 * layer's held.c in issue 31; setting a mail aside is pipeline/held.c).
 */
#include "spool/held.h"
#include "spool/formats.h"
#include "util/log.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HELD_MAGIC FORMAT_LINE("epamserv-held", FORMAT_HELD)

/* A record's name: 32 lower-case hex digits. */
static int digest_ok(const char *s)
{
	size_t i;

	for (i = 0; i < 32; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return s[32] == '\0';
}

static void parse_record(char *text, struct held_entry *e)
{
	char *line, *save = NULL;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "since: ", 7) == 0)
			util_parse_iso_time(line + 7, &e->since);
		else if (strncmp(line, "notified: ", 10) == 0)
			util_parse_iso_time(line + 10, &e->notified);
		else if (strncmp(line, "file: ", 6) == 0)
			snprintf(e->file, sizeof e->file, "%s", line + 6);
		else if (strncmp(line, "error: ", 7) == 0)
			snprintf(e->error, sizeof e->error, "%s", line + 7);
	}
}

int held_get(const char *spool, const char *digest, struct held_entry *e)
{
	char path[4200], *text;

	memset(e, 0, sizeof *e);
	if (!digest_ok(digest))
		return 1;
	snprintf(e->digest, sizeof e->digest, "%s", digest);
	snprintf(path, sizeof path, "%s/held/%s", spool, digest);
	text = util_read_file(path, 4096, NULL);
	if (!text)
		return errno == ENOENT ? 1 : -1;
	parse_record(text, e);
	free(text);
	return 0;
}

void held_record(const struct held_entry *e, struct buf *out)
{
	char since[32], notified[32];

	util_iso_time(e->since, since, sizeof since);
	buf_printf(out, "%s\nsince: %s\nfile: %s\nerror: %s\n", HELD_MAGIC,
	           since, e->file, e->error);
	if (e->notified) {
		util_iso_time(e->notified, notified, sizeof notified);
		buf_printf(out, "notified: %s\n", notified);
	}
}

void held_done(const char *spool, const char *digest)
{
	char path[4200];

	snprintf(path, sizeof path, "%s/held/%s", spool, digest);
	if (unlink(path) < 0 && errno != ENOENT)
		log_msg(LOG_WARNING, "cannot remove %s: %s\n", path,
		        strerror(errno));
}

static int since_cmp(const void *a, const void *b)
{
	const struct held_entry *x = a, *y = b;

	if (x->since != y->since)
		return x->since < y->since ? -1 : 1;
	return strcmp(x->digest, y->digest);
}

int held_list(const char *spool, struct held_entry **v, size_t *n)
{
	char dir[4200];
	struct dirent *de;
	DIR *d;

	*v = NULL;
	*n = 0;
	snprintf(dir, sizeof dir, "%s/held", spool);
	d = util_opendir(dir);
	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		struct held_entry e;
		if (!digest_ok(de->d_name) || held_get(spool, de->d_name, &e) != 0)
			continue;
		*v = xrealloc(*v, (*n + 1) * sizeof **v);
		(*v)[(*n)++] = e;
	}
	closedir(d);
	if (*n)
		qsort(*v, *n, sizeof **v, since_cmp);
	return 0;
}
