/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * damage.h - spool files that exist but do not load, as this process met
 * them.
 *
 * The loaders (game_load, user_load, and the journal recovery a lock
 * runs, svc_lock) note every file that is there but cannot be used: a
 * game file that does not replay, a user file that does not parse, a
 * file that cannot be read for a reason other than its absence or a
 * lack of memory, a journal entry that cannot be applied, and a file
 * the administrator quarantined (quarantine.h).  Nothing is written
 * here: the notes live in this process's memory, and the mail path
 * (src/pipeline/process.c) reads them when a mail fails for the time being,
 * to tell a damaged file, which only a repair cures, from a busy board
 * or a full disk.  Such a mail is set aside (src/pipeline/held.c) instead of
 * stopping a batch.
 */
#ifndef EPAM_DAMAGE_H
#define EPAM_DAMAGE_H

#include <stddef.h>

/* The latest file noted. */
struct damage {
	char file[256];     /* relative to the spool: "games/epaminondas/101.game",
	                       "users/alice", "journal/board-epaminondas-101" */
	char error[512];    /* what the loader said ("NAME:LINE: problem"),
	                       one line, in English (util/errlang.h) */
	char quarantine[64];/* the quarantine name ("board-epaminondas-101",
	                       "user-alice") when the file is quarantined,
	                       else "" */
	int newer;          /* 1: a newer epamserv wrote the file (magic.h):
	                       no damage, nothing to repair */
};

/* Note that relpath (relative to the spool, at most 255 bytes kept)
 * does not load, with the loader's message error (its English form,
 * util/errlang.h, copied, cut to one line of at most 511 bytes), the
 * quarantine name when that is why (NULL otherwise) and newer set when
 * the file is of a newer epamserv (magic_newer_count() moved during the
 * load). */
void damage_note(const char *relpath, const char *error,
                 const char *quarantine, int newer);

/* How many notes this process made so far: a caller compares the count
 * before and after a piece of work, as with lock_timeouts(). */
unsigned long damage_count(void);

/* The latest note (valid until the next damage_note), or NULL when none
 * was made. */
const struct damage *damage_last(void);

/* Whether a failed read with this errno is damage (the file is there
 * but unusable: EACCES, EIO, EFBIG, EISDIR, ELOOP...) rather than its
 * absence (ENOENT, ENOTDIR) or a passing shortage (ENOMEM, EMFILE,
 * ENFILE, EINTR, EAGAIN): 1 or 0. */
int damage_errno(int err);

/* Copy src (NULL: "") into dst (len bytes, cut to fit) as one line: CR
 * and LF become blanks.  For the damage records: a file name or an
 * error kept on one line of a record (also spool/checked.c). */
void damage_copy_line(char *dst, size_t len, const char *src);

#endif
