/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * leave.c - a player's leave (issue 15; SPEC "Leave"):
 *
 *   vacation USERID PASSWORD UNTIL        from now to the end of UNTIL
 *   vacation USERID PASSWORD FROM UNTIL   from the start of FROM
 *   vacation USERID PASSWORD off          the leave ends now
 *
 * FROM and UNTIL are days, YYYY-MM-DD, in the player's time zone (set
 * ... timezone; UTC without one): a leave starts at the midnight that
 * begins FROM (now, when FROM is today) and ends at the midnight that
 * ends UNTIL.  FROM is today or later, UNTIL is FROM or later and at
 * most a year ahead (the same date next year).  A leave that overlaps or
 * touches one not over yet is merged with it (to shorten a leave: off,
 * then a new one).  off ends the running leave now and drops those to
 * come.
 *
 * The allowance (leave_days in epamserv.conf, 30): the days a player's
 * leaves touch in one calendar year of the player's zone, each day once,
 * a part of a day as a whole one, a leave across New Year in each year.
 * A leave that ends early (off, a move) counts only the days it had.  A
 * leave that would take a year past the allowance is refused, saying how
 * many days that year has left, so a leave cannot be renewed for ever.
 *
 * The opponent of each ACTIVE board of the player is told at once, one
 * mail per board to a confirmed player (never observers), when a leave
 * is set or changed and when it ends early; nothing when the leaves on
 * file stay as they were.  A move of the player during a leave ends it
 * (leave_after_move).
 *
 * Times of day are the C library's: TZ is set to the player's zone for
 * the computation and put back as it was.
 */
#include "util/log.h"
#include "commands/accounts/account.h"
#include "commands/cmd.h"
#include "commands/accounts/leave.h"
#include "commands/table.h"
#include "spool/bindex.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/tz.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* How the notices of one change read. */
struct leave_news {
	const struct user *u;       /* the player on leave */
	int back;                   /* 1: the leave ended early */
	struct time_span span;      /* the leave set (back == 0) */
	const char *skip_game;      /* a board not to tell about, or NULL;
	                               back: the board whose move ended the
	                               leave (NULL: vacation off ended it) */
	long skip_board;
};

/* Notices about one player's leave to the opponent of one board, per
 * UTC day: a player toggling "vacation ... off" and back must not turn
 * each of their opponents' mailboxes into a target (rate_limit lets a
 * player send 60 mails an hour, each telling every opponent). */
#define LEAVE_NOTICES_A_DAY 2

/* Whether another notice about ln's player on board g may go today; if
 * so its record is put in t (a seen record, pruned after seen_days). */
static int leave_notice_allowed(struct cmdctx *c, struct txn *t,
                                const struct leave_news *ln,
                                const struct game *g)
{
	char text[200], day[32], digest[33], rel[128];
	int i;

	util_iso_time(c->s.now, day, sizeof day);
	day[10] = '\0';
	for (i = 0; i < LEAVE_NOTICES_A_DAY; i++) {
		snprintf(text, sizeof text, "leave-notice %s %s %ld %s %d",
		         ln->u->userid, g->game, g->board, day, i);
		util_digest_hex(text, strlen(text), digest);
		if (spool_seen(c->s.cfg->spool, digest))
			continue;
		spool_seen_path(digest, rel, sizeof rel);
		snprintf(text, sizeof text, "(leave notice %s board %ld %s)\n",
		         ln->u->userid, g->board, day);
		txn_put(t, rel, text, strlen(text));
		return 1;
	}
	return 0;
}

