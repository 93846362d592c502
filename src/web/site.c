/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * site.c - "epamserv web DIR": walk the spool and bring the site up to
 * date (web.h says what the site holds).
 *
 * One run at a time: a flock(2) on DIR/.epamserv-web.lock, taken
 * without waiting (a second run exits 75 at once, like a busy spool
 * lock elsewhere: cron tries again).  The spool is only read: board,
 * user, result and tournament files are replaced by rename(2) only, so
 * each one read is whole; a board changed while the site is made is
 * caught by the next run (its stamp differs).
 *
 * Order: the ratings, the players who set web off, then every board of
 * every game (archived ones too) loaded once: a board on the site gets
 * its page and feed (unless their stamps are unchanged) and a summary;
 * then the players' pages, the index, the standings and the
 * tournaments from the summaries; then the pages no longer made are
 * removed and the manifest written.
 */
#include "web/web.h"
#include "services/weblink.h"
#include "services/privacy.h"

#include "spool/quarantine.h"
#include "spool/spool.h"
#include "spool/users.h"
#include "util/i18n.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* Take DIR's lock: its descriptor, -2 when another run holds it, -1
 * with errno on an error. */
static int site_lock(const char *dir)
{
	struct buf p = BUF_INIT;
	int fd;

	buf_printf(&p, "%s/.epamserv-web.lock", dir);
	fd = util_open_regular(buf_str(&p), O_RDWR | O_CREAT | O_NOFOLLOW, 0644);
	buf_free(&p);
	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		int e = errno;
		close(fd);
		errno = e;
		return e == EWOULDBLOCK ? -2 : -1;
	}
	return fd;
}

/* Every user's two settings the site obeys into s->state.users, sorted:
 * from the last run's state when the user file is as it saw it, else
 * read (and marked changed, so that their boards are read again). */
static void load_users(struct web_site *s)
{
	char **ids = NULL, *err = NULL;
	size_t n = 0, i;

	if (user_list(s->cfg->spool, &ids, &n, &err) < 0) {
		free(err);
		return;
	}
	for (i = 0; i < n; i++) {
		struct web_user u;
		const struct web_user *was = s->full ? NULL
		                             : web_state_user(&s->old_state, ids[i]);
		char rel[256];
		struct buf p = BUF_INIT;
		if (strlen(ids[i]) >= sizeof u.userid)
			continue;  /* no board names them */
		memset(&u, 0, sizeof u);
		snprintf(u.userid, sizeof u.userid, "%s", ids[i]);
		user_path(ids[i], rel, sizeof rel);
		buf_printf(&p, "%s/%s", s->cfg->spool, rel);
		if (web_ident_of(buf_str(&p), &u.id) == 0 && was &&
		    web_ident_same(&u.id, &was->id)) {
			u.hidden = was->hidden;
			u.publishes = was->publishes;
		} else {
			u.hidden = web_user_hidden(s->cfg->spool, ids[i]);
			u.publishes = web_user_publishes_comments(s->cfg->spool,
			                                          ids[i]);
			u.changed = 1;
		}
		buf_free(&p);
		web_state_add_user(&s->state, &u);
	}
	user_list_free(ids, n);
}

/* The Atom id prefix from the server's own address's domain. */
static void make_tag(struct web_site *s)
{
	const char *at = s->cfg->from ? strrchr(s->cfg->from, '@') : NULL;
	const char *dom = at && at[1] ? at + 1 : "localhost";
	size_t i;

	snprintf(s->tag, sizeof s->tag, "tag:%s,2026:", dom);
	for (i = 4; s->tag[i] && s->tag[i] != ','; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyz0123456789.-",
		            s->tag[i] | 0x20))
			s->tag[i] = '-';
}

/* Whether the board c summarises goes on the site: a game that is
 * played or over (not a challenge, not cancelled), neither player off
 * the site, and when it forbids observers only once it has ended
 * (c->shown). */
static int on_site(const struct web_site *s, const struct web_cached *c)
{
	return c->shown && !web_hidden(s, c->wb.white) &&
	       !web_hidden(s, c->wb.black);
}

/* Whether userid's user file was read again this run (or is gone). */
static int user_changed(const struct web_site *s, const char *userid)
{
	const struct web_user *u = web_state_user(&s->state, userid);

	return !u || u->changed;
}

/* The summary the last run kept of board, usable as it is: its file
 * (identity *id) and its players' user files unchanged, or NULL. */
