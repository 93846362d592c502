/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gamefile.c - the game file: one human-readable, versioned text file per
 * board (SPEC section 6).
 *
 *   epamserv-game 6
 *   game: epaminondas
 *   board: 101
 *   options: -size=14x12 -capture=line ... (ep_options_format)
 *   white: alice
 *   black: bob
 *   created: 2026-11-30T05:48:00Z
 *   updated: 2026-11-30T06:10:00Z
 *   state: challenged                  (only while the challenge is open,
 *                                       or when it was declined)
 *   agreed: USERID TIME                (version 5, one per player who
 *                                       agreed to the game, with their
 *                                       own password or reply token)
 *   observers: off                     (version 5, optional: the game
 *                                       option -observers=off)
 *   rated: no                          (version 5, optional, since issue
 *                                       14: the game option -rated=no)
 *   time: 7d+2d/14d                    (version 6, optional: the time
 *                                       control -time=, clock.h; none:
 *                                       pbmserv's days rule)
 *   timeout: claim                     (version 6, optional: -timeout=claim)
 *   tournament: NAME ROUND             (version 6, optional, issue 17: a
 *                                       board the server made for round
 *                                       ROUND of tournament NAME)
 *   move: 1 e2-e4 2026-11-30T06:00:00Z <Message-ID or ->
 *                                      (TIME: when the move reached us)
 *   stopped: 1 86400                   (version 6, optional, after its
 *                                       move: seconds of the mover's
 *                                       leave in that turn, off the clock)
 *   comment: 1 Good luck!\nAlice    (version 7, optional, issue 18, after
 *                                       its move (and stopped line): the
 *                                       comment the mail that made move N
 *                                       relayed, at most GAME_COMMENT_MAX
 *                                       bytes, with \\ for a backslash,
 *                                       \n a line break, \t a tab)
 *   move: 2 ...
 *   end: resign|draw|forfeit|decline|withdraw USERID TIME   (optional)
 *   vote: draw|undo USERID TIME        (optional: a question pending)
 *   pending: queue|submit USERID MOVE TIME MESSAGE-ID|-
 *                                      (version 4, optional, at most one
 *                                       per player: a queued move of the
 *                                       player not to move, or a submitted
 *                                       move of the player to move)
 *   conditional: USERID MOVE MOVE ...  (version 6, optional, at most
 *                                       GAME_COND_LINES per player, each
 *                                       of 2 to GAME_COND_PLIES plies, an
 *                                       even number: THEIRS MINE pairs
 *                                       from the opponent's next move
 *                                       on, "!" after an own move that
 *                                       may lose at once; game.h)
 *   token: USERID EPOCH HASH           (version 3, optional, one per
 *                                       player: the hash of the reply
 *                                       token of the player's latest
 *                                       board mail, "sha256$SALT$DIGEST"
 *                                       or, written before, crypt(3)
 *                                       "$5$..."; tokenhash.h)
 *   observer: USERID                   (version 4, optional, one per
 *                                       subscriber, sorted)
 *   clock: WHITE BLACK                 (version 6, with a time: line:
 *                                       each player's bank in seconds at
 *                                       the start of the current turn,
 *                                       checked against the replay)
 *   position: 14x12 .../... b
 *   result: challenged | active | white wins (REASON) | black wins (...)
 *           | draw (...) | cancelled (bob declined the challenge)
 *
 * Loading replays every move from the starting position of the options,
 * then applies the end and vote lines under the same checks as the
 * commands that wrote them; a move that does not replay, an end or vote
 * that does not fit, a position or result that disagrees with the replay,
 * or an unknown line is refused with the file name and line.
 *
 * Version 1 files (no state, end or vote lines; every game started at
 * once), version 2 files (no token lines), version 3 files (no pending
 * or observer lines) and version 4 files (no agreed or observers lines:
 * a challenge still open then waits for both players' accept) and
 * version 5 files (no time, timeout, stopped or clock lines: pbmserv's
 * days rule) load as they are and are written back as version 6.
 * A file is written as version 7 only when it holds a comment line, so
 * that a file without comments stays readable by a binary before issue
 * 18.
 */
#include "game/game.h"
#include "spool/damage.h"
#include "spool/formats.h"
#include "spool/group.h"
#include "spool/quarantine.h"
#include "spool/spool.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/magic.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The version lines written (spool/formats.h). */
#define GAMEFILE_MAGIC_COMMENT \
	FORMAT_LINE("epamserv-game", FORMAT_GAME_COMMENT)
#define GAMEFILE_MAGIC FORMAT_LINE("epamserv-game", FORMAT_GAME)
#define GAMEFILE_MAX (8 * 1024 * 1024)

/* A game file never grows past what game_load reads: every ply's line
 * ("move: N MOVE TIME <Message-ID>", at most 32 + EP_MOVE_TEXT_MAX +
 * GAME_MSGID_MAX bytes) for the most plies a game has, with the header,
 * pending, token and observer lines (max_observers is at most 1000),
 * stays far below it; so it does with a comment line after every ply
 * (at most 16 + 2 * GAME_COMMENT_MAX bytes escaped, version 7). */
_Static_assert((size_t)GAME_MAX_PLIES * (32 + EP_MOVE_TEXT_MAX +
               GAME_MSGID_MAX) + 2 * (64 + GAME_MSGID_MAX) + 1000 * 48 +
               64 * 1024 < GAMEFILE_MAX / 4,
               "a game file at the move cap fits GAMEFILE_MAX");
_Static_assert((size_t)GAME_MAX_PLIES * (32 + EP_MOVE_TEXT_MAX +
               GAME_MSGID_MAX + 16 + 2 * GAME_COMMENT_MAX) +
               2 * (64 + GAME_MSGID_MAX) + 1000 * 48 + 64 * 1024 <
               GAMEFILE_MAX / 2,
               "a game file with comments at the move cap fits GAMEFILE_MAX");

static const char *const end_words[] = {
	"", "resign", "draw", "forfeit", "decline", "withdraw", "expire",
	"award", "adjudicated-draw", NULL
};
static const char *const vote_words[] = { "", "draw", "undo", NULL };
static const char *const pend_words[] = { "", "queue", "submit", NULL };

/* The result line's value. */
static void gf_result(const struct game *g, char *buf, size_t len)
{
	if (g->state == GAME_ACTIVE)
		snprintf(buf, len, "active");
	else if (g->state == GAME_CHALLENGED)
		snprintf(buf, len, "challenged");
	else
		game_result_text(g, buf, len);
}

/* Whether the game was never accepted (so the file says "state:"). */
static int gf_unaccepted(const struct game *g)
{
	return g->state == GAME_CHALLENGED ||
	       (g->state == GAME_CANCELLED && g->nmoves == 0);
}

/* The conditional lines of an active game, White's first. */
static void gf_format_cond(const struct game *g, struct buf *b)
{
	char line[GAME_COND_PLIES * (EP_MOVE_TEXT_MAX + 2)];
	int i, k;

	for (i = 0; i < 2 && g->state == GAME_ACTIVE; i++)
		for (k = 0; k < g->ncond[i]; k++) {
			game_cond_format(&g->cond[i][k], line, sizeof line);
			buf_printf(b, "conditional: %s %s\n", i == 0 ? g->white
			           : g->black, line);
		}
}

/* Append text to b on one line: \\ for a backslash, \n for a line
 * break, \t for a tab; CR and other control characters dropped. */
static void gf_escape(const char *text, struct buf *b)
{
	const unsigned char *p;

	for (p = (const unsigned char *)text; *p; p++) {
		if (*p == '\\')
			buf_puts(b, "\\\\");
		else if (*p == '\n')
			buf_puts(b, "\\n");
		else if (*p == '\t')
			buf_puts(b, "\\t");
		else if (*p >= 0x20 && *p != 0x7f)
			buf_putc(b, (char)*p);
	}
}

char *game_format(const struct game *g)
{
	struct buf b = BUF_INIT;
	char opts[EP_OPTIONS_MAX], pos[EP_POSITION_MAX], t1[32], t2[32];
	char res[EP_ERR_MAX + 96];
	size_t i;

	ep_options_format(&g->opts, opts, sizeof opts);
	ep_position_format(&g->pos, pos);
	util_iso_time(g->created, t1, sizeof t1);
	util_iso_time(g->updated, t2, sizeof t2);
	buf_printf(&b, "%s\ngame: %s\nboard: %ld\noptions: %s\nwhite: %s\n"
	           "black: %s\ncreated: %s\nupdated: %s\n",
	           game_has_comments(g) ? GAMEFILE_MAGIC_COMMENT : GAMEFILE_MAGIC,
	           g->game, g->board, opts, g->white, g->black, t1, t2);
	if (gf_unaccepted(g))
		buf_puts(&b, "state: challenged\n");
	for (i = 0; i < 2; i++)
		if (g->agreed[i]) {
			util_iso_time(g->agreed[i], t1, sizeof t1);
			buf_printf(&b, "agreed: %s %s\n", i == 0 ? g->white : g->black, t1);
		}
	if (g->no_observers)
		buf_puts(&b, "observers: off\n");
	if (g->unrated)
		buf_puts(&b, "rated: no\n");
	if (g->tc.kind != TC_DAYS) {
		char tc[TC_TEXT_MAX];
		tc_format(&g->tc, tc, sizeof tc);
		buf_printf(&b, "time: %s\n", tc);
	}
	if (g->tc.claim)
		buf_puts(&b, "timeout: claim\n");
	if (g->tourney[0])
		buf_printf(&b, "tournament: %s %d\n", g->tourney, g->tourney_round);
	for (i = 0; i < g->nmoves; i++) {
		util_iso_time(g->moves[i].when, t1, sizeof t1);
		buf_printf(&b, "move: %zu %s %s %s\n", i + 1, g->moves[i].text, t1,
		           g->moves[i].msgid ? g->moves[i].msgid : "-");
		if (g->moves[i].stopped)
			buf_printf(&b, "stopped: %zu %ld\n", i + 1, g->moves[i].stopped);
		if (g->moves[i].comment) {
			buf_printf(&b, "comment: %zu ", i + 1);
			gf_escape(g->moves[i].comment, &b);
			buf_puts(&b, "\n");
		}
	}
	if (g->end != GAME_END_NONE) {
		util_iso_time(g->end_when, t1, sizeof t1);
		buf_printf(&b, "end: %s %s %s\n", end_words[g->end], g->end_by, t1);
	}
	if (g->vote != GAME_VOTE_NONE) {
		util_iso_time(g->vote_when, t1, sizeof t1);
		buf_printf(&b, "vote: %s %s %s\n", vote_words[g->vote], g->vote_by, t1);
	}
	for (i = 0; i < 2; i++)
		if (g->pend[i] != GAME_PEND_NONE) {
			util_iso_time(g->pend_when[i], t1, sizeof t1);
			buf_printf(&b, "pending: %s %s %s %s %s\n", pend_words[g->pend[i]],
			           i == 0 ? g->white : g->black, g->pend_move[i], t1,
			           g->pend_msgid[i] ? g->pend_msgid[i] : "-");
		}
	gf_format_cond(g, &b);
	for (i = 0; i < 2; i++)
		if (g->token_hash[i][0])
			buf_printf(&b, "token: %s %lu %s\n", i == 0 ? g->white : g->black,
			           g->token_epoch[i], g->token_hash[i]);
	for (i = 0; i < g->nobservers; i++)
		buf_printf(&b, "observer: %s\n", g->observers[i]);
	if (g->tc.kind != TC_DAYS) {
		long bank[2];
		clock_banks(g, 0, bank);
		buf_printf(&b, "clock: %ld %ld\n", bank[0], bank[1]);
	}
	gf_result(g, res, sizeof res);
	buf_printf(&b, "position: %s\nresult: %s\n", pos, res);
	return buf_take(&b);
}

/* Header fields gathered before the game can be created. */
struct gf_head {
	char game[16], white[32], black[32];
	char opts[EP_OPTIONS_MAX];
	long board;
	time_t created, updated;
	int have;        /* bit per required field seen */
	int challenged;  /* "state: challenged" seen (version 2) */
	char agreed_by[2][32];  /* "agreed:" lines (version 5), in order */
	time_t agreed_when[2];
	int nagreed;
	int no_observers;       /* "observers: off" (version 5) */
	int unrated;            /* "rated: no" (version 5) */
	struct time_control tc; /* "time:", "timeout:" (version 6) */
	char tourney[24];       /* "tournament: NAME ROUND" (version 6) */
	int tourney_round;
	int cap_off;            /* the file holds more plies than the cap */
	int version;            /* of the file, 1 to 7 */
};

/* "agreed: USERID TIME" (at most two, checked against the players when
 * the game is made). */
static int gf_agreed(struct gf_head *h, const char *val)
{
	char user[64], when[64];

	if (h->nagreed >= 2 || sscanf(val, "%63s %63s", user, when) != 2 ||
	    !util_userid_ok(user) ||
	    util_parse_iso_time(when, &h->agreed_when[h->nagreed]) < 0)
		return -1;
	snprintf(h->agreed_by[h->nagreed++], 32, "%.31s", user);
	return 0;
}

static int gf_head_field(struct gf_head *h, const char *key, const char *val)
{
	if (strcmp(key, "game") == 0 && strlen(val) < sizeof h->game) {
		strcpy(h->game, val);
		h->have |= 1;
	} else if (strcmp(key, "board") == 0) {
		if ((h->board = util_board_number(val)) < 0)
			return -1;
		h->have |= 2;
	} else if (strcmp(key, "options") == 0 && strlen(val) < sizeof h->opts) {
		strcpy(h->opts, val);
		h->have |= 4;
	} else if (strcmp(key, "white") == 0 && util_userid_ok(val)) {
		strcpy(h->white, val);
		h->have |= 8;
	} else if (strcmp(key, "black") == 0 && util_userid_ok(val)) {
		strcpy(h->black, val);
		h->have |= 16;
	} else if (strcmp(key, "created") == 0) {
		if (util_parse_iso_time(val, &h->created) < 0)
			return -1;
		h->have |= 32;
	} else if (strcmp(key, "updated") == 0) {
		if (util_parse_iso_time(val, &h->updated) < 0)
			return -1;
		h->have |= 64;
	} else if (strcmp(key, "state") == 0 && strcmp(val, "challenged") == 0) {
		h->challenged = 1;
	} else if (strcmp(key, "agreed") == 0 && h->version >= 5) {
		return gf_agreed(h, val);
	} else if (strcmp(key, "observers") == 0 && h->version >= 5 &&
	           strcmp(val, "off") == 0) {
		h->no_observers = 1;
	} else if (strcmp(key, "rated") == 0 && h->version >= 5 &&
	           strcmp(val, "no") == 0) {
		h->unrated = 1;
	} else if (strcmp(key, "time") == 0 && h->version >= 6) {
		char err[256];
		if (h->tc.kind != TC_DAYS || tc_parse(&h->tc, val, err, sizeof err) < 0)
			return -1;
	} else if (strcmp(key, "timeout") == 0 && h->version >= 6 &&
	           strcmp(val, "claim") == 0) {
		h->tc.claim = 1;
	} else if (strcmp(key, "tournament") == 0 && h->version >= 6) {
		char name[64];
		int round, used = 0;
		if (sscanf(val, "%63s %d%n", name, &round, &used) != 2 ||
		    val[used] != '\0' || round < 1 || round > 9999 ||
		    !util_tourney_name_ok(name))
			return -1;
		strcpy(h->tourney, name);
		h->tourney_round = round;
	} else {
		return -1;
	}
	return 0;
}

/* Build the game from the header: options replayed word by word. */
static int gf_start(struct game *g, const struct gf_head *h, char *err,
                    size_t errlen)
{
	struct ep_options o;
	char *words, *w, *save = NULL;
	int rc = 0, i;

	if (h->have != 127) {
		/* TRANSLATORS: the words after "one of" are the game
		 * file's keys (not translated). */
		errlang_snprintf(err, errlen, N_("the header lacks one of "
		                 "game, board, options, white, black, "
		                 "created, updated"));
		return -1;
	}
	if (ep_options_default(&o, h->game, err, errlen) < 0)
		return -1;
	words = xstrdup(h->opts);
	for (w = strtok_r(words, " ", &save); w && rc == 0;
	     w = strtok_r(NULL, " ", &save))
		rc = ep_options_apply(&o, w, err, errlen);
	free(words);
	if (rc < 0 || ep_options_check(&o, err, errlen) < 0)
		return -1;
	game_new(g, h->game, h->board, &o, h->white, h->black, h->created);
	g->updated = h->updated;
	g->no_observers = h->no_observers;
	g->unrated = h->unrated;
	g->tc = h->tc;
	strcpy(g->tourney, h->tourney);
	g->tourney_round = h->tourney_round;
	g->cap_off = h->cap_off;
	for (i = 0; i < h->nagreed; i++) {
		int side = game_side_of(g, h->agreed_by[i]);
		if (side < 0 || g->agreed[side]) {
			/* TRANSLATORS: a line of the game file ("agreed:" is
			 * its key, not translated) and the userid it names. */
			errlang_snprintf(err, errlen, N_("'agreed: %s' names "
			                 "no player, or one twice"),
			                 h->agreed_by[i]);
			game_free(g);
			return -1;
		}
		g->agreed[side] = h->agreed_when[i];
	}
	if (h->challenged) {
		game_challenge(g);
		if (g->agreed[0] && g->agreed[1]) {
			errlang_snprintf(err, errlen, N_("a challenge both "
			                 "players agreed to would have started"));
			game_free(g);
			return -1;
		}
	}
	return 0;
}

static int gf_move(struct game *g, char *val, char *err, size_t errlen)
{
	char *num, *text, *when, *msgid, *save = NULL;
	time_t t;

	num = strtok_r(val, " ", &save);
	text = strtok_r(NULL, " ", &save);
	when = strtok_r(NULL, " ", &save);
	msgid = strtok_r(NULL, " ", &save);
	if (!num || !text || !when || !msgid || strtok_r(NULL, " ", &save)) {
		/* TRANSLATORS: what is in quotes is the form of a line of
		 * the game file: its key is not translated. */
		errlang_snprintf(err, errlen,
		                 /* TRANSLATORS: keep MOVE as it is: what a player
		          * types. */
		                 N_("a move line is 'move: N MOVE TIME MESSAGE-ID'"));
		return -1;
	}
	if (strtol(num, NULL, 10) != (long)g->nmoves + 1) {
		errlang_snprintf(err, errlen, N_("expected move number %zu"),
		                 g->nmoves + 1);
		return -1;
	}
	if (util_parse_iso_time(when, &t) < 0) {
		errlang_snprintf(err, errlen, N_("bad time '%s'"), when);
		return -1;
	}
	{
		time_t keep = g->updated;
		char why[EP_ERR_MAX + 64];
		if (game_play(g, text, t, strcmp(msgid, "-") ? msgid : NULL, why,
		              sizeof why) < 0) {
			/* TRANSLATORS: the move as written and why it is
			 * refused. */
			errlang_snprintf(err, errlen, N_("move %s does not "
			                 "replay: %s"), text, why);
			return -1;
		}
		g->updated = keep;
	}
	return 0;
}

/* "comment: N TEXT" right after move N (version 7): the comment, with
 * the escapes of gf_escape undone. */
static int gf_comment(struct game *g, const char *val, char *err,
                      size_t errlen)
{
	char *end, *text, *o;
	const char *p;
	long n;

	n = strtol(val, &end, 10);
	if (end == val || *end != ' ' || n < 1 || (size_t)n != g->nmoves ||
	    g->moves[n - 1].comment || !end[1] ||
	    strlen(end + 1) > 2 * GAME_COMMENT_MAX) {
		/* TRANSLATORS: what is in quotes is the form of a line of
		 * the game file: its key is not translated. */
		errlang_snprintf(err, errlen, N_("a comment line is 'comment: "
		                 "N TEXT' after move N, once"));
		return -1;
	}
	text = o = xmalloc(strlen(end + 1) + 1);
	for (p = end + 1; *p; p++) {
		if (*p != '\\') {
			*o++ = *p;
			continue;
		}
		p++;
		if (*p == '\\' || *p == 'n' || *p == 't') {
			*o++ = *p == 'n' ? '\n' : *p == 't' ? '\t' : '\\';
			continue;
		}
		free(text);
		errlang_snprintf(err, errlen, N_("a comment has a bad escape "
		                 "(\\\\, \\n and \\t are the only ones)"));
		return -1;
	}
	*o = '\0';
	g->moves[n - 1].comment = text;
	return 0;
}

/* "stopped: N SECONDS" right after move N (a game with a time control):
 * the leave its mover had in that turn, at most the turn's length. */
static int gf_stopped(struct game *g, const char *val, char *err,
                      size_t errlen)
{
	long n, secs;
	time_t turn;
	char extra;

	if (sscanf(val, "%ld %ld %c", &n, &secs, &extra) != 2 || n < 1 ||
	    (size_t)n != g->nmoves || g->moves[n - 1].stopped ||
	    g->tc.kind == TC_DAYS || secs <= 0) {
		/* TRANSLATORS: what is in quotes is the form of a line of
		 * the game file: its key is not translated. */
		errlang_snprintf(err, errlen, N_("a stopped line is 'stopped: "
		                 "N SECONDS' after move N of a game with a "
		                 "time control"));
		return -1;
	}
	turn = n > 1 ? g->moves[n - 2].when : clock_game_start(g);
	if (secs > (long)(g->moves[n - 1].when - turn)) {
		errlang_snprintf(err, errlen, N_("move %ld stopped the clock "
		                 "for longer than its turn"), n);
		return -1;
	}
	g->moves[n - 1].stopped = secs;
	return 0;
}

/* "clock: WHITE BLACK", the banks replayed (a game with a time control). */
static int gf_clock(struct game *g, const char *val, char *err, size_t errlen)
{
	long bank[2], w, b;
	char extra;

	if (g->tc.kind == TC_DAYS ||
	    sscanf(val, "%ld %ld %c", &w, &b, &extra) != 2) {
		/* TRANSLATORS: what is in quotes is the form of a line of
		 * the game file: its key is not translated. */
		errlang_snprintf(err, errlen, N_("a clock line is 'clock: "
		                 "WHITE BLACK' (seconds) in a game with a "
		                 "time control"));
		return -1;
	}
	clock_banks(g, 0, bank);
	if (bank[0] != w || bank[1] != b) {
		/* TRANSLATORS: White's and Black's time left in seconds. */
		errlang_snprintf(err, errlen, N_("the stored clock does not "
		                 "match the replayed moves (replay gives %ld "
		                 "%ld)"), bank[0], bank[1]);
		return -1;
	}
	return 0;
}

/* Split "KIND USERID TIME" and look KIND up in words.  Returns the index,
 * or -1 with err. */
static int gf_kind_line(char *val, const char *const *words, char *by,
                        size_t bylen, time_t *when, char *err, size_t errlen)
{
	char *kind, *user, *t, *save = NULL;
	int i;

	kind = strtok_r(val, " ", &save);
	user = strtok_r(NULL, " ", &save);
	t = strtok_r(NULL, " ", &save);
	if (!kind || !user || !t || strtok_r(NULL, " ", &save) ||
	    !util_userid_ok(user) || strlen(user) >= bylen ||
	    util_parse_iso_time(t, when) < 0) {
		/* TRANSLATORS: the form of the value of a line of the game
		 * file.
		 * Keep USERID as it is: what a player types. */
		errlang_snprintf(err, errlen, N_("expected 'KIND USERID TIME'"));
		return -1;
	}
	for (i = 1; words[i]; i++)
		if (strcmp(kind, words[i]) == 0) {
			snprintf(by, bylen, "%s", user);
			return i;
		}
	/* TRANSLATORS: the first word of a line's value in the game file
	 * (resign, draw, queue, ...), as written. */
	errlang_snprintf(err, errlen, N_("unknown kind '%s'"), kind);
	return -1;
}

static int gf_end(struct game *g, char *val, char *err, size_t errlen)
{
	char by[32];
	time_t when, keep = g->updated;
	int kind = gf_kind_line(val, end_words, by, sizeof by, &when, err, errlen);

	if (kind < 0 || game_end_ok(g, kind, by, err, errlen) < 0)
		return -1;
	game_end(g, kind, by, when);
	g->updated = keep;
	return 0;
}

static int gf_vote(struct game *g, char *val, char *err, size_t errlen)
{
	char by[32];
	time_t when, keep = g->updated;
	int kind = gf_kind_line(val, vote_words, by, sizeof by, &when, err, errlen);

	if (kind < 0 || game_vote_open(g, kind, by, when, err, errlen) < 0)
		return -1;
	g->updated = keep;
	return 0;
}

/* "token: USERID EPOCH HASH": a hash is printable ASCII without blanks. */
static int gf_token(struct game *g, char *val, char *err, size_t errlen)
{
	char *user, *epoch, *hash, *end, *save = NULL;
	size_t i;
	int side;

	user = strtok_r(val, " ", &save);
	epoch = strtok_r(NULL, " ", &save);
	hash = strtok_r(NULL, " ", &save);
	if (!user || !epoch || !hash || strtok_r(NULL, " ", &save) ||
	    strlen(hash) >= sizeof g->token_hash[0]) {
		/* TRANSLATORS: what is in quotes is the form of a line of
		 * the game file: its key is not translated. */
		errlang_snprintf(err, errlen,
		                 /* TRANSLATORS: keep USERID as it is: what a player
		          * types. */
		                 N_("a token line is 'token: USERID EPOCH HASH'"));
		return -1;
	}
	for (i = 0; hash[i]; i++)
		if ((unsigned char)hash[i] <= 0x20 || (unsigned char)hash[i] >= 0x7f) {
			errlang_snprintf(err, errlen, N_("a token hash is "
			                 "printable ASCII"));
			return -1;
		}
	if ((side = game_side_of(g, user)) < 0) {
		/* TRANSLATORS: a userid and the board's number. */
		errlang_snprintf(err, errlen, N_("%s is not a player on board "
		                 "%ld"), user, g->board);
		return -1;
	}
	if (g->token_hash[side][0]) {
		errlang_snprintf(err, errlen, N_("a second token line for %s"),
		                 user);
		return -1;
	}
	g->token_epoch[side] = strtoul(epoch, &end, 10);
	if (end == epoch || *end) {
		errlang_snprintf(err, errlen, N_("bad token epoch '%s'"),
		                 epoch);
		return -1;
	}
	snprintf(g->token_hash[side], sizeof g->token_hash[side], "%s", hash);
	return 0;
}

/* "pending: queue|submit USERID MOVE TIME MESSAGE-ID|-": a queue by the
 * player not to move (its move only of the right form: the position it
 * will meet is not known yet), a submit by the player to move (legal
 * now), on an active game, one per player. */
static int gf_pending(struct game *g, char *val, char *err, size_t errlen)
{
	char *kind, *user, *move, *t, *msgid, *save = NULL;
	struct ep_move m;
	time_t when;
	int side, k;

	kind = strtok_r(val, " ", &save);
	user = strtok_r(NULL, " ", &save);
	move = strtok_r(NULL, " ", &save);
	t = strtok_r(NULL, " ", &save);
	msgid = strtok_r(NULL, " ", &save);
	if (!kind || !user || !move || !t || !msgid ||
	    strtok_r(NULL, " ", &save) || util_parse_iso_time(t, &when) < 0) {
		/* TRANSLATORS: what is in quotes is the form of a line of
		 * the game file: its key and words are not translated.
		 * Keep USERID and MOVE as they are: what a player types. */
		errlang_snprintf(err, errlen, N_("a pending line is 'pending: "
		                 "queue|submit USERID MOVE TIME MESSAGE-ID'"));
		return -1;
	}
	for (k = 1; pend_words[k] && strcmp(kind, pend_words[k]) != 0; k++)
		;
	if (!pend_words[k]) {
		/* TRANSLATORS: the first word of a line's value in the
		 * game file (resign, draw, queue, ...), as written. */
		errlang_snprintf(err, errlen, N_("unknown kind '%s'"), kind);
		return -1;
	}
	if ((side = game_side_of(g, user)) < 0) {
		/* TRANSLATORS: a userid and the board's number. */
		errlang_snprintf(err, errlen, N_("%s is not a player on board "
		                 "%ld"), user, g->board);
		return -1;
	}
	if (g->state != GAME_ACTIVE || g->pend[side] != GAME_PEND_NONE) {
		errlang_snprintf(err, errlen, N_("a pending move needs an "
		                 "active game and one per player"));
		return -1;
	}
	if (k == GAME_PEND_QUEUE && (side == (int)g->pos.to_move ||
	                             !game_move_form_ok(move))) {
		errlang_snprintf(err, errlen, N_("a queued move is of the "
		                 "player not to move, in the form e3-e7"));
		return -1;
	}
	if (k == GAME_PEND_SUBMIT && (side != (int)g->pos.to_move ||
	    ep_move_parse(&g->pos, &g->opts, move, &m, err, errlen) < 0)) {
		errlang_snprintf(err, errlen, N_("a submitted move is a legal "
		                 "move of the player to move"));
		return -1;
	}
	game_pend_set(g, side, (enum game_pend)k, move, when,
	              strcmp(msgid, "-") ? msgid : NULL);
	return 0;
}

/* "conditional: USERID MOVE MOVE ...": a line of a player of an active
 * game: an even number of plies (2 to GAME_COND_PLIES) of the form of
 * a move, "!" only after the player's own moves; agreeing with the
 * player's earlier lines (game_cond_add); and, for the player not to
 * move, legal move by move from the position (game_cond_legal).  A
 * line of the player to move waits for their move: only its form is
 * known to be right. */
static int gf_conditional(struct game *g, char *val, char *err,
                          size_t errlen)
{
	struct game_cond l;
	char *user, *w, *save = NULL, why[EP_ERR_MAX + 64];
	int side, replaced;

	memset(&l, 0, sizeof l);
	user = strtok_r(val, " ", &save);
	if (!user || (side = game_side_of(g, user)) < 0 ||
	    g->state != GAME_ACTIVE) {
		/* TRANSLATORS: what is in quotes is the form of a line of
		 * the game file: its key is not translated.
		 * Keep USERID and MOVE as they are: what a player types. */
		errlang_snprintf(err, errlen, N_("a conditional line is "
		                 "'conditional: USERID MOVE MOVE ...' of a "
		                 "player of an active game"));
		return -1;
	}
	while ((w = strtok_r(NULL, " ", &save)) != NULL) {
		size_t len = strlen(w);
		if (len && w[len - 1] == '!' && l.n % 2 == 1) {
			w[--len] = '\0';
			l.forced |= 1UL << l.n;
		}
		if (l.n >= GAME_COND_PLIES || !game_move_form_ok(w)) {
			/* TRANSLATORS: the most moves of a line; e3-e7 and !
			 * are notation: keep them as they are. */
			snprintf(err, errlen, ngettext("a conditional line has "
			         "at most %d move of the form e3-e7 (! only after "
			         "the player's own)", "a conditional line has at "
			         "most %d moves of the form e3-e7 (! only after the "
			         "player's own)", GAME_COND_PLIES), GAME_COND_PLIES);
			return -1;
		}
		snprintf(l.ply[l.n++], EP_MOVE_TEXT_MAX, "%s", w);
	}
	if (l.n == 0 || l.n % 2) {
		errlang_snprintf(err, errlen, N_("a conditional line is pairs "
		                 "of moves (the opponent's, then the answer)"));
		return -1;
	}
	if (game_cond_legal(g, side, &l, why, sizeof why) >= 0) {
		/* TRANSLATORS: the player's userid and why the line is
		 * refused. */
		errlang_snprintf(err, errlen, N_("a conditional line of %s "
		                 "does not replay: %s"), user, why);
		return -1;
	}
	if (game_cond_add(g, side, &l, &replaced) < 0 || replaced >= 0) {
		/* TRANSLATORS: the player's userid and the most lines a
		 * player may have (the count of this plural). */
		snprintf(err, errlen, ngettext("the conditional lines of %s are "
		         "at most %d and agree where they share a beginning, "
		         "each once", "the conditional lines of %s are at most "
		         "%d and agree where they share a beginning, each once",
		         GAME_COND_LINES), user, GAME_COND_LINES);
		return -1;
	}
	return 0;
}

/* "observer: USERID", sorted, each once. */
static int gf_observer(struct game *g, const char *val, char *err,
                       size_t errlen)
{
	if (!util_userid_ok(val) || (g->nobservers &&
	    strcmp(g->observers[g->nobservers - 1], val) >= 0)) {
		errlang_snprintf(err, errlen, N_("observers are userids, each "
		                 "once, sorted"));
		return -1;
	}
	game_observer_add(g, val);
	return 0;
}

static int gf_check_end(struct game *g, const char *key, const char *val,
                        char *err, size_t errlen)
{
	char buf[EP_POSITION_MAX + EP_ERR_MAX + 96];

	if (strcmp(key, "position") == 0) {
		ep_position_format(&g->pos, buf);
		if (strcmp(buf, val) != 0) {
			/* TRANSLATORS: the position the replay gives, in
			 * the notation of positions. */
			errlang_snprintf(err, errlen, N_("the stored position "
			                 "does not match the replayed moves "
			                 "(replay gives %s)"), buf);
			return -1;
		}
		return 0;
	}
	/* A game played past the cap before it existed was drawn by the
	 * cap at its last move (game_settle), which the replay skipped. */
	if (g->cap_off && g->state == GAME_ACTIVE &&
	    g->nmoves > GAME_MAX_PLIES && strstr(val, "the move cap"))
		game_cap_draw(g);
	gf_result(g, buf, sizeof buf);
	if (strcmp(val, buf) != 0) {
		/* TRANSLATORS: the result line the replay gives. */
		errlang_snprintf(err, errlen, N_("the stored result does not "
		                 "match the replay (replay gives %s)"), buf);
		return -1;
	}
	return 0;
}

/* Where a game file's body has got to: each line kind may only follow
 * the ones before it. */
enum gf_phase { GF_MOVES, GF_END, GF_VOTE, GF_PENDING, GF_COND, GF_TOKEN,
                GF_OBSERVER, GF_CLOCK, GF_POSITION, GF_RESULT };

/* One line of the body (after the header): key and value.  *phase moves
 * on; returns 0 or -1 with msg. */
static int gf_body_line(struct game *g, const char *key, char *val,
                        enum gf_phase *phase, char *msg, size_t len)
{
	static const char *const order[] = {
		"move", "end", "vote", "pending", "conditional", "token",
		"observer", "clock", "position", "result"
	};
	int k;

	if (strcmp(key, "stopped") == 0) {
		if (*phase != GF_MOVES) {
			/* TRANSLATORS: 'stopped' is a key of the game file
			 * (not translated). */
			errlang_snprintf(msg, len, N_("'stopped' is out of "
			                 "order (it follows its move)"));
			return -1;
		}
		return gf_stopped(g, val, msg, len);
	}
	if (strcmp(key, "comment") == 0) {
		if (*phase != GF_MOVES) {
			/* TRANSLATORS: 'comment' is a key of the game file
			 * (not translated). */
			errlang_snprintf(msg, len, N_("'comment' is out of "
			                 "order (it follows its move)"));
			return -1;
		}
		return gf_comment(g, val, msg, len);
	}
	for (k = 0; k < 10 && strcmp(key, order[k]) != 0; k++)
		;
	if (*phase == GF_RESULT) {
		errlang_snprintf(msg, len, N_("text after the result line"));
		return -1;
	}
	if (k < (int)*phase ||
	    (k == (int)*phase && k != GF_MOVES && k != GF_TOKEN &&
	     k != GF_PENDING && k != GF_COND && k != GF_OBSERVER) ||
	    (k == GF_RESULT && *phase != GF_POSITION)) {
		/* TRANSLATORS: a key of the game file; the words after
		 * "the order is" are its keys (not translated). */
		errlang_snprintf(msg, len, N_("'%s' is out of order (the "
		                 "order is move, end, vote, pending, "
		                 "conditional, token, observer, clock, "
		                 "position, result)"), key);
		return -1;
	}
	*phase = (enum gf_phase)k;
	switch (k) {
	case GF_MOVES:
		return gf_move(g, val, msg, len);
	case GF_END:
		return gf_end(g, val, msg, len);
	case GF_VOTE:
		return gf_vote(g, val, msg, len);
	case GF_PENDING:
		return gf_pending(g, val, msg, len);
	case GF_COND:
		return gf_conditional(g, val, msg, len);
	case GF_TOKEN:
		return gf_token(g, val, msg, len);
	case GF_OBSERVER:
		return gf_observer(g, val, msg, len);
	case GF_CLOCK:
		return gf_clock(g, val, msg, len);
	default:
		return gf_check_end(g, key, val, msg, len);
	}
}

static int gf_body_key(const char *key)
{
	return strcmp(key, "move") == 0 || strcmp(key, "end") == 0 ||
	       strcmp(key, "vote") == 0 || strcmp(key, "token") == 0 ||
	       strcmp(key, "pending") == 0 || strcmp(key, "observer") == 0 ||
	       strcmp(key, "conditional") == 0 ||
	       strcmp(key, "stopped") == 0 || strcmp(key, "clock") == 0 ||
	       strcmp(key, "comment") == 0 ||
	       strcmp(key, "position") == 0 ||
	       strcmp(key, "result") == 0;
}

/* How many lines of text begin with "move: ". */
static size_t move_lines(const char *text)
{
	size_t n = 0;
	const char *p = text;

	while (p) {
		if (strncmp(p, "move: ", 6) == 0)
			n++;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return n;
}

/* game_parse, and with prefix (admin repair) the game as far as it
 * replays: a bad line after the header ends the reading there, and the
 * game is kept (1) with *err saying where; *kept_line is then the last
 * line used. */
static int gf_parse(struct game *g, const char *text, const char *name,
                    char **err, int prefix, int *kept_line)
{
	struct gf_head h;
	char msg[EP_POSITION_MAX + EP_ERR_MAX + 200];
	char *copy = xstrdup(text), *line, *next;
	int lineno = 0, started = 0, version = 0;
	enum gf_phase phase = GF_MOVES;

	memset(&h, 0, sizeof h);
	memset(g, 0, sizeof *g);
	msg[0] = '\0';
	/* A game played past the move cap before the cap existed replays
	 * as it was played; its next move draws it (game_settle). */
	h.cap_off = move_lines(text) > GAME_MAX_PLIES;
	for (line = copy; line && *line; line = next) {
		char *colon;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (lineno == 1) {
			version = magic_version(line, "epamserv-game");
			if (version < FORMAT_GAME_OLDEST ||
			    version > FORMAT_GAME_NEWEST)
				version = 0;
			if (!version && !magic_newer(line, "epamserv-game",
			                             FORMAT_GAME_NEWEST, msg,
			                             sizeof msg))
				/* TRANSLATORS: the first line a game file
				 * has. */
				errlang_snprintf(msg, sizeof msg, N_("not a "
				                 "game file (expected '%s')"),
				                 GAMEFILE_MAGIC);
			if (!version)
				goto fail;
			h.version = version;
			continue;
		}
		colon = strstr(line, ": ");
		if (!colon) {
			/* TRANSLATORS: the form of a line of the game file. */
			errlang_snprintf(msg, sizeof msg, N_("expected 'key: "
			                 "value'"));
			goto cut;
		}
		*colon = '\0';
		if (gf_body_key(line) && (version >= 2 || strcmp(line, "end") != 0) &&
		    (version >= 2 || strcmp(line, "vote") != 0) &&
		    (version >= 3 || strcmp(line, "token") != 0) &&
		    (version >= 4 || strcmp(line, "pending") != 0) &&
		    (version >= 4 || strcmp(line, "observer") != 0) &&
		    (version >= 6 || strcmp(line, "stopped") != 0) &&
		    (version >= 6 || strcmp(line, "clock") != 0) &&
		    (version >= 6 || strcmp(line, "conditional") != 0) &&
		    (version >= 7 || strcmp(line, "comment") != 0)) {
			if (!started) {
				if (gf_start(g, &h, msg, sizeof msg) < 0)
					goto fail;
				started = 1;
			}
			if (gf_body_line(g, line, colon + 2, &phase, msg, sizeof msg) < 0)
				goto cut;
		} else if (started || (version == 1 && strcmp(line, "state") == 0) ||
		           gf_head_field(&h, line, colon + 2) < 0) {
			/* TRANSLATORS: a key of the game file, as written. */
			errlang_snprintf(msg, sizeof msg,
			                 N_("unknown or malformed field '%s'"), line);
			goto cut;
		}
	}
	if (phase != GF_RESULT) {
		errlang_snprintf(msg, sizeof msg, N_("the file ends before "
		                 "its position and result lines"));
		goto cut;
	}
	free(copy);
	g->cap_off = 0;
	*err = NULL;
	return 0;
cut:
	g->cap_off = 0;
	if (prefix && started) {
		struct buf b = BUF_INIT;
		buf_printf(&b, "%s:%d: %s", name, lineno, msg);
		*err = buf_take(&b);
		*kept_line = lineno - 1;
		free(copy);
		return 1;
	}
fail:
	{
		struct buf b = BUF_INIT;
		buf_printf(&b, "%s:%d: %s", name, lineno, msg);
		*err = buf_take(&b);
	}
	free(copy);
	if (started)
		game_free(g);
	return -1;
}

int game_parse(struct game *g, const char *text, const char *name, char **err)
{
	return gf_parse(g, text, name, err, 0, NULL);
}

int game_parse_prefix(struct game *g, const char *text, const char *name,
                      char **err, int *kept_line)
{
	*kept_line = 0;
	return gf_parse(g, text, name, err, 1, kept_line);
}

int game_load(struct game *g, const char *spool, const char *game, long board,
              char **err)
{
	char path[4096], name[256], qname[QUARANTINE_NAME_MAX], *text;
	unsigned long newer;
	int rc;

	*err = NULL;
	snprintf(name, sizeof name, "games/%s/%ld.game", game, board);
	snprintf(path, sizeof path, "%s/%s", spool, name);
	/* A batch may have this board's next version staged (group.h). */
	if (txn_group_settle(spool, name) < 0) {
		/* TRANSLATORS: a file's path. */
		*err = errlang_asprintf(N_("cannot read %s: the batch's group "
		                        "commit failed"), path);
		return -1;
	}
	quarantine_board_name(game, board, qname, sizeof qname);
	if (quarantine_has(spool, qname)) {
		/* TRANSLATORS: a game file's name in the spool; "epamserv
		 * admin quarantine" is a command (not translated). */
		*err = errlang_asprintf(N_("%s is quarantined by the "
		                        "administrator (epamserv admin "
		                        "quarantine)"), name);
		damage_note(name, *err, qname, 0);
		return -1;
	}
	text = util_read_file(path, GAMEFILE_MAX, NULL);
	if (!text && errno == ENOENT) {
		/* A finished board the sweep archived. */
		snprintf(name, sizeof name, "games/%s/archive/%ld.game", game, board);
		snprintf(path, sizeof path, "%s/%s", spool, name);
		text = util_read_file(path, GAMEFILE_MAX, NULL);
	}
	if (!text) {
		int saved = errno;
		if (saved == ENOENT)
			return 1;
		/* TRANSLATORS: a file's path and the system's reason. */
		*err = errlang_asprintf(N_("cannot read %s: %s"), path,
		                        strerror(saved));
		if (damage_errno(saved))
			damage_note(name, *err, NULL, 0);
		return -1;
	}
	newer = magic_newer_count();
	rc = game_parse(g, text, name, err);
	free(text);
	if (rc < 0)
		damage_note(name, *err, NULL, magic_newer_count() != newer);
	return rc;
}

static int gf_cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

struct gf_boards {
	const char *game;
	long *v;
	size_t n;
};

static int gf_collect(const char *game, long board, void *arg)
{
	struct gf_boards *b = arg;

	if (strcmp(game, b->game) != 0)
		return 0;
	b->v = xrealloc(b->v, (b->n + 1) * sizeof *b->v);
	b->v[b->n++] = board;
	return 0;
}

int game_boards(const char *spool, const char *game, long **boards, size_t *n,
                char **err)
{
	struct gf_boards b = { game, NULL, 0 };

	*err = NULL;
	spool_each_board(spool, gf_collect, &b);
	spool_each_board_in(spool, "archive", gf_collect, &b);
	if (b.n)
		qsort(b.v, b.n, sizeof *b.v, gf_cmp_long);
	*boards = b.v;
	*n = b.n;
	return 0;
}
