/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * boardkey.h - the board a waiting mail addresses, from its headers
 * alone: how a batch with workers (batch_jobs, src/cli/batch.c) keeps
 * the mails of one board in one worker, in arrival order.
 */
#ifndef EPAM_BOARDKEY_H
#define EPAM_BOARDKEY_H

#include <stddef.h>

/* Longest key boardkey_of writes, with its NUL: "GAME-N". */
#define BOARDKEY_MAX 48

/* The board the raw mail (len bytes, the headers and whatever of the
 * body follows) addresses, as "GAME-N" (the game's name as the spool
 * spells it, the board's number) into key (BOARDKEY_MAX bytes): 1.
 * Only a mail whose one Subject header is, after reply prefixes, a
 * move command ("GAME move N ..." or "GAME zug N ..."), in plain
 * ASCII on one or more folded lines, gets a key: then the subject is
 * the command (pipeline/intake.c) and that command acts on board N.
 * Every other mail (any other command, a reply whose command is in its
 * body, an encoded or doubled subject, headers that do not end, or
 * that hold a NUL or a CR not before an LF, which the parser reads as
 * a blank and a line end) gives 0 and an empty key: the caller must
 * order it against every mail. */
int boardkey_of(const char *raw, size_t len, char key[BOARDKEY_MAX]);

#endif
