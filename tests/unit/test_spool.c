/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_spool.c - the spool and game layers: transactions and their
 * recovery, locks, users, password hashes and the cache of checks, the
 * game file and its reply-token hashes, templates, finding the command
 * in a mail, the reply size cap (reply_queue, outbox_put).
 */
#include "commands/cmd.h"
#include "pipeline/intake.h"
#include "services/board_html.h"
#include "services/tokenhash.h"
#include "game/game.h"
#include "game/render.h"
#include "spool/lock.h"
#include "spool/outbox.h"
#include "spool/pwcache.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "spool/users.h"
#include "spool/addrindex.h"
#include "util/buf.h"
#include "util/template.h"
#include "util/util.h"
#include "tap.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char spool[256];

static char *read_rel(const char *rel)
{
	char path[512];

	snprintf(path, sizeof path, "%s/%s", spool, rel);
	return util_read_file(path, 1 << 20, NULL);
}

static void test_txn_commit_applies_every_file(void)
{
	struct txn *t = txn_begin(spool, "users", "abc");
	char *err = NULL, *a, *b;

	txn_put(t, "users/x", "one\n", 4);
	txn_put(t, "seen/abc", "id\n", 3);
	txn_put(t, "users/x", "two\n", 4);
	is_int(txn_count(t), 2, "a second put to the same path replaces the first");
	is_int(txn_commit(t, &err), 0, "txn_commit succeeds");
	a = read_rel("users/x");
	b = read_rel("seen/abc");
	is_str(a, "two\n", "the committed file has the last content put");
	is_str(b, "id\n", "every file of the transaction is in place");
	free(a);
	free(b);
	ok(spool_seen(spool, "abc"), "spool_seen finds the record");
	ok(!spool_seen(spool, "abd"), "spool_seen finds no other record");
}

/* A committed journal entry whose owner died before applying it. */
static void make_dead_entry(const char *key, const char *tag, const char *rel,
                            const char *data)
{
	char dir[512], path[600];
	FILE *f;

	snprintf(dir, sizeof dir, "%s/journal/%s,%s-99999-0", spool, key, tag);
	mkdir(dir, 0750);
	snprintf(path, sizeof path, "%s/0", dir);
	f = fopen(path, "w");
	fputs(data, f);
	fclose(f);
	snprintf(path, sizeof path, "%s/manifest", dir);
	f = fopen(path, "w");
	fprintf(f, "0 %s\n", rel);
	fclose(f);
}

static void test_txn_recovery_rolls_forward(void)
{
	char *s;

	make_dead_entry("board-epaminondas-7", "t1", "games/epaminondas/7.game",
	                "rolled forward\n");
	s = read_rel("games/epaminondas/7.game");
	ok(s == NULL, "a committed but unapplied entry is not visible yet");
	free(s);
	is_int(txn_recover(spool, "board-epaminondas-7"), 0, "txn_recover succeeds");
	s = read_rel("games/epaminondas/7.game");
	is_str(s, "rolled forward\n", "txn_recover puts the file in place");
	free(s);
	is_int(txn_recover(spool, "board-epaminondas-7"), 0,
	       "recovering again is harmless");

	make_dead_entry("users", "t2", "users/y", "y\n");
	is_int(txn_recover_tag(spool, "t2", 1000), 0, "txn_recover_tag succeeds");
	s = read_rel("users/y");
	is_str(s, "y\n", "txn_recover_tag finds the entry by the mail's tag");
	free(s);

	make_dead_entry("next-crossings", "t3", "games/crossings/next", "105\n");
	txn_recover_all(spool);
	is_int(spool_next_board(spool, "crossings"), 105,
	       "txn_recover_all rolls forward entries with free locks");
}

/* A new board number is never one an archived board or an open seek
 * holds (issue 17). */
static void put_file(const char *rel, const char *data)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", spool, rel);
	f = fopen(path, "w");
	if (f) {
		fputs(data, f);
		fclose(f);
	}
}

static void test_next_board_skips_archive_and_seeks(void)
{
	char dir[512];

	snprintf(dir, sizeof dir, "%s/games/epaminondas/archive", spool);
	mkdir(dir, 0750);
	put_file("games/epaminondas/next", "900\n");
	put_file("games/epaminondas/archive/900.game", "archived\n");
	put_file("seeks/epaminondas-901", "seek\n");
	is_int(spool_next_board(spool, "epaminondas"), 902,
	       "the next board skips an archived board's number and an open "
	       "seek's");
}

static void test_lock_is_exclusive_and_times_out(void)
{
	struct lock l = LOCK_INIT, m = LOCK_INIT;
	pid_t pid;
	int status;

	is_int(lock_acquire(spool, "board-x", 1000, &l), 0, "a free lock is taken");
	pid = fork();
	if (pid == 0) {
		/* Another process: must time out, then see it free later. */
		int rc = lock_acquire(spool, "board-x", 200, &m);
		_exit(rc < 0 && errno == ETIMEDOUT ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "a held lock makes another process time out with ETIMEDOUT");
	is_int(lock_try(spool, "board-y", &m), 0, "other keys are independent");
	lock_release(&m);
	lock_release(&l);
	pid = fork();
	if (pid == 0)
		_exit(lock_try(spool, "board-x", &m) == 0 ? 0 : 1);
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "a released lock can be taken by another process");
}

