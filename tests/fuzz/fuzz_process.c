/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_process.c - libFuzzer target: whole mails through process_mail()
 * (src/pipeline/process.h), the path of "epamserv receive" from the raw bytes
 * to committed effects: the parser, the never-answered filter (bounces,
 * auto-replies, spam flags), who the sender is, the seen records, the
 * command reader, passwords, reply tokens and their back-off, the rate
 * limits, every command, the game transaction and the composition of
 * every reply into the outbox.
 *
 * The spool is made once per process in a scratch directory (scratch.h:
 * mkdtemp under $TMPDIR, removed at exit) and seeded through
 * process_mail itself, as players would: alice, bob, carol and dave sign
 * up and confirm their addresses, erin signs up and never confirms; then
 *
 *   board 101  alice (White) - bob, active, 4 plies, dave observes it
 *   board 102  carol - dave, an unsigned challenge nobody accepted
 *   board 103  bob - carol, 8x8, finished: carol resigned after 2 plies
 *   board 104  alice - dave, 10x10, active, alice offers a draw
 *
 * Then, so that seeds and the dictionary can carry working credentials:
 * the password hashes are made cheap (SHA-256-crypt, 1,000 rounds, as
 * tests/stress/stresslib.py does: crypt(3) would dominate), the reply
 * token of each player of 101 and 104 and erin's confirmation token are
 * set to known values (FUZZ_TOKENS below; e.g. "Re: Epaminondas Board
 * 101 alice [#alicetokenaaaaaa]"), and the outbox is emptied.  Passwords
 * are USERID "pw" ("alicepw").  The clock is fixed (EPAMSERV_NOW).  The
 * rate limits are raised to 1000 an hour (counted, never reached).
 *
 * After every input the spool is checked, then put back as seeded: every
 * file the input added is removed, every file it changed or removed is
 * written back (a walk of the spool with one stat(2) per file, locks/
 * left alone).  So each input meets the same spool: a crash reproduces
 * from its input alone, seen records never make a mutated input a no-op,
 * rate limits and back-off never build up, and the outbox never grows.
 *
 * Checked after every input (abort() with a message when broken):
 *   - process_mail returned 0 (75 only with nothing committed: it must
 *     not happen here, where no lock is ever busy and no disk fills);
 *   - no journal entry and no litter in tmp/ is left;
 *   - every game file written loads (its replay agrees) and formats back
 *     to the same bytes; every user file written loads and formats back
 *     to the same bytes; every address entry written names its address
 *     and lies under that address's digest;
 *   - every mail queued: its envelope splits (outbox_split_envelope) into
 *     valid addresses; it fits max_reply_size; its lines end in CRLF and
 *     hold at most 998 bytes and no NUL; its header is printable ASCII
 *     (no unencoded user text, no injected field) with Message-ID,
 *     Auto-Submitted and X-Loop fields; it parses as a mail;
 *   - nobody acts in another player's name: each ply added, game
 *     started, resignation, decline, draw accepted, offer, queued or
 *     submitted move and subscription on a board, and each password,
 *     preference, signoff or address request changed on an account, came
 *     in a mail holding that player's password or reply token (raw or
 *     decoded); no address becomes confirmed but erin's, by a mail
 *     holding her confirmation token;
 *   - no open relay: every recipient is the input's sender (From or
 *     Reply-To), a confirmed address of a player before or after the
 *     mail, or an address waiting for confirmation, which then receives
 *     nothing but its confirmation request ("confirm USERID [#...]");
 *   - every 100 inputs: no descriptor left open on a file of the scratch
 *     directory (a lock, a spool file) or on a template.
 * The sanitizers (address, undefined, leak) and libFuzzer's -timeout
 * catch the rest.  Logs go to stderr: run with -close_fd_mask=2
 * (tests/fuzz/run-fuzz.sh does) so that they do not drown the fuzzer's.
 */
#include "pipeline/process.h"
#include "services/tokenhash.h"
#include "fuzz/scratch.h"
#include "game/game.h"
#include "mail/mail.h"
#include "spool/addrindex.h"
#include "spool/outbox.h"
#include "spool/spool.h"
#include "spool/users.h"
#include "util/buf.h"
#include "util/conf.h"
#include "util/util.h"

#include <crypt.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define FUZZ_NOW "2026-11-30T12:00:00Z"
#define FUZZ_DOMAIN "games.example"
#define FUZZ_MAIL_MAX 16384   /* max_mail_size: longer inputs are cut */

/* The known reply tokens the seeded spool accepts (16 of [a-z2-7]). */
static const struct {
	long board;
	const char *userid, *token;
} FUZZ_TOKENS[] = {
	{ 101, "alice", "alicetokenaaaaaa" },
	{ 101, "bob", "bobtokenbbbbbbbb" },
	{ 104, "alice", "alicetokenddddda" },
	{ 104, "dave", "davetokendddddda" },
};
#define ERIN_CONFIRM_TOKEN "erinconfirmeeeee"

static const char *const PLAYERS[] = { "alice", "bob", "carol", "dave", NULL };

static struct config cfg;
static char spool[4096];
static const char *scratch;   /* the scratch directory */

/* ---- the seeded spool, in memory ---- */

/* One file or directory of the seeded spool and the identity its copy in
 * the live spool has now (changed identity: the input touched it). */
