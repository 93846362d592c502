/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * admin_check.c - "epamserv admin check [--fix]": the whole spool looked
 * over, and what is safe to repair repaired.
 *
 * Nothing is changed without --fix.  One line for each thing found:
 *
 *   - game files (archived ones too) that do not replay, user files that
 *     do not load (quarantined ones are read all the same, and listed),
 *     tournament files that do not load;
 *   - characters a file's format never holds: control characters and
 *     bytes that are not UTF-8 in game, user, tournament, league and seek
 *     files, markup characters where every value is a word
 *     (admin_check_text.c), file names with control characters;
 *   - FIFOs, devices and sockets anywhere (no command opens one);
 *   - journal entries that cannot be applied as they stand (a
 *     destination that is a directory, or whose directory is missing),
 *     or that have waited for over an hour ("epamserv admin journal");
 *     a fresh one only waits for its lock's next user, and is listed;
 *   - files in tmp/ older than an hour;
 *   - locks held, with the holder's PID and how long it has run (from
 *     /proc/locks); a holder running for over an hour is a problem;
 *   - files not owned by the spool's owner, not readable and writable by
 *     it, writable by group or others, or readable by others in users/,
 *     auth/ or addresses/ (which hold password hashes and addresses);
 *     symbolic links anywhere (no spool file is opened through one);
 *   - outbox mails that cannot be read;
 *   - active boards whose players have no account any more, or left;
 *   - mails set aside on a damaged file (held/), and their records left
 *     over once the mail was processed;
 *   - the ratings table (ratings/current) when it disagrees with a
 *     replay of the result records, or is missing or unreadable
 *     (admin_ratings.c; --fix rebuilds it);
 *   - free space and inodes of the spool's file system (statvfs): under
 *     2% or 50 MiB free is a problem.
 *
 * With --fix: committed updates whose lock is free are applied and old
 * transaction litter in tmp/ removed, as every batch and flush run does
 * (txn_recover_all); owners (when run as root) and modes are put right,
 * files in tmp/ older than an hour and records of held mails already
 * processed are removed, a ratings table that disagrees is rebuilt;
 * everything else is listed for the
 * administrator (admin repair, admin quarantine, admin result, admin
 * journal).  Exit 0 when nothing is left to do, 1 otherwise.
 */
#include "cli/admin.h"
#include "cli/cli.h"
#include "spool/checked.h"
#include "spool/held.h"
#include "spool/lock.h"
#include "services/bindex.h"
#include "services/tfile.h"
#include "game/game.h"
#include "spool/quarantine.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/errlang.h"
#include "util/log.h"
#include "util/magic.h"
#include "util/util.h"
#include "util/i18n.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

struct check {
	const struct config *cfg;
	int fix;
	int problems;  /* left for the administrator */
	int fixed;
	int quarantined;  /* set aside by admin quarantine, not released */
	time_t now;
	uid_t uid;     /* the spool's owner */
	gid_t gid;
	struct checked found;  /* the damaged files, for status (checked.h) */
};

/* Note rel (relative to the spool) as damaged, with error (a loader's
 * error or a check's sentence: kept in English, errlang.h). */
static void damaged(struct check *k, const char *rel, const char *error)
{
	char *english = errlang_english(error);

	checked_add(&k->found, rel, english ? english : error);
	free(english);
}