static void test_users_hash_and_round_trip(void)
{
	struct user u, v;
	struct txn *t;
	char *err = NULL, *text;

	memset(&u, 0, sizeof u);
	strcpy(u.userid, "alice");
	u.hash = user_hash_password("Secret1");
	user_add_address(&u, "alice@example.org", 0);
	u.created = 1764482880;
	ok(u.hash && u.hash[0] == '$', "crypt(3) gives a $-prefixed hash");
	ok(user_password_ok(&u, "Secret1"), "the right password matches");
	ok(!user_password_ok(&u, "secret1"), "passwords are case-sensitive");
	ok(!user_password_ok(&u, ""), "an empty password does not match");
	text = user_format(&u);
	t = txn_begin(spool, "users", "u");
	txn_put(t, "users/alice", text, strlen(text));
	txn_commit(t, &err);
	is_int(user_load(spool, "alice", &v, &err), 0, "the user file loads");
	is_str(user_address(&v), "alice@example.org", "the address round-trips");
	ok(user_confirmed(&v), "an address without a time is confirmed");
	ok(user_password_ok(&v, "Secret1"), "the hash round-trips");
	user_free(&v);
	is_int(user_load(spool, "nobody", &v, &err) , 1, "an unknown user is 1");
	user_free(&u);
	free(text);
}

static void put_user_file(const char *userid, const char *text, time_t mtime);

/* An account's address has one spelling per mailbox (signup_address_ok):
 * the variants that would dodge "one request a day" are refused. */
static void test_signup_addresses(void)
{
	static const char *const good[] = {
		"alice@example.org", "a.b-c@mail.example.co.uk", "a+games@x.org",
		"Alice@Example.ORG", NULL
	};
	static const char *const bad[] = {
		"victim@target.example.", "victim@[192.0.2.7]",
		"victim%target.example@games.example", "v!w@x.org",
		"victim@t\xc3\xa4rget.example", "victim@target..example",
		"victim@-target.example", "victim@target-.example",
		"victim@localhost", ".v@x.org", "v.@x.org", "v..w@x.org",
		"v\xe2\x80\x8b@x.org", "not an address", NULL
	};
	char why[400];
	int i;

	for (i = 0; good[i]; i++)
		is_int(signup_address_ok(good[i], why, sizeof why), 0,
		       "an account may have the address %s", good[i]);
	for (i = 0; bad[i]; i++)
		is_int(signup_address_ok(bad[i], why, sizeof why), -1,
		       "an account may not have the address %s", bad[i]);
}

/* Confirmed and requested addresses (issue 11): a request alone is no
 * player; both kinds round-trip; a version 1 file's address counts as
 * confirmed; the address index finds a player by a confirmed address
 * only. */
static void test_users_confirmed_addresses(void)
{
	static const char v1[] = "epamserv-user 1\nuserid: dora\n"
		"password: $5$rounds=1000$x$y\naddress: dora@example.org\n"
		"created: 2026-11-30T05:48:00Z\n";
	struct user u, v;
	struct txn *t;
	char *err = NULL, *text, who[32];

	memset(&u, 0, sizeof u);
	user_defaults(&u);
	strcpy(u.userid, "erin");
	u.hash = xstrdup("$5$rounds=1000$x$y");
	u.created = 1764482880;
	is_int(user_add_request(&u, "erin@example.org", 1764482880,
	                        USER_REQ_SIGNUP, "sha256$aa$bb"), 0,
	       "a request is added");
	ok(!user_confirmed(&u) && user_address(&u) == NULL,
	   "an account with only a request is not a player");
	t = txn_begin(spool, "users", "u2");
	addr_user_put(t, spool, &u, NULL);
	is_int(txn_commit(t, &err), 0, "the new account is committed");
	is_int(addr_player(spool, "erin@example.org", who), 0,
	       "a requested address is no player's");
	is_int(user_load(spool, "erin", &v, &err), 0, "the file loads");
	ok(v.nreq == 1 && v.req[0].sent == 1764482880 &&
	   v.req[0].kind == USER_REQ_SIGNUP &&
	   strcmp(v.req[0].hash, "sha256$aa$bb") == 0, "the request round-trips");
	user_drop_request(&v, 0);
	user_add_address(&v, "Erin@Example.org", 1764483000);
	user_add_address(&v, "erin@work.example", 1764483100);
	t = txn_begin(spool, "users", "u3");
	addr_user_put(t, spool, &v, &u);
	is_int(txn_commit(t, &err), 0, "the confirmation is committed");
	is_int(addr_player(spool, "erin@example.org", who), 1,
	       "a confirmed address is the player's (any case)");
	is_str(who, "erin", "and names the player");
	user_free(&u);
	is_int(user_load(spool, "erin", &u, &err), 0, "the file loads again");
	ok(u.naddr == 2 && u.nreq == 0 && user_confirmed(&u) &&
	   u.addr[1].since == 1764483100, "both addresses round-trip with times");
	ok(user_find_address(&u, "ERIN@work.example") == 1,
	   "addresses are found in any case");
	user_free(&v);
	user_free(&u);
	put_user_file("dora", v1, time(NULL) - 3600);
	is_int(user_load(spool, "dora", &u, &err), 0, "a version 1 file loads");
	ok(user_confirmed(&u) && u.addr[0].since == 0,
	   "its address counts as confirmed");
	text = user_format(&u);
	ok(strncmp(text, "epamserv-user 2\n", 16) == 0, "it is written as version 2");
	free(text);
	user_free(&u);
}

