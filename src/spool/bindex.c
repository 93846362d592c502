/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bindex.c - the files of the board index (bindex.h): reading and
 * writing them; what goes in them is services/bindex.c's.
 */
#include "spool/bindex.h"
#include "spool/formats.h"
#include "spool/spool.h"
#include "spool/txn.h"
#include "util/buf.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char *const bindex_state_names[BX_STATES + 1] = {
	"challenged", "active", "finished", "cancelled", "archived",
	"unreadable", "gone"
};

int bindex_counts_read(const char *spool, struct bindex_counts *c)
{
	char path[4200], *text, *line, *save = NULL, word[32];
	int version, seen = 0, i;
	long v;

	memset(c, 0, sizeof *c);
	snprintf(path, sizeof path, "%s/index/counts", spool);
	if ((text = util_read_file(path, 65536, NULL)) == NULL)
		return errno == ENOENT ? 1 : -1;
	if (sscanf(text, "epamserv-index %d", &version) != 1 ||
	    version != FORMAT_INDEX) {
		free(text);
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "settings: ", 10) == 0) {
			snprintf(c->settings, sizeof c->settings, "%s", line + 10);
			continue;
		}
		if (sscanf(line, "%31[a-z]: %ld", word, &v) != 2)
			continue;
		for (i = 0; i < BX_STATES; i++)
			if (strcmp(word, bindex_state_names[i]) == 0 && v >= 0 &&
			    !(seen & 1 << i)) {
				c->n[i] = v;
				seen |= 1 << i;
			}
	}
	free(text);
	return seen == (1 << BX_STATES) - 1 ? 0 : -1;
}

void bindex_counts_put(struct txn *t, const struct bindex_counts *c)
{
	struct buf b = BUF_INIT;
	int i;

	buf_printf(&b, "%s\nsettings: %s\n",
	           FORMAT_LINE("epamserv-index", FORMAT_INDEX), c->settings);
	for (i = 0; i < BX_STATES; i++)
		buf_printf(&b, "%s: %ld\n", bindex_state_names[i], c->n[i]);
	txn_put(t, "index/counts", buf_str(&b), b.len);
	buf_free(&b);
}

int bindex_entry_read(const char *spool, const char *game, long board,
                      enum bindex_state *state, long long *due)
{
	char path[4200], word[32], *text;
	int i;

	*state = BX_GONE;
	*due = -1;
	snprintf(path, sizeof path, "%s/index/boards/%s.%ld", spool, game, board);
	if ((text = util_read_file(path, 256, NULL)) == NULL)
		return errno == ENOENT ? 1 : -1;
	if (sscanf(text, "%31[a-z] %lld", word, due) == 2 && *due >= -1)
		for (i = 0; i <= BX_STATES; i++)
			if (strcmp(word, bindex_state_names[i]) == 0) {
				*state = (enum bindex_state)i;
				free(text);
				return 0;
			}
	free(text);
	*due = -1;
	return -1;
}

/* Game's board's entry in the index, as bindex_entry_put and
 * bindex_entry_write make it: its name index/boards/GAME.BOARD into
 * rel, its line "STATE DUE" into text, and its due file's name
 * index/due/DUE-GAME-BOARD into due_rel ("" when due < 0: none). */
static void entry_files(const char *game, long board,
                        enum bindex_state state, long long due,
                        char rel[256], char text[64], char due_rel[256])
{
	snprintf(rel, 256, "index/boards/%s.%ld", game, board);
	snprintf(text, 64, "%s %lld\n", bindex_state_names[state], due);
	due_rel[0] = '\0';
	if (due >= 0)
		snprintf(due_rel, 256, "index/due/%lld-%s-%ld", due, game, board);
}

void bindex_entry_put(struct txn *t, const char *game, long board,
                      enum bindex_state state, long long due)
{
	char rel[256], text[64], due_rel[256];

	entry_files(game, board, state, due, rel, text, due_rel);
	txn_put(t, rel, text, strlen(text));
	if (*due_rel)
		txn_put(t, due_rel, "", 0);
}

