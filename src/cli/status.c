/*
 * status.c - "epamserv status [--json]": what needs the administrator,
 * cheaply (no game file is replayed; "admin check" does that):
 *
 *   quarantined   the boards and accounts set aside (admin quarantine)
 *   damaged       the files that mails are set aside for (SPOOL/held/,
 *                 src/cmd/held.h): each with the loader's error, how many
 *                 mails wait and since when
 *   journal       committed updates not yet applied
 *   outbox        mails waiting to be sent
 *
 * Exit status 0 when nothing is damaged or quarantined, 1 otherwise, so
 * a monitoring check can run it.  This is the minimal form issue 12
 * needed; SPEC section 9 fixes the command's name and --json.
 */
#include "cli/cli.h"
#include "cmd/held.h"
#include "spool/quarantine.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* s as a JSON string on f. */
static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20 || ch == 0x7f)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

/* Entries of SPOOL/SUB whose names do not start with '.' (and end with
 * suffix when given). */
static long count_dir(const char *spool, const char *sub, const char *suffix)
{
	char dir[4200];
	struct dirent *de;
	long n = 0;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/%s", spool, sub);
	d = util_opendir(dir);
	if (!d)
		return 0;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name), sl = suffix ? strlen(suffix) : 0;
		if (de->d_name[0] == '.' ||
		    (suffix && (len < sl || strcmp(de->d_name + len - sl, suffix))))
			continue;
		n++;
	}
	closedir(d);
	return n;
}

/* One damaged file: the first held record naming it, and a count. */
struct damaged {
	const struct held_entry *first;
	long mails;
};

static size_t group_held(const struct held_entry *v, size_t n,
                         struct damaged *out)
{
	size_t i, j, m = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < m && strcmp(out[j].first->file, v[i].file); j++)
			;
		if (j == m) {
			out[m].first = &v[i];  /* oldest first: held_list's order */
			out[m++].mails = 0;
		}
		out[j].mails++;
	}
	return m;
}

int cli_status(const struct config *cfg, int argc, char **argv)
{
	struct quarantine_entry *q = NULL;
	struct held_entry *h = NULL;
	struct damaged *dm;
	size_t nq = 0, nh = 0, nd, i;
	long journal, outbox;
	struct stat st;
	int bad, json = argc == 2 && strcmp(argv[1], "--json") == 0;
	char when[32];

	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		printf("usage: epamserv status [--json]\n");
		return 0;
	}
	if (argc > 2 || (argc == 2 && !json)) {
		fprintf(stderr, "usage: epamserv status [--json]\n");
		return EXIT_USAGE;
	}
	/* A monitoring check must not read a wrong path, or a spool it may
	 * not read, as "nothing is damaged". */
	bad = stat(cfg->spool, &st) < 0 ? errno
	      : !S_ISDIR(st.st_mode) ? ENOTDIR : 0;
	if (bad) {
		fprintf(stderr, "epamserv: status: no spool directory at %s: %s "
		        "(the setting spool)\n", cfg->spool, strerror(bad));
		return EXIT_CONFIG;
	}
	if (quarantine_list(cfg->spool, &q, &nq) < 0) {
		fprintf(stderr, "epamserv: status: cannot read %s/quarantine: %s\n",
		        cfg->spool, strerror(errno));
		return EXIT_TEMPFAIL;
	}
	if (held_list(cfg->spool, &h, &nh) < 0) {
		fprintf(stderr, "epamserv: status: cannot read %s/held: %s\n",
		        cfg->spool, strerror(errno));
		free(q);
		return EXIT_TEMPFAIL;
	}
	dm = xmalloc((nh ? nh : 1) * sizeof *dm);
	nd = group_held(h, nh, dm);
	journal = count_dir(cfg->spool, "journal", NULL);
	outbox = count_dir(cfg->spool, "outbox", ".eml");
	if (json) {
		printf("{\"quarantined\": [");
		for (i = 0; i < nq; i++) {
			util_iso_time(q[i].since, when, sizeof when);
			printf("%s{\"name\": ", i ? ", " : "");
			json_str(stdout, q[i].name);
			printf(", \"since\": \"%s\", \"by\": ", when);
			json_str(stdout, q[i].by);
			printf(", \"reason\": ");
			json_str(stdout, q[i].reason);
			printf("}");
		}
		printf("], \"damaged\": [");
		for (i = 0; i < nd; i++) {
			util_iso_time(dm[i].first->since, when, sizeof when);
			printf("%s{\"file\": ", i ? ", " : "");
			json_str(stdout, dm[i].first->file);
			printf(", \"error\": ");
			json_str(stdout, dm[i].first->error);
			printf(", \"mails_waiting\": %ld, \"since\": \"%s\"}",
			       dm[i].mails, when);
		}
		printf("], \"journal\": %ld, \"outbox\": %ld}\n", journal, outbox);
	} else {
		for (i = 0; i < nq; i++) {
			util_iso_time(q[i].since, when, sizeof when);
			printf("quarantined: %s since %s by %s: %s\n", q[i].name, when,
			       q[i].by, q[i].reason);
		}
		for (i = 0; i < nd; i++) {
			util_iso_time(dm[i].first->since, when, sizeof when);
			printf("damaged: %s: %ld mail%s waiting since %s (%s)\n",
			       dm[i].first->file, dm[i].mails,
			       dm[i].mails == 1 ? "" : "s", when, dm[i].first->error);
		}
		printf("journal: %ld update%s not yet applied\n", journal,
		       journal == 1 ? "" : "s");
		printf("outbox: %ld mail%s waiting\n", outbox, outbox == 1 ? "" : "s");
		if (!nq && !nd)
			printf("nothing is damaged or quarantined\n");
	}
	free(q);
	free(h);
	free(dm);
	return nq || nd ? 1 : 0;
}
