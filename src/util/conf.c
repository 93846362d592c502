/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * config.c - settings from defaults, epamserv.conf (inih), EPAMSERV_*
 * variables and options: the keys are the table config_keys[] below,
 * the precedence is in config.h.
 */
#include "config.h"		/* EPAMSERV_SPOOLDIR and the other directories */
#include "util/conf.h"
#include "util/buf.h"
#include "util/i18n.h"
#include "util/curl_lib.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <ini.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"

static void set_str(char **slot, const char *value)
{
	free(*slot);
	*slot = xstrdup(value);
}

static int parse_count(const char *value, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(value, &end, 10);
	if (errno || end == value || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* Whether s holds a control character (C0, DEL). */
static int has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7F)
			return 1;
	return 0;
}

/* Whether s is well-formed UTF-8 text without C1 controls, bidi
 * overrides or line separators (util_cp_class). */
static int utf8_text_ok(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t left = strlen(s), n;
	unsigned long cp;

	while (left > 0) {
		n = util_utf8_seq(p, left, &cp);
		if (n == 0 || util_cp_class(cp) != UTIL_CP_TEXT)
			return 0;
		p += n;
		left -= n;
	}
	return 1;
}

/* The edit distance of a and b (optimal string alignment: a change, an
 * insertion, a deletion or a swap of neighbours each count 1), or limit
 * when it is limit or more.  Both at most 64 bytes. */
static int edit_distance(const char *a, const char *b, int limit)
{
	int d[66][66], i, j, la = (int)strlen(a), lb = (int)strlen(b);

	if (la > 64 || lb > 64 || abs(la - lb) >= limit)
		return limit;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			int cost = a[i - 1] != b[j - 1], v = d[i - 1][j - 1] + cost;
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[la][lb] < limit ? d[la][lb] : limit;
}

/* url with any "user:password@" part masked, appended to b: up to the
 * last '@' before the path, since a password may hold an '@' too. */
static void mask_url(struct buf *b, const char *url)
{
	const char *scheme = strstr(url, "://"), *at = NULL, *p;

	if (scheme) {
		for (p = scheme + 3; *p && *p != '/'; p++)
			if (*p == '@')
				at = p;
		if (at) {
			buf_printf(b, "%.*s***@%s", (int)(scheme + 3 - url), url, at + 1);
			return;
		}
	}
	buf_puts(b, url);
}

/* Whether value may be smtp_url: empty (mail stays in the outbox), or
 * smtp:// or smtps:// (any case, as libcurl reads schemes) and a host
 * (after any user:password@).
 * Anything else is refused: libcurl would take file:///x as a file to
 * write the mail into, and flush would then count it as sent. */
static int smtp_url_ok(const char *value)
{
	const char *host, *p;
	size_t n;

	if (!*value)
		return 1;
	if (strncasecmp(value, "smtp://", 7) == 0)
		n = 7;
	else if (strncasecmp(value, "smtps://", 8) == 0)
		n = 8;
	else
		return 0;
	/* The host: after any "user:password@", before any ":port" or
	 * path, not empty. */
	for (host = p = value + n; *p && *p != '/'; p++)
		if (*p == '@')
			host = p + 1;
	return *host && *host != '/' && *host != ':' && !has_control(value);
}

/* Whether value may be the log setting: syslog, stderr or an absolute
 * path (the MTA runs us from any working directory). */
static int log_value_ok(const char *value)
{
	if (strcmp(value, "syslog") == 0 || strcmp(value, "stderr") == 0)
		return 1;
	return value[0] == '/' && value[1] && strlen(value) <= 1024 &&
	       !has_control(value);
}

/* Whether addr (len bytes) is an addr-spec we send as: printable ASCII
 * without blanks or the specials that would end or split it, one '@'
 * with a local part before and a domain after. */
static int from_addr_ok(const char *addr, size_t len)
{
	const char *at = memchr(addr, '@', len);
	size_t i;

	if (!at || at == addr || at == addr + len - 1 || len > 254 ||
	    memchr(at + 1, '@', len - (size_t)(at + 1 - addr)))
		return 0;
	for (i = 0; i < len; i++)
		if ((unsigned char)addr[i] <= ' ' || (unsigned char)addr[i] >= 0x7F ||
		    strchr("()<>[]:;,\\\"", addr[i]))
			return 0;
	return 1;
}

/* from = ADDR, "Display Name <ADDR>", "\"Display Name\" <ADDR>" or
 * "<ADDR>": cfg->from gets the addr-spec, cfg->from_name the name
 * (without its quotes).  The name is UTF-8 text of at most 64 bytes
 * without controls, quotes, backslashes or angle brackets.  -1 with the
 * reason in *e. */
static int set_from(struct config *cfg, const char *value, struct buf *e)
{
	const char *lt = strchr(value, '<'), *gt, *addr = value, *name = "";
	size_t alen = strlen(value), nlen = 0;
	char namebuf[72];

	if (lt) {
		gt = strchr(lt, '>');
		if (!gt || gt[1 + strspn(gt + 1, " \t")] != '\0' ||
		    strchr(gt + 1, '<'))
			goto bad;
		addr = lt + 1;
		alen = (size_t)(gt - addr);
		name = value + strspn(value, " \t");
		nlen = (size_t)(lt - name);
		while (nlen > 0 && (name[nlen - 1] == ' ' || name[nlen - 1] == '\t'))
			nlen--;
		if (nlen >= 2 && name[0] == '"' && name[nlen - 1] == '"') {
			name++;
			nlen -= 2;
		}
		if (nlen > 64 || memchr(name, '"', nlen) || memchr(name, '\\', nlen) ||
		    memchr(name, '>', nlen))
			goto bad_name;
		memcpy(namebuf, name, nlen);
		namebuf[nlen] = '\0';
		if (has_control(namebuf) || !utf8_text_ok(namebuf))
			goto bad_name;
	}
	if (!from_addr_ok(addr, alen))
		goto bad;
	free(cfg->from);
	cfg->from = xstrndup(addr, alen);
	set_str(&cfg->from_name, nlen ? namebuf : "");
	return 0;
bad_name:
	buf_printf(e, _("bad value '%s' for from: the display name must be at "
	           "most 64 bytes of text without quotes, backslashes, angle "
	           "brackets or control characters"), value);
	return -1;
bad:
	buf_printf(e, _("bad value '%s' for from: write the server's address "
	           "(epamserv@example.org) or a name and the address "
	           "(Epaminondas server <epamserv@example.org>)"), value);
	return -1;
}

/* What a value of a key of type CONF_STR may be: 0, or -1 with the
 * whole error in e (left empty: "bad value 'V' for KEY"). */
typedef int conf_check_fn(const char *value, struct buf *e);
/* A key of type CONF_CUSTOM: value read into cfg (its text, as written,
 * kept in the char * at the key's offset).  0, or -1 (cfg unchanged)
 * with the error in e as for conf_check_fn. */
typedef int conf_parse_fn(struct config *cfg, const char *value,
                          struct buf *e);
/* The value as the file would write it, appended to b. */
typedef void conf_show_fn(const struct config *cfg, struct buf *b);

enum conf_type {
	CONF_STR,     /* char *, any text unless check says otherwise */
	CONF_INT,     /* int, a whole number from lo to hi */
	CONF_SIZE,    /* size_t (bytes), a whole number from lo to hi */
	CONF_ENUM,    /* int, the value of one of the words */
	CONF_CUSTOM,  /* parse reads it (and may set more than one field) */
};

/* The words of a key of type CONF_ENUM and their values; a value shows
 * as its first word. */
struct conf_word {
	const char *word;
	int value;
};

