/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * accounts.c - the account commands beyond signup (SPEC section 2):
 *
 *   change password USERID OLD NEW
 *   change address USERID PASSWORD ADDRESS...
 *   signoff USERID PASSWORD
 *   list
 *   vacation (leave.c)
 *   set USERID PASSWORD html on|off
 *   set USERID PASSWORD orientation white|black|own
 *   set USERID PASSWORD board wide|compact|list   (list: issue 30)
 *   set USERID PASSWORD token new
 *   set USERID PASSWORD mail each|digest [HH]
 *   set USERID PASSWORD timezone ZONE|UTC
 *   set USERID PASSWORD publish comments on|off   (issue 18)
 *   set USERID PASSWORD web on|off                (issue 18)
 *   set USERID PASSWORD receipts on|off           (issue 30)
 *   set USERID PASSWORD language LANGUAGE         (issue 32)
 *
 * Each change is made under the "users" lock: load, check the password,
 * change, and commit the user file with the confirmation mail in one
 * transaction.  The confirmation goes to the account's addresses.  A new
 * address (change address) gets a confirmation request and nothing else
 * until its owner answers it (signup.c); the old addresses are told at
 * once, and again when the change takes effect, so a stolen password
 * cannot move an account silently.
 *
 * signoff refuses while the player has a game in progress (the reply
 * lists them: resign them first), so no opponent is left with a game
 * nobody will finish.  Challenges and seeks that have not started do
 * not hold it back (issue 29: anyone may send a challenge): once the
 * account is closed they are called off, the other player of each
 * challenge told (signoff.c).  The account is closed, not deleted: the
 * file stays, marked "left", with no password that can match, and the
 * userid is never given to someone else (finished games and ratings
 * keep naming one person).
 */
#include "util/log.h"
#include "commands/acctoken.h"
#include "commands/accounts/account.h"
#include "commands/cmd.h"
#include "services/lang.h"
#include "commands/accounts/leave.h"
#include "commands/table.h"
#include "spool/addrindex.h"
#include "spool/seeks.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum cmd_status account_open(struct cmdctx *c, char *userid,
                             const char *password, const char *usage,
                             struct user *u, struct lock *l)
{
	enum cmd_status st;

	*l = (struct lock)LOCK_INIT;
	util_lower(userid);
	if (!util_userid_ok(userid))
		return cmd_refuse(c, usage, _("'%s' is not a valid userid"),
		                  userid);
	if ((st = svc_lock(&c->s, "users", l)) != CMD_DONE)
		return st;
	if ((st = cmd_auth(c, userid, password, usage, u)) != CMD_DONE)
		lock_release(l);
	return st;
}

void account_close(struct user *u, struct lock *l)
{
	user_free(u);
	lock_release(l);
}

enum cmd_status account_reply(struct cmdctx *c, struct txn *t,
                              const char *userid, const char *headline,
                              const char *details)
{
	struct tvars v = { 0 };
	char subject[256], with[320], *text;

	tvars_set(&v, "headline", headline);
	tvars_set(&v, "details", details);
	tvars_set(&v, "userid", userid);
	text = reply_template(&c->s, "account.txt", &v);
	tvars_free(&v);
	if (!text)
		return CMD_TEMPFAIL;
	/* TRANSLATORS: a mail's subject; %s is what happened to the
	   account, "password changed". */
	snprintf(subject, sizeof subject, _("epamserv: %s"), headline);
	acctoken_sender_subject(c, subject, with, sizeof with);
	reply_queue(&c->s, t, c->sender, with, text, NULL, 0, NULL);
	explicit_bzero(with, sizeof with);
	free(text);
	return CMD_DONE;
}

enum cmd_status account_save(struct cmdctx *c, struct user *u,
                             const char *headline, const char *details,
                             struct txn *t)
{
	struct tvars v = { 0 };
	struct user old;
	char subject[256], with[320], *text, *err = NULL;
	size_t i;
	int rc;

