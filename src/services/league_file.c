/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * league_file.c - the league file SPOOL/league/GAME (load, format,
 * lock) and the next season's order from the divisions' tables (see
 * league.h).  Split out of league.c by issue 31, bodies unchanged.
 */
#include "services/league.h"
#include "services/tfile.h"
#include "services/ttable.h"
#include "services/tourney_mail.h"
#include "services/tourney_rating.h"
#include "game/options.h"
#include "game/ratetable.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "league/GAME" into buf. */
static void lg_path(const char *game, char *buf, size_t len)
{
	snprintf(buf, len, "league/%s", game);
}

void lg_tname(int season, int div, char *buf, size_t len)
{
	snprintf(buf, len, "league-%d-%d", season, div);
}

int lg_member(const struct lfile *lf, const char *userid)
{
	int i;

	for (i = 0; i < lf->nmembers; i++)
		if (strcmp(lf->member[i], userid) == 0)
			return i;
	return -1;
}

int lg_load(const char *spool, const char *game, struct lfile *lf,
            char **err)
{
	char rel[64], path[4200], line[256];
	struct buf e = BUF_INIT;
	FILE *f;
	int lineno = 0, bad = 0;

	memset(lf, 0, sizeof *lf);
	snprintf(lf->game, sizeof lf->game, "%s", game);
	lg_path(game, rel, sizeof rel);
	snprintf(path, sizeof path, "%s/%s", spool, rel);
	if (!(f = util_fopen_spool_read(path))) {
		if (errno == ENOENT)
			return 0;
		buf_printf(&e, "%s: %s", path, strerror(errno));
		*err = buf_take(&e);
		return -1;
	}
	while (fgets(line, sizeof line, f) && !bad) {
		char *nl = strchr(line, '\n'), *val;
		int d, used = 0;
		if (!nl) {
			bad = 1;
			break;
		}
		*nl = '\0';
		if (++lineno == 1) {
			bad = strcmp(line, LG_MAGIC) != 0;
			continue;
		}
		if (!(val = strstr(line, ": "))) {
			bad = 1;
			break;
		}
		*val = '\0';
		val += 2;
		if (strcmp(line, "game") == 0)
			bad = strcmp(val, game) != 0;
		else if (strcmp(line, "season") == 0)
			bad = sscanf(val, "%d%n", &lf->season, &used) != 1 ||
			      val[used] || lf->season < 0 || lf->season > 99999;
		else if (strcmp(line, "started") == 0)
			bad = strcmp(val, "-") != 0 &&
			      util_parse_iso_time(val, &lf->started) < 0;
		else if (strcmp(line, "member") == 0)
			bad = !util_userid_ok(val) || lf->nmembers >= LG_MAX ||
			      strlen(val) >= 32 ||
			      !strcpy(lf->member[lf->nmembers++], val);
		else if (strcmp(line, "entry") == 0) {
			bad = sscanf(val, "%d %n", &d, &used) != 1 || d < 1 ||
			      d > LG_DIVS_MAX || !util_userid_ok(val + used) ||
			      strlen(val + used) >= 32 || lf->nentries >= LG_MAX;
			if (!bad) {
				lf->entry[lf->nentries].div = d;
				strcpy(lf->entry[lf->nentries++].userid, val + used);
				if (d > lf->ndivs)
					lf->ndivs = d;
			}
		}
		/* other keys: from a later version, kept out */
	}
	if (ferror(f))
		bad = 1;
	fclose(f);
	if (bad || lineno == 0) {
		buf_printf(&e, "%s: damaged at line %d", path, lineno);
		*err = buf_take(&e);
		return -1;
	}
	return 0;
}

/* lf's file text (malloc'ed). */
static char *lg_format(const struct lfile *lf)
{
	struct buf b = BUF_INIT;
	char when[32] = "-";
	int i;

	if (lf->started)
		util_iso_time(lf->started, when, sizeof when);
	buf_printf(&b, "%s\ngame: %s\nseason: %d\nstarted: %s\n", LG_MAGIC,
	           lf->game, lf->season, when);
	for (i = 0; i < lf->nmembers; i++)
		buf_printf(&b, "member: %s\n", lf->member[i]);
	for (i = 0; i < lf->nentries; i++)
		buf_printf(&b, "entry: %d %s\n", lf->entry[i].div,
		           lf->entry[i].userid);
	return buf_take(&b);
}

char *league_file_text(const char *spool, const char *game, char **err)
{
	struct lfile *lf = zalloc(1, sizeof *lf);
	char *text = NULL;

	if (lg_load(spool, game, lf, err) == 0)
		text = lg_format(lf);
	free(lf);
	return text;
}

