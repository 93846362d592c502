/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * clock.c - time controls and the clock of a game, replayed from its
 * moves (clock.h).
 */
#include "game/clock.h"
#include "game/game.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HOUR 3600L
#define DAY 86400L

void tc_default(struct time_control *tc)
{
	memset(tc, 0, sizeof *tc);
	tc->kind = TC_DAYS;
}

/* "7d", "36h": a number and a unit; *p moves past it.  Seconds, or -1. */
static long tc_amount(const char **p)
{
	const char *s = *p;
	long n = 0;
	int digits = 0;

	while (isdigit((unsigned char)*s) && digits < 5) {
		n = n * 10 + (*s++ - '0');
		digits++;
	}
	if (!digits || isdigit((unsigned char)*s))
		return -1;
	if (*s == 'd' || *s == 'D')
		n *= DAY;
	else if (*s == 'h' || *s == 'H')
		n *= HOUR;
	else
		return -1;
	*p = s + 1;
	return n;
}

/* The refusal of a -time value that is none of the forms. */
static void bad_form(char *err, size_t len, const char *value)
{
	/* TRANSLATORS: START, INC, MAX, N, D, d and h are the notation of
	 * -time; %.40s is the value the player wrote.
	 * Keep the options (-time, -time=7d+2d/14d, -time=10/30d) as they
	 * are: what a player types. */
	errlang_snprintf(err, len, N_("-time is START+INC[/MAX] (a bank: "
	                 "-time=7d+2d/14d), N/Dd (N moves in D days: "
	                 "-time=10/30d) or Nd (N days a move), with units d "
	                 "and h, not '%.40s'"), value);
}

int tc_parse(struct time_control *tc, const char *value, char *err,
             size_t len)
{
	struct time_control t = *tc;
	const char *p = value;
	long a;

	if (isdigit((unsigned char)*p) && strchr(p, '/') &&
	    !strchr(p, '+')) {
		/* N/Dd */
		char *end;
		long n = strtol(p, &end, 10);
		if (*end != '/' || n < 1 || n > 100 || end - p > 3) {
			/* TRANSLATORS: keep the options (-time,
			 * -time=7d+2d/14d, -time=10/30d) as they are: what
			 * a player types. */
			errlang_snprintf(err, len, N_("-time is "
			                 "START+INC[/MAX] (a bank: "
			                 "-time=7d+2d/14d), N/Dd (N moves in "
			                 "D days: -time=10/30d) or Nd (N days "
			                 "a move), with units d and h; N is 1 "
			                 "to 100 moves, not '%.20s'"), value);
			return -1;
		}
		p = end + 1;
		if ((a = tc_amount(&p)) < 0 || *p) {
			bad_form(err, len, value);
			return -1;
		}
		if (a < HOUR || a > 365 * DAY) {
			/* TRANSLATORS: keep the options (-time=N/Dd) as
			 * they are: what a player types. */
			errlang_snprintf(err, len, N_("-time=N/Dd: D is 1 "
			                 "hour to 365 days, not '%.40s'"),
			                 value);
			return -1;
		}
		t.kind = TC_MOVES;
		t.moves = (int)n;
		t.period = a;
		t.start = t.inc = t.max = 0;
		*tc = t;
		return 0;
	}
	if ((a = tc_amount(&p)) < 0) {
		bad_form(err, len, value);
		return -1;
	}
	t.kind = TC_BANK;
	t.moves = 0;
	t.period = 0;
	t.start = a;
	if (!*p) {
		t.inc = t.max = a;   /* Nd: N days a move */
	} else if (*p == '+') {
		p++;
		if ((t.inc = tc_amount(&p)) < 0) {
			bad_form(err, len, value);
			return -1;
		}
		t.max = 0;
		if (*p == '/') {
			p++;
			if ((t.max = tc_amount(&p)) < 0) {
				bad_form(err, len, value);
				return -1;
			}
		}
		if (*p) {
			bad_form(err, len, value);
			return -1;
		}
	} else {
		bad_form(err, len, value);
		return -1;
	}
	if (t.start < HOUR || t.start > 365 * DAY) {
		errlang_snprintf(err, len, N_("-time: START is 1 hour to 365 "
		                 "days, not '%.40s'"), value);
		return -1;
	}
	if (t.inc > 60 * DAY) {
		errlang_snprintf(err, len, N_("-time: INC is at most 60 days, "
		                 "not '%.40s'"), value);
		return -1;
	}
	if (t.max && (t.max < t.start || t.max > 365 * DAY)) {
		errlang_snprintf(err, len, N_("-time: MAX is at least START "
		                 "and at most 365 days, not '%.40s'"), value);
		return -1;
	}
	*tc = t;
	return 0;
}

