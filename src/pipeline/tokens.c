/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tokens.c - reply-to-move tokens (SPEC section 2, beyond pbmserv).
 *
 * Every board mail to a player carries a secret token for that player
 * and board in its Message-ID (threadid.h; issue 30), its subject being
 * the game's one subject, the same in every mail of the game:
 *
 *   Subject: Epaminondas Board 101 (alice v bob)
 *   Message-ID: <epamserv.3f2a...9c.0.board.epaminondas.101.k3f7x2ab7q4mz5ne.TAG@DOMAIN>
 *
 * A reply names that Message-ID in In-Reply-To (and References), so a
 * reply whose first line of own text (quoting.h) is just a move
 * ("e3-e7", "e3-e7#12"), a vote word
 * (propose, undo, accept, reject, resign) or "queue MOVE" (the waiting
 * player's move, played after the opponent's: pending.c) is carried out
 * for that player with no userid or password; so are "claim" and the
 * forms of tokenform.h that act on that board (the account forms need
 * an account token).  The design:
 *
 *   - A token is 16 characters of [a-z2-7]: 80 bits of
 *     HMAC-SHA256(SPOOL/secret, "epamserv reply token v1", GAME, USERID,
 *     BOARD, EPOCH, PLY), each field NUL-separated (secret.h holds the
 *     key; the label keeps these MACs apart from the Message-ID tags
 *     made with the same key).  PLY is the number of moves played.  So
 *     a token is derived, never stored: every mail to a player at one
 *     position (the board mail, a reminder, a show, a queue or submit
 *     answer, a chat, an error reply) carries the same valid token, and
 *     the move it makes (ply + 1) voids it, with an error that says to
 *     reply to the latest mail.  An undo brings back the token of the
 *     position it returns to.  A game that is over takes none.
 *   - "set USERID PASSWORD token new" moves the player's token epoch
 *     (users.h) on, which voids every token sent to the player so far.
 *   - Upgrade: game files written before hold a hash of the token of
 *     the latest board mail ("token: USERID EPOCH HASH", gamefile.c;
 *     salted SHA-256, or crypt(3): tokenhash.h).  That token is still
 *     taken, with a current epoch, until the board next changes: then
 *     the hash is dropped (tokens_drop_stored) and only derived tokens
 *     work.  Nothing is minted or stored any more.
 *   - Why 80 bits: with one SHA-256 per guess instead of 1,000 rounds of
 *     sha256-crypt, whoever reads a game file (a stolen backup, say) can
 *     test guesses about a thousand times faster.  Against 60 bits a
 *     current GPU (some 2^34 SHA-256 a second) needs about 2^25 seconds,
 *     a year, for one token: a few hundred rented GPUs would forge a
 *     move within a token's life (days).  80 bits make that a million
 *     times more, far out of reach, for 4 more characters in a subject.
 *     Guessing by mail is hopeless at either length.
 *   - The board and game come from the Message-ID with the token; the
 *     token tells which player is replying.  A Message-ID names the
 *     kind of mail too (board, chat, reminder, notice, error: struct
 *     intake's token_kind), so a reply to a chat is read as one.
 *   - Mails sent before issue 30 ended their subject with the token
 *     ("Subject: Epaminondas Board 101 alice [#k3f7x2ab7q4mz5ne]"), and
 *     the HTML part's answer links (a new mail, which names no mail it
 *     answers) still do: such a subject's token and board are read when
 *     the mail answers no Message-ID of ours with a token (intake.c).
 *   - Whoever has a mail's token can use it (a bearer token): a player
 *     who forwards a board mail gives the token away, as a forwarded
 *     subject did before.  An inline forward copies no Message-ID, so
 *     it gives away less than the subject did.  The TAG of the
 *     Message-ID (secret.h) binds it to the recipient's address for
 *     delivery reports, and for the References chain (reply.c); it is
 *     not needed to prove the player, so a reply from another address
 *     of his works as it did.
 *   - Tokens go to players only, at an address on file: observers and
 *     previews never get one, a show, showas, queue, submit or error
 *     reply only when the mail it answers proved that player (password
 *     or token), a reminder and a chat always (they go to the address
 *     on file and answer no one).  No log line holds a subject, a token
 *     or one of our Message-IDs with a token.
 */
#include "util/log.h"
#include "commands/cmd.h"
#include "commands/accounts/leave.h"
#include "pipeline/intake.h"
#include "services/tokenhash.h"
#include "pipeline/tokenform.h"
#include "pipeline/tokens.h"
#include "spool/secret.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/util.h"

#include <nettle/memops.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <strings.h>
#include <stdint.h>

