/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tz.c - TZ set for one conversion and put back (tz.h).
 */
#include "util/tz.h"
#include "util/buf.h"

#include <stdlib.h>
#include <time.h>

void tz_enter(struct tz_saved *z, const char *zone)
{
	const char *old = getenv("TZ");

	z->had = old != NULL;
	z->value = old ? xstrdup(old) : NULL;
	setenv("TZ", zone && zone[0] ? zone : "UTC0", 1);
	tzset();
}

void tz_leave(struct tz_saved *z)
{
	if (z->had)
		setenv("TZ", z->value, 1);
	else
		unsetenv("TZ");
	free(z->value);
	z->value = NULL;
	tzset();
}
