/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ctx.c - what the commands note in the mail context for the pipeline
 * (cmd.h).
 */
#include "commands/ctx.h"

#include <stdio.h>
#include <string.h>

void cmd_note_created(struct cmdctx *c, long board)
{
	size_t len = strlen(c->created);
	char num[24];
	int n;

	n = snprintf(num, sizeof num, "%s%ld", len ? "," : "", board);
	if (n > 0 && len + (size_t)n < sizeof c->created)
		memcpy(c->created + len, num, (size_t)n + 1);
}