static void problem(struct check *k, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void problem(struct check *k, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	k->problems++;
}

/* ---- game and user files ---- */

static int check_game_file(const char *game, long board, void *arg,
                           const char *sub)
{
	struct check *k = arg;
	char rel[300], path[4400], qname[QUARANTINE_NAME_MAX], *text, *err = NULL;
	unsigned long newer;
	struct game g;

	snprintf(rel, sizeof rel, "games/%s/%s%ld.game", game, sub, board);
	snprintf(path, sizeof path, "%s/%s", k->cfg->spool, rel);
	quarantine_board_name(game, board, qname, sizeof qname);
	if (!*sub && quarantine_has(k->cfg->spool, qname)) {
		printf(_("%s is quarantined (epamserv admin quarantine)\n"), rel);
		k->quarantined++;
	}
	text = util_read_file(path, 8 << 20, NULL);
	if (!text) {
		int saved = errno;
		problem(k, _("%s/%s: cannot be read: %s"), k->cfg->spool, rel,
		        strerror(saved));
		damaged(k, rel, strerror(saved));
		return 0;
	}
	newer = magic_newer_count();
	if (game_parse(&g, text, rel, &err) < 0) {
		if (magic_newer_count() != newer)
			problem(k, "%s/%s", k->cfg->spool, err);  /* no repair */
		else {
			problem(k, _("%s/%s (epamserv admin repair %s %ld)"),
			        k->cfg->spool, err, game, board);
			damaged(k, rel, err);
		}
		free(err);
	} else {
		game_free(&g);
	}
	free(text);
	return 0;
}

static int check_active(const char *game, long board, void *arg)
{
	return check_game_file(game, board, arg, "");
}

static int check_archived(const char *game, long board, void *arg)
{
	return check_game_file(game, board, arg, "archive/");
}

static void check_users(struct check *k)
{
	char **ids = NULL, *err = NULL, qname[QUARANTINE_NAME_MAX];
	size_t n = 0, i;

	if (user_list(k->cfg->spool, &ids, &n, &err) < 0) {
		problem(k, "%s", err);
		free(err);
		return;
	}
	for (i = 0; i < n; i++) {
		struct user u;
		quarantine_user_name(ids[i], qname, sizeof qname);
		if (quarantine_has(k->cfg->spool, qname)) {
			printf(_("users/%s is quarantined (epamserv admin quarantine)\n"),
			       ids[i]);
			k->quarantined++;
			continue;
		}
		if (user_load(k->cfg->spool, ids[i], &u, &err) != 0) {
			char rel[300];
			snprintf(rel, sizeof rel, "users/%s", ids[i]);
			problem(k, "%s", err ? err : ids[i]);
			damaged(k, rel, err ? err : "");
			free(err);
			err = NULL;
		} else {
			user_free(&u);
		}
	}
	user_list_free(ids, n);
}

/* Every tournament file that does not load (tf_load names its line). */
static void check_tournaments(struct check *k)
{
	char dir[4200], *err = NULL;
	struct dirent *de;
	struct tfile tf;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/tournaments", k->cfg->spool);
	if (!(d = util_opendir(dir)))
		return;
	while ((de = readdir(d)) != NULL) {
		if (!util_tourney_name_ok(de->d_name))
			continue;  /* the walk says what a name is not */
		if (tf_load(k->cfg->spool, de->d_name, &tf, &err) == 0)
			tf_free(&tf);
		else if (err) {
			char rel[300];
			snprintf(rel, sizeof rel, "tournaments/%s", de->d_name);
			problem(k, "%s", err);
			damaged(k, rel, err);
		}
		free(err);
		err = NULL;
	}
	closedir(d);
}

/* ---- the ratings table (issue 35) ---- */

static void check_ratings(struct check *k)
{
	char *why = NULL;
	int rc = admin_check_ratings(k->cfg, k->fix, &why);

	if (rc == 2) {
		/* TRANSLATORS: what was wrong with the ratings table (a
		 * whole sentence). */
		printf(_("fixed: %s: rebuilt from the result records\n"), why);
		k->fixed++;
	} else if (rc == 1) {
		/* TRANSLATORS: what is wrong with the ratings table (a
		 * whole sentence); keep the command as it is. */
		problem(k, _("%s (epamserv admin ratings rebuild makes it again "
		             "from the result records)"), why);
		damaged(k, "ratings/current", why);
	} else if (rc < 0) {
		problem(k, "%s", why);
	}
	free(why);
}

/* ---- boards whose players are gone ---- */

static int check_players(const char *game, long board, void *arg)
{
	struct check *k = arg;
	struct game g;
	char *err = NULL;
	const char *who[2];
	int i;

	if (game_load(&g, k->cfg->spool, game, board, &err) != 0) {
		free(err);  /* reported above */
		return 0;
	}
	who[0] = g.white;
	who[1] = g.black;
	for (i = 0; i < 2 && (g.state == GAME_ACTIVE ||
	                      g.state == GAME_CHALLENGED); i++) {
		struct user u;
		int rc = user_load(k->cfg->spool, who[i], &u, &err);
		if (rc == 1)
			problem(k, _("games/%s/%ld.game: %s has no account (epamserv "
			          "admin result %s %ld ... ends the game)"), game, board,
			        who[i], game, board);
		else if (rc == 0 && u.left)
			problem(k, _("games/%s/%ld.game: %s has left (epamserv admin "
			          "result %s %ld ... ends the game)"), game, board, who[i],
			        game, board);
		if (rc == 0)
			user_free(&u);
		free(err);
		err = NULL;
	}
	game_free(&g);
	return 0;
}

/* ---- journal, tmp/, held mails ---- */

/* Why the directory entry journal/NAME cannot be applied as it stands
 * (a destination that is a directory, or whose directory is missing or
 * no directory), into why; 0 when nothing stands in its way. */
static int journal_blocked(struct check *k, const char *name, char *why,
                           size_t len)
{
	char path[4600], dest[1024], *text, *line, *save = NULL;
	struct stat st;
	int blocked = 0;

	snprintf(path, sizeof path, "%s/journal/%s/manifest", k->cfg->spool, name);
	text = util_read_file(path, 16 << 20, NULL);
	if (!text) {
		/* TRANSLATORS: why a journal entry cannot be applied, after
		 * "journal/NAME: a committed update that cannot be applied: ". */
		snprintf(why, len, _("its manifest cannot be read: %s"),
		         strerror(errno));
		return errno != ENOENT;
	}
	for (line = strtok_r(text, "\n", &save); line && !blocked;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp = strchr(line, ' '), *slash;
		if (!sp)
			continue;
		*sp = '\0';
		snprintf(path, sizeof path, "%s/journal/%s/%s", k->cfg->spool, name,
		         line);
		if (lstat(path, &st) < 0)
			continue;  /* applied already */
		snprintf(path, sizeof path, "%s/%s", k->cfg->spool, sp + 1);
		util_safe_name(sp + 1, dest, sizeof dest);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			snprintf(why, len, _("%s is a directory"), dest);
			blocked = 1;
			break;
		}
		slash = strrchr(path, '/');
		*slash = '\0';
		if (stat(path, &st) < 0 || !S_ISDIR(st.st_mode)) {
			snprintf(why, len, _("the directory of %s is missing"), dest);
			blocked = 1;
		}
	}
	free(text);
	return blocked;
}

