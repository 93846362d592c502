/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * analyse.c - "GAME analyse BOARD[#N] USERID PASSWORD [MOVE...]": the
 * engine's score and best line for a position of a finished game, mailed
 * to the sender alone (issue 16, item 4).
 *
 * The rule (SPEC-like, README "Analysis by mail"):
 * - Any confirmed player may ask, with their password; the answer goes
 *   to their address on file and to no one else.
 * - Only a FINISHED board is analysed.  A board still being played is
 *   refused to everyone, its players (engine help in one's own game) and
 *   the others alike (an observer could pass the line to a player); a
 *   challenge not started or cancelled has no game to analyse.  A board
 *   played with -observers=off is analysed for its two players only
 *   (they chose privacy; notify keeps the same rule).
 * - The position: after N plies with #N, else the final position.  When
 *   the rules ended the game there (a crossing not answered, a third
 *   repetition, no legal move...), no move was to be made: the position
 *   before the last move is analysed, and the reply says so and names
 *   the move played there.
 * - preview's positions: MOVE... after the password are played from that
 *   position as preview plays them (each checked under the full rules,
 *   the sides alternating), and the position they reach is analysed.
 *   So a preview position is analysed only from a finished board.
 * - Whatever the way to it, a position that is, or is one move from, the
 *   position of a board still being played by the sender is refused, in
 *   each of its four equivalent forms (files mirrored; colours, ranks and
 *   the side to move swapped): no transposition, replayed game or
 *   colour-swapped copy turns a finished board into help for a running
 *   one.  The comparison ignores the options (a running game under other
 *   rules is spared all the same).  The preview moves may not pass
 *   through such a position on their way either (a game of the sender's
 *   replayed from #0, then a reply and a candidate, would reach two moves
 *   past it).  Nor is an analysis mailed whose best
 *   line passes through such a position (from the position before the
 *   opponent's last move, the line would show the engine's move on the
 *   sender's board).  This reads every board file of every game once
 *   (there is no index of a player's boards).
 * - Cost: the search stops at analyse_nodes nodes or analyse_ms
 *   milliseconds, whichever comes first, in its first ply too (issue
 *   29: an answer whose search did not finish the first ply says so in
 *   a sentence of its own); each player has analyse_per_day analyses a
 *   day (a day from the first one: SPOOL/rate, key "analyse:USERID"), so
 *   at most analyse_nodes * analyse_per_day nodes a day.
 *   analyse_per_day = 0 turns analysis off.  The search's time counts
 *   against the server's hour and the player's share of it
 *   (engine_time.h): past either, the analysis is refused.  A board of
 *   more than analyse_max_squares squares is refused, and so is a
 *   position more than analyse_max_plies moves into its game, the
 *   preview moves counted (what is replayed).
 * - The search knows the game's positions (struct eng_history), so
 *   repetition (RULES.md section 5) and the move cap count as in play.
 * Nothing is written but the reply, the processed-mail record and the
 * day's count.  Under batch's group commit the group staged so far is
 * committed before the engine thinks (its locks are not kept meanwhile).
 */
#include "commands/cmd.h"
#include "services/engine_time.h"
#include "commands/table.h"
#include "engine/engine.h"
#include "spool/group.h"
#include "spool/ratelimit.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The transposition table of one analysis, bytes. */
#define ANALYSE_TABLE_BYTES (4u << 20)

/* Parse BOARD[#N] (word is left as written): the board, and in *n the
 * plies to replay or -1 for the whole game.  0, or -1 when word is no
 * such thing. */
static int analyse_board_word(char *word, long *board, long *n)
{
	char *hash = strchr(word, '#');

	*n = -1;
	if (hash) {
		*hash = '\0';
		*n = strcmp(hash + 1, "0") == 0 ? 0 : util_ply_number(hash + 1);
	}
	*board = util_board_number(word);
	if (hash)
		*hash = '#';
	return *board < 0 || (hash && *n < 0) ? -1 : 0;
}

/* p with its files mirrored (flip) and/or its colours, ranks and side to
 * move swapped (swap), into q: the same position under every rule of
 * RULES.md (the symmetry rule's mirror and rotation commute with both). */
static void analyse_transform(const struct ep_position *p, int flip, int swap,
                              struct ep_position *q)
{
	int f, r;

	*q = *p;
	for (f = 0; f < p->width; f++)
		for (r = 0; r < p->height; r++) {
			int cell = ep_cell_at(p, f, r);
			int tf = flip ? p->width - 1 - f : f;
			int tr = swap ? p->height - 1 - r : r;
			if (swap && cell == EP_WPIECE)
				cell = EP_BPIECE;
			else if (swap && cell == EP_BPIECE)
				cell = EP_WPIECE;
			q->cell[ep_square_at(tf, tr)] = (uint8_t)cell;
		}
	if (swap)
		q->to_move = p->to_move == EP_WHITE ? EP_BLACK : EP_WHITE;
}

/* Whether q is one of forms[0..4). */
static int analyse_matches(const struct ep_position forms[4],
                           const struct ep_position *q)
{
	int i;

	for (i = 0; i < 4; i++)
		if (ep_position_equal(&forms[i], q))
			return 1;
	return 0;
}

/* A board still being played by the sender: where, its position and
 * its rules. */
struct analyse_live {
	char game[16];
	long board;
	struct ep_position pos;
	struct ep_options opts;
};

/* Whether l's position, or one a move from it, is one of forms. */
static int analyse_near(const struct ep_position forms[4],
                        const struct analyse_live *l)
{
	static struct ep_move moves[EP_MAX_MOVES];
	struct ep_position after;
	size_t n, i;

	if (l->pos.width != forms[0].width || l->pos.height != forms[0].height)
		return 0;
	if (analyse_matches(forms, &l->pos))
		return 1;
	n = ep_generate(&l->pos, &l->opts, moves, EP_MAX_MOVES);
	if (n > EP_MAX_MOVES)
		n = EP_MAX_MOVES;
	for (i = 0; i < n; i++) {
		after = l->pos;
		ep_make(&after, &l->opts, &moves[i]);
		if (analyse_matches(forms, &after))
			return 1;
	}
	return 0;
}

/* The boards still being played by userid (every board file of every
 * game read once; files that do not load are skipped: admin check
 * reports them), into *out (malloc'ed, the caller frees; NULL when
 * none).  Returns how many. */
static size_t analyse_live_boards(const struct cmdctx *c, const char *userid,
                                  struct analyse_live **out)
{
	const char *const *name;
	struct analyse_live *v = NULL;
	size_t nv = 0, cap = 0;

	for (name = spool_games; *name; name++) {
		long *boards = NULL;
		size_t n = 0, i;
		char *err = NULL;

		if (game_boards(c->s.cfg->spool, *name, &boards, &n, &err) < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			continue;
		}
		for (i = 0; i < n; i++) {
			struct game g;
			if (game_load(&g, c->s.cfg->spool, *name, boards[i], &err) != 0) {
				free(err);
				err = NULL;
				continue;
			}
			if (g.state == GAME_ACTIVE && game_side_of(&g, userid) >= 0) {
				if (nv == cap) {
					cap = cap ? 2 * cap : 8;
					v = xrealloc(v, cap * sizeof *v);
				}
				snprintf(v[nv].game, sizeof v[nv].game, "%s", *name);
				v[nv].board = g.board;
				v[nv].pos = g.pos;
				v[nv].opts = g.opts;
				nv++;
			}
			game_free(&g);
		}
		free(boards);
	}
	*out = v;
	return nv;
}

/* The board of live[0..n) whose position is p or a move from it (in any
 * of p's forms), or NULL when there is none. */
static const struct analyse_live *analyse_live_near(
	const struct analyse_live *live, size_t n, const struct ep_position *p)
{
	struct ep_position forms[4];
	size_t i;

	if (!n)
		return NULL;
	analyse_transform(p, 0, 0, &forms[0]);
	analyse_transform(p, 1, 0, &forms[1]);
	analyse_transform(p, 0, 1, &forms[2]);
	analyse_transform(p, 1, 1, &forms[3]);
	for (i = 0; i < n; i++)
		if (analyse_near(forms, &live[i]))
			return &live[i];
	return NULL;
}

/* The monotonic clock in milliseconds, for the engine's time bound. */
static uint64_t analyse_clock(void *arg)
{
	struct timespec ts;

	(void)arg;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* "alice (White)" for side of g into buf. */
static void analyse_who(const struct game *g, int side, char *buf, size_t len)
{
	/* TRANSLATORS: a player and the side played, "alice (White)". */
	if (side == EP_WHITE)
		snprintf(buf, len, _("%s (White)"), g->white);
	else
		snprintf(buf, len, _("%s (Black)"), g->black);
}

/* A score (hundredths of a piece) nearer 0 than this reads "about even". */
#define ANALYSE_EVEN_BELOW 25

static void analyse_score_words(const struct game *g, int side, int score,
                         char *buf, size_t len)
{
	char who[48];
	int w = side == EP_WHITE ? score : -score, a = w < 0 ? -w : w;

	if (ENG_IS_WIN(score)) {
		int plies = ENG_WIN - (score < 0 ? -score : score);
		analyse_who(g, score > 0 ? side : !side, who, sizeof who);
		/* TRANSLATORS: %1$s is a player, "alice (White)"; a ply is one
		   player's move. */
		snprintf(buf, len, ngettext("%1$s wins in %2$d ply with best play",
		         "%1$s wins in %2$d plies with best play", plies), who,
		         plies);
		return;
	}
	if (w == 0) {
		snprintf(buf, len, "%s", _("0.00 pieces: even"));
		return;
	}
	/* Under a quarter of a piece is within the engine's noise: no side
	 * is named better for it. */
	if (a < ANALYSE_EVEN_BELOW) {
		/* TRANSLATORS: %1$s%2$d.%3$02d is the score in pieces,
		   "+0.12". */
		snprintf(buf, len, _("%1$s%2$d.%3$02d pieces: about even (the "
		         "score is White's: + for White, - for Black)"),
		         w > 0 ? "+" : "-", a / 100, a % 100);
		return;
	}
	analyse_who(g, w > 0 ? EP_WHITE : EP_BLACK, who, sizeof who);
	/* TRANSLATORS: %1$s%2$d.%3$02d is the score in pieces, "+1.25";
	   %4$s a player, "alice (White)". */
	snprintf(buf, len, _("%1$s%2$d.%3$02d pieces: %4$s is better (the "
	         "score is White's: + for White, - for Black)"),
	         w > 0 ? "+" : "-", a / 100, a % 100, who);
}

static void analyse_line_words(const struct eng_result *r, size_t plies,
                        struct buf *out)
{
	char text[EP_MOVE_TEXT_MAX];
	int i;

	if (r->npv < 1) {  /* no line: the move alone */
		ep_move_format(&r->best, text);
		buf_printf(out, "%zu. %s", plies + 1, text);
		return;
	}
	for (i = 0; i < r->npv && i < ENG_PV_MAX; i++) {
		ep_move_format(&r->pv[i], text);
		buf_printf(out, "%s%zu. %s", i ? " " : "", plies + 1 + (size_t)i,
		           text);
	}
}

/* Search g's position (ACTIVE) for player userid (the time counts
 * against his share, engine_time.h) within the configured bounds and append
 * the score, the best line and the search's size to head.  When the
 * line passes through, or one move from, a position of live[0..nlive)
 * (the sender's running boards), nothing is appended and *hit is that
 * board: the line would show the engine's move there.  CMD_DONE, or
 * CMD_TEMPFAIL when the engine cannot be had (memory). */
static enum cmd_status analyse_search(struct cmdctx *c, const struct game *g,
                                      const char *userid,
                                      const struct analyse_live *live,
                                      size_t nlive,
                                      const struct analyse_live **hit,
                                      struct buf *head)
{
	struct eng_history h = { g->seen, g->nmoves + 1, (int)g->nmoves };
	struct engine_payer payer = { userid, NULL, 0 };
	struct eng_limits lim;
	struct eng_result r;
	struct eng *e = eng_new(ANALYSE_TABLE_BYTES);
	char words[256];

	if (!e) {
		log_msg(LOG_ERR, "analyse: no memory for the engine\n");
		return CMD_TEMPFAIL;
	}
	memset(&lim, 0, sizeof lim);
	lim.nodes = (uint64_t)c->s.cfg->analyse_nodes;
	lim.movetime_ms = (uint64_t)c->s.cfg->analyse_ms;
	lim.clock = analyse_clock;
	{
		uint64_t t0 = analyse_clock(NULL);
		int got = eng_search(e, &g->pos, &g->opts, &h, &lim, &r);

		engine_time_spend(c->s.cfg, c->s.now, &payer, analyse_clock(NULL) - t0);
		if (got < 0)
			r.have_move = 0;
	}
	if (!r.have_move) {
		buf_puts(head, _("There is no move to analyse in this "
		         "position."));
		eng_free(e);
		return CMD_DONE;
	}
	{
		struct ep_position q = g->pos;
		int i, npv = r.npv < 1 ? 1 : r.npv;

		*hit = NULL;
		for (i = 0; i < npv && i < ENG_PV_MAX && !*hit; i++) {
			ep_make(&q, &g->opts, r.npv < 1 ? &r.best : &r.pv[i]);
			*hit = analyse_live_near(live, nlive, &q);
		}
		if (*hit) {
			eng_free(e);
			return CMD_DONE;
		}
	}
	/* A search its bounds stopped inside the first ply says so. */
	if (r.depth == 0 && r.root_done == 0) {
		buf_printf(head, ngettext("The search was stopped by this "
		           "server's bounds before it had finished a single move: "
		           "the move below is only the first of the %zu legal move "
		           "in the engine's order, not a judgement of it, and there "
		           "is no score.\nMove: ", "The search was stopped by this "
		           "server's bounds before it had finished a single move: "
		           "the move below is only the first of the %zu legal "
		           "moves in the engine's order, not a judgement of it, and "
		           "there is no score.\nMove: ", r.root_moves),
		           r.root_moves);
	} else {
		if (r.depth == 0)
			/* TRANSLATORS: %1$zu of the %2$zu legal moves. */
			buf_printf(head, ngettext("The search was stopped by this "
			           "server's bounds before it had looked at every "
			           "move once: it finished %1$zu of the %2$zu legal "
			           "move, and the score and line below are the best "
			           "of those, not of the whole position.\n", "The "
			           "search was stopped by this server's bounds before "
			           "it had looked at every move once: it finished "
			           "%1$zu of the %2$zu legal moves, and the score and "
			           "line below are the best of those, not of the "
			           "whole position.\n", r.root_moves), r.root_done,
			           r.root_moves);
		analyse_score_words(g, g->pos.to_move, r.score, words,
		                    sizeof words);
		/* TRANSLATORS: %s is the score in words, "+1.25 pieces: alice
		   (White) is better (...)"; the best line follows. */
		buf_printf(head, _("Score: %s.\nBest line: "), words);
	}
	analyse_line_words(&r, g->nmoves, head);
	if (r.depth == 0)
		buf_printf(head, ngettext("\n(The engine searched %llu position "
		           "and did not finish its first ply.)", "\n(The engine "
		           "searched %llu positions and did not finish its first "
		           "ply.)", (unsigned long)r.nodes),
		           (unsigned long long)r.nodes);
	else
		/* TRANSLATORS: %1$llu positions, %2$d plies deep (a ply is
		   one player's move). */
		buf_printf(head, ngettext("\n(The engine searched %1$llu "
		           "positions, %2$d ply deep.)", "\n(The engine searched "
		           "%1$llu positions, %2$d plies deep.)", r.depth),
		           (unsigned long long)r.nodes, r.depth);
	log_msg(LOG_INFO, "analyse: %s board %ld after move %zu: %llu nodes, "
	        "depth %d, %llu ms, engine memory %zu bytes\n", g->game,
	        g->board, g->nmoves, (unsigned long long)r.nodes, r.depth,
	        (unsigned long long)r.elapsed_ms, eng_memory(e));
	eng_free(e);
	return CMD_DONE;
}

/* The analysis mail's first sentence, appended to head: which position
 * of board (at moves of nmoves played), then the preview's moves (NULL:
 * none), and who (a player, "alice (White)") is to move. */
static void analyse_headline(struct buf *head, long board, size_t at,
                             size_t nmoves, const char *moves,
                             const char *who)
{
	/* TRANSLATORS: %1$ld is the board's number; the last %s is the
	   player to move, "alice (White)". */
	if (at == 0 && nmoves == 0 && !moves)
		buf_printf(head, _("Analysis of board %1$ld before the first "
		           "move (none was played); %2$s to move.\n"), board, who);
	else if (at == 0 && nmoves == 0)
		/* TRANSLATORS: %2$s is the moves of the preview. */
		buf_printf(head, _("Analysis of board %1$ld before the first "
		           "move (none was played), then your moves %2$s; %3$s to "
		           "move.\n"), board, moves, who);
	else if (at == 0 && !moves)
		/* TRANSLATORS: %2$zu is the moves played. */
		buf_printf(head, ngettext("Analysis of board %1$ld before the "
		           "first move (of %2$zu); %3$s to move.\n", "Analysis of "
		           "board %1$ld before the first move (of %2$zu); %3$s to "
		           "move.\n", nmoves), board, nmoves, who);
	else if (at == 0)
		/* TRANSLATORS: %2$zu is the moves played, %3$s the moves of
		   the preview. */
		buf_printf(head, ngettext("Analysis of board %1$ld before the "
		           "first move (of %2$zu), then your moves %3$s; %4$s to "
		           "move.\n", "Analysis of board %1$ld before the first "
		           "move (of %2$zu), then your moves %3$s; %4$s to "
		           "move.\n", nmoves), board, nmoves, moves, who);
	else if (!moves)
		/* TRANSLATORS: after move %2$zu of the %3$zu played. */
		buf_printf(head, ngettext("Analysis of board %1$ld after move "
		           "%2$zu (of %3$zu); %4$s to move.\n", "Analysis of "
		           "board %1$ld after move %2$zu (of %3$zu); %4$s to "
		           "move.\n", nmoves), board, at, nmoves, who);
	else
		/* TRANSLATORS: after move %2$zu of the %3$zu played; %4$s is
		   the moves of the preview. */
		buf_printf(head, ngettext("Analysis of board %1$ld after move "
		           "%2$zu (of %3$zu), then your moves %4$s; %5$s to "
		           "move.\n", "Analysis of board %1$ld after move %2$zu "
		           "(of %3$zu), then your moves %4$s; %5$s to move.\n",
		           nmoves), board, at, nmoves, moves, who);
}

/* Refuse analysis of full, not FINISHED, with the reason. */
static enum cmd_status analyse_not_over(struct cmdctx *c,
                                        const struct game *full,
                                        const char *userid, const char *usage)
{
	char res[EP_ERR_MAX + 96];

	if (full->state == GAME_CHALLENGED) {
		game_not_started_text(full, res, sizeof res);
		/* TRANSLATORS: %s says why the game has not started. */
		return board_refuse(c, full, usage, _("%s: there is no game to "
		                    "analyse yet"), res);
	}
	if (full->state == GAME_CANCELLED)
		return board_refuse(c, full, usage, _("board %ld was a challenge "
		                    "that never started: there is no game to "
		                    "analyse"), full->board);
	if (game_side_of(full, userid) >= 0)
		return board_refuse(c, full, usage, _("board %ld is still being "
		                    "played and you play on it: the engine analyses "
		                    "a game only once it is over (no engine help in "
		                    "your own game)"), full->board);
	return board_refuse(c, full, usage, _("board %ld is still being "
	                    "played: the engine analyses a game only once it "
	                    "is over (what it says could reach a player)"),
	                    full->board);
}

enum cmd_status cmd_analyse(struct cmdctx *c, const char *game, int argc,
                            char **argv)
{
	const char *usage = cmd_usage_of(c, "analyse", CMDT_GAME, game);
	struct game full, g;
	struct user u;
	struct buf head = BUF_INIT, moves = BUF_INIT;
	struct txn *t;
	enum cmd_status st;
	char subject[160], who[48], res[REPLY_RESULT_MAX];
	struct analyse_live *live = NULL;
	const struct analyse_live *hit = NULL;
	size_t nlive = 0;
	long board, n;
	size_t at, i;
	int stepped = 0;

	if (argc < 3)
		return cmd_refuse(c, usage, "%s", _("analyse takes a board number "
		                  "(with #N for the position after N moves), your "
		                  "userid and your password, then moves to try if "
		                  "you like"));
	if (analyse_board_word(argv[0], &board, &n) < 0)
		/* TRANSLATORS: keep BOARD as it is: what a player types. */
		return cmd_refuse(c, usage, _("'%s' is not a board number (BOARD "
		                  "or BOARD#N)"), argv[0]);
	util_lower(argv[1]);
	if ((st = cmd_auth(c, argv[1], argv[2], usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	if (c->s.cfg->analyse_per_day == 0)
		return cmd_refuse(c, usage, "%s", _("this server does not "
		                  "analyse games (analyse_per_day = 0)"));
	if ((st = show_load(c, game, board, usage, &full)) != CMD_DONE)
		return st;
	if (full.state != GAME_FINISHED) {
		st = analyse_not_over(c, &full, argv[1], usage);
		game_free(&full);
		return st;
	}
	if (full.no_observers && game_side_of(&full, argv[1]) < 0) {
		/* TRANSLATORS: keep the options (-observers=off) as they
		 * are: what a player types. */
		st = cmd_refuse(c, usage, _("board %ld was played without "
		                "observers (-observers=off): only its players may "
		                "have it analysed"), board);
		game_free(&full);
		return st;
	}
	if (full.opts.width * full.opts.height > c->s.cfg->analyse_max_squares) {
		/* TRANSLATORS: board %1$ld is %2$dx%3$d, %4$d squares; %5$d
		   the most squares. */
		st = board_refuse(c, &full, usage, _("board %1$ld is %2$dx%3$d, "
		                  "%4$d squares, and this server analyses boards of "
		                  "at most %5$d squares (analyse_max_squares)"),
		                  board,
		                  full.opts.width, full.opts.height,
		                  full.opts.width * full.opts.height,
		                  c->s.cfg->analyse_max_squares);
		game_free(&full);
		return st;
	}
	if (n > (long)full.nmoves) {
		/* TRANSLATORS: board %1$ld has only %2$zu moves, not %3$ld. */
		st = board_refuse(c, &full, usage, ngettext("board %1$ld has only "
		                  "%2$zu move, not %3$ld", "board %1$ld has only "
		                  "%2$zu moves, not %3$ld", full.nmoves), board,
		                  full.nmoves, n);
		game_free(&full);
		return st;
	}
	at = n < 0 ? full.nmoves : (size_t)n;
	/* The replay's length: the position's moves and the player's. */
	if (at + (size_t)(argc - 3) > (size_t)c->s.cfg->analyse_max_plies) {
		if (argc > 3)
			/* TRANSLATORS: %1$zu moves into the game; %2$d the
			   most. */
			st = board_refuse(c, &full, usage, ngettext("the position "
			                  "your moves reach is %1$zu move into the "
			                  "game, and this server analyses positions at "
			                  "most %2$d moves into a game "
			                  "(analyse_max_plies)", "the position your "
			                  "moves reach is %1$zu moves into the game, and "
			                  "this server analyses positions at most %2$d "
			                  "moves into a game (analyse_max_plies)",
			                  at + (size_t)(argc - 3)),
			                  at + (size_t)(argc - 3),
			                  c->s.cfg->analyse_max_plies);
		else
			/* TRANSLATORS: %1$zu moves into the game; %2$d the
			   most.
			   Keep BOARD as it is: what a player types. */
			st = board_refuse(c, &full, usage, ngettext("the position "
			                  "you ask for is %1$zu move into the game, and "
			                  "this server analyses positions at most %2$d "
			                  "moves into a game (analyse_max_plies): ask "
			                  "for an earlier one with BOARD#N", "the "
			                  "position you ask for is %1$zu moves into the "
			                  "game, and this server analyses positions at "
			                  "most %2$d moves into a game "
			                  "(analyse_max_plies): ask for an earlier one "
			                  "with BOARD#N", at), at,
			                  c->s.cfg->analyse_max_plies);
		game_free(&full);
		return st;
	}
	preview_rewind(&full, at, &g);
	/* No move was to be made where the rules ended the game: the
	 * position before the last move is the one to look at. */
	if (g.state != GAME_ACTIVE && argc == 3 && at > 0) {
		game_free(&g);
		preview_rewind(&full, --at, &g);
		stepped = 1;
	}
	analyse_who(&g, g.pos.to_move, who, sizeof who);
	if (argc > 3) {
		st = preview_moves(c, &g, argc - 3, argv + 3, usage, 1, 0,
		                   &moves);
		if (st == CMD_DONE && g.state != GAME_ACTIVE) {
			game_result_text(&g, res, sizeof res);
			/* TRANSLATORS: %1$s is the moves, %2$s the result. */
			st = board_refuse(c, &g, usage, _("after your moves %1$s the "
			                  "game is over (%2$s): there is nothing to "
			                  "analyse"), buf_str(&moves), res);
		}
		if (st != CMD_DONE)
			goto out;
		analyse_who(&g, g.pos.to_move, who, sizeof who);
	} else if (g.state != GAME_ACTIVE) {
		game_result_text(&g, res, sizeof res);
		st = board_refuse(c, &g, usage, _("the game was over before its "
		                  "first move (%s): there is nothing to analyse"),
		                  res);
		goto out;
	}
	analyse_headline(&head, board, at, full.nmoves,
	                 argc > 3 ? buf_str(&moves) : NULL, who);
	if (stepped) {
		reply_result_words(&full, res, sizeof res);
		/* TRANSLATORS: %1$zu is the last move's number, %2$s the
		   result, %3$s the player who made it, "alice (White)", %4$s
		   the move. */
		buf_printf(&head, _("The game ended with move %1$zu (%2$s): no "
		           "move was to be made after it, so this is the position "
		           "before it, where %3$s played %4$s.\n"), at + 1, res,
		           who, full.moves[at].text);
	}
	nlive = analyse_live_boards(c, argv[1], &live);
	/* The position, and each one your preview moves pass through (so a
	 * game of yours replayed from #0 does not reach two moves past your
	 * live position by way of it). */
	for (i = at, hit = NULL; i <= g.nmoves && !hit; i++)
		hit = analyse_live_near(live, nlive, &g.seen[i]);
	if (hit) {
		/* TRANSLATORS: %1$s is the game, %2$ld the board's number. */
		st = board_refuse(c, &g, usage, _("this position, or one your "
		                  "moves pass through, is or is one move from the "
		                  "position of %1$s board %2$ld, which you are "
		                  "playing: the engine does not analyse it while "
		                  "that game goes on"), hit->game, hit->board);
		goto out;
	}
	{
		struct engine_payer payer = { argv[1], NULL, 0 };
		switch (engine_time_may(c->s.cfg, c->s.now, &payer)) {
		case ENGINE_GO:
			break;
		case ENGINE_WAIT_PLAYER:
			st = cmd_refuse(c, usage, _("you have used your share of "
			                "the server's engine this hour (engine_share_"
			                "percent = %d%% of engine_hour_ms, for your "
			                "analyses and your robot games together): ask "
			                "again in an hour"),
			                c->s.cfg->engine_share_percent);
			goto out;
		default:
			st = cmd_refuse(c, usage, _("the server's engine has "
			                "thought as long as it may this hour "
			                "(engine_hour_ms = %d): ask again in an hour"),
			                c->s.cfg->engine_hour_ms);
			goto out;
		}
	}
	{
		char key[64];
		snprintf(key, sizeof key, "analyse:%s", argv[1]);
		if (ratelimit_count(c->s.cfg->spool, key, c->s.cfg->analyse_per_day,
		                    86400, c->s.now, NULL) == 0) {
			st = cmd_refuse(c, usage, _("you have had as many analyses "
			                "today as a player may (analyse_per_day = %d): "
			                "ask again tomorrow"),
			                c->s.cfg->analyse_per_day);
			goto out;
		}
	}
	/* Batch: the mails before this one are committed before the engine
	 * thinks, so the locks their group keeps (group.h) are not held for
	 * seconds while nothing is written. */
	if (txn_group_commit() < 0) {
		st = CMD_TEMPFAIL;
		goto out;
	}
	if ((st = analyse_search(c, &g, argv[1], live, nlive, &hit, &head)) !=
	    CMD_DONE)
		goto out;
	if (hit) {
		/* TRANSLATORS: %1$s is the game, %2$ld the board's number. */
		st = board_refuse(c, &g, usage, _("the engine's best line from "
		                  "this position goes through, or one move from, "
		                  "the position of %1$s board %2$ld, which you are "
		                  "playing: the engine does not show it while that "
		                  "game goes on"), hit->game, hit->board);
		goto out;
	}
	if (!stepped && argc == 3 && at < full.nmoves)
		/* TRANSLATORS: %1$s is a player, "alice (White)", %2$s the
		   move. */
		buf_printf(&head, _("\nIn the game, %1$s played %2$s here."),
		           who, full.moves[at].text);
	/* TRANSLATORS: a mail's subject: %1$s is the game's title, %2$ld
	   the board's number, %3$zu a move's. */
	snprintf(subject, sizeof subject, at ? _("%1$s analysis of board "
	         "%2$ld after move %3$zu") : _("%1$s analysis of board %2$ld "
	         "before move %3$zu"), reply_game_title(game), board,
	         at ? at : (size_t)1);
	t = svc_txn(&c->s, c->s.msg_key);
	c->s.bm.subject = subject;
	c->s.bm.past = c->s.bm.no_token = 1;  /* a position to look at, not to act on */
	st = reply_board(&c->s, t, &g, buf_str(&head), "", NULL, c->sender);
	c->s.bm.past = c->s.bm.no_token = 0;
	c->s.bm.subject = NULL;
	if (st == CMD_DONE)
		st = svc_commit(&c->s, t);
	else
		txn_abort(t);
out:
	free(live);
	buf_free(&head);
	buf_free(&moves);
	game_free(&g);
	game_free(&full);
	return st;
}