/* The notice about board g to its opponent o (every address), in t. */
static enum cmd_status leave_notice_words(struct cmdctx *c, struct txn *t,
                                          const struct leave_news *ln,
                                          const struct game *g,
                                          const struct user *o)
{
	struct tvars v = { 0 };
	char subject[200], details[1024], first[32], last[32];
	struct reply_about a = { MAIL_KIND_NOTICE, g->game, g->board, NULL };
	const char *me = ln->u->userid, *title = reply_game_title(g->game);
	char *text;
	size_t i;

	if (ln->back) {
		/* TRANSLATORS: %1$s is the game's title, %2$ld the board's
		   number, %3$s the userid. */
		snprintf(subject, sizeof subject, _("%1$s board %2$ld: %3$s is "
		         "back from leave"), title, g->board, me);
		if (ln->skip_game)
			/* TRANSLATORS: %1$s is the userid, %2$s and %3$ld the
			   game and board of the move that ended the leave, %4$s
			   and %5$ld those of this board. */
			snprintf(details, sizeof details, _("%1$s is back from "
			         "leave (%1$s moved on %2$s board %3$ld).  %1$s's "
			         "clock on %4$s board %5$ld runs again."), me,
			         reply_game_title(ln->skip_game), ln->skip_board,
			         title, g->board);
		else
			/* TRANSLATORS: %1$s is the userid, %2$s the game's
			   title, %3$ld the board's number. */
			snprintf(details, sizeof details, _("%1$s is back from "
			         "leave (with vacation off).  %1$s's clock on %2$s "
			         "board %3$ld runs again."), me, title, g->board);
	} else {
		span_words(ln->u, &ln->span, first, last, sizeof first);
		/* TRANSLATORS: %1$s is the game's title, %2$ld the board's
		   number, %3$s the userid. */
		snprintf(subject, sizeof subject, _("%1$s board %2$ld: %3$s is "
		         "on leave"), title, g->board, me);
		/* TRANSLATORS: %1$s is the userid, %2$s and %3$s the leave's
		   first and last day, %4$s the time zone ("Europe/Berlin" or
		   "UTC"), %5$s the game's title, %6$ld the board's number. */
		snprintf(details, sizeof details, _("%1$s is on leave from %2$s "
		         "to %3$s (inclusive, in %1$s's time zone, %4$s).  While "
		         "%1$s is to move on %5$s board %6$ld, %1$s's clock there "
		         "is stopped.  The leave ends early when %1$s moves."), me,
		         first, last, ln->u->timezone[0] ? ln->u->timezone : "UTC",
		         title, g->board);
	}
	tvars_set(&v, "headline", subject);
	tvars_set(&v, "details", details);
	tvars_set(&v, "userid", o->userid);
	text = reply_template(&c->s, "account.txt", &v);
	tvars_free(&v);
	if (!text)
		return CMD_TEMPFAIL;
	/* The headline says what happened; the subject stays the game's
	 * (issue 30: one conversation per game). */
	reply_board_subject(g, subject, sizeof subject);
	for (i = 0; i < o->naddr; i++)
		reply_queue_about(&c->s, t, o->addr[i].addr, &a, subject, text, NULL, 0);
	free(text);
	return CMD_DONE;
}

/* leave_notice_words in o's language (issue 32). */
static enum cmd_status leave_notice(struct cmdctx *c, struct txn *t,
                                    const struct leave_news *ln,
                                    const struct game *g,
                                    const struct user *o)
{
	const char *was = i18n_use(o->language);
	enum cmd_status st = leave_notice_words(c, t, ln, g, o);

	i18n_use(was);
	return st;
}

/* Mark g for the board index in t (spool/bindex.h): the deadline it
 * keeps for g depends on the leaves of g's mover (services/bindex.c),
 * so the next fold reads g again. */
static void leave_mark(struct txn *t, const struct game *g)
{
	char rel[128], mark[256];

	spool_board_path(g->game, g->board, rel, sizeof rel);
	if (bindex_mark_path(rel, mark, sizeof mark))
		txn_put(t, mark, "", 0);
}

/* Queue in t a notice to the opponent of every ACTIVE board of ln->u
 * (confirmed players only; not ln->skip_*; at most LEAVE_NOTICES_A_DAY
 * a board and day: later changes that day show in the board mails
 * only), the boards told appended to
 * told ("101, 102").  Unreadable boards are skipped (logged). */
static enum cmd_status leave_tell(struct cmdctx *c, struct txn *t,
                                  const struct leave_news *ln,
                                  struct buf *told)
{
	enum cmd_status st = CMD_DONE;
	size_t k;

