/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * users.h - player accounts: one text file per user, SPOOL/users/USERID.
 *
 *   epamserv-user 2
 *   userid: alice
 *   password: $y$j9T$...        (crypt(3) hash; yescrypt where available)
 *   address: alice@example.org 2026-11-30T05:50:00Z [2026-11-30T05:49:00Z]
 *                               (a confirmed address and when its owner
 *                                confirmed it, and the time of the change
 *                                address request it came from; one line
 *                                per address, at most USER_MAX_ADDRESSES;
 *                                version 1 files have one, without a
 *                                time: confirmed)
 *   request: bob@example.net 2026-11-30T05:48:00Z signup sha256$...
 *                               (an address waiting for its owner to
 *                                answer the confirmation request sent
 *                                then: why (signup or change) and the
 *                                hash of the request's token)
 *   created: 2026-11-30T05:48:00Z
 *   html: off                   (optional lines, written when not the
 *   orientation: own             default: html on, orientation white,
 *   board: compact|list          board wide, token-epoch 0, no
 *   token-epoch: 3               vacation, not left)
 *   board-letters: ws           (issue 32: W and S for the pieces on the
 *                                text boards; default wb, also for files
 *                                written before it)
 *   vacation: 2026-12-24        (before issue 15: the last day away)
 *   leave: 2026-12-20T00:00:00Z 2027-01-01T00:00:00Z
 *                               (issue 15: a leave, [from, until), one
 *                                line per leave, at most USER_MAX_LEAVE,
 *                                oldest first; it stops the player's
 *                                clocks, game/clock.h)
 *   timezone: Europe/Berlin     (issue 15: how times in the player's
 *                                mails are shown; default UTC)
 *   mail: digest 7              (issue 15: board mails in a daily digest
 *                                at that hour of the player's time zone;
 *                                default each: every board mail)
 *   notify: epaminondas 101     (issue 15, pbmserv's notify: a mail when
 *   notify: epaminondas all      that board, or any board of that game,
 *                                ends; one line each, at most
 *                                USER_MAX_NOTIFY; commands/games/notify.c)
 *   limit: 10                   (issue 17, pbmserv's limit: the most
 *                                active games, challenges agreed to
 *                                and open seeks the player has at once,
 *                                0 to USER_LIMIT_MAX; default none)
 *   challenges: accept          (issue 17: accept signed challenges at
 *                                once, or reject every challenge; default
 *                                ask: each waits for accept)
 *   accept-time: 3d             (issue 29: what accept starts at once,
 *   accept-size: 10x10,default   spool/accept.h; default "default" for
 *                                both: the server's default time
 *                                control and the game's own size)
 *   publish-comments: on        (issue 18: the player lets records and
 *                                the web site show the comments of games
 *                                where the opponent does too; default
 *                                off)
 *   web: off                    (issue 18: the player's games and page
 *                                stay off the web site; default on)
 *   receipts: off               (issue 30: no receipt for the player's
 *                                message and chat mails; default on)
 *   language: de                (issue 32: the language of the player's
 *                                mails, a name of util/i18n.h; default
 *                                en, which older files read as)
 *   left: 2026-12-01T10:00:00Z  (signed off: the userid stays taken)
 *
 * A player who signs off keeps the file, marked "left", with the password
 * hash replaced by "!" (no password matches it): the userid is never given
 * to someone else, so finished games and ratings keep naming one person.
 *
 * Addresses (SPEC section 9, issue 11): an address receives nothing but
 * one confirmation request until its owner answers it, so an account
 * whose addresses are all still requested is not yet a player: it cannot
 * play, be challenged, be messaged or observe (user_confirmed).  Version
 * 1 files, the admin's "user add" and robots have confirmed addresses.
 *
 * Userids are stored lower-case (commands are case-insensitive); passwords
 * are case-sensitive.  Changes go through a struct txn under lock "users".
 */
#ifndef EPAM_USERS_H
#define EPAM_USERS_H

#include <stddef.h>
#include <time.h>

#include "spool/accept.h"
#include "util/span.h"

/* How a player sees the board (set orientation ...). */
/* The form of the text board in board mails (set ... board): the
 * values are those of enum render_form (game/render.h). */
enum user_board {
	USER_BOARD_WIDE = 0,     /* labels on all sides (the default) */
	USER_BOARD_COMPACT = 1,  /* two characters a square, for phones */
	USER_BOARD_LIST = 2,     /* words for screen readers (issue 30) */
};

/* The letters of the pieces on the text boards (set ... board letters;
 * issue 32): the values are those of enum render_letters
 * (game/render.h).  The notation never changes. */
enum user_letters {
	USER_LETTERS_WB = 0,     /* W and B, White and Black (the default) */
	USER_LETTERS_WS = 1,     /* W and S, Weiss and Schwarz */
};

enum user_orientation {
	USER_ORIENT_WHITE = 0,  /* White's home row at the bottom (default) */
	USER_ORIENT_BLACK,      /* Black's home row at the bottom */
	USER_ORIENT_OWN,        /* the player's own home row at the bottom */
};

/* Leaves kept per account (this year's and last year's are enough to
 * count the allowance; older ones are dropped when the file is written). */
#define USER_MAX_LEAVE 24

/* Boards (or "all" of a game) a player asks to hear the end of
 * (notify, commands/games/notify.c). */
#define USER_MAX_NOTIFY 16

/* One "notify:" line: a mail when board ends, or any board of game when
 * board is -1. */
struct user_notify {
	char game[16];   /* a spool_games name */
	long board;      /* the board, or -1: every board of game */
};

/* What becomes of a challenge naming the player ("challenges:" line,
 * the limit command, issue 17). */
enum user_challenges {
	USER_CHALLENGES_ASK = 0,  /* it waits for the player's accept */
	USER_CHALLENGES_ACCEPT,   /* a signed one is accepted at once */
	USER_CHALLENGES_REJECT,   /* every one is refused at once */
};

/* The highest "limit:" a player may set. */
#define USER_LIMIT_MAX 999

/* Addresses per account, confirmed and requested together. */
#define USER_MAX_ADDRESSES 3

/* Why a confirmation request went out (struct user_request). */
enum user_request_kind {
	USER_REQ_SIGNUP = 0,  /* with the signup: the address joins the account */
	USER_REQ_CHANGE,      /* change address: on confirmation it replaces
	                         every address but those of the same change */
};

/* A confirmed address. */
struct user_address {
	char *addr;      /* malloc'ed addr-spec */
	time_t since;    /* when its owner confirmed it; 0 for addresses on
	                    file before confirmation existed or set by the
	                    admin */
	time_t change;   /* the time of the change address request it was
	                    confirmed from, or 0 */
};

/* An address waiting for its owner's confirmation. */
struct user_request {
	char *addr;      /* malloc'ed addr-spec */
	time_t sent;     /* when the confirmation request was queued */
	enum user_request_kind kind;
	char hash[128];  /* hash of the request's token (tokenhash.h form) */
};

struct user {
	char userid[32];
	char *hash;      /* malloc'ed crypt(3) hash, "!" once left */
	struct user_address addr[USER_MAX_ADDRESSES];  /* confirmed, in order */
	size_t naddr;
	struct user_request req[USER_MAX_ADDRESSES];   /* waiting, oldest first */
	size_t nreq;
	time_t created;
	int html;                        /* 1: board mails carry text/html */
	enum user_orientation orientation;
	enum user_board board;           /* the text board's form */
	enum user_letters letters;       /* "board-letters:" */
	unsigned long token_epoch;       /* reply tokens of older epochs are void */
	char vacation[11];               /* "YYYY-MM-DD" (last day away) or "":
	                                    the form before issue 15, read as
	                                    a leave by user_leave_spans */
	struct time_span leave[USER_MAX_LEAVE];  /* leaves, oldest first */
	size_t nleave;
	char timezone[64];               /* IANA zone name ("Europe/Berlin"),
	                                    "" for UTC */
	int digest_hour;                 /* -1: every board mail (default);
	                                    0..23: a daily digest then */
	struct user_notify notify[USER_MAX_NOTIFY];  /* notify, in order */
	size_t nnotify;
	time_t left;                     /* when the player signed off, or 0 */
	int game_limit;                  /* "limit:": most active games, -1
	                                    none (the default) */
	enum user_challenges challenges; /* "challenges:" */
	struct accept_set accept;        /* "accept-time:", "accept-size:":
	                                    the signed challenges accept
	                                    starts at once (issue 29) */
	int robot;                       /* 1: a robot account (issue 16,
	                                    "robot: yes"): made from the
	                                    config, no address, a password
	                                    no one knows ("*") */
	int publish_comments;            /* "publish-comments: on" (issue 18):
	                                    0 by default */
	int web_off;                     /* "web: off" (issue 18): 0 by
	                                    default (on the site) */
	int receipts_off;                /* "receipts: off" (issue 30): 0 by
	                                    default (a receipt for each
	                                    message and chat sent) */
	char language[16];               /* "language:" (issue 32): "en" by
	                                    default ("" too: a struct not
	                                    set up by user_defaults), else
	                                    a language name (i18n_name_ok) */
};

/* Load SPOOL/users/USERID (userid already validated) into *u (its
 * strings malloc'ed: free with user_free).  Returns 0, 1 when
 * there is no such user, -1 when the file is unreadable or malformed
 * (*err malloc'ed, caller frees; *u then holds nothing to free).
 *
 * The file last parsed for a path is kept for the rest of the process
 * (at most USER_CACHE_SIZE files, the oldest goes first) under the
 * identity fstat(2) gave for it (device, inode, size, mtime, ctime): a
 * later load whose stat(2) shows the same identity copies the parsed
 * record instead of reading the file.  User files are replaced by
 * rename(2) only, so a changed file misses; a file written less than two
 * seconds before it was read is not kept (an inode number may be reused
 * within one tick of the file system's clock).  A file edited in place
 * keeping size and times would not be seen: edit by writing a new file
 * and renaming it. */
int user_load(const char *spool, const char *userid, struct user *u,
              char **err);

#define USER_CACHE_SIZE 64

/* How many user_load calls the cache answered so far (for tests). */
unsigned long user_cache_hits(void);

/* Forget every cached user file. */
void user_cache_clear(void);

/* Defaults for the optional fields (html on, orientation white, ...);
 * user_load applies them before reading. */
void user_defaults(struct user *u);

/* Issue 18, for records and the web site: 1 when u set "publish
 * comments on" (comments of a game are shown only when both players
 * did), else 0 (the default, also for files older than the setting). */
int user_publishes_comments(const struct user *u);

/* Issue 18: 1 when u set "web off" (the player's games and page stay
 * off the web site), else 0 (the default). */
int user_web_off(const struct user *u);

/* Whether the user is away at now: on a leave (user_leave_spans). */
int user_on_vacation(const struct user *u, time_t now);

/* u's leaves as spans into out (at most max, USER_MAX_LEAVE + 1 is
 * always enough): the leave lines, and a "vacation:" day of a file
 * before issue 15 as a leave from the account's creation to the end of
 * that day (UTC).  Returns the count. */
size_t user_leave_spans(const struct user *u, struct time_span *out,
                        size_t max);

/* Turn a "vacation: DAY" of a file before issue 15 into a leave line
 * and clear u->vacation, before the file is written again (a new file
 * never has the old line).  The leave runs from now (when DAY is today
 * or later: the player is away now, as before) or from the start of DAY
 * (a vacation over: one day, so the end it gave the pbmserv count stays)
 * to the end of DAY, UTC; the account's creation when that is later.
 * It goes in order among u's leaves; nothing when u has USER_MAX_LEAVE
 * leaves already (the oldest goes) or the vacation ended before the
 * account was made.  No-op without a vacation line. */
void user_convert_vacation(struct user *u, time_t now);

/* The first confirmed address of u (where mail to the player goes), or
 * NULL while none is confirmed.  Points into u. */
const char *user_address(const struct user *u);

/* Whether u is a player: not signed off and at least one address
 * confirmed. */
int user_confirmed(const struct user *u);

/* Index of addr (case-insensitive) among u's confirmed addresses, or -1. */
int user_find_address(const struct user *u, const char *addr);

/* Index of addr among u's requested addresses, or -1. */
int user_find_request(const struct user *u, const char *addr);

/* Add a confirmed address (copied) confirmed at since; nothing when it is
 * there already.  0, or -1 when u has USER_MAX_ADDRESSES already. */
int user_add_address(struct user *u, const char *addr, time_t since);

/* Add a request for addr (copied), replacing an earlier request for the
 * same address.  0, or -1 when u has USER_MAX_ADDRESSES requests. */
int user_add_request(struct user *u, const char *addr, time_t sent,
                     enum user_request_kind kind, const char *hash);

/* Remove request i (0 <= i < u->nreq). */
void user_drop_request(struct user *u, size_t i);

/* Remove every request of kind USER_REQ_CHANGE (a password change
 * cancels them: whoever asked may have had the old password).  Returns
 * how many went. */
int user_drop_change_requests(struct user *u);

/* Remove every confirmed address. */
void user_clear_addresses(struct user *u);

/* For "admin user repair": read users/USERID keeping what parses.
 * *raw is the file as it is (malloc'ed).  Returns 0 when it loads as it
 * is (u loaded); 1 when lines had to go: u holds the rest, *dropped
 * (malloc'ed) lists the lines dropped, one "line N: TEXT" a line
 * (English: data, for admin.log and the terminal alike), and with no
 * password line left the hash is "!" (none matches); -1 with
 * *err (malloc'ed) when it cannot be read or no address survives.
 * Free u with user_free unless -1. */
int user_salvage(const char *spool, const char *userid, struct user *u,
                 char **raw, char **dropped, char **err);

/* The file text of u (malloc'ed, caller frees).  A "vacation:" day is
 * written as the leave user_convert_vacation makes of it at util_now():
 * no file written since issue 15 has the old line. */
char *user_format(const struct user *u);

/* The file text in version 1, the only version the previous release
 * reads (users_v1.c; malloc'ed, caller frees): user_format's text with
 * only the lines version 1 has, the first confirmed address without its
 * times; an account without a confirmed address is written closed (as
 * signed off at now), a robot's keeps its robot line (users_v1.c).  Each line left out but the first address's times
 * is passed to dropped (when not NULL) with arg, its line number in
 * user_format's text and its text (without the newline). */
char *user_format_v1(const struct user *u, time_t now,
                     void (*dropped)(void *arg, int lineno, const char *line),
                     void *arg);

/* Relative path "users/USERID" into buf. */
void user_path(const char *userid, char *buf, size_t len);

/* A new crypt(3) hash of password with a fresh salt from the library's
 * preferred method (malloc'ed), or NULL when crypt fails. */
char *user_hash_password(const char *password);

/* 1 when password (untrusted, from a mail) matches u's hash, else 0
 * (compared in constant time).  A success is remembered for the rest of
 * the process (pwcache.h: a keyed digest, never the password, at most 64
 * entries), so the same userid, stored hash and password are accepted
 * again without running crypt(3); a failure is never remembered, and a
 * changed hash (a new password) runs crypt(3) afresh. */
int user_password_ok(const struct user *u, const char *password);

void user_free(struct user *u);

/* Every userid with a file in SPOOL/users, sorted (malloc'ed array of
 * malloc'ed strings in *ids, count in *n; free with user_list_free).
 * Returns 0, or -1 with a malloc'ed *err when the directory cannot be
 * read. */
int user_list(const char *spool, char ***ids, size_t *n, char **err);
void user_list_free(char **ids, size_t n);

#endif
