/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ratetable.c - the ratings table (ratetable.h): read, written, rebuilt
 * from the result records and compared with them.
 */
#include "game/ratetable.h"
#include "spool/formats.h"
#include "spool/group.h"
#include "spool/lock.h"
#include "spool/txn.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/magic.h"
#include "util/util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATETABLE_MAGIC FORMAT_LINE("epamserv-ratings", FORMAT_RATINGS)
#define RATETABLE_MAX (1 << 26)   /* 64 MiB: some 600,000 entries */

/* The n space-separated fields of s (changed in place) into f; -1 when
 * there are more or fewer. */
static int rtab_fields(char *s, char **f, int n)
{
	char *save = NULL, *w;
	int i = 0;

	for (w = strtok_r(s, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (i == n)
			return -1;
		f[i++] = w;
	}
	return i == n ? 0 : -1;
}

static int rtab_double(const char *s, double *d)
{
	char *end;

	errno = 0;
	*d = strtod(s, &end);
	return end == s || *end || errno || !isfinite(*d) ? -1 : 0;
}

/* A count 0..LONG_MAX without sign. */
static int rtab_long(const char *s, long *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtol(s, &end, 10);
	return *end || errno ? -1 : 0;
}

static int rtab_int(const char *s, int *v)
{
	long l;

	if (rtab_long(s, &l) < 0 || l > 1000000000L)
		return -1;
	*v = (int)l;
	return 0;
}

static int rtab_params(char *val, struct ratesys_params *p)
{
	char *f[10];
	double *d[10] = { &p->start, &p->k, &p->rd_start, &p->c,
	                  &p->vol_start, &p->tau, &p->period, &p->h,
	                  &p->bonus, &p->lambda };
	int i;

	if (rtab_fields(val, f, 10) < 0)
		return -1;
	for (i = 0; i < 10; i++)
		if (rtab_double(f[i], d[i]) < 0)
			return -1;
	return 0;
}

static int rtab_player(char *val, struct ratings *r)
{
	struct rating_player *p;
	char *f[10];
	long last;
	int cls;

	if (rtab_fields(val, f, 10) < 0 || rtab_int(f[0], &cls) < 0 ||
	    cls >= RATING_CLASSES || !util_userid_ok(f[1]) ||
	    strlen(f[1]) >= sizeof p->userid)
		return -1;
	r->players = xrealloc(r->players,
	                      (r->nplayers + 1) * sizeof *r->players);
	p = &r->players[r->nplayers];
	memset(p, 0, sizeof *p);
	p->cls = cls;
	strcpy(p->userid, f[1]);
	if (rtab_int(f[2], &p->games) < 0 || rtab_int(f[3], &p->wins) < 0 ||
	    rtab_int(f[4], &p->losses) < 0 || rtab_int(f[5], &p->draws) < 0 ||
	    rtab_double(f[6], &p->st.r) < 0 || rtab_double(f[7], &p->st.rd) < 0 ||
	    rtab_double(f[8], &p->st.vol) < 0 || rtab_long(f[9], &last) < 0)
		return -1;
	p->st.last = (time_t)last;
	p->rating = p->st.r >= 0 ? (int)(p->st.r + 0.5) : -(int)(-p->st.r + 0.5);
	r->nplayers++;
	return 0;
}

/* Parse the table's text into r; 0, or the number of the bad line. */
static int rtab_parse(char *text, struct ratings *r, char *sysword,
                      size_t syslen, struct ratesys_params *p)
{
	char *line, *save = NULL;
	int lineno = 0, have = 0;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *colon = strstr(line, ": ");
		int bad = 0;
		if (++lineno == 1)
			continue;  /* the magic line, checked by the caller */
		if (!colon)
			return lineno;
		*colon = '\0';
		if (strcmp(line, "system") == 0) {
			snprintf(sysword, syslen, "%s", colon + 2);
			have |= 1;
		} else if (strcmp(line, "params") == 0) {
			bad = rtab_params(colon + 2, p) < 0;
			have |= 2;
		} else if (strcmp(line, "seq") == 0) {
			bad = rtab_long(colon + 2, &r->seq) < 0;
			have |= 4;
		} else if (strcmp(line, "rated") == 0) {
			bad = rtab_long(colon + 2, &r->rated) < 0;
			have |= 8;
		} else if (strcmp(line, "player") == 0) {
			bad = !(have & 3) || rtab_player(colon + 2, r) < 0;
		} else {
			bad = 1;
		}
		if (bad)
			return lineno;
	}
	return have == 15 ? 0 : lineno + 1;
}

