/*
 * config.c - settings from defaults, epamserv.conf (inih), EPAMSERV_*
 * variables and options (see config.h for the keys and the precedence).
 */
#include "util/conf.h"
#include "util/buf.h"

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

#ifndef EPAMSERV_SYSCONFDIR
#define EPAMSERV_SYSCONFDIR "/etc"
#endif
#ifndef EPAMSERV_SPOOLDIR
#define EPAMSERV_SPOOLDIR "/var/spool/epamserv"
#endif
#ifndef EPAMSERV_TEMPLATEDIR
#define EPAMSERV_TEMPLATEDIR "/usr/share/epamserv/templates"
#endif

static const struct {
	const char *key, *env;
} config_keys[] = {
	{ "spool", "EPAMSERV_SPOOL" },
	{ "smtp_url", "EPAMSERV_SMTP_URL" },
	{ "from", "EPAMSERV_FROM" },
	{ "log", "EPAMSERV_LOG" },
	{ "templates", "EPAMSERV_TEMPLATES" },
	{ "lock_timeout", "EPAMSERV_LOCK_TIMEOUT" },
	{ "max_mail_size", "EPAMSERV_MAX_MAIL_SIZE" },
	{ "max_reply_size", "EPAMSERV_MAX_REPLY_SIZE" },
	{ "batch_group", "EPAMSERV_BATCH_GROUP" },
	{ "smtp_tls", "EPAMSERV_SMTP_TLS" },
	{ "smtp_user", "EPAMSERV_SMTP_USER" },
	{ "smtp_password_file", "EPAMSERV_SMTP_PASSWORD_FILE" },
	{ "smtp_ca_file", "EPAMSERV_SMTP_CA_FILE" },
	{ "smtp_connect_timeout", "EPAMSERV_SMTP_CONNECT_TIMEOUT" },
	{ "smtp_timeout", "EPAMSERV_SMTP_TIMEOUT" },
	{ "smtp_ehlo", "EPAMSERV_SMTP_EHLO" },
	{ "retry_days", "EPAMSERV_RETRY_DAYS" },
	{ "rate_limit", "EPAMSERV_RATE_LIMIT" },
	{ "bounce_reports_per_day", "EPAMSERV_BOUNCE_REPORTS_PER_DAY" },
	{ "remind_days", "EPAMSERV_REMIND_DAYS" },
	{ "forfeit_days", "EPAMSERV_FORFEIT_DAYS" },
	{ "leave_days", "EPAMSERV_LEAVE_DAYS" },
	{ "challenge_days", "EPAMSERV_CHALLENGE_DAYS" },
	{ "archive_days", "EPAMSERV_ARCHIVE_DAYS" },
	{ "imap_user", "EPAMSERV_IMAP_USER" },
	{ "imap_password_file", "EPAMSERV_IMAP_PASSWORD_FILE" },
	{ "imap_ca_file", "EPAMSERV_IMAP_CA_FILE" },
	{ "confirm_days", "EPAMSERV_CONFIRM_DAYS" },
	{ "stranger_reply_limit", "EPAMSERV_STRANGER_REPLY_LIMIT" },
	{ "stranger_source_limit", "EPAMSERV_STRANGER_SOURCE_LIMIT" },
	{ "relay_limit", "EPAMSERV_RELAY_LIMIT" },
	{ "max_observers", "EPAMSERV_MAX_OBSERVERS" },
	{ "max_message_recipients", "EPAMSERV_MAX_MESSAGE_RECIPIENTS" },
	{ "imap_tls", "EPAMSERV_IMAP_TLS" },
	{ "smtp_allow_plaintext", "EPAMSERV_SMTP_ALLOW_PLAINTEXT" },
	{ "imap_allow_plaintext", "EPAMSERV_IMAP_ALLOW_PLAINTEXT" },
	/* Damage (issue 12): the one reply to a mail set aside. */
	{ "repair_notice_hours", "EPAMSERV_REPAIR_NOTICE_HOURS" },
	/* Retention (issue 13): what sweep and batch prune, in days. */
	{ "seen_days", "EPAMSERV_SEEN_DAYS" },
	{ "maildir_max_days", "EPAMSERV_MAILDIR_MAX_DAYS" },
	{ "failed_days", "EPAMSERV_FAILED_DAYS" },
	{ "maildir_keep_days", "EPAMSERV_MAILDIR_KEEP_DAYS" },
	{ "imap_keep_days", "EPAMSERV_IMAP_KEEP_DAYS" },
	/* Correspondence time (issue 15): the time a move counts at. */
	{ "arrival", "EPAMSERV_ARRIVAL" },
	{ "arrival_max_hours", "EPAMSERV_ARRIVAL_MAX_HOURS" },
	/* Clocks (issue 15): the reminders before a deadline. */
	{ "remind_at", "EPAMSERV_REMIND_AT" },
	/* Robots (issue 16): computer opponents on the server. */
	{ "robots", "EPAMSERV_ROBOTS" },
	{ "robot_think_ms", "EPAMSERV_ROBOT_THINK_MS" },
	{ "robot_budget_ms", "EPAMSERV_ROBOT_BUDGET_MS" },
	{ "robot_memory_mb", "EPAMSERV_ROBOT_MEMORY_MB" },
	{ "robot_max_games", "EPAMSERV_ROBOT_MAX_GAMES" },
	/* Analysis by mail (issue 16): what one analysis and one player's
	 * day of them may cost. */
	{ "analyse_nodes", "EPAMSERV_ANALYSE_NODES" },
	{ "analyse_ms", "EPAMSERV_ANALYSE_MS" },
	{ "analyse_per_day", "EPAMSERV_ANALYSE_PER_DAY" },
	{ "analyse_max_plies", "EPAMSERV_ANALYSE_MAX_PLIES" },
	{ "analyse_max_squares", "EPAMSERV_ANALYSE_MAX_SQUARES" },
	/* The engine time of the whole server (robots and analyses). */
	{ "engine_hour_ms", "EPAMSERV_ENGINE_HOUR_MS" },
	/* Each player's and each robot game's share of it (issue 29). */
	{ "engine_share_percent", "EPAMSERV_ENGINE_SHARE_PERCENT" },
	/* Open challenges (issue 17): seeks a player may have open at
	 * once, and the days one stays open. */
	{ "seek_max", "EPAMSERV_SEEK_MAX" },
	{ "seek_days", "EPAMSERV_SEEK_DAYS" },
	/* Challenges (issue 29): new ones a player may get a day. */
	{ "challenges_per_day", "EPAMSERV_CHALLENGES_PER_DAY" },
	/* The recurring league (issue 17, league.c): on or off, the
	 * players of a division, a season's days, its boards' options. */
	{ "league", "EPAMSERV_LEAGUE" },
	{ "league_division_size", "EPAMSERV_LEAGUE_DIVISION_SIZE" },
	{ "league_season_days", "EPAMSERV_LEAGUE_SEASON_DAYS" },
	{ "league_options", "EPAMSERV_LEAGUE_OPTIONS" },
	{ "web_url", "EPAMSERV_WEB_URL" },
	{ NULL, NULL },
};
_Static_assert(sizeof config_keys / sizeof config_keys[0] == CONFIG_NKEYS + 1,
               "CONFIG_NKEYS counts the keys of config_keys");

