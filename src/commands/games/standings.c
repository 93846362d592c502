/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * standings.c - "[GAME] standings [all]" and "history [USERID]": the
 * rating tables, one per rating class (game and board size, ratings.h;
 * only the game's after its name; the established, active players
 * unless "all"), and the list of finished games, to the sender only,
 * each rating shown as ratings_show.h says ("1734 ± 95", "1580?").
 * Neither needs a password: pbmserv's standings were public.
 *
 * Both are read from the result records (src/game/ratings.h) without a
 * lock: records are whole files put in place by rename.
 */
#include "util/log.h"
#include "commands/cmd.h"
#include "services/robot.h"
#include "commands/table.h"
#include "game/ratetable.h"
#include "game/ratings.h"
#include "game/ratings_show.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define HISTORY_MAX 200     /* most recent games listed */

static enum cmd_status send_text(struct cmdctx *c, const char *tmpl,
                                 const char *subject, struct tvars *v)
{
	struct txn *t;
	char *text;

	tvars_set(v, "from", c->s.cfg->from);
	text = reply_template(&c->s, tmpl, v);
	if (!text)
		return CMD_TEMPFAIL;
	t = svc_txn(&c->s, c->s.msg_key);
	reply_queue(&c->s, t, c->sender, subject, text, NULL, 0, NULL);
	free(text);
	return svc_commit(&c->s, t);
}

/* One table line for a player; a robot's ends "(robot N)", N its
 * level (the whole line stays within 72 columns; the legend after the
 * tables says what it means); a player's limits (limit.c) end it
 * "L5" (at most 5 active games), "A" (accepts signed challenges at
 * once) or "R" (refuses challenges).  Returns 1 for a robot's line, 2
 * for a line with limit marks, else 0. */
static int standings_line(const struct cmdctx *c, struct buf *b, int rank,
                          const char *userid, const struct rating_player *p,
                          const struct rating_shown *sh)
{
	const struct config_robot *r = robot_config(c->s.cfg, userid);
	int marks = 0;

	buf_printf(b, "%4d  %-20s ", rank, userid);
	ratings_put(b, sh, 10);
	buf_printf(b, "%6d %4d %4d %4d", p->games, p->wins, p->losses,
	           p->draws);
	if (r) {
		buf_puts(b, "  ");
		/* TRANSLATORS: at the end of a robot's line in the
		 * standings; %d is its level. */
		buf_printf(b, _("(robot %d)"), r->level);
	} else {
		/* Limits (issue 17): short marks, explained after the tables. */
		struct user u;
		char *err = NULL;
		if (user_load(c->s.cfg->spool, userid, &u, &err) == 0) {
			if (u.game_limit >= 0)
				buf_printf(b, "  L%d", u.game_limit);
			if (u.challenges != USER_CHALLENGES_ASK)
				buf_puts(b, u.challenges == USER_CHALLENGES_ACCEPT ? "  A"
				                                                    : "  R");
			marks = u.game_limit >= 0 || u.challenges !=
			        USER_CHALLENGES_ASK;
			user_free(&u);
		}
		free(err);
	}
	buf_puts(b, "\n");
	return r != NULL ? 1 : marks ? 2 : 0;
}

/* Whether rating class cls is one of game's (NULL: any game): its name
 * is the game's, then a blank ("crossings 8x8"). */
static int class_of_game(int cls, const char *game)
{
	const char *name = ratings_class_name(cls);
	size_t len = game ? strlen(game) : 0;

	return !game || (strncmp(name, game, len) == 0 && name[len] == ' ');
}

/* The table that lists every player, unrated ones too: pbmserv's one
 * table (Epaminondas on 14x12) for every game, or the standard board's
 * class of game. */
static int class_everyone(int cls, const char *game)
{
	if (!game)
		return cls == RATING_EPAMINONDAS;
	return cls == (strcmp(game, "crossings") == 0 ? RATING_CROSSINGS
	                                              : RATING_EPAMINONDAS);
}

/* Keep of ids[0..*n) the accounts a list may show: confirmed ones and
 * robots (an address not yet confirmed is nobody's: a stranger could
 * list a name of his choice).  The others are freed; *n shrinks. */
