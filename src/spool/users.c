/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * users.c - player accounts and crypt(3) password hashes (see users.h).
 */
#include "spool/users.h"
#include "spool/damage.h"
#include "spool/formats.h"
#include "spool/group.h"
#include "spool/pwcache.h"
#include "spool/quarantine.h"
#include "spool/spool.h"
#include "mail/mail.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/magic.h"
#include "util/util.h"

#include <crypt.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define USER_MAGIC FORMAT_LINE("epamserv-user", FORMAT_USER)

/* Whether line is the version line of a user file this binary reads. */
static int user_version_read(const char *line)
{
	int v = magic_version(line, "epamserv-user");

	return v >= FORMAT_USER_OLDEST && v <= FORMAT_USER;
}

void user_path(const char *userid, char *buf, size_t len)
{
	snprintf(buf, len, "users/%s", userid);
}

void user_free(struct user *u)
{
	size_t i;

	free(u->hash);
	u->hash = NULL;
	for (i = 0; i < u->naddr; i++)
		free(u->addr[i].addr);
	for (i = 0; i < u->nreq; i++)
		free(u->req[i].addr);
	u->naddr = u->nreq = 0;
}

const char *user_address(const struct user *u)
{
	return u->naddr ? u->addr[0].addr : NULL;
}

int user_confirmed(const struct user *u)
{
	return !u->left && u->naddr > 0;
}

int user_find_address(const struct user *u, const char *addr)
{
	size_t i;

	for (i = 0; i < u->naddr; i++)
		if (strcasecmp(u->addr[i].addr, addr) == 0)
			return (int)i;
	return -1;
}

int user_find_request(const struct user *u, const char *addr)
{
	size_t i;

	for (i = 0; i < u->nreq; i++)
		if (strcasecmp(u->req[i].addr, addr) == 0)
			return (int)i;
	return -1;
}

int user_add_address(struct user *u, const char *addr, time_t since)
{
	if (user_find_address(u, addr) >= 0)
		return 0;
	if (u->naddr >= USER_MAX_ADDRESSES)
		return -1;
	u->addr[u->naddr].addr = xstrdup(addr);
	u->addr[u->naddr].change = 0;
	u->addr[u->naddr++].since = since;
	return 0;
}

int user_add_request(struct user *u, const char *addr, time_t sent,
                     enum user_request_kind kind, const char *hash)
{
	int i = user_find_request(u, addr);
	struct user_request *r;

	if (i >= 0)
		user_drop_request(u, (size_t)i);
	if (u->nreq >= USER_MAX_ADDRESSES || strlen(hash) >= sizeof r->hash)
		return -1;
	r = &u->req[u->nreq++];
	r->addr = xstrdup(addr);
	r->sent = sent;
	r->kind = kind;
	snprintf(r->hash, sizeof r->hash, "%s", hash);
	return 0;
}

void user_drop_request(struct user *u, size_t i)
{
	free(u->req[i].addr);
	memmove(&u->req[i], &u->req[i + 1], (u->nreq - i - 1) * sizeof u->req[0]);
	u->nreq--;
}

int user_drop_change_requests(struct user *u)
{
	size_t i;
	int n = 0;

	for (i = u->nreq; i-- > 0;)
		if (u->req[i].kind == USER_REQ_CHANGE) {
			user_drop_request(u, i);
			n++;
		}
	return n;
}

void user_clear_addresses(struct user *u)
{
	size_t i;

	for (i = 0; i < u->naddr; i++)
		free(u->addr[i].addr);
	u->naddr = 0;
}

void user_defaults(struct user *u)
{
	u->html = 1;
	u->orientation = USER_ORIENT_WHITE;
	u->board = USER_BOARD_WIDE;
	u->letters = USER_LETTERS_WB;
	u->token_epoch = 0;
	u->vacation[0] = '\0';
	u->nleave = 0;
	u->timezone[0] = '\0';
	u->digest_hour = -1;
	u->nnotify = 0;
	u->left = 0;
	u->robot = 0;
	u->game_limit = -1;
	u->challenges = USER_CHALLENGES_ASK;
	accept_default(&u->accept);
	u->publish_comments = 0;
	u->web_off = 0;
	u->receipts_off = 0;
	strcpy(u->language, I18N_ENGLISH);
}

