/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * i18n.h - the words a person reads, through GNU gettext (issue 31 item 3;
 * the languages themselves are issue 32's).
 *
 * A sentence is marked where it is written: _("...") where it is used,
 * N_("...") in a table that is translated later with _(), and
 * ngettext(one, many, n) for a sentence with a count (never "%d game(s)").
 * A marked string is a whole sentence with its arguments as printf
 * conversions, so that a translator can reorder it; `make update-po`
 * extracts the marked strings into po/epamserv.pot.
 *
 * configure --disable-nls (or a C library without libintl.h) compiles the
 * marks out: every string is then its English original.
 */
#ifndef EPAM_I18N_H
#define EPAM_I18N_H

#include "config.h"

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

/* Choose the language of the messages from the environment (LANGUAGE,
 * LC_ALL, LC_MESSAGES, LANG) and find epamserv's catalogues under
 * the directory the environment variable EPAMSERV_LOCALEDIR names (the
 * tests' own catalogues), else under the one configure chose (the macro
 * EPAMSERV_LOCALEDIR, LOCALEDIR/LANG/LC_MESSAGES/epamserv.mo),
 * translated text always in UTF-8 (what our mail says it is).  Called
 * once, first thing in main().
 *
 * Only LC_MESSAGES is taken from the environment.  setlocale(LC_ALL)
 * would also change LC_NUMERIC, LC_CTYPE, LC_TIME and LC_COLLATE, and
 * with them printf's and strtod's decimal point, isalpha and toupper on
 * bytes above 127, strftime's day names and the order of sorted lists:
 * the mail and the spool's files must read the same in every locale.
 * Without a catalogue for the chosen language (today there is none)
 * every message is its English original. */
static inline void i18n_init(void)
{
#if ENABLE_NLS
	const char *dir = getenv("EPAMSERV_LOCALEDIR");

	setlocale(LC_MESSAGES, "");
	bindtextdomain(PACKAGE, dir && *dir ? dir : EPAMSERV_LOCALEDIR);
	bind_textdomain_codeset(PACKAGE, "UTF-8");
	textdomain(PACKAGE);
#endif
}

#endif
