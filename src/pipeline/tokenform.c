/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tokenform.c - commands proved by a token instead of a password (see
 * tokenform.h).
 *
 * The design: a form is read into the words of the full command, with
 * the token's player as USERID and auth_token_word as PASSWORD, and
 * run by cmd_run like any mail's command.  cmd_auth takes that word for
 * c->token_userid alone, which only a token checked here sets; the word
 * holds blanks, so no word of a mail is ever it.  So each command keeps
 * its one implementation, its checks and its replies.
 */
#include "pipeline/tokenform.h"
#include "pipeline/dispatch.h"
#include "pipeline/tokens.h"
#include "pipeline/acctoken_owner.h"
#include "services/acctoken.h"
#include "pipeline/intake.h"
#include "pipeline/msgreply.h"
#include "spool/spool.h"
#include "util/log.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The usage text of the refusals below (translated where used). */
static const char tokenform_usage_text[] =
	/* TRANSLATORS: keep the command words, USERID, GAME and BOARD as they are:
	 * what a player types. */
	N_("Reply to a mail of ours that carries your account\n"
	"token (\"- USERID [#...]\" at the end of its subject), keeping\n"
	"the subject, with one of these on the first line of the body:\n"
	"  vacation UNTIL|off         vacation FROM UNTIL\n"
	"  set token new\n"
	"  GAME accept BOARD          GAME decline BOARD\n"
	"  GAME claim BOARD\n"
	"  GAME tournament join NAME  GAME league join\n"
	"A board mail's token takes only claim, and accept, decline or\n"
	"claim of its own board.  Or send the whole command with your\n"
	"userid and password.");
#define TOKENFORM_USAGE _(tokenform_usage_text)

enum tf_kind {
	TF_NONE,
	TF_CLAIM,       /* claim: the board of the subject */
	TF_VACATION,    /* vacation UNTIL|off, vacation FROM UNTIL */
	TF_SET_TOKEN,   /* set token new */
	TF_BOARD_VERB,  /* GAME accept|decline|reject|claim BOARD */
	TF_TOURNAMENT,  /* GAME tournament join NAME */
	TF_LEAGUE,      /* GAME league join */
};

/* Whether w reads as vacation's day or off: "off", or a word that
 * starts with a digit and holds a '-' (cmd_vacation checks the date). */
static int vacation_word(const char *w)
{
	return strcasecmp(w, "off") == 0 ||
	       (isdigit((unsigned char)w[0]) && strchr(w, '-'));
}

/* Whether w is word (any case), maybe with a closing '.' or '!' as
 * people write a word alone on a line ("Claim.", "claim!"). */
static int word_is(const char *w, const char *word)
{
	size_t k = strlen(word);

	return strncasecmp(w, word, k) == 0 &&
	       (w[k] == '\0' || ((w[k] == '.' || w[k] == '!') && w[k + 1] == '\0'));
}

static enum tf_kind tf_kind(const struct intake *in)
{
	char *const *w = in->argv;
	int n = in->argc;

	if (!in->token[0] || n < 1)
		return TF_NONE;
	if (n == 1 && word_is(w[0], "claim"))
		return in->token_board >= 0 ? TF_CLAIM : TF_NONE;
	if (strcasecmp(w[0], "vacation") == 0 &&
	    ((n == 2 && vacation_word(w[1])) ||
	     (n == 3 && vacation_word(w[1]) && vacation_word(w[2]) &&
	      strcasecmp(w[1], "off") != 0)))
		return TF_VACATION;
	if (n == 3 && strcasecmp(w[0], "set") == 0 &&
	    strcasecmp(w[1], "token") == 0 && strcasecmp(w[2], "new") == 0)
		return TF_SET_TOKEN;
	if (n < 3 || !spool_is_game(w[0]))
		return TF_NONE;
	if (n == 3 && (strcasecmp(w[1], "accept") == 0 ||
	               strcasecmp(w[1], "decline") == 0 ||
	               strcasecmp(w[1], "reject") == 0 ||
	               strcasecmp(w[1], "claim") == 0) &&
	    util_board_number(w[2]) >= 0)
		return TF_BOARD_VERB;
	if (n == 4 && strcasecmp(w[1], "tournament") == 0 &&
	    strcasecmp(w[2], "join") == 0)
		return TF_TOURNAMENT;
	if (n == 3 && strcasecmp(w[1], "league") == 0 &&
	    strcasecmp(w[2], "join") == 0)
		return TF_LEAGUE;
	return TF_NONE;
}

int tokenform_is(const struct intake *in)
{
	return tf_kind(in) != TF_NONE;
}

/* Whether form k of in acts on the board of in's token alone: claim,
 * and GAME accept|decline|reject|claim of that same board.  A board
 * mail's token proves only these (and the moves and words of tokens.c):
 * a board mail may be forwarded or read over a shoulder, and its token
 * must not put its player on leave, take seeks, join tournaments or
 * void his tokens. */
static int tf_on_token_board(enum tf_kind k, const struct intake *in)
{
	if (k == TF_CLAIM)
		return 1;
	return k == TF_BOARD_VERB &&
	       strcasecmp(in->argv[0], in->token_game) == 0 &&
	       util_board_number(in->argv[2]) == in->token_board;
}

