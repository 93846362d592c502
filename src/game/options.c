/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * options.c - the challenge options (options.h): the table, the one
 * reading of a word, the list errors show.
 *
 * Decisions:
 *  - A rules option goes to ep_options_apply as the player wrote it: the
 *    rules engine reads one or two dashes and any case itself, and its
 *    errors (a bad value, a contradiction) are the rules' own.
 *  - A word that is not an option, names none of the table, or lacks the
 *    value its option takes ("-size", "-observers="), is refused here,
 *    listing every option, settings included (the rules engine knows
 *    only its own).
 *  - A setting named twice takes the later value, as before; only the
 *    rules refuse a contradiction.
 */
#include "game/options.h"
#include "util/buf.h"
#include "util/errlang.h"
#include "util/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* -observers=on|off: off, nobody may subscribe. */
static int set_observers(struct game_settings *s, const char *value,
                         char *err, size_t len)
{
	if (strcasecmp(value, "on") == 0 || strcasecmp(value, "off") == 0) {
		s->no_observers = strcasecmp(value, "off") == 0;
		return 0;
	}
	errlang_snprintf(err, len, N_("-observers is on or off, not '%.40s'"),
	                 value);
	return -1;
}

/* -rated=yes|no: no, the result moves no rating. */
static int set_rated(struct game_settings *s, const char *value, char *err,
                     size_t len)
{
	if (strcasecmp(value, "yes") == 0 || strcasecmp(value, "no") == 0) {
		s->unrated = strcasecmp(value, "no") == 0;
		return 0;
	}
	/* TRANSLATORS: keep the options (-rated, -rated=no) as they are:
	 * what a player types. */
	errlang_snprintf(err, len, N_("-rated is yes or no, not '%.40s' "
	                 "(-rated=no: the result moves no rating)"), value);
	return -1;
}

/* -time=VALUE (clock.h). */
static int set_time(struct game_settings *s, const char *value, char *err,
                    size_t len)
{
	return tc_parse(&s->tc, value, err, len);
}

/* -timeout=auto|claim (clock.h). */
static int set_timeout(struct game_settings *s, const char *value,
                       char *err, size_t len)
{
	if (strcasecmp(value, "auto") == 0 || strcasecmp(value, "claim") == 0) {
		s->tc.claim = strcasecmp(value, "claim") == 0;
		return 0;
	}
	errlang_snprintf(err, len, N_("-timeout is auto or claim, not '%.40s' "
	                 "(auto: the game is lost when the time is out; "
	                 "claim: the opponent may claim it)"), value);
	return -1;
}

#define RULE GAME_OPTION_RULE
#define SETTING GAME_OPTION_SETTING
#define HIDDEN GAME_OPTION_HIDDEN
#define NO_HELP GAME_OPTION_NO_HELP

const struct game_option game_options[] = {
	{ "size", RULE, "WxH", 0, "board size, 4x5 to 26x26", NULL },
	{ "block", RULE, "c5,f7", 0, "obstructed squares", NULL },
	{ "blocks", RULE, "c5,f7", HIDDEN, "obstructed squares", NULL },
	{ "symmetry", RULE, "mirror|rotate|both|off", 0,
	  "the symmetry rule", NULL },
	{ "repetition", RULE, "loss|draw|off", 0, "the repetition rule",
	  NULL },
	{ "rules", RULE, "abbott|igfip", 0, "the ending rules", NULL },
	{ "crossed", RULE, "move|stay|safe", 0, "what crossed pieces may do",
	  NULL },
	{ "frozen", RULE, NULL, 0, "short for -crossed=stay", NULL },
	{ "capture", RULE, "line|one", NO_HELP,
	  "whole-line or single-piece capture: the game's own", NULL },
	{ "game", RULE, "epaminondas|crossings", HIDDEN,
	  "the game already chosen", NULL },
	{ "observers", SETTING, "on|off", 0,
	  "off: nobody may subscribe to the board", set_observers },
	{ "rated", SETTING, "yes|no", 0, "no: the result moves no rating",
	  set_rated },
	{ "time", SETTING, "Nd|START+INC[/MAX]|N/Dd", 0,
	  "the clock (help time)", set_time },
	{ "timeout", SETTING, "auto|claim", 0,
	  "claim: the opponent may claim a game whose time is out",
	  set_timeout },
	{ NULL, RULE, NULL, 0, NULL, NULL },
};

#undef RULE
#undef SETTING
#undef HIDDEN
#undef NO_HELP

/* The name of word without its one or two dashes, up to any '=' (len
 * bytes), or NULL when word does not start with a dash. */
