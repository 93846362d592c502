/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * inlog.c - the one key=value log line of each incoming mail (inlog.h).
 * What a mail created is noted by the commands (cmd_note_created,
 * commands/ctx.c).
 */
#include "pipeline/inlog.h"
#include "commands/cmd.h"
#include "mail/source.h"
#include "spool/spool.h"
#include "util/buf.h"
#include "util/log.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define REASON_MAX 161     /* bytes of a refusal's reason logged, + NUL */

static unsigned long lines;  /* in: lines written by this process */

void inlog_client(const char *raw, size_t len, char *out, size_t n)
{
	mail_received_client(raw, len, 0, out, n);
}

/* The first word of the command that may be a secret: a game
 * command's words are GAME VERB BOARD, an account command's VERB USERID
 * (or "change password|address USERID"); after a game's name, a word
 * that is no verb of ours may be anything (a password in the wrong
 * place). */
static int first_secret(const struct intake *in)
{
	if (spool_is_game(in->argv[0]))
		return in->argc > 1 && cmd_game_verb_known(in->argv[1]) ? 3 : 1;
	if (strcasecmp(in->argv[0], "change") == 0)
		return 3;
	return 2;
}

/* How many bytes at p to blot out for the secret word w: all of w, in
 * any case (a refusal may quote a word lowercased), or the first
 * SECRET_PREFIX or more bytes of it (a refusal may quote a long word
 * cut short: "'%.20s' is not a move"); else 0. */
#define SECRET_PREFIX 6
static size_t secret_at(const char *p, const char *w)
{
	size_t l = 0;

	while (w[l] && p[l] && tolower((unsigned char)p[l]) ==
	       tolower((unsigned char)w[l]))
		l++;
	return !w[l] || l >= SECRET_PREFIX ? l : 0;
}

/* reason with every command word that may be a secret (and the reply
 * token) replaced by "*", into b. */
static void scrub(struct buf *b, const char *reason, const struct intake *in,
                  const struct cmdctx *c)
{
	const char *p = reason;
	int i, from = in && in->argc > 0 ? first_secret(in) : 0;

	while (*p) {
		size_t best = 0;
		for (i = from; in && i < in->argc; i++) {
			size_t l = secret_at(p, in->argv[i]);
			if (l > best)
				best = l;
		}
		if (in && in->token[0] && strncmp(p, in->token, strlen(in->token)) == 0)
			best = strlen(in->token);
		if (c->subject_token && c->subject_token[0] &&
		    strncmp(p, c->subject_token, strlen(c->subject_token)) == 0)
			best = strlen(c->subject_token);
		if (best) {
			buf_putc(b, '*');
			p += best;
		} else
			buf_putc(b, *p++);
	}
}

/* The verb, game and board of the command, into the three bufs of n
 * bytes ("" when none). */
static void command_of(const struct intake *in, char *verb, char *game,
                       char *board, size_t n)
{
	verb[0] = game[0] = board[0] = '\0';
	if (!in)
		return;
	if (in->token_board >= 0 && in->token[0]) {
		const char *named = spool_game_named(in->token_game);
		snprintf(game, n, "%s", named ? named : "");
		snprintf(board, n, "%ld", in->token_board);
	}
	if (in->argc == 0) {
		if (in->token[0])
			snprintf(verb, n, "reply");
		return;
	}
	if (spool_is_game(in->argv[0])) {
		/* the game's own name, in the case the spool writes it,
		 * however the sender wrote it */
		snprintf(game, n, "%.15s", spool_game_named(in->argv[0]));
		/* a word we do not know may be anything, a password too */
		snprintf(verb, n, "%.20s", in->argc < 2 ? "" :
		         cmd_game_verb_known(in->argv[1]) ? in->argv[1] : "unknown");
		if (in->argc > 2 && strspn(in->argv[2], "0123456789") ==
		    strlen(in->argv[2]))
			snprintf(board, n, "%.12s", in->argv[2]);
		return;
	}
	if (strcasecmp(in->argv[0], "change") == 0 && in->argc > 1 &&
	    (strcasecmp(in->argv[1], "password") == 0 ||
	     strcasecmp(in->argv[1], "address") == 0))
		snprintf(verb, n, "change-%s", in->argv[1]);
	else if (cmd_known(in->argv[0]) ||
	         (in->argc == 1 && strcmp(in->argv[0], "multiple") == 0))
		snprintf(verb, n, "%.20s", in->argv[0]);
	else
		snprintf(verb, n, "unknown");
	if (in->token[0] && !cmd_known(in->argv[0]))
		snprintf(verb, n, "reply");
}

void inlog_line(const struct cmdctx *c, const struct intake *in,
                const char *client, const char *outcome, const char *reason)
{
	struct buf b = BUF_INIT, why = BUF_INIT;
	char verb[32], game[32], board[32], id[210], mails[16], text[REASON_MAX];
	const char *user = c->s.actor[0] ? c->s.actor : c->attacked[0] ?
	                   c->attacked : c->sender_player;
	const char *w;
	size_t n;

	command_of(in, verb, game, board, sizeof verb);
	snprintf(id, sizeof id, "<%.200s>", c->mail && c->mail->message_id ?
	         c->mail->message_id : "");
	snprintf(mails, sizeof mails, "%d", c->s.queued);
	if (reason)
		/* the caller's fixed English words: nothing to blot */
		buf_puts(&why, reason);
	else if (c->error_key && buf_str(&c->error)[0])
		/* a fixed English word: no secret in it, nothing to blot */
		buf_puts(&why, c->error_key);
	else if (buf_str(&c->error)[0])
		scrub(&why, buf_str(&c->error), in, c);
	/* one line is enough to grep; the reply has the rest.  A cut
	 * falls before a character, never inside one (else log_msg would
	 * write its first bytes as '?'). */
	w = buf_str(&why);
	n = strcspn(w, "\n");
	if (n >= sizeof text)
		for (n = sizeof text - 1;
		     n > 0 && ((const unsigned char *)w)[n] >= 0x80 &&
		     ((const unsigned char *)w)[n] < 0xc0; n--)
			;
	memcpy(text, w, n);
	text[n] = '\0';
	buf_puts(&b, "in:");
	log_kv(&b, "msgid", strcmp(id, "<>") ? id : NULL);
	log_kv(&b, "from", c->sender ? c->sender :
	       c->mail ? c->mail->from_addr : NULL);
	log_kv(&b, "client", client);
	log_kv(&b, "userid", user);
	log_kv(&b, "game", game);
	log_kv(&b, "verb", verb);
	log_kv(&b, "board", board);
	log_kv(&b, "outcome", outcome);
	log_kv(&b, "reason", text);
	log_kv(&b, "mails", mails);
	log_kv(&b, "created", c->created);
	log_msg(strcmp(outcome, "refused") == 0 ? LOG_NOTICE : LOG_INFO, "%s",
	        buf_str(&b));
	lines++;
	buf_free(&b);
	buf_free(&why);
}

void inlog_unread(const char *raw, size_t len, const char *outcome,
                  const char *reason)
{
	struct cmdctx c;
	char client[64] = "";

	memset(&c, 0, sizeof c);
	if (raw)
		inlog_client(raw, len, client, sizeof client);
	inlog_line(&c, NULL, client, outcome, reason);
}

unsigned long inlog_lines(void)
{
	return lines;
}
