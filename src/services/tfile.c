/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tfile.c - the tournament file (see tfile.h): load and format.
 */
#include "services/tfile.h"
#include "spool/spool.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most bytes a tournament file may have. */
#define TF_FILE_MAX (512 * 1024)

static const char *const state_words[] = { "open", "running", "cancelled",
                                           "finished" };

void tf_path(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "tournaments/%s", name);
}

void tf_free(struct tfile *tf)
{
	free(tf->boards);
	tf->boards = NULL;
	tf->nboards = 0;
}

int tf_player_index(const struct tfile *tf, const char *userid)
{
	int i;

	for (i = 0; i < tf->nplayers; i++)
		if (strcmp(tf->player[i].userid, userid) == 0)
			return i;
	return -1;
}

int tf_swiss(const struct tfile *tf)
{
	return strcmp(tf->format, "swiss") == 0;
}

int tf_knockout(const struct tfile *tf)
{
	return strcmp(tf->format, "knockout") == 0;
}

int tf_paired(const struct tfile *tf)
{
	int i, r = 0;

	for (i = 0; i < tf->nboards; i++)
		if (tf->boards[i].round > r)
			r = tf->boards[i].round;
	for (i = 1; i <= TF_SWISS_ROUNDS_MAX; i++)
		if (tf->bye[i][0] && i > r)
			r = i;
	return r;
}

void tf_add_board(struct tfile *tf, int round, const char *white,
                  const char *black, long number)
{
	struct tf_board *b;

	tf->boards = xrealloc(tf->boards, (size_t)(tf->nboards + 1) *
	                      sizeof *tf->boards);
	b = &tf->boards[tf->nboards++];
	b->round = round;
	snprintf(b->white, sizeof b->white, "%s", white);
	snprintf(b->black, sizeof b->black, "%s", black);
	b->number = number;
}

/* Whether the options line holds only option words: printable ASCII
 * without blanks other than single spaces between words. */
static int options_ok(const char *s)
{
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			return 0;
	return 1;
}

/* One "key: value" line into tf; -1 on anything wrong. */
static int tf_field(struct tfile *tf, const char *key, const char *val)
{
	char a[64], b[64], d[64];
	int n, used = 0;
	long num;

	if (strcmp(key, "name") == 0 && util_tourney_name_ok(val))
		strcpy(tf->name, val);
	else if (strcmp(key, "game") == 0 && spool_is_game(val))
		snprintf(tf->game, sizeof tf->game, "%s", val);
	else if (strcmp(key, "organiser") == 0 && util_userid_ok(val))
		strcpy(tf->organiser, val);
	else if (strcmp(key, "format") == 0 && strlen(val) < sizeof tf->format)
		strcpy(tf->format, val);
	else if (strcmp(key, "rounds") == 0 && sscanf(val, "%d%n", &n, &used) == 1
	         && !val[used] && n >= 1 && n <= 99)
		tf->rounds = n;
	else if (strcmp(key, "players") == 0 &&
	         sscanf(val, "%d-%d%n", &tf->min_players, &tf->max_players,
	                &used) == 2 && !val[used] && tf->min_players >= 2 &&
	         tf->max_players >= tf->min_players &&
	         tf->max_players <= TF_PLAYERS_MAX)
		;
	else if (strcmp(key, "start") == 0 && strcmp(val, "-") == 0)
		tf->start[0] = '\0';
	else if (strcmp(key, "start") == 0 && strlen(val) == 10)
		strcpy(tf->start, val);
	else if (strcmp(key, "options") == 0 && strlen(val) < TF_OPTIONS_MAX &&
	         options_ok(val))
		strcpy(tf->options, val);
	else if (strcmp(key, "lot") == 0) {
		unsigned long long v;
		if (sscanf(val, "%llu%n", &v, &used) != 1 || val[used] ||
		    val[0] < '0' || val[0] > '9')
			return -1;
		tf->lot = (uint64_t)v;
	} else if (strcmp(key, "created") == 0)
		return util_parse_iso_time(val, &tf->created);
	else if (strcmp(key, "state") == 0) {
		for (n = 0; n < 4 && strcmp(val, state_words[n]) != 0; n++)
			;
		if (n == 4)
			return -1;
		tf->state = (enum tf_state)n;
	} else if (strcmp(key, "player") == 0 && util_userid_ok(val) &&
	           tf->nplayers < TF_PLAYERS_MAX && tf_player_index(tf, val) < 0)
		strcpy(tf->player[tf->nplayers++].userid, val);
	else if (strcmp(key, "withdrawn") == 0 &&
	         sscanf(val, "%63s %63s%n", a, b, &used) == 2 && !val[used] &&
	         (n = tf_player_index(tf, a)) >= 0)
		return util_parse_iso_time(b, &tf->player[n].withdrawn);
	else if (strcmp(key, "bye") == 0 &&
	         sscanf(val, "%d %63s%n", &n, a, &used) == 2 && !val[used] &&
	         n >= 1 && n <= TF_SWISS_ROUNDS_MAX && !tf->bye[n][0] &&
	         tf_player_index(tf, a) >= 0)
		strcpy(tf->bye[n], a);
	else if (strcmp(key, "told") == 0 && (n = tf_player_index(tf, val)) >= 0)
		tf->player[n].told = 1;
	else if (strcmp(key, "board") == 0 && tf->nboards < TF_BOARDS_MAX &&
	         sscanf(val, "%d %63s %63s %63s%n", &n, a, b, d, &used) == 4 &&
	         !val[used] && n >= 1 && tf_player_index(tf, a) >= 0 &&
	         tf_player_index(tf, b) >= 0 && (num = util_board_number(d)) >= 0)
		tf_add_board(tf, n, a, b, num);
	else
		return -1;
	return 0;
}

