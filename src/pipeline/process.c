/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * process.c - the path of one mail (SPEC section 3):
 *
 *   parse -> never-answered filter (bounces, auto-replies, spam) ->
 *   who the sender is (a player's confirmed address, or a stranger) ->
 *   key (digest of the Message-ID) -> message lock -> already
 *   processed? -> find the command -> which account it proves (auth.c)
 *   -> rate limit -> run it -> on refusal, commit the error reply.
 *
 * Holding the message lock while checking and recording the mail's key
 * means two deliveries of the same mail, even at once, take effect once.
 *
 * Rate limits (issue 11): a mail that proves its player (a password or
 * a reply token) counts against that player's account; over the limit
 * it is deferred, never dropped (exit 75: the MTA retries; batch leaves
 * it for the next run), and the player is told once that a mail of his
 * waits.  Any other mail counts against its sender's address; over the
 * limit it is dropped with a log line, so that a forgery deferred could
 * never come back as a bounce to a forged sender, and forged mail in a
 * player's name never uses up the player's own budget.  A player's mail
 * that leaves a robot to move gives its unit back (rate_refund_robot,
 * issue 30): a fast game against a robot never waits for the hour.
 *
 * Strangers (senders that are no player's confirmed address and proved
 * nothing) get no reply to a mail without a command, and small text-only
 * replies otherwise (reply.c), within budgets per sending source and for
 * the whole server (stranger.h); once those are spent, a stranger's mail
 * is not run at all.
 */
#include "util/log.h"
#include "pipeline/process.h"
#include "pipeline/auth_scan.h"
#include "pipeline/dispatch.h"
#include "pipeline/refusal.h"
#include "pipeline/tokens.h"
#include "commands/cmd.h"
#include "commands/table.h"
#include "pipeline/acctoken_owner.h"
#include "pipeline/held.h"
#include "pipeline/inlog.h"
#include "pipeline/intake.h"
#include "pipeline/msgreply.h"
#include "pipeline/quoting.h"
#include "services/robot.h"
#include "pipeline/tokenform.h"
#include "services/lang.h"
#include "spool/addrindex.h"
#include "spool/damage.h"
#include "pipeline/report.h"
#include "pipeline/stranger_spent.h"
#include "services/stopmail.h"
#include "mail/source.h"
#include "spool/outbox.h"
#include "spool/ratelimit.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Whether an Auto-Submitted field's value (raw, untrusted) is "no", the
 * one value a person's mail carries (RFC 3834 section 5: the keyword,
 * any case, then blanks, a parameter after ';' or a comment): every
 * other value ("notify", "auto-generated", garbage) is an automatic
 * mail, never answered (section 2). */
static int auto_submitted_no(const char *v)
{
	v += strspn(v, " \t\r\n");
	if (strncasecmp(v, "no", 2) != 0)
		return 0;
	v += 2;
	v += strspn(v, " \t\r\n");
	return *v == '\0' || *v == ';' || *v == '(';
}

/* Why a mail must never be answered, or NULL (SPEC section 3). */
static const char *never_answer(const struct config *cfg,
                                const struct mail_in *m)
{
	if (m->x_loop && strcasestr(m->x_loop, cfg->from))
		return "our own mail came back (X-Loop)";
	if (m->return_path && !*m->return_path)
		return "a bounce (empty Return-Path)";
	if (m->from_addr && (strncasecmp(m->from_addr, "mailer-daemon@", 14) == 0 ||
	                     strncasecmp(m->from_addr, "postmaster@", 11) == 0))
		return "a bounce (MAILER-DAEMON or postmaster)";
	if (m->is_report)
		return "a delivery report (multipart/report)";
	if (m->auto_submitted && !auto_submitted_no(m->auto_submitted))
		return "an automatic mail (Auto-Submitted)";
	if (m->precedence && (strcasestr(m->precedence, "bulk") ||
	                      strcasestr(m->precedence, "junk") ||
	                      strcasestr(m->precedence, "list") ||
	                      strcasestr(m->precedence, "auto_reply")))
		return "bulk, list or auto-reply mail (Precedence)";
	if (m->has_list_id)
		return "list mail (List-Id)";
	if (m->has_x_autoreply)
		return "an auto-reply (X-Autoreply)";
	if (m->spam_flagged)
		return "flagged as spam by the MTA (X-Spam-Flag or X-Spam-Status)";
	/* Exchange and others send out-of-office notes without the headers
	 * above; their subjects give them away. */
	if (m->subject && (strncasecmp(m->subject, "Automatic reply:", 16) == 0 ||
	                   strncasecmp(m->subject, "Auto:", 5) == 0 ||
	                   strncasecmp(m->subject, "Out of Office", 13) == 0 ||
	                   strncasecmp(m->subject, "Autoreply:", 10) == 0))
		return "an out-of-office reply (its Subject)";
	return NULL;
}

/* The key of a mail (SPEC section 3): the digest of its Message-ID; for a
 * mail without one, the digest of what a redelivery keeps (From, Date,
 * Subject and the decoded body), not of the raw bytes, which relays
 * change with every Received: line they add.  A mail with none of those
 * falls back to the raw bytes. */
