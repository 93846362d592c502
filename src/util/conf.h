/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * config.h - the effective settings of one run.
 *
 * Precedence, lowest first: built-in defaults, the config file
 * (--config FILE, else $EPAMSERV_CONF, else SYSCONFDIR/epamserv.conf when
 * it exists), EPAMSERV_* environment variables, command-line options.
 * The file is "key = value" lines read with inih.  A '#' or ';' that
 * starts a line, starts a value or follows a blank begins a comment: the
 * rest of the line is ignored, the same for both characters and every
 * key (inih cuts only at " ;"; conf.c cuts at " #" as well).  A line
 * inih would read otherwise than written (a key line starting with a
 * blank, which inih takes as a continuation of the value above, a line
 * over INI_MAX_LINE - 2 bytes, a NUL byte) is refused.  Variables and
 * options are taken whole: no comments there.
 *
 * The keys, each with its variable, its option (if any), its type,
 * default, bounds and a line on what it is for, are one table,
 * config_keys[] in conf.c: parsing, defaults, `epamserv config` and
 * config_free loop over it, and epamserv.conf(5) and
 * examples/epamserv.conf are checked against it
 * (tests/integration/test_config_keys.py).  The manual says what each
 * key does at length.
 */
#ifndef EPAM_CONFIG_H
#define EPAM_CONFIG_H

#include <stddef.h>
#include <stdio.h>

/* max_reply_size: the default and the bounds of the setting (bytes). */
#define CONFIG_REPLY_SIZE_DEFAULT 262144   /* 256 KiB: a number, for the table */
#define CONFIG_REPLY_SIZE_MIN (16 * 1024)
#define CONFIG_REPLY_SIZE_MAX (8 * 1024 * 1024)

/* The number of keys (config_keys[] in conf.c; a static assertion
 * there keeps the two equal). */
#define CONFIG_NKEYS 72

/* config.arrival: which record of a mail's arrival a move counts at. */
enum arrival_source {
	ARRIVAL_RECEIVED,  /* the earlier of the topmost Received header and
	                      the delivery record (the default) */
	ARRIVAL_DELIVERY,  /* the delivery record only: the Maildir file's
	                      time, the IMAP INTERNALDATE (receive: now) */
	ARRIVAL_NOW        /* the time the mail is processed */
};

/* remind_at (issue 15): at most this many points, and the default. */
#define CONFIG_REMIND_MAX 8
#define CONFIG_REMIND_AT_DEFAULT "50%, 24h"

/* Days an MTA keeps retrying a mail (Postfix's and Exim's default is 5):
 * seen_days must exceed maildir_max_days by more. */
#define CONFIG_MTA_RETRY_DAYS 5

/* robots (issue 16): at most this many, their levels (engine.h's
 * ENG_LEVEL_MIN..ENG_LEVEL_MAX), and the default list. */
#define CONFIG_ROBOTS_MAX 8
#define CONFIG_ROBOT_LEVEL_MIN 1
#define CONFIG_ROBOT_LEVEL_MAX 5
#define CONFIG_ROBOTS_DEFAULT "robot-novice:1 robot-club:3 robot-master:5"

/* One robot account of the robots key. */
struct config_robot {
	char userid[32];     /* lower-case, util_userid_ok */
	int level;           /* CONFIG_ROBOT_LEVEL_MIN..MAX */
	int max_games;       /* its limit of active games; 0: robot_max_games */
};

