/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_wrap.c - the wrapping of a mail's text part (reply_wrap,
 * services/outmail.c) counts columns, not bytes: a German line of 70
 * characters and more than 72 bytes stays whole, a longer one breaks
 * within 72 characters, and "z. B." and "e.g." never end a line.
 */
#include <stdlib.h>
#include <string.h>

#include "services/outmail.h"
#include "tap.h"

/* The longest line of text, in characters (UTF-8). */
static size_t widest(const char *text)
{
	size_t w = 0, col = 0;
	const char *p;

	for (p = text; *p; p++) {
		if (*p == '\n') {
			col = 0;
			continue;
		}
		if (((unsigned char)*p & 0xc0) != 0x80 && ++col > w)
			w = col;
	}
	return w;
}

int main(void)
{
	/* 70 characters, 78 bytes (eight umlauts or sharp s). */
	const char *de70 = "Weiß muss durchbrechen oder verliert; über die "
	                   "Grundreihe hinaus: ä ö ü";
	const char *de90 = "Du bist am Zug: Weiß hat einen Durchbruch auf "
	                   "deiner Grundreihe, und du musst gleichziehen oder "
	                   "verlierst.";
	char *w;

	ok(strlen(de70) > 72 && widest(de70) <= 72,
	   "the German line is more than 72 bytes and at most 72 characters");
	w = reply_wrap(de70, REPLY_WRAP_COLUMNS);
	is_str(w, de70, "a line of at most 72 characters is not broken");
	free(w);

	w = reply_wrap(de90, REPLY_WRAP_COLUMNS);
	ok(strchr(w, '\n') != NULL, "a longer German line is broken");
	ok(widest(w) <= 72, "into lines of at most 72 characters");
	ok(widest(w) > 60, "and not much earlier (the break is not by bytes)");
	free(w);

	w = reply_wrap("aaaa aaaa aaaa aaaa aaaa aaaa aaaa aaaa aaaa aaaa aaaa "
	               "aaaa aa z. B. ein Beispiel", 65);
	ok(strstr(w, "z. B.") != NULL, "no line ends inside \"z. B.\"");
	free(w);
	w = reply_wrap("aaaa aaaa aaaa aaaa aaaa aaaa aaaa aaaa aaaa aaaa aaaa "
	               "aaa e.g. an example", 60);
	ok(strstr(w, "e.g. an") != NULL, "no line ends after \"e.g.\"");
	free(w);
	w = reply_wrap("Jetzt ziehen: Weiß setzt auf „Grundreihe“ und „Phalanx“ "
	               "und alles andere passt.", 40);
	ok(widest(w) <= 40, "German quotation marks count one column each");
	free(w);
	return tap_done();
}
