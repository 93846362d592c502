/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * game.c - playing moves on a game record: history-dependent rules
 * (repetition, RULES.md section 5), the life of a board (challenge,
 * acceptance, ends the moves cannot show: resignation, agreed draw,
 * forfeit) and the questions players put to each other (votes).
 */
#include "game/game.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A Message-ID goes into a game file line only when it cannot break the
 * line: printable ASCII without spaces, at most GAME_MSGID_MAX bytes. */
static int msgid_storable(const char *id)
{
	size_t n = 0;

	for (; id[n]; n++)
		if ((unsigned char)id[n] <= 0x20 || (unsigned char)id[n] >= 0x7f)
			return 0;
	return n > 0 && n <= GAME_MSGID_MAX;
}

static void game_remember(struct game *g)
{
	/* seen[] has room for every position: nmoves + 1 entries. */
	g->seen = xrealloc(g->seen, (g->nmoves + 1) * sizeof *g->seen);
	g->seen[g->nmoves] = g->pos;
}

void game_new(struct game *g, const char *game, long board,
              const struct ep_options *o, const char *white,
              const char *black, time_t now)
{
	memset(g, 0, sizeof *g);
	snprintf(g->game, sizeof g->game, "%s", game);
	g->board = board;
	g->opts = *o;
	snprintf(g->white, sizeof g->white, "%s", white);
	snprintf(g->black, sizeof g->black, "%s", black);
	g->created = g->updated = now;
	tc_default(&g->tc);
	ep_position_start(&g->start, o);
	g->pos = g->start;
	game_remember(g);
}

void game_free(struct game *g)
{
	size_t i;

	for (i = 0; i < g->nmoves; i++) {
		free(g->moves[i].msgid);
		free(g->moves[i].comment);
	}
	free(g->moves);
	free(g->seen);
	for (i = 0; i < 2; i++) {
		free(g->pend_msgid[i]);
		g->pend_msgid[i] = NULL;
	}
	for (i = 0; i < g->nobservers; i++)
		free(g->observers[i]);
	free(g->observers);
	g->observers = NULL;
	g->nobservers = 0;
	g->moves = NULL;
	g->seen = NULL;
	g->nmoves = g->cap = 0;
}

void game_settings_default(struct game_settings *s)
{
	s->no_observers = 0;
	s->unrated = 0;
	tc_default(&s->tc);
}

void game_settings_put(struct game *g, const struct game_settings *s)
{
	g->no_observers = s->no_observers;
	g->unrated = s->unrated;
	g->tc = s->tc;
}

void game_settings_format(const struct game *g, char *buf, size_t len)
{
	char tc[TC_TEXT_MAX];

	tc_format(&g->tc, tc, sizeof tc);
	snprintf(buf, len, "%s%s%s%s%s", g->no_observers ? " -observers=off" : "",
	         g->unrated ? " -rated=no" : "", tc[0] ? " -time=" : "", tc,
	         g->tc.claim ? " -timeout=claim" : "");
}

void game_challenge(struct game *g)
{
	g->state = GAME_CHALLENGED;
}

void game_accept(struct game *g, time_t now)
{
	g->state = GAME_ACTIVE;
	g->updated = now;
}

int game_agree(struct game *g, int side, time_t now)
{
	g->agreed[side] = now ? now : 1;
	g->updated = now;
	if (!g->agreed[!side])
		return 0;
	game_accept(g, now);
	return 1;
}

const char *game_waits_agreement(const struct game *g, int *both)
{
	*both = 0;
	if (g->state != GAME_CHALLENGED)
		return NULL;
	if (!g->agreed[0]) {
		*both = !g->agreed[1];
		return g->white;
	}
	return g->agreed[1] ? NULL : g->black;
}