static void mail_key(const struct mail_in *m, const char *raw, size_t len,
                     char digest[33])
{
	struct buf b = BUF_INIT;

	if (m->message_id) {
		util_digest_hex(m->message_id, strlen(m->message_id), digest);
		return;
	}
	if (!m->from_addr && !m->date && !m->subject) {
		util_digest_hex(raw, len, digest);
		return;
	}
	buf_printf(&b, "from %s\ndate %s\nsubject %s\n\n%s",
	           m->from_addr ? m->from_addr : "", m->date ? m->date : "",
	           m->subject ? m->subject : "", m->body ? m->body : "");
	util_digest_hex(b.data, b.len, digest);
	buf_free(&b);
}

/* Where replies to the sender go before the mail proves anything: From
 * when it is a player's confirmed address (never a Reply-To the sender
 * chose; c->sender_player set), else Reply-To or From.  -1 on I/O
 * trouble. */
static int sender_address(struct cmdctx *c, const struct mail_in *m)
{
	const char *from = m->from_addr && mail_addr_ok(m->from_addr)
	                   ? m->from_addr : NULL;
	int rc = 0;

	if (from && (rc = addr_player(c->s.cfg->spool, from,
	                              c->sender_player)) != 0) {
		if (rc < 0)
			return -1;
		c->sender = from;
	}
	return 0;
}

/* Where replies to a stranger go: Reply-To, else From (NULL: none). */
static const char *stranger_address(const struct mail_in *m)
{
	if (m->reply_to_addr && mail_addr_ok(m->reply_to_addr))
		return m->reply_to_addr;
	if (m->from_addr && mail_addr_ok(m->from_addr))
		return m->from_addr;
	return NULL;
}

/* Mails deferred by an account's rate limit in this process (batch). */
static unsigned long deferred_count;

unsigned long process_deferrals(void)
{
	return deferred_count;
}

/* Mails set aside on a damaged file in this process (batch). */
static unsigned long aside_count;

unsigned long process_set_aside(void)
{
	return aside_count;
}

/* For a mail that failed on damage d before its sender was known: a
 * player's mail when From is a confirmed address of a player, or, when
 * d is a user file (the proof could not be checked), an address the
 * address index lists for that account (c->sender_player and c->sender
 * set).  0, or -1 on I/O trouble (logged). */
static int damaged_sender(struct cmdctx *c, const struct damage *d)
{
	const char *from = c->mail->from_addr;
	struct addr_entry e;
	char *err = NULL;
	size_t i;

	if (!from || !mail_addr_ok(from))
		return 0;
	if (strncmp(d->file, "users/", 6) == 0 &&
	    addr_entry_load(c->s.cfg->spool, from, &e, &err) == 0) {
		for (i = 0; i < e.nplayers; i++)
			if (strcmp(e.players[i], d->file + 6) == 0) {
				snprintf(c->sender_player, sizeof c->sender_player,
				         "%s", e.players[i]);
				c->sender = from;
				return 0;
			}
	}
	free(err);
	return sender_address(c, c->mail);
}

/* The mail of c failed for the time being after a loader noted damage
 * (damage.h).  A file the administrator quarantined: the mail is
 * answered with a clear error and done.  Any other damage: a player's
 * mail is set aside (held.h) and waits; a stranger's (no player proved,
 * From no confirmed address) is answered like a quarantined file's and
 * done, so that it never waits in held/ or in the MTA's queue (which
 * would bounce it to a forged sender).  Returns the mail's exit status;
 * *aside becomes 1 when the mail was set aside. */
static int damaged(struct cmdctx *c, const struct damage *d, int *aside)
{
	const char *q = d->quarantine;

	if (!q[0] && !c->sender_player[0] && damaged_sender(c, d) < 0)
		return EXIT_TEMPFAIL;
	if (!q[0] && c->sender_player[0]) {
		held_mail(c, d);
		aside_count++;
		*aside = 1;
		return EXIT_TEMPFAIL;
	}
	if (!q[0]) {
		buf_reset(&c->error);
		free(c->error_board);
		c->error_board = NULL;
		c->collect = NULL;
		cmd_refuse(c, "", _("a record on the server that your mail "
		           "needs is under repair; nothing in your mail was carried "
		           "out.  Send it again later"));
		log_msg(LOG_NOTICE, "<%.200s> from a stranger needs %s, which "
		        "does not load: refused, not set aside\n",
		        c->mail->message_id ? c->mail->message_id : "", d->file);
		return cmd_commit_refusal(c) == CMD_DONE ? 0 : EXIT_TEMPFAIL;
	}
	buf_reset(&c->error);
	free(c->error_board);
	c->error_board = NULL;
	c->collect = NULL;
	if (strncmp(q, "user-", 5) == 0)
		/* TRANSLATORS: %.40s is the userid of an account. */
		cmd_refuse(c, "", _("the account %.40s is set aside by the "
		           "administrator for repair; nothing in your mail was "
		           "carried out.  Send it again once the repair is done"),
		           q + 5);
	else
		/* TRANSLATORS: %.60s is a game's name and a board number,
		 * "epaminondas-101". */
		cmd_refuse(c, "", _("the board %.60s is set aside by the "
		           "administrator for repair; nothing in your mail was "
		           "carried out.  Send it again once the repair is done"),
		           q + 6);
	log_msg(LOG_NOTICE, "<%.200s> needs %s, which is quarantined: "
	        "refused\n", c->mail->message_id ? c->mail->message_id : "",
	        d->file);
	return cmd_commit_refusal(c) == CMD_DONE ? 0 : EXIT_TEMPFAIL;
}

