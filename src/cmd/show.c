/*
 * show.c - looking at boards, to the sender only:
 *
 *   GAME show BOARD[#N] [BOARD[#N]...]    boards as they stand, or as
 *                                         they stood after N moves
 *   GAME show USERID [all|active|next]    that player's boards: every
 *                                         one, those not over (default),
 *                                         or those waiting for them
 *   GAME showas USERID PASSWORD BOARD...|all
 *                                         boards from that player's side
 *   GAME games USERID                     one line per board of the player
 *
 * show and games need no password: boards are public, as on pbmserv.
 * Files are replaced by rename, so reading needs no lock.
 */
#include "util/log.h"
#include "cmd/cmd.h"
#include "game/render.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define SHOW_USAGE "GAME show BOARD[#N] [BOARD[#N]...]\n" \
	"GAME show USERID [all|active|next]\n" \
	"  e.g. epaminondas show 101\n" \
	"       epaminondas show 101#3 102   (101 after move 3, and 102)\n" \
	"       epaminondas show alice next   (boards where alice must act)"
#define SHOWAS_USAGE "GAME showas USERID PASSWORD BOARD...|all\n" \
	"  e.g. epaminondas showas bob Secret42 101   (the board from bob's side)"
#define GAMES_USAGE "GAME games USERID\n  e.g. epaminondas games alice"

/* Load board of game for reading: CMD_DONE, CMD_REFUSED (none) or
 * CMD_TEMPFAIL. */
static enum cmd_status show_load(struct cmdctx *c, const char *game,
                                 long board, const char *usage,
                                 struct game *g)
{
	char *err = NULL;
	int rc = game_load(g, c->cfg->spool, game, board, &err);

	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0)
		return cmd_refuse(c, usage, "there is no %s board %ld", game, board);
	return CMD_DONE;
}

/* The board g (freed here) to the sender alone, under headline. */
static enum cmd_status show_send(struct cmdctx *c, struct game *g,
                                 const char *headline)
{
	struct txn *t = cmd_txn(c, c->msg_key);
	enum cmd_status st = reply_board(c, t, g, headline, "", NULL, c->sender);

	if (st == CMD_DONE)
		st = cmd_commit(c, t);
	else
		txn_abort(t);
	game_free(g);
	return st;
}

/* The most boards one show names. */
#define SHOW_MAX_BOARDS 10

/* Parse BOARD[#N] (word is modified): the board, and in *n the number
 * of moves to replay or -1 for the board as it stands.  0, or -1 when
 * word is no such thing. */
static int show_board_word(char *word, long *board, long *n)
{
	char *hash = strchr(word, '#');

	*n = -1;
	if (hash) {
		*hash = '\0';
		*n = strcmp(hash + 1, "0") == 0 ? 0 : util_board_number(hash + 1);
		if (*n < 0)
			return -1;
	}
	*board = util_board_number(word);
	return *board < 0 ? -1 : 0;
}

/* Where the game full stands now, after a past position was shown:
 * "the game is now at move 7, bob to move" or "the game is over: ...". */
static void show_now(const struct game *full, char *buf, size_t len)
{
	char res[REPLY_RESULT_MAX];

	if (full->state == GAME_ACTIVE) {
		snprintf(buf, len, "the game is now at move %zu, %s to move",
		         full->nmoves + 1, game_to_move(full));
		return;
	}
	reply_result_words(full, res, sizeof res);
	snprintf(buf, len, "the game is over: %s", res);
}

/* Load board for show, replayed to its first n moves when n >= 0;
 * *past set when that is a position the game has left behind. */
static enum cmd_status show_load_at(struct cmdctx *c, const char *game,
                                    long board, long n, struct game *g,
                                    char *headline, size_t len, int *past)
{
	struct game full;
	char now[REPLY_RESULT_MAX + 64];
	enum cmd_status st = show_load(c, game, board, SHOW_USAGE, &full);

	*past = 0;
	if (st != CMD_DONE)
		return st;
	if (n < 0 || (size_t)n == full.nmoves) {
		*g = full;
		snprintf(headline, len, "Board %ld as it stands.", board);
		return CMD_DONE;
	}
	if ((size_t)n > full.nmoves) {
		cmd_refuse(c, SHOW_USAGE, "board %ld has only %zu moves, not %ld",
		           board, full.nmoves, n);
		game_free(&full);
		return CMD_REFUSED;
	}
	preview_rewind(&full, (size_t)n, g);
	show_now(&full, now, sizeof now);
	if (n == 0)
		snprintf(headline, len, "Board %ld as it stood before the first "
		         "move (of %zu); %s.", board, full.nmoves, now);
	else
		snprintf(headline, len, "Board %ld as it stood after move %ld (of "
		         "%zu); %s.", board, n, full.nmoves, now);
	*past = 1;
	game_free(&full);
	return CMD_DONE;
}