int user_publishes_comments(const struct user *u)
{
	return u->publish_comments;
}

int user_web_off(const struct user *u)
{
	return u->web_off;
}

size_t user_leave_spans(const struct user *u, struct time_span *out,
                        size_t max)
{
	size_t i, n = 0;
	time_t day;

	for (i = 0; i < u->nleave && n < max; i++)
		out[n++] = u->leave[i];
	if (u->vacation[0] && n < max && util_parse_date(u->vacation, &day) == 0) {
		out[n].from = u->created;
		out[n].until = day + 86400;
		if (out[n].until > out[n].from)
			n++;
	}
	return n;
}

void user_convert_vacation(struct user *u, time_t now)
{
	struct time_span s;
	time_t day;
	size_t i;

	if (!u->vacation[0])
		return;
	if (util_parse_date(u->vacation, &day) < 0) {
		u->vacation[0] = '\0';
		return;
	}
	u->vacation[0] = '\0';
	s.until = day + 86400;
	s.from = now < day ? now : day;
	if (s.from < u->created)
		s.from = u->created;
	if (s.from >= s.until)
		return;
	if (u->nleave == USER_MAX_LEAVE) {
		memmove(u->leave, u->leave + 1,
		        (USER_MAX_LEAVE - 1) * sizeof u->leave[0]);
		u->nleave--;
	}
	for (i = u->nleave; i > 0 && u->leave[i - 1].from > s.from; i--)
		u->leave[i] = u->leave[i - 1];
	u->leave[i] = s;
	u->nleave++;
}

int user_on_vacation(const struct user *u, time_t now)
{
	struct time_span s[USER_MAX_LEAVE + 1];
	size_t i, n = user_leave_spans(u, s, USER_MAX_LEAVE + 1);

	for (i = 0; i < n; i++)
		if (s[i].from <= now && now < s[i].until)
			return 1;
	return 0;
}

/* "leave: FROM UNTIL" (ISO times, FROM before UNTIL), oldest first. */
static int user_leave_field(struct user *u, const char *val)
{
	char a[64], b[64], extra;
	struct time_span s;

	if (u->nleave >= USER_MAX_LEAVE ||
	    sscanf(val, "%63s %63s %c", a, b, &extra) != 2 ||
	    util_parse_iso_time(a, &s.from) < 0 ||
	    util_parse_iso_time(b, &s.until) < 0 || s.until <= s.from ||
	    (u->nleave && s.from < u->leave[u->nleave - 1].from))
		return -1;
	u->leave[u->nleave++] = s;
	return 0;
}

/* A "notify:" value, "GAME BOARD" or "GAME all" (issue 15), added to
 * u->notify; 0, or -1 when malformed, of no game, or one too many. */
static int user_notify_parse(struct user *u, const char *val)
{
	char game[16], what[16], extra;
	struct user_notify *n;
	const char *name;
	char *end;

	if (u->nnotify >= USER_MAX_NOTIFY ||
	    sscanf(val, "%15s %15s %c", game, what, &extra) != 2 ||
	    !(name = spool_game_named(game)))
		return -1;
	n = &u->notify[u->nnotify];
	snprintf(n->game, sizeof n->game, "%s", name);
	if (strcmp(what, "all") == 0) {
		n->board = -1;
	} else {
		errno = 0;
		n->board = strtol(what, &end, 10);
		if (errno || *end || n->board < 1 || what[0] == '+' ||
		    what[0] == '-')
			return -1;
	}
	u->nnotify++;
	return 0;
}

/* The "notify:" line of n, appended to b. */
static void user_notify_format(const struct user_notify *n, struct buf *b)
{
	if (n->board < 0)
		buf_printf(b, "notify: %s all\n", n->game);
	else
		buf_printf(b, "notify: %s %ld\n", n->game, n->board);
}

