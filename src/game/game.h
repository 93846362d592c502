/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * game.h - one board: players, options, the move list and the outcome.
 *
 * A struct game is the record behind SPOOL/games/GAME/NNN.game.  The
 * current position is always the replay of the move list from the starting
 * position of the options, and game_parse() refuses a file where the two
 * disagree.  This layer adds to the rules engine what needs history:
 * repetition (RULES.md section 5) and the end of the game.
 */
#ifndef EPAM_GAME_H
#define EPAM_GAME_H

#include <stddef.h>
#include <time.h>

#include "game/clock.h"
#include "rules/rules.h"

/* The move cap (RULES.md section 8): a game that reaches GAME_MAX_PLIES
 * plies without a result is drawn, checked after the move is played and
 * before the start-of-turn checks of the next player (after the
 * repetition rule, which judges the move itself); the board mail warns
 * both players from GAME_WARN_PLIES plies on.  So a game file never
 * grows past what the loader reads (gamefile.c checks it at compile
 * time). */
#define GAME_MAX_PLIES 2000
#define GAME_WARN_PLIES 1900

/* The longest Message-ID a game file keeps (bytes, without <>); a longer
 * one is stored as "-" (game.c, msgid_storable). */
#define GAME_MSGID_MAX 250

struct game_move {
	char text[EP_MOVE_TEXT_MAX];  /* canonical, "e3-e7" */
	time_t when;
	char *msgid;                  /* Message-ID that made it (malloc'ed), or NULL */
	long stopped;                 /* seconds of its mover's leave in the
	                                 turn it ended, not counted on the
	                                 clock ("stopped:" lines, version 6;
	                                 clock.h) */
	char *comment;                /* the comment its mover's mail relayed
	                                 ("comment:" line, version 7; issue
	                                 18), malloc'ed, or NULL */
};

/* The longest comment a game file keeps with a move (bytes, UTF-8; a
 * longer one is cut at a character boundary): a record's note, not the
 * relayed mail, which the opponent gets whole.  Bounds the game file
 * (gamefile.c, GAMEFILE_MAX). */
#define GAME_COMMENT_MAX 500

/* The life of a board: CHALLENGED until both players have agreed to it
 * (each with their own password or reply token: the signer of a signed
 * challenge at once, the other by accept), then ACTIVE until the moves
 * or an end (resignation, agreed draw, forfeit) finish it; a challenge
 * declined or withdrawn is CANCELLED and never rated. */
enum game_state {
	GAME_ACTIVE = 0,
	GAME_FINISHED = 1,
	GAME_CHALLENGED = 2,
	GAME_CANCELLED = 3,
};

/* Ends not derivable from the moves; stored in the file ("end:" line). */
enum game_end {
	GAME_END_NONE = 0,
	GAME_END_RESIGN,    /* by resigned: the other side wins */
	GAME_END_DRAW,      /* a draw offer by "by" was accepted */
	GAME_END_FORFEIT,   /* by lost on time (epamserv sweep) */
	GAME_END_DECLINE,   /* by declined the challenge (before agreeing) */
	GAME_END_WITHDRAW,  /* by withdrew the challenge (after agreeing) */
	GAME_END_EXPIRE,    /* the challenge to by expired unanswered (sweep) */
	GAME_END_AWARD,     /* the administrator gave the game to by */
	GAME_END_ADJ_DRAW,  /* the administrator declared it drawn (by: White) */
};

/* A question to the opponent waiting for accept or reject ("vote:" line). */
enum game_vote {
	GAME_VOTE_NONE = 0,
	GAME_VOTE_DRAW,     /* by offers a draw */
	GAME_VOTE_UNDO,     /* by asks to take back their last move */
};

/* A move stored for later (see struct game, pend). */
enum game_pend {
	GAME_PEND_NONE = 0,
	GAME_PEND_QUEUE,    /* queue: played after the opponent's next move */
	GAME_PEND_SUBMIT,   /* submit: played by confirm */
};

/* Conditional lines (issue 15, ICCF linear conditionals; "conditional:"
 * lines of the game file, version 6): at most GAME_COND_LINES lines per
 * player, each at most GAME_COND_PLIES plies, THEIRS MINE pairs from the
 * opponent's next move on.  Lines of one player agree where they share
 * a beginning (the same opponent's moves get the same answers).  They
 * are never shown to the opponent or observers (conditional.c). */
