/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * robot.c - robot opponents on the server (robot.h; issue 16 item 3).
 *
 * One engine per process (engine.h), made at the first robot move with
 * a table of robot_memory_mb and kept for the run: its memory is the
 * robots', apart from the 16 MiB target of mail processing (epamserv
 * status reports both).  A robot move searches under its level's node
 * bound (eng_level_limits) and robot_think_ms, seeded by the board
 * number and the ply, from a cleared engine (eng_clear: nothing learnt
 * from the process's earlier searches), so a game replays the same
 * whenever the node bound is reached first.  Both bounds hold from the
 * search's first ply on (issue 29): in a position too large for them the
 * robot plays the best of the moves it searched to the end, or the
 * first legal move in the engine's order (the log says depth 0).
 *
 * robot_think_ms is a safety net, not a level (issue 30): its default
 * is well above the top level's cost on a loaded machine (BENCHMARKS.md,
 * "Issue 30: robot under load"), so a busy server plays the same moves
 * as a quiet one.  When it stops a search anyway, the board mail says
 * so in a sentence and the log in a warning.
 */
#include "services/robot.h"
#include "services/after_move.h"
#include "services/board.h"
#include "services/boardmail.h"
#include "services/clock.h"
#include "services/engine_time.h"
#include "services/result_words.h"
#include "services/robot_queue.h"
#include "engine/engine.h"
#include "spool/addrindex.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/log.h"
#include "util/util.h"

#include <dirent.h>
#include <limits.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static struct eng *engine;         /* made at the first robot move */
static unsigned long thought_ms;   /* this process's robot thinking */
static unsigned long notes_written; /* robot_note's files, this process */

