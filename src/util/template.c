/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * template.c - {{name}} substitution for mail templates (see template.h).
 */
#include "util/template.h"
#include "util/buf.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void tvars_set(struct tvars *t, const char *name, const char *value)
{
	int i;

	for (i = 0; i < t->n; i++)
		if (strcmp(t->v[i].name, name) == 0) {
			t->v[i].value = value;
			return;
		}
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 32;
		t->v = xrealloc(t->v, (size_t)t->cap * sizeof *t->v);
	}
	t->v[t->n].name = name;
	t->v[t->n].value = value;
	t->n++;
}

void tvars_setf(struct tvars *t, const char *name, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	b.data = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(b.data, (size_t)n + 1, fmt, ap);
	va_end(ap);
	tvars_take(t, name, b.data);
}

void tvars_take(struct tvars *t, const char *name, char *value)
{
	if (t->nowned == t->capowned) {
		t->capowned = t->capowned ? t->capowned * 2 : 16;
		t->owned = xrealloc(t->owned,
		                    (size_t)t->capowned * sizeof *t->owned);
	}
	t->owned[t->nowned++] = value;
	tvars_set(t, name, value);
}

void tvars_free(struct tvars *t)
{
	int i;

	for (i = 0; i < t->nowned; i++)
		free(t->owned[i]);
	free(t->owned);
	free(t->v);
	memset(t, 0, sizeof *t);
}

static const char *lookup(const struct tvars *vars, const char *name,
                          size_t len)
{
	int i;

	for (i = 0; vars && i < vars->n; i++)
		if ((len == 0 || vars->v[i].name[0] == name[0]) &&
		    strncmp(vars->v[i].name, name, len) == 0 &&
		    vars->v[i].name[len] == '\0')
			return vars->v[i].value ? vars->v[i].value : "";
	return "";
}

const char *tvars_get(const struct tvars *t, const char *name)
{
	return lookup(t, name, strlen(name));
}

char *template_expand(const char *text, const struct tvars *vars)
{
	struct buf b = BUF_INIT;
	const char *p = text;
	size_t room = strlen(text);
	int i;

	/* Room for the text and each value once: a board's picture is
	 * tens of kilobytes, copied once rather than again at each
	 * doubling. */
	for (i = 0; vars && i < vars->n; i++)
		room += vars->v[i].value ? strlen(vars->v[i].value) : 0;
	buf_reserve(&b, room);

	while (*p) {
		const char *eol = strchr(p, '\n');
		const char *end = eol ? eol : p + strlen(p);
		const char *open, *close;
		size_t start = b.len;

		/* A line that is only {{name}} with an empty value vanishes. */
		if (end - p > 4 && p[0] == '{' && p[1] == '{' &&
		    end[-1] == '}' && end[-2] == '}' &&
		    memchr(p + 2, '}', (size_t)(end - p - 4)) == NULL &&
		    *lookup(vars, p + 2, (size_t)(end - p - 4)) == '\0') {
			p = eol ? eol + 1 : end;
			continue;
		}
		while (p < end) {
			open = strstr(p, "{{");
			if (!open || open >= end) {
				buf_append(&b, p, (size_t)(end - p));
				p = end;
				break;
			}
			close = strstr(open + 2, "}}");
			if (!close || close >= end) {
				buf_append(&b, p, (size_t)(end - p));
				p = end;
				break;
			}
			buf_append(&b, p, (size_t)(open - p));
			buf_puts(&b, lookup(vars, open + 2, (size_t)(close - open - 2)));
			p = close + 2;
		}
		(void)start;
		if (eol) {
			buf_puts(&b, "\n");
			p = eol + 1;
		}
	}
	return buf_take(&b);
}

/* Templates read by this process, by path: a batch renders the same few
 * thousands of times.  A run sees the files as they were when it first
 * needed them. */
#define TEMPLATE_CACHE 64
static struct {
	char *path, *text;
} cache[TEMPLATE_CACHE];
static int ncached;

/* The text of the template at path, or NULL (errno); *owned is set when
 * the caller must free it (the cache is full). */
static const char *template_text(const char *path, int *owned)
{
	char *text;
	int i;

	*owned = 0;
	for (i = 0; i < ncached; i++)
		if (strcmp(cache[i].path, path) == 0)
			return cache[i].text;
	text = util_read_file_follow(path, 1 << 20, NULL);
	if (!text || ncached == TEMPLATE_CACHE) {
		*owned = text != NULL;
		return text;
	}
	cache[ncached].path = xstrdup(path);
	cache[ncached].text = text;
	return cache[ncached++].text;
}