/* "multiple": at most this many command lines in one mail. */
#define MULTIPLE_MAX 20

/* Whether the subject (after reply prefixes) is the word "multiple". */
static int is_multiple(const char *subject)
{
	const char *p;
	size_t n;

	if (!subject)
		return 0;
	p = reply_strip_prefixes(subject);
	n = strcspn(p, " \t\r\n");
	return n == 8 && strncasecmp(p, "multiple", 8) == 0 &&
	       p[strspn(p + n, " \t\r\n") + n] == '\0';
}

/* One command line of a "multiple" mail, as its own unit of work: its
 * key is the digest of the mail's key and the line number, so a mail
 * retried after a crash runs only the lines not yet committed.  Its
 * mails to the sender are gathered in c->collect. */
static enum cmd_status multiple_line(struct cmdctx *c, const char *mailkey,
                                     int n, const char *line)
{
	struct intake in;
	char key[64];
	enum cmd_status st;
	size_t before = c->collect->len;

	memset(&in, 0, sizeof in);
	intake_split_words(line, &in);
	snprintf(key, sizeof key, "%s:%d", mailkey, n);
	util_digest_hex(key, strlen(key), c->s.digest);
	/* Only the first words: a later one can be a password. */
	buf_printf(c->collect, "--- %d. %.30s%s%.30s%s%.12s ---\n", n,
	           in.argv[0], in.argc > 1 ? " " : "", in.argc > 1 ? in.argv[1] : "",
	           in.argc > 2 && spool_is_game(in.argv[0]) ? " " : "",
	           in.argc > 2 && spool_is_game(in.argv[0]) ? in.argv[2] : "");
	before = c->collect->len;
	if (txn_recover_tag(c->s.cfg->spool, c->s.digest,
	                    c->s.cfg->lock_timeout * 1000) < 0) {
		intake_free(&in);
		return CMD_TEMPFAIL;
	}
	if (spool_seen(c->s.cfg->spool, c->s.digest)) {
		buf_printf(c->collect, "%s\n\n",
		           _("Done when this mail was first read."));
		intake_free(&in);
		return CMD_DONE;
	}
	buf_reset(&c->error);
	c->usage = NULL;
	free(c->error_board);
	c->error_board = NULL;
	c->error_token[0] = '\0';
	c->s.nout = 0;
	st = cmd_run(c, in.argc, in.argv);
	if (st == CMD_REFUSED)
		st = cmd_commit_refusal(c);
	if (st == CMD_DONE && c->collect->len == before)
		buf_printf(c->collect, "%s\n\n", _("Done."));
	intake_free(&in);
	return st;
}

/* One command line's answer (one) added to the answers of a "multiple"
 * mail when it fits in budget bytes; else only its first line (the
 * "--- N. command ---" header) and why the rest is left out. */
static void multiple_add(struct buf *answers,
                         const struct buf *one, size_t budget, int *left_out)
{
	const char *s = buf_str(one), *nl = strchr(s, '\n');

	if (answers->len + one->len <= budget) {
		buf_append(answers, s, one->len);
		return;
	}
	buf_append(answers, s, nl ? (size_t)(nl - s) + 1 : one->len);
	buf_printf(answers, ngettext("Left out: its answer (%zu byte) would "
	                             "make this mail too long; the command was "
	                             "run all the same.",
	                             "Left out: its answer (%zu bytes) would "
	                             "make this mail too long; the command was "
	                             "run all the same.", one->len),
	           one->len);
	buf_puts(answers, "\n\n");
	(*left_out)++;
}

/* Room kept in a "multiple" answer for the notes of left-out answers and
 * the closing note (bytes). */
#define MULTIPLE_NOTES (MULTIPLE_MAX * 160 + 512)

/* "multiple": every line of the body's own text (quoting.h: no quoted
 * line, attribution, footer, nor what follows a signature) is a
 * command; the sender gets one mail with every answer, in order, as long
 * as they fit in one reply (reply_text_budget).  A command that lists
 * things gets what room is left (c->collect_room) and cuts its own list;
 * an answer that still does not fit is left out with a note, and the end
 * says how many were shown. */
static enum cmd_status run_multiple(struct cmdctx *c)
{
	struct buf answers = BUF_INIT, one = BUF_INIT;
	struct tvars v = { 0 };
	struct txn *t;
	char mailkey[33], *body = quoting_own_text(c->mail->body);
	char *line, *next, *text;
	enum cmd_status st = CMD_DONE;
	size_t budget = reply_text_budget(c);
	int n = 0, left_out = 0;

	budget = budget > 2 * MULTIPLE_NOTES ? budget - MULTIPLE_NOTES : budget / 2;

