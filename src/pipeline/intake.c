/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * intake.c - finding the command in a mail (SPEC section 2).
 *
 * The Subject is the command when its first word is one we know.
 * Otherwise ("Re: Epaminondas Board 101 bob") the first non-empty line
 * of the writer's own text is read as the command, wherever it stands:
 * above the quote, below it, or between quoted blocks.  The own text is
 * the body without quoted lines, attributions ("On ... wrote:"),
 * client footers ("Sent from my iPhone") and anything after a
 * signature ("-- ") or an unquoted original ("-----Original
 * Message-----"): quoting.h, one table of the forms.  The rest of the
 * own text is the comment that is relayed to the other player.  The
 * passwords of the command (where they are: auth_words) are masked in
 * the comment in any case, so no mail client's way of quoting can relay
 * it.
 *
 * Reply and forward prefixes ("Re:", "AW:", "WG:", "Fwd:", "Fw:", "SV:",
 * ...: reply_strip_prefixes; repeated, any case) are skipped before the
 * subject is read.  The subject of a board mail
 * ("Epaminondas Board 101 bob [#k3f7x2ab7q4mz5ne]") is not a command even
 * though it starts with a game's name: its reply token and board are
 * noted (see tokens.c) and the command is read from the body.  So is
 * the subject of any mail of ours that carries an account token
 * ("epamserv: leave noted - alice [#...]", acctoken.h): the word before
 * the token is noted as its userid.
 */
#include "pipeline/intake.h"
#include "commands/cmd.h"
#include "pipeline/quoting.h"
#include "spool/spool.h"
#include "util/buf.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void intake_free_words(struct intake *in);

static int blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isspace((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Whether s[0..n) is a greeting a reply opens with ("Hi alice,",
 * "Hallo Bob,", "Dear all,"): it ends in a comma, holds no digit (a
 * move or a board number has one) and at most four words. */
static int greeting(const char *s, size_t n)
{
	size_t i, words = 0;
	int in_word = 0;

	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	if (n < 2 || s[n - 1] != ',')
		return 0;
	for (i = 0; i < n; i++) {
		if (isdigit((unsigned char)s[i]))
			return 0;
		if (isspace((unsigned char)s[i]))
			in_word = 0;
		else if (!in_word) {
			in_word = 1;
			words++;
		}
	}
	return words <= 4;
}

void intake_split_words(const char *line, struct intake *in)
{
	const char *p = line;

	in->argc = 0;
	while (*p && in->argc < INTAKE_MAX_WORDS) {
		const char *start;
		while (*p && isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		start = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		in->argv[in->argc++] = xstrndup(start, (size_t)(p - start));
	}
}

/* A relayed comment longer than this is cut (bytes): a board mail's
 * diagram must not be pushed past the reply cap by a comment. */
#define INTAKE_COMMENT_MAX 16384

/* Cut b's text to INTAKE_COMMENT_MAX at a line end (or a UTF-8
 * character boundary) with a note. */
static void comment_cut(struct buf *b)
{
	size_t cut = INTAKE_COMMENT_MAX, i;

	if (b->len <= INTAKE_COMMENT_MAX)
		return;
	for (i = cut; i > cut / 2 && b->data[i - 1] != '\n'; i--)
		;
	if (i > cut / 2)
		cut = i;
	else
		while (cut > 0 && ((unsigned char)b->data[cut] & 0xc0) == 0x80)
			cut--;
	b->len = cut;
	b->data[cut] = '\0';
	buf_puts(b, "\n");
	/* TRANSLATORS: the last line of a player's comment that was too
	 * long, relayed to other players. */
	buf_puts(b, _("[... the rest of this comment was cut: 16 KiB at "
	              "most]"));
}

/* The comment: the writer's own text from p on (quoting.h), with
 * leading and trailing blank lines dropped, at most INTAKE_COMMENT_MAX. */
static char *comment_from(const char *p)
{
	struct buf b = BUF_INIT;
	size_t keep = 0;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (b.len || !blank(p, len)) {
			buf_append(&b, p, len);
			buf_puts(&b, "\n");
			if (!blank(p, len))
				keep = b.len - 1;  /* without the line's LF */
		}
		p += len + (nl ? 1 : 0);
	}
	if (b.data)
		b.data[keep] = '\0';
	b.len = keep;
	comment_cut(&b);
	return buf_take(&b);
}

/* Replace every occurrence of secret in text by asterisks. */
static void mask(char *text, const char *secret)
{
	size_t k = strlen(secret);
	char *p = text;

	if (k < 2)
		return;  /* a one-letter password would blank the comment */
	while ((p = strstr(p, secret)) != NULL) {
		memset(p, '*', k);
		p += k;
	}
}

/* Every token in text written as open TOKEN close (open matched in any
 * case) made open "..." close.  A reply or confirmation token
 * "[#k3f7x2ab7q4mz5ne]": a comment that quotes the sender's own board
 * mail (some mail clients put its subject into the body) must not hand
 * the opponent the sender's token; "%5B%23TOKEN%5D", as a pasted mailto:
 * link writes it: another board's token would stay valid in a comment
 * the opponent reads and, with both players' consent, the web site
 * publishes. */
static void mask_token_form(char *text, const char *open, const char *close)
{
	size_t lo = strlen(open), lc = strlen(close);
	char *p = text;

	while ((p = strcasestr(p, open)) != NULL) {
		char *q = p + lo;

		while (isalnum((unsigned char)*q))
			q++;
		if (q - (p + lo) > 3 && strncasecmp(q, close, lc) == 0) {
			memcpy(p + lo, "...", 3);
			memmove(p + lo + 3, q, strlen(q) + 1);
		}
		p += lo;
	}
}

/* A password or a token never travels in a relayed comment, whatever
 * quoting the sender's mail client used (a token is masked in any form
 * when it is the subject's own, as "[#...]" otherwise). */
static void intake_mask_passwords(struct intake *in)
{
	struct auth_words w;
	int i;

	auth_words(in->argc, in->argv, &w);
	for (i = 0; i < 2; i++)
		if (w.secret[i] >= 0 && w.secret[i] < in->argc)
			mask(in->comment, in->argv[w.secret[i]]);
	/* The subject's own token in any form, not only "[#TOKEN]" (a
	 * pasted mailto: link has it as "%5B%23TOKEN%5D"): it stays valid
	 * at the position, and the comment goes to the opponent. */
	if (strlen(in->token) >= 8)
		mask(in->comment, in->token);
	mask_token_form(in->comment, "[#", "]");
	mask_token_form(in->comment, "%5B%23", "%5D");
}

/* Where "[#" starts a token in s, or NULL. */
static char *token_start(const char *s)
{
	const char *p = s;

	while ((p = strstr(p, "[#")) != NULL) {
		const char *q = p + 2;
		while (isalnum((unsigned char)*q))
			q++;
		if (*q == ']' && q > p + 2)
			return (char *)p;
		p += 2;
	}
	return NULL;
}

void intake_cut_token(char *subject)
{
	char *p = token_start(subject), *end;

	if (!p)
		return;
	end = strchr(p, ']') + 1;
	while (p > subject && p[-1] == ' ')
		p--;
	memmove(p, end, strlen(end) + 1);
}

/* The word of subject right before tok (where "[#" starts), lower-cased,
 * into in->token_user when it is a valid userid ("... - alice
 * [#TOKEN]": an account token's, acctoken.h). */
static void token_user(const char *subject, const char *tok,
                       struct intake *in)
{
	const char *end = tok, *start;

	while (end > subject && isspace((unsigned char)end[-1]))
		end--;
	for (start = end; start > subject && !isspace((unsigned char)start[-1]);
	     start--)
		;
	if (end == start || (size_t)(end - start) >= sizeof in->token_user)
		return;
	memcpy(in->token_user, start, (size_t)(end - start));
	in->token_user[end - start] = '\0';
	util_lower(in->token_user);
	if (!util_userid_ok(in->token_user))
		in->token_user[0] = '\0';
}

/* The token and board of a board mail's subject (after the prefixes). */
static void intake_token(const char *subject, struct intake *in)
{
	const char *p = token_start(subject), *q;
	struct intake w;
	size_t n;

	in->token_board = -1;
	if (!p)
		return;
	p += 2;
	for (q = p; isalnum((unsigned char)*q); q++)
		;
	n = (size_t)(q - p);
	if (n >= sizeof in->token)
		return;
	memcpy(in->token, p, n);
	in->token[n] = '\0';
	intake_split_words(subject, &w);
	if (w.argc >= 3 && strcasecmp(w.argv[1], "board") == 0 &&
	    strlen(w.argv[0]) < sizeof in->token_game) {
		char num[UTIL_BOARD_DIGITS + 8];  /* a word cut here is no number */
		size_t k;
		snprintf(in->token_game, sizeof in->token_game, "%s", w.argv[0]);
		/* "Board 101:" of a queue, submit, chat or error reply too */
		snprintf(num, sizeof num, "%s", w.argv[2]);
		k = strlen(num);
		if (k > 1 && num[k - 1] == ':')
			num[k - 1] = '\0';
		in->token_board = util_board_number(num);
		in->token_chat = w.argc >= 5 && k > 1 && num[k - 1] == '\0' &&
		                 strcasecmp(w.argv[3], "chat") == 0 &&
		                 strcasecmp(w.argv[4], "from") == 0;
	}
	w.comment = NULL;
	intake_free(&w);
	if (in->token_board < 0)
		token_user(subject, p - 2, in);
}

/* Whether the subject's words are a command: a known first word, and
 * not the "GAME Board N" of a board mail. */
static int subject_is_command(const struct intake *in)
{
	if (in->argc < 1 || !cmd_known(in->argv[0]))
		return 0;
	/* A tournament or league mail's ("Epaminondas league: joined -
	 * alice [#TOKEN]"): the command is in the body.  (A token from the
	 * Message-ID answered says nothing of the subject: a reply whose
	 * subject was made a whole command is that command.) */
	if (in->token[0] && !in->token_from_id && spool_is_game(in->argv[0]))
		return 0;
	return !(in->argc > 1 && strcasecmp(in->argv[1], "board") == 0);
}

/* Whether the subject's words are a game command whose game's name only
 * is missing ("move 101 ...") or wrong ("chess move ..."): kept as the
 * command when the body has none, so that the error says just that. */
static int subject_misprefixed(const struct intake *in)
{
	if (in->argc < 1 || cmd_known(in->argv[0]))
		return 0;
	return cmd_game_verb_known(in->argv[0]) ||
	       (in->argc > 2 && cmd_game_verb_known(in->argv[1]));
}

/* Drop every word "**" of the subject's words: the comment mark of a
 * board mail's subject (" **"), pasted back with the command. */
static void drop_stars(struct intake *in)
{
	int i, n = 0;

	for (i = 0; i < in->argc; i++) {
		if (strcmp(in->argv[i], "**") == 0)
			free(in->argv[i]);
		else
			in->argv[n++] = in->argv[i];
	}
	in->argc = n;
}

/* Drop the word "move" or "zug" (maybe with a colon) that a player may
 * write before the move in a reply to a board mail ("Zug e12-e9"): the
 * token names the board and the player, so the move is the rest.  Only
 * before a word that is no board number: "move 101 ..." stays as
 * written (and is refused as a command without its game). */
static void drop_move_word(struct intake *in)
{
	char w[8];
	size_t n;
	int i;

	if (in->token_board < 0 || in->argc < 2 ||
	    strlen(in->argv[0]) >= sizeof w)
		return;
	snprintf(w, sizeof w, "%s", in->argv[0]);
	n = strlen(w);
	if (n > 0 && w[n - 1] == ':')
		w[n - 1] = '\0';
	if (strcasecmp(w, "move") != 0 && strcasecmp(w, "zug") != 0)
		return;
	if (strspn(in->argv[1], "0123456789") == strlen(in->argv[1]))
		return;
	free(in->argv[0]);
	for (i = 1; i < in->argc; i++)
		in->argv[i - 1] = in->argv[i];
	in->argc--;
}

/* The kind, board and token of the Message-ID of ours that the mail
 * answers (In-Reply-To, else the last of ours in References), over what
 * the subject gave (intake_token): a board's token and board together,
 * or the kind alone.  Without one, the kind the subject gives. */
static void intake_thread(const char *in_reply_to, const char *references,
                          struct intake *in)
{
	struct threadid t;

	if ((in_reply_to && threadid_find(in_reply_to, 0, &t)) ||
	    (references && threadid_find(references, 1, &t))) {
		in->token_kind = t.kind;
		if (t.token[0] && t.board >= 0 &&
		    strlen(t.token) < sizeof in->token) {
			snprintf(in->token, sizeof in->token, "%s", t.token);
			snprintf(in->token_game, sizeof in->token_game, "%s", t.game);
			in->token_board = t.board;
			in->token_user[0] = '\0';
			in->token_from_id = 1;
		}
	} else if (in->token_chat)
		in->token_kind = MAIL_KIND_CHAT;
	else if (in->token[0] && in->token_board >= 0)
		in->token_kind = MAIL_KIND_BOARD;
	in->token_chat = in->token_kind == MAIL_KIND_CHAT;
}

void intake_find(const char *subject, const char *body, struct intake *in)
{
	intake_find_reply(subject, NULL, NULL, body, in);
}

void intake_find_reply(const char *subject, const char *in_reply_to,
                       const char *references, const char *body,
                       struct intake *in)
{
	const char *stripped = NULL, *p;
	char *own = quoting_own_text(body);
	int greeted = 0;  /* a greeting passed over (one at most) */

	memset(in, 0, sizeof *in);
	in->token_board = -1;
	if (subject) {
		subject = reply_strip_prefixes(subject);
		stripped = subject;
		intake_token(subject, in);
	}
	intake_thread(in_reply_to, references, in);
	if (subject) {
		intake_split_words(subject, in);
		drop_stars(in);
		if (subject_is_command(in)) {
			in->comment = comment_from(own);
			intake_mask_passwords(in);
			free(own);
			return;
		}
		intake_free_words(in);
	}
	/* The first line of the writer's own text is the command, wherever
	 * it stands: above the quote, below it, or between quoted blocks
	 * (quoting.h); the rest of that text is the comment.  In a reply to
	 * a board mail a greeting before it ("Hi alice,") is passed over
	 * when another line follows. */
	for (p = own; *p; ) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (!greeted && !blank(p, len) && in->token_board >= 0 &&
		    !in->token_chat && nl && !blank(nl + 1, strlen(nl + 1)) &&
		    greeting(p, len)) {
			greeted = 1;
			p += len + 1;
			continue;
		}
		if (!blank(p, len)) {
			char *line = xstrndup(p, len);
			intake_split_words(line, in);
			free(line);
			drop_move_word(in);
			/* a reply to a chat may be a chat: all of it (tokens.c
			 * skips the first line when it is a move) */
			in->comment = comment_from(in->token_chat ? p
			                           : p + len + (nl ? 1 : 0));
			intake_mask_passwords(in);
			free(own);
			return;
		}
		p += len + (nl ? 1 : 0);
	}
	free(own);
	in->comment = xstrdup("");
	if (stripped) {
		intake_split_words(stripped, in);
		drop_stars(in);
		if (subject_misprefixed(in))
			intake_mask_passwords(in);
		else
			intake_free_words(in);
	}
}

static void intake_free_words(struct intake *in)
{
	int i;

	for (i = 0; i < in->argc; i++)
		free(in->argv[i]);
	in->argc = 0;
}

void intake_free(struct intake *in)
{
	intake_free_words(in);
	free(in->comment);
	in->argc = 0;
	in->comment = NULL;
}
