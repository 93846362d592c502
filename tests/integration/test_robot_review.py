#!/usr/bin/python3
"""Issue 16, second reading (t16-review): the robots' engine.

test_review_robot_same_move_in_one_run: a robot's move does not depend
on what the same process searched before.  Robots search under their
level's node bound, seeded by board and ply (robot.c), so that a game
replays the same; the one engine a process keeps for its robots must
then forget what the last search learnt (table, killers, history)
before each move.  Two boards against robot-club (level 3, 6x7, think
time so long that the node bound decides): alice's first moves a1-a4 on
101 and a1-c3 on 102, answered once in a run of their own each, and
once both in one batch.  The answers must be the same.  (Before the
fix, whichever board the batch played second got another answer:
f7-d5 / e7-c5 alone, e7-c5 / c6-d5 second.)"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, is_, done, make_mail  # noqa: E402

CONF = {"EPAMSERV_ROBOTS": "robot-club:3",
        "EPAMSERV_ROBOT_THINK_MS": "600000",
        "EPAMSERV_ROBOT_BUDGET_MS": "3600000"}
MOVES = ((101, "a1-a4"), (102, "a1-c3"))


def answers(env):
    """The robot's answer (the second move) on each board."""
    out = {}
    for board, _ in MOVES:
        moves = re.findall(r"^move:\s+\d+\s+(\S+)", env.game_file(board) or "",
                           re.M)
        out[board] = moves[1] if len(moves) > 1 else None
    return out


def setup(env):
    env.players("alice")
    for board, _ in MOVES:
        rc, err = env.receive(make_mail("alice@example.org", "epaminondas "
                                        "challenge alice robot-club "
                                        "-size=6x7 by alice a"), env=CONF)
        ok(rc == 0, "challenge for board %d" % board, err[-1500:])


def test_review_robot_same_move_in_one_run():
    alone, both = Env(smtp=False), Env(smtp=False)
    try:
        setup(alone)
        for board, mv in MOVES:
            rc, err = alone.receive(make_mail(
                "alice@example.org", "epaminondas move %d alice a %s"
                % (board, mv)), env=CONF)
            ok(rc == 0, "move on %d, a run of its own" % board, err[-1500:])
        a = answers(alone)
        ok(all(a.values()), "the robot answered on both boards alone",
           [alone.game_file(b) for b, _ in MOVES])
        setup(both)
        md = os.path.join(both.root, "Maildir")
        for sub in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(md, sub))
        for i, (board, mv) in enumerate(MOVES):
            with open(os.path.join(md, "new", "m%d" % i), "wb") as f:
                f.write(make_mail("alice@example.org", "epaminondas move %d "
                                  "alice a %s" % (board, mv)))
        rc, _, err = both.run("batch", "--maildir", md, env=CONF)
        ok(rc == 0, "both moves in one batch", err[-1500:])
        b = answers(both)
        for board, _ in MOVES:
            is_(b[board], a[board], "board %d: the robot's answer in a run "
                "with another robot move is the one it gives alone" % board)
    finally:
        alone.close()
        both.close()


def main():
    test_review_robot_same_move_in_one_run()
    done()


if __name__ == "__main__":
    main()