void game_not_started_text(const struct game *g, char *buf, size_t len)
{
	int both;
	const char *who = game_waits_agreement(g, &both);

	if (both)
		/* TRANSLATORS: the board, then the two players. */
		snprintf(buf, len, _("the game on board %ld has not started: %s "
		         "and %s have not accepted the challenge yet"), g->board,
		         who, g->black);
	else if (who)
		/* TRANSLATORS: the board, then the player. */
		snprintf(buf, len, _("the game on board %ld has not started: %s "
		         "has not accepted the challenge yet"), g->board, who);
	else
		snprintf(buf, len, _("the game on board %ld has not started: "
		         "nobody has not accepted the challenge yet"), g->board);
}

const char *game_opponent(const struct game *g, const char *userid)
{
	return strcmp(userid, g->white) == 0 ? g->black : g->white;
}

int game_white_score2(const struct game *g)
{
	if (g->result == EP_WHITE_WINS)
		return 2;
	return g->result == EP_DRAW ? 1 : 0;
}

int game_end_ok(const struct game *g, enum game_end kind, const char *by,
                char *err, size_t errlen)
{
	char res[EP_ERR_MAX + 96];
	int side = game_side_of(g, by);

	if (side < 0) {
		errlang_snprintf(err, errlen, N_("%s is not a player on board "
		                 "%ld"), by, g->board);
		return -1;
	}
	if (g->state == GAME_FINISHED || g->state == GAME_CANCELLED) {
		game_result_text(g, res, sizeof res);
		/* TRANSLATORS: the board, then its result. */
		errlang_snprintf(err, errlen, N_("board %ld is over: %s"),
		                 g->board, res);
		return -1;
	}
	if (kind == GAME_END_EXPIRE) {
		if (g->state != GAME_CHALLENGED) {
			snprintf(err, errlen, "%s",
			         errlang_gettext(N_("only a challenge can expire")));
			return -1;
		}
		return 0;
	}
	/* Either player may call a challenge off until the game starts:
	 * declining it, or withdrawing an agreement already given. */
	if (kind == GAME_END_DECLINE || kind == GAME_END_WITHDRAW) {
		if (g->state != GAME_CHALLENGED) {
			errlang_snprintf(err, errlen, N_("the game on board "
			                 "%ld has started; there is no "
			                 "challenge left to answer"), g->board);
			return -1;
		}
		return 0;
	}
	if (g->state == GAME_CHALLENGED) {
		game_not_started_text(g, err, errlen);
		return -1;
	}
	return 0;
}

void game_end(struct game *g, enum game_end kind, const char *by, time_t when)
{
	int side = game_side_of(g, by);
	const char *colour = side == EP_WHITE ? "white" : "black";

	g->end = kind;
	snprintf(g->end_by, sizeof g->end_by, "%s", by);
	g->end_when = when;
	g->updated = when;
	g->vote = GAME_VOTE_NONE;
	game_pend_set(g, 0, GAME_PEND_NONE, NULL, 0, NULL);
	game_pend_set(g, 1, GAME_PEND_NONE, NULL, 0, NULL);
	game_cond_clear(g, -1);
	g->state = GAME_FINISHED;
	g->result = side == EP_WHITE ? EP_BLACK_WINS : EP_WHITE_WINS;
	switch (kind) {
	case GAME_END_RESIGN:
		snprintf(g->reason, sizeof g->reason, "%s resigned", colour);
		break;
	case GAME_END_FORFEIT:
		snprintf(g->reason, sizeof g->reason, "%s lost on time", colour);
		break;
	case GAME_END_DRAW:
		g->result = EP_DRAW;
		snprintf(g->reason, sizeof g->reason, "draw agreed");
		break;
	case GAME_END_DECLINE:
	case GAME_END_WITHDRAW:
		g->state = GAME_CANCELLED;
		g->result = EP_ONGOING;
		snprintf(g->reason, sizeof g->reason, "%s %s the challenge", by,
		         kind == GAME_END_DECLINE ? "declined" : "withdrew");
		break;
	case GAME_END_EXPIRE:
		g->state = GAME_CANCELLED;
		g->result = EP_ONGOING;
		snprintf(g->reason, sizeof g->reason, "the challenge to %s expired "
		         "unanswered", by);
		break;
	case GAME_END_AWARD:
		g->result = side == EP_WHITE ? EP_WHITE_WINS : EP_BLACK_WINS;
		snprintf(g->reason, sizeof g->reason, "awarded to %s by the "
		         "administrator", colour);
		break;
	case GAME_END_ADJ_DRAW:
		g->result = EP_DRAW;
		snprintf(g->reason, sizeof g->reason, "drawn by the administrator");
		break;
	case GAME_END_NONE:
		break;
	}
}