struct snap_entry {
	char *rel;           /* relative to the spool */
	int is_dir;
	char *data;          /* file contents */
	size_t len;
	mode_t mode;
	struct stat st;      /* of the live copy */
	unsigned visit;      /* the walk that last saw it */
};

static struct snap_entry *snap;
static size_t nsnap;
static unsigned walk_no;

/* Addresses of the seeded players (confirmed) and requested ones. */
struct addr_set {
	char **addr;
	size_t n;
};
static struct addr_set seed_confirmed, seed_requested;

static void set_add(struct addr_set *s, const char *addr)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcasecmp(s->addr[i], addr) == 0)
			return;
	s->addr = xrealloc(s->addr, (s->n + 1) * sizeof *s->addr);
	s->addr[s->n++] = xstrdup(addr);
}

static int set_has(const struct addr_set *s, const char *addr)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcasecmp(s->addr[i], addr) == 0)
			return 1;
	return 0;
}

static void set_free(struct addr_set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->addr[i]);
	free(s->addr);
	s->addr = NULL;
	s->n = 0;
}

static int same_identity(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_dev == b->st_dev &&
	       a->st_size == b->st_size && a->st_mode == b->st_mode &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
	       a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
	       a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

static int snap_cmp(const void *a, const void *b)
{
	return strcmp(((const struct snap_entry *)a)->rel,
	              ((const struct snap_entry *)b)->rel);
}

static struct snap_entry *snap_find(const char *rel)
{
	struct snap_entry key;

	key.rel = (char *)rel;
	return bsearch(&key, snap, nsnap, sizeof *snap, snap_cmp);
}

static void live_path(const char *rel, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s/%s", spool, rel);

	if (n < 0 || (size_t)n >= len)
		scratch_fail("path too long: %s", rel);
}

/* Record the seeded spool (every file but locks/) into snap[]. */
static void snap_take_dir(const char *rel)
{
	char path[4096], sub[4096];
	struct dirent *de;
	DIR *d;

	live_path(rel, path, sizeof path);
	d = opendir(path);
	if (!d)
		scratch_fail("cannot list %s: %s", path, strerror(errno));
	while ((de = readdir(d)) != NULL) {
		struct snap_entry e;
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		scratch_path(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "",
		             de->d_name);
		if (strcmp(sub, "locks") == 0)
			continue;
		memset(&e, 0, sizeof e);
		e.rel = xstrdup(sub);
		live_path(sub, path, sizeof path);
		if (lstat(path, &e.st) < 0)
			scratch_fail("cannot stat %s: %s", path, strerror(errno));
		e.mode = e.st.st_mode & 07777;
		if (S_ISDIR(e.st.st_mode)) {
			e.is_dir = 1;
		} else {
			e.data = util_read_file(path, 1 << 24, &e.len);
			if (!e.data)
				scratch_fail("cannot read %s: %s", path, strerror(errno));
		}
		snap = xrealloc(snap, (nsnap + 1) * sizeof *snap);
		snap[nsnap++] = e;
		if (e.is_dir)
			snap_take_dir(sub);
	}
	closedir(d);
}

/* ---- checks of what an input wrote ---- */

/* What one input did, gathered by the walk. */
struct effects {
	const uint8_t *input;
	size_t input_len;
	struct addr_set confirmed, requested;  /* from user files written */
	char **outbox;                         /* relpaths of mails queued */
	size_t noutbox;
	struct addr_set senders;               /* From and Reply-To of input */
	char *subject, *body;                  /* decoded, or NULL */
	int parsed;                            /* senders, subject, body set */
};

static int has_credential(struct effects *fx, const char *userid);
static int input_holds(struct effects *fx, const char *needle, int icase);

/* The seeded boards (101 to 104) and accounts, parsed, to tell what an
 * input changed. */
#define SEED_BOARDS 4
static struct game seed_games[SEED_BOARDS];
static const char *const SEED_USERS[] = { "alice", "bob", "carol", "dave",
                                          "erin", NULL };
static struct user seed_users[5];

static const struct game *seed_game(const struct game *g)
{
	if (strcmp(g->game, "epaminondas") != 0 || g->board < 101 ||
	    g->board >= 101 + SEED_BOARDS)
		return NULL;
	return &seed_games[g->board - 101];
}

static void need_credential(struct effects *fx, const char *rel,
                            const char *userid, const char *what)
{
	if (!has_credential(fx, userid))
		scratch_fail("%s: %s for %s, by a mail without their password or "
		             "reply token", rel, what, userid);
}

/* Nobody acts in another player's name (issue 11): what changed on a
 * board since it was seeded was done with the credential of the player
 * who did it.  In the seeded spool no move is queued and no robot plays,
 * so every new ply is its mover's own. */
static void check_consent(const char *rel, const struct game *g,
                          struct effects *fx)
{
	const struct game *old = seed_game(g);
	size_t common = 0, i;
	int side;

	while (old && common < old->nmoves && common < g->nmoves &&
	       strcmp(old->moves[common].text, g->moves[common].text) == 0)
		common++;
	for (i = common; i < g->nmoves; i++)
		need_credential(fx, rel, i % 2 == 0 ? g->white : g->black,
		                "a move");
	if (g->state != GAME_CHALLENGED && g->state != GAME_CANCELLED &&
	    (!old || old->state == GAME_CHALLENGED)) {
		need_credential(fx, rel, g->white, "a game started");
		need_credential(fx, rel, g->black, "a game started");
	}
	if (g->end != GAME_END_NONE &&
	    (!old || old->end != g->end || strcmp(old->end_by, g->end_by))) {
		switch (g->end) {
		case GAME_END_RESIGN:
		case GAME_END_DECLINE:
		case GAME_END_WITHDRAW:
			need_credential(fx, rel, g->end_by, "an end of the game");
			break;
		case GAME_END_DRAW:
			need_credential(fx, rel, game_opponent(g, g->end_by),
			                "a draw accepted");
			break;
		default:
			scratch_fail("%s: end %d, which only the sweep or the admin "
			             "makes, made by a mail", rel, (int)g->end);
		}
	}
	if (g->vote != GAME_VOTE_NONE &&
	    (!old || old->vote != g->vote || strcmp(old->vote_by, g->vote_by)))
		need_credential(fx, rel, g->vote_by, "an offer");
	for (side = 0; side < 2; side++)
		if (g->pend[side] != GAME_PEND_NONE &&
		    (!old || old->pend[side] != g->pend[side] ||
		     strcmp(old->pend_move[side], g->pend_move[side])))
			need_credential(fx, rel, side ? g->black : g->white,
			                "a move queued or submitted");
	for (i = 0; i < g->nobservers; i++)
		if (!old || game_observer_find(old, g->observers[i]) < 0)
			need_credential(fx, rel, g->observers[i], "a subscription");
}

static void check_game(const char *rel, const char *text, struct effects *fx)
{
	struct game g;
	char *err = NULL, *again;

	if (game_parse(&g, text, rel, &err) < 0)
		scratch_fail("%s does not load: %s\n%s", rel, err, text);
	again = game_format(&g);
	if (strcmp(again, text) != 0)
		scratch_fail("%s does not format back to its bytes:\n%s\n---\n%s",
		             rel, text, again);
	check_consent(rel, &g, fx);
	free(again);
	game_free(&g);
}

/* Confirmed addresses (issue 11): an account's confirmed addresses grow
 * only by its owner's reply to a confirmation request (erin's, the one
 * request whose token is known), and what else an account holds
 * changes only with its password. */
static void check_account(const char *rel, const struct user *u,
                          struct effects *fx)
{
	const struct user *old = NULL;
	size_t i;
	int k;

	for (k = 0; SEED_USERS[k]; k++)
		if (strcmp(SEED_USERS[k], u->userid) == 0)
			old = &seed_users[k];
	for (i = 0; i < u->naddr; i++)
		if ((!old || user_find_address(old, u->addr[i].addr) < 0) &&
		    !(strcmp(u->userid, "erin") == 0 &&
		      input_holds(fx, ERIN_CONFIRM_TOKEN, 1)))
			scratch_fail("%s: <%s> confirmed without its owner's reply to "
			             "the confirmation request", rel, u->addr[i].addr);
	if (!old)
		return;
	if (strcmp(old->hash, u->hash) != 0)
		need_credential(fx, rel, u->userid, "a new password");
	if (u->left && !old->left)
		need_credential(fx, rel, u->userid, "a signoff");
	if (u->html != old->html || u->orientation != old->orientation ||
	    u->token_epoch != old->token_epoch ||
	    strcmp(u->vacation, old->vacation) != 0)
		need_credential(fx, rel, u->userid, "a preference changed");
	for (i = 0; i < u->nreq; i++)
		if (user_find_request(old, u->req[i].addr) < 0)
			need_credential(fx, rel, u->userid, "an address requested");
}

static void check_user(const char *rel, struct effects *fx)
{
	const char *userid = rel + strlen("users/");
	char path[4096], *text, *again, *err = NULL;
	struct user u;
	size_t i;

	if (!util_userid_ok(userid))
		scratch_fail("%s: a user file under a name that is no userid", rel);
	if (user_load(spool, userid, &u, &err) != 0)
		scratch_fail("%s does not load: %s", rel, err ? err : "missing");
	live_path(rel, path, sizeof path);
	text = util_read_file(path, 1 << 16, NULL);
	again = user_format(&u);
	if (!text || strcmp(text, again) != 0)
		scratch_fail("%s does not format back to its bytes:\n%s\n---\n%s",
		             rel, text ? text : "(unreadable)", again);
	check_account(rel, &u, fx);
	for (i = 0; i < u.naddr; i++)
		if (!u.left)
			set_add(&fx->confirmed, u.addr[i].addr);
	for (i = 0; i < u.nreq; i++)
		set_add(&fx->requested, u.req[i].addr);
	free(text);
	free(again);
	user_free(&u);
}

static void check_address(const char *rel, const char *text)
{
	const char *a = strstr(text, "\naddress: ");
	char addr[512], box[512], digest[33];
	size_t n;

	if (strncmp(text, "epamserv-address 1\n", 19) != 0 || !a)
		scratch_fail("%s: no address entry:\n%s", rel, text);
	a += 10;
	n = strcspn(a, "\n");
	if (n == 0 || n >= sizeof addr)
		scratch_fail("%s: a bad address line", rel);
	memcpy(addr, a, n);
	addr[n] = '\0';
	addr_mailbox(addr, box, sizeof box);
	util_digest_hex(box, strlen(box), digest);
	if (!mail_addr_ok(addr) || strcmp(rel + strlen("addresses/"), digest) != 0)
		scratch_fail("%s: holds the entry of <%s>", rel, addr);
}

/* The header of a queued message (up to the empty line): printable
 * ASCII fields or continuations only, but for the address of the To:
 * field, which may be UTF-8 (mail_addr_ok takes internationalized
 * addresses) and must be the envelope recipient.  Returns its length. */
/* The CR of the CRLF ending the line at p, in a message checked to
 * hold CR only before LF (end: its end); end when the line has none.
 * (strstr would measure the rest of the message at every line.) */
static const char *line_end(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return nl ? nl - 1 : end;
}

static size_t check_header(const char *rel, const char *msg, const char *rcpt)
{
	const char *p = msg, *end = strstr(msg, "\r\n\r\n");
	int in_to = 0, saw_to = 0;

	if (!end)
		scratch_fail("%s: no empty line after the header", rel);
	while (p < end) {
		const char *eol = line_end(p, end + 2), *q, *lt = NULL, *gt = NULL;
		if (*p == ' ' || *p == '\t') {
			if (p == msg)
				scratch_fail("%s: begins with a continuation", rel);
		} else {
			for (q = p; q < eol && *q != ':'; q++)
				if (*q <= ' ' || *q > '~')
					scratch_fail("%s: bad field name at \"%.60s\"", rel, p);
			if (q == eol || q == p)
				scratch_fail("%s: a header line that is no field: \"%.60s\"",
				             rel, p);
			in_to = q - p == 2 && strncasecmp(p, "To", 2) == 0;
		}
		if (in_to && (lt = memchr(p, '<', (size_t)(eol - p))) != NULL) {
			gt = memchr(lt, '>', (size_t)(eol - lt));
			if (!gt || (size_t)(gt - lt - 1) != strlen(rcpt) ||
			    strncmp(lt + 1, rcpt, strlen(rcpt)) != 0)
				scratch_fail("%s: To: is not <%s>: \"%.*s\"", rel, rcpt,
				             (int)(eol - p), p);
			saw_to = 1;
		}
		for (q = p; q < eol; q++)
			if (((*q < ' ' && *q != '\t') || (unsigned char)*q > '~') &&
			    !(lt && q > lt && q < gt))
				scratch_fail("%s: byte 0x%02x in the header at \"%.60s\"",
				             rel, (unsigned char)*q, p);
		p = eol + 2;
	}
	if (!saw_to)
		scratch_fail("%s: no To: <%s> field", rel, rcpt);
	return (size_t)(end - msg) + 2;
}

static int header_has(const char *msg, size_t hlen, const char *field)
{
	size_t n = strlen(field);
	const char *p = msg;

	while (p < msg + hlen) {
		if (strncasecmp(p, field, n) == 0 && p[n] == ':')
			return 1;
		p = line_end(p, msg + hlen) + 2;
	}
	return 0;
}

/* The decoded Subject of a queued mail begins with prefix. */
static int subject_begins(const char *msg, size_t len, const char *prefix)
{
	struct mail_in m;
	char *err = NULL;
	int yes;

	if (mail_parse(msg, len, &m, &err) < 0) {
		free(err);
		return 0;
	}
	yes = m.subject && strncmp(m.subject, prefix, strlen(prefix)) == 0;
	mail_in_free(&m);
	return yes;
}

/* What the input says once parsed: its senders, decoded subject and
 * body. */
static void input_parse(struct effects *fx)
{
	struct mail_in m;
	char *err = NULL;

	if (fx->parsed)
		return;
	fx->parsed = 1;
	if (mail_parse_limits((const char *)fx->input, fx->input_len,
	                      cfg.max_mail_size, &m, &err) < 0) {
		free(err);
		return;
	}
	if (m.from_addr)
		set_add(&fx->senders, m.from_addr);
	if (m.reply_to_addr)
		set_add(&fx->senders, m.reply_to_addr);
	fx->subject = m.subject ? xstrdup(m.subject) : NULL;
	fx->body = m.body ? xstrdup(m.body) : NULL;
	mail_in_free(&m);
}

/* Whether the input holds needle (case-insensitive: icase), raw or in
 * its decoded subject or body. */
static int input_holds(struct effects *fx, const char *needle, int icase)
{
	size_t n = strlen(needle), i;

	input_parse(fx);
	if (!icase && memmem(fx->input, fx->input_len, needle, n))
		return 1;
	for (i = 0; icase && i + n <= fx->input_len; i++)
		if (strncasecmp((const char *)fx->input + i, needle, n) == 0)
			return 1;
	if (icase)
		return (fx->subject && strcasestr(fx->subject, needle)) ||
		       (fx->body && strcasestr(fx->body, needle));
	return (fx->subject && strstr(fx->subject, needle)) ||
	       (fx->body && strstr(fx->body, needle));
}

/* Whether the input carries a credential of userid: its password
 * (USERID "pw"; a new one can only be set by a mail holding the old) or
 * one of its reply tokens. */
static int has_credential(struct effects *fx, const char *userid)
{
	char pw[64];
	size_t i;

	scratch_path(pw, sizeof pw, "%spw", userid);
	if (input_holds(fx, pw, 0))
		return 1;
	for (i = 0; i < sizeof FUZZ_TOKENS / sizeof FUZZ_TOKENS[0]; i++)
		if (strcmp(FUZZ_TOKENS[i].userid, userid) == 0 &&
		    input_holds(fx, FUZZ_TOKENS[i].token, 1))
			return 1;
	return 0;
}

/* A recipient we may mail (see the top of the file); confirm: whether
 * it is owed nothing but its confirmation request. */
static int may_receive(struct effects *fx, const char *rcpt, int *confirm_only)
{
	*confirm_only = 0;
	if (set_has(&seed_confirmed, rcpt) || set_has(&fx->confirmed, rcpt))
		return 1;
	input_parse(fx);
	if (set_has(&fx->senders, rcpt))
		return 1;
	if (set_has(&seed_requested, rcpt) || set_has(&fx->requested, rcpt)) {
		*confirm_only = 1;
		return 1;
	}
	return 0;
}

static void check_outbox_mail(const char *rel, char *text, size_t len,
                              struct effects *fx)
{
	char *from, *rcpt, *msg, *copy;
	const char *p;
	size_t hlen, mlen;
	int confirm_only;

	if (strlen(text) != len)
		scratch_fail("%s: a NUL byte in a queued mail", rel);
	if (len > cfg.max_reply_size)
		scratch_fail("%s: %zu bytes, over max_reply_size", rel, len);
	copy = xstrdup(text);
	msg = outbox_split_envelope(copy, &from, &rcpt);
	if (!msg)
		scratch_fail("%s: malformed envelope:\n%.300s", rel, text);
	if ((*from && !mail_addr_ok(from)) || !mail_addr_ok(rcpt))
		scratch_fail("%s: envelope <%s> -> <%s>", rel, from, rcpt);
	mlen = strlen(msg);
	for (p = msg; *p; p++) {
		if (*p == '\r' && p[1] != '\n')
			scratch_fail("%s: a bare CR at \"%.60s\"", rel, p);
		if (*p == '\n' && (p == msg || p[-1] != '\r'))
			scratch_fail("%s: a bare LF before \"%.60s\"", rel, p + 1);
	}
	for (p = msg; p < msg + mlen;) {
		const char *eol = line_end(p, msg + mlen);
		if (eol - p > 998)
			scratch_fail("%s: a line of %td bytes", rel, eol - p);
		p = eol + 2;
	}
	hlen = check_header(rel, msg, rcpt);
	if (!header_has(msg, hlen, "Message-ID") ||
	    !header_has(msg, hlen, "Auto-Submitted") ||
	    !header_has(msg, hlen, "X-Loop"))
		scratch_fail("%s: lacks Message-ID, Auto-Submitted or X-Loop", rel);
	if (!may_receive(fx, rcpt, &confirm_only))
		scratch_fail("%s: mail to <%s>, who is no player, no sender of the "
		             "mail and no address waiting for confirmation", rel, rcpt);
	if (confirm_only && !subject_begins(msg, mlen, "confirm "))
		scratch_fail("%s: <%s> waits for confirmation but gets a mail that "
		             "is not its confirmation request", rel, rcpt);
	free(copy);
}

/* Check one file the input wrote (rel, text of len bytes). */
static void check_file(const char *rel, char *text, size_t len,
                       struct effects *fx)
{
	size_t n = strlen(rel);

	if (strncmp(rel, "journal/", 8) == 0)
		scratch_fail("a journal entry is left: %s", rel);
	if (strncmp(rel, "tmp/", 4) == 0)
		scratch_fail("litter left in tmp/: %s", rel);
	if (strncmp(rel, "games/", 6) == 0 && n > 5 &&
	    strcmp(rel + n - 5, ".game") == 0) {
		if (strlen(text) != len)
			scratch_fail("%s: a NUL byte in a game file", rel);
		check_game(rel, text, fx);
	} else if (strncmp(rel, "users/", 6) == 0) {
		check_user(rel, fx);
	} else if (strncmp(rel, "addresses/", 10) == 0 &&
	           strcmp(rel, "addresses/.complete") != 0) {
		check_address(rel, text);
	} else if (strncmp(rel, "outbox/", 7) == 0 && n > 4 &&
	           strcmp(rel + n - 4, ".eml") == 0) {
		fx->outbox = xrealloc(fx->outbox, (fx->noutbox + 1) *
		                      sizeof *fx->outbox);
		fx->outbox[fx->noutbox++] = xstrdup(rel);
	}
}

/* ---- the walk: check, then put back ---- */

static void put_back(struct snap_entry *e)
{
	char path[4096];

	live_path(e->rel, path, sizeof path);
	if (e->is_dir) {
		if (mkdir(path, e->mode) < 0 && errno != EEXIST)
			scratch_fail("cannot make %s: %s", path, strerror(errno));
	} else if (scratch_write(path, e->data, e->len) < 0 ||
	           chmod(path, e->mode) < 0) {
		scratch_fail("cannot put back %s: %s", path, strerror(errno));
	}
	if (lstat(path, &e->st) < 0)
		scratch_fail("cannot stat %s: %s", path, strerror(errno));
}

/* Check every file under rel that the input added or changed (user and
 * outbox files are only noted: they are checked once all is seen). */
static void walk_check(const char *rel, struct effects *fx, int is_new)
{
	char path[4096], sub[4096];
	struct dirent *de;
	DIR *d;

	live_path(rel, path, sizeof path);
	d = opendir(path);
	if (!d)
		scratch_fail("cannot list %s: %s", path, strerror(errno));
	while ((de = readdir(d)) != NULL) {
		struct snap_entry *e;
		struct stat st;
		char *text;
		size_t len;
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		scratch_path(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "",
		             de->d_name);
		if (strcmp(sub, "locks") == 0)
			continue;
		live_path(sub, path, sizeof path);
		if (lstat(path, &st) < 0)
			scratch_fail("cannot stat %s: %s", path, strerror(errno));
		e = is_new ? NULL : snap_find(sub);
		if (e)
			e->visit = walk_no;
		if (S_ISDIR(st.st_mode)) {
			walk_check(sub, fx, e == NULL);
			continue;
		}
		if (!S_ISREG(st.st_mode))
			scratch_fail("%s is neither a file nor a directory", sub);
		if (e && !e->is_dir && same_identity(&e->st, &st))
			continue;
		text = util_read_file(path, 1 << 24, &len);
		if (!text)
			scratch_fail("cannot read %s: %s", path, strerror(errno));
		check_file(sub, text, len, fx);
		free(text);
	}
	closedir(d);
}

/* Remove what the input added under rel (depth first). */
static void walk_restore(const char *rel, int is_new)
{
	char path[4096], sub[4096];
	struct dirent *de;
	DIR *d;

	live_path(rel, path, sizeof path);
	d = opendir(path);
	if (!d)
		scratch_fail("cannot list %s: %s", path, strerror(errno));
	while ((de = readdir(d)) != NULL) {
		struct snap_entry *e;
		struct stat st;
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		scratch_path(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "",
		             de->d_name);
		if (strcmp(sub, "locks") == 0)
			continue;
		live_path(sub, path, sizeof path);
		if (lstat(path, &st) < 0)
			scratch_fail("cannot stat %s: %s", path, strerror(errno));
		e = is_new ? NULL : snap_find(sub);
		if (S_ISDIR(st.st_mode)) {
			walk_restore(sub, e == NULL);
			if (!e && rmdir(path) < 0)
				scratch_fail("cannot remove %s: %s", path, strerror(errno));
		} else if (!e || e->is_dir) {
			if (unlink(path) < 0)
				scratch_fail("cannot remove %s: %s", path, strerror(errno));
		} else if (!same_identity(&e->st, &st)) {
			put_back(e);
		}
	}
	closedir(d);
}

static void fx_free(struct effects *fx)
{
	size_t i;

	for (i = 0; i < fx->noutbox; i++)
		free(fx->outbox[i]);
	free(fx->outbox);
	set_free(&fx->confirmed);
	set_free(&fx->requested);
	set_free(&fx->senders);
	free(fx->subject);
	free(fx->body);
}

static void check_and_restore(const uint8_t *data, size_t size)
{
	struct effects fx;
	size_t i;

	memset(&fx, 0, sizeof fx);
	fx.input = data;
	fx.input_len = size;
	walk_no++;
	walk_check("", &fx, 0);
	/* The queued mails once every user file written is known. */
	for (i = 0; i < fx.noutbox; i++) {
		char path[4096], *text;
		size_t len;
		live_path(fx.outbox[i], path, sizeof path);
		text = util_read_file(path, 1 << 24, &len);
		if (!text)
			scratch_fail("cannot read %s: %s", path, strerror(errno));
		check_outbox_mail(fx.outbox[i], text, len, &fx);
		free(text);
	}
	fx_free(&fx);
	walk_restore("", 0);
	for (i = 0; i < nsnap; i++)
		if (snap[i].visit != walk_no)
			put_back(&snap[i]);  /* removed by the input (parents first) */
	user_cache_clear();
}

/* Whether a descriptor is open on a file of the scratch directory (a
 * lock, a spool file, a directory being listed) or on a template, after
 * process_mail returned: a leak.  Others (libFuzzer's, the symbolizer's
 * pipes) are not ours.  Names the first in buf. */
static int leaked_fd(const char *dir, char *buf, size_t len)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;
	int found = 0;

	if (!d)
		return 0;
	while (!found && (de = readdir(d)) != NULL) {
		char link[300], target[4096];
		ssize_t n;
		if (de->d_name[0] == '.' || atoi(de->d_name) == dirfd(d))
			continue;
		scratch_path(link, sizeof link, "/proc/self/fd/%s", de->d_name);
		n = readlink(link, target, sizeof target - 1);
		if (n <= 0)
			continue;
		target[n] = '\0';
		if (strncmp(target, dir, strlen(dir)) == 0 ||
		    strncmp(target, cfg.templates, strlen(cfg.templates)) == 0) {
			scratch_path(buf, len, "%s -> %s", de->d_name, target);
			found = 1;
		}
	}
	closedir(d);
	return found;
}

