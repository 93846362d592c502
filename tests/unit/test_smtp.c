/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_smtp.c - delivery through smtp_send() to a real SMTP server.
 *
 * Starts tests/smtpd.py (aiosmtpd, run with /usr/bin/python3) on loopback
 * with a scratch Maildir, delivers over one session and reads back what
 * the server stored: envelope lines, then the message as received.
 * Recipients the server refuses (550, 451) and a closed port pin down how
 * failures map to SMTP_PERMFAIL, SMTP_TEMPFAIL and SMTP_DOWN.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "mail/mail.h"
#include "mail/smtp.h"
#include "tap.h"

static char tmpdir[256], maildir[300], portfile[300], connfile[300];
static pid_t server = -1;

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) != NULL)
		buf[fread(buf, 1, (size_t)n, f)] = '\0';
	fclose(f);
	return buf;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Start tests/smtpd.py; returns its port, or -1. */
static int start_server(void)
{
	const char *root = getenv("EPAMSERV_SRCDIR");
	char script[4096], *port;
	const char *base = getenv("TMPDIR");
	int i, p = -1;

	if (snprintf(tmpdir, sizeof tmpdir, "%s/test_smtp.XXXXXX",
	             base ? base : "/tmp") >= (int)sizeof tmpdir ||
	    mkdtemp(tmpdir) == NULL)
		return -1;
	snprintf(maildir, sizeof maildir, "%s/maildir", tmpdir);
	snprintf(portfile, sizeof portfile, "%s/port", tmpdir);
	snprintf(connfile, sizeof connfile, "%s/connections", tmpdir);
	if (snprintf(script, sizeof script, "%s/tests/smtpd.py",
	             root ? root : ".") >= (int)sizeof script)
		return -1;
	if ((server = fork()) < 0)
		return -1;
	if (server == 0) {
		execl("/usr/bin/python3", "python3", script, "--port-file", portfile,
		      "--maildir", maildir,
		      "--fail-rcpt", "perm@example.org=550",
		      "--fail-rcpt", "temp@example.org=451", (char *)NULL);
		_exit(127);
	}
	for (i = 0; i < 300 && p < 0; i++) {     /* up to 15 seconds */
		if ((port = slurp(portfile)) != NULL) {
			p = atoi(port);
			free(port);
		} else {
			sleep_ms(50);
		}
	}
	return p > 0 ? p : -1;
}

static void stop_server(void)
{
	DIR *d;
	struct dirent *e;
	char path[600];

	if (server > 0) {
		kill(server, SIGTERM);
		waitpid(server, NULL, 0);
	}
	if ((d = opendir(maildir)) != NULL) {
		while ((e = readdir(d)) != NULL) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof path, "%s/%s", maildir, e->d_name);
			unlink(path);
		}
		closedir(d);
	}
	rmdir(maildir);
	unlink(portfile);
	unlink(connfile);
	rmdir(tmpdir);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Wait until the Maildir holds want messages; their contents in order
 * of arrival, in got[] (malloc'ed).  Returns how many were read. */
static int read_maildir(char **got, int want)
{
	char *names[16], path[600];
	DIR *d;
	struct dirent *e;
	int n = 0, i, tries;

	for (tries = 0; tries < 100; tries++) {
		n = 0;
		if ((d = opendir(maildir)) != NULL) {
			while ((e = readdir(d)) != NULL && n < 16)
				if (e->d_name[0] != '.')
					names[n++] = strdup(e->d_name);
			closedir(d);
		}
		if (n >= want)
			break;
		for (i = 0; i < n; i++)
			free(names[i]);
		n = 0;
		sleep_ms(50);
	}
	qsort(names, (size_t)n, sizeof names[0], by_name);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/%s", maildir, names[i]);
		got[i] = slurp(path);
		free(names[i]);
	}
	return n;
}

static int count_lines(const char *path)
{
	char *s = slurp(path), *p;
	int n = 0;

	for (p = s; p && *p; p++)
		n += *p == '\n';
	free(s);
	return n;
}