#define GAME_COND_LINES 8
#define GAME_COND_PLIES 20

struct game_cond {
	int n;                        /* plies left, even, 2..GAME_COND_PLIES */
	char ply[GAME_COND_PLIES][EP_MOVE_TEXT_MAX];  /* canonical, "e3-e4" */
	unsigned long forced;         /* bit i: ply i (an own move) was marked
	                                 "!": played even when it loses at once */
};

struct game {
	char game[16];                /* "epaminondas" or "crossings" */
	long board;                   /* 101 ... */
	struct ep_options opts;
	char white[32], black[32];    /* userids */
	time_t created, updated;
	enum game_state state;
	time_t agreed[2];             /* when White and Black agreed to play
	                                 ("agreed:" lines, version 5), 0 not
	                                 yet; files before version 5 have none */
	int no_observers;             /* game option -observers=off: nobody
	                                 may subscribe ("observers: off") */
	int unrated;                  /* game option -rated=no: its end
	                                 moves no rating ("rated: no") */
	struct time_control tc;       /* -time= and -timeout= ("time:" and
	                                 "timeout:" lines, version 6; clock.h) */
	char tourney[24];             /* the tournament the board belongs to
	                                 ("tournament: NAME ROUND", version 6,
	                                 issue 17), "" for none */
	int tourney_round;            /* its round, 1.., with tourney */
	int cap_off;                  /* while a file of a game played past
	                                 GAME_MAX_PLIES before the cap existed
	                                 replays: the cap does not end it (its
	                                 next move played does) */
	enum ep_result result;        /* EP_ONGOING while active */
	char reason[EP_ERR_MAX + 64]; /* plain words, "" while active */
	struct game_move *moves;
	size_t nmoves, cap;
	struct ep_position start, pos;
	struct ep_position *seen;     /* every position so far, start first */
	enum game_end end;            /* GAME_END_NONE unless ended so */
	char end_by[32];              /* userid the end names */
	time_t end_when;
	enum game_vote vote;          /* pending question, or GAME_VOTE_NONE */
	char vote_by[32];             /* userid who asked */
	time_t vote_when;
	/* Reply tokens (tokens.c): per side, the hash of the token in the
	 * player's latest board mail ("sha256$SALT$DIGEST", or a crypt(3)
	 * hash in older files: tokenhash.h) and the player's token epoch
	 * then; hash "" when none.  The plain token is never stored. */
	char token_hash[2][128];
	unsigned long token_epoch[2];
	/* A move waiting per side (version 4, "pending:" lines): a queued
	 * move of the player not to move, played right after the opponent's
	 * next move if it is legal then; or a submitted move of the player
	 * to move, played by confirm.  Any change of the board (a move, an
	 * undo, the end) drops a submit; game_play keeps the opponent's
	 * queue for the command layer to play or drop. */
	enum game_pend pend[2];
	char pend_move[2][EP_MOVE_TEXT_MAX];
	time_t pend_when[2];
	char *pend_msgid[2];          /* Message-ID of the queue mail, or NULL */
	/* Conditional lines per side (see struct game_cond): the lines of
	 * the player not to move begin with the opponent's next move and
	 * replay legally from the position; those of the player to move
	 * (stored before their move) wait and are checked after it.  Any
	 * end of the game or undo drops them all (game_cond_clear). */
	struct game_cond cond[2][GAME_COND_LINES];
	int ncond[2];
	char **observers;             /* subscribed userids (malloc'ed), sorted */
	size_t nobservers;
};

/* Game settings that are not rules: challenge options beside those of
 * RULES.md section 6 (which the rules engine reads); game/options.h
 * reads both kinds. */
struct game_settings {
	int no_observers;   /* -observers=off: nobody may subscribe */
	int unrated;        /* -rated=no: the result is not rated */
	struct time_control tc;  /* -time=, -timeout= (clock.h) */
};

void game_settings_default(struct game_settings *s);

/* Read one challenge option word naming a setting into s (options.c,
 * the table of game/options.h: any case, one or two dashes): 1 when
 * word is a setting, 0 when it names none (a rules option, or no
 * option), -1 with err on a setting without a value or with a bad
 * one. */