#define TOKEN_LEN REPLY_TOKEN_LEN  /* 80 bits: see the top of this file */

_Static_assert(TOKEN_LEN < INTAKE_TOKEN_MAX, "a token fits where it is kept");
_Static_assert(TOKEN_HASH_MAX < sizeof ((struct game *)0)->token_hash[0],
               "a token hash fits in the game record");

/* The usage text of the refusals below (translated where used). */
static const char token_usage_text[] =
	/* TRANSLATORS: keep the command words, GAME, BOARD, USERID, PASSWORD and
	 * MOVE as they are: what a player types. */
	N_("Reply to your latest mail about the board (your mail\n"
	"program's Reply: it tells which mail you answer) with only the\n"
	"move (or propose, undo, accept, reject, resign, claim, or\n"
	"confirm after submit) on the first line you write, above or\n"
	"below the quoted mail:\n"
	"  e3-e7\n"
	"  e3-e7#12     (#N, optional: the number of the move you make)\n"
	"  queue e3-e7  (while the other player is to move: played right\n"
	"               after their next move; queue off drops it)\n"
	"  conditional e3-e4 e11-e10 ...  (or list, off: conditional moves)\n"
	"Or send the whole command as the subject:\n"
	"  GAME move BOARD USERID PASSWORD MOVE[#N][!]");
#define TOKEN_USAGE _(token_usage_text)

/* Whether token (untrusted) is u's on g, side i: the derived one, or
 * the hash an older game file kept (with u's current epoch).  1 yes,
 * 0 no, -1 when the secret cannot be had. */
static int token_is(struct cmdctx *c, const struct game *g, int i,
                    const struct user *u, const char *token)
{
	char mine[TOKEN_LEN + 1];
	int rc = tokens_of(&c->s, g, u, mine);

	if (rc < 0)
		return -1;
	if (rc == 0 && strlen(token) == TOKEN_LEN &&
	    memeql_sec(mine, token, TOKEN_LEN))
		return 1;
	return user_confirmed(u) && g->token_hash[i][0] &&
	       u->token_epoch == g->token_epoch[i] &&
	       token_hash_matches(g->token_hash[i], token);
}

int tokens_is_of(struct cmdctx *c, const struct game *g, int side,
                 const struct user *u, const char *token)
{
	return token_is(c, g, side, u, token);
}

/* The player of g whose token matches, with a current epoch: 0 White,
 * 1 Black, -1 none, -2 I/O trouble (logged).  With a player, the
 * sender is proved (auth_proved) and userid (32 bytes, or NULL) holds
 * the player's userid. */
static int token_player(struct cmdctx *c, const struct game *g,
                        const char *token, char *userid)
{
	const char *player[2] = { g->white, g->black };
	int i;

	for (i = 0; i < 2; i++) {
		struct user u;
		char *err = NULL;
		int rc = user_load(c->s.cfg->spool, player[i], &u, &err);
		if (rc < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			return -2;
		}
		if (rc > 0)
			continue;
		rc = token_is(c, g, i, &u, token);
		if (rc == 1) {
			auth_proved(c, &u);
			if (userid)
				snprintf(userid, 32, "%s", u.userid);
		}
		user_free(&u);
		if (rc != 0)
			return rc == 1 ? i : -2;
	}
	return -1;
}

int tokens_owner(struct cmdctx *c, const struct intake *in, char *userid)
{
	struct game g;
	char *err = NULL;
	int i, rc;

	userid[0] = '\0';
	for (i = 0; spool_games[i]; i++)
		if (strcasecmp(in->token_game, spool_games[i]) == 0)
			break;
	if (!spool_games[i] || in->token_board < 0)
		return 0;
	rc = game_load(&g, c->s.cfg->spool, spool_games[i], in->token_board, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	if (rc > 0)
		return 0;
	rc = token_player(c, &g, in->token, userid);
	game_free(&g);
	return rc == -2 ? -1 : rc >= 0;
}

/* The board of b to the token's player alone, with the token. */
static enum cmd_status token_show(struct cmdctx *c, struct board_ctx *b)
{
	struct txn *t = svc_txn(&c->s, b->key);
	char headline[128];
	enum cmd_status st;

	snprintf(headline, sizeof headline, _("Board %ld as it stands."),
	         b->g.board);
	st = reply_board(&c->s, t, &b->g, headline, "", NULL, c->sender);
	if (st != CMD_DONE) {
		txn_abort(t);
		return st;
	}
	return svc_commit(&c->s, t);
}

/* A reply to a chat mail of board in->token_board of game: the whole
 * reply (c->s.comment, intake.c) is a chat of the token's player. */
static enum cmd_status token_chat(struct cmdctx *c, const char *game,
                                  const struct intake *in)
{
	struct game g;
	char userid[32], *err = NULL;
	enum cmd_status st;
	int rc = game_load(&g, c->s.cfg->spool, game, in->token_board, &err);

	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return CMD_TEMPFAIL;
	}
	if (rc > 0)
		/* TRANSLATORS: a game's name and a board number. */
		return cmd_refuse(c, TOKEN_USAGE, _("there is no %s board %ld"),
		                  game, in->token_board);
	rc = token_player(c, &g, in->token, userid);
	if (rc == -2)
		st = CMD_TEMPFAIL;
	else if (rc < 0) {
		c->refusal_key = "bad-token";
		st = board_refuse(c, &g, TOKEN_USAGE, _("the reply token of the "
		                  "mail you answered is not (or no longer) valid "
		                  "for board %ld: a token works only at the "
		                  "position it was sent at.  Nothing was sent"),
		                  g.board);
	} else
		st = chat_on_board(c, &g, userid);
	game_free(&g);
	return st;
}

