/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * test_inlog.c - incoming.log's reason= (pipeline/inlog.h): a refusal
 * with a key logs the key, never its (translatable) text; a reason cut
 * at 160 bytes is cut before a character, never inside one, so that no
 * half of a UTF-8 character becomes a '?' in the log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipeline/inlog.h"
#include "util/buf.h"
#include "util/log.h"
#include "tap.h"

static char logpath[256];

/* The reason= value of the last line of the log file, unquoted (no
 * escapes in these reasons), into out. */
static void last_reason(char *out, size_t n)
{
	char line[2048], last[2048] = "";
	const char *r;
	size_t len;
	FILE *f = fopen(logpath, "r");

	while (f && fgets(line, sizeof line, f))
		snprintf(last, sizeof last, "%s", line);
	if (f)
		fclose(f);
	out[0] = '\0';
	if (!(r = strstr(last, " reason=")))
		return;
	r += 8;
	if (*r == '"') {
		len = strcspn(++r, "\"");
	} else
		len = strcspn(r, " ");
	snprintf(out, n, "%.*s", (int)len, r);
}

/* Log one refusal of c with error text, from a ctx with nothing else. */
static void refuse_line(struct cmdctx *c, const char *error, const char *key)
{
	buf_reset(&c->error);
	buf_puts(&c->error, error);
	c->error_key = key;
	inlog_line(c, NULL, NULL, "refused", NULL);
}

int main(void)
{
	char dir[] = "/tmp/test_inlog.XXXXXX", got[512], *err = NULL;
	struct cmdctx c;
	struct buf b = BUF_INIT;
	int i, lead;

	if (!mkdtemp(dir))
		return 99;
	snprintf(logpath, sizeof logpath, "%s/incoming.log", dir);
	if (log_open(0, logpath, &err) != 0) {
		fprintf(stderr, "%s\n", err);
		return 99;
	}
	memset(&c, 0, sizeof c);

	refuse_line(&c, "falsches Passwort f\xc3\xbcr \xe2\x80\x9e" "alice"
	            "\xe2\x80\x9c", "wrong-password");
	last_reason(got, sizeof got);
	is_str(got, "wrong-password", "a refusal with a key logs the key, "
	       "not its text");

	/* "x" then 100 two-byte characters: byte 160 is the second byte of
	 * the 80th, "xx" then: the first byte of the 80th. */
	for (lead = 1; lead <= 2; lead++) {
		buf_reset(&b);
		buf_puts(&b, lead == 1 ? "x" : "xx");
		for (i = 0; i < 100; i++)
			buf_puts(&b, "\xc3\xa9");
		refuse_line(&c, buf_str(&b), NULL);
		last_reason(got, sizeof got);
		is_int(strlen(got), lead == 1 ? 159 : 160, "a reason of %zu bytes "
		       "is cut to the last whole character within 160",
		       strlen(buf_str(&b)));
		ok(strchr(got, '?') == NULL && strncmp(got, buf_str(&b),
		   strlen(got)) == 0, "the cut reason is the reason's start, no "
		   "character broken into '?' (%d ASCII before)", lead);
	}
	buf_free(&b);
	buf_free(&c.error);
	unlink(logpath);
	rmdir(dir);
	return tap_done();
}
