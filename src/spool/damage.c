/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * damage.c - the files this process found damaged (see damage.h).
 */
#include "spool/damage.h"
#include "util/errlang.h"

#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static struct damage last;
static unsigned long count;

void damage_copy_line(char *dst, size_t len, const char *src)
{
	size_t i;

	snprintf(dst, len, "%s", src ? src : "");
	for (i = 0; dst[i]; i++)
		if (dst[i] == '\n' || dst[i] == '\r')
			dst[i] = ' ';
}

void damage_note(const char *relpath, const char *error,
                 const char *quarantine, int newer)
{
	/* The held/ record and the log keep the English (errlang.h). */
	char *english = error ? errlang_english(error) : NULL;

	damage_copy_line(last.file, sizeof last.file, relpath);
	damage_copy_line(last.error, sizeof last.error, english ? english : error);
	free(english);
	damage_copy_line(last.quarantine, sizeof last.quarantine, quarantine);
	last.newer = newer;
	count++;
}

unsigned long damage_count(void)
{
	return count;
}

const struct damage *damage_last(void)
{
	return count ? &last : NULL;
}

int damage_errno(int err)
{
	switch (err) {
	case 0:
	case ENOENT:
	case ENOTDIR:
	case ENOMEM:
	case EMFILE:
	case ENFILE:
	case EINTR:
	case EAGAIN:
		return 0;
	default:
		return 1;
	}
}