static const struct conf_word yes_no[] = {
	{ "yes", 1 }, { "no", 0 }, { NULL, 0 },
};
static const struct conf_word tls_words[] = {
	{ "none", 0 }, { "try", 1 }, { "require", 2 }, { NULL, 0 },
};
static const struct conf_word on_off[] = {
	{ "on", 1 }, { "off", 0 }, { "yes", 1 }, { "no", 0 }, { NULL, 0 },
};
static const struct conf_word arrival_words[] = {
	{ "received", ARRIVAL_RECEIVED }, { "delivery", ARRIVAL_DELIVERY },
	{ "now", ARRIVAL_NOW }, { NULL, 0 },
};
/* The order of enum rating_system (game/ratesys.h; test_ratings checks
 * the two agree). */
static const struct conf_word rating_words[] = {
	{ "elo", 0 }, { "glicko", 1 }, { "glicko2", 2 }, { "steph", 3 },
	{ NULL, 0 },
};

/* Bounded so every path built from it fits in 4096 bytes. */
static int spool_check(const char *value, struct buf *e)
{
	(void)e;
	return *value && strlen(value) <= 1024 ? 0 : -1;
}

static int smtp_url_check(const char *value, struct buf *e)
{
	struct buf url = BUF_INIT;

	if (smtp_url_ok(value))
		return 0;
	mask_url(&url, value);
	/* TRANSLATORS: %s is the URL as set, any password in it masked. */
	buf_printf(e, _("bad value '%s' for smtp_url: write smtp://HOST[:PORT] "
	           "or smtps://HOST[:PORT] (or leave it empty to keep mail in "
	           "the outbox)"), buf_str(&url));
	buf_free(&url);
	return -1;
}

static void smtp_url_show(const struct config *cfg, struct buf *b)
{
	mask_url(b, cfg->smtp_url);
}

static void from_show(const struct config *cfg, struct buf *b)
{
	if (*cfg->from_name)
		buf_printf(b, "%s <%s>", cfg->from_name, cfg->from);
	else
		buf_puts(b, cfg->from);
}

static int log_check(const char *value, struct buf *e)
{
	if (log_value_ok(value))
		return 0;
	buf_printf(e, _("bad value '%s' for log: write syslog, stderr or the "
	           "absolute path of a file"), value);
	return -1;
}

/* An absolute path, bounded like spool's. */
static int locale_dir_check(const char *value, struct buf *e)
{
	(void)e;
	return value[0] == '/' && strlen(value) <= 1024 && !has_control(value)
	       ? 0 : -1;
}

/* A language name ("en", "de"); whether its catalogue is there is
 * config --check's (i18n_known). */
static int language_check(const char *value, struct buf *e)
{
	(void)e;
	return i18n_name_ok(value) ? 0 : -1;
}

/* Words of a game's options, checked when a season starts. */
static int league_options_check(const char *value, struct buf *e)
{
	(void)e;
	return strlen(value) <= 400 && !has_control(value) ? 0 : -1;
}

/* Issue 18: goes into mails and feeds as it is: http(s), no blank,
 * quote or angle bracket that could end a link. */
static int web_url_check(const char *value, struct buf *e)
{
	(void)e;
	if (*value && ((strncmp(value, "http://", 7) != 0 &&
	                strncmp(value, "https://", 8) != 0) ||
	               strlen(value) > 200 || has_control(value) ||
	               strpbrk(value, " \"'<>\\")))
		return -1;
	return 0;
}

/* web_dir: empty, or an absolute path bounded like spool's. */
static int web_dir_check(const char *value, struct buf *e)
{
	(void)e;
	return !*value || (value[0] == '/' && strlen(value) <= 1024 &&
	                   !has_control(value)) ? 0 : -1;
}

static int remind_at_parse(struct config *cfg, const char *value,
                           struct buf *e)
{
	(void)e;
	return config_parse_remind_at(cfg, value);
}

static int robots_parse(struct config *cfg, const char *value, struct buf *e)
{
	char why[160];

	if (config_parse_robots(cfg, value, why, sizeof why) == 0)
		return 0;
	/* TRANSLATORS: the first %s is the value as set, the second what is
	 * wrong with it ("at most 8 robots", "alice is named twice"). */
	buf_printf(e, _("bad value '%s' for robots: %s"), value, why);
	return -1;
}

#define XSTR(x) #x
#define STR(x) XSTR(x)
#define AT(field) offsetof(struct config, field)

/* THE table of the configuration keys, in the order `epamserv config`
 * prints them: the key, its environment variable, its command-line
 * option (or NULL), its type and field, its default as the file would
 * write it (NULL: zero, or computed in config_defaults), its bounds
 * (CONF_INT, CONF_SIZE), its words (CONF_ENUM) or hooks, and what it is
 * for.  man/epamserv.conf.5 and examples/epamserv.conf are checked
 * against it (tests/integration/test_config_keys.py). */
