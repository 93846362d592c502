/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * backup.h - a consistent copy of a live spool, and putting one back.
 *
 * The danger in copying a spool while mail flows is a processed-mail
 * record (seen/DIGEST) whose effects the copy lacks: restored, the mail
 * would be skipped as done and its move lost.  The opposite, effects
 * without their record, is harmless: the mail, delivered again, is
 * refused as stale (a move marked #N, a challenge answered twice), and
 * nothing that was applied changes.  So backup_make copies in this order:
 *
 *   1. seen/ and intake/ (batch --maildir's names of cur/ known as
 *      done, written once their effects are durable): every record
 *      copied belongs to a transaction whose journal
 *      entry was made before it (txn.h, group.h: the commit point comes
 *      first, and the entry is removed only once all its files, the
 *      record among them, are in place);
 *   2. a barrier: every journal entry still there is rolled forward
 *      under its own lock (txn_recover of its key).  Taking the
 *      lock waits for the process applying it; an entry that is gone was
 *      applied whole.  So every transaction of a record of step 1 has
 *      its game file, user file, address records and replies in place;
 *   3. games/, each directory's files before its subdirectories (a
 *      board the sweep moves into archive/ meanwhile is copied at least
 *      once; found twice, the archived copy is kept);
 *   4. everything else but what is left out: users/, addresses/,
 *      outbox/, failed/, bounces/, auth/, rate/, secret, admin.log.
 *      What changed after step 1 is only newer than the records.
 *
 * Left out: locks/ (lock files, made again when needed), tmp/ (files
 * being written), journal/ (step 2 applied what the records need), web/
 * (what the last "epamserv web" read: derived, the next run reads every
 * board instead) and the replaced-TIME directories a restore set aside.  Files keep their
 * modes; hard links (the processed-mail records of one group commit
 * share a file) stay links; symbolic links and special files are left
 * out and named on stderr.  Last comes DEST/BACKUP, the manifest, once
 * the copies are durable: every directory (mode), file (mode, size,
 * SHA-256) and link, and a closing line "end"; a backup without it did
 * not finish and is refused by backup_restore.
 *
 * backup_restore copies a backup into SPOOL/tmp/restore-ID/ checking each
 * file's size and SHA-256 against the manifest, makes it durable, and
 * only then puts it in place of the spool's own directories (which must
 * be empty, or are moved whole into SPOOL/replaced-TIME/ with force).
 */
#ifndef EPAM_BACKUP_H
#define EPAM_BACKUP_H

#include <stddef.h>

struct backup_stats {
	size_t files;      /* regular files copied */
	size_t links;      /* hard links made instead of a copy */
	size_t dirs;
	unsigned long long bytes;
	size_t skipped;    /* symbolic links and special files left out */
};

/* Copy the live spool into dest, which must not exist or be an empty
 * directory, and must not lie inside the spool (it is made mode 0700:
 * it holds password hashes and the secret).  Waits at most
 * lock_timeout_ms for each lock.  Returns 0; 1 when a lock stayed busy
 * (try again); -1 on any other failure.  On failure *err is a malloc'ed
 * text (caller frees) and what was written to dest is removed again.
 * *st gets the counts.  What was left out (symbolic links, special
 * files) is said on stderr. */
int backup_make(const char *spool, const char *dest, int lock_timeout_ms,
                struct backup_stats *st, char **err);

/* What backup_restore found or did. */
enum restore_result {
	RESTORE_DONE = 0,
	RESTORE_NOT_BACKUP,   /* no manifest, or not one we read */
	RESTORE_DAMAGED,      /* a file differs from the manifest */
	RESTORE_HOLDS_DATA,   /* the spool is not empty (force not given) */
	RESTORE_IN_USE,       /* a process holds one of the spool's locks */
	RESTORE_FAILED,       /* I/O error, or the spool changed meanwhile */
};

/* Put the backup src in the place of the spool's files.  The spool must
 * be empty (no file outside locks/ and tmp/) unless force is set; then
 * its top-level entries but locks/ and tmp/ are moved, not deleted, into
 * SPOOL/replaced-TIME/ (its name into *aside, malloc'ed, else NULL).  In
 * every case no process may hold a lock of the spool.  *err (malloc'ed)
 * says what was wrong whenever the result is not RESTORE_DONE; *created
 * (malloc'ed, or NULL) gets the backup's "created:" time.  Until the
 * last step (the renames) a failure leaves the spool as it was. */
enum restore_result backup_restore(const char *spool, const char *src,
                                   int force, struct backup_stats *st,
                                   char **aside, char **created, char **err);

#endif
