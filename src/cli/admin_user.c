/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * admin_user.c - the account and bounce commands of "epamserv admin":
 *
 *   admin user add USERID ADDRESS --reason TEXT
 *                                   the password asked for (password.c)
 *   admin user del USERID --reason TEXT
 *                                   close the account as signoff does
 *                                   and settle its games (below)
 *   admin user passwd USERID --reason TEXT
 *                                   (the old forms with PASSWORD before
 *                                   ADDRESS, or last, warned of)
 *   admin user show USERID
 *   admin user language USERID LANGUAGE --reason TEXT
 *                                   the language of the player's mails
 *                                   (issue 32; as set ... language)
 *   admin user list                 every account: userid, address,
 *                                   state, bounces of its address
 *   admin user address USERID NEW-ADDRESS --reason TEXT
 *                                   replace the account's addresses by
 *                                   NEW-ADDRESS (confirmed: the admin
 *                                   vouches for it, as for user add)
 *   admin bounces                   the bounce records (bounce.h)
 *   admin bounces clear ADDRESS [--reason TEXT]
 *                                   forget the bounces of ADDRESS
 */
#include "cli/admin.h"
#include "cli/cli.h"
#include "cli/password.h"
#include "commands/cmd.h"
#include "services/lang.h"
#include "game/game.h"
#include "mail/mail.h"
#include "spool/addrindex.h"
#include "spool/bounce.h"
#include "spool/lock.h"
#include "spool/outbox.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/util.h"
#include "util/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The record of addr among v (n of them), or NULL. */
static const struct bounce *find_bounce(const struct bounce *v, size_t n,
                                        const char *addr)
{
	size_t i;

	for (i = 0; addr && i < n; i++)
		if (strcasecmp(v[i].address, addr) == 0)
			return &v[i];
	return NULL;
}

/* One line of "admin user list" for userid. */
static void list_one(const struct config *cfg, const char *userid,
                     const struct bounce *v, size_t nb)
{
	struct user u;
	char *err = NULL, addr[300];
	const struct bounce *b;
	const char *state;

	if (user_load(cfg->spool, userid, &u, &err) != 0) {
		printf("%s - damaged (%s)\n", userid, err ? err : "unreadable");
		free(err);
		return;
	}
	snprintf(addr, sizeof addr, "%s", user_address(&u) ? user_address(&u)
	         : u.nreq ? u.req[0].addr : "-");
	util_clean_line(addr);
	state = u.left ? "left" : !user_confirmed(&u) ? "unconfirmed"
	        : user_on_vacation(&u, util_now()) ? "vacation" : "active";
	b = find_bounce(v, nb, user_address(&u));
	printf("%s %s %s", u.userid, addr, state);
	if (b)
		printf(" bounces=%ld%s", b->count,
		       bounce_keeps_bouncing(b) ? " (keeps bouncing)" : "");
	printf("\n");
	user_free(&u);
}

static int user_list_all(const struct config *cfg)
{
	struct bounce *v = NULL;
	char **ids, *err = NULL;
	size_t n, nb = 0, i;

	if (user_list(cfg->spool, &ids, &n, &err) < 0) {
		fprintf(stderr, "epamserv: %s\n", err ? err : strerror(errno));
		free(err);
		return 1;
	}
	if (bounce_list(cfg->spool, &v, &nb) < 0)
		v = NULL, nb = 0;
	for (i = 0; i < n; i++)
		list_one(cfg, ids[i], v, nb);
	if (!n)
		fputs(_("no accounts\n"), stdout);
	user_list_free(ids, n);
	free(v);
	return 0;
}

/* Under the users lock: load userid, set addr as its only address (a
 * stop of all mail to it lifted), commit.  0, or 1 with a message on
 * stderr. */