static const struct web_cached *cached(const struct web_site *s,
                                       const char *game, long board,
                                       const struct web_ident *id)
{
	const struct web_cached *c;
	char qname[QUARANTINE_NAME_MAX];

	if (s->full)
		return NULL;
	c = web_state_board(&s->old_state, game, board);
	if (!c || !web_ident_same(&c->id, id))
		return NULL;
	if (c->shown && (user_changed(s, c->wb.white) ||
	                 user_changed(s, c->wb.black)))
		return NULL;
	/* Quarantined since: loaded, to be refused and said. */
	quarantine_board_name(game, board, qname, sizeof qname);
	return quarantine_has(s->cfg->spool, qname) ? NULL : c;
}

/* Board c (on the site) into the summaries. */
static void add_summary(struct web_site *s, const struct web_cached *c)
{
	if (s->nboards == s->capboards) {
		s->capboards = s->capboards ? 2 * s->capboards : 256;
		s->boards = xrealloc(s->boards, s->capboards * sizeof *s->boards);
	}
	s->boards[s->nboards++] = c->wb;
}

/* The identity of board's file (the archive's when it is archived):
 * 0, or -1 when neither is there. */
static int board_ident(const struct web_site *s, const char *game,
                       long board, struct web_ident *id)
{
	struct buf p = BUF_INIT;
	int rc;

	buf_printf(&p, "%s/games/%s/%ld.game", s->cfg->spool, game, board);
	rc = web_ident_of(buf_str(&p), id);
	if (rc < 0) {
		buf_reset(&p);
		buf_printf(&p, "%s/games/%s/archive/%ld.game", s->cfg->spool,
		           game, board);
		rc = web_ident_of(buf_str(&p), id);
	}
	buf_free(&p);
	return rc;
}

/* One board: from the last run's summary when its file and players are
 * unchanged and its pages can stay, else loaded and drawn. */
static void one_board(struct web_site *s, const char *game, long board)
{
	struct web_cached c;
	const struct web_cached *was;
	struct web_ident id;
	struct game g;
	char *err = NULL;
	int have_id, rc;

	/* stat(2) before the read: a file replaced meanwhile is newer than
	 * the identity recorded, and read again next run. */
	have_id = board_ident(s, game, board, &id) == 0;
	was = have_id ? cached(s, game, board, &id) : NULL;
	if (was && (!on_site(s, was) || web_board_keep(s, was))) {
		if (on_site(s, was))
			add_summary(s, was);
		web_state_add_board(&s->state, was);
		return;
	}
	rc = game_load(&g, s->cfg->spool, game, board, &err);
	if (rc != 0) {
		if (rc < 0)
			/* TRANSLATORS: a game's name, a board's number, why
			 * its file cannot be read. */
			web_tell(stderr, N_("epamserv: web: board %s %ld left "
			         "out: %s\n"), game, board, err);
		free(err);
		return;
	}
	s->boards_read++;
	web_board_summary(s, &g, &c);
	c.id = id;
	if (on_site(s, &c)) {
		/* A page not written fails the run (s->failed); the lists
		 * still show the board. */
		(void)web_board_pages(s, &g, &c);
		add_summary(s, &c);
	}
	if (have_id && web_ident_settled(s, &id))
		web_state_add_board(&s->state, &c);
	game_free(&g);
}

static void walk_boards(struct web_site *s)
{
	size_t k, i, n;
	long *boards;

	for (k = 0; spool_games[k]; k++) {
		char *err = NULL;
		boards = NULL;
		n = 0;
		if (game_boards(s->cfg->spool, spool_games[k], &boards, &n, &err) < 0) {
			fprintf(stderr, "epamserv: web: %s\n", err ? err : "?");
			free(err);
			continue;
		}
		for (i = 0; i < n; i++)
			one_board(s, spool_games[k], boards[i]);
		free(boards);
	}
}