/* Whether a Swiss's rounds are what its tables index (ttable.c): at most
 * TF_SWISS_ROUNDS_MAX, its boards' and byes' rounds among them.  Other
 * formats: 1. */
static int swiss_rounds_ok(const struct tfile *tf)
{
	int i;

	if (!tf_swiss(tf))
		return 1;
	if (tf->rounds > TF_SWISS_ROUNDS_MAX)
		return 0;
	for (i = 0; i < tf->nboards; i++)
		if (tf->boards[i].round > tf->rounds)
			return 0;
	for (i = tf->rounds + 1; i <= TF_SWISS_ROUNDS_MAX; i++)
		if (tf->bye[i][0])
			return 0;
	return 1;
}

int tf_load(const char *spool, const char *name, struct tfile *tf,
            char **err)
{
	char path[4096], rel[64], *text, *line, *next;
	size_t len;
	int lineno = 0;

	memset(tf, 0, sizeof *tf);
	*err = NULL;
	tf_path(name, rel, sizeof rel);
	snprintf(path, sizeof path, "%s/%s", spool, rel);
	text = util_read_file(path, TF_FILE_MAX, &len);
	if (!text) {
		if (errno == ENOENT)
			return 1;
		struct buf b = BUF_INIT;
		buf_printf(&b, "%s: %s", path, strerror(errno));
		*err = buf_take(&b);
		return -1;
	}
	for (line = text; line && *line; line = next) {
		char *colon;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (lineno == 1) {
			if (strcmp(line, TF_MAGIC) != 0)
				goto bad;
			continue;
		}
		colon = strstr(line, ": ");
		if (!colon && strcmp(line, "options:") == 0)
			continue;  /* "options:" with none */
		if (!colon)
			goto bad;
		*colon = '\0';
		if (tf_field(tf, line, colon + 2) < 0)
			goto bad;
	}
	if (lineno == 0 || !tf->name[0] || strcmp(tf->name, name) != 0 ||
	    !tf->game[0] || !tf->organiser[0] || !tf->format[0] ||
	    tf->rounds < 1 || tf->min_players < 2 || !swiss_rounds_ok(tf))
		goto bad;
	free(text);
	return 0;
bad:
	{
		struct buf b = BUF_INIT;
		buf_printf(&b, "%s: damaged tournament file (line %d)", path,
		           lineno);
		*err = buf_take(&b);
	}
	free(text);
	tf_free(tf);
	return -1;
}

char *tf_format(const struct tfile *tf)
{
	struct buf b = BUF_INIT;
	char when[32];
	int i;

	util_iso_time(tf->created, when, sizeof when);
	buf_printf(&b, "%s\nname: %s\ngame: %s\norganiser: %s\nformat: %s\n"
	           "rounds: %d\nplayers: %d-%d\nstart: %s\noptions: %s\n"
	           "created: %s\nstate: %s\n", TF_MAGIC, tf->name, tf->game,
	           tf->organiser, tf->format, tf->rounds, tf->min_players,
	           tf->max_players, tf->start[0] ? tf->start : "-",
	           tf->options, when, state_words[tf->state]);
	if (tf_knockout(tf))
		buf_printf(&b, "lot: %llu\n", (unsigned long long)tf->lot);
	for (i = 0; i < tf->nplayers; i++)
		buf_printf(&b, "player: %s\n", tf->player[i].userid);
	for (i = 0; i < tf->nplayers; i++) {
		if (tf->player[i].withdrawn) {
			util_iso_time(tf->player[i].withdrawn, when, sizeof when);
			buf_printf(&b, "withdrawn: %s %s\n", tf->player[i].userid,
			           when);
		}
		if (tf->player[i].told)
			buf_printf(&b, "told: %s\n", tf->player[i].userid);
	}
	for (i = 0; i < tf->nboards; i++)
		buf_printf(&b, "board: %d %s %s %ld\n", tf->boards[i].round,
		           tf->boards[i].white, tf->boards[i].black,
		           tf->boards[i].number);
	for (i = 1; i <= TF_SWISS_ROUNDS_MAX; i++)
		if (tf->bye[i][0])
			buf_printf(&b, "bye: %d %s\n", i, tf->bye[i]);
	return buf_take(&b);
}
