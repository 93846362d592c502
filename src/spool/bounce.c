/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bounce.c - the bounce records of SPOOL/bounces/ (bounce.h): parse,
 * count, list, clear.
 */
#include "spool/bounce.h"
#include "spool/formats.h"
#include "spool/lock.h"
#include "util/buf.h"
#include "util/util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Copy s (up to its end or a newline) into buf of len bytes, control
 * characters replaced by '?'. */
static void copy_field(char *buf, size_t len, const char *s)
{
	size_t i;

	for (i = 0; i + 1 < len && s[i] && s[i] != '\n'; i++)
		buf[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
	if (len)
		buf[i] = '\0';
}

/* A version 1 line: "TIME ADDRESS SOURCE: WHY". */
/* The UTC day of t (days since the epoch). */
static long utc_day(time_t t)
{
	return (long)(t / 86400);
}

static int parse_v1(const char *text, struct bounce *b)
{
	char when[32], addr[256];
	const char *p, *colon;
	int used = 0;

	if (sscanf(text, "%31s %255s %n", when, addr, &used) != 2 || !used ||
	    util_parse_iso_time(when, &b->first) < 0)
		return -1;
	copy_field(b->address, sizeof b->address, addr);
	b->last = b->first;
	b->count = 1;
	b->days = 1;
	p = text + used;
	colon = strstr(p, ": ");
	if (colon && (size_t)(colon - p) < sizeof b->source) {
		memcpy(b->source, p, (size_t)(colon - p));
		b->source[colon - p] = '\0';
		p = colon + 2;
	}
	copy_field(b->reason, sizeof b->reason, p);
	bounce_codes(b->reason, &b->code, b->dsn);
	return 0;
}

/* One "key: value" line of a version 2 record into *b. */
static void parse_line(const char *line, struct bounce *b)
{
	const char *colon = strstr(line, ": ");
	char v[600];
	size_t k;

	if (!colon || colon > strchrnul(line, '\n'))
		return;
	k = (size_t)(colon - line);
	copy_field(v, sizeof v, colon + 2);  /* the value alone */
	if (k == 7 && strncmp(line, "address", 7) == 0)
		copy_field(b->address, sizeof b->address, v);
	else if (k == 5 && strncmp(line, "count", 5) == 0)
		b->count = strtol(v, NULL, 10);
	else if (k == 4 && strncmp(line, "days", 4) == 0)
		b->days = strtol(v, NULL, 10);
	else if (k == 5 && strncmp(line, "first", 5) == 0)
		util_parse_iso_time(v, &b->first);
	else if (k == 4 && strncmp(line, "last", 4) == 0)
		util_parse_iso_time(v, &b->last);
	else if (k == 6 && strncmp(line, "source", 6) == 0)
		copy_field(b->source, sizeof b->source, v);
	else if (k == 4 && strncmp(line, "code", 4) == 0)
		b->code = (int)strtol(v, NULL, 10);
	else if (k == 3 && strncmp(line, "dsn", 3) == 0)
		copy_field(b->dsn, sizeof b->dsn, v);
	else if (k == 6 && strncmp(line, "reason", 6) == 0)
		copy_field(b->reason, sizeof b->reason, v);
	else if (k == 4 && strncmp(line, "told", 4) == 0)
		util_parse_iso_time(v, &b->told);
}

/* The first line of a record of version 2 (version 1 had none). */
#define BOUNCE_MAGIC FORMAT_LINE("epamserv-bounce", FORMAT_BOUNCE) "\n"

int bounce_parse(const char *text, struct bounce *b)
{
	const char *p;

	memset(b, 0, sizeof *b);
	strcpy(b->dsn, "-");
	if (strncmp(text, BOUNCE_MAGIC, strlen(BOUNCE_MAGIC)) != 0)
		return parse_v1(text, b);
	for (p = text + strlen(BOUNCE_MAGIC); *p;
	     p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "")
		parse_line(p, b);
	if (!b->address[0] || b->count < 1 || b->count > 1000000000L ||
	    !b->first || !b->last || b->code < 0 || b->code > 599)
		return -1;
	/* A record written before "days:" was kept: one day, or two when
	 * its first and last bounce fell on different days. */
	if (b->days < 1 || b->days > b->count)
		b->days = utc_day(b->first) == utc_day(b->last) ? 1 : 2;
	if (b->days > b->count)
		b->days = b->count;
	return 0;
}

int bounce_keeps_bouncing(const struct bounce *b)
{
	return b->count >= BOUNCE_FLAG_COUNT && b->days >= BOUNCE_FLAG_DAYS;
}

void bounce_codes(const char *why, int *code, char *dsn)
{
	const char *p;

	*code = 0;
	strcpy(dsn, "-");
	for (p = why; *p; p++) {
		int a, b, c, n = 0;
		if (p > why && isalnum((unsigned char)p[-1]))
			continue;
		if (!*code && strchr("245", *p) && isdigit((unsigned char)p[1]) &&
		    isdigit((unsigned char)p[2]) && !isalnum((unsigned char)p[3]) &&
		    p[3] != '.')
			*code = (p[0] - '0') * 100 + (p[1] - '0') * 10 + (p[2] - '0');
		if (!strcmp(dsn, "-") && strchr("245", *p) && p[1] == '.' &&
		    sscanf(p, "%1d.%3d.%3d%n", &a, &b, &c, &n) == 3 &&
		    !isalnum((unsigned char)p[n]))
			snprintf(dsn, 16, "%d.%d.%d", a, b, c);
	}
}

static void record_path(const char *spool, const char *addr, char *buf,
                        size_t len)
{
	char digest[33];

	util_digest_hex(addr, strlen(addr), digest);
	snprintf(buf, len, "%s/bounces/%s", spool, digest);
}

/* Write b as the record at path (through a temporary file of SPOOL/tmp).
 * 0, or -1 (errno). */
static int write_record(const char *spool, const char *path,
                        const struct bounce *b)
{
	char tmp[4300], first[32], last[32], told[32];
	FILE *f;

	util_iso_time(b->first, first, sizeof first);
	util_iso_time(b->last, last, sizeof last);
	util_iso_time(b->told, told, sizeof told);
	snprintf(tmp, sizeof tmp, "%s/tmp/bounce.%ld", spool, (long)getpid());
	if ((f = util_fopen_spool(tmp, 0)) == NULL)
		return -1;
	fprintf(f, BOUNCE_MAGIC "address: %s\ncount: %ld\ndays: %ld\n"
	        "first: %s\nlast: %s\nsource: %s\ncode: %d\ndsn: %s\n"
	        "reason: %s\n", b->address, b->count, b->days, first, last,
	        b->source, b->code, b->dsn, b->reason);
	if (b->told)
		fprintf(f, "told: %s\n", told);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

int bounce_note_locked(const char *spool, const char *rcpt,
                       const char *source, const char *why, time_t now)
{
	char path[4200], addr[256], *old;
	struct bounce b;
	size_t i;

	/* One record per mailbox whatever the case it was written in: a
	 * delivery report's address arrives lower-cased. */
	copy_field(addr, sizeof addr, rcpt);
	for (i = 0; addr[i]; i++)
		addr[i] = (char)tolower((unsigned char)addr[i]);
	rcpt = addr;
	record_path(spool, rcpt, path, sizeof path);
	old = util_read_file(path, 8192, NULL);
	if (!old || bounce_parse(old, &b) < 0 || b.count >= 1000000000L) {
		memset(&b, 0, sizeof b);
		b.first = now;
	}
	free(old);
	/* Bounce days, as list managers score bounces: one a day at most
	 * counts towards "keeps bouncing", so that one burst (a full
	 * mailbox, a relay that refused everything for an hour) flags
	 * nobody. */
	if (b.count == 0 || utc_day(now) != utc_day(b.last))
		b.days++;
	b.count++;
	b.last = now;
	copy_field(b.address, sizeof b.address, rcpt);
	copy_field(b.source, sizeof b.source, source);
	copy_field(b.reason, sizeof b.reason, why);
	bounce_codes(b.reason, &b.code, b.dsn);
	return write_record(spool, path, &b);
}

int bounce_mark_told_locked(const char *spool, const char *addr, time_t now)
{
	char path[4200], *old;
	struct bounce b;
	int ok;

	record_path(spool, addr, path, sizeof path);
	old = util_read_file(path, 8192, NULL);
	ok = old && bounce_parse(old, &b) == 0;
	free(old);
	if (!ok) {
		errno = ENOENT;
		return -1;
	}
	b.told = now;
	return write_record(spool, path, &b);
}

static int by_address(const void *a, const void *b)
{
	return strcmp(((const struct bounce *)a)->address,
	              ((const struct bounce *)b)->address);
}

int bounce_list(const char *spool, struct bounce **v, size_t *n)
{
	char dir[4200], path[4600], *text;
	size_t cap = 16;
	struct dirent *de;
	DIR *d;

	*n = 0;
	snprintf(dir, sizeof dir, "%s/bounces", spool);
	if ((d = util_opendir(dir)) == NULL)
		return -1;
	*v = xmalloc(cap * sizeof **v);
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		text = util_read_file(path, 8192, NULL);
		if (*n == cap)
			*v = xrealloc(*v, (cap *= 2) * sizeof **v);
		if (text && bounce_parse(text, &(*v)[*n]) == 0)
			(*n)++;
		free(text);
	}
	closedir(d);
	qsort(*v, *n, sizeof **v, by_address);
	return 0;
}

int bounce_clear(const char *spool, const char *addr, int timeout_ms)
{
	struct lock l = LOCK_INIT;
	char path[4200], *low = xstrdup(addr);
	int rc = 0;

	if (lock_acquire(spool, "bounces", timeout_ms, &l) < 0) {
		free(low);
		return -1;
	}
	record_path(spool, addr, path, sizeof path);
	if (unlink(path) == 0)
		rc = 1;
	else if (errno != ENOENT)
		rc = -1;
	record_path(spool, util_lower(low), path, sizeof path);
	if (rc >= 0 && unlink(path) == 0)
		rc = 1;
	else if (rc >= 0 && errno != ENOENT)
		rc = -1;
	lock_release(&l);
	free(low);
	return rc;
}

void bounce_print(FILE *out, const struct bounce *b, const char *userid)
{
	char first[32], last[32];

	util_iso_time(b->first, first, sizeof first);
	util_iso_time(b->last, last, sizeof last);
	fprintf(out, "%s %s %s: %s [count=%ld first=%s userid=%s code=%d "
	        "dsn=%s]\n", last, b->address, b->source, b->reason, b->count,
	        first, userid && *userid ? userid : "-", b->code, b->dsn);
}
