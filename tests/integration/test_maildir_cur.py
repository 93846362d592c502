#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""batch --maildir and mail that a client left in cur/ (issue 12, item 6):
a move mail moved to cur/ unprocessed (no flags, or S set by a person who
read it) is played, once; what decides is our processed-mail record and
the state file SPOOL/intake/maildir-DIGEST, never a Maildir flag; the
mails known as done are not parsed again on later runs, even when a
client changes their flags; without the state file they are parsed once
more and seen/ keeps them from being applied twice; an unknown mail of
cur/ older than 30 days is left alone."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail

T0 = 1796000000


def put(md, sub, name, mail, when):
    p = os.path.join(md, sub, name)
    with open(p, "wb") as f:
        f.write(mail)
    os.utime(p, (when, when))
    return p


env = Env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.signup("alice@example.org", "alice", "a")
    env.signup("bob@example.org", "bob", "b")
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice a")
    env.mail("bob@example.org", "epaminondas accept 101 bob b")
    start = env.game_file(101) or ""
    is_(start.count("move: "), 0, "the game starts without moves")

    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    # An IMAP SELECT moved the first move to cur/ without flags; a person
    # read the answer and set S; a third mail is still in new/.
    put(md, "cur", "%d.M1.test:2," % (T0 - 30),
        make_mail("alice@example.org", "epaminondas move 101 alice a e2-e3"),
        T0 - 30)
    put(md, "cur", "%d.M2.test:2,S" % (T0 - 20),
        make_mail("bob@example.org", "epaminondas move 101 bob b e11-e10"),
        T0 - 20)
    put(md, "new", "%d.M3.test" % (T0 - 10),
        make_mail("alice@example.org", "epaminondas move 101 alice a f2-f3"),
        T0 - 10)
    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 0, "batch exits 0")
    gf = env.game_file(101) or ""
    is_(gf.count("move: "), 3, "the mails of cur/ are played, before new/'s, "
        "in arrival order")
    cur = sorted(os.listdir(os.path.join(md, "cur")))
    is_(len(cur), 3, "every mail is in cur/")
    ok(any(c.endswith(":2,") for c in cur), "batch leaves the flags a client "
       "set (or did not set) as they are")
    state = [n for n in os.listdir(os.path.join(env.spool, "intake"))
             if n.startswith("maildir-")]
    is_(len(state), 1, "one state file for the Maildir")

    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 0, "a rerun exits 0")
    is_(env.game_file(101), gf, "a rerun plays nothing twice")
    ok("already processed" not in err, "a rerun parses none of the mails "
       "known as done", err)

    # A client sets flags: the unique name stays, so nothing is parsed.
    for c in cur:
        base = c.split(":")[0]
        os.rename(os.path.join(md, "cur", c),
                  os.path.join(md, "cur", base + ":2,RS"))
    rc, out, err = env.run("batch", "--maildir", md)
    is_(env.game_file(101), gf, "flags changed by a client replay nothing")
    ok("already processed" not in err, "and cost no parse", err)

    # The state file is lost: each mail is parsed once more, seen/ decides.
    os.unlink(os.path.join(env.spool, "intake", state[0]))
    rc, out, err = env.run("batch", "--maildir", md)
    is_(rc, 0, "without the state file batch exits 0")
    is_(env.game_file(101), gf, "without the state file nothing is applied "
        "twice (the processed-mail records decide)")
    is_(err.count("already processed"), 3, "each mail is parsed once more")
    rc, out, err = env.run("batch", "--maildir", md)
    ok("already processed" not in err, "and the state is written again", err)

    # A mail of cur/ we do not know, older than 30 days: left alone.
    put(md, "cur", "%d.M4.test:2,S" % (T0 - 31 * 86400),
        make_mail("bob@example.org", "epaminondas move 101 bob b f11-f10"),
        T0 - 31 * 86400)
    rc, out, err = env.run("batch", "--maildir", md)
    is_(env.game_file(101), gf, "an unknown mail of cur/ over 30 days old is "
        "not applied")
    contains(err, "over 30 days ago", "and that is logged")
    rc, out, err = env.run("batch", "--maildir", md)
    ok("over 30 days" not in err, "once", err)
finally:
    env.close()
done()