/* ---- seeding ---- */

static void seed_mail(const char *from, const char *subject, const char *body)
{
	static int n;
	struct buf b = BUF_INIT;
	int rc;

	buf_printf(&b, "From: %s\r\nTo: epamserv@" FUZZ_DOMAIN "\r\n"
	           "Subject: %s\r\nDate: Mon, 30 Nov 2026 12:00:00 +0000\r\n"
	           "Message-ID: <seed%d@fuzz.example>\r\nMIME-Version: 1.0\r\n"
	           "Content-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
	           from, subject, ++n, body);
	rc = process_mail(&cfg, b.data, b.len, 0);
	if (rc != 0)
		scratch_fail("seeding: \"%s\" from %s: exit %d", subject, from, rc);
	buf_free(&b);
}

static char *addr_of(const char *userid, char *buf, size_t len)
{
	scratch_path(buf, len, "%s@example.org", userid);
	return buf;
}

/* Rewrite user userid with a cheap password hash and, when token is not
 * NULL, its confirmation request's token. */
static void seed_user(const char *userid, const char *token)
{
	char path[4096], pw[64], *err = NULL, *text, *h;
	struct crypt_data cd;
	struct user u;

	if (user_load(spool, userid, &u, &err) != 0)
		scratch_fail("seeding: user %s: %s", userid, err ? err : "missing");
	scratch_path(pw, sizeof pw, "%spw", userid);
	memset(&cd, 0, sizeof cd);
	h = crypt_rn(pw, "$5$rounds=1000$fuzzsaltfuzzsalt$", &cd, sizeof cd);
	if (!h || h[0] == '*')
		scratch_fail("seeding: crypt_rn fails");
	free(u.hash);
	u.hash = xstrdup(h);
	if (token) {
		char *th = token_hash_new(token);
		if (u.nreq != 1 || !th)
			scratch_fail("seeding: %s has %zu requests", userid, u.nreq);
		scratch_path(u.req[0].hash, sizeof u.req[0].hash, "%s", th);
		free(th);
	}
	text = user_format(&u);
	scratch_path(path, sizeof path, "%s/users/%s", spool, userid);
	if (scratch_write(path, text, strlen(text)) < 0)
		scratch_fail("seeding: cannot write %s", path);
	free(text);
	user_free(&u);
}

