/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_util.c - the helpers of src/util/util.c that stand between
 * untrusted text and the rest of the program: the log line cleaner, the
 * strict date reader, the reserved userids (issue 11, items 8 and 10);
 * the spool's opens that refuse symbolic links and FIFOs (issue 12);
 * buf_put_html, the escaping of every web page (issue 18); board and
 * ply numbers, the words of "limit accept", the non-blocking open of
 * every spool file and the file-name printer (issue 29).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "spool/accept.h"
#include "util/buf.h"
#include "util/util.h"
#include "tap.h"

/* util_clean_line on s (copied): the cleaned copy, static. */
static const char *clean(const char *s)
{
	static char buf[256];

	snprintf(buf, sizeof buf, "%s", s);
	return util_clean_line(buf);
}

static void test_clean_line(void)
{
	is_str(clean("plain text, caf\xc3\xa9 \xe2\x99\x9f"), "plain text, "
	       "caf\xc3\xa9 \xe2\x99\x9f", "clean_line keeps text and UTF-8");
	is_str(clean("a\nb\rc\td\x1b[31me\x7f" "f"), "a b c d [31me f",
	       "clean_line: C0 controls and DEL become spaces");
	is_str(clean("a\xc2\x85" "b\xc2\x9b" "31mc\xc2\x80\xc2\x9f" "d"),
	       "a b 31mc  d", "clean_line: C1 controls (NEL, CSI) become spaces");
	is_str(clean("user \xe2\x80\xae" "nimda\xe2\x80\xac ok \xe2\x81\xa6x"
	             "\xe2\x81\xa9 \xe2\x80\xaa\xe2\x80\xab\xe2\x80\xad\xe2\x81\xa7"
	             "\xe2\x81\xa8."), "user nimda ok x .",
	       "clean_line: bidi embeddings, overrides and isolates are removed");
	is_str(clean("a\xe2\x80\xa8" "b\xe2\x80\xa9" "c"), "a b c",
	       "clean_line: line and paragraph separators become spaces");
	is_str(clean("r\xe2\x80\x8fl \xe2\x80\x8e \xd8\x9c" "a"),
	       "r\xe2\x80\x8fl \xe2\x80\x8e \xd8\x9c" "a",
	       "clean_line keeps the marks RLM, LRM and ALM");
	is_str(clean("a\xff" "b\xc3(\xed\xa0\x80" "c\xe2\x80"),
	       "a?b?(???c??", "clean_line: bytes that are not UTF-8 become '?'");
	ok(util_cp_class(0x9F) == UTIL_CP_CONTROL &&
	   util_cp_class(0xA0) == UTIL_CP_TEXT &&
	   util_cp_class(0x202A) == UTIL_CP_BIDI &&
	   util_cp_class(0x202F) == UTIL_CP_TEXT &&
	   util_cp_class(0x2065) == UTIL_CP_TEXT &&
	   util_cp_class(0x2069) == UTIL_CP_BIDI &&
	   util_cp_class(0x206A) == UTIL_CP_TEXT &&
	   util_cp_class(0x200F) == UTIL_CP_TEXT,
	   "util_cp_class: the edges of the C1 and bidi ranges");
}

static void test_parse_date(void)
{
	static const char *const bad[] = {
		"2026-02-30", "2026-13-01", "2026-00-10", "2026-01-00",
		"2026-04-31", "2027-02-29", "1900-02-29", "+2026-01-05",
		" 2026-01-05", "2026-01-05 ", "2026-1-5", "2026-1-05",
		"2026-01-5", "2026/01/05", "20260105", "2026-01-05T00:00:00Z",
		"\xef\xbc\x92" "026-01-05", "1969-12-31", "", "tomorrow", "0x7e-01-01",
		"2026-+1-05", "2026- 1-05", NULL
	};
	time_t t = 0;
	int i, refused = 1;

	ok(util_parse_date("2026-12-24", &t) == 0 && t == 1798070400,
	   "2026-12-24 is 00:00 UTC of that day");
	ok(util_parse_date("2028-02-29", &t) == 0 && t == 1835395200,
	   "29 February of a leap year is a date");
	ok(util_parse_date("2000-02-29", NULL) == 0 &&
	   util_parse_date("2026-12-31", NULL) == 0 &&
	   util_parse_date("1970-01-01", NULL) == 0,
	   "2000-02-29, the last day of a year and the epoch are dates");
	for (i = 0; bad[i]; i++)
		if (util_parse_date(bad[i], &t) == 0) {
			printf("# accepted: '%s'\n", bad[i]);
			refused = 0;
		}
	ok(refused, "no impossible day, no loose form is a date (%d tried)", i);
}

