#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Batch workers (batch_jobs = 2, src/cli/batch_jobs.h) and a busy lock:
a mail of a board left in new/ because its lock wait ran out must not be
overtaken by the board's later mails in the same run.

Board 101's first mail (alice's move) needs the message lock bucket
(msg-XXX) that another process holds here, as another worker of the
batch may keep it for its group; lock_timeout is 1 s.  Bob's reply on
101 comes after it in new/ (a move on board 102 makes a second
worker), then a `help` mail (a barrier) and alice's next move, which
the barrier puts into a later run of the batch, with new workers.  The
worker leaves alice's move and bob's reply, the batch alice's next
move: all three stay in new/, in order, for the next run.  Once the
lock is free, the next run plays all three, in order.

On 8c05b65 the worker went on with bob's reply: refused (not his turn)
and filed into cur/, and so was alice's next move; the next run played
alice's first move alone."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done, hold_lock, make_mail  # noqa: E402
from harness import digest_hex  # noqa: E402

A, B, C, D = ("alice@example.org", "bob@example.org", "carol@example.org",
              "dave@example.org")


def moves(env, board):
    """The plies of board's game file ("move: N PLY ..." lines)."""
    return [f[2] for f in (line.split() for line in
                           (env.game_file(board) or "").splitlines())
            if len(f) >= 3 and f[0] == "move:"]


env = Env()
holders = []
try:
    env.players("alice", "bob", "carol", "dave")
    env.start_game("alice", "bob", 101)
    env.start_game("carol", "dave", 102)
    env.new_messages()
    before101 = moves(env, 101)

    md = os.path.join(env.root, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    mid = "<busy.%d@test.example>" % os.getpid()
    mails = [make_mail(A, "epaminondas move 101 alice a e2-e3", msgid=mid),
             make_mail(C, "epaminondas move 102 carol c e2-e3"),
             make_mail(B, "epaminondas move 101 bob b e11-e10"),
             make_mail(D, "epaminondas help"),
             make_mail(A, "epaminondas move 101 alice a e3-e4")]
    for i, m in enumerate(mails):
        with open(os.path.join(md, "new", "%05d.m%d.host" % (i, i)),
                  "wb") as f:
            f.write(m)
    # The bucket of alice's mail (its Message-ID's digest, with or
    # without the angle brackets): held as another worker would keep it.
    for text in (mid, mid.strip("<>")):
        holders.append(hold_lock(os.path.join(
            env.spool, "locks", "msg-%s.lock" % digest_hex(text)[:3])))
    jobs = {"EPAMSERV_BATCH_JOBS": "2", "EPAMSERV_LOCK_TIMEOUT": "1"}
    rc, out, err = env.run("batch", "--maildir", md, env=jobs)
    is_(rc, 75, "the batch leaves a mail for the next run (EX_TEMPFAIL)")
    left = sorted(os.listdir(os.path.join(md, "new")))
    ok(left == ["00000.m0.host", "00002.m2.host", "00004.m4.host"],
       "alice's move met the busy lock, and the later mails of its board "
       "stay in new/ behind it, in its worker's run and in a later run",
       (left, err))
    is_(moves(env, 101), before101, "board 101 is untouched")
    ok(len(moves(env, 102)) == 1, "board 102's move was played",
       moves(env, 102))
    for h in holders:
        h.kill()
        h.wait()
    holders = []

    rc, out, err = env.run("batch", "--maildir", md, env=jobs)
    ok(rc == 0, "the next run, the lock free, takes the three mails", err)
    is_(os.listdir(os.path.join(md, "new")), [], "new/ is empty")
    is_(moves(env, 101)[len(before101):], ["e2-e3", "e11-e10", "e3-e4"],
        "board 101 holds alice's move, bob's reply and alice's next, in "
        "order")
finally:
    for h in holders:
        h.kill()
        h.wait()
    env.close()
done()
