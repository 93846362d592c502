/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * seek.c - open challenges (issue 17 item 1, pbmserv's seek):
 *
 *   GAME seek USERID PASSWORD [-color=white|black|random] [-rating=MIN-MAX]
 *        [-options]
 *   GAME seeks
 *   GAME accept BOARD USERID PASSWORD     (takes the open seat)
 *   GAME decline BOARD USERID PASSWORD    (the seeker withdraws it)
 *
 * A seek takes a board number (games/GAME/next) and writes a seek file
 * (seeks.h) whose one seat is the seeker's; no game file exists until
 * the seat is taken.  -color fixes the seeker's colour; random (the
 * default) is drawn when the seat is taken.  The game options are those
 * of challenge (challenge_options: the same parser, the same refusals).
 * -rating=MIN-MAX limits the takers to that range of ratings in the
 * seek's rating class (the game and board size, ratings.h).
 *
 * A player has at most seek_max open seeks (conf.h), and an open seek
 * counts as an active game for the seeker's limit (limit.c).  She opens
 * at most SEEKS_PER_DAY a day (issue 29; doc/security.md): each seek takes a
 * board number and leaves a file that every seek listing and count
 * reads, so a seek withdrawn at once and opened again, twenty lines to
 * a "multiple" mail, must not be free.  Seeks
 * expire after seek_days by the sweep (seek_sweep.c): the seeker gets one
 * mail.  The seeker withdraws an open seek with decline.
 *
 * Accept of an open seat: the taker is a confirmed player (cmd_auth),
 * not the seeker, not a robot, within the range, and both players within
 * their limits; the game starts at once (both have agreed: the seeker by
 * seeking, the taker by taking) and both get the board mail, as for an
 * accepted challenge.  The take is one transaction under the board's
 * lock that writes the game file and marks the seek taken, so of two
 * accepts of one seat the first wins and the second is told the seat was
 * taken.  Robots never take seeks.
 */
#include "commands/acctoken.h"
#include "commands/accounts/account.h"
#include "commands/cmd.h"
#include "commands/table.h"
#include "game/ratetable.h"
#include "game/ratings.h"
#include "game/ratings_show.h"
#include "spool/group.h"
#include "spool/ratelimit.h"
#include "spool/seeks.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <unistd.h>

/* Option words one seek may carry. */
#define SEEK_MAX_WORDS 32

/* The highest rating a range may name. */
#define SEEK_RATING_MAX 9999

/* "-rating=MIN-MAX" (word after the "=") into *lo, *hi: 0 or -1. */
static int rating_range(const char *s, int *lo, int *hi)
{
	char a[8], b[8], extra;
	char *end;
	long x, y;

	if (sscanf(s, "%7[0-9]-%7[0-9]%c", a, b, &extra) != 2)
		return -1;
	x = strtol(a, &end, 10);
	y = strtol(b, &end, 10);
	if (x > y || y > SEEK_RATING_MAX)
		return -1;
	*lo = (int)x;
	*hi = (int)y;
	return 0;
}

/* The seek's game options, parsed again from its words (checked when it
 * was made). */
static enum cmd_status seek_options(struct cmdctx *c, const struct seek *s,
                                    const char *usage, struct ep_options *o,
                                    struct game_settings *set)
{
	char words[sizeof s->options], *w[SEEK_MAX_WORDS], *save = NULL, *p;
	int n = 0;

	snprintf(words, sizeof words, "%s", s->options);
	for (p = strtok_r(words, " ", &save); p && n < SEEK_MAX_WORDS;
	     p = strtok_r(NULL, " ", &save))
		w[n++] = p;
	return challenge_options(c, s->game, n, w, usage, o, set);
}

/* The rating class of s's game (its board size). */
static int seek_class(struct cmdctx *c, const struct seek *s)
{
	struct ep_options o;
	struct game_settings set;

	if (seek_options(c, s, "", &o, &set) != CMD_DONE)
		return ratings_class(s->game, 0, 0);
	return ratings_class(s->game, o.width, o.height);
}

/* The first sentence of the reply to a seek: its board, title (the
 * game's name), the seeker's colour and options, into buf (len bytes). */
