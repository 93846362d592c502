#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""sweep prunes what grows with the mail (issue 13, item 6): seen/ after
60 days (never a mail still in the Maildir applied twice), rate/ and
auth/ two days after their last change, failed/ after 30 days (with
its .retry records), hold markers whose mail is gone, the lock
files of the old per-address names after 7; the rate and password
counters lock a fixed set of 256 lock files each, however many senders,
and the mails 4,096 (msg-XXX); the four-digit msg-XXXX names of before
go after 7 days.

Ages are file modification times (the time a record was last written),
so the test makes records old with os.utime, as the days would."""
import fcntl
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, make_mail, ok, is_, done  # noqa: E402

DAY = 86400
A, B = "alice@example.org", "bob@example.org"


def names(env, sub):
    d = os.path.join(env.spool, sub)
    return sorted(os.listdir(d)) if os.path.isdir(d) else []


def age(env, sub, days, match=lambda n: True):
    """Make the files of SPOOL/SUB look last written days ago."""
    when = time.time() - days * DAY
    for n in names(env, sub):
        if match(n):
            os.utime(os.path.join(env.spool, sub, n), (when, when))


def sweep(env):
    rc, out, err = env.run("sweep")
    is_(rc, 0, "sweep exits 0")
    return err


env = Env(smtp=False)
try:
    env.signup(A, "alice", "a")
    env.signup(B, "bob", "b")
    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    with open(os.path.join(md, "new", "1.M1.test"), "wb") as f:
        f.write(make_mail(A, "epaminondas challenge alice bob by alice a"))
    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 0, "batch files the challenge")
    ok(env.game_file(101) is not None, "the challenge made board 101")
    env.mail(A, "set alice wrong html on")  # a wrong password
    # Mail from 300 addresses nobody has: each one counted.
    for i in range(300):
        env.mail("spam%d@spam.example" % i, "buy now", "cheap")
    os.makedirs(os.path.join(env.spool, "failed"), exist_ok=True)
    with open(os.path.join(env.spool, "failed", "x1.eml"), "w") as f:
        f.write("MAIL FROM:<a@b>\r\nRCPT TO:<c@d>\r\n\r\nSubject: x\r\n\r\nx\r\n")
    locks = names(env, "locks")
    ok(not [n for n in locks if re.match(r"^(rate|auth)-", n)],
       "no lock file per sender or account", locks[:20])
    rl = [n for n in locks if n.startswith("ratelimit.")]
    ok(0 < len(rl) <= 256, "the rate counters share at most 256 lock files "
       "(%d for 300 senders)" % len(rl), locks[:20])
    is_(len([n for n in locks if n.startswith("authfail.")]), 1,
       "the password counter locks a bucket")
    # Lock files of the names used before the buckets.
    old_rate = "rate-" + "0123456789abcdef" * 2 + ".lock"
    ml = [n for n in locks if n.startswith("msg-")]
    ok(ml and all(re.match(r"^msg-[0-9a-f]{3}\.lock$", n) for n in ml),
       "mails lock one of 4,096 buckets (msg-XXX)", ml[:20])
    for n in (old_rate, "auth-alice.lock", "msg-abcd.lock"):
        open(os.path.join(env.spool, "locks", n), "w").close()

    nrate, nseen = len(names(env, "rate")), len(names(env, "seen"))
    ok(nrate >= 300 and nseen >= 300 and "alice" in names(env, "auth"),
       "the records are there (%d rate, %d seen)" % (nrate, nseen))

    sweep(env)
    is_((len(names(env, "rate")), len(names(env, "seen")),
         "alice" in names(env, "auth"), names(env, "failed")),
        (nrate, nseen, True, ["x1.eml"]), "a sweep keeps fresh records")

    # A rate record whose lock another process holds stays.
    held = names(env, "rate")[0]
    for sub in ("rate", "auth", "locks", "failed"):
        age(env, sub, 3)
    age(env, "seen", 59)
    lk = open(os.path.join(env.spool, "locks", "ratelimit.%s.lock" % held[:2]), "w")
    fcntl.flock(lk, fcntl.LOCK_EX)
    err = sweep(env)
    lk.close()
    rate = names(env, "rate")
    ok(held in rate and len(rate) < nrate,
       "after 3 days the rate records go, but not one whose lock is held "
       "(%d left)" % len(rate), err)
    ok("alice" not in names(env, "auth"), "after 3 days the password "
       "counter goes")
    is_(len(names(env, "seen")), nseen, "after 59 days the seen records stay")
    is_(names(env, "failed"), ["x1.eml"], "after 3 days a failed mail stays")
    ok(old_rate in names(env, "locks"), "after 3 days an old lock file stays")

    age(env, "seen", 61)
    age(env, "failed", 31)
    age(env, "locks", 8, lambda n: n in (old_rate, "auth-alice.lock",
                                         "msg-abcd.lock"))
    age(env, "locks", 30, lambda n: n.startswith(("ratelimit.", "msg-")) and
        n != "msg-abcd.lock")
    err = sweep(env)
    is_(len(names(env, "seen")), 0, "after 61 days the seen records go")
    is_(names(env, "failed"), [], "after 31 days a failed mail goes")
    locks = names(env, "locks")
    ok(old_rate not in locks and "auth-alice.lock" not in locks and
       "msg-abcd.lock" not in locks, "old-style lock files go", locks)
    ok([n for n in locks if n.startswith("msg-")], "message bucket lock "
       "files stay, however old", locks)
    ok([n for n in locks if n.startswith("ratelimit.")], "bucket lock files "
       "stay, however old", locks)
    ok("pruned seen=" in open(env.log).read(), "sweep logs what it pruned")

    # failed/: a mail goes with its .retry record; a record whose mail
    # is gone goes alone; a mail queued long ago that failed lately
    # (fresh record) stays.  outbox/: a hold marker whose mail is gone
    # goes after a day, one whose mail is there stays.
    fd, ob = os.path.join(env.spool, "failed"), os.path.join(env.spool, "outbox")
    os.makedirs(ob, exist_ok=True)
    for d, n in ((fd, "f1.eml"), (fd, "f1.eml.retry"), (fd, "f2.eml.retry"),
                 (fd, "f3.eml"), (fd, "f3.eml.retry"), (ob, "h1.eml.hold"),
                 (ob, "h2.eml"), (ob, "h2.eml.hold"), (ob, "h3.eml.hold")):
        with open(os.path.join(d, n), "w") as f:
            f.write("MAIL FROM:<a@b>\r\nRCPT TO:<c@d>\r\n\r\nx\r\n"
                    if n.endswith(".eml") else "1 0 0 5 550 no\n")
    age(env, "failed", 31, lambda n: n != "f3.eml.retry")
    age(env, "failed", 2, lambda n: n == "f3.eml.retry")
    age(env, "outbox", 2, lambda n: n != "h3.eml.hold")
    sweep(env)
    is_(names(env, "failed"), ["f3.eml", "f3.eml.retry"], "an old failed mail "
        "goes with its record, an orphaned record goes, a mail failed "
        "lately stays")
    is_(sorted(n for n in names(env, "outbox") if n[0] == "h"),
        ["h2.eml", "h2.eml.hold", "h3.eml.hold"], "a hold marker without "
        "its mail goes after a day; one with its mail stays")
    ok("holds=1" in open(env.log).read(), "sweep logs the markers pruned")
    for n in ("h2.eml", "h2.eml.hold", "h3.eml.hold"):
        os.unlink(os.path.join(ob, n))

    # The challenge still sits in cur/, 61 days old, its record gone and
    # batch's own list of cur/ lost: it is not applied again.
    for n in os.listdir(os.path.join(md, "cur")):
        when = time.time() - 61 * DAY
        os.utime(os.path.join(md, "cur", n), (when, when))
    for n in names(env, "intake"):
        os.unlink(os.path.join(env.spool, "intake", n))
    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 0, "batch runs again")
    ok(env.game_file(102) is None, "a mail of the Maildir whose record was "
       "pruned is not applied twice", err)
finally:
    env.close()
done()