static int reply_is_move(const struct intake *in);

/* Whether in's words are one of the board forms a reply token takes
 * besides a move: "queue MOVE", "conditional ...", "confirm" (the
 * answer to a submit mail of a board; the confirmation request of an
 * address names no board), "show" (the board again). */
static int token_board_form(const struct intake *in)
{
	if (in->token_board < 0 || in->argc < 1)
		return 0;
	if (in->argc >= 2 && in->argc <= 3 &&
	    strcasecmp(in->argv[0], "queue") == 0)
		return 1;
	if (in->argc >= 2 && strcasecmp(in->argv[0], "conditional") == 0)
		return 1;
	return in->argc == 1 && (strcasecmp(in->argv[0], "confirm") == 0 ||
	                         strcasecmp(in->argv[0], "show") == 0);
}

/* Whether in's words are something a board's reply token acts on, not
 * words to the other player: a move alone ("e3-e7", "e12 e10",
 * "e3-e7#12!"), a vote word or resign ("Accept."), pass or swap (which
 * get their own refusal), a token form (tokenform.h: claim ...) or a
 * board form (token_board_form). */
static int token_words_act(const struct intake *in)
{
	char word[64];
	size_t n;

	if (tokenform_is(in) || token_board_form(in))
		return 1;
	if (in->argc < 1 || in->argc > 2 ||
	    move_words(in->argv, in->argc, word, sizeof word) != in->argc)
		return 0;
	n = strlen(word);
	if (n > 0 && word[n - 1] == '!')
		word[--n] = '\0';
	return answer_word(word) || strcmp(word, "pass") == 0 ||
	       strcmp(word, "swap") == 0 ||
	       reply_is_move(in);
}

/* The comment after its first non-blank line (and the blank lines
 * after that): a reply to a chat that is a move relays the rest. */
static const char *after_first_line(const char *s)
{
	const char *nl;

	s += strspn(s, " \t\r\n");
	nl = strchr(s, '\n');
	if (!nl)
		return s + strlen(s);
	return nl + 1 + strspn(nl + 1, " \t\r\n");
}

int tokens_reply(const struct intake *in)
{
	if (!in->token[0])
		return 0;
	if (tokenform_is(in))
		return 1;  /* claim, vacation ...: tokenform.h */
	/* A reply to a chat: a full game command ("epaminondas move 101
	 * ...") is run as sent; any other words are a move (or a command
	 * a reply takes) or a chat, cmd_token_reply decides. */
	if (in->token_chat)
		return !(in->argc >= 2 && spool_is_game(in->argv[0]) &&
		         cmd_game_verb_known(in->argv[1]));
	if (in->argc == 0 || !cmd_known(in->argv[0]))
		return 1;
	return token_board_form(in);
}

enum cmd_status cmd_token_reply(struct cmdctx *c, const struct intake *in)
{
	struct board_ctx b;
	enum cmd_status st;
	size_t before;
	char word[64];
	int side, i, queue, cond;

