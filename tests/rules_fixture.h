/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rules_fixture.h - options and positions for the engine's unit tests
 * (test_engine, test_eval, test_players), written the way a test reads.
 */
#ifndef EPAM_RULES_FIXTURE_H
#define EPAM_RULES_FIXTURE_H

#include <stdio.h>

#include "rules/rules.h"

/* The options of game ("epaminondas", "crossings") with up to two more
 * option words (NULL: none), e.g. ("epaminondas", "-size=8x8",
 * "-frozen").  A word the rules refuse is named as a TAP diagnostic and
 * left out. */
static void fixture_options(struct ep_options *o, const char *game,
                            const char *w1, const char *w2)
	__attribute__((unused));
static void fixture_options(struct ep_options *o, const char *game,
                            const char *w1, const char *w2)
{
	char err[EP_ERR_MAX];
	const char *w[2] = { w1, w2 };
	int i;

	if (ep_options_default(o, game, err, sizeof err) < 0)
		printf("# %s: %s\n", game, err);
	for (i = 0; i < 2; i++)
		if (w[i] && ep_options_apply(o, w[i], err, sizeof err) < 0)
			printf("# %s: %s\n", w[i], err);
}

#endif