	user_convert_vacation(u, c->s.now);
	tvars_set(&v, "headline", headline);
	tvars_set(&v, "details", details);
	tvars_set(&v, "userid", u->userid);
	text = reply_template(&c->s, "account.txt", &v);
	tvars_free(&v);
	if (!text) {
		if (t)
			txn_abort(t);
		return CMD_TEMPFAIL;
	}
	if (!t)
		t = svc_txn(&c->s, "users");
	/* The file as it was, for the address records (users lock held). */
	rc = user_load(c->s.cfg->spool, u->userid, &old, &err);
	free(err);
	addr_user_put(t, c->s.cfg->spool, u, rc == 0 ? &old : NULL);
	/* TRANSLATORS: a mail's subject; %s is what happened to the
	   account, "password changed". */
	snprintf(subject, sizeof subject, _("epamserv: %s"), headline);
	/* Its account token (made with the epoch as saved now), to its
	 * addresses on file alone. */
	for (i = 0; i < u->naddr; i++) {
		acctoken_subject(&c->s, u, u->addr[i].addr, subject, with, sizeof with);
		reply_queue(&c->s, t, u->addr[i].addr, with, text, NULL, 0, NULL);
	}
	explicit_bzero(with, sizeof with);
	/* An account just closed is told at the addresses it had. */
	for (i = 0; rc == 0 && u->naddr == 0 && i < old.naddr; i++)
		reply_queue(&c->s, t, old.addr[i].addr, subject, text, NULL, 0, NULL);
	if (rc == 0)
		user_free(&old);
	free(text);
	return svc_commit(&c->s, t);
}

static enum cmd_status change_password(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "change", CMDT_ACCOUNT, NULL);
	struct user u;
	struct lock l;
	enum cmd_status st;
	char *hash;
	int dropped;

	if (argc != 4)
		return cmd_refuse(c, usage, "%s", _("change password takes your "
		                  "userid, your password and the new password"));
	if (strlen(argv[3]) > 128)
		return cmd_refuse(c, usage, "%s", _("the new password is too "
		                  "long (128 characters at most)"));
	if ((st = account_open(c, argv[1], argv[2], usage, &u, &l)) != CMD_DONE)
		return st;
	hash = user_hash_password(argv[3]);
	if (!hash) {
		log_msg(LOG_ERR, "crypt(3) failed to hash a password\n");
		account_close(&u, &l);
		return CMD_TEMPFAIL;
	}
	free(u.hash);
	u.hash = hash;
	/* Whoever asked for them may have had the old password. */
	dropped = user_drop_change_requests(&u);
	st = account_save(c, &u, _("password changed"), dropped ?
	                  _("Your password is changed; use the new one from "
	                    "now on.  (Passwords are case-sensitive.)  The "
	                    "change of address that was waiting for its "
	                    "confirmation is cancelled.") :
	                  _("Your password is changed; use the new one from "
	                    "now on.  (Passwords are case-sensitive.)"), NULL);
	account_close(&u, &l);
	return st;
}

