/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * notify.c - the service half of notify (pbmserv's, issue 15): a game
 * that ends (board_save) mails its final board to everyone who asked
 * for it with "GAME notify" (the command: commands/games/notify.c) and
 * gets no board mail of it anyway.  The requests are read from the
 * index SPOOL/notify (the format: notify.h), then from the user files
 * of the lines that match.
 */
#include "services/notify.h"
#include "services/boardmail.h"
#include "spool/users.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The index text (malloc'ed, caller frees): "" when there is none yet;
 * NULL on a read error (logged). */
char *notify_index_read(const char *spool)
{
	char path[4200], *text;

	snprintf(path, sizeof path, "%s/%s", spool, NOTIFY_INDEX);
	text = util_read_file(path, NOTIFY_INDEX_MAX, NULL);
	if (!text && errno == ENOENT)
		return xstrdup("");
	if (!text)
		log_msg(LOG_ERR, "cannot read %s: %s\n", path, strerror(errno));
	return text;
}

/* Whether u asks for board of game already (or for all of game). */
int notify_has(const struct user *u, const char *game, long board)
{
	size_t i;

	for (i = 0; i < u->nnotify; i++)
		if (strcmp(u->notify[i].game, game) == 0 &&
		    (u->notify[i].board == board || u->notify[i].board < 0))
			return 1;
	return 0;
}

/* Whether userid gets g's final board mail anyway: a player, or an
 * observer (when observers are on). */
static int notify_gets_board(const struct game *g, const char *userid)
{
	return game_side_of(g, userid) >= 0 ||
	       (!g->no_observers && game_observer_find(g, userid) >= 0);
}

enum cmd_status notify_game_end(struct svc *s, struct txn *t,
                                const struct game *g,
                                const struct headline *h)
{
	char *text = notify_index_read(s->cfg->spool), *line, *next;
	char last[32] = "";
	struct buf said = BUF_INIT, head = BUF_INIT;
	enum cmd_status st = CMD_DONE;
	const char *saved = s->bm.subject;
	struct headline *saved_h = s->bm.headline;

	if (!text)
		return CMD_DONE;  /* logged; a notice is not worth the move */
	s->bm.subject = NULL;
	s->bm.headline = NULL;  /* head is the whole headline */
	for (line = text; *line && st == CMD_DONE; line = next) {
		char userid[32], game[16], extra;
		long board;
		struct user u;
		char *err = NULL;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (sscanf(line, "%31s %15s %ld %c", userid, game, &board,
		           &extra) != 3 || strcmp(game, g->game) != 0 ||
		    (board >= 0 && board != g->board) || g->no_observers ||
		    strcmp(userid, last) == 0 ||
		    notify_gets_board(g, userid))
			continue;
		if (user_load(s->cfg->spool, userid, &u, &err) != 0) {
			free(err);
			continue;
		}
		if (user_confirmed(&u) && notify_has(&u, g->game, g->board)) {
			/* In the subscriber's language (issue 32). */
			const char *was = i18n_use(u.language);
			buf_reset(&said);
			buf_reset(&head);
			headline_write(h, g, &said);
			/* TRANSLATORS: %s is the board mail's headline (whole
			 * sentences). */
			buf_printf(&head, _("%s  (You asked to be told when this "
			           "game ends: notify.)"), buf_str(&said));
			snprintf(last, sizeof last, "%s", userid);
			s->bm.no_token = 1;
			st = reply_board(s, t, g, buf_str(&head), "", NULL,
			                 user_address(&u));
			s->bm.no_token = 0;
			i18n_use(was);
		}
		user_free(&u);
	}
	s->bm.subject = saved;
	s->bm.headline = saved_h;
	buf_free(&said);
	buf_free(&head);
	free(text);
	return st;
}
