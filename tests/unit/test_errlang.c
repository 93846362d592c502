/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_errlang.c - a loader's error in the run's language and in English
 * (util/errlang.h): the caller gets the German of a tiny catalogue
 * compiled here (msgfmt, as test_i18n.c does), and errlang_english puts
 * the English back into any text holding it: whole, inside a larger
 * line, nested in another error, with a count, cut short by its buffer;
 * an English run keeps nothing; the ring forgets the oldest of more than
 * ERRLANG_KEEP errors.  Built without NLS, every error is English and
 * nothing is kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/errlang.h"
#include "util/i18n.h"
#include "tap.h"
#include "unit/catalogue.h"

static const char *const po =
	"#, c-format\n"
	"msgid \"line %d: bad\"\n"
	"msgstr \"Zeile %d: schlecht\"\n"
	"\n"
	"#, c-format\n"
	"msgid \"wrapped: %s\"\n"
	"msgstr \"umhüllt: %s\"\n"
	"\n"
	"msgid \"a plain sentence\"\n"
	"msgstr \"ein schlichter Satz\"\n"
	"\n"
	"#, c-format\n"
	"msgid \"%d stone\"\n"
	"msgid_plural \"%d stones\"\n"
	"msgstr[0] \"%d Stein\"\n"
	"msgstr[1] \"%d Steine\"\n";

/* errlang_english(text), or text itself when nothing was kept of it,
 * into buf. */
static const char *english(const char *text, char *buf, size_t len)
{
	char *e = errlang_english(text);

	snprintf(buf, len, "%s", e ? e : text);
	free(e);
	return buf;
}

int main(void)
{
	char dir[] = "/tmp/epamserv-errlang-XXXXXX", cmd[600];
	char err[128], small[12], out[256];
	char *outer;
	int i, n;

	if (test_catalogue(dir, po) < 0)
		return 99;
	clearenv();
	i18n_init();
	i18n_bind(dir);

	/* An English run: the msgid, nothing kept. */
	i18n_use("en");
	errlang_snprintf(err, sizeof err, N_("line %d: bad"), 3);
	is_str(err, "line 3: bad", "English run: the error is the msgid's");
	ok(errlang_english("x.game:3: line 3: bad") == NULL,
	   "English run: nothing to put back");

	i18n_use("de");
#if ENABLE_NLS
	errlang_snprintf(err, sizeof err, N_("line %d: bad"), 3);
	is_str(err, "Zeile 3: schlecht", "the caller gets the German");
	is_str(english("users/bob: Zeile 3: schlecht (see admin check)", out,
	               sizeof out),
	       "users/bob: line 3: bad (see admin check)",
	       "the English is put back inside a larger line");
	outer = errlang_asprintf(N_("wrapped: %s"), err);
	is_str(outer, "umhüllt: Zeile 3: schlecht", "a German error inside a "
	       "German one");
	is_str(english(outer, out, sizeof out), "wrapped: line 3: bad",
	       "nested: English throughout");
	free(outer);
	snprintf(err, sizeof err, "%s",
	         errlang_gettext(N_("a plain sentence")));
	is_str(err, "ein schlichter Satz", "errlang_gettext gives the German");
	is_str(english("why: ein schlichter Satz", out, sizeof out),
	       "why: a plain sentence", "and its English is kept");
	for (n = 0; n <= 2; n++) {
		char want[32];
		errlang_nsnprintf(err, sizeof err, "%d stone", "%d stones",
		                  (unsigned long)n, n);
		snprintf(want, sizeof want, n == 1 ? "%d Stein" : "%d Steine", n);
		is_str(err, want, "a count of %d: the German form", n);
		snprintf(want, sizeof want, n == 1 ? "%d stone" : "%d stones", n);
		is_str(english(err, out, sizeof out), want,
		       "a count of %d: the English form", n);
	}
	n = errlang_snprintf(small, sizeof small, N_("line %d: bad"), 42);
	ok(n == (int)strlen("Zeile 42: schlecht") && strlen(small) == 11,
	   "a buffer too small: cut as snprintf cuts, the full length "
	   "returned (%d, \"%s\")", n, small);
	is_str(english(small, out, sizeof out), "line 42: bad",
	       "the cut German still has its English");
	n = errlang_snprintf(NULL, 0, N_("line %d: bad"), 7);
	ok(n == (int)strlen("Zeile 7: schlecht"), "no buffer: the length "
	   "alone (%d)", n);
	ok(errlang_english("nothing kept here") == NULL,
	   "a text with no kept German is its own English");
	for (i = 100; i < 100 + ERRLANG_KEEP + 1; i++)
		errlang_snprintf(err, sizeof err, N_("line %d: bad"), i);
	is_str(english("Zeile 132: schlecht", out, sizeof out), "line 132: bad",
	       "the newest of %d errors is kept", ERRLANG_KEEP + 1);
	ok(errlang_english("Zeile 100: schlecht") == NULL,
	   "the oldest is forgotten (the ring keeps %d)", ERRLANG_KEEP);
#else
	errlang_snprintf(err, sizeof err, N_("line %d: bad"), 3);
	is_str(err, "line 3: bad", "without NLS the error is English");
	ok(errlang_english(err) == NULL, "and nothing is kept");
	is_str(english(err, out, sizeof out), "line 3: bad",
	       "so the text is its own English");
	(void)outer;
	(void)small;
	(void)i;
	(void)n;
#endif
	snprintf(cmd, sizeof cmd, "/bin/rm -rf %s", dir);
	if (system(cmd) != 0)
		return 99;
	return tap_done();
}