/* Write text to SPOOL/users/USERID the way the spool does (a new file
 * renamed over the old one), with its mtime set to mtime (0: now). */
static void put_user_file(const char *userid, const char *text, time_t mtime)
{
	char tmp[512], path[512];
	struct timespec ts[2];
	FILE *f;

	snprintf(tmp, sizeof tmp, "%s/tmp/user-%s", spool, userid);
	snprintf(path, sizeof path, "%s/users/%s", spool, userid);
	f = fopen(tmp, "w");
	if (f == NULL)
		return;
	fputs(text, f);
	fclose(f);
	if (mtime) {
		ts[0].tv_sec = ts[1].tv_sec = mtime;
		ts[0].tv_nsec = ts[1].tv_nsec = 0;
		utimensat(AT_FDCWD, tmp, ts, 0);
	}
	rename(tmp, path);
}

/* user_load keeps what it parsed: the same file again is a hit with
 * equal data; a file renamed over it (same size and mtime, new inode)
 * misses; a deleted file is no such user; a file written just now is
 * not kept. */
static void test_user_loads_are_cached(void)
{
	static const char one[] = "epamserv-user 1\nuserid: carol\n"
		"password: $5$rounds=1000$x$y\naddress: carol@example.org\n"
		"created: 2026-11-30T05:48:00Z\nhtml: off\norientation: own\n"
		"token-epoch: 3\nvacation: 2026-12-24\n";
	static const char two[] = "epamserv-user 1\nuserid: carol\n"
		"password: $5$rounds=1000$x$y\naddress: carol@example.net\n"
		"created: 2026-11-30T05:48:00Z\nhtml: off\norientation: own\n"
		"token-epoch: 3\nvacation: 2026-12-24\n";
	time_t old = time(NULL) - 3600;
	struct user a, b;
	unsigned long hits;
	char *err = NULL;

	user_cache_clear();
	put_user_file("carol", one, old);
	hits = user_cache_hits();
	is_int(user_load(spool, "carol", &a, &err), 0, "carol's file loads");
	is_int(user_cache_hits(), hits, "the first load reads the file");
	is_int(user_load(spool, "carol", &b, &err), 0, "carol's file loads again");
	is_int(user_cache_hits(), hits + 1, "the second load is a cache hit");
	is_str(b.userid, a.userid, "a hit gives the same userid");
	is_str(b.hash, a.hash, "a hit gives the same hash");
	is_str(user_address(&b), "carol@example.org", "a hit gives the same address");
	ok(b.hash != a.hash && user_address(&b) != user_address(&a),
	   "a hit gives copies the caller owns");
	is_int(b.created, a.created, "a hit gives the same created time");
	ok(b.html == 0 && b.orientation == USER_ORIENT_OWN &&
	   b.token_epoch == 3 && strcmp(b.vacation, "2026-12-24") == 0 &&
	   b.left == 0, "a hit gives the same preferences");
	user_free(&a);
	user_free(&b);

	/* Same size, same mtime, another inode. */
	put_user_file("carol", two, old);
	hits = user_cache_hits();
	is_int(user_load(spool, "carol", &a, &err), 0, "the new file loads");
	is_int(user_cache_hits(), hits, "a file renamed over the cached one misses");
	is_str(user_address(&a), "carol@example.net", "the new file's address is read");
	user_free(&a);
	is_int(user_load(spool, "carol", &a, &err), 0, "the new file loads again");
	is_int(user_cache_hits(), hits + 1, "and is then a hit");
	is_str(user_address(&a), "carol@example.net", "the hit has the new address");
	user_free(&a);

	{
		char path[512];
		snprintf(path, sizeof path, "%s/users/carol", spool);
		unlink(path);
	}
	hits = user_cache_hits();
	is_int(user_load(spool, "carol", &a, &err), 1,
	       "a deleted user file is no such user, cached or not");
	is_int(user_cache_hits(), hits, "a deleted file is no hit");

	put_user_file("carol", one, 0);
	is_int(user_load(spool, "carol", &a, &err), 0, "a fresh file loads");
	user_free(&a);
	is_int(user_load(spool, "carol", &a, &err), 0, "a fresh file loads again");
	user_free(&a);
	is_int(user_cache_hits(), hits, "a file written just now is not kept");
	free(err);
	user_cache_clear();
}