static const struct config_key {
	const char *key, *env, *option;
	enum conf_type type;
	size_t offset;
	const char *deflt;
	long lo, hi;
	const struct conf_word *words;
	conf_check_fn *check;
	conf_parse_fn *parse;
	conf_show_fn *show;
	const char *about;
} config_keys[] = {
#define K_STR(k, env, dflt, chk, shw, opt, about) \
	{ #k, "EPAMSERV_" #env, opt, CONF_STR, AT(k), dflt, 0, 0, NULL, chk, \
	  NULL, shw, about }
#define K_INT(k, env, dflt, lo, hi, about) \
	{ #k, "EPAMSERV_" #env, NULL, CONF_INT, AT(k), #dflt, lo, hi, NULL, \
	  NULL, NULL, NULL, about }
#define K_SIZE(k, env, dflt, lo, hi, about) \
	{ #k, "EPAMSERV_" #env, NULL, CONF_SIZE, AT(k), dflt, lo, hi, NULL, \
	  NULL, NULL, NULL, about }
#define K_ENUM(k, env, dflt, words, about) \
	{ #k, "EPAMSERV_" #env, NULL, CONF_ENUM, AT(k), dflt, 0, 0, words, \
	  NULL, NULL, NULL, about }
#define K_CUSTOM(k, env, dflt, parse, shw, opt, about) \
	{ #k, "EPAMSERV_" #env, opt, CONF_CUSTOM, AT(k), dflt, 0, 0, NULL, \
	  NULL, parse, shw, about }
	K_STR(spool, SPOOL, EPAMSERV_SPOOLDIR, spool_check, NULL, "--spool",
	      "the spool directory, at most 1024 bytes"),
	K_STR(smtp_url, SMTP_URL, "", smtp_url_check, smtp_url_show,
	      "--smtp-url",
	      "smtp://HOST[:PORT] or smtps://HOST[:PORT]; empty: mail stays "
	      "in the outbox"),
	K_CUSTOM(from, FROM, "epamserv@localhost", set_from, from_show,
	         "--from",
	         "the server's address, or \"Display Name <address>\""),
	K_STR(log, LOG, "syslog", log_check, NULL, NULL,
	      "syslog, stderr or the absolute path of a file"),
	K_STR(templates, TEMPLATES, EPAMSERV_TEMPLATEDIR, NULL, NULL,
	      "--templates",
	      "the directory of the mail templates"),
	/* Issue 32: where the catalogues are (the tests point it at the
	 * build tree's), and the language of who chose none. */
	K_STR(locale_dir, LOCALEDIR, EPAMSERV_LOCALEDIR, locale_dir_check,
	      NULL, NULL,
	      "the directory of the catalogues, LANG/LC_MESSAGES/epamserv.mo"),
	K_STR(default_language, DEFAULT_LANGUAGE, "en", language_check, NULL,
	      NULL,
	      "the language of strangers and of new accounts"),
	K_INT(lock_timeout, LOCK_TIMEOUT, 30, 0, 3600,
	      "seconds a command waits for a board's lock"),
	K_SIZE(max_mail_size, MAX_MAIL_SIZE, "1048576", 1024, 1L << 30,
	       "bytes: the largest mail read"),
	K_SIZE(max_reply_size, MAX_REPLY_SIZE, STR(CONFIG_REPLY_SIZE_DEFAULT),
	       CONFIG_REPLY_SIZE_MIN, CONFIG_REPLY_SIZE_MAX,
	       "bytes: the most one outgoing mail may take in the outbox"),
	K_INT(batch_group, BATCH_GROUP, 64, 1, 1000,
	      "mails batch makes durable together; 1: each on its own"),
	K_INT(batch_jobs, BATCH_JOBS, 1, 0, 64,
	      "worker processes of a batch --maildir; 0: one a CPU, up to 8"),
	K_ENUM(smtp_tls, SMTP_TLS, "none", tls_words,
	       "STARTTLS on smtp://: none, try or require"),
	K_STR(smtp_user, SMTP_USER, "", NULL, NULL, NULL,
	      "the SMTP AUTH user; empty: no AUTH"),
	K_STR(smtp_password_file, SMTP_PASSWORD_FILE, "", NULL, NULL, NULL,
	      "the file holding the SMTP AUTH password (mode 600)"),
	K_STR(smtp_ca_file, SMTP_CA_FILE, "", NULL, NULL, NULL,
	      "the CA file for SMTP; empty: the system's CA store"),
	K_INT(smtp_connect_timeout, SMTP_CONNECT_TIMEOUT, 30, 1, 3600,
	      "seconds to connect to the SMTP server"),
	K_INT(smtp_timeout, SMTP_TIMEOUT, 300, 1, 3600,
	      "seconds to send one message"),
	K_STR(smtp_ehlo, SMTP_EHLO, "", NULL, NULL, NULL,
	      "the name said in EHLO; empty: curl's default"),
	K_INT(retry_days, RETRY_DAYS, 5, 0, 365,
	      "days a deferred mail is retried before it fails"),
	K_INT(rate_limit, RATE_LIMIT, 60, 0, 1000000,
	      "mails answered per address per hour; 0: no limit"),
	K_INT(bounce_reports_per_day, BOUNCE_REPORTS_PER_DAY, 100, 0, 1000000,
	      "bounce records written for delivery reports a day; 0: none"),
	K_INT(remind_days, REMIND_DAYS, 7, 1, 3650,
	      "idle days before sweep reminds a player to move"),
	K_INT(forfeit_days, FORFEIT_DAYS, 21, 1, 3650,
	      "idle days before sweep scores a loss on time"),
	K_INT(leave_days, LEAVE_DAYS, 30, 0, 366,
	      "leave days a player may take a calendar year; 0: no leave"),
	K_INT(challenge_days, CHALLENGE_DAYS, 14, 1, 3650,
	      "days before an unanswered challenge expires"),
	K_INT(archive_days, ARCHIVE_DAYS, 14, 1, 3650,
	      "days before a finished board moves to games/GAME/archive/"),
	K_STR(imap_user, IMAP_USER, "", NULL, NULL, NULL,
	      "the IMAP user of batch --imap; empty: the URL's"),
	K_STR(imap_password_file, IMAP_PASSWORD_FILE, "", NULL, NULL, NULL,
	      "the file holding the IMAP password (mode 600)"),
	K_STR(imap_ca_file, IMAP_CA_FILE, "", NULL, NULL, NULL,
	      "the CA file for IMAP; empty: the system's CA store"),
	K_INT(confirm_days, CONFIRM_DAYS, 7, 1, 365,
	      "days a signup waits for its confirmation"),
	K_INT(stranger_reply_limit, STRANGER_REPLY_LIMIT, 100, 0, 1000000,
	      "replies to addresses that are no player's an hour; 0: no limit"),
	K_INT(stranger_source_limit, STRANGER_SOURCE_LIMIT, 5, 0, 1000000,
	      "of those, what one sending source may spend an hour; 0: no "
	      "limit"),
	K_INT(relay_limit, RELAY_LIMIT, 200, 0, 1000000,
	      "mails a player's message and chat commands may send a day; 0: "
	      "no limit"),
	K_INT(max_observers, MAX_OBSERVERS, 20, 0, 1000,
	      "subscribers per board"),
	K_INT(max_message_recipients, MAX_MESSAGE_RECIPIENTS, 10, 1, 100,
	      "players one message goes to"),
	K_ENUM(imap_tls, IMAP_TLS, "require", tls_words,
	       "STARTTLS on imap://: none, try or require"),
	K_ENUM(smtp_allow_plaintext, SMTP_ALLOW_PLAINTEXT, "no", yes_no,
	       "yes: SMTP AUTH in clear text to a host outside loopback"),
	K_ENUM(imap_allow_plaintext, IMAP_ALLOW_PLAINTEXT, "no", yes_no,
	       "yes: the IMAP login in clear text to a host outside loopback"),
	/* Damage (issue 12): the one reply to a mail set aside. */
	K_INT(repair_notice_hours, REPAIR_NOTICE_HOURS, 4, 0, 720,
	      "hours a mail waits for a damaged file before its sender is "
	      "told"),
	/* Retention (issue 13): what sweep and batch prune, in days. */
	K_INT(seen_days, SEEN_DAYS, 60, 1, 3650,
	      "days processed-mail records are kept"),
	K_INT(maildir_max_days, MAILDIR_MAX_DAYS, 30, 1, 3650,
	      "days after which a mail of cur/ not known as processed is "
	      "never applied"),
	K_INT(failed_days, FAILED_DAYS, 30, 1, 3650,
	      "days mails of failed/ are kept"),
	K_INT(maildir_keep_days, MAILDIR_KEEP_DAYS, 0, 0, 3650,
	      "days processed mails stay in cur/; 0: kept"),
	/* Issue 33: a copy of each piped mail, for a restore to replay. */
	K_STR(keep_incoming, KEEP_INCOMING, "", NULL, NULL, NULL,
	      "a Maildir receive copies each mail into before it is "
	      "processed; empty: none"),
	K_INT(imap_keep_days, IMAP_KEEP_DAYS, 0, 0, 3650,
	      "days processed IMAP mails stay; 0: kept"),
	/* Correspondence time (issue 15): the time a move counts at. */
	K_ENUM(arrival, ARRIVAL, "received", arrival_words,
	       "the time a move counts at: received, delivery or now"),
	K_INT(arrival_max_hours, ARRIVAL_MAX_HOURS, 72, 0, 720,
	      "hours an arrival may lie before the mail was first read"),
	/* Ratings (issue 34): the system every result record is rated by. */
	K_ENUM(rating_system, RATING_SYSTEM, "glicko2", rating_words,
	       "the rating system: elo, glicko, glicko2 or steph"),
	/* Clocks (issue 15): the reminders before a deadline. */
	K_CUSTOM(remind_at, REMIND_AT, CONFIG_REMIND_AT_DEFAULT,
	         remind_at_parse, NULL, NULL,
	         "reminders when this much of a turn is left: N%, Nh "
	         "or Nd"),
	/* Robots (issue 16): computer opponents on the server. */
	K_CUSTOM(robots, ROBOTS, CONFIG_ROBOTS_DEFAULT, robots_parse, NULL,
	         NULL,
	         "the robot accounts, NAME:LEVEL[:GAMES] each"),
	{ "robot_think_ms", "EPAMSERV_ROBOT_THINK_MS", NULL, CONF_INT,
	  AT(robot_think_ms), NULL, 1, 600000, NULL, NULL, NULL, NULL,
	  "the most one robot move thinks (ms); two thirds of lock_timeout" },
	K_INT(robot_budget_ms, ROBOT_BUDGET_MS, 20000, 1, 3600000,
	      "the most one run thinks for robots in all (ms)"),
	K_INT(robot_memory_mb, ROBOT_MEMORY_MB, 16, 1, 4096,
	      "the robots' transposition table (MiB)"),
	K_INT(robot_max_games, ROBOT_MAX_GAMES, 20, 1, 10000,
	      "active games a robot plays at once"),
	/* Analysis by mail (issue 16): what one analysis and one player's
	 * day of them may cost. */
	K_INT(analyse_nodes, ANALYSE_NODES, 2000000, 1000, 1000000000,
	      "nodes one analysis searches at most"),
	K_INT(analyse_ms, ANALYSE_MS, 20000, 0, 600000,
	      "milliseconds one analysis thinks at most; 0: no bound"),
	K_INT(analyse_per_day, ANALYSE_PER_DAY, 20, 0, 1000,
	      "analyses per player a day; 0: analysis off"),
	K_INT(analyse_max_plies, ANALYSE_MAX_PLIES, 2000, 0, 100000,
	      "the most plies into a game of a position analysed"),
	K_INT(analyse_max_squares, ANALYSE_MAX_SQUARES, 676, 20, 676,
	      "the squares of the largest board analysed"),
	/* The engine time of the whole server (robots and analyses). */
	K_INT(engine_hour_ms, ENGINE_HOUR_MS, 1800000, 0, 7200000,
	      "milliseconds the engine may think an hour, whole server; 0: "
	      "no bound"),
	/* Each player's and each robot game's share of it (issue 29). */
	K_INT(engine_share_percent, ENGINE_SHARE_PERCENT, 10, 1, 50,
	      "the share of engine_hour_ms of one player or robot game"),
	/* Open challenges (issue 17): seeks a player may have open at
	 * once, and the days one stays open. */
	K_INT(seek_max, SEEK_MAX, 3, 0, 100,
	      "open seeks a player may have at once; 0: seek off"),
	K_INT(seek_days, SEEK_DAYS, 7, 1, 365,
	      "days before an open seek expires"),
	/* Challenges (issue 29): new ones a player may get a day. */
	K_INT(challenges_per_day, CHALLENGES_PER_DAY, 20, 0, 10000,
	      "challenges a player may get a day; 0: no limit"),
	/* The recurring league (issue 17, league.c): on or off, the
	 * players of a division, a season's days, its boards' options. */
	K_ENUM(league, LEAGUE, "on", on_off, "the recurring league: on or off"),
	K_INT(league_division_size, LEAGUE_DIVISION_SIZE, 6, 3, 10,
	      "the players of a division"),
	K_INT(league_season_days, LEAGUE_SEASON_DAYS, 60, 7, 3650,
	      "the most days of a season"),
	K_STR(league_options, LEAGUE_OPTIONS, "-time=7d", league_options_check,
	      NULL, NULL,
	      "the league boards' game options, as challenge's"),
	K_STR(web_url, WEB_URL, "", web_url_check, NULL, NULL,
	      "where the web site is served: http:// or https://"),
	K_STR(web_language, WEB_LANGUAGE, "en", language_check, NULL, NULL,
	      "the language of the web site"),
	K_STR(web_dir, WEB_DIR, "", web_dir_check, NULL, NULL,
	      "the site's directory, for epamserv web without DIR; empty: "
	      "none"),
#undef K_STR
#undef K_INT
#undef K_SIZE
#undef K_ENUM
#undef K_CUSTOM
	{ NULL, NULL, NULL, CONF_STR, 0, NULL, 0, 0, NULL, NULL, NULL, NULL,
	  NULL },
};
_Static_assert(sizeof config_keys / sizeof config_keys[0] == CONFIG_NKEYS + 1,
               "CONFIG_NKEYS counts the keys of config_keys");
