#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 31: admin result takes the board through the services (a
struct svc, no mail context), and a board it cannot have is still named
in the words a command's refusal uses (board_missing_words): no game
file at all, and a board number an open seek holds."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, is_, done  # noqa: E402

T0 = 1796000000

env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob")
    rc, out, err = env.run("admin", "result", "101", "white", "--reason",
                           "a test")
    is_(rc, 1, "admin result on a board with no game file fails")
    is_(err, "epamserv: there is no epaminondas board 101\n",
        "and says there is no such board")
    rc, err = env.mail("alice@example.org", "epaminondas seek alice a")
    is_(rc, 0, "alice's seek takes board 101")
    rc, out, err = env.run("admin", "result", "101", "white", "--reason",
                           "a test")
    is_(rc, 1, "admin result on a seek's board number fails")
    is_(err, "epamserv: board 101 has no game yet: it is alice's open "
        "seek, listed by epaminondas seeks.  Another player takes its "
        "seat with: epaminondas accept 101 USERID PASSWORD; alice "
        "withdraws it with: epaminondas decline 101 alice PASSWORD\n",
        "and says whose open seek holds the number, as a command would")
    env.start_game("alice", "bob", 102)
    env.new_messages()
    rc, out, err = env.run("admin", "result", "102", "black", "--reason",
                           "alice abandoned the game")
    is_(rc, 0, "admin result ends a game in progress")
    is_(sorted(a for m in env.new_messages() for a in m.envelope_to),
        ["alice@example.org", "bob@example.org"],
        "both players get the board mail of the forced result")
finally:
    env.close()
done()
