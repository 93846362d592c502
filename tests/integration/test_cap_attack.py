#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The move cap against files written before it (issue 12): a game that
was played past 2,000 plies before the cap existed (robots against each
other, a long -repetition=off game) must still load, not be reported as
damaged with every mail for it set aside; its next move draws it.  On
branch i12 the replay stopped at ply 2,000 ("the game is over") and the
board was damaged for good."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, to, body_of

T0 = 1796000000
CYCLE = ["e2-e3", "e11-e10", "e3-e2", "e10-e11"]

env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101, "-repetition=off")
    start = env.game_file(101)
    path = os.path.join(env.spool, "games", "epaminondas", "101.game")
    lines = start.rstrip("\n").split("\n")
    at = [i for i, l in enumerate(lines) if not l.startswith(
        ("epamserv-game", "game:", "board:", "options:", "white:",
         "black:", "created:", "updated:", "agreed:"))][0]
    moves = ["move: %d %s 2026-11-30T00:53:20Z -" % (k + 1, CYCLE[k % 4])
             for k in range(2004)]
    lines = lines[:at] + moves + lines[at:]
    lines = [re.sub(r"^position: (\S+) (\S+) \w$", r"position: \1 \2 w", l)
             for l in lines]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    env.new_messages()

    rc, err = env.mail("alice@example.org", "epaminondas show 101")
    is_(rc, 0, "a game played past the cap before it existed still loads")
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "admin check does not call it damaged")
    got = to(env.new_messages(), "alice@example.org")
    # Flattened: board mails wrap at 72 columns (issue 14).
    text = " ".join((body_of(got[0]) if got else "").split())
    ok("the next move draws it" in text and "plies are left" not in text,
       "the board mail says the next move draws it", text[-600:])

    rc, err = env.mail("alice@example.org",
                       "epaminondas move 101 alice a e2-e3")
    is_(rc, 0, "the next move is taken")
    g = env.game_file(101) or ""
    contains(g, "move: 2005 e2-e3", "it is played")
    rc, out, err = env.run("admin", "check")
    is_(rc, 0, "and the file replays afterwards")
    got = to(env.new_messages(), "alice@example.org")
    ok(any("move cap" in body_of(m) for m in got),
       "and the game is drawn at the move cap",
       [body_of(m)[-300:] for m in got])
finally:
    env.close()
done()
