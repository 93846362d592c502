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
#include "spool/addrindex.h"
#include "spool/outbox.h"
#include "spool/ratelimit.h"
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

int reply_to_stranger(const struct cmdctx *c, const char *addr)
{
	return c->sender && !c->sender_player[0] && !c->exempt_stranger &&
	       strcasecmp(addr, c->sender) == 0;
}

/* Whether a confirmation request went to addr within confirm_days. */
static int reply_awaits_confirmation(const struct cmdctx *c, const char *addr)
{
	struct addr_entry e;
	char *err = NULL;

	struct user u;
	int waits;

	if (addr_entry_load(c->cfg->spool, addr, &e, &err) < 0) {
		free(err);
		return 0;
	}
	if (!e.request_sent || c->now < e.request_sent ||
	    c->now - e.request_sent >= (time_t)c->cfg->confirm_days * 86400)
		return 0;
	/* Still waiting only while that account holds the request. */
	if (user_load(c->cfg->spool, e.request_for, &u, &err) != 0) {
		free(err);
		return 0;
	}
	waits = user_find_request(&u, addr) >= 0;
	user_free(&u);
	return waits;
}

int reply_stranger_budget(struct cmdctx *c)
{
	return ratelimit_count(c->cfg->spool, "strangers",
	                       c->cfg->stranger_reply_limit, 3600, c->now,
	                       NULL) != 0;
}

size_t reply_cap(const struct cmdctx *c)
{
	size_t cap = c->cfg->max_reply_size ? c->cfg->max_reply_size
	                                    : CONFIG_REPLY_SIZE_DEFAULT;

	return c->reply_cap && c->reply_cap < cap ? c->reply_cap : cap;
}

/* What a reply holds besides the text a command lists: headers, the
 * envelope lines, the template's own words, a note (bytes). */
#define REPLY_HEADROOM 2048

/* What one answer in a "multiple" mail holds besides its list: its
 * subject line and the template's words (bytes). */
#define REPLY_COLLECT_HEADROOM 1024

size_t reply_text_budget(const struct cmdctx *c)
{
	size_t cap = reply_cap(c), budget;

	/* A stranger's reply is smaller (reply_queue). */
	if (c->sender && reply_to_stranger(c, c->sender) &&
	    cap > REPLY_STRANGER_MAX)
		cap = REPLY_STRANGER_MAX;
	/* A sixteenth for the CR a 7bit body adds to each line and some
	 * more; a body that must go out in quoted-printable (non-ASCII
	 * text) may still pass the cap, and reply_queue then cuts it. */
	budget = cap <= 2 * REPLY_HEADROOM ? cap / 4
	       : (cap - REPLY_HEADROOM) / 16 * 15;
	if (c->collect && c->collect_room < budget + REPLY_COLLECT_HEADROOM)
		budget = c->collect_room > REPLY_COLLECT_HEADROOM ?
		         c->collect_room - REPLY_COLLECT_HEADROOM : 0;
	return budget;
}

/* Where to cut text so that at most max bytes of it stay: after the
 * last line end within them when that keeps at least half, else at the
 * last UTF-8 character boundary. */
static size_t cut_point(const char *text, size_t max)
{
	size_t i;

	if (strlen(text) <= max)
		return strlen(text);
	for (i = max; i > max / 2; i--)
		if (text[i - 1] == '\n')
			return i;
	for (i = max; i > 0 && ((unsigned char)text[i] & 0xc0) == 0x80; i--)
		;
	return i;
}

#define REPLY_CUT_NOTE "\n[This mail was cut here: all of it would be " \
	"larger than %zu bytes, the most this server sends in one mail.  " \
	"Ask for less: for example \"epaminondas show USERID next\" instead " \
	"of \"all\", one board with \"epaminondas show BOARD\", or fewer " \
	"lines in a \"multiple\" mail.]\n"

/* m with text[0..keep) (cut_point) and the note, composed.  malloc'ed,
 * or NULL with *err (mail_compose). */
static char *compose_cut(struct mail_out *m, const char *text, size_t keep,
                         const char *note, char **err)
{
	struct buf b = BUF_INIT;
	char *msg;

	buf_append(&b, text, keep);
	buf_puts(&b, note);
	m->text = buf_str(&b);
	msg = mail_compose(m, err);
	m->text = text;
	buf_free(&b);
	return msg;
}

/* How compose_capped made a mail fit. */
enum reply_fit {
	REPLY_WHOLE,    /* as it was */
	REPLY_NO_HTML,  /* without its HTML part */
	REPLY_CUT,      /* without its HTML part, the text cut, the note */
	REPLY_NO_FIT,   /* not even the note alone fits: no mail */
};

