#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fair shares of the engine (issue 29 item 4): one player's mails
cannot delay another player's robot reply.

Judged by outcomes, never by timing: every bound is small and given
through EPAMSERV_* variables, and each analysis is stopped by its time
bound (analyse_ms = 50, the node bound far away), so that it costs at
least 50 ms of the engine's hour on any machine.

- The hour: engine_hour_ms = 1500, engine_share_percent = 10.  In one
  batch mallory sends 40 analyses (at least 2000 ms: more than the whole
  hour) and a move on each of his 6 robot boards, and alice one move on
  her robot board.  Alice's robot answers in that run, in one board
  mail with both moves; mallory's analyses past his share are refused
  saying so, and each of his robot moves waits, with one mail per board
  saying so in one sentence (whether its note held his board mail back
  or not); alice's analysis afterwards is answered.  A sweep in the same
  hour plays none of mallory's and tells him nothing again; status
  shows the six moves waiting, for mallory's share; the sweep of the
  next hour plays them, one mail each.  (Before: mallory's analyses
  spent the server's hour, alice's robot waited with his, and her
  analysis was refused.)
- The run: robot_budget_ms = 1, so one robot move a run.  Mallory's six
  moves come first in the batch and alice's last: alice's robot is the
  one that answers (she used the least engine time in her hour), and
  mallory's six are told once that they come soon; the next run plays
  them.