static void shown_accounts(const char *spool, char **ids, size_t *n)
{
	size_t i, k = 0;

	for (i = 0; i < *n; i++) {
		struct user u;
		char *err = NULL;
		int keep = 0;

		if (user_load(spool, ids[i], &u, &err) == 0) {
			keep = u.robot || user_confirmed(&u);
			user_free(&u);
		}
		free(err);
		if (keep)
			ids[k++] = ids[i];
		else
			free(ids[i]);
	}
	*n = k;
}

/* The players of class cls: those with a rated game in it, and with
 * everyone set every player, the others at RATING_START.  Returns the
 * count; *out is malloc'ed. */
static size_t class_players(const struct ratings *r, int cls, int everyone,
                            char **ids, size_t n, struct rating_player **out)
{
	struct rating_player *all = xmalloc((r->nplayers + n + 1) * sizeof *all);
	size_t i, m = 0;

	for (i = 0; i < r->nplayers; i++)
		if (r->players[i].cls == cls)
			all[m++] = r->players[i];
	for (i = 0; everyone && i < n; i++) {
		if (ratings_find(r, ids[i], cls))
			continue;
		memset(&all[m], 0, sizeof all[m]);
		snprintf(all[m].userid, sizeof all[m].userid, "%s", ids[i]);
		all[m].cls = cls;
		all[m++].rating = RATING_START;
	}
	if (m)
		qsort(all, m, sizeof *all, ratings_by_rating);
	*out = all;
	return m;
}

/* Why players of a table are left out, after its lines: one sentence
 * per reason, with the word that lists them. */
static void left_out_note(struct buf *b, int provisional, int inactive)
{
	if (!provisional && !inactive)
		return;
	buf_puts(b, "\n");
	if (provisional) {
		/* TRANSLATORS: %d players of the table are not listed
		 * because their rating is provisional ("1580?"); keep
		 * "standings all" as it is: what a player types. */
		buf_printf(b, ngettext("%d player with a provisional rating "
		           "(marked ?) is left out; \"standings all\" lists "
		           "everyone.", "%d players with a provisional rating "
		           "(marked ?) are left out; \"standings all\" lists "
		           "everyone.", provisional), provisional);
		buf_puts(b, "\n");
	}
	if (inactive) {
		/* TRANSLATORS: %1$d players of the table are not listed
		 * because their last rated game ended more than %2$d days
		 * ago; keep "standings all" as it is. */
		buf_printf(b, ngettext("%1$d player without a rated game in "
		           "the last %2$d days is left out; \"standings all\" "
		           "lists everyone.", "%1$d players without a rated game "
		           "in the last %2$d days are left out; \"standings "
		           "all\" lists everyone.", inactive), inactive,
		           RATING_ACTIVE_DAYS);
		buf_puts(b, "\n");
	}
}

/* One table per rating class (ratings.h) of game (NULL: every game):
 * the standard class (class_everyone) always, the others when someone
 * has a rated game in them; best rating first.  Players who left (no
 * user file) keep their lines.  Unless everyone is set, only the
 * players ratings_listed lists at now are listed, and a note after
 * the table says how many are left out and why.
 * Lines stop before the text passes budget bytes; a note then says how
 * many of the class were shown of how many, and later classes are left
 * out (named in the note). */