	memcpy(mailkey, c->s.digest, sizeof mailkey);
	c->s.comment = "";
	for (line = body; line && st == CMD_DONE; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line[strcspn(line, "\r")] = '\0';
		if (!line[strspn(line, " \t")])
			continue;
		if (++n > MULTIPLE_MAX) {
			/* TRANSLATORS: the heading of the answer to the
			 * command lines from line %d of a multiple mail on. */
			buf_printf(&answers, _("--- %d. and the lines after it "
			                       "---"), n);
			buf_putc(&answers, '\n');
			/* TRANSLATORS: multiple is the command word (the
			 * subject of such a mail): keep it as it is. */
			buf_printf(&answers, ngettext("Not read: a multiple mail "
			                              "runs at most %d command.",
			                              "Not read: a multiple mail "
			                              "runs at most %d commands.",
			                              MULTIPLE_MAX), MULTIPLE_MAX);
			buf_puts(&answers, "\n\n");
			break;
		}
		buf_reset(&one);
		c->collect = &one;
		c->collect_room = budget > answers.len ? budget - answers.len : 0;
		st = multiple_line(c, mailkey, n, line);
		c->collect = NULL;
		multiple_add(&answers, &one, budget, &left_out);
	}
	free(body);
	buf_free(&one);
	memcpy(c->s.digest, mailkey, sizeof mailkey);
	buf_reset(&c->error);
	if (st != CMD_DONE)
		goto out;
	if (n == 0) {
		st = cmd_refuse(c,
		                /* TRANSLATORS: a usage line: multiple is the
		                 * command word a player types as the subject:
		                 * keep it as it is. */
		                _("multiple   (as the subject; then one "
		                "command on each line of the body)"),
		                /* TRANSLATORS: multiple is the command word:
		                 * keep it as it is. */
		                _("your multiple mail has no command lines in its "
		                "body"));
		goto out;
	}
	if (left_out) {
		int total = n > MULTIPLE_MAX ? MULTIPLE_MAX : n;
		char gone[64];

		/* TRANSLATORS: how many answers were left out, in "Shown: the
		 * answers to 3 of the 5 commands of your mail; 2 were left
		 * out to keep it within ...". */
		snprintf(gone, sizeof gone, ngettext("%d was left out",
		         "%d were left out", left_out), left_out);
		/* TRANSLATORS: %1$d answers shown of %2$d commands; %3$s how
		 * many were left out ("2 were left out"); %4$zu is the
		 * largest mail in bytes; "epaminondas show BOARD" is a
		 * command: keep it as it is. */
		buf_printf(&answers, ngettext("Shown: the answers to %1$d of the "
		           "%2$d command of your mail; %3$s to keep it within "
		           "%4$zu bytes, the most sent in one mail.  Each was run "
		           "all the same: send one alone, or \"epaminondas show "
		           "BOARD\", to see its answer.\n",
		           "Shown: the answers to %1$d of the %2$d commands of your "
		           "mail; %3$s to keep it within %4$zu bytes, the most sent "
		           "in one mail.  Each was run all the same: send one "
		           "alone, or \"epaminondas show BOARD\", to see its "
		           "answer.\n", total), total - left_out, total, gone,
		           reply_cap(&c->s));
	}
	tvars_setf(&v, "count", "%d", n > MULTIPLE_MAX ? MULTIPLE_MAX : n);
	tvars_set(&v, "answers", buf_str(&answers));
	text = reply_template(&c->s, "multiple.txt", &v);
	tvars_free(&v);
	if (!text) {
		st = CMD_TEMPFAIL;
		goto out;
	}
	c->s.nout = 100;
	t = svc_txn(&c->s, c->s.msg_key);
	reply_queue(&c->s, t, c->sender, "Re: multiple", text, NULL, 0, NULL);
	free(text);
	st = svc_commit(&c->s, t);
out:
	buf_free(&answers);
	return st;
}

/* Issue 32: whether a stranger's mail (m, its words in) is written in
 * German: its command word is one of the German ones (cmdt_german:
 * "anmelden ...", "epaminondas zug ..."), its subject starts with a
 * German client's reply or forward prefix (AW:, WG:), or the first tag
 * of its Content-Language is German (de, de-DE, de-AT, ...). */
static int written_in_german(const struct mail_in *m, const struct intake *in)
{
	const char *s = m->subject ? m->subject : "";
	const char *cl = m->content_language ? m->content_language : "";

	if (in->argc > 0 && (cmdt_german(in->argv[0]) ||
	    (in->argc > 1 && spool_is_game(in->argv[0]) &&
	     cmdt_german(in->argv[1]))))
		return 1;
	s += strspn(s, " \t");
	if (strncasecmp(s, "AW:", 3) == 0 || strncasecmp(s, "WG:", 3) == 0)
		return 1;
	cl += strspn(cl, " \t");
	/* "de" ended by a subtag, a list's next tag or the value's end
	 * (strchr finds the NUL too). */
	return strncasecmp(cl, "de", 2) == 0 && strchr("-,; \t", cl[2]);
}

/* Whether the mail's words hold no command we know (nor a reply token
 * with something for it). */
static int no_command(const struct intake *in)
{
	/* A reply token counts only in a board mail's subject ("Epaminondas
	 * Board 101 ..."): "Your invoice [#48213]" is no command. */
	if (in->token[0] && in->token_board >= 0 && in->argc > 0)
		return 0;
	return in->argc == 0 || !cmd_known(in->argv[0]);
}

