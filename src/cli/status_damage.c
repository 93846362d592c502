/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * status_damage.c - the damaged files of "epamserv status" (see
 * status_damage.h): the held mails' files and what the last admin check
 * and the last sweep found, merged, in words, JSON and Prometheus
 * gauges.
 */
#include "cli/status_damage.h"
#include "util/buf.h"
#include "util/i18n.h"
#include "util/json.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const check_names[2] = { CHECKED_ADMIN, CHECKED_SWEEP };

/* d's entry for file, or NULL. */
static struct status_damaged *find(struct status_damage *d, const char *file)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (strcmp(d->v[i].file, file) == 0)
			return &d->v[i];
	return NULL;
}

int status_damage_read(const char *spool, struct status_damage *d)
{
	struct status_damaged *e;
	size_t i;
	int rc = 0, saved = 0;

	memset(d, 0, sizeof *d);
	if (held_list(spool, &d->held, &d->nheld) < 0) {
		saved = errno;
		rc = -1;  /* said first: the mails' damage is the older news */
		d->held = NULL;
		d->nheld = 0;
	}
	for (i = 0; i < 2; i++)
		if (checked_read(spool, check_names[i], &d->check[i]) < 0 &&
		    rc == 0) {
			saved = errno;
			rc = -2;
		}
	checked_known(spool, &d->check[0], &d->check[1], &d->known);
	d->v = xmalloc((d->nheld + d->known.n + 1) * sizeof *d->v);
	for (i = 0; i < d->nheld; i++) {
		if (!(e = find(d, d->held[i].file))) {
			e = &d->v[d->n++];
			memset(e, 0, sizeof *e);
			e->file = d->held[i].file;
			e->error = d->held[i].error;
			e->held = &d->held[i];  /* oldest first: held_list's order */
		}
		e->mails++;
	}
	for (i = 0; i < d->known.n; i++) {
		if (!(e = find(d, d->known.v[i].file))) {
			e = &d->v[d->n++];
			memset(e, 0, sizeof *e);
			e->file = d->known.v[i].file;
			e->error = d->known.v[i].error;
		}
		e->check = &d->known.v[i];
	}
	errno = saved;
	return rc;
}

/* The check that found entry c (its record in d). */
static const struct checked *found_by(const struct status_damage *d,
                                      const struct checked_file *c)
{
	return &d->check[c->by_sweep ? 1 : 0];
}

void status_damage_text(const struct status_damage *d)
{
	char when[32];
	size_t i;

	for (i = 0; i < d->n; i++) {
		const struct status_damaged *e = &d->v[i];
		if (e->held) {
			util_iso_time(e->held->since, when, sizeof when);
			/* TRANSLATORS: the damaged file, how many mails wait
			 * for it, since when and the error of reading it. */
			printf(ngettext("damaged: %s: %ld mail waiting since %s (%s)\n",
			                "damaged: %s: %ld mails waiting since %s "
			                "(%s)\n", e->mails), e->file, e->mails, when,
			       e->error);
			continue;
		}
		util_iso_time(found_by(d, e->check)->when, when, sizeof when);
		/* TRANSLATORS: the damaged file, what is wrong with it and
		 * when the check that found it began; "admin check" is a
		 * command (epamserv admin check), and "sweep" too. */
		if (e->check->by_sweep)
			printf(_("damaged: %s (%s), found by the sweep of %s\n"),
			       e->file, e->error, when);
		else
			printf(_("damaged: %s (%s), found by the admin check of %s\n"),
			       e->file, e->error, when);
	}
}

