/*
 * privacy.c - the two settings of a player that the web site obeys.
 *
 * TODO(issue 18 merge): the settings "web" and "publish comments" are
 * made by the set command on branch i18-record (src/cmd/accounts.c) and
 * will be fields of struct user; until they are wired, these read the
 * user file's lines themselves, under the key names that branch is to
 * write ("web: off", "publish-comments: on"; "publish_comments" is
 * taken too).  users.c keeps unknown keys (ignored), so the lines
 * survive every rewrite of the file and this reader needs no change of
 * the format.
 */
#include "web/privacy.h"

#include "spool/users.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of the first line "KEY: VALUE" of userid's file for one of
 * keys (NULL-ended) into val ("" when none).  0, or -1 when the file
 * cannot be read. */
static int user_key(const char *spool, const char *userid,
                    const char *const *keys, char *val, size_t len)
{
	char rel[64], *path, *text, *line, *next;
	size_t k;

	val[0] = '\0';
	if (!util_userid_ok(userid))
		return -1;
	user_path(userid, rel, sizeof rel);
	path = xmalloc(strlen(spool) + strlen(rel) + 2);
	sprintf(path, "%s/%s", spool, rel);
	text = util_read_file(path, 1 << 20, NULL);
	free(path);
	if (!text)
		return -1;
	for (line = text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		for (k = 0; keys[k]; k++) {
			size_t n = strlen(keys[k]);
			if (strncmp(line, keys[k], n) == 0 && line[n] == ':') {
				const char *v = line + n + 1;
				while (*v == ' ')
					v++;
				snprintf(val, len, "%s", v);
				free(text);
				return 0;
			}
		}
	}
	free(text);
	return 0;
}

int web_user_hidden(const char *spool, const char *userid)
{
	static const char *const keys[] = { "web", NULL };
	char v[16];

	return user_key(spool, userid, keys, v, sizeof v) == 0 &&
	       strcmp(v, "off") == 0;
}

int web_user_publishes_comments(const char *spool, const char *userid)
{
	static const char *const keys[] = { "publish-comments",
	                                    "publish_comments", NULL };
	char v[16];

	return user_key(spool, userid, keys, v, sizeof v) == 0 &&
	       strcmp(v, "on") == 0;
}