int game_vote_open(struct game *g, enum game_vote kind, const char *by,
                   time_t when, char *err, size_t errlen)
{
	int side = game_side_of(g, by);

	if (g->state != GAME_ACTIVE) {
		errlang_snprintf(err, errlen, g->state == GAME_CHALLENGED
		                 ? N_("board %ld is not being played (the challenge is not "
		                     "accepted yet)")
		                 : N_("board %ld is not being played (the game is over)"),
		                 g->board);
		return -1;
	}
	if (side < 0) {
		errlang_snprintf(err, errlen, N_("%s is not a player on board "
		                 "%ld"), by, g->board);
		return -1;
	}
	if (g->vote != GAME_VOTE_NONE) {
		/* TRANSLATORS: the player who asked (both sentences). */
		errlang_snprintf(err, errlen, g->vote == GAME_VOTE_DRAW
		                 ? N_("%s's draw offer is still waiting for an answer; "
		                     "only one question at a time")
		                 : N_("%s's undo request is still waiting for an answer; "
		                     "only one question at a time"), g->vote_by);
		return -1;
	}
	/* An undo takes back the asker's own last move: the side that moved
	 * last is the side not to move. */
	if (kind == GAME_VOTE_UNDO &&
	    (g->nmoves == 0 || (int)g->pos.to_move == side)) {
		if (g->nmoves == 0)
			errlang_snprintf(err, errlen, N_("there is no move of "
			                 "yours to take back: no move has "
			                 "been played on board %ld yet"),
			                 g->board);
		else
			/* TRANSLATORS: the board, then the opponent. */
			errlang_snprintf(err, errlen, N_("there is no move of "
			                 "yours to take back: the last move "
			                 "on board %ld is %s's"), g->board,
			                 game_opponent(g, by));
		return -1;
	}
	g->vote = kind;
	snprintf(g->vote_by, sizeof g->vote_by, "%s", by);
	g->vote_when = when;
	g->updated = when;
	return 0;
}

void game_undo(struct game *g, time_t when)
{
	if (g->nmoves == 0)
		return;
	g->nmoves--;
	free(g->moves[g->nmoves].msgid);
	g->moves[g->nmoves].msgid = NULL;
	free(g->moves[g->nmoves].comment);
	g->moves[g->nmoves].comment = NULL;
	g->pos = g->seen[g->nmoves];
	g->vote = GAME_VOTE_NONE;
	game_pend_set(g, 0, GAME_PEND_NONE, NULL, 0, NULL);
	game_pend_set(g, 1, GAME_PEND_NONE, NULL, 0, NULL);
	game_cond_clear(g, -1);
	g->updated = when;
}

const char *game_to_move(const struct game *g)
{
	if (g->state != GAME_ACTIVE)
		return "";
	return g->pos.to_move == EP_WHITE ? g->white : g->black;
}

int game_side_of(const struct game *g, const char *userid)
{
	if (strcmp(userid, g->white) == 0)
		return EP_WHITE;
	if (strcmp(userid, g->black) == 0)
		return EP_BLACK;
	return -1;
}

void game_result_text(const struct game *g, char *buf, size_t len)
{
	static const char *const words[] = {
		"", "white wins", "black wins", "draw"
	};

	if (g->state == GAME_ACTIVE || g->state == GAME_CHALLENGED) {
		snprintf(buf, len, "%s", "");
		return;
	}
	snprintf(buf, len, "%s (%s)", g->state == GAME_CANCELLED ? "cancelled"
	         : words[g->result], g->reason);
}

