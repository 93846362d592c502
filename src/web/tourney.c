/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tourney.c - a page per tournament (issue 17's files in
 * SPOOL/tournaments): what it is, its standings once it runs (the table
 * of ttable.c, read from its boards) and its boards by round.  A player
 * who set web off is listed as "a player off the site" and their
 * boards have no link (they are not on the site).
 */
#include "web/web.h"

#include "services/tfile.h"
#include "services/ttable.h"
#include "util/i18n.h"
#include "util/util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const state_words[] = { N_("open for players"),
                                           N_("running"), N_("cancelled"),
                                           N_("finished") };

/* The column heads of the boards' table. */
static const char *const board_heads[] = {
	N_("Round"), N_("White"), N_("Black"), N_("Board"), N_("Result"), NULL
};

/* A player of a tournament page: a link, or words for one off the site. */
static void entrant(struct web_site *s, struct buf *b, const char *userid)
{
	if (web_hidden(s, userid))
		buf_puts(b, _("a player off the site"));
	else
		web_player_link(s, b, "../", userid);
}

/* Half-points as "2.5". */
static void points(struct buf *b, int half)
{
	buf_printf(b, "%d%s", half / 2, half % 2 ? ".5" : "");
}

static void table_rows(struct web_site *s, struct buf *b,
                       const struct tfile *tf, const struct ttable *t)
{
	/* The tie-break's name (Buchholz, Sonneborn-Berger) is a name,
	 * not translated. */
	const char *const heads[] = { N_("Rank"), N_("Player"), N_("Score"),
	                              tf_swiss(tf) ? "Buchholz" : "S-B",
	                              N_("Games over"), NULL };
	int k;

	buf_printf(b, "<h2>%s</h2>\n<div class=\"wide\"><table>\n",
	           _("Standings"));
	web_table_heads(b, heads);
	for (k = 0; k < t->n; k++) {
		int i = t->rank[k];
		const struct tt_row *row = &t->row[i];
		buf_printf(b, "<tr><td>%d</td><td>", k + 1);
		entrant(s, b, tf->player[i].userid);
		buf_puts(b, "</td><td>");
		if (row->cancelled)
			buf_puts(b, _("withdrawn"));
		else
			points(b, row->score);
		buf_puts(b, "</td><td>");
		if (tf_swiss(tf))
			points(b, row->buchholz);
		else
			buf_printf(b, "%d%s", row->sb / 4, (const char *[]){ "", ".25",
			           ".5", ".75" }[row->sb % 4]);
		buf_puts(b, "</td><td>");
		/* TRANSLATORS: a player's games over, of all their games in
		 * the tournament. */
		buf_printf(b, _("%d of %d"), row->finished, row->games);
		buf_puts(b, "</td></tr>\n");
	}
	buf_puts(b, "</table></div>\n");
}

/* The boards of game on the site: s->boards[*first .. *end), a run
 * (site.c walks game by game), ascending by number. */
static void game_run(const struct web_site *s, const char *game,
                     size_t *first, size_t *end)
{
	size_t k = 0;

	while (k < s->nboards && strcmp(s->boards[k].game, game) != 0)
		k++;
	*first = k;
	while (k < s->nboards && strcmp(s->boards[k].game, game) == 0)
		k++;
	*end = k;
}

