/*
 * reply.c - the mails a command sends: composed from templates, queued in
 * the command's transaction (never sent from here; see spool/outbox.c).
 *
 * Outgoing Message-IDs are made from the digest of the incoming mail and a
 * counter, so processing the same mail again yields the same Message-IDs.
 * Every mail of one board carries References: <GAME.BOARD@DOMAIN>, so mail
 * clients thread a game together.
 */
#include "util/log.h"
#include "cmd/cmd.h"
#include "game/render.h"
#include "spool/outbox.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *reply_game_title(const char *game)
{
	if (strcmp(game, "crossings") == 0)
		return "Crossings";
	return "Epaminondas";
}

char *reply_template(struct cmdctx *c, const char *name, const struct tvars *v)
{
	char *err = NULL, *text = template_render(c->cfg->templates, name, v, &err);
	struct buf b = BUF_INIT;

	if (text)
		return text;
	log_msg(LOG_ERR, "%s\n", err);
	buf_printf(&b, "(The server's template %s is missing; please tell the "
	           "operator.)\n", name);
	free(err);
	return buf_take(&b);
}

void reply_queue(struct cmdctx *c, struct txn *t, const char *addr,
                 const char *subject, const char *text, const char *html,
                 int auto_replied, const char *thread)
{
	struct mail_out m;
	char msgid[256], from[512], date[64], name[128];
	const char *in_id = c->mail ? c->mail->message_id : NULL;
	char *msg, *err = NULL;
	struct timespec ts;
	int n = c->nout++;

	snprintf(msgid, sizeof msgid, "epamserv.%.16s.%d@%s", c->digest, n,
	         config_domain(c->cfg));
	snprintf(from, sizeof from, "epamserv <%s>", c->cfg->from);
	mail_date((long long)c->now, date, sizeof date);
	memset(&m, 0, sizeof m);
	m.from = from;
	m.to_addr = addr;
	m.subject = subject;
	m.message_id = msgid;
	m.in_reply_to = thread ? thread : in_id;
	m.references = thread ? thread : in_id;
	m.auto_submitted = auto_replied ? "auto-replied" : "auto-generated";
	m.x_loop = c->cfg->from;
	m.date = date;
	m.text = text;
	m.html = html;
	msg = mail_compose(&m, &err);
	if (!msg) {
		log_msg(LOG_ERR, "cannot compose a mail to %s: %s\n", addr,
		        err ? err : "?");
		free(err);
		return;
	}
	/* Names sort in the order mails were queued: real time, not the
	 * (settable) game clock. */
	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(name, sizeof name, "%010lld.%09ld-%.16s-%02d",
	         (long long)ts.tv_sec, ts.tv_nsec, c->digest, n);
	outbox_put(t, name, auto_replied ? "" : c->cfg->from, addr, msg);
	free(msg);
}

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
	tvars_setf(v, "black_home_row", "Rank %d (Black's home row): %d black, "
	           "%d white", p->height, bh, wh);
	tvars_setf(v, "white_home_row", "Rank 1 (White's home row): %d white, "
	           "%d black", w1, b1);
}

/* The pending question, in plain words, with the answer to send. */
static void vote_var(const struct game *g, struct tvars *v)
{
	const char *other;

	if (g->vote == GAME_VOTE_NONE)
		return;
	other = game_opponent(g, g->vote_by);
	if (g->vote == GAME_VOTE_DRAW)
		tvars_setf(v, "vote", "%s offers a draw.  %s may accept it:\n"
		           "  %s move %ld %s PASSWORD accept\n(or reject it the "
		           "same way, or simply move).", g->vote_by, other, g->game,
		           g->board, other);
	else
		tvars_setf(v, "vote", "%s asks to take back %s.  %s may agree:\n"
		           "  %s move %ld %s PASSWORD accept\n(or reject it the "
		           "same way).", g->vote_by, g->moves[g->nmoves - 1].text,
		           other, g->game, g->board, other);
}

/* What the players can send next, by the state of the game. */
static void instructions_var(const struct game *g, struct tvars *v)
{
	if (g->state == GAME_CHALLENGED)
		tvars_setf(v, "instructions", "%s, to accept the challenge send a "
		           "mail with the subject\n  %s accept %ld %s PASSWORD\n"
		           "or, to decline it,\n  %s decline %ld %s PASSWORD",
		           g->black, g->game, g->board, g->black, g->game, g->board,
		           g->black);
	else if (g->state == GAME_ACTIVE)
		tvars_setf(v, "instructions", "To move, send a mail with the "
		           "subject\n  %s move %ld USERID PASSWORD TAIL-DESTINATION"
		           "#%zu\nfor example \"%s move %ld %s PASSWORD e2-e4#%zu\".\n"
		           "Instead of a move: resign, propose (a draw), undo.",
		           g->game, g->board, g->nmoves + 1, g->game, g->board,
		           game_to_move(g), g->nmoves + 1);
}