static void test_password_checks_are_cached(void)
{
	struct user u;
	char *first, name[32];
	int i;

	memset(&u, 0, sizeof u);
	strcpy(u.userid, "bob");
	first = u.hash = user_hash_password("pw-one");
	ok(!pwcache_hit("bob", u.hash, "pw-one"), "nothing is cached before a check");
	ok(user_password_ok(&u, "pw-one"), "the right password matches");
	ok(pwcache_hit("bob", u.hash, "pw-one"), "and the success is cached");
	ok(user_password_ok(&u, "pw-one"), "a second check with the right password succeeds");
	ok(!user_password_ok(&u, "pw-two"),
	   "a wrong password after a cached right one fails");
	ok(!pwcache_hit("bob", u.hash, "pw-two"), "and the failure is not cached");
	ok(!user_password_ok(&u, "pw-on") && !user_password_ok(&u, "pw-one ") &&
	   !user_password_ok(&u, ""), "nor a prefix, a longer or an empty password");
	ok(!pwcache_hit("carol", u.hash, "pw-one"),
	   "the entry serves only its userid");

	u.hash = user_hash_password("pw-one");
	ok(!pwcache_hit("bob", u.hash, "pw-one"),
	   "a changed hash (new salt, same password) misses");
	ok(user_password_ok(&u, "pw-one"), "and crypt(3) accepts the password again");
	free(u.hash);
	u.hash = user_hash_password("pw-new");
	ok(!user_password_ok(&u, "pw-one"),
	   "after a password change the old cached password fails");
	ok(user_password_ok(&u, "pw-new"), "and the new one matches");
	free(u.hash);
	u.hash = xstrdup("!");
	ok(!user_password_ok(&u, "pw-new") && !pwcache_hit("bob", "!", "pw-new"),
	   "a signed-off user's \"!\" matches nothing and caches nothing");
	free(u.hash);

	ok(pwcache_hit("bob", first, "pw-one"), "the first entry is still there");
	for (i = 0; i < PWCACHE_SIZE; i++) {
		snprintf(name, sizeof name, "p%d", i);
		pwcache_add(name, first, "pw-one");
	}
	ok(!pwcache_hit("bob", first, "pw-one"),
	   "%d more entries evict the oldest", PWCACHE_SIZE);
	ok(pwcache_hit("p0", first, "pw-one") &&
	   pwcache_hit("p63", first, "pw-one"), "and keep the newest %d",
	   PWCACHE_SIZE);
	pwcache_clear();
	ok(!pwcache_hit("p63", first, "pw-one"), "pwcache_clear empties it");
	free(first);
}

static void new_game(struct game *g)
{
	struct ep_options o;
	char err[256];

	ep_options_default(&o, "epaminondas", err, sizeof err);
	game_new(g, "epaminondas", 101, &o, "alice", "bob", 1764482880);
}

static void test_game_file_round_trip_and_tamper(void)
{
	struct game g, h;
	char err[256], *text, *bad, *e = NULL, *p;

	new_game(&g);
	is_int(game_play(&g, "e1-e4", 1764482900, "<a@b>", err, sizeof err), 0,
	       "a legal first move plays");
	is_int(game_play(&g, "e12-e9", 1764482960, NULL, err, sizeof err), 0,
	       "a legal reply plays");
	is_int(game_play(&g, "e2-e5", 1764483000, NULL, err, sizeof err), -1,
	       "a group of 1 cannot move 3 squares");
	is_str(game_to_move(&g), "alice", "after two moves it is White's turn");
	text = game_format(&g);
	is_int(game_parse(&h, text, "t.game", &e), 0, "the game file parses back");
	if (e)
		printf("# %s\n", e);
	is_int(h.nmoves, 2, "both moves are read back");
	ok(ep_position_equal(&g.pos, &h.pos), "the position replays the same");
	is_str(h.moves[0].msgid, "<a@b>", "the Message-ID of a move is kept");
	game_free(&h);

	bad = xstrdup(text);
	p = strstr(bad, "move: 2 e12-e9");
	memcpy(p, "move: 2 e12-e7", 14);
	ok(game_parse(&h, bad, "t.game", &e) < 0, "a move that does not replay is refused");
	ok(e && strstr(e, "t.game:10: move e12-e7 does not replay"),
	   "the error names the file, the line and the move");
	printf("# %s\n", e ? e : "");
	free(e);
	free(bad);

	bad = xstrdup(text);
	p = strstr(bad, "position: ");
	p[strlen("position: 14x12 ")] = 'W';
	ok(game_parse(&h, bad, "t.game", &e) < 0,
	   "a stored position that disagrees with the replay is refused");
	ok(e && strstr(e, "t.game:11: the stored position does not match"),
	   "the error names the position line");
	free(e);
	free(bad);
	free(text);
	game_free(&g);
}

/* A crypt(3) hash of the 12-character token "k3f7x2ab7q4m", as game
 * files held before reply tokens were hashed with SHA-256. */
#define OLD_TOKEN "k3f7x2ab7q4m"
#define OLD_TOKEN_HASH "$5$rounds=1000$Zq3oYk1cAaf2Bm9x$" \
	"khT1OoqjZTu01D0ct/zt7fZaaB4E5N/FvplLq/Hm.O6"