	/* A reply to a chat does what its words mean: a move, or a command
	 * a reply takes, is played (the rest of the text is its comment);
	 * anything else is a chat (token_chat, below). */
	if (in->token_chat && token_words_act(in))
		c->s.comment = after_first_line(c->s.comment ? c->s.comment : "");
	/* A command a token proves, or any other words in reply to a mail
	 * that carries an account token: tokenform.c answers. */
	if (tokenform_is(in) || (in->token_board < 0 && in->token_user[0]))
		return tokenform_run(c, in);
	for (i = 0; spool_games[i]; i++)
		if (strcasecmp(in->token_game, spool_games[i]) == 0)
			break;
	if (!spool_games[i] || in->token_board < 0)
		return cmd_refuse(c, TOKEN_USAGE, _("your mail carries a reply "
		                  "token but names no board: reply to the latest "
		                  "mail about the board"));
	if (in->token_chat && !token_words_act(in))
		return token_chat(c, spool_games[i], in);
	/* "queue MOVE": the rules of the queue command (pending.c). */
	queue = in->argc >= 2 && strcasecmp(in->argv[0], "queue") == 0;
	/* "conditional ...": a line, list or off (conditional.c). */
	cond = in->argc >= 2 && strcasecmp(in->argv[0], "conditional") == 0;
	/* Words that are no move: a reply to any mail of a board but a
	 * chat is not relayed (chat_on_board is for that). */
	if (!cond && !queue && in->argc > 0 && !token_words_act(in) &&
	    !reply_is_move(in))
		/* TRANSLATORS: %.40s is what the player wrote; the words in
		 * brackets, chat and help chat are commands: keep them as
		 * they are. */
		return cmd_refuse(c, TOKEN_USAGE, _("'%.40s' is not a move: a reply "
		                  "to a mail about a board is read as a move or a "
		                  "command (propose, accept, reject, undo, resign, "
		                  "claim, queue), written on the first line of your "
		                  "own text, above or below the quoted mail.  Only "
		                  "a reply to a chat mail is passed on as a chat; "
		                  "to write to the other player, send the chat "
		                  "command (help chat).  Nothing was done"),
		                  in->argv[0]);
	/* move_words: "e12 e10", "c2-c4 #13", "c2-c4." are one move. */
	if (!cond && (in->argc < 1 ||
	              move_words(in->argv + queue, in->argc - queue, word,
	                         sizeof word) != in->argc - queue))
		return cmd_refuse(c, TOKEN_USAGE, _("a reply to a board mail gives "
		                  "just the move on the first line of the body, "
		                  "with nothing after it on that line"));
	st = board_lock_load(c, spool_games[i], in->token_board, TOKEN_USAGE, &b);
	if (st != CMD_DONE)
		return st;
	side = token_player(c, &b.g, in->token, NULL);
	if (side == -2) {
		board_close(&b);
		return CMD_TEMPFAIL;
	}
	if (side < 0) {
		c->refusal_key = "bad-token";
		st = board_refuse(c, &b.g, TOKEN_USAGE, _("the reply token of "
		                  "the mail you answered is not (or no longer) valid "
		                  "for board %ld: a token works only at the "
		                  "position it was sent at, so reply to the latest "
		                  "mail about the board.  Nothing was played"),
		                  b.g.board);
		board_close(&b);
		return st;
	}
	snprintf(b.userid, sizeof b.userid, "%s", side == 0 ? b.g.white : b.g.black);
	before = b.g.nmoves;
	/* The answer to a submit mail; "show": the board again. */
	if (cond)
		st = conditional_on_board(c, &b, in->argc - 1, in->argv + 1);
	else if (queue)
		st = queue_on_board(c, &b, word);
	else if (strcasecmp(word, "confirm") == 0)
		st = confirm_on_board(c, &b);
	else if (strcasecmp(word, "show") == 0)
		st = token_show(c, &b);
	else
		st = move_on_board(c, &b, word);
	leave_board_close(c, &b, before, st);
	return st;
}

/* Length of a square ("e3", "E12") at the start of p, or 0. */
static size_t square_len(const char *p)
{
	size_t n = 1;

	if (!isalpha((unsigned char)p[0]) || !isdigit((unsigned char)p[1]))
		return 0;
	while (n < 3 && isdigit((unsigned char)p[n]))
		n++;
	return n;
}

/* Whether word reads as a move: two squares, with '-', 'x' or ':'
 * between or nothing, maybe "#N" and a closing mark. */
static int looks_like_move(const char *word)
{
	size_t n = square_len(word);
	const char *p = word + n;

	if (!n || !*p)
		return 0;
	if (*p == '-' || *p == 'x' || *p == 'X' || *p == ':')
		p++;
	if (!(n = square_len(p)))
		return 0;
	p += n;
	if (*p == '#')
		for (p++; isdigit((unsigned char)*p); p++)
			;
	return !*p || (strchr("!.,;", *p) && !p[1]);
}

/* Whether in's first words read as a move, written as move_words
 * (move.c) reads them: a dash of any kind for '-' ("e3\u2013e7", issue
 * 30), "e12 e10", "e2 - e3", "e3-e7 #12". */
