/*
 * users.c - player accounts and crypt(3) password hashes (see users.h).
 */
#include "spool/users.h"
#include "spool/group.h"
#include "spool/pwcache.h"
#include "util/buf.h"
#include "util/util.h"

#include <crypt.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void user_path(const char *userid, char *buf, size_t len)
{
	snprintf(buf, len, "users/%s", userid);
}

void user_free(struct user *u)
{
	free(u->hash);
	free(u->address);
	u->hash = u->address = NULL;
}

void user_defaults(struct user *u)
{
	u->html = 1;
	u->orientation = USER_ORIENT_WHITE;
	u->token_epoch = 0;
	u->vacation[0] = '\0';
	u->left = 0;
}

int user_on_vacation(const struct user *u, time_t now)
{
	char today[32];

	if (!u->vacation[0])
		return 0;
	util_iso_time(now, today, sizeof today);
	/* ISO dates compare as text. */
	return strncmp(today, u->vacation, 10) <= 0;
}

/* The optional fields; 0, or -1 on a bad value. */
static int user_pref_field(struct user *u, const char *key, const char *val)
{
	char *end;

	if (strcmp(key, "html") == 0) {
		if (strcmp(val, "on") && strcmp(val, "off"))
			return -1;
		u->html = strcmp(val, "on") == 0;
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
	} else if (strcmp(key, "left") == 0) {
		if (util_parse_iso_time(val, &u->left) < 0)
			return -1;
	}
	/* Unknown keys are kept for forward compatibility: ignored. */
	return 0;
}

static int user_field(struct user *u, const char *key, const char *val)
{
	if (strcmp(key, "userid") == 0) {
		if (strlen(val) >= sizeof u->userid)
			return -1;
		strcpy(u->userid, val);
	} else if (strcmp(key, "password") == 0) {
		free(u->hash);
		u->hash = xstrdup(val);
	} else if (strcmp(key, "address") == 0) {
		free(u->address);
		u->address = xstrdup(val);
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

/* A copy of u (hash and address duplicated) into *out. */
static void user_copy(struct user *out, const struct user *u)
{
	*out = *u;
	out->hash = xstrdup(u->hash);
	out->address = xstrdup(u->address);
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
	char *line, *save = NULL;
	int lineno = 0;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *colon;
		lineno++;
		if (lineno == 1) {
			if (strcmp(line, "epamserv-user 1") != 0)
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
	if (!u->hash || !u->address || strcmp(u->userid, userid) != 0) {
		buf_printf(&e, "%s: missing userid, password or address", path);
		*err = buf_take(&e);
		user_free(u);
		return -1;
	}
	return 0;
bad:
	buf_printf(&e, "%s:%d: malformed user record", path, lineno);
	*err = buf_take(&e);
	user_free(u);
	return -1;
}

int user_load(const char *spool, const char *userid, struct user *u,
              char **err)
{
	char path[4096], name[300], *text;
	struct user_cache_entry *c;
	struct stat st;
	int rc;

	memset(u, 0, sizeof *u);
	user_defaults(u);
	*err = NULL;
	snprintf(path, sizeof path, "%s/users/%s", spool, userid);
	/* A batch may have this user's file staged (group.h): committed
	 * first, so that what is on disk (and checked below) is current. */
	snprintf(name, sizeof name, "users/%s", userid);
	if (txn_group_settle(spool, name) < 0)
		goto fail;
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
	if (!text)
		goto fail;
	rc = user_parse(text, path, userid, u, err);
	free(text);
	if (rc == 0)
		user_cache_store(path, &st, u);
	return rc;
fail:
	if (errno == ENOENT)
		return 1;
	{
		struct buf e = BUF_INIT;
		buf_printf(&e, "cannot read %s: %s", path, strerror(errno));
		*err = buf_take(&e);
	}
	return -1;
}

char *user_format(const struct user *u)
{
	struct buf b = BUF_INIT;
	static const char *const orient[] = { "white", "black", "own" };
	char when[32];

	util_iso_time(u->created, when, sizeof when);
	buf_printf(&b, "epamserv-user 1\nuserid: %s\npassword: %s\n"
	           "address: %s\ncreated: %s\n",
	           u->userid, u->hash, u->address, when);
	if (!u->html)
		buf_puts(&b, "html: off\n");
	if (u->orientation != USER_ORIENT_WHITE)
		buf_printf(&b, "orientation: %s\n", orient[u->orientation]);
	if (u->token_epoch)
		buf_printf(&b, "token-epoch: %lu\n", u->token_epoch);
	if (u->vacation[0])
		buf_printf(&b, "vacation: %s\n", u->vacation);
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
	d = txn_group_settle(spool, "users/") < 0 ? NULL : opendir(path);
	if (!d) {
		struct buf e = BUF_INIT;
		if (errno == ENOENT)
			return 0;
		buf_printf(&e, "cannot list %s: %s", path, strerror(errno));
		*err = buf_take(&e);
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