#undef AT
#undef STR
#undef XSTR

/* The known key closest to a misspelt one (at most two letters changed,
 * added, left out or swapped), or NULL. */
static const char *config_near_key(const char *key)
{
	const char *best = NULL;
	int i, d, best_d = 3;

	if (strlen(key) > 64)
		return NULL;
	for (i = 0; config_keys[i].key; i++) {
		d = edit_distance(key, config_keys[i].key, best_d);
		if (d < best_d) {
			best_d = d;
			best = config_keys[i].key;
		}
	}
	return best;
}

/* The index of key in config_keys, or -1. */
static int key_index(const char *key)
{
	int i;

	for (i = 0; config_keys[i].key; i++)
		if (strcmp(config_keys[i].key, key) == 0)
			return i;
	return -1;
}

/* Key k of config_keys set to value: 0, or -1 with the error in e. */
static int key_set(struct config *cfg, int k, const char *value,
                   struct buf *e)
{
	const struct config_key *ck = &config_keys[k];
	char *field = (char *)cfg + ck->offset;
	const struct conf_word *w;
	long v;

	switch (ck->type) {
	case CONF_STR:
		if (ck->check && ck->check(value, e) < 0)
			goto bad;
		set_str((char **)field, value);
		return 0;
	case CONF_INT:
	case CONF_SIZE:
		if (parse_count(value, ck->lo, ck->hi, &v) < 0)
			goto bad;
		if (ck->type == CONF_INT)
			*(int *)field = (int)v;
		else
			*(size_t *)field = (size_t)v;
		return 0;
	case CONF_ENUM:
		for (w = ck->words; w->word; w++)
			if (strcmp(value, w->word) == 0) {
				*(int *)field = w->value;
				return 0;
			}
		goto bad;
	case CONF_CUSTOM:
		if (ck->parse(cfg, value, e) < 0)
			goto bad;
		return 0;
	}
bad:
	if (!e->len)
		/* TRANSLATORS: the value as set, then the key's name. */
		buf_printf(e, _("bad value '%s' for %s"), value, ck->key);
	return -1;
}

int config_set(struct config *cfg, const char *key, const char *value,
               char **err)
{
	struct buf e = BUF_INIT;
	int k = key_index(key);

	*err = NULL;
	if (k < 0) {
		const char *near = config_near_key(key);
		if (near)
			/* TRANSLATORS: the key as written, then a key of that
			 * name's spelling. */
			buf_printf(&e, _("unknown key '%s' (did you mean '%s'?)"), key,
			           near);
		else
			buf_printf(&e, _("unknown key '%s'"), key);
		*err = buf_take(&e);
		return -1;
	}
	if (key_set(cfg, k, value, &e) < 0) {
		*err = buf_take(&e);
		return -1;
	}
	buf_free(&e);
	return 0;
}

const char *config_option_key(const char *option)
{
	int i;

	for (i = 0; config_keys[i].key; i++)
		if (config_keys[i].option &&
		    strcmp(config_keys[i].option, option) == 0)
			return config_keys[i].key;
	return NULL;
}

