/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * admin.c - "epamserv admin ...": what an administrator would otherwise be
 * tempted to do with a text editor in the spool.
 *
 *   admin list                      boards by state, the stalest first
 *   admin show [GAME] BOARD         the board drawn, then its file
 *   admin check [--fix]             the whole spool (admin_check.c)
 *   admin user add|del|passwd|show|list|address ...   (admin_user.c)
 *   admin result [GAME] BOARD white|black|draw --reason TEXT
 *   admin outbox list|show|hold|release|requeue|delete ...
 *                                   (admin_outbox.c)
 *   admin bounces [clear ADDRESS]    (admin_user.c)
 *   admin quarantine [--release] [GAME] BOARD|USERID --reason TEXT
 *   admin repair [GAME] BOARD --reason TEXT
 *   admin user repair USERID --reason TEXT
 *   admin journal list|apply|discard ...
 *                                   (admin_repair.c)
 *   admin backup DEST | restore [--force] SRC | upgrade   (admin_backup.c)
 *   admin downgrade [--force]       (admin_downgrade.c)
 *   admin replay MAILDIR [--since TIME]   (keep.c)
 *
 * Every change goes through the same locks and transactions as mail
 * commands, and is logged (syslog and SPOOL/admin.log) with who made it
 * (admin_who: SUDO_USER when root runs it, else the account of the uid
 * that started the command) and the reason given.
 */
#include "cli/admin.h"
#include "cli/cli.h"
#include "commands/cmd.h"
#include "game/game.h"
#include "game/render.h"
#include "spool/lock.h"
#include "spool/spool.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"
#include "util/i18n.h"

#include <errno.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the change log ---- */

/* Who started the process (admin_who_init), "" until it is known. */
static char who_name[64];

/* Whether s may stand in admin.log as a login name: 1 to 32 letters,
 * digits, '.', '_' or '-', not starting with '-' (no blank, no control
 * character: the log has one change a line). */
static int login_name_ok(const char *s)
{
	size_t n = strlen(s);

	if (n < 1 || n > 32 || s[0] == '-')
		return 0;
	return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	              "0123456789._-") == n;
}

void admin_who_init(void)
{
	const char *sudo = getenv("SUDO_USER");
	struct passwd *pw;
	uid_t uid = getuid();

	/* sudo names the person who asked, when it made him root; USER
	 * is not looked at: su(1) to root keeps the caller's, and anyone can
	 * set it.  Nor is SUDO_USER for any other uid: "sudo -u OWNER"
	 * cannot be told from an OWNER who set it himself, so the log names
	 * what is known, the account that ran the command. */
	if (uid == 0 && sudo && login_name_ok(sudo)) {
		snprintf(who_name, sizeof who_name, "%s", sudo);
		return;
	}
	pw = getpwuid(uid);
	if (pw && login_name_ok(pw->pw_name))
		snprintf(who_name, sizeof who_name, "%s", pw->pw_name);
	else
		snprintf(who_name, sizeof who_name, "uid %ld", (long)uid);
}

