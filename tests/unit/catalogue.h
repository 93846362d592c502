/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * catalogue.h - a German test catalogue for the C unit tests of the
 * language machinery (test_i18n.c, test_errlang.c): the .po text given,
 * compiled by msgfmt into DIR/de/LC_MESSAGES/epamserv.mo under a new
 * scratch directory, for i18n_bind(DIR).  Include after tap.h.
 */
#ifndef EPAM_TEST_CATALOGUE_H
#define EPAM_TEST_CATALOGUE_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Make the directory from the mkdtemp template dir (changed in place)
 * and the catalogue of po's entries in it (the header, UTF-8 and
 * German's two plural forms, is written here), two TAP tests
 * ("written", "compiled").
 * Returns 0, or -1 when not even the directory could be made. */
static int test_catalogue(char *dir, const char *po)
	__attribute__((unused));
static int test_catalogue(char *dir, const char *po)
{
	char path[256], cmd[600];
	FILE *f;

	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof path, "%s/de/LC_MESSAGES", dir);
	snprintf(cmd, sizeof cmd, "mkdir -p %s && cd %s && cat > de.po", path,
	         path);
	f = popen(cmd, "w");
	if (f) {
		fputs("msgid \"\"\nmsgstr \"\"\n"
		      "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
		      "\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n", f);
		fputs(po, f);
	}
	ok(f && pclose(f) == 0, "the test catalogue written");
	snprintf(cmd, sizeof cmd, "msgfmt --check-format -o %s/epamserv.mo "
	         "%s/de.po", path, path);
	ok(system(cmd) == 0, "the test catalogue compiled");
	return 0;
}

#endif