/* Set the known reply tokens of FUZZ_TOKENS in the game files, and check
 * each board is in the state the top of the file says. */
static void seed_boards(void)
{
	static const enum game_state want[] = { GAME_ACTIVE, GAME_CHALLENGED,
	                                        GAME_FINISHED, GAME_ACTIVE };
	char path[4096], *err = NULL, *text;
	struct game g;
	long board;
	size_t i;

	for (board = 101; board <= 104; board++) {
		if (game_load(&g, spool, "epaminondas", board, &err) != 0)
			scratch_fail("seeding: board %ld: %s", board, err ? err : "none");
		if (g.state != want[board - 101])
			scratch_fail("seeding: board %ld is in state %d", board,
			             (int)g.state);
		for (i = 0; i < sizeof FUZZ_TOKENS / sizeof FUZZ_TOKENS[0]; i++) {
			int side;
			char *th;
			if (FUZZ_TOKENS[i].board != board)
				continue;
			side = strcmp(g.white, FUZZ_TOKENS[i].userid) == 0 ? 0 : 1;
			/* Tokens are derived now (tokens.c); a stored hash, as
			 * older game files hold, is still taken until the board
			 * changes, and every input meets the board as seeded. */
			th = token_hash_new(FUZZ_TOKENS[i].token);
			if (!th)
				scratch_fail("seeding: board %ld: no token hash for %s",
				             board, FUZZ_TOKENS[i].userid);
			g.token_epoch[side] = 0;
			scratch_path(g.token_hash[side], sizeof g.token_hash[side], "%s",
			             th);
			free(th);
		}
		text = game_format(&g);
		scratch_path(path, sizeof path, "%s/games/epaminondas/%ld.game",
		             spool, board);
		if (scratch_write(path, text, strlen(text)) < 0)
			scratch_fail("seeding: cannot write %s", path);
		free(text);
		game_free(&g);
	}
}