/* show BOARD[#N] [BOARD[#N]...]: one board mail each, in one
 * transaction; every word is checked before any is sent.  A past
 * position comes with no instructions and no token, under a subject
 * that says what it is. */
static enum cmd_status show_boards(struct cmdctx *c, const char *game,
                                   int argc, char **argv)
{
	long boards[SHOW_MAX_BOARDS], at[SHOW_MAX_BOARDS];
	char headline[REPLY_RESULT_MAX + 192], subject[128];
	struct txn *t;
	enum cmd_status st = CMD_DONE;
	int i, past;

	if (argc > SHOW_MAX_BOARDS)
		return cmd_refuse(c, SHOW_USAGE, "show takes at most %d boards",
		                  SHOW_MAX_BOARDS);
	for (i = 0; i < argc; i++)
		if (show_board_word(argv[i], &boards[i], &at[i]) < 0)
			return cmd_refuse(c, SHOW_USAGE, "'%s' is not a board number "
			                  "(BOARD or BOARD#N)", argv[i]);
	t = cmd_txn(c, c->msg_key);
	for (i = 0; i < argc && st == CMD_DONE; i++) {
		struct game g;
		st = show_load_at(c, game, boards[i], at[i], &g, headline,
		                  sizeof headline, &past);
		if (st != CMD_DONE)
			break;
		if (at[i] == 0)
			snprintf(subject, sizeof subject, "%s Board %ld before the "
			         "first move: a past position", reply_game_title(game),
			         boards[i]);
		else
			snprintf(subject, sizeof subject, "%s Board %ld after move %ld: "
			         "a past position", reply_game_title(game), boards[i],
			         at[i]);
		if (past) {
			c->past = c->no_token = 1;
			c->subject = subject;
		}
		st = reply_board(c, t, &g, headline, "", NULL, c->sender);
		if (past) {
			c->past = c->no_token = 0;
			c->subject = NULL;
		}
		game_free(&g);
	}
	if (st != CMD_DONE) {
		txn_abort(t);
		return st;
	}
	return cmd_commit(c, t);
}

static enum cmd_status show_one(struct cmdctx *c, const char *game,
                                long board)
{
	struct game g;
	char headline[128];
	enum cmd_status st;

	if ((st = show_load(c, game, board, SHOW_USAGE, &g)) != CMD_DONE)
		return st;
	snprintf(headline, sizeof headline, "Board %ld as it stands.", board);
	return show_send(c, &g, headline);
}

/* Whether board g waits for userid: their move, or their answer to a
 * challenge or a vote. */
static int show_waits_for(const struct game *g, const char *userid)
{
	if (g->state == GAME_CHALLENGED) {
		int side = game_side_of(g, userid);
		return side >= 0 && !g->agreed[side];
	}
	if (g->state != GAME_ACTIVE)
		return 0;
	if (g->vote != GAME_VOTE_NONE && strcmp(g->vote_by, userid) != 0)
		return 1;
	return strcmp(game_to_move(g), userid) == 0;
}

/* One line about g for userid's lists. */
static void show_line(const struct game *g, struct buf *out)
{
	char res[EP_ERR_MAX + 96];

	buf_printf(out, "  Board %ld: %s (White) against %s (Black), %zu move%s, ",
	           g->board, g->white, g->black, g->nmoves,
	           g->nmoves == 1 ? "" : "s");
	if (g->state == GAME_CHALLENGED) {
		int both;
		const char *who = game_waits_agreement(g, &both);
		buf_printf(out, "challenge waiting for %s%s%s", who ? who : "",
		           both ? " and " : "", both ? g->black : "");
	}
	else if (g->state == GAME_ACTIVE)
		buf_printf(out, "%s to move", game_to_move(g));
	else {
		game_result_text(g, res, sizeof res);
		buf_puts(out, res);
	}
	buf_puts(out, "\n");
}

/* Whether board g of userid (their side) belongs in the answer of mode
 * ("all", "active", "next", or "games" for the one-line list). */
static int show_keeps(const struct game *g, const char *userid, int side,
                      const char *mode)
{
	if (side < 0)
		return 0;
	if (strcmp(mode, "games") == 0 || strcmp(mode, "all") == 0)
		return 1;
	if (strcmp(mode, "active") == 0)
		return g->state == GAME_ACTIVE || g->state == GAME_CHALLENGED;
	return show_waits_for(g, userid);
}

