/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * ctx.h - the mail context: one mail's command being carried out
 * (struct cmdctx), named only in the mail layer (src/commands,
 * src/pipeline; src/layers.txt).
 *
 * The flow for every mail (src/cli/receive.c, pipeline/process.c):
 * parse -> find the command words -> cmd_run() (pipeline/dispatch.h) ->
 * the command takes the lock of what it changes, loads it, applies the
 * change, and commits in one struct txn the new files, its replies
 * (outbox) and the record that this mail was processed.  A refused
 * command leaves its refusal in c->error (cmd_refuse); the pipeline
 * commits the error reply and that record (pipeline/refusal.h).
 */
#ifndef EPAM_COMMANDS_CTX_H
#define EPAM_COMMANDS_CTX_H

#include <stddef.h>

#include "mail/mail.h"
#include "services/svc.h"
#include "services/tokens.h"
#include "util/buf.h"
#include "util/i18n.h"

/* Accounts whose passwords one mail may try (auth.c). */
#define AUTH_MAX_ACCOUNTS 3

/* A password tried by this mail: one check per account per mail. */
struct auth_check {
	char userid[32];
	unsigned char pw[32];  /* SHA-256 of the password tried */
	int ok;
};

struct cmdctx {
	struct svc s;          /* the services' context (svc.h): cfg, now,
	                          arrival, the mail's digest and msg_key, the
	                          outgoing mails' count, the board mail's
	                          knobs (bm) */
	const struct mail_in *mail;
	const char *sender;    /* where replies to the sender go (addr-spec):
	                          the address on file once the sender is
	                          known to be a player (sender_player), else
	                          Reply-To or From, untrusted */
	char sender_player[32];/* the player the sender is known to be (the
	                          account this mail authenticated as, or
	                          whose confirmed address From is), or "" */
	char sender_buf[256];  /* storage behind sender when it is an
	                          address on file */
	char attacked[32];     /* the account a wrong password, or one
	                          during its back-off, was tried for (auth.c),
	                          or "": what incoming.log's userid= names
	                          when the mail proved none (inlog.h) */
	struct auth_check checked[AUTH_MAX_ACCOUNTS];
	int nchecked;          /* accounts whose password was tried */
	const char *subject_token; /* the mail's reply token: the one of our
	                          Message-ID it answers, else its subject's
	                          [#TOKEN] (intake.h), or NULL */
	char token_userid[32]; /* the player a token of this mail's subject
	                          proved (tokenform.c, auth_preflight), or "":
	                          cmd_auth takes auth_token_word for this
	                          account alone, and his wrong passwords in
	                          this mail count in his own bucket */
	int exempt_stranger;   /* a mail being queued that holds none of
	                          the words of the mail in hand and takes
	                          no budget of strangers (reply_queue): a
	                          confirmation request (its budget is taken
	                          already), a notice or a welcome to an
	                          address on file */
	char source[64];       /* the network the mail came from by our
	                          MTA's Received field ("192.0.2.0/24",
	                          mail/source.h), or "": what a stranger's
	                          budgets are kept per (stranger.h) */
	int address_requests;  /* signup or change address commands this
	                          mail ran (one a mail) */
	char created[128];     /* boards this mail created, "101,102" (for
	                          its log line, cmd_note_created) */
	struct buf error;      /* CMD_REFUSED: what was wrong */
	const char *refusal_key; /* set on the line before a cmd_refuse whose
	                          cause a log reader acts on (a wrong
	                          password: fail2ban): a fixed English word,
	                          static, taken by that cmd_refuse */
	const char *error_key; /* CMD_REFUSED: what incoming.log's reason=
	                          says instead of the error's text (inlog.h):
	                          refusal_key, "see-reply" when the text was
	                          translated, or NULL (the English text) */
	const char *usage;     /* CMD_REFUSED: how to write the command */
	char *error_board;     /* CMD_REFUSED: board to show (malloc'ed) or NULL */
	char *error_subject;   /* CMD_REFUSED: subject tail, e.g. "Board 101" */
	char error_token[REPLY_TOKEN_LEN + 1]; /* CMD_REFUSED: the sender's
	                          reply token for error_token_board, or "" */
	char error_token_game[16];
	long error_token_board;
	char error_token_subject[160]; /* CMD_REFUSED with error_token: the
	                          board's subject (reply_board_subject) */
	char usage_buf[2048];  /* room for a usage text (cmd_usage_of,
	                          move_usage) */
	struct buf *collect;   /* "multiple": mails to the sender are added
	                          here instead of being queued, or NULL */
	size_t collect_room;   /* with collect: bytes left in the "multiple"
	                          answer for this line's (reply_text_budget
	                          keeps within it) */
};

/* Note in c->created that this mail created board (committed), for its
 * log line's created= (pipeline/inlog.h); a number that does not fit (a
 * "multiple" mail of very many challenges) is left out.  Never fails
 * (ctx.c). */
void cmd_note_created(struct cmdctx *c, long board);

/* Refuse: fill c->error with a formatted message and the usage text.
 * The log's reason becomes c->refusal_key (then NULL again), else
 * "see-reply" when a catalogue translates the messages, else the text
 * itself (c->error_key; a log stays English: util/log.h). */
enum cmd_status cmd_refuse(struct cmdctx *c, const char *usage,
                           const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