/* Seconds as the shortest "Nd" or "Nh". */
static void tc_unit(long s, char *buf, size_t len)
{
	if (s % DAY == 0)
		snprintf(buf, len, "%ldd", s / DAY);
	else
		snprintf(buf, len, "%ldh", s / HOUR);
}

void tc_format(const struct time_control *tc, char *buf, size_t len)
{
	char a[24], b[24], m[24];

	switch (tc->kind) {
	case TC_BANK:
		tc_unit(tc->start, a, sizeof a);
		if (tc->inc == tc->start && tc->max == tc->start) {
			snprintf(buf, len, "%s", a);
			return;
		}
		tc_unit(tc->inc, b, sizeof b);
		if (tc->max) {
			tc_unit(tc->max, m, sizeof m);
			snprintf(buf, len, "%s+%s/%s", a, b, m);
		} else
			snprintf(buf, len, "%s+%s", a, b);
		return;
	case TC_MOVES:
		tc_unit(tc->period, a, sizeof a);
		snprintf(buf, len, "%d/%s", tc->moves, a);
		return;
	default:
		snprintf(buf, len, "%s", "");
	}
}

/* "2 days", "36 hours" */
static void tc_words(long s, char *buf, size_t len)
{
	if (s % DAY == 0)
		snprintf(buf, len, ngettext("%ld day", "%ld days", s / DAY),
		         s / DAY);
	else
		snprintf(buf, len, ngettext("%ld hour", "%ld hours", s / HOUR),
		         s / HOUR);
}

void tc_describe(const struct time_control *tc, long days_limit, char *buf,
                 size_t len)
{
	char a[32], b[32], m[32];
	int claim = tc->claim;

	/* TRANSLATORS: the %s here and below are amounts of time ("2
	 * days", "36 hours"): the bank at the start, what each move adds,
	 * the most the bank holds, the time for each move. */
	switch (tc->kind) {
	case TC_BANK:
		tc_words(tc->start, a, sizeof a);
		if (tc->inc == tc->start && tc->max == tc->start) {
			snprintf(buf, len, claim
			         ? _("%s a move; when the time is out, the opponent "
			             "may claim the game")
			         : _("%s a move; when the time is out, the game is "
			             "lost"), a);
			return;
		}
		tc_words(tc->inc, b, sizeof b);
		if (tc->max) {
			tc_words(tc->max, m, sizeof m);
			snprintf(buf, len, claim
			         ? _("%s, %s more a move, at most %s; when the time "
			             "is out, the opponent may claim the game")
			         : _("%s, %s more a move, at most %s; when the time "
			             "is out, the game is lost"), a, b, m);
		} else
			snprintf(buf, len, claim
			         ? _("%s, %s more a move; when the time is out, the "
			             "opponent may claim the game")
			         : _("%s, %s more a move; when the time is out, the "
			             "game is lost"), a, b);
		return;
	case TC_MOVES:
		tc_words(tc->period, a, sizeof a);
		/* TRANSLATORS: a number of moves, then an amount of time. */
		snprintf(buf, len, claim
		         ? ngettext("%d move in %s, the time not used carried "
		                    "over; when the time is out, the opponent may "
		                    "claim the game", "%d moves in %s, the time not "
		                    "used carried over; when the time is out, the "
		                    "opponent may claim the game", tc->moves)
		         : ngettext("%d move in %s, the time not used carried "
		                    "over; when the time is out, the game is lost",
		                    "%d moves in %s, the time not used carried "
		                    "over; when the time is out, the game is lost",
		                    tc->moves), tc->moves, a);
		return;
	default:
		tc_words(days_limit, a, sizeof a);
		snprintf(buf, len, claim
		         ? _("%s for each move, counted from the opponent's last "
		             "move; when the time is out, the opponent may claim "
		             "the game")
		         : _("%s for each move, counted from the opponent's last "
		             "move; when the time is out, the game is lost"), a);
	}
}