int config_parse_robots(struct config *cfg, const char *value, char *why,
                        size_t len)
{
	struct config_robot r[CONFIG_ROBOTS_MAX];
	char copy[1024], *save = NULL, *w, *f[4], *end;
	int n = 0, i, k, nf;
	long v;

	if (!why || !len) {
		why = copy;   /* only the default: never wrong */
		len = 1;
	}
	if (strlen(value) >= sizeof copy) {
		snprintf(why, len, "%s", _("too long"));
		return -1;
	}
	snprintf(copy, sizeof copy, "%s", value);
	for (w = strtok_r(copy, " \t,", &save); w;
	     w = strtok_r(NULL, " \t,", &save)) {
		if (n >= CONFIG_ROBOTS_MAX) {
			snprintf(why, len, ngettext("at most %d robot",
			         "at most %d robots", CONFIG_ROBOTS_MAX),
			         CONFIG_ROBOTS_MAX);
			return -1;
		}
		nf = 0;
		f[nf++] = w;
		while (nf < 4 && (w = strchr(w, ':')) != NULL) {
			*w++ = '\0';
			f[nf++] = w;
		}
		if (nf < 2 || nf > 3) {
			snprintf(why, len, _("'%.40s' is not NAME:LEVEL[:MAXGAMES]"),
			         f[0]);
			return -1;
		}
		for (k = 0; f[0][k]; k++)
			if (f[0][k] >= 'A' && f[0][k] <= 'Z')
				f[0][k] = (char)(f[0][k] - 'A' + 'a');
		if (!util_userid_ok(f[0]) || strlen(f[0]) >= sizeof r[n].userid) {
			snprintf(why, len, _("'%.40s' is not a valid userid"), f[0]);
			return -1;
		}
		errno = 0;
		v = strtol(f[1], &end, 10);
		if (errno || end == f[1] || *end || v < CONFIG_ROBOT_LEVEL_MIN ||
		    v > CONFIG_ROBOT_LEVEL_MAX) {
			/* TRANSLATORS: the level as written, the robot's name, the
			 * lowest and the highest level. */
			snprintf(why, len, _("level '%.20s' of %s is not %d to %d"),
			         f[1], f[0], CONFIG_ROBOT_LEVEL_MIN,
			         CONFIG_ROBOT_LEVEL_MAX);
			return -1;
		}
		r[n].level = (int)v;
		r[n].max_games = 0;
		if (nf == 3) {
			errno = 0;
			v = strtol(f[2], &end, 10);
			if (errno || end == f[2] || *end || v < 1 || v > 10000) {
				/* TRANSLATORS: the number of games as written, then
				 * the robot's name. */
				snprintf(why, len, _("games '%.20s' of %s is not 1 to "
				         "10000"), f[2], f[0]);
				return -1;
			}
			r[n].max_games = (int)v;
		}
		snprintf(r[n].userid, sizeof r[n].userid, "%s", f[0]);
		for (i = 0; i < n; i++)
			if (strcmp(r[i].userid, r[n].userid) == 0) {
				snprintf(why, len, _("%s is named twice"), f[0]);
				return -1;
			}
		n++;
	}
	memcpy(cfg->robot, r, sizeof r);
	cfg->nrobots = n;
	set_str(&cfg->robots, value);
	return 0;
}

const struct config_robot *config_robot(const struct config *cfg,
                                        const char *userid)
{
	int i;

	for (i = 0; userid && i < cfg->nrobots; i++)
		if (strcmp(cfg->robot[i].userid, userid) == 0)
			return &cfg->robot[i];
	return NULL;
}

int config_parse_remind_at(struct config *cfg, const char *value)
{
	long left[CONFIG_REMIND_MAX];
	int pct[CONFIG_REMIND_MAX], n = 0, i;
	const char *p = value;

	while (*p) {
		char *end;
		long v;
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		if (n == CONFIG_REMIND_MAX || *p < '0' || *p > '9')
			return -1;
		v = strtol(p, &end, 10);
		if (end - p > 4)
			return -1;
		if (*end == '%') {
			if (v < 1 || v > 99)
				return -1;
			pct[n] = (int)v;
			left[n] = 0;
		} else if (*end == 'h' || *end == 'd') {
			if (v < 1 || v > (*end == 'h' ? 8760 : 365))
				return -1;
			pct[n] = 0;
			left[n] = v * (*end == 'h' ? 3600L : 86400L);
		} else {
			return -1;
		}
		n++;
		p = end + 1;
		if (*p && *p != ',' && *p != ' ' && *p != '\t')
			return -1;
	}
	for (i = 0; i < n; i++) {
		cfg->remind_pct[i] = pct[i];
		cfg->remind_left[i] = left[i];
	}
	cfg->nremind = n;
	set_str(&cfg->remind_at, value);
	return 0;
}

int config_set_origin(struct config *cfg, const char *key, const char *value,
                      const char *origin, char **err)
{
	int k = key_index(key);

	if (config_set(cfg, key, value, err) < 0)
		return -1;
	if (k >= 0 && k < CONFIG_NKEYS)
		set_str(&cfg->origin[k], origin);
	return 0;
}

struct ini_state {
	struct config *cfg;
	const char *path;    /* the file, for the origin of its values */
	const char *p, *end; /* what is left of its text */
	char *err;
};

/* inih's reader: the next line of the text (at most num - 1 bytes; the
 * lines were checked to fit), counted in cfg->lineno, so that the
 * handler knows the line of each key. */
static char *conf_reader(char *str, int num, void *stream)
{
	struct ini_state *st = stream;
	size_t n = 0;

	if (st->p >= st->end || num < 2)
		return NULL;
	while (st->p + n < st->end && n < (size_t)num - 1) {
		if (st->p[n++] == '\n')
			break;
	}
	memcpy(str, st->p, n);
	str[n] = '\0';
	st->p += n;
	st->cfg->lineno++;
	return str;
}

/* value as the file means it: a '#' or ';' that starts it or follows
 * a blank begins a comment, cut off with the blanks before it.  inih
 * cuts at a ';' after a blank only (and hands a value starting with ';'
 * on whole): the rule is made the same for both characters here, and
 * holds whatever inline-comment rule the library was built with.
 * Returns value itself when nothing is cut, else the cut copy in buf
 * (size bytes), or NULL when it does not fit. */
static const char *conf_cut_comment(const char *value, char *buf, size_t size)
{
	size_t i, n = strlen(value);

	for (i = 0; i < n; i++)
		if ((value[i] == '#' || value[i] == ';') &&
		    (i == 0 || isspace((unsigned char)value[i - 1])))
			break;
	if (i == n)
		return value;
	while (i > 0 && isspace((unsigned char)value[i - 1]))
		i--;
	if (i >= size)
		return NULL;
	memcpy(buf, value, i);
	buf[i] = '\0';
	return buf;
}

/* inih calls this for each "key = value"; returning 0 makes
 * ini_parse_file() report that line number. */
static int conf_handler(void *user, const char *section, const char *name,
                        const char *value)
{
	struct ini_state *st = user;
	char *err = NULL, cut[INI_MAX_LINE];

	if (st->err) {
		/* Past the first error, only where that error is to be told:
		 * the log, and the spool whose owner the process becomes
		 * before it writes the log (a "log =" below a typo counts). */
		if ((!section || !*section) && (strcmp(name, "log") == 0 ||
		                                strcmp(name, "spool") == 0) &&
		    (value = conf_cut_comment(value, cut, sizeof cut)) != NULL &&
		    config_set(st->cfg, name, value, &err) < 0)
			free(err);
		return 0;
	}
	if (section && *section) {
		struct buf e = BUF_INIT;
		buf_printf(&e, _("sections are not used ([%s])"), section);
		st->err = buf_take(&e);
		return 0;
	}
	value = conf_cut_comment(value, cut, sizeof cut);
	if (!value) {
		st->err = xstrdup(_("a value longer than a line"));
		return 0;
	}
	{
		char origin[1100];
		int k = key_index(name);
		const char *was = k >= 0 && k < CONFIG_NKEYS ?
		                  st->cfg->origin[k] : NULL;
		size_t plen = strlen(st->path);
		snprintf(origin, sizeof origin, "%.1024s:%d", st->path,
		         st->cfg->lineno);
		/* The same file named the key before: the last one wins, and
		 * config --check says so. */
		if (was && !st->cfg->twice && strncmp(was, st->path, plen) == 0 &&
		    was[plen] == ':') {
			struct buf t = BUF_INIT;
			/* TRANSLATORS: the key, the configuration file, the line
			 * of the first and of the second time. */
			buf_printf(&t, _("%s is given twice in %s, on line %s and on "
			           "line %d: the later one is used; keep one"),
			           name, st->path, was + plen + 1, st->cfg->lineno);
			st->cfg->twice = buf_take(&t);
		}
		if (config_set_origin(st->cfg, name, value, origin, &err) < 0) {
			st->err = err;
			return 0;
		}
	}
	return 1;
}

