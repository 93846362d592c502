/*
 * tokens.c - reply-to-move tokens (SPEC section 2, beyond pbmserv).
 *
 * Every board mail to a player ends its subject with a secret token for
 * that player and board:
 *
 *   Subject: Epaminondas Board 101 alice [#k3f7x2ab7q4mz5ne]
 *
 * Mail clients keep the subject in a reply ("Re: ..."), so a reply whose
 * first body line is just a move ("e3-e7", "e3-e7#12") or a vote word
 * (propose, undo, accept, reject, resign) is carried out for that player
 * with no userid or password.  The design:
 *
 *   - A token is 16 characters of [a-z2-7] (80 random bits from
 *     getrandom(2)), minted afresh for both players whenever the board
 *     changes and its mail goes out.  So a token is used at most once:
 *     the move it makes mints new ones, and the token of any older mail
 *     is refused with an error that says to reply to the latest mail.
 *     (Tokens of 12 characters, minted before, are still taken.)
 *   - Only a hash of it is kept, in the game file ("token: USERID EPOCH
 *     HASH", gamefile.c), with the player's token epoch (users.h): one
 *     salted SHA-256 (tokenhash.h), or the crypt(3) hash of older files.
 *     "set USERID PASSWORD token new" moves the epoch on, which voids
 *     every token sent to the player so far.
 *   - Why 80 bits: with one SHA-256 per guess instead of 1,000 rounds of
 *     sha256-crypt, whoever reads a game file (a stolen backup, say) can
 *     test guesses about a thousand times faster.  Against 60 bits a
 *     current GPU (some 2^34 SHA-256 a second) needs about 2^25 seconds,
 *     a year, for one token: a few hundred rented GPUs would forge a
 *     move within a token's life (days).  80 bits make that a million
 *     times more, far out of reach, for 4 more characters in a subject.
 *     Guessing by mail is hopeless at either length.
 *   - The board and game come from the subject ("Epaminondas Board
 *     101"); the token tells which player is replying.
 *   - Tokens go to players only: observers, show and preview mails never
 *     carry one, and no log line holds a subject or a token.
 */
#include "util/log.h"
#include "cmd/cmd.h"
#include "cmd/intake.h"
#include "cmd/tokenhash.h"
#include "spool/spool.h"
#include "spool/users.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

#define TOKEN_LEN 16        /* 80 bits: see the top of this file */

_Static_assert(TOKEN_LEN < sizeof ((struct cmdctx *)0)->tokens[0] &&
               TOKEN_LEN < INTAKE_TOKEN_MAX, "a token fits where it is kept");
_Static_assert(TOKEN_HASH_MAX < sizeof ((struct game *)0)->token_hash[0],
               "a token hash fits in the game record");

#define TOKEN_USAGE "Reply to your latest board mail, keeping its subject,\n" \
	"with only the move (or propose, undo, accept, reject, resign) on the\n" \
	"first line of the body:\n" \
	"  e3-e7\n" \
	"  e3-e7#12     (#N, optional: the number of the move you make)\n" \
	"Or send the whole command as the subject:\n" \
	"  GAME move BOARD USERID PASSWORD MOVE[#N]"

int tokens_random(char *out, int len)
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
	unsigned char r[64];
	int i;

	if (len < 1 || len > (int)sizeof r ||
	    getrandom(r, (size_t)len, 0) != (ssize_t)len)
		return -1;
	for (i = 0; i < len; i++)
		out[i] = alphabet[r[i] & 31];
	out[len] = '\0';
	explicit_bzero(r, sizeof r);
	return 0;
}

/* A fresh token into out (TOKEN_LEN + 1 bytes).  0, or -1 without
 * randomness. */
static int token_new(char *out)
{
	return tokens_random(out, TOKEN_LEN);
}

void tokens_mint(struct cmdctx *c, struct game *g)
{
	const char *player[2] = { g->white, g->black };
	int i;

	c->have_tokens = 1;
	for (i = 0; i < 2; i++) {
		c->tokens[i][0] = '\0';
		g->token_hash[i][0] = '\0';
	}
	/* A game that is over takes no more replies. */
	if (g->state != GAME_ACTIVE && g->state != GAME_CHALLENGED)
		return;
	for (i = 0; i < 2; i++) {
		struct user u;
		char *err = NULL, *hash;
		if (user_load(c->cfg->spool, player[i], &u, &err) != 0) {
			free(err);
			continue;
		}
		if (user_confirmed(&u) && token_new(c->tokens[i]) == 0 &&
		    (hash = token_hash_new(c->tokens[i])) != NULL) {
			snprintf(g->token_hash[i], sizeof g->token_hash[i], "%s", hash);
			g->token_epoch[i] = u.token_epoch;
			free(hash);
		} else {
			if (user_confirmed(&u))
				log_msg(LOG_WARNING, "no reply token for %s: %s\n",
				        player[i], "no randomness");
			c->tokens[i][0] = '\0';
		}
		user_free(&u);
	}
}