/* Entries still in journal/ (with --fix, after each was tried under its
 * lock, as its next user would): what stays is a problem when something
 * stands in its way or it is over an hour old (an update is applied
 * within seconds: at the latest by the next batch or flush run). */
static void check_journal(struct check *k)
{
	char dir[4200], path[4600], raw[256], key[4 * 256 + 1], why[4096];
	struct dirent *de;
	struct stat st;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/journal", k->cfg->spool);
	d = util_opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d)) != NULL) {
		const char *comma = strchr(de->d_name, ',');
		char name[4 * 256 + 1];
		long age;
		if (de->d_name[0] == '.' || !comma)
			continue;  /* group directories: their entries say it */
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (lstat(path, &st) < 0)
			continue;
		util_safe_name(de->d_name, name, sizeof name);
		snprintf(raw, sizeof raw, "%.*s", (int)(comma - de->d_name),
		         de->d_name);
		util_safe_name(raw, key, sizeof key);
		age = (long)(k->now - st.st_mtime);
		if (S_ISDIR(st.st_mode) &&
		    journal_blocked(k, de->d_name, why, sizeof why))
			problem(k, _("journal/%s: a committed update that cannot be "
			          "applied: %s (epamserv admin journal list)"),
			        name, why);
		else if (age > 3600)
			/* TRANSLATORS: the journal entry, its age, the name
			 * of the lock it waits for. */
			problem(k, ngettext("journal/%s: a committed update not "
			                    "applied for %ld hour (the lock %s: "
			                    "epamserv admin journal apply, or --fix)",
			                    "journal/%s: a committed update not "
			                    "applied for %ld hours (the lock %s: "
			                    "epamserv admin journal apply, or --fix)",
			                    age / 3600), name, age / 3600, key);
		else
			printf(_("journal/%s: a committed update waiting for the lock "
			         "%s (its next user applies it)\n"), name, key);
	}
	closedir(d);
}

