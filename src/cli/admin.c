/*
 * admin.c - "epamserv admin ...": what an administrator would otherwise be
 * tempted to do with a text editor in the spool.
 *
 *   admin list                      boards by state, the stalest first
 *   admin show [GAME] BOARD         the board drawn, then its file
 *   admin check [--fix]             the whole spool (admin_check.c)
 *   admin user add USERID ADDRESS --reason TEXT
 *                                   the password asked for (password.c)
 *   admin user del USERID --reason TEXT
 *                                   close the account as signoff does
 *                                   and settle its games (below)
 *   admin user passwd USERID --reason TEXT
 *                                   (the old forms with PASSWORD before
 *                                   ADDRESS, or last, warned of)
 *   admin user show USERID
 *   admin result [GAME] BOARD white|black|draw --reason TEXT
 *   admin outbox list|show|hold|release|requeue|delete ...
 *                                   (admin_outbox.c)
 *   admin bounces [clear ADDRESS]    (admin_user.c)
 *   admin user list | user address USERID NEW-ADDRESS   (admin_user.c)
 *   admin quarantine [--release] [GAME] BOARD|USERID --reason TEXT
 *   admin repair [GAME] BOARD --reason TEXT
 *   admin user repair USERID --reason TEXT
 *   admin journal list|apply|discard ...
 *                                   (admin_repair.c)
 *   admin backup DEST | restore [--force] SRC | upgrade   (admin_backup.c)
 *
 * Every change goes through the same locks and transactions as mail
 * commands, and is logged (syslog and SPOOL/admin.log) with who made it
 * (SUDO_USER, else USER, else the uid) and the reason given.
 */
#include "cli/admin.h"
#include "cli/cli.h"
#include "cli/password.h"
#include "cmd/cmd.h"
#include "game/game.h"
#include "game/render.h"
#include "mail/mail.h"
#include "spool/lock.h"
#include "spool/outbox.h"
#include "spool/addrindex.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the change log ---- */

const char *admin_who(void)
{
	static char uid[32];
	const char *who = getenv("SUDO_USER");

	if (!who || !*who)
		who = getenv("USER");
	if (!who || !*who) {
		snprintf(uid, sizeof uid, "uid %ld", (long)getuid());
		who = uid;
	}
	return who;
}

void admin_log(const struct config *cfg, const char *reason,
               const char *fmt, ...)
{
	char what[512], why[512], when[32], path[4200];
	va_list ap;
	FILE *f;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	/* One line per change in admin.log, whatever the texts hold. */
	snprintf(why, sizeof why, "%s", reason);
	util_clean_line(what);
	util_clean_line(why);
	reason = why;
	util_iso_time(util_now(), when, sizeof when);
	log_msg(LOG_NOTICE, "admin: %s (by %s: %s)", what, admin_who(), reason);
	snprintf(path, sizeof path, "%s/admin.log", cfg->spool);
	f = util_fopen_spool(path, 1);
	if (f) {
		fprintf(f, "%s %s: %s (reason: %s)\n", when, admin_who(), what, reason);
		fclose(f);
	} else {
		log_msg(LOG_WARNING, "cannot append to %s: %s\n", path,
		        strerror(errno));
	}
}

const char *admin_take_reason(int *argc, char **argv)
{
	int i;

	for (i = 1; i + 1 < *argc; i++)
		if (strcmp(argv[i], "--reason") == 0) {
			const char *r = argv[i + 1];
			memmove(argv + i, argv + i + 2,
			        (size_t)(*argc - i - 2) * sizeof *argv);
			*argc -= 2;
			return *r ? r : NULL;
		}
	return NULL;
}

int admin_need_reason(const char *reason, const char *what)
{
	if (reason)
		return 0;
	fprintf(stderr, "epamserv admin %s: say why with --reason TEXT (it goes "
	        "to the admin log)\n", what);
	return -1;
}

/* ---- boards ---- */