static int set_address(const struct config *cfg, const char *userid,
                       const char *addr, char *old, size_t oldlen)
{
	struct lock l = LOCK_INIT;
	struct user u, was;
	struct txn *t;
	char *err = NULL;
	int rc = 1, have;

	if (lock_acquire(cfg->spool, "users", cfg->lock_timeout * 1000, &l) < 0) {
		fputs(_("epamserv: the user file is busy; try again\n"), stderr);
		return 1;
	}
	txn_recover(cfg->spool, "users");
	have = user_load(cfg->spool, userid, &u, &err);
	if (have != 0 || user_load(cfg->spool, userid, &was, &err) != 0) {
		if (have == 1)
			fputs(_("epamserv: there is no such user\n"), stderr);
		else if (err)
			fprintf(stderr, "epamserv: %s\n", err);
		else
			fputs(_("epamserv: the user file cannot be read\n"), stderr);
		if (have == 0)
			user_free(&u);
		goto out;
	}
	snprintf(old, oldlen, "%s", user_address(&u) ? user_address(&u) : "-");
	user_clear_addresses(&u);
	user_drop_change_requests(&u);
	if (user_add_address(&u, addr, 0) < 0) {
		fputs(_("epamserv: cannot set the address\n"), stderr);
	} else {
		t = txn_begin(cfg->spool, "users", "admin");
		addr_user_put(t, cfg->spool, &u, &was);
		/* The operator sets the address: mail goes there again, even
		 * when its owner stopped it (stopmail) and cannot prove
		 * himself (a forgotten password). */
		addr_stop_put(t, cfg->spool, addr, 0);
		if (txn_commit(t, &err) < 0)
			fprintf(stderr, "epamserv: %s\n", err);
		else
			rc = 0;
	}
	user_free(&u);
	user_free(&was);
out:
	free(err);
	lock_release(&l);
	return rc;
}

static int user_address_cmd(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	char old[300];

	if (argc != 4) {
		/* TRANSLATORS: keep the command line and USERID as they
		 * are: what an operator types. */
		fputs(_("usage: epamserv admin user address USERID "
		        "NEW-ADDRESS --reason TEXT\n"), stderr);
		return EXIT_USAGE;
	}
	util_lower(argv[2]);
	if (!util_userid_ok(argv[2])) {
		fprintf(stderr, _("epamserv: '%s' is not a valid userid\n"), argv[2]);
		return EXIT_USAGE;
	}
	if (!mail_addr_ok(argv[3])) {
		fprintf(stderr, _("epamserv: '%s' is not a mail address\n"), argv[3]);
		return EXIT_USAGE;
	}
	if (admin_need_reason(reason, "user address") < 0)
		return EXIT_USAGE;
	if (set_address(cfg, argv[2], argv[3], old, sizeof old) != 0)
		return 1;
	util_clean_line(old);
	admin_log(cfg, reason, "address of %s set to %s (was %s)", argv[2],
	          argv[3], old);
	return 0;
}

static int admin_user_more(const struct config *cfg, int argc, char **argv)
{
	if (strcmp(argv[1], "list") == 0 && argc == 2)
		return user_list_all(cfg);
	if (strcmp(argv[1], "address") == 0)
		return user_address_cmd(cfg, argc, argv);
	/* TRANSLATORS: keep the command line and USERID as they are: what
	 * an operator types. */
	fputs(_("usage: epamserv admin user list\n"
	        "       epamserv admin user address USERID NEW-ADDRESS "
	        "--reason TEXT\n"), stderr);
	return EXIT_USAGE;
}

/* ---- users ---- */

/* Commit u's file (admin user add, passwd) under the users lock. */
static int save_user(const struct config *cfg, const struct user *u)
{
	struct lock l = LOCK_INIT;
	struct txn *t;
	char rel[128], *err = NULL;

	user_path(u->userid, rel, sizeof rel);
	if (lock_acquire(cfg->spool, "users", cfg->lock_timeout * 1000, &l) < 0)
		return -1;
	txn_recover(cfg->spool, "users");
	t = txn_begin(cfg->spool, "users", "admin");
	{
		/* The file as it was, for the address records. */
		struct user old;
		int rc = user_load(cfg->spool, u->userid, &old, &err);
		free(err);
		err = NULL;
		addr_user_put(t, cfg->spool, u, rc == 0 ? &old : NULL);
		if (rc == 0)
			user_free(&old);
	}
	if (txn_commit(t, &err) < 0) {
		fprintf(stderr, "epamserv: %s\n", err);
		free(err);
		lock_release(&l);
		return -1;
	}
	lock_release(&l);
	return 0;
}

