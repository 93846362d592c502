/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * stranger_spent.c - a stranger's mail that no budget has room for
 * (stranger_spent.h).  From commands/stranger_budget.c (issue 31):
 * it reads the command words the pipeline found (intake.h).
 */
#include "pipeline/stranger_spent.h"
#include "pipeline/intake.h"
#include "commands/stranger.h"

#include <strings.h>

int stranger_spent(struct cmdctx *c, const struct intake *in,
                   int is_multiple)
{
	const char *verb = !is_multiple && in->argc > 0 ? in->argv[0] : "";

	if (strcasecmp(verb, "confirm") == 0)
		return 0;
	if (stranger_budget_room(c, STRANGER_REPLIES))
		return 0;
	return strcasecmp(verb, "signup") != 0 ||
	       !stranger_budget_room(c, STRANGER_REQUESTS);
}
