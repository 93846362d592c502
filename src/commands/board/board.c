/*
 * board.c - what the commands a player sends about one board share:
 * open it (check the password, take the board's lock, load the file),
 * refuse with the board attached, and save it.
 *
 * Saving a game that has just finished also writes its result record and
 * computes the rating changes (unless it ended before both players had
 * made a move: unrated, no record) (src/game/ratings.h) in the same
 * transaction, so a finished game and its effect on the standings exist
 * together or not at all.  No other lock is needed: the ratings are
 * replayed from the result records, which only this board's transaction
 * writes.
 */
#include "util/log.h"
#include "commands/cmd.h"
#include "commands/robots/robot.h"
#include "commands/tourney/tourney.h"
#include "game/ratings.h"
#include "game/render.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void board_close(struct board_ctx *b)
{
	if (b->loaded)
		game_free(&b->g);
	b->loaded = 0;
	lock_release(&b->l);
}

/* The board of an error reply about g, as the mail's proved player
 * asked for boards (set ... board compact|list, orientation); the wide board
 * White at the bottom for a mail that proved no one.  Malloc'ed. */
static char *error_board(const struct cmdctx *c, const struct game *g)
{
	struct user u;
	char *err = NULL;
	enum render_form form = RENDER_WIDE;
	int down = 0;

	if (c->s.actor[0] &&
	    user_load(c->s.cfg->spool, c->s.actor, &u, &err) == 0) {
		form = (enum render_form)u.board;
		down = u.orientation == USER_ORIENT_BLACK ||
		       (u.orientation == USER_ORIENT_OWN &&
		        game_side_of(g, u.userid) == EP_BLACK);
		user_free(&u);
	}
	free(err);
	return render_board_form(g, form, down);
}

enum cmd_status board_refuse(struct cmdctx *c, const struct game *g,
                             const char *usage, const char *fmt, ...)
{
	va_list ap;
	char tmp[2048];

	va_start(ap, fmt);
	vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	cmd_refuse(c, usage, "%s", tmp);
	free(c->error_board);
	c->error_board = g ? error_board(c, g) : NULL;
	if (g)
		reply_error_token(c, g);
	return CMD_REFUSED;
}

enum cmd_status board_lock(struct svc *s, const char *game, long board,
                           struct board_ctx *b)
{
	char *err = NULL;
	enum cmd_status st;
	int rc;

	memset(b, 0, sizeof *b);
	b->l.fd = -1;
	spool_board_key(game, board, b->key, sizeof b->key);
	if ((st = svc_lock(s, b->key, &b->l)) != CMD_DONE)
		return st;
	rc = game_load(&b->g, s->cfg->spool, game, board, &err);
	if (rc != 0) {
		lock_release(&b->l);
		if (rc < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			return CMD_TEMPFAIL;
		}
		return CMD_REFUSED;
	}
	b->loaded = 1;
	b->was = b->g.state;
	return CMD_DONE;
}

enum cmd_status board_lock_load(struct cmdctx *c, const char *game,
                                long board, const char *usage,
                                struct board_ctx *b)
{
	enum cmd_status st = board_lock(&c->s, game, board, b);

	if (st == CMD_REFUSED)
		return cmd_no_board(c, game, board, usage);
	return st;
}

enum cmd_status board_open(struct cmdctx *c, const char *game,
                           const char *board_word, char *userid,
                           const char *password, const char *usage,
                           struct board_ctx *b)
{
	struct user u;
	enum cmd_status st;
	long board = util_board_number(board_word);

	memset(b, 0, sizeof *b);
	b->l.fd = -1;
	if (board < 0)
		return cmd_refuse(c, usage, _("'%s' is not a board number"),
		                  board_word);
	util_lower(userid);
	if ((st = cmd_auth(c, userid, password, usage, &u)) != CMD_DONE)
		return st;
	user_free(&u);
	if ((st = board_lock_load(c, game, board, usage, b)) != CMD_DONE)
		return st;
	snprintf(b->userid, sizeof b->userid, "%s", userid);
	if (game_side_of(&b->g, userid) < 0) {
		st = board_refuse(c, &b->g, usage, _("you (%s) are not a player "
		                  "on board %ld"), userid, board);
		board_close(b);
		return st;
	}
	return CMD_DONE;
}

/* The result record and rating changes of a game that just finished.
 * Returns the change text (malloc'ed) or NULL when unrated; CMD_TEMPFAIL
 * through *st when the records cannot be read. */
static char *board_rate(struct svc *s, struct txn *t, const struct game *g,
                        enum cmd_status *st)
{
	struct ratings r;
	struct rating_game rg;
	char rel[128], *err = NULL, *rec, *text;

