/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * privacy.c - the two settings of a player that the web site obeys,
 * read from the user file by user_load (its cache makes a page's many
 * questions about one player one read): "web: off" (set USERID PASSWORD
 * web off) and "publish-comments: on" (set USERID PASSWORD publish
 * comments on), struct user's web_off and publish_comments.
 */
#include "services/privacy.h"

#include "spool/users.h"
#include "util/util.h"

#include <stdlib.h>

/* f of userid's user file, or dflt when there is none or it cannot be
 * read. */
static int user_setting(const char *spool, const char *userid,
                        int (*f)(const struct user *), int dflt)
{
	struct user u;
	char *err = NULL;
	int v;

	if (!util_userid_ok(userid))
		return dflt;
	if (user_load(spool, userid, &u, &err) != 0) {
		free(err);
		return dflt;
	}
	v = f(&u);
	user_free(&u);
	return v;
}

int web_user_hidden(const char *spool, const char *userid)
{
	/* Fails closed: a player whose file cannot be read is hidden. */
	return user_setting(spool, userid, user_web_off, 1);
}

int web_user_publishes_comments(const char *spool, const char *userid)
{
	return user_setting(spool, userid, user_publishes_comments, 0);
}