static void test_reserved(void)
{
	static const char *const reserved[] = {
		"admin", "administrator", "postmaster", "root", "abuse",
		"mailer-daemon", "mailer_daemon", "epamserv", "hostmaster",
		"webmaster", "nobody", "daemon", "noreply", "no-reply", "no_reply",
		"robot", "robot1", "robot-easy", "robotfrank", "admin2",
		"epamserv-bot", "by", "all", "Postmaster", NULL
	};
	static const char *const free_ids[] = {
		"alice", "bob", "rob", "robin", "robo", "myrobot", "adm1n",
		"epam", "nobody2", "rootbeer", "abusement", NULL
	};
	int i, all = 1;

	for (i = 0; reserved[i]; i++)
		if (!util_userid_reserved(reserved[i])) {
			printf("# not reserved: %s\n", reserved[i]);
			all = 0;
		}
	ok(all, "role, server and robot names are reserved");
	for (i = 0, all = 1; free_ids[i]; i++)
		if (util_userid_reserved(free_ids[i])) {
			printf("# reserved: %s\n", free_ids[i]);
			all = 0;
		}
	ok(all, "names that only look alike are free");
}

/* The spool's opens in a scratch directory: a regular file is read, a
 * symbolic link to it or a FIFO is not (and does not hang); writes and
 * directory listings refuse a link too.  The operator's reads follow. */
static void test_spool_opens(void)
{
	char dir[] = "/tmp/epamserv-util-XXXXXX", file[64], link_[64], fifo[64],
	     made[64], dlink[64];
	char *s;
	FILE *f;
	DIR *d;
	struct stat st;
	mode_t old;

	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp: %s", strerror(errno));
		return;
	}
	snprintf(file, sizeof file, "%s/file", dir);
	snprintf(link_, sizeof link_, "%s/link", dir);
	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	snprintf(made, sizeof made, "%s/made", dir);
	snprintf(dlink, sizeof dlink, "%s/dlink", dir);
	f = fopen(file, "w");
	fputs("text\n", f);
	fclose(f);
	ok(symlink(file, link_) == 0 && mkfifo(fifo, 0600) == 0 &&
	   symlink(dir, dlink) == 0, "scratch link and FIFO made");

	s = util_read_file(file, 100, NULL);
	is_str(s ? s : "(null)", "text\n", "util_read_file reads a regular file");
	free(s);
	errno = 0;
	s = util_read_file(link_, 100, NULL);
	ok(!s && errno == ELOOP, "util_read_file refuses a symbolic link (ELOOP)");
	free(s);
	errno = 0;
	s = util_read_file(fifo, 100, NULL);
	ok(!s && errno == EINVAL, "util_read_file refuses a FIFO, without "
	   "waiting on it (EINVAL)");
	free(s);
	s = util_read_file_follow(link_, 100, NULL);
	is_str(s ? s : "(null)", "text\n", "util_read_file_follow follows a link");
	free(s);

	errno = 0;
	f = util_fopen_spool(link_, 0);
	ok(!f && errno == ELOOP, "util_fopen_spool refuses a link to write");
	if (f)
		fclose(f);
	f = util_fopen_spool(link_, 1);
	ok(!f && errno == ELOOP, "util_fopen_spool refuses a link to append");
	if (f)
		fclose(f);
	s = util_read_file(file, 100, NULL);
	is_str(s ? s : "(null)", "text\n", "the file behind the link is as it was");
	free(s);
	old = umask(022);
	f = util_fopen_spool(made, 1);
	umask(old);
	ok(f && fputs("a\n", f) >= 0 && fclose(f) == 0 && stat(made, &st) == 0 &&
	   (st.st_mode & 0777) == 0640, "util_fopen_spool creates mode 0640");

	/* Issue 29: writers and every other open of a spool file. */
	errno = 0;
	f = util_fopen_spool(fifo, 0);
	ok(!f && errno == EINVAL, "util_fopen_spool refuses a FIFO without a "
	   "reader, without waiting on it (EINVAL)");
	if (f)
		fclose(f);
	{
		/* A reader at the other end: the open goes through, and the
		 * regular-file check refuses it all the same. */
		int rd = open(fifo, O_RDONLY | O_NONBLOCK), fd;
		char four[4];
		errno = 0;
		fd = util_open_regular(fifo, O_WRONLY | O_CREAT | O_TRUNC |
		                       O_NOFOLLOW, 0640);
		ok(rd >= 0 && fd < 0 && errno == EINVAL, "util_open_regular refuses "
		   "a FIFO someone reads (EINVAL)");
		if (fd >= 0)
			close(fd);
		if (rd >= 0)
			close(rd);
		errno = 0;
		fd = util_open_regular(fifo, O_RDWR | O_CREAT | O_NOFOLLOW, 0600);
		ok(fd < 0 && errno == EINVAL, "util_open_regular refuses a FIFO "
		   "as a lock file (EINVAL)");
		if (fd >= 0)
			close(fd);
		errno = 0;
		fd = util_open_regular("/dev/null", O_RDONLY, 0);
		ok(fd < 0 && errno == EINVAL, "util_open_regular refuses a device "
		   "(EINVAL)");
		if (fd >= 0)
			close(fd);
		fd = util_open_regular(file, O_RDONLY | O_NOFOLLOW, 0);
		ok(fd >= 0 && read(fd, four, 4) == 4, "util_open_regular opens and "
		   "reads a regular file");
		if (fd >= 0)
			close(fd);
	}
	errno = 0;
	f = util_fopen_spool_read(fifo);
	ok(!f && errno == EINVAL, "util_fopen_spool_read refuses a FIFO "
	   "(EINVAL)");
	if (f)
		fclose(f);
	errno = 0;
	f = util_fopen_spool_read(link_);
	ok(!f && errno == ELOOP, "util_fopen_spool_read refuses a link (ELOOP)");
	if (f)
		fclose(f);

	d = util_opendir(dir);
	ok(d != NULL, "util_opendir opens a directory");
	if (d)
		closedir(d);
	errno = 0;
	d = util_opendir(dlink);
	ok(!d && errno == ELOOP, "util_opendir refuses a link to a directory");
	if (d)
		closedir(d);

	unlink(file);
	unlink(link_);
	unlink(fifo);
	unlink(made);
	unlink(dlink);
	rmdir(dir);
}

