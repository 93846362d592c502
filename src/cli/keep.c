/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * keep.c - the copy of each incoming mail (the setting keep_incoming,
 * issue 33): "receive" writes the mail as it came into a Maildir before
 * processing it, and "admin replay MAILDIR [--since TIME]" feeds the
 * copies received since a backup through the intake again, after a
 * restore (doc/upgrading.md).
 *
 * A copy is delivered as Maildir delivery agents do: written under
 * tmp/ with a unique name ("SECONDS.M<micro>P<pid>Q<n>.keep"), fsync'ed,
 * renamed into new/, and new/ fsync'ed.  The name starts with the
 * delivery time in seconds, which replay reads back as the mail's
 * delivery time (as batch does).
 *
 * Replay reads new/ and cur/ and changes nothing there: each mail is
 * processed with process_mail_at, in the order of delivery (the time
 * of the name, then the name), so that moves arrive in the order they
 * did.  A mail the spool already processed (its Message-ID's record in
 * seen/, the one every intake consults) does nothing, so a copy kept
 * twice, or a replay run twice, applies each mail once.
 */
#include "cli/admin.h"
#include "cli/cli.h"
#include "pipeline/process.h"
#include "services/robot.h"
#include "util/buf.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

int keep_incoming(const struct config *cfg, const char *raw, size_t len)
{
	static unsigned serial;
	char dir[4200], tmp[4400], dst[4400], name[128];
	struct timeval tv;
	const char *sub[] = { "", "/tmp", "/new", "/cur" };
	size_t i, off = 0;
	int fd;

	if (!cfg->keep_incoming || !*cfg->keep_incoming)
		return 0;
	for (i = 0; i < 4; i++) {
		snprintf(dir, sizeof dir, "%s%s", cfg->keep_incoming, sub[i]);
		if (mkdir(dir, 0700) < 0 && errno != EEXIST)
			goto fail_dir;
	}
	gettimeofday(&tv, NULL);
	snprintf(name, sizeof name, "%lld.M%06ldP%ldQ%u.keep",
	         (long long)tv.tv_sec, (long)tv.tv_usec, (long)getpid(),
	         serial++);
	snprintf(tmp, sizeof tmp, "%s/tmp/%s", cfg->keep_incoming, name);
	snprintf(dst, sizeof dst, "%s/new/%s", cfg->keep_incoming, name);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		goto fail;
	while (off < len) {
		ssize_t n = write(fd, raw + off, len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			close(fd);
			unlink(tmp);
			goto fail;
		}
		off += (size_t)n;
	}
	if (fsync(fd) < 0 || close(fd) < 0 || rename(tmp, dst) < 0) {
		unlink(tmp);
		goto fail;
	}
	snprintf(dir, sizeof dir, "%s/new", cfg->keep_incoming);
	if (util_fsync_dir(dir) < 0)
		goto fail;
	return 0;
fail_dir:
	log_msg(LOG_ERR, "keep_incoming: cannot make %s: %s\n", dir,
	        strerror(errno));
	return -1;
fail:
	log_msg(LOG_ERR, "keep_incoming: cannot keep a copy in %s: %s\n",
	        cfg->keep_incoming, strerror(errno));
	return -1;
}

/* A kept mail: where it is and when it was delivered. */
struct kept {
	char *path;
	const char *name;   /* its name, inside path */
	long long when;
};

