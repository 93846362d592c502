/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * status.c - "epamserv status [--json|--prometheus]": the state of the
 * server at a glance, cheaply (no game file is replayed; "admin check"
 * does that):
 *
 *   boards        by state (challenged, active, finished, cancelled),
 *                 archived ones, and files that do not load: the counts
 *                 of the board index (services/bindex.h, issue 35),
 *                 after folding in the boards changed since it was last
 *                 brought up to date; without an index as it is now
 *                 (none yet, one the sweep is to rebuild, changes a
 *                 busy lock or a spool status may only read keeps it
 *                 from folding in), each board file's "result:" line
 *                 as before
 *   players       accounts in SPOOL/users/ but the robots' (issue 16)
 *   mails in      processed-mail records (SPOOL/seen/) of the last day
 *   outbox        mails waiting, their bytes, those deferred (a .retry
 *                 file) and the oldest first failure; failed/ mails
 *   bounces       addresses with a bounce record (SPOOL/bounces/), and
 *                 those that keep bouncing (bounce_keeps_bouncing, bounce.h)
 *                 with their players
 *   quarantined   the boards and accounts set aside (admin quarantine)
 *   damaged       the files that mails are set aside for (SPOOL/held/,
 *                 src/spool/held.h): each with the loader's error, how many
 *                 mails wait and since when; and those the last admin
 *                 check and the last sweep found (spool/checked.h), with
 *                 the check's time (status_damage.c)
 *   journal       committed updates not yet applied
 *   runs          when batch, flush and sweep last ran and their exit
 *                 status (SPOOL/runs/NAME, written by cli_note_run)
 *
 * Exit status 0 when nothing is known damaged or quarantined, 1
 * otherwise (a Nagios-style check's WARNING), so a monitoring check can
 * run it; --prometheus (a node_exporter textfile)
 * exits 0 whenever it printed the metrics, so that a cron line
 * "status --prometheus > F.tmp && mv F.tmp F.prom" keeps them current.
 * SPEC section 9 fixes the command's name and --json.
 */
#include "cli/cli.h"
#include "cli/status_damage.h"
#include "services/bindex.h"
#include "spool/addrindex.h"
#include "spool/bounce.h"
#include "spool/formats.h"
#include "spool/lock.h"
#include "spool/outbox.h"
#include "spool/spool.h"
#include "spool/users.h"
#include "util/json.h"
#include "services/engine_time.h"
#include "services/robot.h"
#include "services/robot_queue.h"
#include "util/log.h"
#include "spool/quarantine.h"
#include "util/buf.h"
#include "util/i18n.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* SPOOL/SUB opened (its path in dir[0..n)), or NULL when it cannot be
 * read (a missing directory counts nothing). */
static DIR *open_sub(const char *spool, const char *sub, char *dir, size_t n)
{
	snprintf(dir, n, "%s/%s", spool, sub);
	return util_opendir(dir);
}

/* Whether name ends with suffix (and is longer than it). */
static int has_suffix(const char *name, const char *suffix)
{
	size_t len = strlen(name), sl = strlen(suffix);

	return len > sl && strcmp(name + len - sl, suffix) == 0;
}

/* Entries of SPOOL/SUB whose names do not start with '.' (and end with
 * suffix when given). */
static long count_dir(const char *spool, const char *sub, const char *suffix)
{
	char dir[4200];
	struct dirent *de;
	long n = 0;
	DIR *d = open_sub(spool, sub, dir, sizeof dir);

	if (!d)
		return 0;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' && (!suffix || has_suffix(de->d_name, suffix)))
			n++;
	closedir(d);
	return n;
}

/* The commands whose last run status reports (cli_note_run). */
static const char *const run_names[] = { "batch", "flush", "sweep", NULL };

enum { B_CHALLENGED, B_ACTIVE, B_FINISHED, B_CANCELLED, B_ARCHIVED,
       B_UNREADABLE, B_STATES };
_Static_assert((int)B_STATES == (int)BX_STATES &&
               (int)B_UNREADABLE == (int)BX_UNREADABLE,
               "status counts the board index's states in its order");
static const char *const board_states[B_STATES] = {
	"challenged", "active", "finished", "cancelled", "archived",
	"unreadable"
};

struct run {
	time_t started, ended;  /* 0: never ran (or no readable record) */
	int exit;
	int counted;            /* flush: sent, deferred, failed were read */
	long sent, deferred, failed;
};

/* A delivery run's counts for its run record (cli_note_delivered). */
static struct {
	int noted;
	long sent, deferred, failed;
} delivered;

struct status {
	long boards[B_STATES], players, mails_in_day, mails_out_day;
	long outbox, outbox_bytes, deferred, failed, bounces, journal;
	time_t oldest_deferred;  /* first failure of the oldest; 0: none */
	struct bounce *bouncing; /* the addresses that keep bouncing */
	char (*bouncing_user)[32];  /* their players' userids, or "" */
	size_t nbouncing;
	struct run runs[3];
};

/* The state word of a board file's text: its "result:" line. */
static int board_state(const char *text)
{
	const char *r = strstr(text, "\nresult: ");

	if (!r)
		return B_UNREADABLE;
	r += strlen("\nresult: ");
	if (strncmp(r, "challenged", 10) == 0)
		return B_CHALLENGED;
	if (strncmp(r, "active", 6) == 0)
		return B_ACTIVE;
	if (strncmp(r, "cancelled", 9) == 0)
		return B_CANCELLED;
	if (strncmp(r, "white wins", 10) == 0 ||
	    strncmp(r, "black wins", 10) == 0 || strncmp(r, "draw", 4) == 0)
		return B_FINISHED;
	return B_UNREADABLE;
}

/* Count the board files of SPOOL/games/GAME by state into st. */
static void count_boards(const char *spool, const char *game,
                         struct status *st)
{
	char sub[200], dir[4200], path[4600];
	struct dirent *de;
	DIR *d;

	snprintf(sub, sizeof sub, "games/%s", game);
	if ((d = open_sub(spool, sub, dir, sizeof dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		char *text;
		if (de->d_name[0] == '.' || !has_suffix(de->d_name, ".game"))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		text = util_read_file(path, 8 * 1024 * 1024, NULL);
		st->boards[text ? board_state(text) : B_UNREADABLE]++;
		free(text);
	}
	closedir(d);
	snprintf(dir, sizeof dir, "games/%s/archive", game);
	st->boards[B_ARCHIVED] += count_dir(spool, dir, ".game");
}

/* Records of SPOOL/seen/ written since 24 hours before now. */
static long count_recent(const char *spool, const char *sub, time_t now)
{
	char dir[4200];
	struct dirent *de;
	struct stat sb;
	long n = 0;
	DIR *d = open_sub(spool, sub, dir, sizeof dir);

	if (!d)
		return 0;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' &&
		    fstatat(dirfd(d), de->d_name, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(sb.st_mode) && sb.st_mtime > now - 86400)
			n++;
	closedir(d);
	return n;
}

/* One outbox entry: a mail (its size) or its .retry file (deferred). */
static void count_outbox_entry(DIR *d, const char *dir, const char *name,
                               struct status *st)
{
	struct outbox_retry r;
	char path[8192], *text;
	struct stat sb;

	if (has_suffix(name, ".eml")) {
		if (fstatat(dirfd(d), name, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(sb.st_mode)) {
			st->outbox++;
			st->outbox_bytes += (long)sb.st_size;
		}
		return;
	}
	if (!has_suffix(name, ".eml.retry"))
		return;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	text = util_read_file(path, 4096, NULL);
	if (text && outbox_retry_parse(text, &r) == 0 && r.first > 0) {
		st->deferred++;
		if (!st->oldest_deferred || r.first < st->oldest_deferred)
			st->oldest_deferred = (time_t)r.first;
	}
	free(text);
}

static void count_outbox(const char *spool, struct status *st)
{
	char dir[4200];
	struct dirent *de;
	DIR *d = open_sub(spool, "outbox", dir, sizeof dir);

	if (!d)
		return;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			count_outbox_entry(d, dir, de->d_name, st);
	closedir(d);
}

/* Make SPOOL/runs when missing: 0, or -1 (errno). */
static int mkdir_runs(const char *spool)
{
	char dir[4200];

	snprintf(dir, sizeof dir, "%s/runs", spool);
	return mkdir(dir, 0750) < 0 && errno != EEXIST ? -1 : 0;
}

/* Read SPOOL/runs/NAME into *r (all 0 when there is none). */
static void read_run(const char *spool, const char *name, struct run *r)
{
	char path[4200], *text, *p, when[32];
	int version;

	memset(r, 0, sizeof *r);
	snprintf(path, sizeof path, "%s/runs/%s", spool, name);
	text = util_read_file(path, 4096, NULL);
	if (!text)
		return;
	if (sscanf(text, "epamserv-run %d", &version) == 1 &&
	    version == FORMAT_RUN) {
		for (p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
			if (sscanf(p, "started: %31s", when) == 1)
				util_parse_iso_time(when, &r->started);
			else if (sscanf(p, "ended: %31s", when) == 1)
				util_parse_iso_time(when, &r->ended);
			else if (sscanf(p, "exit: %d", &r->exit) == 1)
				continue;
			else if (sscanf(p, "sent: %ld", &r->sent) == 1 ||
			         sscanf(p, "deferred: %ld", &r->deferred) == 1 ||
			         sscanf(p, "failed: %ld", &r->failed) == 1)
				r->counted = 1;
		}
	}
	free(text);
}

void cli_note_run(const struct config *cfg, const char *name,
                  time_t started, int rc)
{
	char dir[4200], path[4300], tmp[4400], t0[32], t1[32];
	FILE *f;

	snprintf(dir, sizeof dir, "%s/runs", cfg->spool);
	if (mkdir_runs(cfg->spool) < 0)
		goto fail;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	snprintf(tmp, sizeof tmp, "%s/.%s.%ld", dir, name, (long)getpid());
	util_iso_time(started, t0, sizeof t0);
	util_iso_time(util_now(), t1, sizeof t1);
	/* Written aside and renamed; advisory state: no fsync. */
	if ((f = util_fopen_spool(tmp, 0)) == NULL)
		goto fail;
	fprintf(f, "epamserv-run %d\nstarted: %s\nended: %s\nexit: %d\n",
	        FORMAT_RUN, t0, t1, rc);
	if (delivered.noted && strcmp(name, "flush") == 0)
		fprintf(f, "sent: %ld\ndeferred: %ld\nfailed: %ld\n",
		        delivered.sent, delivered.deferred, delivered.failed);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		goto fail;
	}
	return;
fail:
	log_msg(LOG_WARNING, "cannot record the %s run in %s/runs: %s\n",
	        name, cfg->spool, strerror(errno));
}

void cli_note_delivered(int sent, int deferred, int failed)
{
	delivered.noted = 1;
	delivered.sent += sent;
	delivered.deferred += deferred;
	delivered.failed += failed;
}

/* The hourly counts of SPOOL/runs/sent ("HOUR COUNT" lines, HOUR the
 * start of an hour in seconds since the epoch) of the 24 hours before
 * now, into hour[] and count[] (at most 25 each).  Returns how many. */
static int read_sent(const char *spool, time_t now, long long *hour,
                     long *count)
{
	char path[4200], *text, *p;
	long long h;
	long c;
	int n = 0;

	snprintf(path, sizeof path, "%s/runs/sent", spool);
	text = util_read_file(path, 4096, NULL);
	if (!text)
		return 0;
	for (p = strtok(text, "\n"); p && n < 25; p = strtok(NULL, "\n"))
		if (sscanf(p, "%lld %ld", &h, &c) == 2 && c > 0 &&
		    c < 100000000 && h > (long long)now - 86400 &&
		    h <= (long long)now) {
			hour[n] = h;
			count[n++] = c;
		}
	free(text);
	return n;
}

void cli_note_sent(const struct config *cfg, int sent, time_t now)
{
	struct lock l = LOCK_INIT;
	long long hour[26], this_hour = (long long)now - (long long)now % 3600;
	long count[26];
	char path[4200], tmp[4300];
	FILE *f;
	int n, i;

	if (sent <= 0)
		return;
	if (lock_acquire(cfg->spool, "runs-sent", 1000, &l) < 0)
		return;  /* advisory: a count lost, never a run stopped */
	n = read_sent(cfg->spool, now, hour, count);
	for (i = 0; i < n && hour[i] != this_hour; i++)
		;
	if (i == n) {
		hour[n] = this_hour;
		count[n++] = 0;
	}
	count[i] += sent;
	snprintf(path, sizeof path, "%s/runs/sent", cfg->spool);
	snprintf(tmp, sizeof tmp, "%s/runs/.sent.%ld", cfg->spool,
	         (long)getpid());
	if (mkdir_runs(cfg->spool) == 0 &&
	    (f = util_fopen_spool(tmp, 0)) != NULL) {
		for (i = 0; i < n; i++)
			fprintf(f, "%lld %ld\n", hour[i], count[i]);
		if (fclose(f) != 0 || rename(tmp, path) != 0)
			unlink(tmp);
	}
	lock_release(&l);
}

/* Mails sent in the 24 hours before now, to the hour. */
static long sent_last_day(const char *spool, time_t now)
{
	long long hour[25];
	long count[25], sum = 0;
	int n = read_sent(spool, now, hour, count), i;

	for (i = 0; i < n; i++)
		sum += count[i];
	return sum;
}

/* The bounce records that keep bouncing (bounce_keeps_bouncing), with the
 * userid of each address's player, into st. */
static void gather_bouncing(const char *spool, struct status *st)
{
	struct bounce *v;
	size_t n, i;

	if (bounce_list(spool, &v, &n) < 0)
		return;
	st->bouncing = xmalloc((n ? n : 1) * sizeof *st->bouncing);
	st->bouncing_user = xmalloc((n ? n : 1) * sizeof *st->bouncing_user);
	for (i = 0; i < n; i++) {
		char *u = st->bouncing_user[st->nbouncing];
		if (!bounce_keeps_bouncing(&v[i]))
			continue;
		if (addr_player(spool, v[i].address, u) != 1)
			u[0] = '\0';
		st->bouncing[st->nbouncing++] = v[i];
	}
	free(v);
}

/* The boards by state into st: the board index's counts (O(1), plus
 * the boards changed since the last fold), or, when there is no index
 * to be had, every board file read (O(boards)). */
static void gather_boards(const struct config *cfg, struct status *st)
{
	struct bindex_counts c;
	size_t i;

	if (bindex_status_counts(cfg, util_now(), 1000, &c) == 0) {
		for (i = 0; i < B_STATES; i++)
			st->boards[i] = c.n[i];  /* the same order */
		return;
	}
	for (i = 0; spool_games[i]; i++)
		count_boards(cfg->spool, spool_games[i], st);
}

/* Everything but the quarantine and held records, into *st. */
static void gather(const struct config *cfg, struct status *st)
{
	const char *spool = cfg->spool;
	char **ids;
	char *err = NULL;
	size_t n, i;

	memset(st, 0, sizeof *st);
	gather_boards(cfg, st);
	if (user_list(spool, &ids, &n, &err) == 0) {
		st->players = (long)n;
		user_list_free(ids, n);
	}
	free(err);
	st->mails_in_day = count_recent(spool, "seen", util_now());
	st->mails_out_day = sent_last_day(spool, util_now());
	count_outbox(spool, st);
	/* NAME.eml.retry beside a failed mail is its record, not a mail. */
	st->failed = count_dir(spool, "failed", ".eml");
	st->bounces = count_dir(spool, "bounces", NULL);
	gather_bouncing(spool, st);
	st->journal = count_dir(spool, "journal", NULL);
	for (i = 0; run_names[i]; i++)
		read_run(spool, run_names[i], &st->runs[i]);
}

/* One address that keeps bouncing, as a JSON object (after a comma
 * unless it is the first, i == 0). */
static void print_bouncing_json(const struct bounce *b, const char *userid,
                                int i)
{
	char when[32];

	printf("%s{\"address\": ", i ? ", " : "");
	json_put_str(stdout, b->address);
	printf(", \"userid\": ");
	if (*userid)
		json_put_str(stdout, userid);
	else
		printf("null");
	util_iso_time(b->first, when, sizeof when);
	printf(", \"count\": %ld, \"first\": \"%s\"", b->count, when);
	util_iso_time(b->last, when, sizeof when);
	printf(", \"last\": \"%s\", \"code\": %d, \"dsn\": ", when, b->code);
	json_put_str(stdout, b->dsn);
	printf(", \"reason\": ");
	json_put_str(stdout, b->reason);
	printf("}");
}

/* The --json keys beyond quarantined and damaged. */
static void print_json_rest(const struct status *st)
{
	char when[32];
	int i;

	printf(", \"journal\": %ld, \"outbox\": %ld, \"outbox_bytes\": %ld, "
	       "\"deferred\": %ld, \"failed\": %ld, \"oldest_deferred\": ",
	       st->journal, st->outbox, st->outbox_bytes, st->deferred,
	       st->failed);
	util_iso_time(st->oldest_deferred, when, sizeof when);
	printf(st->oldest_deferred ? "\"%s\"" : "null", when);
	printf(", \"boards\": {");
	for (i = 0; i < B_STATES; i++)
		printf("%s\"%s\": %ld", i ? ", " : "", board_states[i],
		       st->boards[i]);
	printf("}, \"players\": %ld, \"mails_in_last_day\": %ld, "
	       "\"mails_out_last_day\": %ld, \"bounces\": %ld, \"runs\": {",
	       st->players, st->mails_in_day, st->mails_out_day, st->bounces);
	for (i = 0; run_names[i]; i++) {
		const struct run *r = &st->runs[i];
		printf("%s\"%s\": ", i ? ", " : "", run_names[i]);
		if (!r->ended) {
			printf("null");
			continue;
		}
		util_iso_time(r->started, when, sizeof when);
		printf("{\"started\": \"%s\", ", when);
		util_iso_time(r->ended, when, sizeof when);
		printf("\"ended\": \"%s\", \"exit\": %d", when, r->exit);
		if (r->counted)
			printf(", \"sent\": %ld, \"deferred\": %ld, \"failed\": %ld",
			       r->sent, r->deferred, r->failed);
		printf("}");
	}
	printf("}, \"bouncing\": [");
	for (i = 0; i < (int)st->nbouncing; i++)
		print_bouncing_json(&st->bouncing[i], st->bouncing_user[i], i);
	printf("]");
}

/* One node_exporter gauge with its HELP and TYPE lines. */
static void prom_head(const char *name, const char *help)
{
	printf("# HELP epamserv_%s %s\n# TYPE epamserv_%s gauge\n", name, help,
	       name);
}

/* One gauge without labels: its HELP and TYPE lines and its value. */
static void prom_one(const char *name, const char *help, long long value)
{
	prom_head(name, help);
	printf("epamserv_%s %lld\n", name, value);
}

static void print_prometheus(const struct status *st, size_t nq,
                             const struct status_damage *dm)
{
	int i;

	prom_head("boards", "Board files by state.");
	for (i = 0; i < B_STATES; i++)
		printf("epamserv_boards{state=\"%s\"} %ld\n", board_states[i],
		       st->boards[i]);
	prom_one("players", "Accounts.", (long long)st->players);
	prom_one("mails_in_last_day", "Mails processed in the last 24 hours.",
	         (long long)st->mails_in_day);
	prom_one("mails_out_last_day", "Mails sent in the last 24 hours.",
	         (long long)st->mails_out_day);
	prom_one("outbox_mails", "Mails waiting in the outbox.",
	         (long long)st->outbox);
	prom_one("outbox_bytes", "Bytes of the mails in the outbox.",
	         (long long)st->outbox_bytes);
	prom_one("outbox_deferred", "Outbox mails deferred at least once.",
	         (long long)st->deferred);
	prom_one("outbox_oldest_deferred_timestamp_seconds",
	         "First failure of the oldest deferred mail (0: "
	         "none).", (long long)st->oldest_deferred);
	prom_one("failed_mails", "Mails in failed/.", (long long)st->failed);
	prom_one("bounced_addresses", "Addresses with a bounce record.",
	         (long long)st->bounces);
	prom_one("bouncing_addresses", "Addresses that keep bouncing.",
	         (long long)st->nbouncing);
	prom_one("quarantined", "Boards and accounts quarantined.",
	         (long long)nq);
	status_damage_prometheus(dm);
	prom_one("journal_pending", "Committed updates not yet applied.",
	         (long long)st->journal);
	prom_head("last_run_timestamp_seconds",
	          "When the command last ended (0: never).");
	for (i = 0; run_names[i]; i++)
		printf("epamserv_last_run_timestamp_seconds{command=\"%s\"} %lld\n",
		       run_names[i], (long long)st->runs[i].ended);
	prom_head("last_run_exit_code", "Exit status of the last run.");
	for (i = 0; run_names[i]; i++)
		if (st->runs[i].ended)
			printf("epamserv_last_run_exit_code{command=\"%s\"} %d\n",
			       run_names[i], st->runs[i].exit);
	prom_head("last_flush_mails", "Mails the last flush sent, deferred "
	          "and failed.");
	for (i = 0; run_names[i]; i++) {
		const struct run *r = &st->runs[i];
		if (!r->counted)
			continue;
		printf("epamserv_last_flush_mails{outcome=\"sent\"} %ld\n"
		       "epamserv_last_flush_mails{outcome=\"deferred\"} %ld\n"
		       "epamserv_last_flush_mails{outcome=\"failed\"} %ld\n",
		       r->sent, r->deferred, r->failed);
	}
}

/* The last run of the command name (batch, flush or sweep) in words. */
static void print_run(const char *name, const struct run *r)
{
	char when[32];

	if (!r->ended) {
		/* TRANSLATORS: %s is a command's name: batch, flush or
		 * sweep. */
		printf(_("last %s: never\n"), name);
		return;
	}
	util_iso_time(r->ended, when, sizeof when);
	/* TRANSLATORS: the command's name (batch, flush or sweep), when its
	 * last run ended and its exit status; then, for flush, the mails
	 * it sent, deferred and failed. */
	if (r->counted)
		printf(r->exit == 0 ?
		       _("last %s: ended %s, exit %d (ok), %ld sent, %ld "
		         "deferred, %ld failed\n") :
		       r->exit == EXIT_TEMPFAIL ?
		       _("last %s: ended %s, exit %d (temporary failure), %ld "
		         "sent, %ld deferred, %ld failed\n") :
		       _("last %s: ended %s, exit %d (error), %ld sent, %ld "
		         "deferred, %ld failed\n"),
		       name, when, r->exit, r->sent, r->deferred, r->failed);
	else
		printf(r->exit == 0 ? _("last %s: ended %s, exit %d (ok)\n") :
		       r->exit == EXIT_TEMPFAIL ?
		       _("last %s: ended %s, exit %d (temporary failure)\n") :
		       _("last %s: ended %s, exit %d (error)\n"),
		       name, when, r->exit);
}

static void print_text_rest(const struct status *st)
{
	char when[32];
	int i;

	/* TRANSLATORS: the board files of the spool counted by state. */
	printf(_("boards: challenged %ld, active %ld, finished %ld, cancelled "
	         "%ld, archived %ld, unreadable %ld\n"),
	       st->boards[B_CHALLENGED], st->boards[B_ACTIVE],
	       st->boards[B_FINISHED], st->boards[B_CANCELLED],
	       st->boards[B_ARCHIVED], st->boards[B_UNREADABLE]);
	printf(_("players: %ld\n"), st->players);
	printf(_("mails in the last day: %ld processed, %ld sent\n"),
	       st->mails_in_day, st->mails_out_day);
	if (st->oldest_deferred) {
		util_iso_time(st->oldest_deferred, when, sizeof when);
		/* TRANSLATORS: the mails waiting, their bytes, how many of
		 * them were deferred and when the oldest of those first
		 * failed. */
		printf(ngettext("outbox: %ld mail waiting (%ld bytes), %ld "
		                "deferred, the oldest since %s\n",
		                "outbox: %ld mails waiting (%ld bytes), %ld "
		                "deferred, the oldest since %s\n", st->outbox),
		       st->outbox, st->outbox_bytes, st->deferred, when);
	} else {
		printf(ngettext("outbox: %ld mail waiting (%ld bytes), %ld "
		                "deferred\n",
		                "outbox: %ld mails waiting (%ld bytes), %ld "
		                "deferred\n", st->outbox),
		       st->outbox, st->outbox_bytes, st->deferred);
	}
	printf(ngettext("failed: %ld mail\n", "failed: %ld mails\n", st->failed),
	       st->failed);
	printf(ngettext("bounces: %ld address\n", "bounces: %ld addresses\n",
	                st->bounces), st->bounces);
	for (i = 0; i < (int)st->nbouncing; i++) {
		const struct bounce *b = &st->bouncing[i];
		char first[32];
		util_iso_time(b->first, first, sizeof first);
		util_iso_time(b->last, when, sizeof when);
		if (*st->bouncing_user[i])
			/* TRANSLATORS: the address, its player's userid, the
			 * count, the first bounce's and the last one's time,
			 * the last one's reason (the remote server's words). */
			printf(ngettext("bouncing: %s (player %s): %ld bounce "
			                "since %s, the last %s: %s\n",
			                "bouncing: %s (player %s): %ld bounces "
			                "since %s, the last %s: %s\n", b->count),
			       b->address, st->bouncing_user[i], b->count, first,
			       when, b->reason);
		else
			printf(ngettext("bouncing: %s (no player): %ld bounce "
			                "since %s, the last %s: %s\n",
			                "bouncing: %s (no player): %ld bounces "
			                "since %s, the last %s: %s\n", b->count),
			       b->address, b->count, first, when, b->reason);
	}
	printf(ngettext("journal: %ld update not yet applied\n",
	                "journal: %ld updates not yet applied\n", st->journal),
	       st->journal);
	for (i = 0; run_names[i]; i++)
		print_run(run_names[i], &st->runs[i]);
}

/* What a waiting robot move waits for (robot_queue_why), as status
 * --json names it. */
static const char *const wait_names[] = {
	[ROBOT_GO] = "run", [ROBOT_WAIT_RUN] = "run",
	[ROBOT_WAIT_HOUR] = "hour", [ROBOT_WAIT_BOARD] = "board_share",
	[ROBOT_WAIT_PLAYER] = "player_share"
};

/* Call put for each robot move waiting, in the order the next run
 * plays them (robot_queue.h), at the time now: its place i (0 first),
 * what it waits for (robot_queue_why) and since when (util_iso_time of
 * w->since).  None when SPOOL/robot cannot be read. */
static void each_waiting(const struct config *cfg,
                         void (*put)(const struct robot_wait *w, size_t i,
                                     enum robot_why why, const char *since))
{
	struct robot_wait *q;
	time_t now = util_now();
	char when[32];
	size_t n = 0, i;

	if (robot_queue_read(cfg, now, &q, &n) < 0)
		n = 0;
	for (i = 0; i < n; i++) {
		util_iso_time(q[i].since, when, sizeof when);
		put(&q[i], i, robot_queue_why(cfg, now, q[i].game, q[i].board,
		                              q[i].human), when);
	}
	free(q);
}

/* One robot move waiting for --json (each_waiting): {"game", "board",
 * "robot", "player" (or null), "since", "player_ms_used", "waits_for"}. */
static void put_waiting_json(const struct robot_wait *w, size_t i,
                             enum robot_why why, const char *since)
{
	printf("%s{\"game\": ", i ? ", " : "");
	json_put_str(stdout, w->game);
	printf(", \"board\": %ld, \"robot\": ", w->board);
	json_put_str(stdout, w->robot);
	printf(", \"player\": ");
	if (w->human[0])
		json_put_str(stdout, w->human);
	else
		printf("null");
	printf(", \"since\": \"%s\", \"player_ms_used\": %ld, "
	       "\"waits_for\": \"%s\"}", since, w->used, wait_names[why]);
}

/* The robot moves waiting, in the order the next run plays them, for
 * --json: "robot_waiting": [put_waiting_json's objects]. */
static void print_waiting_json(const struct config *cfg)
{
	printf(", \"robot_waiting\": [");
	each_waiting(cfg, put_waiting_json);
	printf("]");
}

/* The robots and the engine's hour for --json: "engine_hour_ms" (0: no
 * bound), "engine_ms_used", "engine_share_percent", "engine_share_ms" (0:
 * no bound), "robots": [{"userid", "level", "games"}],
 * "robot_memory_mib", "robot_think_ms", "robot_budget_ms",
 * "robot_moves_waiting", "robot_waiting" (print_waiting_json). */
static void print_robots_json(const struct config *cfg)
{
	long waiting = robot_waiting(cfg), used = 0;
	int i;

	if (cfg->engine_hour_ms > 0)
		used = cfg->engine_hour_ms - engine_time_left(cfg, util_now());
	printf(", \"engine_hour_ms\": %d, \"engine_ms_used\": %ld, "
	       "\"engine_share_percent\": %d, \"engine_share_ms\": %ld, "
	       "\"robots\": [", cfg->engine_hour_ms > 0 ? cfg->engine_hour_ms : 0,
	       used, cfg->engine_share_percent, engine_share_ms(cfg));
	for (i = 0; i < cfg->nrobots; i++) {
		printf("%s{\"userid\": ", i ? ", " : "");
		json_put_str(stdout, cfg->robot[i].userid);
		printf(", \"level\": %d, \"games\": %d}", cfg->robot[i].level,
		       robot_limit(cfg, &cfg->robot[i]));
	}
	printf("], \"robot_memory_mib\": %zu, \"robot_think_ms\": %d, "
	       "\"robot_budget_ms\": %d, \"robot_moves_waiting\": %ld",
	       cfg->nrobots ? robot_memory_planned(cfg) >> 20 : 0,
	       cfg->robot_think_ms, cfg->robot_budget_ms,
	       waiting < 0 ? 0 : waiting);
	print_waiting_json(cfg);
}

static void print_json(const struct config *cfg, const struct status *st,
                       const struct quarantine_entry *q, size_t nq,
                       const struct status_damage *dm)
{
	char when[32];
	size_t i;

	printf("{\"quarantined\": [");
	for (i = 0; i < nq; i++) {
		util_iso_time(q[i].since, when, sizeof when);
		printf("%s{\"name\": ", i ? ", " : "");
		json_put_str(stdout, q[i].name);
		printf(", \"since\": \"%s\", \"by\": ", when);
		json_put_str(stdout, q[i].by);
		printf(", \"reason\": ");
		json_put_str(stdout, q[i].reason);
		printf("}");
	}
	printf("]");
	status_damage_json(dm);
	print_json_rest(st);
	print_robots_json(cfg);
	printf("}\n");
}

/* One robot move waiting, in words (each_waiting), and what it waits
 * for. */
static void put_waiting(const struct robot_wait *w, size_t i,
                        enum robot_why why, const char *since)
{
	(void)i;
	if (!w->robot[0]) {
		/* TRANSLATORS: the game's name and the board's number. */
		printf(_("robot waiting: %s board %ld: no robot to move "
		         "(the next run removes the note)\n"), w->game, w->board);
		return;
	}
	if (w->human[0])
		/* TRANSLATORS: the game's name, the board's number, the
		 * robot's userid, the player's userid (twice), since when
		 * and the milliseconds the player used; what the move waits
		 * for follows the colon. */
		printf(_("robot waiting: %1$s board %2$ld: %3$s to answer %4$s "
		         "since %5$s (%4$s: %6$ld ms of engine time this hour): "),
		       w->game, w->board, w->robot, w->human, since, w->used);
	else
		printf(_("robot waiting: %s board %ld: %s to answer no player "
		         "since %s (no player: %ld ms of engine time this "
		         "hour): "), w->game, w->board, w->robot, since, w->used);
	/* TRANSLATORS: what a robot's move waits for, after "robot
	 * waiting: ...: ". */
	switch (why) {
	case ROBOT_WAIT_HOUR:
		fputs(_("waits for the server's next hour\n"), stdout);
		break;
	case ROBOT_WAIT_BOARD:
		fputs(_("waits for the board's share of the next hour\n"), stdout);
		break;
	case ROBOT_WAIT_PLAYER:
		fputs(_("waits for the player's share of the next hour\n"),
		      stdout);
		break;
	default:
		fputs(_("the next run plays it\n"), stdout);
		break;
	}
}

/* The robots (issue 16): who plays at what level, their engine's memory
 * (apart from the mail processing's 16 MiB target), the moves waiting. */
static void print_robots(const struct config *cfg)
{
	long waiting = robot_waiting(cfg);
	int i;

	if (cfg->engine_hour_ms > 0) {
		printf(_("engine time this hour: %ld of %d ms used (robots and "
		         "analyses, engine_hour_ms)\n"), cfg->engine_hour_ms -
		       engine_time_left(cfg, util_now()), cfg->engine_hour_ms);
		printf(_("engine share: %ld ms an hour for each player and each "
		         "robot game (engine_share_percent = %d), a player more "
		         "while half the hour is unused\n"), engine_share_ms(cfg),
		       cfg->engine_share_percent);
	} else
		fputs(_("engine time this hour: no bound (engine_hour_ms = 0)\n"),
		      stdout);
	if (cfg->nrobots == 0) {
		fputs(_("robots: off\n"), stdout);
		return;
	}
	/* TRANSLATORS: the head of the list of robots, each "USERID (level
	 * N, N games)", after a blank, the robots apart by commas. */
	fputs(_("robots:"), stdout);
	for (i = 0; i < cfg->nrobots; i++) {
		int games = robot_limit(cfg, &cfg->robot[i]);
		putchar(' ');
		/* TRANSLATORS: a robot's userid, its level and how many
		 * games it plays at most. */
		printf(ngettext("%s (level %d, %d game)", "%s (level %d, %d games)",
		                games), cfg->robot[i].userid, cfg->robot[i].level,
		       games);
		fputs(i + 1 < cfg->nrobots ? "," : "\n", stdout);
	}
	printf(_("robot memory: %zu MiB transposition table (apart from the "
	         "16 MiB of mail processing), think %d ms a move, %d ms a "
	         "run\n"), robot_memory_planned(cfg) >> 20, cfg->robot_think_ms,
	       cfg->robot_budget_ms);
	printf(_("robot moves waiting: %ld\n"), waiting < 0 ? 0 : waiting);
	each_waiting(cfg, put_waiting);
}

static void print_text(const struct status *st,
                       const struct quarantine_entry *q, size_t nq,
                       const struct status_damage *dm)
{
	char when[32];
	size_t i;

	for (i = 0; i < nq; i++) {
		util_iso_time(q[i].since, when, sizeof when);
		/* TRANSLATORS: the board or account, since when, who put it
		 * there and why (the operator's words). */
		printf(_("quarantined: %s since %s by %s: %s\n"), q[i].name,
		       when, q[i].by, q[i].reason);
	}
	status_damage_text(dm);
	print_text_rest(st);
	status_damage_checks_text(dm);
	if (!nq && !dm->n)
		fputs(_("nothing is damaged or quarantined\n"), stdout);
}

static const char status_usage[] =
	N_("usage: epamserv status [--json|--prometheus]\n");

int cli_need_spool(const struct config *cfg, const char *cmd)
{
	struct stat sb;
	int bad = stat(cfg->spool, &sb) < 0 ? errno
	          : !S_ISDIR(sb.st_mode) ? ENOTDIR : 0;

	if (!bad)
		return 0;
	/* TRANSLATORS: the command, the spool's path, the system's error. */
	fprintf(stderr, _("epamserv: %s: no spool directory at %s: %s (the "
	                  "setting spool)\n"), cmd, cfg->spool, strerror(bad));
	return EXIT_CONFIG;
}

int cli_status(const struct config *cfg, int argc, char **argv)
{
	struct quarantine_entry *q = NULL;
	struct status_damage dm;
	struct status st;
	size_t nq = 0;
	const char *opt = argc == 2 ? argv[1] : "";
	int json = strcmp(opt, "--json") == 0,
	    prom = strcmp(opt, "--prometheus") == 0, rc;

	if (strcmp(opt, "--help") == 0) {
		fputs(_(status_usage), stdout);
		return 0;
	}
	if (argc > 2 || (argc == 2 && !json && !prom)) {
		fputs(_(status_usage), stderr);
		return EXIT_USAGE;
	}
	/* A monitoring check must not read a wrong path, or a spool it may
	 * not read, as "nothing is damaged". */
	if (cli_need_spool(cfg, "status") != 0)
		return EXIT_CONFIG;
	if (quarantine_list(cfg->spool, &q, &nq) < 0) {
		fprintf(stderr, _("epamserv: status: cannot read %s/quarantine: "
		                  "%s\n"), cfg->spool, strerror(errno));
		return EXIT_TEMPFAIL;
	}
	if ((rc = status_damage_read(cfg->spool, &dm)) < 0) {
		if (rc == -1)
			fprintf(stderr, _("epamserv: status: cannot read %s/held: "
			                  "%s\n"), cfg->spool, strerror(errno));
		else
			/* TRANSLATORS: the spool's path and the system's
			 * error. */
			fprintf(stderr, _("epamserv: status: cannot read what the "
			                  "last check found in %s/runs: %s\n"),
			        cfg->spool, strerror(errno));
		status_damage_free(&dm);
		free(q);
		return EXIT_TEMPFAIL;
	}
	gather(cfg, &st);
	st.players -= robot_accounts(cfg);  /* people only (issue 16) */
	if (prom)
		print_prometheus(&st, nq, &dm);
	else if (json)
		print_json(cfg, &st, q, nq, &dm);
	else {
		print_text(&st, q, nq, &dm);
		print_robots(cfg);
	}
	rc = nq || dm.n ? 1 : 0;
	free(q);
	status_damage_free(&dm);
	free(st.bouncing);
	free(st.bouncing_user);
	return prom ? 0 : rc;
}
