#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Versions of spool files (src/util/magic.h, spool/README): a file a
newer epamserv wrote is reported as such by `admin check`, not as damage,
and in the log (result and address records), and `admin upgrade`
leaves it alone, in German too (the sentence translated, the newer file
still told from damage); `admin upgrade` rewrites game files
of versions 1-5 as version 6 and user files of version 1 as version 2,
naming each file it changed, and the files still load and replay; a
game file of version 7 (this version's own, written when a move carries
a comment) is current, not "written by a newer epamserv"."""
import os

from harness import Env, ok, is_, contains, done, make_mail, \
    digest_hex as digest
from langenv import nls

A, B = "alice@example.org", "bob@example.net"


env = Env(smtp=False)
try:
    env.signup(A, "alice", "pw1")
    env.signup(B, "bob", "pw2")
    env.mail(A, "epaminondas challenge alice bob by alice pw1")
    env.mail(B, "epaminondas accept 101 bob pw2")
    current = env.game_file(101)
    ok(current.startswith("epamserv-game 6\n"), "a new board is version 6")
    pos = [l for l in current.splitlines() if l.startswith("position: ")][0]
    games = os.path.join(env.spool, "games", "epaminondas")
    users = os.path.join(env.spool, "users")

    # -- files of a newer epamserv --------------------------------------
    newer_game = current.replace("epamserv-game 6", "epamserv-game 8", 1) \
                        .replace("board: 101", "board: 160")
    with open(os.path.join(games, "160.game"), "w") as f:
        f.write(newer_game)
    newer_user = env.user_file("alice").replace("epamserv-user 2",
                                                "epamserv-user 3", 1) \
                                       .replace("userid: alice", "userid: ivy")
    with open(os.path.join(users, "ivy"), "w") as f:
        f.write(newer_user)
    rc, out, err = env.run("admin", "check")
    is_(rc, 1, "admin check exits 1 with files it cannot read")
    contains(out, "games/epaminondas/160.game:1: written by a newer epamserv "
             "(\"epamserv-game 8\"; this one reads versions up to 7)",
             "a newer game file is named as such")
    contains(out, "users/ivy:1: written by a newer epamserv "
             "(\"epamserv-user 3\"; this one reads versions up to 2)",
             "a newer user file is named as such")
    ok("not a game file" not in out and "malformed" not in out,
       "neither is called damaged", out)
    ok("admin repair epaminondas 160" not in out,
       "admin check sends no one to repair the newer game file", out)
    # In German (the catalogue the build compiled): the sentence is
    # translated, and the newer file is still told from damage (the
    # loader counts it, magic_newer_count, rather than its words).
    if nls(env):
        de = {"LANGUAGE": "de", "LC_ALL": "C.UTF-8"}
        rc, out, err = env.run("admin", "check", env=de)
        contains(out, "games/epaminondas/160.game:1: von einem neueren "
                 "epamserv geschrieben (\"epamserv-game 8\"; dieser liest "
                 "Versionen bis 7)", "German: a newer game file is named as "
                 "such, in German")
        ok("admin repair epaminondas 160" not in out,
           "German: admin check sends no one to repair it", out)
        rc, out, err = env.run("admin", "repair", "160", "--reason", "x",
                               env=de)
        ok(rc == 1 and "neueren epamserv" in err and
           "Sicherung" not in err, "German: admin repair leaves it alone "
           "and sends no one to a backup", (rc, err))
        rc, err = env.receive(make_mail(A, "epaminondas show 160"), env=de)
        ok(rc == 75 and "run the newer epamserv" in err and
           "written by a newer epamserv" in err and
           "neueren" not in err, "German run: the log line is English and "
           "points to the newer epamserv", err)
        for name in os.listdir(os.path.join(env.spool, "held")):
            os.unlink(os.path.join(env.spool, "held", name))
    else:
        ok(True, "# SKIP built without NLS (configure --disable-nls)")
    rc, out, err = env.run("admin", "repair", "160", "--reason", "x")
    is_(rc, 1, "admin repair leaves a newer game file alone")
    ok("restore it from a backup" not in err,
       "and does not send the administrator to a backup for it", err)
    rc, err = env.mail(A, "epaminondas show 160")
    is_(rc, 75, "a mail for the newer board is set aside (75)")
    ok("admin repair" not in err and "run the newer epamserv" in err,
       "and its log line points to the newer epamserv, not to a repair", err)
    for name in os.listdir(os.path.join(env.spool, "held")):
        os.unlink(os.path.join(env.spool, "held", name))  # the mail given up

    # A result record and an address record of a newer epamserv: the
    # error in the log names them as such.
    result = os.path.join(games, "999.result")
    with open(result, "w") as f:
        f.write("epamserv-result 2\ngame: epaminondas\nboard: 999\n")
    # The records are read when the ratings table is rebuilt (issue 35).
    table = os.path.join(env.spool, "ratings", "current")
    if os.path.exists(table):
        os.unlink(table)
    rc, err = env.mail(A, "standings")
    contains(err, "999.result:1: written by a newer epamserv "
             "(\"epamserv-result 2\"; this one reads versions up to 1)",
             "a newer result record is named as such")
    os.unlink(result)
    box = "new@x.example"
    entry = os.path.join(env.spool, "addresses", digest(box))
    with open(entry, "w") as f:
        f.write("epamserv-address 2\nplayer: alice\n")
    rc, err = env.mail(box, "signup newbie pw3")
    contains(err, "%s:1: written by a newer epamserv (\"epamserv-address 2\"; "
             "this one reads versions up to 1)" % digest(box),
             "a newer address record is named as such")
    os.unlink(entry)

    # -- this version's own version 7: a board with a comment -----------
    env.signup("carol@example.org", "carol", "pw3")
    env.mail("carol@example.org",
             "epaminondas challenge carol alice by carol pw3")
    env.mail(A, "epaminondas accept 102 alice pw1")
    env.mail("carol@example.org", "epaminondas move 102 carol pw3 e1-e3",
             "Good luck!")
    commented = env.game_file(102)
    ok(commented.startswith("epamserv-game 7\n") and
       "comment: 1 Good luck!" in commented,
       "a board with a comment is version 7", commented)

    # -- old files --------------------------------------------------------
    v1 = ("epamserv-game 1\ngame: epaminondas\nboard: 150\n"
          "options: -size=14x12\nwhite: alice\nblack: bob\n"
          "created: 2026-11-30T05:00:00Z\nupdated: 2026-11-30T05:00:00Z\n"
          "%s\nresult: active\n" % pos)
    with open(os.path.join(games, "150.game"), "w") as f:
        f.write(v1)
    with open(os.path.join(users, "alice")) as f:
        hash_a = [l for l in f.read().splitlines()
                  if l.startswith("password: ")][0]
    with open(os.path.join(users, "gus"), "w") as f:
        f.write("epamserv-user 1\nuserid: gus\n%s\naddress: gus@old.example\n"
                "created: 2026-11-01T10:00:00Z\n" % hash_a)
    rc, out, err = env.run("admin", "upgrade")
    is_(rc, 0, "admin upgrade exits 0")
    contains(out, "games/epaminondas/150.game: game file version 1 rewritten "
             "as version 6", "it names the game file it rewrote")
    contains(out, "users/gus: user file version 1 rewritten as version 2",
             "and the user file")
    contains(out, "2 files upgraded", "and counts them")
    contains(out, "2 files written by a newer epamserv, left as they are",
             "and names the newer files it left alone")
    with open(os.path.join(env.spool, "admin.log")) as f:
        contains(f.read(), "admin upgrade: 2 files rewritten in the current "
                 "format", "admin.log has the change")
    ok(env.game_file(150).startswith("epamserv-game 6\n"),
       "the game file is version 6 now", env.game_file(150))
    ok(env.user_file("gus").startswith("epamserv-user 2\n"),
       "the user file is version 2 now", env.user_file("gus"))
    contains(env.user_file("gus"), "address: gus@old.example",
             "the user file keeps its address")
    is_(env.game_file(101), current, "a current file is left as it was")
    is_(env.game_file(102), commented, "a file of version 7 is left as it was")
    is_(env.game_file(160), newer_game, "a newer game file is left alone")
    with open(os.path.join(users, "ivy")) as f:
        is_(f.read(), newer_user, "a newer user file is left alone")
    os.unlink(os.path.join(games, "160.game"))
    os.unlink(os.path.join(users, "ivy"))
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "the upgraded spool passes admin check")
    rc, out, err = env.run("admin", "upgrade")
    ok(rc == 0 and "0 files upgraded: every file is current" in out,
       "a second admin upgrade finds nothing to do", out + err)
    rc, err = env.mail(A, "epaminondas move 150 alice pw1 e2-e3")
    contains(env.game_file(150), "move: 1 e2-e3",
             "the upgraded board takes a move")
finally:
    env.close()
done()
