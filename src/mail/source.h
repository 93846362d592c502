/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * source.h - where a mail came from, by what our own side wrote: the
 * client address in the Received fields our MTA added, and the network
 * it belongs to (issue 29: the per-source budgets of strangers, see
 * commands/stranger.h).
 *
 * A sender chooses every header of his mail but the Received fields the
 * MTAs on our side add above it; of those, the topmost names the
 * client that handed the mail to our MTA.  A hop from the loopback
 * address (a content filter reinjecting, a local relay) is our own
 * host's: the field below it, which our MTA wrote when the mail first
 * came in, is read instead.
 */
#ifndef EPAM_MAIL_SOURCE_H
#define EPAM_MAIL_SOURCE_H

#include <stddef.h>

/* Received fields read from the top, at most: a loopback hop is skipped
 * this many times less one. */
#define MAIL_SOURCE_HOPS 4

/* The client address of the nth Received field of raw[0..len) (0: the
 * topmost), as our MTA wrote it: the [IP] of Postfix's or Sendmail's
 * "from HELO (RDNS [IP]) by ..." or of Exim's "from RDNS ([IP]
 * helo=HELO) by ... (Exim 4.96)" or "from [IP] (helo=HELO) by ..."
 * (never a bracket of the HELO name, which the client chose, not even
 * one after a " by " of its own: "HELO [198.51.100.7] by x"), copied
 * into out[0..n) when it is made of hex digits, '.' and ':' (an "IPv6:"
 * prefix dropped); else out is "".  Returns 1 when raw has an nth
 * Received field (out may still be ""), 0 when not.  Untrusted input;
 * never fails. */
int mail_received_client(const char *raw, size_t len, int nth, char *out,
                         size_t n);

/* The network a mail came from, into out[0..n) (64 bytes are enough):
 * the client of the first Received field from the top whose client is
 * not a loopback address (127.0.0.0/8, ::1), looking at most
 * MAIL_SOURCE_HOPS fields down, taken as its /24 ("192.0.2.0/24"; an
 * IPv4-mapped IPv6 address counts as IPv4) or its /48
 * ("2001:db8:5::/48"); "" when the first field with a client is missing,
 * has none, or holds no address inet_pton(3) reads.  Never the sender's
 * domain: a forger chooses that freely.  Never fails. */
void mail_source_network(const char *raw, size_t len, char *out, size_t n);

/* The network of one address (IPv4 dotted or IPv6 text) as above, into
 * out[0..n): 0, or -1 (out "") when it is no address or is loopback. */
int mail_source_of_address(const char *ip, char *out, size_t n);

#endif