static enum cmd_status change_address(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "change", CMDT_ACCOUNT, NULL);
	struct user u;
	struct lock l;
	struct buf details = BUF_INIT, skipped = BUF_INIT, asked = BUF_INIT;
	struct txn *t;
	enum cmd_status st;
	char *addrs[USER_MAX_ADDRESSES];
	int i, j, n = 0;

	if (argc < 4 || argc > 3 + USER_MAX_ADDRESSES)
		return cmd_refuse(c, usage, ngettext("change address takes "
		                  "your userid, your password and the new address "
		                  "(up to %d)", "change address takes your userid, "
		                  "your password and the new address (up to %d)",
		                  USER_MAX_ADDRESSES), USER_MAX_ADDRESSES);
	for (i = 3; i < argc; i++) {
		char why[400];
		if (signup_address_ok(argv[i], why, sizeof why) < 0)
			return cmd_refuse(c, usage, "%s", why);
		for (j = 0; j < n && strcasecmp(addrs[j], argv[i]); j++)
			;
		if (j == n)
			addrs[n++] = argv[i];
	}
	if (c->address_requests++)
		return cmd_refuse(c, usage, "%s", _("one mail may carry one "
		                  "signup or change of address: send the others on "
		                  "their own"));
	if ((st = account_open(c, argv[1], argv[2], usage, &u, &l)) != CMD_DONE)
		return st;
	if (n == 1 && u.naddr == 1 && user_find_address(&u, addrs[0]) == 0) {
		st = cmd_refuse(c, usage, _("%s is your address already"),
		                addrs[0]);
		goto out;
	}
	t = svc_txn(&c->s, "users");
	st = signup_requests(c, t, &u, addrs, n, USER_REQ_CHANGE, &skipped);
	if (st != CMD_DONE) {
		txn_abort(t);
		goto out;
	}
	for (i = 0, j = 0; i < (int)u.nreq; i++)
		if (u.req[i].sent == c->s.now && u.req[i].kind == USER_REQ_CHANGE)
			buf_printf(&asked, "%s%s", j++ ? ", " : "", u.req[i].addr);
	/* TRANSLATORS: %1$s is the userid, %2$s the new addresses, "a@x.org,
	   b@y.org".
	   Keep USERID as it is: what a player types. */
	buf_printf(&details, _("A change of address for %1$s was asked, to "
	           "%2$s.  A confirmation request went there; the change "
	           "takes effect when its owner answers it, and until then your "
	           "mail keeps coming here.  If you did not ask for this, someone "
	           "knows your password: change it at once (change password USERID "
	           "OLD NEW), which also cancels this change."), u.userid,
	           buf_str(&asked));
	if (skipped.len)
		/* TRANSLATORS: %s is a list of addresses, "a@x.org, b@y.org". */
		buf_printf(&details, _("  (No request went to %s: one went there "
		           "less than a day ago.)"), buf_str(&skipped));
	st = account_save(c, &u, _("change of address asked"),
	                  buf_str(&details), t);
out:
	buf_free(&details);
	buf_free(&asked);
	buf_free(&skipped);
	account_close(&u, &l);
	return st;
}

enum cmd_status cmd_change(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "change", CMDT_ACCOUNT, NULL);
	if (argc >= 1 && strcasecmp(argv[0], "password") == 0)
		return change_password(c, argc, argv);
	if (argc >= 1 && strcasecmp(argv[0], "address") == 0)
		return change_address(c, argc, argv);
	return cmd_refuse(c, usage, "%s", _("change what? Write 'change "
	                  "password' or 'change address'"));
}

/* The games of userid in progress, as "epaminondas 101, crossings 102"
 * into active, and its challenges not started and open seeks into
 * waiting ("epaminondas 103, epaminondas 104 (a seek)").  0, or -1 (I/O,
 * logged). */
static int open_games(struct cmdctx *c, const char *userid,
                      struct buf *active, struct buf *waiting)
{
	int i;

	for (i = 0; spool_games[i]; i++) {
		long *boards;
		size_t n, k;
		char *err = NULL;
		if (game_boards(c->s.cfg->spool, spool_games[i], &boards, &n, &err) < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			return -1;
		}
		for (k = 0; k < n; k++) {
			struct game g;
			struct buf *out;
			if (game_load(&g, c->s.cfg->spool, spool_games[i], boards[k], &err) != 0) {
				log_msg(LOG_ERR, "%s\n", err ? err : "a board vanished");
				free(err);
				free(boards);
				return -1;
			}
			out = g.state == GAME_ACTIVE ? active :
			      g.state == GAME_CHALLENGED ? waiting : NULL;
			if (out && game_side_of(&g, userid) >= 0)
				buf_printf(out, "%s%s %ld", out->len ? ", " : "",
				           spool_games[i], boards[k]);
			game_free(&g);
		}
		free(boards);
	}
	/* Open seeks too (issue 17) */
	{
		struct seek *all;
		size_t n, k;
		if (seek_list(c->s.cfg->spool, &all, &n) < 0)
			return -1;
		for (k = 0; k < n; k++)
			if (all[k].state == SEEK_OPEN &&
			    strcmp(all[k].seeker, userid) == 0) {
				buf_puts(waiting, waiting->len ? ", " : "");
				/* TRANSLATORS: an item of a list of boards: %s is
				   the game, %ld the board's number. */
				buf_printf(waiting, _("%s %ld (a seek)"), all[k].game,
				           all[k].board);
			}
		free(all);
	}
	return 0;
}

