/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * league_sweep.c - the league's sweep (see league.h): a season over
 * starts the next, each division a round robin tournament started by
 * the server; and "config --check"'s reading of league_options.  Split
 * out of league.c by issue 31, bodies unchanged but for the sweep's
 * context, now a struct svc (tourney_sweep.c's sweep_svc_init).
 */
#include "services/league.h"
#include "services/tourney_mail.h"
#include "services/tourney_rounds.h"
#include "services/tourney_sweep.h"
#include "game/options.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Make division d of lf's season (locks held): a round robin
 * league-S-D of its entries, started at once. */
static void make_division(const struct config *cfg, const struct lfile *lf,
                          int d, const char *key)
{
	struct svc s;
	struct tfile tf;
	char name[32], why[96], event[96], *err = NULL;
	enum cmd_status st;
	struct txn *t;
	int i, rc;

	lg_tname(lf->season, d, name, sizeof name);
	rc = tf_load(cfg->spool, name, &tf, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return;
	}
	if (rc == 0) {  /* made already (or not ours: create refuses it) */
		if (strcmp(tf.organiser, LG_ORGANISER) != 0)
			log_msg(LOG_ERR, "league: tournament %s is not the "
			        "league's\n", name);
		tf_free(&tf);
		return;
	}
	snprintf(event, sizeof event, "sweep league %s %s", lf->game, name);
	sweep_svc_init(&s, cfg, "%s", event);
	memset(&tf, 0, sizeof tf);
	lg_tname(lf->season, d, tf.name, sizeof tf.name);
	snprintf(tf.game, sizeof tf.game, "%s", lf->game);
	snprintf(tf.organiser, sizeof tf.organiser, "%s", LG_ORGANISER);
	snprintf(tf.format, sizeof tf.format, "roundrobin");
	snprintf(tf.options, sizeof tf.options, "%s", cfg->league_options);
	tf.rounds = 1;
	tf.min_players = 3;
	tf.max_players = TF_PLAYERS_MAX;
	tf.created = s.now;
	tf.state = TF_OPEN;
	for (i = 0; i < lf->nentries && tf.nplayers < TF_PLAYERS_MAX; i++)
		if (lf->entry[i].div == d)
			memcpy(tf.player[tf.nplayers++].userid, lf->entry[i].userid,
			       32);
	/* TRANSLATORS: a clause in parentheses after "Tournament NAME has
	 * started": the season, the division and the number of divisions. */
	snprintf(why, sizeof why, _("season %d of the league, division %d "
	         "of %d"), lf->season, d, lf->ndivs);
	t = svc_txn(&s, key);
	st = tourney_start(&s, t, &tf, why);
	st = st == CMD_DONE ? svc_commit(&s, t) : (txn_abort(t), st);
	if (st == CMD_DONE)
		log_msg(LOG_INFO, "league: %s started, %d players\n", name,
		        tf.nplayers);
	else
		log_msg(LOG_ERR, "league: %s could not start (league_options "
		        "'%s'?)\n", name, cfg->league_options);
	tf_free(&tf);
	svc_free(&s);
}

/* The league of game: a season over starts the next; the divisions of
 * the current season still to make are made. */
static void league_game(const struct config *cfg, const char *game)
{
	struct svc s;
	struct lfile *lf = zalloc(1, sizeof *lf);
	struct ldiv *dv = NULL;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64], event[96];
	struct lentry *next = NULL;
	int d, over = 1, n;
	struct txn *t;

	snprintf(event, sizeof event, "sweep league %s", game);
	sweep_svc_init(&s, cfg, "%s", event);
	if (lg_lock(&s, game, lf, &l1, &l2, key, sizeof key) != CMD_DONE) {
		free(lf);
		return;
	}
	if (lf->season) {
		dv = zalloc((size_t)lf->ndivs + 2, sizeof *dv);
		for (d = 1; d <= lf->ndivs && over; d++) {
			if (division_of(&s, lf, d, &dv[d]) < 0)
				over = -1;  /* cannot tell: wait */
			else if (!dv[d].finished)
				over = 0;
		}
		if (over == 0 && s.now >= lf->started +
		    (time_t)cfg->league_season_days * 86400) {
			over = 1;
			for (d = 1; d <= lf->ndivs; d++)
				if (division_of(&s, lf, d, &dv[d]) < 0)
					over = -1;
		}
	}
	if (over == 1 && lf->nmembers >= 3) {
		next = zalloc(LG_MAX, sizeof *next);
		n = next_order(&s, lf, dv, lf->ndivs, next);
		if (n >= 3) {
			memcpy(lf->entry, next, (size_t)n * sizeof *next);
			lf->nentries = n;
			lf->ndivs = next[n - 1].div;
			lf->season++;
			lf->started = s.now;
			/* The commit's record names the season it made. */
			snprintf(event, sizeof event, "sweep league %s season %d", game,
			         lf->season);
			util_digest_hex(event, strlen(event), s.digest);
			spool_msg_key(s.digest, s.msg_key, sizeof s.msg_key);
			t = svc_txn(&s, key);
			put_lf(t, lf);
			if (svc_commit(&s, t) == CMD_DONE)
				log_msg(LOG_INFO, "league: %s season %d, %d players, "
				        "%d divisions\n", game, lf->season, n, lf->ndivs);
			else
				lf->season = 0;  /* not written: make nothing */
		}
	}
	for (d = 1; lf->season && d <= lf->ndivs; d++)
		make_division(cfg, lf, d, key);
	tf_unlock(&l1, &l2);
	free(next);
	free(dv);
	free(lf);
	svc_free(&s);
}

int league_check(const struct config *cfg, FILE *out)
{
	struct ep_options o;
	struct game_settings set;
	char err[GAME_OPTIONS_ERR_MAX];
	int i, bad = 0;

	if (!cfg->league)
		return 0;
	for (i = 0; spool_games[i]; i++) {
		if (game_options_read_words(spool_games[i], cfg->league_options,
		                            &o, &set, err, sizeof err) < 0) {
			fprintf(out, "epamserv: league_options '%s' for %s: %s\n",
			        cfg->league_options, spool_games[i], err);
			bad++;
		}
	}
	return bad;
}

void league_sweep(const struct config *cfg)
{
	int i;

	if (!cfg->league)
		return;
	for (i = 0; spool_games[i]; i++)
		league_game(cfg, spool_games[i]);
}