static void check_tmp(struct check *k)
{
	char dir[4200], path[4600], name[4 * 256 + 1];
	struct dirent *de;
	struct stat st;
	long hours;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/tmp", k->cfg->spool);
	d = util_opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (lstat(path, &st) < 0 || k->now - st.st_mtime < 3600)
			continue;
		util_safe_name(de->d_name, name, sizeof name);
		if (k->fix && !S_ISDIR(st.st_mode) && unlink(path) == 0) {
			printf(_("fixed: tmp/%s, left over, removed\n"), name);
			k->fixed++;
			continue;
		}
		hours = (long)(k->now - st.st_mtime) / 3600;
		if (!S_ISDIR(st.st_mode))
			problem(k, ngettext("tmp/%s: left over for %ld hour (--fix "
			                    "removes it)",
			                    "tmp/%s: left over for %ld hours (--fix "
			                    "removes it)", hours), name, hours);
		else if (strncmp(de->d_name, "restore-", 8) == 0)
			problem(k, ngettext("tmp/%s: left over for %ld hour (what an "
			                    "interrupted admin restore copied: the "
			                    "next admin restore removes it)",
			                    "tmp/%s: left over for %ld hours (what an "
			                    "interrupted admin restore copied: the "
			                    "next admin restore removes it)", hours),
			        name, hours);
		else
			problem(k, ngettext("tmp/%s: left over for %ld hour (a "
			                    "directory: look inside, then remove it)",
			                    "tmp/%s: left over for %ld hours (a "
			                    "directory: look inside, then remove it)",
			                    hours), name, hours);
	}
	closedir(d);
}

/* What admin restore --force set aside (SPOOL/replaced-STAMP): kept
 * for the administrator, left out of backups; said, never a problem. */
static void check_replaced(struct check *k)
{
	struct dirent *de;
	char name[4 * 256 + 1];
	DIR *d = util_opendir(k->cfg->spool);

	if (!d)
		return;
	while ((de = readdir(d)) != NULL)
		if (strncmp(de->d_name, "replaced-", 9) == 0)
			printf(_("%s: the spool's files from before an admin restore "
			         "--force (not in backups: remove it once they are not "
			         "needed)\n"), util_safe_name(de->d_name, name,
			                                    sizeof name));
	closedir(d);
}

static void check_held(struct check *k)
{
	struct held_entry *v;
	size_t n, i;
	char when[32];

	if (held_list(k->cfg->spool, &v, &n) < 0)
		return;
	for (i = 0; i < n; i++) {
		util_iso_time(v[i].since, when, sizeof when);
		if (spool_seen(k->cfg->spool, v[i].digest)) {
			if (k->fix) {
				held_done(k->cfg->spool, v[i].digest);
				printf(_("fixed: held/%s, the record of a mail processed "
				         "since, removed\n"), v[i].digest);
				k->fixed++;
			} else {
				problem(k, _("held/%s: the record of a mail processed since "
				          "(--fix removes it)"), v[i].digest);
			}
			continue;
		}
		/* The record's lines are text of a spool file. */
		util_clean_line(v[i].file);
		util_clean_line(v[i].error);
		/* TRANSLATORS: the held record's name, since when, the
		 * damaged file the mail waits for and its error. */
		if (v[i].notified)
			problem(k, _("held/%s: a mail waits since %s for %s (%s); "
			             "its sender was told"), v[i].digest, when,
			        v[i].file, v[i].error);
		else
			problem(k, _("held/%s: a mail waits since %s for %s (%s)"),
			        v[i].digest, when, v[i].file, v[i].error);
	}
	free(v);
}

/* ---- locks ---- */

