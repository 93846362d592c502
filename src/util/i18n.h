/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * i18n.h - the words a person reads, through GNU gettext (issue 31 item 3),
 * and the language each recipient reads them in (issue 32).
 *
 * A sentence is marked where it is written: _("...") where it is used,
 * N_("...") in a table that is translated later with _(), and
 * ngettext(one, many, n) for a sentence with a count (never "%d game(s)").
 * A marked string is a whole sentence with its arguments as printf
 * conversions, so that a translator can reorder it; `make update-po`
 * extracts the marked strings into po/epamserv.pot.
 *
 * configure --disable-nls (or a C library without libintl.h) compiles the
 * marks out: every string is then its English original, and i18n_use
 * only keeps the name of the language.
 *
 * THE LANGUAGE OF A MAIL (issue 32).  One process writes to many
 * recipients, each in his own language, and it runs in an MTA's pipe:
 * an empty environment (LANG unset, the C locale) on a system that may
 * have no locale but C and C.UTF-8.  Two facts of GNU gettext decide the
 * design: in the C locale gettext ignores LANGUAGE and translates
 * nothing; and a language chosen by a locale (newlocale, setlocale with
 * "de_DE.UTF-8") needs that locale generated, which a minimal Debian has
 * not.  So i18n_init sets LC_MESSAGES (only that category) to the
 * environment's locale, or C.UTF-8 where that is C (C.UTF-8 is built into
 * Debian 12's glibc: no locale to generate), and i18n_use chooses the
 * language by LANGUAGE, which gettext reads at every call once the
 * locale is not C.  The catalogues are found under the locale_dir
 * setting (i18n_bind), in UTF-8.  gettext keeps the translations it has
 * found in a cache that does not look at LANGUAGE: i18n_use empties it
 * (textdomain(textdomain(NULL)), glibc's documented signal), or every
 * recipient would read the first one's language.
 */
#ifndef EPAM_I18N_H
#define EPAM_I18N_H

#include "config.h"

#include <stdio.h>

#if ENABLE_NLS
#include <libintl.h>
#include <locale.h>
#include <stdlib.h>

#define _(msgid) gettext(msgid)
#else
#define _(msgid) ((char *)(msgid))
#define ngettext(one, many, n) ((n) == 1 ? (char *)(one) : (char *)(many))
#endif
#define N_(msgid) msgid

/* The language of the msgids, which needs no catalogue. */
#define I18N_ENGLISH "en"

/* Choose the locale of the messages and find epamserv's catalogues under
 * the compiled-in LOCALEDIR (i18n_bind moves them).  Called once, first
 * thing in main().
 *
 * Only LC_MESSAGES is set.  setlocale(LC_ALL) would also change
 * LC_NUMERIC, LC_CTYPE, LC_TIME and LC_COLLATE, and with them printf's
 * and strtod's decimal point, isalpha and toupper on bytes above 127,
 * strftime's day names and the order of sorted lists: the mail and the
 * spool's files must read the same in every locale.  LC_MESSAGES is the
 * environment's (LC_ALL, LC_MESSAGES, LANG), or C.UTF-8 where that is C,
 * POSIX or not installed, so that LANGUAGE (the environment's, or
 * i18n_use's) is read; where even C.UTF-8 is missing, a line on stderr
 * says that every message stays English. */
void i18n_init(void);

/* Find the catalogues as DIR/LANG/LC_MESSAGES/epamserv.mo (the setting
 * locale_dir; main calls it once the configuration is read). */
void i18n_bind(const char *dir);

/* Write what follows in language lang ("de"; "en": the msgids; a
 * name that is no language name, such as "../x", is "en"): LANGUAGE set to lang and gettext's cache emptied.  NULL goes
 * back to the environment's language (the operator's, for what is
 * written on a terminal).  Returns the language that was in use (NULL:
 * the environment's), for the caller to give back to i18n_use when the
 * mail is composed; the string lasts as long as the process. */
const char *i18n_use(const char *lang);

/* The language in use: i18n_use's, or NULL for the environment's. */
const char *i18n_current(void);

/* Whether lang is a language name we pass to gettext: "de", "pt_BR"
 * (two or three small letters, an optional "_" and two capitals).  Any
 * other text (a damaged user file) could name files outside the
 * catalogue directory through LANGUAGE. */
int i18n_name_ok(const char *lang);

/* The languages a player may choose: "en" (the msgids), then, sorted,
 * each LANG with a catalogue dir/LANG/LC_MESSAGES/epamserv.mo (dir is
 * the setting locale_dir: the catalogues installed are the one list).
 * At most max names into out (static strings); returns how many. */
int i18n_languages(const char *dir, const char **out, int max);

/* Whether lang is one of i18n_languages(dir). */
int i18n_known(const char *dir, const char *lang);

/* i18n_languages(dir) written as "de, en" into buf (size bytes),
 * English first. */
void i18n_list(const char *dir, char *buf, size_t size);

/* For "config --check": a line on out for each language of po/LINGUAS
 * with no catalogue under dir.  Returns how many lack one. */
int i18n_check_dir(const char *dir, FILE *out);

#endif