static void seek_open_words(const struct seek *s, const char *title,
                            char *buf, size_t len)
{
	if (s->color == EP_WHITE && s->options[0])
		/* TRANSLATORS: the board, the game's name (Epaminondas), then
		 * the options as the player wrote them ("-size=8x8"). */
		snprintf(buf, len, _("Board %ld is an open challenge: %s, you "
		         "play White, with %s."), s->board, title, s->options);
	else if (s->color == EP_WHITE)
		snprintf(buf, len, _("Board %ld is an open challenge: %s, you "
		         "play White."), s->board, title);
	else if (s->color == EP_BLACK && s->options[0])
		/* TRANSLATORS: the board, the game's name (Epaminondas), then
		 * the options as the player wrote them ("-size=8x8"). */
		snprintf(buf, len, _("Board %ld is an open challenge: %s, you "
		         "play Black, with %s."), s->board, title, s->options);
	else if (s->color == EP_BLACK)
		snprintf(buf, len, _("Board %ld is an open challenge: %s, you "
		         "play Black."), s->board, title);
	else if (s->options[0])
		/* TRANSLATORS: the board, the game's name (Epaminondas), then
		 * the options as the player wrote them ("-size=8x8"). */
		snprintf(buf, len, _("Board %ld is an open challenge: %s, you "
		         "play either colour (drawn), with %s."), s->board, title,
		         s->options);
	else
		snprintf(buf, len, _("Board %ld is an open challenge: %s, you "
		         "play either colour (drawn)."), s->board, title);
}

/* Seeks one player may open a day (24 hours from the first): twice
 * the open ones she may have, so that she can withdraw and open each
 * again once. */
#define SEEKS_PER_DAY(cfg) (2 * (cfg)->seek_max)

