/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * board.c - one board locked and loaded for a change, for any event (a
 * player's command, the sweep, admin, a robot's turn), and its save.
 * A player's command opens the board with its password check and
 * refuses with the board attached in commands/board/board.c.
 *
 * Saving a game that has just finished also writes its result record and
 * computes the rating changes (unless it ended before both players had
 * made a move: unrated, no record) (src/game/ratings.h) in the same
 * transaction, so a finished game and its effect on the standings exist
 * together or not at all.  The same transaction writes the ratings table
 * (game/ratetable.h) with the game rated in, under the lock "ratings",
 * taken after the board's and held to the commit, so two games that end
 * at once both count.
 */
#include "util/log.h"
#include "services/board.h"
#include "services/boardmail.h"
#include "services/headline.h"
#include "services/notify.h"
#include "services/outmail.h"
#include "services/robot.h"
#include "services/tokens.h"
#include "services/tourney_mail.h"
#include "services/tourney_sweep.h"
#include "game/ratetable.h"
#include "game/ratings.h"
#include "game/ratings_show.h"
#include "spool/seeks.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "util/i18n.h"
#include "util/util.h"

#include <errno.h>
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

/* The result record and rating changes of a game that just finished,
 * and the ratings table with it rated in, into t; *rl takes the lock
 * "ratings" (the caller releases it after the commit).  Returns the
 * change text (malloc'ed) or NULL when unrated; CMD_TEMPFAIL through *st
 * when the lock cannot be had or the records cannot be read. */
static char *board_rate(struct svc *s, struct txn *t, const struct game *g,
                        struct lock *rl, enum cmd_status *st)
{
	struct ratings r;
	struct rating_game rg;
	char rel[128], *err = NULL, *rec, *text;
	int busy;

	if ((*st = svc_lock(s, RATETABLE_LOCK, rl)) != CMD_DONE)
		return NULL;
	/* A committed table of another board's transaction first.  One
	 * whose board lock is held is applied by its holder without
	 * "ratings": rating now would put our table under its older one, so
	 * the mail waits (waiting for that board here, holding "ratings",
	 * could deadlock with its holder waiting for "ratings"). */
	busy = txn_recover_free(s->cfg->spool, RATETABLE_PATH);
	if (busy > 0) {
		log_msg(LOG_NOTICE, "%s: the ratings table of another board's "
		        "game is not yet applied (its board is busy); try "
		        "later\n", RATETABLE_PATH);
		lock_release(rl);
		*st = CMD_TEMPFAIL;
		return NULL;
	}
	if (busy < 0 ||
	    ratetable_for_update(s->cfg->spool, s->cfg->rating_system,
	                         &r, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err ? err : strerror(errno));
		free(err);
		lock_release(rl);
		*st = CMD_TEMPFAIL;
		return NULL;
	}
	ratings_add(&r, g, &rg);
	reply_ratings_forget();  /* the board mails' copy lacks this game */
	rec = ratings_record(&rg);
	ratings_record_path(g->game, g->board, rel, sizeof rel);
	txn_put(t, rel, rec, strlen(rec));
	free(rec);
	rec = ratetable_format(&r);
	txn_put(t, RATETABLE_PATH, rec, strlen(rec));
	free(rec);
	text = ratings_change_shown(&r, &rg);
	ratings_free(&r);
	return text;
}