/* The optional fields; 0, or -1 on a bad value. */
static int user_pref_field(struct user *u, const char *key, const char *val)
{
	char *end;

	if (strcmp(key, "robot") == 0) {
		if (strcmp(val, "yes"))
			return -1;
		u->robot = 1;
	} else if (strcmp(key, "html") == 0) {
		if (strcmp(val, "on") && strcmp(val, "off"))
			return -1;
		u->html = strcmp(val, "on") == 0;
	} else if (strcmp(key, "publish-comments") == 0) {
		if (strcmp(val, "on") && strcmp(val, "off"))
			return -1;
		u->publish_comments = strcmp(val, "on") == 0;
	} else if (strcmp(key, "web") == 0) {
		if (strcmp(val, "on") && strcmp(val, "off"))
			return -1;
		u->web_off = strcmp(val, "off") == 0;
	} else if (strcmp(key, "receipts") == 0) {
		if (strcmp(val, "on") && strcmp(val, "off"))
			return -1;
		u->receipts_off = strcmp(val, "off") == 0;
	} else if (strcmp(key, "language") == 0) {
		if (!i18n_name_ok(val) || strlen(val) >= sizeof u->language)
			return -1;
		strcpy(u->language, val);
	} else if (strcmp(key, "board") == 0) {
		if (strcmp(val, "wide") == 0)
			u->board = USER_BOARD_WIDE;
		else if (strcmp(val, "compact") == 0)
			u->board = USER_BOARD_COMPACT;
		else if (strcmp(val, "list") == 0)
			u->board = USER_BOARD_LIST;
		else
			return -1;
	} else if (strcmp(key, "board-letters") == 0) {
		if (strcmp(val, "wb") == 0)
			u->letters = USER_LETTERS_WB;
		else if (strcmp(val, "ws") == 0)
			u->letters = USER_LETTERS_WS;
		else
			return -1;
	} else if (strcmp(key, "orientation") == 0) {
		if (strcmp(val, "white") == 0)
			u->orientation = USER_ORIENT_WHITE;
		else if (strcmp(val, "black") == 0)
			u->orientation = USER_ORIENT_BLACK;
		else if (strcmp(val, "own") == 0)
			u->orientation = USER_ORIENT_OWN;
		else
			return -1;
	} else if (strcmp(key, "token-epoch") == 0) {
		u->token_epoch = strtoul(val, &end, 10);
		if (end == val || *end)
			return -1;
	} else if (strcmp(key, "vacation") == 0) {
		/* As strict as the vacation command (a past day is fine
		 * here: the vacation is over). */
		if (util_parse_date(val, NULL) < 0)
			return -1;
		memcpy(u->vacation, val, 11);
	} else if (strcmp(key, "leave") == 0) {
		return user_leave_field(u, val);
	} else if (strcmp(key, "timezone") == 0) {
		size_t i, n = strlen(val);
		if (n == 0 || n >= sizeof u->timezone || val[0] == '/' ||
		    strstr(val, ".."))
			return -1;
		for (i = 0; i < n; i++)
			if (!isalnum((unsigned char)val[i]) && !strchr("/_+-", val[i]))
				return -1;
		memcpy(u->timezone, val, n + 1);
	} else if (strcmp(key, "mail") == 0) {
		int h;
		char extra;
		if (strcmp(val, "each") == 0)
			u->digest_hour = -1;
		else if (sscanf(val, "digest %d %c", &h, &extra) == 1 && h >= 0 &&
		         h <= 23)
			u->digest_hour = h;
		else
			return -1;
	} else if (strcmp(key, "notify") == 0) {
		if (user_notify_parse(u, val) < 0)
			return -1;
	} else if (strcmp(key, "left") == 0) {
		if (util_parse_iso_time(val, &u->left) < 0)
			return -1;
	} else if (strcmp(key, "limit") == 0) {
		long n = strtol(val, &end, 10);
		if (end == val || *end || !isdigit((unsigned char)val[0]) ||
		    n < 0 || n > USER_LIMIT_MAX)
			return -1;
		u->game_limit = (int)n;
	} else if (strcmp(key, "challenges") == 0) {
		if (strcmp(val, "accept") == 0)
			u->challenges = USER_CHALLENGES_ACCEPT;
		else if (strcmp(val, "reject") == 0)
			u->challenges = USER_CHALLENGES_REJECT;
		else if (strcmp(val, "ask") == 0)
			u->challenges = USER_CHALLENGES_ASK;
		else
			return -1;
	} else if (strcmp(key, "accept-time") == 0) {
		if (accept_parse_time(&u->accept, val) < 0)
			return -1;
	} else if (strcmp(key, "accept-size") == 0) {
		if (accept_parse_size(&u->accept, val) < 0)
			return -1;
	}
	/* Unknown keys are kept for forward compatibility: ignored. */
	return 0;
}

