/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * league.c - the recurring league's commands (issue 17; league.h has
 * the league, its file and its seasons): "GAME league join|leave USERID
 * PASSWORD" and "GAME league show".
 */
#include "commands/acctoken.h"
#include "commands/cmd.h"
#include "services/league.h"
#include "commands/table.h"
#include "commands/tourney/tourney.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The answer mail (template league.txt) to the sender, in t, its
 * subject subject_fmt with the game's title for %s. */
static enum cmd_status answer(struct cmdctx *c, struct txn *t,
                              const char *game, const char *subject_fmt,
                              const char *headline, const char *text)
{
	struct tvars v = { 0 };
	char subject[160], with[240], *mail;

	tvars_set(&v, "headline", headline);
	tvars_set(&v, "table", text);
	tvars_set(&v, "game", game);
	tvars_set(&v, "from", c->s.cfg->from);
	mail = reply_template(&c->s, "league.txt", &v);
	tvars_free(&v);
	if (!mail)
		return CMD_TEMPFAIL;
	snprintf(subject, sizeof subject, subject_fmt, reply_game_title(game));
	acctoken_sender_subject(c, subject, with, sizeof with);
	reply_queue(&c->s, t, c->sender, with, mail, NULL, 0, NULL);
	explicit_bzero(with, sizeof with);
	free(mail);
	return CMD_DONE;
}

/* The text of "league show" (malloc'ed): the season, its divisions with
 * standings and who goes up or down, the members waiting for the next
 * season. */
static char *league_text(struct cmdctx *c, const struct lfile *lf)
{
	struct buf b = BUF_INIT, news = BUF_INIT;
	struct ldiv *dv = zalloc((size_t)lf->ndivs + 2, sizeof *dv);
	char when[32], name[32];
	int d, i, k = lf->ndivs, up, down, waiting = 0;

	if (!lf->season) {
		buf_printf(&b, ngettext("No season has started yet: the first "
		           "starts at the sweep after 3 players have joined (%d so "
		           "far).\n", "No season has started yet: the first starts "
		           "at the sweep after 3 players have joined (%d so "
		           "far).\n", lf->nmembers), lf->nmembers);
	} else {
		util_iso_time(lf->started, when, sizeof when);
		/* TRANSLATORS: %1$d is the season, %2$s its start (UTC, as
		   2026-12-06T10:00:00Z), %3$d the most days it lasts. */
		buf_printf(&b, ngettext("Season %1$d, started %2$s; it ends when "
		           "all its games are over, or %3$d day after its "
		           "start.\n", "Season %1$d, started %2$s; it ends when "
		           "all its games are over, or %3$d days after its "
		           "start.\n", c->s.cfg->league_season_days), lf->season,
		           when, c->s.cfg->league_season_days);
	}
	for (d = 1; lf->season && d <= k; d++) {
		if (division_of(&c->s, lf, d, &dv[d]) < 0) {
			buf_printf(&b, _("\n(division %d cannot be read now)\n"),
			           d);
			dv[d].n = 0;
		}
	}
	for (d = 1; lf->season && d <= k; d++) {
		up = d > 1 ? swaps(dv[d - 1].n, dv[d].n) : 0;
		down = d < k ? swaps(dv[d].n, dv[d + 1].n) : 0;
		lg_tname(lf->season, d, name, sizeof name);
		/* TRANSLATORS: %1$d is the division, %2$s its tournament's
		   name. */
		buf_printf(&b, dv[d].finished ? _("\nDivision %1$d (tournament "
		           "%2$s, finished):\n") : _("\nDivision %1$d (tournament "
		           "%2$s):\n"), d, name);
		for (i = 0; i < dv[d].n; i++) {
			/* TRANSLATORS: what becomes of a player of a division,
			   at the end of the player's line. */
			const char *mark = i < up ? _("goes up") :
			                   i >= dv[d].n - down ? _("goes down") : "";
			if (lg_member(lf, dv[d].userid[i]) < 0)
				mark = _("left the league");
			if (dv[d].score[i] >= 0)
				/* TRANSLATORS: a line of a division: %1$2d is the
				   place, %2$-16s the userid, %3$d%4$s the score
				   (4, or 4 and ".5"), %5$s what becomes of the
				   player ("goes up"). */
				buf_printf(&b, _("  %1$2d. %2$-16s score %3$d%4$s  "
				           "%5$s\n"), i + 1, dv[d].userid[i],
				           dv[d].score[i] / 2,
				           dv[d].score[i] % 2 ? ".5" : "", mark);
			else
				buf_printf(&b, "  %2d. %-16s %s\n", i + 1,
				           dv[d].userid[i], mark);
		}
	}
	for (i = 0; i < lf->nmembers; i++) {
		for (d = 0; d < lf->nentries; d++)
			if (strcmp(lf->entry[d].userid, lf->member[i]) == 0)
				break;
		if (d < lf->nentries)
			continue;
		buf_printf(&news, "%s%s", waiting++ ? ", " : "", lf->member[i]);
	}
	if (waiting)
		/* TRANSLATORS: %s is a list of userids, "alice, bob". */
		buf_printf(&b, _("\nNew for the next season (at the bottom, by "
		           "rating): %s\n"), buf_str(&news));
	buf_free(&news);
	free(dv);
	return buf_take(&b);
}

