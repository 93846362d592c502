/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * notice.h - a mail to a player outside the transaction of the event in
 * hand (notice.c).
 */
#ifndef EPAM_SERVICES_NOTICE_H
#define EPAM_SERVICES_NOTICE_H

#include "services/svc.h"

/* Queue one notice (template account.txt: headline, details) to addr,
 * player userid's address, in a transaction of its own, once for
 * key_text: a later call with the same key_text does nothing.  For what
 * a player must hear although the event s serves is refused or deferred
 * (wrong passwords tried, a mail that waits).  Takes the leaf lock
 * "notice-USERID"; s's digest and mail count are as before afterwards.
 * CMD_DONE, or CMD_TEMPFAIL (logged; the caller goes on: a notice is
 * never worth failing the mail for). */
enum cmd_status notice_send(struct svc *s, const char *userid,
                            const char *addr, const char *key_text,
                            const char *headline, const char *details);

#endif