static char *standings_table(const struct cmdctx *c, const struct ratings *r,
                             const char *game, char **ids, size_t n,
                             size_t budget, int everyone, time_t now)
{
	struct buf b = BUF_INIT, line = BUF_INIT;
	struct rating_player *all;
	size_t i, k, m;
	int cls, full = 0, robots = 0, marks = 0;

	for (cls = 0; cls < RATING_CLASSES && !full; cls++) {
		int provisional = 0, inactive = 0;
		if (!class_of_game(cls, game))
			continue;
		m = class_players(r, cls, class_everyone(cls, game), ids, n, &all);
		if (!m) {
			free(all);
			continue;
		}
		/* The players listed first, in their order; m counts them. */
		for (i = k = 0; i < m; i++) {
			const struct rating_player *p = all[i].games ? &all[i]
			                                             : NULL;
			int why = ratings_listed(r, p, now);
			if (!everyone && why == RATING_LEFT_PROVISIONAL)
				provisional++;
			else if (!everyone && why == RATING_LEFT_INACTIVE)
				inactive++;
			else
				all[k++] = all[i];
		}
		m = k;
		buf_printf(&b, "%s%s\n\n", b.len ? "\n" : "",
		           ratings_class_title(cls));
		/* The headings over no line would be a table of nobody: a
		 * new server's standings say only who is left out. */
		if (m > 0) {
			/* TRANSLATORS: the headings of the table's columns,
			 * one line: keep each heading over its column, as the
			 * English does (the rows below are laid out by the
			 * program; the ratings column holds "1734 ± 95" or
			 * "1580?"). */
			buf_puts(&b, _("   #  Player               Rating     "
			         "Games  Won Lost Drawn"));
			buf_puts(&b, "\n");
		}
		for (i = 0; i < m; i++) {
			struct rating_shown sh;
			ratings_shown_player(r, all[i].games ? &all[i] : NULL, now,
			                     &sh);
			buf_reset(&line);
			int robot = standings_line(c, &line, (int)i + 1,
			                           all[i].userid, &all[i], &sh);
			if (b.len + line.len > budget)
				break;
			buf_append(&b, line.data, line.len);
			robots |= robot == 1;
			marks |= robot == 2;
		}
		if (i == m)
			left_out_note(&b, provisional, inactive);
		if (i < m) {
			full = 1;
			buf_puts(&b, "\n");
			if (cls + 1 < RATING_CLASSES && class_of_game(cls + 1, game))
				/* TRANSLATORS: how many players are shown, how
				 * many there are (more than one, since some
				 * are left out), then the most bytes of a mail.
				 * Keep the command words and USERID as they
				 * are: what a player types. */
				buf_printf(&b, ngettext("Shown: the first %zu of %zu "
				           "players, best rating first; all of them "
				           "would not fit in one mail (at most %zu bytes), "
				           "and the tables after it are left out.  "
				           "\"history USERID\" gives any player's "
				           "finished games.", "Shown: the first %zu of %zu "
				           "players, best rating first; all of them "
				           "would not fit in one mail (at most %zu bytes), "
				           "and the tables after it are left out.  "
				           "\"history USERID\" gives any player's "
				           "finished games.", m), i, m, reply_cap(&c->s));
			else
				/* TRANSLATORS: how many players are shown, how
				 * many there are (more than one, since some
				 * are left out), then the most bytes of a mail.
				 * Keep the command words and USERID as they
				 * are: what a player types. */
				buf_printf(&b, ngettext("Shown: the first %zu of %zu "
				           "players, best rating first; all of them "
				           "would not fit in one mail (at most %zu "
				           "bytes).  \"history USERID\" gives any "
				           "player's finished games.", "Shown: the first "
				           "%zu of %zu players, best rating first; all of "
				           "them would not fit in one mail (at most %zu "
				           "bytes).  \"history USERID\" gives any "
				           "player's finished games.", m), i, m,
				           reply_cap(&c->s));
			buf_puts(&b, "\n");
		}
		free(all);
	}
	if (robots) {
		buf_puts(&b, "\n");
		/* TRANSLATORS: the legend of "(robot N)" after the tables;
		 * the weakest level, then the strongest.
		 * Keep the command words as they are: what a player
		 * types. */
		buf_printf(&b, _("(robot N): a robot opponent, level N of %d "
		           "(weakest) to %d; it accepts a\nsigned challenge at "
		           "once (send \"help challenge\")."),
		           CONFIG_ROBOT_LEVEL_MIN, CONFIG_ROBOT_LEVEL_MAX);
		buf_puts(&b, "\n");
	}
	if (marks) {
		buf_puts(&b, "\n");
		/* TRANSLATORS: the legend of the marks L5, A and R after
		 * the tables (the marks stay as they are). */
		buf_puts(&b, _("LN: at most N active games at once; A: accepts "
		         "signed challenges at once;\nR: refuses challenges "
		         "(send \"help limit\")."));
		buf_puts(&b, "\n");
	}
	buf_free(&line);
	return buf_take(&b);
}

