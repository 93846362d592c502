/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * record_meta.h - what a game's record needs beyond the game
 * (record_meta.c, issue 18): for the record command and epamserv export.
 */
#ifndef EPAM_SERVICES_RECORD_META_H
#define EPAM_SERVICES_RECORD_META_H

#include <stddef.h>
#include <time.h>

#include "game/game.h"
#include "util/conf.h"

struct record_meta;
/* What a record of g needs beyond g (the record command, export): the
 * site name "epamserv at DOMAIN" written into site (sitelen bytes;
 * m->site points to it), generated = now, comments when both players' user files say
 * "publish comments on" (a user file that does not load: no), is_ai for
 * robot accounts. */
void record_meta_load(const struct config *cfg, const struct game *g,
                      time_t now, struct record_meta *m, char *site,
                      size_t sitelen);

#endif