/* join or leave (argv: USERID PASSWORD). */
static enum cmd_status l_change(struct cmdctx *c, const char *game,
                                int join, int argc, char **argv,
                                const char *usage)
{
	struct lfile *lf;
	struct user u;
	struct lock l1 = LOCK_INIT, l2 = LOCK_INIT;
	char key[64], head[512], *text;
	enum cmd_status st;
	struct txn *t;
	int i;

	if (argc != 2)
		return cmd_refuse(c, usage, join ? _("league join needs your "
		                  "userid and your password (and nothing else)") :
		                  _("league leave needs your userid and your "
		                    "password (and nothing else)"));
	util_lower(argv[0]);
	if ((st = cmd_auth(c, argv[0], argv[1], usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	lf = zalloc(1, sizeof *lf);
	if ((st = lg_lock(&c->s, game, lf, &l1, &l2, key, sizeof key)) != CMD_DONE) {
		free(lf);
		return st;
	}
	i = lg_member(lf, argv[0]);
	if (join && i >= 0)
		st = cmd_refuse(c, usage, _("you (%s) are in the league "
		                "already"), argv[0]);
	else if (join && lf->nmembers >= LG_MAX)
		st = cmd_refuse(c, usage, ngettext("the league is full (%d "
		                "player)", "the league is full (%d players)",
		                LG_MAX), LG_MAX);
	else if (!join && i < 0)
		st = cmd_refuse(c, usage, _("you (%s) are not in the league"),
		                argv[0]);
	if (st != CMD_DONE) {
		tf_unlock(&l1, &l2);
		free(lf);
		return st;
	}
	if (join) {
		snprintf(lf->member[lf->nmembers++], 32, "%s", argv[0]);
		/* TRANSLATORS: %1$s is the userid, %2$s the game; the words
		   in brackets after "leave" are a command.
		   Keep the command words, USERID and PASSWORD as they are:
		   what a player types. */
		snprintf(head, sizeof head, _("You (%1$s) joined the league.  "
		         "You enter at the start of the next season, at the "
		         "bottom, by rating (the first season starts at the sweep "
		         "after 3 players have joined), and every season after it "
		         "until you leave (%2$s league leave USERID PASSWORD)."),
		         argv[0], game);
	} else {
		memmove(lf->member[i], lf->member[i + 1],
		        (size_t)(lf->nmembers - i - 1) * 32);
		lf->nmembers--;
		/* TRANSLATORS: %1$s is the userid, %2$s the game, %3$d the
		   season; the words after "from them:" are a command.
		   Keep the command words, USERID and PASSWORD as they are:
		   what a player types. */
		snprintf(head, sizeof head, _("You (%1$s) left the league: you "
		         "are not entered in the next season.  Games of this "
		         "season still running are played out (to withdraw from "
		         "them: %2$s tournament leave league-%3$d-D USERID "
		         "PASSWORD)."), argv[0], game, lf->season);
	}
	t = svc_txn(&c->s, key);
	put_lf(t, lf);
	text = league_text(c, lf);
	st = answer(c, t, game, join ?
	            /* TRANSLATORS: a mail's subject: %s is the game's title
	             * ("Epaminondas"); keep it first, a reply is read by it. */
	            _("%s league: joined") :
	            /* TRANSLATORS: a mail's subject: %s is the game's title
	             * ("Epaminondas"); keep it first, a reply is read by it. */
	            _("%s league: left"), head, text);
	free(text);
	st = st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
	tf_unlock(&l1, &l2);
	free(lf);
	return st;
}

static enum cmd_status l_show(struct cmdctx *c, const char *game, int argc,
                              const char *usage)
{
	struct lfile *lf = zalloc(1, sizeof *lf);
	char *err = NULL, *text;
	enum cmd_status st;
	struct txn *t;

	if (argc != 0) {
		free(lf);
		return cmd_refuse(c, usage, "%s", _("league show takes no words "
		                  "after it"));
	}
	if (lg_load(c->s.cfg->spool, game, lf, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		free(lf);
		return CMD_TEMPFAIL;
	}
	text = league_text(c, lf);
	t = svc_txn(&c->s, c->s.msg_key);
	/* TRANSLATORS: a mail's subject: %s is the game's title
	 * ("Epaminondas"); keep it first, a reply is read by it. */
	st = answer(c, t, game, _("%s league: table"), _("The league."), text);
	free(text);
	free(lf);
	return st == CMD_DONE ? svc_commit(&c->s, t) : (txn_abort(t), st);
}

enum cmd_status cmd_league(struct cmdctx *c, const char *game, int argc,
                           char **argv)
{
	const char *usage = cmd_usage_of(c, "league", CMDT_GAME, game);

	if (!c->s.cfg->league)
		return cmd_refuse(c, usage, "%s", _("there is no league on this "
		                  "server"));
	if (argc < 1)
		return cmd_refuse(c, usage, "%s", _("league needs join, leave or "
		                  "show after it"));
	util_lower(argv[0]);
	if (strcmp(argv[0], "join") == 0)
		return l_change(c, game, 1, argc - 1, argv + 1, usage);
	if (strcmp(argv[0], "leave") == 0)
		return l_change(c, game, 0, argc - 1, argv + 1, usage);
	if (strcmp(argv[0], "show") == 0)
		return l_show(c, game, argc - 1, usage);
	return cmd_refuse(c, usage, _("'league %.20s' is not a league "
	                  "command: join, leave or show"), argv[0]);
}
