/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lang.h - the language a mail is written in (issue 32): its recipient's.
 *
 * A player's is the "language:" of his user file (English when it has
 * none); anyone else's (a stranger, an address that is no player's) the
 * setting default_language.  The code that composes a mail for one
 * recipient wraps it:
 *
 *     const char *was = lang_use_user(cfg, userid);
 *     ... _() and templates in his language ...
 *     i18n_use(was);
 *
 * The mechanism (LANGUAGE, gettext's cache) is util/i18n.h's.
 */
#ifndef EPAM_SERVICES_LANG_H
#define EPAM_SERVICES_LANG_H

#include "util/buf.h"
#include "util/conf.h"
#include "util/i18n.h"

/* Write what follows in userid's language (userid NULL or "", or no
 * such player: default_language).  Returns the language that was in
 * use, for i18n_use when the composition is done.  Reads the user file
 * (user_load's cache); one that cannot be read gives default_language
 * (whoever loads it for the mail logs it). */
const char *lang_use_user(const struct config *cfg, const char *userid);

/* The name of the language lang ("de") in the language in use
 * ("German", "Deutsch"), from the table of lang.c; lang itself (a
 * static string or lang) for a language the table lacks. */
const char *lang_name(const char *lang);

/* The languages a player may choose (i18n_languages of dir), each by
 * its name in the language in use and its code as he types it
 * ("English (en), German (de)"), into out. */
void lang_list(const char *dir, struct buf *out);

#endif