/* g's line and, unless lines, its diagram from u's side, into out. */
static void show_item(const struct game *g, const struct user *u, int side,
                      int lines, struct buf *out)
{
	char *d;

	show_line(g, out);
	if (lines)
		return;
	d = render_board(g, u->orientation == USER_ORIENT_BLACK ||
	                 (u->orientation == USER_ORIENT_OWN && side == EP_BLACK));
	buf_printf(out, "\n%s\n", d);
	free(d);
}

/* What the sender can do when not every board fitted in the mail. */
static void show_cut_note(struct cmdctx *c, const char *game,
                          const char *userid, const char *mode, size_t shown,
                          size_t total, long last, struct buf *out)
{
	if (shown)
		buf_printf(out, "\n  Shown: the first %zu of these %zu boards, in "
		           "board order, up to board %ld; all of them would not fit "
		           "in one mail (at most %zu bytes).\n", shown, total, last,
		           reply_cap(c));
	else
		buf_printf(out, "\n  Not shown: these %zu boards would not fit in "
		           "one mail (at most %zu bytes).\n", total, reply_cap(c));
	if (strcmp(mode, "games") == 0)
		buf_printf(out, "  For fewer: \"%s show %s next\" (the boards waiting "
		           "for %s) or \"%s show %s active\" (those not over).\n",
		           game, userid, userid, game, userid);
	else
		buf_printf(out, "  For the others: \"%s games %s\" lists every board "
		           "on one line, and \"%s show BOARD\" shows any one of "
		           "them.\n", game, userid, game);
}

/* Every board of game where userid plays, filtered by mode ("all",
 * "active", "next", or "games" for the one-line list), into one mail.
 * Boards are added in board order while they fit in the reply's budget
 * (reply_text_budget); past it they are only counted, and a note says
 * how many were shown of how many and how to see the rest. */
static enum cmd_status show_user(struct cmdctx *c, const char *game,
                                 char *userid, const char *mode,
                                 const char *usage)
{
	struct user u;
	struct tvars v = { 0 };
	struct buf out = BUF_INIT, item = BUF_INIT;
	struct txn *t;
	long *boards = NULL, last = 0;
	size_t n = 0, i, shown = 0, total = 0, budget = reply_text_budget(c);
	char *err = NULL, *text, subject[160];
	int rc, lines = strcmp(mode, "games") == 0, full = 0;
	enum cmd_status st = CMD_DONE;

	util_lower(userid);
	rc = util_userid_ok(userid) ? user_load(c->cfg->spool, userid, &u, &err) : 1;
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0)
		return cmd_refuse(c, usage, "'%s' is neither a board number nor a "
		                  "player's userid", userid);
	if (game_boards(c->cfg->spool, game, &boards, &n, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		user_free(&u);
		return CMD_TEMPFAIL;
	}
	for (i = 0; i < n; i++) {
		struct game g;
		int side;
		if (game_load(&g, c->cfg->spool, game, boards[i], &err) != 0) {
			/* A bad file is the admin's business (admin check). */
			free(err);
			err = NULL;
			continue;
		}
		side = game_side_of(&g, userid);
		if (show_keeps(&g, userid, side, mode)) {
			total++;
			if (!full) {
				buf_reset(&item);
				show_item(&g, &u, side, lines, &item);
				full = out.len + item.len > budget;
			}
			if (!full) {
				buf_append(&out, item.data, item.len);
				shown++;
				last = g.board;
			}
		}
		game_free(&g);
	}
	free(boards);
	if (full)
		show_cut_note(c, game, userid, mode, shown, total, last, &out);
	tvars_set(&v, "title", reply_game_title(game));
	tvars_set(&v, "userid", userid);
	tvars_set(&v, "game", game);
	tvars_setf(&v, "headline", "%s boards of %s%s: %zu.",
	           reply_game_title(game), userid,
	           lines || strcmp(mode, "all") == 0 ? ""
	           : strcmp(mode, "active") == 0 ? " not over yet"
	           : " waiting for them", total);
	tvars_set(&v, "boards", total ? buf_str(&out) : "  (none)\n");
	text = reply_template(c, "boards.txt", &v);
	if (!text) {
		st = CMD_TEMPFAIL;
		goto out;
	}
	snprintf(subject, sizeof subject, "%s boards of %s", reply_game_title(game),
	         userid);
	t = cmd_txn(c, c->msg_key);
	reply_queue(c, t, c->sender, subject, text, NULL, 0, NULL);
	st = cmd_commit(c, t);
out:
	free(text);
	tvars_free(&v);
	buf_free(&item);
	buf_free(&out);
	user_free(&u);
	return st;
}

