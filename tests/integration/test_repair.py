#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Repair tools (issue 12): admin quarantine sets a board or an account
aside (its mails are answered with a clear error, nothing changes) and
--release ends it; admin repair cuts a damaged game file back to its last
move that replays, keeps the damaged file beside it and tells both
players; every change is in admin.log with its reason."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail, to, body_of

T0 = 1796000000

env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob", "carol")
    env.start_game("alice", "bob", 101)
    env.mail("alice@example.org", "epaminondas move 101 alice a e2-e3")
    env.mail("bob@example.org", "epaminondas move 101 bob b e11-e10")
    env.mail("alice@example.org", "epaminondas move 101 alice a e3-e4")
    env.new_messages()
    gdir = os.path.join(env.spool, "games", "epaminondas")
    path = os.path.join(gdir, "101.game")
    good = env.game_file(101)
    damaged = good.replace("move: 3 e3-e4", "move: 3 e3-e9")
    with open(path, "w") as f:
        f.write(damaged)
    log = os.path.join(env.spool, "admin.log")

    # quarantine
    rc, out, err = env.run("admin", "quarantine", "101")
    is_(rc, 64, "admin quarantine without --reason is refused")
    rc, out, err = env.run("admin", "quarantine", "101", "--reason",
                           "move 3 was edited by hand")
    is_(rc, 0, "admin quarantine BOARD --reason exits 0")
    rc, out, err = env.run("admin", "quarantine")
    contains(out, "board-epaminondas-101", "admin quarantine lists the board")
    contains(out, "move 3 was edited by hand", "with the reason")
    contains(open(log).read(), "games/epaminondas/101.game quarantined",
             "the quarantine is in admin.log")
    rc, out, err = env.run("status")
    contains(out, "quarantined: board-epaminondas-101", "epamserv status "
             "lists the quarantined board")

    before = env.snapshot()
    rc, err = env.mail("bob@example.org", "epaminondas move 101 bob b e10-e9")
    ok("will retry" not in err, "the log does not promise a retry for a "
       "mail that is refused", err)
    is_(rc, 0, "a move on a quarantined board is dealt with (not retried)")
    got = to(env.new_messages(), "bob@example.org")
    is_(len(got), 1, "its sender gets one reply")
    contains(body_of(got[0]) if got else "", "set aside by the administrator",
             "saying the board is set aside")
    ok(env.snapshot() == before, "and nothing changed on disk")

    # repair
    rc, out, err = env.run("admin", "repair", "101")
    is_(rc, 64, "admin repair without --reason is refused")
    rc, out, err = env.run("admin", "repair", "101", "--reason", "cut back")
    is_(rc, 0, "admin repair exits 0")
    contains(out, "cut back to ply 2", "it says where the game was cut")
    contains(out, "still quarantined", "and that the quarantine stays")
    kept = [n for n in os.listdir(gdir) if n.startswith("101.game.damaged-")]
    is_(len(kept), 1, "the damaged file is kept beside the board")
    if kept:
        is_(open(os.path.join(gdir, kept[0])).read(), damaged,
            "as it was")
    gf = env.game_file(101) or ""
    ok("move: 2 e11-e10" in gf and "move: 3" not in gf,
       "the game file holds the plies that replay", gf)
    msgs = env.new_messages()
    for who in ("alice", "bob"):
        got = to(msgs, "%s@example.org" % who)
        ok(any("repaired board 101" in body_of(m) for m in got),
           "%s is told of the repair" % who)
    contains(open(log).read(), "repaired: cut back to ply 2",
             "the repair is in admin.log")
    rc, out, err = env.run("admin", "check")
    ok("101.game.damaged" not in out, "admin check does not take the kept "
       "copy for a board", out)
    is_(rc, 1, "admin check exits 1 while a board is quarantined")
    contains(out, "1 file quarantined, the rest is well",
             "and says the quarantine is what is left")

    rc, out, err = env.run("admin", "quarantine", "--release", "101",
                           "--reason", "repaired")
    is_(rc, 0, "admin quarantine --release exits 0")
    rc, out, err = env.run("admin", "quarantine")
    contains(out, "nothing is quarantined", "the board is no longer listed")
    rc, err = env.mail("alice@example.org", "epaminondas move 101 alice a e3-e4")
    is_(rc, 0, "after the release the board takes moves again")
    contains(env.game_file(101) or "", "move: 3 e3-e4", "the move is played")
    rc, out, err = env.run("admin", "repair", "101", "--reason", "again")
    is_(rc, 0, "admin repair of a board that replays exits 0")
    contains(out, "nothing to repair", "and changes nothing")

    # A header that does not load: nothing to keep, nothing changed.
    hdr = (env.game_file(101) or "").replace("white: alice", "white: ")
    with open(path, "w") as f:
        f.write(hdr)
    rc, out, err = env.run("admin", "repair", "101", "--reason", "header")
    is_(rc, 1, "a file whose header does not load cannot be repaired")
    contains(err, "restore it from a backup", "the error says what to do")
    is_(env.game_file(101), hdr, "and the file is as it was")

    # An account.
    rc, out, err = env.run("admin", "quarantine", "carol", "--reason", "odd")
    is_(rc, 0, "admin quarantine USERID exits 0")
    rc, err = env.mail("carol@example.org", "epaminondas challenge carol alice by carol c")
    is_(rc, 0, "a mail proving a quarantined account is dealt with")
    got = to(env.new_messages(), "carol@example.org")
    contains(body_of(got[0]) if got else "", "the account carol is set aside",
             "its sender is told the account is set aside")
    rc, out, err = env.run("admin", "quarantine", "--release", "carol",
                           "--reason", "fine")
    is_(rc, 0, "the account is released")
    rc, err = env.mail("carol@example.org",
                       "epaminondas challenge carol alice by carol c")
    is_(rc, 0, "and takes mail again")
    ok(env.game_file(102) is not None, "its challenge is made")
    rc, out, err = env.run("admin", "quarantine", "nosuchuser", "--reason", "x")
    is_(rc, 1, "quarantine of an account that does not exist fails")

    # admin user repair: the lines that parse are kept.
    upath = os.path.join(env.spool, "users", "bob")
    ugood = env.user_file("bob")
    ubad = ugood.replace("userid: bob\n", "userid: bob\nthis is no field\n")
    with open(upath, "w") as f:
        f.write(ubad)
    rc, out, err = env.run("admin", "user", "repair", "bob")
    is_(rc, 64, "admin user repair without --reason is refused")
    rc, out, err = env.run("admin", "user", "repair", "bob", "--reason", "junk")
    is_(rc, 0, "admin user repair exits 0")
    contains(out, "this is no field", "it lists the line dropped")
    is_(env.user_file("bob"), ugood, "the file is as it was before the damage")
    kept = [n for n in os.listdir(os.path.join(env.spool, "users"))
            if n.startswith("bob.damaged-")]
    ok(len(kept) == 1 and open(os.path.join(env.spool, "users", kept[0])).read()
       == ubad, "the damaged file is kept beside it")
    contains(open(log).read(), "users/bob repaired", "the repair is in admin.log")
    rc, err = env.mail("bob@example.org",
                       "epaminondas challenge bob carol by bob b")
    is_(rc, 0, "bob's mail works again")
    rc, out, err = env.run("admin", "user", "repair", "bob", "--reason", "x")
    contains(out, "nothing to repair", "a user file that loads is left alone")
    rc, out, err = env.run("admin", "check")
    ok("bob.damaged" not in out, "admin check does not take the copy for a user")

    # admin journal list | apply | discard
    jdir = os.path.join(env.spool, "journal")

    def entry(name, dest):
        e = os.path.join(jdir, name)
        os.makedirs(e)
        with open(os.path.join(e, "0"), "w") as f:
            f.write("x\n")
        with open(os.path.join(e, "manifest"), "w") as f:
            f.write("0 %s\n" % dest)
        return e

    bad = entry("board-epaminondas-777,test-1", "games/epaminondas")
    good_e = entry("board-epaminondas-778,test-2", "rate/journal-test")
    rc, out, err = env.run("admin", "journal", "list")
    contains(out, "board-epaminondas-777,test-1: lock board-epaminondas-777 free",
             "admin journal list shows an entry and its lock")
    contains(out, "0 games/epaminondas", "with the files it would write")
    rc, out, err = env.run("admin", "journal", "apply",
                           "board-epaminondas-778,test-2")
    is_(rc, 0, "admin journal apply applies an entry that can be")
    ok(os.path.exists(os.path.join(env.spool, "rate", "journal-test")) and
       not os.path.exists(good_e), "its file is in place and the entry gone")
    rc, out, err = env.run("admin", "journal", "apply",
                           "board-epaminondas-777,test-1")
    is_(rc, 1, "an entry that cannot be applied: exit 1")
    contains(err, "cannot be applied", "with a message")
    rc, out, err = env.run("admin", "journal", "discard",
                           "board-epaminondas-777,test-1")
    is_(rc, 64, "admin journal discard needs --reason")
    rc, out, err = env.run("admin", "journal", "discard",
                           "board-epaminondas-777,test-1", "--reason", "bad")
    is_(rc, 0, "admin journal discard exits 0")
    ok(not os.path.exists(bad) and os.path.isdir(os.path.join(
        env.spool, "discarded", "board-epaminondas-777,test-1")),
       "the entry is kept aside in discarded/, not applied")
    contains(open(log).read(), "board-epaminondas-777,test-1 discarded",
             "the discard is in admin.log")
    rc, out, err = env.run("admin", "journal", "list")
    contains(out, "the journal is empty", "and the journal is empty")
    rc, out, err = env.run("admin", "journal", "apply", "../x,y")
    is_(rc, 64, "a name with a slash is refused")
finally:
    env.close()
done()
