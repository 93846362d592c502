/*
 * json.c - the JSON string writer shared by "status --json" and
 * "outbox --json" (json.h).
 */
#include "util/json.h"

#include "util/util.h"

#include <string.h>

void json_put_str(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t left = strlen(s), n;
	unsigned long cp;

	fputc('"', f);
	while (left > 0) {
		if (*p == '"' || *p == '\\') {
			fprintf(f, "\\%c", *p);
			n = 1;
		} else if (*p < 0x20 || *p == 0x7f) {
			fprintf(f, "\\u%04x", *p);
			n = 1;
		} else if (*p < 0x80) {
			fputc(*p, f);
			n = 1;
		} else if ((n = util_utf8_seq(p, left, &cp)) > 0) {
			fwrite(p, 1, n, f);
		} else {
			fprintf(f, "\\u%04x", *p);
			n = 1;
		}
		p += n;
		left -= n;
	}
	fputc('"', f);
}
