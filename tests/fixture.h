/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fixture.h - reading a fixture file of the source tree in a C unit test.
 */
#ifndef EPAM_FIXTURE_H
#define EPAM_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

/* The bytes of $EPAMSERV_SRCDIR/DIR/NAME ("." without the variable),
 * malloc'ed and NUL-terminated (caller frees), *len their count; NULL,
 * with a TAP diagnostic when the file cannot be opened. */
static char *fixture_slurp(const char *dir, const char *name, size_t *len)
	__attribute__((unused));
static char *fixture_slurp(const char *dir, const char *name, size_t *len)
{
	const char *root = getenv("EPAMSERV_SRCDIR");
	char path[4096];
	FILE *f;
	char *buf = NULL;
	long n;

	*len = 0;
	if (snprintf(path, sizeof path, "%s/%s/%s", root ? root : ".", dir,
	             name) >= (int)sizeof path)
		return NULL;
	if ((f = fopen(path, "rb")) == NULL) {
		printf("# cannot open %s\n", path);
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) != NULL) {
		*len = fread(buf, 1, (size_t)n, f);
		buf[*len] = '\0';
	}
	fclose(f);
	return buf;
}

#endif
