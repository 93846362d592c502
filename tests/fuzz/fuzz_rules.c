/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz_rules.c - libFuzzer target: untrusted text into the rules engine
 * and the game file loader.  The input's first byte chooses what it is:
 * a position (RULES.md section 7), a position then a move (section 2),
 * option words (section 6), or a whole game file.
 */
#include "game/game.h"
#include "rules/rules.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void fuzz_position_and_move(const char *text)
{
	struct ep_position p;
	struct ep_options o;
	struct ep_move m, moves[64];
	char err[EP_ERR_MAX], buf[EP_POSITION_MAX];
	const char *bar = strchr(text, '|');
	char *pos = strndup(text, bar ? (size_t)(bar - text) : strlen(text));

	if (!pos)
		return;
	ep_options_default(&o, "epaminondas", err, sizeof err);
	if (ep_position_parse(&p, pos, err, sizeof err) == 0) {
		ep_position_format(&p, buf);
		o.width = p.width;
		o.height = p.height;
		ep_generate(&p, &o, moves, 64);
		if (bar && ep_move_parse(&p, &o, bar + 1, &m, err, sizeof err) == 0) {
			ep_move_format(&m, buf);
			ep_make(&p, &o, &m);
		}
	}
	free(pos);
}

static void fuzz_options(char *text)
{
	struct ep_options o;
	char err[EP_ERR_MAX], *w, *save = NULL;
	static char buf[EP_OPTIONS_MAX];

	ep_options_default(&o, text[0] == 'c' ? "crossings" : "epaminondas", err,
	                   sizeof err);
	for (w = strtok_r(text, " ", &save); w; w = strtok_r(NULL, " ", &save))
		ep_options_apply(&o, w, err, sizeof err);
	if (ep_options_check(&o, err, sizeof err) == 0)
		ep_options_format(&o, buf, sizeof buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;
	struct game g;
	char *err = NULL;

	if (size < 1 || size > 65536)
		return 0;
	text = strndup((const char *)data + 1, size - 1);
	if (!text)
		return 0;
	switch (data[0] % 3) {
	case 0:
		fuzz_position_and_move(text);
		break;
	case 1:
		fuzz_options(text);
		break;
	default:
		if (game_parse(&g, text, "fuzz.game", &err) == 0)
			game_free(&g);
		free(err);
	}
	free(text);
	return 0;
}
