/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * privacy.h - what a player lets the web site show (issue 18): the
 * settings "set USERID PASSWORD web on|off" (default on) and "set USERID
 * PASSWORD publish comments on|off" (default off).
 */
#ifndef EPAM_SERVICES_PRIVACY_H
#define EPAM_SERVICES_PRIVACY_H

/* Whether userid (valid, lower case) keeps their games and page off the
 * site (set ... web off): 1 or 0.  A player without a readable user
 * file is hidden too (a damaged file never puts a web-off player back
 * on the site).  spool: the spool directory. */
int web_user_hidden(const char *spool, const char *userid);

/* Whether userid lets the comments of their games be published (set ...
 * publish comments on): 1 or 0 (the default, also for a user file that
 * cannot be read).  A comment is shown only when both players said so. */
int web_user_publishes_comments(const char *spool, const char *userid);

#endif