int tokenform_owner(struct cmdctx *c, const struct intake *in,
                    char *userid)
{
	if (in->token_board >= 0)
		return tokens_owner(c, in, userid);
	return acctoken_owner(c, in, userid);
}

int tokenform_token_of(struct cmdctx *c, const struct intake *in,
                       const struct user *u)
{
	struct game g;
	char *err = NULL;
	const char *game;
	int rc, side;

	if (!in->token[0])
		return 0;
	if (in->token_board < 0)
		return strcmp(in->token_user, u->userid) == 0 &&
		       acctoken_is(&c->s, u, in->token) == 1;
	game = spool_game_named(in->token_game);
	if (!game)
		return 0;
	rc = game_load(&g, c->s.cfg->spool, game, in->token_board, &err);
	if (rc != 0) {
		if (rc < 0)
			log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return rc < 0 ? -1 : 0;
	}
	side = game_side_of(&g, u->userid);
	rc = side >= 0 ? tokens_is_of(c, &g, side, u, in->token) : 0;
	game_free(&g);
	return rc;
}

/* After a refused form proved by a board's token: the error reply
 * carries that board's token (reply_error_token), as a refused move
 * would. */
static void tf_board_token(struct cmdctx *c, const struct intake *in)
{
	const char *game = spool_game_named(in->token_game);
	struct game g;
	char *err = NULL;

	if (!game || c->error_token[0])
		return;
	if (game_load(&g, c->s.cfg->spool, game, in->token_board, &err) != 0) {
		free(err);
		return;
	}
	reply_error_token(c, &g);
	game_free(&g);
}

enum cmd_status tokenform_empty(struct cmdctx *c)
{
	return cmd_refuse(c, TOKENFORM_USAGE, _("your reply has no command in "
	                  "it: write one of those below on the first line of "
	                  "the body.  Nothing was done"));
}

enum cmd_status tokenform_run(struct cmdctx *c, const struct intake *in)
{
	enum tf_kind k = tf_kind(in);
	char userid[32], board[24], *w[8];
	enum cmd_status st;
	int rc, n = 0, i;

	/* Words in reply to a relayed message: an answer to its sender. */
	if (k == TF_NONE && message_reply_is(c, in, userid))
		return msgreply_run(c, in);
	if (k == TF_NONE)
		return cmd_refuse(c, TOKENFORM_USAGE, _("'%.40s' is not a command "
		                  "that the token in your subject proves: a reply "
		                  "to this mail may carry only one of those below.  "
		                  "Nothing was done"), in->argc ? in->argv[0] : "");
	rc = tokenform_owner(c, in, userid);
	if (rc < 0)
		return CMD_TEMPFAIL;
	if (rc == 0) {
		c->refusal_key = "bad-token";
		return cmd_refuse(c, TOKENFORM_USAGE, _("the token in your subject "
		                  "is not (or no longer) valid: reply to the latest "
		                  "mail of ours (a board mail's token works only at "
		                  "the position it was sent at, an account token "
		                  "for one to two weeks).  Nothing was done"));
	}
	snprintf(c->token_userid, sizeof c->token_userid, "%s", userid);
	/* The error reply carries the account token (reply.c), to the
	 * player's address on file: the token proved him. */
	if (in->token_board >= 0 && !tf_on_token_board(k, in)) {
		char what[96];
		snprintf(what, sizeof what, "%.30s%s%.30s%s%.20s", in->argv[0],
		         in->argc > 1 ? " " : "", in->argc > 1 ? in->argv[1] : "",
		         in->argc > 2 ? " " : "", in->argc > 2 ? in->argv[2] : "");
		/* TRANSLATORS: a board number, then the first words of the
		 * command written. */
		return cmd_refuse(c, TOKENFORM_USAGE, _("the token in your "
		                  "subject is a board mail's: it proves moves and "
		                  "claims on board %ld only.  '%s' needs your "
		                  "account token, which this reply carries: answer "
		                  "it with the same line.  Nothing was done"),
		                  in->token_board, what);
	}
	switch (k) {
	case TF_CLAIM:
		snprintf(board, sizeof board, "%ld", in->token_board);
		w[n++] = xstrdup(in->token_game);
		w[n++] = xstrdup("claim");
		w[n++] = xstrdup(board);
		break;
	case TF_VACATION:
	case TF_SET_TOKEN:
		w[n++] = xstrdup(in->argv[0]);
		break;
	case TF_BOARD_VERB:
		for (i = 0; i < 3; i++)
			w[n++] = xstrdup(in->argv[i]);
		break;
	case TF_TOURNAMENT:
		for (i = 0; i < 4; i++)
			w[n++] = xstrdup(in->argv[i]);
		break;
	case TF_LEAGUE:
		for (i = 0; i < 3; i++)
			w[n++] = xstrdup(in->argv[i]);
		break;
	case TF_NONE:
		break;
	}
	w[n++] = xstrdup(userid);
	w[n++] = xstrdup(auth_token_word);
	/* The words after the command's USERID PASSWORD. */
	if (k == TF_VACATION || k == TF_SET_TOKEN)
		for (i = 1; i < in->argc; i++)
			w[n++] = xstrdup(in->argv[i]);
	st = cmd_run(c, n, w);
	if (st == CMD_REFUSED && in->token_board >= 0)
		tf_board_token(c, in);
	for (i = 0; i < n; i++)
		free(w[i]);
	return st;
}