static void empty_outbox(void)
{
	char path[4096];
	struct dirent *de;
	DIR *d;

	scratch_path(path, sizeof path, "%s/outbox", spool);
	d = opendir(path);
	if (!d)
		scratch_fail("seeding: no outbox");
	while ((de = readdir(d)) != NULL) {
		char file[4400];
		if (de->d_name[0] == '.')
			continue;
		scratch_path(file, sizeof file, "%s/%s", path, de->d_name);
		unlink(file);
	}
	closedir(d);
}

static void seed(void)
{
	char a[64], s[256];
	int i;

	for (i = 0; PLAYERS[i]; i++) {
		scratch_path(s, sizeof s, "signup %s %spw", PLAYERS[i], PLAYERS[i]);
		seed_mail(addr_of(PLAYERS[i], a, sizeof a), s, "");
		seed_user(PLAYERS[i], "aaaaaaaaaaaaaaaa");
		scratch_path(s, sizeof s, "Re: confirm %s [#aaaaaaaaaaaaaaaa] (reply "
		             "to confirm your address for epamserv)", PLAYERS[i]);
		seed_mail(a, s, "yes");
	}
	seed_mail("erin@example.org", "signup erin erinpw", "");
	seed_user("erin", ERIN_CONFIRM_TOKEN);
	addr_of("alice", a, sizeof a);
	seed_mail(a, "epaminondas challenge alice bob by alice alicepw", "");
	seed_mail("bob@example.org", "epaminondas accept 101 bob bobpw", "");
	seed_mail(a, "epaminondas move 101 alice alicepw e2-e3", "My first.");
	seed_mail("bob@example.org", "epaminondas move 101 bob bobpw e11-e10", "");
	seed_mail(a, "epaminondas move 101 alice alicepw f2-f3", "");
	seed_mail("bob@example.org", "epaminondas move 101 bob bobpw f11-f10", "");
	seed_mail("dave@example.org", "epaminondas subscribe 101 dave davepw", "");
	seed_mail("carol@example.org", "epaminondas challenge carol dave", "");
	seed_mail("bob@example.org",
	          "epaminondas challenge bob carol -size=8x8 by bob bobpw", "");
	seed_mail("carol@example.org", "epaminondas accept 103 carol carolpw", "");
	seed_mail("bob@example.org", "epaminondas move 103 bob bobpw e2-e3", "");
	seed_mail("carol@example.org", "epaminondas move 103 carol carolpw e7-e6",
	          "");
	seed_mail("carol@example.org", "epaminondas resign 103 carol carolpw", "");
	seed_mail(a, "epaminondas challenge alice dave -size=10x10 by alice "
	          "alicepw", "");
	seed_mail("dave@example.org", "epaminondas accept 104 dave davepw", "");
	seed_mail(a, "epaminondas move 104 alice alicepw e2-e3", "");
	seed_mail("dave@example.org", "epaminondas move 104 dave davepw e9-e8",
	          "");
	seed_mail(a, "epaminondas move 104 alice alicepw propose", "Draw?");
	seed_boards();
	empty_outbox();
}