enum cmd_status cmd_standings(struct cmdctx *c, const char *game, int argc,
                              char **argv)
{
	struct ratings r;
	struct tvars v = { 0 };
	char **ids = NULL, *err = NULL, *table, *about, subject[64];
	size_t n = 0;
	enum cmd_status st;
	int i, games = 0, everyone = 0;

	/* "standings crossings" as "crossings standings"; both games: all.
	 * "all" lists everyone, not only the established, active players. */
	for (i = 0; i < argc; i++) {
		const char *named = spool_game_named(argv[i]);
		if (strcasecmp(argv[i], "all") == 0) {
			everyone = 1;
			continue;
		}
		if (!named)
			return cmd_refuse(c, cmd_usage_of(c, "standings", game ?
			                                  CMDT_GAME : CMDT_ACCOUNT,
			                                  game),
			                  _("standings takes no words after it but a "
			                    "game's name and \"all\", not '%.40s'"),
			                  argv[i]);
		game = games++ == 0 && (!game || strcmp(game, named) == 0) ? named
		                                                          : NULL;
	}
	if (ratings_current(c->s.cfg->spool, c->s.cfg->rating_system,
	                    &r, &err) < 0 ||
	    user_list(c->s.cfg->spool, &ids, &n, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		ratings_free(&r);
		return CMD_TEMPFAIL;
	}
	shown_accounts(c->s.cfg->spool, ids, &n);
	table = standings_table(c, &r, game, ids, n, reply_text_budget(c),
	                        everyone, c->s.now);
	tvars_set(&v, "table", table);
	about = ratings_about(&r);
	tvars_set(&v, "system", about);
	if (game)
		/* TRANSLATORS: a Subject: %s is the game's name
		 * (Epaminondas). */
		snprintf(subject, sizeof subject, _("%s standings"),
		         reply_game_title(game));
	else
		snprintf(subject, sizeof subject, "%s",
		         _("epamserv standings"));
	st = send_text(c, "standings.txt", subject, &v);
	free(about);
	free(table);
	tvars_free(&v);
	user_list_free(ids, n);
	ratings_free(&r);
	return st;
}

/* One finished game: date, board, players, score, rating changes (each
 * rating after the game as sure as it was then: ratings_shown_after). */
static void history_line(struct buf *b, const struct ratings *r,
                         const struct rating_game *g)
{
	static const char *const score[] = { "0-1", "1/2-1/2", "1-0" };
	char when[32], result[sizeof g->result + 2 * sizeof g->white];
	char ws[RATING_SHOW_MAX], ks[RATING_SHOW_MAX];
	struct rating_shown w, k;
	struct buf changes = BUF_INIT;

	util_iso_time(g->finished, when, sizeof when);
	when[10] = '\0';
	/* The record keeps colours ("white wins (black resigned)"); the
	 * reader is told names. */
	reply_colours_named(g->result, g->white, g->black, result,
	                    sizeof result);
	ratings_shown_after(r, g->white_after, g->white_rd, &w);
	ratings_shown_after(r, g->black_after, g->black_rd, &k);
	buf_printf(b, "%s  %s %ld  %s - %s  %s  %s\n",
	           when, g->game, g->board, g->white, g->black, score[g->score2],
	           result);
	buf_printf(&changes, "    %s: %s %d -> %s (%+d), %s %d -> %s (%+d)",
	           ratings_class_name(g->cls), g->white, g->white_before,
	           ratings_show(&w, ws, sizeof ws),
	           g->white_after - g->white_before, g->black, g->black_before,
	           ratings_show(&k, ks, sizeof ks),
	           g->black_after - g->black_before);
	/* Past 72 columns (a deviation takes room): Black on a line of
	 * his own, so that no wrap splits "1734 ± 95". */
	if (util_utf8_chars(changes.data, changes.len) > 72) {
		buf_reset(&changes);
		buf_printf(&changes, "    %s: %s %d -> %s (%+d),\n      %s %d -> "
		           "%s (%+d)", ratings_class_name(g->cls), g->white,
		           g->white_before, ws, g->white_after - g->white_before,
		           g->black, g->black_before, ks,
		           g->black_after - g->black_before);
	}
	buf_puts(b, buf_str(&changes));
	buf_puts(b, "\n");
	buf_free(&changes);
}

/* Why a history stopped short and how to see more, after its lines. */
static void history_note(const struct cmdctx *c, struct buf *b, size_t shown,
                         size_t total, const char *who)
{
	buf_puts(b, "\n");
	if (shown < HISTORY_MAX && who)
		/* TRANSLATORS: how many games are shown, how many there are
		 * (more than one, since some are left out), then the most bytes of
		 * a mail. */
		buf_printf(b, ngettext("Shown: the %zu most recent of %zu "
		           "finished games; all of them would not fit in one mail "
		           "(at most %zu bytes).", "Shown: the %zu most recent of "
		           "%zu finished games; all of them would not fit in one "
		           "mail (at most %zu bytes).", total), shown, total,
		           reply_cap(&c->s));
	else if (shown < HISTORY_MAX)
		/* TRANSLATORS: how many games are shown, how many there are
		 * (more than one, since some are left out), then the most bytes of
		 * a mail; "history USERID" stays as it is. */
		buf_printf(b, ngettext("Shown: the %zu most recent of %zu "
		           "finished games; all of them would not fit in one mail "
		           "(at most %zu bytes).  \"history USERID\" lists one "
		           "player's.", "Shown: the %zu most recent of %zu finished "
		           "games; all of them would not fit in one mail (at most "
		           "%zu bytes).  \"history USERID\" lists one player's.",
		           total), shown, total, reply_cap(&c->s));
	else if (who)
		/* TRANSLATORS: how many games are shown, how many there are,
		 * then the most a history lists. */
		buf_printf(b, ngettext("Shown: the %zu most recent of %zu "
		           "finished games; a history lists at most %d.", "Shown: "
		           "the %zu most recent of %zu finished games; a history "
		           "lists at most %d.", total), shown, total, HISTORY_MAX);
	else
		/* TRANSLATORS: how many games are shown, how many there are,
		 * then the most a history lists; "history USERID" stays as
		 * it is. */
		buf_printf(b, ngettext("Shown: the %zu most recent of %zu "
		           "finished games; a history lists at most %d.  \"history "
		           "USERID\" lists one player's.", "Shown: the %zu most "
		           "recent of %zu finished games; a history lists at most "
		           "%d.  \"history USERID\" lists one player's.", total),
		           shown, total, HISTORY_MAX);
	buf_puts(b, "\n");
}

enum cmd_status cmd_history(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "history", CMDT_ACCOUNT, NULL);
	struct ratings r;
	struct tvars v = { 0 };
	struct buf b = BUF_INIT, line = BUF_INIT;
	const char *who = argc > 0 ? util_lower(argv[0]) : NULL;
	char *err = NULL;
	size_t i, shown = 0, total = 0, budget = reply_text_budget(c);
	int full = 0;
	enum cmd_status st;

	if (argc > 1)
		return cmd_refuse(c, usage, _("history takes at most one "
		                    "userid"));
	if (who && !util_userid_ok(who))
		return cmd_refuse(c, usage, _("'%s' is not a valid userid"),
		                  who);
	if (ratings_load(c->s.cfg->spool, c->s.cfg->rating_system,
	                 &r, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	/* Most recent first, while they fit; the rest only counted. */
	for (i = r.ngames; i-- > 0;) {
		const struct rating_game *g = &r.games[i];
		if (who && strcmp(g->white, who) != 0 && strcmp(g->black, who) != 0)
			continue;
		total++;
		if (full)
			continue;
		buf_reset(&line);
		history_line(&line, &r, g);
		full = shown == HISTORY_MAX || b.len + line.len > budget;
		if (!full) {
			buf_append(&b, line.data, line.len);
			shown++;
		}
	}
	if (shown < total)
		history_note(c, &b, shown, total, who);
	if (!total && who)
		/* TRANSLATORS: %s is the player. */
		buf_printf(&b, _("No finished games for %s yet."), who);
	else if (!total)
		buf_puts(&b, _("No finished games yet."));
	if (!total)
		buf_puts(&b, "\n");
	tvars_set(&v, "games", buf_str(&b));
	/* TRANSLATORS: in "epamserv history: finished games of every
	 * player, most recent first". */
	tvars_setf(&v, "who", "%s", who ? who : _("every player"));
	st = send_text(c, "history.txt", _("epamserv history"), &v);
	buf_free(&line);
	buf_free(&b);
	tvars_free(&v);
	ratings_free(&r);
	return st;
}
