/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * status_damage.h - the damaged files "epamserv status" reports
 * (status_damage.c): those mails are held for (SPOOL/held, held.h) and
 * those the last admin check and the last sweep found
 * (SPOOL/runs/check-admin and check-sweep, spool/checked.h), each file
 * once.
 */
#ifndef EPAM_CLI_STATUS_DAMAGE_H
#define EPAM_CLI_STATUS_DAMAGE_H

#include "spool/checked.h"
#include "spool/held.h"

#include <stddef.h>

/* One damaged file and who knows of it. */
struct status_damaged {
	const char *file, *error;         /* into the records below */
	const struct held_entry *held;    /* the oldest held mail, or NULL */
	long mails;                       /* held mails waiting for it */
	const struct checked_file *check; /* the checks' entry, or NULL */
};

struct status_damage {
	struct held_entry *held;      /* SPOOL/held, oldest first */
	size_t nheld;
	struct checked check[2];      /* [0] admin check, [1] the sweep */
	struct checked known;         /* checked_known of the two */
	struct status_damaged *v;     /* each damaged file once */
	size_t n;
};

/* Read the held records and both checks' records of spool into *d
 * (zeroed first).  0; -1 with errno set when SPOOL/held cannot be
 * read, -2 when a check's record cannot (status_damage_free it either
 * way). */
int status_damage_read(const char *spool, struct status_damage *d);

/* The lines of "status": one "damaged:" line for each file. */
void status_damage_text(const struct status_damage *d);

/* The lines of "status" saying when each check last ran and how many
 * files it found damaged. */
void status_damage_checks_text(const struct status_damage *d);

/* The members of "status --json" (after others: each starts with ", "):
 *   "damaged": [{"file", "error", "mails_waiting", "since" (the oldest
 *               held mail's, or null), "found_by" (["mail", "admin",
 *               "sweep"]: who knows of it), "checked" (the time of the
 *               check that found it, or null)}],
 *   "checks": {"admin": null | {"checked", "damaged_files", "files"},
 *              "sweep": the same}. */
void status_damage_json(const struct status_damage *d);

/* The gauges of "status --prometheus": epamserv_damaged_files (each
 * file once), epamserv_last_check_timestamp_seconds{check="admin"|
 * "sweep"} (0: never) and epamserv_last_check_damaged_files{check=...}
 * (only for a check that ran). */
void status_damage_prometheus(const struct status_damage *d);

void status_damage_free(struct status_damage *d);

#endif
