/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * show.c - looking at boards, to the sender only:
 *
 *   GAME show BOARD[#N] [BOARD[#N]...]    boards as they stand, or as
 *                                         they stood after N moves
 *   GAME show USERID... [all|active|inactive|next]
 *                                         those players' boards: every
 *                                         one, those not over (default),
 *                                         those over, or those waiting
 *                                         for them
 *   GAME showas USERID PASSWORD BOARD...|all|active|inactive|next
 *                                         boards from that player's side
 *   GAME games USERID... [all|active|inactive|next]
 *                                         one line per board (default
 *                                         all); "games" alone: every game
 *   all show|games USERID... [FILTER]     the same for every game, in
 *                                         one reply
 *
 * show and games need no password: boards are public, as on pbmserv.
 * Files are replaced by rename, so reading needs no lock.
 */
#include "util/log.h"
#include "commands/cmd.h"
#include "commands/table.h"
#include "game/clock.h"
#include "game/render.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "spool/seeks.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


enum cmd_status cmd_no_board(struct cmdctx *c, const char *game,
                             long board, const char *usage)
{
	struct buf why = BUF_INIT;
	enum cmd_status st;

	board_missing_words(&c->s, game, board, &why);
	st = cmd_refuse(c, usage, "%s", buf_str(&why));
	buf_free(&why);
	return st;
}

/* Load board of game for reading (cmd.h). */
enum cmd_status show_load(struct cmdctx *c, const char *game,
                                 long board, const char *usage,
                                 struct game *g)
{
	char *err = NULL;
	int rc = game_load(g, c->s.cfg->spool, game, board, &err);

	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0)
		return cmd_no_board(c, game, board, usage);
	return CMD_DONE;
}

/* The board g (freed here) to the sender alone, under headline. */
static enum cmd_status show_send(struct cmdctx *c, struct game *g,
                                 const char *headline)
{
	struct txn *t = svc_txn(&c->s, c->s.msg_key);
	enum cmd_status st = reply_board(&c->s, t, g, headline, "", NULL, c->sender);

	if (st == CMD_DONE)
		st = svc_commit(&c->s, t);
	else
		txn_abort(t);
	game_free(g);
	return st;
}

/* The most boards one show names. */
#define SHOW_MAX_BOARDS 10
#define SHOW_MAX_USERS 10   /* userids of one show or games */

/* Parse BOARD[#N]: the board, and in *n the number of plies to replay
 * or -1 for the board as it stands.  0, or -1 when word is no such
 * thing.  word is left as written (the error quotes it whole). */
static int show_board_word(char *word, long *board, long *n)
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

/* Where the game full stands now, after a past position was shown:
 * "the game is now at move 7, bob to move" or "the game is over: ...". */
static void show_now(const struct game *full, char *buf, size_t len)
{
	char res[REPLY_RESULT_MAX];

	if (full->state == GAME_ACTIVE) {
		/* TRANSLATORS: follows a semicolon; the number of the move
		 * to make, then the player to move. */
		snprintf(buf, len, _("the game is now at move %zu, %s to move"),
		         full->nmoves + 1, game_to_move(full));
		return;
	}
	reply_result_words(full, res, sizeof res);
	/* TRANSLATORS: follows a semicolon; %s is the result in words. */
	snprintf(buf, len, _("the game is over: %s"), res);
}

/* Load board for show, replayed to its first n moves when n >= 0;
 * *past set when that is a position the game has left behind. */