/* The number of the first line inih would not read as it is written
 * (why says how, why_len bytes), or 0: a NUL byte (inih would lose the
 * rest of the line), a line longer than inih reads at once (INI_MAX_LINE:
 * it would read the rest as a line of its own), or a key line starting
 * with a blank (inih would take it as the continuation of the value
 * above: "  from = x" would set the key before it to "from = x"). */
static int conf_misread_line(const char *text, size_t len, char *why,
                             size_t why_len)
{
	const char *p = text, *end = text + len;
	int lineno = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p), lead = 0;
		lineno++;
		/* inih's blanks are isspace(): CR, VT and FF as well. */
		while (lead < n && isspace((unsigned char)p[lead]))
			lead++;
		if (memchr(p, '\0', n)) {
			snprintf(why, why_len, "%s", _("a NUL byte in the line"));
			return lineno;
		}
		if (n + 2 > INI_MAX_LINE) {
			snprintf(why, why_len, ngettext("a line longer than %d byte",
			         "a line longer than %d bytes", INI_MAX_LINE - 2),
			         INI_MAX_LINE - 2);
			return lineno;
		}
		if (lead > 0 && lead < n &&
		    !strchr(INI_START_COMMENT_PREFIXES, p[lead])) {
			snprintf(why, why_len, "%s", _("a line starting with a blank "
			         "(write each 'key = value' at the start of its "
			         "line)"));
			return lineno;
		}
		p += n + 1;
	}
	return 0;
}

static int config_read_file(struct config *cfg, const char *path, char **err)
{
	struct ini_state st = { cfg, path, NULL, NULL, NULL };
	struct buf e = BUF_INIT;
	char why[128], *text;
	size_t len = 0;
	int rc;

	text = util_read_file_follow(path, 1 << 20, &len);
	if (!text) {
		int oom = errno == ENOMEM, denied = errno == EACCES;
		const char *why = strerror(errno);
		if (denied)
			/* TRANSLATORS: the file, the system's reason, the user id. */
			buf_printf(&e, _("cannot read config file %s: %s (make it "
			           "readable by uid %ld, the user epamserv runs as)"),
			           path, why, (long)geteuid());
		else
			buf_printf(&e, _("cannot read config file %s: %s"), path, why);
		*err = buf_take(&e);
		return oom ? -2 : -1;
	}
	if ((rc = conf_misread_line(text, len, why, sizeof why)) > 0) {
		free(text);
		buf_printf(&e, "%s:%d: %s", path, rc, why);
		*err = buf_take(&e);
		return -1;
	}
	st.p = text;
	st.end = text + len;
	cfg->lineno = 0;
	rc = ini_parse_stream(conf_reader, &st, conf_handler, &st);
	cfg->lineno = 0;
	free(text);
	if (rc == -2) {
		/* inih could not allocate: not the file's fault; try later. */
		free(st.err);
		buf_printf(&e, _("out of memory reading %s"), path);
		*err = buf_take(&e);
		return -2;
	}
	if (st.err) {
		buf_printf(&e, "%s:%d: %s", path, rc, st.err);
		free(st.err);
		*err = buf_take(&e);
		return -1;
	}
	if (rc != 0) {
		buf_printf(&e, _("%s:%d: not a 'key = value' line"), path, rc);
		*err = buf_take(&e);
		return -1;
	}
	set_str(&cfg->file, path);
	return 0;
}

/* robot_think_ms's default (issue 30): a safety net well above the
 * top level's cost on a loaded machine (BENCHMARKS.md, "Issue 30: robot
 * under load"), and below lock_timeout, since a robot thinks holding
 * its board's lock: two thirds of it, leaving a third for the rest of
 * the robot's transaction; at least 1 ms. */
static int robot_think_default(int lock_timeout)
{
	long ms = (long)lock_timeout * 2000 / 3;

	return ms < 1 ? 1 : ms > 600000 ? 600000 : (int)ms;
}

/* cfg (uninitialised) set to the built-in defaults. */
static void config_defaults(struct config *cfg)
{
	struct buf e = BUF_INIT;
	int k;

	memset(cfg, 0, sizeof *cfg);
	for (k = 0; config_keys[k].key; k++)
		if (config_keys[k].deflt &&
		    key_set(cfg, k, config_keys[k].deflt, &e) < 0) {
			/* A default its own key refuses: a mistake in the table. */
			fprintf(stderr, "epamserv: the default of %s: %s\n",
			        config_keys[k].key, buf_str(&e));
			abort();
		}
	buf_free(&e);
	cfg->robot_think_ms = robot_think_default(cfg->lock_timeout);
	/* The configured directories only: a program run from its build
	 * tree before "make install" is given the source tree's templates
	 * and catalogues through EPAMSERV_TEMPLATES and EPAMSERV_LOCALEDIR
	 * (make check and scripts/demo.sh set them), so no path of the build
	 * tree is compiled into the binary (issue 33 item 8). */
}

/* Where key's value came from, for an error message: "FILE:LINE",
 * "EPAMSERV_..." or "default". */
static const char *origin_of(const struct config *cfg, const char *key)
{
	int k = key_index(key);

	return k >= 0 && k < CONFIG_NKEYS && cfg->origin[k] ? cfg->origin[k]
	                                                     : "default";
}

/* The rule of the retention settings: a processed-mail record must
 * outlive every copy of its mail that could still come in: the MTA's
 * retries (CONFIG_MTA_RETRY_DAYS) of a mail still in cur/ (at most
 * maildir_max_days old), and the board's idle time a reminder's record
 * covers (forfeit_days + 1).  0, or -1 with *err naming where the value
 * that breaks it was set. */
static int check_retention(const struct config *cfg, char **err)
{
	struct buf e = BUF_INIT;
	const char *other, *where;
	int need;

	if (cfg->seen_days > cfg->maildir_max_days + CONFIG_MTA_RETRY_DAYS &&
	    cfg->seen_days > cfg->forfeit_days + 1)
		return 0;
	if (cfg->seen_days <= cfg->maildir_max_days + CONFIG_MTA_RETRY_DAYS) {
		other = "maildir_max_days";
		need = cfg->maildir_max_days + CONFIG_MTA_RETRY_DAYS;
	} else {
		other = "forfeit_days";
		need = cfg->forfeit_days + 1;
	}
	/* Name where seen_days was set, else where the other one was. */
	where = origin_of(cfg, "seen_days");
	if (strcmp(where, "default") == 0)
		where = origin_of(cfg, other);
	/* TRANSLATORS: where seen_days was set (FILE:LINE, a variable or
	 * "default"), its value, the other key's name, its value, the days
	 * added to it, the least value of seen_days. */
	buf_printf(&e, _("%s: seen_days (%d) must be greater than %s (%d) + %d: "
	           "a mail could be applied twice once its processed-mail "
	           "record is pruned; raise seen_days above %d"), where,
	           cfg->seen_days, other,
	           strcmp(other, "forfeit_days") == 0 ? cfg->forfeit_days
	                                              : cfg->maildir_max_days,
	           strcmp(other, "forfeit_days") == 0 ? 1 : CONFIG_MTA_RETRY_DAYS,
	           need);
	*err = buf_take(&e);
	return -1;
}