int ratetable_read(const char *spool, int system, struct ratings *r,
                   char **why)
{
	char path[4200], sysword[32] = "", newer[200], *text, *nl;
	struct ratesys_params want, got;
	int bad;

	memset(r, 0, sizeof *r);
	*why = NULL;
	if (system < 0 || system >= RATESYS_COUNT)
		system = RATESYS_ELO;
	ratesys_defaults(system, &want);
	memset(&got, 0, sizeof got);
	snprintf(path, sizeof path, "%s/%s", spool, RATETABLE_PATH);
	text = util_read_file(path, RATETABLE_MAX, NULL);
	if (!text) {
		if (errno == ENOENT) {
			/* TRANSLATORS: the file's path. */
			*why = errlang_asprintf(N_("the ratings table %s is "
			                        "missing"), path);
			return 2;
		}
			/* TRANSLATORS: the file's path and the system's
			 * reason. */
			*why = errlang_asprintf(N_("the ratings table %s cannot "
			                        "be read: %s"), path,
			                        strerror(errno));
		return 1;
	}
	nl = strchr(text, '\n');
	if (nl)
		*nl = '\0';
	if (magic_newer(text, "epamserv-ratings", FORMAT_RATINGS, newer,
	                sizeof newer)) {
		struct buf e = BUF_INIT;
		buf_printf(&e, "%s:1: %s", path, newer);
		*why = buf_take(&e);
		free(text);
		return 2;  /* derived data: rebuilt, no damage */
	}
	bad = strcmp(text, RATETABLE_MAGIC) != 0;
	if (bad && magic_version(text, "epamserv-ratings") > 0) {
		/* An older version: rebuilt as the course of things. */
		/* TRANSLATORS: the file's path and the version of its
		 * format ("epamserv-ratings N", its first line). */
		*why = errlang_asprintf(N_("the ratings table %s is of the "
		                        "older format version %d"), path,
		                        magic_version(text, "epamserv-ratings"));
		free(text);
		return 2;
	}
	if (nl)
		*nl = '\n';
	if (bad || (bad = rtab_parse(text, r, sysword, sizeof sysword, &got))) {
		/* TRANSLATORS: the file's path and the line's number. */
		*why = errlang_asprintf(N_("%s:%d: malformed ratings table"),
		                        path, bad);
	} else if (strcmp(sysword, ratesys_name(system)) != 0) {
		/* TRANSLATORS: the file's path, the rating system it was
		 * made by and the one the setting rating_system names
		 * (elo, glicko, glicko2, steph: not translated). */
		*why = errlang_asprintf(N_("the ratings table %s was made by "
		                        "the rating system %s, the setting "
		                        "rating_system is %s"), path, sysword,
		                        ratesys_name(system));
	} else if (memcmp(&got, &want, sizeof got) != 0) {
		/* TRANSLATORS: the file's path and the rating system. */
		*why = errlang_asprintf(N_("the ratings table %s was made with "
		                        "other constants of the rating system "
		                        "%s"), path, sysword);
	}
	free(text);
	if (*why) {
		ratings_free(r);
		return bad ? 1 : 2;
	}
	r->system = system;
	r->params = want;
	if (r->nplayers)
		qsort(r->players, r->nplayers, sizeof *r->players,
		      ratings_by_rating);
	return 0;
}

char *ratetable_format(struct ratings *r)
{
	const struct ratesys_params *p = &r->params;
	struct buf b = BUF_INIT;
	size_t i;

	if (r->nplayers)
		qsort(r->players, r->nplayers, sizeof *r->players,
		      ratings_by_rating);
	buf_printf(&b, "%s\nsystem: %s\n", RATETABLE_MAGIC,
	           ratesys_name(r->system));
	buf_printf(&b, "params: %.17g %.17g %.17g %.17g %.17g %.17g %.17g "
	           "%.17g %.17g %.17g\n", p->start, p->k, p->rd_start, p->c,
	           p->vol_start, p->tau, p->period, p->h, p->bonus, p->lambda);
	buf_printf(&b, "seq: %ld\nrated: %ld\n", r->seq, r->rated);
	for (i = 0; i < r->nplayers; i++) {
		const struct rating_player *q = &r->players[i];
		buf_printf(&b, "player: %d %s %d %d %d %d %.17g %.17g %.17g "
		           "%lld\n", q->cls, q->userid, q->games, q->wins,
		           q->losses, q->draws, q->st.r, q->st.rd, q->st.vol,
		           (long long)q->st.last);
	}
	return buf_take(&b);
}

