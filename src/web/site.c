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

/* The players who set web off, sorted, into s. */
static void load_hidden(struct web_site *s)
{
	char **ids = NULL, *err = NULL;
	size_t n = 0, i;

	if (user_list(s->cfg->spool, &ids, &n, &err) < 0) {
		free(err);
		return;
	}
	s->hidden = xmalloc((n ? n : 1) * sizeof *s->hidden);
	for (i = 0; i < n; i++)
		if (web_user_hidden(s->cfg->spool, ids[i]))
			s->hidden[s->nhidden++] = xstrdup(ids[i]);
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

/* Whether board g goes on the site: a game that is played or over
 * (not a challenge, not cancelled), neither player off the site, and
 * when it forbids observers only once it has ended. */
static int on_site(const struct web_site *s, const struct game *g)
{
	if (!web_board_shown(g))
		return 0;
	return !web_hidden(s, g->white) && !web_hidden(s, g->black);
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
		for (i = 0; i < n; i++) {
			struct game g;
			int rc = game_load(&g, s->cfg->spool, spool_games[k], boards[i],
			                   &err);
			if (rc != 0) {
				if (rc < 0)
					/* TRANSLATORS: a game's name, a board's
					 * number, why its file cannot be read. */
					web_tell(stderr, N_("epamserv: web: board %s "
					         "%ld left out: %s\n"), spool_games[k],
					         boards[i], err);
				free(err);
				err = NULL;
				continue;
			}
			if (on_site(s, &g)) {
				if (s->nboards == s->capboards) {
					s->capboards = s->capboards ? 2 * s->capboards : 256;
					s->boards = xrealloc(s->boards, s->capboards *
					                     sizeof *s->boards);
				}
				if (web_board_pages(s, &g, &s->boards[s->nboards]) == 0)
					s->nboards++;
			}
			game_free(&g);
		}
		free(boards);
	}
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

int web_make(const struct config *cfg, const char *dir, int verbose)
{
	struct web_site s;
	char *err = NULL;
	const char *was;
	size_t i;
	int fd, rc = 0;

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
	s.verbose = verbose;
	s.now = util_now();
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
	load_hidden(&s);
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
	if (verbose)
		/* TRANSLATORS: the pages written, kept and removed. */
		printf(ngettext("%ld page written, %ld unchanged, %ld removed\n",
		                "%ld pages written, %ld unchanged, %ld removed\n",
		                s.written), s.written, s.kept, s.removed);
	rc = s.failed ? 1 : 0;
	web_manifest_free(&s.old);
	web_manifest_free(&s.made);
	for (i = 0; i < s.nhidden; i++)
		free(s.hidden[i]);
	free(s.hidden);
	free(s.paged);
	free(s.boards);
	ratings_free(&s.r);
	close(fd);
	return rc;
}