int config_load(struct config *cfg, const char *path, char **err)
{
	char deflt[4096];
	int i, rc;

	config_defaults(cfg);
	*err = NULL;
	if (!path || !*path)
		path = getenv("EPAMSERV_CONF");
	if (path && *path) {
		if ((rc = config_read_file(cfg, path, err)) < 0)
			return rc;
	} else {
		snprintf(deflt, sizeof deflt, "%s/epamserv.conf", EPAMSERV_SYSCONFDIR);
		if (access(deflt, F_OK) == 0 &&
		    (rc = config_read_file(cfg, deflt, err)) < 0)
			return rc;
	}
	for (i = 0; config_keys[i].key; i++) {
		const char *v = getenv(config_keys[i].env);
		char *e = NULL;
		if (!v)
			continue;
		if (config_set_origin(cfg, config_keys[i].key, v,
		                      config_keys[i].env, &e) < 0) {
			struct buf b = BUF_INIT;
			buf_printf(&b, "%s: %s", config_keys[i].env, e);
			free(e);
			*err = buf_take(&b);
			return -1;
		}
	}
	/* Not set: it follows lock_timeout, wherever that was set. */
	i = key_index("robot_think_ms");
	if (i >= 0 && i < CONFIG_NKEYS && !cfg->origin[i])
		cfg->robot_think_ms = robot_think_default(cfg->lock_timeout);
	return check_retention(cfg, err);
}

char *config_from_header(const struct config *cfg, char *out, size_t size)
{
	const char *name = *cfg->from_name ? cfg->from_name : "epamserv", *p;
	int atoms = 1, n;

	/* Letters, digits, blanks and atext ("Epaminondas server") go as
	 * they are; a name with specials ("Games, Inc.") is quoted.  A UTF-8
	 * name is encoded when the mail is composed (mail/compose.c). */
	for (p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && (unsigned char)*p < 0x80 &&
		    !strchr(" !#$%&'*+-/=?^_`{|}~", *p))
			atoms = 0;
	n = snprintf(out, size, atoms ? "%s <%s>" : "\"%s\" <%s>", name,
	             cfg->from);
	return n < 0 || (size_t)n >= size ? NULL : out;
}

const char *config_domain(const struct config *cfg)
{
	const char *at = strrchr(cfg->from, '@');

	return at && at[1] ? at + 1 : "localhost";
}

/* The rule of config_check_smtp and config_check_imap for one protocol
 * ("smtp" or "imap"): where the URL comes from (for the message), the
 * URL, the scheme that is TLS from the start ("smtps://"), the settings.
 * 0, or -1 with *err. */
static int check_secret(const char *proto, const char *where, const char *url,
                        const char *tls_url, int tls, int allow, int creds,
                        char **err)
{
	static const char *const tls_names[] = { "none", "try", "require" };
	struct buf e = BUF_INIT, u = BUF_INIT;
	int url_creds = 0, loopback;

	*err = NULL;
	if (!*url || strncasecmp(url, tls_url, strlen(tls_url)) == 0 || tls == 2 ||
	    allow)
		return 0;
	loopback = util_url_loopback(url, &url_creds);
	if (loopback == -2) {
		/* TRANSLATORS: the setting or option that gave the URL
		 * ("smtp_url", "batch --imap"), then the file name of the
		 * library ("libcurl-gnutls.so.4"). */
		buf_printf(&e, _("%s cannot be checked: the library %s cannot "
		                 "be loaded"), where, curl_lib_soname());
		*err = buf_take(&e);
		return -1;
	}
	if (loopback < 0) {
		/* libcurl would refuse it too; but which host, and whether it
		 * holds a password, cannot be told: refused here. */
		mask_url(&u, url);
		/* TRANSLATORS: the setting or option that gave the URL
		 * ("smtp_url", "batch --imap"), then the URL, any password in
		 * it masked. */
		buf_printf(&e, _("%s %s: not a URL libcurl can read"), where,
		           buf_str(&u));
		buf_free(&u);
		*err = buf_take(&e);
		return -1;
	}
	if (!(creds || url_creds) || loopback == 1)
		return 0;
	mask_url(&u, url);
	/* TRANSLATORS: the setting or option that gave the URL, the URL
	 * (any password in it masked), the protocol ("smtp", "imap") that
	 * begins the names of the settings, the value of its _tls setting
	 * (none or try), the protocol again, the URL scheme of TLS from the
	 * start ("smtps://", "imaps://"), the protocol again. */
	buf_printf(&e, strcmp(proto, "smtp") == 0
	           ? _("%1$s %2$s: the SMTP AUTH password would go in clear text "
	               "to a host outside loopback (%3$s_tls = %4$s); set "
	               "%3$s_tls = require (STARTTLS) or use %5$s, or set "
	               "%3$s_allow_plaintext = yes if clear text is really "
	               "wanted")
	           : _("%1$s %2$s: the IMAP login password would go in clear "
	               "text to a host outside loopback (%3$s_tls = %4$s); set "
	               "%3$s_tls = require (STARTTLS) or use %5$s, or set "
	               "%3$s_allow_plaintext = yes if clear text is really "
	               "wanted"), where, buf_str(&u), proto, tls_names[tls % 3],
	           tls_url);
	buf_free(&u);
	*err = buf_take(&e);
	return -1;
}

int config_check_smtp(const struct config *cfg, char **err)
{
	return check_secret("smtp", "smtp_url", cfg->smtp_url, "smtps://",
	                    cfg->smtp_tls,
	                    cfg->smtp_allow_plaintext,
	                    *cfg->smtp_user || *cfg->smtp_password_file, err);
}

int config_check_imap(const struct config *cfg, const char *url, char **err)
{
	return check_secret("imap", "batch --imap", url, "imaps://",
	                    cfg->imap_tls,
	                    cfg->imap_allow_plaintext,
	                    *cfg->imap_user || *cfg->imap_password_file, err);
}

/* The value of key k of config_keys as the file would write it, into b
 * (a password in a URL masked). */
static void format_value(const struct config *cfg, int k, struct buf *b)
{
	const struct config_key *ck = &config_keys[k];
	const char *field = (const char *)cfg + ck->offset;
	const struct conf_word *w;

	if (ck->show) {
		ck->show(cfg, b);
		return;
	}
	switch (ck->type) {
	case CONF_STR:
	case CONF_CUSTOM:
		buf_puts(b, *(char *const *)field);
		break;
	case CONF_INT:
		buf_printf(b, "%d", *(const int *)field);
		break;
	case CONF_SIZE:
		buf_printf(b, "%zu", *(const size_t *)field);
		break;
	case CONF_ENUM:
		for (w = ck->words; w->word; w++)
			if (w->value == *(const int *)field) {
				buf_puts(b, w->word);
				break;
			}
		break;
	}
}

int config_get(const struct config *cfg, const char *key, struct buf *out)
{
	int k = key_index(key);

	if (k < 0)
		return -1;
	format_value(cfg, k, out);
	return 0;
}

void config_print(const struct config *cfg, int changed, FILE *out)
{
	struct config def;
	struct buf v = BUF_INIT, d = BUF_INIT;
	const char *origin;
	char *err = NULL;
	int k, n;

	config_defaults(&def);
	/* TRANSLATORS: a comment line of `epamserv config`, a file's
	 * syntax: keep the "# " at its start. */
	if (cfg->file)
		fprintf(out, _("# config file: %s\n"), cfg->file);
	else
		fputs(_("# config file: (none)\n"), out);
	for (k = 0; config_keys[k].key && k < CONFIG_NKEYS; k++) {
		buf_reset(&v);
		buf_reset(&d);
		format_value(cfg, k, &v);
		format_value(&def, k, &d);
		if (changed && strcmp(buf_str(&v), buf_str(&d)) == 0)
			continue;
		origin = cfg->origin[k] ? cfg->origin[k] : "default";
		n = (int)(strlen(config_keys[k].key) + 3 + strlen(buf_str(&v)));
		/* The origin after the value while the line stays short enough
		 * for the file (INI_MAX_LINE), else on a line of its own. */
		if (n + 3 + (int)strlen(origin) > INI_MAX_LINE - 10)
			fprintf(out, "# %s:\n%s = %s\n", origin, config_keys[k].key,
			        buf_str(&v));
		else
			fprintf(out, "%s = %s%*s# %s\n", config_keys[k].key,
			        buf_str(&v), n < 39 ? 40 - n : 1, "", origin);
	}
	buf_free(&v);
	buf_free(&d);
	config_free(&def);
	if (config_check_smtp(cfg, &err) < 0) {
		/* TRANSLATORS: a comment line of `epamserv config`: keep the "# "
		 * at its start; %s is the error, a sentence. */
		fprintf(out, _("# error: %s\n"), err);
		free(err);
	}
}