enum cmd_status cmd_show(struct cmdctx *c, const char *game, int argc,
                         char **argv)
{
	long board;

	if (argc < 1)
		return cmd_refuse(c, SHOW_USAGE, "show takes a board number, or a "
		                  "userid and optionally all, active or next");
	board = util_board_number(argv[0]);
	if (board >= 0 && argc == 1)
		return show_one(c, game, board);
	if (isdigit((unsigned char)argv[0][0]))
		return show_boards(c, game, argc, argv);
	if (argc > 2)
		return cmd_refuse(c, SHOW_USAGE, "show takes a userid and "
		                  "optionally all, active or next");
	if (argc == 2) {
		util_lower(argv[1]);
		if (strcmp(argv[1], "all") && strcmp(argv[1], "active") &&
		    strcmp(argv[1], "next"))
			return cmd_refuse(c, SHOW_USAGE, "'%s' is not all, active or "
			                  "next", argv[1]);
	}
	return show_user(c, game, argv[0], argc == 2 ? argv[1] : "active",
	                 SHOW_USAGE);
}

enum cmd_status cmd_games(struct cmdctx *c, const char *game, int argc,
                          char **argv)
{
	if (argc != 1)
		return cmd_refuse(c, GAMES_USAGE, "games takes one userid");
	return show_user(c, game, argv[0], "games", GAMES_USAGE);
}

/* Add to t the board mail of board from userid's side; refuses (and
 * attaches the board) when userid plays no side on it. */
static enum cmd_status showas_one(struct cmdctx *c, struct txn *t,
                                  const char *game, const char *userid,
                                  long board)
{
	struct game g;
	char headline[160];
	enum cmd_status st;
	int side;

	if ((st = show_load(c, game, board, SHOWAS_USAGE, &g)) != CMD_DONE)
		return st;
	if ((side = game_side_of(&g, userid)) < 0) {
		st = board_refuse(c, &g, SHOWAS_USAGE, "you (%s) are not a player "
		                  "on board %ld", userid, board);
		game_free(&g);
		return st;
	}
	snprintf(headline, sizeof headline, "Board %ld as it stands, from %s's "
	         "side.", board, userid);
	c->orient = side == EP_BLACK ? 2 : 1;
	st = reply_board(c, t, &g, headline, "", NULL, c->sender);
	c->orient = 0;
	game_free(&g);
	return st;
}

/* The boards of game that userid plays and that are not over, at most
 * SHOW_MAX_BOARDS, into boards; their number, or -1 on I/O trouble. */
static int showas_active(struct cmdctx *c, const char *game,
                         const char *userid, long *boards)
{
	long *all = NULL;
	size_t n = 0, i;
	char *err = NULL;
	int k = 0;

	if (game_boards(c->cfg->spool, game, &all, &n, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	for (i = 0; i < n && k < SHOW_MAX_BOARDS; i++) {
		struct game g;
		int side;
		if (game_load(&g, c->cfg->spool, game, all[i], &err) != 0) {
			free(err);
			err = NULL;
			continue;
		}
		side = game_side_of(&g, userid);
		if (side >= 0 && show_keeps(&g, userid, side, "active"))
			boards[k++] = all[i];
		game_free(&g);
	}
	free(all);
	return k;
}

enum cmd_status cmd_showas(struct cmdctx *c, const char *game, int argc,
                           char **argv)
{
	struct user u;
	struct txn *t;
	long boards[SHOW_MAX_BOARDS];
	enum cmd_status st;
	int i, n = argc - 2, all = argc == 3 && strcasecmp(argv[2], "all") == 0;

	if (argc < 3)
		return cmd_refuse(c, SHOWAS_USAGE, "showas takes your userid, your "
		                  "password and a board number (or several, or all)");
	if (n > SHOW_MAX_BOARDS)
		return cmd_refuse(c, SHOWAS_USAGE, "showas takes at most %d boards",
		                  SHOW_MAX_BOARDS);
	for (i = 0; !all && i < n; i++)
		if ((boards[i] = util_board_number(argv[2 + i])) < 0)
			return cmd_refuse(c, SHOWAS_USAGE, "'%s' is not a board number",
			                  argv[2 + i]);
	util_lower(argv[0]);
	if ((st = cmd_auth(c, argv[0], argv[1], SHOWAS_USAGE, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	if (all && (n = showas_active(c, game, argv[0], boards)) < 0)
		return CMD_TEMPFAIL;
	if (n == 0)
		return cmd_refuse(c, SHOWAS_USAGE, "you (%s) have no %s board that "
		                  "is not over", argv[0], reply_game_title(game));
	t = cmd_txn(c, c->msg_key);
	for (i = 0; i < n && st == CMD_DONE; i++)
		st = showas_one(c, t, game, argv[0], boards[i]);
	if (st != CMD_DONE) {
		txn_abort(t);
		return st;
	}
	return cmd_commit(c, t);
}
