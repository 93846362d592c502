/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bounce_notice.c - telling the opponents of a player whose address
 * keeps bouncing (issue 13, item 5).
 *
 * After each flush and sweep, every bounce record that keeps bouncing
 * (bounce_keeps_bouncing: 3 bounces on 2 days), has no "told:" line
 * (bounce.h) and whose address is a player's is looked at: each opponent of that player on an active board
 * gets one account notice (templates/account.txt) saying that board
 * mails to the player are not arriving, with the boards; the record then
 * gets "told:", so this happens once per record (a record cleared with
 * "admin bounces clear", or expired by sweep, starts again).  The notice
 * names neither the address nor the server's reply: those are the
 * player's, not the opponent's, to see.
 */
#include "cli/cli.h"
#include "services/outmail.h"
#include "spool/addrindex.h"
#include "spool/bounce.h"
#include "spool/lock.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"
#include "util/i18n.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPPONENTS 64

/* The opponents of one player on active boards, with their boards. */
struct opponents {
	const char *spool, *userid;
	char who[MAX_OPPONENTS][32];	/* as white[] and black[] below */
	struct buf boards[MAX_OPPONENTS];  /* "epaminondas 101, ..." */
	size_t n;
};

/* The value of the line "KEY: " of text into buf (len bytes), or "". */
static void line_value(const char *text, const char *key, char *buf,
                       size_t len)
{
	const char *p = strstr(text, key);
	size_t i;

	buf[0] = '\0';
	if (!p || (p != text && p[-1] != '\n'))
		return;
	p += strlen(key);
	for (i = 0; i + 1 < len && p[i] && p[i] != '\n'; i++)
		buf[i] = p[i];
	buf[i] = '\0';
}

/* spool_each_board callback: note the opponent of o->userid on an
 * active board. */
static int note_board(const char *game, long board, void *arg)
{
	struct opponents *o = arg;
	/* white, black: userids, 31 bytes at most (users.h) */
	char path[4200], white[32], black[32], result[32], *text;
	const char *opp;
	size_t i;

	snprintf(path, sizeof path, "%s/games/%s/%ld.game",
	         o->spool, game, board);
	text = util_read_file(path, 8 * 1024 * 1024, NULL);
	if (!text)
		return 0;
	line_value(text, "white: ", white, sizeof white);
	line_value(text, "black: ", black, sizeof black);
	line_value(text, "result: ", result, sizeof result);
	free(text);
	if (strcmp(result, "active") != 0)
		return 0;
	opp = strcmp(white, o->userid) == 0 ? black :
	      strcmp(black, o->userid) == 0 ? white : NULL;
	if (!opp || !*opp || strcmp(opp, o->userid) == 0)
		return 0;
	for (i = 0; i < o->n && strcmp(o->who[i], opp); i++)
		;
	if (i == o->n) {
		if (o->n == MAX_OPPONENTS)
			return 0;
		snprintf(o->who[o->n], sizeof o->who[0], "%s", opp);
		o->boards[o->n++] = (struct buf)BUF_INIT;
	}
	buf_printf(&o->boards[i], "%s%s %ld", o->boards[i].len ? ", " : "",
	           game, board);
	return 0;
}

/* Queue the notice to opponent about the player o->userid whose mail
 * bounced (b).  0, or -1 (logged). */
