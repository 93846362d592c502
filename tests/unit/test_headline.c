/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_headline.c - a headline's sentences kept as their msgid and
 * arguments (headline_say, services/headline.c; issue 32) and written
 * in the language in use when the mail is made: the arguments put into
 * the translation in its order (positional conversions), the plural of
 * the reader's language at 0, 1, 2 and 5, the conversions the callers
 * use (%ld, %zu, %llu, %.Ns, %%), and the arguments copied when kept.
 * A tiny German catalogue is compiled into a scratch directory of the
 * build tree; without NLS (configure --disable-nls) only English.
 */
#include "services/headline.h"
#include "util/buf.h"
#include "util/i18n.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

#define GAVE "%1$s gave %2$s to %3$s on board %4$ld."
#define WAITED1 "%s waited %lu day."
#define WAITED "%s waited %lu days."

static const char po[] __attribute__((unused)) =
	"msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n"
	"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n"
	"msgid \"" GAVE "\"\n"
	"msgstr \"%3$s bekam %2$s von %1$s auf Brett %4$ld.\"\n\n"
	"msgid \"" WAITED1 "\"\nmsgid_plural \"" WAITED "\"\n"
	"msgstr[0] \"%s wartete %lu Tag.\"\n"
	"msgstr[1] \"%s wartete %lu Tage.\"\n";

/* h written in the language in use, compared with want; h freed. */
static void check(struct headline *h, const char *want, const char *what)
{
	struct buf out = BUF_INIT;

	headline_write(h, NULL, &out);
	is_str(buf_str(&out), want, "%s", what);
	buf_free(&out);
	headline_free(h);
}

int main(void)
{
	char dir[] = "tests/unit/headline-XXXXXX", cmd[600], who[8] = "alice";
	struct headline h = { 0 };
	static const unsigned long days[] = { 0, 1, 2, 5 };
	static const char *const english[] = {
		"bob waited 0 days.", "bob waited 1 day.", "bob waited 2 days.",
		"bob waited 5 days."
	};
	size_t i;

	if (!mkdtemp(dir))
		return 99;
#if ENABLE_NLS
	{
		FILE *f;
		snprintf(cmd, sizeof cmd, "mkdir -p %s/de/LC_MESSAGES && msgfmt "
		         "--check-format -o %s/de/LC_MESSAGES/epamserv.mo -", dir,
		         dir);
		f = popen(cmd, "w");
		fputs(po, f);
		ok(f && pclose(f) == 0, "the test catalogue compiled");
	}
#endif
	clearenv();   /* env -i: what an MTA's pipe gives */
	i18n_init();
	i18n_bind(dir);

	/* English: the msgid as printf would write it. */
	headline_say(&h, GAVE, who, "a pawn", "bob", 101L);
	who[0] = 'X';  /* kept as a copy */
	headline_say(&h, "%zu%% of %llu, %.3s.", (size_t)5, 7ULL, "abcdef");
	check(&h, "alice gave a pawn to bob on board 101. 5% of 7, abc.",
	      "English: each argument in place, the sentences one blank apart, "
	      "the arguments copied when kept");
	{
		/* Exactly three bytes on the heap: reading past them is
		 * AddressSanitizer's finding. */
		char *shortarg = strdup("ab");
		headline_say(&h, "Reason: %.200s", shortarg);
		free(shortarg);
		check(&h, "Reason: ab", "a precision longer than the string "
		      "reads no further than its end");
	}
	for (i = 0; i < 4; i++) {
		headline_sayn(&h, WAITED1, WAITED, days[i], "bob", days[i]);
		check(&h, english[i], "English plural");
	}
#if ENABLE_NLS
	/* The same events written for a German reader. */
	static const char *const german[] = {
		"bob wartete 0 Tage.", "bob wartete 1 Tag.", "bob wartete 2 Tage.",
		"bob wartete 5 Tage."
	};
	i18n_use("de");
	headline_say(&h, GAVE, "alice", "a pawn", "bob", 101L);
	check(&h, "bob bekam a pawn von alice auf Brett 101.",
	      "German: the arguments in the translation's order");
	for (i = 0; i < 4; i++) {
		headline_sayn(&h, WAITED1, WAITED, days[i], "bob", days[i]);
		check(&h, german[i], "German plural");
	}
	i18n_use(I18N_ENGLISH);
#endif
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	ok(system(cmd) == 0, "the scratch directory removed");
	return tap_done();
}