enum cmd_status cmd_signoff(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "signoff", CMDT_ACCOUNT, NULL);
	struct user u;
	struct lock l;
	struct buf active = BUF_INIT, waiting = BUF_INIT, note = BUF_INIT;
	enum cmd_status st;
	char userid[32];

	if (argc != 2)
		return cmd_refuse(c, usage, "%s", _("signoff takes your userid "
		                  "and your password"));
	if ((st = account_open(c, argv[0], argv[1], usage, &u, &l)) != CMD_DONE)
		return st;
	snprintf(userid, sizeof userid, "%s", u.userid);
	if (open_games(c, u.userid, &active, &waiting) < 0) {
		st = CMD_TEMPFAIL;
	} else if (active.len) {
		/* TRANSLATORS: %s is a list of boards, "epaminondas 101,
		   crossings 102".
		   Keep the command words, GAME, BOARD, USERID and PASSWORD
		   as they are: what a player types. */
		st = cmd_refuse(c, usage, _("you still have games in progress "
		                "(%s): resign them first:\n    GAME resign BOARD "
		                "USERID PASSWORD"), buf_str(&active));
	} else {
		free(u.hash);
		u.hash = xstrdup("!");
		u.left = c->s.now;
		buf_puts(&note, _("Your account is closed: you will get no more "
		         "mail from epamserv.  Your finished games stay in the "
		         "history and the standings, and your userid will not be "
		         "given to anyone else."));
		if (waiting.len)
			/* TRANSLATORS: %s is a list of boards, "epaminondas
			   103, epaminondas 104 (a seek)". */
			buf_printf(&note, _("\n\nThe challenges and seeks you had "
			           "open are cancelled, and the other player of each "
			           "challenge is told: %s."), buf_str(&waiting));
		st = account_save(c, &u, _("account closed"), buf_str(&note),
		                  NULL);
	}
	account_close(&u, &l);
	/* Under no lock now: each board under its own (signoff.c). */
	if (st == CMD_DONE && waiting.len)
		signoff_cancel(c, userid);
	buf_free(&active);
	buf_free(&waiting);
	buf_free(&note);
	return st;
}

enum cmd_status cmd_list(struct cmdctx *c, int argc, char **argv)
{
	struct tvars v = { 0 };
	struct buf table = BUF_INIT, line = BUF_INIT;
	struct txn *t;
	char **ids = NULL, *err = NULL, *text;
	size_t n = 0, i, shown = 0, total = 0, budget = reply_text_budget(c);
	int full = 0, k;