	for (k = 0; spool_games[k] && st == CMD_DONE; k++) {
		long *boards = NULL;
		size_t n = 0, i;
		char *err = NULL;

		if (game_boards(c->s.cfg->spool, spool_games[k], &boards, &n,
		                &err) < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			continue;
		}
		for (i = 0; i < n && st == CMD_DONE; i++) {
			struct game g;
			struct user o;
			const char *opp;
			int side;

			if (ln->skip_game && strcmp(ln->skip_game, spool_games[k]) == 0 &&
			    boards[i] == ln->skip_board)
				continue;
			if (game_load(&g, c->s.cfg->spool, spool_games[k], boards[i],
			              &err) != 0) {
				free(err);
				err = NULL;
				continue;
			}
			side = game_side_of(&g, ln->u->userid);
			opp = side == EP_WHITE ? g.black : g.white;
			if (g.state == GAME_ACTIVE && side >= 0)
				leave_mark(t, &g);
			if (g.state == GAME_ACTIVE && side >= 0 &&
			    strcmp(opp, ln->u->userid) != 0 &&
			    user_load(c->s.cfg->spool, opp, &o, &err) == 0) {
				if (user_confirmed(&o) &&
				    leave_notice_allowed(c, t, ln, &g)) {
					st = leave_notice(c, t, ln, &g, &o);
					buf_printf(told, "%s%ld", told->len ? ", " : "",
					           g.board);
				}
				user_free(&o);
			}
			free(err);
			err = NULL;
			game_free(&g);
		}
		free(boards);
	}
	return st;
}

/* Drop u's leaves that ended before the year before now's (they no
 * longer count), in the entered zone. */
static void leave_prune(struct user *u, time_t now)
{
	time_t keep = day_start(civil_days(day_year(local_day(now)) - 1, 1, 1));
	size_t i, k = 0;

	for (i = 0; i < u->nleave; i++)
		if (u->leave[i].until > keep)
			u->leave[k++] = u->leave[i];
	u->nleave = k;
}

/* Add s to u's leaves, merged with those that overlap or touch it and
 * are not over at now; *s becomes the merged leave.  0, or -1 when u
 * has no room (USER_MAX_LEAVE; u unchanged). */
static int leave_add(struct user *u, struct time_span *s, time_t now)
{
	struct time_span keep[USER_MAX_LEAVE];
	size_t i, k = 0;

	for (i = 0; i < u->nleave; i++) {
		const struct time_span *o = &u->leave[i];
		if (o->until >= now && o->from <= s->until && o->until >= s->from) {
			if (o->from < s->from)
				s->from = o->from;
			if (o->until > s->until)
				s->until = o->until;
		} else {
			keep[k++] = *o;
		}
	}
	if (k >= USER_MAX_LEAVE)
		return -1;
	for (i = k; i > 0 && keep[i - 1].from > s->from; i--)
		keep[i] = keep[i - 1];
	keep[i] = *s;
	memcpy(u->leave, keep, (k + 1) * sizeof keep[0]);
	u->nleave = k + 1;
	return 0;
}

/* End u's leaves at when: the one running then ends there, those to
 * come go when drop_future.  Returns how many changed. */
static int leave_cut(struct user *u, time_t when, int drop_future)
{
	size_t i, k = 0;
	int changed = 0;

	for (i = 0; i < u->nleave; i++) {
		struct time_span s = u->leave[i];
		if (s.from <= when && when < s.until) {
			s.until = when;
			changed++;
		} else if (s.from > when && drop_future) {
			changed++;
			continue;
		}
		if (s.until > s.from)
			u->leave[k++] = s;
	}
	u->nleave = k;
	return changed;
}

/* "You have 12 of your 30 leave days left in 2026." for now's year. */
static void days_left(const struct cmdctx *c, const struct user *u,
                      time_t now, char *buf, size_t len)
{
	struct tz_saved z;
	int year, used, left;

	tz_enter(&z, u->timezone);
	year = day_year(local_day(now));
	used = year_days(u->leave, u->nleave, year);
	tz_leave(&z);
	left = c->s.cfg->leave_days - used;
	/* TRANSLATORS: %1$d days left of %2$d, in the year %3$d. */
	snprintf(buf, len, ngettext("You have %1$d of your %2$d leave day "
	         "left in %3$d.", "You have %1$d of your %2$d leave days left "
	         "in %3$d.", c->s.cfg->leave_days), left > 0 ? left : 0,
	         c->s.cfg->leave_days, year);
}

