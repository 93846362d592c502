/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * txn.h - all-or-nothing updates of several spool files.
 *
 * A command that changes the spool (a game file, outbox mails, the record
 * that a Message-ID was processed) collects every new file in one struct
 * txn and commits them together:
 *
 *   1. each file is written and fsync'ed under SPOOL/tmp/txn-ID/,
 *      with a manifest naming its destination;
 *   2. the directory is renamed to SPOOL/journal/KEY,ID and the journal
 *      directory fsync'ed: this rename is the commit point;
 *   3. each file is renamed to its destination, each destination
 *      directory is fsync'ed once, then the journal entry is removed
 *      (no fsync: a lost removal leaves a manifest whose files are all
 *      gone, which recovery only removes again).
 *
 * In a batch, txn_commit() stages instead and many transactions are made
 * durable together (group commit, group.h).
 *
 * A crash before 2 leaves only litter in tmp/ (cleaned later); a crash
 * after 2 is rolled forward by txn_recover() by whoever next takes the lock
 * on KEY, so readers never see half a transaction.  The caller must hold
 * the lock named KEY from begin to commit.
 */
#ifndef EPAM_TXN_H
#define EPAM_TXN_H

#include <stddef.h>

struct txn;

/* Start a transaction under the (held) lock key; tag is any short
 * [a-z0-9-] text that ends up in the journal entry name (the digest of the
 * mail being processed), so txn_recover_tag() can find it.  Never NULL. */
struct txn *txn_begin(const char *spool, const char *key, const char *tag);

/* Add a file: relpath is relative to the spool ("games/epaminondas/101.game")
 * and built only from validated names; data is copied.  A later put to the
 * same relpath replaces the earlier one.  The first put of a live board's
 * file ("games/GAME/N.game") also puts an empty marker of the board
 * index after it (spool/bindex.h: index/dirty/GAME.N-ID). */
void txn_put(struct txn *t, const char *relpath, const char *data, size_t len);

/* Number of files added so far. */
size_t txn_count(const struct txn *t);

/* Commit and apply (steps 1-3), then free t; while a group is open
 * (group.h), stage t in it instead.  Returns 0, or -1 with a
 * malloc'ed *err (caller frees) when nothing was committed (disk full,
 * I/O error): the spool is as before.  An error after the commit point is
 * not reported as failure: recovery finishes it. */
int txn_commit(struct txn *t, char **err);

/* Free without committing. */
void txn_abort(struct txn *t);

/* Roll forward every committed journal entry of key (caller holds the
 * lock).  Returns 0, or -1 on I/O error (errno set). */
int txn_recover(const char *spool, const char *key);

/* For every journal entry whose tag is tag: take its key's lock (waiting at
 * most timeout_ms) and roll it forward.  Called under the message lock
 * before asking whether a mail was already processed. */
int txn_recover_tag(const char *spool, const char *tag, int timeout_ms);

/* Roll forward every journal entry whose lock is free, and nothing
 * else: for a file that transactions of many keys write (the ratings
 * table, game/ratetable.h), so that its holder reads what was committed
 * before it.  An entry whose lock is busy (this process's own too) is
 * left to its holder, who applies it under that lock; relpath (relative
 * to the spool, or NULL) names the shared file: when such a busy entry
 * is to write it, the caller must not read it now (the entry would put
 * its older version over the caller's).  O(entries in journal/) plus
 * the manifests of busy entries.  Returns 0, 1 when a busy entry writes
 * relpath, or -1 (errno). */
int txn_recover_free(const char *spool, const char *relpath);

/* txn_recover_free for the entries that write relpath only (the others
 * stay for admin journal list and their lock's next holder): for a
 * reader that compares relpath with other files (admin check).  0, 1
 * when a busy entry writes it, or -1 (errno). */
int txn_recover_writing(const char *spool, const char *relpath);

/* Roll forward every journal entry whose lock is free (start of a flush
 * or batch run), remove tmp/txn-* litter older than an hour, and the
 * directories of group commits (group.h) nobody holds and nobody needs:
 * tmp/group-* (never committed) and journal/group-* (all applied). */
int txn_recover_all(const char *spool);

#endif
