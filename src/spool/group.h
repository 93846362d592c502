/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * group.h - group commit: the transactions of many mails of one batch
 * made durable together (SPEC section 8).
 *
 * While a group is open (txn_group_begin), txn_commit() does not fsync:
 * it writes the transaction's files into one directory for the whole
 * group, SPOOL/tmp/group-ID/0, 1, ... (flock'ed by this process until the
 * group is done, so cleanup leaves it alone), adds "ENTRY
 * journal/group-ID/I RELPATH" lines to the group's manifest (ENTRY is the
 * name the commit would have had alone, KEY,TAG-PID-N), and the process
 * keeps every lock it holds at that moment (lock.h, lock_keep_held) so no
 * other process can read or change what the staged transaction is about
 * to change.  Processed-mail records (seen/DIGEST) are not files of their
 * own: their lines go into one file journal/group-ID/seen, linked under
 * each name ("ENTRY =journal/group-ID/seen seen/DIGEST"); the board
 * index's markers (empty files index/dirty/..., bindex.h) are links to
 * one empty file journal/group-ID/mark the same way.  Rate records
 * (ratelimit.h) are read once a group, kept in memory under their
 * bucket locks (kept like the others) and written once each, in place,
 * when the group is committed.  So a move mail creates three files: the
 * game file's new version and one mail to each player.
 *
 * txn_group_commit() writes the manifest, makes everything durable with
 * one syncfs(2) of the spool's file system, renames the directory to
 * journal/group-PID-N, makes one hard link journal/ENTRY to the manifest
 * per transaction and fsyncs journal/ once: the commit point of the
 * group.  Then it applies each entry, fsyncs each destination directory
 * once, removes the links and the directory and lets the locks go.
 * Recovery treats each link as the entry of one transaction (txn.c): the
 * holder of its lock applies only its lines, so no inode is created per
 * transaction but its files, and entries stay per key as before.  A
 * group directory nobody links to any more is removed by
 * txn_recover_all() once its process is gone.
 *
 * The group is committed early whenever waiting for it would be wrong:
 *   - the process takes a lock it keeps for the group (lock.h's hook), or
 *     would have to wait for a lock another process holds;
 *   - a reader asks for a file a staged transaction writes
 *     (txn_group_settle: game files, users, seen records, results);
 *   - it holds batch_group transactions, keeps 200 lock descriptors (or
 *     a quarter of the open-file limit), has
 *     a manifest of 256 KiB, or is a second old (checked when a
 *     transaction is staged and, through txn_group_tick, between mails).
 *
 * The caller (batch) must not file a mail as processed, nor send its
 * replies, before the group that holds its transactions is committed:
 * txn_group_seq() tells which one that is.
 */
#ifndef EPAM_GROUP_H
#define EPAM_GROUP_H

struct txn;

/* Open grouping for spool: from now on txn_commit() for this spool
 * stages.  max is the most transactions in one group; max <= 1, or a
 * system without syncfs(2), leaves commits as they were.  Returns 1 when
 * grouping, else 0. */
int txn_group_begin(const char *spool, int max);

/* Commit what is staged and stop grouping.  0, or -1 when the last group
 * (or any before it) could not be made durable. */
int txn_group_end(void);

/* Make every staged transaction durable and applied, and let the kept
 * locks go.  0, or -1 (logged): then the group's mails must be retried,
 * and the batch should stop (txn_group_broken). */
int txn_group_commit(void);

/* Commit the group now if a staged transaction writes a file whose path
 * (relative to the spool) starts with prefix.  0, or -1 (errno EIO) when
 * that commit failed.  A no-op when no group is open. */
int txn_group_settle(const char *spool, const char *prefix);

/* txn_group_settle for the files under prefix whose names end with
 * suffix only (e.g. "games/epaminondas/" and ".result": the ratings,
 * read for every board mail, need not commit a group that only moved
 * pieces). */
int txn_group_settle_ending(const char *spool, const char *prefix,
                            const char *suffix);

/* The number of groups committed so far: a mail whose last transaction
 * was staged (or which staged none) while this was s is durable once it
 * is greater than s. */
unsigned long txn_group_seq(void);

/* Commit the group if it is older than a second (between mails, so
 * that other processes never wait long for the locks it keeps).  0 or
 * -1 as txn_group_commit. */
int txn_group_tick(void);

/* For ratelimit.c: whether a record may be kept in memory for the group
 * of spool, its bucket lock kept (a group is open, not broken, and keeps
 * fewer locks than it may); and, once a lock is kept, telling the group,
 * so that txn_group_tick lets it go within a second even when no
 * transaction is staged. */
int txn_group_may_keep(const char *spool);
void txn_group_kept(void);

/* For a batch's workers (batch_jobs): the group opened last is one of
 * several processes' at once, each with its own boards but all with
 * the same senders.  Rate records are then not kept for it
 * (txn_group_may_keep says 0): each is read and written in place under
 * its bucket lock, let go at once, as without a group, so that no
 * worker keeps a bucket another needs for a whole group (and waits up
 * to a second for each).  Until the next txn_group_begin. */
void txn_group_shared(void);

/* Whether a group commit failed in this run (nothing more is staged). */
int txn_group_broken(void);

/* For txn.c: whether a commit to spool is to be staged, and staging it
 * (frees t; 0, or -1 with a malloc'ed *err). */
int txn_group_takes(const char *spool);
int txn_group_add(struct txn *t, char **err);

#endif