/* The player of b whose token matches, with a current epoch: 0 White,
 * 1 Black, -1 none, -2 I/O trouble (logged). */
static int token_player(struct cmdctx *c, const struct game *g,
                        const char *token)
{
	const char *player[2] = { g->white, g->black };
	int i;

	for (i = 0; i < 2; i++) {
		struct user u;
		char *err = NULL;
		int rc, ok;
		if (!token_hash_matches(g->token_hash[i], token))
			continue;
		rc = user_load(c->cfg->spool, player[i], &u, &err);
		if (rc < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			return -2;
		}
		if (rc > 0)
			return -1;
		ok = user_confirmed(&u) && u.token_epoch == g->token_epoch[i];
		if (ok)
			auth_proved(c, &u);
		user_free(&u);
		return ok ? i : -1;
	}
	return -1;
}

int tokens_owner(struct cmdctx *c, const struct intake *in, char *userid)
{
	const char *player[2];
	struct game g;
	char *err = NULL;
	int i, rc, found = 0;

	userid[0] = '\0';
	for (i = 0; spool_games[i]; i++)
		if (strcasecmp(in->token_game, spool_games[i]) == 0)
			break;
	if (!spool_games[i] || in->token_board < 0)
		return 0;
	rc = game_load(&g, c->cfg->spool, spool_games[i], in->token_board, &err);
	if (rc < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	if (rc > 0)
		return 0;
	player[0] = g.white;
	player[1] = g.black;
	for (i = 0; i < 2 && !found; i++) {
		struct user u;
		if (!token_hash_matches(g.token_hash[i], in->token))
			continue;
		rc = user_load(c->cfg->spool, player[i], &u, &err);
		if (rc < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			game_free(&g);
			return -1;
		}
		if (rc > 0)
			break;
		if (user_confirmed(&u) && u.token_epoch == g.token_epoch[i]) {
			auth_proved(c, &u);
			snprintf(userid, 32, "%s", u.userid);
			found = 1;
		}
		user_free(&u);
		break;
	}
	game_free(&g);
	return found;
}

enum cmd_status cmd_token_reply(struct cmdctx *c, const struct intake *in)
{
	struct board_ctx b;
	enum cmd_status st;
	char word[64];
	int side, i;

	for (i = 0; spool_games[i]; i++)
		if (strcasecmp(in->token_game, spool_games[i]) == 0)
			break;
	if (!spool_games[i] || in->token_board < 0)
		return cmd_refuse(c, TOKEN_USAGE, "your subject carries a reply "
		                  "token but names no board (it should read like "
		                  "\"Re: Epaminondas Board 101 alice [#...]\")");
	/* move_words: "e12 e10", "c2-c4 #13", "c2-c4." are one move. */
	if (in->argc < 1 || move_words(in->argv, in->argc, word,
	                               sizeof word) != in->argc)
		return cmd_refuse(c, TOKEN_USAGE, "a reply to a board mail gives "
		                  "just the move on the first line of the body, "
		                  "with nothing after it on that line");
	st = board_lock_load(c, spool_games[i], in->token_board, TOKEN_USAGE, &b);
	if (st != CMD_DONE)
		return st;
	side = token_player(c, &b.g, in->token);
	if (side == -2) {
		board_close(&b);
		return CMD_TEMPFAIL;
	}
	if (side < 0) {
		st = board_refuse(c, &b.g, TOKEN_USAGE, "the reply token in your "
		                  "subject is not (or no longer) valid for board "
		                  "%ld: each token works once, and only the one in "
		                  "the latest board mail to you does.  Nothing was "
		                  "played", b.g.board);
		board_close(&b);
		return st;
	}
	snprintf(b.userid, sizeof b.userid, "%s", side == 0 ? b.g.white : b.g.black);
	st = move_on_board(c, &b, word);
	board_close(&b);
	return st;
}