struct config {
	char *spool;
	char *smtp_url;      /* "" when unset */
	char *from;          /* addr-spec of the server (envelope, X-Loop,
	                      * the domain of Message-IDs) */
	char *from_name;     /* its display name for From:, "" when none */
	char *log;           /* "syslog", "stderr" or an absolute path */
	char *templates;
	char *locale_dir;    /* the catalogues: DIR/LANG/LC_MESSAGES/epamserv.mo */
	char *default_language; /* a stranger's language, and a player's
	                           who chose none: "en", "de" (issue 32) */
	int lock_timeout;    /* seconds */
	size_t max_mail_size;/* bytes */
	size_t max_reply_size; /* bytes: one outgoing mail, as queued */
	int batch_group;     /* mails per group commit in batch; 1 = off */
	int batch_jobs;      /* batch --maildir's worker processes; 0: as
	                        many as CPUs online (batch_jobs.h) */
	char *file;          /* the config file read, or NULL */
	int smtp_tls;        /* 0 none, 1 try, 2 require (enum smtp_tls) */
	char *smtp_user;     /* "" when unset */
	char *smtp_password_file; /* "" when unset */
	char *smtp_ca_file;  /* "" when unset */
	int smtp_connect_timeout, smtp_timeout;  /* seconds */
	char *smtp_ehlo;     /* "" when unset */
	int retry_days;
	int rate_limit;      /* mails per address per hour, 0 = off */
	int bounce_reports_per_day; /* bounce records from reports a day */
	int remind_days, forfeit_days;  /* sweep: days without a move */
	char *remind_at;     /* sweep: the reminder schedule as written */
	int nremind;         /* its points: remind_pct[i] (1-99) when the
	                        point is a share, else remind_left[i] seconds */
	int remind_pct[CONFIG_REMIND_MAX];
	long remind_left[CONFIG_REMIND_MAX];
	int leave_days;      /* leave allowance per player and calendar year */
	int challenge_days;  /* sweep: days an unanswered challenge lasts */
	int archive_days;    /* sweep: days before a finished board is archived */
	char *imap_user;     /* "" when unset (batch --imap) */
	char *imap_password_file; /* "" when unset */
	char *imap_ca_file;  /* "" when unset */
	int confirm_days;    /* days a signup may wait for its confirmation */
	int stranger_reply_limit; /* mails to non-players per hour, 0 = off */
	int stranger_source_limit; /* of those, per sending source, 0 = off */
	int relay_limit;     /* message/chat mails per player per day, 0 = off */
	int max_observers;   /* subscribers per board */
	int max_message_recipients; /* players per message */
	int imap_tls;        /* 0 none, 1 try, 2 require (the default) */
	int smtp_allow_plaintext, imap_allow_plaintext;  /* 1: yes */
	int repair_notice_hours; /* a mail set aside on a damaged file:
	                            hours before its sender is told */
	int seen_days;       /* sweep: processed-mail records kept */
	int maildir_max_days; /* batch: a mail of cur/ older is never applied */
	int failed_days;     /* sweep: refused mails of failed/ kept */
	int maildir_keep_days; /* batch --maildir: processed mails of cur/
	                          removed after; 0 = kept */
	int imap_keep_days;  /* batch --imap: processed mails expunged after;
	                        0 = kept */
	char *keep_incoming; /* receive: the Maildir each mail is copied into
	                        first (cli/keep.c), "" when unset */
	int arrival;         /* enum arrival_source */
	int rating_system;   /* enum rating_system (game/ratesys.h) */
	int arrival_max_hours; /* an arrival is at most this many hours
	                          before the mail was first read */
	char *robots;        /* the robots key as written */
	struct config_robot robot[CONFIG_ROBOTS_MAX];
	int nrobots;         /* 0: no robots */
	int robot_think_ms;  /* the most one robot move thinks (ms) */
	int robot_budget_ms; /* the most one run thinks for robots (ms) */
	int robot_memory_mb; /* the robots' transposition table (MiB) */
	int robot_max_games; /* a robot's active games, by default */
	int analyse_nodes;   /* analyse: nodes one analysis searches at most */
	int analyse_ms;      /* analyse: milliseconds it thinks at most, 0 = no
	                        bound but the nodes */
	int analyse_per_day; /* analyse: analyses per player per day, 0 = off */
	int analyse_max_plies;   /* analyse: plies into the game (preview
	                            moves included) of a position it replays */
	int analyse_max_squares; /* analyse: squares of the largest board */
	int engine_hour_ms;  /* engine time a server hour, all processes (ms) */
	int engine_share_percent; /* a player's and a robot game's share of
	                             engine_hour_ms (percent) */
	int seek_max;        /* open seeks a player may have at once (issue 17) */
	int seek_days;       /* sweep: days an open seek lasts */
	int challenges_per_day; /* challenges a player may get a day, from
	                           everyone; 0 = no limit, nor one on the
	                           signed ones of one player (issue 29) */
	int league;          /* the recurring league runs (issue 17) */
	int league_division_size; /* players of a league division */
	int league_season_days;   /* days a season lasts at most */
	char *league_options;     /* the league boards' options (malloc'ed) */
	char *web_url;            /* the site's address, "" when unset */
	char *web_language;       /* the site's language: "en", "de"
	                             (issue 32) */
	char *web_dir;            /* where "epamserv web" writes without a
	                             DIR, an absolute path; "" when unset */
	/* Where each key's value came from, in the order of the key table:
	 * NULL for the default, else "FILE:LINE", "EPAMSERV_..." or the
	 * option ("--spool"); malloc'ed. */
	char *origin[CONFIG_NKEYS];
	/* The first key the config file gives twice, as a sentence naming
	 * both lines (the later one is used), or NULL; config --check
	 * reports it (malloc'ed). */
	char *twice;
	/* The line being read of the config file (0 outside it). */
	int lineno;
};

/* Parse a remind_at value ("50%, 24h", "3d,12h", "" for none) into
 * cfg's schedule (and cfg->remind_at, malloc'ed).  0, or -1 (cfg
 * unchanged) on a bad value. */
int config_parse_remind_at(struct config *cfg, const char *value);

/* Parse a robots value ("robot-club:3 robot-master:5:10", "" for none)
 * into cfg->robot (and cfg->robots, malloc'ed).  0, or -1 (cfg
 * unchanged) with why (len bytes) on a bad value. */
