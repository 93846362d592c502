/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * refuse.c - cmd_refuse, how every command says no (cmd.h).  It lives
 * with the commands, not with dispatch in the pipeline, so that the
 * commands never call up into the layer that runs them (issue 31).
 */
#include "commands/cmd.h"
#include "util/i18n.h"

#include <stdarg.h>
#include <stdio.h>

/* Whether a catalogue translates the messages now: its header is the
 * translation of "" (GNU gettext), none when every message is English.
 * Not a literal: xgettext would take it for a msgid. */
static int translating(void)
{
#if ENABLE_NLS
	static const char header[1];

	return *gettext(header) != '\0';
#else
	return 0;
#endif
}

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
	c->error_key = c->refusal_key ? c->refusal_key
	               : translating() ? "see-reply" : NULL;
	c->refusal_key = NULL;
	return CMD_REFUSED;
}
