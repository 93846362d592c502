/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * util.c - the clock, digests, identifier checks, file reads and the
 * spool's opens that refuse symbolic links (util.h).
 */
#include "util/util.h"
#include "util/buf.h"
#include "util/curl_lib.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <strings.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

time_t util_now(void)
{
	const char *s = getenv("EPAMSERV_NOW");
	time_t t;
	char *end;
	long long v;

	if (s && *s) {
		if (util_parse_iso_time(s, &t) == 0)
			return t;
		v = strtoll(s, &end, 10);
		if (*end == '\0')
			return (time_t)v;
	}
	return time(NULL);
}

void util_iso_time(time_t t, char *buf, size_t len)
{
	struct tm tm;

	gmtime_r(&t, &tm);
	if (strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0 && len)
		buf[0] = '\0';
}

int util_parse_iso_time(const char *s, time_t *t)
{
	static const char form[] = "dddd-dd-ddTdd:dd:ddZ";
	struct tm tm;
	size_t i;

	/* Exactly the form util_iso_time writes, each field in its range, so
	 * that what is read is written back the same: a day 99 or a second
	 * 60 would be carried into the next month or minute, and from
	 * 9999-12-31 into a five-digit year that no reader takes. */
	for (i = 0; form[i]; i++)
		if (form[i] == 'd' ? !isdigit((unsigned char)s[i]) : s[i] != form[i])
			return -1;
	if (s[i] != '\0')
		return -1;
	memset(&tm, 0, sizeof tm);
	tm.tm_year = atoi(s) - 1900;
	tm.tm_mon = atoi(s + 5) - 1;
	tm.tm_mday = atoi(s + 8);
	tm.tm_hour = atoi(s + 11);
	tm.tm_min = atoi(s + 14);
	tm.tm_sec = atoi(s + 17);
	if (tm.tm_year < 1000 - 1900 || tm.tm_mon < 0 || tm.tm_mon > 11 ||
	    tm.tm_mday < 1 || tm.tm_mday > 31 ||
	    tm.tm_hour > 23 || tm.tm_min > 59 || tm.tm_sec > 59)
		return -1;
	*t = timegm(&tm);
	return 0;
}

void util_digest_hex(const void *data, size_t len, char *hex)
{
	const unsigned char *p = data;
	uint64_t a = 0xcbf29ce484222325ULL, b = 0x84222325cbf29ce4ULL;
	size_t i;

	for (i = 0; i < len; i++) {
		a = (a ^ p[i]) * 0x100000001b3ULL;
		b = (b ^ p[i] ^ (i & 0xff)) * 0x100000001b3ULL;
		b ^= b >> 29;
	}
	a ^= (uint64_t)len;
	snprintf(hex, 33, "%016llx%016llx", (unsigned long long)a,
	         (unsigned long long)b);
}

int util_path_digest(const char *path, char *hex)
{
	char *real = realpath(path, NULL);

	if (!real)
		return -1;
	util_digest_hex(real, strlen(real), hex);
	free(real);
	return 0;
}

char *util_lower(char *s)
{
	char *p;

	for (p = s; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return s;
}

int util_userid_ok(const char *s)
{
	size_t i, n = strlen(s);

	if (n < 1 || n > 20 || !isalnum((unsigned char)s[0]))
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (!(isalnum(c) || c == '_' || c == '-') || c >= 0x80)
			return 0;
	}
	return 1;
}

int util_tourney_name_ok(const char *s)
{
	size_t i, n = strlen(s);

	if (n < 1 || n > 20 || s[0] == '-')
		return 0;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
		      s[i] == '-'))
			return 0;
	return 1;
}

/* Userids no player may take (util_userid_reserved): mail roles (RFC
 * 2142) and system accounts, this server's own names, and words that
 * read as something else where a userid stands in a command. */
static const char *const reserved_userids[] = {
	"abuse", "administrator", "all", "anonymous", "bin", "by", "daemon",
	"epaminondas", "crossings", "ftp", "guest", "help", "hostmaster",
	"info", "mail", "mailer-daemon", "news", "no-reply", "nobody", "noc",
	"noreply", "operator", "pbmserv", "postmaster", "root", "security",
	"server", "staff", "support", "sys", "sysadmin", "system", "test",
	"usenet", "uucp", "webmaster", "www", NULL
};