int config_parse_robots(struct config *cfg, const char *value, char *why,
                        size_t len);

/* The robot entry of userid (lower-case), or NULL when it is no robot
 * of cfg's.  Points into cfg. */
const struct config_robot *config_robot(const struct config *cfg,
                                        const char *userid);

/* Whether the SMTP settings keep AUTH secret: credentials (smtp_user,
 * smtp_password_file, or a user or password in smtp_url) on a URL other
 * than smtps:// to a host that is not loopback (util_url_loopback: an
 * address in 127.0.0.0/8, ::1, or the name localhost) need smtp_tls =
 * require, unless smtp_allow_plaintext = yes; where TLS is not sure, a
 * URL libcurl cannot read is refused as well.  Returns 0, or -1 with a
 * malloc'ed *err naming the settings to change (the URL's password
 * masked). */
int config_check_smtp(const struct config *cfg, char **err);

/* The same rule for the IMAP login of "batch --imap url" (url from the
 * command line): credentials (imap_user, imap_password_file, or in the
 * URL) on imap:// to a host that is not loopback need imap_tls =
 * require, unless imap_allow_plaintext = yes.  0, or -1 with *err. */
int config_check_imap(const struct config *cfg, const char *url, char **err);

/* The warning for a URL that holds a password ("user:password@host"):
 * static text naming the setting to use instead (smtp_password_file and
 * smtp_user; imap_password_file and imap_user for an imap[s]:// URL),
 * never the password; NULL when url holds none.  Used by config --check
 * and, once a run, by flush, receive's delivery and batch --imap. */
const char *config_url_password_warning(const char *url);

/* Read the SMTP AUTH password from cfg->smtp_password_file: refused when
 * the file is readable or writable by group or others.  Returns a malloc'ed
 * password without its line end ("" when no file is set), or NULL with a
 * malloc'ed *err. */
char *config_smtp_password(const struct config *cfg, char **err);

/* The same for the IMAP password of "batch --imap", from
 * cfg->imap_password_file, with the same permission check. */
char *config_imap_password(const struct config *cfg, char **err);

/* Fill cfg from defaults, file and environment.  path is the --config
 * option or NULL.  Returns 0, or -1 with a malloc'ed *err naming the file,
 * the line and the problem (and the fix where one is clear: the key meant
 * by a misspelt one, the user that must be able to read the file), or -2
 * (with *err) when memory ran out: a temporary failure, not a
 * configuration error.  The retention settings are checked once all are
 * read: seen_days must exceed maildir_max_days + CONFIG_MTA_RETRY_DAYS
 * and forfeit_days + 1 (the error names where the value was set).  On
 * -1, cfg holds the defaults and what was read before the error, and
 * must be freed with config_free. */
int config_load(struct config *cfg, const char *path, char **err);

/* Set one key (as in the file) to value, e.g. from a command-line option.
 * Returns 0, or -1 with *err. */
int config_set(struct config *cfg, const char *key, const char *value,
               char **err);

/* The key a global option of the command line sets ("--spool" gives
 * "spool"), a static string, or NULL when option is none of them. */
const char *config_option_key(const char *option);

/* config_set, and remember origin (copied; e.g. "--spool") as where the
 * value came from, for config_print. */
int config_set_origin(struct config *cfg, const char *key, const char *value,
                      const char *origin, char **err);

/* The From: header value of the server's mails: "Display Name
 * <addr-spec>" with the configured name (quoted when it is not all
 * atoms), else "epamserv <addr-spec>".  Written into out (size bytes);
 * returns out, or NULL when it does not fit. */
char *config_from_header(const struct config *cfg, char *out, size_t size);

/* The domain part of cfg->from ("localhost" when it has none). */
const char *config_domain(const struct config *cfg);

/* Print the effective settings, one "key = value  # ORIGIN" per line
 * (ORIGIN: default, FILE:LINE, the variable or the option; a password in
 * a URL masked); the output reads back as a config file.  changed: only
 * the keys whose value differs from the built-in default (config -n). */
void config_print(const struct config *cfg, int changed, FILE *out);

/* The value of key as config_print writes it (a password in a URL
 * masked), appended to out; no origin, no newline.  0, or -1 when key is
 * no setting (out unchanged). */
struct buf;
int config_get(const struct config *cfg, const char *key, struct buf *out);

/* What "config --check" verifies of the settings beyond their syntax,
 * run as the spool's owner: the spool an absolute directory that user
 * can write (missing: a warning, it is made at the first run), the log
 * file's directory writable, the SMTP AUTH rule (config_check_smtp),
 * password files readable with no group or other bits, CA files
 * readable, remind_days below forfeit_days, a password in smtp_url (a
 * warning: use smtp_password_file).  One "epamserv: ..." or "epamserv:
 * warning: ..." line per finding on out; returns the number of errors. */
int config_check_settings(const struct config *cfg, FILE *out);

void config_free(struct config *cfg);

#endif
