/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * options.h - the challenge options: one table of every option a
 * challenge, seek, preview, tournament or the league takes, and one
 * reading of them.
 *
 * Two kinds share the table: the rules' options (RULES.md section 6,
 * read by the rules engine's ep_options_apply) and the game settings
 * that are not rules (-observers, -rated, -time, -timeout: struct
 * game_settings).  Every option is read the same way: one or two
 * dashes, the name in any case, the value in any case ("-Observers=OFF"
 * is "--observers=off").  Errors list the options from the table
 * (game_option_forms), and the rules' own list, the usage lines of
 * perft, think and match, the help texts of both games and the
 * challenge form are checked against it
 * (tests/integration/test_challenge_options.py).
 */
#ifndef EPAM_GAME_OPTIONS_H
#define EPAM_GAME_OPTIONS_H

#include <stddef.h>

#include "game/game.h"
#include "rules/rules.h"

/* Room for an error of game_options_read: the longest sentence with
 * the list of every option (bytes, NUL included). */
#define GAME_OPTIONS_ERR_MAX 512

enum game_option_kind {
	GAME_OPTION_RULE,     /* the rules engine reads it (ep_options_apply) */
	GAME_OPTION_SETTING,  /* struct game_settings: no move changes */
};

/* Flags of an option. */
#define GAME_OPTION_HIDDEN 1   /* in no list: another name of an option
                                  ("-blocks"), or "-game", which only
                                  names the game already chosen */
#define GAME_OPTION_NO_HELP 2  /* listed in errors, not in the help: the
                                  game decides it (-capture) */

struct game_option {
	const char *name;      /* lower case, without dashes: "observers" */
	enum game_option_kind kind;
	const char *values;    /* the value as -NAME=VALUES shows it
	                          ("on|off", "WxH"), NULL: the option takes
	                          none (-frozen) */
	int flags;             /* GAME_OPTION_* */
	const char *help;      /* what it does, a few words */
	/* GAME_OPTION_SETTING: value (never NULL, any case) read into s:
	 * 0, or -1 with the reason in err (len bytes). */
	int (*set)(struct game_settings *s, const char *value, char *err,
	           size_t len);
};

/* The table, ended by an entry whose name is NULL: the rules' options in
 * the order of the rules' own list, then the settings. */
extern const struct game_option game_options[];

/* The option the word names: "-NAME", "--NAME", "-NAME=VALUE" or
 * "--NAME=VALUE", NAME in any case; *value (when value is not NULL) is
 * set to the text after the '=' (in word), or NULL when there is none.
 * NULL when the word names no option of the table. */
const struct game_option *game_option_find(const char *word,
                                           const char **value);

/* Every listed option as the errors show it ("-size=WxH, -block=c5,f7,
 * ..., -timeout=auto|claim"), into buf (len bytes, cut when short).
 * kinds: 1 << GAME_OPTION_RULE, 1 << GAME_OPTION_SETTING or both. */
void game_option_forms(unsigned kinds, char *buf, size_t len);

/* Read one option word into o (a rule, through ep_options_apply) or set
 * (a setting).  0, or -1 with the reason in err (len bytes, at least
 * GAME_OPTIONS_ERR_MAX for the whole list): not an option, an unknown
 * option, a bad value, a contradiction with an earlier rule option. */
int game_option_apply(struct ep_options *o, struct game_settings *set,
                      const char *word, char *err, size_t len);

/* The options of a new board of game: argv[0..argc) the option words,
 * read into o (ep_options_default of game, then game_option_apply) and
 * set (game_settings_default, then game_option_apply), then checked
 * (ep_options_check).  0, or -1 with the problem in err (len bytes). */
int game_options_read(const char *game, int argc, char *const *argv,
                      struct ep_options *o, struct game_settings *set,
                      char *err, size_t len);

/* The same for the option words of one string, separated by spaces (a
 * tournament's or the league's stored options). */
int game_options_read_words(const char *game, const char *words,
                            struct ep_options *o, struct game_settings *set,
                            char *err, size_t len);

#endif