const char *admin_who(void)
{
	if (!who_name[0])
		admin_who_init();
	return who_name;
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
	snprintf(why, sizeof why, "%s", reason ? reason : "(none given)");
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
	/* TRANSLATORS: %s is the admin command (result, quarantine, ...). */
	fprintf(stderr, _("epamserv admin %s: say why with --reason TEXT (it "
	                  "goes to the admin log)\n"), what);
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

int admin_each_board(const struct config *cfg,
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
		if (err)
			fprintf(stderr, "epamserv: %s\n", err);
		else
			fputs(_("epamserv: cannot read a board\n"), stderr);
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
	/* TRANSLATORS: a board's state in the column STATE of "admin
	 * list" (10 columns). */
	static const char *const states[] = {
		N_("active"), N_("finished"), N_("challenged"), N_("cancelled")
	};
	struct rows r = { NULL, 0, 0 };
	size_t i;
	int bad = admin_each_board(cfg, collect_row, &r);

	if (r.n)
		qsort(r.v, r.n, sizeof *r.v, row_cmp);
	/* TRANSLATORS: the heads of the columns of "admin list", each as
	 * wide as its column: game, board number, state, the two players,
	 * moves, days idle, who is to move.
	 * Keep GAME, BOARD and MOVE as they are: what a player types. */
	fputs(_("GAME          BOARD  STATE       WHITE        BLACK        MOVES  "
	        "IDLE  TO MOVE\n"), stdout);
	for (i = 0; i < r.n; i++)
		printf("%-12s %6ld  %-10s  %-12s %-12s %5zu %4ldd  %s\n", r.v[i].game,
		       r.v[i].board, _(states[r.v[i].state]), r.v[i].white,
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
		/* TRANSLATORS: keep the command line, GAME and BOARD as
		 * they are: what an operator types. */
		fputs(_("usage: epamserv admin show [GAME] BOARD\n"), stderr);
		return EXIT_USAGE;
	}
	snprintf(path, sizeof path, "%s/games/%s/%ld.game", cfg->spool, game, board);
	text = util_read_file(path, 8 << 20, NULL);
	if (!text) {
		fprintf(stderr, _("epamserv: cannot read %s: %s\n"), path,
		        strerror(errno));
		return 1;
	}
	rc = game_parse(&g, text, path, &err);
	if (rc == 0) {
		diagram = render_board(&g, 0);
		printf("%s\n", diagram);
		free(diagram);
		game_free(&g);
	} else {
		/* TRANSLATORS: %s is the error of reading the board file. */
		printf(_("THIS FILE DOES NOT REPLAY: %s\n\n"), err);
		free(err);
	}
	printf("==> %s\n%s", path, text);
	free(text);
	return rc == 0 ? 0 : 1;
}

/* ---- forced results ---- */

static int admin_result(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	const char *game = argc == 4 ? argv[1] : "epaminondas";
	const char *verdict = argv[argc - 1];
	struct svc s;
	struct board_ctx b;
	char headline[1024], res[EP_ERR_MAX + 96], key[128];
	long board;
	int rc = 1, i, known = 0;

	if (argc < 3 || argc > 4 || (board = util_board_number(argv[argc - 2])) < 0 ||
	    (strcmp(verdict, "white") != 0 && strcmp(verdict, "black") != 0 &&
	     strcmp(verdict, "draw") != 0)) {
		/* TRANSLATORS: keep the command line, GAME and BOARD as
		 * they are: what an operator types. */
		fputs(_("usage: epamserv admin result [GAME] BOARD "
		        "white|black|draw --reason TEXT\n"), stderr);
		return EXIT_USAGE;
	}
	for (i = 0; spool_games[i]; i++)
		known |= strcmp(game, spool_games[i]) == 0;
	if (!known) {
		fprintf(stderr, _("epamserv: unknown game '%s'\n"), game);
		return EXIT_USAGE;
	}
	if (admin_need_reason(reason, "result") < 0)
		return EXIT_USAGE;
	svc_init(&s, cfg, util_now());
	s.comment = "";
	snprintf(key, sizeof key, "admin result %s %ld %lld", game, board,
	         (long long)s.now);
	util_digest_hex(key, strlen(key), s.digest);
	switch (board_lock(&s, game, board, &b)) {
	case CMD_DONE:
		break;
	case CMD_REFUSED: {
		struct buf why = BUF_INIT;
		board_missing_words(&s, game, board, &why);
		fprintf(stderr, "epamserv: %s\n", buf_str(&why));
		buf_free(&why);
		return 1;
	}
	default:
		return EXIT_TEMPFAIL;
	}
	if (b.g.state != GAME_ACTIVE) {
		fprintf(stderr, _("epamserv: board %ld is not being played; only "
		                  "a game in progress can be given a result\n"),
		        board);
		goto done;
	}
	snprintf(b.userid, sizeof b.userid, "%s",
	         strcmp(verdict, "black") == 0 ? b.g.black : b.g.white);
	game_end(&b.g, strcmp(verdict, "draw") == 0 ? GAME_END_ADJ_DRAW
	                                            : GAME_END_AWARD,
	         b.userid, s.now);
	game_result_text(&b.g, res, sizeof res);
	/* TRANSLATORS: the headline of the players' mail: the board's
	 * number, the result in words ("carol wins, ...") and the
	 * administrator's reason. */
	snprintf(headline, sizeof headline, _("The administrator ended board "
	                                      "%ld: %s.  Reason: %.200s"),
	         board, res, reason);
	if (board_save(&s, &b, headline) == CMD_DONE) {
		admin_log(cfg, reason, "%s board %ld: result forced, %s", game, board,
		          res);
		rc = 0;
	}
done:
	svc_free(&s);
	board_close(&b);
	if (rc == 0)
		cli_deliver_quietly(cfg);
	return rc;
}

static void admin_usage(FILE *out);

/* "list" takes no argument. */
static int admin_list_run(const struct config *cfg, int argc, char **argv)
{
	(void)argv;
	if (argc != 1) {
		admin_usage(stderr);
		return EXIT_USAGE;
	}
	return admin_list(cfg);
}

/* The admin commands, as main's table of subcommands (cli.h): fn takes
 * argv with argv[0] the command's word; args are its arguments in the
 * usage ("" for none); line: 1 when it starts a line of the usage.  A
 * function may serve more than one row (backup, restore, upgrade). */
static const struct {
	const char *name;
	int (*fn)(const struct config *cfg, int argc, char **argv);
	const char *args;
	int line;
} admin_cmds[] = {
	{ "list", admin_list_run, "", 1 },
	{ "show", admin_show, "[GAME] BOARD", 0 },
	{ "check", admin_check, "[--fix]", 0 },
	{ "reindex", admin_reindex, "", 0 },
	{ "user", admin_user, "add|del|passwd|show|repair|list|address ...", 1 },
	{ "result", admin_result, "[GAME] BOARD white|black|draw", 1 },
	{ "outbox", admin_outbox, "list|show|hold|release|requeue|delete ...",
	  1 },
	{ "bounces", admin_bounces, "[clear ADDRESS]", 1 },
	{ "quarantine", admin_quarantine, "[--release] [GAME] BOARD|USERID", 1 },
	{ "repair", admin_repair, "[GAME] BOARD", 0 },
	{ "journal", admin_journal, "list|apply|discard ...", 1 },
	{ "backup", cli_admin_backup, "DEST", 1 },
	{ "restore", cli_admin_backup, "[--force] SRC", 0 },
	{ "upgrade", cli_admin_backup, "", 0 },
	{ "downgrade", admin_downgrade, "[--force]", 0 },
	{ "replay", admin_replay, "MAILDIR [--since TIME]", 1 },
	{ "ratings", admin_ratings, "rebuild", 1 },
};

#define ADMIN_NCMDS (sizeof admin_cmds / sizeof admin_cmds[0])

/* "usage: epamserv admin", then each command with its arguments, " | "
 * between them; a line that starts a new line is indented to the column
 * of "epamserv" in the translated form, counted in characters ("usage: "
 * 7, "Aufruf: " 8). */
static void admin_usage(FILE *out)
{
	/* TRANSLATORS: the usage of epamserv admin: %s is its commands
	 * with their arguments, over several lines, each indented to
	 * where "epamserv" starts in your line (the program counts it;
	 * keep "epamserv admin" and the commands as they are). */
	const char *form = _("usage: epamserv admin %s\n");
	const char *at = strstr(form, "epamserv");
	int indent = at ? (int)util_utf8_chars(form, (size_t)(at - form)) : 7;
	struct buf cmds = BUF_INIT;
	size_t k;

	for (k = 0; k < ADMIN_NCMDS; k++) {
		if (k > 0 && admin_cmds[k].line)
			buf_printf(&cmds, " |\n%*s", indent, "");
		else if (k > 0)
			buf_puts(&cmds, " | ");
		buf_printf(&cmds, "%s%s%s", admin_cmds[k].name,
		           *admin_cmds[k].args ? " " : "", admin_cmds[k].args);
	}
	fprintf(out, form, buf_str(&cmds));
	buf_free(&cmds);
	fputs(_("(see epamserv(1))\n"), out);
}

int cli_admin(const struct config *cfg, int argc, char **argv)
{
	char *err = NULL;
	size_t c;
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
	if (strcmp(argv[1], "check") == 0 &&
	    cli_need_spool(cfg, "admin check") != 0)
		return EXIT_CONFIG;
	if (spool_init(cfg->spool, &err) < 0) {
		fprintf(stderr, "epamserv: %s\n", err);
		free(err);
		return EXIT_TEMPFAIL;
	}
	for (c = 0; c < ADMIN_NCMDS; c++)
		if (strcmp(argv[1], admin_cmds[c].name) == 0)
			return admin_cmds[c].fn(cfg, argc - 1, argv + 1);
usage:
	admin_usage(stderr);
	return EXIT_USAGE;
}