static void test_token_hashes_new_and_old(void)
{
	const char *tok = "k3f7x2ab7q4mz5ne";
	char *h = token_hash_new(tok), *h2 = token_hash_new(tok), *text, *e = NULL;
	size_t i;
	int form = h != NULL && strlen(h) == 7 + 32 + 1 + 64 &&
	           strncmp(h, "sha256$", 7) == 0 && h[39] == '$';
	struct game g, back;

	for (i = 7; form && h[i]; i++)
		form = i == 39 || strchr("0123456789abcdef", h[i]) != NULL;
	ok(form, "a token hash is sha256$, 32 hex digits of salt, $, 64 of digest: %s",
	   h ? h : "(null)");
	ok(h && h2 && strcmp(h, h2) != 0, "two hashes of one token differ (the salt)");
	ok(h && token_hash_matches(h, tok), "a token matches its hash");
	ok(h2 && token_hash_matches(h2, tok), "and its other hash");
	ok(h && !token_hash_matches(h, "k3f7x2ab7q4mz5nf") &&
	   !token_hash_matches(h, "k3f7x2ab7q4mz5n") &&
	   !token_hash_matches(h, "k3f7x2ab7q4mz5nee") && !token_hash_matches(h, ""),
	   "a token one character off, short or long, or empty does not match");
	ok(token_hash_matches(OLD_TOKEN_HASH, OLD_TOKEN),
	   "a crypt(3) hash of an older game file still matches its token");
	ok(!token_hash_matches(OLD_TOKEN_HASH, "k3f7x2ab7q4n") &&
	   !token_hash_matches(OLD_TOKEN_HASH, tok),
	   "and no other token");
	ok(!token_hash_matches("", tok) && !token_hash_matches("!", tok) &&
	   !token_hash_matches("sha256$", "") &&
	   !token_hash_matches("sha256$$", "") &&
	   !token_hash_matches("sha256$ab", "ab") &&
	   !token_hash_matches("sha1$ab$cd", tok),
	   "an empty, cut short or unknown hash matches nothing");

	/* The game file keeps either kind, and loads both. */
	new_game(&g);
	snprintf(g.token_hash[0], sizeof g.token_hash[0], "%s", h ? h : "");
	snprintf(g.token_hash[1], sizeof g.token_hash[1], "%s", OLD_TOKEN_HASH);
	g.token_epoch[1] = 3;
	text = game_format(&g);
	is_int(game_parse(&back, text, "t.game", &e), 0,
	       "a game file with a SHA-256 and a crypt(3) token hash loads");
	if (e)
		printf("# %s\n", e);
	is_str(back.token_hash[0], g.token_hash[0], "the SHA-256 hash reads back");
	is_str(back.token_hash[1], OLD_TOKEN_HASH, "the crypt(3) hash reads back");
	is_int(back.token_epoch[1], 3, "with its epoch");
	game_free(&back);
	game_free(&g);
	free(e);
	free(text);
	free(h);
	free(h2);
}

static void test_repetition_ends_the_game(void)
{
	struct game g;
	char err[256];
	int i;
	static const char *const cycle[] = { "a2-a3", "a11-a10", "a3-a2", "a10-a11" };

	new_game(&g);
	for (i = 0; i < 8 && g.state == GAME_ACTIVE; i++)
		game_play(&g, cycle[i % 4], 1764482900, NULL, err, sizeof err);
	is_int(i, 8, "the third occurrence comes with the 8th move");
	is_int(g.state, GAME_FINISHED, "a third repetition ends the game");
	is_int(g.result, EP_WHITE_WINS, "under -repetition=loss the repeater (Black) loses");
	game_free(&g);
}

/* The move cap (RULES.md section 8): a move that makes the game reach
 * GAME_MAX_PLIES plies draws it before the start-of-turn checks, so it
 * never loses at once, even when it leaves a crossing unanswered. */
static void test_cap_move_does_not_lose(void)
{
	static const char *const shuffle[] = { "d2-d3", "a4-a3", "d3-d2", "a3-a4" };
	static const char *const cross[] = { "a1-a3", "a4-b3", "a2xa5" };
	struct ep_options o;
	struct game g, h;
	struct buf b = BUF_INIT;
	char err[256], why[256];
	int i, fails = 0;

	ep_options_default(&o, "epaminondas", err, sizeof err);
	ep_options_apply(&o, "-size=4x5", err, sizeof err);
	ep_options_apply(&o, "-repetition=off", err, sizeof err);
	/* h: the crossing position at ply 3, Black to move (b3-a2 loses). */
	game_new(&h, "epaminondas", 101, &o, "alice", "bob", 1764482880);
	for (i = 0; i < 3; i++)
		fails += game_play(&h, cross[i], 1764482900, NULL, err, sizeof err) < 0;
	is_int(game_move_loses(&h, "b3-a2", why, sizeof why), 1,
	       "at ply 4 b3-a2 loses at once (crossing not answered)");
	/* g: the same position at ply 1999: ply 2000 reaches the cap. */
	game_new(&g, "epaminondas", 102, &o, "alice", "bob", 1764482880);
	for (i = 0; i < GAME_MAX_PLIES - 4; i++)
		fails += game_play(&g, shuffle[i % 4], 1764482900, NULL, err,
		                   sizeof err) < 0;
	for (i = 0; i < 3; i++)
		fails += game_play(&g, cross[i], 1764482900, NULL, err, sizeof err) < 0;
	is_int(fails, 0, "both games are played as written");
	is_int((long)g.nmoves, GAME_MAX_PLIES - 1, "g is one ply short of the cap");
	ok(ep_position_equal(&g.pos, &h.pos), "in the crossing position");
	is_int(game_move_loses(&g, "b3-a2", why, sizeof why), 0,
	       "the move reaching the cap does not lose at once");
	is_str(why, "", "and has no reason");
	game_move_advice(&g, why, &b);
	is_str(buf_str(&b), "", "the board mail names no losing move at the cap");
	buf_free(&b);
	is_str(why, "b3-a2", "the example is the first move in order");
	game_example_move(&g, why);
	is_str(why, "b3-a2", "game_example_move gives the same example");
	game_play(&g, "b3-a2", 1764482900, NULL, err, sizeof err);
	ok(g.state == GAME_FINISHED && g.result == EP_DRAW,
	   "played, it draws the game at the cap");
	game_free(&g);
	game_free(&h);
}

static void test_render_marks_last_move(void)
{
	struct game g;
	char err[256], *board;

	new_game(&g);
	game_play(&g, "e1-e4", 1764482900, NULL, err, sizeof err);
	board = render_board(&g, 0);
	ok(strstr(board, "   4  .  .  .  . [W] .") != NULL, "the destination is bracketed");
	ok(strstr(board, "   1  W  W  W  W [.] W") != NULL, "the tail is bracketed");
	ok(strstr(board, "      a  b  c  d  e  f  g  h  i  j  k  l  m  n") != NULL,
	   "files are lettered");
	free(board);
	game_free(&g);
}

