/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd.h - the mail commands: one prototype block per command family,
 * and what the families share among themselves (the board opened for a
 * change, the refusals, the replies).  The mail context they run in is
 * ctx.h, included here; the mail command table is table.c.
 *
 * What the commands share with the sweep, admin and the web site (locks
 * and transactions, clocks, outgoing mail, reply tokens, a board's lock
 * and save (services/board.h), what runs after every move (after_move.h),
 * the robots' turns, the tournament's rounds and sweeps) is in
 * src/services and takes a struct svc (services/svc.h): the first member
 * of struct cmdctx, s.
 */
#ifndef EPAM_CMD_H
#define EPAM_CMD_H

#include <time.h>

#include "services/after_move.h"
#include "services/board.h"
#include "services/board_html.h"
#include "services/boardmail.h"
#include "services/notify.h"
#include "services/clock.h"
#include "services/notice.h"
#include "services/record_meta.h"
#include "services/outmail.h"
#include "services/result_words.h"
#include "services/seek_sweep.h"
#include "services/svc.h"
#include "services/tokens.h"
#include "services/threadid.h"
#include "game/game.h"
#include "game/options.h"
#include "mail/mail.h"
#include "spool/lock.h"
#include "util/buf.h"
#include "util/conf.h"
#include "util/i18n.h"
#include "util/template.h"
#include "spool/users.h"
#include "commands/auth.h"
#include "commands/auth_words.h"
#include "commands/ctx.h"

struct txn;
struct user;

/* 1 when words look like a command we know (first word known). */
int cmd_known(const char *word);

/* Whether verb (any case) is one of the words a game command takes
 * after the game's name ("move", "challenge", ...). */
int cmd_game_verb_known(const char *verb);

/* The refusal for a board of game without a game file (any command
 * naming one): a board number a seek took says what became of the seek,
 * and an open one how to take its seat or withdraw it (seeks.h).
 * Returns cmd_refuse's status. */
enum cmd_status cmd_no_board(struct cmdctx *c, const char *game,
                             long board, const char *usage);

/* Load board of game into g for reading, without a lock (show.c):
 * CMD_DONE (caller frees g with game_free), CMD_REFUSED with "there is
 * no GAME board N" in c->error, or CMD_TEMPFAIL when the file could not
 * be read (logged). */
enum cmd_status show_load(struct cmdctx *c, const char *game, long board,
                          const char *usage, struct game *g);

/* ---- who sent the mail: commands/auth.h, auth_words.h ---- */

/* ---- addresses (signup.c) ---- */

/* Whether addr may be an account's address (signup, change address):
 * mail_addr_ok and one spelling per mailbox (ASCII, no source route, no
 * IP literal, a plain domain).  0, or -1 with why (len bytes). */
int signup_address_ok(const char *addr, char *why, size_t len);

/* Queue one confirmation request for addr in t (template confirm.txt,
 * null envelope sender) and add the request, with its token's hash, to
 * u.  CMD_DONE, CMD_REFUSED (u has its most addresses) or CMD_TEMPFAIL. */
enum cmd_status signup_request(struct cmdctx *c, struct txn *t,
                               struct user *u, const char *addr,
                               enum user_request_kind kind);

/* signup_request for each of addrs[0..n), except those that had a
 * request less than a day ago or find the hourly budget of mail to
 * strangers spent (listed in skipped).  Refuses when none was sent. */
enum cmd_status signup_requests(struct cmdctx *c, struct txn *t,
                                struct user *u, char **addrs, int n,
                                enum user_request_kind kind,
                                struct buf *skipped);

/* ---- notices (notice_send: services/notice.c) ---- */

/* notice_send for the mail in hand c. */
enum cmd_status notice_once(struct cmdctx *c, const char *userid,
                            const char *addr, const char *key_text,
                            const char *headline, const char *details);

/* ---- replies (reply.c) ---- */

/* The most a reply to a stranger (an address that is no player's, from
 * a mail that proved nothing) may hold: bytes of text, no HTML part. */
#define REPLY_STRANGER_MAX 16384

/* The most of an error text a stranger's reply carries (bytes): error
 * texts repeat the words of the mail. */
#define REPLY_STRANGER_ERROR 200

