/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * checked.c - the records of what the last admin check and the last
 * sweep found damaged (see checked.h).
 */
#include "spool/checked.h"
#include "spool/damage.h"
#include "util/buf.h"
#include "util/util.h"

#include <fcntl.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHECKED_MAGIC "epamserv-check 1"

const struct checked_file *checked_find(const struct checked *c,
                                        const char *file)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i].file, file) == 0)
			return &c->v[i];
	return NULL;
}

void checked_add(struct checked *c, const char *file, const char *error)
{
	struct checked_file *f;
	char name[256];

	damage_copy_line(name, sizeof name, file);
	if (!*name || checked_find(c, name))
		return;
	c->v = xrealloc(c->v, (c->n + 1) * sizeof *c->v);
	f = &c->v[c->n++];
	memset(f, 0, sizeof *f);
	snprintf(f->file, sizeof f->file, "%s", name);
	damage_copy_line(f->error, sizeof f->error, error);
}

int checked_write(const char *spool, const char *name,
                  const struct checked *c)
{
	char dir[4200], path[4300], tmp[4400], when[32];
	size_t i;
	FILE *f;
	int fd, saved;

	snprintf(dir, sizeof dir, "%s/runs", spool);
	if (mkdir(dir, 0750) < 0 && errno != EEXIST)
		return -1;
	snprintf(path, sizeof path, "%s/check-%s", dir, name);
	snprintf(tmp, sizeof tmp, "%s/.check-%s.%ld", dir, name, (long)getpid());
	if ((f = util_fopen_spool(tmp, 0)) == NULL)
		return -1;
	util_iso_time(c->when, when, sizeof when);
	fprintf(f, "%s\ncheck: %s\nchecked: %s\n", CHECKED_MAGIC, name, when);
	for (i = 0; i < c->n; i++)
		fprintf(f, "damaged: %s\nerror: %s\n", c->v[i].file,
		        c->v[i].error);
	/* Synced: a crash must not bring back an older "nothing damaged". */
	fd = fileno(f);
	if (fflush(f) != 0 || fsync(fd) != 0) {
		saved = errno;
		fclose(f);
		goto fail;
	}
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		saved = errno;
		goto fail;
	}
	util_fsync_dir(dir);
	return 0;
fail:
	unlink(tmp);
	errno = saved;
	return -1;
}

int checked_read(const char *spool, const char *name, struct checked *c)
{
	char path[4300], *text, *line, *save = NULL;
	struct checked_file *last = NULL;
	struct stat st;

	memset(c, 0, sizeof *c);
	snprintf(path, sizeof path, "%s/runs/check-%s", spool, name);
	text = util_read_file_stat(path, 16 << 20, NULL, &st);
	if (!text)
		return errno == ENOENT ? 0 : -1;
	line = strtok_r(text, "\n", &save);
	if (!line || strcmp(line, CHECKED_MAGIC) != 0) {
		free(text);
		return 0;
	}
	while ((line = strtok_r(NULL, "\n", &save)) != NULL) {
		if (strncmp(line, "checked: ", 9) == 0) {
			if (util_parse_iso_time(line + 9, &c->when) == 0)
				c->ran = 1;
		} else if (strncmp(line, "damaged: ", 9) == 0) {
			size_t n = c->n;
			checked_add(c, line + 9, "");
			last = c->n > n ? &c->v[c->n - 1] : NULL;
		} else if (strncmp(line, "error: ", 7) == 0 && last) {
			damage_copy_line(last->error, sizeof last->error, line + 7);
			last = NULL;
		}
	}
	c->written = st.st_mtim;
	free(text);
	return 0;
}

int checked_sweep_scope(const char *file)
{
	const char *p;
	size_t digits;

	if (strncmp(file, "games/", 6) != 0)
		return 0;
	p = strchr(file + 6, '/');
	if (!p || p == file + 6)
		return 0;
	p++;
	digits = strspn(p, "0123456789");
	return digits > 0 && strcmp(p + digits, ".game") == 0;
}

/* Whether record a was written after record b. */
static int newer(const struct checked *a, const struct checked *b)
{
	if (a->written.tv_sec != b->written.tv_sec)
		return a->written.tv_sec > b->written.tv_sec;
	return a->written.tv_nsec > b->written.tv_nsec;
}

/* Add c's files still there to out, those of the sweep's scope only
 * when scope is set; by_sweep marks them. */
static void add_known(const char *spool, const struct checked *c,
                      int all, int by_sweep, struct checked *out)
{
	char path[4400];
	struct stat st;
	size_t i, n;

	for (i = 0; i < c->n; i++) {
		if (!all && checked_sweep_scope(c->v[i].file))
			continue;
		snprintf(path, sizeof path, "%s/%s", spool, c->v[i].file);
		if (lstat(path, &st) < 0 && errno == ENOENT)
			continue;  /* removed since: nothing left to repair */
		n = out->n;
		checked_add(out, c->v[i].file, c->v[i].error);
		if (out->n > n)
			out->v[out->n - 1].by_sweep = by_sweep;
	}
}

void checked_known(const char *spool, const struct checked *admin,
                   const struct checked *sweep, struct checked *out)
{
	memset(out, 0, sizeof *out);
	if (sweep->ran && (!admin->ran || newer(sweep, admin))) {
		add_known(spool, sweep, 1, 1, out);
		if (admin->ran)
			add_known(spool, admin, 0, 0, out);
	} else if (admin->ran) {
		add_known(spool, admin, 1, 0, out);
	}
}

int checked_forget(const char *spool, const char *name, const char *file)
{
	struct checked c;
	struct timespec times[2];
	char path[4300];
	size_t i, k = 0;
	int rc;

	if (checked_read(spool, name, &c) < 0)
		return -1;
	if (!c.ran || !checked_find(&c, file)) {
		checked_free(&c);
		return 0;
	}
	for (i = 0; i < c.n; i++)
		if (strcmp(c.v[i].file, file) != 0)
			c.v[k++] = c.v[i];
	c.n = k;
	rc = checked_write(spool, name, &c);
	if (rc == 0) {
		snprintf(path, sizeof path, "%s/runs/check-%s", spool, name);
		times[0].tv_sec = 0;
		times[0].tv_nsec = UTIME_OMIT;
		times[1] = c.written;
		if (utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW) < 0)
			rc = -1;
	}
	checked_free(&c);
	return rc;
}

void checked_free(struct checked *c)
{
	free(c->v);
	c->v = NULL;
	c->n = 0;
}
