/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * magic.c - version lines of spool files (see magic.h).
 */
#include "util/magic.h"

#include <stdio.h>
#include <string.h>

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
	snprintf(buf, len, MAGIC_NEWER_TEXT " (\"%s %d\"; this one "
	         "reads versions up to %d): the file is not damaged, run the "
	         "epamserv that wrote it", name, v, max);
	return 1;
}
