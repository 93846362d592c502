/*
 * users.h - player accounts: one text file per user, SPOOL/users/USERID.
 *
 *   epamserv-user 1
 *   userid: alice
 *   password: $y$j9T$...        (crypt(3) hash; yescrypt where available)
 *   address: alice@example.org
 *   created: 2026-11-30T05:48:00Z
 *
 * Userids are stored lower-case (commands are case-insensitive); passwords
 * are case-sensitive.  Changes go through a struct txn under lock "users".
 */
#ifndef EPAM_USERS_H
#define EPAM_USERS_H

#include <stddef.h>
#include <time.h>

struct user {
	char userid[32];
	char *hash;      /* malloc'ed crypt(3) hash */
	char *address;   /* malloc'ed addr-spec */
	time_t created;
};

/* Load SPOOL/users/USERID (userid already validated).  Returns 0,
 * 1 when there is no such user, -1 when the file is unreadable or
 * malformed (*err malloc'ed, caller frees). */
int user_load(const char *spool, const char *userid, struct user *u,
              char **err);

/* The file text of u (malloc'ed, caller frees). */
char *user_format(const struct user *u);

/* Relative path "users/USERID" into buf. */
void user_path(const char *userid, char *buf, size_t len);

/* A new crypt(3) hash of password with a fresh salt from the library's
 * preferred method (malloc'ed), or NULL when crypt fails. */
char *user_hash_password(const char *password);

/* 1 when password matches u's hash, else 0 (compared in constant time). */
int user_password_ok(const struct user *u, const char *password);

void user_free(struct user *u);

/* Every userid with a file in SPOOL/users, sorted (malloc'ed array of
 * malloc'ed strings in *ids, count in *n; free with user_list_free).
 * Returns 0, or -1 with a malloc'ed *err when the directory cannot be
 * read. */
int user_list(const char *spool, char ***ids, size_t *n, char **err);
void user_list_free(char **ids, size_t n);

#endif
