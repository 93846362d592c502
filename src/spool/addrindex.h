/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * addrindex.h - what the spool knows of one mail address:
 * SPOOL/addresses/DIGEST (DIGEST: util_digest_hex of the lower-cased
 * addr-spec), written under the "users" lock in the same transaction as
 * the user files it describes:
 *
 *   epamserv-address 1
 *   address: alice@example.org
 *   player: alice                    (an account that has this address
 *   player: alice2                    confirmed, at most ADDR_MAX_PLAYERS)
 *   request: 2026-11-30T05:48:00Z bob  (the latest confirmation request
 *                                       sent to it, and for which account)
 *   stopped: 2026-12-07T10:00:00Z      (its owner stopped all mail to it:
 *                                       the stopmail command, issue 33;
 *                                       no line while mail goes there)
 *
 * The index answers "is the sender of this mail a player?" (no reply to
 * strangers' mail without a command, replies to confirmed addresses only
 * in full) and "was a confirmation request sent here today?" (at most one
 * a day per address).  A player line is a hint, checked against the user
 * file on every lookup, so an entry left behind by a change that the
 * index missed can never make a stranger a player.
 *
 * Spools made before the index existed get it built once, by the first
 * process that finds SPOOL/addresses/.complete missing (addr_index_ensure).
 */
#ifndef EPAM_ADDRINDEX_H
#define EPAM_ADDRINDEX_H

#include <stddef.h>
#include <time.h>

struct txn;
struct user;

#define ADDR_MAX_PLAYERS 8

struct addr_entry {
	char players[ADDR_MAX_PLAYERS][32];  /* userids, as written */
	size_t nplayers;
	time_t request_sent;                 /* 0 when no request is recorded */
	char request_for[32];                /* userid of that request */
	time_t stopped;                      /* when its mail was stopped;
	                                        0: mail goes there */
};

/* The mailbox of addr into box (len bytes): addr lower-cased, without
 * a "+tag" after the local name and without dots at the end of the
 * domain, so that the ways of writing one mailbox share one entry (one
 * confirmation request a day for all of them).  The entry's file name is
 * the digest of the mailbox. */
void addr_mailbox(const char *addr, char *box, size_t len);

/* Read the entry of addr (any case) into *e; an address never seen gives
 * an empty entry.  0, or -1 with a malloc'ed *err (unreadable file). */
int addr_entry_load(const char *spool, const char *addr, struct addr_entry *e,
                    char **err);

/* The userid of a player whose account has addr confirmed (checked
 * against the user file), into userid (32 bytes).  1 found, 0 not a
 * player's address, -1 on an I/O error (logged). */
int addr_player(const char *spool, const char *addr, char *userid);
/* addr_player, and the player's account into *u when found (1; the
 * caller frees it with user_free), for a caller that needs more of it
 * than the userid. */
struct user;
int addr_player_user(const char *spool, const char *addr, struct user *u);

/* Add u's user file to t (lock "users" held), and update the entries of
 * every address whose standing changed against old (u's file as it was,
 * or NULL for a new account): confirmed addresses gain u's player line,
 * addresses no longer confirmed lose it, and each request u holds that
 * old did not (or sent later) is recorded with its time. */
void addr_user_put(struct txn *t, const char *spool, const struct user *u,
                   const struct user *old);

/* Stop all mail to addr from when on (when 0: let it go there again):
 * its entry, changed, put in t (lock "users" held).  1 when the entry
 * changed, 0 when it already said so.  Releases before the stopped line
 * existed ignore it (and one that rewrites the entry drops it). */
int addr_stop_put(struct txn *t, const char *spool, const char *addr,
                  time_t when);

/* Build the index of a spool made before it existed, unless
 * SPOOL/addresses/.complete says it is built: takes the "users" lock
 * (call it holding no lock), reads every user file, commits the entries
 * and the marker.  0, or -1 (logged): the caller goes on without it. */
int addr_index_ensure(const char *spool);

#endif