const char *template_builtin(const char *name)
{
	const struct builtin_template *t;

	for (t = builtin_templates; t->name; t++)
		if (strcmp(t->name, name) == 0)
			return t->text;
	return NULL;
}

/* The built-in copy of a template missing at path, warned of once per
 * process and name; NULL when there is none. */
static const char *template_fallback(const char *path, const char *name)
{
	static char warned[TEMPLATE_CACHE][64];
	static int nwarned;
	const char *text = template_builtin(name);
	int i;

	if (!text)
		return NULL;
	for (i = 0; i < nwarned; i++)
		if (strcmp(warned[i], name) == 0)
			return text;
	if (nwarned < TEMPLATE_CACHE)
		snprintf(warned[nwarned++], sizeof warned[0], "%s", name);
	log_msg(LOG_WARNING, "template %s is missing: using the built-in "
	        "one (see epamserv config --check)", path);
	return text;
}

/* Whether the templates directory dir is there: a directory that is
 * missing altogether is a mistake in the setting (a typo, a share not
 * mounted), not an older directory lacking a newer mail, so no
 * template of it falls back.  1, or 0 with errno set. */
static int dir_there(const char *dir)
{
	struct stat st;

	if (stat(dir, &st) < 0)
		return 0;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return 0;
	}
	return 1;
}

int template_check_dir(const char *dir, FILE *out)
{
	const struct builtin_template *t;
	char path[4096];
	int bad = 0;

	if (!dir_there(dir) || access(dir, R_OK | X_OK) < 0) {
		/* TRANSLATORS: the directory, then the system's reason. */
		fprintf(out, _("epamserv: templates: cannot read the directory "
		        "%s: %s (the setting templates)\n"), dir, strerror(errno));
		return -1;
	}
	for (t = builtin_templates; t->name; t++) {
		int n = snprintf(path, sizeof path, "%s/%s", dir, t->name);
		char *text;
		if (n < 0 || n >= (int)sizeof path)
			continue;
		if ((text = util_read_file(path, 1 << 20, NULL)) != NULL) {
			free(text);
			continue;
		}
		if (errno == ENOENT) {
			fprintf(out, _("epamserv: warning: template %s is missing: "
			        "the built-in one is used\n"), path);
		} else {
			fprintf(out, _("epamserv: template %s cannot be read: %s\n"),
			        path, strerror(errno));
			bad++;
		}
	}
	return bad;
}

char *template_render(const char *dir, const char *name,
                      const struct tvars *vars, char **err)
{
	char path[4096], *out;
	const char *text, *lang;
	struct buf e = BUF_INIT;
	int owned, n;

	*err = NULL;
	/* Issue 32: the template of the language in use, dir/LANG/NAME,
	 * where the operator or a translator put one; else dir/NAME. */
	lang = i18n_current();
	if (lang && strcmp(lang, I18N_ENGLISH) != 0 &&
	    (n = snprintf(path, sizeof path, "%s/%s/%s", dir, lang, name)) > 0 &&
	    n < (int)sizeof path) {
		text = template_text(path, &owned);
		if (text)
			goto expand;
		if (errno != ENOENT && errno != ENOTDIR)
			goto unreadable;
	}
	n = snprintf(path, sizeof path, "%s/%s", dir, name);
	if (n < 0 || n >= (int)sizeof path) {
		buf_printf(&e, _("template directory name too long: %s"), dir);
		*err = buf_take(&e);
		return NULL;
	}
	text = template_text(path, &owned);
	if (!text && errno == ENOENT && !dir_there(dir)) {
		/* TRANSLATORS: the template's file, its directory, the system's
		 * reason. */
		buf_printf(&e, _("cannot read template %s: the directory %s: %s "
		           "(the setting templates)"), path, dir, strerror(errno));
		*err = buf_take(&e);
		return NULL;
	}
	if (!text && errno == ENOENT && (text = template_fallback(path, name)))
		owned = 0;
	if (!text) {
unreadable:
		buf_printf(&e, _("cannot read template %s: %s"), path,
		           strerror(errno));
		*err = buf_take(&e);
		return NULL;
	}
expand:
	out = template_expand(text, vars);
	if (owned)
		free((char *)text);
	return out;
}
