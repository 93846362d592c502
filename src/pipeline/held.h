/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * held.h - a mail set aside because a file it needs does not load (the
 * records, their format and who reads them: spool/held.h).
 */
#ifndef EPAM_PIPELINE_HELD_H
#define EPAM_PIPELINE_HELD_H

#include "spool/damage.h"
#include "spool/held.h"

struct cmdctx;

/* Set the mail of c (its message lock held) aside for damage d: write
 * or read its record, log the file and the loader's error, and tell the
 * sender once after repair_notice_hours.  Always leaves the mail
 * waiting: the caller returns EXIT_TEMPFAIL. */
void held_mail(struct cmdctx *c, const struct damage *d);

#endif