enum cmd_status board_save(struct svc *s, struct board_ctx *b,
                           const char *headline)
{
	struct txn *t;
	char rel[128], *file, *change = NULL;
	enum cmd_status st = CMD_DONE;
	struct buf head = BUF_INIT;
	size_t told;
	const char *robot = robot_of_game(s->cfg, &b->g);
	/* This save ends the game (it was not over when loaded). */
	int ended = b->g.state == GAME_FINISHED && b->was != GAME_FINISHED;
	int held;
	/* What the headline says, for each reader in his language: the
	 * caller's (move_done), else its words as they are. */
	struct headline own = { 0 }, *h = s->bm.headline ? s->bm.headline
	                                                  : &own;
	struct lock rl = LOCK_INIT;  /* "ratings", while a result is rated */

	if (!s->bm.headline && headline && *headline)
		headline_text(h, headline);
	/* A robot's one short line at the game's end (issue 16). */
	if (robot && ended) {
		h->goodbye = robot;
		headline_write(h, &b->g, &head);
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
	/* Why they are unchanged is kept as its msgid, translated in each
	 * reader's language where the board mail is written. */
	if (ended && b->g.nmoves < 2) {
		/* TRANSLATORS: the rating change of a game that just ended,
		 * as the board mail tells it. */
		change = xstrdup(N_("unchanged: the game ended before both "
		                    "players had made a move"));
	} else if (ended && b->g.unrated) {
		/* TRANSLATORS: as above; -rated=no is a challenge option.
		 * Keep the options (-rated=no) as they are: what a player
		 * types. */
		change = xstrdup(N_("unchanged: an unrated game (-rated=no)"));
	} else if (ended) {
		change = board_rate(s, t, &b->g, &rl, &st);
		if (st != CMD_DONE) {
			txn_abort(t);
			buf_free(&head);
			headline_free(&own);
			return st;
		}
	}
	s->bm.ratings = change;
	/* A robot to move answers in this run: its board mail shows both
	 * moves, so none now (robot.h). */
	told = h->n;
	/* The robot answers later: its human is told so, once. */
	held = robot_note(s, t, &b->g, headline, h);
	if (!held && h->n > told) {
		buf_free(&head);
		headline_write(h, &b->g, &head);
		headline = buf_str(&head);
	}
	s->bm.hold_for_digest = 1;
	s->bm.headline = h;
	if (!held)
		st = reply_board(s, t, &b->g, headline, s->comment, b->userid,
		                 NULL);
	s->bm.headline = h == &own ? NULL : h;
	s->bm.hold_for_digest = 0;
	if (st == CMD_DONE && ended)
		st = notify_game_end(s, t, &b->g, h);
	/* A tournament board: the table to its players (issue 17). */
	if (st == CMD_DONE && ended && b->g.tourney[0])
		st = tt_game_end(s, t, &b->g);
	s->bm.ratings = NULL;
	free(change);
	buf_free(&head);
	headline_free(&own);
	if (st != CMD_DONE) {
		txn_abort(t);
		lock_release(&rl);
		return st;
	}
	st = svc_commit(s, t);
	lock_release(&rl);
	/* A Swiss round that this game ended is paired now (issue 17). */
	if (st == CMD_DONE && ended && b->g.tourney[0])
		tt_after_game(s, &b->g);
	return st;
}

enum cmd_status board_save_said(struct svc *s, struct board_ctx *b,
                                struct headline *h)
{
	struct buf head = BUF_INIT;
	enum cmd_status st;

	/* The headline in the actor's language (the robot's note); each
	 * board mail's in its reader's. */
	headline_write(h, &b->g, &head);
	s->bm.headline = h;
	st = board_save(s, b, buf_str(&head));
	s->bm.headline = NULL;
	buf_free(&head);
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

void board_missing_words(const struct svc *s, const char *game, long board,
                         struct buf *out)
{
	struct seek sk;
	char *err = NULL;
	int rc = seek_load(s->cfg->spool, game, board, &sk, &err);

	free(err);
	if (rc != 0) {
		/* TRANSLATORS: the game's word (epaminondas), then the
		 * board. */
		buf_printf(out, _("there is no %s board %ld"), game, board);
		return;
	}
	if (sk.state == SEEK_TAKEN) {
		/* TRANSLATORS: the game's word (epaminondas), the board, the
		 * seeker, then the player who took the seat. */
		buf_printf(out, _("there is no %s board %ld (it was %s's seek, "
		           "taken by %s, and its game is no longer kept)"), game,
		           board, sk.seeker, sk.taker);
		return;
	}
	if (!seek_is_open(&sk, s->now)) {
		if (sk.state == SEEK_WITHDRAWN)
			/* TRANSLATORS: the board, then the seeker. */
			buf_printf(out, _("board %ld has no game: it was %s's seek, "
			           "withdrawn before anybody took its seat"), board,
			           sk.seeker);
		else
			/* TRANSLATORS: the board, then the seeker. */
			buf_printf(out, _("board %ld has no game: it was %s's seek, "
			           "expired before anybody took its seat"), board,
			           sk.seeker);
		return;
	}
	if (sk.rating_min >= 0)
		/* TRANSLATORS: the board, the seeker, the game's word
		 * (epaminondas), the lowest rating, then the highest; the
		 * commands stay as they are. */
		buf_printf(out, _("board %1$ld has no game yet: it is %2$s's open "
		           "seek (for players rated %4$d-%5$d), listed by %3$s "
		           "seeks.  Another player takes its seat with: %3$s accept "
		           "%1$ld USERID PASSWORD; %2$s withdraws it with: %3$s "
		           "decline %1$ld %2$s PASSWORD"), board, sk.seeker, game,
		           sk.rating_min, sk.rating_max);
	else
		/* TRANSLATORS: the board, the seeker, then the game's word
		 * (epaminondas); the commands stay as they are. */
		buf_printf(out, _("board %1$ld has no game yet: it is %2$s's open "
		           "seek, listed by %3$s seeks.  Another player takes its "
		           "seat with: %3$s accept %1$ld USERID PASSWORD; %2$s "
		           "withdraws it with: %3$s decline %1$ld %2$s PASSWORD"),
		           board, sk.seeker, game);
}