int ratetable_for_update(const char *spool, int system, struct ratings *r,
                         char **err)
{
	char *why = NULL;

	*err = NULL;
	if (ratetable_read(spool, system, r, &why) == 0)
		return 0;
	log_msg(LOG_NOTICE, "%s: rebuilding it from the result records\n", why);
	free(why);
	if (ratings_load(spool, system, r, err) < 0)
		return -1;
	/* The caller adds to players only. */
	free(r->games);
	r->games = NULL;
	r->ngames = 0;
	return 0;
}

/* Write r as the table in a transaction of its own (the caller holds
 * RATETABLE_LOCK).  0, or -1 with *err. */
static int rtab_commit(const char *spool, struct ratings *r, char **err)
{
	struct txn *t = txn_begin(spool, RATETABLE_LOCK, "ratings-rebuild");
	char *text = ratetable_format(r);

	txn_put(t, RATETABLE_PATH, text, strlen(text));
	free(text);
	return txn_commit(t, err);
}

/* Take RATETABLE_LOCK (try only when timeout_ms < 0) and roll forward
 * what was committed before: 0 taken, 1 busy, -1 error (errno). */
static int rtab_lock(const char *spool, int timeout_ms, struct lock *l)
{
	int rc = timeout_ms < 0 ? lock_try(spool, RATETABLE_LOCK, l)
	                        : lock_acquire(spool, RATETABLE_LOCK,
	                                       timeout_ms, l);

	if (rc != 0)
		return rc;
	if (txn_recover(spool, RATETABLE_LOCK) < 0 ||
	    (rc = txn_recover_free(spool, RATETABLE_PATH)) < 0) {
		int saved = errno;
		lock_release(l);
		errno = saved;
		return -1;
	}
	if (rc > 0) {
		/* A busy board's entry will write the table: as busy. */
		lock_release(l);
		errno = EBUSY;
		return 1;
	}
	return 0;
}

int ratings_current(const char *spool, int system, struct ratings *r,
                    char **err)
{
	struct lock l = LOCK_INIT;
	char *why = NULL, *cerr = NULL;
	int rc;

	*err = NULL;
	/* This batch's staged table, if any, committed first (group.h). */
	if (txn_group_settle(spool, "ratings/") < 0) {
		/* TRANSLATORS: the file's path and the system's reason. */
		*err = errlang_asprintf(N_("cannot read %s: %s"),
		                        RATETABLE_PATH, strerror(errno));
		return -1;
	}
	if (ratetable_read(spool, system, r, &why) == 0)
		return 0;
	rc = rtab_lock(spool, -1, &l);
	if (rc == 0) {
		/* Its last holder may have written it meanwhile. */
		free(why);
		why = NULL;
		if (ratetable_read(spool, system, r, &why) == 0) {
			lock_release(&l);
			return 0;
		}
	}
	if (ratings_load(spool, system, r, err) < 0) {
		lock_release(&l);
		free(why);
		return -1;
	}
	if (rc == 0) {
		if (rtab_commit(spool, r, &cerr) < 0) {
			log_msg(LOG_ERR, "%s: cannot rebuild it: %s\n", why, cerr);
			free(cerr);
		} else {
			log_msg(LOG_NOTICE, "%s: rebuilt from %ld result "
			        "records\n", why, r->rated);
		}
	}
	lock_release(&l);
	free(why);
	free(r->games);
	r->games = NULL;
	r->ngames = 0;
	return 0;
}