/* Write text to SPOOL/REL aside and rename it; 0 or -1 (errno). */
static int write_aside(const char *spool, const char *rel, const char *text)
{
	char path[4400], tmp[4500];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", spool, rel);
	snprintf(tmp, sizeof tmp, "%s/tmp/index.%ld", spool, (long)getpid());
	if ((f = util_fopen_spool(tmp, 0)) == NULL)
		return -1;
	fputs(text, f);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

int bindex_entry_write(const char *spool, const char *game, long board,
                       enum bindex_state state, long long due)
{
	char rel[256], text[64], due_rel[256];

	entry_files(game, board, state, due, rel, text, due_rel);
	if (write_aside(spool, rel, text) < 0)
		return -1;
	return *due_rel ? write_aside(spool, due_rel, "") : 0;
}

void bindex_due_remove(const char *spool, const char *game, long board,
                       long long due)
{
	char name[160];

	if (due < 0)
		return;
	snprintf(name, sizeof name, "%lld-%s-%ld", due, game, board);
	bindex_unlink(spool, "due", name);
}

void bindex_unlink(const char *spool, const char *sub, const char *name)
{
	char path[4400];

	snprintf(path, sizeof path, "%s/index/%s/%s", spool, sub, name);
	if (unlink(path) < 0 && errno != ENOENT)
		return;  /* the next fold or sweep meets it again */
}

/* Append r to *v (n of cap). */
static void push(struct bindex_ref **v, size_t *n, size_t *cap,
                 const struct bindex_ref *r)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*v = xrealloc(*v, *cap * sizeof **v);
	}
	(*v)[(*n)++] = *r;
}

/* Whether game names one of spool_games: its spelling there, or NULL. */
static const char *known_game(const char *game)
{
	int i;

	for (i = 0; spool_games[i]; i++)
		if (strcmp(spool_games[i], game) == 0)
			return spool_games[i];
	return NULL;
}

/* List index/SUB: markers "GAME.N-ID" (upto < 0) or due files
 * "DUE-GAME-N" with DUE at most upto.  Names that parse as neither
 * are left alone (admin check's business). */
static int list(const char *spool, const char *sub, long long upto,
                struct bindex_ref **v, size_t *n)
{
	char dir[4200], game[32], rest[8];
	struct bindex_ref r;
	struct dirent *de;
	size_t cap = 0;
	DIR *d;
	int used;

	*v = NULL;
	*n = 0;
	snprintf(dir, sizeof dir, "%s/index/%s", spool, sub);
	if ((d = util_opendir(dir)) == NULL)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || strlen(de->d_name) >= sizeof r.name)
			continue;
		memset(&r, 0, sizeof r);
		used = 0;
		if (upto < 0) {
			if (sscanf(de->d_name, "%31[a-z].%ld-%n", game, &r.board,
			           &used) != 2 || used == 0)
				continue;
			r.due = -1;
		} else if (sscanf(de->d_name, "%lld-%31[a-z]-%ld%1s", &r.due, game,
		                  &r.board, rest) != 3 || r.due < 0 ||
		           r.due > upto) {
			continue;
		}
		if (!known_game(game) || r.board <= 0)
			continue;
		snprintf(r.game, sizeof r.game, "%s", game);
		memcpy(r.name, de->d_name, strlen(de->d_name) + 1);
		push(v, n, &cap, &r);
	}
	closedir(d);
	return 0;
}

int bindex_marks(const char *spool, struct bindex_ref **v, size_t *n)
{
	return list(spool, "dirty", -1, v, n);
}

int bindex_due_list(const char *spool, long long upto, struct bindex_ref **v,
                    size_t *n)
{
	return list(spool, "due", upto < 0 ? 0 : upto, v, n);
}

int bindex_mark_path(const char *relpath, char *buf, size_t len)
{
	static unsigned counter;
	char game[32], rest[8];
	long board;
	int used = 0;

	if (sscanf(relpath, "games/%31[a-z]/%ld.game%n%1s", game, &board, &used,
	           rest) != 2 || used == 0 || relpath[used] || board <= 0 ||
	    !known_game(game))
		return 0;
	snprintf(buf, len, "index/dirty/%s.%ld-%ld-%ld-%u", game, board,
	         (long)time(NULL), (long)getpid(), counter++);
	return 1;
}
