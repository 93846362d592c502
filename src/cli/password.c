/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * password.c - the password of "admin user add" and "admin user passwd":
 * from the terminal without echo (asked twice) or from the first line of
 * standard input, so that it shows neither in ps nor in shell history.
 */
#include "cli/password.h"

#include "util/buf.h"
#include "util/i18n.h"
#include "util/util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* One line of in into buf (size bytes), its line end dropped.  0, 1 at
 * the end of the input with nothing read, or -1 when the line does not
 * fit. */
static int read_line(FILE *in, char *buf, size_t size)
{
	size_t n;

	if (!fgets(buf, (int)size, in))
		return 1;
	n = strlen(buf);
	if (n > 0 && buf[n - 1] == '\n')
		buf[--n] = '\0';
	else if (!feof(in))
		return -1;
	if (n > 0 && buf[n - 1] == '\r')
		buf[--n] = '\0';
	return 0;
}

/* The terminal's settings from before its echo was turned off. */
static struct termios saved_tty;

/* A signal that ends the process at the prompt (Ctrl-C, a quit, a kill) must not
 * leave the operator's terminal without echo: put it back, then let the
 * signal do what it would have done (SA_RESETHAND made that the default
 * again).  tcsetattr and raise are async-signal-safe. */
static void restore_and_die(int sig)
{
	tcsetattr(0, TCSAFLUSH, &saved_tty);
	raise(sig);
}

/* One line typed at the terminal on fd 0, prompt on stderr, no echo.
 * As read_line; -2 when the terminal cannot be set. */
static int read_hidden(const char *prompt, char *buf, size_t size)
{
	static const int sigs[] = { SIGINT, SIGQUIT, SIGTERM, SIGHUP };
	struct sigaction sa, old_sa[sizeof sigs / sizeof sigs[0]];
	struct termios quiet;
	size_t i;
	int rc;

	if (tcgetattr(0, &saved_tty) < 0)
		return -2;
	quiet = saved_tty;
	quiet.c_lflag &= ~(tcflag_t)ECHO;
	quiet.c_lflag |= ECHONL;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = restore_and_die;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, &old_sa[i]);
	/* Echo off first, the prompt after: a line typed as soon as the
	 * prompt shows is neither echoed nor flushed by TCSAFLUSH. */
	if (tcsetattr(0, TCSAFLUSH, &quiet) < 0) {
		rc = -2;
		goto done;
	}
	fputs(prompt, stderr);
	fflush(stderr);
	rc = read_line(stdin, buf, size);
	tcsetattr(0, TCSAFLUSH, &saved_tty);
done:
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &old_sa[i], NULL);
	return rc;
}

/* Why pw cannot be a player's password, or NULL. */
static const char *password_problem(const char *pw)
{
	const unsigned char *p;

	if (!*pw)
		return _("the password is empty");
	if (strlen(pw) > CLI_PASSWORD_MAX)
		return _("the password is too long (128 characters at most)");
	for (p = (const unsigned char *)pw; *p; p++)
		if (*p <= ' ' || *p == 0x7F)
			return _("the password holds a blank or a control "
				 "character (a mail command could not carry it)");
	return NULL;
}

char *cli_read_password(const char *userid, char **err)
{
	char pw[CLI_PASSWORD_MAX + 8], again[CLI_PASSWORD_MAX + 8], prompt[96];
	const char *why = NULL;
	struct buf e = BUF_INIT;
	char *out = NULL;
	int rc;

	*err = NULL;
	if (isatty(0)) {
		snprintf(prompt, sizeof prompt, _("new password for %s: "),
			 userid);
		rc = read_hidden(prompt, pw, sizeof pw);
		if (rc == 0 && !(why = password_problem(pw))) {
			rc = read_hidden(_("the same again: "), again,
					 sizeof again);
			if (rc == 0 && strcmp(pw, again) != 0)
				why = _("the two passwords differ");
		}
	} else {
		rc = read_line(stdin, pw, sizeof pw);
	}
	if (rc == 1)
		why = _("no password on standard input (give it as its first "
			"line, or run the command at a terminal to be asked "
			"for it)");
	else if (rc == -1)
		why = _("the password is too long (128 characters at most)");
	else if (rc == -2)
		why = _("cannot turn off the terminal's echo");
	else if (!why)
		why = password_problem(pw);
	if (why) {
		buf_puts(&e, why);
		*err = buf_take(&e);
	} else {
		out = xstrdup(pw);
	}
	memset(pw, 0, sizeof pw);
	memset(again, 0, sizeof again);
	return out;
}

void cli_warn_argv_password(void)
{
	fputs(_("epamserv: warning: a password on the command line can be "
		"read by every user of this machine (ps) and stays in the "
		"shell's history; leave it out and type it when asked, or give "
		"it on standard input (this form will be refused in a later "
		"version)\n"), stderr);
}