/* "address: ADDR [TIME]": a confirmed address (no time: confirmed
 * before confirmation existed, or by the admin). */
static int user_address_field(struct user *u, const char *val)
{
	char addr[512], when[64], change[64];
	time_t since = 0, from = 0;
	int n = sscanf(val, "%511s %63s %63s", addr, when, change);

	if (n < 1 || (n >= 2 && util_parse_iso_time(when, &since) < 0) ||
	    (n == 3 && util_parse_iso_time(change, &from) < 0))
		return -1;
	if (!mail_addr_ok(addr) || user_find_address(u, addr) >= 0 ||
	    user_add_address(u, addr, since) < 0)
		return -1;
	u->addr[u->naddr - 1].change = from;
	return 0;
}

/* "request: ADDR TIME signup|change HASH". */
static int user_request_field(struct user *u, char *val)
{
	char *addr, *when, *kind, *hash, *save = NULL;
	time_t sent;

	addr = strtok_r(val, " ", &save);
	when = strtok_r(NULL, " ", &save);
	kind = strtok_r(NULL, " ", &save);
	hash = strtok_r(NULL, " ", &save);
	if (!addr || !when || !kind || !hash || strtok_r(NULL, " ", &save) ||
	    !mail_addr_ok(addr) || util_parse_iso_time(when, &sent) < 0 ||
	    (strcmp(kind, "signup") && strcmp(kind, "change")) ||
	    user_find_request(u, addr) >= 0)
		return -1;
	return user_add_request(u, addr, sent, strcmp(kind, "change") == 0
	                        ? USER_REQ_CHANGE : USER_REQ_SIGNUP, hash);
}

static int user_field(struct user *u, const char *key, char *val)
{
	if (strcmp(key, "userid") == 0) {
		if (strlen(val) >= sizeof u->userid)
			return -1;
		strcpy(u->userid, val);
	} else if (strcmp(key, "password") == 0) {
		free(u->hash);
		u->hash = xstrdup(val);
	} else if (strcmp(key, "address") == 0) {
		return user_address_field(u, val);
	} else if (strcmp(key, "request") == 0) {
		return user_request_field(u, val);
	} else if (strcmp(key, "created") == 0) {
		if (util_parse_iso_time(val, &u->created) < 0)
			return -1;
	} else {
		return user_pref_field(u, key, val);
	}
	return 0;
}

/*
 * The user cache: the last USER_CACHE_SIZE files user_load parsed, each
 * under its path and the identity fstat(2) gave for the bytes read.  A
 * move mail loads the same two players about five times (password,
 * reply tokens, board preferences); a hit costs one stat(2) and a copy.
 *
 * User files are only ever replaced by rename(2), so a changed file is a
 * new inode and misses.  An inode number can be reused once its file is
 * gone, though, and timestamps come from a coarse clock: a later file
 * with the old inode, size and times would be taken for the cached one.
 * So a file is only cached when its mtime is at least two seconds old
 * when read (a file written later has a later mtime); a fresh one is
 * parsed every time until then.
 */
struct user_cache_entry {
	char *path;              /* malloc'ed; NULL when the slot is free */
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtim, ctim;
	struct user u;           /* owns u.hash and u.address */
};

static struct user_cache_entry user_cache[USER_CACHE_SIZE];
static unsigned user_cache_next;     /* the slot to reuse next */
static unsigned long user_cache_hit_count;

static int user_cache_same(const struct user_cache_entry *e,
                           const struct stat *st)
{
	return e->dev == st->st_dev && e->ino == st->st_ino &&
	       e->size == st->st_size &&
	       e->mtim.tv_sec == st->st_mtim.tv_sec &&
	       e->mtim.tv_nsec == st->st_mtim.tv_nsec &&
	       e->ctim.tv_sec == st->st_ctim.tv_sec &&
	       e->ctim.tv_nsec == st->st_ctim.tv_nsec;
}

static struct user_cache_entry *user_cache_find(const char *path)
{
	size_t i;

	for (i = 0; i < USER_CACHE_SIZE; i++)
		if (user_cache[i].path && strcmp(user_cache[i].path, path) == 0)
			return &user_cache[i];
	return NULL;
}

static void user_cache_drop(struct user_cache_entry *e)
{
	free(e->path);
	e->path = NULL;
	user_free(&e->u);
}