/* The limits of issue 11 (trust): whole numbers within bounds. */
static const struct {
	const char *key;
	size_t offset;   /* of the int in struct config */
	long lo, hi;
} config_limits[] = {
	{ "confirm_days", offsetof(struct config, confirm_days), 1, 365 },
	{ "stranger_reply_limit", offsetof(struct config, stranger_reply_limit),
	  0, 1000000 },
	{ "stranger_source_limit", offsetof(struct config, stranger_source_limit),
	  0, 1000000 },
	{ "relay_limit", offsetof(struct config, relay_limit), 0, 1000000 },
	{ "max_observers", offsetof(struct config, max_observers), 0, 1000 },
	{ "max_message_recipients",
	  offsetof(struct config, max_message_recipients), 1, 100 },
	{ "repair_notice_hours", offsetof(struct config, repair_notice_hours),
	  0, 720 },
	{ "seen_days", offsetof(struct config, seen_days), 1, 3650 },
	{ "maildir_max_days", offsetof(struct config, maildir_max_days), 1, 3650 },
	{ "failed_days", offsetof(struct config, failed_days), 1, 3650 },
	{ "maildir_keep_days", offsetof(struct config, maildir_keep_days), 0, 3650 },
	{ "imap_keep_days", offsetof(struct config, imap_keep_days), 0, 3650 },
	{ "arrival_max_hours", offsetof(struct config, arrival_max_hours),
	  0, 720 },
	{ "robot_think_ms", offsetof(struct config, robot_think_ms), 1, 600000 },
	{ "robot_budget_ms", offsetof(struct config, robot_budget_ms),
	  1, 3600000 },
	{ "robot_memory_mb", offsetof(struct config, robot_memory_mb), 1, 4096 },
	{ "robot_max_games", offsetof(struct config, robot_max_games), 1, 10000 },
	{ "analyse_nodes", offsetof(struct config, analyse_nodes),
	  1000, 1000000000 },
	{ "analyse_ms", offsetof(struct config, analyse_ms), 0, 600000 },
	{ "analyse_per_day", offsetof(struct config, analyse_per_day), 0, 1000 },
	{ "analyse_max_plies", offsetof(struct config, analyse_max_plies),
	  0, 100000 },
	{ "analyse_max_squares", offsetof(struct config, analyse_max_squares),
	  20, 676 },
	{ "engine_hour_ms", offsetof(struct config, engine_hour_ms), 0, 7200000 },
	{ "engine_share_percent", offsetof(struct config, engine_share_percent),
	  1, 50 },
	{ "seek_max", offsetof(struct config, seek_max), 0, 100 },
	{ "seek_days", offsetof(struct config, seek_days), 1, 365 },
	{ "challenges_per_day", offsetof(struct config, challenges_per_day),
	  0, 10000 },
	{ "league_division_size", offsetof(struct config, league_division_size),
	  3, 10 },
	{ "league_season_days", offsetof(struct config, league_season_days),
	  7, 3650 },
	{ NULL, 0, 0, 0 },
};

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
	buf_printf(e, "bad value '%s' for from: the display name must be at "
	           "most 64 bytes of text without quotes, backslashes, angle "
	           "brackets or control characters", value);
	return -1;