/* Times the current position occurred so far, itself included. */
static int game_occurrences(const struct game *g)
{
	size_t i;
	int n = 0;

	for (i = 0; i <= g->nmoves; i++)
		if (ep_position_equal(&g->seen[i], &g->pos))
			n++;
	return n;
}

static int game_cmp_text(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* One legal move as text (first member: game_cmp_text sorts these) and
 * whether it loses at once (rules.h, ep_move_loses). */
struct game_lm {
	char text[EP_MOVE_TEXT_MAX];
	uint8_t loses;
};

/* Whether m, a legal move of g now, loses at once in this game: as
 * ep_move_loses with the game's history, but a move that makes the game
 * reach the move cap (GAME_MAX_PLIES, RULES.md section 8) draws it
 * after the repetition rule and before the start-of-turn checks
 * (game_settle), so then only a third repetition under -repetition=loss
 * loses.  Returns 1 with the reason in why (len bytes, may be NULL when
 * len is 0), else 0 (why ""), -1 on a formatting error. */
static int game_loses(const struct game *g, const struct ep_move *m,
                      char *why, size_t len)
{
	struct ep_position after;
	size_t i, n = 0;
	int rc;

	rc = ep_move_loses(&g->pos, &g->opts, g->seen, g->nmoves + 1, m, why,
	                   len);
	if (rc != 1 || g->nmoves + 1 < GAME_MAX_PLIES || g->cap_off)
		return rc;
	after = g->pos;
	ep_make(&after, &g->opts, m);
	for (i = 0; i <= g->nmoves; i++)
		n += ep_position_equal(&g->seen[i], &after);
	if (g->opts.repetition == EP_REP_LOSS && n >= 2)
		return rc;  /* the third repetition, judged before the cap */
	if (len > 0)
		why[0] = '\0';
	return 0;
}

/* The legal moves of g now, sorted by text, into *out (malloc'ed, NULL
 * when none); returns the count, and the number that lose in *nlose. */
static size_t game_list_moves(const struct game *g, struct game_lm **out,
                              size_t *nlose)
{
	struct ep_move *m;
	struct game_lm *l = NULL;
	size_t n, i;

	*out = NULL;
	*nlose = 0;
	if (g->state != GAME_ACTIVE)
		return 0;
	m = xmalloc(EP_MAX_MOVES * sizeof *m);
	n = ep_generate(&g->pos, &g->opts, m, EP_MAX_MOVES);
	if (n > EP_MAX_MOVES)
		n = EP_MAX_MOVES;
	if (n > 0) {
		l = xmalloc(n * sizeof *l);
		for (i = 0; i < n; i++) {
			ep_move_format(&m[i], l[i].text);
			l[i].loses = game_loses(g, &m[i], NULL, 0) == 1;
			*nlose += l[i].loses;
		}
		qsort(l, n, sizeof *l, game_cmp_text);
	}
	free(m);
	*out = l;
	return n;
}

/* The example move of the n moves l (nlose of them losing) into buf. */
static void game_example_of(const struct game_lm *l, size_t n, size_t nlose,
                            char *buf)
{
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < n; i++)
		if (!l[i].loses || nlose == n) {
			memcpy(buf, l[i].text, EP_MOVE_TEXT_MAX);
			break;
		}
}

void game_example_move(const struct game *g, char *buf)
{
	struct game_lm *l;
	size_t nlose, n = game_list_moves(g, &l, &nlose);

	game_example_of(l, n, nlose, buf);
	free(l);
}

