/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * magic.c - version lines of spool files (see magic.h).
 */
#include "util/magic.h"
#include "util/errlang.h"
#include "util/i18n.h"

#include <stdio.h>
#include <string.h>

static unsigned long newer_count;

int magic_version(const char *line, const char *name)
{
	size_t n = strlen(name), i;
	long v = 0;

	if (strncmp(line, name, n) != 0 || line[n] != ' ')
		return 0;
	line += n + 1;
	for (i = 0; line[i]; i++) {
		if (line[i] < '0' || line[i] > '9' || i >= 5)
			return 0;
		v = v * 10 + (line[i] - '0');
	}
	return i > 0 && line[0] != '0' ? (int)v : 0;
}

int magic_newer(const char *line, const char *name, int max, char *buf,
                size_t len)
{
	int v = magic_version(line, name);

	if (v <= max)
		return 0;
	newer_count++;
	/* TRANSLATORS: the file's version line as written ("epamserv-game
	 * 8": data, not translated), then the newest version this epamserv
	 * reads. */
	errlang_snprintf(buf, len, N_("written by a newer epamserv (\"%s %d\"; "
	                 "this one reads versions up to %d): the file is not "
	                 "damaged, run the epamserv that wrote it"), name, v,
	                 max);
	return 1;
}

unsigned long magic_newer_count(void)
{
	return newer_count;
}