	*st = CMD_DONE;
	if (ratings_load(s->cfg->spool, &r, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		*st = CMD_TEMPFAIL;
		return NULL;
	}
	ratings_add(&r, g, &rg);
	reply_ratings_forget();  /* the board mails' copy lacks this game */
	rec = ratings_record(&rg);
	ratings_record_path(g->game, g->board, rel, sizeof rel);
	txn_put(t, rel, rec, strlen(rec));
	text = ratings_change_text(&rg);
	free(rec);
	ratings_free(&r);
	return text;
}

enum cmd_status board_save(struct svc *s, struct board_ctx *b,
                           const char *headline)
{
	struct txn *t;
	char rel[128], *file, *change = NULL;
	enum cmd_status st = CMD_DONE;
	struct buf head = BUF_INIT, why = BUF_INIT;
	const char *robot = robot_of_game(s->cfg, &b->g);
	/* This save ends the game (it was not over when loaded). */
	int ended = b->g.state == GAME_FINISHED && b->was != GAME_FINISHED;
	int held;

	/* A robot's one short line at the game's end (issue 16). */
	if (robot && ended) {
		/* TRANSLATORS: the board mail's headline, then the robot's
		 * userid: its one line at the game's end. */
		buf_printf(&head, _("%s\n\n%s: good game."), headline, robot);
		headline = buf_str(&head);
	}
	/* The board changes: the tokens of its older mails are spent
	 * (derived ones by the ply, stored ones of older files here). */
	tokens_drop_stored(&b->g);
	t = svc_txn(s, b->key);
	file = game_format(&b->g);
	spool_board_path(b->g.game, b->g.board, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
	/* A game that ends before both players have made a move is not
	 * rated (pbmserv removed such boards), nor one played with -rated=no:
	 * no result record. */
	if (ended && b->g.nmoves < 2) {
		/* TRANSLATORS: the rating change of a game that just ended,
		 * as the board mail tells it. */
		change = xstrdup(_("unchanged: the game ended before both "
		                   "players had made a move"));
	} else if (ended && b->g.unrated) {
		/* TRANSLATORS: as above; -rated=no is a challenge option.
		 * Keep the options (-rated=no) as they are: what a player
		 * types. */
		change = xstrdup(_("unchanged: an unrated game (-rated=no)"));
	} else if (ended) {
		change = board_rate(s, t, &b->g, &st);
		if (st != CMD_DONE) {
			txn_abort(t);
			buf_free(&head);
			return st;
		}
	}
	s->bm.ratings = change;
	/* A robot to move answers in this run: its board mail shows both
	 * moves, so none now (robot.h). */
	held = robot_note(s, t, &b->g, headline, &why);
	if (!held && why.len) {
		/* The robot answers later: its human is told so, once. */
		struct buf both = BUF_INIT;
		if (headline && *headline)
			buf_printf(&both, "%s ", headline);
		buf_puts(&both, buf_str(&why));
		buf_free(&head);
		head = both;
		headline = buf_str(&head);
	}
	s->bm.hold_for_digest = 1;
	if (!held)
		st = reply_board(s, t, &b->g, headline, s->comment, b->userid,
		                 NULL);
	s->bm.hold_for_digest = 0;
	if (st == CMD_DONE && ended)
		st = notify_game_end(s, t, &b->g, headline);
	/* A tournament board: the table to its players (issue 17). */
	if (st == CMD_DONE && ended && b->g.tourney[0])
		st = tt_game_end(s, t, &b->g);
	s->bm.ratings = NULL;
	free(change);
	buf_free(&head);
	buf_free(&why);
	if (st != CMD_DONE) {
		txn_abort(t);
		return st;
	}
	st = svc_commit(s, t);
	/* A Swiss round that this game ended is paired now (issue 17). */
	if (st == CMD_DONE && ended && b->g.tourney[0])
		tt_after_game(s, &b->g);
	return st;
}

enum cmd_status board_save_to(struct svc *s, struct board_ctx *b,
                              const char *to, const struct game *shown,
                              const char *headline, const char *what)
{
	struct txn *t;
	char rel[128], subject[160], *file;
	enum cmd_status st;

	t = svc_txn(s, b->key);
	file = game_format(&b->g);
	spool_board_path(b->g.game, b->g.board, rel, sizeof rel);
	txn_put(t, rel, file, strlen(file));
	free(file);
	snprintf(subject, sizeof subject, "%s Board %ld: %s",
	         reply_game_title(b->g.game), b->g.board, what);
	s->bm.subject = subject;
	s->bm.token_game = &b->g;
	st = reply_board(s, t, shown, headline, "", NULL, to);
	s->bm.token_game = NULL;
	s->bm.subject = NULL;
	if (st != CMD_DONE) {
		txn_abort(t);
		return st;
	}
	return svc_commit(s, t);
}

enum cmd_status board_save_quiet(struct cmdctx *c, struct board_ctx *b,
                                 const struct game *shown,
                                 const char *headline, const char *what)
{
	return board_save_to(&c->s, b, c->sender, shown, headline, what);
}