int game_move_loses(const struct game *g, const char *text, char *why,
                    size_t len)
{
	struct ep_move m, *all;
	char err[EP_ERR_MAX];
	size_t n, i;
	int rc;

	if (len > 0)
		why[0] = '\0';
	if (g->state != GAME_ACTIVE ||
	    ep_move_parse(&g->pos, &g->opts, text, &m, err, sizeof err) < 0)
		return 0;
	rc = game_loses(g, &m, why, len);
	if (rc != 1)
		return 0;
	/* It counts only when some other move does not lose. */
	all = xmalloc(EP_MAX_MOVES * sizeof *all);
	n = ep_generate(&g->pos, &g->opts, all, EP_MAX_MOVES);
	if (n > EP_MAX_MOVES)
		n = EP_MAX_MOVES;
	for (i = 0; i < n; i++)
		if (game_loses(g, &all[i], NULL, 0) == 0)
			break;
	free(all);
	if (i == n && len > 0)
		why[0] = '\0';
	return i < n;
}

/* The moves of l whose loses flag is want, ", "-separated, at most
 * GAME_LOSING_SHOWN of them, appended to list, whose first line goes on
 * at column col of the mail; returns how many it named. */
#define GAME_LOSING_SHOWN 12
static size_t game_list_append(struct buf *list, const struct game_lm *l,
                               size_t n, int want, size_t col0)
{
	size_t i, shown = 0;

	for (i = 0; i < n && shown < GAME_LOSING_SHOWN; i++) {
		if (l[i].loses != want)
			continue;
		const char *s = buf_str(list), *nl = strrchr(s, '\n');
		size_t col = nl ? list->len - (size_t)(nl + 1 - s)
		                : col0 + list->len;
		/* Lines of the board mail stay within 72 columns. */
		buf_printf(list, "%s%s", !shown ? "" : col + 2 +
		           strlen(l[i].text) + 1 > 72 ? ",\n" : ", ",
		           l[i].text);
		shown++;
	}
	return shown;
}

/* The list of want moves (count of them) in the sentence one (all named)
 * or more (some left out), appended to out. */
static void game_list_sentence(struct buf *out, const struct game_lm *l,
                               size_t n, int want, size_t count,
                               const char *one, const char *more)
{
	struct buf list = BUF_INIT;
	const char *s = buf_str(out), *nl = strrchr(s, '\n');
	size_t col = out->len - (nl ? (size_t)(nl + 1 - s) : 0), shown;

	/* The list begins where the sentence's first conversion is (the
	 * longer prefix of the two, so that both forms fit). */
	col += strcspn(one, "%") > strcspn(more, "%") ? strcspn(one, "%")
	       : strcspn(more, "%");
	shown = game_list_append(&list, l, n, want, col);
	if (count > shown)
		buf_printf(out, more, buf_str(&list), count - shown);
	else
		buf_printf(out, one, buf_str(&list));
	buf_free(&list);
}

void game_move_advice(const struct game *g, char *example, struct buf *out)
{
	struct game_lm *l;
	size_t nlose, n = game_list_moves(g, &l, &nlose);

	game_example_of(l, n, nlose, example);
	if (nlose == 0 || n == 0) {
		free(l);
		return;
	}
	if (nlose == n)
		buf_puts(out, _("Every legal move loses at once"));
	else if (n - nlose < nlose)
		game_list_sentence(out, l, n, 0, n - nlose,
		                   /* TRANSLATORS: %s is a list of moves
		                    * ("a1-a2, b1-b2"). */
		                   ngettext("Only this move does not lose at "
		                   "once: %s", "Only these moves do not lose at "
		                   "once: %s", n - nlose),
		                   /* TRANSLATORS: %1$s is a list of 12 moves
		                    * ("a1-a2, b1-b2, ..."), %2$zu how many more
		                    * moves do not lose. */
		                   ngettext("Only these moves do not lose at "
		                   "once: %1$s and %2$zu more", "Only these moves "
		                   "do not lose at once: %1$s and %2$zu more",
		                   n - nlose > GAME_LOSING_SHOWN ?
		                   n - nlose - GAME_LOSING_SHOWN : 0));
	else
		game_list_sentence(out, l, n, 1, nlose,
		                   /* TRANSLATORS: %s is a list of moves
		                    * ("a1-a2, b1-b2"). */
		                   ngettext("This move loses at once: %s",
		                   "These moves lose at once: %s", nlose),
		                   /* TRANSLATORS: %1$s is a list of 12 moves
		                    * ("a1-a2, b1-b2, ..."), %2$zu how many more
		                    * moves lose. */
		                   ngettext("These moves lose at once: %1$s and "
		                   "%2$zu more", "These moves lose at once: %1$s "
		                   "and %2$zu more", nlose > GAME_LOSING_SHOWN ?
		                   nlose - GAME_LOSING_SHOWN : 0));
	free(l);
}

