/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * admin_repair.c - "epamserv admin quarantine" and "admin repair": set a
 * damaged board or account aside, and cut a game file back to its last
 * move that replays, without a text editor.
 *
 *   admin quarantine                       the quarantined boards and
 *                                          accounts, with who and why
 *   admin quarantine [GAME] BOARD|USERID --reason TEXT
 *   admin quarantine --release [GAME] BOARD|USERID --reason TEXT
 *   admin repair [GAME] BOARD --reason TEXT
 *   admin user repair USERID --reason TEXT
 *                                          keep the lines of a user file
 *                                          that parse (the damaged file
 *                                          kept as USERID.damaged-STAMP)
 *   admin journal list | apply NAME [--reason TEXT] | discard NAME
 *                 --reason TEXT            committed updates not applied;
 *                                          a discarded one is kept in
 *                                          SPOOL/discarded/, not applied
 *
 * A quarantine marker (src/spool/quarantine.h) is written in a
 * transaction under the board's lock (an account's: the "users" lock);
 * from then on every mail that needs the file is answered with a clear
 * error.  A repair keeps the damaged file beside the board as
 * NNN.game.damaged-YYYYMMDDTHHMMSSZ, saves the game as far as it
 * replays, and sends both players the board mail saying so.  It leaves
 * a quarantine in place: the administrator looks at the result ("admin
 * show") and releases it.  Every change goes to admin.log with --reason.
 */
#include "cli/admin.h"
#include "cli/cli.h"
#include "services/robot.h"
#include "commands/cmd.h"
#include "game/game.h"
#include "spool/addrindex.h"
#include "spool/lock.h"
#include "spool/quarantine.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/magic.h"
#include "util/util.h"
#include "util/i18n.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What a command names: [GAME] BOARD, or USERID. */
struct target {
	int user;             /* 1: an account */
	char game[32];
	long board;
	char userid[32];
	char qname[QUARANTINE_NAME_MAX];
	char key[64];         /* the lock that guards its file */
	char rel[300];        /* its file, relative to the spool */
};

static int game_known(const char *game)
{
	int i;

	for (i = 0; spool_games[i]; i++)
		if (strcmp(game, spool_games[i]) == 0)
			return 1;
	return 0;
}

/* Read 1 or 2 words into t: 0, or -1 (message on stderr). */
static int parse_target(int argc, char **argv, struct target *t)
{
	memset(t, 0, sizeof *t);
	if ((argc == 2 && strcmp(argv[0], "user") != 0) ||
	    (argc == 1 && util_board_number(argv[0]) >= 0)) {
		snprintf(t->game, sizeof t->game, "%s",
		         argc == 2 ? argv[0] : "epaminondas");
		t->board = util_board_number(argv[argc - 1]);
		if (!game_known(t->game) || t->board < 0) {
			/* TRANSLATORS: keep GAME and BOARD as they are:
			 * what an operator types. */
			fprintf(stderr, _("epamserv: '%s%s%s' is no board (GAME BOARD, "
			          "e.g. epaminondas 101)\n"), argc == 2 ? argv[0] : "",
			        argc == 2 ? " " : "", argv[argc - 1]);
			return -1;
		}
		quarantine_board_name(t->game, t->board, t->qname, sizeof t->qname);
		spool_board_key(t->game, t->board, t->key, sizeof t->key);
		spool_board_path(t->game, t->board, t->rel, sizeof t->rel);
		return 0;
	}
	if (argc == 2 && strcmp(argv[0], "user") == 0) {
		argc = 1;  /* "user 101": an account whose userid is a number */
		argv++;
	}
	if (argc != 1)
		return -1;
	snprintf(t->userid, sizeof t->userid, "%s", argv[0]);
	util_lower(t->userid);
	if (!util_userid_ok(t->userid)) {
		fprintf(stderr, _("epamserv: '%s' is neither a board number nor a "
		                  "userid\n"), argv[0]);
		return -1;
	}
	t->user = 1;
	quarantine_user_name(t->userid, t->qname, sizeof t->qname);
	snprintf(t->key, sizeof t->key, "users");
	snprintf(t->rel, sizeof t->rel, "users/%s", t->userid);
	return 0;
}

/* Whether t's file is there (a board may be archived). */
static int target_exists(const struct config *cfg, const struct target *t)
{
	char path[4400];

	snprintf(path, sizeof path, "%s/%s", cfg->spool, t->rel);
	if (access(path, F_OK) == 0)
		return 1;
	if (t->user)
		return 0;
	snprintf(path, sizeof path, "%s/games/%s/archive/%ld.game", cfg->spool,
	         t->game, t->board);
	return access(path, F_OK) == 0;
}

static int quarantine_print(const struct config *cfg)
{
	struct quarantine_entry *v;
	size_t n, i;
	char when[32];

	if (quarantine_list(cfg->spool, &v, &n) < 0) {
		fprintf(stderr, _("epamserv: cannot read %s/quarantine: %s\n"),
		        cfg->spool, strerror(errno));
		return 1;
	}
	if (n == 0)
		fputs(_("nothing is quarantined\n"), stdout);
	for (i = 0; i < n; i++) {
		util_iso_time(v[i].since, when, sizeof when);
		printf(_("%s since %s by %s: %s\n"), v[i].name, when, v[i].by,
		       v[i].reason);
	}
	free(v);
	return 0;
}

/* Set t aside (release 0) or release it, under its lock. */
static int quarantine_change(const struct config *cfg, const struct target *t,
                             int release, const char *reason)
{
	struct lock l = LOCK_INIT;
	struct quarantine_entry e;
	char rel[128], *text, *err = NULL;
	struct txn *tx;
	int rc = 1, has;

	if (lock_acquire(cfg->spool, t->key, cfg->lock_timeout * 1000, &l) < 0) {
		fprintf(stderr, _("epamserv: %s is busy; try again\n"), t->rel);
		return EXIT_TEMPFAIL;
	}
	txn_recover(cfg->spool, t->key);
	has = quarantine_get(cfg->spool, t->qname, &e) == 0;
	if (release) {
		if (!has) {
			printf(_("%s is not quarantined\n"), t->qname);
			rc = 0;
		} else if (quarantine_remove(cfg->spool, t->qname) < 0) {
			fprintf(stderr, _("epamserv: cannot remove %s/quarantine/%s: %s\n"),
			        cfg->spool, t->qname, strerror(errno));
		} else {
			admin_log(cfg, reason, "%s released from quarantine", t->rel);
			rc = 0;
		}
		goto out;
	}
	if (has) {
		printf(_("%s is quarantined already (since it was set aside by %s: "
		         "%s)\n"), t->qname, e.by, e.reason);
		rc = 0;
		goto out;
	}
	if (!target_exists(cfg, t)) {
		fprintf(stderr, _("epamserv: there is no %s\n"), t->rel);
		goto out;
	}
	memset(&e, 0, sizeof e);
	snprintf(e.name, sizeof e.name, "%s", t->qname);
	e.since = util_now();
	snprintf(e.by, sizeof e.by, "%s", admin_who());
	snprintf(e.reason, sizeof e.reason, "%s", reason);
	text = quarantine_format(&e);
	quarantine_path(t->qname, rel, sizeof rel);
	tx = txn_begin(cfg->spool, t->key, "admin-quarantine");
	txn_put(tx, rel, text, strlen(text));
	free(text);
	if (txn_commit(tx, &err) < 0) {
		fprintf(stderr, "epamserv: %s\n", err);
		free(err);
		rc = EXIT_TEMPFAIL;
		goto out;
	}
	admin_log(cfg, reason, "%s quarantined: its mails are refused until "
	          "it is released", t->rel);
	rc = 0;
out:
	lock_release(&l);
	return rc;
}

int admin_quarantine(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	struct target t;
	int release = argc > 1 && strcmp(argv[1], "--release") == 0;

	if (argc == 1 && !reason)
		return quarantine_print(cfg);
	if (argc - 1 - release < 1 || argc - 1 - release > 2 ||
	    parse_target(argc - 1 - release, argv + 1 + release, &t) < 0) {
		/* TRANSLATORS: keep the command line, GAME, BOARD and
		 * USERID as they are: what an operator types. */
		fputs(_("usage: epamserv admin quarantine\n"
		        "       epamserv admin quarantine [--release] [GAME] "
		        "BOARD|USERID --reason TEXT\n"), stderr);
		return EXIT_USAGE;
	}
	if (admin_need_reason(reason, release ? "quarantine --release"
	                                      : "quarantine") < 0)
		return EXIT_USAGE;
	return quarantine_change(cfg, &t, release, reason);
}

/* ---- repair ---- */

/* Keep text, the damaged file, as REL.damaged-YYYYMMDDTHHMMSSZ (into
 * kept) in a transaction under the held lock key.  0 or -1 (message on
 * stderr). */
static int keep_damaged(struct svc *s, const char *key, const char *rel,
                        const char *text, char *kept, size_t len)
{
	char when[32], stamp[32], *err = NULL;
	struct txn *t;
	size_t i, j = 0;

	util_iso_time(s->now, when, sizeof when);
	for (i = 0; when[i] && j + 1 < sizeof stamp; i++)
		if (when[i] != '-' && when[i] != ':')
			stamp[j++] = when[i];
	stamp[j] = '\0';
	snprintf(kept, len, "%s.damaged-%s", rel, stamp);
	t = svc_txn(s, key);
	txn_put(t, kept, text, strlen(text));
	if (txn_commit(t, &err) < 0) {
		fprintf(stderr, "epamserv: %s\n", err);
		free(err);
		return -1;
	}
	return 0;
}

/* Cut the board of t back as far as it replays, under b's lock. */
static int repair_board(struct svc *s, const struct target *t,
                        const char *reason, struct board_ctx *b)
{
	char path[4400], kept[400], *text, *err = NULL;
	struct headline said = { 0 };
	enum cmd_status saved;
	unsigned long newer;
	int rc, line = 0;
	size_t plies;

	snprintf(path, sizeof path, "%s/%s", s->cfg->spool, t->rel);
	text = util_read_file(path, 8 << 20, NULL);
	if (!text) {
		/* TRANSLATORS: the board file's path and the system's
		 * error. */
		if (errno == ENOENT)
			fprintf(stderr, _("epamserv: cannot read %s: %s (archived "
			                  "boards are finished games: restore them "
			                  "from a backup)\n"), path, strerror(errno));
		else
			fprintf(stderr, _("epamserv: cannot read %s: %s\n"), path,
			        strerror(errno));
		return 1;
	}
	newer = magic_newer_count();
	rc = game_parse_prefix(&b->g, text, t->rel, &err, &line);
	if (rc == 0) {
		printf(_("%s replays: nothing to repair\n"), t->rel);
		game_free(&b->g);
		free(text);
		return 0;
	}
	if (rc < 0) {
		/* TRANSLATORS: the board file and the error of reading it. */
		if (magic_newer_count() != newer)
			fprintf(stderr, _("epamserv: cannot repair %s: %s\n"),
			        t->rel, err);
		else
			fprintf(stderr, _("epamserv: cannot repair %s: %s (not even "
			                  "its header loads: restore it from a "
			                  "backup)\n"), t->rel, err);
		free(err);
		free(text);
		return 1;
	}
	b->loaded = 1;
	b->was = b->g.state;  /* no result record or rating from a repair */
	plies = b->g.nmoves;
	if (keep_damaged(s, b->key, t->rel, text, kept, sizeof kept) < 0) {
		free(err);
		free(text);
		return EXIT_TEMPFAIL;
	}
	free(text);
	/* TRANSLATORS: the headline of the players' mail: the board's
	 * number, the ply the game goes on from, the administrator's
	 * reason. */
	headline_say(&said, N_("The administrator repaired board %ld: its "
	             "file on the server was damaged, and the game goes on from "
	             "ply %zu, the last that could be read.  Reason: %.200s"),
	             t->board, plies, reason);
	saved = board_save_said(s, b, &said);
	headline_free(&said);
	if (saved != CMD_DONE) {
		fprintf(stderr, _("epamserv: the repaired %s could not be saved; "
		          "nothing changed but the copy %s\n"), t->rel, kept);
		free(err);
		return EXIT_TEMPFAIL;
	}
	printf(_("%s: cut back to ply %zu (line %d on dropped: %s); the damaged "
	         "file is kept as %s\n"), t->rel, plies, line + 1, err, kept);
	/* err is a translated sentence: admin.log (English data) names the
	 * file, the ply and the line instead */
	admin_log(s->cfg, reason, "%s repaired: cut back to ply %zu (line %d "
	          "on dropped); the damaged file is kept as %s", t->rel, plies,
	          line + 1, kept);
	if (quarantine_has(s->cfg->spool, t->qname))
		/* TRANSLATORS: the board file, the game's name and the
		 * board's number (twice each, in two commands). */
		printf(_("%1$s is still quarantined: look at it with \"epamserv "
		         "admin show %2$s %3$ld\", then \"epamserv admin quarantine "
		         "--release %2$s %3$ld --reason TEXT\"\n"), t->rel, t->game,
		       t->board);
	free(err);
	return 0;
}

int admin_repair(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	struct target t;
	struct svc s;
	struct board_ctx b;
	char key[128];
	int rc;

	if (argc < 2 || argc > 3 || parse_target(argc - 1, argv + 1, &t) < 0 ||
	    t.user) {
		/* TRANSLATORS: keep the command line, GAME, BOARD and
		 * USERID as they are: what an operator types. */
		fputs(_("usage: epamserv admin repair [GAME] BOARD --reason "
		        "TEXT\n       (an account: epamserv admin user repair "
		        "USERID)\n"), stderr);
		return EXIT_USAGE;
	}
	if (admin_need_reason(reason, "repair") < 0)
		return EXIT_USAGE;
	svc_init(&s, cfg, util_now());
	s.comment = "";
	memset(&b, 0, sizeof b);
	b.l.fd = -1;
	snprintf(key, sizeof key, "admin repair %s %ld %lld", t.game, t.board,
	         (long long)s.now);
	util_digest_hex(key, strlen(key), s.digest);
	snprintf(b.key, sizeof b.key, "%s", t.key);
	if (svc_lock(&s, b.key, &b.l) != CMD_DONE) {
		fprintf(stderr, _("epamserv: %s is busy, or an earlier update of it "
		          "cannot be finished (epamserv admin check)\n"), t.rel);
		return EXIT_TEMPFAIL;
	}
	rc = repair_board(&s, &t, reason, &b);
	svc_free(&s);
	board_close(&b);
	/* A game cut back to a robot's turn: board_save held the board
	 * mail for the robot's answer (robot.h), which this run gives. */
	if (rc == 0)
		robot_run(cfg);
	if (rc == 0)
		cli_deliver_quietly(cfg);
	return rc;
}

/* ---- user repair ---- */

int admin_user_repair(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	struct lock l = LOCK_INIT;
	struct user u;
	struct txn *t;
	char userid[32], rel[128], kept[400], when[32], stamp[32];
	char *raw = NULL, *dropped = NULL, *err = NULL;
	size_t i, j = 0;
	int rc = 1, s, nopw;

	if (argc != 3 || strcmp(argv[1], "repair") != 0) {
		/* TRANSLATORS: keep the command line and USERID as they
		 * are: what an operator types. */
		fputs(_("usage: epamserv admin user repair USERID --reason "
		        "TEXT\n"), stderr);
		return EXIT_USAGE;
	}
	snprintf(userid, sizeof userid, "%s", argv[2]);
	util_lower(userid);
	if (!util_userid_ok(userid)) {
		fprintf(stderr, _("epamserv: '%s' is not a userid\n"), argv[2]);
		return EXIT_USAGE;
	}
	if (admin_need_reason(reason, "user repair") < 0)
		return EXIT_USAGE;
	if (lock_acquire(cfg->spool, "users", cfg->lock_timeout * 1000, &l) < 0) {
		fputs(_("epamserv: the user files are busy; try again\n"), stderr);
		return EXIT_TEMPFAIL;
	}
	txn_recover(cfg->spool, "users");
	s = user_salvage(cfg->spool, userid, &u, &raw, &dropped, &err);
	if (s < 0) {
		fprintf(stderr, _("epamserv: cannot repair users/%s: %s (restore it "
		                  "from a backup)\n"), userid, err);
		goto out;
	}
	if (s == 0) {
		printf(_("users/%s loads: nothing to repair\n"), userid);
		user_free(&u);
		rc = 0;
		goto out;
	}
	util_iso_time(util_now(), when, sizeof when);
	for (i = 0; when[i] && j + 1 < sizeof stamp; i++)
		if (when[i] != '-' && when[i] != ':')
			stamp[j++] = when[i];
	stamp[j] = '\0';
	user_path(userid, rel, sizeof rel);
	snprintf(kept, sizeof kept, "%s.damaged-%s", rel, stamp);
	t = txn_begin(cfg->spool, "users", "admin-user-repair");
	txn_put(t, kept, raw, strlen(raw));
	addr_user_put(t, cfg->spool, &u, NULL);
	if (txn_commit(t, &err) < 0) {
		fprintf(stderr, "epamserv: %s\n", err);
		rc = EXIT_TEMPFAIL;
		user_free(&u);
		goto out;
	}
	/* The terminal's sentences are translated; admin.log, data, is
	 * English (util/log.h). */
	nopw = strcmp(u.hash, "!") == 0;
	printf(_("users/%s repaired; the lines dropped:\n"), userid);
	fputs(dropped, stdout);
	if (nopw)
		fputs(_("(no password survived: none matches until \"epamserv "
		        "admin user passwd\")\n"), stdout);
	printf(_("the damaged file is kept as %s\n"), kept);
	admin_log(cfg, reason, "users/%s repaired: %s%s; the damaged file is "
	          "kept as %s", userid, dropped, nopw ? "(no password survived: "
	          "none matches until \"epamserv admin user passwd\")\n" : "",
	          kept);
	user_free(&u);
	rc = 0;
out:
	lock_release(&l);
	free(raw);
	free(dropped);
	free(err);
	return rc;
}

/* ---- the journal ---- */

/* A journal entry's name as listed: "KEY,TAG-ID", a plain file name. */
static int entry_name_ok(const char *name)
{
	return name[0] && name[0] != '.' && !strchr(name, '/') &&
	       strchr(name, ',') && strlen(name) < 256;
}

/* The lock key of entry name into key (len bytes). */
static void entry_key(const char *name, char *key, size_t len)
{
	snprintf(key, len, "%.*s", (int)(strchr(name, ',') - name), name);
}

static int journal_list(const struct config *cfg)
{
	char dir[4200], path[4600], key[256], *text;
	char name[4 * 256 + 1], shown[4 * 256 + 1];
	struct dirent *de;
	struct stat st;
	long age;
	int n = 0;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/journal", cfg->spool);
	d = util_opendir(dir);
	if (!d) {
		fprintf(stderr, _("epamserv: cannot read %s: %s\n"), dir, strerror(errno));
		return 1;
	}
	while ((de = readdir(d)) != NULL) {
		struct lock l = LOCK_INIT;
		int busy;
		if (!entry_name_ok(de->d_name))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (lstat(path, &st) < 0)
			continue;
		entry_key(de->d_name, key, sizeof key);
		busy = lock_try(cfg->spool, key, &l) != 0;
		lock_release(&l);
		util_safe_name(de->d_name, name, sizeof name);
		util_safe_name(key, shown, sizeof shown);
		age = (long)(util_now() - st.st_mtime) / 60;
		/* TRANSLATORS: the journal entry, the name of its lock and
		 * its age. */
		if (busy)
			printf(ngettext("%s: lock %s held (being applied), %ld "
			                "minute old\n",
			                "%s: lock %s held (being applied), %ld "
			                "minutes old\n", age), name, shown, age);
		else
			printf(ngettext("%s: lock %s free, %ld minute old\n",
			                "%s: lock %s free, %ld minutes old\n", age),
			       name, shown, age);
		if (S_ISDIR(st.st_mode))
			snprintf(path, sizeof path, "%s/%s/manifest", dir, de->d_name);
		text = util_read_file(path, 1 << 20, NULL);
		if (text) {
			char *line, *save = NULL;
			for (line = strtok_r(text, "\n", &save); line;
			     line = strtok_r(NULL, "\n", &save))
				printf("    %s\n", util_clean_line(line));
			free(text);
		}
		n++;
	}
	closedir(d);
	if (!n)
		fputs(_("the journal is empty\n"), stdout);
	return 0;
}

int admin_journal(const struct config *cfg, int argc, char **argv)
{
	const char *reason = admin_take_reason(&argc, argv);
	struct lock l = LOCK_INIT;
	char key[256], from[4600], to[4600];
	int apply;

	if (argc == 2 && strcmp(argv[1], "list") == 0)
		return journal_list(cfg);
	if (argc != 3 || (strcmp(argv[1], "apply") != 0 &&
	                  strcmp(argv[1], "discard") != 0) ||
	    !entry_name_ok(argv[2])) {
		fputs(_("usage: epamserv admin journal list\n"
		          "       epamserv admin journal apply NAME [--reason TEXT]\n"
		          "       epamserv admin journal discard NAME --reason TEXT\n"), stderr);
		return EXIT_USAGE;
	}
	apply = strcmp(argv[1], "apply") == 0;
	if (!apply && admin_need_reason(reason, "journal discard") < 0)
		return EXIT_USAGE;
	entry_key(argv[2], key, sizeof key);
	snprintf(from, sizeof from, "%s/journal/%s", cfg->spool, argv[2]);
	if (lock_acquire(cfg->spool, key, cfg->lock_timeout * 1000, &l) < 0) {
		fprintf(stderr, _("epamserv: the lock %s is busy; try again\n"), key);
		return EXIT_TEMPFAIL;
	}
	if (access(from, F_OK) != 0) {
		fprintf(stderr, _("epamserv: there is no journal entry %s (see "
		                  "epamserv admin journal list)\n"), argv[2]);
		lock_release(&l);
		return 1;
	}
	if (apply) {
		int rc = txn_recover(cfg->spool, key);
		lock_release(&l);
		if (rc < 0 || access(from, F_OK) == 0) {
			/* TRANSLATORS: the journal entry; after the colon the
			 * system's error or "it is still there". */
			fprintf(stderr, _("epamserv: %s cannot be applied: %s\n"),
			        argv[2], rc < 0 ? strerror(errno) :
			        _("it is still there"));
			return 1;
		}
		admin_log(cfg, reason ? reason : "(none given)",
		          "journal entry %s applied", argv[2]);
		return 0;
	}
	/* Kept aside, not applied: SPOOL/discarded/NAME. */
	snprintf(to, sizeof to, "%s/discarded", cfg->spool);
	if ((mkdir(to, 0750) < 0 && errno != EEXIST) ||
	    (snprintf(to, sizeof to, "%s/discarded/%s", cfg->spool, argv[2]),
	     rename(from, to) < 0)) {
		fprintf(stderr, _("epamserv: cannot move %s to %s: %s\n"), from, to,
		        strerror(errno));
		lock_release(&l);
		return 1;
	}
	lock_release(&l);
	admin_log(cfg, reason, "journal entry %s discarded (kept as "
	          "discarded/%s, not applied)", argv[2], argv[2]);
	return 0;
}