/* ---- closing an account (admin user del) ----
 *
 * The account is closed the way signoff closes it (users.h): the file
 * stays, marked "left", with the hash "!", so the userid is never given
 * out again.  Then every board of the player is settled, each in its own
 * transaction with its board mail: a game in progress is forfeited (the
 * opponent wins, GAME_END_FORFEIT), an open challenge cancelled (declined
 * when the player is Black, withdrawn when White).  The board mails go to
 * the opponent and the observers in the usual way (a closed account gets
 * none); the closed account's address then gets one notice naming the
 * games settled.  A run stopped half way (a busy board: exit 75) is
 * finished by running the command again.
 */

struct settle {
	const char *userid, *reason;
	struct buf done;     /* "epaminondas 101 (...)" lines for the notice */
	int settled, busy, failed;
};

/* End board b for the closed account s->userid; CMD_DONE when saved. */
static enum cmd_status settle_one(struct svc *sv, struct board_ctx *b,
                                  struct settle *s)
{
	const char *opp = game_opponent(&b->g, s->userid);
	int active = b->g.state == GAME_ACTIVE;
	enum game_end kind = active ? GAME_END_FORFEIT :
	                     game_side_of(&b->g, s->userid) == EP_BLACK ?
	                     GAME_END_DECLINE : GAME_END_WITHDRAW;
	char why[256], res[EP_ERR_MAX + 96];
	struct headline h = { 0 };
	enum cmd_status st;

	if (game_end_ok(&b->g, kind, s->userid, why, sizeof why) < 0) {
		fprintf(stderr, _("epamserv: %s board %ld: %s\n"), b->g.game,
		        b->g.board, why);
		return CMD_REFUSED;
	}
	if (active)
		/* TRANSLATORS: the headline of the players' mail: the
		 * closed account's userid (twice), the board's number and
		 * the opponent's userid. */
		headline_say(&h, N_("%1$s's account was closed by the "
		             "administrator: %1$s forfeits board %2$ld, and %3$s "
		             "wins."), s->userid, b->g.board, opp);
	else
		headline_say(&h, N_("%s's account was closed by the "
		             "administrator: the challenge on board %ld is "
		             "cancelled."), s->userid, b->g.board);
	snprintf(b->userid, sizeof b->userid, "%s", s->userid);
	game_end(&b->g, kind, s->userid, sv->now);
	st = board_save_said(sv, b, &h);
	headline_free(&h);
	if (st != CMD_DONE)
		return st;
	game_result_text(&b->g, res, sizeof res);
	/* TRANSLATORS: a line of the closed account's mail: the game, the
	 * board's number and the opponent's userid. */
	if (active)
		buf_printf(&s->done, _("  %s board %ld against %s: forfeited\n"),
		           b->g.game, b->g.board, opp);
	else
		buf_printf(&s->done, _("  %s board %ld against %s: challenge "
		                       "cancelled\n"), b->g.game, b->g.board, opp);
	admin_log(sv->cfg, s->reason, "%s board %ld: %s (account of %s closed)",
	          b->g.game, b->g.board, res, s->userid);
	return CMD_DONE;
}

/* each_board callback: settle the board when s->userid plays on it and
 * it is waiting or in progress; 1 when that failed. */
