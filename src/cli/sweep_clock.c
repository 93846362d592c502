/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * sweep_clock.c - reminders and losses on time for "epamserv sweep"
 * (sweep.h; issue 15, game/clock.h).
 *
 * The reminder schedule: each point is an amount of the turn's time
 * still left, "N%" of what the turn began with (the mover's bank, or
 * forfeit_days for TC_DAYS) or "Nh"/"Nd"; a point at or beyond the
 * turn's whole time is skipped (it would come at once).  TC_DAYS boards
 * keep the reminder after remind_days as one more point.  A sweep sends
 * at most one reminder a board: for the latest point passed, so a sweep
 * that ran late does not send two at once.
 */
#include "cli/sweep.h"
#include "services/robot.h"
#include "game/clock.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"
#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sweep_event(struct svc *s, const char *event, const struct game *g,
                 time_t since)
{
	char text[160];

	snprintf(text, sizeof text, "sweep %s %s %ld %zu %lld", event, g->game,
	         g->board, g->nmoves, (long long)since);
	svc_event(s, "%s", text);
}

/* Whether a held record names b's board file. */
static int held_names(const struct held_entry *held, size_t n,
                      const struct game *g)
{
	char rel[128];
	size_t i;

	spool_board_path(g->game, g->board, rel, sizeof rel);
	for (i = 0; i < n; i++)
		if (strcmp(held[i].file, rel) == 0)
			return 1;
	return 0;
}

/* The language before sweep_player switched to its player's, which
 * sweep_tell gives back (issue 32). */
static const char *sweep_lang_was;

/* Load userid into *u when they are a confirmed player (someone to
 * tell); 0, or -1 (nothing to free).  On 0 what follows, up to
 * sweep_tell, is written in the player's language. */
static int sweep_player(struct svc *s, const char *userid, struct user *u)
{
	char *err = NULL;

	if (user_load(s->cfg->spool, userid, u, &err) != 0) {
		free(err);
		return -1;
	}
	if (!user_confirmed(u)) {
		user_free(u);
		return -1;  /* the player left: nobody to tell */
	}
	sweep_lang_was = i18n_use(u->language);
	return 0;
}

/* The board mail with headline to u alone (their token: a board mail to
 * one address that answers no mail carries it), in its own transaction
 * keyed by s->digest, its Message-ID naming kind (threadid.h); frees
 * u. */
static enum cmd_status sweep_tell(struct svc *s, struct board_ctx *b,
                                  struct user *u, const char *headline,
                                  enum mail_kind kind)
{
	struct txn *t = svc_txn(s, b->key);
	enum cmd_status st;

	s->bm.board_kind = kind;
	st = reply_board(s, t, &b->g, headline, "", NULL, user_address(u));
	s->bm.board_kind = MAIL_KIND_NONE;
	i18n_use(sweep_lang_was);
	user_free(u);
	if (st != CMD_DONE) {
		txn_abort(t);
		return st;
	}
	return svc_commit(s, t);
}

/* One reminder to the player to move, with the board (their token: a
 * board mail to one address that answers no mail carries it). */
static enum cmd_status remind(struct svc *s, struct board_ctx *b,
                              const struct board_clock *k, long left)
{
	struct user u;
	char headline[512], when[64], rest[64];
	const char *who = game_to_move(&b->g);

	if (sweep_player(s, who, &u) < 0)
		return CMD_REFUSED;
	deadline_words(&u, k->deadline, when, sizeof when);
	clock_format_left(left, rest, sizeof rest);
	if (b->g.tc.kind == TC_DAYS) {
		long idle = (long)((s->now - (k->deadline -
		                    (time_t)s->cfg->forfeit_days * 86400)) / 86400);
		char first[200], then[300];
		/* TRANSLATORS: the player's userid, the board's number and
		 * the days the move has waited. */
		snprintf(first, sizeof first,
		         ngettext("Reminder: %s, it has been your move on board "
		                  "%ld for %ld day.",
		                  "Reminder: %s, it has been your move on board "
		                  "%ld for %ld days.", idle), who, b->g.board, idle);
		/* TRANSLATORS: the days without a move that forfeit a game,
		 * the deadline and the time left in words. */
		snprintf(then, sizeof then,
		         ngettext("After %d day without a move the game is "
		                  "forfeited: your deadline is %s (%s left).",
		                  "After %d days without a move the game is "
		                  "forfeited: your deadline is %s (%s left).",
		                  s->cfg->forfeit_days),
		         s->cfg->forfeit_days, when, rest);
		snprintf(headline, sizeof headline, "%s  %s", first, then);
	} else if (b->g.tc.claim) {
		/* TRANSLATORS: the player's userid, the board's number, the
		 * deadline and the time left in words. */
		snprintf(headline, sizeof headline, _("Reminder: %s, it is your "
		         "move on board %ld: your deadline is %s (%s left); after "
		         "it your opponent may claim the game."), who, b->g.board,
		         when, rest);
	} else {
		snprintf(headline, sizeof headline, _("Reminder: %s, it is your "
		         "move on board %ld: your deadline is %s (%s left); after "
		         "it you lose on time."), who, b->g.board, when, rest);
	}
	return sweep_tell(s, b, &u, headline, MAIL_KIND_REMINDER);
}

/* Under -timeout=claim, once a turn: the opponent of the player whose
 * time ran out is told they may claim the game (issue 15 item 3: the
 * opponent is told when the time runs out), with the board and their
 * token.  CMD_DONE when told. */
