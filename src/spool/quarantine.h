/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * quarantine.h - boards and accounts the administrator set aside
 * ("epamserv admin quarantine"), one small file each:
 *
 *   SPOOL/quarantine/board-epaminondas-101
 *   SPOOL/quarantine/user-alice
 *
 *   epamserv-quarantine 1
 *   since: 2026-11-30T05:48:00Z
 *   by: root
 *   reason: the game file was edited by hand
 *
 * A quarantined file stays where it is, but game_load and user_load
 * refuse it (noting it as damage, damage.h), so every mail that needs it
 * is answered with a clear error instead of touching it, and the sweep
 * leaves it alone.  The administrator's own tools (admin show, repair,
 * user repair, check) read it directly.  The marker is written in a
 * transaction under the board's lock (or the users lock) and removed,
 * under the same lock, by "admin quarantine --release".
 */
#ifndef EPAM_QUARANTINE_H
#define EPAM_QUARANTINE_H

#include <stddef.h>
#include <time.h>

/* Longest name: "board-" or "user-" and the rest. */
#define QUARANTINE_NAME_MAX 64

struct quarantine_entry {
	char name[QUARANTINE_NAME_MAX];
	time_t since;
	char by[64];
	char reason[256];
};

/* The quarantine name of a board ("board-GAME-NNN", the board's lock
 * key) or of an account ("user-USERID") into buf. */
void quarantine_board_name(const char *game, long board, char *buf,
                           size_t len);
void quarantine_user_name(const char *userid, char *buf, size_t len);

/* Whether name is quarantined in spool: 1 or 0 (0 too when the
 * directory cannot be read).  The listing of SPOOL/quarantine is kept
 * in memory while the directory's modification time stays the same and
 * is older than two seconds, so a check costs one stat(2). */
int quarantine_has(const char *spool, const char *name);

/* Read the marker of name into *e: 0, 1 when there is none, -1 (errno)
 * when it cannot be read.  A marker that does not parse reads as
 * quarantined since 0, by and reason "?". */
int quarantine_get(const char *spool, const char *name,
                   struct quarantine_entry *e);

/* Every marker, sorted by name (malloc'ed array, *n entries; NULL when
 * none).  0, or -1 (errno) when the directory cannot be read. */
int quarantine_list(const char *spool, struct quarantine_entry **v,
                    size_t *n);

/* The text of a marker (malloc'ed): for txn_put at quarantine_path. */
char *quarantine_format(const struct quarantine_entry *e);

/* "quarantine/NAME" into buf. */
void quarantine_path(const char *name, char *buf, size_t len);

/* Remove the marker of name and fsync the directory (the caller holds
 * the lock of what it names).  0 (also when there was none), or -1
 * (errno). */
int quarantine_remove(const char *spool, const char *name);

#endif