static int settle_board(const struct config *cfg, const char *game,
                        long board, void *arg)
{
	struct settle *s = arg;
	struct svc sv;
	struct board_ctx b;
	struct game g;
	char key[200], *err = NULL;
	enum cmd_status st;
	int open;

	/* A look without the lock first: most boards are not the player's. */
	if (game_load(&g, cfg->spool, game, board, &err) != 0) {
		free(err);
		return 0;   /* admin check reports unreadable boards */
	}
	open = game_side_of(&g, s->userid) >= 0 &&
	       (g.state == GAME_ACTIVE || g.state == GAME_CHALLENGED);
	game_free(&g);
	if (!open)
		return 0;
	svc_init(&sv, cfg, util_now());
	sv.comment = "";
	snprintf(key, sizeof key, "admin del %s %s %ld %lld", s->userid, game,
	         board, (long long)sv.now);
	util_digest_hex(key, strlen(key), sv.digest);
	st = board_lock(&sv, game, board, &b);
	if (st == CMD_REFUSED)
		return 0;   /* gone meanwhile (archived): nothing to do */
	if (st == CMD_DONE) {
		/* Looked at again under the lock: it may have changed. */
		open = game_side_of(&b.g, s->userid) >= 0 &&
		       (b.g.state == GAME_ACTIVE || b.g.state == GAME_CHALLENGED);
		if (open)
			st = settle_one(&sv, &b, s);
		board_close(&b);
	}
	svc_free(&sv);
	if (st == CMD_DONE && open)
		s->settled++;
	else if (st == CMD_TEMPFAIL)
		s->busy++;
	else if (st != CMD_DONE)
		s->failed++;
	return st == CMD_DONE ? 0 : 1;
}

/* Under the users lock: mark userid's account left with the hash "!"
 * (nothing when it is closed already).  Returns 1 when closed now, 0
 * when it was closed before, -1 on failure (said on stderr); *address
 * gets the account's address (malloc'ed). */
static int close_account(const struct config *cfg, const char *userid,
                         char **address)
{
	struct lock l = LOCK_INIT;
	struct user u;
	struct txn *t;
	char *err = NULL;
	int rc = -1;

	*address = NULL;
	if (lock_acquire(cfg->spool, "users", cfg->lock_timeout * 1000, &l) < 0) {
		fputs(_("epamserv: the user file is busy; try again\n"), stderr);
		return -1;
	}
	txn_recover(cfg->spool, "users");
	if (user_load(cfg->spool, userid, &u, &err) != 0) {
		if (err)
			fprintf(stderr, "epamserv: %s\n", err);
		else
			fputs(_("epamserv: the user vanished\n"), stderr);
		free(err);
		goto out;
	}
	*address = user_address(&u) ? xstrdup(user_address(&u)) : NULL;
	rc = 0;
	if (!u.left) {
		struct user old;
		int have = user_load(cfg->spool, userid, &old, &err) == 0;
		free(err);
		err = NULL;
		free(u.hash);
		u.hash = xstrdup("!");
		u.left = util_now();
		t = txn_begin(cfg->spool, "users", "admin");
		/* The user file, and its addresses no longer a player's. */
		addr_user_put(t, cfg->spool, &u, have ? &old : NULL);
		if (have)
			user_free(&old);
		rc = txn_commit(t, &err) < 0 ? -1 : 1;
		if (rc < 0) {
			fprintf(stderr, "epamserv: %s\n", err);
			free(err);
		}
	}
	user_free(&u);
out:
	lock_release(&l);
	return rc;
}

