/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * options.c - the variant and options of a game (RULES.md section 6):
 * defaults per game, parsing of option words, the consistency check and
 * the canonical option string stored with a game.
 *
 * Decisions taken where RULES.md is silent:
 *
 *  - "-opt=value" and "--opt=value" are the same; option names and values
 *    are case-insensitive ("-Size=8X8" works: players type on phones).
 *  - An option named twice with different values ("-size=8x8
 *    -size=10x10", "-frozen -crossed=move") is a contradiction and is
 *    refused; naming it twice with the same value is harmless.  -block is
 *    the exception: its squares add up, and a block square named twice is
 *    refused by ep_options_check().
 *  - -capture=line|one exists so the canonical string spells every rule
 *    out, but the capture rule belongs to the game: epaminondas captures
 *    the whole line, crossings only the piece on D.  A -capture that
 *    disagrees with the game is a contradiction and is refused (play the
 *    other game instead).
 *  - -rules=igfip switches the crossed rule to its own default, stay,
 *    unless -crossed= or -frozen was given or the game's crossed rule is
 *    already not "move" (crossings keeps safe: igfip with safe pieces is a
 *    consistent game).  -rules=abbott gives back the game's own crossed rule
 *    under the same condition.  The order of the words does not matter.
 *  - -crossed=move together with -rules=igfip is a contradiction and is
 *    refused: the must-answer rule and its "neither side has a movable
 *    piece" draw assume crossed pieces stay on the far row.
 *  - -crossed=stay or safe with Abbott's rules, and -crossed=move with
 *    crossings, are accepted: they are the published rules of other
 *    variants.
 *  - Blocks must be on the board and on squares empty at the start (ranks
 *    3 to H-2); -block takes one or more squares separated by commas.
 *  - -game=NAME is accepted only when it names the game already chosen
 *    (the game is chosen by ep_options_default(); the command-line tools
 *    read -game first).
 *  - -frozen takes no value.
 *  - -repetition is stored only: the engine has no history.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "internal.h"
#include "util/i18n.h"

#define EP_OPTION_FORMS \
	"-size=WxH, -block=c5,f7, -symmetry=mirror|rotate|both|off, " \
	"-repetition=loss|draw|off, -rules=abbott|igfip, " \
	"-crossed=move|stay|safe, -frozen, -capture=line|one"

static enum ep_crossed game_crossed(const struct ep_options *o)
{
	return strcmp(o->game, "crossings") == 0 ? EP_CROSSED_SAFE
	                                         : EP_CROSSED_MOVE;
}

static enum ep_capture game_capture(const struct ep_options *o)
{
	return strcmp(o->game, "crossings") == 0 ? EP_CAPTURE_ONE
	                                         : EP_CAPTURE_LINE;
}

int ep_options_default(struct ep_options *o, const char *game,
                       char *err, size_t errlen)
{
	memset(o, 0, sizeof *o);
	if (game == NULL || strcasecmp(game, "epaminondas") == 0) {
		strcpy(o->game, "epaminondas");
		o->width = 14;
		o->height = 12;
	} else if (strcasecmp(game, "crossings") == 0) {
		strcpy(o->game, "crossings");
		o->width = 8;
		o->height = 8;
	} else {
		return ep_err(err, errlen, N_("unknown game \"%.40s\" (the games "
		              "are epaminondas and crossings)"), game);
	}
	o->capture = game_capture(o);
	o->crossed = game_crossed(o);
	o->symmetry = EP_SYM_MIRROR;
	o->repetition = EP_REP_LOSS;
	o->ending = EP_ENDING_ABBOTT;
	return 0;
}

/* Index of value in the |-separated words of forms, or -1. */
static int pick(const char *value, const char *const *words, int nwords)
{
	int i;

	for (i = 0; i < nwords; i++)
		if (strcasecmp(value, words[i]) == 0)
			return i;
	return -1;
}

/* Digits at *sp as a number (at most 3 digits), or -1. */
static int read_dim(const char **sp)
{
	const char *s = *sp;
	int v = 0, n = 0;

	while (*s >= '0' && *s <= '9' && n < 4) {
		v = v * 10 + (*s++ - '0');
		n++;
	}
	if (n == 0 || n > 3)
		return -1;
	*sp = s;
	return v;
}

static int apply_size(struct ep_options *o, const char *v,
                      char *err, size_t errlen)
{
	const char *s = v;
	int w, h = -1;

	w = read_dim(&s);
	if (w >= 0 && (*s == 'x' || *s == 'X')) {
		s++;
		h = read_dim(&s);
	}
	if (w < 0 || h < 0 || *s != '\0')
		/* TRANSLATORS: keep the options (-size=, -size=WxH,
		 * -size=8x8) as they are: what a player types. */
		return ep_err(err, errlen, N_("-size=%.20s: write -size=WxH, "
		              "e.g. -size=8x8"), v);
	if (w < EP_MIN_W || w > EP_MAX_W || h < EP_MIN_H || h > EP_MAX_H)
		/* TRANSLATORS: keep the options (-size=, -size=WxH,
		 * -size=8x8) as they are: what a player types. */
		return ep_err(err, errlen, N_("-size=%.20s: the width must be %d "
		              "to %d and the height %d to %d (write -size=WxH, "
		              "e.g. -size=8x8)"), v, EP_MIN_W, EP_MAX_W, EP_MIN_H,
		              EP_MAX_H);
	o->width = w;
	o->height = h;
	return 0;
}

static int apply_block(struct ep_options *o, const char *v,
                       char *err, size_t errlen)
{
	const char *s = v, *end;
	int f, r;

	for (;;) {
		if (ep_square_parse(s, &f, &r, &end) < 0 ||
		    (*end != ',' && *end != '\0'))
			/* TRANSLATORS: keep the options (-block=,
			 * -block=c5) as they are: what a player types. */
			return ep_err(err, errlen, N_("-block=%.40s: \"%.8s\" is not "
			              "a square (write -block=c5,f7: squares "
			              "separated by commas)"), v, s);
		if (o->nblocks >= EP_MAX_W * EP_MAX_H)
			return ep_err(err, errlen, N_("-block: too many blocks"));
		o->block_file[o->nblocks] = (uint8_t)f;
		o->block_rank[o->nblocks] = (uint8_t)r;
		o->nblocks++;
		if (*end == '\0')
			return 0;
		s = end + 1;
	}
}

static void apply_rules(struct ep_options *o, enum ep_ending ending)
{
	o->ending = ending;
	if (o->crossed_given)
		return;
	if (ending == EP_ENDING_IGFIP && o->crossed == EP_CROSSED_MOVE)
		o->crossed = EP_CROSSED_STAY;
	else if (ending == EP_ENDING_ABBOTT)
		o->crossed = game_crossed(o);
}

/* Apply name=value (value NULL when there is no '='). */
static int apply_named(struct ep_options *o, const char *name,
                       const char *v, char *err, size_t errlen)
{
	static const char *const sym[] = { "off", "mirror", "rotate", "both" };
	static const char *const rep[] = { "loss", "draw", "off" };
	static const char *const rul[] = { "abbott", "igfip" };
	static const char *const cro[] = { "move", "stay", "safe" };
	static const char *const cap[] = { "line", "one" };
	int i;

	if (strcasecmp(name, "frozen") == 0) {
		if (v != NULL)
			/* TRANSLATORS: keep the options (-frozen,
			 * -crossed=stay) as they are: what a player
			 * types. */
			return ep_err(err, errlen, N_("-frozen takes no value (it "
			              "means -crossed=stay)"));
		o->crossed = EP_CROSSED_STAY;
		o->crossed_given = 1;
		return 0;
	}
	if (v == NULL || *v == '\0')
		/* TRANSLATORS: an option's name, then the list of options
		 * (notation, not translated). */
		return ep_err(err, errlen, N_("-%.20s needs a value (options: "
		              "%s)"), name, EP_OPTION_FORMS);
	if (strcasecmp(name, "size") == 0)
		return apply_size(o, v, err, errlen);
	if (strcasecmp(name, "block") == 0 || strcasecmp(name, "blocks") == 0)
		return apply_block(o, v, err, errlen);
	if (strcasecmp(name, "symmetry") == 0) {
		if ((i = pick(v, sym, 4)) < 0)
			/* TRANSLATORS: keep the options (-symmetry=,
			 * -symmetry=mirror|rotate|both|off) as they are:
			 * what a player types. */
			return ep_err(err, errlen, N_("-symmetry=%.20s: write "
			              "-symmetry=mirror|rotate|both|off"), v);
		o->symmetry = (enum ep_symmetry)i;
		return 0;
	}
	if (strcasecmp(name, "repetition") == 0) {
		if ((i = pick(v, rep, 3)) < 0)
			/* TRANSLATORS: keep the options (-repetition=,
			 * -repetition=loss|draw|off) as they are: what a
			 * player types. */
			return ep_err(err, errlen, N_("-repetition=%.20s: write "
			              "-repetition=loss|draw|off"), v);
		o->repetition = (enum ep_repetition)i;
		return 0;
	}
	if (strcasecmp(name, "rules") == 0) {
		if ((i = pick(v, rul, 2)) < 0)
			/* TRANSLATORS: keep the options (-rules=,
			 * -rules=abbott|igfip) as they are: what a player
			 * types. */
			return ep_err(err, errlen, N_("-rules=%.20s: write "
			              "-rules=abbott|igfip"), v);
		apply_rules(o, (enum ep_ending)i);
		return 0;
	}
	if (strcasecmp(name, "crossed") == 0) {
		if ((i = pick(v, cro, 3)) < 0)
			/* TRANSLATORS: keep the options (-crossed=,
			 * -crossed=move|stay|safe) as they are: what a
			 * player types. */
			return ep_err(err, errlen, N_("-crossed=%.20s: write "
			              "-crossed=move|stay|safe"), v);
		o->crossed = (enum ep_crossed)i;
		o->crossed_given = 1;
		return 0;
	}
	if (strcasecmp(name, "capture") == 0) {
		if ((i = pick(v, cap, 2)) < 0)
			/* TRANSLATORS: keep the options (-capture=,
			 * -capture=line|one) as they are: what a player
			 * types. */
			return ep_err(err, errlen, N_("-capture=%.20s: write "
			              "-capture=line|one"), v);
		o->capture = (enum ep_capture)i;
		return 0;
	}
	if (strcasecmp(name, "game") == 0) {
		if (strcasecmp(v, o->game) != 0)
			/* TRANSLATORS: keep the options (-game=) as they
			 * are: what a player types. */
			return ep_err(err, errlen, N_("-game=%.20s: this game is "
			              "%s; the game cannot be changed by an option"),
			              v, o->game);
		return 0;
	}
	/* TRANSLATORS: an option's name, then the list of options. */
	return ep_err(err, errlen, N_("unknown option -%.20s (options: %s)"),
	              name, EP_OPTION_FORMS);
}

/* The option kind of name as a bit of o->given, 0 for none (block, game). */
static unsigned option_bit(const char *name)
{
	static const char *const kinds[] = {
		"size", "symmetry", "repetition", "rules", "crossed", "capture",
	};
	unsigned i;

	if (strcasecmp(name, "frozen") == 0)
		name = "crossed";
	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcasecmp(name, kinds[i]) == 0)
			return 1u << i;
	return 0;
}