static void add_seed_addresses(void)
{
	char *err = NULL;
	char **ids;
	size_t n, i, j;

	if (user_list(spool, &ids, &n, &err) < 0)
		scratch_fail("seeding: %s", err);
	for (i = 0; i < n; i++) {
		struct user u;
		if (user_load(spool, ids[i], &u, &err) != 0)
			scratch_fail("seeding: %s: %s", ids[i], err ? err : "missing");
		for (j = 0; j < u.naddr; j++)
			set_add(&seed_confirmed, u.addr[j].addr);
		for (j = 0; j < u.nreq; j++)
			set_add(&seed_requested, u.req[j].addr);
		if (user_confirmed(&u) != (strcmp(ids[i], "erin") != 0))
			scratch_fail("seeding: %s is%s confirmed", ids[i],
			             user_confirmed(&u) ? "" : " not");
		user_free(&u);
	}
	user_list_free(ids, n);
}

/* Keep the seeded boards and accounts for check_consent and
 * check_account. */
static void keep_seed_records(void)
{
	char *err = NULL;
	long b;
	int k;

	for (b = 0; b < SEED_BOARDS; b++)
		if (game_load(&seed_games[b], spool, "epaminondas", 101 + b, &err) != 0)
			scratch_fail("seeding: board %ld: %s", 101 + b, err);
	for (k = 0; SEED_USERS[k]; k++)
		if (user_load(spool, SEED_USERS[k], &seed_users[k], &err) != 0)
			scratch_fail("seeding: %s: %s", SEED_USERS[k], err);
}

