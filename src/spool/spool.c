/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * spool.c - spool layout, creation, processed-mail records and board
 * numbers (see spool.h).
 */
#include "spool/spool.h"
#include "spool/group.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const spool_games[] = { "epaminondas", "crossings", NULL };

const char *spool_game_named(const char *word)
{
	int i;

	for (i = 0; spool_games[i]; i++)
		if (strcasecmp(word, spool_games[i]) == 0)
			return spool_games[i];
	return NULL;
}

int spool_is_game(const char *word)
{
	return spool_game_named(word) != NULL;
}

/* Make the spool directory path when missing.  One that exists must be
 * a directory itself, not a symbolic link to one (ENOTDIR, ELOOP): the
 * spool's owner could point a link anywhere, and root's admin commands
 * would then write there.  The spool itself (top) may be a link: its
 * path is the operator's. */
static int make_dir(const char *path, int top)
{
	struct stat st;

	if (mkdir(path, 0750) == 0)
		return 0;
	if (errno != EEXIST || (top ? stat(path, &st) : lstat(path, &st)) < 0)
		return -1;
	if (S_ISDIR(st.st_mode))
		return 0;
	errno = S_ISLNK(st.st_mode) ? ELOOP : ENOTDIR;
	return -1;
}

int spool_init(const char *spool, char **err)
{
	static const char *const dirs[] = {
		"", "/games", "/users", "/addresses", "/auth", "/outbox", "/failed",
		"/bounces",
		"/rate", "/seen",
		"/journal", "/locks", "/tmp", "/quarantine", "/held", "/robot",
		"/seeks",
		"/tournaments",  /* issue 17: tfile.h */
		"/index", "/index/boards", "/index/due", "/index/dirty",  /* bindex.h */
		"/league",       /* issue 17: league.c, one file a game */
		"/ratings",      /* issue 35: the ratings table, ratetable.h */
		NULL
	};
	static char *done;  /* the spool made complete by this process */
	char path[4096];
	int i;

	*err = NULL;
	if (done && strcmp(done, spool) == 0)
		return 0;  /* a batch: once per run, not once per mail */
	for (i = 0; dirs[i]; i++) {
		snprintf(path, sizeof path, "%s%s", spool, dirs[i]);
		if (make_dir(path, i == 0) < 0)
			goto fail;
	}
	for (i = 0; spool_games[i]; i++) {
		snprintf(path, sizeof path, "%s/games/%s", spool, spool_games[i]);
		if (make_dir(path, 0) < 0)
			goto fail;
		snprintf(path, sizeof path, "%s/games/%s/archive", spool,
		         spool_games[i]);
		if (make_dir(path, 0) < 0)
			goto fail;
	}
	free(done);
	done = xstrdup(spool);
	return 0;
fail:
	if (errno == ELOOP)
		*err = errlang_asprintf(N_("%s is a symbolic link, not a "
		                        "directory (refused: replace it with a "
		                        "directory)"), path);
	else
		*err = errlang_asprintf(N_("cannot create %s: %s"), path,
		                        strerror(errno));
	return -1;
}

void spool_msg_key(const char *digest, char *buf, size_t len)
{
	snprintf(buf, len, "msg-%.3s", digest);
}

void spool_seen_path(const char *digest, char *buf, size_t len)
{
	snprintf(buf, len, "seen/%s", digest);
}

int spool_seen(const char *spool, const char *digest)
{
	char path[4096];

	/* A batch may have the record staged (group.h); if committing the
	 * group fails, so will this mail's own commit. */
	snprintf(path, sizeof path, "seen/%s", digest);
	txn_group_settle(spool, path);
	snprintf(path, sizeof path, "%s/seen/%s", spool, digest);
	return access(path, F_OK) == 0;
}

long spool_next_board(const char *spool, const char *game)
{
	char path[4096], *s;
	long n = 101;

	snprintf(path, sizeof path, "%s/games/%s/next", spool, game);
	s = util_read_file(path, 64, NULL);
	if (s) {
		/* Past UTIL_BOARD_MAX (or too long for a long) is spent. */
		long v = strtol(s, NULL, 10);
		if (v >= 101)
			n = v;
		free(s);
	}
	/* Never reuse a number, even if "next" was lost or edited. */
	for (; n <= UTIL_BOARD_MAX; n++) {
		snprintf(path, sizeof path, "%s/games/%s/%ld.game", spool, game, n);
		if (access(path, F_OK) == 0)
			continue;
		snprintf(path, sizeof path, "%s/games/%s/archive/%ld.game", spool,
		         game, n);
		if (access(path, F_OK) == 0)
			continue;
		/* nor an open challenge's (issue 17, seeks.h) */
		snprintf(path, sizeof path, "%s/seeks/%s-%ld", spool, game, n);
		if (access(path, F_OK) != 0)
			return n;
	}
	return -1;
}

void spool_board_path(const char *game, long board, char *buf, size_t len)
{
	snprintf(buf, len, "games/%s/%ld.game", game, board);
}

void spool_board_key(const char *game, long board, char *buf, size_t len)
{
	snprintf(buf, len, "board-%s-%ld", game, board);
}

int spool_each_board(const char *spool,
                     int (*fn)(const char *game, long board, void *arg),
                     void *arg)
{
	return spool_each_board_in(spool, "", fn, arg);
}

int spool_each_board_in(const char *spool, const char *sub,
                        int (*fn)(const char *game, long board, void *arg),
                        void *arg)
{
	char dir[4200];
	struct dirent *de;
	int i, sum = 0;
	DIR *d;

	txn_group_settle(spool, "games/");  /* staged boards first (group.h) */
	for (i = 0; spool_games[i]; i++) {
		snprintf(dir, sizeof dir, "%s/games/%s%s%s", spool, spool_games[i],
		         *sub ? "/" : "", sub);
		d = util_opendir(dir);
		if (!d)
			continue;
		while ((de = readdir(d)) != NULL) {
			char num[16];
			size_t n = strlen(de->d_name);
			long board;
			if (n < 6 || n - 5 >= sizeof num ||
			    strcmp(de->d_name + n - 5, ".game") != 0)
				continue;
			memcpy(num, de->d_name, n - 5);
			num[n - 5] = '\0';
			if ((board = util_board_number(num)) > 0)
				sum += fn(spool_games[i], board, arg);
		}
		closedir(d);
	}
	return sum;
}
