/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * out.c - the site's files: atomic page writes and the manifest.
 *
 * A page is written to a temporary file beside it (".NAME.tmp") and
 * renamed over the old one, so a web server serving the directory
 * never sends half a page.  The manifest DIR/.epamserv-web lists the
 * pages the last run made, one "STAMP PATH" a line after the header
 * "epamserv-web 1", sorted by path; a page whose stamp is unchanged
 * and whose file is there is not written again.
 */
#include "web/web.h"

#include "spool/formats.h"
#include "util/atomic.h"
#include "util/i18n.h"
#include "util/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MANIFEST ".epamserv-web"
#define MANIFEST_MAGIC FORMAT_LINE("epamserv-web", FORMAT_WEB)

static int entry_cmp(const void *a, const void *b)
{
	return strcmp(((const struct web_entry *)a)->path,
	              ((const struct web_entry *)b)->path);
}

static void manifest_add(struct web_manifest *m, const char *path,
                         const char *stamp)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 256;
		m->e = xrealloc(m->e, m->cap * sizeof *m->e);
	}
	m->e[m->n].path = xstrdup(path);
	snprintf(m->e[m->n].stamp, sizeof m->e[m->n].stamp, "%s", stamp);
	m->n++;
}

/* The old manifest's entry for path (m sorted), or NULL. */
static struct web_entry *manifest_find(const struct web_manifest *m,
                                       const char *path)
{
	struct web_entry key;

	if (!m->n)
		return NULL;
	key.path = (char *)path;
	return bsearch(&key, m->e, m->n, sizeof *m->e, entry_cmp);
}

void web_manifest_load(const char *dir, struct web_manifest *m)
{
	char *path, *text, *line, *next;

	memset(m, 0, sizeof *m);
	path = xmalloc(strlen(dir) + sizeof MANIFEST + 1);
	sprintf(path, "%s/%s", dir, MANIFEST);
	text = util_read_file(path, 64 << 20, NULL);
	free(path);
	if (!text)
		return;
	if (strncmp(text, MANIFEST_MAGIC "\n", sizeof MANIFEST_MAGIC) != 0) {
		free(text);
		return;
	}
	for (line = text + sizeof MANIFEST_MAGIC; *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (strlen(line) <= 33 || line[32] != ' ' || strstr(line, ".."))
			continue;  /* not ours: that page is written again */
		line[32] = '\0';
		manifest_add(m, line + 33, line);
	}
	free(text);
	qsort(m->e, m->n, sizeof *m->e, entry_cmp);
}

void web_manifest_free(struct web_manifest *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		free(m->e[i].path);
	free(m->e);
	memset(m, 0, sizeof *m);
}

/* Whether every directory on the way to dir/rel (rel's components but
 * the last) is a directory of its own, not a symlink: pages are never
 * written or removed through a link planted in the site (it could point
 * anywhere the operator may write).  1, or 0 with errno ELOOP (a link or
 * not a directory) or lstat's. */
static int real_dirs(const char *dir, const char *rel)
{
	struct buf d = BUF_INIT;
	const char *q;
	struct stat st;
	int ok = 1;

	for (q = strchr(rel, '/'); q && ok; q = strchr(q + 1, '/')) {
		buf_reset(&d);
		buf_printf(&d, "%s/%.*s", dir, (int)(q - rel), rel);
		if (lstat(buf_str(&d), &st) < 0)
			ok = 0;
		else if (!S_ISDIR(st.st_mode)) {
			errno = ELOOP;
			ok = 0;
		}
	}
	buf_free(&d);
	return ok;
}

/* Whether rel names a file of the site's own layout (what web_put
 * writes): index.html, standings.html, style.css, or an .html or .atom
 * file under boards/, players/, tournaments/ or feeds/.  A manifest line
 * naming anything else is not ours to remove. */
static int site_file(const char *rel)
{
	static const char *const top[] = { "index.html", "standings.html",
	                                   "style.css", "board.js", NULL };
	static const char *const dirs[] = { "boards/", "players/",
	                                    "tournaments/", "feeds/", NULL };
	size_t i, n = strlen(rel);

	for (i = 0; top[i]; i++)
		if (strcmp(rel, top[i]) == 0)
			return 1;
	if (strstr(rel, "..") || strstr(rel, "//") ||
	    !((n > 5 && strcmp(rel + n - 5, ".html") == 0) ||
	      (n > 5 && strcmp(rel + n - 5, ".atom") == 0)))
		return 0;
	for (i = 0; dirs[i]; i++)
		if (strncmp(rel, dirs[i], strlen(dirs[i])) == 0)
			return 1;
	return 0;
}