bad:
	buf_printf(e, "bad value '%s' for from: write the server's address "
	           "(epamserv@example.org) or a name and the address "
	           "(Epaminondas server <epamserv@example.org>)", value);
	return -1;
}

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

int config_set(struct config *cfg, const char *key, const char *value,
               char **err)
{
	struct buf e = BUF_INIT;
	long v;
	int i;

	*err = NULL;
	for (i = 0; config_limits[i].key; i++)
		if (strcmp(key, config_limits[i].key) == 0) {
			if (parse_count(value, config_limits[i].lo,
			                config_limits[i].hi, &v) < 0)
				goto bad;
			*(int *)((char *)cfg + config_limits[i].offset) = (int)v;
			return 0;
		}
	if (strcmp(key, "spool") == 0) {
		/* Bounded so every path built from it fits in 4096 bytes. */
		if (!*value || strlen(value) > 1024)
			goto bad;
		set_str(&cfg->spool, value);
	} else if (strcmp(key, "smtp_url") == 0) {
		if (!smtp_url_ok(value)) {
			buf_puts(&e, "bad value '");
			mask_url(&e, value);
			buf_puts(&e, "' for smtp_url: write smtp://HOST[:PORT] or "
			         "smtps://HOST[:PORT] (or leave it empty to keep mail "
			         "in the outbox)");
			*err = buf_take(&e);
			return -1;
		}
		set_str(&cfg->smtp_url, value);
	} else if (strcmp(key, "from") == 0) {
		if (set_from(cfg, value, &e) < 0) {
			*err = buf_take(&e);
			return -1;
		}
	} else if (strcmp(key, "log") == 0) {
		if (!log_value_ok(value)) {
			buf_printf(&e, "bad value '%s' for log: write syslog, stderr "
			           "or the absolute path of a file", value);
			*err = buf_take(&e);
			return -1;
		}
		set_str(&cfg->log, value);
	} else if (strcmp(key, "templates") == 0) {
		set_str(&cfg->templates, value);
	} else if (strcmp(key, "lock_timeout") == 0) {
		if (parse_count(value, 0, 3600, &v) < 0)
			goto bad;
		cfg->lock_timeout = (int)v;
	} else if (strcmp(key, "batch_group") == 0) {
		if (parse_count(value, 1, 1000, &v) < 0)
			goto bad;
		cfg->batch_group = (int)v;
	} else if (strcmp(key, "max_mail_size") == 0) {
		if (parse_count(value, 1024, 1L << 30, &v) < 0)
			goto bad;
		cfg->max_mail_size = (size_t)v;
	} else if (strcmp(key, "max_reply_size") == 0) {
		if (parse_count(value, CONFIG_REPLY_SIZE_MIN, CONFIG_REPLY_SIZE_MAX,
		                &v) < 0)
			goto bad;
		cfg->max_reply_size = (size_t)v;
	} else if (strcmp(key, "arrival") == 0) {
		if (strcmp(value, "received") == 0)
			cfg->arrival = ARRIVAL_RECEIVED;
		else if (strcmp(value, "delivery") == 0)
			cfg->arrival = ARRIVAL_DELIVERY;
		else if (strcmp(value, "now") == 0)
			cfg->arrival = ARRIVAL_NOW;
		else
			goto bad;
	} else if (strcmp(key, "smtp_tls") == 0 || strcmp(key, "imap_tls") == 0) {
		int *slot = key[0] == 's' ? &cfg->smtp_tls : &cfg->imap_tls;
		if (strcmp(value, "none") == 0)
			*slot = 0;
		else if (strcmp(value, "try") == 0)
			*slot = 1;
		else if (strcmp(value, "require") == 0)
			*slot = 2;
		else
			goto bad;
	} else if (strcmp(key, "smtp_allow_plaintext") == 0 ||
	           strcmp(key, "imap_allow_plaintext") == 0) {
		int *slot = key[0] == 's' ? &cfg->smtp_allow_plaintext
		                          : &cfg->imap_allow_plaintext;
		if (strcmp(value, "yes") == 0)
			*slot = 1;
		else if (strcmp(value, "no") == 0)
			*slot = 0;
		else
			goto bad;
	} else if (strcmp(key, "league") == 0) {
		if (strcmp(value, "on") == 0 || strcmp(value, "yes") == 0)
			cfg->league = 1;
		else if (strcmp(value, "off") == 0 || strcmp(value, "no") == 0)
			cfg->league = 0;
		else
			goto bad;
	} else if (strcmp(key, "league_options") == 0) {
		/* Words of a game's options, checked when a season starts. */
		if (strlen(value) > 400 || has_control(value))
			goto bad;
		set_str(&cfg->league_options, value);
	} else if (strcmp(key, "web_url") == 0) {
		/* Issue 18: goes into mails and feeds as it is: http(s), no
		 * blank, quote or angle bracket that could end a link. */
		if (*value && ((strncmp(value, "http://", 7) != 0 &&
		                strncmp(value, "https://", 8) != 0) ||
		               strlen(value) > 200 || has_control(value) ||
		               strpbrk(value, " \"'<>\\")))
			goto bad;
		set_str(&cfg->web_url, value);
	} else if (strcmp(key, "smtp_user") == 0) {
		set_str(&cfg->smtp_user, value);
	} else if (strcmp(key, "smtp_password_file") == 0) {
		set_str(&cfg->smtp_password_file, value);
	} else if (strcmp(key, "smtp_ca_file") == 0) {
		set_str(&cfg->smtp_ca_file, value);
	} else if (strcmp(key, "imap_user") == 0) {
		set_str(&cfg->imap_user, value);
	} else if (strcmp(key, "imap_password_file") == 0) {
		set_str(&cfg->imap_password_file, value);
	} else if (strcmp(key, "imap_ca_file") == 0) {
		set_str(&cfg->imap_ca_file, value);
	} else if (strcmp(key, "smtp_ehlo") == 0) {
		set_str(&cfg->smtp_ehlo, value);
	} else if (strcmp(key, "remind_at") == 0) {
		if (config_parse_remind_at(cfg, value) < 0)
			goto bad;
	} else if (strcmp(key, "robots") == 0) {
		char why[160];
		if (config_parse_robots(cfg, value, why, sizeof why) < 0) {
			buf_printf(&e, "bad value '%s' for robots: %s", value, why);
			*err = buf_take(&e);
			return -1;
		}
	} else if (strcmp(key, "smtp_connect_timeout") == 0 ||
	           strcmp(key, "smtp_timeout") == 0) {
		if (parse_count(value, 1, 3600, &v) < 0)
			goto bad;
		*(key[5] == 'c' ? &cfg->smtp_connect_timeout : &cfg->smtp_timeout) =
			(int)v;
	} else if (strcmp(key, "rate_limit") == 0) {
		if (parse_count(value, 0, 1000000, &v) < 0)
			goto bad;
		cfg->rate_limit = (int)v;
	} else if (strcmp(key, "bounce_reports_per_day") == 0) {
		if (parse_count(value, 0, 1000000, &v) < 0)
			goto bad;
		cfg->bounce_reports_per_day = (int)v;
	} else if (strcmp(key, "remind_days") == 0 ||
	           strcmp(key, "forfeit_days") == 0 ||
	           strcmp(key, "challenge_days") == 0 ||
	           strcmp(key, "archive_days") == 0) {
		if (parse_count(value, 1, 3650, &v) < 0)
			goto bad;
		*(key[0] == 'r' ? &cfg->remind_days :
		  key[0] == 'f' ? &cfg->forfeit_days :
		  key[0] == 'c' ? &cfg->challenge_days : &cfg->archive_days) = (int)v;
	} else if (strcmp(key, "leave_days") == 0) {
		if (parse_count(value, 0, 366, &v) < 0)
			goto bad;
		cfg->leave_days = (int)v;
	} else if (strcmp(key, "retry_days") == 0) {
		if (parse_count(value, 0, 365, &v) < 0)
			goto bad;
		cfg->retry_days = (int)v;
	} else {
		const char *near = config_near_key(key);
		buf_printf(&e, "unknown key '%s'", key);
		if (near)
			buf_printf(&e, " (did you mean '%s'?)", near);
		*err = buf_take(&e);
		return -1;
	}
	return 0;
bad:
	buf_printf(&e, "bad value '%s' for %s", value, key);
	*err = buf_take(&e);
	return -1;
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
		snprintf(why, len, "too long");
		return -1;
	}
	snprintf(copy, sizeof copy, "%s", value);
	for (w = strtok_r(copy, " \t,", &save); w;
	     w = strtok_r(NULL, " \t,", &save)) {
		if (n >= CONFIG_ROBOTS_MAX) {
			snprintf(why, len, "at most %d robots", CONFIG_ROBOTS_MAX);
			return -1;
		}
		nf = 0;
		f[nf++] = w;
		while (nf < 4 && (w = strchr(w, ':')) != NULL) {
			*w++ = '\0';
			f[nf++] = w;
		}
		if (nf < 2 || nf > 3) {
			snprintf(why, len, "'%.40s' is not NAME:LEVEL[:MAXGAMES]",
			         f[0]);
			return -1;
		}
		for (k = 0; f[0][k]; k++)
			if (f[0][k] >= 'A' && f[0][k] <= 'Z')
				f[0][k] = (char)(f[0][k] - 'A' + 'a');
		if (!util_userid_ok(f[0]) || strlen(f[0]) >= sizeof r[n].userid) {
			snprintf(why, len, "'%.40s' is not a valid userid", f[0]);
			return -1;
		}
		errno = 0;
		v = strtol(f[1], &end, 10);
		if (errno || end == f[1] || *end || v < CONFIG_ROBOT_LEVEL_MIN ||
		    v > CONFIG_ROBOT_LEVEL_MAX) {
			snprintf(why, len, "level '%.20s' of %s is not %d to %d",
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
				snprintf(why, len, "games '%.20s' of %s is not 1 to "
				         "10000", f[2], f[0]);
				return -1;
			}
			r[n].max_games = (int)v;
		}
		snprintf(r[n].userid, sizeof r[n].userid, "%s", f[0]);
		for (i = 0; i < n; i++)
			if (strcmp(r[i].userid, r[n].userid) == 0) {
				snprintf(why, len, "%s is named twice", f[0]);
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

/* The index of key in config_keys, or -1. */
static int key_index(const char *key)
{
	int i;

	for (i = 0; config_keys[i].key; i++)
		if (strcmp(config_keys[i].key, key) == 0)
			return i;
	return -1;
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
		buf_printf(&e, "sections are not used ([%s])", section);
		st->err = buf_take(&e);
		return 0;
	}
	value = conf_cut_comment(value, cut, sizeof cut);
	if (!value) {
		st->err = xstrdup("a value longer than a line");
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
			buf_printf(&t, "%s is given twice in %s, on line %s and on "
			           "line %d: the later one is used; keep one",
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
			snprintf(why, why_len, "a NUL byte in the line");
			return lineno;
		}
		if (n + 2 > INI_MAX_LINE) {
			snprintf(why, why_len, "a line longer than %d bytes",
			         INI_MAX_LINE - 2);
			return lineno;
		}
		if (lead > 0 && lead < n &&
		    !strchr(INI_START_COMMENT_PREFIXES, p[lead])) {
			snprintf(why, why_len, "a line starting with a blank (write "
			         "each 'key = value' at the start of its line)");
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
		buf_printf(&e, "cannot read config file %s: %s", path, strerror(errno));
		if (denied)
			buf_printf(&e, " (make it readable by uid %ld, the user "
			           "epamserv runs as)", (long)geteuid());
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
		buf_printf(&e, "out of memory reading %s", path);
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
		buf_printf(&e, "%s:%d: not a 'key = value' line", path, rc);
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

#ifdef EPAMSERV_BUILDDIR
/* Whether the running program lies under the build tree it was built
 * in (EPAMSERV_BUILDDIR), that is, was not installed: Linux's
 * /proc/self/exe, both paths with their links resolved. */
static int run_from_build_tree(void)
{
	char *exe = realpath("/proc/self/exe", NULL),
	     *top = realpath(EPAMSERV_BUILDDIR, NULL);
	size_t n = top ? strlen(top) : 0;
	int in = exe && top && strncmp(exe, top, n) == 0 && exe[n] == '/';

	free(exe);
	free(top);
	return in;
}
#endif

/* cfg (uninitialised) set to the built-in defaults. */
static void config_defaults(struct config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->spool = xstrdup(EPAMSERV_SPOOLDIR);
	cfg->smtp_url = xstrdup("");
	cfg->from = xstrdup("epamserv@localhost");
	cfg->from_name = xstrdup("");
	cfg->log = xstrdup("syslog");
	cfg->templates = xstrdup(EPAMSERV_TEMPLATEDIR);
	cfg->lock_timeout = 30;
	cfg->max_mail_size = 1024 * 1024;
	cfg->max_reply_size = CONFIG_REPLY_SIZE_DEFAULT;
	cfg->batch_group = 64;
	cfg->smtp_user = xstrdup("");
	cfg->smtp_password_file = xstrdup("");
	cfg->smtp_ca_file = xstrdup("");
	cfg->smtp_ehlo = xstrdup("");
	cfg->smtp_connect_timeout = 30;
	cfg->smtp_timeout = 300;
	cfg->retry_days = 5;
	cfg->rate_limit = 60;
	cfg->bounce_reports_per_day = 100;
	cfg->remind_days = 7;
	cfg->forfeit_days = 21;
	cfg->remind_at = NULL;
	config_parse_remind_at(cfg, CONFIG_REMIND_AT_DEFAULT);
	cfg->leave_days = 30;
	cfg->robots = NULL;
	config_parse_robots(cfg, CONFIG_ROBOTS_DEFAULT, NULL, 0);
	cfg->robot_think_ms = robot_think_default(cfg->lock_timeout);
	cfg->robot_budget_ms = 20000;
	cfg->robot_memory_mb = 16;
	cfg->robot_max_games = 20;
	cfg->challenge_days = 14;
	cfg->archive_days = 14;
	cfg->seek_max = 3;
	cfg->seek_days = 7;
	cfg->challenges_per_day = 20;
	cfg->league = 1;
	cfg->league_division_size = 6;
	cfg->league_season_days = 60;
	cfg->league_options = xstrdup("-time=7d");
	cfg->web_url = xstrdup("");
	cfg->imap_user = xstrdup("");
	cfg->imap_password_file = xstrdup("");
	cfg->imap_ca_file = xstrdup("");
	cfg->confirm_days = 7;
	cfg->stranger_reply_limit = 100;
	cfg->stranger_source_limit = 5;
	cfg->relay_limit = 200;
	cfg->max_observers = 20;
	cfg->max_message_recipients = 10;
	cfg->imap_tls = 2;
	cfg->repair_notice_hours = 4;
	cfg->arrival = ARRIVAL_RECEIVED;
	cfg->arrival_max_hours = 72;
	cfg->analyse_nodes = 2000000;
	cfg->analyse_ms = 20000;
	cfg->analyse_per_day = 20;
	cfg->analyse_max_plies = 2000;
	cfg->analyse_max_squares = 676;
	cfg->engine_hour_ms = 1800000;
	cfg->engine_share_percent = 10;
	cfg->seen_days = 60;
	cfg->maildir_max_days = 30;
	cfg->failed_days = 30;
	/* A program run from its build tree, before "make install", finds the
	 * templates of its source tree; an installed one never does. */
#if defined EPAMSERV_SRCTEMPLATEDIR && defined EPAMSERV_BUILDDIR
	if (access(EPAMSERV_TEMPLATEDIR, R_OK) != 0 && run_from_build_tree() &&
	    access(EPAMSERV_SRCTEMPLATEDIR, R_OK) == 0)
		set_str(&cfg->templates, EPAMSERV_SRCTEMPLATEDIR);
#endif
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
	buf_printf(&e, "%s: seen_days (%d) must be greater than %s (%d) + %d: "
	           "a mail could be applied twice once its processed-mail "
	           "record is pruned; raise seen_days above %d", where,
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
	struct buf e = BUF_INIT;
	int url_creds = 0, loopback;

	*err = NULL;
	if (!*url || strncasecmp(url, tls_url, strlen(tls_url)) == 0 || tls == 2 ||
	    allow)
		return 0;
	loopback = util_url_loopback(url, &url_creds);
	if (loopback < 0) {
		/* libcurl would refuse it too; but which host, and whether it
		 * holds a password, cannot be told: refused here. */
		buf_printf(&e, "%s ", where);
		mask_url(&e, url);
		buf_puts(&e, ": not a URL libcurl can read");
		*err = buf_take(&e);
		return -1;
	}
	if (!(creds || url_creds) || loopback == 1)
		return 0;
	buf_printf(&e, "%s ", where);
	mask_url(&e, url);
	buf_printf(&e, ": the %s would go in clear text to a host outside "
	           "loopback (%s_tls = %s); set %s_tls = require (STARTTLS) or "
	           "use %s, or set %s_allow_plaintext = yes if clear text is "
	           "really wanted", strcmp(proto, "smtp") == 0 ? "SMTP AUTH "
	           "password" : "IMAP login password", proto, tls_names[tls % 3],
	           proto, tls_url, proto);
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
	static const char *const tls[] = { "none", "try", "require" };
	const char *key = config_keys[k].key;
	int i;

	for (i = 0; config_limits[i].key; i++)
		if (strcmp(key, config_limits[i].key) == 0) {
			buf_printf(b, "%d", *(const int *)((const char *)cfg +
			                                   config_limits[i].offset));
			return;
		}
#define STR(name) if (strcmp(key, #name) == 0) { buf_puts(b, cfg->name); return; }
#define INT(name) if (strcmp(key, #name) == 0) { buf_printf(b, "%d", cfg->name); return; }
#define YESNO(name) if (strcmp(key, #name) == 0) { buf_puts(b, cfg->name ? "yes" : "no"); return; }
#define TLS(name) if (strcmp(key, #name) == 0) { buf_puts(b, tls[cfg->name % 3]); return; }
	if (strcmp(key, "arrival") == 0) {
		buf_puts(b, cfg->arrival == ARRIVAL_NOW ? "now"
		         : cfg->arrival == ARRIVAL_DELIVERY ? "delivery"
		         : "received");
		return;
	}
	if (strcmp(key, "smtp_url") == 0) {
		mask_url(b, cfg->smtp_url);
		return;
	}
	if (strcmp(key, "from") == 0) {
		if (*cfg->from_name)
			buf_printf(b, "%s <%s>", cfg->from_name, cfg->from);
		else
			buf_puts(b, cfg->from);
		return;
	}
	if (strcmp(key, "max_mail_size") == 0 ||
	    strcmp(key, "max_reply_size") == 0) {
		buf_printf(b, "%zu", key[4] == 'm' ? cfg->max_mail_size
		                                   : cfg->max_reply_size);
		return;
	}
	STR(spool) STR(log) STR(templates) STR(smtp_user) STR(smtp_password_file)
	STR(remind_at) STR(robots) STR(smtp_ca_file) STR(smtp_ehlo) STR(imap_user) STR(imap_password_file)
	STR(imap_ca_file) STR(league_options) STR(web_url)
	if (strcmp(key, "league") == 0) {
		buf_puts(b, cfg->league ? "on" : "off");
		return;
	}
	INT(lock_timeout) INT(batch_group) INT(smtp_connect_timeout)
	INT(smtp_timeout) INT(retry_days) INT(rate_limit)
	INT(bounce_reports_per_day) INT(remind_days) INT(forfeit_days)
	INT(leave_days)
	INT(challenge_days) INT(archive_days)
	YESNO(smtp_allow_plaintext) YESNO(imap_allow_plaintext)
	TLS(smtp_tls) TLS(imap_tls)
#undef STR
#undef INT
#undef YESNO
#undef TLS
}

void config_print(const struct config *cfg, int changed, FILE *out)
{
	struct config def;
	struct buf v = BUF_INIT, d = BUF_INIT;
	const char *origin;
	char *err = NULL;
	int k, n;

	config_defaults(&def);
	fprintf(out, "# config file: %s\n", cfg->file ? cfg->file : "(none)");
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
		fprintf(out, "# error: %s\n", err);
		free(err);
	}
}

void config_free(struct config *cfg)
{
	int i;

	free(cfg->spool);
	free(cfg->smtp_url);
	free(cfg->from);
	free(cfg->from_name);
	free(cfg->log);
	free(cfg->templates);
	free(cfg->file);
	free(cfg->smtp_user);
	free(cfg->smtp_password_file);
	free(cfg->smtp_ca_file);
	free(cfg->smtp_ehlo);
	free(cfg->remind_at);
	free(cfg->robots);
	free(cfg->league_options);
	free(cfg->web_url);
	free(cfg->imap_user);
	free(cfg->imap_password_file);
	free(cfg->imap_ca_file);
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
		buf_printf(&e, "cannot read %s %s: %s", key, file, strerror(errno));
		goto fail;
	}
	if (st.st_mode & 077) {
		buf_printf(&e, "%s %s must not be readable by group or others "
		           "(chmod 600 it)", key, file);
		goto fail;
	}
	s = util_read_file_follow(file, 4096, NULL);
	if (!s) {
		buf_printf(&e, "cannot read %s %s: %s", key, file, strerror(errno));
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
		return "the IMAP URL holds a password: put it in "
		       "imap_password_file (mode 600, read by the spool's owner "
		       "only) and the user in imap_user, so that the URL can be "
		       "shown in ps, crontabs and logs";
	return "smtp_url holds a password: put it in smtp_password_file "
	       "(mode 600, read by the spool's owner only) and the user in "
	       "smtp_user, so that the URL can be shown and logged";
}

/* The spool: absolute, a directory the running user (the spool's owner)
 * can write and enter, not writable by others.  Errors counted. */
static int check_spool(const char *spool, FILE *out)
{
	struct stat st;

	if (spool[0] != '/') {
		fprintf(out, "epamserv: spool %s is not an absolute path (the mail "
		        "system runs epamserv from any directory)\n", spool);
		return 1;
	}
	if (stat(spool, &st) < 0) {
		if (errno == ENOENT) {
			fprintf(out, "epamserv: warning: spool %s does not exist yet: "
			        "the first run makes it\n", spool);
			return 0;
		}
		fprintf(out, "epamserv: cannot reach spool %s: %s\n", spool,
		        strerror(errno));
		return 1;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(out, "epamserv: spool %s is not a directory\n", spool);
		return 1;
	}
	if (access(spool, W_OK | X_OK) < 0) {
		fprintf(out, "epamserv: spool %s is not writable by uid %ld, its "
		        "owner's user: %s\n", spool, (long)geteuid(), strerror(errno));
		return 1;
	}
	if (st.st_mode & 002)
		fprintf(out, "epamserv: warning: spool %s is writable by others "
		        "(chmod o-w it)\n", spool);
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
		fprintf(out, "epamserv: log file %s is not writable by uid %ld: "
		        "%s\n", log, (long)geteuid(), strerror(errno));
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
	fprintf(out, "epamserv: log file %s cannot be made: directory %s: %s\n",
	        log, dir, strerror(errno));
	return 1;
}

/* A CA file (key names it): readable when set. */
static int check_ca(const char *file, const char *key, FILE *out)
{
	if (!*file || access(file, R_OK) == 0)
		return 0;
	fprintf(out, "epamserv: cannot read %s %s: %s\n", key, file,
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
		fprintf(out, "epamserv: warning: %s\n", warning);
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
		fprintf(out, "epamserv: remind_days (%d) must be less than "
		        "forfeit_days (%d): the reminder would come after the loss "
		        "on time\n", cfg->remind_days, cfg->forfeit_days);
		bad++;
	}
	return bad;
}