/* Whether the value of the option kind bit differs between a and b. */
static int option_changed(unsigned bit, const struct ep_options *a,
                          const struct ep_options *b)
{
	switch (bit) {
	case 1:
		return a->width != b->width || a->height != b->height;
	case 2:
		return a->symmetry != b->symmetry;
	case 4:
		return a->repetition != b->repetition;
	case 8:
		return a->ending != b->ending;
	case 16:
		return a->crossed != b->crossed;
	default:
		return a->capture != b->capture;
	}
}

int ep_options_apply(struct ep_options *o, const char *word,
                     char *err, size_t errlen)
{
	struct ep_options before;
	char name[24];
	const char *s = word, *eq;
	unsigned bit;
	size_t len;
	int rc;

	if (s[0] != '-')
		/* TRANSLATORS: the word the player wrote, then the list of
		 * options. */
		return ep_err(err, errlen, N_("\"%.20s\" is not an option: "
		              "options start with - (options: %s)"), word,
		              EP_OPTION_FORMS);
	s += s[1] == '-' ? 2 : 1;
	eq = strchr(s, '=');
	len = eq != NULL ? (size_t)(eq - s) : strlen(s);
	if (len == 0 || len >= sizeof name)
		/* TRANSLATORS: the word the player wrote, then the list of
		 * options. */
		return ep_err(err, errlen, N_("unknown option %.24s (options: "
		              "%s)"), word, EP_OPTION_FORMS);
	memcpy(name, s, len);
	name[len] = '\0';
	bit = option_bit(name);
	if (bit && (o->given & bit))
		before = *o;
	rc = apply_named(o, name, eq != NULL ? eq + 1 : NULL, err, errlen);
	if (rc == 0 && bit && (o->given & bit) && option_changed(bit, &before, o)) {
		*o = before;
		if (strcasecmp(name, "frozen") == 0)
			return ep_err(err, errlen, N_("%.40s contradicts an "
			              "earlier -crossed or -frozen option: give "
			              "each option once"), word);
		/* TRANSLATORS: the option the player wrote, then the name
		 * of the option it contradicts. */
		return ep_err(err, errlen, N_("%.40s contradicts an earlier -%s "
		              "option: give each option once"), word, name);
	}
	o->given |= bit;
	return rc;
}