static void test_put_html(void)
{
	struct buf b = BUF_INIT;

	buf_put_html(&b, "<a href=\"x\" title='y'>&amp; \xc3\xa9</a>");
	is_str(buf_str(&b), "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;"
	       "&amp;amp; \xc3\xa9&lt;/a&gt;",
	       "buf_put_html escapes < > & \" ' and keeps UTF-8 as it is");
	buf_reset(&b);
	buf_put_html(&b, "");
	is_str(buf_str(&b), "", "buf_put_html of \"\" appends nothing");
	buf_reset(&b);
	buf_put_html(&b, "a\x01" "b\x1b[2Jc\x7f" "d\xc2\x9b" "e\n\tf\xff" "g"
	             "\xe2\x80\xaeh");
	is_str(buf_str(&b), "a b [2Jc d e\n\tf\xef\xbf\xbdgh",
	       "buf_put_html: controls blank, LF and TAB kept, a stray byte "
	       "U+FFFD, a bidi override dropped (issue 29)");
	buf_free(&b);
}

/* Board numbers go past 999,999 up to UTIL_BOARD_MAX (issue 29); move
 * and ply numbers keep six digits. */
static void test_numbers(void)
{
	static const char *const bad[] = {
		"", "0", "0101", "-1", "+5", "1000000000", "12a", " 5", "99999999999",
	};
	size_t i;

	is_int(util_board_number("101"), 101, "board 101");
	is_int(util_board_number("999999"), 999999, "board 999999");
	is_int(util_board_number("1000000"), 1000000, "board 1000000");
	is_int(util_board_number("999999999"), UTIL_BOARD_MAX,
	       "board 999999999, the last");
	for (i = 0; i < sizeof bad / sizeof *bad; i++)
		is_int(util_board_number(bad[i]), -1, "'%s' is no board number",
		       bad[i]);
	is_int(util_ply_number("999999"), 999999, "ply 999999");
	is_int(util_ply_number("1234567"), -1, "a ply number has six digits");
}

