/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gamefile_v4.c - a game file in version 4, the newest version the
 * previous release reads (epamserv 0.1.0; doc/upgrading.md), for "admin
 * downgrade" (cli/admin_downgrade.c).
 *
 * Version 4 is version 6 (or 7) without the lines versions 5 to 7 added
 * (gamefile.c's head comment): the text is game_format's with those
 * lines left out and the version line changed, so what both versions
 * hold is written by one function.
 */
#include "game/game.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

/* The keys of the lines versions 5 to 7 added.  quiet: a line whose
 * loss changes nothing the previous release would show or do (the
 * clock, which the time control gives; the agreement of a started
 * game, which is history). */
static const struct {
	const char *key;
	int quiet;
} v4_dropped[] = {
	{ "agreed", 0 }, { "observers", 0 }, { "rated", 0 }, { "time", 0 },
	{ "timeout", 0 }, { "tournament", 0 }, { "stopped", 0 },
	{ "comment", 0 }, { "conditional", 0 }, { "clock", 1 },
};

char *game_format_v4(const struct game *g,
                     void (*dropped)(void *arg, int lineno, const char *line),
                     void *arg)
{
	char *text = game_format(g), *line, *next;
	struct buf b = BUF_INIT;
	int lineno = 0;
	size_t k;

	for (line = text; *line; line = next) {
		size_t keylen = strcspn(line, ":\n");
		int drop = 0, quiet = 0;

		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = '\0';
		if (++lineno == 1) {
			buf_puts(&b, "epamserv-game 4\n");
			continue;
		}
		for (k = 0; k < sizeof v4_dropped / sizeof v4_dropped[0]; k++)
			if (strlen(v4_dropped[k].key) == keylen &&
			    strncmp(line, v4_dropped[k].key, keylen) == 0 &&
			    line[keylen] == ':') {
				drop = 1;
				quiet = v4_dropped[k].quiet ||
				        (k == 0 && g->state != GAME_CHALLENGED);
			}
		if (!drop)
			buf_printf(&b, "%s\n", line);
		else if (!quiet && dropped)
			dropped(arg, lineno, line);
	}
	free(text);
	return buf_take(&b);
}
