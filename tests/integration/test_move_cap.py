#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The move cap (RULES.md section 8): a game that reaches 2,000 plies is
drawn, the board mail warns both players from ply 1,900 on, and the game
file of a capped game replays as drawn.  A Message-ID too long for a game
file line is stored as "-" and the file still loads."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, make_mail, to, body_of

T0 = 1796000000
CYCLE = [("alice", "a", "e2-e3"), ("bob", "b", "e11-e10"),
         ("alice", "a", "e3-e2"), ("bob", "b", "e10-e11")]

env = Env()
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob")
    env.start_game("alice", "bob", 101, "-repetition=off")
    start = env.game_file(101)
    path = os.path.join(env.spool, "games", "epaminondas", "101.game")

    def with_plies(n, start=start, path=path):
        """Board 101 (or the board of start and path) as if n plies (a
        multiple of 4) of the shuffle had been played: the position is
        the start again."""
        lines = start.rstrip("\n").split("\n")
        at = [i for i, l in enumerate(lines) if not l.startswith(
            ("epamserv-game", "game:", "board:", "options:", "white:",
             "black:", "created:", "updated:", "agreed:"))][0]
        moves = ["move: %d %s 2026-11-30T00:53:20Z -" % (k + 1, CYCLE[k % 4][2])
                 for k in range(n)]
        lines = lines[:at] + moves + lines[at:]
        lines = [re.sub(r"^position: (\S+) (\S+) \w$", r"position: \1 \2 w", l)
                 for l in lines]
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")

    def play(k):
        who, pw, mv = CYCLE[k % 4]
        rc, err = env.mail("%s@example.org" % who,
                           "epaminondas move 101 %s %s %s" % (who, pw, mv))
        return rc, err, to(env.new_messages(), "%s@example.org" % who)

    with_plies(1896)
    rc, err = env.mail("alice@example.org", "epaminondas show 101")
    is_(rc, 0, "a game of 1,896 plies loads")
    env.new_messages()
    for k in range(1896, 1899):
        rc, err, got = play(k)
    is_(rc, 0, "ply 1,899 is played")
    ok(got and "move cap" not in body_of(got[0]),
       "no warning in the board mail after ply 1,899")
    rc, err, got = play(1899)
    contains(body_of(got[0]) if got else "", "drawn when it reaches 2000 plies",
             "from ply 1,900 on the board mail warns of the move cap")
    contains(body_of(got[0]) if got else "", "100 plies are left",
             "and says how many plies are left")

    with_plies(1996)
    for k in range(1996, 1999):
        rc, err, got = play(k)
    is_(rc, 0, "ply 1,999 is played")
    contains(body_of(got[0]) if got else "", "the next move draws it",
             "the warning counts down to the last move")
    ok(got and "Game over" not in body_of(got[0]), "the game goes on at 1,999")
    rc, err, got = play(1999)
    is_(rc, 0, "ply 2,000 is played")
    text = body_of(got[0]) if got else ""
    contains(text, "Game over: a draw, the game reached 2000 plies, the move cap",
             "at 2,000 plies the game is drawn")
    gf = env.game_file(101) or ""
    contains(gf, "result: draw (the game reached 2000 plies, the move cap)",
             "the game file records the draw")
    ok("end:" not in gf, "with no end line: the moves alone draw it")
    rc, err = env.mail("alice@example.org", "epaminondas show 101")
    is_(rc, 0, "the capped game file replays")
    got = to(env.new_messages(), "alice@example.org")
    contains(body_of(got[0]) if got else "", "Game over: a draw",
             "and shows the draw")
    rc, err, got = play(2000)
    contains(body_of(got[0]) if got else "", "board 101 is over: draw",
             "no ply 2,001")

    # A Message-ID longer than a game file line keeps is stored as "-".
    env.mail("alice@example.org",
             "epaminondas challenge alice bob by alice a")
    env.mail("bob@example.org", "epaminondas accept 102 bob b")
    longid = "<%s@example.org>" % ("x" * 900)
    rc, err = env.receive(make_mail("alice@example.org",
                                    "epaminondas move 102 alice a e2-e3",
                                    msgid=longid))
    is_(rc, 0, "a move with a 900-byte Message-ID is played")
    gf = env.game_file(102) or ""
    contains(gf, "move: 1 e2-e3 ", "and stored")
    ok(max(len(l) for l in gf.split("\n")) < 400,
       "with no line longer than the loader's limits")
    rc, err = env.mail("bob@example.org", "epaminondas move 102 bob b e11-e10")
    is_(rc, 0, "and the file loads for the next move")

    # A crossing made at ply 1,999: the next move draws the game at the
    # cap before Black's start-of-turn check (RULES.md section 8), so the
    # board mail neither threatens "or lose" nor names losing moves.
    env.start_game("alice", "bob", 103, "-repetition=off")
    with_plies(1988, env.game_file(103),
               os.path.join(env.spool, "games", "epaminondas", "103.game"))
    seq = ["d1-d4", "a11-b10", "m2-m3", "m11-m10", "d3-d6", "d11-e10",
           "d5-d8", "n11-n10", "d7-d10", "n10-n9", "d9xd12"]
    for k, mv in enumerate(seq):
        who, pw = ("alice", "a") if k % 2 == 0 else ("bob", "b")
        rc, err = env.mail("%s@example.org" % who,
                           "epaminondas move 103 %s %s %s" % (who, pw, mv))
    got = to(env.new_messages(), "bob@example.org")
    text = " ".join(body_of(got[-1]).split()) if got else ""
    ok("alice played d9xd12" in text and
       "Move 2000: bob (Black) to move." in text,
       "White crosses at ply 1,999", text[:300])
    ok("or lose" not in text and "lose at once" not in text,
       "at ply 1,999 no crossing threat: the next move draws at the cap",
       text[text.find("Move 2000"):][:400])
    at = text[text.find("Move 2000"):][:300]
    ok("the next move draws it" in text,
       "the cap warning says the next move draws the game", at)
    ok("1 plies" not in text, "no '1 plies'", at)
finally:
    env.close()
done()
