#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 16: attacks on the robots and on analysis by mail (t16-attack).

Each block is a hole found by mail and closed:
- claim: a robot's move that waits for a later run (the budget spent,
  robots off for a while) left its clock running, and the human won the
  game by `claim` once it ran out; a robot never runs out of time.
- a person's account named like a robot of the config (the admin
  adds a robot under a name a person has: config --check warns, the
  server runs on): a challenge to it
  was accepted at once in the person's name and the engine played the
  person's moves; only a robot account (robot: yes) is a robot.
- the analysis of the position before the opponent's last move on a
  board the sender plays showed, as its line's second move, the
  engine's move on the sender's running board.
- a chat on a robot's board nobody observes went to no one, silently.
And one attack that failed, kept as a test: one batch of many signed
challenges to a robot stays within the robot's limit of games."""
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, is_, contains, done, body_of, make_mail  # noqa: E402

SIZE = "-size=6x7"
EXAMPLE = re.compile(r'for\s+example\s+"epaminondas\s+move\s+(\d+)\s+(\S+)\s+'
                     r'PASSWORD\s+(\S+)"')


def words(msg):
    return " ".join(body_of(msg).split()) if msg is not None else ""


def since(env, n):
    return env.outbox_messages()[n:]


def last_to(env, addr, board):
    mine = [x for x in env.outbox_messages() if addr in x.envelope_to and
            "Board %d" % board in str(x["Subject"])]
    return mine[-1] if mine else None


def example_move(env, who, board):
    m = EXAMPLE.search(body_of(last_to(env, "%s@example.org" % who, board))
                       or "")
    return m.group(3) if m else "a1-a2"


def nmoves(env, board):
    return len(re.findall(r"^move", env.game_file(board) or "", re.M))


def claim_on_waiting_robot():
    """The robot's move waits (robots off for a run: no robot-to-move
    note, as after a budget spent the note waits); three days later the
    human claims the game on time."""
    env = Env(smtp=False)
    try:
        env.players("alice")
        env.mail("alice@example.org", "epaminondas challenge alice "
                 "robot-club %s -time=1d+1h by alice a" % SIZE)
        contains(env.game_file(101) or "", "result: active",
                 "claim: the robot's game runs")
        mv = example_move(env, "alice", 101)
        env.receive(make_mail("alice@example.org", "epaminondas move 101 "
                              "alice a %s" % mv), env={"EPAMSERV_ROBOTS": ""})
        is_(nmoves(env, 101), 1, "claim: alice moved, the robot's move waits")
        later = {"EPAMSERV_NOW": str(int(time.time()) + 3 * 86400)}
        n = len(env.outbox_messages())
        env.receive(make_mail("alice@example.org", "epaminondas claim 101 "
                              "alice a"), env=later)
        gf = env.game_file(101) or ""
        ok("result: active" in gf, "claim: no win on time against a robot "
           "whose move waits", gf[-400:])
        msgs = [x for x in since(env, n) if "alice@example.org" in
                x.envelope_to]
        ok(any("never runs out of time" in words(x) for x in msgs),
           "claim: refused, saying a robot never runs out of time",
           [words(x)[:400] for x in msgs])
        env.run("sweep", env=later)
        env.run("sweep", env=later)
        gf = env.game_file(101) or ""
        ok(nmoves(env, 101) == 2 and "result: active" in gf, "claim: the "
           "sweep notes and plays the robot's waiting move", gf[-400:])
    finally:
        env.close()


