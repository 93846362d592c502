/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * auth_words.c - which words of a command are secret (issue 11: trust;
 * moved from pipeline/auth.c in issue 31).  The forms are the command
 * table's (SPEC section 2), so this sits beside table.c: the pipeline's
 * password scan (pipeline/auth_scan.c), intake's masking of the words
 * kept and the subject a reply echoes all read it here.
 */
#include "commands/auth_words.h"
#include "commands/cmd.h"
#include "commands/table.h"
#include "spool/spool.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The table's verb for word written in scope: itself, or the verb of an
 * alias ("delete" is signoff) or of a German word ("herausfordern" is
 * challenge), so that every word for a command hides the same secrets. */
static const char *verb_of(const char *word, int scope)
{
	const struct cmd_def *d = cmdt_find(word, scope);
	const char *de = cmdt_german(word);

	return d ? d->verb : de ? de : word;
}

void auth_words(int argc, char *const *argv, struct auth_words *w)
{
	static const char *const account[] = {
		"signoff", "message", "vacation", "set", NULL,
	};
	static const char *const game_uidpw2[] = {
		"showas", "seek", "limit", "notify", NULL,
	};
	const char *first = argc > 0 ? verb_of(argv[0], CMDT_ACCOUNT) : "";
	const char *verb = argc > 1 ? verb_of(argv[1], CMDT_GAME) : "";
	int i;

	w->userid = w->password = w->secret[0] = w->secret[1] = -1;
	if (argc < 3)
		return;
	if (strcasecmp(first, "signup") == 0) {
		w->secret[0] = 2;  /* a new account: nothing to check */
		return;
	}
	if (strcasecmp(first, "stopmail") == 0) {
		w->secret[0] = 2;  /* its token: no account to check */
		return;
	}
	if (strcasecmp(first, "change") == 0) {
		if (argc < 4)
			return;
		w->userid = 2;
		w->password = w->secret[0] = 3;
		if (strcasecmp(verb, "password") == 0 && argc > 4)
			w->secret[1] = 4;
		return;
	}
	for (i = 0; account[i]; i++)
		if (strcasecmp(first, account[i]) == 0) {
			w->userid = 1;
			w->password = w->secret[0] = 2;
			return;
		}
	if (!spool_is_game(argv[0]))
		return;
	if (strcasecmp(verb, "challenge") == 0) {
		/* GAME challenge WHITE BLACK [-options] by USERID PASSWORD */
		if (argc >= 7 && strcasecmp(argv[argc - 3], "by") == 0) {
			w->userid = argc - 2;
			w->password = w->secret[0] = argc - 1;
		}
		return;
	}
	if (strcasecmp(verb, "show") == 0 || strcasecmp(verb, "games") == 0 ||
	    strcasecmp(verb, "preview") == 0 || strcasecmp(verb, "help") == 0 ||
	    strcasecmp(verb, "seeks") == 0)
		return;
	for (i = 0; game_uidpw2[i]; i++)
		if (strcasecmp(verb, game_uidpw2[i]) == 0) {
			if (argc > 3) {
				w->userid = 2;
				w->password = w->secret[0] = 3;
			}
			return;
		}
	/* GAME tournament create|join|leave|start|cancel NAME USERID
	 * PASSWORD ... (tournament show NAME has none). */
	if (strcasecmp(verb, "tournament") == 0) {
		if (argc > 5) {
			w->userid = 4;
			w->password = w->secret[0] = 5;
		}
		return;
	}
	/* GAME record BOARD json|text USERID PASSWORD */
	if (strcasecmp(verb, "record") == 0 && argc > 5 &&
	    (strcasecmp(argv[3], "json") == 0 ||
	     strcasecmp(argv[3], "text") == 0)) {
		w->userid = 4;
		w->password = w->secret[0] = 5;
		return;
	}
	/* GAME VERB BOARD USERID PASSWORD ...; GAME league join|leave
	 * USERID PASSWORD has them at the same places. */
	if (argc > 4) {
		w->userid = 3;
		w->password = w->secret[0] = 4;
	}
}

/* The most words of a line auth_mask_line looks at. */
#define MASK_WORDS 64

void auth_mask_line(char *line, size_t len)
{
	size_t n = strlen(line);
	char *copy = xstrdup(line), *argv[MASK_WORDS], *verbs[MASK_WORDS];
	char *p = copy;
	const struct cmd_def *d;
	struct auth_words w;
	struct buf out = BUF_INIT;
	int argc = 0, from = 0, i;

	while (argc < MASK_WORDS - 1) {
		p += strspn(p, " \t");
		if (!*p)
			break;
		argv[argc++] = p;
		p += strcspn(p, " \t");
		if (*p)
			*p++ = '\0';
	}
	/* A game command written without its game's name ("move 101
	 * alice PW e2-e3", "mvoe 101 ...") has its words where they would
	 * be after it. */
	if (argc > 0 && !cmd_known(argv[0]) &&
	    (cmd_game_verb_known(argv[0]) || cmdt_suggest(argv[0], CMDT_GAME))) {
		memmove(argv + 1, argv, (size_t)argc * sizeof *argv);
		argv[0] = (char *)spool_games[0];
		argc++;
		from = 1;
	}
	/* Only a command's words, read as the command a misspelt verb
	 * probably meant (cmdt_suggest): "Epaminondas Board 101 alice
	 * [#...]", a board mail's subject, has no password in it. */
	memcpy(verbs, argv, (size_t)argc * sizeof *argv);
	if (argc >= 2 && spool_is_game(argv[0]) &&
	    !cmd_game_verb_known(argv[1]) && strcasecmp(argv[1], "board") != 0 &&
	    (d = cmdt_suggest(argv[1], CMDT_GAME)) != NULL)
		verbs[1] = (char *)d->verb;
	else if (argc >= 1 && !cmd_known(argv[0]) &&
	         (d = cmdt_suggest(argv[0], CMDT_ACCOUNT)) != NULL)
		verbs[0] = (char *)d->verb;
	if (argc < 1 || !cmd_known(verbs[0]) ||
	    (spool_is_game(verbs[0]) && (argc < 2 ||
	                                 !cmd_game_verb_known(verbs[1]))))
		argc = 0;
	auth_words(argc, verbs, &w);
	for (i = 0; i < 2; i++)
		if (w.secret[i] >= from && w.secret[i] < argc) {
			explicit_bzero(argv[w.secret[i]], strlen(argv[w.secret[i]]));
			argv[w.secret[i]] = "PASSWORD";
		}
	if (w.secret[0] >= from && w.secret[0] < argc) {
		for (i = from; i < argc; i++)
			buf_printf(&out, "%s%s", i > from ? " " : "", argv[i]);
		if (len > 0)
			snprintf(line, len, "%s", buf_str(&out));
	}
	buf_free(&out);
	explicit_bzero(copy, n);
	free(copy);
}