static void config_setup(const char *dir)
{
	static const char *const settings[][2] = {
		{ "from", "epamserv@" FUZZ_DOMAIN },
		{ "templates", EPAMSERV_SRCTEMPLATEDIR },
		{ "lock_timeout", "1" },
		{ "max_mail_size", "16384" },
		{ "smtp_url", "" },
		{ "rate_limit", "1000" },
		{ "stranger_reply_limit", "1000" },
		{ "relay_limit", "1000" },
	};
	char conf[4200], *err = NULL;
	size_t i;

	scratch_path(conf, sizeof conf, "%s/epamserv.conf", dir);
	scratch_path(spool, sizeof spool, "%s/spool", dir);
	if (scratch_write(conf, "", 0) < 0 || config_load(&cfg, conf, &err) < 0 ||
	    config_set(&cfg, "spool", spool, &err) < 0)
		scratch_fail("config: %s", err ? err : strerror(errno));
	for (i = 0; i < sizeof settings / sizeof settings[0]; i++)
		if (config_set(&cfg, settings[i][0], settings[i][1], &err) < 0)
			scratch_fail("config: %s", err);
	if (getenv("EPAMSERV_TEMPLATES"))
		config_set(&cfg, "templates", getenv("EPAMSERV_TEMPLATES"), &err);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *dir;

	(void)argc;
	(void)argv;
	scratch_keep_stderr();
	setenv("EPAMSERV_NOW", FUZZ_NOW, 1);
	scratch = dir = scratch_make("process");
	config_setup(dir);
	seed();
	add_seed_addresses();
	keep_seed_records();
	snap_take_dir("");
	qsort(snap, nsnap, sizeof *snap, snap_cmp);
	user_cache_clear();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static unsigned long runs;
	char fdname[4400];
	size_t len = size > FUZZ_MAIL_MAX ? FUZZ_MAIL_MAX : size;
	char *raw = xmalloc(len ? len : 1);
	int rc;

	/* Exactly the bytes, no NUL after them: what reads past the end
	 * shows. */
	memcpy(raw, data, len);
	rc = process_mail(&cfg, raw, len, size > FUZZ_MAIL_MAX);
	free(raw);
	if (rc != 0)
		scratch_fail("process_mail returned %d", rc);
	check_and_restore(data, len);
	if (++runs % 100 == 0 && leaked_fd(scratch, fdname, sizeof fdname))
		scratch_fail("a file descriptor left open: %s", fdname);
	return 0;
}
