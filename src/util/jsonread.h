/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * jsonread.h - a small JSON reader (RFC 8259) for the records that
 * "epamserv replay" reads back (issue 18).
 *
 * The input is untrusted (a file anyone may hand the operator): the
 * reader is bounded (nesting at most JSON_MAX_DEPTH, at most
 * JSON_MAX_VALUES values, input length given
 * by the caller), never reads past len, and refuses anything that is not
 * one well-formed JSON value with only white space around it.
 */
#ifndef EPAM_JSONREAD_H
#define EPAM_JSONREAD_H

#include <stddef.h>

#define JSON_MAX_DEPTH 32

/* The most values one text may hold (each a struct jv of about 64
 * bytes): far above a game record's (two a ply, GAME_MAX_PLIES plies,
 * and its header), so that 8 MiB of "[0,0,...]" cannot take hundreds of
 * megabytes. */
#define JSON_MAX_VALUES 100000

enum jv_type { JV_NULL, JV_BOOL, JV_NUMBER, JV_STRING, JV_ARRAY, JV_OBJECT };

/* One value.  Arrays and objects hold n children in item (objects also
 * their n keys in key, in file order, duplicates kept); strings are
 * UTF-8 with the escapes undone (a \u0000 is refused, so str is a C
 * string); numbers are doubles, is_int set when the text had no
 * fraction or exponent and fits a long long (ival). */
struct jv {
	enum jv_type type;
	int boolean;
	double num;
	int is_int;
	long long ival;
	char *str;
	struct jv *item;
	char **key;
	size_t n;
};

/* Parse text[0..len) into a malloc'ed tree in *out (free with jv_free).
 * Returns 0, or -1 with err (errlen bytes) naming the byte offset and the
 * problem; *out is then NULL. */
int jv_parse(const char *text, size_t len, struct jv **out, char *err,
             size_t errlen);

void jv_free(struct jv *v);

/* The member key of object o (the first when repeated), or NULL when o
 * is not an object or has none. */
const struct jv *jv_get(const struct jv *o, const char *key);

#endif
