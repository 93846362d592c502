/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_ratetable.c - the ratings table (game/ratetable.c, issue 35):
 * what is written reads back bit for bit (so a game rated on the table
 * gives what a replay of the records gives), a table of another rating
 * system, of a newer format or none at all asks for a rebuild as the
 * course of things, and a damaged one (a bad number, userid or class, a
 * missing line) is damage.  Files only in a scratch directory of its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/ratetable.h"
#include "tap.h"

static char dir[] = "/tmp/test_ratetable.XXXXXX";
static char table[256];

static void put(const char *text)
{
	FILE *f = fopen(table, "w");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		perror(table);
		exit(99);
	}
}

/* Ratings of a few games under system, numbers with many digits. */
static void some_ratings(int system, struct ratings *r)
{
	static const char *const who[] = { "alice", "bob", "carol", "dave" };
	struct rating_game g[12];
	struct ratesys_params p;
	int i;

	memset(r, 0, sizeof *r);
	memset(g, 0, sizeof g);
	ratesys_defaults(system, &p);
	for (i = 0; i < 12; i++) {
		strcpy(g[i].game, "epaminondas");
		g[i].board = 101 + i;
		g[i].cls = i % 3 == 2 ? RATING_EPAMINONDAS_SMALL
		                      : RATING_EPAMINONDAS;
		strcpy(g[i].white, who[i % 4]);
		strcpy(g[i].black, who[(i + 1 + i / 4) % 4]);
		g[i].finished = 1796000000 + i * 86400 * 9;
		g[i].score2 = (i * 7) % 3;
		g[i].seq = i + 1;
	}
	ratings_replay(r, system, &p, g, 12);
}

static int same(const struct ratings *a, const struct ratings *b)
{
	size_t i;

	if (a->nplayers != b->nplayers || a->seq != b->seq ||
	    a->rated != b->rated || a->system != b->system)
		return 0;
	for (i = 0; i < a->nplayers; i++) {
		const struct rating_player *x = &a->players[i];
		const struct rating_player *y = &b->players[i];
		if (strcmp(x->userid, y->userid) || x->cls != y->cls ||
		    x->games != y->games || x->wins != y->wins ||
		    x->losses != y->losses || x->draws != y->draws ||
		    x->rating != y->rating ||
		    memcmp(&x->st, &y->st, sizeof x->st) != 0)
			return 0;
	}
	return 1;
}

static void round_trip(int system)
{
	struct ratings r, back;
	char *text, *why = NULL;
	int rc;

	some_ratings(system, &r);
	text = ratetable_format(&r);
	put(text);
	rc = ratetable_read(dir, system, &back, &why);
	is_int(rc, 0, "%s: the table written reads back", ratesys_name(system));
	ok(rc == 0 && same(&r, &back),
	   "%s: every player's state reads back bit for bit",
	   ratesys_name(system));
	ok(ratings_find(&back, "alice", RATING_EPAMINONDAS) &&
	   ratings_of(&back, "alice", RATING_EPAMINONDAS) ==
	   ratings_of(&r, "alice", RATING_EPAMINONDAS),
	   "%s: ratings_of reads the table", ratesys_name(system));
	free(why);
	why = NULL;
	ratings_free(&back);
	rc = ratetable_read(dir, (system + 1) % RATESYS_COUNT, &back, &why);
	ok(rc == 2 && why && back.nplayers == 0,
	   "%s: read under another system it asks for a rebuild, no damage",
	   ratesys_name(system));
	free(why);
	ratings_free(&back);
	ratings_free(&r);
	free(text);
}

/* text (a whole table) must read as damage (1). */
static void damaged(const char *text, const char *what)
{
	struct ratings r;
	char *why = NULL;
	int rc;

	put(text);
	rc = ratetable_read(dir, RATESYS_ELO, &r, &why);
	ok(rc == 1 && why && r.nplayers == 0, "damage: %s (%s)", what,
	   why ? why : "no reason");
	free(why);
	ratings_free(&r);
}

