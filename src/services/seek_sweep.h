/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * seek_sweep.h - the sweep's part of the open challenges (seek_sweep.c).
 */
#ifndef EPAM_SERVICES_SEEK_SWEEP_H
#define EPAM_SERVICES_SEEK_SWEEP_H

#include "util/conf.h"

/* The sweep (issue 17): every open seek past its expiry is closed, its
 * seeker mailed once (keyed like a mail, so a second sweep sends
 * nothing).  Returns how many expired. */
int seek_sweep(const struct config *cfg);

#endif
