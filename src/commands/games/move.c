/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * move.c - "GAME move BOARD USERID PASSWORD MOVE[#N]": play a move.
 *
 * #N, when given, must be the number of the move being made (1 for the
 * first move of the game): a mail written against an old board is refused
 * instead of being played on a position its writer has not seen.
 * A move that loses at once (RULES.md sections 3 and 5) while another
 * does not is refused with the reason unless confirmed by a trailing "!".
 * Instead of a move, the last word may be a vote or "resign" (answer.c,
 * votes.c), as on pbmserv.
 */
#include "commands/cmd.h"
#include "commands/accounts/leave.h"
#include "commands/table.h"
#include "services/headline.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The userid an example in a reply to this mail may name: the account
 * the mail proved, else the player its From address is on file for,
 * else NULL (the reply goes to someone not known to be a player). */
static const char *recipient_userid(const struct cmdctx *c)
{
	if (c->s.actor[0])
		return c->s.actor;
	return c->sender_player[0] ? c->sender_player : NULL;
}

const char *move_usage(struct cmdctx *c, const struct game *g)
{
	const struct cmd_def *d = cmdt_find("move", CMDT_GAME);
	char example[EP_MOVE_TEXT_MAX], line[EP_MOVE_TEXT_MAX + 160];
	const char *me = recipient_userid(c);

	if (!g)
		return cmd_usage_of(c, "move", CMDT_GAME, NULL);
	game_example_move(g, example);
	line[0] = '\0';
	/* An example names only the recipient's userid, and a move legal
	 * on the board now only for the player on move (over, not started
	 * or not the recipient's move: line ""). */
	if (example[0] && me && strcmp(me, game_to_move(g)) == 0)
		/* TRANSLATORS: a usage line: the command words and PASSWORD
		 * stay as they are; the board, the userid, a legal move
		 * ("e2-e3") and its number. */
		snprintf(line, sizeof line, _("move %1$ld %2$s PASSWORD %3$s#%4$zu"
		         "   (a legal move on board %1$ld now)"), g->board, me,
		         example, g->nmoves + 1);
	return cmdt_entry(d, CMDT_GAME, g->game, line, c->usage_buf,
	                  sizeof c->usage_buf);
}

enum cmd_status move_not_your_turn(struct cmdctx *c, const struct game *g,
                                   const char *userid, const char *move,
                                   const char *usage)
{
	const char *mover = game_to_move(g);
	char word[EP_MOVE_TEXT_MAX + 8];
	/* TRANSLATORS: the board, then the player to move. */
	enum cmd_status st = board_refuse(c, g, usage, _("it is not your turn "
	                                    "on board %ld: %s is to move."),
	                                  g->board, mover);

	/* The move as queue takes it: no #N, no "!". */
	snprintf(word, sizeof word, "%s", move);
	word[strcspn(word, "#!")] = '\0';
	if (!game_move_form_ok(word))
		return st;
	/* TRANSLATORS: the move, the player to move, then the command to
	 * send (the game, "queue", the board, the userid, PASSWORD and the
	 * move stay as they are). */
	buf_printf(&c->error, _("\n  To have %1$s played for you right after "
	           "%2$s's next move, send\n    %3$s queue %4$ld %5$s PASSWORD "
	           "%1$s"), word, mover, g->game, g->board, userid);
	if (c->error_token[0])
		/* TRANSLATORS: "queue" and the move stay as they are. */
		buf_printf(&c->error, _("\n  or reply to this mail with just\n"
		           "    queue %s"), word);
	return st;
}

/* Length of the square at the start of s ("e12"), or 0. */
static size_t square_len(const char *s)
{
	size_t i = 1;

	if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')) ||
	    s[1] < '1' || s[1] > '9')
		return 0;
	while (s[i] >= '0' && s[i] <= '9' && i < 3)
		i++;
	return i;
}

/* Whether word is a square alone, possibly with the suffixes a move may
 * carry (#N, !, a trailing full stop). */
static int bare_square(const char *word, int suffix_ok)
{
	size_t n = square_len(word);

	if (n == 0)
		return 0;
	word += n;
	return *word == '\0' || (suffix_ok && strchr("#!.,;", *word));
}

/* The UTF-8 dashes a mail client or a phone's keyboard writes for "-"
 * (issue 30): hyphen, non-breaking hyphen, figure dash, en dash, em
 * dash, minus sign, small and fullwidth hyphen-minus. */
