/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * refuse.c - cmd_refuse, how every command says no (cmd.h).  It lives
 * with the commands, not with dispatch in the pipeline, so that the
 * commands never call up into the layer that runs them (issue 31).
 */
#include "commands/cmd.h"

#include <stdarg.h>
#include <stdio.h>

enum cmd_status cmd_refuse(struct cmdctx *c, const char *usage,
                           const char *fmt, ...)
{
	va_list ap;
	char tmp[2048];

	va_start(ap, fmt);
	vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	buf_reset(&c->error);
	buf_puts(&c->error, tmp);
	c->usage = usage;
	return CMD_REFUSED;
}