	/* "list epaminondas [crossings]", as pbmserv wrote it: the players
	 * are the same for every game. */
	for (k = 0; k < argc; k++)
		if (!spool_is_game(argv[k]))
			return cmd_refuse(c, cmd_usage_of(c, "list", CMDT_ACCOUNT,
			                                  NULL),
			                  _("list takes no words after it but games' "
			                    "names, not '%.40s'"), argv[k]);
	if (user_list(c->s.cfg->spool, &ids, &n, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	/* TRANSLATORS: the headings of the list of players' columns. */
	buf_printf(&table, "  %-20s %-12s %s\n", _("Player"), _("Since"), "");
	for (i = 0; i < n; i++) {
		struct user u;
		char since[32];
		if (user_load(c->s.cfg->spool, ids[i], &u, &err) != 0) {
			free(err);
			err = NULL;
			continue;
		}
		/* An account whose address is not confirmed yet is nobody's
		 * to show: a stranger could list a name of his choice. */
		if (!u.robot && !user_confirmed(&u)) {
			user_free(&u);
			continue;
		}
		/* Lines while they fit in the reply; the rest only counted. */
		if (!u.left && !full) {
			buf_reset(&line);
			util_iso_time(u.created, since, sizeof since);
			since[10] = '\0';
			buf_printf(&line, "  %-20s %-12s", u.userid, since);
			if (u.robot && config_robot(c->s.cfg, u.userid))
				/* TRANSLATORS: after a userid in the list of
				   players. */
				buf_printf(&line, _(" (robot, level %d)"),
				           config_robot(c->s.cfg, u.userid)->level);
			else if (u.robot)
				/* TRANSLATORS: after a userid in the list of
				   players. */
				buf_puts(&line, _(" (robot, not playing now)"));
			if (!u.robot) {
				char lim[64];
				limit_words(&u, lim, sizeof lim);
				if (lim[0])
					buf_printf(&line, " (%s)", lim);
			}
			if (leave_current(&u, c->s.now, NULL)) {
				char day[32];
				leave_last_day(&u, c->s.now, day, sizeof day);
				/* TRANSLATORS: after a userid in the list of
				   players; %s is a day, "2026-12-24". */
				buf_printf(&line, _(" on leave until %s"), day);
			}
			buf_puts(&line, "\n");
			full = table.len + line.len > budget;
			if (!full) {
				buf_append(&table, line.data, line.len);
				shown++;
			}
		}
		total += !u.left;
		user_free(&u);
	}
	user_list_free(ids, n);
	if (shown < total)
		/* TRANSLATORS: %1$zu players shown of %2$zu; %3$zu is the
		   most bytes of a mail.
		   Keep the command words and USERID as they are: what a
		   player types. */
		buf_printf(&table, ngettext("\n  Shown: the first %1$zu of %2$zu "
		           "player, by userid; all of them would not fit in one "
		           "mail (at most %3$zu bytes).  \"games USERID\" and "
		           "\"history USERID\" tell about any one player.\n",
		           "\n  Shown: the first %1$zu of %2$zu players, by "
		           "userid; all of them would not fit in one mail (at most "
		           "%3$zu bytes).  \"games USERID\" and \"history USERID\" "
		           "tell about any one player.\n", total), shown, total,
		           reply_cap(&c->s));
	tvars_set(&v, "table", buf_str(&table));
	tvars_setf(&v, "count", ngettext("%zu player.", "%zu players.", total),
	           total);
	text = reply_template(&c->s, "list.txt", &v);
	tvars_free(&v);
	buf_free(&line);
	buf_free(&table);
	if (!text)
		return CMD_TEMPFAIL;
	t = svc_txn(&c->s, c->s.msg_key);
	reply_queue(&c->s, t, c->sender, _("epamserv players"), text, NULL, 0,
	            NULL);
	free(text);
	return svc_commit(&c->s, t);
}

/* Save a changed setting of u (the confirmation says details), then
 * close the account (account_open's lock). */
static enum cmd_status setting_saved(struct cmdctx *c, struct user *u,
                                     struct lock *l, const char *details)
{
	enum cmd_status st = account_save(c, u, _("setting changed"), details,
	                                  NULL);

	account_close(u, l);
	return st;
}

/* The digest hour when "set ... mail digest" names none (issue 15). */
#define DIGEST_DEFAULT_HOUR 7

/* set USERID PASSWORD mail each|digest [HH] (issue 15): every board mail,
 * or a daily digest at hour HH (0-23) of the player's time zone. */
static enum cmd_status set_mail(struct cmdctx *c, int argc, char **argv,
                                const char *usage)
{
	struct user u;
	struct lock l;
	enum cmd_status st;
	char details[1024], *end;
	long hour = DIGEST_DEFAULT_HOUR;
	int digest;

	if (argc < 4 || argc > 5)
		return cmd_refuse(c, usage, "%s", _("set mail takes your userid, "
		                  "your password, each or digest, and for digest "
		                  "an hour (0-23)"));
	util_lower(argv[3]);
	digest = strcmp(argv[3], "digest") == 0;
	if (!digest && strcmp(argv[3], "each"))
		return cmd_refuse(c, usage, _("mail is each or digest, not '%s'"),
		                  argv[3]);
	if (!digest && argc == 5)
		return cmd_refuse(c, usage, "%s", _("mail each takes no hour"));
	if (argc == 5) {
		hour = strtol(argv[4], &end, 10);
		if (!argv[4][0] || *end || argv[4][0] == '-' || argv[4][0] == '+' ||
		    hour < 0 || hour > 23)
			return cmd_refuse(c, usage, _("the digest hour is a whole "
			                  "hour from 0 to 23, not '%s'"), argv[4]);
	}
	if ((st = account_open(c, argv[0], argv[1], usage, &u, &l)) != CMD_DONE)
		return st;
	u.digest_hour = digest ? (int)hour : -1;
	if (digest)
		/* TRANSLATORS: %1$02ld is the hour, %2$s the time zone
		   ("Europe/Berlin" or "UTC"), %3$s the userid.
		   Keep PASSWORD as it is: what a player types. */
		snprintf(details, sizeof details, _("Your board mails now come in "
		         "a daily digest at %1$02ld:00 (%2$s time), listing each "
		         "board that waits for your move with the board, your "
		         "deadline and a subject to answer it with.  Board mails "
		         "about your opponents' moves on those boards no longer "
		         "come one by one.  Still at once: the answers to your own "
		         "commands, the end of a game, messages and chats, "
		         "reminders.  To go back:\n  set %3$s PASSWORD mail each"),
		         hour,
		         u.timezone[0] ? u.timezone : "UTC", u.userid);
	else
		snprintf(details, sizeof details, "%s", _("You get every board "
		         "mail again, as it happens."));
	return setting_saved(c, &u, &l, details);
}

/* The settings of two words and one of two values, set USERID PASSWORD
 * KEY WORD yes|no: publish comments on|off (issue 18: whether the
 * comments of the player's games may appear in records and on the web
 * site, only when both players of a game allow it) and board letters
 * ws|wb (issue 32: S for Black's pieces on the text boards, Schwarz, or
 * B, the default; the notation stays as it is).  takes and bad (a format
 * for the value) are the refusals, said[1] and said[0] the confirmations
 * for yes and no; set stores the choice in the user. */
struct pair_setting {
	const char *key, *word, *yes, *no;
	const char *takes, *bad, *said[2];
	void (*set)(struct user *u, int yes);
};

static void set_publish_comments(struct user *u, int yes)
{
	u->publish_comments = yes;
}

static void set_board_letters(struct user *u, int yes)
{
	u->letters = yes ? USER_LETTERS_WS : USER_LETTERS_WB;
}

static const struct pair_setting pair_settings[] = {
	{ "publish", "comments", "on", "off",
	  N_("publish takes your userid, your password, the word comments, "
	     "and on or off"),
	  N_("publish comments is on or off, not '%s'"),
	  { N_("The comments of your games stay out of game records and the "
	       "web site."),
	    N_("The comments of your games may now appear in game records and "
	       "on the web site, in each game whose other player allows it "
	       "too.") },
	  set_publish_comments },
	{ "board", "letters", "ws", "wb",
	  /* TRANSLATORS: board letters, ws and wb are what a player types:
	   * keep them as they are. */
	  N_("board letters takes your userid, your password, and ws (W and "
	     "S, the German letters) or wb (W and B, the default)"),
	  /* TRANSLATORS: ws and wb are what a player types. */
	  N_("board letters is ws or wb, not '%.40s'"),
	  { N_("The text boards of your mails now show White's pieces as W "
	       "and Black's as B."),
	    N_("The text boards of your mails now show White's pieces as W "
	       "and Black's as S (Schwarz).  The notation of moves stays the "
	       "same.") },
	  set_board_letters },
};

/* The pair setting whose KEY WORD argv[2] and argv[3] name (argc words),
 * or NULL; publish is its own with any fourth word (refused there). */
static const struct pair_setting *pair_setting_of(int argc, char **argv)
{
	size_t i;

	for (i = 0; i < sizeof pair_settings / sizeof *pair_settings; i++) {
		const struct pair_setting *p = &pair_settings[i];
		if (argc >= 3 && strcasecmp(argv[2], p->key) == 0 &&
		    (strcmp(p->key, "publish") == 0 ||
		     (argc >= 4 && strcasecmp(argv[3], p->word) == 0)))
			return p;
	}
	return NULL;
}

/* set USERID PASSWORD KEY WORD VALUE for the pair setting p. */
static enum cmd_status set_pair(struct cmdctx *c, int argc, char **argv,
                                const char *usage,
                                const struct pair_setting *p)
{
	struct user u;
	struct lock l;
	enum cmd_status st;
	int yes;

	if (argc != 5 || strcasecmp(argv[3], p->word))
		return cmd_refuse(c, usage, "%s", _(p->takes));
	util_lower(argv[4]);
	if (strcmp(argv[4], p->yes) && strcmp(argv[4], p->no))
		return cmd_refuse(c, usage, _(p->bad), argv[4]);
	if ((st = account_open(c, argv[0], argv[1], usage, &u, &l)) != CMD_DONE)
		return st;
	yes = strcmp(argv[4], p->yes) == 0;
	p->set(&u, yes);
	return setting_saved(c, &u, &l, _(p->said[yes]));
}

enum cmd_status cmd_set(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "set", CMDT_ACCOUNT, NULL);
	static const char *const orient[] = { "white", "black", "own", NULL };
	struct user u;
	struct lock l;
	enum cmd_status st;
	char details[512];
	int i = 0;

	if (argc == 3 && strcasecmp(argv[2], "timezone") == 0)
		/* TRANSLATORS: %.40s is the userid.
		 * Keep PASSWORD as it is: what a player types. */
		return cmd_refuse(c, usage, _("timezone takes a time zone's "
		                  "name, e.g. set %.40s PASSWORD timezone "
		                  "Europe/Berlin (UTC: the default)"), argv[0]);
	if (argc >= 3 && strcasecmp(argv[2], "mail") == 0)
		return set_mail(c, argc, argv, usage);
	if (pair_setting_of(argc, argv))
		return set_pair(c, argc, argv, usage, pair_setting_of(argc, argv));
	if (argc != 4)
		return cmd_refuse(c, usage, "%s", _("set takes your userid, your "
		                  "password, a key and a value"));
	util_lower(argv[2]);
	/* Zone names are spelled as the tz database spells them. */
	if (strcmp(argv[2], "timezone") != 0)
		util_lower(argv[3]);
	if (strcmp(argv[2], "timezone") == 0) {
		if (strcasecmp(argv[3], "utc") && !deadline_zone_ok(argv[3]))
			return cmd_refuse(c, usage, _("'%.40s' is not a time zone: "
			                  "write a name of the tz database as it "
			                  "is spelled, e.g. Europe/Berlin, "
			                  "America/New_York, Asia/Tokyo, or UTC"),
			                  argv[3]);
	} else if (strcmp(argv[2], "html") == 0) {
		if (strcmp(argv[3], "on") && strcmp(argv[3], "off"))
			return cmd_refuse(c, usage, _("html is on or off, not "
			                  "'%s'"), argv[3]);
	} else if (strcmp(argv[2], "orientation") == 0) {
		for (i = 0; orient[i] && strcmp(argv[3], orient[i]); i++)
			;
		if (!orient[i])
			return cmd_refuse(c, usage, _("orientation is white, "
			                  "black or own, not '%s'"), argv[3]);
	} else if (strcmp(argv[2], "board") == 0) {
		if (strcmp(argv[3], "wide") && strcmp(argv[3], "compact") &&
		    strcmp(argv[3], "list"))
			return cmd_refuse(c, usage, _("board is wide, compact or "
			                  "list, not '%s'"), argv[3]);
	} else if (strcmp(argv[2], "web") == 0) {
		if (strcmp(argv[3], "on") && strcmp(argv[3], "off"))
			return cmd_refuse(c, usage, _("web is on or off, not "
			                  "'%s'"), argv[3]);
	} else if (strcmp(argv[2], "receipts") == 0) {
		if (strcmp(argv[3], "on") && strcmp(argv[3], "off"))
			return cmd_refuse(c, usage, _("receipts is on or off, not "
			                  "'%s'"), argv[3]);
	} else if (strcmp(argv[2], "language") == 0) {
		if (!i18n_known(c->s.cfg->locale_dir, argv[3])) {
			char langs[256];
			i18n_list(c->s.cfg->locale_dir, langs, sizeof langs);
			/* TRANSLATORS: %1$.40s is what the player wrote, %2$s the
			 * languages of this server ("en, de"): codes he types. */
			return cmd_refuse(c, usage, _("'%1$.40s' is not a language "
			                  "of this server: write one of %2$s"),
			                  argv[3], langs);
		}
	} else if (strcmp(argv[2], "token") == 0) {
		if (strcmp(argv[3], "new"))
			return cmd_refuse(c, usage, _("the only token value is "
			                  "new, not '%s'"), argv[3]);
	} else {
		return cmd_refuse(c, usage, _("'%s' is not a setting: html, "
		                  "orientation, board, token, mail, timezone, "
		                  "publish comments, web, receipts or language"),
		                  argv[2]);
	}
	if ((st = account_open(c, argv[0], argv[1], usage, &u, &l)) != CMD_DONE)
		return st;
	if (strcmp(argv[2], "html") == 0) {
		u.html = strcmp(argv[3], "on") == 0;
		/* Stored now; the HTML board itself is not written yet. */
		snprintf(details, sizeof details, "%s", u.html ?
		         _("Your HTML preference is saved: on.") :
		         _("Your HTML preference is saved: off (plain text "
		           "only)."));
	} else if (strcmp(argv[2], "orientation") == 0) {
		u.orientation = (enum user_orientation)i;
		snprintf(details, sizeof details, "%s",
		         i == 0 ? _("Board mails now show White's home row at "
		                    "the bottom.") :
		         i == 1 ? _("Board mails now show Black's home row at "
		                    "the bottom.") :
		         _("Board mails now show your own home row at the "
		           "bottom."));
	} else if (strcmp(argv[2], "board") == 0) {
		if (strcmp(argv[3], "list") == 0) {
			u.board = USER_BOARD_LIST;
			snprintf(details, sizeof details, "%s", _("Board mails now "
			         "show the board in words, for screen readers: each "
			         "side's pieces by square, the last move and what it "
			         "captured, the threats, and the position to copy; "
			         "no drawing.  The HTML part shows the same words "
			         "instead of the picture of the board."));
		} else if (strcmp(argv[3], "compact") == 0) {
			u.board = USER_BOARD_COMPACT;
			snprintf(details, sizeof details, "%s", _("Board mails now "
			         "show the compact text board (two characters a "
			         "square, for narrow screens)."));
		} else {
			u.board = USER_BOARD_WIDE;
			snprintf(details, sizeof details, "%s", _("Board mails now "
			         "show the wide text board (labels on all sides)."));
		}
	} else if (strcmp(argv[2], "web") == 0) {
		u.web_off = strcmp(argv[3], "off") == 0;
		snprintf(details, sizeof details, "%s", u.web_off ?
		         _("Your games and your player page stay off the web "
		           "site (from its next update on).") :
		         _("Your games and your player page may appear on the "
		           "web site."));
	} else if (strcmp(argv[2], "receipts") == 0) {
		u.receipts_off = strcmp(argv[3], "off") == 0;
		snprintf(details, sizeof details, "%s", u.receipts_off ?
		         _("Your message and chat mails no longer bring you a "
		           "receipt.") :
		         _("Each message and chat mail of yours brings you a "
		           "short receipt saying whom it reached."));
	} else if (strcmp(argv[2], "language") == 0) {
		/* The confirmation is the first mail in the new language. */
		const char *was;
		snprintf(u.language, sizeof u.language, "%s", argv[3]);
		was = i18n_use(u.language);
		/* TRANSLATORS: %s is the language's name ("German"), in
		 * this language. */
		snprintf(details, sizeof details, _("Your mails are now written "
		         "in %s."), lang_name(u.language));
		st = setting_saved(c, &u, &l, details);
		i18n_use(was);
		return st;
	} else if (strcmp(argv[2], "timezone") == 0) {
		char now[48];
		snprintf(u.timezone, sizeof u.timezone, "%s",
		         strcasecmp(argv[3], "utc") ? argv[3] : "");
		deadline_words(&u, c->s.now, now, sizeof now);
		/* TRANSLATORS: %1$s is the time zone ("Europe/Berlin" or
		   "UTC"), %2$s the time there now. */
		snprintf(details, sizeof details, _("Dates and times in your "
		         "mails (deadlines) are now in %1$s: it is %2$s now."),
		         u.timezone[0] ? u.timezone : "UTC", now);
	} else {
		u.token_epoch++;
		snprintf(details, sizeof details, "%s", _("Every reply and "
		         "account token sent to you so far is void.  This mail "
		         "carries your new account token, and each board's next "
		         "mail a new reply token."));
	}
	return setting_saved(c, &u, &l, details);
}
