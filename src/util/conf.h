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
 *   key           variable               default
 *   spool         EPAMSERV_SPOOL         LOCALSTATEDIR/spool/epamserv
 *   smtp_url      EPAMSERV_SMTP_URL      "" (mail stays in the outbox);
 *                                        else smtp://HOST[:PORT] or
 *                                        smtps://HOST[:PORT], nothing else
 *   from          EPAMSERV_FROM          epamserv@localhost; an addr-spec,
 *                                        or "Display Name <addr-spec>"
 *   log           EPAMSERV_LOG           syslog | stderr | /ABSOLUTE/FILE
 *                                        (see util/log.h)
 *   templates     EPAMSERV_TEMPLATES     PKGDATADIR/templates
 *   lock_timeout  EPAMSERV_LOCK_TIMEOUT  30 (seconds waiting for a board)
 *   max_mail_size EPAMSERV_MAX_MAIL_SIZE 1048576 (bytes)
 *   max_reply_size EPAMSERV_MAX_REPLY_SIZE 262144 (bytes: the most one
 *                                        outgoing mail may take in the
 *                                        outbox, 16384 to 8388608)
 *   batch_group   EPAMSERV_BATCH_GROUP   64 (batch: mails made durable
 *                                        together, 1 to 1000; 1 = each
 *                                        mail on its own)
 *   smtp_tls      EPAMSERV_SMTP_TLS      none | try | require (STARTTLS on
 *                                        smtp://; smtps:// is always TLS)
 *   smtp_allow_plaintext EPAMSERV_SMTP_ALLOW_PLAINTEXT
 *                                        no | yes: AUTH in clear text to a
 *                                        host outside loopback (see
 *                                        config_check_smtp)
 *   smtp_user     EPAMSERV_SMTP_USER     "" (no AUTH)
 *   smtp_password_file EPAMSERV_SMTP_PASSWORD_FILE
 *                                        file holding the AUTH password; must
 *                                        not be readable by group or others
 *   smtp_ca_file  EPAMSERV_SMTP_CA_FILE  "" (the system's CA store)
 *   smtp_connect_timeout EPAMSERV_SMTP_CONNECT_TIMEOUT 30 (seconds)
 *   smtp_timeout  EPAMSERV_SMTP_TIMEOUT  300 (seconds for one message)
 *   smtp_ehlo     EPAMSERV_SMTP_EHLO     "" (curl's default name)
 *   retry_days    EPAMSERV_RETRY_DAYS    5 (then a deferred mail fails)
 *   remind_days   EPAMSERV_REMIND_DAYS   7 (sweep: reminder to the player
 *                                        to move after this many idle days)
 *   forfeit_days  EPAMSERV_FORFEIT_DAYS  21 (sweep: loss on time)
 *   leave_days    EPAMSERV_LEAVE_DAYS    30 (leave days a player may take
 *                                        per calendar year, 0 to 366;
 *                                        0: no leave)
 *   challenge_days EPAMSERV_CHALLENGE_DAYS 14 (sweep: an unanswered
 *                                        challenge expires)
 *   archive_days  EPAMSERV_ARCHIVE_DAYS  14 (sweep: a finished board moves
 *                                        to games/GAME/archive/)
 *   rate_limit    EPAMSERV_RATE_LIMIT    60 (mails answered per address
 *                                        per hour; 0: no limit)
 *   bounce_reports_per_day EPAMSERV_BOUNCE_REPORTS_PER_DAY
 *                                        100 (bounce records written for
 *                                        delivery reports per day; 0: none)
 *   imap_user     EPAMSERV_IMAP_USER     "" (the URL's user, if any)
 *   imap_password_file EPAMSERV_IMAP_PASSWORD_FILE
 *                                        file holding the IMAP password; must
 *                                        not be readable by group or others
 *   imap_ca_file  EPAMSERV_IMAP_CA_FILE  "" (the system's CA store)
 *   confirm_days  EPAMSERV_CONFIRM_DAYS  7 (a signup whose address is not
 *                                        confirmed by then is dropped and
 *                                        its userid freed)
 *   stranger_reply_limit EPAMSERV_STRANGER_REPLY_LIMIT 100 (replies, and
 *                                        confirmation requests, to
 *                                        addresses that are no player's,
 *                                        per hour for the whole server,
 *                                        each counted apart; a fifth
 *                                        more for sources new in the
 *                                        hour; 0: no limit)
 *   stranger_source_limit EPAMSERV_STRANGER_SOURCE_LIMIT 5 (of each of
 *                                        those, what one sending source
 *                                        - the client's network in our
 *                                        MTA's Received field - may
 *                                        spend an hour; 0: no limit)
 *   relay_limit   EPAMSERV_RELAY_LIMIT   200 (mails one player's message
 *                                        and chat commands may send per
 *                                        day; 0: no limit)
 *   max_observers EPAMSERV_MAX_OBSERVERS 20 (subscribers per board)
 *   max_message_recipients EPAMSERV_MAX_MESSAGE_RECIPIENTS 10 (players
 *                                        one message goes to)
 *   imap_tls      EPAMSERV_IMAP_TLS      require | try | none (STARTTLS on
 *                                        imap://; imaps:// is always TLS)
 *   imap_allow_plaintext EPAMSERV_IMAP_ALLOW_PLAINTEXT
 *                                        no | yes: the IMAP login in clear
 *                                        text to a host outside loopback
 *   repair_notice_hours EPAMSERV_REPAIR_NOTICE_HOURS 4 (hours a mail
 *                                        waits for a damaged board or user
 *                                        file before its sender gets one
 *                                        reply saying it is under repair,
 *                                        0 to 720; 0: at once)
 *   seen_days     EPAMSERV_SEEN_DAYS     60 (sweep: processed-mail records
 *                                        kept; must exceed maildir_max_days
 *                                        + 5 and forfeit_days + 1, else
 *                                        config_load refuses the settings)
 *   maildir_max_days EPAMSERV_MAILDIR_MAX_DAYS 30 (batch: a mail of cur/
 *                                        not known as processed and older
 *                                        is never applied; for batch --imap
 *                                        the SINCE of its search)
 *   failed_days   EPAMSERV_FAILED_DAYS   30 (sweep: mails of failed/ kept)
 *   maildir_keep_days EPAMSERV_MAILDIR_KEEP_DAYS 0 (batch --maildir:
 *                                        processed mails of cur/ removed
 *                                        after this many days; 0: kept)
 *   imap_keep_days EPAMSERV_IMAP_KEEP_DAYS 0 (batch --imap: processed
 *                                        mails expunged after this many
 *                                        days; 0: kept)
 *   arrival       EPAMSERV_ARRIVAL       received | delivery | now (the
 *                                        time a move counts at: the
 *                                        earlier of the topmost Received
 *                                        header and the delivery record,
 *                                        the delivery record only, or the
 *                                        time it is processed)
 *   arrival_max_hours EPAMSERV_ARRIVAL_MAX_HOURS 72 (0 to 720: a mail's
 *                                        arrival is never taken as earlier
 *                                        than this many hours before the
 *                                        mail was first read)
 *   remind_at     EPAMSERV_REMIND_AT     "50%, 24h" (sweep: reminders to
 *                                        the player to move when this much
 *                                        of the turn's time is left: N% of
 *                                        what the turn began with, or Nh /
 *                                        Nd; at most 8 points, "" none;
 *                                        TC_DAYS boards also keep the
 *                                        reminder after remind_days)
 *   robots        EPAMSERV_ROBOTS        "robot-novice:1 robot-club:3
 *                                        robot-master:5" (issue 16: the
 *                                        robot accounts, NAME:LEVEL[:GAMES]
 *                                        separated by blanks or commas,
 *                                        NAME a userid, LEVEL 1 to 5, GAMES
 *                                        its most active games, default
 *                                        robot_max_games; "" no robots)
 *   robot_think_ms EPAMSERV_ROBOT_THINK_MS two thirds of lock_timeout,
 *                                        20000 at its default 30 (the
 *                                        most one robot move thinks: a
 *                                        safety net above its level's
 *                                        nodes, issue 30)
 *   robot_budget_ms EPAMSERV_ROBOT_BUDGET_MS 20000 (the most one run
 *                                        thinks for robots in all; the
 *                                        moves past it wait for the next)
 *   robot_memory_mb EPAMSERV_ROBOT_MEMORY_MB 16 (the robots' one
 *                                        transposition table, MiB, apart
 *                                        from the mail processing's 16 MiB)
 *   robot_max_games EPAMSERV_ROBOT_MAX_GAMES 20 (active games a robot
 *                                        plays at once, unless its entry
 *                                        says)
 *   analyse_nodes EPAMSERV_ANALYSE_NODES 2000000 (1000 to 10^9: nodes one
 *                                        "analyse" searches at most)
 *   analyse_ms    EPAMSERV_ANALYSE_MS    20000 (0 to 600000: milliseconds
 *                                        it thinks at most; 0 no bound but
 *                                        the nodes)
 *   analyse_per_day EPAMSERV_ANALYSE_PER_DAY 20 (0 to 1000: analyses per
 *                                        player per day; 0 turns analysis
 *                                        off)
 *   analyse_max_plies EPAMSERV_ANALYSE_MAX_PLIES 2000 (0 to 100000: the
 *                                        most plies into a game, preview
 *                                        moves included, of a position
 *                                        "analyse" replays; 2000 is the
 *                                        move cap, every game)
 *   analyse_max_squares EPAMSERV_ANALYSE_MAX_SQUARES 676 (20 to 676: the
 *                                        squares of the largest board
 *                                        "analyse" searches; 676 is 26x26,
 *                                        every board)
 *   engine_hour_ms EPAMSERV_ENGINE_HOUR_MS 1800000 (0 to 7200000: the
 *                                        milliseconds the engine may think
 *                                        in an hour for the whole server,
 *                                        robots and analyses together; 0
 *                                        no bound)
 *   engine_share_percent EPAMSERV_ENGINE_SHARE_PERCENT 10 (1 to 50:
 *                                        the share of engine_hour_ms one
 *                                        player, and one robot game, may
 *                                        use in an hour; past it a player
 *                                        goes on only while half the hour
 *                                        is unused, engine_time.h)
 *   seek_max      EPAMSERV_SEEK_MAX      3 (0 to 100: open seeks, issue 17,
 *                                        one player may have at once; 0
 *                                        turns seek off)
 *   seek_days     EPAMSERV_SEEK_DAYS     7 (1 to 365; sweep: an open seek
 *                                        nobody took expires)
 *   challenges_per_day EPAMSERV_CHALLENGES_PER_DAY 20 (0 to 10000: new
 *                                        challenges naming a player that
 *                                        she did not sign, from everyone,
 *                                        in a day; 0 no limit, nor the 5
 *                                        a day signed by one player;
 *                                        issue 29)
 *   league        EPAMSERV_LEAGUE        on (on|off: the recurring league,
 *                                        issue 17, run by sweep)
 *   league_division_size EPAMSERV_LEAGUE_DIVISION_SIZE 6 (3 to 10: the
 *                                        players of a division)
 *   league_season_days EPAMSERV_LEAGUE_SEASON_DAYS 60 (7 to 3650: a season
 *                                        ends when its games are over or
 *                                        after this many days)
 *   league_options EPAMSERV_LEAGUE_OPTIONS -time=7d (the league boards'
 *                                        game options, as challenge's)
 *   web_url       EPAMSERV_WEB_URL       "" (issue 18: where "epamserv web
 *                                        DIR" is served, http:// or
 *                                        https://; board mails and
 *                                        tournament tables link there)
 */
#ifndef EPAM_CONFIG_H
#define EPAM_CONFIG_H

#include <stddef.h>
#include <stdio.h>

/* max_reply_size: the default and the bounds of the setting (bytes). */
#define CONFIG_REPLY_SIZE_DEFAULT (256 * 1024)
#define CONFIG_REPLY_SIZE_MIN (16 * 1024)
#define CONFIG_REPLY_SIZE_MAX (8 * 1024 * 1024)

/* The number of keys (the table in conf.c). */
#define CONFIG_NKEYS 65

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
	int lock_timeout;    /* seconds */
	size_t max_mail_size;/* bytes */
	size_t max_reply_size; /* bytes: one outgoing mail, as queued */
	int batch_group;     /* mails per group commit in batch; 1 = off */
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
	int arrival;         /* enum arrival_source */
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
