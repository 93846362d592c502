#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The engine time of the whole server (engine_hour_ms, issue 16).

robot_budget_ms bounds one run and analyse_per_day one player; every
mail a receive gets is a process of its own, so without a bound shared
by every process enough players could keep every core thinking.  With
engine_hour_ms = 1: a robot's answer in one receive spends the hour; a
second player's move in ANOTHER receive is played at once but the
robot's answer waits (the per-run budget is not spent: a fresh process);
an analysis is refused with the reason; an hour later the next run plays
the waiting answer, trying once a waiting answer whose board is busy;
the sweep of the hour after plays that one, and an analysis works
again.  engine_hour_ms = 0: no
bound."""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, is_, contains, done, body_of, make_mail, hold_lock  # noqa: E402

T = 1798000000


def moves_of(env, board):
    return len(re.findall(r"^move", env.game_file(board), re.M))


def example_move(env, who, board):
    body = body_of([m for m in env.outbox_messages()
                    if "%s@example.org" % who in m.envelope_to and
                    "Board %d" % board in str(m["Subject"])][-1])
    return re.search(r'for\s+example\s+"epaminondas\s+move\s+\d+\s+\w+\s+'
                     r'PASSWORD\s+(\S+)"', body).group(1)


env = Env(smtp=False)
try:
    env.env["EPAMSERV_NOW"] = str(T)
    env.env["EPAMSERV_ENGINE_HOUR_MS"] = "1"
    env.players("alice", "bob", "carol")
    for who, robot in (("alice", "robot-club"), ("bob", "robot-novice")):
        env.mail("%s@example.org" % who, "epaminondas challenge %s %s "
                 "-size=6x7 by %s %s" % (who, robot, who, who[0]))
    # A finished board for the analysis (carol resigns before a move).
    env.start_game("carol", "alice", 103, "-size=6x7")
    env.mail("alice@example.org", "epaminondas resign 103 alice a")

    env.mail("alice@example.org", "epaminondas move 101 alice a %s"
             % example_move(env, "alice", 101))
    is_(moves_of(env, 101), 2, "the first robot answer is played (it "
        "spends the server's hour)")
    env.mail("bob@example.org", "epaminondas move 102 bob b %s"
             % example_move(env, "bob", 102))
    is_(moves_of(env, 102), 1, "another process: bob's move is played, "
        "the robot's answer waits for the server's hour")
    ok(os.listdir(os.path.join(env.spool, "robot")) == ["epaminondas-102"],
       "its robot-to-move record is kept",
       os.listdir(os.path.join(env.spool, "robot")))
    rc, out, err = env.run("status")
    ok(re.search(r"engine time this hour: (\d+) of 1 ms used", out) and
       re.search(r"engine time this hour: (\d+) of", out).group(1) == "1",
       "status: the server's engine hour is spent", out)
    rc, out, err = env.run("status", "--json")
    try:
        st = json.loads(out)
    except ValueError:
        st = {}
    ok(st.get("engine_hour_ms") == 1 and st.get("engine_ms_used") == 1 and
       st.get("robot_moves_waiting") == 1,
       "status --json: the hour spent and the robot move waiting", out)
    body = body_of(env.outbox_messages()[-1])
    contains(body, "robot-novice", "bob is told who is to move")

    n = len(env.outbox_messages())
    env.mail("carol@example.org", "epaminondas analyse 103 carol c")
    msgs = env.outbox_messages()[n:]
    is_(len(msgs), 1, "the analysis request gets one reply")
    text = body_of(msgs[0]) if msgs else ""
    contains(text, "engine_hour_ms", "refused, naming the bound")
    contains(text, "ask again in an hour", "and saying when to ask again")

    # Two answers waiting (101 and 102) and board 101's lock held by
    # another process: a run (with no hourly bound, so that it makes a
    # second pass) plays 102's, tries 101 once (one lock timeout
    # logged), and does not try it again in the next pass that 102's
    # move opens (robot_run's failed-note list).
    env.mail("alice@example.org", "epaminondas move 101 alice a %s"
             % example_move(env, "alice", 101))
    ok(sorted(os.listdir(os.path.join(env.spool, "robot"))) ==
       ["epaminondas-101", "epaminondas-102"], "two robot answers wait",
       os.listdir(os.path.join(env.spool, "robot")))
    lockf = os.path.join(env.spool, "locks", "board-epaminondas-101.lock")
    holder = hold_lock(lockf)
    try:
        env.env["EPAMSERV_NOW"] = str(T + 3601)
        rc, err = env.receive(make_mail("carol@example.org",
                                        "epaminondas list"),
                              env={"EPAMSERV_LOCK_TIMEOUT": "1",
                                   "EPAMSERV_ENGINE_HOUR_MS": "0"})
    finally:
        holder.kill()
        holder.wait()
    is_(moves_of(env, 102), 2, "an hour later the next run plays 102's "
        "answer")
    is_(len(re.findall(r"cannot lock board-epaminondas-101", err)), 1,
        "a waiting answer whose board is busy is tried once a run, not "
        "in every pass")
    ok(os.listdir(os.path.join(env.spool, "robot")) == ["epaminondas-101"],
       "its note is kept for a later run",
       os.listdir(os.path.join(env.spool, "robot")))
    env.env["EPAMSERV_NOW"] = str(T + 2 * 3601)
    rc, out, err = env.run("sweep")
    is_(moves_of(env, 101), 4, "the next hour's sweep plays 101's answer")
    ok(not os.listdir(os.path.join(env.spool, "robot")),
       "no robot move left waiting")
    env.env["EPAMSERV_NOW"] = str(T + 3 * 3601)
    n = len(env.outbox_messages())
    env.mail("carol@example.org", "epaminondas analyse 103 carol c")
    text = body_of(env.outbox_messages()[-1])
    contains(text, "Best line", "and an hour later an analysis works again")

    # No bound: two answers in a row.
    env.env["EPAMSERV_ENGINE_HOUR_MS"] = "0"
    env.env["EPAMSERV_NOW"] = str(T + 3 * 3601 + 100)
    for who, board in (("alice", 101), ("bob", 102)):
        before = moves_of(env, board)
        env.mail("%s@example.org" % who, "epaminondas move %d %s %s %s"
                 % (board, who, who[0], example_move(env, who, board)))
        after = moves_of(env, board)
        ok(after == before + 2 or "The game is over" in
           body_of(env.outbox_messages()[-1]),
           "engine_hour_ms = 0: board %d gets its answer" % board)
finally:
    env.close()
done()