int ratetable_rebuild(const char *spool, int system, int timeout_ms,
                      size_t *players, long *records, char **err)
{
	struct lock l = LOCK_INIT;
	struct ratings r;
	int rc;

	*err = NULL;
	if (rtab_lock(spool, timeout_ms < 0 ? 0 : timeout_ms, &l) != 0) {
		/* TRANSLATORS: the lock's name and the system's reason. */
		*err = errlang_asprintf(N_("cannot lock %s: %s"), RATETABLE_LOCK,
		                        strerror(errno));
		return -2;
	}
	if (ratings_load(spool, system, &r, err) < 0) {
		lock_release(&l);
		return -1;
	}
	rc = rtab_commit(spool, &r, err) < 0 ? -2 : 0;
	lock_release(&l);
	if (rc == 0) {
		log_msg(LOG_NOTICE, "the ratings table %s/%s rebuilt from %ld "
		        "result records\n", spool, RATETABLE_PATH, r.rated);
		if (players)
			*players = r.nplayers;
		if (records)
			*records = r.rated;
	}
	ratings_free(&r);
	return rc;
}

/* By class, then userid: the order two tables are compared in. */
static int rtab_by_player(const void *a, const void *b)
{
	const struct rating_player *x = a, *y = b;

	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	return strcmp(x->userid, y->userid);
}

static int rtab_same(const struct rating_player *x,
                     const struct rating_player *y)
{
	return x->games == y->games && x->wins == y->wins &&
	       x->losses == y->losses && x->draws == y->draws &&
	       x->st.r == y->st.r && x->st.rd == y->st.rd &&
	       x->st.vol == y->st.vol && x->st.last == y->st.last;
}

int ratetable_compare(const char *spool, int system, char **why)
{
	struct ratings t, r;
	char path[4200];
	size_t i;
	int rc = 0;

	*why = NULL;
	if ((rc = ratetable_read(spool, system, &t, why)) != 0) {
		/* Missing, or of another system: made at its next use. */
		if (rc == 2) {
			free(*why);
			*why = NULL;
			return 0;
		}
		return 1;
	}
	if (ratings_load(spool, system, &r, why) < 0) {
		ratings_free(&t);
		return -1;
	}
	snprintf(path, sizeof path, "%s/%s", spool, RATETABLE_PATH);
	if (t.rated != r.rated || t.seq != r.seq) {
		/* TRANSLATORS: the file's path, then how many result
		 * records it has rated and the highest sequence number
		 * ("seq", a word of the file), then the same of a replay
		 * of the records. */
		*why = errlang_asprintf(N_("the ratings table %s disagrees with "
		                        "the result records: it rated %ld "
		                        "(seq %ld), a replay rates %ld (seq "
		                        "%ld)"), path, t.rated, t.seq, r.rated,
		                        r.seq);
		rc = 1;
		goto out;
	}
	if (t.nplayers)
		qsort(t.players, t.nplayers, sizeof *t.players, rtab_by_player);
	if (r.nplayers)
		qsort(r.players, r.nplayers, sizeof *r.players, rtab_by_player);
	for (i = 0; i < t.nplayers && i < r.nplayers; i++) {
		const struct rating_player *x = &t.players[i], *y = &r.players[i];
		if (rtab_by_player(x, y) != 0) {
			/* TRANSLATORS: the file's path, then a player and a
			 * rating class ("epaminondas small"). */
			*why = errlang_asprintf(N_("the ratings table %s and a "
			                        "replay of the result records "
			                        "do not list the same players: "
			                        "%s in %s differs"), path,
			                        rtab_by_player(x, y) < 0
			                        ? x->userid : y->userid,
			                        ratings_class_name(
			                        rtab_by_player(x, y) < 0 ? x->cls
			                                                 : y->cls));
			rc = 1;
			goto out;
		}
		if (!rtab_same(x, y)) {
			/* TRANSLATORS: the file's path, then a player and a
			 * rating class ("epaminondas small"). */
			*why = errlang_asprintf(N_("the ratings table %s disagrees "
			                        "with the result records on "
			                        "%s's rating in %s"), path,
			                        x->userid,
			                        ratings_class_name(x->cls));
			rc = 1;
			goto out;
		}
	}
	if (t.nplayers != r.nplayers) {
		const struct rating_player *x = i < t.nplayers ? &t.players[i]
		                                               : &r.players[i];
		*why = errlang_asprintf(N_("the ratings table %s and a "
		                        "replay of the result records "
		                        "do not list the same players: "
		                        "%s in %s differs"), path, x->userid,
		                        ratings_class_name(x->cls));
		rc = 1;
	}
out:
	ratings_free(&t);
	ratings_free(&r);
	return rc;
}
