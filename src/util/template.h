/*
 * template.h - the mail templates an operator can replace.
 *
 * A template is a UTF-8 text file in the templates directory with
 * {{name}} placeholders.  A line holding nothing but one placeholder whose
 * value is empty disappears entirely, so optional blocks (a comment, a
 * grace warning) leave no blank line behind.  Unknown names expand to "".
 */
#ifndef EPAM_TEMPLATE_H
#define EPAM_TEMPLATE_H

struct tvar {
	const char *name;
	const char *value;  /* NULL is the same as "" */
};

/* A set of variables, grown with tvars_set. */
struct tvars {
	struct tvar *v;
	int n, cap;
	char **owned;       /* values copied by tvars_setf, freed by tvars_free */
	int nowned;
};

/* Set name to value (borrowed: must outlive the tvars). */
void tvars_set(struct tvars *t, const char *name, const char *value);
/* Set name to a formatted, copied value. */
void tvars_setf(struct tvars *t, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tvars_free(struct tvars *t);

/* Expand dir/name with vars.  Returns a malloc'ed text (caller frees), or
 * NULL with a malloc'ed *err when the template cannot be read.  Each file
 * is read once per process (64 at most are kept). */
char *template_render(const char *dir, const char *name,
                      const struct tvars *vars, char **err);

/* Expand the template text itself (no file). malloc'ed. */
char *template_expand(const char *text, const struct tvars *vars);

#endif