/* m composed so that, with env bytes of envelope lines, it takes at most
 * cap bytes: whole; else without its HTML part (m->html set to NULL);
 * else with its text cut at a line and the cut note.  *fit says which.
 * Returns the malloc'ed message; NULL with *fit REPLY_NO_FIT; NULL with
 * a malloc'ed *err (or none, memory lacking even for it) when
 * mail_compose fails. */
static char *compose_capped(struct mail_out *m, size_t cap, size_t env,
                            enum reply_fit *fit, char **err)
{
	const char *text = m->text;
	char note[512], *msg = mail_compose(m, err);
	size_t base, total, keep, over;
	int tries;

	*fit = REPLY_WHOLE;
	if (!msg || env + strlen(msg) <= cap)
		return msg;
	if (m->html) {
		*fit = REPLY_NO_HTML;
		m->html = NULL;
		free(msg);
		if (!(msg = mail_compose(m, err)) || env + strlen(msg) <= cap)
			return msg;
	}
	free(msg);
	snprintf(note, sizeof note, REPLY_CUT_NOTE, cap);
	/* The note alone: no cut can make the mail smaller. */
	if (!(msg = compose_cut(m, text, 0, note, err)))
		return NULL;
	base = env + strlen(msg);
	free(msg);
	if (base > cap) {
		*fit = REPLY_NO_FIT;
		return NULL;
	}
	/* Every byte kept takes at least one byte of the body (7bit adds a
	 * CR per line, quoted-printable more), so the first try keeps at
	 * most the room left; each try after it keeps less by what the one
	 * before was over, and a little more. */
	*fit = REPLY_CUT;
	keep = cut_point(text, cap - base);
	for (tries = 1;; tries++) {
		if (!(msg = compose_cut(m, text, keep, note, err)))
			return NULL;
		total = env + strlen(msg);
		if (total <= cap || keep == 0)
			return msg;
		free(msg);
		over = total - cap;
		over += over / 8 + 16;
		keep = cut_point(text, tries >= 8 || over >= keep ? keep / 2
		                                                   : keep - over);
	}
}