/* How long process pid has run (seconds), or -1. */
static long process_age(long pid)
{
	char path[64], *text, *p;
	unsigned long long start;
	double up;
	FILE *f;
	int i;

	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	text = util_read_file(path, 4096, NULL);
	if (!text)
		return -1;
	p = strrchr(text, ')');
	for (i = 0; p && i < 20; i++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p + 1, "%llu", &start) != 1) {
		free(text);
		return -1;
	}
	free(text);
	f = fopen("/proc/uptime", "r");
	if (!f)
		return -1;
	i = fscanf(f, "%lf", &up);
	fclose(f);
	if (i != 1)
		return -1;
	return (long)(up - (double)start / (double)sysconf(_SC_CLK_TCK));
}

static void check_locks(struct check *k)
{
	char dir[4200], path[4600], line[256], name[4 * 256 + 1];
	struct dirent *de;
	struct stat st;
	FILE *f = fopen("/proc/locks", "r");
	DIR *d;

	snprintf(dir, sizeof dir, "%s/locks", k->cfg->spool);
	if (!f || !(d = util_opendir(dir))) {
		if (f)
			fclose(f);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		util_safe_name(de->d_name, name, sizeof name);
		rewind(f);
		while (fgets(line, sizeof line, f)) {
			unsigned int maj, min;
			unsigned long ino;
			long pid, age;
			char *p = strstr(line, "FLOCK");
			if (!p || sscanf(p, "FLOCK %*s %*s %ld %x:%x:%lu", &pid, &maj,
			                 &min, &ino) != 4 || ino != st.st_ino ||
			    maj != major(st.st_dev) || min != minor(st.st_dev))
				continue;
			age = process_age(pid);
			if (age > 3600)
				problem(k, ngettext("locks/%s: held by PID %ld, which "
				                    "has run for %ld minute: a stale "
				                    "lock? (look at the process; the "
				                    "lock goes when it ends)",
				                    "locks/%s: held by PID %ld, which "
				                    "has run for %ld minutes: a stale "
				                    "lock? (look at the process; the "
				                    "lock goes when it ends)", age / 60),
				        name, pid, age / 60);
			else
				printf(_("locks/%s: held by PID %ld (running for %ld s)\n"),
				       name, pid, age);
		}
	}
	closedir(d);
	fclose(f);
}

/* ---- owners, modes, links, unreadable outbox mails ---- */

static struct check *walk_k;

static int sensitive(const char *rel)
{
	return strncmp(rel, "users/", 6) == 0 || strncmp(rel, "auth/", 5) == 0 ||
	       strncmp(rel, "addresses/", 10) == 0;
}

static void check_mode(struct check *k, const char *path, const char *rel,
                       const struct stat *st)
{
	mode_t need = S_ISDIR(st->st_mode) ? S_IRWXU : (S_IRUSR | S_IWUSR);
	mode_t bad = S_IWGRP | S_IWOTH | (sensitive(rel) ? S_IRWXO : 0);
	mode_t want = (st->st_mode & 07777 & ~bad) | need;
	int owner = st->st_uid != k->uid;

	if (owner) {
		if (k->fix && geteuid() == 0 &&
		    lchown(path, k->uid, k->gid) == 0) {
			printf(_("fixed: %s: owner set to the spool's (uid %ld)\n"), rel,
			       (long)k->uid);
			k->fixed++;
		} else {
			/* Only root may chown, and a command started as root on
			 * another user's spool runs as that user (main.c): the
			 * line then gives the command for root to run. */
			if (geteuid() == 0)
				problem(k, _("%s: owned by uid %ld, not by the spool's "
				          "owner (uid %ld) (--fix changes it)"), rel,
				        (long)st->st_uid, (long)k->uid);
			else
				problem(k, _("%s: owned by uid %ld, not by the spool's "
				          "owner (uid %ld) (as root: chown -h %ld:%ld %s)"),
				        rel, (long)st->st_uid, (long)k->uid,
				        (long)k->uid, (long)k->gid, path);
		}
	}
	if ((st->st_mode & 07777) == want)
		return;
	if (k->fix && chmod(path, want) == 0) {
		printf(_("fixed: %s: mode %04o set to %04o\n"), rel,
		       (unsigned)(st->st_mode & 07777), (unsigned)want);
		k->fixed++;
		return;
	}
	problem(k, _("%s: mode %04o, should be %04o (--fix changes it)"), rel,
	        (unsigned)(st->st_mode & 07777), (unsigned)want);
}