static int reply_is_move(const struct intake *in)
{
	char buf[64];

	if (in->argc < 1 || move_words(in->argv, in->argc, buf, sizeof buf) < 0)
		return 0;
	return looks_like_move(buf);
}

/* The board a subject names ("Re: Epaminondas Board 101 bob"): its
 * number, and in *game its game (a spool_games name); -1 when it names
 * none. */
static long subject_board(const char *subject, const char **game)
{
	struct intake w;
	char num[UTIL_BOARD_DIGITS + 8];  /* a word cut here is no number */
	long board = -1;
	size_t k;
	int i;

	if (!subject)
		return -1;
	memset(&w, 0, sizeof w);
	intake_split_words(reply_strip_prefixes(subject), &w);
	for (i = 0; w.argc >= 3 && spool_games[i]; i++)
		if (strcasecmp(w.argv[0], spool_games[i]) == 0 &&
		    strcasecmp(w.argv[1], "board") == 0) {
			snprintf(num, sizeof num, "%s", w.argv[2]);
			k = strlen(num);
			if (k > 1 && num[k - 1] == ':')
				num[k - 1] = '\0';
			board = util_board_number(num);
			*game = spool_games[i];
			break;
		}
	intake_free(&w);
	return board;
}

/* The userid of the one player of g whose confirmed address the mail's
 * From is, into userid (32 bytes), or "" (none, both, or From is no
 * player's address: the reply then goes to an address not on file). */
static void sender_on_board(struct cmdctx *c, const struct game *g,
                            char *userid)
{
	const char *player[2] = { g->white, g->black };
	const char *from = c->mail ? c->mail->from_addr : NULL;
	int i, n = 0;

	userid[0] = '\0';
	if (!from || !c->sender_player[0] || !c->sender ||
	    strcmp(c->sender, from) != 0)
		return;
	for (i = 0; i < 2 && !(i == 1 && strcmp(player[0], player[1]) == 0);
	     i++) {
		struct user u;
		char *err = NULL;
		int rc = user_load(c->s.cfg->spool, player[i], &u, &err);
		free(err);
		if (rc != 0)
			continue;
		if (user_confirmed(&u) && user_find_address(&u, from) >= 0) {
			snprintf(userid, 32, "%s", u.userid);
			n++;
		}
		user_free(&u);
	}
	if (n != 1)
		userid[0] = '\0';
}

enum cmd_status tokens_lost(struct cmdctx *c, const struct intake *in)
{
	char word[32], move[64], userid[32] = "", *err = NULL;
	const char *game = NULL;
	long board;
	struct game g;

	if (in->token[0] || in->argc < 1 || in->argc > 3 ||
	    cmd_known(in->argv[0]) ||
	    !reply_is_move(in))
		return CMD_DONE;
	snprintf(word, sizeof word, "%s", in->argv[0]);
	board = subject_board(c->mail ? c->mail->subject : NULL, &game);
	/* The subject names a board that exists: the concrete command,
	 * with the move sent (the sender's userid only when From is one
	 * player's address of that board; never a token). */
	if (board >= 0 && move_words(in->argv, in->argc, move, sizeof move) > 0 &&
	    game_load(&g, c->s.cfg->spool, game, board, &err) == 0) {
		sender_on_board(c, &g, userid);
		game_free(&g);
		/* TRANSLATORS: %1$s is the move written; then the command
		 * to send: a game's name, a board number, a userid and the
		 * move again.
		 * Keep the command words and PASSWORD as they are: what a
		 * player types. */
		return cmd_refuse(c, TOKEN_USAGE, _("'%1$s' looks like a move, "
		                  "but your mail carries no reply token: it answers "
		                  "no mail of ours that carries one, or your mail "
		                  "program did not say which mail it answers.  "
		                  "Nothing was played.  Use Reply on the latest mail "
		                  "about the board, or send the whole command as the "
		                  "subject:\n"
		                  "    %2$s move %3$ld %4$s PASSWORD %5$s"), word, game,
		                  board,
		                  userid[0] ? userid : "USERID", move);
	}
	free(err);
	/* TRANSLATORS: keep the command words, GAME, BOARD, USERID,
	 * PASSWORD and MOVE as they are: what a player types. */
	return cmd_refuse(c, TOKEN_USAGE, _("'%s' looks like a move, but your "
	                  "mail carries no reply token: it answers no mail of "
	                  "ours that carries one, or your mail program did not "
	                  "say which mail it answers.  Use Reply on the latest "
	                  "mail about the board, or send the whole command "
	                  "(nothing was played):\n    GAME move BOARD USERID "
	                  "PASSWORD MOVE"), word);
}