int game_setting_apply(struct game_settings *s, const char *word, char *err,
                       size_t errlen);

/* Give a new game g the settings s. */
void game_settings_put(struct game *g, const struct game_settings *s);

/* The settings of g as option words (" -observers=off -rated=no
 * -time=7d+2d/14d -timeout=claim"), "" for the defaults, into buf. */
void game_settings_format(const struct game *g, char *buf, size_t len);

/* Keep comment (the relayed text of the mail that made the last move:
 * copied, cut to GAME_COMMENT_MAX bytes at a UTF-8 boundary, blank
 * lines at both ends dropped) with g's last move; "" or NULL, or a game
 * without moves, keeps none.  Issue 18: records show it only when both
 * players publish comments (record.h). */
void game_move_comment(struct game *g, const char *comment);

/* Whether a move of g keeps a comment: 1 or 0. */
int game_has_comments(const struct game *g);

/* Set the pending move of side (GAME_PEND_QUEUE or _SUBMIT) to text
 * (copied; at most EP_MOVE_TEXT_MAX - 1 bytes), made by mail msgid (may
 * be NULL), or clear it with GAME_PEND_NONE. */
void game_pend_set(struct game *g, int side, enum game_pend kind,
                   const char *text, time_t when, const char *msgid);

/* Drop every conditional line of side (0 White, 1 Black), or of both
 * for side -1. */
void game_cond_clear(struct game *g, int side);

/* How line a relates to line b of the same player (cond.c):
 * APART they part at an opponent's move (both may stand), CONFLICT they
 * answer the same opponent's moves differently, WITHIN a is b or a
 * beginning of it, EXTENDS b is a beginning of a. */
enum game_cond_rel {
	GAME_COND_APART, GAME_COND_CONFLICT, GAME_COND_WITHIN, GAME_COND_EXTENDS
};
enum game_cond_rel game_cond_relation(const struct game_cond *a,
                                      const struct game_cond *b);

/* Whether line l of side, not to move on the active g, replays legally
 * move by move from g's position (the rules engine only: no history,
 * no loss check).  -1 when it does; else the index of the first ply
 * that is not legal then, with err (errlen bytes) saying why.  Also -1
 * when side is to move or g is not active (nothing to check then). */
int game_cond_legal(const struct game *g, int side,
                    const struct game_cond *l, char *err, size_t errlen);

/* Store line l (copied) for side: returns its index; a line l extends
 * is replaced by it.  Refused, nothing stored: -1 - K when it conflicts
 * with line K, -1 - GAME_COND_LINES - K when it is line K or within it,
 * -1 - 2 * GAME_COND_LINES when side has GAME_COND_LINES lines.
 * *replaced is the index replaced, or -1. */
int game_cond_add(struct game *g, int side, const struct game_cond *l,
                  int *replaced);

/* Drop line k of side (the later ones move up). */
void game_cond_remove(struct game *g, int side, int k);

/* Line l as text, "e3-e4 e11-e10! e4-e5 e10-e9" (a "!" after a ply
 * marked so), into buf (len bytes; cut when too small). */
void game_cond_format(const struct game_cond *l, char *buf, size_t len);

/* Whether text has the form of a move ("e3-e7", "e5xe7", lower-case
 * files): a queued move cannot be checked further until it is played. */
int game_move_form_ok(const char *text);

/* Add userid to the observers (kept sorted; nothing when present).
 * Returns 1 when added, 0 when already there. */
int game_observer_add(struct game *g, const char *userid);

/* Remove userid from the observers: 1 when removed, 0 when absent. */
int game_observer_remove(struct game *g, const char *userid);

/* Index of userid among the observers, or -1. */
int game_observer_find(const struct game *g, const char *userid);

/* A new game on board for white and black with options o, ACTIVE at once
 * (tools and tests; a mail challenge uses game_challenge).  Never fails. */
void game_new(struct game *g, const char *game, long board,
              const struct ep_options *o, const char *white,
              const char *black, time_t now);

/* Turn a new game into an open challenge: CHALLENGED, no moves allowed
 * until game_accept. */
void game_challenge(struct game *g);

/* Black accepted the challenge: the game starts (ACTIVE). */
void game_accept(struct game *g, time_t now);

