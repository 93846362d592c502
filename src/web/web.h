/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * web.h - the static web site of the spool (issue 18, "epamserv web
 * DIR"): the shared types of src/web/.
 *
 * The site is plain files any web server can serve, no script and no
 * CGI:
 *
 *   DIR/index.html                 games in progress, recent results,
 *                                  the standings' leaders, tournaments
 *   DIR/style.css                  the one style sheet
 *   DIR/standings.html             every rating class in full
 *   DIR/boards/GAME-N.html         a board: SVG of the position, every
 *                                  move linking to #ply-K, the position
 *                                  after it (CSS :target)
 *   DIR/players/USERID.html        a player: ratings, games, a rating
 *                                  history chart (SVG)
 *   DIR/tournaments/NAME.html      a tournament's table and boards
 *   DIR/feeds/boards/GAME-N.atom   Atom 1.0 feeds of a board and of a
 *   DIR/feeds/players/USERID.atom  player
 *   DIR/board.js                   the script that draws the position
 *                                  after any ply of a board page
 *   DIR/.epamserv-web              the manifest: a stamp per page
 *   DIR/.epamserv-web.lock         flock(2): one run at a time
 *
 * A page is written (temporary file, then rename) only when its stamp
 * differs from the manifest's or the file is gone: a board page's stamp
 * is a digest of its inputs (the game file's text, the players'
 * ratings, the deadline), so an unchanged board is not even drawn; the
 * other pages are cheap and are stamped by a digest of their text.
 * Pages of the old manifest that are no longer made are removed.
 *
 * A board whose file, and its players' user files, are as the last run
 * saw them (SPOOL/web/state-DIGEST, state.c: in the spool, never in
 * DIR, for it names what the site hides) is not read at all: its
 * summary and the digest of its text come from there, so a run after
 * one move reads that board and the pages it feeds (web --full reads
 * and writes everything).
 *
 * What the site never shows: an address, a password, a reply token or
 * its hash, a Message-ID (it names a host and may name a person), a
 * conditional line or a pending move; the games of a player who set
 * "web off" (web_user_hidden); a board that forbids observers before it
 * has ended; challenges and cancelled boards.  Deadlines are dates
 * (ISO 8601, UTC), never a countdown.
 */
#ifndef EPAM_WEB_H
#define EPAM_WEB_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "game/game.h"
#include "game/ratings.h"
#include "game/ratings_show.h"
#include "util/buf.h"
#include "util/conf.h"

/* One board as the lists (index, player pages, feeds) show it: a
 * summary kept for every board on the site while the site is made. */
struct web_board {
	char game[16];
	long board;
	char white[32], black[32];
	enum game_state state;         /* GAME_ACTIVE or GAME_FINISHED */
	enum ep_result result;
	char result_text[GAME_RESULT_WORDS_MAX];  /* game_result_words, ""
	                                         * active */
	char to_move[32];              /* "" unless active */
	size_t nmoves;
	time_t created, updated;
	time_t deadline;               /* of the player to move, 0 none */
	char tourney[24];              /* "" none */
	int round;
	int cls;                       /* enum rating_class */
};

/* A file's identity as stat(2) gives it. */
struct web_ident {
	unsigned long long dev, ino;
	long long size, mtime;         /* bytes; seconds since the epoch */
	long mtime_ns;
};

/* What the last run knew of a board without reading it again. */
struct web_cached {
	struct web_board wb;           /* its summary (wb.game, wb.board:
	                                  the key) */
	struct web_ident id;           /* its file's, read before loading */
	int shown;                     /* web_board_shown */
	char text[33];                 /* util_digest_hex of game_format */
};

/* The two settings of a user the site obeys, and the user file's
 * identity they were read with. */
struct web_user {
	char userid[32];
	struct web_ident id;
	int hidden;                    /* web_user_hidden */
	int publishes;                 /* web_user_publishes_comments */
	int changed;                   /* this run: read again (new or
	                                  changed file) */
};

/* SPOOL/web/state-DIGEST in memory (state.c). */
struct web_state {
	struct web_cached *boards;     /* sorted by game, board */
	size_t nboards, capboards;
	struct web_user *users;        /* sorted by userid */
	size_t nusers, capusers;
	char *text;                    /* the file as read (malloc'ed), or
	                                  NULL */
};

/* One page recorded in the manifest. */
struct web_entry {
	char *path;                    /* relative to DIR, malloc'ed */
	char stamp[33];                /* util_digest_hex */
};

struct web_manifest {
	struct web_entry *e;
	size_t n, cap;
};

/* A run of the site maker. */
struct web_site {
	const struct config *cfg;
	const char *dir;               /* the site's directory */
	int verbose;                   /* print each page written */
	int full;                      /* web --full: read every board,
	                                  write every page */
	const char *version;           /* the program's build version */
	char key[33];                  /* web_state_key, in the site's
	                                  language */
	time_t now;
	struct ratings r;              /* every rated game, replayed */
	struct web_manifest old, made; /* the last run's pages, this run's */
	struct web_board *boards;      /* every board on the site */
	size_t nboards, capboards;
	char *state_path;              /* web_state_path (malloc'ed), or
	                                  NULL: nothing recorded */
	struct web_state old_state;    /* the last run's (empty: none) */
	struct web_state state;        /* this run's */
	long boards_read;              /* boards loaded this run */
	char **paged;                  /* sorted userids with a page: the
	                                  players of the boards on the site */
	size_t npaged;
	char tag[160];                 /* "tag:DOMAIN,2026:" for Atom ids */
	long written, kept, removed;   /* pages, for the summary line */
	int failed;                    /* a page could not be written */
};

/* ---- out.c: pages and the manifest ---- */

/* Read DIR/.epamserv-web into m (empty when there is none or it is
 * not one: every page is then written).  Never fails. */
void web_manifest_load(const char *dir, struct web_manifest *m);

/* Write m as DIR/.epamserv-web (temporary file and rename).  0, or -1
 * with errno. */
int web_manifest_save(const char *dir, const struct web_manifest *m);

void web_manifest_free(struct web_manifest *m);

/* Whether page path (relative) can stay as it is: its stamp in the old
 * manifest is stamp and the file is there.  Then it is recorded as made
 * (with web_keep) and 1 is returned; else 0 and nothing is recorded. */
int web_keep(struct web_site *s, const char *path, const char *stamp);

/* Whether web_keep would keep path, without recording anything. */
int web_can_keep(const struct web_site *s, const char *path,
                 const char *stamp);

/* Record page path with text (len bytes) as made: written (temporary
 * file in its directory, then rename(2), directories made as needed)
 * unless web_keep says it can stay.  stamp NULL: the digest of text.
 * 0, or -1 after a line on stderr (s->failed set). */
int web_put(struct web_site *s, const char *path, const char *text,
            size_t len, const char *stamp);

/* A line for the operator on f (stdout or stderr) while the pages are
 * made in the site's language: msgid, a printf format marked N_(), is
 * translated in the operator's language (the environment's, as every
 * terminal line) and printed with the arguments; the site's language is
 * in use again after. */
void web_tell(FILE *f, const char *msgid, ...)
	__attribute__((format(printf, 2, 3)));

/* Write text (len bytes) as dir/rel: a temporary file beside it,
 * fsync'ed and renamed over, directories on the way made (never through
 * a symbolic link).  0, or -1 with errno. */
int web_write_file(const char *dir, const char *rel, const char *text,
                   size_t len);

/* Remove the pages of the old manifest that this run did not make. */
void web_remove_stale(struct web_site *s);

/* ---- html.c: the parts every page shares ---- */

/* The head of a page: doctype, <html lang="LANG"> (the language in
 * use: i18n_current, "en" for none), charset, viewport,
 * title (escaped), the style sheet at root ("" or "../") and, when feed
 * is not NULL, an Atom link to it; then <body>, the site's header with
 * a link home, and <main>. */
void web_page_head(struct buf *b, const char *title, const char *root,
                   const char *feed);

/* </main>, the footer and the end of the page. */
void web_page_foot(struct buf *b);

/* A link to a player's page (root as above), or the userid as text
 * when they have none (no board on the site, or they set web off). */
void web_player_link(struct web_site *s, struct buf *b, const char *root,
                     const char *userid);

/* The page of a board, relative to the site: "boards/GAME-N.html". */
void web_board_path(const char *game, long board, char *buf, size_t len);

/* The title of a board's page and feed entries, "Epaminondas board
 * 101: alice against bob" (translated, not escaped), into buf of len
 * bytes. */
void web_board_title(const char *game, long board, const char *white,
                     const char *black, char *buf, size_t len);

/* A table's row of column heads, "<tr><th>Board</th>...</tr>\n": heads
 * are the N_()-marked labels, NULL-terminated, each translated and
 * escaped. */
void web_table_heads(struct buf *b, const char *const *heads);

/* Player p's rating (in s->r) as a list shows it at s->now, escaped:
 * "1734 ± 95", "1580?" while provisional, "1616" under Elo
 * (game/ratings_show.h). */
void web_put_rating(const struct web_site *s, struct buf *b,
                    const struct rating_player *p);

/* The paragraph under a table of ratings: the rating system, what "±"
 * and "?" mean (ratings_about), as HTML. */
void web_put_rating_note(const struct web_site *s, struct buf *b);

/* t (UTC) as a person reads it in the language in use: "2026-11-30
 * 05:48 UTC" in English, in the catalogue's pattern otherwise (German
 * "Mo., 30.11.2026, 05:48 UTC"; util/datewords.h).  Static storage:
 * copy it before the next call.  Machine dates (feeds' <updated>,
 * datetime attributes) are util_iso_time's instead. */
const char *web_date(time_t t);

/* "Epaminondas" or "Crossings" for a spool_games name. */
const char *web_game_title(const char *game);

/* Whether userid set web off (s->state.users; a userid without a user
 * file does not). */
int web_hidden(const struct web_site *s, const char *userid);

/* Whether userid publishes comments (s->state.users). */
int web_publishes(const struct web_site *s, const char *userid);

/* Whether the sorted list ids (n of them) holds userid. */
int web_in_list(char *const *ids, size_t n, const char *userid);

/* What a list says of wb: "alice to move by DATE" (a link) or the
 * result, escaped. */
void web_board_state(struct web_site *s, struct buf *b, const char *root,
                     const struct web_board *wb);

/* The style sheet's text (static). */
const char *web_css(void);

/* board.js's text (static): the script of the board pages (board.c
 * says what it reads). */
const char *web_board_js(void);

/* ---- svg.c: the board drawn ---- */

/* The full board of p as an inline SVG: every square a <rect
 * class="sq">, the pieces, files and ranks, the squares of move (the
 * last move's text, "" none) marked, with role="img", a <title> and
 * aria-label label (escaped).  Defines in <defs> what board.js's
 * drawings use (pieces "pw", "pb", the block "bk", the grid
 * "grid-WxH"): the page's first board must be drawn with this function,
 * and with defs set. */
void web_svg_board(struct buf *b, const struct ep_position *p,
                   const char *move, const char *label, int defs);

/* "White 12 pieces, Black 11; Black to move" for p into buf. */
void web_svg_describe(const struct ep_position *p, char *buf, size_t len);

/* A rating history chart of userid in class cls (the ratings after
 * each of their rated games in s->r, oldest first) as an inline SVG
 * with a text alternative.  Nothing when they have no game there. */
void web_svg_rating_chart(struct buf *b, const struct ratings *r,
                          const char *userid, int cls);

/* ---- the pages ---- */

/* Bump when the board page's layout changes: every board page is
 * redrawn and every board read again. */
#define WEB_BOARD_PAGE_VERSION "2"

/* board.c: the summary of a loaded board g into c (c->wb, c->shown and
 * c->text; c->id is the caller's). */
void web_board_summary(const struct web_site *s, const struct game *g,
                       struct web_cached *c);

/* board.c: whether the page and feed of the board c summarises can
 * stay as they are (their stamps unchanged and the files there): then
 * they are recorded as made and 1 is returned, else 0 and nothing is
 * recorded.  Reads nothing of the spool. */
int web_board_keep(struct web_site *s, const struct web_cached *c);

/* board.c: the page and feed of the loaded board g whose summary
 * web_board_summary made in c, written unless their stamps are
 * unchanged.  0, or -1 when a page could not be written (said on
 * stderr, s->failed set). */
int web_board_pages(struct web_site *s, const struct game *g,
                    const struct web_cached *c);

/* player.c: every player's page and feed. */
void web_player_pages(struct web_site *s);

/* index.c: index.html, standings.html and style.css. */
void web_index_pages(struct web_site *s);

/* tourney.c: a page per tournament; the list of them into b for the
 * index (links relative to DIR). */
void web_tourney_pages(struct web_site *s, struct buf *list);

/* feed.c: the start of an Atom feed (title, self path relative to DIR,
 * alternate page path, id suffix, updated) and one entry; web_feed_end
 * closes it. */
void web_feed_start(struct web_site *s, struct buf *b, const char *title,
                    const char *self, const char *page, const char *id,
                    time_t updated);
void web_feed_entry(struct web_site *s, struct buf *b, const char *title,
                    const char *page, const char *id, time_t updated,
                    const char *summary);
void web_feed_end(struct buf *b);

/* ---- site.c ---- */

/* Whether cfg's web_language can be written: 0 when it is English or
 * locale_dir holds its catalogue; else 1 after a line on out saying the
 * site is English (the pages' lang then says en, not a language they
 * are not written in).  For web_make and config --check. */
int web_language_check(const struct config *cfg, FILE *out);

/* ---- state.c: what the last run read ---- */

/* The key of this run's state into key (33 bytes): a digest of the
 * program's version, WEB_BOARD_PAGE_VERSION, the language in use,
 * forfeit_days and the spool's path. */
void web_state_key(const struct web_site *s, char *key);

/* lstat(2) of path into *id: 0, or -1 (not a regular file, errno). */
int web_ident_of(const char *path, struct web_ident *id);

/* Whether a and b are the same file in the same version. */
int web_ident_same(const struct web_ident *a, const struct web_ident *b);

/* Whether a file of identity id is old enough to be recorded (changed
 * more than a couple of seconds before s->now). */
int web_ident_settled(const struct web_site *s, const struct web_ident *id);

/* The path of the state of the site in dir (which must exist):
 * SPOOL/web/state-DIGEST, DIGEST util_path_digest of dir, malloc'ed
 * (free it); NULL when dir does not resolve (errno). */
char *web_state_path(const struct config *cfg, const char *dir);

/* Remove dir/.epamserv-web-boards and its temporary name, where an
 * earlier development version kept the state inside the site.  0 (also
 * when there was none), or -1 with errno. */
int web_state_forget_old(const char *dir);

/* Remove the regular files SPOOL/web/state-DIGEST.tmp (DIGEST: 32 hex
 * digits), the temporary names an earlier version wrote its state
 * through and left behind when it crashed; the state is now written
 * through .state-DIGEST.tmp.  No other name is touched, and no link
 * followed (a link of that name, or SPOOL/web itself one, is left
 * alone).  How many were removed (0 also when SPOOL/web is missing), or
 * -1 with errno. */
int web_state_forget_tmp(const char *spool);

/* Read s->state_path into *st (empty when s->state_path is NULL, there
 * is none, it is not one, or it has another key; lines that do not
 * parse are left out).  Never fails; free with web_state_free. */
void web_state_load(const struct web_site *s, struct web_state *st);

/* The entry of a board or a user in a loaded state, or NULL. */
const struct web_cached *web_state_board(const struct web_state *st,
                                         const char *game, long board);
const struct web_user *web_state_user(const struct web_state *st,
                                      const char *userid);

/* Append a copy of c or u to st (unsorted until saved).  A board whose
 * words hold a tab or a newline is left out (read again next run). */
void web_state_add_board(struct web_state *st, const struct web_cached *c);
void web_state_add_user(struct web_state *st, const struct web_user *u);

/* Write st (sorted first) as s->state_path (atomically, mode 0640,
 * making SPOOL/web when missing) unless it is what s->old_state read or
 * s->state_path is NULL.  0, or -1 with errno. */
int web_state_save(const struct web_site *s, struct web_state *st);

void web_state_free(struct web_state *st);

/* How a run goes (web_make). */
struct web_run {
	int verbose;                   /* print each page written or
	                                  removed */
	int full;                      /* read every board, write every page */
	const char *version;           /* the program's build version: the
	                                  state of another is not used */
};

/* Make or update the site in dir from cfg's spool as run says.  Returns
 * 0, EXIT_TEMPFAIL when another run holds dir's lock or the spool cannot
 * be read, 1 when a page could not be written (each said on stderr). */
int web_make(const struct config *cfg, const char *dir,
             const struct web_run *run);

#endif
