/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json.h - the one JSON string writer of the command-line tools'
 * --json outputs (status, outbox) and of the JSON game records
 * (game/record_json.c); jsonread.h reads JSON back.
 */
#ifndef EPAM_JSON_H
#define EPAM_JSON_H

#include <stdio.h>

/* Write s (NUL-terminated, not NULL) on f as a JSON string in double
 * quotes: '"' and '\\' escaped by a backslash, control characters and
 * DEL as \u00XX, well-formed UTF-8 copied, every other byte (broken
 * UTF-8 in a spool file) as \u00XX, so the output is always valid JSON.
 * Errors: those of f (see ferror). */
void json_put_str(FILE *f, const char *s);

struct buf;
/* The same string appended to b. */
void json_buf_str(struct buf *b, const char *s);

#endif
