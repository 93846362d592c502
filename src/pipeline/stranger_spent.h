/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * stranger_spent.h - whether a stranger's mail can have any effect
 * while the budgets of mail to strangers (commands/stranger.h) are
 * spent: the pipeline asks before it reads the mail further.
 */
#ifndef EPAM_PIPELINE_STRANGER_SPENT_H
#define EPAM_PIPELINE_STRANGER_SPENT_H

#include "commands/ctx.h"

struct intake;

/* Whether the mail of c, a stranger's with the words in (is_multiple:
 * a "multiple" mail), can have no effect now: every reply it could get
 * would find its budget spent.  confirm always runs (its answer goes to
 * an address being confirmed); signup runs while either budget has
 * room (its requests take from their own).  Anything else only makes a
 * reply to the stranger.  Then the mail costs no more than its parse:
 * the caller records it as done, unread, with a log line. */
int stranger_spent(struct cmdctx *c, const struct intake *in,
                   int is_multiple);

#endif