static int check_blocks(const struct ep_options *o, char *err, size_t errlen)
{
	char sq[4];
	int i, j;

	for (i = 0; i < o->nblocks; i++) {
		int f = o->block_file[i], r = o->block_rank[i];

		if (f >= o->width || r >= o->height) {
			if (r > 98)
				r = 98;
			ep_square_name(f, r, sq);
			/* TRANSLATORS: keep the options (-block=) as they
			 * are: what a player types. */
			return ep_err(err, errlen, N_("-block=%s is off the %dx%d "
			              "board"), sq, o->width, o->height);
		}
		ep_square_name(f, r, sq);
		if (r < 2 || r >= o->height - 2)
			/* TRANSLATORS: keep the options (-block=) as they
			 * are: what a player types. */
			return ep_err(err, errlen, N_("-block=%s is on a starting "
			              "square (blocks go on ranks 3 to %d, empty at "
			              "the start)"), sq, o->height - 2);
		for (j = 0; j < i; j++)
			if (o->block_file[j] == f && o->block_rank[j] == r)
				return ep_err(err, errlen, N_("-block: %s is named "
				              "twice"), sq);
	}
	return 0;
}

int ep_options_check(const struct ep_options *o, char *err, size_t errlen)
{
	if (strcmp(o->game, "epaminondas") != 0 &&
	    strcmp(o->game, "crossings") != 0)
		return ep_err(err, errlen, N_("unknown game \"%.16s\" (the games "
		              "are epaminondas and crossings)"), o->game);
	if (o->width < EP_MIN_W || o->width > EP_MAX_W ||
	    o->height < EP_MIN_H || o->height > EP_MAX_H)
		return ep_err(err, errlen, N_("a %dx%d board is not allowed: the "
		              "width must be %d to %d and the height %d to %d"),
		              o->width, o->height, EP_MIN_W, EP_MAX_W, EP_MIN_H,
		              EP_MAX_H);
	if (o->capture != game_capture(o))
		/* TRANSLATORS: %s is the game (epaminondas or crossings),
		 * here and in the next. */
		return ep_err(err, errlen, o->capture == EP_CAPTURE_ONE
		              /* TRANSLATORS: keep the options
		               * (-capture=one) as they are: what a player
		               * types. */
		              ? N_("-capture=one contradicts %s, which captures "
		                   "the whole line (play crossings for single-piece "
		                   "capture)")
		              /* TRANSLATORS: keep the options
		               * (-capture=line) as they are: what a player
		               * types. */
		              : N_("-capture=line contradicts %s, which captures "
		                   "only the piece landed on (play epaminondas for "
		                   "whole-line capture)"), o->game);
	if (o->ending == EP_ENDING_IGFIP && o->crossed == EP_CROSSED_MOVE)
		/* TRANSLATORS: keep the option names and values as they
		 * are: what a player types. */
		return ep_err(err, errlen, N_("-crossed=move contradicts "
		              "-rules=igfip (under igfip rules crossed pieces stay "
		              "on the far row): use -crossed=stay or -crossed=safe"));
	return check_blocks(o, err, errlen);
}

