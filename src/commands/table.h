/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * table.h - the one table of mail commands (table.c).
 *
 * Every command is declared once: its verb, aliases, where it may be
 * written (alone, after a game's name, or both), its forms (the
 * arguments), its help text, its function and its lines in the help
 * mail.  Dispatch (dispatch.c), the usage lines of error replies, "help
 * COMMAND" and the list of commands of the help mail (help.c) are all
 * derived from it, in the manner of git's table of commands; README and
 * epamserv(1) are checked against it (tests/integration/test_tables.py).
 *
 * A new command: its file, with its function of the table's signature
 * (run below), declared in table.c above the table; its entry in the
 * table; its file in a local.mk.
 */
#ifndef EPAM_CMD_TABLE_H
#define EPAM_CMD_TABLE_H

#include <stddef.h>

#include "commands/cmd.h"

/* Where a command may be written. */
#define CMDT_ACCOUNT 1  /* alone: "signup ..." */
#define CMDT_GAME 2     /* after a game's name: "epaminondas move ..." */
#define CMDT_HIDDEN 4   /* with either: left out of the list of commands
                           (a pbmserv word answered with what to use) */

/* The part of the help mail a command is listed in (help.c gives each
 * its heading), in the order of the mail. */
enum cmdt_section {
	CMDT_SEC_NONE,         /* not listed (hidden commands) */
	CMDT_SEC_HELP,
	CMDT_SEC_ACCOUNTS,
	CMDT_SEC_GAMES,
	CMDT_SEC_TOURNAMENTS,
	CMDT_SEC_LEAGUE,
	CMDT_NSECTIONS
};

struct cmd_def {
	const char *verb;     /* lower-case command word */
	const char *aliases;  /* other words for it, blank-separated, or "" */
	int scope;            /* CMDT_ACCOUNT, CMDT_GAME or both */
	const char *forms;    /* the arguments of each form, one form a line
	                         ("BOARD USERID PASSWORD MOVE[#N]\n..."), ""
	                         for none */
	const char *help;     /* what it does, lines of at most 60 columns;
	                         marked N_() (util/i18n.h), translated with
	                         _() where printed (cmdt_entry) */
	const char *example;  /* examples, one a line, each after the verb
	                         (game prefix added for game commands; a
	                         comment in brackets may follow), or NULL */
	/* game: the game's name for a command written after it (for one in
	 * both scopes written alone: NULL); verb: the word as written
	 * (lower-cased); argv: the words after the verb. */
	enum cmd_status (*run)(struct cmdctx *c, const char *game,
	                       const char *verb, int argc, char **argv);
	enum cmdt_section section;  /* where the help mail lists it */
	const char *brief;    /* its lines in the help mail's list, each
	                         ending in a newline and indented by two
	                         there: the usage lines as the mail writes
	                         them (game commands after "epaminondas"),
	                         then what it does and examples, indented
	                         by four more; NULL for CMDT_SEC_NONE;
	                         marked N_(), translated with _() where
	                         printed (help.c); its usage lines stay as
	                         they are in every language */
};

/* The table, ended by an entry whose verb is NULL. */
extern const struct cmd_def cmd_table[];

/* The command whose verb or alias is word (any case) and that may be
 * written in scope (CMDT_ACCOUNT or CMDT_GAME), or NULL. */
const struct cmd_def *cmdt_find(const char *word, int scope);

/* The command whose verb or alias is word in any scope, or NULL. */
const struct cmd_def *cmdt_find_any(const char *word);

/* The verb (a static string, e.g. "move") that word (untrusted, any
 * case) stands for when it is one of the German command words ("zug"),
 * else NULL.  Those words are aliases of their verbs for cmdt_find. */
const char *cmdt_german(const char *word);

/* The command a player probably meant by word (untrusted, any case),
 * not itself a command of scope: pbmserv's short forms ("board" is
 * show, "chall" challenge), a misspelling (at most one edit or swap of
 * neighbours from a verb of scope for a word of up to 4 letters, two
 * for a longer one, and only when one verb is nearest), or the start of
 * exactly one verb's name (3 letters or more).  Hidden commands are
 * never suggested.  NULL when there is no such command. */
const struct cmd_def *cmdt_suggest(const char *word, int scope);

/* The usage lines of d: one line a form, "GAME " before game commands
 * (game NULL) or the game's name (game not NULL), then "  e.g. ..."
 * when d has an example.  Written into out (len bytes, NUL-terminated,
 * cut at a line when too small).  Returns out. */
char *cmdt_usage(const struct cmd_def *d, int scope, const char *game,
                 char *out, size_t len);

/* The whole entry of d, as "help COMMAND" prints it and error replies
 * give it as their usage text: the usage lines ("GAME " before game
 * commands), then example (one line, after the verb) or, when example
 * is NULL, d's examples, as "  e.g. ..." lines whose game commands start
 * with game (NULL: the first game), then the help text indented by four.
 * An example "" gives none.  Written into out (len bytes, NUL-terminated,
 * cut at a line when too small).  Returns out. */
char *cmdt_entry(const struct cmd_def *d, int scope, const char *game,
                 const char *example, char *out, size_t len);

/* The usage text of an error reply to the command verb written in scope
 * (CMDT_ACCOUNT or CMDT_GAME) after game (NULL for none): cmdt_entry,
 * written into c->usage_buf, which the result points into (valid until
 * the next use of c->usage_buf).  "help" for a verb not in the table. */
const char *cmd_usage_of(struct cmdctx *c, const char *verb, int scope,
                         const char *game);

/* Every usage line of the commands of scope (without examples), in table
 * order: the usage text of an error reply for an unknown command.
 * Static storage, built on first use; never NULL. */
const char *cmdt_usage_all(int scope);

#endif