/* Whether board number is in s->boards[lo .. hi) (game_run's run). */
static int on_site(const struct web_site *s, size_t lo, size_t hi,
                   long number)
{
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (s->boards[mid].board == number)
			return 1;
		if (s->boards[mid].board < number)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

static void board_rows(struct web_site *s, struct buf *b,
                       const struct tfile *tf, const struct ttable *t)
{
	size_t first, end;
	int i;

	game_run(s, tf->game, &first, &end);
	buf_printf(b, "<h2>%s</h2>\n<div class=\"wide\"><table>\n",
	           _("Boards"));
	web_table_heads(b, board_heads);
	for (i = 0; i < tf->nboards; i++) {
		const struct tf_board *tb = &tf->boards[i];
		int res = t ? t->result[i] : -1;
		buf_printf(b, "<tr><td>%d</td><td>", tb->round);
		entrant(s, b, tb->white);
		buf_puts(b, "</td><td>");
		entrant(s, b, tb->black);
		buf_puts(b, "</td><td>");
		if (!on_site(s, first, end, tb->number))
			buf_printf(b, "%ld", tb->number);
		else
			buf_printf(b, "<a href=\"../boards/%s-%ld.html\">%ld</a>",
			           tf->game, tb->number, tb->number);
		buf_printf(b, "</td><td>%s</td></tr>\n", res < 0 ? _("playing") :
		           res == 2 ? "1-0" : res == 1 ? "1/2-1/2" : "0-1");
	}
	buf_puts(b, "</table></div>\n");
}

/* The page of tournament name; its line of the index into list. */
static void tourney_page(struct web_site *s, const char *name,
                         struct buf *list)
{
	struct tfile tf;
	struct ttable t;
	struct buf b = BUF_INIT, link = BUF_INIT;
	char path[64], title[96], *err = NULL;
	int have_table = 0, i;

	if (tf_load(s->cfg->spool, name, &tf, &err) != 0) {
		if (err)
			/* TRANSLATORS: a tournament's name, then why it
			 * cannot be read. */
			web_tell(stderr, N_("epamserv: web: tournament %s left "
			         "out: %s\n"), name, err);
		free(err);
		return;
	}
	if ((tf.state == TF_RUNNING || tf.state == TF_FINISHED) && tf.nboards &&
	    tt_build(s->cfg, &tf, NULL, &t) == 0)
		have_table = 1;
	/* TRANSLATORS: %s is a tournament's name. */
	snprintf(title, sizeof title, _("Tournament %s"), tf.name);
	web_page_head(&b, title, "../", NULL);
	buf_printf(&b, "<dl>\n<dt>%s</dt><dd>%s</dd>\n<dt>%s</dt><dd>",
	           _("Game"), web_game_title(tf.game), _("Format"));
	buf_put_html(&b, tf.format);
	buf_printf(&b, "</dd>\n<dt>%s</dt><dd>%s</dd>\n<dt>%s</dt><dd>",
	           _("State"), _(state_words[tf.state]), _("Organiser"));
	entrant(s, &b, tf.organiser);
	buf_printf(&b, "</dd>\n<dt>%s</dt><dd>", _("Options"));
	buf_put_html(&b, tf.options[0] ? tf.options : _("the defaults"));
	buf_puts(&b, "</dd>\n");
	if (tf.start[0]) {
		/* Any ten bytes tf_load takes: escaped like every field. */
		buf_printf(&b, "<dt>%s</dt><dd>", _("Start"));
		buf_put_html(&b, tf.start);
		buf_puts(&b, "</dd>\n");
	}
	buf_puts(&b, "</dl>\n");
	if (have_table) {
		table_rows(s, &b, &tf, &t);
	} else {
		buf_printf(&b, "<h2>%s</h2>\n<ul>\n", _("Players"));
		for (i = 0; i < tf.nplayers; i++) {
			buf_puts(&b, "<li>");
			entrant(s, &b, tf.player[i].userid);
			buf_puts(&b, "</li>\n");
		}
		buf_puts(&b, "</ul>\n");
	}
	if (tf.nboards)
		board_rows(s, &b, &tf, have_table ? &t : NULL);
	web_page_foot(&b);
	snprintf(path, sizeof path, "tournaments/%s.html", tf.name);
	web_put(s, path, b.data, b.len, NULL);
	if (!list->len)
		buf_puts(list, "<ul>\n");
	buf_puts(&link, "<a href=\"");
	buf_put_html(&link, path);
	buf_puts(&link, "\">");
	buf_put_html(&link, tf.name);
	buf_puts(&link, "</a>");
	buf_puts(list, "<li>");
	/* TRANSLATORS: a tournament's name (a link), its game's name and
	 * its state ("running"). */
	buf_printf(list, _("%s: %s, %s"), buf_str(&link),
	           web_game_title(tf.game), _(state_words[tf.state]));
	buf_puts(list, "</li>\n");
	buf_free(&link);
	if (have_table)
		tt_free(&t);
	tf_free(&tf);
	buf_free(&b);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void web_tourney_pages(struct web_site *s, struct buf *list)
{
	struct buf d = BUF_INIT;
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	DIR *dir;

	buf_printf(&d, "%s/tournaments", s->cfg->spool);
	dir = util_opendir(buf_str(&d));
	buf_free(&d);
	if (!dir)
		return;
	while ((e = readdir(dir)) != NULL) {
		if (!util_tourney_name_ok(e->d_name))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			names = xrealloc(names, cap * sizeof *names);
		}
		names[n++] = xstrdup(e->d_name);
	}
	closedir(dir);
	if (n)
		qsort(names, n, sizeof *names, name_cmp);
	for (i = 0; i < n; i++) {
		tourney_page(s, names[i], list);
		free(names[i]);
	}
	if (list->len)
		buf_puts(list, "</ul>\n");
	free(names);
}