/* The outcome a mail's log line names, or NULL when a file did not
 * load (damage_count() is no longer damage_before): process_mail_at
 * writes that line once damaged() has decided whether the mail is set
 * aside or refused. */
static const char *outcome(const struct cmdctx *c, enum cmd_status st,
                           unsigned long damage_before)
{
	if (st == CMD_DONE)
		return buf_str(&c->error)[0] ? "refused" : "done";
	if (damage_count() != damage_before)
		return NULL;
	return "deferred";
}

/* A stranger's mail that can have no effect now, every reply it could
 * get finding its budget spent (stranger_spent): recorded as done,
 * unread, so that it costs no more than its parse (no listing of
 * thousands of boards for a reply that would be dropped).  Its exit
 * status, or -1 when it is to be run. */
static int stranger_unread(struct cmdctx *c, const struct intake *in,
                           int multiple, const char *client)
{
	if (c->sender_player[0] || !stranger_spent(c, in, multiple))
		return -1;
	inlog_line(c, in, client, "dropped", "a stranger's, and the hourly "
	           "budget of replies to strangers is spent: not read");
	return svc_commit(&c->s, svc_txn(&c->s, c->s.msg_key)) == CMD_DONE ? 0
	       : EXIT_TEMPFAIL;
}

/* Before the error reply to a refused mail (issue 30: an error reply
 * to a mail that proved its player always carries a token).  A token
 * of the subject that the refused path never checked (words a token
 * form does not take, a command word in reply to a board mail) is
 * checked now: when it is the player's, the mail proved him, and the
 * reply goes to his address on file.  When the mail proved a player and
 * its subject names a board he plays on (a reply to a board mail: "your
 * reply has no move in it"), the reply carries that
 * board's token, unless the refusal or a token form (which gives the
 * account token to a form a board's token does not prove) chose; else
 * cmd_commit_refusal gives his account token.  On I/O trouble (logged)
 * the reply goes without a token. */
static void refusal_token(struct cmdctx *c, const struct intake *in)
{
	const char *game = spool_game_named(in->token_game);
	char userid[32];
	struct game g;
	char *err = NULL;

	if (!c->s.actor[0] && in->token[0]) {
		if (in->token_board >= 0)
			(void)tokens_owner(c, in, userid);
		else if (in->token_user[0])
			(void)acctoken_owner(c, in, userid);
	}
	/* A token form (tokenform.c, token_userid set) chose already: a
	 * form that needs the account token gets it, not the board's. */
	if (c->error_token[0] || c->token_userid[0] || !c->s.actor[0] ||
	    in->token_board < 0 || !game)
		return;
	if (game_load(&g, c->s.cfg->spool, game, in->token_board, &err) != 0) {
		free(err);
		return;
	}
	reply_error_token(c, &g);
	game_free(&g);
}

static int run(struct cmdctx *c, struct intake *in_found, int truncated,
               const char *client)
{
	struct intake in = *in_found;
	unsigned long damage_before = damage_count();
	enum cmd_status st;
	char sender_of[32];  /* a relayed message's sender: message.h */
	int rc;

	if (!truncated && is_multiple(c->mail->subject)) {
		static char word[] = "multiple";
		struct intake mi;
		if ((rc = stranger_unread(c, &in, 1, client)) >= 0)
			return rc;
		st = run_multiple(c);
		if (st == CMD_REFUSED)
			st = cmd_commit_refusal(c);
		memset(&mi, 0, sizeof mi);
		mi.token_board = -1;
		mi.argc = 1;
		mi.argv[0] = word;
		/* a line's reason could quote its password: not logged */
		if (outcome(c, st, damage_before))
			inlog_line(c, &mi, client, outcome(c, st, damage_before),
			           buf_str(&c->error)[0] ? "a command of it was "
			           "refused (the reply says which)" : "");
		return st == CMD_DONE ? 0 : EXIT_TEMPFAIL;
	}
	c->s.comment = in.comment;
	c->subject_token = in.token[0] ? in.token : NULL;
	if ((truncated || no_command(&in)) && !c->sender_player[0]) {
		/* No backscatter: a stranger's mail with no command in it (or
		 * too large to read) is most likely spam with a forged
		 * sender. */
		struct txn *t = svc_txn(&c->s, c->s.msg_key);
		inlog_line(c, &in, client, "ignored", "no command, and the "
		           "sender is no player: not answered");
		return svc_commit(&c->s, t) == CMD_DONE ? 0 : EXIT_TEMPFAIL;
	}
	if ((rc = stranger_unread(c, &in, 0, client)) >= 0)
		return rc;
	if (truncated)
		st = cmd_refuse(c, "", ngettext("your mail is larger than %zu "
		                "byte, the most this server reads; send the command "
		                "alone", "your mail is larger than %zu bytes, the "
		                "most this server reads; send the command alone",
		                c->s.cfg->max_mail_size), c->s.cfg->max_mail_size);
	else if (tokens_reply(&in) || message_reply_is(c, &in, sender_of))
		/* a reply to a relayed message is an answer to its sender,
		 * whatever its first word (message.h) */
		st = in.argc ? cmd_token_reply(c, &in)
		     : in.token_board < 0 ? tokenform_empty(c)
		     : cmd_refuse(c,
		                  /* TRANSLATORS: a usage line: e3-e7 is a move
		                   * in the notation a player types: keep it as
		                   * it is. */
		                  _("e3-e7   (the move alone on a line of "
		                  "your own, above or below the quoted mail, "
		                  "with a blank line between)"),
		                  _("your reply has no move in it: it holds only "
		                  "quoted text, a signature or a mail program's "
		                  "footer"));
	else if ((st = tokens_lost(c, &in)) == CMD_DONE)
		st = cmd_run(c, in.argc, in.argv);
	if (st == CMD_REFUSED) {
		refusal_token(c, &in);
		st = cmd_commit_refusal(c);
	}
	/* One line per mail (inlog.h): never a password or token. */
	if (outcome(c, st, damage_before))
		inlog_line(c, &in, client, outcome(c, st, damage_before), NULL);
	return st == CMD_DONE ? 0 : EXIT_TEMPFAIL;
}

