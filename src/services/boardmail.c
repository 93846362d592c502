/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * boardmail.c - the board mail (reply_board, cmd.h): one mail to each
 * player and observer of a board, its text and HTML parts, the ratings
 * it shows.  From commands/board/reply.c (issue 31), bodies unchanged;
 * what the mail in hand adds (the hooks, the refusal) stays there.
 */
#include "services/boardmail.h"
#include "services/board_html.h"
#include "services/clock.h"
#include "services/headline.h"
#include "services/leave.h"
#include "services/outmail.h"
#include "services/result_words.h"
#include "services/robot_config.h"
#include "services/tokens.h"
#include "services/weblink.h"
#include "game/clock.h"
#include "game/game.h"
#include "game/ratetable.h"
#include "game/ratings.h"
#include "game/ratings_show.h"
#include "game/render.h"
#include "spool/addrindex.h"
#include "spool/outbox.h"
#include "spool/secret.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/conf.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/template.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* "Rank 12 (Black's home row): 14 black, 1 white" for both home rows. */
static void home_rows(const struct game *g, struct tvars *v)
{
	const struct ep_position *p = &g->pos;
	int w1 = 0, b1 = 0, wh = 0, bh = 0, f;

	for (f = 0; f < p->width; f++) {
		int lo = ep_cell_at(p, f, 0), hi = ep_cell_at(p, f, p->height - 1);
		w1 += lo == EP_WPIECE;
		b1 += lo == EP_BPIECE;
		wh += hi == EP_WPIECE;
		bh += hi == EP_BPIECE;
	}
	/* TRANSLATORS: the rank's number, then how many black and how many
	 * white pieces stand on it. */
	tvars_setf(v, "black_home_row", _("Rank %d (Black's home row): %d "
	           "black, %d white"), p->height, bh, wh);
	/* TRANSLATORS: how many white and how many black pieces stand on
	 * White's home row. */
	tvars_setf(v, "white_home_row", _("Rank 1 (White's home row): %d "
	           "white, %d black"), w1, b1);
}

/* The pending question, in words for recipient me (a userid, or NULL):
 * the player who may answer is told how; the asker how to withdraw it;
 * anyone else only what is pending.  The one who may answer gets both
 * answers, by reply and by command; "A move of yours rejects it too"
 * only when he is on move (a move declines a draw offer). */
static void vote_var(const struct game *g, struct tvars *v, const char *me)
{
	const char *other, *mv;
	int draw = g->vote == GAME_VOTE_DRAW;

	if (g->vote == GAME_VOTE_NONE) {
		tvars_set(v, "vote", "");
		return;
	}
	other = game_opponent(g, g->vote_by);
	mv = draw ? "" : g->moves[g->nmoves - 1].text;  /* what undo takes */
	/* Both answers, by reply and by command (issue 30).  TRANSLATORS
	 * (all of vote_var's): the commands are what a player types (game,
	 * board, userid); PASSWORD stays as it is. */
	if (me && strcmp(me, other) == 0 && draw &&
	    strcmp(game_to_move(g), me) == 0)
		/* TRANSLATORS: the player who offers, then the commands.
		 * Keep the command words and PASSWORD as they are: what a
		 * player types. */
		tvars_setf(v, "vote", _("%s offers a draw.  To accept it, reply "
		           "to this mail with accept as the first line; to reject "
		           "it, reply with reject.  Or send one of:\n"
		           "  %s move %ld %s PASSWORD accept\n"
		           "  %s move %ld %s PASSWORD reject\n"
		           "A move of yours rejects it too."),
		           g->vote_by, g->game, g->board, me, g->game, g->board,
		           me);
	else if (me && strcmp(me, other) == 0 && draw)
		/* TRANSLATORS: keep the command words and PASSWORD as they
		 * are: what a player types. */
		tvars_setf(v, "vote", _("%s offers a draw.  To accept it, reply "
		           "to this mail with accept as the first line; to reject "
		           "it, reply with reject.  Or send one of:\n"
		           "  %s move %ld %s PASSWORD accept\n"
		           "  %s move %ld %s PASSWORD reject"),
		           g->vote_by, g->game, g->board, me, g->game, g->board,
		           me);
	else if (me && strcmp(me, other) == 0)
		/* TRANSLATORS: the player who asks, the move to take back,
		 * then the commands.
		 * Keep the command words and PASSWORD as they are: what a
		 * player types. */
		tvars_setf(v, "vote", _("%s asks to take back %s.  To agree, "
		           "reply to this mail with accept as the first line; to "
		           "refuse, reply with reject.  Or send one of:\n"
		           "  %s move %ld %s PASSWORD accept\n"
		           "  %s move %ld %s PASSWORD reject"),
		           g->vote_by, mv, g->game, g->board, me, g->game,
		           g->board, me);
	else if (me && strcmp(me, g->vote_by) == 0 && draw)
		/* TRANSLATORS: the opponent, then the command.
		 * Keep the command words and PASSWORD as they are: what a
		 * player types. */
		tvars_setf(v, "vote", _("You offered a draw; %s has not answered "
		           "yet.  To withdraw it:\n  %s move %ld %s PASSWORD "
		           "reject"), other, g->game, g->board, me);
	else if (me && strcmp(me, g->vote_by) == 0)
		/* TRANSLATORS: the move to take back, the opponent, then the
		 * command.
		 * Keep the command words and PASSWORD as they are: what a
		 * player types. */
		tvars_setf(v, "vote", _("You asked to take back %s; %s has not "
		           "answered yet.  To withdraw it:\n  %s move %ld %s "
		           "PASSWORD reject"), mv, other, g->game, g->board, me);
	else if (draw)
		/* TRANSLATORS: the player who offers, the one who is asked. */
		tvars_setf(v, "vote", _("%s offers a draw; %s has not answered "
		           "yet."), g->vote_by, other);
	else
		/* TRANSLATORS: the player who asks, the move to take back, the
		 * one who is asked. */
		tvars_setf(v, "vote", _("%s asks to take back %s; %s has not "
		           "answered yet."), g->vote_by, mv, other);
}