size_t ep_options_format(const struct ep_options *o, char *buf, size_t len)
{
	static const char *const sym[] = { "off", "mirror", "rotate", "both" };
	static const char *const rep[] = { "loss", "draw", "off" };
	static const char *const cro[] = { "move", "stay", "safe" };
	size_t used;
	char sq[4];
	int n, i;

	if (len == 0)
		return 0;
	n = snprintf(buf, len, "-size=%dx%d -capture=%s -crossed=%s "
	             "-symmetry=%s -repetition=%s -rules=%s", o->width, o->height,
	             o->capture == EP_CAPTURE_ONE ? "one" : "line",
	             cro[o->crossed % 3], sym[o->symmetry & 3],
	             rep[o->repetition % 3],
	             o->ending == EP_ENDING_IGFIP ? "igfip" : "abbott");
	if (n < 0) {
		buf[0] = '\0';
		return 0;
	}
	used = (size_t)n;
	for (i = 0; i < o->nblocks && used < len; i++) {
		int r = o->block_rank[i] > 98 ? 98 : o->block_rank[i];

		ep_square_name(o->block_file[i], r, sq);
		n = snprintf(buf + used, len - used, "%s%s",
		             i == 0 ? " -block=" : ",", sq);
		if (n < 0)
			break;
		used += (size_t)n;
	}
	return used < len ? used : len - 1;
}
