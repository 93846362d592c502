/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * refusal.h - the error reply to a refused mail (refusal.c): what the
 * pipeline commits after a command returned CMD_REFUSED with its
 * sentence in c->error and its usage in c->usage (cmd_refuse).
 */
#ifndef EPAM_PIPELINE_REFUSAL_H
#define EPAM_PIPELINE_REFUSAL_H

#include "commands/ctx.h"

/* Commit the error reply of a refused command under the message lock:
 * template error.txt with c->error, the usage, the board a command
 * named (c->error_board) and the mail quoted back when it proved its
 * player; to a stranger, the error cut short and no board or quote.
 * The reply goes to c->sender in one transaction with the mail's
 * processed record (c->s.msg_key).  CMD_DONE or CMD_TEMPFAIL. */
enum cmd_status cmd_commit_refusal(struct cmdctx *c);

#endif