static const char *option_name(const char *word, size_t *len)
{
	const char *s, *eq;

	if (word[0] != '-')
		return NULL;
	s = word + (word[1] == '-' ? 2 : 1);
	eq = strchr(s, '=');
	*len = eq ? (size_t)(eq - s) : strlen(s);
	return s;
}

const struct game_option *game_option_find(const char *word,
                                           const char **value)
{
	const char *name;
	size_t len;
	int i;

	if (value)
		*value = NULL;
	if ((name = option_name(word, &len)) == NULL)
		return NULL;
	for (i = 0; game_options[i].name; i++)
		if (strlen(game_options[i].name) == len &&
		    strncasecmp(game_options[i].name, name, len) == 0) {
			if (value && name[len] == '=')
				*value = name + len + 1;
			return &game_options[i];
		}
	return NULL;
}

void game_option_forms(unsigned kinds, char *buf, size_t len)
{
	struct buf b = BUF_INIT;
	const struct game_option *op;

	for (op = game_options; op->name; op++) {
		if ((op->flags & GAME_OPTION_HIDDEN) || !(kinds & (1u << op->kind)))
			continue;
		buf_printf(&b, "%s-%s%s%s", b.len ? ", " : "", op->name,
		           op->values ? "=" : "", op->values ? op->values : "");
	}
	snprintf(buf, len, "%s", buf_str(&b));
	buf_free(&b);
}

/* err: the sentence msgid (marked N_()), whose two %s are what the player
 * wrote and the list of every option. */
static int refuse_listing(const char *msgid, const char *what, char *err,
                          size_t len)
{
	char forms[GAME_OPTIONS_ERR_MAX];

	game_option_forms(1u << GAME_OPTION_RULE | 1u << GAME_OPTION_SETTING,
	                  forms, sizeof forms);
	errlang_snprintf(err, len, msgid, what, forms);
	return -1;
}

/* err: op needs a value, with the list of every option. */
static int refuse_no_value(const struct game_option *op, char *err,
                           size_t len)
{
	char shown[32];

	snprintf(shown, sizeof shown, "-%s", op->name);
	/* TRANSLATORS: the option, then the list of every option (notation,
	 * like the two sentences below). */
	return refuse_listing(N_("%s needs a value (options: %s)"), shown, err,
	                      len);
}

int game_option_apply(struct ep_options *o, struct game_settings *set,
                      const char *word, char *err, size_t len)
{
	const struct game_option *op;
	const char *value, *name;
	char shown[32];
	size_t n;

	if ((name = option_name(word, &n)) == NULL) {
		snprintf(shown, sizeof shown, "%.20s", word);
		return refuse_listing(N_("\"%s\" is not an option: options "
		                       "start with - (options: %s)"), shown, err,
		                      len);
	}
	if ((op = game_option_find(word, &value)) == NULL) {
		if (n == 0 || n >= 24)
			snprintf(shown, sizeof shown, "%.24s", word);
		else
			snprintf(shown, sizeof shown, "-%.*s", (int)(n > 20 ? 20 : n),
			         name);
		return refuse_listing(N_("unknown option %s (options: %s)"),
		                      shown, err, len);
	}
	if (op->kind == GAME_OPTION_SETTING)
		return game_setting_apply(set, word, err, len) < 0 ? -1 : 0;
	if (op->values && (!value || !*value))
		return refuse_no_value(op, err, len);
	return ep_options_apply(o, word, err, len);
}

int game_setting_apply(struct game_settings *s, const char *word, char *err,
                       size_t errlen)
{
	const struct game_option *op;
	const char *value;

	if ((op = game_option_find(word, &value)) == NULL ||
	    op->kind != GAME_OPTION_SETTING)
		return 0;
	if (!value || !*value)
		return refuse_no_value(op, err, errlen);
	return op->set(s, value, err, errlen) < 0 ? -1 : 1;
}

int game_options_read(const char *game, int argc, char *const *argv,
                      struct ep_options *o, struct game_settings *set,
                      char *err, size_t len)
{
	int i;

	if (ep_options_default(o, game, err, len) < 0)
		return -1;
	game_settings_default(set);
	for (i = 0; i < argc; i++)
		if (game_option_apply(o, set, argv[i], err, len) < 0)
			return -1;
	return ep_options_check(o, err, len) < 0 ? -1 : 0;
}

int game_options_read_words(const char *game, const char *words,
                            struct ep_options *o, struct game_settings *set,
                            char *err, size_t len)
{
	char *copy = xstrdup(words), *w, *save = NULL;
	char **argv = xmalloc((strlen(words) / 2 + 1) * sizeof *argv);
	int argc = 0, rc;

	for (w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	rc = game_options_read(game, argc, argv, o, set, err, len);
	free(argv);
	free(copy);
	return rc;
}