- The board: engine_share_percent = 1 of engine_hour_ms = 199 (a share
  of 1 ms, and 99 ms lent while half the hour is unused): after one robot move a board's share is spent, so the
  robot's next move there waits, saying so, while the same player's
  other robot board is answered (an idle server lends a player more
  than his share, never a game)."""
import json
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, is_, contains, done, body_of, make_mail  # noqa: E402

T = (int(time.time()) // 3600) * 3600 + 7200
SIZE = "-size=6x7"
MALLORY_BOARDS = list(range(101, 107))
ALICE_BOARD = 107
ANALYSED = 108


def words(msg):
    return " ".join(body_of(msg).split())


def moves_of(env, board):
    return len(re.findall(r"^move", env.game_file(board) or "", re.M))


def board_mails(msgs, who, board):
    return [m for m in msgs if "%s@example.org" % who in m.envelope_to and
            re.search(r"\bBoard %d\b" % board, str(m["Subject"]))]


def example_move(env, who, board):
    mails = board_mails(env.outbox_messages(), who, board)
    m = re.search(r'for\s+example\s+"epaminondas\s+move\s+\d+\s+\w+\s+'
                  r'PASSWORD\s+(\S+)"', body_of(mails[-1]) if mails else "")
    return m.group(1) if m else "a1-a3"


def batch(env, now, mails, extra=None):
    """One `epamserv batch --maildir` of mails [(sender, subject)], in
    that order, at now; returns (rc, stderr, the mails it queued)."""
    md = os.path.join(env.root, "Maildir%d" % now)
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    for i, (sender, subject) in enumerate(mails):
        path = os.path.join(md, "new", "m%04d" % i)
        with open(path, "wb") as f:
            f.write(make_mail(sender, subject))
        stamp = now - 30 + i * 0.01
        os.utime(path, (stamp, stamp))
    n = len(env.outbox_messages())
    e = {"EPAMSERV_NOW": str(now)}
    e.update(extra or {})
    rc, out, err = env.run("batch", "--maildir", md, env=e)
    return rc, err, env.outbox_messages()[n:]


def run(env, now, *args, extra=None):
    n = len(env.outbox_messages())
    e = {"EPAMSERV_NOW": str(now)}
    e.update(extra or {})
    rc, out, err = env.run(*args, env=e)
    return rc, out, err, env.outbox_messages()[n:]


def setup(env):
    """alice and mallory, mallory's six robot boards (101-106), alice's
    (107), all at the start, and a finished board to analyse (108, of
    the default size: no position of the robot boards)."""
    env.env.update({"EPAMSERV_ROBOTS": "robot-novice:1:40",
                    "EPAMSERV_RATE_LIMIT": "0",
                    "EPAMSERV_ANALYSE_PER_DAY": "1000",
                    "EPAMSERV_ANALYSE_NODES": "1000000000",
                    "EPAMSERV_ANALYSE_MS": "50"})
    env.env["EPAMSERV_NOW"] = str(T - 600)
    env.players("alice", "mallory")
    mails = [("mallory@example.org", "epaminondas challenge mallory "
              "robot-novice %s by mallory m" % SIZE)] * 6
    mails.append(("alice@example.org", "epaminondas challenge alice "
                  "robot-novice %s by alice a" % SIZE))
    rc, err, _ = batch(env, T - 500, mails)
    ok(rc == 0 and all("result: active" in (env.game_file(b) or "")
                       for b in MALLORY_BOARDS + [ALICE_BOARD]),
       "setup: seven robot boards begun", err[-1500:])
    env.start_game("alice", "mallory", ANALYSED)
    env.mail("alice@example.org", "epaminondas resign %d alice a" % ANALYSED)
    ok("result: active" not in (env.game_file(ANALYSED) or "result: active"),
       "setup: board %d is over, to be analysed" % ANALYSED)
    del env.env["EPAMSERV_NOW"]


def the_hour(env):
    hour = {"EPAMSERV_ENGINE_HOUR_MS": "1500",
            "EPAMSERV_ENGINE_SHARE_PERCENT": "10"}
    env.env.update(hour)
    analysis = ("mallory@example.org",
                "epaminondas analyse %d mallory m" % ANALYSED)
    mails = [("mallory@example.org", "epaminondas move %d mallory m a1-a3"
              % b) for b in MALLORY_BOARDS[:3]]
    mails += [analysis] * 40
    mails += [("mallory@example.org", "epaminondas move %d mallory m a1-a3"
               % b) for b in MALLORY_BOARDS[3:]]
    mails.append(("alice@example.org", "epaminondas move %d alice a a1-a3"
                  % ALICE_BOARD))
    rc, err, msgs = batch(env, T, mails)
    ok(rc == 0, "the batch runs", err[-1500:])

    # Alice's robot answered in this run, in one mail with both moves.
    is_(moves_of(env, ALICE_BOARD), 2, "alice's robot answered in the same "
        "run as mallory's 40 analyses and 6 robot moves")
    mine = board_mails(msgs, "alice", ALICE_BOARD)
    ok(len(mine) == 1 and re.search(r"alice played a1-a3\. robot-novice "
                                    r"answered \S+\.", words(mine[0])),
       "alice gets one board mail showing both moves",
       [words(m)[:300] for m in mine])

    # Mallory: his analyses stop at his share, saying so.
    replies = [words(m) for m in msgs
               if "mallory@example.org" in m.envelope_to and
               not re.search(r"\bBoard 10[1-6]\b", str(m["Subject"]))]
    answered = [t for t in replies if "Best line" in t]
    refused = [t for t in replies if "your share of the server's engine "
               "this hour" in t]
    ok(len(replies) == 40 and answered and refused and
       len(answered) + len(refused) == 40,
       "mallory's 40 analyses: some answered (%d), the rest refused for his "
       "share (%d)" % (len(answered), len(refused)),
       [t[:200] for t in replies if t not in answered + refused][:3])
    contains(refused[0] if refused else "", "engine_share_percent = 10%",
             "the refusal names the setting")

    # Each of mallory's robot moves waits, told once in one sentence.
    told = re.compile(r"robot-novice answers later, in a mail of its own "
                      r"\(you have had your share of the server's thinking "
                      r"time for this hour: your analyses and your robot "
                      r"games count against it\)\.")
    for b in MALLORY_BOARDS:
        is_(moves_of(env, b), 1, "board %d: mallory's move played, his "
            "robot's answer waits" % b)
        got = board_mails(msgs, "mallory", b)
        ok(len(got) == 1 and told.search(words(got[0])),
           "board %d: mallory told once that his robot answers later (%s "
           "note)" % (b, "a held" if b in MALLORY_BOARDS[:3] else "no held"),
           [words(m)[:400] for m in got])

    # Alice's own analysis is within her share.
    n = len(env.outbox_messages())
    env.receive(make_mail("alice@example.org", "epaminondas analyse %d "
                          "alice a" % ANALYSED), env={"EPAMSERV_NOW": str(T + 1)})
    got = env.outbox_messages()[n:]
    ok(len(got) == 1 and "Best line" in words(got[0]),
       "alice's analysis is answered: mallory did not spend her share",
       [words(m)[:300] for m in got])

    # A run in the same hour: mallory's moves still wait, and he is not
    # told again.
    rc, out, err, got = run(env, T + 60, "sweep")
    ok(all(moves_of(env, b) == 1 for b in MALLORY_BOARDS),
       "a sweep in the same hour plays none of mallory's waiting moves",
       err[-800:])
    again = [m for b in MALLORY_BOARDS for m in board_mails(got, "mallory", b)]
    ok(not again, "and tells mallory nothing again",
       [words(m)[:200] for m in again])

    # status shows what waits, and why.
    rc, out, err, _ = run(env, T + 60, "status", "--json")
    try:
        st = json.loads(out)
    except ValueError:
        st = {}
    waiting = st.get("robot_waiting", [])
    ok(len(waiting) == 6 and
       sorted(w.get("board") for w in waiting) == MALLORY_BOARDS and
       all(w.get("player") == "mallory" and w.get("robot") == "robot-novice"
           and w.get("waits_for") == "player_share" for w in waiting),
       "status --json: mallory's six moves wait for his share", out[-1500:])
    ok(st.get("engine_share_percent") == 10 and st.get("engine_share_ms") == 150,
       "status --json: the share, in percent and ms", out[-600:])
    rc, out, err, _ = run(env, T + 60, "status")
    lines = re.findall(r"^robot waiting: epaminondas board (\d+): "
                       r"robot-novice to answer mallory since .*: waits for "
                       r"the player's share of the next hour$", out, re.M)
    ok(sorted(int(x) for x in lines) == MALLORY_BOARDS,
       "status: a line for each waiting move, saying what it waits for",
       out[-1500:])
    contains(out, "engine share: 150 ms an hour for each player and each "
             "robot game", "status: the share")

    # The next hour's sweep plays them, one mail each.
    rc, out, err, got = run(env, T + 3700, "sweep")
    for b in MALLORY_BOARDS:
        mails = board_mails(got, "mallory", b)
        ok(moves_of(env, b) == 2 and len(mails) == 1 and
           re.search(r"robot-novice answered \S+\.", words(mails[0])),
           "board %d: the next hour's sweep plays the robot's answer, in one "
           "mail" % b, [words(m)[:300] for m in mails])
    ok(not os.listdir(os.path.join(env.spool, "robot")),
       "no robot move left waiting")
    for k in hour:
        del env.env[k]


def the_run(env):
    """robot_budget_ms = 1: alice's robot answers first."""
    now = T + 3800
    one = {"EPAMSERV_ROBOT_BUDGET_MS": "1"}
    mails = [("mallory@example.org", "epaminondas move %d mallory m %s"
              % (b, example_move(env, "mallory", b))) for b in MALLORY_BOARDS]
    mails.append(("alice@example.org", "epaminondas move %d alice a %s"
                  % (ALICE_BOARD, example_move(env, "alice", ALICE_BOARD))))
    rc, err, msgs = batch(env, now, mails, one)
    ok(rc == 0, "the batch with robot_budget_ms = 1 runs", err[-1500:])
    is_(moves_of(env, ALICE_BOARD), 4, "robot_budget_ms = 1: alice's robot "
        "is the one that answers, though mallory's six moves came first")
    soon = re.compile(r"robot-novice answers soon, in a mail of its own \(the "
                      r"server's thinking time for robots is used up for "
                      r"now\)\.")
    for b in MALLORY_BOARDS:
        got = board_mails(msgs, "mallory", b)
        ok(moves_of(env, b) == 3 and len(got) == 1 and soon.search(words(got[0])),
           "board %d: mallory's robot waits for the next run, told once" % b,
           [words(m)[:300] for m in got])
    rc, out, err, got = run(env, now + 60, "sweep")
    ok(all(moves_of(env, b) == 4 and
           len(board_mails(got, "mallory", b)) == 1 for b in MALLORY_BOARDS),
       "the next run plays mallory's six, one mail each",
       [(b, moves_of(env, b)) for b in MALLORY_BOARDS])


