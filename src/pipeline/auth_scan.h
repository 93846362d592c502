/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * auth_scan.h - before a command runs, who its mail proves it is from
 * (auth_scan.c): so that process.c counts the mail against that account
 * or against the sender.
 */
#ifndef EPAM_PIPELINE_AUTH_SCAN_H
#define EPAM_PIPELINE_AUTH_SCAN_H

struct cmdctx;
struct intake;

/* Before the command runs: the account its words or its token name
 * (a reply or account token, tokenform.h), checked once (the check
 * cmd_auth will find done).  Fills userid (32 bytes) and returns 1 when
 * the mail proved it is that player's, 2 when it names that player's
 * password but the back-off of the strangers' bucket (authfail.h)
 * forbids checking it now, 3 when the owner's bucket's does, 0 when it
 * proved nothing (no credential, or a wrong one), -1 on I/O trouble.
 * A mail that names a password and carries a valid token of the same
 * account has c->token_userid set (its owner's bucket). */
int auth_preflight(struct cmdctx *c, const struct intake *in, char *userid);

#endif