static void test_template_expansion(void)
{
	struct tvars v = { 0 };
	char *s;

	tvars_set(&v, "a", "1");
	tvars_set(&v, "empty", "");
	tvars_setf(&v, "n", "%d", 42);
	s = template_expand("x={{a}} n={{n}}\n{{empty}}\n{{unknown}}y\nend\n", &v);
	is_str(s, "x=1 n=42\ny\nend\n",
	       "placeholders expand and a line of one empty placeholder vanishes");
	free(s);
	tvars_free(&v);
}

static void test_intake_finds_the_command(void)
{
	struct intake in;

	intake_find("epaminondas move 101 alice pw e1-e4", "Hi!\n\n-- \nsig\n", &in);
	is_int(in.argc, 6, "a command subject gives its words");
	is_str(in.comment, "Hi!", "the comment stops at the signature");
	intake_free(&in);
	intake_find("Re: Epaminondas Board 101 bob", "\n  epaminondas show 101\nthanks\n"
	            "On Mon, 30 Nov 2026, Alice wrote:\n> old\n", &in);
	is_int(in.argc, 3, "a reply's first body line is the command");
	is_str(in.argv[0], "epaminondas", "the first word is the game");
	is_str(in.comment, "thanks", "the comment stops at 'On ... wrote:'");
	intake_free(&in);
	intake_find("epaminondas move 101 alice Secret1 d3-d4",
	            "Sorry, fat fingers.\n\n________________________________\n"
	            "From: epamserv\nSubject: Re: epaminondas move 101 alice "
	            "Secret1 d3-d5\n", &in);
	is_str(in.comment, "Sorry, fat fingers.",
	       "the comment stops at Outlook's rule and header block");
	intake_free(&in);
	intake_find("epaminondas move 101 alice Secret1 d3-d4",
	            "My password Secret1 is safe.\n", &in);
	is_str(in.comment, "My password ******* is safe.",
	       "the command's password is masked in the comment");
	intake_free(&in);
	intake_find("signup alice NewPw", "my password: NewPw\n", &in);
	is_str(in.comment, "my password: *****",
	       "the password of an account command is masked");
	intake_free(&in);
	intake_find("epaminondas tournament join spring alice Pw9x", "Pw9x and "
	            "spring\n", &in);
	is_str(in.comment, "**** and spring", "tournament join: the password is "
	       "masked, not the tournament's name");
	intake_free(&in);
	intake_find("epaminondas record 101 json alice Pw9x", "json Pw9x\n", &in);
	is_str(in.comment, "json ****", "record BOARD json: the password is "
	       "masked");
	intake_free(&in);
	intake_find("epaminondas league join alice Pw9x", "alice Pw9x\n", &in);
	is_str(in.comment, "alice ****", "league join: the password is masked");
	intake_free(&in);
	intake_find("epaminondas show 101", "Nice.\nOn Mon, 30 Nov 2026 at 06:00, "
	            "epamserv <e@x.org>\nwrote:\n\nold board\n", &in);
	is_str(in.comment, "Nice.", "a Gmail attribution folded over two lines "
	       "ends the comment");
	intake_free(&in);
	intake_find("epaminondas show 101", "Merci.\nLe lun. 30 nov. 2026, Bob a "
	            "\xc3\xa9" "crit :\n> x\n", &in);
	is_str(in.comment, "Merci.", "a French attribution ends the comment");
	intake_free(&in);
	intake_find("Re: hello", "> quoted only\n", &in);
	is_int(in.argc, 0, "quoted text is never a command");
	intake_free(&in);
}

/* outbox_put refuses a mail whose file would pass its limit. */
static void test_outbox_put_refuses_over_the_cap(void)
{
	static const char msg[] = "Subject: x\r\n\r\nhello\r\n";
	size_t size = outbox_envelope_size("a@example.org", "b@example.org") +
	              strlen(msg);
	struct txn *t = txn_begin(spool, "m-cap", "cap1");
	char *err = NULL, *got;

	is_int(outbox_put(t, "cap-1", "a@example.org", "b@example.org", msg,
	                  size - 1), -1, "outbox_put refuses a mail one byte over");
	is_int(txn_count(t), 0, "and queues nothing");
	is_int(outbox_put(t, "cap-1", "a@example.org", "b@example.org", msg,
	                  size), 0, "a mail exactly at the limit is queued");
	is_int(txn_commit(t, &err), 0, "the transaction commits");
	got = read_rel("outbox/cap-1.eml");
	ok(got && strlen(got) == size && strstr(got, "Envelope-To: <b@example.org>"),
	   "the file takes exactly outbox_envelope_size plus the message");
	free(got);
	got = NULL;
	{
		char path[512];
		snprintf(path, sizeof path, "%s/outbox/cap-1.eml", spool);
		unlink(path);
	}
}

/* The outbox files whose names start with prefix: count, and the last
 * one's text in *text (malloc'ed) when text is not NULL. */
static int outbox_files(const char *prefix, char **text)
{
	char dir[512], path[1024];
	struct dirent *de;
	DIR *d;
	int n = 0;

	snprintf(dir, sizeof dir, "%s/outbox", spool);
	if ((d = opendir(dir)) == NULL)
		return 0;
	while ((de = readdir(d)) != NULL) {
		if (!strstr(de->d_name, prefix))
			continue;
		n++;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (text) {
			free(*text);
			*text = util_read_file(path, 1 << 24, NULL);
		}
		unlink(path);
	}
	closedir(d);
	return n;
}

