/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tokenhash.h - the hash of a reply token that game files written
 * before issue 14 keep (gamefile.c reads them; tokens.c takes such a
 * token until the board next changes, then drops the hash: tokens are
 * derived now, never stored), and of address confirmation tokens
 * (signup.c).
 *
 * Such a token is random (80 bits), not a password a person chose,
 * so a slow password hash buys nothing that its length does not: it is
 * hashed once with salted SHA-256 (nettle).  Game files written before
 * hold crypt(3) "$5$rounds=1000$..." hashes, which are still checked.
 */
#ifndef EPAM_TOKENHASH_H
#define EPAM_TOKENHASH_H

/* Longest hash token_hash_new makes, without the NUL (the game file
 * takes up to 127 bytes). */
#define TOKEN_HASH_MAX 104

/* A new hash of token (a NUL-terminated string) with a fresh salt:
 * "sha256$SALT$DIGEST", SALT 32 lower-case hex digits (16 bytes from
 * getrandom(2)), DIGEST the 64 lower-case hex digits of SHA-256 over the
 * SALT text followed by the token.  Returns a malloc'ed string (caller
 * frees), or NULL when getrandom fails. */
char *token_hash_new(const char *token);

/* 1 when token (untrusted: from a mail's subject) matches stored (a hash
 * from the game file: token_hash_new's form, or a crypt(3) hash such as
 * "$5$..." of older files), else 0.  Anything else, "" included, matches
 * nothing.  The comparison takes the same time wherever the hashes
 * differ. */
int token_hash_matches(const char *stored, const char *token);

#endif
