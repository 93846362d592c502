/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * dispatch.c - from command words to the command's function.
 *
 * Account commands stand alone ("signup ..."); game commands start with
 * the game's name ("epaminondas move ...", "crossings show ...").
 * Command words and userids are case-insensitive, passwords are not, so
 * each command lower-cases only what it must.
 */
#include "pipeline/dispatch.h"
#include "commands/cmd.h"
#include "commands/table.h"
#include "spool/spool.h"
#include "util/util.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The usage lines of d alone ("GAME " before a game command, then its
 * example), in c->usage_buf: the usage text of an error reply whose
 * only fault is the game prefix. */
static const char *verb_usage(struct cmdctx *c, const struct cmd_def *d,
                              int scope)
{
	return cmdt_usage(d, scope, NULL, c->usage_buf, sizeof c->usage_buf);
}

/* Run d, written in scope, with the words after its verb.  The verb is
 * lower-cased in place (commands that take several verbs read it); a
 * German word is given as the verb it stands for. */
static enum cmd_status run_def(struct cmdctx *c, const struct cmd_def *d,
                               int scope, const char *game, int argc,
                               char **argv)
{
	const char *de = cmdt_german(argv[0]);

	util_lower(argv[0]);
	return d->run(c, scope == CMDT_GAME ? game : NULL, de ? de : argv[0],
	              argc - 1, argv + 1);
}

static enum cmd_status run_game(struct cmdctx *c, const char *game, int argc,
                                char **argv)
{
	const char *verb = argc > 1 ? argv[1] : "";
	const struct cmd_def *d;

	if (!*verb)
		return cmd_refuse(c, cmdt_usage_all(CMDT_GAME),
		                  _("'%s' needs a command after it"), game);
	d = cmdt_find(verb, CMDT_GAME);
	if (d)
		return run_def(c, d, CMDT_GAME, game, argc - 1, argv + 1);
	d = cmdt_find(verb, CMDT_ACCOUNT);
	if (d)
		return cmd_refuse(c, verb_usage(c, d, CMDT_ACCOUNT),
		                  _("only the game prefix is wrong: '%s' takes no "
		                  "game's name before it."), d->verb);
	d = cmdt_suggest(verb, CMDT_GAME);
	if (d)
		return cmd_refuse(c, cmd_usage_of(c, d->verb, CMDT_GAME, game),
		                  /* TRANSLATORS: %1$s is a game's name, %2$.40s
		                   * the word after it, %3$s the command meant. */
		                  _("'%1$s %2$.40s' is not a command I know: did "
		                  "you mean '%1$s %3$s'?  Nothing was done."), game,
		                  verb, d->verb);
	return cmd_refuse(c, cmdt_usage_all(CMDT_GAME),
	                  /* TRANSLATORS: a game's name and the word after it. */
	                  _("'%s %s' is not a command I know"), game, verb);
}

/* A mail in which no command was found, whose own subject (no "Re:",
 * no token: not a reply to a mail of ours) starts with a pbmserv short
 * form or a misspelling of a command ("epaminondas board 101",
 * "mvoe 101 ..."): refused with the command it probably meant, nothing
 * done.  CMD_DONE when the subject is not one. */
static enum cmd_status suggest_from_subject(struct cmdctx *c)
{
	const char *subject = c->mail && c->mail->subject ? c->mail->subject
	                      : "";
	const struct cmd_def *d;
	const char *game;
	char w[2][48];
	int n;

	if (reply_strip_prefixes(subject) != subject || strstr(subject, "[#"))
		return CMD_DONE;
	n = sscanf(subject, "%47s %47s", w[0], w[1]);
	if (n < 1)
		return CMD_DONE;
	game = spool_game_named(w[0]);
	if (game && n == 2 && !cmdt_find(w[1], CMDT_GAME) &&
	    (d = cmdt_suggest(w[1], CMDT_GAME)) != NULL)
		return cmd_refuse(c, cmd_usage_of(c, d->verb, CMDT_GAME, game),
		                  /* TRANSLATORS: %1$s is a game's name, %2$s
		                   * the word after it, %3$s the command meant. */
		                  _("'%1$s %2$s' is not a command I know: did you "
		                  "mean '%1$s %3$s'?  Nothing was done."), game,
		                  w[1], d->verb);
	if (game || cmd_known(w[0]))
		return CMD_DONE;
	if ((d = cmdt_suggest(w[0], CMDT_ACCOUNT)) != NULL)
		return cmd_refuse(c, cmd_usage_of(c, d->verb, CMDT_ACCOUNT, NULL),
		                  _("'%s' is not a command I know: did you mean "
		                  "'%s'?  Nothing was done."), w[0], d->verb);
	if ((d = cmdt_suggest(w[0], CMDT_GAME)) != NULL)
		return cmd_refuse(c, cmd_usage_of(c, d->verb, CMDT_GAME, NULL),
		                  /* TRANSLATORS: the word written, then a game's
		                   * name and the command meant. */
		                  _("'%s' is not a command I know: did you mean "
		                  "'%s %s'?  Nothing was done."), w[0],
		                  spool_games[0], d->verb);
	return CMD_DONE;
}

enum cmd_status cmd_run(struct cmdctx *c, int argc, char **argv)
{
	const struct cmd_def *d;
	const char *game;

	if (argc < 1) {
		enum cmd_status st = suggest_from_subject(c);
		if (st != CMD_DONE)
			return st;
		return cmd_refuse(c, "help", _("I found no command in your mail"));
	}
	game = spool_game_named(argv[0]);
	if (game)
		return run_game(c, game, argc, argv);
	d = cmdt_find(argv[0], CMDT_ACCOUNT);
	if (d)
		return run_def(c, d, CMDT_ACCOUNT, NULL, argc, argv);
	d = cmdt_find(argv[0], CMDT_GAME);
	if (d)
		return cmd_refuse(c, verb_usage(c, d, CMDT_GAME),
		                  /* TRANSLATORS: the two games' names, then
		                   * the command written. */
		                  _("only the game prefix is missing: write the "
		                  "game's name (%s or %s) before '%s'."),
		                  spool_games[0], spool_games[1] ? spool_games[1]
		                  : spool_games[0], d->verb);
	d = argc > 1 ? cmdt_find(argv[1], CMDT_GAME) : NULL;
	if (d)
		return cmd_refuse(c, verb_usage(c, d, CMDT_GAME),
		                  /* TRANSLATORS: the word written, then the
		                   * two games' names. */
		                  _("only the game prefix is wrong: '%s' is no game "
		                  "here; the games are %s and %s."), argv[0],
		                  spool_games[0], spool_games[1] ? spool_games[1]
		                  : spool_games[0]);
	d = cmdt_suggest(argv[0], CMDT_ACCOUNT);
	if (d)
		return cmd_refuse(c, cmd_usage_of(c, d->verb, CMDT_ACCOUNT, NULL),
		                  _("'%.40s' is not a command I know: did you mean "
		                  "'%s'?  Nothing was done."), argv[0], d->verb);
	d = cmdt_suggest(argv[0], CMDT_GAME);
	if (d)
		return cmd_refuse(c, cmd_usage_of(c, d->verb, CMDT_GAME, NULL),
		                  /* TRANSLATORS: the word written, then a game's
		                   * name and the command meant. */
		                  _("'%.40s' is not a command I know: did you mean "
		                  "'%s %s'?  Nothing was done."), argv[0],
		                  spool_games[0], d->verb);
	return cmd_refuse(c, cmdt_usage_all(CMDT_ACCOUNT),
	                  _("'%s' is not a command I know"), argv[0]);
}
