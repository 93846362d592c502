#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
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
f7-d5 / e7-c5 alone, e7-c5 / c6-d5 second.)

test_review_repair_leaves_robot_to_move: `admin repair` cuts a game
against a robot back to a ply where the robot is to move.  board_save
holds the board mail for the robot's answer (the process has robot time
left), so the run must play it: before the fix admin repair never ran
the robots, and the players heard of the repair only with the robot's
move in some later run."""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, is_, done, make_mail, body_of  # noqa: E402

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


EXAMPLE = re.compile(r'for\s+example\s+"epaminondas\s+move\s+101\s+alice\s+'
                     r'PASSWORD\s+(\S+)"')


def test_review_repair_leaves_robot_to_move():
    env = Env(smtp=False)
    try:
        setup(env)
        for _ in range(2):
            body = body_of([m for m in env.outbox_messages()
                            if "alice@example.org" in m.envelope_to and
                            "Board 101" in str(m["Subject"])][-1])
            mv = EXAMPLE.search(body)
            ok(mv is not None, "repair: alice has a move to play", body)
            env.receive(make_mail("alice@example.org", "epaminondas move 101 "
                                  "alice a %s" % (mv.group(1) if mv else "x")),
                        env=CONF)
        gf = env.game_file(101) or ""
        ok(re.search(r"^move:\s+4\s", gf, re.M), "repair: four plies", gf)
        path = os.path.join(env.spool, "games", "epaminondas", "101.game")
        with open(path, "w") as f:
            f.write(re.sub(r"^(move:\s+4\s+)\S+", r"\1a1-f7", gf,
                           flags=re.M))
        n = len(env.outbox_messages())
        rc, out, err = env.run("admin", "repair", "101", "--reason", "test",
                               env=CONF)
        ok(rc == 0 and "cut back to ply 3" in out, "repair: cut back to the "
           "robot's turn", out + err[-1500:])
        mine = [m for m in env.outbox_messages()[n:]
                if "alice@example.org" in m.envelope_to]
        is_(len(mine), 1, "repair: alice is told in the same run")
        text = " ".join(body_of(mine[0]).split()) if mine else ""
        ok("repaired board 101" in text and "robot-club answered" in text,
           "repair: the mail tells of the repair and shows the robot's "
           "answer", text)
        ok(re.search(r"^move:\s+4\s", env.game_file(101) or "", re.M),
           "repair: the robot moved again", env.game_file(101))
    finally:
        env.close()


def main():
    test_review_robot_same_move_in_one_run()
    test_review_repair_leaves_robot_to_move()
    done()


if __name__ == "__main__":
    main()
