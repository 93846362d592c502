/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * sweep.c - "epamserv sweep [--full]": the hourly cron work on the
 * boards.
 *
 * Which boards (issue 35, doc/costs.md): those whose deadline came, by
 * the board index (services/bindex.h: the markers of the boards changed
 * since folded in first, then the due files listed, each board due read
 * once and its next deadline written back); the first sweep of the UTC
 * day (runs/sweep-full) and --full read every live board instead, so
 * the damage check below covers every live board once a day.  An index
 * that cannot be had: every board, as before it (logged).
 *
 * For each active board, its clock (sweep_clock.c, issue 15): reminders
 * at the points of remind_at (and after remind_days for a board without
 * -time), each once per turn, with the mover's reply token and deadline;
 * once the time is out, under -timeout=auto the loss on time (both
 * players told, the standings changed), under claim nothing (the
 * opponent may claim).  No loss while a held mail names the board (read
 * once a sweep from SPOOL/held) or while it is quarantined (it does not
 * load: counted busy).  Run hourly.
 * A challenge left unanswered for challenge_days (14) expires: the board
 * is cancelled and both players are told; one naming a player who has
 * signed off is called off at once (what signoff left, signoff.c).  An open seek nobody took
 * within seek_days (7) expires, its seeker told once (seek_sweep).  A board finished (or
 * cancelled) for archive_days (14) moves to games/GAME/archive/, where
 * "show" still finds it; its result record stays for the standings.
 * A signup whose address nobody confirmed within confirm_days is dropped
 * (its user file removed: the userid is free again), and requests older
 * than that are struck from the accounts that hold them.
 * Vacations are respected: while the player to move is away, nothing
 * happens to a board without -time, and once back the idle days count
 * from the end of the leave (clock_deadline); a -time clock stands still.
 * Each event is its own transaction under the board's lock, keyed like a
 * mail (digest of "sweep EVENT GAME BOARD MOVE"), so a sweep run twice,
 * or killed and run again, never sends a reminder twice nor forfeits a
 * game twice.  Bounce records older than OUTBOX_BOUNCE_DAYS (60) are
 * removed, and so are old processed-mail records, rate and password
 * counters and refused mails (prune.c).  The clock is EPAMSERV_NOW when set (tests).
 */
#include "cli/cli.h"
#include "cli/sweep.h"
#include "commands/accounts/account.h"
#include "services/robot.h"
#include "commands/cmd.h"
#include "commands/tourney/tourney.h"
#include "cli/admin.h"
#include "services/bindex.h"
#include "spool/addrindex.h"
#include "spool/checked.h"
#include "spool/damage.h"
#include "spool/outbox.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "util/errlang.h"
#include "util/log.h"
#include "util/util.h"
#include "util/i18n.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct sweep_stats {
	struct sweep_clock_stats clock;  /* reminders, losses on time */
	int busy, expired, archived, dropped;
};

/* Move a finished board's file into games/GAME/archive/ (the caller
 * holds the board's lock).  0 or -1. */
static int archive(const struct config *cfg, const char *game, long board)
{
	char from[4200], to[4300], dir[4300];

	snprintf(from, sizeof from, "%s/games/%s/%ld.game", cfg->spool, game, board);
	snprintf(to, sizeof to, "%s/games/%s/archive/%ld.game", cfg->spool, game,
	         board);
	if (rename(from, to) < 0) {
		log_msg(LOG_ERR, "sweep: cannot archive %s: %s", from, strerror(errno));
		return -1;
	}
	/* Archived either way; a failed sync is told, since a crash could
	 * then bring the file back among the live boards. */
	snprintf(dir, sizeof dir, "%s/games/%s/archive", cfg->spool, game);
	if (util_fsync_dir(dir) == 0) {
		snprintf(dir, sizeof dir, "%s/games/%s", cfg->spool, game);
		if (util_fsync_dir(dir) == 0)
			return 0;
	}
	log_msg(LOG_ERR, "sweep: cannot sync %s after archiving %s: %s", dir,
	        from, strerror(errno));
	return 0;
}

/* Sweep one board file; updates st. */
static void sweep_board(const struct config *cfg, const char *game, long board,
                        const struct held_entry *held, size_t nheld,
                        struct sweep_stats *st)
{
	struct svc s;
	struct board_ctx b;
	struct headline said = { 0 };
	enum cmd_status saved;
	const char *gone;