/* A copy of u (its strings duplicated) into *out. */
static void user_copy(struct user *out, const struct user *u)
{
	size_t i;

	*out = *u;
	out->hash = xstrdup(u->hash);
	for (i = 0; i < u->naddr; i++)
		out->addr[i].addr = xstrdup(u->addr[i].addr);
	for (i = 0; i < u->nreq; i++)
		out->req[i].addr = xstrdup(u->req[i].addr);
}

/* Remember u, read from path with identity st, unless the file is too
 * fresh to tell from a later one (see above). */
static void user_cache_store(const char *path, const struct stat *st,
                             const struct user *u)
{
	struct user_cache_entry *e = user_cache_find(path);

	if (e)
		user_cache_drop(e);
	if (st->st_mtim.tv_sec > time(NULL) - 2)
		return;
	if (!e) {
		e = &user_cache[user_cache_next];
		user_cache_next = (user_cache_next + 1) % USER_CACHE_SIZE;
		if (e->path)
			user_cache_drop(e);
	}
	e->path = xstrdup(path);
	e->dev = st->st_dev;
	e->ino = st->st_ino;
	e->size = st->st_size;
	e->mtim = st->st_mtim;
	e->ctim = st->st_ctim;
	user_copy(&e->u, u);
}

void user_cache_clear(void)
{
	size_t i;

	for (i = 0; i < USER_CACHE_SIZE; i++)
		if (user_cache[i].path)
			user_cache_drop(&user_cache[i]);
	user_cache_next = 0;
}

unsigned long user_cache_hits(void)
{
	return user_cache_hit_count;
}

/* Parse the text of a user file (modified in place) into u, which has
 * its defaults.  0, or -1 with *err (u freed). */
static int user_parse(char *text, const char *path, const char *userid,
                      struct user *u, char **err)
{
	struct buf e = BUF_INIT;
	char *line, *save = NULL, newer[200];
	int lineno = 0;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *colon;
		lineno++;
		if (lineno == 1) {
			if (magic_newer(line, "epamserv-user", FORMAT_USER,
			                newer, sizeof newer)) {
				buf_printf(&e, "%s:1: %s", path, newer);
				*err = buf_take(&e);
				user_free(u);
				return -1;
			}
			if (!user_version_read(line))
				goto bad;
			continue;
		}
		colon = strstr(line, ": ");
		if (!colon)
			goto bad;
		*colon = '\0';
		if (user_field(u, line, colon + 2) < 0)
			goto bad;
	}
	if (!u->hash || (!u->naddr && !u->nreq && !u->left && !u->robot) ||
	    strcmp(u->userid, userid) != 0) {
		*err = errlang_asprintf(N_("%s: missing userid, password or "
		                        "address"), path);
		user_free(u);
		return -1;
	}
	return 0;
bad:
	*err = errlang_asprintf(N_("%s:%d: malformed user record"), path,
	                        lineno);
	user_free(u);
	return -1;
}

int user_salvage(const char *spool, const char *userid, struct user *u,
                 char **raw, char **dropped, char **err)
{
	char path[4096], *text, *line, *save = NULL;
	struct buf d = BUF_INIT;
	int lineno = 0, rc;

	*raw = *dropped = *err = NULL;
	memset(u, 0, sizeof *u);
	user_defaults(u);
	snprintf(path, sizeof path, "%s/users/%s", spool, userid);
	*raw = util_read_file(path, 1 << 16, NULL);
	if (!*raw) {
		*err = errlang_asprintf(N_("cannot read %s: %s"), path,
		                        strerror(errno));
		return -1;
	}
	text = xstrdup(*raw);
	rc = user_parse(text, path, userid, u, err);
	free(text);
	if (rc == 0)
		return 0;
	free(*err);
	*err = NULL;
	memset(u, 0, sizeof *u);
	user_defaults(u);
	text = xstrdup(*raw);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *colon, *copy;
		lineno++;
		if (lineno == 1 && user_version_read(line))
			continue;
		copy = xstrdup(line);
		colon = strstr(line, ": ");
		if (colon)
			*colon = '\0';
		if (!colon || user_field(u, line, colon + 2) < 0)
			/* data: admin.log quotes it (English, unmarked) */
			buf_printf(&d, "line %d: %s\n", lineno,
			           util_clean_line(copy));
		free(copy);
	}
	free(text);
	if (strcmp(u->userid, userid) != 0)
		snprintf(u->userid, sizeof u->userid, "%s", userid);
	if (!u->hash)
		u->hash = xstrdup("!");  /* no password matches: admin user passwd */
	if (!u->naddr && !u->nreq && !u->left) {
		*err = errlang_asprintf(N_("%s: no address survives"), path);
		buf_free(&d);
		user_free(u);
		return -1;
	}
	*dropped = buf_take(&d);
	return 1;
}