/* The words of the limit accept setting read and written back. */
static void test_accept(void)
{
	static const char *const times[][2] = {
		{ "3d", "3d" }, { "36h", "36h" }, { "48h", "2d" }, { "any", "any" },
		{ "default", "default" }, { "365d", "365d" },
	};
	static const char *const bad_times[] = {
		"", "0d", "3", "d", "3x", "366d", "03d", "99999d", "3dd", "-1d",
	};
	static const char *const sizes[][2] = {
		{ "default", "default" }, { "any", "any" }, { "10x10", "10x10" },
		{ "default,10x10", "default,10x10" }, { "8X8,26x26", "8x8,26x26" },
		{ "1x1,2x2,3x3,default", "1x1,2x2,3x3,default" },
	};
	static const char *const bad_sizes[] = {
		"", ",", "10x10,", "10x10,10x10", "1x1,2x2,3x3,4x4,5x5", "0x5",
		"10x010", "100x10", "10-10", "10x", "x10", "defaults", "10x10 ",
	};
	struct accept_set a, keep;
	char out[64];
	size_t i;

	accept_default(&a);
	ok(accept_is_default(&a), "the default is the default");
	ok(accept_takes_size(&a, 14, 12, 14, 12) &&
	   !accept_takes_size(&a, 10, 10, 14, 12),
	   "by default only the game's own size is taken");
	for (i = 0; i < sizeof times / sizeof *times; i++) {
		accept_default(&a);
		is_int(accept_parse_time(&a, times[i][0]), 0, "-time=%s is read",
		       times[i][0]);
		accept_format_time(&a, out, sizeof out);
		is_str(out, times[i][1], "and written back");
	}
	for (i = 0; i < sizeof bad_times / sizeof *bad_times; i++) {
		accept_default(&a);
		keep = a;
		is_int(accept_parse_time(&a, bad_times[i]), -1,
		       "-time=%s is refused", bad_times[i]);
		ok(memcmp(&a, &keep, sizeof a) == 0, "and leaves the setting");
	}
	for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		accept_default(&a);
		is_int(accept_parse_size(&a, sizes[i][0]), 0, "-size=%s is read",
		       sizes[i][0]);
		accept_format_size(&a, out, sizeof out);
		is_str(out, sizes[i][1], "and written back");
	}
	for (i = 0; i < sizeof bad_sizes / sizeof *bad_sizes; i++) {
		accept_default(&a);
		keep = a;
		is_int(accept_parse_size(&a, bad_sizes[i]), -1,
		       "-size=%s is refused", bad_sizes[i]);
		ok(memcmp(&a, &keep, sizeof a) == 0, "and leaves the setting");
	}
	accept_default(&a);
	accept_parse_size(&a, "default,10x10");
	ok(accept_takes_size(&a, 14, 12, 14, 12) &&
	   accept_takes_size(&a, 10, 10, 14, 12) &&
	   !accept_takes_size(&a, 8, 8, 14, 12),
	   "default,10x10 takes the game's own size and 10x10 only");
	accept_parse_size(&a, "any");
	ok(accept_takes_size(&a, 5, 6, 14, 12), "any takes every size");
}

static void test_safe_name(void)
{
	char out[64];

	is_str(util_safe_name("games/epaminondas/101.game", out, sizeof out),
	       "games/epaminondas/101.game", "safe_name keeps a plain name");
	is_str(util_safe_name("x\nall is well\x1b[2J", out, sizeof out),
	       "x\\x0aall is well\\x1b[2J", "safe_name escapes a newline and "
	       "an escape byte");
	is_str(util_safe_name("a\\b caf\xc3\xa9 \xff\xc2\x9b\xe2\x80\xae", out,
	                      sizeof out),
	       "a\\\\b caf\xc3\xa9 \\xff\\xc2\\x9b\\xe2\\x80\\xae",
	       "safe_name: a backslash doubled, UTF-8 kept, a stray byte, a C1 "
	       "control and a bidi override escaped byte by byte");
	is_str(util_safe_name("abc\x01", out, 6), "abc", "safe_name cuts before "
	       "an escape that does not fit");
}

int main(void)
{
	test_numbers();
	test_accept();
	test_put_html();
	test_clean_line();
	test_parse_date();
	test_reserved();
	test_spool_opens();
	test_safe_name();
	return tap_done();
}