enum cmd_status cmd_seek(struct cmdctx *c, const char *game, int argc,
                         char **argv)
{
	const char *usage = cmd_usage_of(c, "seek", CMDT_GAME, game);
	char *w[SEEK_MAX_WORDS], key[64], rel[128], next[32], when[48];
	char today[64];
	char headline[128], details[2048], *file;
	struct ep_options o;
	struct game_settings set;
	struct seek s;
	struct user u;
	struct lock l = LOCK_INIT;
	struct txn *t;
	enum cmd_status st;
	int i, n = 0, color_given = 0, open;
	size_t len = 0, at;

	if (argc < 2)
		return cmd_refuse(c, usage, _("seek takes your userid and your "
		                    "password, then the options of the game"));
	memset(&s, 0, sizeof s);
	s.color = SEEK_RANDOM;
	s.rating_min = s.rating_max = -1;
	for (i = 2; i < argc; i++) {
		if (strncasecmp(argv[i], "-color=", 7) == 0 ||
		    strncasecmp(argv[i], "-colour=", 8) == 0) {
			const char *v = strchr(argv[i], '=') + 1;
			if (color_given++)
				return cmd_refuse(c, usage, _("-color is given twice"));
			if (strcasecmp(v, "white") == 0)
				s.color = EP_WHITE;
			else if (strcasecmp(v, "black") == 0)
				s.color = EP_BLACK;
			else if (strcasecmp(v, "random") != 0)
				/* TRANSLATORS: -color, white, black and random
				 * stay as they are; %s is what the player
				 * wrote. */
				return cmd_refuse(c, usage, _("-color is white, black or "
				                    "random (the colour you play), not "
				                    "'%.20s'"), v);
		} else if (strncasecmp(argv[i], "-rating=", 8) == 0) {
			if (s.rating_min >= 0)
				return cmd_refuse(c, usage, _("-rating is given twice"));
			if (rating_range(argv[i] + 8, &s.rating_min,
			                 &s.rating_max) < 0)
				/* TRANSLATORS: keep the options (-rating,
				 * -rating=1500-1800) as they are: what a
				 * player types. */
				return cmd_refuse(c, usage, _("-rating is a range of "
				                    "ratings MIN-MAX (e.g. -rating=1500-1800, "
				                    "at most %d), not '%.20s'"),
				                  SEEK_RATING_MAX, argv[i] + 8);
		} else {
			if (n == SEEK_MAX_WORDS)
				return cmd_refuse(c, usage, _("a seek takes at most %d "
				                    "options"), SEEK_MAX_WORDS);
			w[n++] = argv[i];
			len += strlen(argv[i]) + 1;
		}
	}
	if (len >= sizeof s.options)
		return cmd_refuse(c, usage, _("the options are too long"));
	if ((st = challenge_options(c, game, n, w, usage, &o, &set)) != CMD_DONE)
		return st;
	for (i = 0; i < n; i++)
		snprintf(s.options + strlen(s.options),
		         sizeof s.options - strlen(s.options), "%s%s",
		         i ? " " : "", w[i]);
	if (c->s.cfg->seek_max == 0)
		return cmd_refuse(c, usage, _("seek is switched off on this server: "
		                    "challenge a player by name instead"));
	util_lower(argv[0]);
	if ((st = cmd_auth(c, argv[0], argv[1], usage, &u)) != CMD_DONE)
		return st;
	if (u.robot) {
		user_free(&u);
		return cmd_refuse(c, usage, _("a robot does not seek"));
	}
	snprintf(today, sizeof today, "seeks:%s", u.userid);
	if (ratelimit_left(c->s.cfg->spool, today, SEEKS_PER_DAY(c->s.cfg), 86400,
	                   c->s.now) <= 0) {
		/* TRANSLATORS: the userid, then the number of seeks a day
		 * (seek_max is a setting's name). */
		st = cmd_refuse(c, usage, ngettext("you (%s) have opened %d seek "
		                  "today, as many as a player may open in a day "
		                  "(twice seek_max); seek again tomorrow", "you (%s) "
		                  "have opened %d seeks today, as many as a player "
		                  "may open in a day (twice seek_max); seek again "
		                  "tomorrow", SEEKS_PER_DAY(c->s.cfg)), u.userid,
		                SEEKS_PER_DAY(c->s.cfg));
		user_free(&u);
		return st;
	}
	snprintf(key, sizeof key, "next-%s", game);
	if ((st = svc_lock(&c->s, key, &l)) != CMD_DONE) {
		user_free(&u);
		return st;
	}
	open = seek_count_open(c->s.cfg->spool, u.userid, c->s.now);
	if (open < 0) {
		st = CMD_TEMPFAIL;
		goto out;
	}
	if (open >= c->s.cfg->seek_max) {
		/* TRANSLATORS: the userid, the number of open seeks, then
		 * the setting seek_max; "decline BOARD USERID PASSWORD"
		 * stays as it is. */
		st = cmd_refuse(c, usage, ngettext("you (%s) have %d open seek, "
		                  "as many as a player may have here (seek_max %d): "
		                  "wait for one to be taken or to expire, or "
		                  "withdraw one (decline BOARD USERID PASSWORD)",
		                  "you (%s) "
		                  "have %d open seeks, as many as a player may have "
		                  "here (seek_max %d): wait for one to be taken or to "
		                  "expire, or withdraw one (decline BOARD USERID "
		                  "PASSWORD)", open), u.userid, open,
		                c->s.cfg->seek_max);
		goto out;
	}
	if ((st = limit_room(c, &u, 1, usage)) != CMD_DONE)
		goto out;
	snprintf(s.game, sizeof s.game, "%s", game);
	s.board = spool_next_board(c->s.cfg->spool, game);
	if (s.board < 0) {
		st = cmd_refuse(c, usage, _("every %s board number up to %ld is "
		                  "taken, so this server can make no new board; tell "
		                  "its administrator"), game, UTIL_BOARD_MAX);
		goto out;
	}
	snprintf(s.seeker, sizeof s.seeker, "%s", u.userid);
	s.created = c->s.now;
	s.expires = c->s.now + (time_t)c->s.cfg->seek_days * 86400;
	s.state = SEEK_OPEN;
	t = svc_txn(&c->s, key);
	file = seek_format(&s);
	seek_path(game, s.board, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
	snprintf(rel, sizeof rel, "games/%s/next", game);
	snprintf(next, sizeof next, "%ld\n", s.board + 1);
	txn_put(t, rel, next, strlen(next));
	deadline_words(&u, s.expires, when, sizeof when);
	/* TRANSLATORS: the headline of the reply, after "epamserv: ". */
	snprintf(headline, sizeof headline, _("your seek is open on board %ld"),
	         s.board);
	seek_open_words(&s, reply_game_title(game), details, sizeof details);
	at = strlen(details);
	snprintf(details + at, sizeof details - at, "  ");
	at = strlen(details);
	if (s.rating_min >= 0)
		/* TRANSLATORS: the lowest rating, the highest, the game's
		 * word (epaminondas), the board, when the seek expires, then
		 * the userid; the commands stay as they are. */
		snprintf(details + at, sizeof details - at, _("Anyone may take "
		         "the other seat with a rating from %1$d to %2$d by "
		         "sending\n  %3$s accept %4$ld USERID PASSWORD\nand the "
		         "game starts at once.  It stays open until %5$s; to "
		         "withdraw it:\n  %3$s decline %4$ld %6$s PASSWORD\n\"%3$s "
		         "seeks\" lists the open seeks."), s.rating_min,
		         s.rating_max, game, s.board, when, u.userid);
	else
		/* TRANSLATORS: the game's word (epaminondas), the board, when
		 * the seek expires, then the userid; the commands stay as
		 * they are. */
		snprintf(details + at, sizeof details - at, _("Anyone may take "
		         "the other seat by sending\n  %1$s accept %2$ld USERID "
		         "PASSWORD\nand the game starts at once.  It stays open "
		         "until %3$s; to withdraw it:\n  %1$s decline %2$ld %4$s "
		         "PASSWORD\n\"%1$s seeks\" lists the open seeks."), game,
		         s.board, when, u.userid);
	st = account_reply(c, t, u.userid, headline, details);
	if (st == CMD_DONE)
		st = svc_commit(&c->s, t);
	else
		txn_abort(t);
	if (st == CMD_DONE)
		cmd_note_created(c, s.board);
out:
	lock_release(&l);
	if (st == CMD_DONE)
		ratelimit_count(c->s.cfg->spool, today, SEEKS_PER_DAY(c->s.cfg), 86400,
		                c->s.now, NULL);
	user_free(&u);
	return st;
}

enum cmd_status cmd_seeks(struct cmdctx *c, const char *game, int argc,
                          char **argv)
{
	struct seek *all;
	struct ratings r;
	struct tvars v = { 0 };
	struct buf table = BUF_INIT, line = BUF_INIT;
	struct txn *t;
	char *err = NULL, *text, when[48], range[24], subject[64], with[160];
	struct rating_shown sh;
	size_t n, i, shown = 0, total = 0, budget = reply_text_budget(c);

	(void)argv;
	if (argc > 0)
		return cmd_refuse(c, cmd_usage_of(c, "seeks", CMDT_GAME, game),
		                  _("seeks takes no words after it"));
	if (seek_list(c->s.cfg->spool, &all, &n) < 0)
		return CMD_TEMPFAIL;
	if (ratings_current(c->s.cfg->spool, c->s.cfg->rating_system,
	                    &r, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		free(all);
		return CMD_TEMPFAIL;
	}
	for (i = 0; i < n; i++) {
		const struct seek *s = &all[i];
		if (strcmp(s->game, game) || !seek_is_open(s, c->s.now))
			continue;
		total++;
		if (table.len > budget)
			continue;
		util_iso_time(s->expires, when, sizeof when);
		when[10] = '\0';  /* the date, UTC */
		if (s->rating_min >= 0)
			snprintf(range, sizeof range, "%d-%d", s->rating_min,
			         s->rating_max);
		else
			/* TRANSLATORS: in the seeks' table, the column of the
			 * ratings that may take a seat: any rating. */
			snprintf(range, sizeof range, "%s", _("any"));
		buf_reset(&line);
		/* The colour is the value of -color, as the player types it. */
		ratings_shown(&r, s->seeker, seek_class(c, s), c->s.now, &sh);
		buf_printf(&line, "  %-6ld %-20s ", s->board, s->seeker);
		ratings_put(&line, &sh, 10);
		buf_printf(&line, " %-7s %-11s %s\n         ",
		           s->color == EP_WHITE ? "white" : s->color == EP_BLACK
		           ? "black" : "random", range, when);
		/* TRANSLATORS: in the seeks' table, under a seek: its
		 * options as the player wrote them ("-size=8x8"), or
		 * "(none)". */
		buf_printf(&line, _("options: %s"), s->options[0] ? s->options :
		           _("(none)"));
		buf_puts(&line, "\n");
		if (table.len + line.len > budget)
			continue;
		buf_append(&table, line.data, line.len);
		shown++;
	}
	ratings_free(&r);
	free(all);
	buf_reset(&line);
	if (total) {
		/* TRANSLATORS: the headings of the table's columns, one line:
		 * keep each heading over its column, as the English does (the
		 * rows below are laid out by the program; the ratings column
		 * holds "1734 ± 95" or "1580?"). */
		buf_puts(&line, _("  Board  Seeker               Rating     "
		         "Plays   Ratings     Open until"));
		buf_puts(&line, "\n");
		buf_append(&line, table.data, table.len);
		if (shown < total) {
			buf_puts(&line, "\n  ");
			/* TRANSLATORS: how many seeks the mail shows, then how
			 * many are open. */
			buf_printf(&line, ngettext("Shown: %zu of %zu open seek; "
			           "it would not fit in one mail.", "Shown: "
			           "%zu of %zu open seeks; all of them would not fit "
			           "in one mail.", total), shown, total);
			buf_puts(&line, "\n");
		}
	} else {
		buf_puts(&line, "  ");
		buf_puts(&line, _("No open seeks."));
		buf_puts(&line, "\n");
	}
	tvars_set(&v, "table", buf_str(&line));
	tvars_setf(&v, "count", ngettext("%zu open seek.", "%zu open seeks.",
	                                 total), total);
	tvars_set(&v, "game", game);
	text = reply_template(&c->s, "seeks.txt", &v);
	tvars_free(&v);
	buf_free(&line);
	buf_free(&table);
	if (!text)
		return CMD_TEMPFAIL;
	/* TRANSLATORS: a Subject: %s is the game's name (Epaminondas). */
	snprintf(subject, sizeof subject, _("epamserv: %s seeks"),
	         reply_game_title(game));
	/* To a player at his address: his account token, to take a seek
	 * by a reply (tokenform.h). */
	acctoken_sender_subject(c, subject, with, sizeof with);
	t = svc_txn(&c->s, c->s.msg_key);
	reply_queue(&c->s, t, c->sender, with, text, NULL, 0, NULL);
	explicit_bzero(with, sizeof with);
	free(text);
	return svc_commit(&c->s, t);
}

/* The seeker withdraws s (decline), under the board's lock. */
static enum cmd_status seek_withdraw(struct cmdctx *c, struct seek *s,
                                     const char *key, const char *usage)
{
	struct txn *t;
	char rel[128], headline[128], details[256], *file;
	enum cmd_status st;

	(void)usage;
	s->state = SEEK_WITHDRAWN;
	s->closed = c->s.now;
	t = svc_txn(&c->s, key);
	file = seek_format(s);
	seek_path(s->game, s->board, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
	/* TRANSLATORS: the headline of the reply, after "epamserv: ". */
	snprintf(headline, sizeof headline, _("your seek on board %ld is "
	         "withdrawn"), s->board);
	snprintf(details, sizeof details, _("Nobody can take the seat on "
	         "board %ld now; there will be no game on it."), s->board);
	st = account_reply(c, t, s->seeker, headline, details);
	if (st != CMD_DONE) {
		txn_abort(t);
		return st;
	}
	return svc_commit(&c->s, t);
}

/* Whether taker (loaded) may take s now; CMD_DONE, or the refusal. */
static enum cmd_status seek_take_ok(struct cmdctx *c, const struct seek *s,
                                    const struct user *taker,
                                    const struct user *seeker,
                                    const char *usage)
{
	enum cmd_status st;

	if (taker->robot)
		return cmd_refuse(c, usage, _("a robot does not take seeks"));
	if (!user_confirmed(seeker))
		/* TRANSLATORS: the seeker, then the board. */
		return cmd_refuse(c, usage, _("%s, who opened the seek on board "
		                    "%ld, plays no more"), s->seeker, s->board);
	if (s->rating_min >= 0) {
		struct ratings r;
		char *err = NULL;
		int mine;
		if (ratings_current(c->s.cfg->spool, c->s.cfg->rating_system,
		                    &r, &err) < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			return CMD_TEMPFAIL;
		}
		mine = ratings_of(&r, taker->userid, seek_class(c, s));
		ratings_free(&r);
		if (mine < s->rating_min || mine > s->rating_max)
			/* TRANSLATORS: the board, the lowest rating, the
			 * highest, the rating class ("epaminondas small"),
			 * then the player's rating. */
			return cmd_refuse(c, usage, _("the seek on board %ld is for "
			                    "players rated %d to %d (%s): yours is %d"),
			                  s->board, s->rating_min, s->rating_max,
			                  ratings_class_name(seek_class(c, s)), mine);
	}
	if ((st = limit_room(c, taker, 1, usage)) != CMD_DONE)
		return st;
	/* The seek counts among the seeker's games already. */
	return limit_room(c, seeker, 0, usage);
}

/* taker (authenticated) takes the open seat of s, under the board's
 * lock key: the game starts at once. */
static enum cmd_status seek_take(struct cmdctx *c, struct seek *s,
                                 const char *key, const char *taker,
                                 const char *usage)
{
	struct ep_options o;
	struct game_settings set;
	struct game g;
	struct user tu, su;
	struct txn *t;
	char rel[128], headline[512], path[4300], *file, *err = NULL;
	enum cmd_status st;
	unsigned char coin = 0;
	int seeker_side, rc;

	if ((st = seek_options(c, s, usage, &o, &set)) != CMD_DONE)
		return st;
	if ((rc = user_load(c->s.cfg->spool, taker, &tu, &err)) != 0) {
		free(err);
		return CMD_TEMPFAIL;
	}
	if ((rc = user_load(c->s.cfg->spool, s->seeker, &su, &err)) != 0) {
		free(err);
		user_free(&tu);
		if (rc > 0)
			/* TRANSLATORS: the seeker, then the board. */
			return cmd_refuse(c, usage, _("%s, who opened the seek on "
			                    "board %ld, plays no more"), s->seeker,
			                  s->board);
		return CMD_TEMPFAIL;
	}
	st = seek_take_ok(c, s, &tu, &su, usage);
	user_free(&tu);
	user_free(&su);
	if (st != CMD_DONE)
		return st;
	snprintf(path, sizeof path, "%s/games/%s/%ld.game", c->s.cfg->spool,
	         s->game, s->board);
	if (access(path, F_OK) == 0) {
		log_msg(LOG_ERR, "seek: %s board %ld is open but has a game file\n",
		        s->game, s->board);
		return CMD_TEMPFAIL;
	}
	seeker_side = s->color;
	if (seeker_side == SEEK_RANDOM) {
		if (getrandom(&coin, 1, 0) != 1)
			return CMD_TEMPFAIL;
		seeker_side = coin & 1 ? EP_BLACK : EP_WHITE;
	}
	game_new(&g, s->game, s->board, &o,
	         seeker_side == EP_WHITE ? s->seeker : taker,
	         seeker_side == EP_WHITE ? taker : s->seeker, c->s.now);
	game_settings_put(&g, &set);
	game_challenge(&g);
	game_agree(&g, seeker_side, c->s.now);
	game_agree(&g, !seeker_side, c->s.now);
	s->state = SEEK_TAKEN;
	snprintf(s->taker, sizeof s->taker, "%s", taker);
	s->closed = c->s.now;
	t = svc_txn(&c->s, key);
	file = game_format(&g);
	spool_board_path(g.game, g.board, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
	file = seek_format(s);
	seek_path(s->game, s->board, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
	if (s->color == SEEK_RANDOM)
		/* TRANSLATORS: the taker, the seeker, White, then Black. */
		snprintf(headline, sizeof headline, _("%1$s took the open seat "
		         "of %2$s's seek (colours drawn): %3$s plays White, %4$s "
		         "Black.  The game has begun, %3$s (White) moves first."),
		         taker, s->seeker, g.white, g.black);
	else
		/* TRANSLATORS: the taker, the seeker, White, then Black. */
		snprintf(headline, sizeof headline, _("%1$s took the open seat "
		         "of %2$s's seek: %3$s plays White, %4$s Black.  The game "
		         "has begun, %3$s (White) moves first."), taker, s->seeker,
		         g.white, g.black);
	st = reply_board(&c->s, t, &g, headline, c->s.comment, taker, NULL);
	if (st == CMD_DONE)
		st = svc_commit(&c->s, t);
	else
		txn_abort(t);
	game_free(&g);
	return st;
}

int seek_answer(struct cmdctx *c, const char *game, const char *verb,
                int argc, char **argv, enum cmd_status *st)
{
	const char *usage = cmd_usage_of(c, verb, CMDT_GAME, game);
	int yes = strcasecmp(verb, "accept") == 0;
	char rel[128], path[4300], key[64], closed[48], *err = NULL;
	struct lock l = LOCK_INIT;
	struct seek s;
	struct user u;
	long board;
	int rc;

	if (argc != 3 || (board = util_board_number(argv[0])) < 0 ||
	    (!yes && strcasecmp(verb, "decline") && strcasecmp(verb, "reject")))
		return 0;
	seek_path(game, board, rel, sizeof rel);
	snprintf(path, sizeof path, "%s/%s", c->s.cfg->spool, rel);
	if (txn_group_settle(c->s.cfg->spool, rel) < 0) {
		*st = CMD_TEMPFAIL;
		return 1;
	}
	if (access(path, F_OK) != 0)
		return 0;  /* no seek: a board's accept or decline */
	util_lower(argv[1]);
	if ((*st = cmd_auth(c, argv[1], argv[2], usage, &u)) != CMD_DONE)
		return 1;
	user_free(&u);
	spool_board_key(game, board, key, sizeof key);
	if ((*st = svc_lock(&c->s, key, &l)) != CMD_DONE)
		return 1;
	rc = seek_load(c->s.cfg->spool, game, board, &s, &err);
	if (rc != 0) {
		lock_release(&l);
		if (rc < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			*st = CMD_TEMPFAIL;
			return 1;
		}
		return 0;
	}
	/* Once taken, the board is a game: its players' words go to it. */
	if (s.state == SEEK_TAKEN && (strcmp(argv[1], s.seeker) == 0 ||
	                              strcmp(argv[1], s.taker) == 0)) {
		lock_release(&l);
		return 0;
	}
	deadline_words(NULL, s.closed ? s.closed : s.expires, closed,
	               sizeof closed);
	if (s.state == SEEK_TAKEN)
		/* TRANSLATORS: the board, the taker, then the game's word
		 * (epaminondas); "seeks" stays as it is. */
		*st = cmd_refuse(c, usage, _("the open seat on board %ld was taken "
		                   "already, by %s: \"%s seeks\" lists the seeks "
		                   "still open"), board, s.taker, game);
	else if (s.state == SEEK_WITHDRAWN)
		/* TRANSLATORS: the board, the seeker, then when. */
		*st = cmd_refuse(c, usage, _("the seek on board %ld was withdrawn "
		                   "by %s (%s)"), board, s.seeker, closed);
	else if (!seek_is_open(&s, c->s.now))
		/* TRANSLATORS: the board, when, then the game's word
		 * (epaminondas); "seeks" stays as it is. */
		*st = cmd_refuse(c, usage, _("the seek on board %ld expired (%s): "
		                   "\"%s seeks\" lists the seeks still open"), board,
		                 closed, game);
	else if (!yes && strcmp(argv[1], s.seeker) != 0)
		/* TRANSLATORS: the board, then the seeker; "accept" stays as
		 * it is. */
		*st = cmd_refuse(c, usage, _("board %1$ld is %2$s's seek: only "
		                   "%2$s can withdraw it; to take the seat, send "
		                   "accept"), board, s.seeker);
	else if (!yes)
		*st = seek_withdraw(c, &s, key, usage);
	else if (strcmp(argv[1], s.seeker) == 0)
		/* TRANSLATORS: the board (twice), then the seeker's userid;
		 * "decline" and PASSWORD stay as they are. */
		*st = cmd_refuse(c, usage, _("board %1$ld is your own seek: "
		                   "someone else takes its seat; to withdraw it, send "
		                   "decline %1$ld %2$s PASSWORD"), board, s.seeker);
	else
		*st = seek_take(c, &s, key, argv[1], usage);
	lock_release(&l);
	return 1;
}
