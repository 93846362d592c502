/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * txnpriv.h - what txn.c shares with group.c (not for other callers).
 */
#ifndef EPAM_TXNPRIV_H
#define EPAM_TXNPRIV_H

#include <stddef.h>

struct txn_file {
	char *relpath;
	char *data;
	size_t len;
};

struct txn {
	char *spool, *key, *tag;
	struct txn_file *files;
	size_t n, cap;
};

/* A set of distinct directory paths (malloc'ed strings). */
struct dirset {
	char **v;
	size_t n, cap;
};

#define DIRSET_INIT { NULL, 0, 0 }

/* Add the directory part of path (once). */
void dirset_add_parent(struct dirset *s, const char *path);

/* fsync every directory of s: 0, or -1 (errno) after trying them all. */
int dirset_fsync(const struct dirset *s);

void dirset_free(struct dirset *s);

/* Write data to a new file at path (mode 0640), fsync'ed when sync
 * (util_write_all).  Not util_write_atomic: path is in a staging
 * directory no reader knows (SPOOL/tmp/txn-ID, a group's
 * SPOOL/tmp/group-ID), made new for this commit, and what makes its
 * files visible together is the rename of that directory, not one
 * rename a file.  0, or -1 (errno). */
int txn_write_file(const char *path, const char *data, size_t len, int sync);

/* fsync one directory: 0 or -1 (errno). */
int txn_fsync_dir(const char *path);

/* The staging directory SPOOL/tmp/txn-ID and the journal entry
 * SPOOL/journal/KEY,ID of a new commit of t (ID unique in this process). */
void txn_names(const struct txn *t, char *tmpdir, size_t tmplen,
               char *entry, size_t entrylen);

/* Create tmpdir and write every file of t and the manifest into it; with
 * sync, fsync each file and tmpdir.  0, or -1 (errno). */
int txn_write_tmp(const struct txn *t, const char *tmpdir, int sync);

/* Rename the files of one committed journal entry (absolute path) into
 * place.  With dirs NULL: fsync their directories, then remove the entry.
 * With dirs: add their directories to *dirs and leave the entry for
 * txn_entry_remove() once the caller has fsync'ed them.  0, or -1. */
int txn_entry_apply(const char *spool, const char *entry, struct dirset *dirs);

/* Remove an applied entry (its manifest, then the directory). */
int txn_entry_remove(const char *entry);

#endif
