/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * engine_args.c - the argument reading `think` and `match` share
 * (cli_engine.h): their own double-dashed options, the rule options for
 * cli_rules_setup, and the refusal, by name, of the game settings that
 * are not rules.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli/cli_engine.h"
#include "game/options.h"
#include "util/i18n.h"

#define CLI_EX_USAGE 64

/* A decimal number in min..max from text; -1 if it is not one. */
static int parse_number(const char *text, uint64_t min, uint64_t max,
                        uint64_t *out)
{
	uint64_t v = 0;
	const char *s = text;

	if (*s == '\0')
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (UINT64_MAX - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	if (v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int cli_engine_args(int argc, char **argv, struct cli_eopt *opts,
                    size_t nopts, char **rules, int *nrules, char **words,
                    int *nwords)
{
	const struct game_option *setting;
	const char *cmd = argv[0];
	int i;
	size_t k;

	*nrules = 1;
	*nwords = 0;
	rules[0] = argv[0];
	for (i = 1; i < argc; i++) {
		const char *w = argv[i], *value = NULL;
		struct cli_eopt *opt = NULL;

		if (w[0] != '-' || w[1] == '\0') {
			words[(*nwords)++] = argv[i];
			continue;
		}
		/* A search knows no clock, rating or observer. */
		if ((setting = game_option_find(w, NULL)) != NULL &&
		    setting->kind == GAME_OPTION_SETTING) {
			/* TRANSLATORS: %1$s the command (think, match, ...),
			 * %2$s the setting's name, %3$s the word given. */
			fprintf(stderr, _("epamserv %1$s: -%2$s= is a game "
			                  "setting, not a rule: %1$s plays positions "
			                  "under the rules alone (RULES.md section 6); "
			                  "leave %3$s out\n"), cmd, setting->name, w);
			return CLI_EX_USAGE;
		}
		for (k = 0; k < nopts && !opt; k++) {
			size_t len = strlen(opts[k].name);

			if (strncmp(w, opts[k].name, len) == 0 &&
			    (w[len] == '\0' || (w[len] == '=' && !opts[k].flag))) {
				opt = &opts[k];
				value = w[len] == '=' ? w + len + 1 : NULL;
			}
		}
		if (!opt) {
			rules[(*nrules)++] = argv[i];
			continue;
		}
		opt->given = 1;
		if (opt->flag) {
			*opt->value = 1;
			continue;
		}
		if (!value) {
			if (i + 1 >= argc) {
				fprintf(stderr, _("epamserv %s: %s needs a value (a number "
				          "from %llu to %llu)\n"), cmd, opt->name,
				        (unsigned long long)opt->min,
				        (unsigned long long)opt->max);
				return CLI_EX_USAGE;
			}
			value = argv[++i];
		}
		if (parse_number(value, opt->min, opt->max, opt->value) < 0) {
			fprintf(stderr, _("epamserv %s: %s must be a number from %llu "
			          "to %llu, not \"%.40s\"\n"), cmd, opt->name,
			        (unsigned long long)opt->min,
			        (unsigned long long)opt->max, value);
			return CLI_EX_USAGE;
		}
	}
	rules[*nrules] = NULL;
	return 0;
}
