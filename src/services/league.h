/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * league.h - the recurring league (issue 17, Little Golem's championship
 * as the model): "GAME league join|leave USERID PASSWORD", "GAME league
 * show" (commands/tourney/league.c), its file and the next season's
 * order (league_file.c), and its sweep (league_sweep.c, league_sweep),
 * both here in src/services.
 *
 * The league file SPOOL/league/GAME, versioned text like the tournament
 * files:
 *
 *   epamserv-league 1
 *   game: epaminondas
 *   season: 2                  (the current season, 0 before the first)
 *   started: 2026-12-01T12:00:00Z   (its start, - before the first)
 *   member: USERID             (entered in the next season; in joining
 *                               order; "league leave" removes the line)
 *   entry: DIVISION USERID     (the current season's divisions, 1 the
 *                               top; in the order they were made)
 *
 * Each division D of season S is a round robin tournament named
 * league-S-D (tournaments/league-S-D, organiser "league"), made and
 * started by the sweep with tourney_start: its boards, their mails,
 * its tables and the ratings are the tournaments' (tournament.c,
 * ttable.c).  "tournament create" refuses names starting "league-".
 *
 * The season (league_sweep): a season is over when every division's
 * tournament has finished, or league_season_days after its start (then
 * the standings of that day count; games still running are played out,
 * rated, but no longer count for the league).  The sweep then starts the
 * next one when at least 3 members remain (the first: once 3 have
 * joined).  The order of the next season (next_order):
 *   - between divisions d and d+1, m = min(p(d), p(d+1)) players swap:
 *     the top m of d+1 go up, the bottom m of d go down, where p(n) = 2
 *     for a division of 6 or more players, 1 for 3 to 5;
 *   - the new division d is listed: those relegated from d-1 (in their
 *     places), those who stay (in their places), those promoted from d+1;
 *     the divisions are put one after the other, division 1 first;
 *   - players who left are taken out (the players below move up one
 *     place each: a place freed in a division goes to the best placed
 *     player below it); new members follow at the bottom, by rating
 *     (best first, then userid);
 *   - the list is cut into divisions of league_division_size, and a last
 *     one of fewer than 3 players joins the one above it (so a division
 *     has 3 to league_division_size + 2 players).
 *
 * Locks: the league file is changed under "tournaments" then "next-GAME"
 * (the tournaments' order, tfile.h): the sweep's season start makes the
 * division tournaments under the same two locks.  The season's file is
 * committed first, then each division in its own transaction (the next
 * board number is read from disk); a sweep that stopped half-way makes
 * the divisions still missing at its next run.
 */
#ifndef EPAM_SERVICES_LEAGUE_H
#define EPAM_SERVICES_LEAGUE_H

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "services/svc.h"
#include "util/conf.h"
#include "util/util.h"
#include "spool/formats.h"
#include "spool/lock.h"
#include "spool/txn.h"
#include "util/buf.h"

#define LG_MAGIC FORMAT_LINE("epamserv-league", FORMAT_LEAGUE)
#define LG_MAX 200          /* most members, and entries of a season */
#define LG_DIVS_MAX 100     /* most divisions (LG_MAX / 3 and more, so
                               no division is over TF_PLAYERS_MAX) */
#define LG_ORGANISER "league"

struct lentry { int div; char userid[32]; };

struct lfile {
	char game[16];
	int season;
	time_t started;
	char member[LG_MAX][32];
	int nmembers;
	struct lentry entry[LG_MAX];
	int nentries;
	int ndivs;                 /* the highest division of the entries */
};

/* One division of the current season as it stands: its players ranked
 * (the tournament's table: score, Sonneborn-Berger, number), and their
 * scores in half-points (-1 unknown: no table). */
struct ldiv {
	char userid[LG_MAX][32];
	int score[LG_MAX];
	int n;
	int finished;              /* its tournament has finished */
};

/* Zeroed memory for n of size (xmalloc's: never NULL). */
static inline void *zalloc(size_t n, size_t size)
{
	void *p = xmalloc(n * size);

	memset(p, 0, n * size);
	return p;
}

/* "league-S-D" into buf. */
void lg_tname(int season, int div, char *buf, size_t len);

/* Whether userid is a member of lf (in the next season): 1 or 0. */
int lg_member(const struct lfile *lf, const char *userid);

/* Load the league of game into lf.  0 (a file that does not exist
 * gives an empty league before its first season), -1 with *err
 * (malloc'ed) when it cannot be read or is damaged. */
int lg_load(const char *spool, const char *game, struct lfile *lf,
            char **err);

/* Write lf's file into t (held locks: lg_lock's). */
void put_lf(struct txn *t, const struct lfile *lf);

/* Take "tournaments" then "next-GAME" and load the league of game.
 * CMD_DONE with both held (release with tf_unlock), or CMD_TEMPFAIL. */
enum cmd_status lg_lock(struct svc *s, const char *game,
                        struct lfile *lf, struct lock *l1,
                        struct lock *l2, char *key, size_t keylen);

/* Players who swap between divisions of n and n2 players. */
int swaps(int n, int n2);

/* Division d of lf's season into dv.  0, or -1 (a file cannot be read,
 * logged: the season waits). */
int division_of(struct svc *s, const struct lfile *lf, int d,
                struct ldiv *dv);

/* The next season's entries of lf (its season's divisions dv[1..k],
 * its members) into out: see the rule at the top of this file.  Returns the number
 * of entries, -1 when the ratings cannot be read. */
int next_order(struct svc *s, const struct lfile *lf,
               struct ldiv *dv, int k, struct lentry *out);

/* ---- the league's sweep (league_sweep.c) and its file's text ---- */

/* The sweep's part: a season over (every division's tournament finished,
 * or league_season_days gone) and at least 3 members: the next season's
 * divisions (promotion, relegation, new players), each a round robin
 * tournament league-S-D started by the server. */
void league_sweep(const struct config *cfg);
/* "epamserv config --check": league_options read as every game's
 * boards would take them; each problem written to out.  The number of
 * problems (0 with the league off). */
int league_check(const struct config *cfg, FILE *out);
/* The league file of game (SPOOL/league/GAME) read as the league's
 * commands read it and formatted as they would write it back
 * (malloc'ed, caller frees; a missing file gives the empty league's
 * text), or NULL with *err (malloc'ed) when it cannot be read or is
 * damaged.  For tests/fuzz/fuzz_files.c, which checks the round trip. */
char *league_file_text(const char *spool, const char *game, char **err);

#endif
