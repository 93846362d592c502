#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 35 item 2: mail first, robots after (src/cli/mail_first.c).

One `epamserv batch --maildir` run of moves in games between people and
moves in games against robots, through the real SMTP server:

- Every reply of the games between people reaches the SMTP server
  before any robot begins to think.  No timing: the order is read from
  the run's own log (--verbose, one process writing in order): each
  outbox "status=sent" line of those replies comes before the first
  line of a robot's search (its "thinking" line, or, from a binary
  that has none, its move line).  The SMTP server holds those replies,
  and it was reached in two connections (the run's mail, then the
  robots' answers).
- A robot that answers in time (robot-novice, level 1, within
  robot_budget_ms): its human gets ONE board mail showing both moves,
  and nothing goes to a robot.
- A robot that does not (robot_budget_ms = 1: the run plays one robot
  move, the other waits): that game's human gets a board mail in the
  batch without the robot's move, and the robot's move in a mail of its
  own later, in a `receive` of another player's move; that receive too
  delivers the player's replies before the waiting robot thinks.
- The relay down: the first delivery finds it so, and the run does not
  try it again for the robots' answers (SPOOL/runs/relay counts one
  run); everything waits in the outbox.  (This part passes on 2760799,
  which delivered once; it fails when mail_first.c tries the second
  delivery regardless.)

A binary from before issue 35 (2760799) fails each ordering check: its
robots thought before anything was delivered, in one SMTP connection.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, is_, done, body_of, maildir_batch  # noqa: E402

ROBOTS = ("robot-novice", "robot-club", "robot-master")
PEOPLE_GAMES = (("alice", "bob"), ("carol", "dave"))
ROBOT_GAMES = (("erin", "robot-novice"), ("frank", "robot-novice"))
SENT = re.compile(r"outbox: .*\bto=<([^>]+)>.*\bstatus=sent\b")
THINK = re.compile(r"\brobot (robot-[\w-]+): (\S+) board (\d+) move "
                   r"\d+(?:: thinking| \S+ \(depth)")
MOVE = re.compile(r"\brobot (robot-[\w-]+): (\S+) board (\d+) move \d+ "
                  r"(\S+) \(depth")


def setup(env):
    """The players, two games between people (101, 102) and two against
    robot-novice (103, 104), the people White everywhere.  Returns
    {board: (white, black)}."""
    env.players(*[p for g in PEOPLE_GAMES + ROBOT_GAMES for p in g
                  if not p.startswith("robot")])
    boards = {}
    board = 101
    for white, black in PEOPLE_GAMES:
        env.start_game(white, black, board)
        boards[board] = (white, black)
        board += 1
    for white, robot in ROBOT_GAMES:
        rc, err = env.mail("%s@example.org" % white,
                           "epaminondas challenge %s %s by %s %s"
                           % (white, robot, white, white[0]))
        if rc != 0 or "result: active" not in (env.game_file(board) or ""):
            raise AssertionError("challenge to %s: exit %d: %s"
                                 % (robot, rc, err[-1500:]))
        boards[board] = (white, robot)
        board += 1
    env.new_messages()
    return boards


def first_moves(boards):
    """Each White's first move, people and robot games interleaved."""
    order = sorted(boards, key=lambda b: (b % 2, b))
    return [("%s@example.org" % boards[b][0],
             "epaminondas move %d %s %s a2-a3" % (b, boards[b][0],
                                                  boards[b][0][0]))
            for b in order]


def lines_of(err):
    return err.splitlines()


def first_robot_line(err):
    """Index in err's lines of the first robot search line, or None."""
    for i, line in enumerate(lines_of(err)):
        if THINK.search(line):
            return i
    return None


def sent_lines(err, people):
    """Indexes of the "status=sent" lines to any of people."""
    return [i for i, line in enumerate(lines_of(err))
            if (m := SENT.search(line)) and m.group(1).split("@")[0]
            in people]


def connections(env):
    path = os.path.join(env.root, "connections")
    try:
        with open(path) as f:
            return len(f.read().splitlines())
    except FileNotFoundError:
        return 0


def robot_moves(err):
    """{board: the robot's move} from the run's robot move lines."""
    return {int(m.group(3)): m.group(4) for m in MOVE.finditer(err)}


def board_mails(msgs, who, board):
    return [m for m in msgs if "%s@example.org" % who in m.envelope_to and
            "Board %d" % board in str(m["Subject"])]


def no_robot_mail(msgs):
    return all(not any(r in a for r in ROBOTS for a in m.envelope_to)
               for m in msgs)