/* Prefixes no player may take: robots, and the names of the people
 * and the program who run the server. */
static const char *const reserved_prefixes[] = {
	"robot", "admin", "epamserv", NULL
};

int util_userid_reserved(const char *s)
{
	char norm[32];
	size_t i, n = strlen(s);

	if (n >= sizeof norm)
		return 0;
	for (i = 0; i <= n; i++)
		norm[i] = s[i] == '_' ? '-' : (char)tolower((unsigned char)s[i]);
	for (i = 0; reserved_userids[i]; i++)
		if (strcmp(norm, reserved_userids[i]) == 0)
			return 1;
	for (i = 0; reserved_prefixes[i]; i++)
		if (strncmp(norm, reserved_prefixes[i],
		            strlen(reserved_prefixes[i])) == 0)
			return 1;
	return 0;
}

int util_parse_date(const char *s, time_t *t)
{
	static const int mdays[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
	                               30, 31 };
	int y, m, d, i, leap;
	struct tm tm;

	for (i = 0; i < 10; i++)
		if (i == 4 || i == 7 ? s[i] != '-' : !isdigit((unsigned char)s[i]))
			return -1;
	if (s[10] != '\0')
		return -1;
	y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 +
	    (s[3] - '0');
	m = (s[5] - '0') * 10 + (s[6] - '0');
	d = (s[8] - '0') * 10 + (s[9] - '0');
	leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	if (y < 1970 || m < 1 || m > 12 || d < 1 ||
	    d > mdays[m - 1] + (m == 2 && leap))
		return -1;
	if (t) {
		memset(&tm, 0, sizeof tm);
		tm.tm_year = y - 1900;
		tm.tm_mon = m - 1;
		tm.tm_mday = d;
		*t = timegm(&tm);
	}
	return 0;
}