struct board_row {
	char game[16];
	long board;
	enum game_state state;
	char white[32], black[32], to_move[32];
	size_t moves;
	long idle;       /* days since the last change */
};

static int row_cmp(const void *a, const void *b)
{
	const struct board_row *x = a, *y = b;
	static const int order[] = { 0, 2, 1, 3 };  /* active, challenged, finished, cancelled */

	if (order[x->state] != order[y->state])
		return order[x->state] - order[y->state];
	if (x->idle != y->idle)
		return x->idle > y->idle ? -1 : 1;
	return x->board < y->board ? -1 : x->board > y->board;
}

/* Call fn(cfg, game, board, arg) for every board file; returns the
 * number of problems fn reported. */
struct board_visit {
	const struct config *cfg;
	int (*fn)(const struct config *, const char *game, long board, void *arg);
	void *arg;
};

static int visit(const char *game, long board, void *arg)
{
	struct board_visit *v = arg;

	return v->fn(v->cfg, game, board, v->arg);
}

static int each_board(const struct config *cfg,
                      int (*fn)(const struct config *, const char *game,
                                long board, void *arg), void *arg)
{
	struct board_visit v = { cfg, fn, arg };

	return spool_each_board(cfg->spool, visit, &v);
}

struct rows {
	struct board_row *v;
	size_t n, cap;
};

static int collect_row(const struct config *cfg, const char *game, long board,
                       void *arg)
{
	struct rows *r = arg;
	struct game g;
	char *err = NULL;
	struct board_row *row;

	if (game_load(&g, cfg->spool, game, board, &err) != 0) {
		fprintf(stderr, "epamserv: %s\n", err ? err : "cannot read a board");
		free(err);
		return 1;
	}
	if (r->n == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 32;
		r->v = xrealloc(r->v, r->cap * sizeof *r->v);
	}
	row = &r->v[r->n++];
	memset(row, 0, sizeof *row);
	snprintf(row->game, sizeof row->game, "%s", game);
	row->board = board;
	row->state = g.state;
	snprintf(row->white, sizeof row->white, "%s", g.white);
	snprintf(row->black, sizeof row->black, "%s", g.black);
	snprintf(row->to_move, sizeof row->to_move, "%s",
	         g.state == GAME_ACTIVE ? game_to_move(&g) : "-");
	row->moves = g.nmoves;
	row->idle = (long)((util_now() - g.updated) / 86400);
	game_free(&g);
	return 0;
}

static int admin_list(const struct config *cfg)
{
	static const char *const states[] = {
		"active", "finished", "challenged", "cancelled"
	};
	struct rows r = { NULL, 0, 0 };
	size_t i;
	int bad = each_board(cfg, collect_row, &r);

	if (r.n)
		qsort(r.v, r.n, sizeof *r.v, row_cmp);
	printf("%-12s %6s  %-10s  %-12s %-12s %5s %5s  %s\n", "GAME", "BOARD",
	       "STATE", "WHITE", "BLACK", "MOVES", "IDLE", "TO MOVE");
	for (i = 0; i < r.n; i++)
		printf("%-12s %6ld  %-10s  %-12s %-12s %5zu %4ldd  %s\n", r.v[i].game,
		       r.v[i].board, states[r.v[i].state], r.v[i].white,
		       r.v[i].black, r.v[i].moves, r.v[i].idle, r.v[i].to_move);
	free(r.v);
	return bad ? 1 : 0;
}

