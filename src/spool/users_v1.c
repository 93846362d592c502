/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * users_v1.c - a user file in version 1, the only version the previous
 * release reads (epamserv 0.1.0; doc/upgrading.md), for "admin
 * downgrade" (cli/admin_downgrade.c).
 *
 * Version 1 holds userid, password, one address (confirmed, without
 * times), created, html, orientation, token-epoch, vacation and left.
 * The text is user_format's with every other line left out, so what
 * both versions hold is written by one function.  An account without a
 * confirmed address (one still waiting for its owner's answer) has no
 * place in version 1, which takes its one address as confirmed: it is
 * written closed, as a player who signed off (password "!", left), so
 * the userid stays taken and nobody can use it.
 *
 * A robot's account keeps its "robot: yes" line: the previous release
 * ignores a key it does not know (its user_pref_field), and this one
 * reads it back after an upgrade, so the account stays the robot's.  It
 * gets the address USERID@invalid (RFC 6761: never delivered), as
 * version 1 needs one; its password "*" matches none.
 */
#include "spool/users.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

/* The keys version 1 reads, written as they are. */
static const char *const v1_kept[] = {
	"userid", "password", "created", "html", "orientation", "token-epoch",
	"left", "robot", NULL
};

static int key_is(const char *line, size_t keylen, const char *key)
{
	return strlen(key) == keylen && strncmp(line, key, keylen) == 0;
}

char *user_format_v1(const struct user *u, time_t now,
                     void (*dropped)(void *arg, int lineno, const char *line),
                     void *arg)
{
	char *text = user_format(u), *line, *next, when[32];
	const char *closed_addr = NULL;
	struct buf b = BUF_INIT;
	int lineno = 0, have_addr = 0, closed = 0, k;

	for (line = text; *line; line = next) {
		size_t keylen = strcspn(line, ":\n");
		int keep = 0;

		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = '\0';
		if (++lineno == 1) {
			buf_puts(&b, "epamserv-user 1\n");
			continue;
		}
		for (k = 0; v1_kept[k]; k++)
			keep |= key_is(line, keylen, v1_kept[k]);
		if (keep && key_is(line, keylen, "password") && !u->naddr &&
		    !u->robot) {
			/* No confirmed address: closed (see the head). */
			buf_puts(&b, "password: !\n");
			closed = 1;
		} else if (keep) {
			buf_printf(&b, "%s\n", line);
		} else if (key_is(line, keylen, "address") && !have_addr) {
			/* The address alone: version 1 has no times. */
			buf_printf(&b, "address: %.*s\n",
			           (int)strcspn(line + keylen + 2, " "),
			           line + keylen + 2);
			have_addr = 1;
		} else if (dropped) {
			dropped(arg, lineno, line);
		}
	}
	if (!have_addr) {
		closed_addr = u->nreq && !u->robot ? u->req[0].addr : NULL;
		if (closed_addr)
			buf_printf(&b, "address: %s\n", closed_addr);
		else
			buf_printf(&b, "address: %s@invalid\n", u->userid);
	}
	if (closed && !u->left) {
		util_iso_time(now, when, sizeof when);
		buf_printf(&b, "left: %s\n", when);
	}
	free(text);
	return buf_take(&b);
}
