#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 16: robots and analysis as a new player reads them (t16-user).

A newcomer signed up, looked for an opponent and played the robots by
mail; each block is a mail that surprised and was fixed:
- welcome: the welcome mail of a new account did not say that robots
  exist; it names them and shows the challenge (none without robots).
- no_offers: board mails against a robot offered "propose (a draw)" and
  the HTML part "Offer a draw" and "Take back", which a robot refuses.
- words: the robot's refusal read "robot-club: robot-club plays every
  game..."; a robot as White "answered" the first move of the game; a
  message to a robot said "there is no player 'robot-club'" though list
  shows it; a misspelt robot got "there is no user" without the robots'
  names; a robot at its limit "plays 1 games already".
- standings: the robot mark "(robot, level 3)" broke the table's lines
  past 72 columns (the mark wrapped onto a line of its own).
- refusals: a mail not quoted back (no password of the sender) ended
  with an empty "Your mail:".
- budget: a robot answer past the run's thinking time "answers in a
  later run (the server's time for robots is spent for now)".
- clock: board mails showed the robot's time left and, with the robot
  to move, "robot-club's deadline: ...", though a robot never runs out
  of time.
- operator: examples/epamserv.conf and the README's settings lacked
  the analyse_* keys; epamserv.conf(5) ran analyse_nodes into
  robot_max_games' paragraph (no .TP).
- analysis: "1 plies deep"; "+0.04 pieces: alice (White) is better" at
  the opening; "before the first move (of 0)"."""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, contains, done, body_of, make_mail  # noqa: E402

SIZE = "-size=8x8"
A = "alice@example.org"


def words(msg):
    return " ".join(body_of(msg).split()) if msg is not None else ""


def html_of(msg):
    part = msg.get_body(preferencelist=("html",)) if msg is not None else None
    return part.get_content() if part else ""


class Mailer:
    """Mail as one player and read the replies from the outbox."""

    def __init__(self, env):
        self.env = env
        self.seen = len(env.outbox_messages())

    def send(self, sender, subject, body="", env=None):
        self.env.receive(make_mail(sender, subject, body), env=env)
        msgs = self.env.outbox_messages()[self.seen:]
        self.seen += len(msgs)
        return msgs

    def one(self, sender, subject, body="", env=None):
        msgs = self.send(sender, subject, body, env)
        return msgs[-1] if msgs else None


def welcome():
    for robots, names in ((None, ("robot-novice", "robot-club",
                                  "robot-master")), ("", ())):
        env = Env(smtp=False)
        try:
            if robots is not None:
                env.env["EPAMSERV_ROBOTS"] = robots
            env.players("alice")
            msg = [m for m in env.outbox_messages()
                   if str(m["Subject"]).startswith("Welcome to epamserv")]
            text = words(msg[-1]) if msg else ""
            if names:
                contains(text, "No opponent yet? The robots robot-novice "
                         "(level 1), robot-club (level 3) and robot-master "
                         "(level 5)", "welcome: the robots named with their "
                         "levels")
                contains(text, "epaminondas challenge alice robot-novice by "
                         "alice PASSWORD", "welcome: the challenge to a robot")
            else:
                ok(text and "robot" not in text, "welcome without robots: no "
                   "word of them", text)
            ok(msg and all(len(line) <= 72 for line in
                           body_of(msg[-1]).splitlines()),
               "welcome: lines within 72 columns")
        finally:
            env.close()


def no_offers():
    env = Env(smtp=False)
    try:
        env.players("alice", "bob")
        m = Mailer(env)
        first = m.one(A, "epaminondas challenge alice robot-club %s by alice a"
                      % SIZE)
        after = m.one(A, "epaminondas move 101 alice a a1-a3")
        for name, msg in (("challenge", first), ("move", after)):
            text = words(msg)
            contains(text, "Instead of a move: resign.", "%s mail: resign is "
                     "offered" % name)
            ok("propose" not in text, "%s mail against a robot offers no "
               "draw" % name, text)
            contains(text, "your move (or resign) alone on the first line",
                     "%s mail: the reply hint names resign alone" % name)
            html = html_of(msg)
            ok("Resign" in html and "Offer a draw" not in html and
               "Take back" not in html, "%s mail: the HTML links offer no "
               "draw and no take-back" % name, html[-1500:])
        # Between people the offers stay.
        env.start_game("alice", "bob", 102, SIZE)
        m.seen = len(env.outbox_messages())
        msg = m.one(A, "epaminondas move 102 alice a a1-a3")
        bob = [x for x in env.outbox_messages()
               if "bob@example.org" in x.envelope_to][-1]
        contains(words(bob), "Instead of a move: resign, or propose (a draw).",
                 "between people the draw is still offered")
        ok("Offer a draw" in html_of(bob), "and its HTML link")
        ok(msg is not None, "alice's move between people answered")
    finally:
        env.close()


def robot_words():
    env = Env(smtp=False)
    try:
        env.players("alice", "bob")
        m = Mailer(env)
        first = words(m.one(A, "epaminondas challenge robot-club alice %s by "
                            "alice a" % SIZE))
        ok(re.search(r"The game has begun\. robot-club played \S+\.", first)
           and "robot-club answered" not in first,
           "a robot as White plays the first move, it answers nothing", first)
        mv = re.search(r'for example "epaminondas move 101 alice PASSWORD '
                       r'(\S+)"', first)
        nxt = words(m.one(A, "epaminondas move 101 alice a %s" %
                          (mv.group(1) if mv else "a8-a6")))
        ok(re.search(r"alice played \S+\. robot-club answered \S+", nxt),
           "its next move answers alice's", nxt)
        text = words(m.one(A, "epaminondas move 101 alice a propose"))
        contains(text, "robot-club is a robot and plays every game to its "
                 "end: no draws and no take-backs; play on or resign",
                 "a draw offer's refusal names the robot once")
        ok("robot-club: robot-club" not in text, "no doubled name", text)
        text = words(m.one(A, "message alice a robot-club", "hello"))
        contains(text, "robot-club is a robot and reads no mail; nothing was "
                 "sent", "a message to a robot: it reads no mail")
        ok("there is no player" not in text, "not 'no player'", text)
        text = words(m.one(A, "message alice a zed", "hello"))
        contains(text, "there is no player 'zed'", "a message to no one: "
                 "as before")
        text = words(m.one(A, "epaminondas challenge alice robot-nvice by "
                       "alice a"))
        contains(text, "there is no user 'robot-nvice': the robots here are "
                 "robot-novice, robot-club and robot-master",
                 "a misspelt robot: the robots are named")
        text = words(m.one(A, "epaminondas challenge alice zed by alice a"))
        ok("there is no user 'zed'" in text and "robots here" not in text,
           "an unknown person: no robot list", text)
        lim = {"EPAMSERV_ROBOTS": "robot-novice:1:1 robot-club:3"}
        m.send("bob@example.org", "epaminondas challenge bob robot-novice %s "
               "by bob b" % SIZE, env=lim)
        text = words(m.one("bob@example.org", "epaminondas challenge bob "
                           "robot-novice %s by bob b" % SIZE, env=lim))
        contains(text, "robot-novice declines: it plays 1 game already, its "
                 "most at once", "a robot at its limit: 1 game, singular")
    finally:
        env.close()


def standings():
    env = Env(smtp=False)
    try:
        env.players("alice")
        m = Mailer(env)
        msg = m.one(A, "standings all")
        body = body_of(msg).replace("\r\n", "\n") if msg else ""
        long_lines = [x for x in body.splitlines() if len(x) > 72]
        ok(not long_lines, "standings: no line past 72 columns", long_lines)
        ok(re.search(r"^\s+\d+\s+robot-club\s+1600\?\s.*\(robot 3\)$", body,
                     re.M), "robot-club's mark on its own line", body)
        ok(not re.search(r"^\s+level \d\)", body, re.M),
           "no mark wrapped onto a line of its own", body)
        contains(body, "(robot N): a robot opponent, level N of 1 (weakest) "
                 "to 5", "the legend says what the mark means")
        env.env["EPAMSERV_ROBOTS"] = ""
        text = words(m.one(A, "standings all"))
        ok(text and "(robot N)" not in text, "no legend without robots", text)
    finally:
        env.close()


def refusals():
    env = Env(smtp=False)
    try:
        env.players("alice")
        m = Mailer(env)
        for subject in ("epaminondas challenge alice robot-club",
                        "epaminondas challenge alice robot-club by alice x"):
            body = body_of(m.one(A, subject)).replace("\r\n", "\n")
            ok(re.search(r"Your mail:\n\(not quoted back: only a mail with "
                         r"your password\s+or reply token is\)", body) and
               "> Subject" not in body, "%s: why the mail is not quoted"
               % subject, body[-600:])
        body = body_of(m.one(A, "epaminondas move 101 alice a a1-a3"))
        contains(body, "> Subject: epaminondas move 101 alice PASSWORD a1-a3",
                 "a mail with the password is still quoted (the password "
                 "masked)")
    finally:
        env.close()


def analysis():
    env = Env(smtp=False)
    try:
        env.players("alice", "bob", "carol")
        # 26x26 at 1000 nodes: a shallow search; its depth is written
        # with the right number ("1 ply", "2 plies").
        env.start_game("alice", "bob", 101, "-size=26x26")
        env.mail("bob@example.org", "epaminondas resign 101 bob b")
        m = Mailer(env)
        small = {"EPAMSERV_ANALYSE_NODES": "1000", "EPAMSERV_ANALYSE_MS": "0"}
        text = words(m.one("carol@example.org", "epaminondas analyse 101 "
                           "carol c", env=small))
        got = re.search(r"searched (\d+) positions, (\d+) (ply|plies) deep",
                        text)
        ok(got and (got.group(2) == "1") == (got.group(3) == "ply"),
           "1000 nodes from the 26x26 opening: ply or plies by number", text)
        contains(text, "before the first move (none was played)",
                 "a game resigned before any move: said in words")
        sc = re.search(r"Score: ([+-]?\d+)\.(\d\d) pieces: ([^.(]*)", text)
        ok(sc is not None, "a score in pieces", text)
        if sc:
            hundredths = abs(int(sc.group(1)) * 100) + int(sc.group(2))
            even = sc.group(3).startswith("about even") or \
                (hundredths == 0 and sc.group(3).startswith("even"))
            ok((hundredths < 25) == even,
               "a score under a quarter piece reads about even (%s.%s)"
               % (sc.group(1), sc.group(2)), text)
        ok(not re.search(r"\b1 plies\b", text), "never '1 plies'", text)
    finally:
        env.close()


def budget():
    """Two human moves in one batch with robot_budget_ms=1: the second
    robot answer waits, and the human's mail says so in a player's words
    (it said "answers in a later run (the server's time for robots is
    spent for now)"); the sweep then plays it, in a mail of its own."""
    env = Env(smtp=False)
    try:
        env.players("alice", "bob")
        one = {"EPAMSERV_ROBOT_BUDGET_MS": "1"}
        m = Mailer(env)
        for who, robot in (("alice", "robot-club"), ("bob", "robot-novice")):
            m.send("%s@example.org" % who, "epaminondas challenge %s %s %s by "
                   "%s %s" % (who, robot, SIZE, who, who[0]), env=one)
        md = os.path.join(env.root, "Maildir")
        for sub in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(md, sub))
        for i, (who, board) in enumerate((("alice", 101), ("bob", 102))):
            with open(os.path.join(md, "new", "m%d" % i), "wb") as f:
                f.write(make_mail("%s@example.org" % who, "epaminondas move "
                                  "%d %s %s a1-a3" % (board, who, who[0])))
        env.run("batch", "--maildir", md, env=one)
        msgs = env.outbox_messages()[m.seen:]
        m.seen += len(msgs)
        waits = [words(x) for x in msgs if "answers soon" in words(x)]
        ok(len(waits) == 1 and re.search(
            r"played a1-a3\. robot-\w+ answers soon, in a mail of its own "
            r"\(the server's thinking time for robots is used up for now\)",
            waits[0]), "the waiting robot: said in a player's words",
           [words(x)[:400] for x in msgs])
        ok(not any("later run" in words(x) for x in msgs),
           "no 'later run' in a player's mail")
        # The robot to move: no robot clock, no robot deadline.
        ok(re.search(r"Time left: \w+ 21 days 0 hours; robot-\w+ \(to "
                     r"move\) is a robot and never runs out of time\.",
                     waits[0] if waits else "") and
           "'s deadline" not in (waits[0] if waits else ""),
           "robot to move: its clock and deadline are not shown",
           waits[0] if waits else "")
        mover = [words(x) for x in msgs if "answers soon" not in words(x)]
        ok(mover and re.search(r"Time left: \w+ 21 days 0 hours \(to move\); "
                               r"robot-\w+ is a robot and never runs out of "
                               r"time\.", mover[0]) and
           re.search(r"\w+'s deadline: ", mover[0]) and
           not re.search(r"robot-\w+'s deadline", mover[0]),
           "the person to move: their time and deadline alone",
           mover[0] if mover else "")
        env.run("sweep")
        later = env.outbox_messages()[m.seen:]
        ok(len(later) == 1 and re.search(r"robot-\w+ answered \S+",
                                         words(later[0])),
           "the sweep's mail carries the robot's answer",
           [words(x)[:300] for x in later])
    finally:
        env.close()


