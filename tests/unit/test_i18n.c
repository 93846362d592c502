/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_i18n.c - the language of each recipient in one process (issue 32,
 * util/i18n.c), as an MTA's pipe runs us: the environment emptied
 * (clearenv: LANG and LANGUAGE unset, the C locale) and no locale but C
 * and C.UTF-8 needed.  A tiny German catalogue of real msgids is
 * compiled (msgfmt) into a scratch directory; then German, English and
 * German again in one run, each switch read by the next gettext (the
 * cache emptied), ngettext's German plural, the languages found in the
 * catalogue directory, and the names never passed to gettext.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/i18n.h"
#include "tap.h"
#include "unit/catalogue.h"

static const char *const po =
	"msgid \"the configuration is valid\\n\"\n"
	"msgstr \"die Konfiguration ist gültig\\n\"\n"
	"\n"
	"msgid \"restored %s from %s (backup of %s): %zu file, %zu hard links\\n\"\n"
	"msgid_plural \"restored %s from %s (backup of %s): %zu files, %zu hard "
	"links\\n\"\n"
	"msgstr[0] \"%s aus %s wiederhergestellt (Sicherung von %s): %zu Datei, "
	"%zu harte Links\\n\"\n"
	"msgstr[1] \"%s aus %s wiederhergestellt (Sicherung von %s): %zu "
	"Dateien, %zu harte Links\\n\"\n";

#define VALID "the configuration is valid\n"
#define FILE1 "restored %s from %s (backup of %s): %zu file, %zu hard links\n"
#define FILES "restored %s from %s (backup of %s): %zu files, %zu hard links\n"

int main(void)
{
	char dir[] = "/tmp/epamserv-i18n-XXXXXX", cmd[600];
	const char *langs[8], *was;
	char list[64];
	int n;

	if (test_catalogue(dir, po) < 0)
		return 99;

	/* env -i: what an MTA's pipe gives. */
	clearenv();
	i18n_init();
	i18n_bind(dir);
	ok(i18n_current() == NULL, "no language chosen yet");
	is_str(_(VALID), VALID, "the empty environment reads English");

	was = i18n_use("de");
	ok(was == NULL, "i18n_use gives back the environment's language (NULL)");
	is_str(i18n_current(), "de", "German in use");
#if ENABLE_NLS
	is_str(_(VALID), "die Konfiguration ist gültig\n",
	       "German in the C locale, no de_DE locale needed");
	is_str(ngettext(FILE1, FILES, 1),
	       "%s aus %s wiederhergestellt (Sicherung von %s): %zu Datei, "
	       "%zu harte Links\n", "German plural: 1");
	is_str(ngettext(FILE1, FILES, 0),
	       "%s aus %s wiederhergestellt (Sicherung von %s): %zu Dateien, "
	       "%zu harte Links\n", "German plural: 0");
	is_str(ngettext(FILE1, FILES, 5),
	       "%s aus %s wiederhergestellt (Sicherung von %s): %zu Dateien, "
	       "%zu harte Links\n", "German plural: 5");
#endif
	was = i18n_use("en");
	is_str(was, "de", "i18n_use gives back German");
	is_str(_(VALID), VALID,
	       "English for the next recipient: the cache was emptied");
	is_str(ngettext(FILE1, FILES, 2), FILES, "English plural: 2");
	i18n_use("de");
#if ENABLE_NLS
	is_str(_(VALID), "die Konfiguration ist gültig\n", "German again");
#endif
	i18n_use("../../tmp/x");
	is_str(i18n_current(), "en", "a name that is no language is English");
	is_str(_(VALID), VALID, "... and reads English");
	i18n_use(NULL);
	ok(i18n_current() == NULL && getenv("LANGUAGE") == NULL,
	   "back to the environment's language: LANGUAGE unset again");
	is_str(_(VALID), VALID, "... English");

	n = i18n_languages(dir, langs, 8);
#if ENABLE_NLS
	ok(n == 2 && strcmp(langs[0], "en") == 0 && strcmp(langs[1], "de") == 0,
	   "the languages: English and the catalogue's");
	ok(i18n_known(dir, "de"), "de is known");
	i18n_list(dir, list, sizeof list);
	is_str(list, "en, de", "the list of languages");
#else
	ok(n == 1 && strcmp(langs[0], "en") == 0,
	   "without NLS the one language is English");
	(void)list;
#endif
	ok(i18n_known(dir, "en"), "en is always known");
	ok(!i18n_known(dir, "fr"), "fr has no catalogue");
	ok(!i18n_name_ok("de:fr") && !i18n_name_ok("..") &&
	   !i18n_name_ok("de/x") && !i18n_name_ok("d") &&
	   !i18n_name_ok("de_de") && i18n_name_ok("pt_BR") &&
	   i18n_name_ok("de"), "language names");

	snprintf(cmd, sizeof cmd, "/bin/rm -rf %s", dir);
	if (system(cmd) != 0)
		return 99;
	return tap_done();
}