int user_load(const char *spool, const char *userid, struct user *u,
              char **err)
{
	char path[4096], name[300], qname[QUARANTINE_NAME_MAX], *text;
	struct user_cache_entry *c;
	struct stat st;
	unsigned long newer;
	int rc, read_failed = 0;

	memset(u, 0, sizeof *u);
	user_defaults(u);
	*err = NULL;
	snprintf(path, sizeof path, "%s/users/%s", spool, userid);
	/* A batch may have this user's file staged (group.h): committed
	 * first, so that what is on disk (and checked below) is current. */
	snprintf(name, sizeof name, "users/%s", userid);
	if (txn_group_settle(spool, name) < 0)
		goto fail;
	quarantine_user_name(userid, qname, sizeof qname);
	if (quarantine_has(spool, qname)) {
		*err = errlang_asprintf(N_("%s is quarantined by the "
		                        "administrator (epamserv admin "
		                        "quarantine)"), name);
		damage_note(name, *err, qname, 0);
		return -1;
	}
	c = user_cache_find(path);
	if (c) {
		if (stat(path, &st) == 0 && user_cache_same(c, &st)) {
			user_copy(u, &c->u);
			user_cache_hit_count++;
			return 0;
		}
		user_cache_drop(c);
	}
	text = util_read_file_stat(path, 1 << 16, NULL, &st);
	if (!text) {
		read_failed = 1;
		goto fail;
	}
	newer = magic_newer_count();
	rc = user_parse(text, path, userid, u, err);
	free(text);
	if (rc == 0)
		user_cache_store(path, &st, u);
	else
		damage_note(name, *err, NULL, magic_newer_count() != newer);
	return rc;
fail:
	if (errno == ENOENT)
		return 1;
	{
		int saved = errno;
		*err = errlang_asprintf(N_("cannot read %s: %s"), path,
		                        strerror(saved));
		if (read_failed && damage_errno(saved))
			damage_note(name, *err, NULL, 0);
	}
	return -1;
}

