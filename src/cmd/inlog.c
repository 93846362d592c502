/*
 * inlog.c - the one key=value log line of each incoming mail (inlog.h).
 */
#include "cmd/inlog.h"
#include "spool/spool.h"
#include "util/buf.h"
#include "util/log.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define RECEIVED_MAX 2048  /* bytes of the unfolded header looked at */
#define REASON_MAX 161     /* bytes of a refusal's reason logged, + NUL */

/* The unfolded value of the first Received header of raw[0..len) into
 * out[0..n), or "" when the header block has none. */
static void first_received(const char *raw, size_t len, char *out, size_t n)
{
	size_t i = 0, k = 0;
	const char *nl;

	out[0] = '\0';
	/* line by line through the header block, up to its empty line */
	while (i < len && raw[i] != '\n' && raw[i] != '\r') {
		if (len - i > 9 && strncasecmp(raw + i, "Received:", 9) == 0)
			break;
		nl = memchr(raw + i, '\n', len - i);
		if (!nl)
			return;
		i = (size_t)(nl - raw) + 1;
	}
	if (i >= len || raw[i] == '\n' || raw[i] == '\r')
		return;
	for (i += 9; i < len && k + 1 < n; i++) {
		if (raw[i] == '\n' && !(i + 1 < len && (raw[i + 1] == ' ' ||
		                                        raw[i + 1] == '\t')))
			break;
		out[k++] = raw[i] == '\r' || raw[i] == '\n' || raw[i] == '\t'
		           ? ' ' : raw[i];
	}
	out[k] = '\0';
}

/* The "[IP]" our MTA wrote for the client in the Received value h,
 * cut at its first " by " (after it is by: what our MTA wrote of
 * itself).  Postfix and Sendmail write "from HELO (RDNS [IP])": the HELO
 * name, the client's own word (no blank), comes first, so the address is
 * the last "[" (as in Dovecot's "from HOST ([IP])").  Exim writes "from
 * [IP] (helo=HELO)" or "from RDNS ([IP] helo=HELO)": there the HELO name,
 * which may be "[198.51.100.7]", an innocent address, comes last, so the
 * address is the first "[".  qmail's "(HELO NAME) (IP)" has no bracket
 * of its own: one inside "(HELO ...)" is never taken.  The '[', or
 * NULL. */
static char *client_bracket(char *h, const char *by)
{
	char *open, *paren;

	if (strncasecmp(h + strspn(h, " "), "from ", 5) != 0)
		return NULL;
	if (strcasestr(by, "(Exim "))
		return strchr(h, '[');
	open = strrchr(h, '[');
	if (!open)
		return NULL;
	for (paren = open; paren > h && *paren != '('; paren--)
		;
	return strncasecmp(paren, "(HELO ", 6) == 0 ? NULL : open;
}

void inlog_client(const char *raw, size_t len, char *out, size_t n)
{
	char h[RECEIVED_MAX], *by, *open, *close, *ip;
	size_t l;

	out[0] = '\0';
	first_received(raw, len, h, sizeof h);
	by = strstr(h, " by ");
	if (!by)
		return;
	*by = '\0';
	open = client_bracket(h, by + 1);
	close = open ? strchr(open, ']') : NULL;
	if (!close)
		return;
	*close = '\0';
	ip = open + 1;
	if (strncasecmp(ip, "IPv6:", 5) == 0)
		ip += 5;
	l = strlen(ip);
	if (l == 0 || l >= n || strspn(ip, "0123456789abcdefABCDEF.:") != l)
		return;
	memcpy(out, ip, l + 1);
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
			size_t l = strlen(in->argv[i]);
			if (l > best && strncmp(p, in->argv[i], l) == 0)
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
		snprintf(game, n, "%s", in->token_game);
		snprintf(board, n, "%ld", in->token_board);
	}
	if (in->argc == 0) {
		if (in->token[0])
			snprintf(verb, n, "reply");
		return;
	}
	if (spool_is_game(in->argv[0])) {
		snprintf(game, n, "%.15s", in->argv[0]);
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
	else if (cmd_known(in->argv[0]))
		snprintf(verb, n, "%.20s", in->argv[0]);
	else
		snprintf(verb, n, "unknown");
	if (in->token[0] && !cmd_known(in->argv[0]))
		snprintf(verb, n, "reply");
}

void inlog_note_created(struct cmdctx *c, long board)
{
	size_t len = strlen(c->created);
	char num[24];
	int n;

	n = snprintf(num, sizeof num, "%s%ld", len ? "," : "", board);
	if (n > 0 && len + (size_t)n < sizeof c->created)
		memcpy(c->created + len, num, (size_t)n + 1);
}

void inlog_line(const struct cmdctx *c, const struct intake *in,
                const char *client, const char *outcome, const char *reason)
{
	struct buf b = BUF_INIT, why = BUF_INIT;
	char verb[32], game[32], board[32], id[210], mails[16], text[REASON_MAX];
	const char *user = c->auth_userid[0] ? c->auth_userid : c->sender_player;

	command_of(in, verb, game, board, sizeof verb);
	snprintf(id, sizeof id, "<%.200s>", c->mail && c->mail->message_id ?
	         c->mail->message_id : "");
	snprintf(mails, sizeof mails, "%d", c->nout);
	if (!reason)
		reason = buf_str(&c->error);
	if (*reason)
		scrub(&why, reason, in, c);
	/* one sentence is enough to grep; the reply has the rest */
	snprintf(text, sizeof text, "%s", buf_str(&why));
	text[strcspn(text, "\n")] = '\0';
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
	buf_free(&b);
	buf_free(&why);
}