/* The account a "multiple" mail proves: its first line that does. */
static int preflight_multiple(struct cmdctx *c, char *userid)
{
	char *body = quoting_own_text(c->mail->body), *line, *next;
	int rc = 0, n = 0;

	for (line = body; line && rc == 0 && n < MULTIPLE_MAX; line = next) {
		struct intake in;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line[strcspn(line, "\r")] = '\0';
		memset(&in, 0, sizeof in);
		in.token_board = -1;
		intake_split_words(line, &in);
		if (in.argc > 0) {
			n++;
			rc = auth_preflight(c, &in, userid);
		}
		intake_free(&in);
	}
	free(body);
	return rc;
}

/* Tell userid, once a day, that mails naming the account's password
 * were dropped unread during its back-off. */
static void blocked_notice(struct cmdctx *c, const char *userid)
{
	struct user u;
	char key[128], day[32], *err = NULL;
	const char *was;

	if (user_load(c->s.cfg->spool, userid, &u, &err) != 0) {
		free(err);
		return;
	}
	was = i18n_use(u.language);  /* the owner's, not the sender's */
	util_iso_time(c->s.now, day, sizeof day);
	day[10] = '\0';
	snprintf(key, sizeof key, "blocked-notice %s %s", userid, day);
	if (user_address(&u))
		notice_once(c, userid, user_address(&u), key, _("mails in your "
		            "name were not read"), _("So many wrong passwords were "
		            "tried for your account that password commands for it "
		            "wait a while, and mails naming your password beyond "
		            "that were dropped unread.  Reply to a mail of ours that "
		            "carries your token instead (your latest board mail, "
		            "or any mail about your account): tokens always work.  "
		            "Once the guessing stops, passwords work again (a "
		            "right one clears the count)."));
	i18n_use(was);
	user_free(&u);
}

/* Count the mail against the account it proves (over the limit:
 * deferred, the player told once) or against its sender (over: dropped).
 * blocked: 1 or 2 when it names a password that the back-off of the
 * strangers' or the owner's bucket forbids checking (authfail.h).
 * 0 go on; 1 dropped (recorded as processed); EXIT_TEMPFAIL. */
static int rate_check(struct cmdctx *c, const char *userid, int blocked)
{
	const struct config *cfg = c->s.cfg;
	const char *id = c->mail->message_id ? c->mail->message_id : "";
	char key[64];
	int first = 0;

	if (blocked) {
		/* A password the back-off forbids checking: counted apart
		 * from the sender (whose From anyone can forge) and from the
		 * player's own budget (a forger's guesses must not make the
		 * player's mail wait), each bucket apart (the strangers'
		 * guesses must not use up the owner's mails); over the limit
		 * dropped, and the player told once a day. */
		snprintf(key, sizeof key, "%s:%s", blocked == 2 ? "blocked-own"
		         : "blocked", userid);
		if (ratelimit_count(cfg->spool, key, cfg->rate_limit, 3600, c->s.now,
		                    NULL) != 0)
			return 0;
		snprintf(c->attacked, sizeof c->attacked, "%s", userid);
		log_msg(LOG_WARNING, "<%.200s> a password for userid=%s during "
		        "its back-off, over the limit of %d an hour: dropped\n",
		        id, userid, cfg->rate_limit);
		blocked_notice(c, userid);
		return svc_commit(&c->s, svc_txn(&c->s, c->s.msg_key)) == CMD_DONE ? 1
		       : EXIT_TEMPFAIL;
	}
	if (userid[0]) {
		snprintf(key, sizeof key, "user:%s", userid);
		if (ratelimit_count(cfg->spool, key, cfg->rate_limit, 3600, c->s.now,
		                    &first) != 0)
			return 0;
		deferred_count++;
		log_msg(LOG_WARNING, "<%.200s> userid=%s: over the rate limit "
		        "of %d mails an hour, deferred\n", id, userid,
		        cfg->rate_limit);
		if (first) {
			char text[160], details[512];
			snprintf(text, sizeof text, "rate-notice %s %lld", userid,
			         (long long)(c->s.now / 3600));
			/* TRANSLATORS: %s is the player's userid, %d the
			 * most mails an hour. */
			snprintf(details, sizeof details, ngettext("You (%s) sent "
			         "more than %d mail to epamserv within an hour.  The "
			         "mails after it wait and are carried out as the "
			         "hour passes (your mail system sends them again): "
			         "nothing is lost, and there is no need to send them "
			         "yourself.", "You (%s) sent more than %d mails to "
			         "epamserv within an hour.  The mails after those wait "
			         "and are carried out as the hour passes (your mail "
			         "system sends them again): nothing is lost, and there "
			         "is no need to send them yourself.", cfg->rate_limit),
			         userid, cfg->rate_limit);
			notice_once(c, userid, c->sender, text,
			            _("a mail of yours waits"),
			            details);
		}
		return EXIT_TEMPFAIL;
	}
	if (!c->sender ||
	    ratelimit_take(cfg->spool, c->sender, cfg->rate_limit, c->s.now) != 0)
		return 0;
	log_msg(LOG_WARNING, "<%.200s> from %.200s: over the rate limit of %d "
	        "mails an hour, dropped\n", id, c->sender, cfg->rate_limit);
	return svc_commit(&c->s, svc_txn(&c->s, c->s.msg_key)) == CMD_DONE ? 1
	       : EXIT_TEMPFAIL;
}