/* The one notice to the closed account's address: the games settled. */
static int notify_closed(const struct config *cfg, const char *userid,
                         const char *address, struct settle *s)
{
	struct svc sv;
	struct tvars v = { 0 };
	struct lock l = LOCK_INIT;
	struct buf details = BUF_INIT;
	struct txn *t;
	char key[200], why[256], *text;
	enum cmd_status st = CMD_TEMPFAIL;
	/* Issue 32: in the closed account's language. */
	const char *was = lang_use_user(cfg, userid);

	svc_init(&sv, cfg, util_now());
	snprintf(key, sizeof key, "admin del %s notice %lld", userid,
	         (long long)sv.now);
	svc_event(&sv, "%s", key);
	snprintf(why, sizeof why, "%s", s->reason);
	/* TRANSLATORS: the closed account's userid (twice) and the
	 * administrator's reason. */
	buf_printf(&details, _("The administrator has closed your account "
	                       "%1$s.\nReason: %2$s\n\nYou will get no more mail "
	                       "from epamserv.  Your finished games stay in\nthe "
	                       "history and the standings, and the userid %1$s "
	                       "will not be given\nto anyone else.\n\n"),
	           userid, util_clean_line(why));
	if (s->done.len)
		/* TRANSLATORS: %s is the list of the games, one a line. */
		buf_printf(&details, _("Your open games were settled:\n%s"),
		           buf_str(&s->done));
	else
		buf_puts(&details, _("You had no game waiting or in progress.\n"));
	tvars_set(&v, "headline", _("account closed"));
	tvars_set(&v, "details", buf_str(&details));
	tvars_set(&v, "userid", userid);
	text = reply_template(&sv, "account.txt", &v);
	if (text && svc_lock(&sv, "users", &l) == CMD_DONE) {
		t = svc_txn(&sv, "users");
		reply_queue(&sv, t, address, _("epamserv: account closed"), text,
		            NULL,
		            0, NULL);
		st = svc_commit(&sv, t);
		lock_release(&l);
	}
	free(text);
	tvars_free(&v);
	buf_free(&details);
	svc_free(&sv);
	i18n_use(was);
	return st == CMD_DONE ? 0 : -1;
}

static int admin_user_del(const struct config *cfg, const char *userid,
                          const char *reason)
{
	struct settle s = { userid, reason, BUF_INIT, 0, 0, 0 };
	char *address = NULL;
	int closed, rc = 1;

	closed = close_account(cfg, userid, &address);
	if (closed < 0)
		goto out;
	if (closed)
		admin_log(cfg, reason, "user %s closed (file kept, marked left; the "
		          "userid is never given out again)", userid);
	admin_each_board(cfg, settle_board, &s);
	if (s.busy || s.failed) {
		int n = s.busy + s.failed;
		/* TRANSLATORS: how many boards, the userid. */
		if (s.busy)
			fprintf(stderr, ngettext("epamserv: %d board of %s could not "
			                         "be settled (busy); run the command "
			                         "again\n",
			                         "epamserv: %d boards of %s could not "
			                         "be settled (busy); run the command "
			                         "again\n", n), n, userid);
		else
			fprintf(stderr, ngettext("epamserv: %d board of %s could not "
			                         "be settled (see above); run the "
			                         "command again\n",
			                         "epamserv: %d boards of %s could not "
			                         "be settled (see above); run the "
			                         "command again\n", n), n, userid);
		rc = s.busy && !s.failed ? EXIT_TEMPFAIL : 1;
	} else {
		rc = 0;
	}
	if (!closed && !s.settled && !s.busy && !s.failed) {
		printf(_("the account of %s was closed already; no game was open\n"),
		       userid);
		goto out;
	}
	if (address && (closed || s.done.len) &&
	    notify_closed(cfg, userid, address, &s) < 0) {
		fprintf(stderr, _("epamserv: the notice to %s could not be queued\n"),
		        address);
		rc = EXIT_TEMPFAIL;
	}
	printf(ngettext("%s: account closed, %d game settled\n",
	                "%s: account closed, %d games settled\n", s.settled),
	       userid, s.settled);
	cli_deliver_quietly(cfg);
out:
	buf_free(&s.done);
	free(address);
	return rc;
}

/* The password for admin user add or passwd: argv_pw (the old form,
 * warned of) copied, else read by cli_read_password; NULL after a
 * message on stderr.  Free it with admin_password_free. */
static char *admin_password(const char *argv_pw, const char *userid)
{
	char *err = NULL, *pw;

	if (argv_pw) {
		cli_warn_argv_password();
		if (strlen(argv_pw) > CLI_PASSWORD_MAX) {
			fprintf(stderr, _("epamserv: the password is too long (%d "
			          "characters at most)\n"), CLI_PASSWORD_MAX);
			return NULL;
		}
		return xstrdup(argv_pw);
	}
	pw = cli_read_password(userid, &err);
	if (!pw) {
		fprintf(stderr, _("epamserv: %s: %s\n"), userid, err);
		free(err);
	}
	return pw;
}

