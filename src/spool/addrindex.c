/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * addrindex.c - the per-address records of the spool (see addrindex.h).
 */
#include "spool/addrindex.h"
#include "spool/formats.h"
#include "spool/group.h"
#include "spool/lock.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/magic.h"
#include "util/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define ADDR_MAGIC FORMAT_LINE("epamserv-address", FORMAT_ADDRESS)
#define ADDR_MARKER "addresses/.complete"

void addr_mailbox(const char *addr, char *box, size_t len)
{
	const char *at = strrchr(addr, '@');
	size_t i, n = 0;

	for (i = 0; addr[i] && n + 1 < len; i++) {
		if (at && addr + i < at && addr[i] == '+') {
			i = (size_t)(at - addr) - 1;  /* the tag goes */
			continue;
		}
		box[n++] = (char)tolower((unsigned char)addr[i]);
	}
	while (n > 0 && box[n - 1] == '.')
		n--;
	box[n] = '\0';
}

/* "addresses/DIGEST" of addr, the digest of its mailbox, into buf. */
static void addr_relpath(const char *addr, char *buf, size_t len)
{
	char box[512], digest[33];

	addr_mailbox(addr, box, sizeof box);
	util_digest_hex(box, strlen(box), digest);
	snprintf(buf, len, "addresses/%s", digest);
}

int addr_entry_load(const char *spool, const char *addr, struct addr_entry *e,
                    char **err)
{
	char rel[128], path[4300], *text, *line, *save = NULL;

	memset(e, 0, sizeof *e);
	*err = NULL;
	addr_relpath(addr, rel, sizeof rel);
	snprintf(path, sizeof path, "%s/%s", spool, rel);
	if (txn_group_settle(spool, rel) < 0)
		text = NULL;
	else
		text = util_read_file(path, 1 << 14, NULL);
	if (!text) {
		if (errno == ENOENT)
			return 0;
		*err = errlang_asprintf(N_("cannot read %s: %s"), path,
		                        strerror(errno));
		return -1;
	}
	/* A damaged entry is only a lost hint: the lines that read are kept.
	 * One a newer epamserv wrote may mean something else by them. */
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char when[32], who[32], newer[200];
		if (line == text && magic_newer(line, "epamserv-address",
		                                FORMAT_ADDRESS, newer,
		                                sizeof newer)) {
			struct buf b = BUF_INIT;
			buf_printf(&b, "%s:1: %s", path, newer);
			*err = buf_take(&b);
			free(text);
			memset(e, 0, sizeof *e);
			return -1;
		}
		if (strncmp(line, "player: ", 8) == 0 && util_userid_ok(line + 8) &&
		    e->nplayers < ADDR_MAX_PLAYERS)
			snprintf(e->players[e->nplayers++], 32, "%s", line + 8);
		else if (sscanf(line, "request: %31s %31s", when, who) == 2 &&
		         util_userid_ok(who) &&
		         util_parse_iso_time(when, &e->request_sent) == 0)
			snprintf(e->request_for, sizeof e->request_for, "%s", who);
		else if (sscanf(line, "stopped: %31s", when) == 1 &&
		         util_parse_iso_time(when, &e->stopped) < 0)
			e->stopped = 0;
	}
	free(text);
	return 0;
}