static const char *const move_dashes[] = {
	"\xe2\x80\x90", "\xe2\x80\x91", "\xe2\x80\x92", "\xe2\x80\x93",
	"\xe2\x80\x94", "\xe2\x88\x92", "\xef\xb9\xa3", "\xef\xbc\x8d",
	NULL,
};

/* The length of the dash at s (a move_dashes one, or "-"), or 0. */
static size_t dash_len(const char *s)
{
	int i;

	if (*s == '-')
		return 1;
	for (i = 0; move_dashes[i]; i++)
		if (strncmp(s, move_dashes[i], 3) == 0)
			return 3;
	return 0;
}

/* Every dash of buf written as "-", in place. */
static void plain_dashes(char *buf)
{
	char *in = buf, *out = buf;
	size_t d;

	while (*in) {
		d = dash_len(in);
		if (d) {
			*out++ = '-';
			in += d;
		} else {
			*out++ = *in++;
		}
	}
	*out = '\0';
}

int move_words(char *const *words, int n, char *buf, size_t len)
{
	int taken = 1, w;
	size_t sq, end;

	/* "e2 – e3": a dash alone between two bare squares. */
	if (n >= 3 && dash_len(words[1]) &&
	    words[1][dash_len(words[1])] == '\0' &&
	    bare_square(words[0], 0) && bare_square(words[2], 1)) {
		w = snprintf(buf, len, "%s-%s", words[0], words[2]);
		if (w < 0 || (size_t)w >= len)
			return -1;
		taken = 3;
		goto tidy;
	}
	if (n >= 2 && (words[1][0] == '#' ||
	               (bare_square(words[0], 0) && bare_square(words[1], 1))))
		taken = 2;
	sq = square_len(words[0]);
	/* "e12e10": a "-" between the squares, so the stored form is
	 * the usual one (queue keeps the move as written). */
	if (taken == 2 && words[1][0] != '#')
		w = snprintf(buf, len, "%s-%s", words[0], words[1]);
	else if (sq > 0 && square_len(words[0] + sq) > 0)
		w = snprintf(buf, len, "%.*s-%s", (int)sq, words[0],
		             words[0] + sq);
	else
		w = snprintf(buf, len, "%s%s", words[0], taken == 2 ? words[1]
		             : "");
	if (w < 0 || (size_t)w >= len)
		return -1;
tidy:
	plain_dashes(buf);
	end = strlen(buf);
	while (end > 0 && strchr(".,;", buf[end - 1]))
		buf[--end] = '\0';
	util_lower(buf);
	return taken;
}

/* Cut a trailing "!" (the player confirms a move that loses at once)
 * off word; returns whether there was one. */
static int split_confirm(char *word)
{
	size_t len = strlen(word);

	if (len == 0 || word[len - 1] != '!')
		return 0;
	word[len - 1] = '\0';
	return 1;
}

/* Split "e2-e4#7" into the move and the number (0 when absent, -1 bad). */
static long split_number(char *word)
{
	char *hash = strchr(word, '#');
	long n;

	if (!hash)
		return 0;
	*hash = '\0';
	n = util_ply_number(hash + 1);
	return n > 0 ? n : -1;
}

enum cmd_status move_play(struct cmdctx *c, struct game *g,
                          const char *userid, char *word)
{
	char err[EP_ERR_MAX + 96], why[EP_ERR_MAX];
	int confirmed = split_confirm(word);
	long n = split_number(word);
	int side = game_side_of(g, userid);

	/* The usage (move_usage: the moves of g listed for an example) is
	 * made only for a refusal; g is as it was until the move is
	 * played. */
	if (g->state != GAME_ACTIVE)
		return board_refuse_unless_active(c, g, move_usage(c, g));
	if ((int)g->pos.to_move != side)
		return move_not_your_turn(c, g, userid, word, move_usage(c, g));
	if (n < 0 || (n > 0 && (size_t)n != g->nmoves + 1))
		/* TRANSLATORS: the number the player wrote, the board, then
		 * the number of the move being made. */
		return board_refuse(c, g, move_usage(c, g), _("your move is "
		                    "marked #%s but the move being made on board "
		                    "%ld is #%zu; the board has changed since you "
		                    "wrote (see below)"), word + strlen(word) + 1,
		                    g->board, g->nmoves + 1);
	/* RULES.md sections 3 and 5: a move that loses at once while
	 * another does not is played only when confirmed with a "!". */
	if (!confirmed && game_move_loses(g, word, why, sizeof why))
		/* TRANSLATORS: the move, why it loses, then the move's
		 * number. */
		return board_refuse(c, g, move_usage(c, g), _("%1$s loses the "
		                    "game at once: %2$s. To play it all the same, "
		                    "send it with a trailing ! (%1$s#%3$zu!)"), word,
		                    why, g->nmoves + 1);
	if (game_play(g, word, board_move_time(&c->s, g),
	              c->mail ? c->mail->message_id : NULL, err, sizeof err) < 0)
		/* TRANSLATORS: the move, the board, then why. */
		return board_refuse(c, g, move_usage(c, g), _("%s is not a "
		                    "legal move on board %ld: %s"), word, g->board,
		                    err);
	/* Kept for records, shown only where both players publish
	 * comments (issue 18). */
	game_move_comment(g, c->s.comment);
	board_clock_note(&c->s, g);
	return CMD_DONE;
}

