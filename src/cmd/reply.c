/*
 * reply.c - the mails a command sends: composed from templates, queued in
 * the command's transaction (never sent from here; see spool/outbox.c).
 *
 * Outgoing Message-IDs are made from the digest of the incoming mail, a
 * counter and a tag binding the recipient (spool/secret.h), so processing
 * the same mail again yields the same Message-IDs.
 * Every mail of one board carries References: <GAME.BOARD@DOMAIN>, so mail
 * clients thread a game together.
 */
#include "util/log.h"
#include "cmd/cmd.h"
#include "cmd/intake.h"
#include "game/render.h"
#include "spool/outbox.h"
#include "spool/secret.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

	if (text)
		return text;
	/* A mail saying a template is missing helps nobody: the operator is
	 * told here, and the mail is retried once the template is back. */
	log_msg(LOG_ERR, "%s (the mail will be retried)\n", err);
	free(err);
	return NULL;
}

const char *reply_strip_prefixes(const char *subject)
{
	static const char *const prefixes[] = { "re", "aw", "fwd", "fw", "sv",
	                                        "wg", "tr", NULL };
	const char *p = subject;
	int i, again = 1;

	while (again) {
		again = 0;
		while (*p == ' ' || *p == '\t')
			p++;
		for (i = 0; prefixes[i]; i++) {
			size_t k = strlen(prefixes[i]);
			if (strncasecmp(p, prefixes[i], k) == 0 && p[k] == ':') {
				p += k + 1;
				again = 1;
				break;
			}
		}
	}
	return p;
}