/* A loopback port with nothing listening (bound, then closed). */
static int closed_port(void)
{
	struct sockaddr_in a;
	socklen_t len = sizeof a;
	int fd = socket(AF_INET, SOCK_STREAM, 0), port = -1;

	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
	    getsockname(fd, (struct sockaddr *)&a, &len) == 0)
		port = ntohs(a.sin_port);
	if (fd >= 0)
		close(fd);
	return port;
}

static const char msg1[] =
	"From: epamserv <epamserv@pbem.example.net>\r\n"
	"To: <alice@example.org>\r\n"
	"Subject: Epaminondas Board 101 alice\r\n"
	"Message-ID: <b101.1.alice.aa@pbem.example.net>\r\n"
	"\r\n"
	"Your move.\r\n"
	".a line that starts with a dot\r\n"
	"..and one with two\r\n";
static const char msg2[] =
	"From: epamserv <epamserv@pbem.example.net>\r\n"
	"To: <bob@example.org>\r\n"
	"Subject: Error: bad move\r\n"
	"Auto-Submitted: auto-replied\r\n"
	"\r\n"
	"No such board.\r\n";

static void test_delivery(int port)
{
	struct smtp_settings st;
	struct smtp_session *s;
	char url[64], *err = NULL, *got[16] = { NULL };
	int n, i, conns = count_lines(connfile);

	snprintf(url, sizeof url, "smtp://127.0.0.1:%d", port);
	memset(&st, 0, sizeof st);
	st.url = url;
	st.connect_timeout = 5;
	st.timeout = 30;
	st.ehlo_name = "pbem.example.net";
	s = smtp_open_with(&st);
	ok(s != NULL, "a session opens with settings");
	is_int(smtp_send(s, "epamserv@pbem.example.net", "alice@example.org",
	                 msg1, strlen(msg1), &err), SMTP_SENT,
	       "first message is sent");
	free(err);
	err = NULL;
	is_int(smtp_send(s, "", "bob@example.org", msg2, strlen(msg2), &err),
	       SMTP_SENT, "second message, with the null sender, is sent");
	free(err);
	err = NULL;
	n = read_maildir(got, 2);
	is_int(n, 2, "the server stored two messages");
	ok(got[0] && strncmp(got[0], "X-Envelope-From: <epamserv@pbem.example.net>"
	   "\r\nX-Envelope-To: <alice@example.org>\r\n", 81) == 0,
	   "first envelope: our sender, the recipient");
	ok(got[0] && strstr(got[0], msg1) != NULL,
	   "first message arrives intact (dot-stuffing undone)");
	/* aiosmtpd reports the null reverse-path as "<>", which smtpd.py
	 * wraps once more: accept both spellings of MAIL FROM:<>. */
	ok(got[1] && (strncmp(got[1], "X-Envelope-From: <>\r\n", 21) == 0 ||
	              strncmp(got[1], "X-Envelope-From: <<>>\r\n", 23) == 0) &&
	   strstr(got[1], "\r\nX-Envelope-To: <bob@example.org>\r\n"),
	   "second envelope: the null sender <>");
	ok(got[1] && strstr(got[1], msg2) != NULL, "second message arrives intact");
	is_int(count_lines(connfile) - conns, 1,
	       "both messages went over one connection");
	for (i = 0; i < n; i++)
		free(got[i]);

	is_int(smtp_send(s, "epamserv@pbem.example.net", "perm@example.org",
	                 msg1, strlen(msg1), &err), SMTP_PERMFAIL,
	       "a recipient refused with 550 is a permanent failure");
	ok(err && strstr(err, "550"), "the error names the reply code 550");
	ok(err && strstr(err, "550 5.1.1 <perm@example.org>: Recipient address "
	   "rejected: User unknown in local recipient table"),
	   "the error carries the server's full reply");
	is_str(smtp_last_reply(s), "550 5.1.1 <perm@example.org>: Recipient "
	       "address rejected: User unknown in local recipient table",
	       "smtp_last_reply is the refusal, not the reply to QUIT or RSET");
	if (err)
		printf("# %s\n", err);
	free(err);
	err = NULL;
	is_int(smtp_send(s, "epamserv@pbem.example.net", "temp@example.org",
	                 msg1, strlen(msg1), &err), SMTP_TEMPFAIL,
	       "a recipient refused with 451 is a temporary failure");
	ok(err && strstr(err, "451"), "the error names the reply code 451");
	free(err);
	err = NULL;
	is_int(smtp_send(s, "", "carol@example.org", msg2, strlen(msg2), &err),
	       SMTP_SENT, "the session still delivers after refusals");
	ok(strncmp(smtp_last_reply(s), "250 2.0.0 Ok: queued as ", 24) == 0,
	   "smtp_last_reply of a sent mail is the reply to its DATA");
	free(err);
	err = NULL;
	is_int(smtp_send(s, "", "bad address@example.org", msg2, strlen(msg2),
	                 &err), SMTP_PERMFAIL,
	       "an unusable recipient address is a permanent failure");
	free(err);
	smtp_close(s);
}

