/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * threadid.c - our Message-IDs' kind, board and reply token (the format
 * and the reasons: threadid.h).
 */
#include "services/threadid.h"
#include "spool/spool.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *const kind_words[] = {
	[MAIL_KIND_NONE] = NULL,
	[MAIL_KIND_BOARD] = "board",
	[MAIL_KIND_CHAT] = "chat",
	[MAIL_KIND_REMINDER] = "reminder",
	[MAIL_KIND_NOTICE] = "notice",
	[MAIL_KIND_ERROR] = "error",
	[MAIL_KIND_DIGEST] = "digest",
	[MAIL_KIND_MESSAGE] = "message",
};

#define NKINDS (sizeof kind_words / sizeof kind_words[0])

const char *threadid_kind_word(enum mail_kind kind)
{
	return (size_t)kind < NKINDS ? kind_words[kind] : NULL;
}

int threadid_base(char *buf, size_t len, const char *digest, int n,
                  enum mail_kind kind, const char *game, long board,
                  const char *token)
{
	const char *word = threadid_kind_word(kind);
	int k;

	if (!word)
		k = snprintf(buf, len, "epamserv.%.16s.%d", digest, n);
	else if (!game)
		k = snprintf(buf, len, "epamserv.%.16s.%d.%s", digest, n, word);
	else
		k = snprintf(buf, len, "epamserv.%.16s.%d.%s.%s.%ld%s%s", digest, n,
		             word, game, board, token ? "." : "",
		             token ? token : "");
	return k < 0 || (size_t)k >= len ? -1 : 0;
}

/* Whether s[0..n) is n > 0 characters of [A-Za-z0-9]. */
static int alnum_word(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]))
			return 0;
	return n > 0;
}

int threadid_parse(const char *id, size_t len, struct threadid *out)
{
	const char *field[9], *at = NULL, *p;
	size_t flen[9], i, nf = 0;
	char num[24];

	memset(out, 0, sizeof *out);
	out->board = -1;
	for (p = id; p < id + len; p++)
		if (*p == '@')
			at = p;
	if (!at)
		return 0;
	/* The local part's dot-separated fields: 5, 7 or 8 of them. */
	for (p = id; nf < 9; nf++) {
		const char *dot = memchr(p, '.', (size_t)(at - p));
		field[nf] = p;
		flen[nf] = dot ? (size_t)(dot - p) : (size_t)(at - p);
		if (!dot) {
			nf++;
			break;
		}
		p = dot + 1;
	}
	if ((nf != 5 && nf != 7 && nf != 8) || flen[0] != 8 ||
	    memcmp(field[0], "epamserv", 8) != 0)
		return 0;
	for (i = 1; i < nf; i++)
		if (!alnum_word(field[i], flen[i]))
			return 0;
	for (i = 1; i < NKINDS; i++)
		if (strlen(kind_words[i]) == flen[3] &&
		    memcmp(kind_words[i], field[3], flen[3]) == 0)
			break;
	if (i == NKINDS)
		return 0;
	if (nf >= 7) {
		if (flen[4] >= sizeof out->game || flen[5] >= sizeof num)
			return 0;
		memcpy(out->game, field[4], flen[4]);
		out->game[flen[4]] = '\0';
		memcpy(num, field[5], flen[5]);
		num[flen[5]] = '\0';
		out->board = util_board_number(num);
		if (!spool_is_game(out->game) || out->board < 0)
			goto fail;
	}
	if (nf == 8) {
		if (flen[6] > THREADID_TOKEN_MAX)
			goto fail;
		memcpy(out->token, field[6], flen[6]);
		out->token[flen[6]] = '\0';
	}
	out->kind = (enum mail_kind)i;
	return 1;
fail:
	memset(out, 0, sizeof *out);
	out->board = -1;
	return 0;
}

int threadid_find(const char *value, int last, struct threadid *out)
{
	const char *p = value;
	struct threadid t;
	int found = 0;

	memset(out, 0, sizeof *out);
	out->board = -1;
	while (p && (p = strchr(p, '<')) != NULL) {
		const char *end = strchr(p + 1, '>');
		if (!end)
			break;
		if (threadid_parse(p + 1, (size_t)(end - p - 1), &t)) {
			*out = t;
			found = 1;
			if (!last)
				break;
		}
		p = end + 1;
	}
	return found;
}