void reply_queue(struct cmdctx *c, struct txn *t, const char *addr,
                 const char *subject, const char *text, const char *html,
                 int auto_replied, const char *thread)
{
	struct mail_out m;
	char msgid[320], base[64], from[512], date[64], name[128];
	const char *in_id = c->mail ? c->mail->message_id : NULL;
	char *msg, *err = NULL;
	struct timespec ts;
	int n;

	/* "multiple": the sender gets one mail with every answer in it. */
	if (c->collect && c->sender && strcasecmp(addr, c->sender) == 0) {
		buf_printf(c->collect, "Subject: %s\n\n%s\n", subject, text);
		return;
	}
	n = c->nout++;

	/* The tag in the Message-ID binds it to addr: delivery reports are
	 * believed only for the address the mail went to (spool/secret.h). */
	snprintf(base, sizeof base, "epamserv.%.16s.%d", c->digest, n);
	if (secret_message_id(c->cfg->spool, base, addr, config_domain(c->cfg),
	                      msgid, sizeof msgid) < 0) {
		c->queue_failed = 1;
		return;
	}
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
		c->queue_failed = 1;
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

/* What the players can send next, by the state of the game; the example
 * move is legal in the position (never one that cannot be played). */
static void instructions_var(const struct game *g, struct tvars *v)
{
	char example[EP_MOVE_TEXT_MAX];

	if (g->state == GAME_CHALLENGED) {
		tvars_setf(v, "instructions", "%s, to accept the challenge send a "
		           "mail with the subject\n  %s accept %ld %s PASSWORD\n"
		           "or, to decline it,\n  %s decline %ld %s PASSWORD",
		           g->black, g->game, g->board, g->black, g->game, g->board,
		           g->black);
		return;
	}
	if (g->state != GAME_ACTIVE)
		return;
	game_example_move(g, example);
	tvars_setf(v, "instructions", "To move, send a mail with the "
	           "subject\n  %s move %ld USERID PASSWORD TAIL-DESTINATION"
	           "#%zu\nfor example \"%s move %ld %s PASSWORD %s#%zu\".\n"
	           "Instead of a move: resign, propose (a draw), undo.",
	           g->game, g->board, g->nmoves + 1, g->game, g->board,
	           game_to_move(g), example, g->nmoves + 1);
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
	tvars_setf(v, "legend", "%sW white, B black, . empty, # blocked.",
	           g->nmoves ? "Last move in [brackets].  " : "");
	home_rows(g, v);
	vote_var(g, v);
	if (!c->subject)  /* a preview: nothing to send about it */
		instructions_var(g, v);
	if (g->state == GAME_ACTIVE) {
		ep_grace_text(p, &g->opts, grace, sizeof grace);
		if (grace[0])
			tvars_setf(v, "grace", "%s.", grace);
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
 * act next; " **" when a comment from someone else is relayed to this
 * recipient; the recipient's reply token "[#TOKEN]" last, when given. */
static void board_subject(const struct game *g, int starred,
                          const char *token, char *buf, size_t len)
{
	const char *who = g->state == GAME_ACTIVE ? game_to_move(g)
	                : g->state == GAME_CHALLENGED ? g->black
	                : g->state == GAME_CANCELLED ? "cancelled" : "game over";

	snprintf(buf, len, "%s Board %ld %s%s%s%s%s", reply_game_title(g->game),
	         g->board, who, starred ? " **" : "", token ? " [#" : "",
	         token ? token : "", token ? "]" : "");
}

/* One recipient of a board mail. */
struct board_rcpt {
	const char *addr;
	const struct user *user;  /* a player's or observer's account, or NULL */
	int side;                 /* EP_WHITE, EP_BLACK, or -1: not a player */
	const char *token;        /* plain reply token for this mail, or NULL */
	const struct user *away;  /* the opponent, when on vacation, or NULL */
};

/* Whether this recipient sees the board with Black's home row down. */
static int board_black_down(const struct cmdctx *c, const struct board_rcpt *r)
{
	if (c->orient)
		return c->orient == 2;
	if (!r->user)
		return 0;
	if (r->user->orientation == USER_ORIENT_BLACK)
		return 1;
	return r->user->orientation == USER_ORIENT_OWN && r->side == EP_BLACK;
}

/* text escaped for HTML (malloc'ed); with para, newlines become <br>
 * and the whole is a paragraph. */
static char *html_escape(const char *text, int para)
{
	struct buf b = BUF_INIT;
	const char *p;

	if (para)
		buf_puts(&b, "<p style=\"margin:0 0 10px 0\">");
	for (p = text; *p; p++) {
		switch (*p) {
		case '<': buf_puts(&b, "&lt;"); break;
		case '>': buf_puts(&b, "&gt;"); break;
		case '&': buf_puts(&b, "&amp;"); break;
		case '"': buf_puts(&b, "&quot;"); break;
		case '\n':
			buf_puts(&b, para ? "<br>\n" : "\n");
			break;
		default:
			buf_append(&b, p, 1);
		}
	}
	if (para)
		buf_puts(&b, "</p>");
	return buf_take(&b);
}

/* The HTML board mail from the text mail's variables v: every value
 * escaped (the comment and headline are user text), optional blocks as
 * paragraphs, the board as a table.  NULL when the template cannot be
 * read (logged). */
static char *board_html(struct cmdctx *c, const struct game *g,
                        const struct tvars *v, int black_down)
{
	static const char *const inline_vars[] = {
		"title", "board", "white", "black", "options", "white_pieces",
		"black_pieces", "game", "next_move", "to_move", "moves", NULL
	};
	struct tvars h = { 0 };
	char *table = render_board_html(g, black_down), *html;
	int i, k;

	for (i = 0; i < v->n; i++) {
		const char *val = v->v[i].value ? v->v[i].value : "";
		char *e;
		if (strcmp(v->v[i].name, "diagram") == 0)
			continue;
		for (k = 0; inline_vars[k] && strcmp(inline_vars[k], v->v[i].name); k++)
			;
		if (!*val) {
			tvars_set(&h, v->v[i].name, "");
			continue;
		}
		e = html_escape(val, !inline_vars[k]);
		tvars_setf(&h, v->v[i].name, "%s", e);
		free(e);
	}
	tvars_set(&h, "diagram", table);
	html = reply_template(c, "board.html", &h);
	tvars_free(&h);
	free(table);
	return html;
}

/* Render and queue the board mail for one recipient.  CMD_DONE, or
 * CMD_TEMPFAIL when a template cannot be read. */
static enum cmd_status board_mail(struct cmdctx *c, struct txn *t,
                                  const struct game *g, struct tvars *v,
                                  const struct board_rcpt *r,
                                  const char *comment, const char *who)
{
	char subject[320], thread[256];
	char *diagram = render_board(g, board_black_down(c, r)), *text, *html = NULL;
	int starred = comment && *comment &&
	              !(who && r->user && strcmp(who, r->user->userid) == 0);
	enum cmd_status st = CMD_DONE;

	tvars_set(v, "diagram", diagram);
	if (r->away)
		tvars_setf(v, "vacation", "%s is on vacation until %s (inclusive).",
		           r->away->userid, r->away->vacation);
	else
		tvars_set(v, "vacation", "");
	if (r->token && r->side == (int)g->pos.to_move && g->state == GAME_ACTIVE)
		tvars_set(v, "reply_hint", "Or simply reply to this mail with your "
		          "move (or propose, undo, accept, reject, resign) alone on "
		          "the first line: no userid or password needed.");
	else
		tvars_set(v, "reply_hint", "");
	if (c->subject)
		snprintf(subject, sizeof subject, "%s", c->subject);
	else
		board_subject(g, starred, r->token, subject, sizeof subject);
	snprintf(thread, sizeof thread, "%s.%ld@%s", g->game, g->board,
	         config_domain(c->cfg));
	text = reply_template(c, "board.txt", v);
	if (!text) {
		st = CMD_TEMPFAIL;
		goto out;
	}
	/* The HTML alternative unless the recipient turned it off. */
	if (!r->user || r->user->html) {
		html = board_html(c, g, v, board_black_down(c, r));
		if (!html) {
			st = CMD_TEMPFAIL;
			goto out;
		}
	}
	reply_queue(c, t, r->addr, subject, text, html, 0, thread);
out:
	free(html);
	free(text);
	free(diagram);
	return st;
}

enum cmd_status reply_board(struct cmdctx *c, struct txn *t,
                            const struct game *g, const char *headline,
                            const char *comment, const char *who,
                            const char *only_addr)
{
	struct tvars v = { 0 };
	struct user u[2];
	int have[2] = { 0, 0 }, i;
	const char *player[2] = { g->white, g->black };
	char *moves = render_moves(g);
	enum cmd_status st = CMD_DONE;
	size_t k;

	board_vars(c, g, &v, headline, comment, who);
	if (*moves)
		tvars_setf(&v, "moves", "Moves:\n%s", moves);
	for (i = 0; i < 2; i++) {
		char *err = NULL;
		int rc = user_load(c->cfg->spool, player[i], &u[i], &err);
		if (rc < 0)
			log_msg(LOG_ERR, "%s\n", err);
		free(err);
		have[i] = rc == 0;
	}
	if (only_addr) {
		struct board_rcpt r = { only_addr, NULL, -1, NULL, NULL };
		for (i = 0; i < 2; i++)
			if (have[i] && strcasecmp(u[i].address, only_addr) == 0) {
				r.user = &u[i];
				r.side = i;
			}
		st = board_mail(c, t, g, &v, &r, comment, who);
		goto out;
	}
	for (i = 0; i < 2 && st == CMD_DONE; i++) {
		struct board_rcpt r;
		/* The player left; the game goes on for the other. */
		if (!have[i] || u[i].left || (i == 1 && strcmp(player[0], player[1]) == 0))
			continue;
		r.addr = u[i].address;
		r.user = &u[i];
		r.side = i;
		r.token = c->have_tokens && c->tokens[i][0] ? c->tokens[i] : NULL;
		r.away = have[!i] && user_on_vacation(&u[!i], c->now) ? &u[!i] : NULL;
		st = board_mail(c, t, g, &v, &r, comment, who);
	}
	/* Observers: every board mail, never a token. */
	for (k = 0; k < g->nobservers && st == CMD_DONE; k++) {
		struct user o;
		char *err = NULL;
		struct board_rcpt r = { NULL, NULL, -1, NULL, NULL };
		int rc = user_load(c->cfg->spool, g->observers[k], &o, &err);
		if (rc < 0)
			log_msg(LOG_ERR, "%s\n", err);
		free(err);
		if (rc != 0)
			continue;
		if (!o.left) {
			r.addr = o.address;
			r.user = &o;
			st = board_mail(c, t, g, &v, &r, comment, who);
		}
		user_free(&o);
	}
out:
	for (i = 0; i < 2; i++)
		if (have[i])
			user_free(&u[i]);
	free(moves);
	tvars_free(&v);
	return st;
}

/* At most this much of a refused mail is quoted back: an error reply must
 * not be a way to make the server send big mails to someone else. */
#define QUOTE_MAX_BYTES 4096
#define QUOTE_MAX_LINES 60

/* The original mail, cut to the limits above, quoted with "> ". */
static char *refusal_quote(const struct cmdctx *c, const char *orig)
{
	struct buf all = BUF_INIT;
	const char *p;
	char *quoted;
	size_t cut = 0;
	int lines = 0;

	buf_printf(&all, "Subject: %s\n\n%s", orig,
	           c->mail && c->mail->body ? c->mail->body : "");
	for (p = buf_str(&all); *p && lines < QUOTE_MAX_LINES; p++) {
		if ((size_t)(p - all.data) >= QUOTE_MAX_BYTES)
			break;
		if (*p == '\n')
			lines++;
	}
	if (*p) {
		/* Cut after the last whole line, else at a UTF-8 boundary. */
		const char *nl = NULL, *q;
		cut = (size_t)(p - all.data);
		for (q = all.data; q < p; q++)
			if (*q == '\n')
				nl = q;
		if (nl && (size_t)(nl - all.data) > cut / 2)
			cut = (size_t)(nl - all.data) + 1;
		while (cut > 0 && ((unsigned char)all.data[cut] & 0xc0) == 0x80)
			cut--;
		all.data[cut] = '\0';
		all.len = cut;
	}
	quoted = util_quote(buf_str(&all));
	buf_free(&all);
	if (!cut)
		return quoted;
	buf_puts(&all, quoted);
	buf_puts(&all, "[... rest of your mail cut]\n");
	free(quoted);
	return buf_take(&all);
}

/* Every line of a usage text indented by two spaces. */
static char *indent_usage(const char *usage)
{
	struct buf b = BUF_INIT;
	const char *p = usage;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (len)
			buf_puts(&b, "  ");
		buf_append(&b, p, len);
		p += len + (nl ? 1 : 0);
		if (*p)
			buf_puts(&b, "\n");
	}
	return buf_take(&b);
}

enum cmd_status cmd_commit_refusal(struct cmdctx *c)
{
	struct tvars v = { 0 };
	struct txn *t;
	char subject[512], *quoted, *text, *usage;
	const char *orig = c->mail && c->mail->subject ? c->mail->subject : "";
	const char *bare = reply_strip_prefixes(orig);

	/* In a "multiple" answer the mail is not quoted once per line. */
	quoted = c->collect ? xstrdup("") : refusal_quote(c, orig);
	usage = indent_usage(c->usage ? c->usage : "");
	tvars_set(&v, "error", buf_str(&c->error));
	tvars_set(&v, "usage", usage);
	tvars_set(&v, "board", c->error_board ? c->error_board : "");
	tvars_set(&v, "quoted", quoted);
	text = reply_template(c, "error.txt", &v);
	free(quoted);
	free(usage);
	tvars_free(&v);
	if (!text)
		return CMD_TEMPFAIL;
	/* One "Re: ", whatever prefixes the mail had; its tokens stay out. */
	snprintf(subject, sizeof subject, "Re: %.400s", *bare ? bare : "your command");
	intake_cut_token(subject);
	t = cmd_txn(c, c->msg_key);
	reply_queue(c, t, c->sender, subject, text, NULL, 1, NULL);
	free(text);
	return cmd_commit(c, t);
}