/* The day number of a strict YYYY-MM-DD (util_parse_date), or -1. */
static long parse_day(const char *s)
{
	time_t t;

	if (util_parse_date(s, &t) < 0)
		return -1;
	return (long)(t / 86400);
}

/* Check the new leave [dfrom, duntil] (days) of u at now against the
 * rules and the allowance, and add it (merged) to u: 0 with *s the leave
 * as stored, or -1 with why (u unchanged).  Zone entered. */
static int leave_check(const struct cmdctx *c, struct user *u, time_t now,
                       long dfrom, long duntil, struct time_span *s,
                       char *why, size_t len)
{
	struct user tmp;
	long today = local_day(now);
	int y, m, d, year, first, lastyear;
	char limit[32], a[32], b[32];

	civil_date(today, &y, &m, &d);
	day_words(civil_days(y + 1, m, m == 2 && d == 29 ? 28 : d), limit,
	          sizeof limit);
	day_words(dfrom, a, sizeof a);
	day_words(duntil, b, sizeof b);
	if (dfrom < today) {
		/* TRANSLATORS: %1$s is a day, %2$s today, both "Tue 22 Dec
		   2026", %3$s the time zone ("Europe/Berlin" or "UTC"). */
		snprintf(why, len, _("%1$s is in the past (today is %2$s in your "
		         "time zone, %3$s)"), a, (day_words(today, b, sizeof b), b),
		         u->timezone[0] ? u->timezone : "UTC");
		return -1;
	}
	if (duntil < today) {
		snprintf(why, len, _("%1$s is in the past (today is %2$s in your "
		         "time zone, %3$s)"), b, (day_words(today, a, sizeof a), a),
		         u->timezone[0] ? u->timezone : "UTC");
		return -1;
	}
	if (duntil < dfrom) {
		/* TRANSLATORS: %1$s is the last day, %2$s the first, both
		   "Tue 22 Dec 2026". */
		snprintf(why, len, _("the last day of the leave (%1$s) is before "
		         "its first (%2$s)"), b, a);
		return -1;
	}
	if (duntil > civil_days(y + 1, m, m == 2 && d == 29 ? 28 : d)) {
		/* TRANSLATORS: %1$s is a day, %2$s the latest day allowed,
		   both "Tue 22 Dec 2026". */
		snprintf(why, len, _("%1$s is more than a year away (%2$s at the "
		         "latest)"), b, limit);
		return -1;
	}
	if (c->s.cfg->leave_days == 0) {
		snprintf(why, len, "%s", _("this server gives no leave days "
		         "(leave_days = 0)"));
		return -1;
	}
	s->from = dfrom == today ? now : day_start(dfrom);
	s->until = day_start(duntil + 1);
	tmp = *u;
	leave_prune(&tmp, now);
	if (leave_add(&tmp, s, now) < 0) {
		snprintf(why, len, ngettext("you have %d leave on file already, "
		         "the most kept: end one (off) or wait for it to be over",
		         "you have %d leaves on file already, the most kept: end "
		         "one (off) or wait for them to be over", USER_MAX_LEAVE),
		         USER_MAX_LEAVE);
		return -1;
	}
	first = day_year(local_day(s->from));
	lastyear = day_year(local_day(s->until - 1));
	for (year = first; year <= lastyear; year++) {
		int with = year_days(tmp.leave, tmp.nleave, year);
		int before = year_days(u->leave, u->nleave, year);
		if (with > c->s.cfg->leave_days) {
			int left = c->s.cfg->leave_days - before;
			/* TRANSLATORS: %1$d leave days in the year %2$d, more
			   than the %3$d a year allowed; %4$d days left. */
			snprintf(why, len, ngettext("that leave would make %1$d "
			         "leave day in %2$d, more than the %3$d a year this "
			         "server gives: you have %4$d left in %2$d", "that "
			         "leave would make %1$d leave days in %2$d, more than "
			         "the %3$d a year this server gives: you have %4$d "
			         "left in %2$d", with), with, year,
			         c->s.cfg->leave_days, left > 0 ? left : 0);
			return -1;
		}
	}
	memcpy(u->leave, tmp.leave, tmp.nleave * sizeof tmp.leave[0]);
	u->nleave = tmp.nleave;
	return 0;
}

