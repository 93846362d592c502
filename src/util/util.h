/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * util.h - small helpers shared by every layer: the clock, digests,
 * identifier checks, whole-file reads.
 */
#ifndef EPAM_UTIL_H
#define EPAM_UTIL_H

#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>

/* sysexits.h codes we use, spelt out so callers need not include it. */
#define EXIT_USAGE 64     /* EX_USAGE: bad command line */
#define EXIT_DATAERR 65   /* EX_DATAERR */
#define EXIT_SOFTWARE 70  /* EX_SOFTWARE: internal error */
#define EXIT_TEMPFAIL 75  /* EX_TEMPFAIL: try again later */
#define EXIT_CONFIG 78    /* EX_CONFIG: bad configuration */

/* Seconds since the epoch.  EPAMSERV_NOW (seconds, or an ISO date
 * YYYY-MM-DDTHH:MM:SSZ) overrides the clock, for tests. */
time_t util_now(void);

/* ISO 8601 UTC "2026-11-30T05:48:00Z" into buf (at least 21 bytes). */
void util_iso_time(time_t t, char *buf, size_t len);
/* Parse the same form, exactly (four-digit year from 1000, every field
 * in its range; a 31st of a shorter month is carried into the next);
 * returns 0 or -1. */
int util_parse_iso_time(const char *s, time_t *t);

/* A 128-bit digest (two FNV-1a 64 lanes) of data, as 32 lower-case hex
 * digits into hex (at least 33 bytes).  For keys and file names, not for
 * security. */
void util_digest_hex(const void *data, size_t len, char *hex);

/* util_digest_hex of path's real path (realpath(3): links followed, so
 * two spellings of one directory give one digest) into hex (33 bytes):
 * names the spool's record of a directory outside it (batch's
 * SPOOL/intake/maildir-DIGEST, web's SPOOL/web/state-DIGEST).  0, or -1
 * with errno when path does not resolve. */
int util_path_digest(const char *path, char *hex);

/* Lower-case ASCII in place; returns s. */
char *util_lower(char *s);

/* A userid: 1..20 characters of [a-z0-9_-], starting with a letter or
 * digit (checked case-insensitively).  Safe in a file name.  1 or 0. */
int util_userid_ok(const char *s);

/* A tournament's name (issue 17): 1..20 characters of [a-z0-9-],
 * starting with a letter or digit, lower case only.  Safe in a file
 * name.  1 or 0. */
int util_tourney_name_ok(const char *s);

/* A userid that signup refuses because it names a role, the server or a
 * robot (issue 16: robot accounts are made by the administrator), so that
 * no player can pose as one: the names in util.c's reserved list (admin,
 * postmaster, root, abuse, mailer-daemon, epamserv, ...; '_' counts as
 * '-') and every userid that starts with "robot", "admin" or
 * "epamserv".  s is a valid userid, lower-case.  1 or 0. */
int util_userid_reserved(const char *s);

/* A calendar date written exactly "YYYY-MM-DD": ten characters, digits
 * and two '-', a month 01-12 and a day that month has (leap years
 * counted), year 1970-9999.  *t gets 00:00:00 UTC of that day when t is
 * not NULL.  Returns 0, or -1 for anything else ("2026-02-30",
 * "2026-1-05", " 2026-01-05", "+2026-01-0"). */
int util_parse_date(const char *s, time_t *t);

/* The highest board number: nine digits, so that a number fits a long
 * (32 bits too) and every board number buffer (UTIL_BOARD_DIGITS + 1
 * bytes and more) with room to spare; at a thousand new boards a day
 * the numbers last 2,700 years. */
#define UTIL_BOARD_MAX 999999999L
#define UTIL_BOARD_DIGITS 9

/* A board number: decimal 1..UTIL_BOARD_MAX without sign or leading
 * zero.  Returns the number, or -1. */
long util_board_number(const char *s);

/* A move or ply number ("e1-e4#12", "show 101#12"): decimal 1..999999
 * without sign or leading zero.  Returns the number, or -1. */
long util_ply_number(const char *s);
/* open(2) a file that must be a regular file, never blocking on one
 * that is not: path is opened with flags | O_NONBLOCK | O_CLOEXEC (mode
 * as open(2)'s when flags has O_CREAT), fstat(2)'d, and refused unless
 * it is a regular file (EINVAL), so that a FIFO, a device or a socket
 * planted in the spool can neither hang a reader or a writer (a FIFO
 * blocks an open for reading until someone writes, one for writing
 * until someone reads) nor be read as data.  O_NONBLOCK stays set: on a
 * regular file it changes nothing for read(2), write(2), flock(2) or
 * stdio.  Pass O_NOFOLLOW for a file of the spool (no
 * spool file is opened through a symbolic link: ELOOP).  The descriptor
 * (close it), or -1 with errno set; a FIFO without a reader opened for
 * writing is EINVAL too, not ENXIO.  Every open of a file in the spool
 * goes through here or through the helpers below that call it. */
int util_open_regular(const char *path, int flags, mode_t mode);

/* fopen(path, "r") of a file of the spool through util_open_regular
 * (O_NOFOLLOW): never through a link (ELOOP), never anything but a
 * regular file (EINVAL).  NULL with errno set on failure. */
FILE *util_fopen_spool_read(const char *path);

/* Read a whole file of the spool into a malloc'ed NUL-terminated buffer
 * (caller frees); *len gets the byte count when len is not NULL.
 * Refuses files over max bytes (errno EFBIG), a symbolic link at path
 * (ELOOP: the spool's owner could point one anywhere, and root's admin
 * commands read the spool too) and anything but a regular file (EINVAL:
 * a FIFO would hang the reader).  NULL with errno set on failure. */
