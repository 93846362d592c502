/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * boardkey.c - the board a waiting mail addresses, read from its
 * Subject header without parsing the mail (boardkey.h).
 *
 * The scan errs one way only: a mail it cannot be sure of gets no key,
 * and a batch with workers runs it alone, after every mail before it
 * and before every mail after it.  So it takes the subject only when
 * intake.c would take it as the command: one Subject header, plain
 * printable ASCII (an encoded word or an eight-bit byte could decode to
 * something else), no reply token ("[#"), and the words GAME, a move
 * verb and a board number.  Lines end where the parser's do: a header
 * section with a CR other than before an LF (a lone CR is a line end
 * to mail_parse) gets no key, and so does one with a NUL (a blank to
 * mail_parse: "Subject\0:" names the field Subject there).
 */
#include "pipeline/boardkey.h"
#include "commands/cmd.h"
#include "spool/spool.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The longest subject read: a longer one gets no key. */
#define SUBJECT_MAX 1024

/* Whether the header line at p (of the n bytes up to its line end)
 * names the field "Subject", blanks before the colon too (a parser may
 * take "Subject :"); *value: where the field's value starts. */
static int is_subject(const char *p, size_t n, size_t *value)
{
	size_t k = 7;

	if (n < 8 || strncasecmp(p, "subject", 7) != 0)
		return 0;
	while (k < n && (p[k] == ' ' || p[k] == '\t'))
		k++;
	if (k >= n || p[k] != ':')
		return 0;
	*value = k + 1;
	return 1;
}

/* The one Subject header of the header section of raw, unfolded, into
 * s (SUBJECT_MAX bytes): 1, or 0 when there is none, more than one, a
 * byte other than printable ASCII and blanks, or no end of the header
 * section within len. */
static int one_subject(const char *raw, size_t len, char *s)
{
	size_t i = 0, n = 0;
	int found = 0, in_subject = 0;

	while (i < len) {
		const char *nl = memchr(raw + i, '\n', len - i);
		size_t end, j;
		if (!nl)
			return 0;  /* the header section does not end */
		end = (size_t)(nl - raw);
		if (end > i && raw[end - 1] == '\r')
			end--;
		/* A CR elsewhere ends a line for the parser (mail_parse
		 * reads a lone CR as a line end): "\r\r" is the end of its
		 * header section, and a Subject after it is in the body,
		 * whose first line is then the command.  Such a mail is no
		 * board's for sure.  So is one with a NUL, which the parser
		 * reads as a blank: "Subject\0:" is a Subject to it. */
		if (memchr(raw + i, '\r', end - i) ||
		    memchr(raw + i, '\0', end - i))
			return 0;
		if (end == i)
			return found;  /* the blank line: the headers end */
		if (raw[i] == ' ' || raw[i] == '\t') {
			j = i;  /* a folded line: part of the field above */
		} else if (is_subject(raw + i, end - i, &j)) {
			if (found++)
				return 0;
			in_subject = 1;
			j += i;
		} else {
			in_subject = 0;
			j = end;
		}
		if (in_subject) {
			for (; j < end; j++) {
				unsigned char ch = (unsigned char)raw[j];
				if (ch == '\t')
					ch = ' ';
				if (ch < 0x20 || ch > 0x7e || n + 1 >= SUBJECT_MAX)
					return 0;
				s[n++] = (char)ch;
			}
			s[n] = '\0';
		}
		i = (size_t)(nl - raw) + 1;
	}
	return 0;
}

/* The next blank-separated word of *p into w (size len): 1, or 0 when
 * there is none or it is longer. */
static int next_word(const char **p, char *w, size_t len)
{
	const char *s = *p;
	size_t n;

	while (*s == ' ')
		s++;
	n = strcspn(s, " ");
	if (n == 0 || n >= len)
		return 0;
	memcpy(w, s, n);
	w[n] = '\0';
	*p = s + n;
	return 1;
}

int boardkey_of(const char *raw, size_t len, char key[BOARDKEY_MAX])
{
	char subject[SUBJECT_MAX], game[32], verb[16], num[16];
	const char *p, *name;
	size_t i;

	key[0] = '\0';
	subject[0] = '\0';
	if (!one_subject(raw, len, subject) || strstr(subject, "=?") ||
	    strstr(subject, "[#"))
		return 0;
	p = reply_strip_prefixes(subject);
	if (!next_word(&p, game, sizeof game) ||
	    !next_word(&p, verb, sizeof verb) ||
	    !next_word(&p, num, sizeof num) ||
	    (name = spool_game_named(game)) == NULL ||
	    (strcasecmp(verb, "move") != 0 && strcasecmp(verb, "zug") != 0))
		return 0;
	for (i = 0; num[i]; i++)
		if (!isdigit((unsigned char)num[i]))
			return 0;
	if (util_board_number(num) < 0)
		return 0;
	snprintf(key, BOARDKEY_MAX, "%s-%ld", name, util_board_number(num));
	return 1;
}