static enum cmd_status show_load_at(struct cmdctx *c, const char *game,
                                    long board, long n, struct game *g,
                                    char *headline, size_t len, int *past)
{
	const char *usage = cmd_usage_of(c, "show", CMDT_GAME, game);
	struct game full;
	char now[REPLY_RESULT_MAX + 64];
	enum cmd_status st = show_load(c, game, board, usage, &full);

	*past = 0;
	if (st != CMD_DONE)
		return st;
	if (n < 0 || (size_t)n == full.nmoves) {
		*g = full;
		snprintf(headline, len, _("Board %ld as it stands."), board);
		return CMD_DONE;
	}
	if ((size_t)n > full.nmoves) {
		cmd_refuse(c, usage, _("board %ld has only %zu moves, not %ld"),
		           board, full.nmoves, n);
		game_free(&full);
		return CMD_REFUSED;
	}
	preview_rewind(&full, (size_t)n, g);
	show_now(&full, now, sizeof now);
	if (n == 0)
		/* TRANSLATORS: the board, its number of moves, then where
		 * the game stands now ("the game is now at move 7, bob to
		 * move"). */
		snprintf(headline, len, _("Board %ld as it stood before the "
		         "first move (of %zu); %s."), board, full.nmoves, now);
	else
		/* TRANSLATORS: the board, the move, the board's number of
		 * moves, then where the game stands now ("the game is now at
		 * move 7, bob to move"). */
		snprintf(headline, len, _("Board %ld as it stood after move %ld "
		         "(of %zu); %s."), board, n, full.nmoves, now);
	*past = 1;
	game_free(&full);
	return CMD_DONE;
}

/* show BOARD[#N] [BOARD[#N]...]: one board mail each, in one
 * transaction; every word is checked before any is sent.  A past
 * position comes with no instructions and no token, under a subject
 * that says what it is.  A stranger (reply_to_stranger) is shown one
 * board a mail: nothing amplifies a forged From. */
static enum cmd_status show_boards(struct cmdctx *c, const char *game,
                                   int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "show", CMDT_GAME, game);
	long boards[SHOW_MAX_BOARDS], at[SHOW_MAX_BOARDS];
	char headline[REPLY_RESULT_MAX + 192], subject[128];
	struct txn *t;
	enum cmd_status st = CMD_DONE;
	int i, past;

	if (argc > SHOW_MAX_BOARDS)
		return cmd_refuse(c, usage, _("show takes at most %d boards"),
		                  SHOW_MAX_BOARDS);
	/* One mail a board: an address that is no player's (maybe a
	 * forged From) gets one reply a mail, never ten. */
	if (argc > 1 && c->sender && reply_to_stranger(c, c->sender))
		return cmd_refuse(c, usage, _("your address is no player's: "
		                    "show takes one board a mail from it"));
	for (i = 0; i < argc; i++)
		if (show_board_word(argv[i], &boards[i], &at[i]) < 0)
			/* TRANSLATORS: keep BOARD as it is: what a player
			 * types. */
			return cmd_refuse(c, usage, _("'%s' is not a board number "
			                    "(BOARD or BOARD#N)"), argv[i]);
	t = svc_txn(&c->s, c->s.msg_key);
	for (i = 0; i < argc && st == CMD_DONE; i++) {
		struct game g;
		st = show_load_at(c, game, boards[i], at[i], &g, headline,
		                  sizeof headline, &past);
		if (st != CMD_DONE)
			break;
		if (at[i] == 0)
			/* TRANSLATORS: a Subject: the game's name
			 * (Epaminondas), then the board.  "%s Board %ld"
			 * stays as it is and first: a reply is read for it
			 * (src/pipeline/intake.c). */
			snprintf(subject, sizeof subject, _("%s Board %ld before "
			         "the first move: a past position"),
			         reply_game_title(game), boards[i]);
		else
			/* TRANSLATORS: a Subject: the game's name
			 * (Epaminondas), the board, then the move.  "%s Board
			 * %ld" stays as it is and first (a reply is read for
			 * it). */
			snprintf(subject, sizeof subject, _("%s Board %ld after move "
			         "%ld: a past position"), reply_game_title(game),
			         boards[i], at[i]);
		if (past) {
			c->s.bm.past = c->s.bm.no_token = 1;
			c->s.bm.subject = subject;
		}
		st = reply_board(&c->s, t, &g, headline, "", NULL, c->sender);
		if (past) {
			c->s.bm.past = c->s.bm.no_token = 0;
			c->s.bm.subject = NULL;
		}
		game_free(&g);
	}
	if (st != CMD_DONE) {
		txn_abort(t);
		return st;
	}
	return svc_commit(&c->s, t);
}

