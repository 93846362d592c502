/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pwcache.h - the passwords crypt(3) has accepted in this process, so
 * that a batch of many mails from one player runs the slow hash once.
 *
 * Checking a password against a yescrypt hash costs tens of
 * milliseconds of CPU on purpose; `epamserv batch` checks the same
 * player's password in mail after mail.  An entry holds the userid, a
 * copy of the stored hash and HMAC-SHA256 (nettle) of the userid, the
 * hash and the password under a key drawn from getrandom(2) when the
 * process first needs one: never the password, and nothing that would
 * help test guesses outside this process.  Only successes are kept, at
 * most PWCACHE_SIZE of them (the oldest goes first, wiped with
 * explicit_bzero), and an entry serves only the very hash string it was
 * made for: a new password, a signoff ("!") or an edited user file
 * misses.  Nothing is kept when getrandom fails.
 */
#ifndef EPAM_PWCACHE_H
#define EPAM_PWCACHE_H

#define PWCACHE_SIZE 64

/* 1 when password was recorded with pwcache_add for this userid and this
 * exact stored hash string, else 0 (then check it with crypt(3)).  The
 * password (untrusted, from a mail) is compared by its HMAC, in
 * constant time. */
int pwcache_hit(const char *userid, const char *hash, const char *password);

/* Record that crypt(3) accepted password for userid against hash.  Only
 * call it after a successful check.  Hashes over 512 bytes are not
 * recorded.  Out of memory, nothing is recorded. */
void pwcache_add(const char *userid, const char *hash, const char *password);

/* Wipe and free every entry (the key stays). */
void pwcache_clear(void);

#endif
