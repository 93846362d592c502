/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * clock.c - times in a player's time zone, the clock of a board as the
 * commands, the sweep, the digest and the web site read it, and the time
 * a move counts at (issue 15: deadlines you can see, claim, late moves,
 * reminders, forfeits on time; clock.h).
 *
 * A player's zone is an IANA name ("Europe/Berlin") from the tz
 * database installed with Debian's tzdata under /usr/share/zoneinfo;
 * "" (the default) is UTC.  The conversion is the C library's: TZ is
 * set to the zone for one localtime_r and put back as it was (epamserv
 * is a single-threaded batch program).  No zone rule is written here.
 */
#include "services/clock.h"
#include "game/clock.h"
#include "spool/spool.h"
#include "spool/users.h"
#include "util/datewords.h"
#include "util/tz.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define ZONEINFO "/usr/share/zoneinfo"

/* Names under /usr/share/zoneinfo that are not places a player lives
 * in: tzdata's helper links and the "posix/" and "right/" copies. */
static const char *const not_zones[] = {
	"posixrules", "localtime", "Factory", "leapseconds", "leap-seconds",
	"tzdata.zi", "zone.tab", "zone1970.tab", "iso3166.tab", "SECURITY",
	NULL
};

int deadline_zone_ok(const char *name)
{
	char path[128], magic[4];
	struct stat st;
	size_t i, n = name ? strlen(name) : 0;
	FILE *f;
	int ok;

	/* A letter first, then letters, digits, "_+-" and single "/"
	 * between parts: no "..", no absolute path, no "./". */
	if (n == 0 || n >= 64 || !isalpha((unsigned char)name[0]))
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)name[i];
		if (ch == '/') {
			if (name[i + 1] == '\0' || !isalpha((unsigned char)name[i + 1]))
				return 0;
		} else if (!isalnum(ch) && !strchr("_+-", ch)) {
			return 0;
		}
	}
	for (i = 0; not_zones[i]; i++)
		if (strncmp(name, not_zones[i], strlen(not_zones[i])) == 0)
			return 0;
	if (strncmp(name, "posix/", 6) == 0 || strncmp(name, "right/", 6) == 0)
		return 0;
	snprintf(path, sizeof path, "%s/%s", ZONEINFO, name);
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	/* A compiled zone file (tzfile(5)) starts "TZif". */
	if (!(f = fopen(path, "rb")))
		return 0;
	ok = fread(magic, 1, 4, f) == 4 && memcmp(magic, "TZif", 4) == 0;
	fclose(f);
	return ok;
}

void deadline_words(const struct user *u, time_t t, char *buf, size_t len)
{
	const char *zone = u && u->timezone[0] && deadline_zone_ok(u->timezone)
	                   ? u->timezone : NULL;
	char abbr[16] = "UTC";
	struct tz_saved z;
	struct tm tm;

	if (!len)
		return;
	if (zone) {
		tz_enter(&z, zone);
		localtime_r(&t, &tm);
		if (!strftime(abbr, sizeof abbr, "%Z", &tm))
			snprintf(abbr, sizeof abbr, "%.15s", zone);
		tz_leave(&z);
	} else {
		gmtime_r(&t, &tm);
	}
	date_time_words(&tm, abbr, buf, len);
}

int board_clock(const struct svc *s, const struct game *g,
                struct board_clock *k)
{
	struct user u;
	char *err = NULL;
	long limit = (long)s->cfg->forfeit_days * 86400;
	const char *mover = game_to_move(g);

	memset(k, 0, sizeof *k);
	if (g->state != GAME_ACTIVE)
		return -1;
	k->side = g->pos.to_move == EP_WHITE ? 0 : 1;
	if (user_load(s->cfg->spool, mover, &u, &err) == 0) {
		k->nleave = user_leave_spans(&u, k->leave, USER_MAX_LEAVE + 1);
		k->away = user_on_vacation(&u, s->now);
		user_free(&u);
	} else {
		free(err);
	}
	k->deadline = clock_deadline(g, limit, k->leave, k->nleave);
	k->turn = clock_turn_start(g);
	clock_banks(g, limit, k->bank);
	return 0;
}

long board_clock_left(const struct svc *s, const struct game *g,
                      const struct board_clock *k, time_t at)
{
	return clock_left(g, k->side, at, (long)s->cfg->forfeit_days * 86400,
	                  k->leave, k->nleave);
}

void timeout_headline(const struct game *g, const char *loser,
                      struct headline *h)
{
	/* TRANSLATORS: the player whose time ran out, the board, then the
	 * opponent. */
	headline_say(h, N_("%s's time ran out on board %ld: %s wins on time."),
	             loser, g->board, game_opponent(g, loser));
}

time_t board_move_time(const struct svc *s, const struct game *g)
{
	time_t t = s->arrival && s->arrival < s->now ? s->arrival : s->now;
	time_t floor = g->nmoves ? g->moves[g->nmoves - 1].when
	                         : clock_game_start(g);

	return t < floor ? floor : t;
}

void board_clock_note(const struct svc *sv, struct game *g)
{
	struct user u;
	struct time_span s[USER_MAX_LEAVE + 1];
	const char *mover;
	char *err = NULL;
	size_t n;

	if (!g->nmoves || g->tc.kind == TC_DAYS)
		return;
	mover = (g->start.to_move + g->nmoves - 1) % 2 == 0 ? g->white : g->black;
	if (user_load(sv->cfg->spool, mover, &u, &err) != 0) {
		free(err);
		clock_note_move(g, NULL, 0);
		return;
	}
	n = user_leave_spans(&u, s, USER_MAX_LEAVE + 1);
	clock_note_move(g, s, n);
	user_free(&u);
}
