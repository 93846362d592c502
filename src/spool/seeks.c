/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * seeks.c - the seek files of open challenges (see seeks.h).
 */
#include "spool/seeks.h"
#include "spool/formats.h"
#include "spool/group.h"
#include "spool/spool.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"
#include "util/log.h"
#include "util/util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEEK_MAGIC FORMAT_LINE("epamserv-seek", FORMAT_SEEK)

/* The largest seek file read (bytes). */
#define SEEK_FILE_MAX 4096

void seek_path(const char *game, long board, char *buf, size_t len)
{
	snprintf(buf, len, "seeks/%s-%ld", game, board);
}

static const char *color_word(int color)
{
	return color == 0 ? "white" : color == 1 ? "black" : "random";
}

char *seek_format(const struct seek *s)
{
	struct buf b = BUF_INIT;
	char when[32];

	buf_printf(&b, "%s\ngame: %s\nboard: %ld\nseeker: %s\ncolor: %s\n"
	           "options:%s%s\n", SEEK_MAGIC, s->game, s->board, s->seeker,
	           color_word(s->color), s->options[0] ? " " : "", s->options);
	if (s->rating_min >= 0)
		buf_printf(&b, "rating: %d-%d\n", s->rating_min, s->rating_max);
	util_iso_time(s->created, when, sizeof when);
	buf_printf(&b, "created: %s\n", when);
	util_iso_time(s->expires, when, sizeof when);
	buf_printf(&b, "expires: %s\n", when);
	switch (s->state) {
	case SEEK_OPEN:
		buf_puts(&b, "state: open\n");
		break;
	case SEEK_TAKEN:
		buf_printf(&b, "state: taken %s\n", s->taker);
		break;
	case SEEK_WITHDRAWN:
		buf_puts(&b, "state: withdrawn\n");
		break;
	case SEEK_EXPIRED:
		buf_puts(&b, "state: expired\n");
		break;
	}
	if (s->closed) {
		util_iso_time(s->closed, when, sizeof when);
		buf_printf(&b, "closed: %s\n", when);
	}
	return buf_take(&b);
}

/* A whole number of at most 6 digits without sign: 0, or -1. */
static int small_number(const char *s, long *out)
{
	char *end;

	if (!isdigit((unsigned char)s[0]) || strlen(s) > 6)
		return -1;
	*out = strtol(s, &end, 10);
	return *end ? -1 : 0;
}

