/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * state.c - what the last run of "epamserv web DIR" read (issue 35 item
 * 5): SPOOL/web/state-DIGEST (DIGEST: util_path_digest of DIR, so each
 * site has its own), so that a run after one move reads only the board
 * that move changed.
 *
 * The file lists every account and every board, those the site never
 * shows too (a player who set web off, a running game that forbids
 * observers: both userids, whose turn, the deadline), so it is the
 * spool's, never the site's: kept in SPOOL/web/ (mode 0750), written
 * atomically (a temporary file renamed over it) with mode 0640 like the
 * spool's other files.  A copy an earlier development version left in
 * the site (DIR/.epamserv-web-boards; no release wrote one) is removed
 * by web_state_forget_old.  It is derived: left out of backups
 * (spool/backup.c) and rebuilt by the next run when missing.
 *
 * The file starts "epamserv-web-boards 1" and a line "key DIGEST" (the
 * digest of the program's version, the board page's layout version,
 * the site's language, forfeit_days and the spool's path: a run under
 * another key reads every board again).  Then one line a board and one
 * a user, fields separated by tabs:
 *
 *   B GAME BOARD DEV INO SIZE MTIME MTIME_NS SHOWN TEXT DEADLINE STATE
 *     RESULT CREATED UPDATED NMOVES ROUND CLS WHITE BLACK TO_MOVE
 *     TOURNEY RESULT_TEXT
 *   U USERID DEV INO SIZE MTIME MTIME_NS HIDDEN PUBLISHES
 *
 * A board's identity (device, inode, size, modification time in ns) is
 * stat(2)'s of its file before it was read; TEXT is the digest of its
 * game_format, SHOWN web_board_shown, the rest its struct web_board.  A
 * user's line keeps the two settings the site obeys (web off, publish
 * comments).  Files are replaced by rename(2) only, so a changed file has
 * another inode or time; a file changed less than WEB_STATE_SETTLE
 * seconds before the run is not recorded (an inode can be reused within
 * one tick of the file system's clock) and is read again next time.
 *
 * Nothing in it is trusted: anything that does not parse, or names an
 * impossible board or user, is left out and that board read again.
 */
#include "web/web.h"

#include "spool/spool.h"
#include "util/atomic.h"
#include "util/i18n.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where an earlier development version kept the state: in the site. */
#define OLD_STATE_FILE ".epamserv-web-boards"
#define STATE_DIR "web"
#define STATE_MAGIC "epamserv-web-boards 1"

/* Seconds a file must be older than the run to be recorded. */
#define WEB_STATE_SETTLE 2

static int board_cmp(const void *a, const void *b)
{
	const struct web_cached *x = a, *y = b;
	int c = strcmp(x->wb.game, y->wb.game);

	if (c)
		return c;
	return x->wb.board < y->wb.board ? -1 : x->wb.board > y->wb.board;
}

static int user_cmp(const void *a, const void *b)
{
	return strcmp(((const struct web_user *)a)->userid,
	              ((const struct web_user *)b)->userid);
}

void web_state_key(const struct web_site *s, char *key)
{
	struct buf b = BUF_INIT;

	buf_printf(&b, "%s\n%s\n%s\n%d\n%s\n", s->version,
	           WEB_BOARD_PAGE_VERSION, i18n_current() ? i18n_current() : "",
	           s->cfg->forfeit_days, s->cfg->spool);
	util_digest_hex(b.data, b.len, key);
	buf_free(&b);
}

int web_ident_of(const char *path, struct web_ident *id)
{
	struct stat st;

	memset(id, 0, sizeof *id);
	if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return -1;
	id->dev = (unsigned long long)st.st_dev;
	id->ino = (unsigned long long)st.st_ino;
	id->size = (long long)st.st_size;
	id->mtime = (long long)st.st_mtim.tv_sec;
	id->mtime_ns = st.st_mtim.tv_nsec;
	return 0;
}

int web_ident_same(const struct web_ident *a, const struct web_ident *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
	       a->mtime == b->mtime && a->mtime_ns == b->mtime_ns;
}

int web_ident_settled(const struct web_site *s, const struct web_ident *id)
{
	return id->mtime < (long long)s->now - WEB_STATE_SETTLE;
}

/* The next tab-separated field of *p (cut there), or NULL at the end. */
static char *field(char **p)
{
	char *f = *p, *t;

	if (!f)
		return NULL;
	t = strchr(f, '\t');
	if (t) {
		*t = '\0';
		*p = t + 1;
	} else {
		*p = NULL;
	}
	return f;
}

/* A decimal number in [min, max] from f into *v: 0, or -1. */
static int num(const char *f, long long min, long long max, long long *v)
{
	char *end;

	if (!f || !*f)
		return -1;
	errno = 0;
	*v = strtoll(f, &end, 10);
	return errno || *end || *v < min || *v > max ? -1 : 0;
}

static int unum(const char *f, unsigned long long *v)
{
	char *end;

	if (!f || !*f || *f == '-')
		return -1;
	errno = 0;
	*v = strtoull(f, &end, 10);
	return errno || *end ? -1 : 0;
}

/* Copy f into buf (len bytes): 0, or -1 when it does not fit. */
static int text(const char *f, char *buf, size_t len)
{
	if (!f || strlen(f) >= len)
		return -1;
	memcpy(buf, f, strlen(f) + 1);
	return 0;
}

static int ident(char **p, struct web_ident *id)
{
	long long v;

	if (unum(field(p), &id->dev) < 0 || unum(field(p), &id->ino) < 0 ||
	    num(field(p), 0, LLONG_MAX, &id->size) < 0 ||
	    num(field(p), LLONG_MIN, LLONG_MAX, &id->mtime) < 0 ||
	    num(field(p), 0, 999999999, &v) < 0)
		return -1;
	id->mtime_ns = (long)v;
	return 0;
}

static int known_game(const char *game)
{
	size_t k;

	for (k = 0; spool_games[k]; k++)
		if (strcmp(spool_games[k], game) == 0)
			return 1;
	return 0;
}

static int hexdigest(const char *f)
{
	return f && strlen(f) == 32 && strspn(f, "0123456789abcdef") == 32;
}

/* One "B" line's fields after the tag into *c: 0, or -1. */
static int parse_board(char *p, struct web_cached *c)
{
	struct web_board *wb = &c->wb;
	long long v[9];
	const char *f;

	memset(c, 0, sizeof *c);
	if (text(field(&p), wb->game, sizeof wb->game) < 0 ||
	    !known_game(wb->game) || num(field(&p), 1, LONG_MAX, &v[0]) < 0 ||
	    ident(&p, &c->id) < 0 || num(field(&p), 0, 1, &v[1]) < 0)
		return -1;
	wb->board = (long)v[0];
	c->shown = (int)v[1];
	f = field(&p);
	if (!hexdigest(f))
		return -1;
	memcpy(c->text, f, 33);
	if (num(field(&p), LLONG_MIN, LLONG_MAX, &v[2]) < 0 ||
	    num(field(&p), GAME_ACTIVE < GAME_FINISHED ? GAME_ACTIVE
	        : GAME_FINISHED, GAME_ACTIVE < GAME_FINISHED ? GAME_FINISHED
	        : GAME_ACTIVE, &v[3]) < 0 ||
	    num(field(&p), EP_ONGOING, EP_DRAW, &v[4]) < 0 ||
	    num(field(&p), LLONG_MIN, LLONG_MAX, &v[5]) < 0 ||
	    num(field(&p), LLONG_MIN, LLONG_MAX, &v[6]) < 0 ||
	    num(field(&p), 0, INT_MAX, &v[7]) < 0 ||
	    num(field(&p), 0, INT_MAX, &v[8]) < 0)
		return -1;
	wb->deadline = (time_t)v[2];
	wb->state = (enum game_state)v[3];
	wb->result = (enum ep_result)v[4];
	wb->created = (time_t)v[5];
	wb->updated = (time_t)v[6];
	wb->nmoves = (size_t)v[7];
	wb->round = (int)v[8];
	if (num(field(&p), INT_MIN, INT_MAX, &v[0]) < 0)
		return -1;
	wb->cls = (int)v[0];
	if (text(field(&p), wb->white, sizeof wb->white) < 0 ||
	    text(field(&p), wb->black, sizeof wb->black) < 0 ||
	    text(field(&p), wb->to_move, sizeof wb->to_move) < 0 ||
	    text(field(&p), wb->tourney, sizeof wb->tourney) < 0 ||
	    text(field(&p), wb->result_text, sizeof wb->result_text) < 0 ||
	    p != NULL)
		return -1;
	if (!util_userid_ok(wb->white) || !util_userid_ok(wb->black))
		return -1;
	return 0;
}

/* One "U" line's fields after the tag into *u: 0, or -1. */
static int parse_user(char *p, struct web_user *u)
{
	long long h, c;

	memset(u, 0, sizeof *u);
	if (text(field(&p), u->userid, sizeof u->userid) < 0 ||
	    !util_userid_ok(u->userid) || ident(&p, &u->id) < 0 ||
	    num(field(&p), 0, 1, &h) < 0 || num(field(&p), 0, 1, &c) < 0 ||
	    p != NULL)
		return -1;
	u->hidden = (int)h;
	u->publishes = (int)c;
	return 0;
}

char *web_state_path(const struct config *cfg, const char *dir)
{
	char digest[33], *path;

	if (util_path_digest(dir, digest) < 0)
		return NULL;
	path = xmalloc(strlen(cfg->spool) + sizeof STATE_DIR + 40);
	sprintf(path, "%s/%s/state-%s", cfg->spool, STATE_DIR, digest);
	return path;
}

int web_state_forget_old(const char *dir)
{
	static const char *const names[] = {
		OLD_STATE_FILE, "." OLD_STATE_FILE ".tmp", NULL
	};
	char *path;
	int i, rc = 0;

	for (i = 0; names[i]; i++) {
		path = xmalloc(strlen(dir) + strlen(names[i]) + 2);
		sprintf(path, "%s/%s", dir, names[i]);
		if (unlink(path) < 0 && errno != ENOENT)
			rc = -1;
		free(path);
	}
	return rc;
}

/* Whether name is "state-" and 32 hex digits and ".tmp": the temporary
 * name of a state file (path and ".tmp") before util_write_atomic. */
static int old_state_tmp(const char *name)
{
	size_t k;

	if (strncmp(name, "state-", 6) != 0 || strlen(name) != 6 + 32 + 4 ||
	    strcmp(name + 6 + 32, ".tmp") != 0)
		return 0;
	for (k = 6; k < 6 + 32; k++)
		if (!strchr("0123456789abcdef", name[k]))
			return 0;
	return 1;
}

int web_state_forget_tmp(const char *spool)
{
	struct buf d = BUF_INIT;
	struct dirent *de;
	struct stat st;
	DIR *dp;
	int fd, removed = 0, e = 0;

	buf_printf(&d, "%s/%s", spool, STATE_DIR);
	fd = open(buf_str(&d), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	buf_free(&d);
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	if (!(dp = fdopendir(fd))) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	while ((de = readdir(dp)) != NULL) {
		if (!old_state_tmp(de->d_name) ||
		    fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		    !S_ISREG(st.st_mode))
			continue;
		if (unlinkat(fd, de->d_name, 0) == 0)
			removed++;
		else if (errno != ENOENT)
			e = errno;
	}
	closedir(dp);
	if (e) {
		errno = e;
		return -1;
	}
	return removed;
}

void web_state_load(const struct web_site *s, struct web_state *st)
{
	char *all, *line, *next;
	size_t capb = 0, capu = 0;

	memset(st, 0, sizeof *st);
	if (!s->state_path)
		return;
	all = util_read_file(s->state_path, 256 << 20, NULL);
	if (!all)
		return;
	st->text = all;
	line = all;
	next = strchr(line, '\n');
	if (!next || (size_t)(next - line) != strlen(STATE_MAGIC) ||
	    strncmp(line, STATE_MAGIC, strlen(STATE_MAGIC)) != 0)
		return;
	line = next + 1;
	next = strchr(line, '\n');
	if (!next || next - line != 36 || strncmp(line, "key ", 4) != 0 ||
	    strncmp(line + 4, s->key, 32) != 0)
		return;
	all = xstrdup(next + 1);
	for (line = all; *line; line = next) {
		next = strchr(line, '\n');
		if (!next)
			break;  /* a cut last line: not ours */
		*next++ = '\0';
		if (strncmp(line, "B\t", 2) == 0) {
			if (st->nboards == capb) {
				capb = capb ? 2 * capb : 256;
				st->boards = xrealloc(st->boards, capb *
				                      sizeof *st->boards);
			}
			if (parse_board(line + 2, &st->boards[st->nboards]) == 0)
				st->nboards++;
		} else if (strncmp(line, "U\t", 2) == 0) {
			if (st->nusers == capu) {
				capu = capu ? 2 * capu : 64;
				st->users = xrealloc(st->users, capu * sizeof *st->users);
			}
			if (parse_user(line + 2, &st->users[st->nusers]) == 0)
				st->nusers++;
		}
	}
	free(all);
	if (st->nboards)
		qsort(st->boards, st->nboards, sizeof *st->boards, board_cmp);
	if (st->nusers)
		qsort(st->users, st->nusers, sizeof *st->users, user_cmp);
}

const struct web_cached *web_state_board(const struct web_state *st,
                                         const char *game, long board)
{
	struct web_cached key;

	if (!st->nboards)
		return NULL;
	snprintf(key.wb.game, sizeof key.wb.game, "%s", game);
	key.wb.board = board;
	return bsearch(&key, st->boards, st->nboards, sizeof *st->boards,
	               board_cmp);
}

const struct web_user *web_state_user(const struct web_state *st,
                                      const char *userid)
{
	struct web_user key;

	if (!st->nusers || strlen(userid) >= sizeof key.userid)
		return NULL;
	snprintf(key.userid, sizeof key.userid, "%s", userid);
	return bsearch(&key, st->users, st->nusers, sizeof *st->users,
	               user_cmp);
}

/* Whether s (a board's free text) can stand in a line. */
static int one_field(const char *s)
{
	return !strpbrk(s, "\t\n");
}

void web_state_add_board(struct web_state *st, const struct web_cached *c)
{
	const struct web_board *wb = &c->wb;

	if (!one_field(wb->result_text) || !one_field(wb->tourney) ||
	    !one_field(wb->to_move))
		return;  /* read again next time */
	if (st->nboards == st->capboards) {
		st->capboards = st->capboards ? 2 * st->capboards : 256;
		st->boards = xrealloc(st->boards, st->capboards *
		                      sizeof *st->boards);
	}
	st->boards[st->nboards++] = *c;
}

void web_state_add_user(struct web_state *st, const struct web_user *u)
{
	if (st->nusers == st->capusers) {
		st->capusers = st->capusers ? 2 * st->capusers : 64;
		st->users = xrealloc(st->users, st->capusers * sizeof *st->users);
	}
	st->users[st->nusers++] = *u;
}

static void put_ident(struct buf *b, const struct web_ident *id)
{
	buf_printf(b, "\t%llu\t%llu\t%lld\t%lld\t%ld", id->dev, id->ino,
	           id->size, id->mtime, id->mtime_ns);
}

/* SPOOL/web made when missing (mode 0750, as the spool's directories;
 * a symbolic link there is refused: ELOOP), then text written to
 * path atomically (util_write_atomic: a temporary name beside it, made
 * new, mode 0640, renamed over path).  The site's lock keeps a second
 * run on this site out meanwhile.  0, or -1 with errno. */
static int write_state(const char *spool, const char *path,
                       const char *text, size_t len)
{
	struct buf d = BUF_INIT;
	struct stat sb;
	int rc = -1, e;

	buf_printf(&d, "%s/%s", spool, STATE_DIR);
	if (mkdir(buf_str(&d), 0750) < 0) {
		if (errno != EEXIST || lstat(buf_str(&d), &sb) < 0)
			goto out;
		if (!S_ISDIR(sb.st_mode)) {
			errno = S_ISLNK(sb.st_mode) ? ELOOP : ENOTDIR;
			goto out;
		}
	}
	rc = util_write_atomic(path, text, len, 0640, 0);
out:
	e = errno;
	buf_free(&d);
	errno = e;
	return rc;
}

int web_state_save(const struct web_site *s, struct web_state *st)
{
	struct buf b = BUF_INIT;
	size_t i;
	int rc = 0;

	if (!s->state_path)
		return 0;  /* DIR has no real path: nothing to record */
	if (st->nboards)
		qsort(st->boards, st->nboards, sizeof *st->boards, board_cmp);
	if (st->nusers)
		qsort(st->users, st->nusers, sizeof *st->users, user_cmp);
	buf_printf(&b, "%s\nkey %s\n", STATE_MAGIC, s->key);
	for (i = 0; i < st->nusers; i++) {
		const struct web_user *u = &st->users[i];
		if (!web_ident_settled(s, &u->id))
			continue;  /* read again next run */
		buf_printf(&b, "U\t%s", u->userid);
		put_ident(&b, &u->id);
		buf_printf(&b, "\t%d\t%d\n", u->hidden, u->publishes);
	}
	for (i = 0; i < st->nboards; i++) {
		const struct web_cached *c = &st->boards[i];
		const struct web_board *wb = &c->wb;
		buf_printf(&b, "B\t%s\t%ld", wb->game, wb->board);
		put_ident(&b, &c->id);
		buf_printf(&b, "\t%d\t%s\t%lld\t%d\t%d\t%lld\t%lld\t%zu\t%d\t%d\t"
		           "%s\t%s\t%s\t%s\t%s\n", c->shown, c->text,
		           (long long)wb->deadline, (int)wb->state, (int)wb->result,
		           (long long)wb->created, (long long)wb->updated,
		           wb->nmoves, wb->round, wb->cls, wb->white, wb->black,
		           wb->to_move, wb->tourney, wb->result_text);
	}
	/* Unchanged: not written again. */
	if (!s->old_state.text || strcmp(s->old_state.text, buf_str(&b)) != 0)
		rc = write_state(s->cfg->spool, s->state_path, b.data, b.len);
	buf_free(&b);
	return rc;
}

void web_state_free(struct web_state *st)
{
	free(st->boards);
	free(st->users);
	free(st->text);
	memset(st, 0, sizeof *st);
}
