/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * formats.h - the format version of every versioned file this epamserv
 * reads and writes: the one place each number lives.  A file's first
 * line is "epamserv-KIND N" (util/magic.h); its loader, its writer,
 * `admin upgrade` (cli/admin_backup.c) and `epamserv --version`
 * (cli/version.c) all take N from here.
 *
 * FORMAT_KIND is the version written; FORMAT_KIND_OLDEST, where there is
 * one, the oldest version still read (without it, only FORMAT_KIND is
 * read).  Every change of a format bumps its number here (spool/README),
 * keeps the loader reading the versions before, extends admin upgrade,
 * and changes the kind's sentence in cli/version.c when what it says
 * (one version, or a range) changes.
 *
 * The numbers are plain decimal literals, so FORMAT_LINE can make the
 * version line as a string constant ("epamserv-seek " "1").
 */
#ifndef EPAM_FORMATS_H
#define EPAM_FORMATS_H

/* "epamserv-KIND N" as a string constant, N one of the numbers below:
 * FORMAT_LINE("epamserv-seek", FORMAT_SEEK) is "epamserv-seek 1". */
#define FORMAT_LINE(name, n) name " " FORMAT_STR_(n)
#define FORMAT_STR_(n) FORMAT_STR2_(n)
#define FORMAT_STR2_(n) #n

/* Game files (games/GAME/NNN.game, src/game/gamefile.c): versions 1 to
 * FORMAT_GAME_COMMENT read; a file is written as FORMAT_GAME, or as
 * FORMAT_GAME_COMMENT when a move carries a comment (issue 18), so that
 * a release before comments still reads every other board. */
#define FORMAT_GAME_OLDEST 1
#define FORMAT_GAME 6
#define FORMAT_GAME_COMMENT 7
/* The newest game file read. */
#define FORMAT_GAME_NEWEST FORMAT_GAME_COMMENT

/* User files (users/USERID, src/spool/users.c). */
#define FORMAT_USER_OLDEST 1
#define FORMAT_USER 2

/* The address index (addresses/DIGEST, src/spool/addrindex.c). */
#define FORMAT_ADDRESS 1

/* Result records (games/GAME/NNN.result, src/game/ratings.c). */
#define FORMAT_RESULT 1

/* The ratings table (ratings/current, src/game/ratetable.c): a file
 * of another version is rebuilt from the result records.  Version 2
 * (issue 34, Stephenson's system) adds h, bonus and lambda to the
 * params line. */
#define FORMAT_RATINGS 2

/* Seek files (seeks/GAME-NNN, src/spool/seeks.c). */
#define FORMAT_SEEK 1

/* Tournament files (src/services/tfile.c). */
#define FORMAT_TOURNAMENT 1

/* League files (src/services/league_file.c). */
#define FORMAT_LEAGUE 1

/* The notify index (SPOOL/notify, src/commands/games/notify.c). */
#define FORMAT_NOTIFY 1

/* Bounce records (src/spool/bounce.c): version 1 had no version line. */
#define FORMAT_BOUNCE_OLDEST 1
#define FORMAT_BOUNCE 2

/* Records of mail held on a damaged file (src/spool/held.c). */
#define FORMAT_HELD 1

/* Quarantine records (src/spool/quarantine.c). */
#define FORMAT_QUARANTINE 1

/* The state of a Maildir's cur/ (intake/maildir-DIGEST,
 * src/cli/batch.c): a file of another version reads as empty. */
#define FORMAT_CURSTATE 2

/* The record of a run (runs/NAME, src/cli/status.c). */
#define FORMAT_RUN 1

/* The board index (index/counts and the files beside it,
 * src/spool/bindex.c; issue 35).  A release before it ignores index/. */
#define FORMAT_INDEX 1

/* A backup's manifest (src/spool/backup.c). */
#define FORMAT_BACKUP 1

/* The web site's manifest (SITE/.epamserv-web, src/web/out.c). */
#define FORMAT_WEB 1

#endif