	svc_init(&s, cfg, util_now());
	s.comment = "";
	switch (board_lock(&s, game, board, &b)) {
	case CMD_DONE:
		break;
	case CMD_TEMPFAIL:
		st->busy++;  /* locked for too long, or unreadable: logged */
		/* fall through */
	default:
		return;
	}
	/* A challenge naming a player who signed off (issue 29): what
	 * signoff could not call off at once (signoff.c). */
	if (b.g.state == GAME_CHALLENGED && (gone = signoff_left_player(cfg,
	                                                               &b.g))) {
		sweep_event(&s, "left", &b.g, b.g.updated);
		if (signoff_call_off(&s, &b, gone) == CMD_DONE) {
			st->expired++;
			log_msg(LOG_INFO, "sweep: %s board %ld: the challenge is "
			        "called off, %s has signed off", game, board, gone);
		}
		goto done;
	}
	if (b.g.state == GAME_CHALLENGED &&
	    s.now - b.g.updated >= (time_t)cfg->challenge_days * 86400) {
		int both;
		const char *who = game_waits_agreement(&b.g, &both);
		if (!who)
			who = b.g.black;
		sweep_event(&s, "expire", &b.g, b.g.updated);
		/* TRANSLATORS: the board's number, the userid (or both
		 * userids) of who did not answer, the days a challenge
		 * waits. */
		if (both)
			headline_sayn(&said, "The challenge on board %ld expired: "
			              "%s and %s did not answer it within %d day.",
			              "The challenge on board %ld expired: %s and %s "
			              "did not answer it within %d days.",
			              (unsigned long)cfg->challenge_days, board, who,
			              b.g.black, cfg->challenge_days);
		else
			headline_sayn(&said, "The challenge on board %ld expired: "
			              "%s did not answer it within %d day.",
			              "The challenge on board %ld expired: %s did not "
			              "answer it within %d days.",
			              (unsigned long)cfg->challenge_days, board, who,
			              cfg->challenge_days);
		snprintf(b.userid, sizeof b.userid, "%s", who);
		game_end(&b.g, GAME_END_EXPIRE, who, s.now);
		saved = board_save_said(&s, &b, &said);
		headline_free(&said);
		if (saved == CMD_DONE) {
			st->expired++;
			log_msg(LOG_INFO, "sweep: %s board %ld: the challenge expired",
			        game, board);
		}
		goto done;
	}
	if ((b.g.state == GAME_FINISHED || b.g.state == GAME_CANCELLED) &&
	    s.now - b.g.updated >= (time_t)cfg->archive_days * 86400) {
		if (archive(cfg, game, board) == 0) {
			st->archived++;
			log_msg(LOG_INFO, "sweep: %s board %ld archived", game, board);
		}
		goto done;
	}
	if (b.g.state == GAME_ACTIVE)
		sweep_clock(&s, &b, held, nheld, &st->clock);
done:
	svc_free(&s);
	board_close(&b);
}

/* A growing list of boards. */
struct bindex_refs {
	struct bindex_ref *v;
	size_t n, cap;
};

struct sweep_run {
	const struct config *cfg;
	struct sweep_stats *st;
	struct held_entry *held;  /* SPOOL/held, read once a sweep */
	size_t nheld;
	struct checked found;     /* the damaged files, for status */
	struct checked known;     /* what was known before (checked_known) */
};

/* What the sweep found of board's file, for status (checked.h): the
 * latest damage noted while it was swept (before: damage_count() then:
 * the board's file, its journal entry, or a player's file the board
 * mail needed); else, when it was busy (its lock held too long, or
 * quarantined: not read), what was known of it before (checked_known
 * of the last admin check's and sweep's records); else the characters admin
 * check looks for (admin_check_text: a second read of the file, a few
 * kilobytes from the page cache, and one pass over its bytes). */
static void sweep_check(struct sweep_run *r, const char *game, long board,
                        unsigned long before, int busy)
{
	const struct damage *d = damage_last();
	const struct checked_file *f;
	char rel[128], path[4400], why[4096], *english;

	spool_board_path(game, board, rel, sizeof rel);
	if (damage_count() != before && d && !d->quarantine[0] && !d->newer) {
		checked_add(&r->found, d->file, d->error);
		if (busy || strcmp(d->file, rel) == 0)
			return;  /* else a player's file: the board loaded */
	}
	if (busy) {  /* also quarantined: not looked at */
		if ((f = checked_find(&r->known, rel)) != NULL)
			checked_add(&r->found, f->file, f->error);
		return;
	}
	snprintf(path, sizeof path, "%s/%s", r->cfg->spool, rel);
	if (!admin_check_text(path, rel, why, sizeof why))
		return;
	english = errlang_english(why);
	checked_add(&r->found, rel, english ? english : why);
	free(english);
}