def the_board():
    """A robot game's share: spent after one move (1 ms); the player's
    other game goes on."""
    env = Env(smtp=False)
    try:
        env.env.update({"EPAMSERV_ROBOTS": "robot-novice:1:40",
                        "EPAMSERV_ENGINE_HOUR_MS": "199",
                        "EPAMSERV_ENGINE_SHARE_PERCENT": "1",
                        "EPAMSERV_ROBOT_THINK_MS": "5",
                        "EPAMSERV_NOW": str(T)})
        env.players("alice")
        for _ in range(2):
            env.mail("alice@example.org", "epaminondas challenge alice "
                     "robot-novice %s by alice a" % SIZE)
        env.mail("alice@example.org", "epaminondas move 101 alice a a1-a3")
        is_(moves_of(env, 101), 2, "board 101: the robot's first answer")
        n = len(env.outbox_messages())
        env.mail("alice@example.org", "epaminondas move 101 alice a %s"
                 % example_move(env, "alice", 101))
        got = board_mails(env.outbox_messages()[n:], "alice", 101)
        ok(moves_of(env, 101) == 3 and len(got) == 1 and re.search(
            r"robot-novice answers later, in a mail of its own \(this game "
            r"has had its share of the server's thinking time for this "
            r"hour\)\.", words(got[0])),
           "board 101 has had its share: the robot's next answer waits, "
           "saying so", [words(m)[:400] for m in got])
        env.mail("alice@example.org", "epaminondas move 102 alice a a1-a3")
        is_(moves_of(env, 102), 2, "alice's other board is answered (the "
            "idle server lends her more than her share, not board 101)")
    finally:
        env.close()


env = Env(smtp=False)
try:
    setup(env)
    the_hour(env)
    the_run(env)
finally:
    env.close()
the_board()
done()