char *user_format(const struct user *u)
{
	struct buf b = BUF_INIT;
	static const char *const orient[] = { "white", "black", "own" };
	char when[32];
	struct user conv;
	size_t i;

	/* A new file never has the old vacation line: a leave instead. */
	if (u->vacation[0]) {
		conv = *u;
		user_convert_vacation(&conv, util_now());
		u = &conv;
	}

	buf_printf(&b, "%s\nuserid: %s\npassword: %s\n", USER_MAGIC, u->userid,
	           u->hash);
	for (i = 0; i < u->naddr; i++) {
		buf_printf(&b, "address: %s", u->addr[i].addr);
		if (u->addr[i].since || u->addr[i].change) {
			util_iso_time(u->addr[i].since, when, sizeof when);
			buf_printf(&b, " %s", when);
		}
		if (u->addr[i].change) {
			util_iso_time(u->addr[i].change, when, sizeof when);
			buf_printf(&b, " %s", when);
		}
		buf_puts(&b, "\n");
	}
	for (i = 0; i < u->nreq; i++) {
		util_iso_time(u->req[i].sent, when, sizeof when);
		buf_printf(&b, "request: %s %s %s %s\n", u->req[i].addr, when,
		           u->req[i].kind == USER_REQ_CHANGE ? "change" : "signup",
		           u->req[i].hash);
	}
	util_iso_time(u->created, when, sizeof when);
	buf_printf(&b, "created: %s\n", when);
	if (u->robot)
		buf_puts(&b, "robot: yes\n");
	if (!u->html)
		buf_puts(&b, "html: off\n");
	if (u->orientation != USER_ORIENT_WHITE)
		buf_printf(&b, "orientation: %s\n", orient[u->orientation]);
	if (u->board != USER_BOARD_WIDE)
		buf_printf(&b, "board: %s\n", u->board == USER_BOARD_LIST
		           ? "list" : "compact");
	if (u->letters != USER_LETTERS_WB)
		buf_puts(&b, "board-letters: ws\n");
	if (u->token_epoch)
		buf_printf(&b, "token-epoch: %lu\n", u->token_epoch);
	for (i = 0; i < u->nleave; i++) {
		char until[32];
		util_iso_time(u->leave[i].from, when, sizeof when);
		util_iso_time(u->leave[i].until, until, sizeof until);
		buf_printf(&b, "leave: %s %s\n", when, until);
	}
	if (u->timezone[0])
		buf_printf(&b, "timezone: %s\n", u->timezone);
	if (u->digest_hour >= 0)
		buf_printf(&b, "mail: digest %d\n", u->digest_hour);
	for (i = 0; i < u->nnotify; i++)
		user_notify_format(&u->notify[i], &b);
	if (u->game_limit >= 0)
		buf_printf(&b, "limit: %d\n", u->game_limit);
	if (u->challenges != USER_CHALLENGES_ASK)
		buf_printf(&b, "challenges: %s\n", u->challenges ==
		           USER_CHALLENGES_ACCEPT ? "accept" : "reject");
	if (u->accept.move_secs != ACCEPT_TIME_DEFAULT) {
		char w[16];
		accept_format_time(&u->accept, w, sizeof w);
		buf_printf(&b, "accept-time: %s\n", w);
	}
	if (u->accept.any_size || u->accept.nsize) {
		char w[64];
		accept_format_size(&u->accept, w, sizeof w);
		buf_printf(&b, "accept-size: %s\n", w);
	}
	if (u->publish_comments)
		buf_puts(&b, "publish-comments: on\n");
	if (u->web_off)
		buf_puts(&b, "web: off\n");
	if (u->receipts_off)
		buf_puts(&b, "receipts: off\n");
	if (u->language[0] && strcmp(u->language, I18N_ENGLISH) != 0)
		buf_printf(&b, "language: %s\n", u->language);
	if (u->left) {
		util_iso_time(u->left, when, sizeof when);
		buf_printf(&b, "left: %s\n", when);
	}
	return buf_take(&b);
}

char *user_hash_password(const char *password)
{
	char salt[CRYPT_GENSALT_OUTPUT_SIZE];
	struct crypt_data cd;
	char *h;

	if (!crypt_gensalt_rn(NULL, 0, NULL, 0, salt, sizeof salt))
		return NULL;
	memset(&cd, 0, sizeof cd);
	h = crypt_rn(password, salt, &cd, sizeof cd);
	if (!h || h[0] == '*')
		return NULL;
	return xstrdup(h);
}

int user_password_ok(const struct user *u, const char *password)
{
	struct crypt_data cd;
	const char *h;
	size_t i, n;
	unsigned char diff = 0;

	if (u->robot)
		return 0;   /* a robot never logs in (issue 16) */
	if (pwcache_hit(u->userid, u->hash, password))
		return 1;
	memset(&cd, 0, sizeof cd);
	h = crypt_rn(password, u->hash, &cd, sizeof cd);
	if (!h || h[0] == '*')
		return 0;
	n = strlen(u->hash);
	if (strlen(h) != n)
		return 0;
	for (i = 0; i < n; i++)
		diff |= (unsigned char)(h[i] ^ u->hash[i]);
	if (diff != 0)
		return 0;
	pwcache_add(u->userid, u->hash, password);
	return 1;
}

static int user_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int user_list(const char *spool, char ***ids, size_t *n, char **err)
{
	char path[4096];
	struct dirent *de;
	DIR *d;

	*ids = NULL;
	*n = 0;
	*err = NULL;
	snprintf(path, sizeof path, "%s/users", spool);
	d = txn_group_settle(spool, "users/") < 0 ? NULL : util_opendir(path);
	if (!d) {
		if (errno == ENOENT)
			return 0;
		*err = errlang_asprintf(N_("cannot list %s: %s"), path,
		                        strerror(errno));
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (!util_userid_ok(de->d_name))
			continue;
		*ids = xrealloc(*ids, (*n + 1) * sizeof **ids);
		(*ids)[(*n)++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (*n)
		qsort(*ids, *n, sizeof **ids, user_cmp);
	return 0;
}

void user_list_free(char **ids, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
}