def waiting_move():
    """robot_budget_ms=1, two robot boards in one batch: one robot move
    waits.  alice moves again there (refused: not her move, the file
    unchanged), claims it (refused), then the sweep plays the robot's
    move on the position as it was."""
    env = Env(smtp=False)
    try:
        env.players("alice")
        one = {"EPAMSERV_ROBOT_BUDGET_MS": "1"}
        for robot in ("robot-club", "robot-novice"):
            env.receive(make_mail("alice@example.org", "epaminondas challenge "
                                  "alice %s %s -time=1d+1h by alice a"
                                  % (robot, SIZE)), env=one)
        md = os.path.join(env.root, "Maildir")
        for sub in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(md, sub))
        for i, board in enumerate((101, 102)):
            with open(os.path.join(md, "new", "m%d" % i), "wb") as f:
                f.write(make_mail("alice@example.org", "epaminondas move %d "
                                  "alice a %s" % (board, example_move(
                                      env, "alice", board))))
        env.run("batch", "--maildir", md, env=one)
        waiting = os.listdir(os.path.join(env.spool, "robot"))
        is_(len(waiting), 1, "waiting: one robot move waits past the budget")
        if len(waiting) != 1:
            return
        wb = int(waiting[0].rsplit("-", 1)[1])
        before = env.game_file(wb)
        later = dict(one, EPAMSERV_NOW=str(int(time.time()) + 3 * 86400),
                     EPAMSERV_ROBOT_THINK_MS="1")
        # Every receive plays the waiting robot moves after its mail:
        # the second move with robots off (the robot still to move),
        # the claim with them on (processed before the robot plays).
        for subject, robots, why in (
                ("epaminondas move %d alice a b2-b3" % wb, "", "not your"),
                ("epaminondas claim %d alice a" % wb, "robot-club:3 "
                 "robot-novice:1", "never runs out of time")):
            n = len(env.outbox_messages())
            env.receive(make_mail("alice@example.org", subject),
                        env=dict(later, EPAMSERV_ROBOTS=robots))
            msgs = [x for x in since(env, n) if "alice@example.org" in
                    x.envelope_to]
            ok(any("not carried out" in words(x) and why in words(x)
                   for x in msgs), "waiting: %s refused (%s)"
               % (subject.split()[1], why), [words(x)[:400] for x in msgs])
        gf = env.game_file(wb) or ""
        ok(nmoves(env, wb) == 2 and "result: active" in gf and
           re.findall(r"^move: 1 .*", gf, re.M) ==
           re.findall(r"^move: 1 .*", before, re.M),
           "waiting: alice's move stands, then the robot's answer (the "
           "run after her mails played it)", gf[-500:])
        ok(not os.listdir(os.path.join(env.spool, "robot")),
           "waiting: no robot move left waiting")
    finally:
        env.close()


def person_named_robot():
    """magister signs up; then the admin names a robot magister in the
    config (config --check warns, the server runs on)."""
    env = Env(smtp=False)
    try:
        env.players("bob")
        env.signup("mallory@example.org", "Magister", "m")
        uf = env.user_file("magister")
        ok("address: mallory@example.org" in uf and "robot: yes" not in uf,
           "person: a person's account magister", uf)
        env.env["EPAMSERV_ROBOTS"] = "magister:3 robot-club:3"
        n = len(env.outbox_messages())
        env.mail("bob@example.org", "epaminondas challenge bob magister "
                 "%s by bob b" % SIZE)
        gf = env.game_file(101) or ""
        ok("result: challenged" in gf, "person: a challenge to the "
           "person magister waits for their accept", gf[:600])
        is_(nmoves(env, 101), 0, "person: no move played for them")
        ok(not os.listdir(os.path.join(env.spool, "robot")),
           "person: no robot-to-move note")
        # Accepted by the person, bob moves: the person is to move, the
        # engine never plays for them.
        env.mail("mallory@example.org", "epaminondas accept 101 magister m")
        contains(env.game_file(101) or "", "result: active",
                 "person: the game runs once they accept")
        mv = example_move(env, "bob", 101)
        env.mail("bob@example.org", "epaminondas move 101 bob b %s" % mv)
        env.run("sweep")
        is_(nmoves(env, 101), 1, "person: bob's move only, the person's "
            "move is theirs")
        msgs = [x for x in since(env, n)
                if "mallory@example.org" in x.envelope_to and
                "Board 101" in str(x["Subject"])]
        ok(any(re.search(r"bob\s+played", words(x)) for x in msgs),
           "person: they got the board mail of bob's move",
           [words(x)[:300] for x in msgs])
        n = len(env.outbox_messages())
        env.mail("mallory@example.org", "epaminondas move 101 magister m "
                 "propose")
        ok("plays every game to its end" not in
           " ".join(words(x) for x in since(env, n)),
           "person: a draw offer is theirs to make")
        n = len(env.outbox_messages())
        env.mail("bob@example.org", "list")
        text = " ".join(words(x) for x in since(env, n))
        ok(re.search(r"magister\s+\S+\s+\(robot", text) is None and
           re.search(r"robot-club\s+\S+\s+\(robot", text) is not None,
           "person: list does not call them a robot", text)
    finally:
        env.close()


def batch_past_limit():
    """Five signed challenges to robot-club (limit 8, so 2 for one
    player) in one batch."""
    env = Env(smtp=False)
    try:
        env.players("alice")
        md = os.path.join(env.root, "Maildir")
        for sub in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(md, sub))
        for i in range(5):
            with open(os.path.join(md, "new", "m%d" % i), "wb") as f:
                f.write(make_mail("alice@example.org", "epaminondas challenge "
                                  "alice robot-club %s by alice a" % SIZE))
        lim = {"EPAMSERV_ROBOTS": "robot-club:3:8"}
        rc, out, err = env.run("batch", "--maildir", md, env=lim)
        ok(rc == 0, "batch: runs", err[-1500:])
        made = [b for b in range(101, 106) if env.game_file(b)]
        is_(len(made), 2, "batch: two boards, one player's quarter of the "
            "robot's limit, of five challenges in one batch")
    finally:
        env.close()


