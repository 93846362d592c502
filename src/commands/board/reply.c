/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * reply.c - what the mail in hand adds to every mail the services queue
 * (the hooks of svc.h: "multiple", the stranger gate and masking,
 * threading) and the board token of an error reply.  The refusal of a
 * mail: pipeline/refusal.c; the board mail: services/boardmail.c; the
 * composing, the cap and the outbox: services/outmail.c.
 *
 * Every mail of one board keeps one subject (reply_board_subject) and
 * carries References: <GAME.BOARD@DOMAIN>, so mail clients thread a game
 * as one conversation (issue 30).  Only an answer to the sender refers
 * to his mail (In-Reply-To, References: its Message-ID, after the mail of
 * ours he answered); nothing of the incoming header reaches anyone else
 * (issue 29: a Message-ID can name its writer's host).
 */
#include "util/log.h"
#include "commands/cmd.h"
#include "commands/accounts/leave.h"
#include "services/robot.h"
#include "commands/stranger.h"
#include "game/clock.h"
#include "game/ratings.h"
#include "game/render.h"
#include "spool/addrindex.h"
#include "spool/outbox.h"
#include "spool/secret.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"
#include "services/weblink.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* The reply and forward prefixes mail clients write, lower case: re
 * (most), aw and wg (German: Antwort, Weitergeleitet), antw (Dutch,
 * older German Outlook), fwd and fw, sv (Swedish, Norwegian, Danish:
 * svar), vs (Finnish: vastaus), vb (Swedish: vidarebefordrat), tr
 * (French: transfert), rv (Spanish: reenviado), res and enc
 * (Portuguese: resposta, encaminhado), odp (Polish: odpowiedz).  Each
 * counts only followed by its colon, so no command word (none has a
 * colon) is ever taken for one. */
static const char *const reply_prefixes[] = {
	"re", "aw", "wg", "antw", "fwd", "fw", "sv", "vs", "vb", "tr", "rv",
	"res", "enc", "odp", NULL
};

/* The length of the prefix at p with its colon ("AW:", "Re[2]:", "RE
 * :"), or 0 when p starts with none. */
static size_t prefix_at(const char *p)
{
	size_t k, n;
	int i;

	for (i = 0; reply_prefixes[i]; i++) {
		k = strlen(reply_prefixes[i]);
		if (strncasecmp(p, reply_prefixes[i], k))
			continue;
		/* A count some clients add ("Re[2]:", "AW(3):", "Re^2:"). */
		if (p[k] == '[' || p[k] == '(' || p[k] == '^') {
			char close = p[k] == '[' ? ']' : p[k] == '(' ? ')' : 0;
			n = strspn(p + k + 1, "0123456789");
			if (n == 0 || n > 3 || (close && p[k + 1 + n] != close))
				continue;
			k += 1 + n + (close != 0);
		}
		/* French typography puts a blank before the colon ("RE : "). */
		if (p[k] == ' ' && p[k + 1] == ':')
			k++;
		if (p[k] == ':')
			return k + 1;
	}
	return 0;
}

const char *reply_strip_prefixes(const char *subject)
{
	const char *p = subject;
	size_t k;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if ((k = prefix_at(p)) == 0)
			return p;
		p += k;
	}
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

	if (addr_entry_load(c->s.cfg->spool, addr, &e, &err) < 0) {
		free(err);
		return 0;
	}
	if (!e.request_sent || c->s.now < e.request_sent ||
	    c->s.now - e.request_sent >= (time_t)c->s.cfg->confirm_days * 86400)
		return 0;
	/* Still waiting only while that account holds the request. */
	if (user_load(c->s.cfg->spool, e.request_for, &u, &err) != 0) {
		free(err);
		return 0;
	}
	waits = user_find_request(&u, addr) >= 0;
	user_free(&u);
	return waits;
}

int reply_stranger_budget(struct cmdctx *c)
{
	return stranger_budget_take(c, STRANGER_REPLIES);
}

/* What a reply holds besides the text a command lists: headers, the
 * envelope lines, the template's own words, a note (bytes). */
#define REPLY_HEADROOM 2048

/* What one answer in a "multiple" mail holds besides its list: its
 * subject line and the template's words (bytes). */
#define REPLY_COLLECT_HEADROOM 1024

