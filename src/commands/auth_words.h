/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * auth_words.h - which words of a command are its account's userid and
 * password (auth_words.c): a fact of the commands' forms, read by the
 * pipeline's password scan, the masking of a command echoed in a reply
 * and the incoming log.  No mail context.
 */
#ifndef EPAM_COMMANDS_AUTH_WORDS_H
#define EPAM_COMMANDS_AUTH_WORDS_H

#include <stddef.h>

/* Where a command's words carry an account's userid and password (SPEC
 * section 2), as indexes into argv: userid and password for the account
 * that the command acts for (-1, -1 when none: signup, show, help...);
 * secret[] every word that is a password (the new one of change
 * password and signup's too), -1 when unused. */
struct auth_words {
	int userid, password;
	int secret[2];
};
void auth_words(int argc, char *const *argv, struct auth_words *w);

/* line, a command written out (e.g. the subject an error reply echoes),
 * with every password word auth_words finds in it replaced by
 * "PASSWORD" (words split at blanks and rejoined by one space), written
 * back into line (len bytes, cut when the result does not fit).  A line
 * without a password word is left as it was.  (Issue 30: the subject
 * "Re: ..." of a refusal never repeats a password.) */
void auth_mask_line(char *line, size_t len);

#endif