static void test_tls_settings(int port)
{
	struct smtp_settings st;
	struct smtp_session *s;
	char url[64], *err = NULL;

	snprintf(url, sizeof url, "smtp://127.0.0.1:%d", port);
	memset(&st, 0, sizeof st);
	st.url = url;
	st.connect_timeout = 5;
	st.timeout = 30;
	st.tls = SMTP_TLS_TRY;
	s = smtp_open_with(&st);
	is_int(smtp_send(s, "epamserv@pbem.example.net", "dave@example.org",
	                 msg1, strlen(msg1), &err), SMTP_SENT,
	       "opportunistic STARTTLS delivers in clear when not offered");
	free(err);
	err = NULL;
	smtp_close(s);

	st.tls = SMTP_TLS_REQUIRE;
	s = smtp_open_with(&st);
	is_int(smtp_send(s, "epamserv@pbem.example.net", "dave@example.org",
	                 msg1, strlen(msg1), &err), SMTP_DOWN,
	       "required STARTTLS not offered: the relay cannot be used, not "
	       "sent");
	free(err);
	smtp_close(s);

	st.tls = SMTP_TLS_NONE;
	st.ehlo_name = "bad name\r\nRSET";
	ok(smtp_open_with(&st) == NULL, "an EHLO name with CR/LF is refused");
}

/* AUTH never in clear text to another host (issue 11, item 9): the
 * session is refused before anything connects. */
static void test_plaintext_auth_refused(void)
{
	static const char *const exposed[] = {
		"smtp://mail.example.org:587", "smtp://192.0.2.1",
		"smtp://[2001:db8::1]", "smtp://localhost.", "mail.example.org",
		"smtp://10.0.0.1.nip.io", NULL
	};
	static const char *const near[] = {
		"smtp://127.0.0.1:25", "smtp://127.8.9.10", "smtp://127.1",
		"smtp://[::1]:25", "smtp://[::ffff:127.0.0.2]", "smtp://LOCALHOST",
		NULL
	};
	struct smtp_settings st;
	struct smtp_session *s;
	int i, all;

	memset(&st, 0, sizeof st);
	st.user = "epam";
	st.password = "secret";
	for (i = 0, all = 1; exposed[i]; i++) {
		st.url = exposed[i];
		st.tls = i % 2 ? SMTP_TLS_TRY : SMTP_TLS_NONE;
		if ((s = smtp_open_with(&st)) != NULL) {
			printf("# opened: %s\n", exposed[i]);
			smtp_close(s);
			all = 0;
		}
	}
	ok(all, "AUTH with smtp_tls none or try to a host outside loopback: "
	   "no session");
	st.url = "smtp://u:p@mail.example.org";
	st.user = NULL;
	st.tls = SMTP_TLS_TRY;
	ok(smtp_settings_exposed(&st), "a user in the URL counts as AUTH");
	st.user = "epam";
	for (i = 0, all = 1; near[i]; i++) {
		st.url = near[i];
		st.tls = SMTP_TLS_NONE;
		if (smtp_settings_exposed(&st)) {
			printf("# refused: %s\n", near[i]);
			all = 0;
		}
	}
	ok(all, "loopback addresses and localhost may take AUTH in clear text");
	st.url = "smtp://mail.example.org";
	st.tls = SMTP_TLS_REQUIRE;
	ok(!smtp_settings_exposed(&st), "STARTTLS required: allowed");
	st.url = "smtps://mail.example.org";
	st.tls = SMTP_TLS_NONE;
	ok(!smtp_settings_exposed(&st), "smtps://: allowed");
	st.url = "smtp://mail.example.org";
	st.allow_plaintext = 1;
	ok(!smtp_settings_exposed(&st) && (s = smtp_open_with(&st)) != NULL,
	   "allow_plaintext: the operator's choice, a session opens");
	smtp_close(s);
	st.allow_plaintext = 0;
	st.user = NULL;
	ok(!smtp_settings_exposed(&st), "no AUTH: nothing to expose");
}