/* Player side (EP_WHITE or EP_BLACK) agrees to the challenged game at
 * now; once both have, the game starts (game_accept).  Returns 1 when it
 * started, 0 when the other player's agreement is still missing. */
int game_agree(struct game *g, int side, time_t now);

/* The userid whose agreement a challenged g still waits for: White's
 * first when neither has agreed, NULL when none is missing or g is not
 * CHALLENGED.  With both missing, *both is set to 1 (else 0). */
const char *game_waits_agreement(const struct game *g, int *both);

/* "the game on board 101 has not started: bob has not accepted the
 * challenge yet" (or "alice and bob have") into buf, for a CHALLENGED g. */
void game_not_started_text(const struct game *g, char *buf, size_t len);

/* End the game by kind (see enum game_end), naming userid by, at time
 * when.  Sets state, result and reason; clears a pending vote.  The caller
 * has checked the kind fits the state (game_end_ok). */
void game_end(struct game *g, enum game_end kind, const char *by, time_t when);

/* Whether end kind by userid fits g now: 0, or -1 with err in plain words
 * ("the challenge is no longer open", "the game is over: ..."). */
int game_end_ok(const struct game *g, enum game_end kind, const char *by,
                char *err, size_t errlen);

/* Put a question (draw offer, undo request) by userid to the opponent.
 * Returns 0, or -1 with err: the game is not active, a vote is pending
 * already, or an undo asked with no move of by's to take back. */
int game_vote_open(struct game *g, enum game_vote kind, const char *by,
                   time_t when, char *err, size_t errlen);

/* Take back the last move (an accepted undo): the position before it,
 * its occurrence forgotten for repetition.  The game must be active with
 * at least one move. */
void game_undo(struct game *g, time_t when);

/* End g as drawn at the move cap (GAME_MAX_PLIES): what game_play does
 * at the cap, and the loader for a file played past it before the cap
 * existed, whose last move was drawn so (its stored result says so). */
void game_cap_draw(struct game *g);

/* Play move text for the side to move: checks the game is active, parses
 * and checks the move (RULES.md section 2, 4, 6), plays it, then ends the
 * game by repetition (section 5), the move cap (section 8,
 * GAME_MAX_PLIES) or the start-of-turn checks (sections 3, 6).  msgid may be NULL.  Returns 0, or -1 with err in plain words
 * (the game is unchanged). */
int game_play(struct game *g, const char *text, time_t when,
              const char *msgid, char *err, size_t errlen);

/* Times the current position (board and side to move) has occurred in
 * the game, itself included: 3 is a third repetition (RULES.md 5). */
int game_repetitions(const struct game *g);

/* An example for the board mail and usage texts: the first legal move of
 * the side to move in sorted text order ("a1-a2") that does not lose at
 * once (ep_move_loses; the first of all when every move does), into buf
 * (EP_MOVE_TEXT_MAX bytes); "" when the game is not ACTIVE or has no
 * legal move. */
void game_example_move(const struct game *g, char *buf);

/* Whether text, a legal move on g now, loses at once (ep_move_loses,
 * with the game's history; a move that reaches the move cap draws, so
 * loses only by a third repetition) while another legal move does not.  Returns
 * 1 with the reason in why (len bytes), else 0 (why ""), also for a
 * move that is not legal or a game not ACTIVE. */
int game_move_loses(const struct game *g, const char *text, char *why,
                    size_t len);

struct buf;
/* The board mail's advice from one listing of g's moves: the example
 * move of game_example_move into example (EP_MOVE_TEXT_MAX bytes), and
 * appended to out the moves that lose at once now (RULES.md sections 3
 * and 5): "These moves lose at once: a1-a2, ..." or, when fewer, "Only
 * these moves do not lose at once: ...", at most 12 named then "and N
 * more"; "Every legal move loses at once"; nothing when no move loses.
 * No final full stop. */
void game_move_advice(const struct game *g, char *example, struct buf *out);

/* The userid whose turn it is ("" unless the game is ACTIVE). */
const char *game_to_move(const struct game *g);

/* Side of userid in g: 0 White, 1 Black, -1 not a player. */
int game_side_of(const struct game *g, const char *userid);

/* "white wins (black has no legal move)", "draw (draw agreed)",
 * "cancelled (bob declined the challenge)" into buf; "" while active or
 * challenged. */
