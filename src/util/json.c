/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json.c - the JSON string writer shared by "status --json", "outbox
 * --json" and the game records of issue 18 (json.h).  One escaping rule,
 * two sinks: a FILE or a struct buf.
 */
#include "util/json.h"

#include "util/buf.h"
#include "util/util.h"

#include <string.h>

/* Where the escaped bytes go: exactly one of f and b is set. */
struct json_sink {
	FILE *f;
	struct buf *b;
};

static void sink_put(struct json_sink *s, const char *p, size_t n)
{
	if (s->f)
		fwrite(p, 1, n, s->f);
	else
		buf_append(s->b, p, n);
}

static void json_escape(struct json_sink *s, const char *str)
{
	const unsigned char *p = (const unsigned char *)str;
	size_t left = strlen(str), n;
	unsigned long cp;
	char esc[8];

	sink_put(s, "\"", 1);
	while (left > 0) {
		if (*p == '"' || *p == '\\') {
			esc[0] = '\\';
			esc[1] = (char)*p;
			sink_put(s, esc, 2);
			n = 1;
		} else if (*p < 0x20 || *p == 0x7f) {
			snprintf(esc, sizeof esc, "\\u%04x", *p);
			sink_put(s, esc, 6);
			n = 1;
		} else if (*p < 0x80) {
			sink_put(s, (const char *)p, 1);
			n = 1;
		} else if ((n = util_utf8_seq(p, left, &cp)) > 0) {
			sink_put(s, (const char *)p, n);
		} else {
			snprintf(esc, sizeof esc, "\\u%04x", *p);
			sink_put(s, esc, 6);
			n = 1;
		}
		p += n;
		left -= n;
	}
	sink_put(s, "\"", 1);
}

void json_put_str(FILE *f, const char *s)
{
	struct json_sink k = { f, NULL };

	json_escape(&k, s);
}

void json_buf_str(struct buf *b, const char *s)
{
	struct json_sink k = { NULL, b };

	json_escape(&k, s);
}