/* "1 day 3 hours": two amounts, each with its own count (one sentence
 * cannot take two ngettext counts), put together by a translatable
 * pattern. */
static void two_units(char *buf, size_t len, const char *big, long nbig,
                      const char *small, long nsmall)
{
	char x[32], y[32];

	snprintf(x, sizeof x, big, nbig);
	snprintf(y, sizeof y, small, nsmall);
	/* TRANSLATORS: the time left on a clock, as the larger unit then
	 * the smaller: "1 day 3 hours", "2 hours 5 minutes". */
	snprintf(buf, len, _("%1$s %2$s"), x, y);
}

void clock_format_left(long s, char *buf, size_t len)
{
	long d, h, m;

	if (s < 0)
		s = 0;
	d = s / DAY;
	h = s % DAY / HOUR;
	m = s % HOUR / 60;
	if (d)
		two_units(buf, len, ngettext("%ld day", "%ld days", d), d,
		          ngettext("%ld hour", "%ld hours", h), h);
	else if (h)
		two_units(buf, len, ngettext("%ld hour", "%ld hours", h), h,
		          ngettext("%ld minute", "%ld minutes", m), m);
	else if (m)
		snprintf(buf, len, ngettext("%ld minute", "%ld minutes", m), m);
	else
		snprintf(buf, len, "%s", _("less than a minute"));
}

static int span_cmp(const void *a, const void *b)
{
	const struct time_span *x = a, *y = b;

	return (x->from > y->from) - (x->from < y->from);
}

/* The spans sorted by start (malloc'ed copy, NULL when n is 0). */
static struct time_span *spans_sorted(const struct time_span *s, size_t n)
{
	struct time_span *v;

	if (!n)
		return NULL;
	v = xmalloc(n * sizeof *v);
	memcpy(v, s, n * sizeof *v);
	qsort(v, n, sizeof *v, span_cmp);
	return v;
}

long clock_span_overlap(const struct time_span *s, size_t n, time_t a,
                        time_t b)
{
	struct time_span *v;
	time_t cur = a;
	long total = 0;
	size_t i;

	if (b <= a || !n)
		return 0;
	v = spans_sorted(s, n);
	for (i = 0; i < n && cur < b; i++) {
		time_t from = v[i].from > cur ? v[i].from : cur;
		time_t until = v[i].until < b ? v[i].until : b;
		if (until > from) {
			total += (long)(until - from);
			cur = until;
		}
	}
	free(v);
	return total;
}

time_t clock_game_start(const struct game *g)
{
	time_t t = g->agreed[0] > g->agreed[1] ? g->agreed[0] : g->agreed[1];

	return t > 1 ? t : g->created;
}

time_t clock_turn_start(const struct game *g)
{
	time_t start = clock_game_start(g);

	/* The last move, not the file's last change: a submit, a queue or
	 * a draw offer changes "updated" and must not give the player to
	 * move more time (for TC_DAYS too). */
	if (g->nmoves && g->moves[g->nmoves - 1].when > start)
		return g->moves[g->nmoves - 1].when;
	return start;
}

