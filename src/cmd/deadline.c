/*
 * deadline.c - a deadline in words, and the clock of a board as the
 * commands and the sweep read it (issue 15: claim, late moves,
 * reminders, forfeits on time).
 */
#include "cmd/cmd.h"
#include "cmd/held.h"
#include "game/clock.h"
#include "spool/spool.h"
#include "spool/users.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void deadline_words(const struct user *u, time_t t, char *buf, size_t len)
{
	struct tm tm;
	char day[40];

	(void)u;  /* the player's time zone: not yet (UTC for everyone) */
	if (!gmtime_r(&t, &tm) ||
	    strftime(day, sizeof day, "%a %d %b %Y %H:%M", &tm) == 0) {
		snprintf(buf, len, "%s", "?");
		return;
	}
	/* "Tue 08 Dec" -> "Tue 8 Dec" */
	if (day[4] == '0')
		memmove(day + 4, day + 5, strlen(day + 5) + 1);
	snprintf(buf, len, "%s UTC", day);
}

int board_clock(const struct cmdctx *c, const struct game *g,
                struct board_clock *k)
{
	struct user u;
	char *err = NULL;
	long limit = (long)c->cfg->forfeit_days * 86400;
	const char *mover = game_to_move(g);

	memset(k, 0, sizeof *k);
	if (g->state != GAME_ACTIVE)
		return -1;
	k->side = g->pos.to_move == EP_WHITE ? 0 : 1;
	if (user_load(c->cfg->spool, mover, &u, &err) == 0) {
		k->nleave = user_leave_spans(&u, k->leave, USER_MAX_LEAVE + 1);
		k->away = user_on_vacation(&u, c->now);
		user_free(&u);
	} else {
		free(err);
	}
	k->deadline = clock_deadline(g, limit, k->leave, k->nleave);
	k->turn = clock_turn_start(g);
	clock_banks(g, limit, k->bank);
	return 0;
}

long board_clock_left(const struct cmdctx *c, const struct game *g,
                      const struct board_clock *k, time_t at)
{
	return clock_left(g, k->side, at, (long)c->cfg->forfeit_days * 86400,
	                  k->leave, k->nleave);
}

int board_mail_waiting(const struct cmdctx *c, const struct game *g)
{
	struct held_entry *v = NULL;
	char rel[128];
	size_t n = 0, i;
	int found = 0;

	spool_board_path(g->game, g->board, rel, sizeof rel);
	if (held_list(c->cfg->spool, &v, &n) < 0)
		return 1;  /* cannot tell: wait */
	for (i = 0; i < n && !found; i++)
		found = strcmp(v[i].file, rel) == 0;
	free(v);
	return found;
}

void timeout_headline(const struct game *g, const char *loser, char *buf,
                      size_t len)
{
	snprintf(buf, len, "%s's time ran out on board %ld: %s wins on time.",
	         loser, g->board, game_opponent(g, loser));
}