/* Decimal 1 to `digits` digits without sign or leading zero, or -1. */
static long positive_number(const char *s, size_t digits)
{
	long v = 0;
	size_t i, n = strlen(s);

	if (n < 1 || n > digits || s[0] == '0')
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

long util_board_number(const char *s)
{
	return positive_number(s, UTIL_BOARD_DIGITS);
}

long util_ply_number(const char *s)
{
	return positive_number(s, 6);
}

char *util_read_fd(int fd, size_t max, size_t *len, int *truncated)
{
	struct buf b = BUF_INIT;
	char chunk[65536];
	ssize_t n;

	if (truncated)
		*truncated = 0;
	for (;;) {
		n = read(fd, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			buf_free(&b);
			return NULL;
		}
		if (n == 0)
			break;
		if (b.len + (size_t)n > max) {
			buf_append(&b, chunk, max - b.len);
			if (truncated)
				*truncated = 1;
			/* Drain the rest so the writer (an MTA) is not left
			 * with a broken pipe. */
			while ((n = read(fd, chunk, sizeof chunk)) > 0 ||
			       (n < 0 && errno == EINTR))
				;
			break;
		}
		buf_append(&b, chunk, (size_t)n);
	}
	if (len)
		*len = b.len;
	return buf_take(&b);
}

/* util_open_regular, with the file's fstat(2) into *st. */
static int open_regular(const char *path, int flags, mode_t mode,
                        struct stat *st)
{
	int fd = open(path, flags | O_NONBLOCK | O_CLOEXEC, mode), saved;

	if (fd < 0) {
		/* A FIFO opened for writing with no reader, or a socket. */
		if (errno == ENXIO)
			errno = EINVAL;
		return -1;
	}
	if (fstat(fd, st) < 0)
		goto fail;
	if (!S_ISREG(st->st_mode)) {
		errno = EINVAL;
		goto fail;
	}
	/* O_NONBLOCK stays: on a regular file it changes nothing for read,
	 * write, flock (which has LOCK_NB for that) or stdio, and keeping
	 * it saves two system calls on every open of the spool. */
	return fd;
fail:
	saved = errno;
	close(fd);
	errno = saved;
	return -1;
}

int util_open_regular(const char *path, int flags, mode_t mode)
{
	struct stat st;

	return open_regular(path, flags, mode, &st);
}

FILE *util_fopen_spool_read(const char *path)
{
	int fd = util_open_regular(path, O_RDONLY | O_NOFOLLOW, 0), saved;
	FILE *f;

	if (fd < 0)
		return NULL;
	if ((f = fdopen(fd, "r")) == NULL) {
		saved = errno;
		close(fd);
		errno = saved;
	}
	return f;
}

char *util_read_file(const char *path, size_t max, size_t *len)
{
	return util_read_file_stat(path, max, len, NULL);
}

/* Read all of the open file fd (closed here) as util_read_file does. */
static char *read_opened(int fd, size_t max, size_t *len)
{
	int truncated = 0, saved;
	char *s = NULL;

	if (fd < 0)
		return NULL;
	s = util_read_fd(fd, max, len, &truncated);
	if (s && truncated) {
		free(s);
		s = NULL;
		errno = EFBIG;
	}
	saved = errno;
	close(fd);
	errno = saved;
	return s;
}

char *util_read_file_stat(const char *path, size_t max, size_t *len,
                          struct stat *st)
{
	struct stat own;

	return read_opened(open_regular(path, O_RDONLY | O_NOFOLLOW, 0,
	                                st ? st : &own), max, len);
}

char *util_read_file_follow(const char *path, size_t max, size_t *len)
{
	return read_opened(open(path, O_RDONLY | O_CLOEXEC), max, len);
}

FILE *util_fopen_spool(const char *path, int append)
{
	int fd = util_open_regular(path, O_WRONLY | O_CREAT | O_NOFOLLOW |
	                           (append ? O_APPEND : O_TRUNC), 0640), saved;
	FILE *f;

	if (fd < 0)
		return NULL;
	if ((f = fdopen(fd, append ? "a" : "w")) == NULL) {
		saved = errno;
		close(fd);
		errno = saved;
	}
	return f;
}

int util_fsync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc, saved;

	if (fd < 0)
		return -1;
	rc = fsync(fd);
	saved = errno;
	close(fd);
	errno = saved;
	return rc;
}

DIR *util_opendir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC),
	    saved;
	struct stat st;
	DIR *d;

	if (fd < 0) {
		/* Linux says ENOTDIR for a link with O_DIRECTORY: name it. */
		saved = errno;
		errno = saved == ENOTDIR && lstat(path, &st) == 0 &&
		        S_ISLNK(st.st_mode) ? ELOOP : saved;
		return NULL;
	}
	if ((d = fdopendir(fd)) == NULL) {
		saved = errno;
		close(fd);
		errno = saved;
	}
	return d;
}

size_t util_utf8_put(unsigned long cp, char out[4])
{
	if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		cp = 0xFFFD;
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

size_t util_utf8_seq(const unsigned char *s, size_t n, unsigned long *cp)
{
	size_t len, i;
	unsigned long v;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xC2 && s[0] <= 0xDF)
		len = 2, v = s[0] & 0x1F;
	else if (s[0] >= 0xE0 && s[0] <= 0xEF)
		len = 3, v = s[0] & 0x0F;
	else if (s[0] >= 0xF0 && s[0] <= 0xF4)
		len = 4, v = s[0] & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3F);
	}
	if ((len == 3 && v < 0x800) || (len == 4 && v < 0x10000) ||
	    (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF)
		return 0;
	*cp = v;
	return len;
}

size_t util_utf8_chars(const char *s, size_t n)
{
	size_t i, chars = 0;

	for (i = 0; i < n; i++)
		chars += ((unsigned char)s[i] & 0xC0) != 0x80;
	return chars;
}

enum util_cp_class util_cp_class(unsigned long cp)
{
	if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
		return UTIL_CP_CONTROL;
	if (cp < 0x2028)
		return UTIL_CP_TEXT;
	if (cp <= 0x2029)
		return UTIL_CP_BREAK;
	if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069))
		return UTIL_CP_BIDI;
	return UTIL_CP_TEXT;
}

