/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * admin_check_text.c - what "admin check" finds in the text of the
 * spool's files: characters a file's format never holds (admin.h).
 *
 * Every value of the spool's text files is written by epamserv from
 * checked words: userids, tournament names, numbers, dates, option
 * words, addresses.  Free text (a move's comment) lives only in game
 * files, escaped (gf_escape: no line break, no tab).  So a control
 * character or a byte that is not UTF-8 in any of these files, or a
 * markup character in a file whose values are all words, was put there
 * by hand or by damage, and is said with the file and the line before
 * it reaches a web page, a record or a mail (they escape it all the
 * same: this is the administrator's warning, not the defence).
 */
#include "cli/admin.h"

#include "util/errlang.h"
#include "util/util.h"
#include "util/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most read of one file: larger ones are no spool text file. */
#define TEXT_MAX (16 << 20)

/* The files looked at, by where they are in the spool, and the markup
 * characters each forbids. */
static const struct text_kind {
	const char *prefix;   /* relative to the spool */
	const char *suffix;   /* "" for any name */
	const char *markup;   /* forbidden on top of controls */
} kinds[] = {
	/* Tournament, league and seek files hold only words. */
	{ "tournaments/", "", "<>&\"'" },
	{ "league/", "", "<>&\"'" },
	{ "seeks/", "", "<>&\"'" },
	/* An address may hold '&' and '\'', never '<', '>' or '"'. */
	{ "users/", "", "<>\"" },
	/* Comments are free text: markup is theirs to hold. */
	{ "games/", ".game", "" },
};

static const struct text_kind *kind_of(const char *rel)
{
	size_t i, n = strlen(rel), s;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		s = strlen(kinds[i].suffix);
		if (strncmp(rel, kinds[i].prefix, strlen(kinds[i].prefix)) == 0 &&
		    n >= s && strcmp(rel + n - s, kinds[i].suffix) == 0)
			return &kinds[i];
	}
	return NULL;
}

int admin_check_text(const char *path, const char *rel, char *why,
                     size_t len)
{
	const struct text_kind *k = kind_of(rel);
	const unsigned char *p;
	unsigned long cp;
	size_t n, i, step;
	char *text, name[4 * 4096 + 1];
	int line = 1, found = 1;

	if (!k || !(text = util_read_file(path, TEXT_MAX, &n)))
		return 0;  /* unreadable: the other checks say it */
	util_safe_name(rel, name, sizeof name);
	p = (const unsigned char *)text;
	for (i = 0; i < n; i += step) {
		step = util_utf8_seq(p + i, n - i, &cp);
		if (p[i] == '\n') {
			line++;
		} else if (step == 0) {
			errlang_snprintf(why, len, N_("%s, line %d: a byte that "
			                 "is not UTF-8 (0x%02x), which the file's "
			                 "format never holds (damaged, or edited by "
			                 "hand: correct the line)"), name, line, p[i]);
			goto out;
		} else if (util_cp_class(cp) != UTIL_CP_TEXT) {
			errlang_snprintf(why, len, N_("%s, line %d: an invisible "
			                 "control character (U+%04lX), which the "
			                 "file's format never holds (damaged, or "
			                 "edited by hand: correct the line)"), name,
			                 line, cp);
			goto out;
		} else if (cp < 0x80 && strchr(k->markup, (int)cp)) {
			errlang_snprintf(why, len, N_("%s, line %d: the markup "
			                 "character '%c', which the file's format "
			                 "never holds (damaged, or edited by hand: "
			                 "correct the line)"), name, line, (char)cp);
			goto out;
		}
		if (step == 0)
			step = 1;
	}
	found = 0;
out:
	free(text);
	return found;
}