static int admin_show(const struct config *cfg, int argc, char **argv)
{
	const char *game = argc == 3 ? argv[1] : "epaminondas";
	long board = util_board_number(argv[argc - 1]);
	char path[4200], *text, *err = NULL, *diagram;
	struct game g;
	int rc;

	if (argc < 2 || argc > 3 || board < 0) {
		fprintf(stderr, "usage: epamserv admin show [GAME] BOARD\n");
		return EXIT_USAGE;
	}
	snprintf(path, sizeof path, "%s/games/%s/%ld.game", cfg->spool, game, board);
	text = util_read_file(path, 8 << 20, NULL);
	if (!text) {
		fprintf(stderr, "epamserv: cannot read %s: %s\n", path, strerror(errno));
		return 1;
	}
	rc = game_parse(&g, text, path, &err);
	if (rc == 0) {
		diagram = render_board(&g, 0);
		printf("%s\n", diagram);
		free(diagram);
		game_free(&g);
	} else {
		printf("THIS FILE DOES NOT REPLAY: %s\n\n", err);
		free(err);
	}
	printf("==> %s\n%s", path, text);
	free(text);
	return rc == 0 ? 0 : 1;
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
static enum cmd_status settle_one(struct cmdctx *c, struct board_ctx *b,
                                  struct settle *s)
{
	const char *opp = game_opponent(&b->g, s->userid);
	int active = b->g.state == GAME_ACTIVE;
	enum game_end kind = active ? GAME_END_FORFEIT :
	                     game_side_of(&b->g, s->userid) == EP_BLACK ?
	                     GAME_END_DECLINE : GAME_END_WITHDRAW;
	char headline[512], why[256], res[EP_ERR_MAX + 96];
	enum cmd_status st;

	if (game_end_ok(&b->g, kind, s->userid, why, sizeof why) < 0) {
		fprintf(stderr, "epamserv: %s board %ld: %s\n", b->g.game,
		        b->g.board, why);
		return CMD_REFUSED;
	}
	if (active)
		snprintf(headline, sizeof headline, "%s's account was closed by the "
		         "administrator: %s forfeits board %ld, and %s wins.",
		         s->userid, s->userid, b->g.board, opp);
	else
		snprintf(headline, sizeof headline, "%s's account was closed by the "
		         "administrator: the challenge on board %ld is cancelled.",
		         s->userid, b->g.board);
	snprintf(b->userid, sizeof b->userid, "%s", s->userid);
	game_end(&b->g, kind, s->userid, c->now);
	if ((st = board_save(c, b, headline)) != CMD_DONE)
		return st;
	game_result_text(&b->g, res, sizeof res);
	buf_printf(&s->done, "  %s board %ld against %s: %s\n", b->g.game,
	           b->g.board, opp, active ? "forfeited" : "challenge cancelled");
	admin_log(c->cfg, s->reason, "%s board %ld: %s (account of %s closed)",
	          b->g.game, b->g.board, res, s->userid);
	return CMD_DONE;
}

/* each_board callback: settle the board when s->userid plays on it and
 * it is waiting or in progress; 1 when that failed. */
static int settle_board(const struct config *cfg, const char *game,
                        long board, void *arg)
{
	struct settle *s = arg;
	struct cmdctx c;
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
	memset(&c, 0, sizeof c);
	c.cfg = cfg;
	c.now = util_now();
	c.comment = "";
	snprintf(key, sizeof key, "admin del %s %s %ld %lld", s->userid, game,
	         board, (long long)c.now);
	util_digest_hex(key, strlen(key), c.digest);
	st = board_lock_load(&c, game, board, "", &b);
	if (st == CMD_REFUSED) {
		buf_free(&c.error);
		return 0;   /* gone meanwhile (archived): nothing to do */
	}
	if (st == CMD_DONE) {
		/* Looked at again under the lock: it may have changed. */
		open = game_side_of(&b.g, s->userid) >= 0 &&
		       (b.g.state == GAME_ACTIVE || b.g.state == GAME_CHALLENGED);
		if (open)
			st = settle_one(&c, &b, s);
		board_close(&b);
	}
	buf_free(&c.error);
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
		fprintf(stderr, "epamserv: the user file is busy; try again\n");
		return -1;
	}
	txn_recover(cfg->spool, "users");
	if (user_load(cfg->spool, userid, &u, &err) != 0) {
		fprintf(stderr, "epamserv: %s\n", err ? err : "the user vanished");
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
	struct cmdctx c;
	struct tvars v = { 0 };
	struct lock l = LOCK_INIT;
	struct buf details = BUF_INIT;
	struct txn *t;
	char key[200], why[256], *text;
	enum cmd_status st = CMD_TEMPFAIL;

	memset(&c, 0, sizeof c);
	c.cfg = cfg;
	c.now = util_now();
	c.comment = "";
	snprintf(key, sizeof key, "admin del %s notice %lld", userid,
	         (long long)c.now);
	util_digest_hex(key, strlen(key), c.digest);
	snprintf(why, sizeof why, "%s", s->reason);
	buf_printf(&details, "The administrator has closed your account %s.\n"
	           "Reason: %s\n\nYou will get no more mail from epamserv.  Your "
	           "finished games stay in\nthe history and the standings, and "
	           "the userid %s will not be given\nto anyone else.\n\n",
	           userid, util_clean_line(why), userid);
	if (s->done.len)
		buf_printf(&details, "Your open games were settled:\n%s",
		           buf_str(&s->done));
	else
		buf_puts(&details, "You had no game waiting or in progress.\n");
	tvars_set(&v, "headline", "account closed");
	tvars_set(&v, "details", buf_str(&details));
	tvars_set(&v, "userid", userid);
	text = reply_template(&c, "account.txt", &v);
	if (text && cmd_lock(&c, "users", &l) == CMD_DONE) {
		t = cmd_txn(&c, "users");
		reply_queue(&c, t, address, "epamserv: account closed", text, NULL,
		            0, NULL);
		st = cmd_commit(&c, t);
		lock_release(&l);
	}
	free(text);
	tvars_free(&v);
	buf_free(&details);
	buf_free(&c.error);
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
	each_board(cfg, settle_board, &s);
	if (s.busy || s.failed) {
		fprintf(stderr, "epamserv: %d board%s of %s could not be settled "
		        "(%s); run the command again\n", s.busy + s.failed,
		        s.busy + s.failed == 1 ? "" : "s", userid,
		        s.busy ? "busy" : "see above");
		rc = s.busy && !s.failed ? EXIT_TEMPFAIL : 1;
	} else {
		rc = 0;
	}
	if (!closed && !s.settled && !s.busy && !s.failed) {
		printf("the account of %s was closed already; no game was open\n",
		       userid);
		goto out;
	}
	if (address && (closed || s.done.len) &&
	    notify_closed(cfg, userid, address, &s) < 0) {
		fprintf(stderr, "epamserv: the notice to %s could not be queued\n",
		        address);
		rc = EXIT_TEMPFAIL;
	}
	printf("%s: account closed, %d game%s settled\n", userid, s.settled,
	       s.settled == 1 ? "" : "s");
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
			fprintf(stderr, "epamserv: the password is too long (%d "
			        "characters at most)\n", CLI_PASSWORD_MAX);
			return NULL;
		}
		return xstrdup(argv_pw);
	}
	pw = cli_read_password(userid, &err);
	if (!pw) {
		fprintf(stderr, "epamserv: %s: %s\n", userid, err);
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

static int admin_user(const struct config *cfg, int argc, char **argv)
{
	const char *reason;

	if (argc > 1 && strcmp(argv[1], "repair") == 0)
		return admin_user_repair(cfg, argc, argv);
	if (argc > 1 && (strcmp(argv[1], "list") == 0 ||
	                 strcmp(argv[1], "address") == 0))
		return admin_user_more(cfg, argc, argv);  /* admin_user.c */
	reason = admin_take_reason(&argc, argv);
	struct user u;
	char *err = NULL;
	int rc;

	if (argc < 3) {
		fprintf(stderr, "usage: epamserv admin user add|del|passwd|show|repair USERID ...\n");
		return EXIT_USAGE;
	}
	util_lower(argv[2]);
	if (!util_userid_ok(argv[2])) {
		fprintf(stderr, "epamserv: '%s' is not a valid userid\n", argv[2]);
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
			fprintf(stderr, "epamserv: user %s exists\n", argv[2]);
			user_free(&u);
			return 1;
		}
		if (!mail_addr_ok(addr)) {
			fprintf(stderr, "epamserv: '%s' is not a mail address\n", addr);
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
		fprintf(stderr, "epamserv: there is no user %s\n", argv[2]);
		return 1;
	}
	if (strcmp(argv[1], "show") == 0 && argc == 3) {
		char when[32], addr[300];
		util_iso_time(u.created, when, sizeof when);
		size_t k;
		/* A file edited by hand may hold anything: shown as one line
		 * each (addresses are checked on load, but still). */
		printf("userid: %s\n", u.userid);
		for (k = 0; k < u.naddr; k++) {
			snprintf(addr, sizeof addr, "%s", u.addr[k].addr);
			printf("address: %s (confirmed)\n", util_clean_line(addr));
		}
		for (k = 0; k < u.nreq; k++) {
			snprintf(addr, sizeof addr, "%s", u.req[k].addr);
			printf("address: %s (waiting for its confirmation)\n",
			       util_clean_line(addr));
		}
		printf("created: %s\npassword: (hashed, %.3s...)\n", when, u.hash);
		rc = 0;
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
	fprintf(stderr, "usage: epamserv admin user add USERID ADDRESS "
	        "--reason TEXT\n       epamserv admin user del USERID --reason TEXT\n"
	        "       epamserv admin user passwd USERID --reason TEXT\n"
	        "       (the password is asked for, or read from standard input)\n"
	        "       epamserv admin user show USERID\n"
	        "       epamserv admin user repair USERID --reason TEXT\n");
	return EXIT_USAGE;
}

/* ---- forced results ---- */

static int admin_result(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	const char *game = argc == 4 ? argv[1] : "epaminondas";
	const char *verdict = argv[argc - 1];
	struct cmdctx c;
	struct board_ctx b;
	char headline[1024], res[EP_ERR_MAX + 96], key[128];
	long board;
	int rc = 1, i, known = 0;

	if (argc < 3 || argc > 4 || (board = util_board_number(argv[argc - 2])) < 0 ||
	    (strcmp(verdict, "white") != 0 && strcmp(verdict, "black") != 0 &&
	     strcmp(verdict, "draw") != 0)) {
		fprintf(stderr, "usage: epamserv admin result [GAME] BOARD "
		        "white|black|draw --reason TEXT\n");
		return EXIT_USAGE;
	}
	for (i = 0; spool_games[i]; i++)
		known |= strcmp(game, spool_games[i]) == 0;
	if (!known) {
		fprintf(stderr, "epamserv: unknown game '%s'\n", game);
		return EXIT_USAGE;
	}
	if (admin_need_reason(reason, "result") < 0)
		return EXIT_USAGE;
	memset(&c, 0, sizeof c);
	c.cfg = cfg;
	c.now = util_now();
	c.comment = "";
	snprintf(key, sizeof key, "admin result %s %ld %lld", game, board,
	         (long long)c.now);
	util_digest_hex(key, strlen(key), c.digest);
	switch (board_lock_load(&c, game, board, "", &b)) {
	case CMD_DONE:
		break;
	case CMD_REFUSED:
		fprintf(stderr, "epamserv: %s\n", buf_str(&c.error));
		buf_free(&c.error);
		return 1;
	default:
		buf_free(&c.error);
		return EXIT_TEMPFAIL;
	}
	if (b.g.state != GAME_ACTIVE) {
		fprintf(stderr, "epamserv: board %ld is not being played; only a game "
		        "in progress can be given a result\n", board);
		goto done;
	}
	snprintf(b.userid, sizeof b.userid, "%s",
	         strcmp(verdict, "black") == 0 ? b.g.black : b.g.white);
	game_end(&b.g, strcmp(verdict, "draw") == 0 ? GAME_END_ADJ_DRAW
	                                            : GAME_END_AWARD,
	         b.userid, c.now);
	game_result_text(&b.g, res, sizeof res);
	snprintf(headline, sizeof headline, "The administrator ended board %ld: "
	         "%s.  Reason: %.200s", board, res, reason);
	if (board_save(&c, &b, headline) == CMD_DONE) {
		admin_log(cfg, reason, "%s board %ld: result forced, %s", game, board,
		          res);
		rc = 0;
	}
done:
	buf_free(&c.error);
	board_close(&b);
	if (rc == 0)
		cli_deliver_quietly(cfg);
	return rc;
}

static void admin_usage(FILE *out)
{
	fprintf(out, "usage: epamserv admin list | show [GAME] BOARD | check [--fix] |\n"
	        "       user add|del|passwd|show|repair|list|address ... |\n"
	        "       result [GAME] BOARD white|black|draw |\n"
	        "       outbox list|show|hold|release|requeue|delete ... |\n"
	        "       bounces [clear ADDRESS] |\n"
	        "       quarantine [--release] [GAME] BOARD|USERID | repair [GAME] BOARD |\n"
	        "       journal list|apply|discard ... |\n"
	        "       backup DEST | restore [--force] SRC | upgrade\n"
	        "(see epamserv(1))\n");
}

int cli_admin(const struct config *cfg, int argc, char **argv)
{
	char *err = NULL;
	int k;

	if (argc < 2)
		goto usage;
	/* "--help" anywhere: the usage, and nothing touched (SPEC 9). */
	for (k = 1; k < argc; k++)
		if (strcmp(argv[k], "--help") == 0) {
			admin_usage(stdout);
			return 0;
		}
	/* A check of a path that is no spool (a typo) is no "all is well";
	 * the other commands make the spool as every command does. */
	if (strcmp(argv[1], "check") == 0 && access(cfg->spool, F_OK) < 0) {
		fprintf(stderr, "epamserv: admin check: no spool directory at %s: "
		        "%s (the setting spool)\n", cfg->spool, strerror(errno));
		return EXIT_CONFIG;
	}
	if (spool_init(cfg->spool, &err) < 0) {
		fprintf(stderr, "epamserv: %s\n", err);
		free(err);
		return EXIT_TEMPFAIL;
	}
	if (strcmp(argv[1], "list") == 0 && argc == 2)
		return admin_list(cfg);
	if (strcmp(argv[1], "show") == 0)
		return admin_show(cfg, argc - 1, argv + 1);
	if (strcmp(argv[1], "check") == 0)
		return admin_check(cfg, argc - 1, argv + 1);
	if (strcmp(argv[1], "user") == 0)
		return admin_user(cfg, argc - 1, argv + 1);
	if (strcmp(argv[1], "outbox") == 0)
		return admin_outbox(cfg, argc - 1, argv + 1);
	if (strcmp(argv[1], "result") == 0)
		return admin_result(cfg, argc - 1, argv + 1);
	if (strcmp(argv[1], "quarantine") == 0)
		return admin_quarantine(cfg, argc - 1, argv + 1);
	if (strcmp(argv[1], "repair") == 0)
		return admin_repair(cfg, argc - 1, argv + 1);
	if (strcmp(argv[1], "journal") == 0)
		return admin_journal(cfg, argc - 1, argv + 1);
	if (strcmp(argv[1], "backup") == 0 || strcmp(argv[1], "restore") == 0 ||
	    strcmp(argv[1], "upgrade") == 0)
		return cli_admin_backup(cfg, argc - 1, argv + 1);
	if (strcmp(argv[1], "bounces") == 0)
		return admin_bounces(cfg, argc - 1, argv + 1);
usage:
	admin_usage(stderr);
	return EXIT_USAGE;
}