static void board_vars(struct cmdctx *c, const struct game *g,
                       struct tvars *v, const char *headline,
                       const char *comment, const char *who)
{
	char opts[EP_OPTIONS_MAX], grace[512], res[EP_ERR_MAX + 96];
	const struct ep_position *p = &g->pos;

	ep_options_format(&g->opts, opts, sizeof opts);
	tvars_set(v, "title", reply_game_title(g->game));
	tvars_setf(v, "board", "%ld", g->board);
	tvars_set(v, "white", g->white);
	tvars_set(v, "black", g->black);
	tvars_setf(v, "options", "%s", opts);
	tvars_set(v, "headline", headline);
	if (comment && *comment)
		tvars_setf(v, "comment", "\n%s writes:\n%s", who ? who : "The sender",
		           comment);
	tvars_set(v, "game", g->game);
	tvars_setf(v, "white_pieces", "%d", ep_count_pieces(p, EP_WHITE));
	tvars_setf(v, "black_pieces", "%d", ep_count_pieces(p, EP_BLACK));
	home_rows(g, v);
	vote_var(g, v);
	if (!c->subject)  /* a preview: nothing to send about it */
		instructions_var(g, v);
	if (g->state == GAME_ACTIVE) {
		ep_grace_text(p, &g->opts, grace, sizeof grace);
		tvars_setf(v, "grace", "%s", grace);
		tvars_setf(v, "turn", "Move %zu: %s (%s) to move.", g->nmoves + 1,
		           game_to_move(g), p->to_move == EP_WHITE ? "White" : "Black");
		tvars_setf(v, "next_move", "%zu", g->nmoves + 1);
		tvars_setf(v, "to_move", "%s", game_to_move(g));
	} else if (g->state == GAME_CHALLENGED) {
		tvars_setf(v, "turn", "Waiting for %s to accept the challenge.",
		           g->black);
	} else {
		game_result_text(g, res, sizeof res);
		tvars_setf(v, "result", "Game over: %s.", res);
	}
	if (c->ratings)
		tvars_setf(v, "ratings", "Ratings: %s.", c->ratings);
}

/* The subject: pbmserv's "Epaminondas Board 101 USERID" naming who must
 * act next, " **" when a comment is relayed. */
static void board_subject(const struct game *g, const char *comment,
                          char *buf, size_t len)
{
	const char *who = g->state == GAME_ACTIVE ? game_to_move(g)
	                : g->state == GAME_CHALLENGED ? g->black
	                : g->state == GAME_CANCELLED ? "cancelled" : "game over";

	snprintf(buf, len, "%s Board %ld %s%s", reply_game_title(g->game),
	         g->board, who, comment && *comment ? " **" : "");
}

enum cmd_status reply_board(struct cmdctx *c, struct txn *t,
                            const struct game *g, const char *headline,
                            const char *comment, const char *who,
                            const char *only_addr)
{
	struct tvars v = { 0 };
	char subject[256], thread[256];
	const char *player[2] = { g->white, g->black };
	char *diagram = render_board(g, 0), *moves = render_moves(g), *text;
	int i;

	board_vars(c, g, &v, headline, comment, who);
	tvars_set(&v, "diagram", diagram);
	tvars_set(&v, "moves", *moves ? moves : "  (none yet)\n");
	if (c->subject)
		snprintf(subject, sizeof subject, "%s", c->subject);
	else
		board_subject(g, comment, subject, sizeof subject);
	snprintf(thread, sizeof thread, "%s.%ld@%s", g->game, g->board,
	         config_domain(c->cfg));
	text = reply_template(c, "board.txt", &v);
	if (only_addr)
		reply_queue(c, t, only_addr, subject, text, NULL, 0, thread);
	for (i = 0; i < 2 && !only_addr; i++) {
		struct user u;
		char *err = NULL;
		int rc = user_load(c->cfg->spool, player[i], &u, &err);
		if (rc != 0) {
			/* The player left; the game goes on for the other. */
			if (err)
				log_msg(LOG_ERR, "%s\n", err);
			free(err);
			continue;
		}
		if (i == 0 || strcmp(player[0], player[1]) != 0)
			reply_queue(c, t, u.address, subject, text, NULL, 0, thread);
		user_free(&u);
	}
	free(text);
	free(diagram);
	free(moves);
	tvars_free(&v);
	return CMD_DONE;
}

enum cmd_status cmd_commit_refusal(struct cmdctx *c)
{
	struct tvars v = { 0 };
	struct txn *t = cmd_txn(c, c->msg_key);
	char subject[512], *quoted, *text;
	const char *orig = c->mail && c->mail->subject ? c->mail->subject : "";
	struct buf all = BUF_INIT;

	buf_printf(&all, "Subject: %s\n\n%s", orig,
	           c->mail && c->mail->body ? c->mail->body : "");
	quoted = util_quote(buf_str(&all));
	tvars_set(&v, "error", buf_str(&c->error));
	tvars_set(&v, "usage", c->usage ? c->usage : "");
	tvars_set(&v, "board", c->error_board ? c->error_board : "");
	tvars_set(&v, "quoted", quoted);
	text = reply_template(c, "error.txt", &v);
	snprintf(subject, sizeof subject, "Re: %s", *orig ? orig : "your command");
	reply_queue(c, t, c->sender, subject, text, NULL, 1, NULL);
	free(text);
	free(quoted);
	buf_free(&all);
	tvars_free(&v);
	return cmd_commit(c, t);
}