static void test_closed_port(void)
{
	struct smtp_session *s;
	char url[64], *err = NULL;
	int port = closed_port();

	snprintf(url, sizeof url, "smtp://127.0.0.1:%d", port);
	s = smtp_open(url);
	ok(s != NULL, "smtp_open does not connect yet");
	is_int(smtp_send(s, "epamserv@pbem.example.net", "alice@example.org",
	                 msg1, strlen(msg1), &err), SMTP_DOWN,
	       "a closed port: the relay cannot be used (not the message's "
	       "failure)");
	ok(err != NULL, "with an error text");
	free(err);
	smtp_close(s);
}

/* The enhanced status code of a reply, only when it is one. */
static void test_reply_dsn(void)
{
	char dsn[16];

	is_int(smtp_reply_dsn("550 5.1.1 <a@b.org>: User unknown", dsn,
	                      sizeof dsn), 0, "a 550 with 5.1.1");
	is_str(dsn, "5.1.1", "gives 5.1.1");
	is_int(smtp_reply_dsn("451-4.7.1 Greylisted", dsn, sizeof dsn), 0,
	       "a continued line");
	is_str(dsn, "4.7.1", "gives 4.7.1");
	is_int(smtp_reply_dsn("250 2.0.0", dsn, sizeof dsn), 0, "a bare code");
	is_str(dsn, "2.0.0", "gives 2.0.0");
	is_int(smtp_reply_dsn("250 123.456.789 x", dsn, sizeof dsn), -1,
	       "a class of three digits is none");
	is_int(smtp_reply_dsn("550 4.1.1 x", dsn, sizeof dsn), -1,
	       "a class other than the code's is none");
	is_int(smtp_reply_dsn("550 5.1. 1 x", dsn, sizeof dsn), -1,
	       "a broken code is none");
	is_int(smtp_reply_dsn("550 5.1234.1 x", dsn, sizeof dsn), -1,
	       "a part of four digits is none");
	is_int(smtp_reply_dsn("550 Refused", dsn, sizeof dsn), -1,
	       "a reply without one");
	is_int(smtp_reply_dsn("", dsn, sizeof dsn), -1, "no reply");
	is_int(smtp_reply_dsn("550 5.1.1", dsn, 5), -1, "a buffer too small");
}

int main(void)
{
	int port;

	test_reply_dsn();
	signal(SIGPIPE, SIG_IGN);
	port = start_server();
	ok(port > 0, "tests/smtpd.py starts on loopback");
	if (port > 0) {
		test_delivery(port);
		test_tls_settings(port);
	}
	stop_server();
	test_plaintext_auth_refused();
	test_closed_port();
	return tap_done();
}