/* Whether a and b hold the same leaves. */
static int same_leaves(const struct user *a, const struct user *b)
{
	size_t i;

	if (a->nleave != b->nleave)
		return 0;
	for (i = 0; i < a->nleave; i++)
		if (a->leave[i].from != b->leave[i].from ||
		    a->leave[i].until != b->leave[i].until)
			return 0;
	return 1;
}

enum cmd_status cmd_vacation(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "vacation", CMDT_ACCOUNT, NULL);
	struct leave_news ln;
	struct user u;
	struct time_span before[USER_MAX_LEAVE], s;
	size_t nbefore;
	struct lock l;
	struct tz_saved z;
	struct buf told = BUF_INIT, details = BUF_INIT;
	struct txn *t = NULL;
	enum cmd_status st;
	char why[300], left[96], first[32], last[32];
	long dfrom = -1, duntil = -1;
	int off = argc == 3 && strcasecmp(argv[2], "off") == 0, rc = 0;
	int changed = 0;

	memset(&ln, 0, sizeof ln);
	if (argc != 3 && argc != 4)
		return cmd_refuse(c, usage, "%s", _("vacation takes your userid, "
		                  "your password and the last day of your leave "
		                  "(YYYY-MM-DD), or its first and last day, or "
		                  "off"));
	if (!off) {
		int i;
		for (i = 2; i < argc; i++)
			if (parse_day(argv[i]) < 0)
				return cmd_refuse(c, usage, argc == 3 ?
				                  _("'%.40s' is not a date: write "
				                    "YYYY-MM-DD, a day that exists (e.g. "
				                    "2026-12-24), or off") :
				                  _("'%.40s' is not a date: write "
				                    "YYYY-MM-DD, a day that exists (e.g. "
				                    "2026-12-24)"), argv[i]);
		duntil = parse_day(argv[argc - 1]);
		dfrom = argc == 4 ? parse_day(argv[2]) : -1;
	}
	if ((st = account_open(c, argv[0], argv[1], usage, &u, &l)) != CMD_DONE)
		return st;
	user_convert_vacation(&u, c->s.now);
	nbefore = u.nleave;
	memcpy(before, u.leave, nbefore * sizeof before[0]);
	tz_enter(&z, u.timezone);
	if (off) {
		leave_cut(&u, c->s.now, 1);
	} else {
		if (dfrom < 0)
			dfrom = local_day(c->s.now);
		rc = leave_check(c, &u, c->s.now, dfrom, duntil, &s, why, sizeof why);
	}
	tz_leave(&z);
	if (rc < 0) {
		account_close(&u, &l);
		return cmd_refuse(c, usage, "%s", why);
	}
	{
		/* Compare with the leaves as they were. */
		struct user was = u;
		was.nleave = nbefore;
		memcpy(was.leave, before, nbefore * sizeof before[0]);
		ln.u = &u;
		t = svc_txn(&c->s, "users");
		changed = !same_leaves(&was, &u);
		if (changed) {
			ln.back = off;
			ln.span = s;
			st = leave_tell(c, t, &ln, &told);
		}
	}
	if (st != CMD_DONE) {
		txn_abort(t);
		account_close(&u, &l);
		buf_free(&told);
		return st;
	}
	days_left(c, &u, c->s.now, left, sizeof left);
	if (off) {
		buf_puts(&details, changed ?
		         _("Welcome back: your leave is over, and leaves to come "
		           "are dropped.  Your clocks run again, and your "
		           "opponents' board mails no longer mention a leave.") :
		         _("Welcome back: you had no leave running or to come.  "
		           "Your clocks run again, and your opponents' board "
		           "mails no longer mention a leave."));
	} else {
		span_words(&u, &s, first, last, sizeof first);
		/* TRANSLATORS: %1$s and %2$s are the leave's first and last
		   day, %3$s the time zone ("Europe/Berlin" or "UTC"), %4$s the
		   userid; the vacation lines are commands: their words stay. */
		buf_printf(&details, _("You are on leave from %1$s to %2$s "
		           "(inclusive, in your time zone, %3$s).  Meanwhile your "
		           "clocks are stopped and your opponents' board mails say "
		           "so.  The leave ends early when you move, or send:\n"
		           "  vacation %4$s PASSWORD off\nor reply to this mail "
		           "(keep its subject: it carries your token) with:\n"
		           "  vacation off"), first, last,
		           u.timezone[0] ? u.timezone : "UTC", u.userid);
	}
	buf_printf(&details, "\n\n%s", left);
	if (told.len)
		/* TRANSLATORS: %s is a list of boards' numbers, "101, 102". */
		buf_printf(&details, _("\n\nYour opponent on each of these "
		           "boards was told: %s."), buf_str(&told));
	st = account_save(c, &u, off ? _("vacation off") : _("leave noted"),
	                  buf_str(&details), t);
	account_close(&u, &l);
	buf_free(&told);
	buf_free(&details);
	return st;
}