void put_lf(struct txn *t, const struct lfile *lf)
{
	char rel[64], *file = lg_format(lf);

	lg_path(lf->game, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
}

enum cmd_status lg_lock(struct svc *s, const char *game,
                        struct lfile *lf, struct lock *l1,
                        struct lock *l2, char *key, size_t keylen)
{
	enum cmd_status st;
	char *err = NULL;

	if ((st = svc_lock(s, "tournaments", l1)) != CMD_DONE)
		return st;
	snprintf(key, keylen, "next-%s", game);
	if ((st = svc_lock(s, key, l2)) != CMD_DONE) {
		lock_release(l1);
		return st;
	}
	if (lg_load(s->cfg->spool, game, lf, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		tf_unlock(l1, l2);
		return CMD_TEMPFAIL;
	}
	return CMD_DONE;
}

int swaps(int n, int n2)
{
	int p = n >= 6 ? 2 : 1, p2 = n2 >= 6 ? 2 : 1;

	return p < p2 ? p : p2;
}

int division_of(struct svc *s, const struct lfile *lf, int d,
                struct ldiv *dv)
{
	struct tfile tf;
	struct ttable tt;
	char name[32], *err = NULL;
	int i, rc;

	memset(dv, 0, sizeof *dv);
	lg_tname(lf->season, d, name, sizeof name);
	rc = tf_load(s->cfg->spool, name, &tf, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	if (rc == 0 && (tf.state == TF_RUNNING || tf.state == TF_FINISHED)) {
		if (tt_build(s->cfg, &tf, NULL, &tt) < 0) {
			tf_free(&tf);
			return -1;
		}
		for (i = 0; i < tf.nplayers && dv->n < LG_MAX; i++, dv->n++) {
			snprintf(dv->userid[dv->n], 32, "%s",
			         tf.player[tt.rank[i]].userid);
			dv->score[dv->n] = tt.row[tt.rank[i]].cancelled ? 0 :
			                   tt.row[tt.rank[i]].score;
		}
		dv->finished = tf.state == TF_FINISHED;
		tt_free(&tt);
		tf_free(&tf);
		return 0;
	}
	if (rc == 0)
		tf_free(&tf);
	for (i = 0; i < lf->nentries; i++)
		if (lf->entry[i].div == d) {
			snprintf(dv->userid[dv->n], 32, "%s", lf->entry[i].userid);
			dv->score[dv->n++] = -1;
		}
	return 0;
}

/* The rating class of the league's boards (cfg->league_options). */
static int league_class(const struct config *cfg, const char *game)
{
	struct ep_options o;
	struct game_settings set;
	char err[GAME_OPTIONS_ERR_MAX], *words = xstrdup(cfg->league_options), *w,
	     *save = NULL;

	if (ep_options_default(&o, game, err, sizeof err) < 0) {
		free(words);
		return ratings_class(game, 8, 8);
	}
	game_settings_default(&set);
	for (w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
		game_option_apply(&o, &set, w, err, sizeof err);
	free(words);
	return ratings_class(game, o.width, o.height);
}

int next_order(struct svc *s, const struct lfile *lf,
               struct ldiv *dv, int k, struct lentry *out)
{
	char list[LG_MAX][32];
	struct tourney_rated fresh[LG_MAX];
	struct ratings r;
	int n = 0, nf = 0, i, d, up, down, size, ndivs, cls;
	char *err = NULL;

	for (d = 1; d <= k; d++) {
		up = d > 1 ? swaps(dv[d - 1].n, dv[d].n) : 0;
		down = d < k ? swaps(dv[d].n, dv[d + 1].n) : 0;
		if (d > 1)  /* relegated from d-1: its bottom ones */
			for (i = dv[d - 1].n - swaps(dv[d - 1].n, dv[d].n);
			     i < dv[d - 1].n && n < LG_MAX; i++)
				memcpy(list[n++], dv[d - 1].userid[i], 32);
		for (i = up; i < dv[d].n - down && n < LG_MAX; i++)
			memcpy(list[n++], dv[d].userid[i], 32);
		for (i = 0; d < k && i < down && n < LG_MAX; i++)
			memcpy(list[n++], dv[d + 1].userid[i], 32);  /* promoted */
	}
	/* Leavers out, then the new members by rating. */
	for (i = 0, d = 0; i < n; i++)
		if (lg_member(lf, list[i]) >= 0)
			memmove(list[d++], list[i], 32);
	n = d;
	if (ratings_current(s->cfg->spool, s->cfg->rating_system,
	                 &r, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	cls = league_class(s->cfg, lf->game);
	for (i = 0; i < lf->nmembers; i++) {
		for (d = 0; d < n; d++)
			if (strcmp(list[d], lf->member[i]) == 0)
				break;
		if (d < n)
			continue;
		memcpy(fresh[nf].userid, lf->member[i], 32);
		fresh[nf++].rating = ratings_of(&r, lf->member[i], cls);
	}
	ratings_free(&r);
	qsort(fresh, (size_t)nf, sizeof fresh[0], tourney_by_rating);
	for (i = 0; i < nf && n < LG_MAX; i++)
		memcpy(list[n++], fresh[i].userid, 32);
	/* Cut into divisions. */
	size = s->cfg->league_division_size;
	ndivs = (n + size - 1) / size;
	if (ndivs > 1 && n - (ndivs - 1) * size < 3)
		ndivs--;
	if (ndivs > LG_DIVS_MAX)
		ndivs = LG_DIVS_MAX;
	for (i = 0; i < n; i++) {
		d = i / size + 1;
		out[i].div = d > ndivs ? ndivs : d;
		memcpy(out[i].userid, list[i], 32);
	}
	return n;
}
