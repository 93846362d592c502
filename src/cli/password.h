/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * password.h - the password an admin command sets, read from the
 * terminal or standard input, never from argv (issue 13).
 */
#ifndef EPAM_CLI_PASSWORD_H
#define EPAM_CLI_PASSWORD_H

/* The longest password a player may have (as "change password"). */
#define CLI_PASSWORD_MAX 128

/* Read the new password for userid.  When standard input is a terminal:
 * a prompt on stderr, the password typed without echo, then typed again
 * to confirm.  Otherwise: the first line of standard input (its line end
 * dropped), for scripts ("printf '%s\n' PW | epamserv admin user ...").
 * A password is 1 to CLI_PASSWORD_MAX bytes without blanks or control
 * characters (a mail command's word could not hold them).  Returns a
 * malloc'ed string (the caller frees it, after clearing it), or NULL
 * with a malloc'ed *err saying why. */
char *cli_read_password(const char *userid, char **err);

/* The warning for a password given on the command line (the old form of
 * admin user add and passwd, still accepted), on stderr. */
void cli_warn_argv_password(void);

#endif