char *util_read_file(const char *path, size_t max, size_t *len);

/* util_read_file that also fills *st with fstat(2) of the file it read,
 * so that the identity (st_dev, st_ino, ...) belongs to these very bytes
 * even when the path is renamed over meanwhile. */
char *util_read_file_stat(const char *path, size_t max, size_t *len,
                          struct stat *st);

/* util_read_file for a file the operator names (the config file, a
 * password file, a template): it follows symbolic links, which there are
 * the operator's own choice, and reads whatever path opens as. */
char *util_read_file_follow(const char *path, size_t max, size_t *len);

/* fopen(path, "w"), or "a" when append is set, for a file of the spool:
 * created with mode 0640 (less the umask), never through a symbolic
 * link at path (ELOOP), and never into anything but a regular file
 * (EINVAL: util_open_regular).  NULL with errno set on failure. */
FILE *util_fopen_spool(const char *path, int append);

/* opendir(3) of a directory of the spool, refusing a symbolic link at
 * path (ELOOP).  NULL with errno set on failure; closedir(3) it. */
DIR *util_opendir(const char *path);

/* fsync(2) the directory at path, so that the entries made or removed
 * in it are durable.  A link at path is followed: an fsync changes
 * nothing, and the spool itself may be a link.  0, or -1 with errno
 * set. */
int util_fsync_dir(const char *path);

/* Read all of fd (e.g. stdin) up to max bytes; *truncated is set when
 * more was there.  malloc'ed, NUL-terminated; NULL on read error. */
char *util_read_fd(int fd, size_t max, size_t *len, int *truncated);

/* ---- text from outside (mails, files, the network) ---- */

/* The well-formed UTF-8 sequence at s[0..n) (n >= 1): its length in bytes
 * (1 to 4) with its code point in *cp, or 0 when s does not start one
 * (a stray continuation byte, an overlong form, a surrogate, a code point
 * over U+10FFFF, or a sequence cut short by n). */
size_t util_utf8_seq(const unsigned char *s, size_t n, unsigned long *cp);

/* The characters of s[0..n) as a terminal counts them for a column: each
 * byte that is not a UTF-8 continuation byte counts one (n bytes of
 * ASCII are n; "Aufruf: " is 8, "Übersicht" 9). */
size_t util_utf8_chars(const char *s, size_t n);

/* Code point cp in UTF-8 into out (4 bytes): its length, 1 to 4.  A
 * surrogate or a code point over U+10FFFF is written as U+FFFD. */
size_t util_utf8_put(unsigned long cp, char out[4]);

/* What epamserv does with code point cp in untrusted text (logs, header
 * values, relayed comments, listings):
 *   UTIL_CP_TEXT     kept;
 *   UTIL_CP_CONTROL  a control character: C0 (U+0000-U+001F), DEL
 *                    (U+007F) and C1 (U+0080-U+009F): a space in one-line
 *                    text, dropped from a body (TAB and LF are kept
 *                    there);
 *   UTIL_CP_BIDI     a bidirectional embedding, override or isolate
 *                    (U+202A-U+202E, U+2066-U+2069): always dropped, since
 *                    it can make text read in another order than it was
 *                    written.  The implicit marks U+200E, U+200F and
 *                    U+061C are kept: they change no letter's order, and
 *                    Arabic and Hebrew writers need them;
 *   UTIL_CP_BREAK    LINE and PARAGRAPH SEPARATOR (U+2028, U+2029): a
 *                    space in one-line text (a log line or a header must
 *                    not look like two), a line end in a body. */
enum util_cp_class {
	UTIL_CP_TEXT = 0,
	UTIL_CP_CONTROL,
	UTIL_CP_BIDI,
	UTIL_CP_BREAK,
};
enum util_cp_class util_cp_class(unsigned long cp);

/* Make s one safe line in place, for the log: every UTIL_CP_CONTROL and
 * UTIL_CP_BREAK character (CR, LF and TAB included) becomes a space, the
 * UTIL_CP_BIDI ones are removed, and each byte that is not part of
 * well-formed UTF-8 becomes '?'.  The result is never longer than s.
 * Returns s. */
char *util_clean_line(char *s);

/* The file name (or path) name, any bytes but NUL, made safe to print
 * in a listing into out (len bytes, at least 1): what util_clean_line
 * would blank or drop (UTIL_CP_CONTROL, UTIL_CP_BREAK and UTIL_CP_BIDI
 * characters: a newline, an escape sequence, an override) and each byte
 * that is not part of well-formed UTF-8 is written "\xHH", one escape
 * a byte, and a backslash "\\", so that no name can forge a line or
 * drive the terminal and two names never print alike.  Cut at a
 * character when out is too small (4 * strlen(name) + 1 always
 * suffices).  Returns out. */
char *util_safe_name(const char *name, char *out, size_t len);

/* Whether url's host is on this machine's loopback: an address in
 * 127.0.0.0/8, ::1 or ::ffff:127.0.0.0/104 (written in any form
 * libcurl's URL parser accepts: "127.1" is 127.0.0.1), or the name
 * "localhost".  No other name counts, whatever it resolves to: what a
 * name resolves to can change between this check and the connection.
 * *has_credentials (when not NULL) is set when the URL carries a user
 * name or a password ("smtp://user:pw@host").  A URL without a scheme is
 * read as libcurl would guess one.  Returns 1 loopback, 0 not, -1 when
 * url is not a URL libcurl can read, -2 when libcurl cannot be loaded
 * (util/curl_lib.h; *has_credentials then 0). */
int util_url_loopback(const char *url, int *has_credentials);

/* Quoted lines: every line of text prefixed with "> " into a malloc'ed
 * string (caller frees). */
char *util_quote(const char *text);

#endif