/* The damage known before this sweep (checked_known of the records),
 * into *known (checked_free it). */
static void known_before(const char *spool, struct checked *known)
{
	struct checked a, s;

	checked_read(spool, CHECKED_ADMIN, &a);
	checked_read(spool, CHECKED_SWEEP, &s);
	checked_known(spool, &a, &s, known);
	checked_free(&a);
	checked_free(&s);
}

static int sweep_one(const char *game, long board, void *arg)
{
	struct sweep_run *r = arg;
	unsigned long before = damage_count();
	int busy = r->st->busy;

	sweep_board(r->cfg, game, board, r->held, r->nheld, r->st);
	sweep_check(r, game, board, before, r->st->busy != busy);
	return 0;
}

/* Whether the board of file (relative to the spool) is among v[0..n). */
static int swept_file(const struct bindex_ref *v, size_t n, const char *file)
{
	char rel[128];
	size_t i;

	for (i = 0; i < n; i++) {
		spool_board_path(v[i].game, v[i].board, rel, sizeof rel);
		if (strcmp(rel, file) == 0)
			return 1;
	}
	return 0;
}

/* The boards whose deadline has come (the board index, issue 35): the
 * markers folded in first, then each board due at most now swept once,
 * and folded again with its next deadline.  What the sweep did not read
 * keeps the damage known of it before (the record says what is known,
 * not only what was read).  -1 when the index cannot be had: the
 * caller sweeps every board instead. */
static int sweep_due(struct sweep_run *r, time_t now)
{
	struct bindex_ref *due = NULL, *refold;
	size_t ndue = 0, n = 0, nrefold = 0, i, j;
	int busy;

	if (bindex_fold(r->cfg, now, NULL, 0, r->cfg->lock_timeout * 1000) != 0 ||
	    bindex_due_list(r->cfg->spool, (long long)now, &due, &ndue) < 0) {
		log_msg(LOG_WARNING, "sweep: the board index cannot be had: every "
		        "board is read");
		return -1;
	}
	refold = xmalloc((ndue ? ndue : 1) * sizeof *refold);
	for (i = 0; i < ndue; i++) {
		for (j = 0; j < n; j++)
			if (due[j].board == due[i].board &&
			    strcmp(due[j].game, due[i].game) == 0)
				break;
		if (j < n) {
			/* a second due file of one board: left from a crash */
			bindex_unlink(r->cfg->spool, "due", due[i].name);
			continue;
		}
		due[n++] = due[i];
		busy = r->st->busy;
		sweep_one(due[i].game, due[i].board, r);
		/* A board busy (or not loading) keeps its deadline: the next
		 * sweep looks again. */
		if (r->st->busy == busy)
			refold[nrefold++] = due[i];
	}
	for (i = 0; i < r->known.n; i++) {
		const struct checked_file *f = &r->known.v[i];
		if (checked_sweep_scope(f->file) && !swept_file(due, n, f->file))
			checked_add(&r->found, f->file, f->error);
	}
	if (bindex_fold(r->cfg, now, refold, nrefold,
	                r->cfg->lock_timeout * 1000) < 0)
		log_msg(LOG_WARNING, "sweep: the board index keeps the deadlines "
		        "before this sweep: the next one reads those boards again");
	log_msg(LOG_INFO, "sweep: boards_due=%zu", n);
	free(refold);
	free(due);
	return 0;
}

/* The UTC day of now (days since the epoch). */
static long day_of(time_t now)
{
	return (long)(now / 86400);
}

/* Whether this is the first sweep of the UTC day: runs/sweep-full names
 * an earlier day, or is missing. */
static int full_due(const struct config *cfg, time_t now)
{
	char path[4200], *text;
	long day = -1;

	snprintf(path, sizeof path, "%s/runs/sweep-full", cfg->spool);
	if ((text = util_read_file(path, 64, NULL)) != NULL &&
	    sscanf(text, "%ld", &day) != 1)
		day = -1;
	free(text);
	return day != day_of(now);
}