int game_repetitions(const struct game *g)
{
	return game_occurrences(g);
}

/* After a move: repetition first (it ends the game before the opponent's
 * start-of-turn checks, RULES.md section 5), then those checks. */
void game_cap_draw(struct game *g)
{
	g->state = GAME_FINISHED;
	g->result = EP_DRAW;
	snprintf(g->reason, sizeof g->reason, "the game reached %d plies, "
	         "the move cap", GAME_MAX_PLIES);
}

static void game_settle(struct game *g, enum ep_side mover)
{
	struct ep_status st;

	if (g->opts.repetition != EP_REP_OFF && game_occurrences(g) >= 3) {
		g->state = GAME_FINISHED;
		if (g->opts.repetition == EP_REP_DRAW) {
			g->result = EP_DRAW;
			snprintf(g->reason, sizeof g->reason,
			         "the same position came up for the third time");
		} else {
			g->result = mover == EP_WHITE ? EP_BLACK_WINS : EP_WHITE_WINS;
			snprintf(g->reason, sizeof g->reason,
			         "%s repeated a position for the third time",
			         mover == EP_WHITE ? "white" : "black");
		}
		return;
	}
	if (g->nmoves >= GAME_MAX_PLIES && !g->cap_off) {
		game_cap_draw(g);
		return;
	}
	ep_status(&g->pos, &g->opts, &st);
	if (st.result != EP_ONGOING) {
		g->state = GAME_FINISHED;
		g->result = st.result;
		snprintf(g->reason, sizeof g->reason, "%s", st.reason);
	}
}

void game_move_comment(struct game *g, const char *comment)
{
	size_t n, start = 0;
	struct game_move *m;

	if (!g->nmoves || !comment)
		return;
	m = &g->moves[g->nmoves - 1];
	free(m->comment);
	m->comment = NULL;
	n = strlen(comment);
	while (start < n && (comment[start] == '\n' || comment[start] == '\r' ||
	                     comment[start] == ' ' || comment[start] == '\t'))
		start++;
	while (n > start && (comment[n - 1] == '\n' || comment[n - 1] == '\r' ||
	                     comment[n - 1] == ' ' || comment[n - 1] == '\t'))
		n--;
	if (n - start > GAME_COMMENT_MAX) {
		n = start + GAME_COMMENT_MAX;
		/* Not in the middle of a UTF-8 sequence. */
		while (n > start && ((unsigned char)comment[n] & 0xC0) == 0x80)
			n--;
	}
	if (n == start)
		return;
	m->comment = xmalloc(n - start + 1);
	memcpy(m->comment, comment + start, n - start);
	m->comment[n - start] = '\0';
}

