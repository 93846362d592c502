/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * digest.c - the daily digest of a player with "mail digest" (issue 15,
 * SPEC "Digest"), sent by "epamserv sweep".
 *
 * A player who sets "set USERID PASSWORD mail digest HH" gets no board
 * mail when another's action leaves a board waiting for their move
 * (reply.c, board_held_for_digest); instead, once a day, at the first
 * sweep at or after hour HH of their time zone (users.h "timezone:", ""
 * UTC), one mail lists every board that waits for them then: ACTIVE,
 * they are to move.  Each board comes with its drawing (the player's
 * orientation and wide or compact board), the deadline and the time
 * left (clock.h), a pending draw offer or undo request, and the subject
 * that answers it: "Epaminondas Board 101 alice [#TOKEN]" with the
 * board's reply token (tokens.c), so a mail with that subject and the
 * move alone on its first line plays it, as a reply to a board mail
 * does.  With one board the digest has the game's one subject and the
 * token in its Message-ID (threadid.h, issue 30), so a plain reply
 * works too and the digest joins the game's conversation.
 *
 * Once a day: the day's digest is keyed like a mail, the digest of
 * "digest USERID YYYY-MM-DD" (the player's local date), with a
 * processed-mail record (spool_seen), so a second sweep that day sends
 * nothing and a sweep that missed the hour sends it at its next run that
 * day.  A day with no board waiting sends no mail and is marked done
 * all the same: what starts to wait later that day is in tomorrow's.
 *
 * Cost: every user file is read (as sweep_accounts does); the boards are
 * read once more, only in a sweep where some player's digest is due.
 */
#include "cli/cli.h"
#include "services/lang.h"
#include "services/clock.h"
#include "services/outmail.h"
#include "services/tokens.h"
#include "game/clock.h"
#include "game/render.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/tz.h"
#include "util/util.h"
#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A board waiting for a due player. */
struct digest_board {
	const char *game;  /* a spool_games name (static) */
	long board;
};

/* A player whose digest is due in this sweep. */
struct digest_due {
	char userid[32];
	char digest[33];              /* key of the day's digest */
	struct digest_board *boards;  /* malloc'ed */
	size_t nboards, room;
};

struct digest_run {
	const struct config *cfg;
	struct digest_due *due;  /* sorted by userid */
	size_t ndue;
};

/* t as broken-down local time of zone (an IANA name, "" or NULL: UTC)
 * into *out, through the C library's TZ; TZ is put back as it was. */
static void digest_local_time(const char *zone, time_t t, struct tm *out)
{
	struct tz_saved z;

	if (!zone || !zone[0] || !deadline_zone_ok(zone)) {
		gmtime_r(&t, out);
		return;
	}
	tz_enter(&z, zone);
	localtime_r(&t, out);
	tz_leave(&z);
}

/* The deadline t for u as a date and time, into buf: deadline_words
 * (services/clock.c), the one place that knows the player's time zone. */
static void digest_deadline_words(const struct user *u, time_t t, char *buf,
                                  size_t len)
{
	deadline_words(u, t, buf, len);
}

static int due_cmp(const void *a, const void *b)
{
	return strcmp(((const struct digest_due *)a)->userid,
	              ((const struct digest_due *)b)->userid);
}

/* The players whose digest is due at now and not yet sent, into r. */
static void digest_find_due(struct digest_run *r, time_t now)
{
	char **ids = NULL, *err = NULL;
	size_t n = 0, i;

	if (user_list(r->cfg->spool, &ids, &n, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return;
	}
	r->due = xmalloc((n ? n : 1) * sizeof *r->due);
	memset(r->due, 0, (n ? n : 1) * sizeof *r->due);
	for (i = 0; i < n; i++) {
		struct user u;
		struct tm tm;
		char key[128];
		struct digest_due *d = &r->due[r->ndue];
		if (user_load(r->cfg->spool, ids[i], &u, &err) != 0) {
			free(err);
			err = NULL;
			continue;
		}
		if (u.digest_hour >= 0 && user_confirmed(&u)) {
			digest_local_time(u.timezone, now, &tm);
			snprintf(key, sizeof key, "digest %s %04d-%02d-%02d", u.userid,
			         tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
			util_digest_hex(key, strlen(key), d->digest);
			if (tm.tm_hour >= u.digest_hour &&
			    !spool_seen(r->cfg->spool, d->digest)) {
				snprintf(d->userid, sizeof d->userid, "%s", u.userid);
				r->ndue++;
			}
		}
		user_free(&u);
	}
	user_list_free(ids, n);
	qsort(r->due, r->ndue, sizeof *r->due, due_cmp);
}

/* spool_each_board: a board that waits for a due player joins their
 * list.  Read without the board's lock (files are replaced by rename). */
static int digest_scan_one(const char *game, long board, void *arg)
{
	struct digest_run *r = arg;
	struct digest_due key, *d;
	struct game g;
	char *err = NULL;

	if (game_load(&g, r->cfg->spool, game, board, &err) != 0) {
		free(err);
		return 0;
	}
	if (g.state == GAME_ACTIVE) {
		snprintf(key.userid, sizeof key.userid, "%s", game_to_move(&g));
		d = bsearch(&key, r->due, r->ndue, sizeof *r->due, due_cmp);
		if (d) {
			if (d->nboards == d->room) {
				d->room = d->room ? 2 * d->room : 8;
				d->boards = xrealloc(d->boards, d->room * sizeof *d->boards);
			}
			d->boards[d->nboards].game = spool_game_named(game);
			d->boards[d->nboards++].board = board;
		}
	}
	game_free(&g);
	return 0;
}

/* What answers one board of a digest: the subject with the token (a
 * new mail's), the board's own subject and the token (a digest of one
 * board: its Message-ID carries the token, threadid.h). */
struct digest_answer {
	char subject[160];
	char board_subject[160];
	char token[REPLY_TOKEN_LEN + 1];
};

/* One board of u's digest appended to b: heading, deadline, vote,
 * drawing, the subject that answers it.  0, or -1 when the board no
 * longer waits for u (nothing appended).  *ans gets what answers it. */
static int digest_board_text(const struct svc *s, const struct user *u,
                             const struct digest_board *db, struct buf *b,
                             struct digest_answer *ans)
{
	char *subject = ans->subject;
	size_t len = sizeof ans->subject;

	struct game g;
	struct time_span leave[USER_MAX_LEAVE + 1];
	char *err = NULL, *diagram, token[REPLY_TOKEN_LEN + 1];
	char when[64], left[64];
	long limit = (long)s->cfg->forfeit_days * 86400;
	size_t nleave = user_leave_spans(u, leave, USER_MAX_LEAVE + 1);
	int side, down;
	time_t deadline;

	if (game_load(&g, s->cfg->spool, db->game, db->board, &err) != 0) {
		free(err);
		return -1;
	}
	side = (int)g.pos.to_move;
	if (g.state != GAME_ACTIVE || strcmp(game_to_move(&g), u->userid) != 0 ||
	    tokens_of(s, &g, u, token) != 0) {
		game_free(&g);
		return -1;
	}
	/* TRANSLATORS: the game's title, the board's number, White's and
	 * Black's userids and the number of the move to play. */
	buf_printf(b, _("%s Board %ld: %s (White) against %s (Black), move "
	                "%zu, your move.\n"), reply_game_title(g.game), g.board,
	           g.white, g.black, g.nmoves + 1);
	deadline = clock_deadline(&g, limit, leave, nleave);
	if (deadline) {
		digest_deadline_words(u, deadline, when, sizeof when);
		clock_format_left(clock_left(&g, side, s->now, limit, leave, nleave),
		                  left, sizeof left);
		/* TRANSLATORS: the deadline and the time left, in words. */
		buf_printf(b, _("Deadline: %s (%s left).\n"), when, left);
	}
	if (g.vote != GAME_VOTE_NONE && strcmp(g.vote_by, u->userid) != 0)
		/* TRANSLATORS: the opponent's userid; accept and reject
		 * are the commands the player sends. */
		buf_printf(b, g.vote == GAME_VOTE_DRAW ?
		           _("%s offers a draw: accept or reject.\n") :
		           _("%s asks to take back the last move: accept or "
		             "reject.\n"), g.vote_by);
	down = u->orientation == USER_ORIENT_BLACK ||
	       (u->orientation == USER_ORIENT_OWN && side == EP_BLACK);
	diagram = render_board_form(&g, (enum render_form)u->board, down,
	                            (enum render_letters)u->letters);
	buf_printf(b, "\n%s\n", diagram);
	free(diagram);
	snprintf(subject, len, "%s Board %ld %s [#%s]", reply_game_title(g.game),
	         g.board, u->userid, token);
	reply_board_subject(&g, ans->board_subject, sizeof ans->board_subject);
	memcpy(ans->token, token, sizeof ans->token);
	/* TRANSLATORS: propose, accept, reject and resign are the commands
	 * the player sends; %s is the mail's subject to use. */
	buf_printf(b, _("To answer: a mail with your move (or propose, accept, "
	                "reject, resign) alone on the first line and the "
	                "subject\n  %s\n\n"), subject);
	game_free(&g);
	return 0;
}

/* Send d's digest (or mark the day done when no board waits).  1 when a
 * mail was queued, 0 when none, -1 on trouble (logged). */
static int digest_send(const struct config *cfg, struct digest_due *d,
                       time_t now)
{
	struct svc sv;
	struct lock l = LOCK_INIT;
	struct tvars v = { 0 };
	struct buf boards = BUF_INIT;
	struct user u;
	struct txn *t;
	char key[64], subject[320], *text = NULL, *err = NULL;
	struct digest_answer answer;
	struct reply_about about = { MAIL_KIND_DIGEST, NULL, -1, NULL };
	size_t i, shown = 0;
	int rc = -1;

	svc_init(&sv, cfg, now);
	memcpy(sv.digest, d->digest, sizeof sv.digest);
	spool_msg_key(sv.digest, sv.msg_key, sizeof sv.msg_key);
	snprintf(key, sizeof key, "digest-%s", d->userid);
	if (svc_lock(&sv, key, &l) != CMD_DONE)
		goto out;
	if (spool_seen(cfg->spool, sv.digest)) {
		rc = 0;
		goto out;
	}
	if (user_load(cfg->spool, d->userid, &u, &err) != 0) {
		free(err);
		goto out;
	}
	for (i = 0; i < d->nboards && boards.len < reply_cap(&sv) / 2; i++)
		if (digest_board_text(&sv, &u, &d->boards[i], &boards,
		                      &answer) == 0) {
			/* The last board shown: the only one when shown is 1. */
			about.game = d->boards[i].game;
			about.board = d->boards[i].board;
			shown++;
		}
	t = svc_txn(&sv, key);
	if (shown) {
		tvars_setf(&v, "headline",
		           ngettext("%s, %zu board waits for your move.",
		                    "%s, %zu boards wait for your move.", shown),
		           u.userid, shown);
		tvars_set(&v, "boards", buf_str(&boards));
		tvars_set(&v, "userid", u.userid);
		text = reply_template(&sv, "digest.txt", &v);
		if (!text) {
			txn_abort(t);
			user_free(&u);
			goto out;
		}
		/* One board: the game's subject, the token in the Message-ID
		 * (issue 30), so the digest joins the game's conversation. */
		if (shown == 1) {
			snprintf(subject, sizeof subject, "%s", answer.board_subject);
			about.token = answer.token;
		} else {
			/* TRANSLATORS: the digest's subject: how many boards
			 * and the player's userid. */
			snprintf(subject, sizeof subject,
			         ngettext("epamserv digest: %zu board waits for %s",
			                  "epamserv digest: %zu boards wait for %s",
			                  shown), shown, u.userid);
			about.game = NULL;
		}
		for (i = 0; i < u.naddr; i++)
			reply_queue_about(&sv, t, u.addr[i].addr, &about, subject, text,
			                  NULL, 0);
	}
	user_free(&u);
	if (svc_commit(&sv, t) == CMD_DONE)
		rc = shown > 0;
out:
	lock_release(&l);
	tvars_free(&v);
	buf_free(&boards);
	svc_free(&sv);
	free(text);
	return rc;
}

int cli_digests(const struct config *cfg, time_t now)
{
	struct digest_run r = { cfg, NULL, 0 };
	size_t i;
	int sent = 0;

	digest_find_due(&r, now);
	if (r.ndue)
		spool_each_board(cfg->spool, digest_scan_one, &r);
	for (i = 0; i < r.ndue; i++) {
		/* The digest in its reader's language (issue 32). */
		const char *was = lang_use_user(cfg, r.due[i].userid);
		int rc = digest_send(cfg, &r.due[i], now);
		i18n_use(was);
		if (rc > 0) {
			sent++;
			log_msg(LOG_INFO, "sweep: digest to %s (%zu boards)\n",
			        r.due[i].userid, r.due[i].nboards);
		} else if (rc < 0) {
			log_msg(LOG_WARNING, "sweep: the digest of %s could not be "
			        "sent; the next sweep tries again\n", r.due[i].userid);
		}
		free(r.due[i].boards);
	}
	free(r.due);
	log_msg(LOG_INFO, "sweep: digests=%d due=%zu\n", sent, r.ndue);
	return sent;
}