void leave_after_move(struct cmdctx *c, const char *userid,
                      const char *game, long board, time_t when)
{
	struct leave_news ln;
	struct user u;
	struct lock l = LOCK_INIT;
	struct buf told = BUF_INIT, details = BUF_INIT;
	struct txn *t;
	char *err = NULL, left[96];
	int rc;

	/* Without the lock first: most moves are made by no one on leave. */
	rc = user_load(c->s.cfg->spool, userid, &u, &err);
	free(err);
	err = NULL;
	if (rc != 0)
		return;
	rc = leave_current(&u, when, NULL);
	user_free(&u);
	if (!rc || svc_lock(&c->s, "users", &l) != CMD_DONE)
		return;
	if (user_load(c->s.cfg->spool, userid, &u, &err) != 0) {
		free(err);
		lock_release(&l);
		return;
	}
	user_convert_vacation(&u, when);
	if (!leave_cut(&u, when, 0)) {
		account_close(&u, &l);
		return;
	}
	memset(&ln, 0, sizeof ln);
	ln.u = &u;
	ln.back = 1;
	ln.skip_game = game;
	ln.skip_board = board;
	t = svc_txn(&c->s, "users");
	if (leave_tell(c, t, &ln, &told) != CMD_DONE) {
		txn_abort(t);
		account_close(&u, &l);
		buf_free(&told);
		log_msg(LOG_ERR, "the leave of %s could not be ended\n", userid);
		return;
	}
	days_left(c, &u, when, left, sizeof left);
	/* TRANSLATORS: %1$s is the game's title, %2$ld the board's number,
	   %3$s how many leave days are left ("You have 12 of ..."). */
	buf_printf(&details, _("Welcome back: your leave ended when you moved "
	           "on %1$s board %2$ld, and your clocks run again.  Leaves to "
	           "come stay.\n\n%3$s"), reply_game_title(game), board, left);
	if (told.len)
		/* TRANSLATORS: %s is a list of boards' numbers, "101, 102". */
		buf_printf(&details, _("\n\nYour opponent on each of these "
		           "boards was told: %s."), buf_str(&told));
	if (account_save(c, &u, _("leave over"), buf_str(&details), t) !=
	    CMD_DONE)
		log_msg(LOG_ERR, "the leave of %s could not be ended\n", userid);
	account_close(&u, &l);
	buf_free(&told);
	buf_free(&details);
}

void leave_board_close(struct cmdctx *c, struct board_ctx *b,
                       size_t before, int st)
{
	char userid[32], game[32];
	long board = b->g.board;
	time_t when = 0;
	int moved = 0;

	if (st == CMD_DONE && b->loaded && b->g.nmoves > before) {
		const char *mover = (b->g.start.to_move + before) % 2 == 0
		                    ? b->g.white : b->g.black;
		moved = strcmp(mover, b->userid) == 0;
		when = b->g.moves[before].when;
	}
	snprintf(userid, sizeof userid, "%s", b->userid);
	snprintf(game, sizeof game, "%s", b->loaded ? b->g.game : "");
	board_close(b);
	if (moved)
		leave_after_move(c, userid, game, board, when);
}