/* The player's mail left a robot to move (robot_note): it gives back
 * the unit rate_check counted, so that a game against a robot never
 * runs into rate_limit (issue 30).  Each such mail is a move or a
 * challenge the robot answers, so their number is bounded by the
 * robot's moves (robot_think_ms, robot_budget_ms, engine_hour_ms and its
 * shares) and games (robot_max_games); every other mail still counts. */
static void rate_refund_robot(struct cmdctx *c, const char *userid)
{
	char key[64];

	if (c->s.cfg->rate_limit <= 0)
		return;
	snprintf(key, sizeof key, "user:%s", userid);
	if (ratelimit_refund(c->s.cfg->spool, key, 3600, c->s.now) < 0)
		log_msg(LOG_WARNING, "%s: the rate record cannot be written: "
		        "a mail a robot answers stays counted\n", userid);
}

/* When the mail of c counts as arrived (issue 15; cmd.h, c->s.arrival):
 * under arrival = received the earlier of the topmost Received field's
 * date and delivered (the delivery record batch has: the Maildir file's
 * time, the IMAP INTERNALDATE; 0 when none), under arrival = delivery
 * delivered alone, under arrival = now 0 (now).  Clamped to at most now
 * and at least arrival_max_hours before the mail was first read (the
 * "since" of its held/ record when it was set aside, else now), so that
 * a broken or forged date cannot backdate a move by weeks while a mail
 * kept in held/ for days keeps the arrival it had.  0: not known. */
static time_t mail_arrival(const struct cmdctx *c, time_t delivered)
{
	const struct config *cfg = c->s.cfg;
	struct held_entry he;
	time_t t = delivered > 0 ? delivered : 0, first = c->s.now, floor;

	if (cfg->arrival == ARRIVAL_NOW)
		return 0;
	if (cfg->arrival == ARRIVAL_RECEIVED && c->mail->received > 0 &&
	    (!t || (time_t)c->mail->received < t))
		t = (time_t)c->mail->received;
	if (!t)
		return 0;
	if (held_get(cfg->spool, c->s.digest, &he) == 0 && he.since > 0 &&
	    he.since < first)
		first = he.since;
	floor = first - (time_t)cfg->arrival_max_hours * 3600;
	if (t > c->s.now)
		t = c->s.now;
	return t < floor ? floor : t;
}

int process_mail(const struct config *cfg, const char *raw, size_t len,
                 int truncated)
{
	return process_mail_at(cfg, raw, len, truncated, 0);
}