static enum cmd_status tell_claimable(struct svc *s, struct board_ctx *b,
                                      const struct board_clock *k)
{
	struct user u;
	char headline[512], when[64];
	const char *mover = game_to_move(&b->g);
	const char *opp = game_opponent(&b->g, mover);

	if (sweep_player(s, opp, &u) < 0)
		return CMD_REFUSED;
	deadline_words(&u, k->deadline, when, sizeof when);
	/* TRANSLATORS: %1$s the player whose time ran out, %2$s the game's
	 * title, %3$ld the board's number, %4$s when, %5$s the game's
	 * command word and %6$s the userid of the one told; "claim" and
	 * the command line are what the player types.
	 * Keep the command words, the options (-timeout=claim) and PASSWORD
	 * as they are: what a player types. */
	snprintf(headline, sizeof headline, _("%1$s's time on %2$s board %3$ld "
	         "ran out on %4$s.  This game is played with -timeout=claim: it "
	         "goes on until you claim it, and a move %1$s sends first is "
	         "played.  To win on time, reply to this mail with just claim, "
	         "or send\n  %5$s claim %3$ld %6$s PASSWORD"), mover,
	         reply_game_title(b->g.game), b->g.board, when, b->g.game, opp);
	return sweep_tell(s, b, &u, headline, MAIL_KIND_NOTICE);
}

void sweep_clock(struct svc *s, struct board_ctx *b,
                 const struct held_entry *held, size_t nheld,
                 struct sweep_clock_stats *st)
{
	struct board_clock k;
	long limit = (long)s->cfg->forfeit_days * 86400, left, whole;
	long best = -1;
	char event[48];
	const char *mover = game_to_move(&b->g);
	struct headline said = { 0 };
	enum cmd_status saved;
	time_t since;
	int i, days_point = 0;

	/* A robot never runs out of time (issue 16): its move waits for
	 * robot_run. */
	if (robot_to_move(s->cfg, &b->g)) {
		robot_note_missing(s->cfg, &b->g);
		return;
	}
	if (board_clock(s, &b->g, &k) < 0)
		return;
	/* On leave: every clock of the player stands, so neither a
	 * reminder nor a loss on time (any kind). */
	if (k.away) {
		st->away++;
		return;
	}
	/* TC_DAYS: the idle count starts at the last change or the end of
	 * a leave (clock_deadline); the clocks: at the turn's start. */
	since = b->g.tc.kind == TC_DAYS ? k.deadline - limit : k.turn;
	whole = b->g.tc.kind == TC_DAYS ? limit : k.bank[k.side];
	left = board_clock_left(s, &b->g, &k, s->now);
	if (left <= 0) {
		if (b->g.tc.claim) {
			st->claimable++;
			sweep_event(s, "claimable", &b->g, since);
			if (!spool_seen(s->cfg->spool, s->digest) &&
			    tell_claimable(s, b, &k) == CMD_DONE)
				log_msg(LOG_INFO, "sweep: %s board %ld: %s told the time "
				        "of %s is out (claim)", b->g.game, b->g.board,
				        game_opponent(&b->g, mover), mover);
			return;
		}
		if (held_names(held, nheld, &b->g)) {
			st->waiting++;
			log_msg(LOG_INFO, "sweep: %s board %ld: %s's time is out but "
			        "a mail for the board is held: no loss on time yet",
			        b->g.game, b->g.board, mover);
			return;
		}
		sweep_event(s, "forfeit", &b->g, since);
		timeout_headline(&b->g, mover, &said);
		if (b->g.tc.kind == TC_DAYS) {
			long idle = (long)((s->now - since) / 86400);
			/* TRANSLATORS: the userid, the board's number, the
			 * days without a move; after the headline of a loss
			 * on time. */
			headline_sayn(&said, "%s made no move on board %ld for "
			              "%ld day and loses on time.", "%s made no "
			              "move on board %ld for %ld days and loses on "
			              "time.", (unsigned long)idle, mover,
			              b->g.board, idle);
		}
		snprintf(b->userid, sizeof b->userid, "%s", mover);
		game_end(&b->g, GAME_END_FORFEIT, mover, s->now);
		saved = board_save_said(s, b, &said);
		headline_free(&said);
		if (saved == CMD_DONE) {
			st->forfeited++;
			log_msg(LOG_INFO, "sweep: %s board %ld forfeited by %s",
			        b->g.game, b->g.board, mover);
		}
		return;
	}
	if (k.away)
		return;   /* on leave: the clock stands still */
	/* The latest point passed: the least time left among those at or
	 * above what is left now. */
	for (i = 0; i < s->cfg->nremind; i++) {
		long at = s->cfg->remind_pct[i] ?
		          whole / 100 * s->cfg->remind_pct[i] +
		          whole % 100 * s->cfg->remind_pct[i] / 100 :
		          s->cfg->remind_left[i];
		if (at >= whole || left > at)
			continue;
		if (best < 0 || at < best)
			best = at;
	}
	if (b->g.tc.kind == TC_DAYS &&
	    s->now - since >= (time_t)s->cfg->remind_days * 86400) {
		long at = limit - (long)s->cfg->remind_days * 86400;
		if (best < 0 || at < best) {
			best = at;
			days_point = 1;
		}
	}
	if (best < 0)
		return;
	/* remind_days keeps the key of the sweeps before issue 15. */
	if (days_point)
		snprintf(event, sizeof event, "remind");
	else
		snprintf(event, sizeof event, "remind-%ld", best);
	sweep_event(s, event, &b->g, since);
	if (spool_seen(s->cfg->spool, s->digest))
		return;  /* reminded at this point of this turn already */
	if (remind(s, b, &k, left) == CMD_DONE) {
		st->reminded++;
		log_msg(LOG_INFO, "sweep: %s board %ld: reminder to %s (%s)",
		        b->g.game, b->g.board, mover, event);
	}
}