/* reply_queue keeps a mail within c->s.reply_cap when a caller lowers it:
 * HTML dropped, text cut with the note; nothing queued when not even the
 * note fits; a cap above max_reply_size does not raise it. */
static void test_reply_queue_keeps_a_lowered_cap(void)
{
	struct config cfg;
	struct svc s;
	struct buf text = BUF_INIT;
	struct txn *t;
	char *err = NULL, *got = NULL;
	int i;

	if (config_load(&cfg, "/dev/null", &err) < 0) {
		ok(0, "config_load: %s", err);
		free(err);
		return;
	}
	free(cfg.spool);
	cfg.spool = xstrdup(spool);
	svc_init(&s, &cfg, time(NULL));
	memcpy(s.digest, "feedfacefeedfacefeedfacefeedface", 33);
	for (i = 0; i < 2000; i++)
		buf_printf(&text, "line %d of a long answer\n", i);
	s.reply_cap = 1u << 30;
	is_int((int)reply_cap(&s), (int)cfg.max_reply_size,
	       "a reply_cap above max_reply_size does not raise the cap");
	s.reply_cap = 4096;
	is_int((int)reply_cap(&s), 4096, "a lower reply_cap is the cap");
	t = txn_begin(spool, "m-cap", "feedface");
	reply_queue(&s, t, "bob@example.org", "Long", buf_str(&text),
	            "<p>html</p>", 0, NULL);
	ok(!s.queue_failed && txn_count(t) == 1, "the long reply is queued");
	txn_commit(t, &err);
	is_int(outbox_files("feedfacefeedface", &got), 1, "one mail in the outbox");
	ok(got && strlen(got) <= 4096, "within the lowered cap (%zu bytes)",
	   got ? strlen(got) : 0);
	ok(got && strstr(got, "[This mail was cut here"), "with the cut note");
	ok(got && !strstr(got, "text/html"), "without its HTML part");
	ok(got && strstr(got, "line 9 of a long answer\r\n"),
	   "the text kept starts as it was");
	free(got);
	got = NULL;
	s.reply_cap = 300;
	t = txn_begin(spool, "m-cap", "feedface");
	reply_queue(&s, t, "bob@example.org", "Long", buf_str(&text), NULL, 0,
	            NULL);
	ok(!s.queue_failed && txn_count(t) == 0,
	   "a cap below a bare mail queues nothing (and is not a failure)");
	txn_abort(t);
	buf_free(&text);
	config_free(&cfg);
}

/* The HTML part's drawings of a board (services/board_html.h) are drawn
 * once for the readers who see the board alike, and again for one who
 * sees it turned; each part is the one a drawing of its own gives, and
 * each carries its own reader's token alone. */
static void test_board_html_drawing_shared(void)
{
	static const char white[] = "Epaminondas Board 101 (alice v bob) "
		"[#tokenofwhite]";
	static const char black[] = "Epaminondas Board 101 (alice v bob) "
		"[#tokenofblack]";
	struct board_drawing d = BOARD_DRAWING_INIT, d2 = BOARD_DRAWING_INIT;
	struct board_drawing own = BOARD_DRAWING_INIT;
	struct tvars v = { 0 };
	struct config cfg;
	struct game g;
	struct svc s;
	char err[256], *e = NULL, *a, *b, *a2, *b2, *b_own, *turned;

	if (config_load(&cfg, "/dev/null", &e) < 0) {
		ok(0, "config_load: %s", e);
		free(e);
		return;
	}
	free(cfg.spool);
	cfg.spool = xstrdup(spool);
	/* No board.html there: the built-in template. */
	free(cfg.templates);
	cfg.templates = xstrdup(spool);
	free(cfg.from);
	cfg.from = xstrdup("epamserv@games.example");
	svc_init(&s, &cfg, time(NULL));
	new_game(&g);
	game_play(&g, "e1-e4", 1764482900, NULL, err, sizeof err);
	tvars_set(&v, "title", "Epaminondas board 101");
	a = board_html(&s, &g, &v, 0, 0, "tokenofwhite", white, 0, &d);
	/* Marked: a drawing made again would not say so. */
	free(d.said);
	d.said = xstrdup("<p>drawn for the first reader</p>\n");
	b = board_html(&s, &g, &v, 0, 1, "tokenofblack", black, 0, &d);
	ok(a && b && strstr(b, "drawn for the first reader"),
	   "the second reader who sees the board alike gets its drawing, not "
	   "another one");
	a2 = board_html(&s, &g, &v, 0, 0, "tokenofwhite", white, 0, &d2);
	b2 = board_html(&s, &g, &v, 0, 1, "tokenofblack", black, 0, &d2);
	b_own = board_html(&s, &g, &v, 0, 1, "tokenofblack", black, 0, &own);
	ok(a2 && b2 && b_own && strcmp(b2, b_own) == 0 && strcmp(a, a2) == 0,
	   "the part is the one a drawing of its own gives");
	ok(a2 && b2 && strstr(a2, "tokenofwhite") && !strstr(a2, "tokenofblack") &&
	   strstr(b2, "tokenofblack") && !strstr(b2, "tokenofwhite"),
	   "each part carries its reader's token alone");
	turned = board_html(&s, &g, &v, 1, 1, "tokenofblack", black, 0, &d);
	ok(turned && !strstr(turned, "drawn for the first reader") &&
	   strcmp(turned, b_own) != 0,
	   "a reader who sees the board turned gets it drawn again");
	free(a);
	free(b);
	free(a2);
	free(b2);
	free(b_own);
	free(turned);
	board_drawing_free(&d);
	board_drawing_free(&d2);
	board_drawing_free(&own);
	tvars_free(&v);
	game_free(&g);
	config_free(&cfg);
}

