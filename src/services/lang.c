/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lang.c - the language of a mail's recipient (see lang.h).
 */
#include "services/lang.h"
#include "spool/users.h"

#include <stdlib.h>

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
