/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_files.c - libFuzzer target: the readers of files that an operator
 * or a damaged disk hands us, rather than a mail.  The input's first
 * byte chooses the reader, the rest is the file:
 *
 *   0  a user file, SPOOL/users/alice, through user_load (users.c);
 *   1  an outbox file: outbox_split_envelope, what flush reads before
 *      sending (outbox.c);
 *   2  an outbox back-off file (NAME.eml.retry): outbox_retry_parse, then
 *      outbox_retry_fail at a few times, as flush does after a 4xx;
 *   3  the config file, through config_load (conf.c, inih);
 *   4  an account's wrong-password record, SPOOL/auth/alice, through
 *      authfail_count, authfail_blocked and authfail_note (both
 *      buckets);
 *   5  a rate record, SPOOL/rate/DIGEST, through ratelimit_count;
 *   6  an address entry, SPOOL/addresses/DIGEST, through addr_entry_load
 *      and addr_player;
 *   g  a game record, text or JSON, as "epamserv replay" reads it
 *      (record_read, record_replay: record_read.c, jsonread.c);
 *   s  a seek file, SPOOL/seeks/epaminondas-105, through seek_load;
 *   t  a tournament file, SPOOL/tournaments/spring, through tf_load;
 *   L  the league file, SPOOL/league/epaminondas, through the league's
 *      reader (league_file_text).
 *
 * The first byte is the letter ("uercalx" for 0 to 6, then "gstL");
 * any other byte chooses among 0 to 6 by its value modulo 7, as before
 * the later letters came, so that the seeds keep their meaning.
 *
 * The files are written into a scratch spool (scratch.h: mkdtemp under
 * $TMPDIR, removed at exit) and read by the same calls the program
 * makes.  Checked besides what the sanitizers and libFuzzer's -timeout
 * catch (abort() with a message when broken):
 *   - a user file that loads formats back (user_format) to a file that
 *     loads again and formats to the same bytes, with valid addresses;
 *   - an outbox envelope that splits gives addresses without CR or LF,
 *     and the message that follows the two lines;
 *   - a back-off file that parses formats (outbox_retry_format) to one
 *     that reads back the same; a back-off after a failure lies after
 *     the time of the failure and at most 4 hours later, and the count
 *     only grows;
 *   - a config file that loads prints (config_print) a file that loads
 *     again and prints the same (unless a value starts with ";", which
 *     only "key =;value" without a blank can set, or a printed line is
 *     longer than the file may hold);
 *   - the advisory counters stay within their bounds: a back-off ends
 *     after now and within a day, counts are not negative;
 *   - an address entry always loads, unless its first line claims a
 *     newer version ("written by a newer epamserv", util/magic.h);
 *   - a game record that reads and replays is written (record_text) as a
 *     record that reads and replays to a game written the same; a
 *     finished one also as JSON (record_json), which replays to a game
 *     whose text record is the same again;
 *   - a seek, tournament or league file that loads is written back
 *     (seek_format, tf_format, the league's writer) as a file that loads
 *     and is written the same; what was loaded holds only stored userids,
 *     a tournament's boards and byes only its players, within the
 *     files' limits; a tournament that loads has a table as it starts
 *     (tt_build_new) and a text ("tournament show": tt_text) without a
 *     crash.
 */
#include "commands/tourney/tourney.h"
#include "services/tfile.h"
#include "services/ttable.h"
#include "fuzz/scratch.h"
#include "game/record.h"
#include "game/render.h"
#include "mail/mail.h"
#include "spool/addrindex.h"
#include "spool/authfail.h"
#include "spool/outbox.h"
#include "spool/ratelimit.h"
#include "spool/seeks.h"
#include "spool/spool.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/conf.h"
#include "util/magic.h"
#include "util/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FUZZ_NOW 1796040000LL   /* 2026-11-30T12:00:00Z */

static char spool[4096];
static char dir[4096];

static void spool_file(const char *rel, const char *data, size_t len)
{
	char path[8192];

	scratch_path(path, sizeof path, "%s/%s", spool, rel);
	if (scratch_write(path, data, len) < 0)
		scratch_fail("cannot write %s: %s", path, strerror(errno));
}

static void fuzz_user(const char *data, size_t len)
{
	struct user u, again;
	char *err = NULL, *text, *text2;
	size_t i;

	spool_file("users/alice", data, len);
	user_cache_clear();
	if (user_load(spool, "alice", &u, &err) != 0) {
		free(err);
		return;
	}
	for (i = 0; i < u.naddr; i++)
		if (!mail_addr_ok(u.addr[i].addr))
			scratch_fail("user file: address <%s> taken", u.addr[i].addr);
	text = user_format(&u);
	spool_file("users/alice", text, strlen(text));
	user_cache_clear();
	if (user_load(spool, "alice", &again, &err) != 0)
		scratch_fail("a user file as we write it does not load: %s\n%s",
		             err ? err : "missing", text);
	text2 = user_format(&again);
	if (strcmp(text, text2) != 0)
		scratch_fail("a user file changes when read back:\n%s\n---\n%s", text,
		             text2);
	free(text);
	free(text2);
	user_free(&u);
	user_free(&again);
}

static void fuzz_envelope(const char *data, size_t len)
{
	char *text = xstrndup(data, len), *from, *rcpt, *msg;
	size_t n = strlen(text);

	msg = outbox_split_envelope(text, &from, &rcpt);
	if (msg && (strpbrk(from, "\r\n") || strpbrk(rcpt, "\r\n") ||
	            from < text || rcpt <= from || msg <= rcpt + strlen(rcpt) ||
	            msg > text + n))
		scratch_fail("outbox envelope: <%s> -> <%s>", from, rcpt);
	free(text);
}

static void fuzz_retry(const char *data, size_t len)
{
	static const long long offsets[] = { 0, 1, 299, 3600, 86400, 5 * 86400,
	                                     -86400, 1LL << 40 };
	char *text = xstrndup(data, len);
	struct outbox_retry r;
	size_t i;

	if (outbox_retry_parse(text, &r) == 0) {
		struct outbox_retry again;
		char line[64 + OUTBOX_REASON_MAX];
		if (outbox_retry_format(&r, line, sizeof line) < 0 ||
		    outbox_retry_parse(line, &again) < 0 ||
		    again.attempts != r.attempts || again.first != r.first ||
		    again.next != r.next || again.relay != r.relay ||
		    strcmp(again.reason, r.reason) != 0)
			scratch_fail("retry %d %lld %lld %d: not read back as "
			             "written", r.attempts, r.first, r.next,
			             r.relay);
		for (i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
			struct outbox_retry before = r;
			long long now = FUZZ_NOW + offsets[i];
			if (outbox_retry_fail(&r, now, 5)) {
				if (r.next <= now || r.next > now + 4 * 3600)
					scratch_fail("retry %d %lld %lld at %lld: next try at "
					             "%lld", before.attempts, before.first,
					             before.next, now, r.next);
				if (r.attempts <= before.attempts)
					scratch_fail("retry %d: the count did not grow (%d)",
					             before.attempts, r.attempts);
			}
			r = before;
		}
	}
	free(text);
}

static size_t longest_line(const char *s)
{
	size_t most = 0;

	while (*s) {
		size_t n = strcspn(s, "\n");
		if (n > most)
			most = n;
		s += n + (s[n] != '\0');
	}
	return most;
}

/* Remove the comment lines ("# ...") of config_print's output, and the
 * comment saying where a value came from ("key = value   # FILE:LINE",
 * which differs between two files), in place.  A value read from a file
 * holds no " #" (conf.c cuts the comment there). */
static void drop_comments(char *text)
{
	char *in = text, *out = text;

	while (*in) {
		size_t n = strcspn(in, "\n") + (in[strcspn(in, "\n")] ? 1 : 0);
		if (in[0] != '#') {
			char *hash = memmem(in, n, " #", 2);
			size_t keep = hash ? (size_t)(hash - in) : n;
			while (hash && keep > 0 && in[keep - 1] == ' ')
				keep--;
			memmove(out, in, keep);
			out += keep;
			if (hash)
				*out++ = '\n';
		}
		in += n;
	}
	*out = '\0';
}

static void fuzz_config(const char *data, size_t len)
{
	char conf[8192], *err = NULL, *out1 = NULL, *out2 = NULL;
	struct config cfg, cfg2;
	size_t n1 = 0, n2 = 0;
	FILE *f;
	int rc;

	scratch_path(conf, sizeof conf, "%s/epamserv.conf", dir);
	if (scratch_write(conf, data, len) < 0)
		scratch_fail("cannot write %s", conf);
	rc = config_load(&cfg, conf, &err);
	free(err);
	err = NULL;
	if (rc < 0) {
		config_free(&cfg);
		return;
	}
	f = open_memstream(&out1, &n1);
	if (!f)
		scratch_fail("open_memstream");
	config_print(&cfg, 0, f);
	fclose(f);
	/* A value read from the file never starts with ';' or '#' (both
	 * begin a comment there, conf.c), so " = ;" is not printed; the
	 * guard stays for a value set otherwise; and "key = " as
	 * printed may make a line of 198 bytes longer than the reader takes. */
	if (strstr(out1, " = ;") || longest_line(out1) > 198) {
		free(out1);
		config_free(&cfg);
		return;
	}
	if (scratch_write(conf, out1, n1) < 0)
		scratch_fail("cannot write %s", conf);
	if (config_load(&cfg2, conf, &err) < 0)
		scratch_fail("the settings as printed do not load: %s\n%s", err, out1);
	f = open_memstream(&out2, &n2);
	if (!f)
		scratch_fail("open_memstream");
	config_print(&cfg2, 0, f);
	fclose(f);
	/* The settings, not the diagnostics ("# error: ..." about a masked
	 * URL may read otherwise once the password is "***"). */
	drop_comments(out1);
	drop_comments(out2);
	if (strcmp(out1, out2) != 0)
		scratch_fail("the settings change when read back:\n%s\n---\n%s", out1,
		             out2);
	free(out1);
	free(out2);
	config_free(&cfg);
	config_free(&cfg2);
}

static void fuzz_authfail(const char *data, size_t len)
{
	time_t now = (time_t)FUZZ_NOW, until;
	int n, counted, b;

	spool_file("auth/alice", data, len);
	n = authfail_count(spool, "alice", now);
	for (b = 0; b < 2; b++) {
		until = authfail_blocked(spool, "alice", (enum authfail_bucket)b,
		                         now, &counted);
		if (n < 0 || (until && (until <= now ||
		                        until > now + AUTH_BACKOFF_MAX)))
			scratch_fail("auth record, bucket %d: %d failures, blocked "
			             "until %lld", b, n, (long long)until);
	}
	authfail_note(spool, "alice", AUTHFAIL_OWNER, now);
	n = authfail_count(spool, "alice", now);
	for (b = 0; b < 2; b++) {
		until = authfail_blocked(spool, "alice", (enum authfail_bucket)b,
		                         now, &counted);
		if (n < 1 || (until && (until <= now ||
		                        until > now + AUTH_BACKOFF_MAX)))
			scratch_fail("auth record after a failure, bucket %d: %d "
			             "failures, blocked until %lld", b, n,
			             (long long)until);
	}
	authfail_clear(spool, "alice", AUTHFAIL_OWNER, now);
}

/* The digest name of addr in rate/ and addresses/ (lower-cased). */
static void digest_of(const char *addr, char *hex)
{
	char lower[256];
	size_t i;

	for (i = 0; addr[i] && i + 1 < sizeof lower; i++)
		lower[i] = (char)tolower((unsigned char)addr[i]);
	lower[i] = '\0';
	util_digest_hex(lower, i, hex);
}

static void fuzz_rate(const char *data, size_t len)
{
	char rel[64], hex[33];
	int first = 0, i;

	digest_of("bob@example.org", hex);
	scratch_path(rel, sizeof rel, "rate/%s", hex);
	spool_file(rel, data, len);
	for (i = 0; i < 3; i++)
		if (ratelimit_count(spool, "bob@example.org", 60, 3600,
		                    (time_t)FUZZ_NOW, &first) < 0)
			scratch_fail("rate record: an I/O error");
}

static void fuzz_address(const char *data, size_t len)
{
	struct addr_entry e;
	char rel[64], hex[33], userid[32], *err = NULL;
	unsigned long newer = magic_newer_count();
	size_t i;

	digest_of("bob@example.org", hex);
	scratch_path(rel, sizeof rel, "addresses/%s", hex);
	spool_file(rel, data, len);
	if (addr_entry_load(spool, "bob@example.org", &e, &err) < 0) {
		/* The one refusal of content: a newer format (magic.h). */
		if (len > 17 && memcmp(data, "epamserv-address ", 17) == 0 &&
		    magic_newer_count() != newer) {
			free(err);
			return;
		}
		scratch_fail("address entry: %s", err);
	}
	if (e.nplayers > ADDR_MAX_PLAYERS)
		scratch_fail("address entry: %zu players", e.nplayers);
	for (i = 0; i < e.nplayers; i++)
		if (!util_userid_ok(e.players[i]))
			scratch_fail("address entry: player '%s'", e.players[i]);
	addr_player(spool, "bob@example.org", userid);
}

/* What a record's text or JSON says besides the game (fixed). */
static const struct record_meta fuzz_meta = {
	"epamserv at example.org", (time_t)FUZZ_NOW, 1, { 0, 1 }, { "", "" }
};

/* Read text[0..len) as "epamserv replay" does: 0 with *g replayed (free
 * with game_free), or -1 with err. */
static int record_load(const char *text, size_t len, struct game *g,
                       char *err, size_t errlen)
{
	struct record_in r;
	size_t i;
	int rc;

	if (record_read(text, len, &r, err, errlen) < 0)
		return -1;
	if (r.nmoves > GAME_MAX_PLIES)
		scratch_fail("record: %zu moves read", r.nmoves);
	for (i = 0; i < r.nmoves; i++)
		if (!r.moves[i][0] || strlen(r.moves[i]) >= EP_MOVE_TEXT_MAX)
			scratch_fail("record: move %zu is '%s'", i + 1, r.moves[i]);
	rc = record_replay(&r, g, err, errlen);
	record_in_free(&r);
	return rc;
}

/* written (a record of a game g) read back, replayed and written as text
 * again: want, the text record of g. */
static void record_again(const char *written, const char *want,
                         const char *what)
{
	char err[EP_ERR_MAX + 2 * EP_POSITION_MAX + 200], *text;
	struct game again;

	if (record_load(written, strlen(written), &again, err, sizeof err) < 0)
		scratch_fail("a %s record as we write it does not replay: %s\n%s",
		             what, err, written);
	text = record_text(&again, &fuzz_meta);
	if (strcmp(text, want) != 0)
		scratch_fail("a game changes through its %s record:\n%s\n---\n%s",
		             what, want, text);
	free(text);
	game_free(&again);
}

static void fuzz_record(const char *data, size_t len)
{
	char err[EP_ERR_MAX + 2 * EP_POSITION_MAX + 200], *text, *json;
	struct game g;

	if (record_load(data, len, &g, err, sizeof err) < 0)
		return;
	/* What "epamserv replay" prints. */
	game_result_text(&g, err, sizeof err);
	free(render_board(&g, 0));
	text = record_text(&g, &fuzz_meta);
	record_again(text, text, "text");
	if (g.state == GAME_FINISHED) {
		json = record_json(&g, &fuzz_meta, err, sizeof err);
		if (!json)
			scratch_fail("a finished game has no JSON record: %s", err);
		record_again(json, text, "JSON");
		free(json);
	}
	free(text);
	game_free(&g);
}

static void fuzz_seek(const char *data, size_t len)
{
	struct seek s, again;
	char *err = NULL, *text, *text2, words[64];

	spool_file("seeks/epaminondas-105", data, len);
	if (seek_load(spool, "epaminondas", 105, &s, &err) != 0) {
		free(err);
		return;
	}
	if (!util_userid_ok(s.seeker) || s.state > SEEK_EXPIRED ||
	    (s.state == SEEK_TAKEN && !util_userid_ok(s.taker)) ||
	    s.rating_min > s.rating_max ||
	    (s.color != 0 && s.color != 1 && s.color != SEEK_RANDOM))
		scratch_fail("seek: seeker '%s', state %d, taker '%s', rating "
		             "%d-%d, color %d", s.seeker, (int)s.state, s.taker,
		             s.rating_min, s.rating_max, s.color);
	seek_is_open(&s, (time_t)FUZZ_NOW);
	seek_state_words(&s, words, sizeof words);
	text = seek_format(&s);
	if (seek_parse(&again, text, "seeks/epaminondas-105", &err) < 0)
		scratch_fail("a seek file as we write it does not load: %s\n%s",
		             err, text);
	text2 = seek_format(&again);
	if (strcmp(text, text2) != 0)
		scratch_fail("a seek file changes when read back:\n%s\n---\n%s",
		             text, text2);
	free(text);
	free(text2);
}

static void fuzz_tournament(const char *data, size_t len)
{
	struct tfile tf, again;
	struct ttable tt;
	char *err = NULL, *text, *text2;
	int i;

	spool_file("tournaments/spring", data, len);
	if (tf_load(spool, "spring", &tf, &err) != 0) {
		free(err);
		return;
	}
	if (tf.nplayers > TF_PLAYERS_MAX || tf.nboards > TF_BOARDS_MAX ||
	    tf.state > TF_FINISHED)
		scratch_fail("tournament: %d players, %d boards, state %d",
		             tf.nplayers, tf.nboards, (int)tf.state);
	for (i = 0; i < tf.nplayers; i++)
		if (!util_userid_ok(tf.player[i].userid))
			scratch_fail("tournament: player '%s'", tf.player[i].userid);
	for (i = 0; i < tf.nboards; i++)
		if (tf_player_index(&tf, tf.boards[i].white) < 0 ||
		    tf_player_index(&tf, tf.boards[i].black) < 0 ||
		    tf.boards[i].round < 1 || tf.boards[i].number < 1)
			scratch_fail("tournament: board %d %s %s %ld",
			             tf.boards[i].round, tf.boards[i].white,
			             tf.boards[i].black, tf.boards[i].number);
	for (i = 1; i <= TF_SWISS_ROUNDS_MAX; i++)
		if (tf.bye[i][0] && tf_player_index(&tf, tf.bye[i]) < 0)
			scratch_fail("tournament: bye %d %s", i, tf.bye[i]);
	if (tf_paired(&tf) < 0)
		scratch_fail("tournament: paired to round %d", tf_paired(&tf));
	/* What "tournament show" and the web page make of it: the table as
	 * it starts (every board running: none is read) and its text. */
	if (tf.state == TF_RUNNING || tf.state == TF_FINISHED) {
		if (tt_build_new(&tf, &tt) == 0) {
			free(tt_text(&tf, &tt));
			tt_free(&tt);
		}
	} else {
		free(tt_text(&tf, NULL));
	}
	text = tf_format(&tf);
	spool_file("tournaments/spring", text, strlen(text));
	if (tf_load(spool, "spring", &again, &err) != 0)
		scratch_fail("a tournament file as we write it does not load: "
		             "%s\n%s", err ? err : "missing", text);
	text2 = tf_format(&again);
	if (strcmp(text, text2) != 0)
		scratch_fail("a tournament file changes when read back:\n%s\n---\n"
		             "%s", text, text2);
	free(text);
	free(text2);
	tf_free(&tf);
	tf_free(&again);
}

static void fuzz_league(const char *data, size_t len)
{
	char *err = NULL, *text, *text2;

	spool_file("league/epaminondas", data, len);
	text = league_file_text(spool, "epaminondas", &err);
	if (!text) {
		free(err);
		return;
	}
	spool_file("league/epaminondas", text, strlen(text));
	text2 = league_file_text(spool, "epaminondas", &err);
	if (!text2)
		scratch_fail("a league file as we write it does not load: %s\n%s",
		             err, text);
	if (strcmp(text, text2) != 0)
		scratch_fail("a league file changes when read back:\n%s\n---\n%s",
		             text, text2);
	free(text);
	free(text2);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const subdirs[] = { "auth", "rate", NULL };
	extern char **environ;
	char *err = NULL, path[8192];
	int i;

	(void)argc;
	(void)argv;
	scratch_keep_stderr();
	/* The settings come from the input alone. */
	for (i = 0; environ[i];)
		if (strncmp(environ[i], "EPAMSERV_", 9) == 0) {
			char *name = xstrndup(environ[i], strcspn(environ[i], "="));
			if (unsetenv(name) < 0)
				scratch_fail("cannot unset %s", name);
			free(name);
		} else {
			i++;
		}
	scratch_path(dir, sizeof dir, "%s", scratch_make("files"));
	scratch_path(spool, sizeof spool, "%s/spool", dir);
	if (spool_init(spool, &err) < 0)
		scratch_fail("spool: %s", err);
	for (i = 0; subdirs[i]; i++) {
		scratch_path(path, sizeof path, "%s/%s", spool, subdirs[i]);
		if (mkdir(path, 0750) < 0 && errno != EEXIST)
			scratch_fail("cannot make %s", path);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char kinds[] = "uercalxgstL";
	const char *text = (const char *)data + 1, *k;

	if (size < 1 || size > 65536)
		return 0;
	k = memchr(kinds, data[0], sizeof kinds - 1);
	switch (k ? (int)(k - kinds) : data[0] % 7) {
	case 0:
		fuzz_user(text, size - 1);
		break;
	case 1:
		fuzz_envelope(text, size - 1);
		break;
	case 2:
		fuzz_retry(text, size - 1);
		break;
	case 3:
		fuzz_config(text, size - 1);
		break;
	case 4:
		fuzz_authfail(text, size - 1);
		break;
	case 5:
		fuzz_rate(text, size - 1);
		break;
	case 6:
		fuzz_address(text, size - 1);
		break;
	case 7:
		fuzz_record(text, size - 1);
		break;
	case 8:
		fuzz_seek(text, size - 1);
		break;
	case 9:
		fuzz_tournament(text, size - 1);
		break;
	default:
		fuzz_league(text, size - 1);
	}
	return 0;
}