int addr_player_user(const char *spool, const char *addr, struct user *u)
{
	struct addr_entry e;
	char *err = NULL;
	size_t i;

	if (addr_entry_load(spool, addr, &e, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	for (i = 0; i < e.nplayers; i++) {
		int rc = user_load(spool, e.players[i], u, &err);
		if (rc < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			return -1;
		}
		if (rc > 0)
			continue;
		if (user_confirmed(u) && user_find_address(u, addr) >= 0)
			return 1;
		user_free(u);
	}
	return 0;
}

int addr_player(const char *spool, const char *addr, char *userid)
{
	struct user u;
	int rc = addr_player_user(spool, addr, &u);

	if (rc == 1) {
		snprintf(userid, 32, "%s", u.userid);
		user_free(&u);
	}
	return rc;
}

static char *addr_entry_format(const char *addr, const struct addr_entry *e)
{
	struct buf b = BUF_INIT;
	char when[32];
	size_t i;

	buf_printf(&b, "%s\naddress: %s\n", ADDR_MAGIC, addr);
	for (i = 0; i < e->nplayers; i++)
		buf_printf(&b, "player: %s\n", e->players[i]);
	if (e->request_sent) {
		util_iso_time(e->request_sent, when, sizeof when);
		buf_printf(&b, "request: %s %s\n", when, e->request_for);
	}
	if (e->stopped) {
		util_iso_time(e->stopped, when, sizeof when);
		buf_printf(&b, "stopped: %s\n", when);
	}
	return buf_take(&b);
}

int addr_stop_put(struct txn *t, const char *spool, const char *addr,
                  time_t when)
{
	struct addr_entry e;
	char rel[128], *err = NULL, *text;

	if (addr_entry_load(spool, addr, &e, &err) < 0) {
		log_msg(LOG_WARNING, "%s (rewritten)\n", err);
		free(err);
	}
	if ((e.stopped != 0) == (when != 0))
		return 0;
	e.stopped = when;
	text = addr_entry_format(addr, &e);
	addr_relpath(addr, rel, sizeof rel);
	txn_put(t, rel, text, strlen(text));
	free(text);
	return 1;
}

/* Give or take away userid's player line in e: 1 when e changed. */
static int addr_entry_set(struct addr_entry *e, const char *userid, int on)
{
	size_t i;

	for (i = 0; i < e->nplayers && strcmp(e->players[i], userid); i++)
		;
	if (on && i == e->nplayers) {
		if (e->nplayers == ADDR_MAX_PLAYERS) {
			/* The oldest hint goes: lookups check the user files. */
			memmove(e->players[0], e->players[1],
			        (ADDR_MAX_PLAYERS - 1) * sizeof e->players[0]);
			e->nplayers--;
		}
		snprintf(e->players[e->nplayers++], 32, "%s", userid);
		return 1;
	}
	if (!on && i < e->nplayers) {
		memmove(e->players[i], e->players[i + 1],
		        (e->nplayers - i - 1) * sizeof e->players[0]);
		e->nplayers--;
		return 1;
	}
	return 0;
}

/* Update the entry of addr in t: userid's player line on or off (on < 0:
 * unchanged), and the latest request when sent is not 0. */
static void addr_update(struct txn *t, const char *spool, const char *addr,
                        const char *userid, int on, time_t sent)
{
	struct addr_entry e;
	char rel[128], *err = NULL, *text;
	int changed = 0;

	if (addr_entry_load(spool, addr, &e, &err) < 0) {
		/* Rewritten from what this change knows. */
		log_msg(LOG_WARNING, "%s (rewritten)\n", err);
		free(err);
	}
	if (on >= 0)
		changed = addr_entry_set(&e, userid, on);
	if (sent && sent != e.request_sent) {
		e.request_sent = sent;
		snprintf(e.request_for, sizeof e.request_for, "%s", userid);
		changed = 1;
	}
	if (!changed)
		return;
	text = addr_entry_format(addr, &e);
	addr_relpath(addr, rel, sizeof rel);
	txn_put(t, rel, text, strlen(text));
	free(text);
}

/* One address's change within addr_user_put. */
struct addr_change {
	const char *addr;
	int on;          /* -1 unchanged, 0 off, 1 on */
	time_t sent;     /* a new request's time, or 0 */
};

static struct addr_change *addr_change_of(struct addr_change *v, size_t *n,
                                          const char *addr)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (strcasecmp(v[i].addr, addr) == 0)
			return &v[i];
	v[*n].addr = addr;
	v[*n].on = -1;
	v[*n].sent = 0;
	return &v[(*n)++];
}

void addr_user_put(struct txn *t, const char *spool, const struct user *u,
                   const struct user *old)
{
	struct addr_change v[3 * USER_MAX_ADDRESSES];
	char rel[128], *file = user_format(u);
	int live = !u->left;
	size_t i, n = 0;

	user_path(u->userid, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
	for (i = 0; i < u->naddr; i++)
		if (!old || user_find_address(old, u->addr[i].addr) < 0 ||
		    (old->left && live))
			addr_change_of(v, &n, u->addr[i].addr)->on = live;
	if (old)
		for (i = 0; i < old->naddr; i++)
			if (user_find_address(u, old->addr[i].addr) < 0 ||
			    (!live && !old->left))
				addr_change_of(v, &n, old->addr[i].addr)->on = 0;
	for (i = 0; i < u->nreq; i++) {
		int k = old ? user_find_request(old, u->req[i].addr) : -1;
		if (k < 0 || old->req[k].sent != u->req[i].sent)
			addr_change_of(v, &n, u->req[i].addr)->sent = u->req[i].sent;
	}
	for (i = 0; i < n; i++)
		addr_update(t, spool, v[i].addr, u->userid, v[i].on, v[i].sent);
}

/* One confirmed address of one account, for the index build. */
struct addr_pair {
	char *addr;      /* its mailbox (addr_mailbox), malloc'ed */
	char userid[32];
};

static int addr_pair_cmp(const void *a, const void *b)
{
	return strcmp(((const struct addr_pair *)a)->addr,
	              ((const struct addr_pair *)b)->addr);
}

/* Every confirmed address of every account that has not left. */
static struct addr_pair *addr_collect(const char *spool, char **ids, size_t n,
                                      size_t *npairs)
{
	struct addr_pair *v = NULL;
	char *err = NULL;
	size_t i, k, m = 0;

	for (i = 0; i < n; i++) {
		struct user u;
		if (user_load(spool, ids[i], &u, &err) != 0) {
			log_msg(LOG_WARNING, "address index: %s\n",
			        err ? err : "a user file vanished");
			free(err);
			err = NULL;
			continue;
		}
		for (k = 0; !u.left && k < u.naddr; k++) {
			char box[512];
			addr_mailbox(u.addr[k].addr, box, sizeof box);
			v = xrealloc(v, (m + 1) * sizeof *v);
			v[m].addr = xstrdup(box);
			snprintf(v[m++].userid, sizeof v[0].userid, "%s", u.userid);
		}
		user_free(&u);
	}
	if (m)
		qsort(v, m, sizeof *v, addr_pair_cmp);
	*npairs = m;
	return v;
}

int addr_index_ensure(const char *spool)
{
	static char *built;  /* the spool whose index this process saw built */
	struct lock l = LOCK_INIT;
	struct addr_pair *v = NULL;
	struct stat st;
	struct txn *t;
	char path[4200], **ids = NULL, *err = NULL;
	size_t n = 0, m = 0, i, j;
	int rc = -1;

	/* Once seen for a spool, the index stays built: one stat a process. */
	if (built && strcmp(built, spool) == 0)
		return 0;
	snprintf(path, sizeof path, "%s/%s", spool, ADDR_MARKER);
	if (stat(path, &st) == 0)
		goto built;
	if (lock_acquire(spool, "users", 30000, &l) < 0) {
		log_msg(LOG_WARNING, "cannot build the address index now: the "
		        "users are busy\n");
		return -1;
	}
	if (txn_recover(spool, "users") < 0 || stat(path, &st) == 0) {
		rc = stat(path, &st) == 0 ? 0 : -1;
		goto out;
	}
	if (user_list(spool, &ids, &n, &err) < 0)
		goto out;
	v = addr_collect(spool, ids, n, &m);
	t = txn_begin(spool, "users", "address-index");
	for (i = 0; i < m; i = j) {
		struct addr_entry e;
		char rel[128], *text;
		struct addr_entry old;
		char *lerr = NULL;
		memset(&e, 0, sizeof e);
		for (j = i; j < m && strcmp(v[j].addr, v[i].addr) == 0; j++)
			addr_entry_set(&e, v[j].userid, 1);
		/* The players are rebuilt from the user files; the owner's
		 * stop (stopmail) is in the entry alone: kept. */
		if (addr_entry_load(spool, v[i].addr, &old, &lerr) == 0)
			e.stopped = old.stopped;
		free(lerr);
		text = addr_entry_format(v[i].addr, &e);
		addr_relpath(v[i].addr, rel, sizeof rel);
		txn_put(t, rel, text, strlen(text));
		free(text);
	}
	txn_put(t, ADDR_MARKER, "built\n", 6);
	rc = txn_commit(t, &err);
	if (rc == 0)
		log_msg(LOG_NOTICE, n == 1 ? "address index built for %zu "
		        "account\n" : "address index built for %zu accounts\n",
		        n);
out:
	if (err)
		log_msg(LOG_ERR, "address index: %s\n", err);
	free(err);
	for (i = 0; i < m; i++)
		free(v[i].addr);
	free(v);
	user_list_free(ids, n);
	lock_release(&l);
	if (rc < 0)
		return rc;
built:
	free(built);
	built = xstrdup(spool);
	return 0;
}