void reply_queue(struct cmdctx *c, struct txn *t, const char *addr,
                 const char *subject, const char *text, const char *html,
                 int auto_replied, const char *thread)
{
	struct mail_out m;
	char msgid[320], base[64], from[512], date[64], name[128];
	const char *in_id = c->mail ? c->mail->message_id : NULL;
	const char *env_from = auto_replied ? "" : c->cfg->from;
	char *msg, *err = NULL;
	size_t cap = reply_cap(c);
	struct timespec ts;
	enum reply_fit fit;
	int n;

	/* "multiple": the sender gets one mail with every answer in it. */
	if (c->collect && c->sender && strcasecmp(addr, c->sender) == 0) {
		buf_printf(c->collect, "Subject: %s\n\n%s\n", subject, text);
		return;
	}
	if (reply_to_stranger(c, addr)) {
		/* Small and text only, within the server's hourly budget; and
		 * nothing at all to an address that waits for its owner to
		 * confirm it: it gets its one request and no more. */
		if (reply_awaits_confirmation(c, addr)) {
			log_msg(LOG_NOTICE, "<%.200s> no reply to %.200s: the address "
			        "has a confirmation request pending\n",
			        in_id ? in_id : "", addr);
			return;
		}
		if (!reply_stranger_budget(c)) {
			log_msg(LOG_NOTICE, "<%.200s> no reply to %.200s: the hourly "
			        "budget of replies to strangers is spent\n",
			        in_id ? in_id : "", addr);
			return;
		}
		html = NULL;
		if (cap > REPLY_STRANGER_MAX)
			cap = REPLY_STRANGER_MAX;
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
	/* From: the configured display name and address; the envelope and
	 * X-Loop carry the bare address (util/conf.h, from). */
	if (!config_from_header(c->cfg, from, sizeof from)) {
		c->queue_failed = 1;
		return;
	}
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
	msg = compose_capped(&m, cap, outbox_envelope_size(env_from, addr),
	                     &fit, &err);
	if (!msg && fit == REPLY_NO_FIT) {
		/* Never the subject: it can hold a token or a password. */
		log_msg(LOG_ERR, "no mail to %s: even cut short it would be "
		        "larger than the reply size limit of %zu bytes\n", addr, cap);
		return;
	}
	if (!msg) {
		log_msg(LOG_ERR, "cannot compose a mail to %s: %s\n", addr,
		        err ? err : "out of memory");
		free(err);
		c->queue_failed = 1;
		return;
	}
	if (fit != REPLY_WHOLE)
		log_msg(LOG_INFO, "mail to %s %s to fit the reply size limit of "
		        "%zu bytes\n", addr, fit == REPLY_CUT ? "cut short"
		        : "without its HTML part", cap);
	/* Names sort in the order mails were queued: real time, not the
	 * (settable) game clock. */
	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(name, sizeof name, "%010lld.%09ld-%.16s-%02d",
	         (long long)ts.tv_sec, ts.tv_nsec, c->digest, n);
	if (outbox_put(t, name, env_from, addr, msg, cap) < 0)
		c->queue_failed = 1;  /* logged; a mail must not go out half */
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

/* Who observes the board (players see who reads along). */
static void observers_var(const struct game *g, struct tvars *v)
{
	struct buf b = BUF_INIT;
	size_t i;

	if (g->no_observers) {
		tvars_set(v, "observers", "Observers: none allowed (-observers=off).");
		return;
	}
	if (!g->nobservers)
		return;
	buf_puts(&b, "Observers: ");
	for (i = 0; i < g->nobservers; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", g->observers[i]);
	buf_puts(&b, ".");
	tvars_setf(v, "observers", "%s", buf_str(&b));
	buf_free(&b);
}

/* What the players can send next, by the state of the game; the example
 * move is legal in the position (never one that cannot be played). */
static void instructions_var(const struct game *g, struct tvars *v)
{
	char example[EP_MOVE_TEXT_MAX];

	if (g->state == GAME_CHALLENGED) {
		struct buf b = BUF_INIT;
		int i;
		for (i = 0; i < 2; i++) {
			const char *who = i == 0 ? g->white : g->black;
			if (g->agreed[i])
				continue;
			buf_printf(&b, "%s%s, to accept the challenge send a mail with "
			           "the subject\n  %s accept %ld %s PASSWORD\nor, to "
			           "decline it,\n  %s decline %ld %s PASSWORD", b.len ?
			           "\n\n" : "", who, g->game, g->board, who, g->game,
			           g->board, who);
		}
		tvars_setf(v, "instructions", "%s", buf_str(&b));
		buf_free(&b);
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

/* From GAME_WARN_PLIES plies on, add to the grace text (buf, len
 * bytes) that the game is drawn at the move cap (RULES.md section 8). */
static void cap_warning(const struct game *g, char *buf, size_t len)
{
	size_t used = strlen(buf);

	if (g->nmoves < GAME_WARN_PLIES || used + 1 >= len)
		return;
	if (g->nmoves >= GAME_MAX_PLIES)  /* played past it before the cap */
		snprintf(buf + used, len - used, "%sWarning: this game is past %d "
		         "plies (the move cap): the next move draws it",
		         used ? ".\n" : "", GAME_MAX_PLIES);
	else
		snprintf(buf + used, len - used, "%sWarning: this game is drawn "
		         "when it reaches %d plies (the move cap); %zu plies are "
		         "left", used ? ".\n" : "", GAME_MAX_PLIES,
		         GAME_MAX_PLIES - g->nmoves);
}

static void board_vars(struct cmdctx *c, const struct game *g,
                       struct tvars *v, const char *headline,
                       const char *comment, const char *who)
{
	char opts[EP_OPTIONS_MAX], grace[512], res[EP_ERR_MAX + 96], set[64];
	const struct ep_position *p = &g->pos;

	ep_options_format(&g->opts, opts, sizeof opts);
	game_settings_format(g, set, sizeof set);
	tvars_set(v, "title", reply_game_title(g->game));
	tvars_setf(v, "board", "%ld", g->board);
	tvars_set(v, "white", g->white);
	tvars_set(v, "black", g->black);
	tvars_setf(v, "options", "%s%s", opts, set);
	tvars_set(v, "headline", headline);
	/* Only words a player proved are relayed as theirs. */
	if (comment && *comment && who && c->auth_userid[0])
		tvars_setf(v, "comment", "\n%s writes:\n%s", who, comment);
	tvars_set(v, "game", g->game);
	tvars_setf(v, "white_pieces", "%d", ep_count_pieces(p, EP_WHITE));
	tvars_setf(v, "black_pieces", "%d", ep_count_pieces(p, EP_BLACK));
	tvars_setf(v, "legend", "%sW white, B black, . empty, # blocked.",
	           g->nmoves ? "Last move in [brackets].  " : "");
	home_rows(g, v);
	vote_var(g, v);
	observers_var(g, v);
	if (!c->subject)  /* a preview: nothing to send about it */
		instructions_var(g, v);
	if (g->state == GAME_ACTIVE) {
		ep_grace_text(p, &g->opts, grace, sizeof grace);
		cap_warning(g, grace, sizeof grace);
		if (grace[0])
			tvars_setf(v, "grace", "%s.", grace);
		tvars_setf(v, "turn", "Move %zu: %s (%s) to move.", g->nmoves + 1,
		           game_to_move(g), p->to_move == EP_WHITE ? "White" : "Black");
		tvars_setf(v, "next_move", "%zu", g->nmoves + 1);
		tvars_setf(v, "to_move", "%s", game_to_move(g));
	} else if (g->state == GAME_CHALLENGED) {
		int both;
		const char *who = game_waits_agreement(g, &both);
		tvars_setf(v, "turn", "Waiting for %s%s%s to accept the challenge.",
		           who ? who : "", both ? " and " : "", both ? g->black : "");
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
	int both = 0;
	const char *who = g->state == GAME_ACTIVE ? game_to_move(g)
	                : g->state == GAME_CHALLENGED ? game_waits_agreement(g, &both)
	                : g->state == GAME_CANCELLED ? "cancelled" : "game over";

	snprintf(buf, len, "%s Board %ld %s%s%s%s%s%s%s", reply_game_title(g->game),
	         g->board, who ? who : "", both ? " " : "", both ? g->black : "",
	         starred ? " **" : "", token ? " [#" : "", token ? token : "",
	         token ? "]" : "");
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
		html = board_html(c, g, v, board_black_down(c, r), r->side,
		                  r->token, subject);
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
			if (have[i] && user_find_address(&u[i], only_addr) >= 0) {
				r.user = &u[i];
				r.side = i;
			}
		st = board_mail(c, t, g, &v, &r, comment, who);
		goto out;
	}
	for (i = 0; i < 2 && st == CMD_DONE; i++) {
		struct board_rcpt r;
		size_t a;
		/* The player left; the game goes on for the other. */
		if (!have[i] || !user_confirmed(&u[i]) ||
		    (i == 1 && strcmp(player[0], player[1]) == 0))
			continue;
		r.user = &u[i];
		r.side = i;
		r.token = c->have_tokens && c->tokens[i][0] ? c->tokens[i] : NULL;
		r.away = have[!i] && user_on_vacation(&u[!i], c->now) ? &u[!i] : NULL;
		for (a = 0; a < u[i].naddr && st == CMD_DONE; a++) {
			r.addr = u[i].addr[a].addr;
			st = board_mail(c, t, g, &v, &r, comment, who);
		}
	}
	/* Observers: every board mail, never a token; confirmed players
	 * only, at most max_observers of them. */
	for (k = 0; k < g->nobservers && !g->no_observers && st == CMD_DONE &&
	     k < (size_t)c->cfg->max_observers; k++) {
		struct user o;
		char *err = NULL;
		struct board_rcpt r = { NULL, NULL, -1, NULL, NULL };
		int rc = user_load(c->cfg->spool, g->observers[k], &o, &err);
		if (rc < 0)
			log_msg(LOG_ERR, "%s\n", err);
		free(err);
		if (rc != 0)
			continue;
		if (user_confirmed(&o)) {
			r.addr = user_address(&o);
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
	int stranger;

	/* In a "multiple" answer the mail is not quoted once per line.  A
	 * mail is quoted back only when it proved its player: an error reply
	 * must not carry someone else's text to an address, not even a
	 * player's that a forger wrote in From.  A stranger (who may be a
	 * forged sender) gets no board either, the error cut short and a
	 * subject that does not echo theirs. */
	stranger = reply_to_stranger(c, c->sender ? c->sender : "");
	quoted = c->collect || !c->auth_userid[0] ? xstrdup("")
	                                          : refusal_quote(c, orig);
	usage = indent_usage(c->usage ? c->usage : "");
	if (stranger && c->error.len > REPLY_STRANGER_ERROR) {
		size_t cut = REPLY_STRANGER_ERROR;
		while (cut > 0 && ((unsigned char)c->error.data[cut] & 0xc0) == 0x80)
			cut--;
		c->error.len = cut;
		c->error.data[cut] = '\0';
		buf_puts(&c->error, "...");
	}
	tvars_set(&v, "error", buf_str(&c->error));
	tvars_set(&v, "usage", usage);
	tvars_set(&v, "board", c->error_board && !stranger ? c->error_board : "");
	tvars_set(&v, "quoted", quoted);
	text = reply_template(c, "error.txt", &v);
	free(quoted);
	free(usage);
	tvars_free(&v);
	if (!text)
		return CMD_TEMPFAIL;
	/* One "Re: ", whatever prefixes the mail had; its tokens stay out. */
	snprintf(subject, sizeof subject, "Re: %.400s", *bare && !stranger ? bare
	         : "your mail to epamserv");
	intake_cut_token(subject);
	t = cmd_txn(c, c->msg_key);
	reply_queue(c, t, c->sender, subject, text, NULL, 1, NULL);
	free(text);
	return cmd_commit(c, t);
}