static int collect_board(const char *game, long board, void *arg)
{
	struct bindex_refs *v = arg;

	if (v->n == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 64;
		v->v = xrealloc(v->v, v->cap * sizeof *v->v);
	}
	memset(&v->v[v->n], 0, sizeof *v->v);
	snprintf(v->v[v->n].game, sizeof v->v[v->n].game, "%s", game);
	v->v[v->n].board = board;
	v->v[v->n++].due = -1;
	return 0;
}

/* The daily full pass (and sweep --full): every live board read, its
 * clock and the damage check as every sweep did before the index,
 * then the deadline of each board that was due recomputed (a board
 * altered by hand is found damaged here, and its index entry follows
 * at the next admin check); the day noted in runs/sweep-full
 * (advisory: written aside, no sync). */
static void sweep_full(struct sweep_run *r, time_t now)
{
	struct bindex_refs all = { NULL, 0, 0 };
	struct bindex_ref *due = NULL;
	char path[4200], tmp[4300];
	size_t i, j, n, ndue = 0;
	int busy;
	FILE *f;

	log_msg(LOG_INFO, "sweep: the day's full pass: every live board is read");
	/* The markers first (or the index rebuilt), so that the deadlines
	 * listed after the pass are the boards' own. */
	bindex_fold(r->cfg, now, NULL, 0, r->cfg->lock_timeout * 1000);
	spool_each_board(r->cfg->spool, collect_board, &all);
	for (i = 0, n = 0; i < all.n; i++) {
		busy = r->st->busy;
		sweep_one(all.v[i].game, all.v[i].board, r);
		if (r->st->busy != busy)  /* busy: keeps its deadline */
			all.v[n++] = all.v[i];
	}
	/* The next deadline of each board that was due (the others' are
	 * still ahead: what changed is marked), but the busy ones. */
	if (bindex_due_list(r->cfg->spool, (long long)now, &due, &ndue) == 0) {
		size_t keep = 0;
		for (i = 0; i < ndue; i++) {
			for (j = 0; j < n; j++)
				if (all.v[j].board == due[i].board &&
				    strcmp(all.v[j].game, due[i].game) == 0)
					break;
			if (j == n)
				due[keep++] = due[i];
		}
		if (bindex_fold(r->cfg, now, due, keep,
		                r->cfg->lock_timeout * 1000) < 0)
			log_msg(LOG_WARNING, "sweep: the board index keeps the "
			        "deadlines before this sweep");
	}
	free(due);
	free(all.v);
	snprintf(path, sizeof path, "%s/runs", r->cfg->spool);
	if (mkdir(path, 0750) < 0 && errno != EEXIST)
		return;
	snprintf(path, sizeof path, "%s/runs/sweep-full", r->cfg->spool);
	snprintf(tmp, sizeof tmp, "%s/runs/.sweep-full.%ld", r->cfg->spool,
	         (long)getpid());
	if ((f = util_fopen_spool(tmp, 0)) == NULL)
		return;
	fprintf(f, "%ld\n", day_of(now));
	if (fclose(f) != 0 || rename(tmp, path) != 0)
		unlink(tmp);
}

/* Drop the signups nobody confirmed in time, and strike expired
 * requests from the accounts that hold them (all under "users"). */