static int tell_one(const struct config *cfg, const struct opponents *o,
                    size_t i, const struct bounce *b)
{
	struct svc sv;
	struct tvars v = { 0 };
	struct lock l = LOCK_INIT;
	struct buf details = BUF_INIT;
	struct user u;
	struct txn *t;
	char key[300], first[32], last[32], headline[200], *text = NULL,
	     *err = NULL;
	const char *was;
	enum cmd_status st = CMD_TEMPFAIL;

	if (user_load(cfg->spool, o->who[i], &u, &err) != 0) {
		free(err);
		return 0;  /* gone or damaged: nobody to tell */
	}
	was = i18n_use(u.language);  /* issue 32: the opponent's language */
	svc_init(&sv, cfg, util_now());
	snprintf(key, sizeof key, "bounce notice %s %s %lld", o->userid,
	         o->who[i], (long long)b->first);
	svc_event(&sv, "%s", key);
	util_iso_time(b->first, first, sizeof first);
	util_iso_time(b->last, last, sizeof last);
	/* TRANSLATORS: the headline of the mail to an opponent: the userid
	 * of the player whose mail bounces. */
	snprintf(headline, sizeof headline, _("board mails to %s are not "
	                                      "arriving"), o->userid);
	/* TRANSLATORS: %1$s the userid of the player whose mail bounces,
	 * %2$ld how many times, %3$s and %4$s the first and the last time,
	 * %5$s the boards the two play ("epaminondas 101, ..."). */
	buf_printf(&details, ngettext("Mail from epamserv to %1$s has bounced "
	           "%2$ld time since %3$s (the last\ntime on %4$s).  %1$s may "
	           "not see your moves on your boards with\nthem (%5$s) until "
	           "the address is fixed.  The administrator sees it too.\n",
	           "Mail from epamserv to %1$s has bounced %2$ld times since %3$s "
	           "(the last\ntime on %4$s).  %1$s may not see your moves on "
	           "your boards with\nthem (%5$s) until the address is fixed.  "
	           "The administrator sees it too.\n", b->count), o->userid,
	           b->count, first, last, buf_str(&o->boards[i]));
	tvars_set(&v, "headline", headline);
	tvars_set(&v, "details", buf_str(&details));
	tvars_set(&v, "userid", o->who[i]);
	if (user_address(&u) && !u.left)
		text = reply_template(&sv, "account.txt", &v);
	if (text && svc_lock(&sv, "users", &l) == CMD_DONE) {
		t = svc_txn(&sv, "users");
		/* TRANSLATORS: the mail's subject. */
		snprintf(headline, sizeof headline, _("epamserv: board mails to "
		         "%s are not arriving"), o->userid);
		reply_queue(&sv, t, user_address(&u), headline, text, NULL, 0, NULL);
		st = svc_commit(&sv, t);
		lock_release(&l);
	} else if (!text) {
		st = CMD_DONE;  /* no address to tell, or no template (logged) */
	}
	free(text);
	tvars_free(&v);
	buf_free(&details);
	svc_free(&sv);
	user_free(&u);
	i18n_use(was);
	return st == CMD_DONE ? 0 : -1;
}

/* Tell the opponents of the player of b, then mark b told.  The number
 * told, or -1 when a notice could not be queued (b stays untold). */
static int tell_opponents(const struct config *cfg, const struct bounce *b,
                          const char *userid)
{
	struct opponents o;
	struct lock l = LOCK_INIT;
	size_t i;
	int bad = 0;

	memset(&o, 0, sizeof o);
	o.spool = cfg->spool;
	o.userid = userid;
	spool_each_board(cfg->spool, note_board, &o);
	for (i = 0; i < o.n; i++) {
		if (tell_one(cfg, &o, i, b) < 0)
			bad = 1;
		buf_free(&o.boards[i]);
	}
	if (bad)
		return -1;
	if (lock_acquire(cfg->spool, "bounces", 10000, &l) < 0 ||
	    bounce_mark_told_locked(cfg->spool, b->address, util_now()) < 0)
		log_msg(LOG_WARNING, "cannot mark the bounces of %s as told\n",
		        userid);
	lock_release(&l);
	return (int)o.n;
}

int cli_bounce_notices(const struct config *cfg)
{
	struct bounce *v;
	char userid[32];
	size_t n, i;
	int told = 0, k;

	if (bounce_list(cfg->spool, &v, &n) < 0)
		return 0;
	for (i = 0; i < n; i++) {
		if (!bounce_keeps_bouncing(&v[i]) || v[i].told ||
		    addr_player(cfg->spool, v[i].address, userid) != 1)
			continue;
		k = tell_opponents(cfg, &v[i], userid);
		if (k > 0) {
			log_msg(LOG_NOTICE, "board mails to %s keep bouncing (%ld "
			        "bounces): %d opponent%s told\n", userid, v[i].count,
			        k, k == 1 ? "" : "s");
			told += k;
		}
	}
	free(v);
	return told;
}