char *util_clean_line(char *s)
{
	const unsigned char *in = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, o = 0, k;
	unsigned long cp;

	while (i < n) {
		k = util_utf8_seq(in + i, n - i, &cp);
		if (k == 0) {
			s[o++] = '?';
			i++;
			continue;
		}
		switch (util_cp_class(cp)) {
		case UTIL_CP_TEXT:
			memmove(s + o, s + i, k);
			o += k;
			break;
		case UTIL_CP_CONTROL:
		case UTIL_CP_BREAK:
			s[o++] = ' ';
			break;
		case UTIL_CP_BIDI:
			break;
		}
		i += k;
	}
	s[o] = '\0';
	return s;
}

char *util_safe_name(const char *name, char *out, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *in = (const unsigned char *)name;
	size_t n = strlen(name), i = 0, o = 0, k, j;
	unsigned long cp;

	while (i < n) {
		k = util_utf8_seq(in + i, n - i, &cp);
		if (k && util_cp_class(cp) == UTIL_CP_TEXT && cp != '\\') {
			if (o + k >= len)
				break;
			memcpy(out + o, in + i, k);
			o += k;
		} else if (k && cp == '\\') {
			if (o + 2 >= len)
				break;
			out[o++] = '\\';
			out[o++] = '\\';
		} else {
			if (!k)
				k = 1;
			if (o + 4 * k >= len)
				break;
			for (j = 0; j < k; j++) {
				out[o++] = '\\';
				out[o++] = 'x';
				out[o++] = hex[in[i + j] >> 4];
				out[o++] = hex[in[i + j] & 15];
			}
		}
		i += k;
	}
	out[o] = '\0';
	return out;
}

/* Whether host (as libcurl's URL parser gives it: IPv6 in brackets) is
 * a loopback address or "localhost". */
static int host_loopback(const char *host)
{
	struct in_addr a4;
	struct in6_addr a6;
	char v6[64];
	size_t n = strlen(host);

	if (strcasecmp(host, "localhost") == 0)
		return 1;
	if (inet_pton(AF_INET, host, &a4) == 1)
		return (ntohl(a4.s_addr) >> 24) == 127;
	if (n < 3 || n - 2 >= sizeof v6 || host[0] != '[' || host[n - 1] != ']')
		return 0;
	memcpy(v6, host + 1, n - 2);
	v6[n - 2] = '\0';
	if (inet_pton(AF_INET6, v6, &a6) != 1)
		return 0;
	return IN6_IS_ADDR_LOOPBACK(&a6) ||
	       (IN6_IS_ADDR_V4MAPPED(&a6) && a6.s6_addr[12] == 127);
}

int util_url_loopback(const char *url, int *has_credentials)
{
	const struct curl_lib *C = curl_lib(NULL);
	CURLU *u;
	char *host = NULL, *user = NULL, *password = NULL;
	int rc = -1;

	if (has_credentials)
		*has_credentials = 0;
	if (!C)
		return -2;
	u = C->url();
	if (!u || C->url_set(u, CURLUPART_URL, url, CURLU_NON_SUPPORT_SCHEME |
	                       CURLU_GUESS_SCHEME) != CURLUE_OK ||
	    C->url_get(u, CURLUPART_HOST, &host, 0) != CURLUE_OK)
		goto out;
	if (has_credentials)
		*has_credentials =
			C->url_get(u, CURLUPART_USER, &user, 0) == CURLUE_OK ||
			C->url_get(u, CURLUPART_PASSWORD, &password, 0) == CURLUE_OK;
	rc = host_loopback(host);
out:
	C->free(host);
	C->free(user);
	C->free(password);
	C->url_cleanup(u);
	return rc;
}

char *util_quote(const char *text)
{
	struct buf b = BUF_INIT;
	const char *p = text, *nl;

	while (*p) {
		nl = strchr(p, '\n');
		buf_puts(&b, "> ");
		if (!nl) {
			buf_puts(&b, p);
			buf_puts(&b, "\n");
			break;
		}
		buf_append(&b, p, (size_t)(nl - p + 1));
		p = nl + 1;
	}
	return buf_take(&b);
}