void clock_banks(const struct game *g, long days_limit, long bank[2])
{
	time_t turn = clock_game_start(g);
	int made[2] = { 0, 0 };
	size_t i;

	if (g->tc.kind == TC_DAYS) {
		bank[0] = bank[1] = days_limit;
		return;
	}
	bank[0] = bank[1] = g->tc.kind == TC_BANK ? g->tc.start : g->tc.period;
	/* The sides alternate, one move a turn, from the starting
	 * position's side to move. */
	for (i = 0; i < g->nmoves; i++) {
		int side = (int)((g->start.to_move + i) % 2);
		long used = (long)(g->moves[i].when - turn) - g->moves[i].stopped;
		long b = bank[side] - (used > 0 ? used : 0);
		if (b < 0)
			b = 0;
		made[side]++;
		if (g->tc.kind == TC_BANK) {
			b += g->tc.inc;
			if (g->tc.max && b > g->tc.max)
				b = g->tc.max;
		} else if (made[side] % g->tc.moves == 0) {
			b += g->tc.period;
		}
		bank[side] = b;
		turn = g->moves[i].when;
	}
}

time_t clock_deadline(const struct game *g, long days_limit,
                      const struct time_span *leave, size_t n)
{
	struct time_span *v;
	time_t cur;
	long bank[2], remaining;
	size_t i;

	if (g->state != GAME_ACTIVE)
		return 0;
	cur = clock_turn_start(g);
	v = spans_sorted(leave, n);
	if (g->tc.kind == TC_DAYS) {
		/* A leave that overlaps the wait starts the count again when
		 * it ends. */
		for (i = 0; i < n; i++)
			if (v[i].from < cur + days_limit && v[i].until > cur)
				cur = v[i].until;
		free(v);
		return cur + days_limit;
	}
	clock_banks(g, days_limit, bank);
	remaining = bank[g->pos.to_move == EP_WHITE ? 0 : 1];
	for (i = 0; i < n; i++) {
		if (v[i].until <= cur)
			continue;
		if (v[i].from > cur) {
			if ((long)(v[i].from - cur) >= remaining)
				break;
			remaining -= (long)(v[i].from - cur);
		}
		cur = v[i].until;
	}
	free(v);
	return cur + remaining;
}

long clock_left(const struct game *g, int side, time_t now, long days_limit,
                const struct time_span *leave, size_t n)
{
	long bank[2];
	time_t deadline;

	if (g->state == GAME_ACTIVE && side == (g->pos.to_move == EP_WHITE ? 0 : 1)) {
		deadline = clock_deadline(g, days_limit, leave, n);
		if (now >= deadline)
			return (long)(deadline - now);
		return (long)(deadline - now) - clock_span_overlap(leave, n, now,
		                                                    deadline);
	}
	clock_banks(g, days_limit, bank);
	return bank[side];
}

void clock_note_move(struct game *g, const struct time_span *leave, size_t n)
{
	time_t turn;
	struct game_move *m;

	if (!g->nmoves)
		return;
	m = &g->moves[g->nmoves - 1];
	m->stopped = 0;
	if (g->tc.kind == TC_DAYS)
		return;   /* no bank: the file keeps no stopped lines */
	turn = g->nmoves > 1 ? g->moves[g->nmoves - 2].when : clock_game_start(g);
	m->stopped = clock_span_overlap(leave, n, turn, m->when);
}

long tc_pace(const struct time_control *tc, long days_limit)
{
	switch (tc->kind) {
	case TC_BANK: {
		/* The first move has START alone ("1h+21d": an hour). */
		long run = tc->max > 0 && tc->max < tc->inc ? tc->max : tc->inc;
		return tc->start < run ? tc->start : run;
	}
	case TC_MOVES:
		return tc->moves > 0 ? tc->period / tc->moves : 0;
	case TC_DAYS:
	default:
		return days_limit;
	}
}