/* Whether a mail to addr is a reply to a stranger: the sender of a mail
 * that proved no player and whose From is no player's address. */
int reply_to_stranger(const struct cmdctx *c, const char *addr);

/* The hooks by which the mail in hand shapes what the services queue
 * (reply.c; svc.h): a "multiple" mail collects the answers to its
 * sender, a reply to a stranger passes the budget and the masking of
 * his words, an answer to the sender refers to his mail.  process.c
 * sets them with hooks_arg the struct cmdctx. */
extern const struct svc_hooks reply_mail_hooks;

/* Take one mail from the server's hourly budget of mails to strangers
 * (stranger_reply_limit): 1 when there was room (counted), 0 when spent. */
int reply_stranger_budget(struct cmdctx *c);

/* Bytes of plain text a command may put in one reply (its list, table
 * or answers) so that, with the template around it, the headers and the
 * encoding, the mail stays within reply_cap(&c->s): a command that lists
 * many items stops adding them there and says so, before reply_queue
 * has to cut.  Within a "multiple" mail (c->collect), at most what is
 * left of c->collect_room once the template's words are counted. */
size_t reply_text_budget(const struct cmdctx *c);

/* Give the error reply of this mail (when it is refused) the sender's
 * reply token for g: only when the mail proved a player of g (password
 * or token), so it goes to that player's address on file.  Sets
 * c->error_token (or leaves it ""); board_refuse calls it. */
void reply_error_token(struct cmdctx *c, const struct game *g);

/* subject without its reply and forward prefixes ("Re:", "RE:", "AW:",
 * "WG:", "Fwd:", "Fw:", "SV:", "VS:", ... with a count "Re[2]:" or a
 * blank before the colon "RE :"; repeated, any case; reply.c's table)
 * and the blanks after them; points into subject. */
const char *reply_strip_prefixes(const char *subject);



/* ---- one board for a player's command (board.c; the lock and save:
 * services/board.h) ---- */

/* Parse board_word, check userid/password (userid is lower-cased in
 * place), lock the board and load it.  The player must be White or Black.
 * CMD_DONE with b open (close with board_close whatever happens next),
 * CMD_REFUSED (no such board, not a player, bad password...) or
 * CMD_TEMPFAIL; on anything but CMD_DONE b needs no board_close, though
 * calling it is harmless. */
enum cmd_status board_open(struct cmdctx *c, const char *game,
                           const char *board_word, char *userid,
                           const char *password, const char *usage,
                           struct board_ctx *b);

/* board_save_to for a command: the board mail goes to the mail's
 * sender (c->sender) only (queue, submit, subscribe). */
enum cmd_status board_save_quiet(struct cmdctx *c, struct board_ctx *b,
                                 const struct game *shown,
                                 const char *headline, const char *what);

