/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lang.c - the language of a mail's recipient (see lang.h).
 */
#include "services/lang.h"
#include "spool/users.h"

#include <stdlib.h>
#include <string.h>

/* The languages' names, marked: each said in the reader's language.
 * A language added to po/LINGUAS gets its line here. */
static const struct {
	const char *code, *name;
} lang_names[] = {
	{ "en", N_("English") },
	{ "de", N_("German") },
};

const char *lang_name(const char *lang)
{
	size_t i;

	for (i = 0; i < sizeof lang_names / sizeof lang_names[0]; i++)
		if (strcmp(lang, lang_names[i].code) == 0)
			return _(lang_names[i].name);
	return lang;
}

void lang_list(const char *dir, struct buf *out)
{
	const char *langs[32];
	int i, n = i18n_languages(dir, langs, 32);

	for (i = 0; i < n; i++) {
		if (i)
			buf_puts(out, ", ");
		/* TRANSLATORS: a language's name ("German"), then its code
		 * ("de"), what a player types to choose it; in a list. */
		buf_printf(out, _("%1$s (%2$s)"), lang_name(langs[i]), langs[i]);
	}
}

const char *lang_use_user(const struct config *cfg, const char *userid)
{
	struct user u;
	char *err = NULL;
	const char *was;

	if (!userid || !*userid ||
	    user_load(cfg->spool, userid, &u, &err) != 0) {
		free(err);
		return i18n_use(cfg->default_language);
	}
	was = i18n_use(u.language);
	user_free(&u);
	return was;
}
