#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 31: the sweep's events keep their keys.  A reminder, a loss on
time or an expired challenge is committed under the digest of the words
"sweep EVENT GAME BOARD MOVE SINCE" (src/cli/sweep.h, sweep_event), and
its seen/ record is what stops the next sweep from doing it again.  A
spool written by an older epamserv holds records under those words, so
the words may never change: here the record of board 101's 50% reminder
is put in place as an older sweep left it, and the sweep reminds only
board 102, whose record then has the name the same words give."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, done, digest_hex  # noqa: E402

T0 = 1796000000
H = 3600
D = 86400


def seen(words):
    return os.path.join(env.spool, "seen", digest_hex(words))


env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.env["EPAMSERV_REMIND_AT"] = "50%"
    env.players("alice", "bob", "carol", "dave")
    env.start_game("alice", "bob", 101, "-time=3d")
    env.start_game("carol", "dave", 102, "-time=3d")
    env.new_messages()

    # The 50% point of a 3-day bank is 129600 seconds left; no move yet;
    # White's turn began at T0.
    words = "sweep remind-129600 epaminondas %d 0 %d"
    ok(not os.path.exists(seen(words % (101, T0))) and
       not os.path.exists(seen(words % (102, T0))),
       "no reminder is recorded before the sweep")
    with open(seen(words % (101, T0)), "w") as f:
        f.write("(no Message-ID)\n")

    rc, _, err = env.run("sweep", env={"EPAMSERV_NOW": str(T0 + 36 * H + H)})
    ok(rc == 0, "the sweep runs", err)
    msgs = env.new_messages()
    is_(sorted(m.envelope_to[0] for m in msgs), ["carol@example.org"],
        "the reminder an older sweep recorded is not sent again: only "
        "board 102's mover is reminded")
    ok(os.path.exists(seen(words % (102, T0))),
       "board 102's reminder is recorded under the words "
       "'sweep remind-129600 epaminondas 102 0 %d'" % T0)
finally:
    env.close()
done()