/* Write text (len bytes) to dir/rel atomically (util_write_atomic: a
 * temporary file ".NAME.tmp" in the same directory, mode 0644, renamed
 * over; not fsync'ed: the site is rebuilt by the next run).  Missing
 * directories on the way are made (0755), and none on the way may be a
 * link (real_dirs).  0, or -1 with errno. */
static int write_atomic(const char *dir, const char *rel, const char *text,
                        size_t len)
{
	struct buf p = BUF_INIT;
	int rc = -1, e;

	if (strchr(rel, '/')) {
		/* dir/a/b/c.html: make dir/a and dir/a/b. */
		const char *q;
		for (q = strchr(rel, '/'); q; q = strchr(q + 1, '/')) {
			buf_reset(&p);
			buf_printf(&p, "%s/%.*s", dir, (int)(q - rel), rel);
			if (mkdir(buf_str(&p), 0755) < 0 && errno != EEXIST)
				goto out;
		}
		if (!real_dirs(dir, rel))
			goto out;
	}
	buf_reset(&p);
	buf_printf(&p, "%s/%s", dir, rel);
	rc = util_write_atomic(buf_str(&p), text, len, 0644, 0);
out:
	e = errno;
	buf_free(&p);
	errno = e;
	return rc;
}

int web_manifest_save(const char *dir, const struct web_manifest *m)
{
	struct buf b = BUF_INIT;
	struct web_entry *sorted;
	size_t i;
	int rc;

	sorted = xmalloc((m->n ? m->n : 1) * sizeof *sorted);
	memcpy(sorted, m->e, m->n * sizeof *sorted);
	qsort(sorted, m->n, sizeof *sorted, entry_cmp);
	buf_puts(&b, MANIFEST_MAGIC "\n");
	for (i = 0; i < m->n; i++)
		buf_printf(&b, "%s %s\n", sorted[i].stamp, sorted[i].path);
	free(sorted);
	rc = write_atomic(dir, MANIFEST, buf_str(&b), b.len);
	buf_free(&b);
	return rc;
}

/* Whether dir/rel is a regular file. */
static int page_exists(const char *dir, const char *rel)
{
	struct buf p = BUF_INIT;
	struct stat st;
	int ok;

	buf_printf(&p, "%s/%s", dir, rel);
	ok = lstat(buf_str(&p), &st) == 0 && S_ISREG(st.st_mode);
	buf_free(&p);
	return ok;
}

int web_write_file(const char *dir, const char *rel, const char *text,
                   size_t len)
{
	return write_atomic(dir, rel, text, len);
}

int web_can_keep(const struct web_site *s, const char *path,
                 const char *stamp)
{
	struct web_entry *e = manifest_find(&s->old, path);

	return !s->full && e && strcmp(e->stamp, stamp) == 0 &&
	       page_exists(s->dir, path);
}

int web_keep(struct web_site *s, const char *path, const char *stamp)
{
	if (!web_can_keep(s, path, stamp))
		return 0;
	manifest_add(&s->made, path, stamp);
	s->kept++;
	return 1;
}

int web_put(struct web_site *s, const char *path, const char *text,
            size_t len, const char *stamp)
{
	char digest[33];

	if (!stamp) {
		util_digest_hex(text, len, digest);
		stamp = digest;
	}
	if (web_keep(s, path, stamp))
		return 0;
	if (write_atomic(s->dir, path, text, len) < 0) {
		/* TRANSLATORS: a directory, a page's path in it, the
		 * system's error. */
		web_tell(stderr, N_("epamserv: web: cannot write %s/%s: %s\n"),
		         s->dir, path, strerror(errno));
		s->failed = 1;
		return -1;
	}
	manifest_add(&s->made, path, stamp);
	s->written++;
	if (s->verbose)
		/* TRANSLATORS: %s is a page's path. */
		web_tell(stdout, N_("wrote %s\n"), path);
	return 0;
}

void web_tell(FILE *f, const char *msgid, ...)
{
	const char *site = i18n_use(NULL);
	va_list ap;

	va_start(ap, msgid);
	vfprintf(f, _(msgid), ap);
	va_end(ap);
	i18n_use(site);
}

void web_remove_stale(struct web_site *s)
{
	struct buf p = BUF_INIT;
	size_t i;

	qsort(s->made.e, s->made.n, sizeof *s->made.e, entry_cmp);
	for (i = 0; i < s->old.n; i++) {
		const char *rel = s->old.e[i].path;
		if (manifest_find(&s->made, rel) || !site_file(rel) ||
		    !real_dirs(s->dir, rel))
			continue;
		buf_reset(&p);
		buf_printf(&p, "%s/%s", s->dir, rel);
		if (unlink(buf_str(&p)) == 0 || errno == ENOENT) {
			s->removed++;
			if (s->verbose)
				printf("removed %s\n", rel);
		}
	}
	buf_free(&p);
}