void config_free(struct config *cfg)
{
	int i;

	for (i = 0; config_keys[i].key; i++)
		if (config_keys[i].type == CONF_STR ||
		    config_keys[i].type == CONF_CUSTOM)
			free(*(char **)((char *)cfg + config_keys[i].offset));
	free(cfg->from_name);
	free(cfg->file);
	for (i = 0; i < CONFIG_NKEYS; i++)
		free(cfg->origin[i]);
	free(cfg->twice);
	memset(cfg, 0, sizeof *cfg);
}

/* The password in file (named key in messages): refused when the file is
 * readable or writable by group or others. */
static char *read_password_file(const char *file, const char *key, char **err)
{
	struct buf e = BUF_INIT;
	struct stat st;
	char *s, *end;

	*err = NULL;
	if (!*file)
		return xstrdup("");
	if (stat(file, &st) < 0) {
		/* TRANSLATORS: the setting's name (smtp_password_file,
		 * imap_password_file), the file, the system's reason. */
		buf_printf(&e, _("cannot read %s %s: %s"), key, file,
		           strerror(errno));
		goto fail;
	}
	if (st.st_mode & 077) {
		/* TRANSLATORS: the setting's name, then the file. */
		buf_printf(&e, _("%s %s must not be readable by group or others "
		           "(chmod 600 it)"), key, file);
		goto fail;
	}
	s = util_read_file_follow(file, 4096, NULL);
	if (!s) {
		buf_printf(&e, _("cannot read %s %s: %s"), key, file,
		           strerror(errno));
		goto fail;
	}
	end = s + strcspn(s, "\r\n");
	*end = '\0';
	return s;
fail:
	*err = buf_take(&e);
	return NULL;
}

char *config_smtp_password(const struct config *cfg, char **err)
{
	return read_password_file(cfg->smtp_password_file, "smtp_password_file",
	                          err);
}

char *config_imap_password(const struct config *cfg, char **err)
{
	return read_password_file(cfg->imap_password_file, "imap_password_file",
	                          err);
}

/* Whether url holds a password ("user:password@host"). */
static int url_has_password(const char *url)
{
	const char *scheme = strstr(url, "://"), *p, *at = NULL;

	if (!scheme)
		return 0;
	for (p = scheme + 3; *p && *p != '/'; p++)
		if (*p == '@')
			at = p;
	return at && memchr(scheme + 3, ':', (size_t)(at - scheme - 3)) != NULL;
}

const char *config_url_password_warning(const char *url)
{
	if (!url || !url_has_password(url))
		return NULL;
	if (strncasecmp(url, "imap", 4) == 0)
		return _("the IMAP URL holds a password: put it in "
		         "imap_password_file (mode 600, read by the spool's owner "
		         "only) and the user in imap_user, so that the URL can be "
		         "shown in ps, crontabs and logs");
	return _("smtp_url holds a password: put it in smtp_password_file "
	         "(mode 600, read by the spool's owner only) and the user in "
	         "smtp_user, so that the URL can be shown and logged");
}

/* The spool: absolute, a directory the running user (the spool's owner)
 * can write and enter, not writable by others.  Errors counted. */
static int check_spool(const char *spool, FILE *out)
{
	struct stat st;

	if (spool[0] != '/') {
		fprintf(out, _("epamserv: spool %s is not an absolute path (the "
		        "mail system runs epamserv from any directory)\n"), spool);
		return 1;
	}
	if (stat(spool, &st) < 0) {
		if (errno == ENOENT) {
			fprintf(out, _("epamserv: warning: spool %s does not exist "
			        "yet: the first run makes it\n"), spool);
			return 0;
		}
		fprintf(out, _("epamserv: cannot reach spool %s: %s\n"), spool,
		        strerror(errno));
		return 1;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(out, _("epamserv: spool %s is not a directory\n"), spool);
		return 1;
	}
	if (access(spool, W_OK | X_OK) < 0) {
		/* TRANSLATORS: the spool, the user id, the system's reason. */
		fprintf(out, _("epamserv: spool %s is not writable by uid %ld, its "
		        "owner's user: %s\n"), spool, (long)geteuid(),
		        strerror(errno));
		return 1;
	}
	if (st.st_mode & 002)
		fprintf(out, _("epamserv: warning: spool %s is writable by others "
		        "(chmod o-w it)\n"), spool);
	return 0;
}

/* The log: a file must be writable, or its directory must be. */
static int check_log(const char *log, FILE *out)
{
	char dir[1100];
	char *slash;

	if (log[0] != '/')
		return 0;
	if (access(log, F_OK) == 0) {
		if (access(log, W_OK) == 0)
			return 0;
		/* TRANSLATORS: the file, the user id, the system's reason. */
		fprintf(out, _("epamserv: log file %s is not writable by uid %ld: "
		        "%s\n"), log, (long)geteuid(), strerror(errno));
		return 1;
	}
	snprintf(dir, sizeof dir, "%s", log);
	slash = strrchr(dir, '/');
	if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	if (access(dir, W_OK | X_OK) == 0)
		return 0;
	/* TRANSLATORS: the file, its directory, the system's reason. */
	fprintf(out, _("epamserv: log file %s cannot be made: directory %s: "
	        "%s\n"), log, dir, strerror(errno));
	return 1;
}

/* A CA file (key names it): readable when set. */
static int check_ca(const char *file, const char *key, FILE *out)
{
	if (!*file || access(file, R_OK) == 0)
		return 0;
	/* TRANSLATORS: the setting's name (smtp_ca_file, imap_ca_file), the
	 * file, the system's reason. */
	fprintf(out, _("epamserv: cannot read %s %s: %s\n"), key, file,
	        strerror(errno));
	return 1;
}

int config_check_settings(const struct config *cfg, FILE *out)
{
	const char *warning;
	char *err = NULL, *pw;
	int bad = 0;

	if (cfg->twice) {
		fprintf(out, "epamserv: %s\n", cfg->twice);
		bad++;
	}
	bad += check_spool(cfg->spool, out);
	bad += check_log(cfg->log, out);
	if (config_check_smtp(cfg, &err) < 0) {
		fprintf(out, "epamserv: %s\n", err);
		free(err);
		bad++;
	}
	if ((warning = config_url_password_warning(cfg->smtp_url)) != NULL)
		/* TRANSLATORS: %s is the warning, a sentence. */
		fprintf(out, _("epamserv: warning: %s\n"), warning);
	if ((pw = config_smtp_password(cfg, &err)) == NULL) {
		fprintf(out, "epamserv: %s\n", err);
		free(err);
		bad++;
	}
	free(pw);
	if ((pw = config_imap_password(cfg, &err)) == NULL) {
		fprintf(out, "epamserv: %s\n", err);
		free(err);
		bad++;
	}
	free(pw);
	bad += check_ca(cfg->smtp_ca_file, "smtp_ca_file", out);
	bad += check_ca(cfg->imap_ca_file, "imap_ca_file", out);
	if (cfg->remind_days >= cfg->forfeit_days) {
		fprintf(out, _("epamserv: remind_days (%d) must be less than "
		        "forfeit_days (%d): the reminder would come after the loss "
		        "on time\n"), cfg->remind_days, cfg->forfeit_days);
		bad++;
	}
	return bad;
}
