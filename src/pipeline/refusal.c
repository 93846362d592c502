/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * refusal.c - the error reply to a mail whose command was refused
 * (refusal.h): the refused mail quoted back within limits, the
 * command's usage, the subject that carries no token of the mail's and,
 * to a proved player, his account token.  From commands/board/reply.c
 * (issue 31): only the pipeline commits a refusal.
 */
#include "commands/cmd.h"
#include "commands/auth_words.h"
#include "pipeline/intake.h"
#include "commands/stranger.h"
#include "pipeline/refusal.h"
#include "services/acctoken.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* At most this much of a refused mail is quoted back: an error reply must
 * not be a way to make the server send big mails to someone else. */
#define QUOTE_MAX_BYTES 4096
#define QUOTE_MAX_LINES 60

/* text's lines onto b, each line that is a command written out with its
 * password words masked (auth_mask_line): an error reply repeats no
 * password, in its subject (issue 30) nor in the mail it quotes. */
static void put_masked(struct buf *b, const char *text)
{
	char line[1024];

	while (*text) {
		size_t len = strcspn(text, "\n");
		if (len < sizeof line - 16) {
			memcpy(line, text, len);
			line[len] = '\0';
			auth_mask_line(line, sizeof line);
			buf_puts(b, line);
		} else
			buf_append(b, text, len);  /* no command is that long */
		text += len;
		if (*text == '\n')
			buf_putc(b, *text++);
	}
}

/* The original mail, cut to the limits above, quoted with "> ", its
 * password words masked. */
static char *refusal_quote(const struct cmdctx *c, const char *orig)
{
	struct buf all = BUF_INIT;
	const char *p;
	char *quoted, *wrapped;
	size_t cut = 0;
	int lines = 0, more = 0;

	buf_puts(&all, "Subject: ");
	put_masked(&all, orig);
	buf_puts(&all, "\n\n");
	put_masked(&all, c->mail && c->mail->body ? c->mail->body : "");
	/* Wrapped so that with its "> " each line fits 72 columns, before
	 * the limits count lines and bytes; wrapping only adds bytes, so
	 * only the first QUOTE_MAX_BYTES need it. */
	if (all.len > QUOTE_MAX_BYTES) {
		size_t k = QUOTE_MAX_BYTES;
		while (k > 0 && ((unsigned char)all.data[k] & 0xc0) == 0x80)
			k--;
		all.data[k] = '\0';
		all.len = k;
		more = 1;
	}
	wrapped = reply_wrap(buf_str(&all), REPLY_WRAP_COLUMNS - 2);
	buf_reset(&all);
	buf_puts(&all, wrapped);
	free(wrapped);
	for (p = buf_str(&all); *p && lines < QUOTE_MAX_LINES; p++) {
		if ((size_t)(p - all.data) >= QUOTE_MAX_BYTES)
			break;
		if (*p == '\n')
			lines++;
	}
	if (*p || more) {
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
	buf_puts(&all, _("[... rest of your mail cut]\n"));
	free(quoted);
	return buf_take(&all);
}

/* The subject of an error reply to a mail that proved its player (by
 * a token, else by a password: issue 30), when it carries no board's
 * token: "Re: epamserv: your mail was refused - USERID [#TOKEN]" with
 * the player's account token (acctoken.h), so that a reply to it is
 * proved again; subject as it was when the reply does not go to an
 * address of the player's. */
static void error_acctoken_subject(struct cmdctx *c, char *subject,
                                   size_t len)
{
	struct user u;
	char *err = NULL, with[512];
	const char *who = c->token_userid[0] ? c->token_userid : c->s.actor;

	if (user_load(c->s.cfg->spool, who, &u, &err) != 0) {
		free(err);
		return;
	}
	acctoken_subject(&c->s, &u, c->sender, "Re: epamserv: your mail was refused",
	                 with, sizeof with);
	if (strchr(with, '['))
		snprintf(subject, len, "%s", with);
	explicit_bzero(with, sizeof with);
	user_free(&u);
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
	char subject[512], *quoted, *text, *usage, *masked;
	const char *orig = c->mail && c->mail->subject ? c->mail->subject : "";
	const char *bare = reply_strip_prefixes(orig);
	int stranger;

	/* In a "multiple" answer the mail is not quoted once per line.  A
	 * mail is quoted back only when it proved its player: an error reply
	 * must not carry someone else's text to an address, not even a
	 * player's that a forger wrote in From (the reply says why it is not
	 * quoted).  A stranger (who may be a forged sender) gets no board
	 * either, the error cut short and a subject that does not echo
	 * theirs. */
	stranger = reply_to_stranger(c, c->sender ? c->sender : "");
	quoted = c->collect ? xstrdup("") :
	         !c->s.actor[0] || stranger_masks(c) ?
	         xstrdup(_("(not quoted back: only a mail with your password "
	                 "or reply token is)\n")) : refusal_quote(c, orig);
	usage = indent_usage(c->usage ? c->usage : "");
	/* The mail's words masked before the cut, which could leave one too
	 * short to be found (stranger.h; reply_queue masks the rest). */
	if (stranger_masks(c) &&
	    (masked = stranger_mask(c, buf_str(&c->error))) != NULL) {
		buf_reset(&c->error);
		buf_puts(&c->error, masked);
		free(masked);
	}
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
	text = reply_template(&c->s, "error.txt", &v);
	free(quoted);
	free(usage);
	tvars_free(&v);
	if (!text)
		return CMD_TEMPFAIL;
	/* One "Re: ", whatever prefixes the mail had; its tokens and
	 * passwords stay out. */
	if (*bare && !stranger) {
		snprintf(subject, sizeof subject, "%.400s", bare);
		auth_mask_line(subject, sizeof subject - 4);
	} else
		/* TRANSLATORS: the subject of the answer to a stranger's
		 * refused mail, after "Re: " (his own subject is not
		 * repeated to him). */
		snprintf(subject, sizeof subject, "%.400s",
		         _("your mail to epamserv"));
	memmove(subject + 4, subject, strlen(subject) + 1);
	memcpy(subject, "Re: ", 4);
	intake_cut_token(subject);
	t = svc_txn(&c->s, c->s.msg_key);
	if (c->error_token[0] && !stranger && !c->collect) {
		/* The board's one subject, the token in our Message-ID
		 * (threadid.h): a reply to it answers that board. */
		struct reply_about a = { MAIL_KIND_ERROR, c->error_token_game,
		                         c->error_token_board, c->error_token };
		reply_queue_about(&c->s, t, c->sender, &a, c->error_token_subject[0] ?
		                  c->error_token_subject : subject, text, NULL, 1);
	} else {
		if ((c->token_userid[0] || c->s.actor[0]) && !stranger &&
		    !c->collect)
			error_acctoken_subject(c, subject, sizeof subject);
		reply_queue(&c->s, t, c->sender, subject, text, NULL, 1, NULL);
	}
	c->error_token[0] = '\0';
	free(text);
	return svc_commit(&c->s, t);
}
