#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""admin check sees the whole spool (issue 12): besides game and user
files, journal entries that cannot be applied, leftovers in tmp/, locks
with their holder's PID, wrong modes, symbolic links, unreadable outbox
mails, boards whose players are gone, mails set aside, free space and
inodes; admin check --fix repairs what is safe and lists the rest."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail, hold_lock

env = Env(smtp=False)
try:
    env.signup("alice@example.org", "alice", "a")
    env.signup("bob@example.org", "bob", "b")
    env.signup("carol@example.org", "carol", "c")
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice a")
    env.mail("bob@example.org", "epaminondas accept 101 bob b")
    env.mail("alice@example.org", "epaminondas challenge alice carol by alice a")
    env.mail("carol@example.org", "epaminondas accept 102 carol c")
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "admin check exits 0 on a sound spool")
    contains(out, "space: ", "and says how much room is left")
    contains(out, "inodes free", "and how many inodes")

    sp = env.spool
    old = time.time() - 7200
    # A committed update that cannot be applied: its file would replace
    # a directory.
    entry = os.path.join(sp, "journal", "board-epaminondas-103,test-1")
    os.makedirs(entry)
    with open(os.path.join(entry, "0"), "w") as f:
        f.write("x")
    with open(os.path.join(entry, "manifest"), "w") as f:
        f.write("0 games/epaminondas\n")
    # Litter in tmp/.
    litter = os.path.join(sp, "tmp", "litter")
    with open(litter, "w") as f:
        f.write("x")
    os.utime(litter, (old, old))
    # A world-writable user file, a symbolic link, an unreadable outbox mail.
    os.chmod(os.path.join(sp, "users", "alice"), 0o666)
    os.symlink("/etc/passwd", os.path.join(sp, "games", "planted"))
    os.mkdir(os.path.join(sp, "outbox", "0000-broken.eml"))
    # A player gone: carol's file removed.
    os.rename(os.path.join(sp, "users", "carol"), os.path.join(env.root, "carol"))
    # A lock held by a running process.
    lockf = os.path.join(sp, "locks", "board-epaminondas-101.lock")
    holder = hold_lock(lockf)
    # A damaged board with a mail set aside for it.
    path = os.path.join(sp, "games", "epaminondas", "101.game")
    good = env.game_file(101)
    with open(path, "w") as f:
        f.write(good.replace("white: alice", "white: alice\nbogus: 1"))
    # (a mail for board 101 would wait for the lock: use board 102's
    # player for the held record with an unloadable user file instead)

    rc, out, err = env.run("admin", "check")
    is_(rc, 1, "admin check exits 1 when something is wrong")
    contains(out, "journal/board-epaminondas-103,test-1: a committed update "
             "that cannot be applied: games/epaminondas is a directory",
             "a journal entry that cannot be applied, and why")
    contains(out, "tmp/litter: left over", "litter in tmp/")
    contains(out, "users/alice: mode 0666, should be 0640", "a wrong mode")
    contains(out, "games/planted: a symbolic link", "a symbolic link")
    contains(out, "outbox/0000-broken.eml: an outbox mail that cannot be read",
             "an unreadable outbox mail")
    contains(out, "games/epaminondas/102.game: carol has no account",
             "a board whose player is gone")
    contains(out, "locks/board-epaminondas-101.lock: held by PID %d" % holder.pid,
             "a held lock, with its holder's PID")
    contains(out, "101.game:", "the damaged board, with its line")
    contains(out, "admin repair epaminondas 101", "and the command to repair it")

    rc, out, err = env.run("admin", "check", "--fix")
    is_(rc, 1, "admin check --fix exits 1 while problems remain")
    contains(out, "fixed: tmp/litter", "--fix removes litter in tmp/")
    contains(out, "fixed: users/alice: mode 0666 set to 0640", "--fix sets modes")
    ok(not os.path.exists(litter), "the litter is gone")
    is_(os.stat(os.path.join(sp, "users", "alice")).st_mode & 0o777, 0o640,
        "the mode is right")
    ok(os.path.islink(os.path.join(sp, "games", "planted")),
       "--fix leaves the symbolic link for the administrator")
    contains(out, "games/planted: a symbolic link", "and still lists it")
    ok(os.path.isdir(entry), "--fix leaves the journal entry")
    holder.kill()
    holder.wait()

    # Mend the rest; then all is well again.
    os.unlink(os.path.join(sp, "games", "planted"))
    os.rmdir(os.path.join(sp, "outbox", "0000-broken.eml"))
    os.rename(os.path.join(env.root, "carol"), os.path.join(sp, "users", "carol"))
    os.unlink(os.path.join(entry, "0"))
    os.unlink(os.path.join(entry, "manifest"))
    os.rmdir(entry)
    with open(path, "w") as f:
        f.write(good)
    rc, out, err = env.run("admin", "check")
    ok(rc == 0, "with everything mended admin check exits 0", out)

    # A held mail: a user file that does not load.
    upath = os.path.join(sp, "users", "bob")
    ugood = env.user_file("bob")
    with open(upath, "w") as f:
        f.write(ugood.replace("userid: bob", "userid: bob\nnonsense here"))
    rc, err = env.mail("bob@example.org", "epaminondas move 101 bob b e11-e10")
    is_(rc, 75, "a mail whose user file does not load waits (75)")
    rc, out, err = env.run("admin", "check")
    contains(out, "a mail waits since", "admin check lists the mail set aside")
    contains(out, "for users/bob", "with the file it waits for")
    with open(upath, "w") as f:
        f.write(ugood)
    rc, out, err = env.run("admin", "check")
    ok("a mail waits" in out, "the record stays until the mail is retried")
    # The mail is retried (as the MTA would) and goes through.
    rc, err = env.receive(make_mail("bob@example.org",
                                    "epaminondas show 101", msgid="<x1@y>"))
    held = os.listdir(os.path.join(sp, "held"))
    # Simulate a crash between the mail's commit and the record's
    # removal: a record whose mail is processed.
    seen = [n for n in os.listdir(os.path.join(sp, "seen"))][0]
    with open(os.path.join(sp, "held", seen), "w") as f:
        f.write("epamserv-held 1\nsince: 2026-11-30T00:00:00Z\nfile: users/bob\n"
                "error: x\n")
    rc, out, err = env.run("admin", "check")
    contains(out, "held/%s: the record of a mail processed since" % seen,
             "a record left over once its mail was processed")
    rc, out, err = env.run("admin", "check", "--fix")
    contains(out, "fixed: held/%s" % seen, "--fix removes it")

    # What admin restore leaves: a stage of an interrupted one in tmp/,
    # and the files --force set aside.  Both named for what they are.
    stage = os.path.join(sp, "tmp", "restore-123-1796000000")
    os.mkdir(stage, 0o700)
    os.utime(stage, (old, old))
    os.mkdir(os.path.join(sp, "replaced-20261130T000000Z"), 0o700)
    rc, out, err = env.run("admin", "check", "--fix")
    contains(out, "interrupted admin restore", "a restore's stage is named as such")
    ok(os.path.isdir(stage), "and --fix leaves it (a directory)")
    contains(out, "replaced-20261130T000000Z: the spool's files from before "
             "an admin restore --force", "the files --force set aside are named")

    # A spool path that is wrong (a typo) is not "all is well".
    gone = os.path.join(env.root, "spoool")
    for cmd in (["status"], ["admin", "check"]):
        rc, out, err = env.run("--spool", gone, *cmd)
        is_(rc, 78, "%s of a spool that is not there exits 78" % " ".join(cmd))
        contains(err, "no spool directory at %s" % gone, "and says so")
        ok(not os.path.exists(gone), "and makes no spool there")
finally:
    env.close()
done()