#define HEAD "epamserv-ratings 2\nsystem: elo\n" \
	"params: 1600 32 250 5 0.06 1.2 604800 0 0 0\nseq: 3\nrated: 3\n"

int main(void)
{
	struct ratings r;
	char sub[200], *why = NULL;
	int rc, sys;

	if (!mkdtemp(dir))
		return 99;
	snprintf(sub, sizeof sub, "%s/ratings", dir);
	snprintf(table, sizeof table, "%s/%s", dir, RATETABLE_PATH);
	if (mkdir(sub, 0700) < 0)
		return 99;

	rc = ratetable_read(dir, RATESYS_ELO, &r, &why);
	ok(rc == 2 && why, "no table: a rebuild as the course of things");
	free(why);
	why = NULL;
	ratings_free(&r);

	for (sys = 0; sys < RATESYS_COUNT; sys++)
		round_trip(sys);

	put(HEAD "player: 0 alice 2 1 1 0 1616 0 0 1796000000\n");
	rc = ratetable_read(dir, RATESYS_ELO, &r, &why);
	ok(rc == 0 && r.nplayers == 1 && r.seq == 3 && r.rated == 3 &&
	   ratings_of(&r, "alice", RATING_EPAMINONDAS) == 1616,
	   "a table by hand reads");
	free(why);
	why = NULL;
	ratings_free(&r);

	put("epamserv-ratings 3\nsystem: elo\n");
	rc = ratetable_read(dir, RATESYS_ELO, &r, &why);
	ok(rc == 2 && why,
	   "a newer format: rebuilt, no damage (%s)", why ? why : "-");
	free(why);
	why = NULL;
	ratings_free(&r);

	/* Version 1 (before Stephenson's constants) was written by 1.0:
	 * rebuilt as the course of things, no damage. */
	put("epamserv-ratings 1\nsystem: elo\n"
	    "params: 1600 32 250 5 0.06 1.2 604800\nseq: 3\nrated: 3\n"
	    "player: 0 alice 2 1 1 0 1616 0 0 1796000000\n");
	rc = ratetable_read(dir, RATESYS_ELO, &r, &why);
	ok(rc == 2 && why && r.nplayers == 0,
	   "an older format: rebuilt, no damage (%s)", why ? why : "-");
	free(why);
	why = NULL;
	ratings_free(&r);

	damaged(HEAD "player: 0 alice 2 1 1 0 nan 0 0 1796000000\n",
	        "a rating that is no number");
	damaged(HEAD "player: 0 alice 2 1 1 0 1e999 0 0 1796000000\n",
	        "an infinite rating");
	damaged(HEAD "player: 0 Al/ce 2 1 1 0 1616 0 0 1796000000\n",
	        "a userid that is none");
	damaged(HEAD "player: 6 alice 2 1 1 0 1616 0 0 1796000000\n",
	        "a class that is none");
	damaged(HEAD "player: 0 alice -2 1 1 0 1616 0 0 1796000000\n",
	        "a negative count");
	damaged(HEAD "player: 0 alice 2 1 1 0 1616 0 0\n", "a field short");
	damaged(HEAD "player: 0 alice 2 1 1 0 1616 0 0 1 x\n", "a field more");
	damaged("epamserv-ratings 2\nsystem: elo\n"
	        "params: 1600 32 0 0 0 0 0 0 0 0\nrated: 3\n", "no seq line");
	damaged("epamserv-ratings 2\nsystem: elo\n"
	        "params: 1600 32 250 5 0.06 1.2 604800\nseq: 3\nrated: 3\n",
	        "a params line without Stephenson's constants");
	damaged(HEAD "colour: blue\n", "a line of no known key");
	damaged("epamserv-result 1\n", "another kind of file");
	damaged("", "an empty file");

	unlink(table);
	rmdir(sub);
	rmdir(dir);
	return tap_done();
}