static int user_cmp(const void *a, const void *b)
{
	return strcmp(((const struct web_user *)a)->userid,
	              ((const struct web_user *)b)->userid);
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* s->paged: the players of the boards on the site, sorted, once. */
static void list_paged(struct web_site *s)
{
	size_t i, n = 0;
	char **all = xmalloc((2 * s->nboards + 1) * sizeof *all);

	for (i = 0; i < s->nboards; i++) {
		all[n++] = s->boards[i].white;
		all[n++] = s->boards[i].black;
	}
	qsort(all, n, sizeof *all, str_cmp);
	s->paged = xmalloc((n + 1) * sizeof *s->paged);
	for (i = 0; i < n; i++)
		if (!s->npaged || strcmp(s->paged[s->npaged - 1], all[i]) != 0)
			s->paged[s->npaged++] = all[i];
	free(all);
}

int web_language_check(const struct config *cfg, FILE *out)
{
	if (i18n_known(cfg->locale_dir, cfg->web_language))
		return 0;
	/* TRANSLATORS: a language ("de"), a directory. */
	fprintf(out, _("epamserv: web_language is %1$s but %2$s holds no "
	               "catalogue for it: the web site is English\n"),
	        cfg->web_language, cfg->locale_dir);
	return 1;
}

int web_make(const struct config *cfg, const char *dir,
             const struct web_run *run)
{
	struct web_site s;
	char *err = NULL;
	const char *was;
	int fd, rc = 0, old_left = 0;

	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		/* TRANSLATORS: a directory, then the system's error. */
		fprintf(stderr, _("epamserv: web: cannot make %s: %s\n"), dir,
		        strerror(errno));
		return 1;
	}
	fd = site_lock(dir);
	if (fd == -2) {
		fprintf(stderr, _("epamserv: web: another run is updating %s; "
		        "try again later\n"), dir);
		return EXIT_TEMPFAIL;
	}
	if (fd < 0) {
		/* TRANSLATORS: a directory, then the system's error. */
		fprintf(stderr, _("epamserv: web: cannot lock %s: %s\n"), dir,
		        strerror(errno));
		return 1;
	}
	memset(&s, 0, sizeof s);
	s.cfg = cfg;
	s.dir = dir;
	s.verbose = run->verbose;
	s.full = run->full;
	s.version = run->version ? run->version : "";
	s.now = util_now();
	/* The state an earlier development version kept in the site names
	 * what the site hides: gone before anything else, failed runs too. */
	if (web_state_forget_old(dir) < 0) {
		/* TRANSLATORS: a directory, then the system's error. */
		fprintf(stderr, _("epamserv: web: cannot remove "
		        "%s/.epamserv-web-boards: %s\n"), dir, strerror(errno));
		old_left = 1;
	}
	/* An older version's state written halfway (a crash): it names
	 * what a site hides, and nothing would ever remove it. */
	web_state_forget_tmp(cfg->spool);
	if (ratings_load(cfg->spool, cfg->rating_system, &s.r, &err) < 0) {
		fprintf(stderr, "epamserv: web: %s\n", err);
		free(err);
		close(fd);
		return EXIT_TEMPFAIL;
	}
	/* Every page in the site's language; what the operator reads in
	 * his own (web_tell, and the lines below). */
	was = i18n_use(web_language_check(cfg, stderr) ? I18N_ENGLISH
	                                               : cfg->web_language);
	web_state_key(&s, s.key);
	s.state_path = web_state_path(cfg, dir);
	web_state_load(&s, &s.old_state);
	load_users(&s);
	if (s.state.nusers)
		qsort(s.state.users, s.state.nusers, sizeof *s.state.users,
		      user_cmp);
	make_tag(&s);
	web_manifest_load(dir, &s.old);
	walk_boards(&s);
	list_paged(&s);
	web_player_pages(&s);
	web_index_pages(&s);
	i18n_use(was);
	if (!s.failed) {
		/* Only after a whole run: a page missed now is kept. */
		web_remove_stale(&s);
		if ((s.written || s.removed || s.made.n != s.old.n) &&
		    web_manifest_save(dir, &s.made) < 0) {
			/* TRANSLATORS: a directory, then the system's
			 * error. */
			fprintf(stderr, _("epamserv: web: cannot write "
			        "%s/.epamserv-web: %s\n"), dir, strerror(errno));
			s.failed = 1;
		}
	}
	/* What was read, for the next run; after a failed run too (the
	 * pages' stamps decide what is written again).  Not fatal: the next
	 * run reads every board. */
	if (web_state_save(&s, &s.state) < 0)
		/* TRANSLATORS: a file of the spool, then the system's
		 * error. */
		fprintf(stderr, _("epamserv: web: cannot write %s: %s\n"),
		        s.state_path, strerror(errno));
	if (run->verbose) {
		/* TRANSLATORS: the pages written, kept and removed. */
		printf(ngettext("%ld page written, %ld unchanged, %ld removed\n",
		                "%ld pages written, %ld unchanged, %ld removed\n",
		                s.written), s.written, s.kept, s.removed);
		/* TRANSLATORS: the boards whose files were read, then all
		 * the boards on the site. */
		printf(ngettext("%ld board read of %zu on the site\n",
		                "%ld boards read of %zu on the site\n",
		                s.boards_read), s.boards_read, s.nboards);
	}
	rc = s.failed || old_left ? 1 : 0;
	web_manifest_free(&s.old);
	web_manifest_free(&s.made);
	web_state_free(&s.old_state);
	web_state_free(&s.state);
	free(s.state_path);
	free(s.paged);
	free(s.boards);
	ratings_free(&s.r);
	close(fd);
	return rc;
}