/* Clear and free a password from admin_password. */
static void admin_password_free(char *pw)
{
	memset(pw, 0, strlen(pw));
	free(pw);
}

int admin_user(const struct config *cfg, int argc, char **argv)
{
	const char *reason;

	if (argc > 1 && strcmp(argv[1], "repair") == 0)
		return admin_user_repair(cfg, argc, argv);
	if (argc > 1 && (strcmp(argv[1], "list") == 0 ||
	                 strcmp(argv[1], "address") == 0))
		return admin_user_more(cfg, argc, argv);
	reason = admin_take_reason(&argc, argv);
	struct user u;
	char *err = NULL;
	int rc;

	if (argc < 3) {
		/* TRANSLATORS: keep the command line and USERID as they
		 * are: what an operator types. */
		fputs(_("usage: epamserv admin user add|del|passwd|show|repair USERID ...\n"), stderr);
		return EXIT_USAGE;
	}
	util_lower(argv[2]);
	if (!util_userid_ok(argv[2])) {
		fprintf(stderr, _("epamserv: '%s' is not a valid userid\n"), argv[2]);
		return EXIT_USAGE;
	}
	rc = user_load(cfg->spool, argv[2], &u, &err);
	if (rc < 0) {
		fprintf(stderr, "epamserv: %s\n", err);
		free(err);
		return 1;
	}
	if (strcmp(argv[1], "add") == 0) {
		const char *addr = argv[argc - 1];
		char *pw;
		if ((argc != 4 && argc != 5) ||
		    admin_need_reason(reason, "user add") < 0)
			goto usage;
		if (rc == 0) {
			fprintf(stderr, _("epamserv: user %s exists\n"), argv[2]);
			user_free(&u);
			return 1;
		}
		if (!mail_addr_ok(addr)) {
			fprintf(stderr, _("epamserv: '%s' is not a mail address\n"), addr);
			return EXIT_USAGE;
		}
		if ((pw = admin_password(argc == 5 ? argv[3] : NULL, argv[2])) == NULL)
			return EXIT_USAGE;
		memset(&u, 0, sizeof u);
		snprintf(u.userid, sizeof u.userid, "%s", argv[2]);
		u.hash = user_hash_password(pw);
		admin_password_free(pw);
		/* An address the admin sets counts as confirmed. */
		user_defaults(&u);
		user_add_address(&u, addr, 0);
		u.created = util_now();
		rc = u.hash ? save_user(cfg, &u) : -1;
		if (rc == 0)
			admin_log(cfg, reason, "user %s added (%s)", u.userid, addr);
		user_free(&u);
		return rc == 0 ? 0 : 1;
	}
	if (rc == 1) {
		fprintf(stderr, _("epamserv: there is no user %s\n"), argv[2]);
		return 1;
	}
	if (strcmp(argv[1], "show") == 0 && argc == 3) {
		char when[32], addr[300];
		util_iso_time(u.created, when, sizeof when);
		size_t k;
		/* A file edited by hand may hold anything: shown as one line
		 * each (addresses are checked on load, but still). */
		printf(_("userid: %s\n"), u.userid);
		for (k = 0; k < u.naddr; k++) {
			snprintf(addr, sizeof addr, "%s", u.addr[k].addr);
			printf(_("address: %s (confirmed)\n"), util_clean_line(addr));
		}
		for (k = 0; k < u.nreq; k++) {
			snprintf(addr, sizeof addr, "%s", u.req[k].addr);
			printf(_("address: %s (waiting for its confirmation)\n"),
			       util_clean_line(addr));
		}
		printf(_("created: %s\npassword: (hashed, %.3s...)\n"), when, u.hash);
		printf(_("language: %s\n"), u.language);
		/* TRANSLATORS: ws or wb, as the player sets them (set ...
		 * board letters): keep "board letters" in English or add
		 * it in parentheses. */
		printf(_("board letters: %s\n"),
		       u.letters == USER_LETTERS_WS ? "ws" : "wb");
		rc = 0;
	} else if (strcmp(argv[1], "language") == 0 && argc == 4) {
		char was[sizeof u.language];
		util_lower(argv[3]);
		if (admin_need_reason(reason, "user language") < 0) {
			user_free(&u);
			return EXIT_USAGE;
		}
		if (!i18n_known(cfg->locale_dir, argv[3])) {
			char langs[256];
			i18n_list(cfg->locale_dir, langs, sizeof langs);
			/* TRANSLATORS: what was given, then the languages ("en,
			 * de"). */
			fprintf(stderr, _("epamserv: '%1$s' is not a language of "
			                  "this server: give one of %2$s\n"),
			        util_clean_line(argv[3]), langs);
			user_free(&u);
			return EXIT_USAGE;
		}
		snprintf(was, sizeof was, "%s", u.language);
		snprintf(u.language, sizeof u.language, "%s", argv[3]);
		rc = save_user(cfg, &u);
		if (rc == 0)
			admin_log(cfg, reason, "language of %s set to %s (was %s)",
			          u.userid, u.language, was);
	} else if (strcmp(argv[1], "del") == 0 && argc == 3) {
		user_free(&u);
		if (admin_need_reason(reason, "user del") < 0)
			return EXIT_USAGE;
		return admin_user_del(cfg, argv[2], reason);
	} else if (strcmp(argv[1], "passwd") == 0 && (argc == 3 || argc == 4)) {
		char *pw;
		if (admin_need_reason(reason, "user passwd") < 0 ||
		    (pw = admin_password(argc == 4 ? argv[3] : NULL, argv[2])) == NULL) {
			user_free(&u);
			return EXIT_USAGE;
		}
		free(u.hash);
		u.hash = user_hash_password(pw);
		admin_password_free(pw);
		user_drop_change_requests(&u);  /* asked with the old password? */
		rc = u.hash ? save_user(cfg, &u) : -1;
		if (rc == 0)
			admin_log(cfg, reason, "password of %s reset", u.userid);
	} else {
		user_free(&u);
		goto usage;
	}
	user_free(&u);
	return rc == 0 ? 0 : 1;
usage:
	/* TRANSLATORS: keep the command line and USERID as they are: what
	 * an operator types. */
	fputs(_("usage: epamserv admin user add USERID ADDRESS "
	          "--reason TEXT\n       epamserv admin user del USERID --reason TEXT\n"
	          "       epamserv admin user passwd USERID --reason TEXT\n"
	          "       (the password is asked for, or read from standard input)\n"
	          "       epamserv admin user show USERID\n"
	          "       epamserv admin user language USERID LANGUAGE --reason TEXT\n"
	          "       epamserv admin user repair USERID --reason TEXT\n"), stderr);
	return EXIT_USAGE;
}

int admin_bounces(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	int rc;

	if (argc == 1) {
		if (outbox_print_bounces(cfg->spool, stdout) == 0)
			fputs(_("no address has bounced\n"), stdout);
		return 0;
	}
	if (argc != 3 || strcmp(argv[1], "clear") != 0) {
		fputs(_("usage: epamserv admin bounces [clear ADDRESS "
		        "[--reason TEXT]]\n"), stderr);
		return EXIT_USAGE;
	}
	rc = bounce_clear(cfg->spool, argv[2], cfg->lock_timeout * 1000);
	if (rc < 0) {
		fprintf(stderr, _("epamserv: cannot clear the bounces of %s: %s\n"),
		        argv[2], strerror(errno));
		return EXIT_TEMPFAIL;
	}
	if (rc == 0) {
		fprintf(stderr, _("epamserv: %s has no bounce record (see epamserv "
		                  "admin bounces)\n"), argv[2]);
		return 1;
	}
	admin_log(cfg, reason ? reason : "(none given)",
	          "bounces of %s cleared", argv[2]);
	return 0;
}
