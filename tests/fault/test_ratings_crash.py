#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A crash between the commit and the apply of a game's end must not let
an older ratings table be put over a newer one (game/ratetable.h).

Board 101's resignation is committed (its result record and the table
with it rated in, in journal/) and the process killed at the first
rename of the apply (tests/fault/libfault.so: FAULT_CALL=rename
FAULT_KILL=1; N is found by trying 1, 2, ... on a copy of the spool
until the kill leaves the entry in journal/).  Another process holds
board 101's lock (as one that will roll the entry forward would) while
board 102's game ends: that game must wait (receive exits 75, a batch
keeps the mail in new/, nothing stored changes), since rating it now
would be undone when 101's older table is applied.  Once the lock is
free, a mail to 101 applies its entry and the retried resignation rates
102 on top: the table rates both games, the records have seq 1 and 2,
and admin check is clean.

On 0eb6575 the resignation of 102 went through with the table that
lacked 101, then 101's entry was applied over it: `rated: 1`, both
records with seq 1, admin check reporting the table."""
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))

from harness import Env, ok, is_, contains, done, hold_lock  # noqa: E402
from harness import make_mail  # noqa: E402
import harness  # noqa: E402
from faultlib import shim_env  # noqa: E402

A, B, C, D = ("alice@example.org", "bob@example.org", "carol@example.org",
              "dave@example.org")
TABLE = ("ratings", "current")


def read(path):
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return f.read()


def table_entries(env):
    """Journal entries (names) whose manifest is to write the table."""
    out = []
    jd = os.path.join(env.spool, "journal")
    for name in sorted(os.listdir(jd)) if os.path.isdir(jd) else []:
        man = os.path.join(jd, name, "manifest")
        text = read(man) if os.path.isdir(os.path.join(jd, name)) else \
            read(os.path.join(jd, name))
        if text and re.search(r" ratings/current$", text, re.M):
            out.append(name)
    return out


def result(env, board):
    return read(os.path.join(env.spool, "games", "epaminondas",
                             "%d.result" % board))


env = Env()
try:
    env.players("alice", "bob", "carol", "dave")
    env.start_game("alice", "bob", 101)
    env.start_game("carol", "dave", 102)
    env.mail(A, "epaminondas move 101 alice a e2-e3")
    env.mail(B, "epaminondas move 101 bob b e11-e10")
    env.mail(C, "epaminondas move 102 carol c e2-e3")
    env.mail(D, "epaminondas move 102 dave d e11-e10")
    env.new_messages()

    # Board 101's end committed, never applied: the process killed.
    snap = os.path.join(env.root, "snap")
    shutil.copytree(env.spool, snap, symlinks=True)
    resign101 = make_mail(B, "epaminondas resign 101 bob b")
    found = 0
    for n in range(1, 60):
        shutil.rmtree(env.spool)
        shutil.copytree(snap, env.spool, symlinks=True)
        rc, err = env.receive(resign101, env=shim_env(
            FAULT_CALL="rename", FAULT_N=str(n), FAULT_KILL="1"))
        if rc == -9 and table_entries(env):
            found = n
            break
    ok(found, "a kill after the commit point leaves 101's table in "
       "journal/ (rename #%d)" % found)
    t0 = read(os.path.join(env.spool, *TABLE))
    ok(result(env, 101) is None and (t0 is None or "rated: 0\n" in t0),
       "neither its record nor the table is applied yet", t0)

    # Another process holds board 101 (it would apply the entry).
    lockpath = os.path.join(env.spool, "locks", "board-epaminondas-101.lock")
    holder = hold_lock(lockpath)
    try:
        before = env.snapshot()
        table0 = read(os.path.join(env.spool, *TABLE))
        resign102 = make_mail(D, "epaminondas resign 102 dave d")
        rc, err = env.receive(resign102)
        is_(rc, 75, "102's end waits while 101's table is pending and "
            "its board busy (EX_TEMPFAIL: the mail is retried)")
        ok(env.snapshot() == before and
           read(os.path.join(env.spool, *TABLE)) == table0,
           "and nothing stored changed")
        ok(not env.new_messages(), "and no mail went out")
        rc, err = harness.maildir_batch(env, [(D, "epaminondas resign 102 "
                                                  "dave d")])
        md = sorted(d for d in os.listdir(env.root)
                    if d.startswith("Maildir-"))[-1]
        kept = os.listdir(os.path.join(env.root, md, "new"))
        is_(len(kept), 1, "a batch keeps the mail in new/ for its next "
            "run")
        ok(env.snapshot() == before, "the batch changed nothing stored "
           "either")
    finally:
        holder.kill()
        holder.wait()

    # A mail to 101 rolls its entry forward; the retried mail rates 102.
    env.mail(A, "epaminondas move 101 alice a e3-e4")
    ok(not table_entries(env), "a mail to board 101 applied its entry")
    contains(result(env, 101) or "", "seq: 1\n", "101's record, seq 1")
    rc, err = env.receive(resign102)
    ok(rc == 0, "the retried resignation of 102 is processed", err)
    contains(result(env, 102) or "", "seq: 2\n", "102's record, seq 2")
    contains(read(os.path.join(env.spool, *TABLE)) or "", "rated: 2\n",
             "the table rates both games")
    rc, out, err = env.run("admin", "check")
    ok(rc == 0, "admin check: the table agrees with the records", out)
finally:
    env.close()
done()