static uint64_t mono_ms(void *arg)
{
	struct timespec ts;

	(void)arg;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void robot_path(const char *game, long board, char *buf, size_t len)
{
	snprintf(buf, len, "robot/%s-%ld", game, board);
}

unsigned long robot_thought_ms(void)
{
	return thought_ms;
}

unsigned long robot_notes_written(void)
{
	return notes_written;
}

/* Whether a robot may think now for a move of board game/board against
 * human: this run's budget (robot_budget_ms) left, and the server's
 * hour with the human's and the board's shares of it (engine_time.h);
 * else why not. */
static enum robot_why robot_may(const struct config *cfg, const char *game,
                                long board, const char *human)
{
	if (thought_ms >= (unsigned long)cfg->robot_budget_ms)
		return ROBOT_WAIT_RUN;
	return robot_queue_why(cfg, util_now(), game, board, human);
}

void robot_wait_words(int why, const char *robot, struct headline *out)
{
	switch ((enum robot_why)why) {
	case ROBOT_GO:
		break;
	case ROBOT_WAIT_RUN:
		/* TRANSLATORS: %s is the robot's userid. */
		headline_say(out, N_("%s answers soon, in a mail of its own (the "
		           "server's thinking time for robots is used up for "
		           "now)."), robot);
		break;
	case ROBOT_WAIT_HOUR:
		headline_say(out, N_("%s answers later, in a mail of its own (the "
		           "server's engine has thought as long as it may this "
		           "hour)."), robot);
		break;
	case ROBOT_WAIT_BOARD:
		headline_say(out, N_("%s answers later, in a mail of its own (this "
		           "game has had its share of the server's thinking time "
		           "for this hour)."), robot);
		break;
	case ROBOT_WAIT_PLAYER:
		headline_say(out, N_("%s answers later, in a mail of its own (you "
		           "have had your share of the server's thinking time for "
		           "this hour: your analyses and your robot games count "
		           "against it)."), robot);
		break;
	}
}

/* The note's line for a held headline that says no more than the last
 * move of g (a plain move: "alice played e2-e3."): data, the sentence
 * made again from the game when the mail is made (held_words), in the
 * language of that moment.  Any other headline is kept as its text (as
 * every note before this line was written). */
#define NOTE_HELD_MOVE "held: move\n"

/* The headline of the last move of g as move_done (games/move.c) writes
 * it for a plain move, into out. */
static void last_move_words(const struct game *g, struct buf *out)
{
	const char *mover;

	if (g->nmoves == 0)
		return;
	mover = g->seen[g->nmoves - 1].to_move == EP_WHITE ? g->white
	        : g->black;
	/* move_done's words (the move command's board mail) */
	reply_played_words(g, mover, out);
}

/* The held headline of a note (read_note) appended to h: the last move
 * of g for NOTE_HELD_MOVE (g still at the note's ply), said in each
 * reader's language, else the note's text as it is (an older note, or
 * a headline that was not a plain move). */
static void held_words(const struct game *g, const char *held,
                       struct headline *h)
{
	if (!held || !held[0])
		return;
	if (strcmp(held, NOTE_HELD_MOVE) != 0)
		headline_text(h, held);
	else if (g->nmoves)
		headline_move(h, HEADLINE_PLAYED, g->seen[g->nmoves - 1].to_move
		              == EP_WHITE ? g->white : g->black, g->nmoves - 1);
}

int robot_note(struct svc *s, struct txn *t, const struct game *g,
               const char *headline, struct headline *why)
{
	const struct config_robot *r = robot_to_move(s->cfg, g);
	enum robot_why w;
	struct buf b = BUF_INIT;
	char rel[128];
	int held;

	if (!r)
		return 0;
	w = robot_may(s->cfg, g->game, g->board, robot_human(s->cfg, g));
	held = headline && w == ROBOT_GO;
	buf_printf(&b, "ply %zu\n", g->nmoves);
	if (held) {
		struct buf plain = BUF_INIT;
		last_move_words(g, &plain);
		buf_puts(&b, plain.len && strcmp(headline, buf_str(&plain)) == 0
		         ? NOTE_HELD_MOVE : headline);
		buf_free(&plain);
	}
	robot_path(g->game, g->board, rel, sizeof rel);
	txn_put(t, rel, b.data ? b.data : "", b.len);
	buf_free(&b);
	notes_written++;
	if (!held && why)
		robot_wait_words(w, r->userid, why);
	return held;
}

void robot_note_missing(const struct config *cfg, const struct game *g)
{
	char rel[128], path[4200], text[32];
	FILE *f;

	if (!robot_to_move(cfg, g))
		return;
	robot_path(g->game, g->board, rel, sizeof rel);
	snprintf(path, sizeof path, "%s/%s", cfg->spool, rel);
	if (access(path, F_OK) == 0)
		return;
	snprintf(text, sizeof text, "ply %zu\n", g->nmoves);
	if ((f = fopen(path, "wx")) != NULL) {
		fputs(text, f);
		if (fclose(f) == 0)
			log_msg(LOG_INFO, "robot: %s board %ld: %s to move, no note: "
			        "noted for the next run\n", g->game, g->board,
			        game_to_move(g));
	}
}

struct count_arg {
	const struct config *cfg;
	const char *userid;
	const char *with;   /* NULL, or the opponent counted in nwith */
	int agreed_only;    /* a challenge counts only once userid agreed */
	int n, nwith, failed;
};

static int count_one(const char *game, long board, void *arg)
{
	struct count_arg *a = arg;
	struct game g;
	char *err = NULL;
	int side;

	if (game_load(&g, a->cfg->spool, game, board, &err) != 0) {
		free(err);
		return 0;
	}
	side = game_side_of(&g, a->userid);
	if ((g.state == GAME_ACTIVE || (g.state == GAME_CHALLENGED &&
	     (!a->agreed_only || (side >= 0 && g.agreed[side])))) &&
	    (strcmp(g.white, a->userid) == 0 || strcmp(g.black, a->userid) == 0)) {
		a->n++;
		if (a->with && (strcmp(g.white, a->with) == 0 ||
		                strcmp(g.black, a->with) == 0))
			a->nwith++;
	}
	game_free(&g);
	return 0;
}

int robot_active_games(const struct config *cfg, const char *userid,
                       const char *with, int *nwith)
{
	struct count_arg a = { cfg, userid, with, 0, 0, 0, 0 };

	if (spool_each_board(cfg->spool, count_one, &a) < 0)
		return -1;
	if (nwith)
		*nwith = a.nwith;
	return a.n;
}

int player_agreed_games(const struct config *cfg, const char *userid)
{
	struct count_arg a = { cfg, userid, NULL, 1, 0, 0, 0 };

	if (spool_each_board(cfg->spool, count_one, &a) < 0)
		return -1;
	return a.n;
}

int robot_player_limit(const struct config *cfg, const struct config_robot *r)
{
	int n = robot_limit(cfg, r) / 4;

	return n < 1 ? 1 : n;
}

long robot_accounts(const struct config *cfg)
{
	char *err = NULL;
	long n = 0;
	int i;

	for (i = 0; i < cfg->nrobots; i++) {
		struct user u;
		if (user_load(cfg->spool, cfg->robot[i].userid, &u, &err) == 0) {
			n += u.robot;
			user_free(&u);
		}
		free(err);
		err = NULL;
	}
	return n;
}

int robot_check(const struct config *cfg, FILE *out)
{
	char *err = NULL;
	int i, bad = 0;

	for (i = 0; i < cfg->nrobots; i++) {
		struct user u;
		if (user_load(cfg->spool, cfg->robot[i].userid, &u, &err) == 0) {
			if (!u.robot) {
				fprintf(out, _("epamserv: robots: %s is a player's "
				        "account already: name the robot otherwise\n"),
				        u.userid);
				bad++;
			}
			user_free(&u);
		}
		free(err);
		err = NULL;
	}
	/* A robot thinks holding its board's lock: a mail for that board
	 * waits lock_timeout seconds, then is deferred (exit 75). */
	if (cfg->nrobots && cfg->robot_think_ms / 1000 >= cfg->lock_timeout) {
		/* TRANSLATORS: robot_think_ms and lock_timeout are settings'
		   names (milliseconds, seconds). */
		fprintf(out, _("epamserv: robot_think_ms = %1$d: a robot thinks "
		        "holding its board's lock, longer than lock_timeout = "
		        "%2$d s, so mail for that board is deferred while it "
		        "thinks: think less or wait longer\n"),
		        cfg->robot_think_ms, cfg->lock_timeout);
		bad++;
	}
	return bad;
}

int robot_limit(const struct config *cfg, const struct config_robot *r)
{
	return r->max_games > 0 ? r->max_games : cfg->robot_max_games;
}

int robot_ensure(const struct config *cfg)
{
	struct svc s;
	struct lock l = LOCK_INIT;
	struct txn *t = NULL;
	char *err = NULL;
	int i, rc, made = 0;

	if (cfg->nrobots == 0)
		return 0;
	if (spool_init(cfg->spool, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		return -1;
	}
	/* Without the lock first: a run whose robots exist does nothing. */
	for (i = 0; i < cfg->nrobots; i++) {
		struct user u;
		if (user_load(cfg->spool, cfg->robot[i].userid, &u, &err) != 0)
			break;
		user_free(&u);
	}
	free(err);
	err = NULL;
	if (i == cfg->nrobots)
		return 0;
	svc_init(&s, cfg, util_now());
	if (svc_lock(&s, "users", &l) != CMD_DONE)
		return -1;
	util_digest_hex("robot accounts", 14, s.digest);
	for (i = 0; i < cfg->nrobots; i++) {
		struct user u;
		rc = user_load(cfg->spool, cfg->robot[i].userid, &u, &err);
		if (rc == 0) {
			if (!u.robot)
				log_msg(LOG_WARNING, "robot %s: the userid is a player's "
				        "account already: no robot plays as %s (rename "
				        "the robot in the robots key)\n", u.userid,
				        u.userid);
			user_free(&u);
			continue;
		}
		if (rc < 0) {
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			err = NULL;
			continue;
		}
		memset(&u, 0, sizeof u);
		user_defaults(&u);
		snprintf(u.userid, sizeof u.userid, "%s", cfg->robot[i].userid);
		u.hash = xstrdup("*");   /* no password matches */
		u.created = s.now;
		u.robot = 1;
		if (!t)
			t = txn_begin(cfg->spool, "users", s.digest);
		addr_user_put(t, cfg->spool, &u, NULL);
		log_msg(LOG_INFO, "robot %s (level %d): account made\n", u.userid,
		        cfg->robot[i].level);
		user_free(&u);
		made++;
	}
	rc = 0;
	if (t && txn_commit(t, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		rc = -1;
	}
	lock_release(&l);
	return rc < 0 ? -1 : made;
}

/* Read the robot-to-move file rel: *ply and the held headline (malloc'ed,
 * "" when none).  0, 1 when there is none, -1 when it is unreadable. */
static int read_note(const struct config *cfg, const char *rel, size_t *ply,
                     char **headline)
{
	char path[4200], *s, *nl, *end;
	unsigned long v;

	snprintf(path, sizeof path, "%s/%s", cfg->spool, rel);
	s = util_read_file(path, 65536, NULL);
	if (!s)
		return errno == ENOENT ? 1 : -1;
	if (strncmp(s, "ply ", 4) != 0 || !(nl = strchr(s, '\n'))) {
		free(s);
		return -1;
	}
	*nl = '\0';
	errno = 0;
	v = strtoul(s + 4, &end, 10);
	if (errno || end == s + 4 || *end) {
		free(s);
		return -1;
	}
	*ply = v;
	*headline = xstrdup(nl + 1);
	free(s);
	return 0;
}

/* Remove rel unless it says a robot is to move on g now. */
static void drop_stale(const struct config *cfg, const char *rel,
                       const struct game *g)
{
	char path[4200], *head = NULL;
	size_t ply;

	if (read_note(cfg, rel, &ply, &head) == 0 && robot_to_move(cfg, g) &&
	    ply == g->nmoves) {
		free(head);
		return;
	}
	free(head);
	snprintf(path, sizeof path, "%s/%s", cfg->spool, rel);
	unlink(path);
}

/* The node bound that was in force when the search stopped (engine.h,
 * struct eng_limits): the first iteration's may be the larger
 * first_nodes. */
static uint64_t level_bound(const struct eng_limits *lim,
                            const struct eng_result *res)
{
	if (res->depth == 0 && lim->first_nodes > lim->nodes)
		return lim->first_nodes;
	return lim->nodes;
}

/* The sentence telling the human that robot's search was stopped by
 * robot_think_ms before its level's node bound, appended to head.  Its count is the bound (at least 200: ngettext takes it). */
static void cut_short_words(const char *robot, const struct eng_limits *lim,
                            const struct eng_result *res,
                            struct headline *head)
{
	unsigned long long bound = (unsigned long long)level_bound(lim, res);

	if (bound == 0)  /* no level: the time was its only bound */
		return;
	/* TRANSLATORS: %1$s is the robot's userid; after %2$llu of its
	   %3$llu positions. */
	headline_sayn(head, "%1$s's search was cut short by this server's "
	              "time limit after %2$llu of its %3$llu position; it may "
	              "play weaker than its level.", "%1$s's search was cut "
	              "short by this server's time limit after %2$llu of its "
	              "%3$llu positions; it may play weaker than its level.",
	              (unsigned long)bound, robot,
	              (unsigned long long)res->nodes, bound);
}

/* The robot's move on board game/board when one is due: 1 played, 0
 * nothing due (a stale file removed), -1 trouble (the file stays). */
static int robot_play(const struct config *cfg, const char *game, long board)
{
	struct svc s;
	struct board_ctx b;
	const struct config_robot *r;
	struct eng_limits lim;
	struct eng_history h;
	struct eng_result res;
	struct headline after = { 0 };  /* the moves, then what followed */
	enum cmd_status saved;
	char rel[128], text[EP_MOVE_TEXT_MAX], err[EP_ERR_MAX + 96], key[160];
	char *held = NULL;
	size_t ply;
	int rc = -1;

	svc_init(&s, cfg, util_now());
	s.comment = "";
	robot_path(game, board, rel, sizeof rel);
	switch (board_lock(&s, game, board, &b)) {
	case CMD_DONE:
		break;
	case CMD_REFUSED:
		snprintf(key, sizeof key, "%s/%s", cfg->spool, rel);
		unlink(key);    /* no such board */
		return 0;
	default:
		return -1;      /* busy or unreadable: the next run */
	}
	r = robot_to_move(cfg, &b.g);
	if (read_note(cfg, rel, &ply, &held) != 0 || !r || ply != b.g.nmoves) {
		drop_stale(cfg, rel, &b.g);
		rc = 0;
		goto out;
	}
	snprintf(key, sizeof key, "robot %s %ld %zu", game, board, b.g.nmoves);
	util_digest_hex(key, strlen(key), s.digest);
	spool_msg_key(s.digest, s.msg_key, sizeof s.msg_key);
	if (!engine) {
		engine = eng_new((size_t)cfg->robot_memory_mb << 20);
		if (!engine) {
			log_msg(LOG_ERR, "robot: no memory for the engine (%d MiB)\n",
			        cfg->robot_memory_mb);
			goto out;
		}
	}
	if (eng_level_limits(r->level, &lim) < 0)
		memset(&lim, 0, sizeof lim);
	lim.movetime_ms = (uint64_t)cfg->robot_think_ms;
	lim.clock = mono_ms;
	lim.clock_arg = NULL;
	lim.seed = (uint64_t)board * 1000003u + b.g.nmoves + 1;
	h.seen = b.g.seen;
	h.nseen = b.g.nmoves + 1;
	h.plies = (int)b.g.nmoves;
	/* The engine is the process's, not the game's: what its last search
	 * (another board, another run's order) left in the table, killers
	 * and history would change this one's node-bounded move. */
	eng_clear(engine);
	/* With --verbose: when the robot begins (the log's order shows
	 * which mails went out before it thought: cli/mail_first.c). */
	log_msg(LOG_DEBUG, "robot %s: %s board %ld move %zu: thinking (level "
	        "%d)\n", r->userid, game, board, b.g.nmoves + 1, r->level);
	{
		uint64_t t0 = mono_ms(NULL);
		int src = eng_search(engine, &b.g.pos, &b.g.opts, &h, &lim, &res);
		/* Each move counts at least 1 ms against the budget. */
		uint64_t spent = mono_ms(NULL) - t0;
		struct engine_payer payer = { robot_human(cfg, &b.g), game, board };
		thought_ms += (unsigned long)(spent ? spent : 1);
		engine_time_spend(cfg, s.now, &payer, spent);
		if (src < 0 || !res.have_move) {
			log_msg(LOG_ERR, "robot %s: no move on %s board %ld\n",
			        r->userid, game, board);
			goto out;
		}
	}
	ep_move_format(&res.best, text);
	snprintf(b.userid, sizeof b.userid, "%s", r->userid);
	held_words(&b.g, held, &after);  /* the human's move: before the robot's */
	if (game_play(&b.g, text, s.now, NULL, err, sizeof err) < 0) {
		log_msg(LOG_ERR, "robot %s: the engine's move %s on %s board %ld "
		        "is refused: %s\n", r->userid, text, game, board, err);
		goto out;
	}
	board_clock_note(&s, &b.g);
	headline_move(&after, HEADLINE_ROBOT, r->userid, b.g.nmoves - 1);
	if (res.timed_out)
		cut_short_words(r->userid, &lim, &res, &after);
	if (b.g.state != GAME_ACTIVE)
		headline_move(&after, HEADLINE_RESULT, NULL, 0);
	pending_after_move(&s, &b.g, &after);
	saved = board_save_said(&s, &b, &after);
	if (saved != CMD_DONE)
		goto out;
	/* mails=: the board mails the move queued (epamserv(1), LOGGING) */
	log_msg(LOG_INFO, "robot %s: %s board %ld move %zu %s (depth %d, %llu "
	        "nodes, %llu ms) mails=%d\n", r->userid, game, board,
	        b.g.nmoves, text, res.depth, (unsigned long long)res.nodes,
	        (unsigned long long)res.elapsed_ms, s.queued);
	if (res.timed_out)
		log_msg(LOG_WARNING, "robot %s: %s board %ld move %zu: the search "
		        "was cut short by robot_think_ms = %d after %llu of its "
		        "%llu nodes: the move may be weaker than level %d's (the "
		        "player is told)\n", r->userid, game, board, b.g.nmoves,
		        cfg->robot_think_ms, (unsigned long long)res.nodes,
		        (unsigned long long)level_bound(&lim, &res), r->level);
	drop_stale(cfg, rel, &b.g);
	rc = 1;
out:
	free(held);
	headline_free(&after);
	svc_free(&s);
	board_close(&b);
	return rc;
}

/* A robot move that waits (why: the run's budget, the hour or a
 * share): the board mail its note held back goes now, saying so in one
 * sentence (the human hears of their own move in this run), and the
 * note keeps the ply alone, so that no later run tells him again. */
static void robot_release(const struct config *cfg, const char *game,
                          long board, enum robot_why why)
{
	struct svc s;
	struct board_ctx b;
	const struct config_robot *r;
	struct buf note = BUF_INIT;
	struct headline head = { 0 };
	struct txn *t;
	char rel[128], key[160];
	char *held = NULL;
	size_t ply;

	svc_init(&s, cfg, util_now());
	s.comment = "";
	robot_path(game, board, rel, sizeof rel);
	if (board_lock(&s, game, board, &b) != CMD_DONE) {
		return;
	}
	r = robot_to_move(cfg, &b.g);
	if (read_note(cfg, rel, &ply, &held) != 0 || !r || ply != b.g.nmoves ||
	    !held[0])
		goto out;
	snprintf(key, sizeof key, "robot-wait %s %ld %zu", game, board,
	         b.g.nmoves);
	util_digest_hex(key, strlen(key), s.digest);
	spool_msg_key(s.digest, s.msg_key, sizeof s.msg_key);
	held_words(&b.g, held, &head);
	robot_wait_words(why, r->userid, &head);
	buf_printf(&note, "ply %zu\n", b.g.nmoves);
	t = svc_txn(&s, b.key);
	txn_put(t, rel, note.data, note.len);
	/* Each reader's board mail says head in his language. */
	s.bm.headline = &head;
	if (reply_board(&s, t, &b.g, "", "", NULL, NULL) != CMD_DONE)
		txn_abort(t);
	else
		svc_commit(&s, t);
	s.bm.headline = NULL;
out:
	free(held);
	headline_free(&head);
	buf_free(&note);
	svc_free(&s);
	board_close(&b);
}

long robot_waiting(const struct config *cfg)
{
	char path[4200];
	struct dirent *de;
	DIR *d;
	long n = 0;

	snprintf(path, sizeof path, "%s/robot", cfg->spool);
	if (!(d = opendir(path)))
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/* The most failed notes one run remembers (robot_run). */
#define ROBOT_FAILED_MAX 64

int robot_run(const struct config *cfg)
{
	struct robot_wait *q;
	size_t n, k;
	int played = 0, pass, got, waited = 0, rc;
	/* Notes that failed in this run (file names): not tried again until
	 * the next run, so one broken board cannot think in every pass. */
	char failed[ROBOT_FAILED_MAX][NAME_MAX + 1];
	int nfailed = 0, i, skip;

	if (cfg->nrobots == 0)
		return 0;
	/* A robot's move may leave it to move again (the human's queued or
	 * conditional move played after it): again, while moves come, each
	 * pass in the fair order of robot_queue.h. */
	for (pass = 0; pass < 64; pass++) {
		got = waited = 0;
		if (robot_queue_read(cfg, util_now(), &q, &n) < 0 || n == 0) {
			free(q);
			break;
		}
		for (k = 0; k < n; k++) {
			const struct robot_wait *w = &q[k];
			enum robot_why why;
			for (i = skip = 0; i < nfailed && !skip; i++)
				skip = strcmp(failed[i], w->name) == 0;
			if (skip)
				continue;
			/* A stale note (no robot to move) is dropped by
			 * robot_play, whatever the budgets. */
			why = w->robot[0] ? robot_may(cfg, w->game, w->board,
			                              w->human) : ROBOT_GO;
			if (why != ROBOT_GO) {
				if (w->held)
					robot_release(cfg, w->game, w->board, why);
				waited++;
				continue;
			}
			rc = robot_play(cfg, w->game, w->board);
			if (rc == 1) {
				played++;
				got++;
			} else if (rc < 0 && nfailed < ROBOT_FAILED_MAX) {
				snprintf(failed[nfailed++], sizeof failed[0], "%s",
				         w->name);
			}
		}
		free(q);
		if (!got || thought_ms >= (unsigned long)cfg->robot_budget_ms)
			break;
	}
	if (waited)
		log_msg(LOG_INFO, "robot: %d robot move%s wait for the next run "
		        "(robot_budget_ms = %d a run, or engine_hour_ms and its "
		        "shares spent)\n", waited, waited == 1 ? "" : "s",
		        cfg->robot_budget_ms);
	return played;
}

size_t robot_memory_now(void)
{
	return engine ? eng_memory(engine) : 0;
}

size_t robot_memory_planned(const struct config *cfg)
{
	return cfg->nrobots ? (size_t)cfg->robot_memory_mb << 20 : 0;
}