static void sweep_accounts(const struct config *cfg, struct sweep_stats *st)
{
	struct svc s;
	struct lock l = LOCK_INIT;
	struct txn *t = NULL;
	char **ids = NULL, *err = NULL, path[4200];
	time_t life = (time_t)cfg->confirm_days * 86400;
	size_t n = 0, i, k;

	svc_init(&s, cfg, util_now());
	if (svc_lock(&s, "users", &l) != CMD_DONE) {
		st->busy++;
		return;
	}
	if (user_list(cfg->spool, &ids, &n, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
		lock_release(&l);
		return;
	}
	util_digest_hex("sweep accounts", 14, s.digest);
	for (i = 0; i < n; i++) {
		struct user u, old;
		int changed = 0;
		if (user_load(cfg->spool, ids[i], &u, &err) != 0) {
			free(err);
			err = NULL;
			continue;
		}
		if (!u.left && !u.robot && u.naddr == 0 &&
		    s.now - u.created >= life) {
			snprintf(path, sizeof path, "%s/users/%s", cfg->spool, u.userid);
			if (unlink(path) == 0) {
				st->dropped++;
				log_msg(LOG_INFO, "sweep: signup %s was never confirmed: "
				        "dropped, the userid is free\n", u.userid);
			}
			user_free(&u);
			continue;
		}
		for (k = u.nreq; k-- > 0;)
			if (s.now - u.req[k].sent >= life) {
				if (!changed && user_load(cfg->spool, u.userid, &old,
				                          &err) != 0) {
					free(err);
					err = NULL;
					break;
				}
				changed = 1;
				user_drop_request(&u, k);
			}
		if (changed) {
			if (!t)
				t = txn_begin(cfg->spool, "users", s.digest);
			addr_user_put(t, cfg->spool, &u, &old);
			user_free(&old);
		}
		user_free(&u);
	}
	if (st->dropped) {
		snprintf(path, sizeof path, "%s/users", cfg->spool);
		if (util_fsync_dir(path) < 0)
			log_msg(LOG_ERR, "sweep: cannot sync %s after removing "
			        "accounts: %s", path, strerror(errno));
	}
	if (t && txn_commit(t, &err) < 0) {
		log_msg(LOG_ERR, "%s\n", err);
		free(err);
	}
	user_list_free(ids, n);
	lock_release(&l);
}

int cli_sweep(const struct config *cfg, int argc, char **argv)
{
	struct sweep_stats st;
	struct sweep_run run;
	char *err = NULL;
	struct prune_stats ps;
	int bounces, pruned, seeks;

	if (argc > 2 || (argc == 2 && strcmp(argv[1], "--full") != 0)) {
		fputs(_("usage: epamserv sweep [--full]\n"), stderr);
		return EXIT_USAGE;
	}
	if (spool_init(cfg->spool, &err) < 0) {
		log_msg(LOG_ERR, "%s", err);
		free(err);
		return EXIT_TEMPFAIL;
	}
	memset(&st, 0, sizeof st);
	memset(&run, 0, sizeof run);
	run.cfg = cfg;
	run.st = &st;
	run.found.when = util_now();
	txn_recover_all(cfg->spool);
	if (held_list(cfg->spool, &run.held, &run.nheld) < 0) {
		log_msg(LOG_ERR, "sweep: cannot read %s/held: %s", cfg->spool,
		        strerror(errno));
		return EXIT_TEMPFAIL;  /* which boards have mail waiting? */
	}
	/* Robot moves that wait (a budget spent, a crash) first. */
	robot_ensure(cfg);
	robot_run(cfg);
	known_before(cfg->spool, &run.known);
	if (argc == 2 || full_due(cfg, util_now()) ||
	    sweep_due(&run, util_now()) < 0)
		sweep_full(&run, util_now());
	free(run.held);
	if (checked_write(cfg->spool, CHECKED_SWEEP, &run.found) < 0)
		log_msg(LOG_WARNING, "sweep: cannot record its result in %s/runs: "
		        "%s", cfg->spool, strerror(errno));
	log_msg(LOG_INFO, "sweep: damaged=%zu", run.found.n);
	checked_free(&run.found);
	checked_free(&run.known);
	seeks = seek_sweep(cfg);
	tourney_sweep(cfg);  /* issue 17: start days, withdrawals */
	league_sweep(cfg);   /* issue 17: the league's seasons */
	sweep_accounts(cfg, &st);
	cli_digests(cfg, util_now());
	bounces = outbox_expire_bounces(cfg->spool, util_now(), OUTBOX_BOUNCE_DAYS);
	pruned = prune_spool(cfg, util_now(), &ps);
	/* key=value, as every line meant for grep (epamserv(1), LOGGING) */
	log_msg(LOG_INFO, "sweep: reminders=%d forfeits=%d expired=%d "
	        "archived=%d vacation=%d busy=%d waiting=%d claimable=%d "
	        "signups_dropped=%d bounces_expired=%d", st.clock.reminded,
	        st.clock.forfeited, st.expired, st.archived, st.clock.away,
	        st.busy, st.clock.waiting, st.clock.claimable, st.dropped,
	        bounces < 0 ? 0 : bounces);
	log_msg(LOG_INFO, "sweep: seeks_expired=%d", seeks);
	log_msg(LOG_INFO, "sweep: pruned seen=%ld rate=%ld auth=%ld failed=%ld "
	        "holds=%ld locks=%ld", ps.seen, ps.rate, ps.auth, ps.failed,
	        ps.holds, ps.locks);
	cli_deliver_quietly(cfg);
	return st.busy || pruned < 0 ? EXIT_TEMPFAIL : 0;
}