/* Who observes the board (players see who reads along). */
static void observers_var(const struct game *g, struct tvars *v)
{
	struct buf b = BUF_INIT;
	size_t i;

	if (g->no_observers) {
		tvars_set(v, "observers",
		          /* TRANSLATORS: keep the options (-observers=off)
		           * as they are: what a player types. */
		          _("Observers: none allowed (-observers=off)."));
		return;
	}
	if (!g->nobservers)
		return;
	for (i = 0; i < g->nobservers; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", g->observers[i]);
	/* TRANSLATORS: the observers' userids ("carol, dave"). */
	tvars_setf(v, "observers", _("Observers: %s."), buf_str(&b));
	buf_free(&b);
}

/* Whether userid observes g. */
static int reply_observes(const struct game *g, const char *userid)
{
	size_t i;

	for (i = 0; userid && i < g->nobservers; i++)
		if (strcmp(g->observers[i], userid) == 0)
			return 1;
	return 0;
}

/* The challenge, in words for recipient me on side (-1: not a player):
 * a player who has not agreed how to accept or decline it; one who has
 * (the signer, or who accepted) whom it waits for and how to withdraw
 * it; anyone else nothing beyond the turn line ("Waiting for ..."). */
static void challenge_instructions(const struct game *g, struct tvars *v,
                                   const char *me, int side)
{
	if (side < 0 || !me) {
		tvars_set(v, "instructions", "");
		return;
	}
	/* TRANSLATORS (the two): the commands are what a player types
	 * (game, board, userid); PASSWORD stays as it is. */
	if (!g->agreed[side])
		/* TRANSLATORS: keep the command words and PASSWORD as they
		 * are: what a player types. */
		tvars_setf(v, "instructions", _("To accept the challenge, send a "
		           "mail with the subject\n  %s accept %ld %s PASSWORD\n"
		           "or, to decline it,\n  %s decline %ld %s PASSWORD"),
		           g->game, g->board, me, g->game, g->board, me);
	else
		/* TRANSLATORS: keep the command words and PASSWORD as they
		 * are: what a player types. */
		tvars_setf(v, "instructions", _("You have agreed to this game; "
		           "it starts when %s accepts.  To withdraw, send\n"
		           "  %s decline %ld %s PASSWORD"), game_opponent(g, me),
		           g->game, g->board, me);
}

/* 1 when a player of g may ask a question now (propose a draw, undo):
 * none is pending and no robot plays g (a robot refuses both, votes.c). */
static int may_ask(const struct svc *s, const struct game *g)
{
	return g->vote == GAME_VOTE_NONE && !robot_of_game(s->cfg, g);
}

/* What recipient me (a userid, or NULL: not known) can send next, by the
 * state of the game and who they are: the player on move how to move
 * (the example move legal in the position), the waiting player whom
 * they wait for and how to queue a move, an observer how to stop the
 * mails.  Nothing is offered that the rules or the state refuse: undo
 * only to the player who has moved and has no question pending, no
 * draw offer or undo against a robot. */
static void instructions_var(const struct svc *s, const struct game *g,
                             struct tvars *v, const char *me, int side)
{
	const char *mover = game_to_move(g);

	tvars_set(v, "instructions", "");
	if (g->state == GAME_CHALLENGED) {
		challenge_instructions(g, v, me, side);
		return;
	}
	if (g->state != GAME_ACTIVE)
		return;
	if (side >= 0 && side == (int)g->pos.to_move) {
		const char *example = tvars_get(v, "example_move");
		tvars_setf(v, "instructions", may_ask(s, g) ?
		           /* TRANSLATORS: the commands are what a player types
		            * (game, board, userid, the move's number; then an
		            * example move); keep the command words (move,
		            * resign, propose), PASSWORD and TAIL-DESTINATION as
		            * they are. */
		           _("To move, send "
		           "a mail with the subject\n  %s move %ld %s PASSWORD "
		           "TAIL-DESTINATION#%zu\nfor example \"%s move %ld %s "
		           "PASSWORD %s#%zu\".\nInstead of a move: resign, or "
		           "propose (a draw).") :
		           /* TRANSLATORS: the commands are what a player types
		            * (game, board, userid, the move's number; then an
		            * example move); keep the command words (move,
		            * resign), PASSWORD and TAIL-DESTINATION as they
		            * are. */
		           _("To move, send a mail with the "
		           "subject\n  %s move %ld %s PASSWORD TAIL-DESTINATION#%zu"
		           "\nfor example \"%s move %ld %s PASSWORD %s#%zu\".\n"
		           "Instead of a move: resign."), g->game, g->board, me,
		           g->nmoves + 1, g->game, g->board, me, example,
		           g->nmoves + 1);
	} else if (side >= 0) {
		/* One question at a time (votes.c): none while one waits. */
		int ask = may_ask(s, g), undo = ask && g->nmoves > 0;
		/* TRANSLATORS (the three): the player to move, then the
		 * commands a player types (game, board, userid; in the third
		 * %5$s is the move that undo takes back); PASSWORD and
		 * TAIL-DESTINATION stay as they are. */
		if (undo)
			/* TRANSLATORS: keep the command words and PASSWORD
			 * as they are: what a player types. */
			tvars_setf(v, "instructions", _("Waiting for %1$s to move.  "
			           "To have your next move played\nright after theirs, "
			           "send\n  %2$s queue %3$ld %4$s PASSWORD "
			           "TAIL-DESTINATION\nYou may also resign, propose (a "
			           "draw) or undo (take back %5$s):\n  %2$s move %3$ld "
			           "%4$s PASSWORD resign|propose|undo"), mover, g->game,
			           g->board, me, g->moves[g->nmoves - 1].text);
		else if (ask)
			/* TRANSLATORS: keep the command words and PASSWORD
			 * as they are: what a player types. */
			tvars_setf(v, "instructions", _("Waiting for %1$s to move.  "
			           "To have your next move played\nright after theirs, "
			           "send\n  %2$s queue %3$ld %4$s PASSWORD "
			           "TAIL-DESTINATION\nYou may also resign or propose "
			           "(a draw):\n  %2$s move %3$ld %4$s PASSWORD "
			           "resign|propose"), mover, g->game, g->board, me);
		else
			/* TRANSLATORS: keep the command words and PASSWORD
			 * as they are: what a player types. */
			tvars_setf(v, "instructions", _("Waiting for %1$s to move.  "
			           "To have your next move played\nright after theirs, "
			           "send\n  %2$s queue %3$ld %4$s PASSWORD "
			           "TAIL-DESTINATION\nYou may also resign:\n  %2$s move "
			           "%3$ld %4$s PASSWORD resign"), mover, g->game,
			           g->board, me);
	} else if (reply_observes(g, me)) {
		/* TRANSLATORS: keep the command words and PASSWORD as they
		 * are: what a player types. */
		tvars_setf(v, "instructions", _("You are watching this game; %s "
		           "is to move.  To stop these mails, send\n  %s "
		           "unsubscribe %ld %s PASSWORD"), mover, g->game, g->board,
		           me);
	}
}

/* The options of g in words, only where they differ from the game's
 * standard rules (those of -rules=abbott|igfip as chosen), each with its
 * switch: "8x8 board (-size=8x8); a third repetition draws
 * (-repetition=draw)", or "standard rules". */
static void options_words(const struct game *g, struct buf *b)
{
	/* TRANSLATORS (every clause of options_words): one clause of the
	 * list of a game's options that differ from its standard rules,
	 * joined by "; " (the switch in parentheses is notation). */
	static const char *const sym[] = {
		N_("no symmetry rule"), "", N_("symmetry rule by rotation"),
		N_("symmetry rule by mirror or rotation")
	};
	static const char *const symw[] = { "off", "mirror", "rotate", "both" };
	static const char *const cro[] = {
		N_("crossed pieces move on"), N_("crossed pieces stay put"),
		N_("crossed pieces cannot be taken")
	};
	static const char *const crow[] = { "move", "stay", "safe" };
	const struct ep_options *o = &g->opts;
	struct ep_options d;
	struct buf list = BUF_INIT;
	char err[EP_ERR_MAX];
	size_t start = b->len;
	int i;

	if (ep_options_default(&d, o->game, err, sizeof err) < 0)
		return;
	if (o->ending == EP_ENDING_IGFIP)
		(void)ep_options_apply(&d, "-rules=igfip", err, sizeof err);
#define SEP buf_puts(b, b->len > start ? "; " : "")
	if (o->width != d.width || o->height != d.height) {
		SEP;
		/* TRANSLATORS: the board's width and height.
		 * Keep the options (-size=) as they are: what a player
		 * types. */
		buf_printf(b, _("%1$dx%2$d board (-size=%1$dx%2$d)"), o->width,
		           o->height);
	}
	for (i = 0; i < o->nblocks; i++)
		buf_printf(&list, "%s%c%d", i ? "," : "",
		           'a' + o->block_file[i] % 26, o->block_rank[i] + 1);
	if (o->nblocks) {
		SEP;
		/* TRANSLATORS: the squares, "d4,e5".
		 * Keep the options (-block=) as they are: what a player
		 * types. */
		buf_printf(b, _("blocked squares (-block=%s)"), buf_str(&list));
	}
	buf_free(&list);
	if (o->ending != EP_ENDING_ABBOTT) {
		SEP;
		/* TRANSLATORS: keep the options (-rules=igfip) as they are:
		 * what a player types. */
		buf_puts(b, _("IGFIP rules: a crossing must be answered at once "
		         "(-rules=igfip)"));
	}
	if (o->crossed != d.crossed) {
		SEP;
		buf_printf(b, "%s (-crossed=%s)", _(cro[o->crossed % 3]),
		           crow[o->crossed % 3]);
	}
	if (o->capture != d.capture) {
		SEP;
		buf_puts(b, o->capture == EP_CAPTURE_ONE ?
		         /* TRANSLATORS: keep the options (-capture=one) as
		          * they are: what a player types. */
		         _("a capture takes only the piece it lands on "
		         "(-capture=one)") :
		         /* TRANSLATORS: keep the options (-capture=line) as
		          * they are: what a player types. */
		         _("a capture takes the whole enemy line (-capture=line)"));
	}
	if (o->symmetry != d.symmetry) {
		SEP;
		buf_printf(b, "%s (-symmetry=%s)", sym[o->symmetry & 3][0] ?
		           _(sym[o->symmetry & 3]) : "", symw[o->symmetry & 3]);
	}
	if (o->repetition != d.repetition) {
		SEP;
		buf_puts(b, o->repetition == EP_REP_DRAW ?
		         /* TRANSLATORS: keep the options (-repetition=draw)
		          * as they are: what a player types. */
		         _("a third repetition draws (-repetition=draw)") :
		         o->repetition == EP_REP_OFF ?
		         /* TRANSLATORS: keep the options (-repetition=off)
		          * as they are: what a player types. */
		         _("repetitions are allowed (-repetition=off)") :
		         /* TRANSLATORS: keep the options (-repetition=loss)
		          * as they are: what a player types. */
		         _("a third repetition loses (-repetition=loss)"));
	}
	if (g->no_observers) {
		SEP;
		/* TRANSLATORS: keep the options (-observers=off) as they
		 * are: what a player types. */
		buf_puts(b, _("no observers (-observers=off)"));
	}
#undef SEP
	if (b->len == start)
		buf_puts(b, _("standard rules"));
}

/* From GAME_WARN_PLIES plies on, add to the grace text (buf, len
 * bytes) that the game is drawn at the move cap (RULES.md section 8). */
static void cap_warning(const struct game *g, char *buf, size_t len)
{
	size_t used = strlen(buf);
	char w[256];

	if (g->nmoves < GAME_WARN_PLIES || used + 1 >= len)
		return;
	/* TRANSLATORS (the three): the move cap, a number of plies (half
	 * moves); the sentence's full stop is added after it. */
	if (g->nmoves >= GAME_MAX_PLIES)  /* played past it before the cap */
		snprintf(w, sizeof w, _("Warning: this game is past %d plies "
		         "(the move cap): the next move draws it"),
		         GAME_MAX_PLIES);
	else if (g->nmoves + 1 == GAME_MAX_PLIES)
		snprintf(w, sizeof w, _("Warning: this game is drawn when it "
		         "reaches %d plies (the move cap): the next move draws "
		         "it"), GAME_MAX_PLIES);
	else
		snprintf(w, sizeof w, ngettext("Warning: this game is drawn "
		         "when it reaches %d plies (the move cap); %zu ply is "
		         "left", "Warning: this game is drawn when it reaches %d "
		         "plies (the move cap); %zu plies are left",
		         GAME_MAX_PLIES - g->nmoves), GAME_MAX_PLIES,
		         GAME_MAX_PLIES - g->nmoves);
	snprintf(buf + used, len - used, "%s%s", used ? ".\n" : "", w);
}

/* While a game is open: both players' ratings in the game's rating class
 * (ratings.h), one line (one per player when long userids would pass 72
 * columns), and a line more for a -rated=no game.  Records that cannot
 * be read are logged and the line left out: a board mail is not held up
 * for the standings. */
/* The ratings for the board mails' line, kept for the process: every
 * recipient of every board mail read every result record of the spool
 * (on 100,000 boards the sweep's first run spent most of its 24 minutes
 * there: BENCHMARKS.md, issue 15).  A copy serves for RATINGS_KEEP
 * seconds of wall time, and is dropped when this process rates a game
 * (reply_ratings_forget); a result another process records meanwhile
 * shows in this line up to that long later (the line only: a game's
 * rating change always reads the table afresh under its lock, board.c).
 * Since issue 35 what is kept is the ratings table (ratetable.h), read
 * in O(players), not a replay of every record. */
#define RATINGS_KEEP 60
static struct {
	char spool[4096];
	time_t loaded;
	int have;
	struct ratings r;
} rcache;

void reply_ratings_forget(void)
{
	if (rcache.have)
		ratings_free(&rcache.r);
	rcache.have = 0;
}

static const struct ratings *reply_ratings(const struct svc *s)
{
	time_t now = time(NULL);
	char *err = NULL;

	if (rcache.have && strcmp(rcache.spool, s->cfg->spool) == 0 &&
	    now >= rcache.loaded && now - rcache.loaded < RATINGS_KEEP)
		return &rcache.r;
	reply_ratings_forget();
	if (ratings_current(s->cfg->spool, s->cfg->rating_system,
	                    &rcache.r, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return NULL;
	}
	snprintf(rcache.spool, sizeof rcache.spool, "%s", s->cfg->spool);
	rcache.loaded = now;
	rcache.have = 1;
	return &rcache.r;
}

static void ratings_var(const struct svc *s, const struct game *g,
                        struct tvars *v)
{
	const struct ratings *rp = reply_ratings(s);
	struct buf b = BUF_INIT;
	int cls = ratings_class(g->game, g->opts.width, g->opts.height);
	struct rating_shown w, k;
	char ws[RATING_SHOW_MAX], ks[RATING_SHOW_MAX];

	if (!rp)
		return;
	/* As sure as each is now: the deviation widened since the
	 * player's last rated game, "?" while provisional. */
	ratings_shown(rp, g->white, cls, s->now, &w);
	ratings_shown(rp, g->black, cls, s->now, &k);
	ratings_show(&w, ws, sizeof ws);
	ratings_show(&k, ks, sizeof ks);
	/* TRANSLATORS (the two): the rating class ("epaminondas small"),
	 * then White and his rating, Black and his; a rating is shown as
	 * "1734 ± 95", "1580?" or "1616". */
	buf_printf(&b, _("Ratings (%s): %s %s, %s %s."),
	           ratings_class_name(cls), g->white, ws, g->black, ks);
	if (b.len > 72) {
		buf_reset(&b);
		buf_printf(&b, _("Ratings (%s):\n  %s %s\n  %s %s"),
		           ratings_class_name(cls), g->white, ws, g->black, ks);
	}
	if (g->unrated)
		/* TRANSLATORS: keep the options (-rated=no) as they are:
		 * what a player types. */
		buf_puts(&b, _("\nThis game is unrated (-rated=no): its result "
		         "moves no rating."));
	tvars_setf(v, "ratings", "%s", buf_str(&b));
	buf_free(&b);
}

static void board_vars(struct svc *s, const struct game *g,
                       struct tvars *v, const char *headline,
                       const char *comment, const char *who)
{
	char grace[512], res[REPLY_RESULT_MAX], url[300];
	const struct ep_position *p = &g->pos;
	struct buf opts = BUF_INIT;

	options_words(g, &opts);
	tvars_set(v, "title", reply_game_title(g->game));
	tvars_setf(v, "board", "%ld", g->board);
	tvars_set(v, "white", g->white);
	tvars_set(v, "black", g->black);
	tvars_setf(v, "options", "%s.", buf_str(&opts));
	buf_free(&opts);
	{
		char tc[256];
		tc_describe(&g->tc, (long)s->cfg->forfeit_days * 86400L, tc,
		            sizeof tc);
		/* TRANSLATORS: the time control in words. */
		tvars_setf(v, "time_control", _("Time control: %s."), tc);
	}
	/* Every mail of a tournament board says so (issue 17). */
	if (g->tourney[0])
		/* TRANSLATORS: the tournament's name, the round, then the
		 * mail's headline on a line of its own. */
		tvars_setf(v, "headline", _("Tournament %s, round %d.\n%s"),
		           g->tourney, g->tourney_round, headline);
	else
		tvars_set(v, "headline", headline);
	/* Only words a player proved are relayed as theirs. */
	if (comment && *comment && who && s->actor[0])
		/* TRANSLATORS: the player's userid, then his words. */
		tvars_setf(v, "comment", _("\n%s writes:\n%s"), who, comment);
	tvars_set(v, "game", g->game);
	tvars_setf(v, "white_pieces", "%d", ep_count_pieces(p, EP_WHITE));
	tvars_setf(v, "black_pieces", "%d", ep_count_pieces(p, EP_BLACK));
	home_rows(g, v);
	observers_var(g, v);
	web_board_url(s->cfg, g, url, sizeof url);
	if (url[0])
		tvars_setf(v, "web", _("On the web: %s"), url);
	if (g->state == GAME_ACTIVE) {
		struct buf lose = BUF_INIT;
		ep_grace_text(p, &g->opts, grace, sizeof grace);
		/* The next move reaches the cap and draws the game before the
		 * start-of-turn checks (RULES.md section 8): no "or lose". */
		if (g->nmoves + 1 >= GAME_MAX_PLIES && !g->cap_off)
			grace[0] = '\0';
		cap_warning(g, grace, sizeof grace);
		/* RULES.md sections 3 and 5: the moves that lose at once. */
		char example[EP_MOVE_TEXT_MAX];
		game_move_advice(g, example, &lose);
		/* For instructions_var and board_html: one listing a mail. */
		tvars_setf(v, "example_move", "%s", example);
		if (grace[0] || lose.len)
			tvars_setf(v, "grace", "%s%s%s%s%s", grace, grace[0] ? "."
			           : "", grace[0] && lose.len ? "\n" : "",
			           buf_str(&lose), lose.len ? "." : "");
		buf_free(&lose);
		/* TRANSLATORS (the four): the player to move, the move's
		 * number. */
		if (s->bm.past)
			tvars_setf(v, "turn", p->to_move == EP_WHITE ?
			           _("In this position %1$s (White) was to make "
			           "move %2$zu.") : _("In this position %1$s (Black) "
			           "was to make move %2$zu."), game_to_move(g),
			           g->nmoves + 1);
		else
			tvars_setf(v, "turn", p->to_move == EP_WHITE ?
			           _("Move %2$zu: %1$s (White) to move.") :
			           _("Move %2$zu: %1$s (Black) to move."),
			           game_to_move(g), g->nmoves + 1);
		tvars_setf(v, "next_move", "%zu", g->nmoves + 1);
		tvars_setf(v, "to_move", "%s", game_to_move(g));
	} else if (g->state == GAME_CHALLENGED) {
		int both;
		const char *who = game_waits_agreement(g, &both);
		if (both)
			/* TRANSLATORS: the two players. */
			tvars_setf(v, "turn", _("Waiting for %s and %s to accept "
			           "the challenge."), who ? who : "", g->black);
		else
			tvars_setf(v, "turn", _("Waiting for %s to accept the "
			           "challenge."), who ? who : "");
	} else {
		/* A challenge called off was never a game: no "Game over".
		 * The clause is asked for, not cut from the result's words,
		 * which are in the reader's language. */
		if (g->state == GAME_CANCELLED) {
			game_end_words(g, res, sizeof res);
			/* TRANSLATORS: the board, then why ("bob declined"). */
			tvars_setf(v, "result", _("No game on board %ld: %s."),
			           g->board, res);
		} else {
			reply_result_words(g, res, sizeof res);
			/* TRANSLATORS: the result in words ("alice wins, bob
			 * resigned"). */
			tvars_setf(v, "result", _("Game over: %s."), res);
		}
	}
	if (s->bm.ratings)
		/* TRANSLATORS: the rating changes ("alice 1612 (+12), bob
		 * 1588 (-12)"), or why they are unchanged. */
		tvars_setf(v, "ratings", _("Ratings: %s."), _(s->bm.ratings));
	else if (g->state == GAME_ACTIVE || g->state == GAME_CHALLENGED)
		ratings_var(s, g, v);
}

/* One recipient of a board mail. */
struct board_rcpt {
	const char *addr;
	const struct user *user;  /* a player's or observer's account, or NULL */
	int side;                 /* EP_WHITE, EP_BLACK, or -1: not a player */
	const char *token;        /* plain reply token for this mail, or NULL */
	const struct user *away;  /* the opponent, when on leave, or NULL */
	time_t deadline;          /* the mover's deadline (clock_vars), or 0 */
	const char *mover;        /* whose deadline it is, or NULL */
};

/* The clock of an active g for its board mails (issue 15): each
 * player's time left at s->now into "clock" ("Time left: alice 4 days
 * 11 hours, bob 2 days 23 hours (to move)."), and the deadline of the
 * player to move into r (shown per reader in their zone by board_mail).
 * u[i]/have[i]: the players' accounts (their leave stops their clock).
 * A robot's time is not shown, nor its deadline (it never runs out).
 * Nothing for a game not active, nor for a past position (s->bm.past). */
static void clock_vars(const struct svc *s, const struct game *g,
                       struct tvars *v, const struct user u[2],
                       const int have[2], struct board_rcpt *r)
{
	long days = (long)s->cfg->forfeit_days * 86400L;
	const char *player[2] = { g->white, g->black };
	struct time_span span[2][USER_MAX_LEAVE + 1];
	size_t n[2] = { 0, 0 };
	char left[2][48];
	int i, mover = g->pos.to_move == EP_WHITE ? 0 : 1;

	tvars_set(v, "clock", "");
	r->deadline = 0;
	r->mover = NULL;
	if (g->state != GAME_ACTIVE || s->bm.past)
		return;
	for (i = 0; i < 2; i++) {
		long sec;
		if (have[i])
			n[i] = user_leave_spans(&u[i], span[i], USER_MAX_LEAVE + 1);
		sec = clock_left(g, i, s->now, days, span[i], n[i]);
		if (sec <= 0)
			/* TRANSLATORS: stands where an amount of time stands in
			 * "Time left: alice 2 days 3 hours". */
			snprintf(left[i], sizeof left[i], _("no time left"));
		else
			clock_format_left(sec, left[i], sizeof left[i]);
	}
	if (strcmp(g->white, g->black) == 0)
		tvars_setf(v, "clock", _("Time left: %s (to move)."), left[mover]);
	else if (robot_config(s->cfg, player[0]) ||
	         robot_config(s->cfg, player[1])) {
		/* A robot never runs out of time (issue 16): its clock and
		 * deadline are no one's concern; the person's are shown. */
		int bot = robot_config(s->cfg, player[0]) ? 0 : 1;
		/* TRANSLATORS (the two): the person, his time left, the
		 * robot. */
		tvars_setf(v, "clock", mover == !bot ? _("Time left: %s %s (to "
		           "move); %s is a robot and never runs out of time.") :
		           _("Time left: %s %s; %s (to move) is a robot and never "
		           "runs out of time."), player[!bot], left[!bot],
		           player[bot]);
		if (mover == bot)
			return;
	} else
		/* TRANSLATORS (the two): White and his time left, Black and
		 * his. */
		tvars_setf(v, "clock", mover == 0 ? _("Time left: %s %s (to "
		           "move), %s %s.") : _("Time left: %s %s, %s %s (to "
		           "move)."), player[0], left[0], player[1], left[1]);
	r->deadline = clock_deadline(g, days, span[mover], n[mover]);
	r->mover = player[mover];
}

/* The "deadline" line of r's mail: the mover's deadline in r's zone. */
static void deadline_var(struct tvars *v, const struct board_rcpt *r)
{
	char when[64];

	if (!r->deadline || !r->mover) {
		tvars_set(v, "deadline", "");
		return;
	}
	deadline_words(r->user, r->deadline, when, sizeof when);
	/* TRANSLATORS: the player to move, then the day and hour. */
	tvars_setf(v, "deadline", _("%s's deadline: %s."), r->mover, when);
}

/* Whether this recipient sees the board with Black's home row down. */
static int board_black_down(const struct svc *s, const struct board_rcpt *r)
{
	if (s->bm.orient)
		return s->bm.orient == 2;
	if (!r->user)
		return 0;
	if (r->user->orientation == USER_ORIENT_BLACK)
		return 1;
	return r->user->orientation == USER_ORIENT_OWN && r->side == EP_BLACK;
}

/* How recipient r (userid me) may answer by replying, for the board g
 * the mail shows.  A quiet mail (s->bm.subject: queue, submit, subscribe)
 * has no instructions before it, so no "Or"; one that shows another
 * board than the game's own (s->bm.token_game: submit's board after the
 * move) gets none: its headline says how to answer (confirm). */
/* The hint of a board mail to the player to move, with and without the
 * subject, by what a reply may say instead of a move: propose or resign,
 * resign only, answer the other's offer, withdraw one's own. */
static const char *const reply_hints[2][4] = {
	{
	  /* TRANSLATORS: the answers in brackets are command words
	   * a player types: keep them as they are. */
	  N_("Reply to this mail with your move (or propose, resign) alone on "
	     "the first line: no userid or password needed."),
	  /* TRANSLATORS: the answers in brackets are command words
	   * a player types: keep them as they are. */
	  N_("Reply to this mail with your move (or resign) alone on the first "
	     "line: no userid or password needed."),
	  /* TRANSLATORS: the answers in brackets are command words
	   * a player types: keep them as they are. */
	  N_("Reply to this mail with your move (or accept, reject, resign) "
	     "alone on the first line: no userid or password needed."),
	  /* TRANSLATORS: the answers in brackets are command words
	   * a player types: keep them as they are. */
	  N_("Reply to this mail with your move (or reject, resign) alone on "
	     "the first line: no userid or password needed.") },
	{
	  /* TRANSLATORS: the answers in brackets are command words
	   * a player types: keep them as they are. */
	  N_("Or simply reply to this mail with your move (or propose, resign) "
	     "alone on the first line: no userid or password needed."),
	  /* TRANSLATORS: the answers in brackets are command words
	   * a player types: keep them as they are. */
	  N_("Or simply reply to this mail with your move (or resign) alone on "
	     "the first line: no userid or password needed."),
	  /* TRANSLATORS: the answers in brackets are command words
	   * a player types: keep them as they are. */
	  N_("Or simply reply to this mail with your move (or accept, reject, "
	     "resign) alone on the first line: no userid or password needed."),
	  /* TRANSLATORS: the answers in brackets are command words
	   * a player types: keep them as they are. */
	  N_("Or simply reply to this mail with your move (or reject, resign) "
	     "alone on the first line: no userid or password needed.") },
};

static void reply_hint_var(const struct svc *s, const struct game *g,
                           struct tvars *v, const struct board_rcpt *r,
                           const char *me)
{
	tvars_set(v, "reply_hint", "");
	/* A submit mail shows the board its move would make, but its token
	 * answers the real board (s->bm.token_game): its headline says to
	 * reply confirm, and a hint drawn from g would be wrong. */
	if (!r->token || r->side < 0 || g->state != GAME_ACTIVE ||
	    (s->bm.token_game && s->bm.token_game != g))
		return;
	if (r->side == (int)g->pos.to_move)
		tvars_set(v, "reply_hint", _(reply_hints[!s->bm.subject]
		          [g->vote == GAME_VOTE_NONE ? (may_ask(s, g) ? 0 : 1) :
		           strcmp(g->vote_by, me ? me : "") ? 2 : 3]));
	else if (s->bm.subject)
		/* TRANSLATORS: queue and off are command words and
		 * TAIL-DESTINATION is the move's notation: keep them as they
		 * are. */
		tvars_set(v, "reply_hint", _("Reply to this mail with just\n"
		          "  queue TAIL-DESTINATION\nor queue off on the first "
		          "line: no userid or password needed."));
	else
		/* TRANSLATORS: queue is a command word and TAIL-DESTINATION
		 * the move's notation: keep them as they are. */
		tvars_set(v, "reply_hint", _("Or reply to this mail with just\n"
		          "  queue TAIL-DESTINATION\non the first line: no userid "
		          "or password needed."));
}

/* Render and queue the board mail for one recipient, its HTML part's
 * drawings from drawing (g's).  CMD_DONE, or CMD_TEMPFAIL when a
 * template cannot be read. */
static enum cmd_status board_mail(struct svc *s, struct txn *t,
                                  const struct game *g, struct tvars *v,
                                  const struct board_rcpt *r,
                                  struct board_drawing *drawing)
{
	char subject[320];
	struct reply_about about;
	int down = board_black_down(s, r);
	enum render_form form = r->user ? (enum render_form)r->user->board
	                                : RENDER_WIDE;
	enum render_letters letters = r->user
	                              ? (enum render_letters)r->user->letters
	                              : RENDER_LETTERS_WB;
	int ws = letters == RENDER_LETTERS_WS;
	char *diagram = render_board_form(g, form, down, letters);
	char *text, *html = NULL;
	const char *me = r->user ? r->user->userid : NULL;
	/* Words for this player alone (their conditional lines). */
	const struct buf *note = r->side >= 0 && r->user ?
	                         &s->bm.side_note[r->side] : NULL;
	const char *base = NULL;  /* the headline for all (borrowed) */
	enum cmd_status st = CMD_DONE;

	if (note && note->len) {
		base = tvars_get(v, "headline");
		tvars_setf(v, "headline", "%s\n%s", base, buf_str(note));
	}
	tvars_set(v, "diagram", diagram);
	/* The letter of Black's pieces in the mail's first line (set ...
	 * board letters ws: S). */
	tvars_set(v, "black_letter", ws ? "S" : "B");
	/* The words (set ... board list) need no legend. */
	if (form == RENDER_LIST)
		tvars_set(v, "legend", "");
	else if (!ws)
		/* TRANSLATORS (the three legends): W, B, ., # and * are the
		 * board's marks. */
		tvars_set(v, "legend", !g->nmoves ? _("W white, B black, . "
		          "empty, # blocked.") : form == RENDER_COMPACT ?
		          _("Last move marked *.  W white, B black, . empty, # "
		          "blocked.") : _("Last move in [brackets].  W white, B "
		          "black, . empty, # blocked."));
	else
		/* TRANSLATORS (the three legends of set ... board letters
		 * ws): W, S, ., # and * are the board's marks, S for
		 * Schwarz (black). */
		tvars_set(v, "legend", !g->nmoves ? _("W white, S black, . "
		          "empty, # blocked.") : form == RENDER_COMPACT ?
		          _("Last move marked *.  W white, S black, . empty, # "
		          "blocked.") : _("Last move in [brackets].  W white, S "
		          "black, . empty, # blocked."));
	vote_var(g, v, me);
	/* A preview or a quiet save (s->bm.subject): nothing to send about it. */
	if (!s->bm.subject)
		instructions_var(s, g, v, me, r->side);
	else
		tvars_set(v, "instructions", "");
	if (r->away) {
		char words[256];
		leave_board_words(r->away, g, s->now, words, sizeof words);
		tvars_setf(v, "vacation", "%s", words);
	} else {
		tvars_set(v, "vacation", "");
	}
	reply_hint_var(s, g, v, r, me);
	deadline_var(v, r);
	/* The game's one subject (issue 30), whatever the mail tells; a
	 * look at a position that is not the game's (a preview, an
	 * analysis, a past position: no token) keeps its own. */
	if (s->bm.subject && s->bm.no_token)
		snprintf(subject, sizeof subject, "%s", s->bm.subject);
	else
		reply_board_subject(g, subject, sizeof subject);
	about.kind = s->bm.board_kind != MAIL_KIND_NONE ? s->bm.board_kind
	             : MAIL_KIND_BOARD;
	about.game = g->game;
	about.board = g->board;
	about.token = r->token;
	text = reply_template(s, "board.txt", v);
	if (!text) {
		st = CMD_TEMPFAIL;
		goto out;
	}
	/* The HTML alternative unless the recipient turned it off; its
	 * legend speaks of its own marks. */
	tvars_set(v, "legend", g->nmoves ? _("Last move in [brackets].  W "
	          "white, B black, . empty, # blocked.") : _("W white, B "
	          "black, . empty, # blocked."));
	if (!r->user || r->user->html) {
		/* Its answer links open a new mail, which names no mail it
		 * answers: the token goes in their subject, as it did in
		 * board mails before issue 30 (intake.c still reads it). */
		char link[REPLY_TOKEN_LEN + 340];
		snprintf(link, sizeof link, "%s%s%s%s", subject,
		         r->token ? " [#" : "", r->token ? r->token : "",
		         r->token ? "]" : "");
		html = board_html(s, g, v, board_black_down(s, r), r->side,
		                  r->token, link, form == RENDER_LIST, drawing);
		if (!html) {
			st = CMD_TEMPFAIL;
			goto out;
		}
	}
	reply_queue_about(s, t, r->addr, &about, subject, text, html, 0);
out:
	if (base)
		tvars_set(v, "headline", base);
	free(html);
	free(text);
	free(diagram);
	return st;
}

/* Whether the board mail to u (a player, side 0 or 1, or an observer,
 * side -1) is left for u's daily digest (SPEC "Digest"): the caller
 * said the mail tells of who's action (s->bm.hold_for_digest), u has mail
 * digest and is not who, the game goes on, no comment is relayed (words
 * of a player are a message: they come at once), and u is an observer
 * or the player to move now (a board that waits for u: the digest lists
 * it).  Anything else comes at once: a game's end, a board that waits
 * for the other player (a queued or conditional move of u's was just
 * played), the answer to u's own command.  A robot's move is such an
 * answer (issue 30): a robot moves only because its human did (or
 * accepted its challenge), in the run of his move or, when the robots'
 * time is spent, in a mail of its own that his board mail promised: his
 * digest never holds it (an observer's still does). */
static int board_held_for_digest(const struct svc *s, const struct game *g,
                                 const struct user *u, int side,
                                 const char *comment, const char *who)
{
	if (!s->bm.hold_for_digest || u->digest_hour < 0 ||
	    g->state != GAME_ACTIVE || !who || strcmp(who, u->userid) == 0)
		return 0;
	if (side >= 0 && robot_config(s->cfg, who))
		return 0;
	if (comment && *comment && s->actor[0])
		return 0;
	return side < 0 || side == (int)g->pos.to_move;
}

/* The words of a board mail that its recipients share (board_vars,
 * the moves, clock_vars), and the language they are written in. */
struct board_words {
	const char *headline, *comment, *who;
	const char *moves;        /* render_moves */
	const struct user *u;     /* the players' accounts, where have[i] */
	const int *have;
	const char *lang;         /* v's language (i18n_current), or NULL */
	struct buf head;          /* s->bm.headline in v's language (v
	                             borrows it) */
	time_t deadline;          /* clock_vars' */
	const char *mover;
	struct board_drawing drawing;  /* the HTML part's (board_html.h) */
};

/* Switch to the language of r's reader (his account's; without one,
 * the language in use: the sender's of the mail in hand, or
 * default_language) and write v in it unless it is in it already: a
 * board mail is composed once per language of its readers (issue 32).
 * Returns the language that was in use, for i18n_use. */
static const char *words_for(struct svc *s, const struct game *g,
                             struct tvars *v, struct board_words *w,
                             struct board_rcpt *r)
{
	const char *was = i18n_use(r->user ? r->user->language
	                                    : i18n_current());

	if (!w->lang || w->lang != i18n_current()) {
		struct board_rcpt clk = { 0 };
		const char *headline = w->headline;
		tvars_free(v);
		if (s->bm.headline) {
			buf_free(&w->head);
			headline_write(s->bm.headline, g, &w->head);
			headline = buf_str(&w->head);
		}
		board_vars(s, g, v, headline, w->comment, w->who);
		if (*w->moves)
			/* TRANSLATORS: the heading of the list of moves played,
			 * then the list (its notation stays). */
			tvars_setf(v, "moves", _("Moves:\n%s"), w->moves);
		clock_vars(s, g, v, w->u, w->have, &clk);
		w->deadline = clk.deadline;
		w->mover = clk.mover;
		w->lang = i18n_current();
	}
	r->deadline = w->deadline;
	r->mover = w->mover;
	return was;
}

/* board_mail in the language of r's reader. */
static enum cmd_status board_mail_in(struct svc *s, struct txn *t,
                                     const struct game *g, struct tvars *v,
                                     struct board_words *w,
                                     struct board_rcpt *r)
{
	const char *was = words_for(s, g, v, w, r);
	enum cmd_status st = board_mail(s, t, g, v, r, &w->drawing);

	i18n_use(was);
	return st;
}

enum cmd_status reply_board(struct svc *s, struct txn *t,
                            const struct game *g, const char *headline,
                            const char *comment, const char *who,
                            const char *only_addr)
{
	struct tvars v = { 0 };
	struct user u[2];
	int have[2] = { 0, 0 }, i;
	const char *player[2] = { g->white, g->black };
	char token[2][REPLY_TOKEN_LEN + 1];
	char *moves = render_moves(g);
	enum cmd_status st = CMD_DONE;
	struct board_words w = { headline, comment, who, moves, u, have, NULL,
	                         BUF_INIT, 0, NULL, BOARD_DRAWING_INIT };
	size_t k;

	for (i = 0; i < 2; i++) {
		char *err = NULL;
		int rc = user_load(s->cfg->spool, player[i], &u[i], &err);
		if (rc < 0)
			log_msg(LOG_ERR, "%s\n", err);
		free(err);
		have[i] = rc == 0;
	}
	if (only_addr) {
		struct board_rcpt r = { only_addr, NULL, -1, NULL, NULL, 0, NULL };
		for (i = 0; i < 2; i++)
			if (have[i] && user_find_address(&u[i], only_addr) >= 0) {
				r.user = &u[i];
				r.side = i;
			}
		/* A token to a player's address on file, when the mail this
		 * answers proved that player, or answers no mail (a reminder). */
		if (r.side >= 0 && !s->bm.no_token &&
		    (!s->for_mail || strcmp(s->actor, r.user->userid) == 0) &&
		    tokens_of(s, s->bm.token_game ? s->bm.token_game : g, r.user,
		              token[0]) == 0)
			r.token = token[0];
		st = board_mail_in(s, t, g, &v, &w, &r);
		goto out;
	}
	for (i = 0; i < 2 && st == CMD_DONE; i++) {
		struct board_rcpt r;
		size_t a;
		/* The player left; the game goes on for the other. */
		if (!have[i] || !user_confirmed(&u[i]) ||
		    (i == 1 && strcmp(player[0], player[1]) == 0) ||
		    board_held_for_digest(s, g, &u[i], i, comment, who))
			continue;
		r.user = &u[i];
		r.side = i;
		r.token = tokens_of(s, g, &u[i], token[i]) == 0 ? token[i] : NULL;
		r.away = have[!i] && user_on_vacation(&u[!i], s->now) ? &u[!i] : NULL;
		for (a = 0; a < u[i].naddr && st == CMD_DONE; a++) {
			r.addr = u[i].addr[a].addr;
			st = board_mail_in(s, t, g, &v, &w, &r);
		}
	}
	/* Observers: every board mail, never a token; confirmed players
	 * only, at most max_observers of them. */
	for (k = 0; k < g->nobservers && !g->no_observers && st == CMD_DONE &&
	     k < (size_t)s->cfg->max_observers; k++) {
		struct user o;
		char *err = NULL;
		struct board_rcpt r = { NULL, NULL, -1, NULL, NULL, 0, NULL };
		int rc = user_load(s->cfg->spool, g->observers[k], &o, &err);
		if (rc < 0)
			log_msg(LOG_ERR, "%s\n", err);
		free(err);
		if (rc != 0)
			continue;
		if (user_confirmed(&o) &&
		    !board_held_for_digest(s, g, &o, -1, comment, who)) {
			r.addr = user_address(&o);
			r.user = &o;
			st = board_mail_in(s, t, g, &v, &w, &r);
		}
		user_free(&o);
	}
out:
	for (i = 0; i < 2; i++)
		if (have[i])
			user_free(&u[i]);
	free(moves);
	tvars_free(&v);
	buf_free(&w.head);
	board_drawing_free(&w.drawing);
	return st;
}