/* Whether word is a userid as stored (lower-case letters, digits, _ -). */
static int stored_userid(const char *word)
{
	return util_userid_ok(word) && strcspn(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	       == strlen(word);
}

/* One "key: value" line into s; 0, or -1 on a bad value. */
static int seek_field(struct seek *s, const char *key, const char *val,
                      unsigned *seen)
{
	long a, b;
	char x[8], y[8];

	if (strcmp(key, "game") == 0) {
		const char *g = spool_game_named(val);
		if (!g || strcmp(g, val))
			return -1;
		snprintf(s->game, sizeof s->game, "%s", g);
		*seen |= 1;
	} else if (strcmp(key, "board") == 0) {
		if ((s->board = util_board_number(val)) < 0)
			return -1;
		*seen |= 2;
	} else if (strcmp(key, "seeker") == 0) {
		if (strlen(val) >= sizeof s->seeker || !stored_userid(val))
			return -1;
		strcpy(s->seeker, val);
		*seen |= 4;
	} else if (strcmp(key, "color") == 0) {
		if (strcmp(val, "white") == 0)
			s->color = 0;
		else if (strcmp(val, "black") == 0)
			s->color = 1;
		else if (strcmp(val, "random") == 0)
			s->color = SEEK_RANDOM;
		else
			return -1;
	} else if (strcmp(key, "options") == 0) {
		if (strlen(val) >= sizeof s->options)
			return -1;
		strcpy(s->options, val);
	} else if (strcmp(key, "rating") == 0) {
		if (sscanf(val, "%6[0-9]-%6[0-9]", x, y) != 2 ||
		    small_number(x, &a) < 0 || small_number(y, &b) < 0 || a > b ||
		    strlen(x) + strlen(y) + 1 != strlen(val))
			return -1;
		s->rating_min = (int)a;
		s->rating_max = (int)b;
	} else if (strcmp(key, "created") == 0) {
		if (util_parse_iso_time(val, &s->created) < 0)
			return -1;
		*seen |= 8;
	} else if (strcmp(key, "expires") == 0) {
		if (util_parse_iso_time(val, &s->expires) < 0)
			return -1;
		*seen |= 16;
	} else if (strcmp(key, "state") == 0) {
		if (strcmp(val, "open") == 0)
			s->state = SEEK_OPEN;
		else if (strcmp(val, "withdrawn") == 0)
			s->state = SEEK_WITHDRAWN;
		else if (strcmp(val, "expired") == 0)
			s->state = SEEK_EXPIRED;
		else if (strncmp(val, "taken ", 6) == 0 &&
		         strlen(val + 6) < sizeof s->taker &&
		         stored_userid(val + 6)) {
			s->state = SEEK_TAKEN;
			strcpy(s->taker, val + 6);
		} else
			return -1;
		*seen |= 32;
	} else if (strcmp(key, "closed") == 0) {
		if (util_parse_iso_time(val, &s->closed) < 0)
			return -1;
	}
	/* Unknown keys: a later version's fields, ignored. */
	return 0;
}

int seek_parse(struct seek *s, const char *text, const char *name,
               char **err)
{
	struct buf e = BUF_INIT;
	const char *p = text, *nl;
	char line[1024], *colon, *val;
	unsigned seen = 0;
	int lineno = 1;

	memset(s, 0, sizeof *s);
	s->color = SEEK_RANDOM;
	s->rating_min = s->rating_max = -1;
	nl = strchr(p, '\n');
	if (!nl || (size_t)(nl - p) != strlen(SEEK_MAGIC) ||
	    strncmp(p, SEEK_MAGIC, strlen(SEEK_MAGIC)) != 0) {
		/* TRANSLATORS: the file, then the line a seek file begins
		 * with. */
		*err = errlang_asprintf(N_("%s:1: not a seek file (no \"%s\" "
		                        "line)"), name, SEEK_MAGIC);
		return -1;
	}
	for (p = nl + 1; *p; p = nl + 1) {
		lineno++;
		nl = strchr(p, '\n');
		if (!nl || (size_t)(nl - p) >= sizeof line) {
			buf_printf(&e, "%s:%d: %s", name, lineno, errlang_gettext(nl
			           ? N_("line too long") : N_("no newline at the end")));
			goto bad;
		}
		memcpy(line, p, (size_t)(nl - p));
		line[nl - p] = '\0';
		/* "key: value", or "key:" for an empty value */
		colon = strchr(line, ':');
		val = !colon ? NULL : colon[1] == ' ' ? colon + 2 :
		      colon[1] == '\0' ? colon + 1 : NULL;
		if (colon)
			*colon = '\0';
		if (!val || seek_field(s, line, val, &seen) < 0) {
			*err = errlang_asprintf(N_("%s:%d: bad line"), name,
			                        lineno);
			return -1;
		}
	}
	if (seen != 63) {
		*err = errlang_asprintf(N_("%s: a line is missing (game, "
		                        "board, seeker, created, expires and "
		                        "state are needed)"), name);
		return -1;
	}
	return 0;
bad:
	*err = buf_take(&e);
	return -1;
}

int seek_load(const char *spool, const char *game, long board,
              struct seek *s, char **err)
{
	char rel[128], path[4300], *text;
	int rc;

	seek_path(game, board, rel, sizeof rel);
	snprintf(path, sizeof path, "%s/%s", spool, rel);
	/* A batch's staged transaction may write it (group.h). */
	if (txn_group_settle(spool, rel) < 0) {
		*err = errlang_asprintf(N_("%s: a staged group could not be "
		                        "committed"), rel);
		return -1;
	}
	text = util_read_file(path, SEEK_FILE_MAX, NULL);
	if (!text) {
		struct buf e = BUF_INIT;
		if (errno == ENOENT)
			return 1;
		buf_printf(&e, "%s: %s", rel, strerror(errno));
		*err = buf_take(&e);
		return -1;
	}
	rc = seek_parse(s, text, rel, err);
	free(text);
	if (rc == 0 && (strcmp(s->game, game) || s->board != board)) {
		/* TRANSLATORS: the seek file, then the game and the board its
		 * lines name. */
		*err = errlang_asprintf(N_("%s: the file names %s board %ld"),
		                        rel, s->game, s->board);
		return -1;
	}
	return rc;
}

int seek_is_open(const struct seek *s, time_t now)
{
	return s->state == SEEK_OPEN && now < s->expires;
}

static int seek_cmp(const void *a, const void *b)
{
	const struct seek *x = a, *y = b;
	int d = strcmp(x->game, y->game);

	if (d)
		return d;
	return x->board < y->board ? -1 : x->board > y->board;
}

int seek_list(const char *spool, struct seek **out, size_t *n)
{
	char path[4200], game[32], *err = NULL;
	struct dirent *de;
	size_t cap = 0;
	long board;
	DIR *d;

	*out = NULL;
	*n = 0;
	snprintf(path, sizeof path, "%s/seeks", spool);
	if (txn_group_settle(spool, "seeks/") < 0)
		return -1;
	if (!(d = opendir(path)))
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		const char *dash = strrchr(de->d_name, '-');
		size_t glen = dash ? (size_t)(dash - de->d_name) : 0;
		if (!dash || glen == 0 || glen >= sizeof game ||
		    (board = util_board_number(dash + 1)) < 0)
			continue;
		memcpy(game, de->d_name, glen);
		game[glen] = '\0';
		if (!spool_game_named(game) || strcmp(spool_game_named(game), game))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 16;
			*out = xrealloc(*out, cap * sizeof **out);
		}
		switch (seek_load(spool, game, board, &(*out)[*n], &err)) {
		case 0:
			(*n)++;
			break;
		case -1:
			log_msg(LOG_ERR, "%s\n", err);
			free(err);
			err = NULL;
			break;
		}
	}
	closedir(d);
	if (*n)
		qsort(*out, *n, sizeof **out, seek_cmp);
	return 0;
}

int seek_count_open(const char *spool, const char *userid, time_t now)
{
	struct seek *all;
	size_t n, i;
	int count = 0;

	if (seek_list(spool, &all, &n) < 0)
		return -1;
	for (i = 0; i < n; i++)
		count += seek_is_open(&all[i], now) &&
		         strcmp(all[i].seeker, userid) == 0;
	free(all);
	return count;
}

void seek_state_words(const struct seek *s, char *buf, size_t len)
{
	switch (s->state) {
	case SEEK_OPEN:
		snprintf(buf, len, "open");
		break;
	case SEEK_TAKEN:
		snprintf(buf, len, "taken by %s", s->taker);
		break;
	case SEEK_WITHDRAWN:
		snprintf(buf, len, "withdrawn");
		break;
	case SEEK_EXPIRED:
		snprintf(buf, len, "expired");
		break;
	}
}