LINE = re.compile(r"Best\s+line:\s+((?:\d+\.\s+[a-z]\d+[-x][a-z]\d+\s*)+)")


def line_of(text):
    m = LINE.search(text)
    return re.findall(r"(\d+)\.\s+([a-z]\d+[-x][a-z]\d+)", m.group(1)) \
        if m else []


def analyse_line_through_live():
    """alice's finished board 101 stands one move before her running
    board 102 (bob played there the engine's first move of 101's line):
    the analysis of 101 showed the engine's best move on her live
    position as its line's second move."""
    env = Env(smtp=False)
    try:
        env.env["EPAMSERV_ANALYSE_NODES"] = "20000"
        env.env["EPAMSERV_ANALYSE_MS"] = "0"
        env.players("alice", "bob", "carol")
        env.start_game("alice", "carol", 101)
        env.mail("alice@example.org", "epaminondas move 101 alice a e2-e3")
        env.mail("carol@example.org", "epaminondas resign 101 carol c")
        contains(env.game_file(101) or "", "result: white wins",
                 "line: board 101 is over")
        n = len(env.outbox_messages())
        env.mail("alice@example.org", "epaminondas analyse 101 alice a")
        got = [x for x in since(env, n) if "alice@example.org" in
               x.envelope_to]
        line = line_of(words(got[-1]) if got else "")
        ok(len(line) >= 2 and line[0][0] == "2", "line: 101's analysis "
           "has a line of two moves or more from ply 2", words(got[-1])
           if got else "")
        if len(line) < 2:
            return
        env.start_game("alice", "bob", 102)
        env.mail("alice@example.org", "epaminondas move 102 alice a e2-e3")
        env.mail("bob@example.org", "epaminondas move 102 bob b %s"
                 % line[0][1])
        is_(nmoves(env, 102), 2, "line: board 102 stands at 101's position "
            "and the line's first move; alice to move")
        n = len(env.outbox_messages())
        env.mail("alice@example.org", "epaminondas analyse 101 alice a")
        got = [x for x in since(env, n) if "alice@example.org" in
               x.envelope_to]
        text = words(got[-1]) if got else ""
        ok(len(got) == 1 and (line[1][1] not in text or
                              "Best line" not in text),
           "line: the analysis does not show the engine's move on alice's "
           "running board 102 (%s)" % line[1][1], text)
        contains(text, "board 102", "line: the refusal names board 102")
        # Someone who does not play 102 still gets the whole line.
        n = len(env.outbox_messages())
        env.mail("carol@example.org", "epaminondas analyse 101 carol c")
        got = [x for x in since(env, n) if "carol@example.org" in
               x.envelope_to]
        is_(line_of(words(got[-1]) if got else ""), line, "line: carol "
            "(not on 102) gets the same line as before")
    finally:
        env.close()


def chat_to_robot():
    """A chat on a robot's board that nobody observes went nowhere and
    its sender heard nothing."""
    env = Env(smtp=False)
    try:
        env.players("alice", "carol")
        env.mail("alice@example.org", "epaminondas challenge alice "
                 "robot-club %s by alice a" % SIZE)
        n = len(env.outbox_messages())
        rc, err = env.mail("alice@example.org", "epaminondas chat 101 alice a",
                           body="hello robot\n")
        msgs = since(env, n)
        ok(len(msgs) == 1 and msgs[0].envelope_to == ["alice@example.org"] and
           "reads no mail" in words(msgs[0]), "chat: alice is told a robot "
           "reads no mail and nothing was sent",
           [(x.envelope_to, words(x)[:300]) for x in msgs])
        env.mail("carol@example.org", "epaminondas subscribe 101 carol c")
        n = len(env.outbox_messages())
        env.mail("alice@example.org", "epaminondas chat 101 alice a",
                 body="hello carol\n")
        msgs = since(env, n)
        ok(any("carol@example.org" in x.envelope_to and "hello carol" in
               body_of(x) for x in msgs), "chat: with an observer it goes "
           "to the observer", [(x.envelope_to, words(x)[:200]) for x in msgs])
    finally:
        env.close()


def main():
    claim_on_waiting_robot()
    waiting_move()
    person_named_robot()
    batch_past_limit()
    analyse_line_through_live()
    chat_to_robot()
    done()


main()