size_t reply_text_budget(const struct cmdctx *c)
{
	size_t cap = reply_cap(&c->s), budget;

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

/* The first of the mail layer's hooks (reply_mail_hooks): what the mail
 * in hand c does to the mail m, in this order.  1 when m is not to be
 * composed. */
static int mail_admit(void *arg, struct svc_mail *m)
{
	struct cmdctx *c = arg;
	const char *in_id = c->mail ? c->mail->message_id : NULL;
	const char *addr = m->addr;

	/* A notice (notice_send) goes as it is. */
	if (c->s.notice)
		return 0;
	/* "multiple": the sender gets one mail with every answer in it; a
	 * file goes inline, after the answer's text. */
	if (c->collect && c->sender && strcasecmp(addr, c->sender) == 0) {
		if (m->att)
			buf_printf(c->collect, "Subject: %s\n\n%s\n\n--- %s ---\n%s\n",
			           m->subject, m->text, m->att->name, m->att->data);
		else
			buf_printf(c->collect, "Subject: %s\n\n%s\n", m->subject,
			           m->text);
		return 1;
	}
	if (reply_to_stranger(c, addr)) {
		/* Small and text only, within the server's hourly budget; and
		 * nothing at all to an address that waits for its owner to
		 * confirm it: it gets its one request and no more. */
		if (reply_awaits_confirmation(c, addr)) {
			log_msg(LOG_NOTICE, "<%.200s> no reply to %.200s: the address "
			        "has a confirmation request pending\n",
			        in_id ? in_id : "", addr);
			return 1;
		}
		if (!reply_stranger_budget(c)) {
			log_msg(LOG_NOTICE, "<%.200s> no reply to %.200s: the hourly "
			        "budget of replies to strangers (of its source, or of "
			        "the server) is spent\n", in_id ? in_id : "", addr);
			return 1;
		}
		m->html = NULL;
		if (m->cap > REPLY_STRANGER_MAX)
			m->cap = REPLY_STRANGER_MAX;
	}
	/* A mail that proved no player: none of its words that could carry
	 * a link goes to anyone (stranger.h). */
	if (stranger_masks(c)) {
		m->own[0] = stranger_mask(c, m->subject);
		m->own[1] = stranger_mask(c, m->text);
		if (!m->own[0] || !m->own[1]) {
			log_msg(LOG_NOTICE, "<%.200s> no reply to %.200s: the mail has "
			        "more words than are checked\n", in_id ? in_id : "",
			        addr);
			return 1;
		}
		m->subject = m->own[0];
		m->text = m->own[1];
		if (m->html && stranger_words_in(c, m->html) != 0)
			m->html = NULL;
	}
	return 0;
}

/* The mail of ours that the mail in hand answers (its In-Reply-To),
 * when we sent it to addr (its tag says so: secret.h), into buf (len
 * bytes), or "". */
static void answered_id(const struct cmdctx *c, const char *addr,
                        char *buf, size_t len)
{
	const char *v = c->mail ? c->mail->in_reply_to : NULL;
	const char *p = v ? strchr(v, '<') : NULL, *end;
	struct threadid tid;

	buf[0] = '\0';
	if (!p || !(end = strchr(p, '>')) || (size_t)(end - p) >= len ||
	    !threadid_parse(p + 1, (size_t)(end - p - 1), &tid))
		return;
	memcpy(buf, p + 1, (size_t)(end - p - 1));
	buf[end - p - 1] = '\0';
	if (!secret_message_id_ok(c->s.cfg->spool, buf, addr))
		buf[0] = '\0';
}

/* A mail about a board to the sender of the mail in hand (in_id) is an
 * answer to it: In-Reply-To his mail; References the board's root
 * (thread), the mail of ours he answered, his mail (refs: len bytes of
 * room for them).  To anyone else m keeps the root alone. */
static void thread_answer(const struct cmdctx *c, const char *addr,
                          const char *thread, const char *in_id,
                          struct mail_out *m, char *refs, size_t len)
{
	char prev[320];
	int n;

	if (!c->sender || strcasecmp(addr, c->sender) != 0)
		return;
	answered_id(c, addr, prev, sizeof prev);
	n = snprintf(refs, len, "%s%s%s %s", thread, prev[0] ? " " : "", prev,
	             in_id);
	if (n < 0 || (size_t)n >= len)
		return;
	m->in_reply_to = in_id;
	m->references = refs;
}

/* The second of the mail layer's hooks (reply_mail_hooks): the
 * incoming mail's Message-ID names the host its writer's program chose
 * (often his own): it goes back to him alone.  A mail to anyone else (a
 * relayed message, a table, a notice) refers to a thread of ours or to
 * nothing; no header of his mail is copied. */
static void mail_thread(void *arg, const char *addr, const char *thread,
                        int about, struct mail_out *m, char *refs, size_t len)
{
	const struct cmdctx *c = arg;
	const char *in_id = c->mail ? c->mail->message_id : NULL;

	if (!thread && !(c->sender && strcasecmp(addr, c->sender) == 0))
		in_id = NULL;
	m->in_reply_to = thread ? thread : in_id;
	m->references = thread ? thread : in_id;
	if (about && thread && in_id)
		thread_answer(c, addr, thread, in_id, m, refs, len);
}

/* The third of the mail layer's hooks (reply_mail_hooks): a mail to the
 * sender of the mail in hand (c->sender, where every reply to it goes)
 * answers it. */
static int mail_answers(void *arg, const char *addr)
{
	const struct cmdctx *c = arg;

	return c->sender && strcasecmp(addr, c->sender) == 0;
}

const struct svc_hooks reply_mail_hooks = { mail_admit, mail_thread,
                                            mail_answers };

void reply_error_token(struct cmdctx *c, const struct game *g)
{
	struct user u;
	char *err = NULL;

	c->error_token[0] = '\0';
	if (!c->s.actor[0] || (strcmp(c->s.actor, g->white) != 0 &&
	                           strcmp(c->s.actor, g->black) != 0))
		return;
	if (user_load(c->s.cfg->spool, c->s.actor, &u, &err) != 0) {
		free(err);
		return;
	}
	if (tokens_of(&c->s, g, &u, c->error_token) == 0) {
		snprintf(c->error_token_game, sizeof c->error_token_game, "%s",
		         g->game);
		c->error_token_board = g->board;
		reply_board_subject(g, c->error_token_subject,
		                    sizeof c->error_token_subject);
	}
	user_free(&u);
}