/* The back-off file: the older form (no WHY) reads as the mail's own
 * deferral; a relay outage neither counts as a try nor lengthens the
 * back-off of a later 4xx. */
static void test_outbox_retry_forms(void)
{
	struct outbox_retry r;
	char line[128];

	is_int(outbox_retry_parse("2 1000 1600\n", &r), 0, "the older form reads");
	ok(r.attempts == 2 && r.first == 1000 && r.next == 1600 && !r.relay,
	   "as a deferral of the mail itself");
	is_int(outbox_retry_parse("0 1000 0 relay\n", &r), 0, "WHY relay reads");
	ok(r.relay && r.attempts == 0, "as a deferral by the relay");
	is_int(outbox_retry_parse("1 1000 1300 lunch\n", &r), -1,
	       "an unknown WHY is damage");
	ok(r.attempts == 0 && r.next == 0 && !r.relay, "and reads as never tried");
	memset(&r, 0, sizeof r);
	is_int(outbox_retry_relay(&r, 5000, 5), 1, "a relay outage keeps the mail");
	ok(r.relay && r.attempts == 0 && r.first == 5000,
	   "not counted as a try, but its first failure is noted");
	is_int(outbox_retry_fail(&r, 5600, 5), 1, "then a 4xx");
	ok(!r.relay && r.attempts == 1 && r.first == 5000 && r.next == 5900,
	   "backs off 5 minutes, the first back-off");
	is_int(outbox_retry_format(&r, line, sizeof line), 0, "formats");
	is_str(line, "1 5000 5900 mail\n", "as ATTEMPTS FIRST NEXT WHY");
	memset(&r, 0, sizeof r);
	is_int(outbox_retry_relay(&r, 1000, 5), 1, "an outage starts");
	is_int(outbox_retry_relay(&r, 1000 + 5 * 86400 + 1, 5), 0,
	       "deferred by the relay for over retry_days: fails for good");
}

/* The last failure is stored with the back-off: the rest of the line
 * after WHY, printable only, cut to its field; the older forms read
 * with no reason. */
static void test_outbox_retry_reason(void)
{
	struct outbox_retry r;
	char line[64 + OUTBOX_REASON_MAX], big[2 * OUTBOX_REASON_MAX];

	is_int(outbox_retry_parse("1 1000 1300 mail 451 4.7.1 <g@x.org>: "
	                          "Greylisted\n", &r), 0, "a record with a "
	       "reason reads");
	is_str(r.reason, "451 4.7.1 <g@x.org>: Greylisted", "the reason is the "
	       "rest of the line");
	ok(r.attempts == 1 && r.next == 1300 && !r.relay, "and the rest reads "
	   "as before");
	is_int(outbox_retry_format(&r, line, sizeof line), 0, "it formats");
	is_str(line, "1 1000 1300 mail 451 4.7.1 <g@x.org>: Greylisted\n",
	       "as ATTEMPTS FIRST NEXT WHY REASON");
	is_int(outbox_retry_parse("2 1000 1600 mail\n", &r), 0,
	       "a record without a reason reads");
	is_str(r.reason, "", "with none");
	outbox_retry_set_reason(&r, "550 5.1.1 bad\r\nInjected: 1\x01");
	is_str(r.reason, "550 5.1.1 bad??Injected: 1?", "CR, LF and control "
	       "bytes of a reply are stored as '?'");
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	outbox_retry_set_reason(&r, big);
	is_int((int)strlen(r.reason), OUTBOX_REASON_MAX - 1, "a long reason is "
	       "cut to its field");
	is_int(outbox_retry_format(&r, line, sizeof line), 0, "and the longest "
	       "record formats");
}

int main(void)
{
	char *err = NULL;

	snprintf(spool, sizeof spool, "/tmp/epamserv-unit-%ld", (long)getpid());
	if (spool_init(spool, &err) < 0) {
		printf("Bail out! %s\n", err);
		return 1;
	}
	test_txn_commit_applies_every_file();
	test_txn_recovery_rolls_forward();
	test_next_board_skips_archive_and_seeks();
	test_lock_is_exclusive_and_times_out();
	test_users_hash_and_round_trip();
	test_users_confirmed_addresses();
	test_signup_addresses();
	test_password_checks_are_cached();
	test_user_loads_are_cached();
	test_game_file_round_trip_and_tamper();
	test_token_hashes_new_and_old();
	test_repetition_ends_the_game();
	test_cap_move_does_not_lose();
	test_render_marks_last_move();
	test_template_expansion();
	test_intake_finds_the_command();
	test_outbox_put_refuses_over_the_cap();
	test_reply_queue_keeps_a_lowered_cap();
	test_board_html_drawing_shared();
	test_outbox_retry_forms();
	test_outbox_retry_reason();
	{
		char cmd[300];
		snprintf(cmd, sizeof cmd, "rm -rf %s", spool);
		if (system(cmd) != 0)
			printf("# could not remove %s\n", spool);
	}
	return tap_done();
}