enum cmd_status move_done(struct cmdctx *c, struct board_ctx *b,
                          const char *how)
{
	struct headline h = { 0 };
	enum cmd_status st;

	headline_move(&h, strcmp(how, "played") == 0 ? HEADLINE_PLAYED
	              : HEADLINE_CONFIRMED, b->userid, b->g.nmoves - 1);
	if (b->g.state != GAME_ACTIVE)
		headline_move(&h, HEADLINE_RESULT, NULL, 0);
	buf_free(&c->s.bm.side_note[0]);
	buf_free(&c->s.bm.side_note[1]);
	pending_after_move(&c->s, &b->g, &h);
	/* Each board mail's headline in its reader's language (issue 32). */
	st = board_save_said(&c->s, b, &h);
	headline_free(&h);
	/* Words for one player are about this board only. */
	buf_free(&c->s.bm.side_note[0]);
	buf_free(&c->s.bm.side_note[1]);
	return st;
}

enum cmd_status move_on_board(struct cmdctx *c, struct board_ctx *b,
                              char *word)
{
	enum cmd_status st;

	if (answer_word(word))
		return answer_on_board(c, b, word, move_usage(c, &b->g));
	/* pbmserv's pass and swap (pie rule) are no moves here. */
	if (strcasecmp(word, "pass") == 0)
		/* TRANSLATORS: %s is the game's name (Epaminondas). */
		return board_refuse(c, &b->g, move_usage(c, &b->g), _("%s has no "
		                      "pass: every turn is a move (one piece or a "
		                      "phalanx); send a move, or resign, or propose a "
		                      "draw"), reply_game_title(b->g.game));
	if (strcasecmp(word, "swap") == 0)
		/* TRANSLATORS: %s is the game's name (Epaminondas). */
		return board_refuse(c, &b->g, move_usage(c, &b->g), _("%s has no "
		                      "swap (pie rule): the players keep the sides "
		                      "the challenge gave them, White moves first; "
		                      "send a move, or resign, or propose a draw"),
		                    reply_game_title(b->g.game));
	if (timeout_move_late(c, b, &st))
		return st;   /* -timeout=auto: too late, lost on time */
	st = move_play(c, &b->g, b->userid, word);
	if (st != CMD_DONE)
		return st;
	return move_done(c, b, "played");
}

enum cmd_status cmd_move(struct cmdctx *c, const char *game, int argc,
                         char **argv)
{
	struct board_ctx b;
	enum cmd_status st;
	size_t before;
	char word[64];
	int taken = argc >= 4 ? move_words(argv + 3, argc - 3, word,
	                                   sizeof word) : 0;

	if (taken < 0)
		return cmd_refuse(c, move_usage(c, NULL), _("'%.20s...' is too long "
		                    "to be a move"), argv[3]);
	if (argc < 4 || argc != 3 + taken)
		return cmd_refuse(c, move_usage(c, NULL), _("move takes a board "
		                    "number, your userid, your password and the move "
		                    "(or resign, propose, accept, reject, undo)"));
	st = board_open(c, game, argv[0], argv[1], argv[2], move_usage(c, NULL),
	                &b);
	if (st != CMD_DONE)
		return st;
	before = b.g.nmoves;
	st = move_on_board(c, &b, word);
	leave_board_close(c, &b, before, st);
	return st;
}