static enum cmd_status show_one(struct cmdctx *c, const char *game,
                                long board)
{
	const char *usage = cmd_usage_of(c, "show", CMDT_GAME, game);
	struct game g;
	char headline[128];
	enum cmd_status st;

	if ((st = show_load(c, game, board, usage, &g)) != CMD_DONE)
		return st;
	snprintf(headline, sizeof headline, _("Board %ld as it stands."),
	         board);
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

/* The time left of the player to move of an active g at c->s.now
 * (clock_left; their leave from their user file stops the clock), in
 * seconds; when positive, in words ("2 days 23 hours") into words (len
 * bytes). */
static long show_left(const struct cmdctx *c, const struct game *g,
                      char *words, size_t len)
{
	struct time_span s[USER_MAX_LEAVE + 1];
	struct user u;
	char *err = NULL;
	size_t n = 0;
	int side = g->pos.to_move == EP_WHITE ? 0 : 1;
	long left;

	if (user_load(c->s.cfg->spool, side ? g->black : g->white, &u, &err) == 0) {
		n = user_leave_spans(&u, s, USER_MAX_LEAVE + 1);
		user_free(&u);
	}
	free(err);
	left = clock_left(g, side, c->s.now, (long)c->s.cfg->forfeit_days * 86400L,
	                  s, n);
	if (left > 0)
		clock_format_left(left, words, len);
	return left;
}

/* One line about g for userid's lists; an active board's with the time
 * left of the player to move. */
static void show_line(const struct cmdctx *c, const struct game *g,
                      struct buf *out)
{
	char res[EP_ERR_MAX + 96], left[48];
	size_t m = g->nmoves;

	buf_puts(out, "  ");
	if (g->state == GAME_CHALLENGED) {
		int both;
		const char *who = game_waits_agreement(g, &both);
		if (both)
			/* TRANSLATORS: a line of a list of boards: the board,
			 * White, Black, the number of moves, then White and
			 * Black again (neither has accepted). */
			buf_printf(out, ngettext("Board %ld: %s (White) against %s "
			           "(Black), %zu move, challenge waiting for %s and "
			           "%s", "Board %ld: %s (White) against %s (Black), "
			           "%zu moves, challenge waiting for %s and %s", m),
			           g->board, g->white, g->black, m, who ? who : "",
			           g->black);
		else
			/* TRANSLATORS: a line of a list of boards: the board,
			 * White, Black, the number of moves, then the player
			 * who has not accepted yet. */
			buf_printf(out, ngettext("Board %ld: %s (White) against %s "
			           "(Black), %zu move, challenge waiting for %s",
			           "Board %ld: %s (White) against %s (Black), %zu "
			           "moves, challenge waiting for %s", m), g->board,
			           g->white, g->black, m, who ? who : "");
	} else if (g->state == GAME_ACTIVE &&
	           show_left(c, g, left, sizeof left) <= 0) {
		/* TRANSLATORS: a line of a list of boards: the board, White,
		 * Black, the number of moves, then the player to move. */
		buf_printf(out, ngettext("Board %ld: %s (White) against %s "
		           "(Black), %zu move, %s to move, no time left", "Board "
		           "%ld: %s (White) against %s (Black), %zu moves, %s to "
		           "move, no time left", m), g->board, g->white, g->black,
		           m, game_to_move(g));
	} else if (g->state == GAME_ACTIVE) {
		/* TRANSLATORS: a line of a list of boards: the board, White,
		 * Black, the number of moves, the player to move, then the
		 * time left ("2 days 23 hours"). */
		buf_printf(out, ngettext("Board %ld: %s (White) against %s "
		           "(Black), %zu move, %s to move, %s left", "Board %ld: "
		           "%s (White) against %s (Black), %zu moves, %s to move, "
		           "%s left", m), g->board, g->white, g->black, m,
		           game_to_move(g), left);
	} else {
		game_result_text(g, res, sizeof res);
		/* TRANSLATORS: a line of a list of boards: the board, White,
		 * Black, the number of moves, then the result in words. */
		buf_printf(out, ngettext("Board %ld: %s (White) against %s "
		           "(Black), %zu move, %s", "Board %ld: %s (White) "
		           "against %s (Black), %zu moves, %s", m), g->board,
		           g->white, g->black, m, res);
	}
	buf_puts(out, "\n");
}

/* Whether word is a filter of a player's boards: all, active (not over),
 * inactive (over) or next (waiting for the player). */
static int show_filter(const char *word)
{
	return strcasecmp(word, "all") == 0 || strcasecmp(word, "active") == 0 ||
	       strcasecmp(word, "inactive") == 0 || strcasecmp(word, "next") == 0;
}

/* Whether board g of userid (their side) passes filter ("all",
 * "active", "inactive" or "next"). */
static int show_keeps(const struct game *g, const char *userid, int side,
                      const char *filter)
{
	int open = g->state == GAME_ACTIVE || g->state == GAME_CHALLENGED;

	if (side < 0)
		return 0;
	if (strcmp(filter, "all") == 0)
		return 1;
	if (strcmp(filter, "active") == 0)
		return open;
	if (strcmp(filter, "inactive") == 0)
		return !open;
	return show_waits_for(g, userid);
}

/* g's line and, unless lines, its diagram from u's side, into out. */
static void show_item(const struct cmdctx *c, const struct game *g,
                      const struct user *u, int side, int lines,
                      struct buf *out)
{
	char *d;

	show_line(c, g, out);
	if (lines)
		return;
	d = render_board_letters(g, u->orientation == USER_ORIENT_BLACK ||
	                         (u->orientation == USER_ORIENT_OWN &&
	                          side == EP_BLACK),
	                         (enum render_letters)u->letters);
	buf_printf(out, "\n%s\n", d);
	free(d);
}

/* What the sender can do when not every board fitted in the mail. */
static void show_cut_note(struct cmdctx *c, const char *game,
                          const char *userid, int lines, size_t shown,
                          size_t total, long last, struct buf *out)
{
	buf_puts(out, "\n  ");
	if (shown)
		/* TRANSLATORS: how many boards are shown, how many there are
		 * (more than one, since some are left out), the last board shown,
		 * then the most bytes of a mail. */
		buf_printf(out, ngettext("Shown: the first %zu of these %zu "
		           "boards, in board order, up to board %ld; all of them "
		           "would not fit in one mail (at most %zu bytes).",
		           "Shown: the first %zu of these %zu boards, in board "
		           "order, up to board %ld; all of them would not fit in "
		           "one mail (at most %zu bytes).", total), shown, total,
		           last, reply_cap(&c->s));
	else
		/* TRANSLATORS: how many boards there are, then the most bytes
		 * of a mail. */
		buf_printf(out, ngettext("Not shown: this %zu board would not "
		           "fit in one mail (at most %zu bytes).", "Not shown: "
		           "these %zu boards would not fit in one mail (at most %zu "
		           "bytes).", total), total, reply_cap(&c->s));
	buf_puts(out, "\n  ");
	if (lines)
		/* TRANSLATORS: the game's word (epaminondas), then the userid;
		 * the commands in quotes stay as they are. */
		buf_printf(out, _("For fewer: \"%1$s show %2$s next\" (the boards "
		           "waiting for %2$s) or \"%1$s show %2$s active\" (those "
		           "not over)."), game, userid);
	else
		/* TRANSLATORS: the game's word (epaminondas), then the userid;
		 * the commands in quotes stay as they are. */
		buf_printf(out, _("For the others: \"%1$s games %2$s\" lists "
		           "every board on one line, and \"%1$s show BOARD\" shows "
		           "any one of them."), game, userid);
	buf_puts(out, "\n");
}

/* What one list of boards gathers: the text so far (out), the byte
 * budget of the mail and whether it is spent (full). */
struct show_acc {
	struct buf out;
	size_t budget;
	int full;
	size_t total;           /* boards listed, every section */
};

/* The headline of userid's boards of game under filter, total of them. */
static void show_headline(const char *game, const char *userid,
                          const char *filter, size_t total, struct buf *out)
{
	const char *title = reply_game_title(game);

	if (strcmp(filter, "active") == 0)
		/* TRANSLATORS: the game's name (Epaminondas), the player,
		 * then how many boards (English says "boards" for one
		 * too). */
		buf_printf(out, ngettext("%s boards of %s not over yet: %zu.",
		           "%s boards of %s not over yet: %zu.", total), title,
		           userid, total);
	else if (strcmp(filter, "inactive") == 0)
		/* TRANSLATORS: the game's name (Epaminondas), the player,
		 * then how many boards (English says "boards" for one
		 * too). */
		buf_printf(out, ngettext("%s boards of %s that are over: %zu.",
		           "%s boards of %s that are over: %zu.", total), title,
		           userid, total);
	else if (strcmp(filter, "next") == 0)
		/* TRANSLATORS: the game's name (Epaminondas), the player,
		 * then how many boards (English says "boards" for one
		 * too). */
		buf_printf(out, ngettext("%s boards of %s waiting for them: %zu.",
		           "%s boards of %s waiting for them: %zu.", total), title,
		           userid, total);
	else
		/* TRANSLATORS: the game's name (Epaminondas), the player,
		 * then how many boards (English says "boards" for one
		 * too). */
		buf_printf(out, ngettext("%s boards of %s: %zu.", "%s boards of "
		           "%s: %zu.", total), title, userid, total);
}

/* Add to a the boards of game where u plays that pass filter, one line
 * each (lines) or with their diagrams; with head, a headline first.
 * Boards are added in board order while they fit in a's budget; past it
 * they are only counted, and a note says how many were shown of how
 * many and how to see the rest.  0, or -1 on I/O trouble (logged). */
static int show_section(struct cmdctx *c, const char *game,
                        const struct user *u, const char *filter, int lines,
                        int head, struct show_acc *a)
{
	struct buf sect = BUF_INIT, item = BUF_INIT;
	long *boards = NULL, last = 0;
	size_t n = 0, i, shown = 0, total = 0;
	char *err = NULL;
	int cut = 0;

	if (game_boards(c->s.cfg->spool, game, &boards, &n, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	for (i = 0; i < n; i++) {
		struct game g;
		int side;
		if (game_load(&g, c->s.cfg->spool, game, boards[i], &err) != 0) {
			/* A bad file is the admin's business (admin check). */
			free(err);
			err = NULL;
			continue;
		}
		side = game_side_of(&g, u->userid);
		if (show_keeps(&g, u->userid, side, filter)) {
			total++;
			if (!a->full) {
				buf_reset(&item);
				show_item(c, &g, u, side, lines, &item);
				a->full = a->out.len + sect.len + item.len > a->budget;
				cut = a->full;
			}
			if (!a->full) {
				buf_append(&sect, item.data, item.len);
				shown++;
				last = g.board;
			}
		}
		game_free(&g);
	}
	free(boards);
	/* What a listing costs (issue 29: a stranger's, once his replies
	 * are spent, costs nothing; test_stranger_budget.py reads this). */
	log_msg(LOG_DEBUG, "the list of %s's boards of %s read %zu game "
	        "files\n", u->userid, game, n);
	if (head) {
		show_headline(game, u->userid, filter, total, &a->out);
		buf_puts(&a->out, "\n");
	}
	if (total && !shown && a->full && !cut) {
		buf_puts(&sect, "  ");
		buf_puts(&sect, _("(not shown: the mail is full)"));
		buf_puts(&sect, "\n");
	} else if (cut) {
		show_cut_note(c, game, u->userid, lines, shown, total, last, &sect);
	}
	buf_append(&a->out, sect.data ? sect.data : "", sect.len);
	if (!total) {
		buf_puts(&a->out, "  ");
		/* TRANSLATORS: under a heading, when a player has no boards
		 * there. */
		buf_puts(&a->out, _("(none)"));
		buf_puts(&a->out, "\n");
	}
	if (head)
		buf_puts(&a->out, "\n");
	a->total += total;
	buf_free(&sect);
	buf_free(&item);
	return 0;
}

/* Load the players named by the nuser words of userids (lower-cased in
 * place) into users: CMD_DONE, CMD_REFUSED (a word that names no
 * player; none loaded then) or CMD_TEMPFAIL. */
static enum cmd_status show_players(struct cmdctx *c, int nuser,
                                    char **userids, const char *usage,
                                    struct user *users)
{
	char *err = NULL;
	int i, j, rc;

	for (i = 0; i < nuser; i++) {
		util_lower(userids[i]);
		rc = util_userid_ok(userids[i]) ?
		     user_load(c->s.cfg->spool, userids[i], &users[i], &err) : 1;
		if (rc == 0)
			continue;
		for (j = 0; j < i; j++)
			user_free(&users[j]);
		if (rc < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			return CMD_TEMPFAIL;
		}
		if (i > 0)
			return cmd_refuse(c, usage, _("'%s' is neither a player's "
			                    "userid nor all, active, inactive or next"),
			                  userids[i]);
		return cmd_refuse(c, usage, _("'%s' is neither a board number nor "
		                    "a player's userid"), userids[i]);
	}
	return CMD_DONE;
}

/* The boards of the nuser players named in userids, in game (NULL:
 * every game, one section each), that pass filter ("all", "active",
 * "inactive", "next"), one line each (lines) or with diagrams, into one
 * mail to the sender.  A headline per player and game when there are
 * several.  Every userid is checked before anything is sent. */
static enum cmd_status show_user(struct cmdctx *c, const char *game,
                                 int nuser, char **userids,
                                 const char *filter, int lines,
                                 const char *usage)
{
	struct user users[SHOW_MAX_USERS];
	struct tvars v = { 0 };
	struct show_acc a = { BUF_INIT, 0, 0, 0 };
	struct buf head = BUF_INIT, who = BUF_INIT;
	struct txn *t;
	const char *one[2] = { game, NULL };
	const char *const *games = game ? one : spool_games;
	char *text = NULL, subject[160];
	int i, k, several = nuser > 1 || !game;
	enum cmd_status st;

	if ((st = show_players(c, nuser, userids, usage, users)) != CMD_DONE)
		return st;
	a.budget = reply_text_budget(c);
	for (i = 0; i < nuser && st == CMD_DONE; i++)
		for (k = 0; games[k] && st == CMD_DONE; k++)
			if (show_section(c, games[k], &users[i], filter, lines,
			                 several, &a) < 0)
				st = CMD_TEMPFAIL;
	if (st != CMD_DONE)
		goto out;
	for (i = 0; i < nuser; i++)
		buf_printf(&who, "%s%s", i ? ", " : "", userids[i]);
	if (several && game)
		/* TRANSLATORS: the players ("alice, bob"), then how many
		 * boards (English says "in all" for one too). */
		buf_printf(&head, ngettext("Boards of %s: %zu in all.", "Boards of "
		           "%s: %zu in all.", a.total), buf_str(&who), a.total);
	else if (several)
		/* TRANSLATORS: the players ("alice, bob"), then how many
		 * boards (English says "in all" for one too). */
		buf_printf(&head, ngettext("Boards of %s in every game: %zu in "
		           "all.", "Boards of %s in every game: %zu in all.",
		           a.total), buf_str(&who), a.total);
	else
		show_headline(game, userids[0], filter, a.total, &head);
	tvars_set(&v, "title", game ? reply_game_title(game) : "epamserv");
	tvars_set(&v, "userid", buf_str(&who));
	/* TRANSLATORS: in the mail's "To see one board" line: %s is a
	 * game's word (epaminondas). */
	tvars_setf(&v, "game", game ? "%s" : _("%s (or another game's name)"),
	           game ? game : spool_games[0]);
	tvars_set(&v, "headline", buf_str(&head));
	tvars_set(&v, "boards", buf_str(&a.out));
	text = reply_template(&c->s, "boards.txt", &v);
	if (!text) {
		st = CMD_TEMPFAIL;
		goto out;
	}
	if (game)
		/* TRANSLATORS: a Subject: the game's name (Epaminondas),
		 * then the players ("alice, bob"). */
		snprintf(subject, sizeof subject, _("%s boards of %.100s"),
		         reply_game_title(game), buf_str(&who));
	else
		/* TRANSLATORS: a Subject: %s is the players ("alice,
		 * bob"). */
		snprintf(subject, sizeof subject, _("All boards of %.100s"),
		         buf_str(&who));
	t = svc_txn(&c->s, c->s.msg_key);
	reply_queue(&c->s, t, c->sender, subject, text, NULL, 0, NULL);
	st = svc_commit(&c->s, t);
out:
	free(text);
	tvars_free(&v);
	buf_free(&a.out);
	buf_free(&head);
	buf_free(&who);
	for (i = 0; i < nuser; i++)
		user_free(&users[i]);
	return st;
}

/* "USERID... [FILTER]": the number of userids in argv (argc words), the
 * filter (lower-cased in place; dflt when none) into *filter.  -1 when
 * there is no userid or too many. */
static int show_user_words(int argc, char **argv, const char *dflt,
                           const char **filter)
{
	*filter = dflt;
	if (argc > 0 && show_filter(argv[argc - 1])) {
		util_lower(argv[argc - 1]);
		*filter = argv[--argc];
	}
	return argc < 1 || argc > SHOW_MAX_USERS ? -1 : argc;
}

enum cmd_status cmd_show(struct cmdctx *c, const char *game, int argc,
                         char **argv)
{
	const char *usage = cmd_usage_of(c, "show", CMDT_GAME, game);
	const char *filter;
	long board;
	int n;

	if (argc < 1)
		return cmd_refuse(c, usage, _("show takes a board number, or a "
		                    "userid and optionally all, active, inactive or "
		                    "next"));
	board = util_board_number(argv[0]);
	if (board >= 0 && argc == 1)
		return show_one(c, game, board);
	if (isdigit((unsigned char)argv[0][0]))
		return show_boards(c, game, argc, argv);
	if ((n = show_user_words(argc, argv, "active", &filter)) < 0)
		return cmd_refuse(c, usage, _("show takes 1 to %d userids, then "
		                    "optionally all, active, inactive or next"),
		                  SHOW_MAX_USERS);
	return show_user(c, game, n, argv, filter, 0, usage);
}

enum cmd_status cmd_games(struct cmdctx *c, const char *game, int argc,
                          char **argv)
{
	const char *usage = cmd_usage_of(c, "games", game ? CMDT_GAME :
	                                 CMDT_ACCOUNT, game);
	const char *filter;
	int n;

	if ((n = show_user_words(argc, argv, "all", &filter)) < 0)
		return cmd_refuse(c, usage, _("games takes 1 to %d userids, then "
		                    "optionally all, active, inactive or next"),
		                  SHOW_MAX_USERS);
	return show_user(c, game, n, argv, filter, 1, usage);
}

enum cmd_status cmd_all(struct cmdctx *c, int argc, char **argv)
{
	const char *usage = cmd_usage_of(c, "all", CMDT_ACCOUNT, NULL);

	if (argc >= 1 && strcasecmp(argv[0], "show") == 0) {
		const char *filter;
		int n = show_user_words(argc - 1, argv + 1, "active", &filter);
		if (n < 0)
			return cmd_refuse(c, usage, _("all show takes 1 to %d userids, "
			                    "then optionally all, active, inactive or "
			                    "next"), SHOW_MAX_USERS);
		return show_user(c, NULL, n, argv + 1, filter, 0, usage);
	}
	if (argc >= 1 && strcasecmp(argv[0], "games") == 0) {
		const char *filter;
		int n = show_user_words(argc - 1, argv + 1, "all", &filter);
		if (n < 0)
			return cmd_refuse(c, usage, _("all games takes 1 to %d userids, "
			                    "then optionally all, active, inactive or "
			                    "next"), SHOW_MAX_USERS);
		return show_user(c, NULL, n, argv + 1, filter, 1, usage);
	}
	return cmd_refuse(c, usage, _("all is followed by show or games: every "
	                    "game's boards of a player in one reply"));
}

/* Add to t the board mail of board from userid's side; refuses (and
 * attaches the board) when userid plays no side on it. */
static enum cmd_status showas_one(struct cmdctx *c, struct txn *t,
                                  const char *game, const char *userid,
                                  long board)
{
	const char *usage = cmd_usage_of(c, "showas", CMDT_GAME, game);
	struct game g;
	char headline[160];
	enum cmd_status st;
	int side;

	if ((st = show_load(c, game, board, usage, &g)) != CMD_DONE)
		return st;
	if ((side = game_side_of(&g, userid)) < 0) {
		st = board_refuse(c, &g, usage, _("you (%s) are not a player "
		                    "on board %ld"), userid, board);
		game_free(&g);
		return st;
	}
	/* TRANSLATORS: the board, then the player. */
	snprintf(headline, sizeof headline, _("Board %ld as it stands, from "
	         "%s's side."), board, userid);
	c->s.bm.orient = side == EP_BLACK ? 2 : 1;
	st = reply_board(&c->s, t, &g, headline, "", NULL, c->sender);
	c->s.bm.orient = 0;
	game_free(&g);
	return st;
}

/* The boards of game that userid plays and that pass filter (show_keeps),
 * at most SHOW_MAX_BOARDS, into boards; their number, or -1 on I/O
 * trouble. */
static int showas_filtered(struct cmdctx *c, const char *game,
                           const char *userid, const char *filter,
                           long *boards)
{
	long *all = NULL;
	size_t n = 0, i;
	char *err = NULL;
	int k = 0;

	if (game_boards(c->s.cfg->spool, game, &all, &n, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	for (i = 0; i < n && k < SHOW_MAX_BOARDS; i++) {
		struct game g;
		int side;
		if (game_load(&g, c->s.cfg->spool, game, all[i], &err) != 0) {
			free(err);
			err = NULL;
			continue;
		}
		side = game_side_of(&g, userid);
		if (side >= 0 && show_keeps(&g, userid, side, filter))
			boards[k++] = all[i];
		game_free(&g);
	}
	free(all);
	return k;
}

enum cmd_status cmd_showas(struct cmdctx *c, const char *game, int argc,
                           char **argv)
{
	const char *usage = cmd_usage_of(c, "showas", CMDT_GAME, game);
	struct user u;
	struct txn *t;
	long boards[SHOW_MAX_BOARDS];
	enum cmd_status st;
	const char *filter = NULL;
	int i, n = argc - 2;

	/* all, as pbmserv had it, is every board not over (as active). */
	if (argc == 3 && show_filter(argv[2])) {
		util_lower(argv[2]);
		filter = strcmp(argv[2], "all") == 0 ? "active" : argv[2];
	}
	if (argc < 3)
		return cmd_refuse(c, usage, _("showas takes your userid, your "
		                    "password and a board number (or several), or "
		                    "all, active, inactive or next"));
	if (n > SHOW_MAX_BOARDS)
		return cmd_refuse(c, usage, _("showas takes at most %d boards"),
		                  SHOW_MAX_BOARDS);
	for (i = 0; !filter && i < n; i++)
		if ((boards[i] = util_board_number(argv[2 + i])) < 0)
			return cmd_refuse(c, usage, _("'%s' is not a board number"),
			                  argv[2 + i]);
	util_lower(argv[0]);
	if ((st = cmd_auth(c, argv[0], argv[1], usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	if (filter && (n = showas_filtered(c, game, argv[0], filter,
	                                   boards)) < 0)
		return CMD_TEMPFAIL;
	if (n == 0 && strcmp(filter, "inactive") == 0)
		/* TRANSLATORS: the userid, then the game's name (Epaminondas). */
		return cmd_refuse(c, usage, _("you (%s) have no %s board that "
		                    "is over"), argv[0], reply_game_title(game));
	if (n == 0 && strcmp(filter, "next") == 0)
		/* TRANSLATORS: the userid, then the game's name (Epaminondas). */
		return cmd_refuse(c, usage, _("you (%s) have no %s board "
		                    "waiting for you"), argv[0],
		                  reply_game_title(game));
	if (n == 0)
		/* TRANSLATORS: the userid, then the game's name (Epaminondas). */
		return cmd_refuse(c, usage, _("you (%s) have no %s board that "
		                    "is not over"), argv[0], reply_game_title(game));
	t = svc_txn(&c->s, c->s.msg_key);
	for (i = 0; i < n && st == CMD_DONE; i++)
		st = showas_one(c, t, game, argv[0], boards[i]);
	if (st != CMD_DONE) {
		txn_abort(t);
		return st;
	}
	return svc_commit(&c->s, t);
}