int process_mail_at(const struct config *cfg, const char *raw, size_t len,
                    int truncated, time_t delivered)
{
	struct mail_in m;
	struct cmdctx c;
	struct lock l = LOCK_INIT;
	struct intake in;
	const char *why;
	char *err = NULL, userid[32], client[64];
	unsigned long damage_before;
	struct held_entry he;
	unsigned long notes_before, lines_before = inlog_lines();
	int rc = 0, prc, held_before, aside = 0;
	const char *lang_was;

	if (spool_init(cfg->spool, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		inlog_unread(raw, len, "deferred", "the spool cannot be used");
		return EXIT_TEMPFAIL;
	}
	addr_index_ensure(cfg->spool);  /* spools made before the index */
	if (mail_parse_limits(raw, len, cfg->max_mail_size, &m, &err) < 0) {
		/* Out of memory says nothing about the mail: let the MTA
		 * retry instead of dropping it (err is NULL when even the
		 * message could not be allocated). */
		if (!err || strcmp(err, "out of memory") == 0) {
			log_msg(LOG_ERR, "cannot read the mail: out of memory, "
			        "will retry\n");
			free(err);
			inlog_unread(raw, len, "deferred", "out of memory");
			return EXIT_TEMPFAIL;
		}
		log_msg(LOG_WARNING, "unreadable mail dropped: %s\n", err);
		inlog_unread(raw, len, "dropped", "unreadable");
		free(err);
		return 0;
	}
	inlog_client(raw, len, client, sizeof client);
	memset(&c, 0, sizeof c);
	c.s.cfg = cfg;
	c.mail = &m;
	c.s.for_mail = 1;
	c.s.message_id = m.message_id;
	c.s.hooks = &reply_mail_hooks;
	c.s.hooks_arg = &c;
	c.s.now = util_now();
	mail_source_network(raw, len, c.source, sizeof c.source);
	memset(&in, 0, sizeof in);
	/* Issue 32: what the sender reads is in default_language until he
	 * is known to be a player, then in his (mails to others switch
	 * to theirs where they are composed, services/lang.h). */
	lang_was = i18n_use(cfg->default_language);
	why = never_answer(cfg, &m);
	c.sender = stranger_address(&m);
	if (why || !c.sender) {
		char text[256];
		snprintf(text, sizeof text, "not answered: %s",
		         why ? why : "no address to reply to");
		inlog_line(&c, NULL, client, "ignored", text);
		if (why)
			report_record(cfg, &m, raw, len, c.s.now);
		goto done;
	}
	mail_key(&m, raw, len, c.s.digest);
	/* Never the subject: it holds the sender's password. */
	log_msg(LOG_DEBUG, "<%.200s> from %.200s, key %s, %zu bytes",
	        m.message_id ? m.message_id : "", c.sender, c.s.digest, len);
	spool_msg_key(c.s.digest, c.s.msg_key, sizeof c.s.msg_key);
	if (lock_acquire(cfg->spool, c.s.msg_key, cfg->lock_timeout * 1000, &l) < 0 ||
	    txn_recover_tag(cfg->spool, c.s.digest, cfg->lock_timeout * 1000) < 0) {
		log_msg(LOG_WARNING, "cannot lock the mail's record, will "
		        "retry\n");
		rc = EXIT_TEMPFAIL;
		goto done;
	}
	if (spool_seen(cfg->spool, c.s.digest)) {
		inlog_line(&c, NULL, client, "ignored", "already processed");
		goto done;
	}
	c.s.arrival = mail_arrival(&c, delivered);
	damage_before = damage_count();
	if (!truncated && is_multiple(m.subject)) {
		in.comment = xstrdup("");
		prc = preflight_multiple(&c, userid);
	} else {
		intake_find_reply(m.subject, m.in_reply_to, m.references, m.body,
		                  &in);
		prc = truncated ? 0 : auth_preflight(&c, &in, userid);
	}
	/* A mail that proved nothing may still come from a player's
	 * confirmed address (then answered there, in full). */
	if (prc < 0 || (prc != 1 && sender_address(&c, &m) < 0)) {
		rc = EXIT_TEMPFAIL;
		goto out;
	}
	lang_use_user(cfg, prc > 0 ? userid : c.sender_player);
	if (prc <= 0 && !c.sender_player[0] && written_in_german(&m, &in) &&
	    i18n_known(cfg->locale_dir, "de"))
		i18n_use("de");
	/* A proved mail set aside (held.h) was counted when it first
	 * came: its retries on every run must not spend its player's
	 * budget, or one damaged board would make all of the player's mail
	 * wait.  An unproved one (anyone can forge its From) is counted on
	 * every retry, so that forgeries cannot pile up in held/. */
	held_before = prc == 1 && held_get(cfg->spool, c.s.digest, &he) == 0;
	rc = held_before ? 0
	     : rate_check(&c, prc > 0 ? userid : "", prc >= 2 ? prc - 1 : 0);
	/* A mail that proves its player from an address of his whose mail
	 * he stopped lets it go there again, before its replies are
	 * queued (services/stopmail.h). */
	if (rc == 0 && prc == 1 &&
	    stopmail_resume(&c.s, c.sender, userid) < 0)
		rc = EXIT_TEMPFAIL;
	if (rc == 0) {
		notes_before = robot_notes_written();
		rc = run(&c, &in, truncated, client);
		if (rc == 0 && prc == 1 && !held_before &&
		    robot_notes_written() != notes_before)
			rate_refund_robot(&c, userid);
	} else if (rc == 1) {
		inlog_line(&c, &in, client, "dropped", "over the rate limit");
		rc = 0;
	} else
		inlog_line(&c, &in, client, "deferred", "over the rate limit");
out:
	/* A file that does not load sets the mail aside instead of
	 * failing it like a full disk (held.h). */
	if (rc == EXIT_TEMPFAIL && damage_count() != damage_before)
		rc = damaged(&c, damage_last(), &aside);
	if (rc == 0)
		held_done(cfg->spool, c.s.digest);
done:
	/* Every path ends with the mail's one line (inlog.h): those that
	 * wrote none (a file that did not load, a lock or a read that
	 * failed) write it here, with what became of the mail. */
	if (inlog_lines() == lines_before)
		inlog_line(&c, &in, client, rc == 0 ? (buf_str(&c.error)[0] ?
		           "refused" : "done") : aside ? "held" : "deferred",
		           rc == 0 ? NULL : aside ? "a file it needs does not "
		           "load: set aside" : "a temporary failure (the lines "
		           "before say which)");
	i18n_use(lang_was);
	intake_free(&in);
	auth_forget(&c);
	lock_release(&l);
	buf_free(&c.error);
	free(c.error_board);
	free(c.error_subject);
	mail_in_free(&m);
	return rc;
}