void status_damage_checks_text(const struct status_damage *d)
{
	const struct checked *c;
	char when[32];

	c = &d->check[0];
	util_iso_time(c->when, when, sizeof when);
	if (!c->ran)
		fputs(_("last admin check: never\n"), stdout);
	else
		/* TRANSLATORS: when the last "epamserv admin check" began
		 * and how many damaged files it found. */
		printf(ngettext("last admin check: %s, %lu damaged file found\n",
		                "last admin check: %s, %lu damaged files found\n",
		                (unsigned long)c->n), when, (unsigned long)c->n);
	c = &d->check[1];
	util_iso_time(c->when, when, sizeof when);
	if (!c->ran)
		fputs(_("last check of the boards by the sweep: never\n"), stdout);
	else
		/* TRANSLATORS: when the last sweep began and how many
		 * damaged files it found among the boards. */
		printf(ngettext("last check of the boards by the sweep: %s, %lu "
		                "damaged file found\n",
		                "last check of the boards by the sweep: %s, %lu "
		                "damaged files found\n", (unsigned long)c->n), when,
		       (unsigned long)c->n);
}

/* One damaged file as a JSON object (after a comma unless first). */
static void put_json(const struct status_damage *d,
                     const struct status_damaged *e, int first)
{
	char when[32];
	const char *sep = "";

	printf("%s{\"file\": ", first ? "" : ", ");
	json_put_str(stdout, e->file);
	printf(", \"error\": ");
	json_put_str(stdout, e->error);
	printf(", \"mails_waiting\": %ld, \"since\": ", e->mails);
	if (e->held) {
		util_iso_time(e->held->since, when, sizeof when);
		printf("\"%s\"", when);
	} else {
		printf("null");
	}
	printf(", \"found_by\": [");
	if (e->held) {
		printf("\"mail\"");
		sep = ", ";
	}
	if (e->check)
		printf("%s\"%s\"", sep, e->check->by_sweep ? "sweep" : "admin");
	printf("], \"checked\": ");
	if (e->check) {
		util_iso_time(found_by(d, e->check)->when, when, sizeof when);
		printf("\"%s\"}", when);
	} else {
		printf("null}");
	}
}

void status_damage_json(const struct status_damage *d)
{
	char when[32];
	size_t i, k;

	printf(", \"damaged\": [");
	for (i = 0; i < d->n; i++)
		put_json(d, &d->v[i], i == 0);
	printf("], \"checks\": {");
	for (i = 0; i < 2; i++) {
		const struct checked *c = &d->check[i];
		printf("%s\"%s\": ", i ? ", " : "", check_names[i]);
		if (!c->ran) {
			printf("null");
			continue;
		}
		util_iso_time(c->when, when, sizeof when);
		printf("{\"checked\": \"%s\", \"damaged_files\": %zu, \"files\": [",
		       when, c->n);
		for (k = 0; k < c->n; k++) {
			if (k)
				printf(", ");
			json_put_str(stdout, c->v[k].file);
		}
		printf("]}");
	}
	printf("}");
}

void status_damage_prometheus(const struct status_damage *d)
{
	size_t i;

	printf("# HELP epamserv_damaged_files Damaged files: held mails wait "
	       "for them, or the last admin check or sweep found them.\n"
	       "# TYPE epamserv_damaged_files gauge\n"
	       "epamserv_damaged_files %zu\n", d->n);
	printf("# HELP epamserv_last_check_timestamp_seconds When the last "
	       "admin check or sweep began to look for damage (0: never).\n"
	       "# TYPE epamserv_last_check_timestamp_seconds gauge\n");
	for (i = 0; i < 2; i++)
		printf("epamserv_last_check_timestamp_seconds{check=\"%s\"} %lld\n",
		       check_names[i],
		       d->check[i].ran ? (long long)d->check[i].when : 0LL);
	printf("# HELP epamserv_last_check_damaged_files Damaged files the "
	       "last admin check or sweep found.\n"
	       "# TYPE epamserv_last_check_damaged_files gauge\n");
	for (i = 0; i < 2; i++)
		if (d->check[i].ran)
			printf("epamserv_last_check_damaged_files{check=\"%s\"} %zu\n",
			       check_names[i], d->check[i].n);
}

void status_damage_free(struct status_damage *d)
{
	free(d->held);
	checked_free(&d->check[0]);
	checked_free(&d->check[1]);
	checked_free(&d->known);
	free(d->v);
	memset(d, 0, sizeof *d);
}
