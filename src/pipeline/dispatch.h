/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * dispatch.h - from command words to the command's function
 * (dispatch.c).
 */
#ifndef EPAM_PIPELINE_DISPATCH_H
#define EPAM_PIPELINE_DISPATCH_H

#include "services/svc.h"

struct cmdctx;

/* Run one command given as words (argv[0] is the first word, e.g.
 * "epaminondas" or "signup").  Words are as the user wrote them. */
enum cmd_status cmd_run(struct cmdctx *c, int argc, char **argv);

#endif
