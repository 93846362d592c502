/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * template.h - the mail templates an operator can replace.
 *
 * A template is a UTF-8 text file in the templates directory with
 * {{name}} placeholders.  A line holding nothing but one placeholder whose
 * value is empty disappears entirely, so optional blocks (a comment, a
 * grace warning) leave no blank line behind.  Unknown names expand to "".
 *
 * Every template of templates/ is also built into the binary
 * (templates/embed.sh writes builtin_templates.c at build time).  An
 * operator's directory (setting "templates") made for an older epamserv
 * lacks the mails added since: a template missing there (ENOENT) is
 * taken from the built-in copy, with a warning in the log once per
 * process and from "epamserv config --check".  A template that is there
 * but cannot be read stays an error: the operator meant to replace it.
 */
#ifndef EPAM_TEMPLATE_H
#define EPAM_TEMPLATE_H

#include <stdio.h>

struct tvar {
	const char *name;
	const char *value;  /* NULL is the same as "" */
};

/* A set of variables, grown with tvars_set. */
struct tvars {
	struct tvar *v;
	int n, cap;
	char **owned;       /* values copied by tvars_setf or taken by
	                     * tvars_take, freed by tvars_free */
	int nowned, capowned;
};

/* Set name to value (borrowed: must outlive the tvars). */
void tvars_set(struct tvars *t, const char *name, const char *value);
/* Set name to value, a malloc'ed string the tvars takes over (freed by
 * tvars_free): a value built in a buffer, not copied again. */
void tvars_take(struct tvars *t, const char *name, char *value);
/* Set name to a formatted, copied value. */
void tvars_setf(struct tvars *t, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tvars_free(struct tvars *t);
/* The value of name in t ("" when unset; borrowed from t). */
const char *tvars_get(const struct tvars *t, const char *name);

/* One built-in template: its file name and text. */
struct builtin_template {
	const char *name;
	const char *text;
};

/* Every built-in template, ended by { NULL, NULL } (generated). */
extern const struct builtin_template builtin_templates[];

/* The built-in text of template name, or NULL when there is none. */
const char *template_builtin(const char *name);

/* For "config --check": say on out, one line each, which built-in
 * templates dir lacks (taken from the built-in copy) and which cannot
 * be read.  Returns the number that cannot be read (0 is fine: missing
 * ones are only warned of), or -1 when dir itself is missing, no
 * directory or cannot be read. */
int template_check_dir(const char *dir, FILE *out);

/* Expand dir/name with vars; in a language other than English
 * (i18n_current, issue 32) dir/LANG/name first, where there is one.  Returns a malloc'ed text (caller frees), or
 * NULL with a malloc'ed *err when the template cannot be read (and, when
 * it does not exist, has no built-in copy, or dir itself is missing: only
 * a template missing from a directory that is there falls back).  Each file is read once per
 * process (64 at most are kept). */
char *template_render(const char *dir, const char *name,
                      const struct tvars *vars, char **err);

/* Expand the template text itself (no file). malloc'ed. */
char *template_expand(const char *text, const struct tvars *vars);

#endif
