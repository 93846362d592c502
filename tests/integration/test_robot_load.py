#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 30 item 5: robots as strong on a busy day as on a quiet one.

- The node bound, not the time cap, decides a robot's move: robot-novice
  (level 1: 200 nodes, its first ply up to 100,000) plays the same six
  answers with robot_think_ms = 1 as with 20,000 on the same board and
  plies in two spools, each search under 4,096 nodes (the engine reads
  the clock first at node 4,096, search.c), with the same node counts,
  and no mail says the robot was cut short.  No timing: the moves and
  the node counts in the log are judged.
- When the time cap stops a search anyway (robot-master, level 5,
  robot_think_ms = 1 through EPAMSERV_ROBOT_THINK_MS: stopped at the
  clock's first reading, at node 4,096, long before its 350,000), the
  board mail tells the player in a whole sentence ("robot-master's
  search was cut short by this server's time limit after N of its
  350000 positions; it may play weaker than its level.") and the log
  says so.
- A mail that leaves a robot to move does not count against the
  player's rate_limit (process.c, rate_refund_robot): with rate_limit =
  4, alice's ten moves against robot-novice within the hour are all
  played and answered at once; her mails to a game against a person and
  her refused moves still count, and her next mail past the four is
  deferred (exit 75).

A binary from before issue 30 fails the last two parts: its cut-short
robot says nothing (in the mail or the log), and its third move against
the robot is deferred (the limit's last check, the deferral, passes
there too).
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, is_, done, body_of, make_mail  # noqa: E402

T0 = 1796000000          # a fixed hour, so that no window ends mid-test
EXAMPLE = re.compile(r'for\s+example\s+"epaminondas\s+move\s+(\d+)\s+(\w+)\s+'
                     r'PASSWORD\s+(\S+)"')
ROBOT_LOG = re.compile(r"robot (robot-\w+): epaminondas board (\d+) move "
                       r"(\d+) (\S+) \(depth (-?\d+), (\d+) nodes")
CUT = re.compile(r"(robot-\w+)'s search was cut short by this server's time "
                 r"limit after (\d+) of its (\d+) positions; it may play "
                 r"weaker than its level\.")


def words(text):
    return " ".join(text.split())


def mails_to(env, addr, board):
    """The new mails to addr about board (the SMTP server's)."""
    return [m for m in env.new_messages() if addr in m.envelope_to and
            "Board %d" % board in str(m["Subject"])]


def example_move(text, board):
    m = EXAMPLE.search(text)
    return m.group(3) if m and int(m.group(1)) == board else None


def robot_game(cap, moves=6):
    """alice against robot-novice on board 101 (14x12), her moves the
    board mails' examples, with robot_think_ms = cap.  Returns the
    robot's answers as [(ply, move, nodes)] and the mails' texts."""
    env = Env(smtp=True)
    run_env = {"EPAMSERV_ROBOT_THINK_MS": str(cap), "EPAMSERV_NOW": str(T0)}
    answers, texts = [], []
    try:
        env.env.update(run_env)
        env.players("alice")
        env.new_messages()
        rc, err = env.mail("alice@example.org", "epaminondas challenge alice "
                           "robot-novice by alice a")
        mine = mails_to(env, "alice@example.org", 101)
        text = body_of(mine[-1]) if mine else ""
        for _ in range(moves):
            move = example_move(text, 101)
            if not move:
                break
            rc, err = env.mail("alice@example.org", "epaminondas move 101 "
                               "alice a %s" % move)
            for m in ROBOT_LOG.finditer(err):
                answers.append((int(m.group(3)), m.group(4), int(m.group(6))))
            mine = mails_to(env, "alice@example.org", 101)
            text = body_of(mine[-1]) if mine else ""
            texts.append(text)
    finally:
        env.close()
    return answers, texts


def node_bound_first():
    tight, tight_texts = robot_game(1)
    generous, generous_texts = robot_game(20000)
    is_(len(tight), 6, "robot_think_ms = 1: robot-novice answers all six "
        "moves")
    ok(tight == generous, "robot-novice's answers (move and nodes) are the "
       "same at robot_think_ms = 1 and 20000", (tight, generous))
    ok(tight and all(n < 4096 for _, _, n in tight),
       "each search stopped at its node bound before the clock's first "
       "reading (4,096 nodes)", tight)
    ok(not any(CUT.search(words(t)) for t in tight_texts + generous_texts),
       "no mail says the robot was cut short when its nodes bound it")


def cut_short(env):
    env.mail("carol@example.org", "epaminondas challenge carol robot-master "
             "by carol c")
    mine = mails_to(env, "carol@example.org", 101)
    move = example_move(body_of(mine[-1]) if mine else "", 101)
    rc, err = env.receive(make_mail(
        "carol@example.org", "epaminondas move 101 carol c %s" % move),
        env={"EPAMSERV_ROBOT_THINK_MS": "1"})
    mine = mails_to(env, "carol@example.org", 101)
    text = words(body_of(mine[-1])) if mine else ""
    m = CUT.search(text)
    ok(rc == 0 and len(mine) == 1 and "robot-master answered" in text,
       "robot_think_ms = 1: robot-master still answers carol's move in "
       "one board mail", (rc, err[-1500:], text[:600]))
    ok(m is not None, "the board mail says robot-master's search was cut "
       "short by the server's time limit, in a whole sentence", text[:1200])
    ok(m and m.group(1) == "robot-master" and int(m.group(3)) == 350000 and
       0 < int(m.group(2)) < 350000, "with the positions searched and its "
       "level's 350000", m.groups() if m else None)
    ok(re.search(r"robot robot-master: epaminondas board 101 move 2: the "
                 r"search was cut short by robot_think_ms = 1 after \d+ of "
                 r"its 350000 nodes", err) is not None,
       "the log says the search was cut short", err[-1500:])


def last_text(env, addr, board):
    mine = mails_to(env, addr, board)
    return body_of(mine[-1]) if mine else ""


def rate_limit(env):
    lim = {"EPAMSERV_RATE_LIMIT": "4"}
    A, B = "alice@example.org", "bob@example.org"
    # Counted: the challenge to the robot (board 102: alice is White, the
    # robot does not move yet) and the challenge to bob (103).
    env.receive(make_mail(A, "epaminondas challenge alice robot-novice by "
                          "alice a"), env=lim)
    text = last_text(env, A, 102)
    env.receive(make_mail(A, "epaminondas challenge alice bob by alice a"),
                env=lim)
    env.new_messages()
    env.receive(make_mail(B, "epaminondas accept 103 bob b"), env=lim)
    human = last_text(env, A, 103)
    played = 0
    for i in range(10):
        move = example_move(text, 102)
        if not move:
            break
        rc, err = env.receive(make_mail(A, "epaminondas move 102 alice a %s"
                                        % move), env=lim)
        text = last_text(env, A, 102)
        if rc != 0 or "robot-novice answered" not in text:
            ok(False, "move %d against the robot played and answered at "
               "once" % (i + 1), (rc, err[-1500:], text[:400]))
            break
        played += 1
    is_(played, 10, "rate_limit = 4: alice's ten moves against robot-novice "
        "in one hour are all played and answered at once")
    # Counted again: a move in her game against bob, and a refused move
    # on the robot's board (a flood of those is a flood).
    rc, err = env.receive(make_mail(A, "epaminondas move 103 alice a %s"
                                    % example_move(human, 103)), env=lim)
    bob = last_text(env, B, 103)
    rc2, err2 = env.receive(make_mail(A, "epaminondas move 102 alice a "
                                      "z99-z98"), env=lim)
    ok(rc == 0 and rc2 == 0 and example_move(bob, 103) is not None,
       "her move against bob and a refused move go "
       "(her third and fourth mails counted)", (rc, rc2, err2[-800:]))
    env.receive(make_mail(B, "epaminondas move 103 bob b %s"
                          % example_move(bob, 103)), env=lim)
    human = last_text(env, A, 103)
    rc, err = env.receive(make_mail(A, "epaminondas move 103 alice a %s"
                                    % example_move(human, 103)), env=lim)
    is_(rc, 75, "her fifth counted mail (a move against a person) is "
        "deferred: the limit still holds")
    env.new_messages()


node_bound_first()
env = Env(smtp=True)
try:
    env.env["EPAMSERV_NOW"] = str(T0)
    env.players("alice", "bob", "carol")
    env.new_messages()
    cut_short(env)
    rate_limit(env)
finally:
    env.close()
done()