/* Whether the name raw prints as it is: no character util_clean_line
 * would blank or drop, no byte that is not UTF-8. */
static int name_clean(const char *raw)
{
	char copy[4096];

	if (strlen(raw) >= sizeof copy)
		return 0;
	strcpy(copy, raw);
	return strcmp(util_clean_line(copy), raw) == 0;
}

/* A FIFO, a device or a socket at rel: a problem, each in words of its
 * own.  No spool file is one, and none is ever opened (a FIFO would
 * hang its reader): it only stands where a file should be. */
static void special_file(struct check *k, const char *rel,
                         const struct stat *st)
{
	if (S_ISFIFO(st->st_mode))
		problem(k, _("%s: a FIFO (named pipe), not a regular file: no "
		             "command reads it (remove it)"), rel);
	else if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
		problem(k, _("%s: a device file, not a regular file: no command "
		             "reads it (remove it)"), rel);
	else if (S_ISSOCK(st->st_mode))
		problem(k, _("%s: a socket, not a regular file: no command reads "
		             "it (remove it)"), rel);
	else
		problem(k, _("%s: not a regular file: no command reads it (remove "
		             "it)"), rel);
}

static int walk_one(const char *path, const struct stat *st, int type,
                    struct FTW *ftw)
{
	struct check *k = walk_k;
	const char *raw = path + strlen(k->cfg->spool);
	char rel[4 * 4096 + 1], why[4 * 4096 + 300];
	size_t n;
	int fd;

	(void)ftw;
	while (*raw == '/')
		raw++;
	util_safe_name(*raw ? raw : ".", rel, sizeof rel);
	if (type == FTW_SL || type == FTW_SLN) {
		problem(k, _("%s: a symbolic link (no spool file is opened through "
		             "one: remove it)"), rel);
		return 0;
	}
	if (type == FTW_DNR || type == FTW_NS) {
		problem(k, _("%s: cannot be read"), rel);
		return 0;
	}
	check_mode(k, path, rel, st);
	if (type == FTW_F && !S_ISREG(st->st_mode)) {
		special_file(k, rel, st);
		return 0;
	}
	if (!name_clean(raw))
		problem(k, _("%s: a file name with control characters or bytes "
		          "that are not UTF-8 (no spool file has one: look at it, "
		          "then remove it)"), rel);
	if (type == FTW_F && admin_check_text(path, raw, why, sizeof why)) {
		problem(k, "%s", why);
		damaged(k, raw, why);
	}
	n = strlen(raw);
	if (strncmp(raw, "outbox/", 7) == 0 && n > 4 &&
	    strcmp(raw + n - 4, ".eml") == 0) {
		char b;
		fd = util_open_regular(path, O_RDONLY | O_NOFOLLOW, 0);
		if (fd < 0 || type != FTW_F || read(fd, &b, 1) != 1)
			/* TRANSLATORS: the mail's file; after the colon the
			 * system's error, or why in words. */
			problem(k, _("%s: an outbox mail that cannot be read: %s"),
			        rel, fd < 0 ? strerror(errno) : type != FTW_F ?
			        _("not a file") : _("empty or unreadable"));
		if (fd >= 0)
			close(fd);
	}
	return 0;
}

static void check_files(struct check *k)
{
	struct stat st;

	if (stat(k->cfg->spool, &st) < 0)
		return;
	k->uid = st.st_uid;
	k->gid = st.st_gid;
	walk_k = k;
	nftw(k->cfg->spool, walk_one, 32, FTW_PHYS);
}

/* ---- space ---- */