/* Refuse with a formatted message and the current board attached. */
enum cmd_status board_refuse(struct cmdctx *c, const struct game *g,
                             const char *usage, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* board_lock for a command (tokens.c checks the player its own way):
 * CMD_REFUSED with cmd_no_board's refusal in c->error. */
enum cmd_status board_lock_load(struct cmdctx *c, const char *game,
                                long board, const char *usage,
                                struct board_ctx *b);

/* ---- what a reply by token runs (read by pipeline/tokens.h) ---- */

/* Play b's submitted move of b->userid (pending.c): confirm, also by a
 * reply "confirm" to the submit mail (tokens.c). */
enum cmd_status confirm_on_board(struct cmdctx *c, struct board_ctx *b);

/* Queue word (a move, or "off": drop the queued one) for b->userid, who
 * is not on move on b (pending.c): queue, also by a reply "queue MOVE"
 * to a board mail (tokens.c).  word is lower-cased in place. */
enum cmd_status queue_on_board(struct cmdctx *c, struct board_ctx *b,
                               char *word);

/* Relay c->s.comment as a chat of userid (a player or observer of g,
 * proved) on g (observe.c): chat, also by a reply to a chat mail. */
enum cmd_status chat_on_board(struct cmdctx *c, const struct game *g,
                              const char *userid);

/* ---- commands ---- */
enum cmd_status cmd_help(struct cmdctx *c, int argc, char **argv);
enum cmd_status cmd_game_help(struct cmdctx *c, const char *game);
enum cmd_status cmd_signup(struct cmdctx *c, int argc, char **argv);
/* confirm USERID [#TOKEN] (signup.c): the answer to a confirmation
 * request; the token comes from the subject (c->subject_token) or, typed
 * by hand, as the second word. */
enum cmd_status cmd_confirm_address(struct cmdctx *c, int argc, char **argv);
enum cmd_status cmd_challenge(struct cmdctx *c, const char *game, int argc,
                              char **argv);
/* The game options of a challenge or seek (challenge.c): argv[0..argc)
 * the option words, read by game_options_read (game/options.h).
 * CMD_DONE, or the refusal naming the problem, with usage. */
struct game_settings;
enum cmd_status challenge_options(struct cmdctx *c, const char *game,
                                  int argc, char *const *argv,
                                  const char *usage, struct ep_options *o,
                                  struct game_settings *set);
/* ---- open challenges and limits (seek.c, limit.c; issue 17) ---- */
/* GAME seek USERID PASSWORD [-color=..] [-rating=MIN-MAX] [-options] and
 * GAME seeks (seek.c; the rules at its top). */
enum cmd_status cmd_seek(struct cmdctx *c, const char *game, int argc,
                         char **argv);
enum cmd_status cmd_seeks(struct cmdctx *c, const char *game, int argc,
                          char **argv);
/* accept|decline|reject BOARD USERID PASSWORD (argv) when BOARD is a
 * seek's (seeks.h): the take of its open seat, the seeker's withdrawal,
 * or the refusal of a seat taken, withdrawn or expired.  Returns 1 with
 * *st set when it answered the command, 0 when the board is no seek or
 * the words are for the game the seek became (its players): then
 * answer.c goes on as for any board. */
int seek_answer(struct cmdctx *c, const char *game, const char *verb,
                int argc, char **argv, enum cmd_status *st);
/* limit USERID PASSWORD [N|none|accept|reject|ask] (limit.c). */
enum cmd_status cmd_limit(struct cmdctx *c, int argc, char **argv);
/* The active games of userid for its limit: boards ACTIVE or CHALLENGED
 * naming it (read without locks) and its open seeks.  -1 when the spool
 * cannot be read. */
int limit_active_games(const struct cmdctx *c, const char *userid);
/* Whether u may have adding more active games within its limit
 * (u->game_limit; none: always): CMD_DONE, the refusal naming the count
 * and the limit (with usage), or CMD_TEMPFAIL. */
enum cmd_status limit_room(struct cmdctx *c, const struct user *u,
                           int adding, const char *usage);
/* u's limit settings in a few words for list and standings ("limit 5,
 * accepts signed", "no challenges"), "" for the defaults, into buf. */
void limit_words(const struct user *u, char *buf, size_t len);
/* Whether a signed challenge of options o and settings set for game is
 * one u's "limit accept" starts at once (u->accept, spool/accept.h;
 * issue 29): LIMIT_TAKES, else why not.  The time is compared with
 * tc_pace (game/clock.h), the server's default control being no -time
 * with forfeit_days. */
enum limit_take { LIMIT_TAKES = 0, LIMIT_TOO_FAST, LIMIT_OTHER_SIZE };
enum limit_take limit_takes(const struct cmdctx *c, const struct user *u,
                            const char *game, const struct ep_options *o,
                            const struct game_settings *set);
enum cmd_status cmd_move(struct cmdctx *c, const char *game, int argc,
                         char **argv);
/* The usage text of move for g (its game, board, player to move and a
 * move legal now as the example; no example once the game is over), or
 * the generic one for g NULL.  Points into c->usage_buf. */
const char *move_usage(struct cmdctx *c, const struct game *g);
/* Refuse move (untrusted, maybe with #N or a trailing "!") from userid,
 * a player of g who is not on move: the reason, and how to have that very
 * move queued, by the queue command and, when the error reply carries
 * the sender's token, by a reply "queue MOVE".  CMD_REFUSED. */
enum cmd_status move_not_your_turn(struct cmdctx *c, const struct game *g,
                                   const char *userid, const char *move,
                                   const char *usage);
/* Play word ("e3-e7" or "e3-e7#12") for userid on g, with the checks of
 * "move": started, not over, the player's turn, #N, legal.  CMD_DONE with
 * the move played, or CMD_REFUSED (g unchanged). word is modified. */
enum cmd_status move_play(struct cmdctx *c, struct game *g,
                          const char *userid, char *word);
/* The forgiving move notation (issue 14): the move at words[0..n) as
 * one word into buf (len bytes), lower-cased, a "-" put between two
 * squares written without one, a trailing ".", "," or ";" cut off
 * ("!" is kept: it confirms), and every dash a mail client or keyboard
 * writes for "-" (en dash, em dash, minus sign, non-breaking hyphen...,
 * in UTF-8) read as "-" (issue 30).  words[1] is part of the move when it
 * starts with "#" ("c2-c4 #13") or when words[0] and words[1] are bare
 * squares ("e12 e10"); "e2 - e3", a dash alone between two bare squares,
 * is one move of three words.  Returns the number of words taken (1, 2
 * or 3), or
 * -1 when the move does not fit in buf (buf then holds words[0]
 * truncated). */
int move_words(char *const *words, int n, char *buf, size_t len);
/* After a move just played on b by b->userid: the headline ("alice
 * played e2-e3", how being "played"), the opponent's queued move played
 * or dropped (pending_after_move), board_save. */
enum cmd_status move_done(struct cmdctx *c, struct board_ctx *b,
                          const char *how);
/* The check queue, submit and conditional share (pending.c): CMD_DONE
 * when g is ACTIVE, else g's refusal (the challenge not yet accepted, or
 * the game over with its result) with usage. */
enum cmd_status board_refuse_unless_active(struct cmdctx *c,
                                           const struct game *g,
                                           const char *usage);
/* ---- clocks (claim.c; the rest: services/clock.h) ---- */
/* Under -timeout=auto on a TC_BANK or TC_MOVES board b (ACTIVE): when
 * the move time of this mail (board_move_time) is past the deadline of
 * b->userid, the player to move, the move is not played: the game ends
 * lost on time (GAME_END_FORFEIT) and board_save tells both players;
 * returns 1 with *st the save's status.  0 (nothing done) otherwise. */
int timeout_move_late(struct cmdctx *c, struct board_ctx *b,
                      enum cmd_status *st);
/* GAME claim BOARD USERID PASSWORD (claim.c): the opponent of the player
 * to move wins once that player's time is out. */
enum cmd_status cmd_claim(struct cmdctx *c, const char *game, int argc,
                          char **argv);
/* What conditional does on b, opened for b->userid (a player): argv
 * (argc >= 1) the words after the password: a line, "list" or "off";
 * also by a reply "conditional ..." to a board mail (tokens.c).  The
 * answer goes to the sender alone.  conditional.c. */
enum cmd_status conditional_on_board(struct cmdctx *c, struct board_ctx *b,
                                     int argc, char *const *argv);
/* GAME conditional BOARD USERID PASSWORD THEIRS MINE [THEIRS MINE...]
 * | list | off (conditional.c). */
enum cmd_status cmd_conditional(struct cmdctx *c, const char *game, int argc,
                                char **argv);
/* GAME queue|submit BOARD USERID PASSWORD MOVE, GAME confirm BOARD
 * USERID PASSWORD (pending.c). */
enum cmd_status cmd_queue(struct cmdctx *c, const char *game, int argc,
                          char **argv);
enum cmd_status cmd_submit(struct cmdctx *c, const char *game, int argc,
                           char **argv);
enum cmd_status cmd_confirm(struct cmdctx *c, const char *game, int argc,
                            char **argv);
/* GAME show USERID... [all|active|inactive|next], GAME games USERID...
 * [FILTER] (game NULL: every game), GAME showas USERID PASSWORD
 * BOARD...|FILTER, all show|games USERID... [FILTER] (show.c, with
 * cmd_show). */
enum cmd_status cmd_games(struct cmdctx *c, const char *game, int argc,
                          char **argv);
enum cmd_status cmd_all(struct cmdctx *c, int argc, char **argv);
enum cmd_status cmd_showas(struct cmdctx *c, const char *game, int argc,
                           char **argv);
/* GAME subscribe|unsubscribe|chat BOARD USERID PASSWORD (observe.c). */
enum cmd_status cmd_subscribe(struct cmdctx *c, const char *game, int argc,
                              char **argv);
enum cmd_status cmd_unsubscribe(struct cmdctx *c, const char *game, int argc,
                                char **argv);
enum cmd_status cmd_chat(struct cmdctx *c, const char *game, int argc,
                         char **argv);
/* What "move" does on an opened board: a move (then board_save) or a
 * vote/resign word (answer_on_board). */
enum cmd_status move_on_board(struct cmdctx *c, struct board_ctx *b,
                              char *word);
enum cmd_status cmd_show(struct cmdctx *c, const char *game, int argc,
                         char **argv);
/* GAME accept|decline|resign BOARD USERID PASSWORD (answer.c); verb is
 * the command word as the user wrote it. */
enum cmd_status cmd_answer(struct cmdctx *c, const char *game,
                           const char *verb, int argc, char **argv);
/* The player's answer on an opened board: "accept", "decline"/"reject",
 * "resign" (answer.c), "propose", "undo" (votes.c). */
enum cmd_status answer_on_board(struct cmdctx *c, struct board_ctx *b,
                                const char *verb, const char *usage);
enum cmd_status vote_on_board(struct cmdctx *c, struct board_ctx *b,
                              const char *verb, const char *usage);
/* 1 when word is a vote or resign word that "move" takes instead of a
 * move ("propose", "accept", "reject", "undo", "resign", "decline", or
 * a German word of the command table for one: "annehmen", "ablehnen",
 * "aufgeben"). */
int answer_word(const char *word);
/* The English word of answer_word's word (static; "accept" for
 * "Annehmen"), or NULL when it is none. */
const char *answer_verb(const char *word);
/* Play the moves of argv (argc words, in move's forgiving notation: two
 * bare squares are one move, a trailing '!' is dropped) on g, a copy the
 * caller owns (preview.c, also for analyse); each move as played is
 * appended to moves, space-separated, with a warning after a move that
 * loses at once or repeats a position a third time when warn is set.
 * CMD_DONE, or CMD_REFUSED with the board and "move N of your preview
 * ..." ("... of your analysis ..." when analysis is set) when a move is
 * too long or not legal (g then holds the moves before it). */
enum cmd_status preview_moves(struct cmdctx *c, struct game *g, int argc,
                              char **argv, const char *usage,
                              int analysis, int warn, struct buf *moves);
/* GAME record BOARD [json] [USERID PASSWORD] (record.c, issue 18): the
 * board's record attached to a reply to the sender; the rules are
 * written at the top of record.c. */
enum cmd_status cmd_record(struct cmdctx *c, const char *game, int argc,
                           char **argv);

/* GAME analyse BOARD[#N] USERID PASSWORD [MOVE...] (analyse.c, issue
 * 16): the engine's score and best line for a position of a finished
 * board, to the sender alone; the rules are written at the top of
 * analyse.c. */
enum cmd_status cmd_analyse(struct cmdctx *c, const char *game, int argc,
                            char **argv);
/* GAME preview BOARD[#N]|new [-options] MOVE... (preview.c). */
enum cmd_status cmd_preview(struct cmdctx *c, const char *game, int argc,
                            char **argv);
/* Account commands (accounts.c): change password|address, signoff,
 * list, vacation, set; message (message.c).  argv starts after the
 * command word. */
enum cmd_status cmd_change(struct cmdctx *c, int argc, char **argv);
enum cmd_status cmd_signoff(struct cmdctx *c, int argc, char **argv);
enum cmd_status cmd_list(struct cmdctx *c, int argc, char **argv);
enum cmd_status cmd_vacation(struct cmdctx *c, int argc, char **argv);
enum cmd_status cmd_set(struct cmdctx *c, int argc, char **argv);
enum cmd_status cmd_message(struct cmdctx *c, int argc, char **argv);
/* GAME notify USERID PASSWORD [BOARD...]|off (notify.c, pbmserv's): a
 * mail when those boards, or any board of GAME, end. */
enum cmd_status cmd_notify(struct cmdctx *c, const char *game, int argc,
                           char **argv);
/* [GAME] standings [GAME] (game NULL: every game's tables), history
 * [USERID] (standings.c). */
enum cmd_status cmd_standings(struct cmdctx *c, const char *game, int argc,
                              char **argv);
enum cmd_status cmd_history(struct cmdctx *c, int argc, char **argv);

#endif