def operator_docs():
    """The robot and analysis keys `config` prints are each in
    examples/epamserv.conf, the README's list of settings and
    epamserv.conf(5) as a tagged paragraph of its own (the example
    lacked the analyse_* keys, the README's list too, and the man page
    ran analyse_nodes into robot_max_games' paragraph), and config
    --check takes the example."""
    env = Env(smtp=False)
    try:
        src = os.environ.get("EPAMSERV_SRCDIR", ".")
        rc, out, err = env.run("config")
        keys = [k for k in re.findall(r"^(\w+) =", out, re.M)
                if k == "robots" or k.startswith(("robot_", "analyse_"))]
        ok(len(keys) >= 8, "config prints the robot and analysis keys", out)
        with open(os.path.join(src, "examples", "epamserv.conf")) as f:
            example = f.read()
        with open(os.path.join(src, "README")) as f:
            readme = f.read()
        with open(os.path.join(src, "man", "epamserv.conf.5")) as f:
            man = f.read()
        for k in keys:
            ok(re.search(r"^%s = " % k, example, re.M), "example sets %s" % k)
            ok("`%s`" % k in readme, "README's settings name %s" % k)
            ok(re.search(r"^\.TP\n\.BR %s " % k, man, re.M),
               "epamserv.conf(5): %s is a paragraph of its own" % k)
        rc, out, err = env.run("config", "--check", env={
            "EPAMSERV_CONF": os.path.join(src, "examples", "epamserv.conf"),
            "EPAMSERV_SPOOL": env.spool})
        ok(rc == 0, "config --check takes examples/epamserv.conf", out + err)
    finally:
        env.close()


def main():
    operator_docs()
    welcome()
    budget()
    no_offers()
    robot_words()
    standings()
    refusals()
    analysis()
    done()


main()
