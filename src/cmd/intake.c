/*
 * intake.c - finding the command in a mail (SPEC section 2).
 *
 * The Subject is the command when its first word is one we know.
 * Otherwise ("Re: Epaminondas Board 101 bob") the first non-empty body
 * line is read as the command.  The rest of the body, up to quoted text
 * ("> ...", "On ... wrote:", an Outlook "-----Original Message-----"
 * block) or a signature ("-- ", "Sent from my ..."), is the comment that
 * is relayed to the other player.
 */
#include "cmd/intake.h"
#include "cmd/cmd.h"
#include "util/buf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Whether line (without its LF) starts quoted text or a signature. */
static int ends_comment(const char *line, size_t len)
{
	size_t n = len;

	if (len >= 1 && line[0] == '>')
		return 1;
	if ((len == 3 && memcmp(line, "-- ", 3) == 0) ||
	    (len == 2 && memcmp(line, "--", 2) == 0))
		return 1;
	if (len >= 12 && memcmp(line, "Sent from my", 12) == 0)
		return 1;
	if (len >= 5 && strstr(line, "-----Original Message-----") &&
	    (size_t)(strstr(line, "-----Original Message-----") - line) < len)
		return 1;
	while (n > 0 && isspace((unsigned char)line[n - 1]))
		n--;
	if (len >= 3 && memcmp(line, "On ", 3) == 0 && n >= 6 &&
	    memcmp(line + n - 6, "wrote:", 6) == 0)
		return 1;
	return 0;
}

static int blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isspace((unsigned char)s[i]))
			return 0;
	return 1;
}

void intake_split_words(const char *line, struct intake *in)
{
	const char *p = line;

	in->argc = 0;
	while (*p && in->argc < INTAKE_MAX_WORDS) {
		const char *start;
		while (*p && isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		start = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		in->argv[in->argc++] = xstrndup(start, (size_t)(p - start));
	}
}

/* The comment: body lines from p until quoted text or a signature, with
 * leading and trailing blank lines dropped. */
static char *comment_from(const char *p)
{
	struct buf b = BUF_INIT;
	size_t keep = 0;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (ends_comment(p, len))
			break;
		if (b.len || !blank(p, len)) {
			buf_append(&b, p, len);
			buf_puts(&b, "\n");
			if (!blank(p, len))
				keep = b.len - 1;  /* without the line's LF */
		}
		p += len + (nl ? 1 : 0);
	}
	if (b.data)
		b.data[keep] = '\0';
	b.len = keep;
	return buf_take(&b);
}

void intake_find(const char *subject, const char *body, struct intake *in)
{
	const char *p = body ? body : "";

	memset(in, 0, sizeof *in);
	if (subject) {
		intake_split_words(subject, in);
		if (in->argc > 0 && cmd_known(in->argv[0])) {
			in->comment = comment_from(p);
			return;
		}
		intake_free(in);
	}
	/* The first non-empty body line above any quote is the command. */
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (ends_comment(p, len))
			break;
		if (!blank(p, len)) {
			char *line = xstrndup(p, len);
			intake_split_words(line, in);
			free(line);
			in->comment = comment_from(p + len + (nl ? 1 : 0));
			return;
		}
		p += len + (nl ? 1 : 0);
	}
	in->comment = xstrdup("");
}

void intake_free(struct intake *in)
{
	int i;

	for (i = 0; i < in->argc; i++)
		free(in->argv[i]);
	free(in->comment);
	in->argc = 0;
	in->comment = NULL;
}
