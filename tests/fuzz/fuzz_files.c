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
 *      and addr_player.
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
 *     newer version ("written by a newer epamserv", util/magic.h).
 */
#include "fuzz/scratch.h"
#include "mail/mail.h"
#include "spool/addrindex.h"
#include "spool/authfail.h"
#include "spool/outbox.h"
#include "spool/ratelimit.h"
#include "spool/spool.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/conf.h"
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
	size_t i;

	digest_of("bob@example.org", hex);
	scratch_path(rel, sizeof rel, "addresses/%s", hex);
	spool_file(rel, data, len);
	if (addr_entry_load(spool, "bob@example.org", &e, &err) < 0) {
		/* The one refusal of content: a newer format (magic.h). */
		if (len > 17 && memcmp(data, "epamserv-address ", 17) == 0 &&
		    strstr(err, "written by a newer epamserv")) {
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
	static const char kinds[] = "uercalx";
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
	default:
		fuzz_address(text, size - 1);
	}
	return 0;
}