static int kept_cmp(const void *a, const void *b)
{
	const struct kept *x = a, *y = b;

	if (x->when != y->when)
		return x->when < y->when ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The seconds a Maildir name starts with, else the file's mtime. */
static long long kept_time(const char *name, const struct stat *st)
{
	long long t = 0;
	size_t i;

	for (i = 0; name[i] >= '0' && name[i] <= '9' && i < 12; i++)
		t = t * 10 + (name[i] - '0');
	return i > 0 && name[i] == '.' && t > 0 ? t : (long long)st->st_mtime;
}

/* Add the regular files of dir/sub delivered at or after since; count
 * in *old those delivered before oldest (and after since), left out. */
static int kept_list(const char *dir, const char *sub, long long since,
                     long long oldest, size_t *old,
                     struct kept **v, size_t *n, size_t *cap)
{
	char path[4400];
	struct dirent *e;
	struct stat st;
	DIR *d;

	snprintf(path, sizeof path, "%s/%s", dir, sub);
	if (!(d = opendir(path)))
		return errno == ENOENT ? 0 : -1;
	while ((e = readdir(d))) {
		struct kept k;
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s/%s", dir, sub, e->d_name);
		if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		k.when = kept_time(e->d_name, &st);
		if (k.when < since)
			continue;
		if (k.when < oldest) {
			(*old)++;
			continue;
		}
		k.path = xstrdup(path);
		k.name = k.path + strlen(path) - strlen(e->d_name);
		if (*n == *cap) {
			*cap = *cap ? *cap * 2 : 64;
			*v = xrealloc(*v, *cap * sizeof **v);
		}
		(*v)[(*n)++] = k;
	}
	closedir(d);
	return 0;
}

int admin_replay(const struct config *cfg, int argc, char **argv)
{
	struct kept *v = NULL;
	size_t n = 0, cap = 0, i, done = 0, old = 0;
	long long since = 0, oldest;
	time_t t;
	int rc = 0;

	if (argc == 4 && strcmp(argv[2], "--since") == 0 &&
	    util_parse_iso_time(argv[3], &t) == 0)
		since = (long long)t;
	else if (argc != 2) {
		/* TRANSLATORS: keep the command line, MAILDIR and TIME as
		 * they are: what an operator types. */
		fputs(_("usage: epamserv admin replay MAILDIR [--since TIME]   "
		        "(TIME as 2026-12-01T10:00:00Z)\n"), stderr);
		return EXIT_USAGE;
	}
	/* A mail older than seen_days is one the spool no longer remembers
	 * having processed (SPOOL/seen is pruned): replayed, it would act
	 * twice.  Those are left out, and counted. */
	oldest = (long long)util_now() - (long long)cfg->seen_days * 86400;
	if (kept_list(argv[1], "cur", since, oldest, &old, &v, &n, &cap) < 0 ||
	    kept_list(argv[1], "new", since, oldest, &old, &v, &n, &cap) < 0) {
		fprintf(stderr, _("epamserv: cannot read %s: %s\n"), argv[1],
		        strerror(errno));
		rc = 1;
		goto out;
	}
	if (old)
		fprintf(stderr, ngettext("epamserv: admin replay: %zu kept mail "
		                         "is older than seen_days: the spool no "
		                         "longer knows whether it was processed, "
		                         "so it is left out\n",
		                         "epamserv: admin replay: %zu kept mails "
		                         "are older than seen_days: the spool no "
		                         "longer knows whether they were "
		                         "processed, so they are left out\n",
		                         old), old);
	if (n)
		qsort(v, n, sizeof *v, kept_cmp);
	robot_ensure(cfg);
	for (i = 0; i < n; i++) {
		size_t len = 0;
		int truncated = 0, fd = util_open_regular(v[i].path, O_RDONLY, 0);
		char *raw = fd < 0 ? NULL : util_read_fd(fd, cfg->max_mail_size,
		                                         &len, &truncated);
		if (fd >= 0)
			close(fd);
		if (!raw) {
			fprintf(stderr, _("epamserv: cannot read %s: %s\n"), v[i].path,
			        strerror(errno));
			rc = EXIT_TEMPFAIL;
			break;
		}
		rc = process_mail_at(cfg, raw, len, truncated, (time_t)v[i].when);
		free(raw);
		if (rc != 0) {
			/* Stop: no later mail may overtake this one. */
			fprintf(stderr, _("epamserv: admin replay: %s must wait (exit "
			                  "%d): run admin replay again later\n"),
			        v[i].path, rc);
			break;
		}
		done++;
		robot_run(cfg);
	}
	printf(ngettext("%zu kept mail fed through the intake (each processed "
	                "once; those the spool had seen did nothing)\n",
	                "%zu kept mails fed through the intake (each processed "
	                "once; those the spool had seen did nothing)\n", done),
	       done);
	if (done)
		admin_log(cfg, "(none given)", "admin replay of %s: %zu kept "
		          "mail%s fed through the intake", argv[1], done,
		          done == 1 ? "" : "s");
	cli_deliver_quietly(cfg);
out:
	for (i = 0; i < n; i++)
		free(v[i].path);
	free(v);
	return rc;
}