static void check_space(struct check *k)
{
	struct statvfs s;
	double free_b, free_i;
	unsigned long long avail;

	if (statvfs(k->cfg->spool, &s) < 0) {
		problem(k, _("cannot ask how much room the spool has: %s"),
		        strerror(errno));
		return;
	}
	avail = (unsigned long long)s.f_bavail * s.f_frsize;
	free_b = s.f_blocks ? 100.0 * (double)s.f_bavail / (double)s.f_blocks : 100;
	free_i = s.f_files ? 100.0 * (double)s.f_favail / (double)s.f_files : 100;
	if (free_b < 2 || avail < 50ULL << 20)
		problem(k, _("the spool's file system is nearly full: %llu MiB (%.1f%%) "
		             "free"), avail >> 20, free_b);
	if (s.f_files && free_i < 2)
		problem(k, _("the spool's file system has few inodes left: %.1f%% "
		             "free"), free_i);
	printf(_("space: %llu MiB (%.0f%%) and %.0f%% of the inodes free\n"),
	       avail >> 20, free_b, free_i);
}

/* One disagreement of the board index with the boards (bindex_compare). */
static void index_wrong(void *arg, const char *what)
{
	struct check *k = arg;

	/* TRANSLATORS: what disagrees (a file of SPOOL/index and the
	 * numbers, in English: data); "admin reindex" is a command. */
	problem(k, _("board index: %s (epamserv admin reindex, or admin check "
	             "--fix, rebuilds it)"), what);
}

/* The board index (issue 35) against the boards: each disagreement a
 * problem (exit 1), not a damaged file for status (the index is
 * derived: a board altered by hand also makes it disagree, and the
 * board is what status must name); --fix rebuilds it. */
static void check_index(struct check *k)
{
	struct lock l = LOCK_INIT;
	int found, problems = k->problems;

	found = bindex_compare(k->cfg, k->now, index_wrong, k);
	if (found < 0) {
		problem(k, _("board index: cannot be compared with the boards (its "
		             "lock is busy, or it cannot be read)"));
		return;
	}
	if (!found)
		return;
	if (k->fix && lock_acquire(k->cfg->spool, "index",
	                           k->cfg->lock_timeout * 1000, &l) == 0 &&
	    bindex_rebuild(k->cfg, k->now) == 0) {
		lock_release(&l);
		k->problems = problems;
		k->fixed++;
		fputs(_("board index: rebuilt from the boards\n"), stdout);
		return;
	}
	lock_release(&l);
}

int admin_check(const struct config *cfg, int argc, char **argv)
{
	struct check k;

	memset(&k, 0, sizeof k);
	k.cfg = cfg;
	k.now = util_now();
	if (argc > 2 || (argc == 2 && strcmp(argv[1], "--fix") != 0)) {
		fputs(_("usage: epamserv admin check [--fix]\n"), stderr);
		return EXIT_USAGE;
	}
	k.fix = argc == 2;
	if (k.fix)
		txn_recover_all(cfg->spool);
	spool_each_board(cfg->spool, check_active, &k);
	spool_each_board_in(cfg->spool, "archive", check_archived, &k);
	check_users(&k);
	check_tournaments(&k);
	check_ratings(&k);
	spool_each_board(cfg->spool, check_players, &k);
	check_journal(&k);
	check_tmp(&k);
	check_replaced(&k);
	check_held(&k);
	check_locks(&k);
	check_files(&k);
	check_space(&k);
	check_index(&k);
	k.found.when = k.now;
	if (checked_write(cfg->spool, CHECKED_ADMIN, &k.found) < 0)
		log_msg(LOG_WARNING, "admin check: cannot record its result in "
		        "%s/runs: %s", cfg->spool, strerror(errno));
	checked_free(&k.found);
	if (k.fixed)
		printf(ngettext("%d thing fixed\n", "%d things fixed\n", k.fixed),
		       k.fixed);
	if (k.problems) {
		printf(ngettext("%d problem found\n", "%d problems found\n",
		                k.problems), k.problems);
		return 1;
	}
	if (k.quarantined) {
		/* Not a new problem, but not well either: status agrees. */
		printf(ngettext("%d file quarantined, the rest is well (epamserv "
		                "admin quarantine --release once repaired)\n",
		                "%d files quarantined, the rest is well (epamserv "
		                "admin quarantine --release once repaired)\n",
		                k.quarantined), k.quarantined);
		return 1;
	}
	fputs(_("all is well: every game file replays, every user file "
	        "loads\n"), stdout);
	return 0;
}