int game_play(struct game *g, const char *text, time_t when,
              const char *msgid, char *err, size_t errlen)
{
	struct ep_move m;
	enum ep_side mover = g->pos.to_move;

	if (g->state == GAME_CHALLENGED) {
		errlang_snprintf(err, errlen, N_("the game has not started: "
		                 "%s has not accepted the challenge yet"),
		                 g->black);
		return -1;
	}
	if (g->state != GAME_ACTIVE) {
		char res[EP_ERR_MAX + 96];
		game_result_text(g, res, sizeof res);
		/* TRANSLATORS: the game's result. */
		errlang_snprintf(err, errlen, N_("the game is over: %s"), res);
		return -1;
	}
	if (ep_move_parse(&g->pos, &g->opts, text, &m, err, errlen) < 0)
		return -1;
	if (g->nmoves == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 32;
		g->moves = xrealloc(g->moves, g->cap * sizeof *g->moves);
	}
	ep_move_format(&m, g->moves[g->nmoves].text);
	g->moves[g->nmoves].when = when;
	g->moves[g->nmoves].stopped = 0;
	g->moves[g->nmoves].comment = NULL;
	g->moves[g->nmoves].msgid =
		msgid && msgid_storable(msgid) ? xstrdup(msgid) : NULL;
	ep_make(&g->pos, &g->opts, &m);
	g->nmoves++;
	game_remember(g);
	g->updated = when;
	/* A move by the player asked answers the question with no; any move
	 * makes an undo request void (the move to take back is no longer last). */
	if (g->vote == GAME_VOTE_UNDO ||
	    (g->vote == GAME_VOTE_DRAW && game_side_of(g, g->vote_by) != (int)mover))
		g->vote = GAME_VOTE_NONE;
	/* The mover's submitted move is spent or void: the board changed. */
	game_pend_set(g, (int)mover, GAME_PEND_NONE, NULL, 0, NULL);
	game_settle(g, mover);
	return 0;
}

void game_pend_set(struct game *g, int side, enum game_pend kind,
                   const char *text, time_t when, const char *msgid)
{
	free(g->pend_msgid[side]);
	g->pend_msgid[side] = NULL;
	g->pend[side] = kind;
	g->pend_move[side][0] = '\0';
	g->pend_when[side] = 0;
	if (kind == GAME_PEND_NONE)
		return;
	snprintf(g->pend_move[side], sizeof g->pend_move[side], "%s", text);
	g->pend_when[side] = when;
	if (msgid && msgid_storable(msgid))
		g->pend_msgid[side] = xstrdup(msgid);
}

void game_cond_clear(struct game *g, int side)
{
	int i;

	for (i = 0; i < 2; i++)
		if (side < 0 || side == i) {
			memset(g->cond[i], 0, sizeof g->cond[i]);
			g->ncond[i] = 0;
		}
}

int game_move_form_ok(const char *text)
{
	const char *p = text;
	int half;

	if (strlen(text) >= EP_MOVE_TEXT_MAX)
		return 0;
	for (half = 0; half < 2; half++) {
		if (*p < 'a' || *p > 'z')
			return 0;
		p++;
		if (*p < '1' || *p > '9')
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
		if (half == 0) {
			if (*p != '-' && *p != 'x')
				return 0;
			p++;
		}
	}
	return *p == '\0';
}

int game_observer_find(const struct game *g, const char *userid)
{
	size_t i;

	for (i = 0; i < g->nobservers; i++)
		if (strcmp(g->observers[i], userid) == 0)
			return (int)i;
	return -1;
}

int game_observer_add(struct game *g, const char *userid)
{
	size_t i;

	if (game_observer_find(g, userid) >= 0)
		return 0;
	g->observers = xrealloc(g->observers,
	                        (g->nobservers + 1) * sizeof *g->observers);
	for (i = g->nobservers; i > 0 && strcmp(g->observers[i - 1], userid) > 0;
	     i--)
		g->observers[i] = g->observers[i - 1];
	g->observers[i] = xstrdup(userid);
	g->nobservers++;
	return 1;
}

int game_observer_remove(struct game *g, const char *userid)
{
	int k = game_observer_find(g, userid);
	size_t i;

	if (k < 0)
		return 0;
	free(g->observers[k]);
	for (i = (size_t)k; i + 1 < g->nobservers; i++)
		g->observers[i] = g->observers[i + 1];
	g->nobservers--;
	return 1;
}

int game_has_comments(const struct game *g)
{
	size_t i;

	for (i = 0; i < g->nmoves; i++)
		if (g->moves[i].comment)
			return 1;
	return 0;
}