void game_result_text(const struct game *g, char *buf, size_t len);

/* How a finished or cancelled game ended, in words naming the players,
 * into buf (len bytes, at least GAME_RESULT_WORDS_MAX for no cut):
 * "carol wins, dave did not answer the crossing on e12", "a draw, bob
 * accepted alice's draw offer", "cancelled, bob declined the
 * challenge"; "" while the game is open or active.  The one wording of
 * a result for the mails (reply_result_words) and the web site
 * (result_words.c). */
#define GAME_RESULT_WORDS_MAX 512
void game_result_words(const struct game *g, char *buf, size_t len);

/* How a finished or cancelled game ended, the clause alone that
 * game_result_words puts after "NAME wins, ", "a draw, " or
 * "cancelled, ": "dave did not answer the crossing on e12", "bob
 * declined the challenge"; "" while the game is open or active.  Into
 * buf (len bytes, at least GAME_RESULT_WORDS_MAX for no cut). */
void game_end_words(const struct game *g, char *buf, size_t len);

/* The reason a game ended (g->reason, stored in English: data) in the
 * reader's language with the players' userids for white and black, into
 * buf (len bytes, cut when too long): "alice resigned", "bob has no
 * legal move".  1 when the reason is of a form this version writes
 * (game.c, rules/status.c); 0 for another (an older file's), shown as
 * it is stored, named. */
int game_reason_words(const struct game *g, char *buf, size_t len);

/* text with the words "white" and "black" (whole words, lower case)
 * replaced by the userids white and black, into buf (len bytes, cut when
 * too long). */
void game_colours_named(const char *text, const char *white,
                        const char *black, char *buf, size_t len);

/* The game's name as mails and pages write it: "Crossings" for
 * "crossings", "Epaminondas" for any other (a spool_games name).  A
 * static string. */
const char *game_title(const char *game);

/* The other player of userid (a player of g). */
const char *game_opponent(const struct game *g, const char *userid);

/* White's score of a FINISHED game: 2 win, 1 draw, 0 loss (half points). */
int game_white_score2(const struct game *g);

/* The file text (malloc'ed, caller frees), see gamefile.c. */
char *game_format(const struct game *g);

/* The file text in version 4, the newest the previous release reads
 * (gamefile_v4.c; malloc'ed, caller frees): game_format's text without
 * the lines of versions 5 to 7.  Each line left out that holds what a
 * player or the game's options set (all but the clock, and the
 * agreement of a game already started) is passed to dropped (when not
 * NULL) with arg, its line number in game_format's text and its text
 * (without the newline). */
char *game_format_v4(const struct game *g,
                     void (*dropped)(void *arg, int lineno, const char *line),
                     void *arg);

/* Read a game file's text (version 1 to 6): replays every move, applies the
 * end and vote lines, and compares the stored position and result.  name is used in messages ("games/epaminondas/101.game").
 * Returns 0, or -1 with a malloc'ed *err "NAME:LINE: problem". */
int game_parse(struct game *g, const char *text, const char *name, char **err);

/* For "admin repair": game_parse that keeps the game as far as the file
 * replays.  0 when the whole file loads; 1 when a line after the header
 * does not (g holds the game up to the line before it, *kept_line; the
 * end, vote, pending, token and observer lines after that point are
 * lost); -1 when not even the header loads.  *err (malloc'ed) says
 * "NAME:LINE: problem" unless 0 is returned. */
int game_parse_prefix(struct game *g, const char *text, const char *name,
                      char **err, int *kept_line);

/* Load SPOOL/games/GAME/NNN.game, or games/GAME/archive/NNN.game for a
 * finished board the sweep archived.  Returns 0, 1 when there is no such
 * board, -1 with *err on a bad file or I/O error. */
int game_load(struct game *g, const char *spool, const char *game, long board,
              char **err);

void game_free(struct game *g);

/* The board numbers of SPOOL/games/GAME, archived ones included,
 * ascending (malloc'ed array in *boards, count in *n; caller frees
 * *boards; NULL when there are none).  A missing directory is no boards.
 * Returns 0 (unreadable directories are skipped). */
int game_boards(const char *spool, const char *game, long **boards, size_t *n,
                char **err);

#endif