def in_time():
    """robot-novice answers both moves within the run's budget."""
    env = Env(smtp=True)
    try:
        boards = setup(env)
        people = {p for g in PEOPLE_GAMES for p in g}
        conn0 = connections(env)
        rc, err = maildir_batch(env, first_moves(boards))
        msgs = env.new_messages()
        is_(rc, 0, "the batch of four moves is done")
        robot_at = first_robot_line(err)
        sent = sent_lines(err, people)
        ok(robot_at is not None and len(sent) == 4,
           "the log shows the robots' searches and the four replies of the "
           "games between people", err[-3000:])
        ok(robot_at is not None and sent and max(sent) < robot_at,
           "every reply of the games between people was delivered before "
           "a robot began to think", err[-3000:])
        got = {b: sorted(a for m in msgs for a in m.envelope_to
                         if "Board %d" % b in str(m["Subject"]))
               for b in boards}
        is_([got[101], got[102]],
            [["alice@example.org", "bob@example.org"],
             ["carol@example.org", "dave@example.org"]],
            "the SMTP server has both players' board mails of each game "
            "between people")
        ok(connections(env) - conn0 >= 2,
           "the run's mail and the robots' answers went in two deliveries "
           "(SMTP connections)", "%d connections" % (connections(env) - conn0))
        for b in (103, 104):
            human, robot = boards[b]
            mine = board_mails(msgs, human, b)
            answer = robot_moves(err).get(b)
            is_(len(mine), 1, "board %d: %s gets ONE board mail" % (b, human))
            ok(mine and answer and answer in body_of(mine[0])
               and "a2-a3" in body_of(mine[0]),
               "board %d: it shows %s's move and %s's answer %s"
               % (b, human, robot, answer), body_of(mine[0]) if mine else "")
            ok(not os.path.exists(os.path.join(env.spool, "robot",
                                               "epaminondas-%d" % b)),
               "board %d: no robot move waits" % b)
        ok(no_robot_mail(msgs), "nothing is mailed to a robot")
    finally:
        env.close()


def late():
    """robot_budget_ms = 1: one robot move waits for a later run."""
    env = Env(smtp=True)
    try:
        boards = setup(env)
        people = {p for g in PEOPLE_GAMES for p in g}
        env.env["EPAMSERV_ROBOT_BUDGET_MS"] = "1"
        rc, err = maildir_batch(env, first_moves(boards))
        msgs = env.new_messages()
        is_(rc, 0, "the batch with robot_budget_ms = 1 is done")
        robot_at = first_robot_line(err)
        sent = sent_lines(err, people)
        ok(robot_at is not None and len(sent) == 4 and max(sent) < robot_at,
           "budget 1: the games between people were delivered before a "
           "robot began to think", err[-3000:])
        waiting = [b for b in (103, 104) if os.path.exists(
            os.path.join(env.spool, "robot", "epaminondas-%d" % b))]
        is_(len(waiting), 1, "one robot move was played, the other waits")
        if len(waiting) != 1:
            return
        late_b = waiting[0]
        played_b = 207 - late_b
        answers = robot_moves(err)
        is_(sorted(answers), [played_b], "the log has the one robot move")
        human, robot = boards[played_b]
        mine = board_mails(msgs, human, played_b)
        ok(len(mine) == 1 and answers.get(played_b, "?") in body_of(mine[0])
           and "a2-a3" in body_of(mine[0]),
           "board %d: the robot in time: one mail with both moves"
           % played_b, "%d mails" % len(mine))
        human, robot = boards[late_b]
        mine = board_mails(msgs, human, late_b)
        ok(len(mine) == 1 and "a2-a3" in body_of(mine[0]),
           "board %d: the late robot: %s's board mail at once, its move "
           "to come" % (late_b, human), "%d mails" % len(mine))
        # Another player's mail through receive: its replies go out, then
        # the waiting robot thinks and its move goes in a mail of its own.
        env.env["EPAMSERV_ROBOT_BUDGET_MS"] = "20000"
        rc, err = env.mail("bob@example.org",
                           "epaminondas move 101 bob b a11-a10")
        msgs = env.new_messages()
        is_(rc, 0, "bob's move is done")
        robot_at = first_robot_line(err)
        sent = sent_lines(err, {"alice", "bob"})
        ok(robot_at is not None and len(sent) == 2 and max(sent) < robot_at,
           "receive: bob's move went to both players before the waiting "
           "robot began to think", err[-3000:])
        human, robot = boards[late_b]
        mine = board_mails(msgs, human, late_b)
        answer = robot_moves(err).get(late_b)
        ok(len(mine) == 1 and answer and answer in body_of(mine[0]),
           "board %d: the robot's move %s came later, in a mail of its own"
           % (late_b, answer), "%d mails" % len(mine))
        ok(not os.path.exists(os.path.join(env.spool, "robot",
                                           "epaminondas-%d" % late_b)),
           "board %d: nothing waits any more" % late_b)
        ok(no_robot_mail(msgs), "nothing is mailed to a robot")
    finally:
        env.close()


def relay_down():
    """The relay down: the first delivery finds it so, and the robots'
    answers are not tried again in the same run (one more connect
    timeout for nothing): they wait in the outbox with the rest."""
    env = Env(smtp=True)
    try:
        boards = setup(env)
        env.server.stop()
        env.server = None
        rc, err = maildir_batch(env, first_moves(boards))
        is_(rc, 0, "relay down: the batch is done")
        try:
            with open(os.path.join(env.spool, "runs", "relay")) as fh:
                record = fh.read()
        except FileNotFoundError:
            record = ""
        ok("runs: 1\n" in record and
           len(re.findall(r"relay: status=down ", err)) == 1,
           "one delivery tried, not a second one for the robots' answers",
           record + err[-1500:])
        ok(sorted(robot_moves(err)) == [103, 104],
           "the robots played all the same")
        waiting = sorted(a for m in env.outbox_messages()
                         for a in m.envelope_to)
        is_(waiting, sorted("%s@example.org" % p for p in
                            ("alice", "bob", "carol", "dave", "erin",
                             "frank")),
            "every mail waits in the outbox, one a player")
    finally:
        env.close()


in_time()
late()
relay_down()
done()
