#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 16 item 3: robots on the server.

A full game by mail against each default robot (robot-novice level 1,
robot-club level 3, robot-master level 5) through the real SMTP server
on a small board, the human's moves being the example move of each board
mail (the first legal move that does not lose at once), each ending with
a result, the robot's one line and a rating change in the standings;
one mail per human move, showing the robot's answer; nothing ever sent
to a robot.  Then, with mail in the outbox: a robot as White moves
first; an unsigned challenge to a robot refused; a robot's password
refused like a wrong one; the limit of active games; draw offers
rejected; list and standings mark robots; a crash between the human's
commit and the robot's move (the robot-to-move file left, the robot's
move undone) played by the next run; robot_budget_ms=1: the move waits
for the next run (sweep), then is played; robots = (empty) turns them
off; config --check refuses a bad robots value; status reports the
robots' memory."""
import os
import json
import re
import time
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Env, ok, is_, contains, done, body_of, make_mail  # noqa: E402

ROBOTS = [("robot-novice", 1), ("robot-club", 3), ("robot-master", 5)]
SIZE = "-size=6x7"
EXAMPLE = re.compile(r'for\s+example\s+"epaminondas\s+move\s+(\d+)\s+alice\s+'
                     r'PASSWORD\s+(\S+)"')
ROBOT_ADDRS = ("robot-novice", "robot-club", "robot-master")


def standings(env, sender="alice@example.org"):
    """{userid: (rating, games)} from a standings mail, and the text."""
    env.mail(sender, "standings all")
    msgs = env.new_messages() if env.server else env.outbox_messages()[-1:]
    text = body_of(msgs[-1]) if msgs else ""
    table = {}
    for line in text.splitlines():
        m = re.match(r"\s*\d+\s+([\w-]+)\s+(\d+)(?:\?| ± \d+)?\s+(\d+)\s", line)
        if m:
            table[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    return table, text


def no_robot_mail(msgs):
    return all(not any(r in a for r in ROBOT_ADDRS for a in m.envelope_to)
               for m in msgs)


def play_out(env, robot, first_text, board, limit=200):
    """alice plays the board mail's example move until the game ends.
    Returns (last board mail text, moves sent, every mail one per move)."""
    text, sent, one_each, clean = first_text, 0, True, True
    while sent < limit and "The game is over" not in text:
        m = EXAMPLE.search(text)
        if not m or int(m.group(1)) != board:
            break
        rc, err = env.mail("alice@example.org", "epaminondas move %d alice a %s"
                           % (board, m.group(2)))
        msgs = env.new_messages()
        sent += 1
        mine = [x for x in msgs if "alice@example.org" in x.envelope_to and
                "Board %d" % board in str(x["Subject"])]
        clean = clean and no_robot_mail(msgs)
        if rc != 0 or len(mine) != 1:
            one_each = False
            ok(False, "%s: move %d answered by one mail" % (robot, sent),
               "rc %d, %d mails: %s" % (rc, len(mine), err[-2000:]))
            break
        text = body_of(mine[0])
        if "The game is over" not in text and \
                not re.search(r"%s\s+answered" % robot, text):
            one_each = False
            ok(False, "%s: the mail shows the robot's answer" % robot, text)
            break
    return text, sent, one_each, clean


def full_games():
    env = Env(smtp=True)
    try:
        env.players("alice")
        env.new_messages()
        before, _ = standings(env)
        board = 101
        for robot, level in ROBOTS:
            rc, err = env.mail("alice@example.org",
                               "epaminondas challenge alice %s %s by alice a"
                               % (robot, SIZE))
            msgs = env.new_messages()
            ok(rc == 0 and len(msgs) == 1 and
               msgs[0].envelope_to == ["alice@example.org"],
               "%s accepts a signed challenge at once: one mail, to alice"
               % robot, err[-1500:])
            first = body_of(msgs[0]) if msgs else ""
            contains(first, "%s, a robot, which accepts" % robot,
                     "%s: the mail says the robot accepted" % robot)
            contains(env.game_file(board) or "", "result: active",
                     "%s: board %d is active" % (robot, board))
            text, sent, one_each, clean = play_out(env, robot, first, board)
            ok(one_each and sent > 2, "%s: a full game by mail, each move "
               "answered by one mail with the robot's answer (%d moves)"
               % (robot, sent))
            contains(text, "The game is over", "%s: the game has a result"
                     % robot)
            contains(text, "%s: good game." % robot,
                     "%s: its one line at the end" % robot)
            ok(clean, "%s: nothing mailed to a robot" % robot)
            gf = env.game_file(board) or ""
            ok("result: active" not in gf, "%s: board %d finished" %
               (robot, board), gf[-400:])
            board += 1
        after, text = standings(env)
        for robot, level in ROBOTS:
            ok(robot in after and after[robot][1] == 1 and
               after[robot][0] != 1600,
               "%s rated: one game, its rating changed" % robot, text)
            contains(text, "%s" % robot, "standings name %s" % robot)
        ok("alice" in after and after["alice"][1] == 3 and
           after["alice"][0] != before.get("alice", (1600, 0))[0],
           "alice rated after three games", text)
        ok(re.search(r"robot-club\s.*\(robot\s+3\)", text) is not None,
           "standings mark a robot with its level", text)
        ok(no_robot_mail(env.server.messages()),
           "the SMTP server never got a mail for a robot")
        for robot, _ in ROBOTS:
            uf = env.user_file(robot)
            ok("robot: yes" in uf and "address:" not in uf and
               "password: *" in uf, "%s: an account with no address and no "
               "usable password" % robot, uf)
    finally:
        env.close()


def outbox_since(env, n):
    msgs = env.outbox_messages()
    return msgs[n:]


def robot_file(env, board):
    return os.path.join(env.spool, "robot", "epaminondas-%d" % board)


def rules():
    env = Env(smtp=False)
    try:
        env.players("alice", "bob")
        # A robot as White moves right after accepting: one mail.
        n = len(env.outbox_messages())
        rc, err = env.mail("alice@example.org", "epaminondas challenge "
                           "robot-club alice %s by alice a" % SIZE)
        msgs = outbox_since(env, n)
        ok(rc == 0 and len(msgs) == 1, "robot as White: one mail", err[-1500:])
        body = body_of(msgs[0]) if msgs else ""
        contains(body, "robot-club played", "robot as White: its first "
                 "move is in the mail")
        contains(body, "Move 2: alice (Black) to move", "alice is to move")
        ok(not os.path.exists(robot_file(env, 101)),
           "no robot move left waiting")
        m = EXAMPLE.search(body)
        # Draw offers and undo requests: rejected with a short line.
        n = len(env.outbox_messages())
        rc, _ = env.mail("alice@example.org", "epaminondas move 101 alice a "
                         "propose")
        msgs = outbox_since(env, n)
        ok(len(msgs) == 1 and "plays every game to its end" in
           " ".join(body_of(msgs[0]).split()), "a draw offer to a robot is "
           "rejected", body_of(msgs[0]) if msgs else "")
        ok("vote:" not in (env.game_file(101) or ""), "no draw offer stored")
        # An unsigned challenge naming a robot is refused.
        n = len(env.outbox_messages())
        rc, _ = env.mail("bob@example.org", "epaminondas challenge bob "
                         "robot-novice %s" % SIZE)
        msgs = outbox_since(env, n)
        ok(len(msgs) == 1 and "accepts signed challenges only" in
           " ".join(body_of(msgs[0]).split()), "unsigned challenge to a "
           "robot refused", body_of(msgs[0]) if msgs else "")
        ok(env.game_file(102) is None, "no board made")
        # An option a robot cannot honour is refused by name.
        n = len(env.outbox_messages())
        env.mail("bob@example.org", "epaminondas challenge bob robot-novice "
                 "%s -time=3d+1d -timeout=claim by bob b" % SIZE)
        msgs = outbox_since(env, n)
        ok(len(msgs) == 1 and "-timeout=claim: robot-novice is a robot" in
           " ".join(body_of(msgs[0]).split()), "-timeout=claim refused by "
           "name for a robot", body_of(msgs[0]) if msgs else "")
        ok(env.game_file(102) is None, "no board made")
        # A robot's password: refused like a wrong one, any password.
        for pw in ("*", "", "robot", "!"):
            n = len(env.outbox_messages())
            env.mail("bob@example.org", "epaminondas challenge robot-club "
                     "bob %s by robot-club %s" % (SIZE, pw or '""'))
            msgs = outbox_since(env, n)
            ok(len(msgs) == 1 and "wrong password for 'robot-club'" in
               " ".join(body_of(msgs[0]).split()),
               "robot-club's password %r refused as wrong" % pw,
               body_of(msgs[0]) if msgs else "")
        ok(env.game_file(102) is None, "still no board made")
        n = len(env.outbox_messages())
        env.mail("bob@example.org", "epaminondas move 101 robot-club * "
                 "%s" % (m.group(2) if m else "a1-a2"))
        msgs = outbox_since(env, n)
        ok(len(msgs) == 1 and "wrong password" in body_of(msgs[0]),
           "no move for a robot by password")
        # The limit of active games (robot_max_games, or NAME:L:GAMES).
        lim = {"EPAMSERV_ROBOTS": "robot-club:3:2 robot-novice:1"}
        for i, want in ((1, True), (2, False)):
            n = len(env.outbox_messages())
            env.receive(make_mail("bob@example.org", "epaminondas challenge "
                                  "bob robot-club %s by bob b" % SIZE), env=lim)
            msgs = outbox_since(env, n)
            text = " ".join(body_of(msgs[0]).split()) if msgs else ""
            if want:
                ok("a robot, which accepts" in text, "robot-club accepts "
                   "a second game (limit 2)", text)
            else:
                ok("declines: it plays 2 games already" in text,
                   "robot-club declines a third game (limit 2)", text)
        ok(env.game_file(103) is None, "no board past the limit")
        # One player holds at most a quarter of a robot's games (at least
        # one): robot-novice plays 4 at most, so 1 each.
        lim = {"EPAMSERV_ROBOTS": "robot-club:3:2 robot-novice:1:4"}
        n = len(env.outbox_messages())
        for who in ("bob", "bob", "alice"):
            env.receive(make_mail("%s@example.org" % who, "epaminondas "
                                  "challenge %s robot-novice %s by %s %s" %
                                  (who, SIZE, who, who[0])), env=lim)
        texts = [" ".join(body_of(x).split()) for x in outbox_since(env, n)]
        ok(len(texts) == 3 and "a robot, which accepts" in texts[0] and
           "as many as one player may" in texts[1] and
           "a robot, which accepts" in texts[2],
           "one player's quarter: bob's second game refused, alice's "
           "first accepted", texts)
        # list marks robots.
        n = len(env.outbox_messages())
        env.mail("alice@example.org", "list")
        msgs = outbox_since(env, n)
        text = body_of(msgs[0]) if msgs else ""
        ok(re.search(r"robot-master\s+\S+\s+\(robot,\s+level\s+5\)", text)
           is not None and re.search(r"alice\s+\S+\s*\n", text) is not None,
           "list marks robots with their level", text)
    finally:
        env.close()


def budget_and_crash():
    """robot_budget_ms=1: the robot's answer waits for a later run (the
    human's board mail goes at once, saying so is not needed: it shows
    the robot to move); a second waiting move past the budget waits too;
    then a sweep plays them.  The crash: the robot-to-move file alone is
    the state a crash between the two commits leaves, and the next run
    (a receive of any mail) plays it."""
    env = Env(smtp=False)
    try:
        env.players("alice", "bob")
        one = {"EPAMSERV_ROBOT_BUDGET_MS": "1"}
        for who, robot, board in (("alice", "robot-club", 101),
                                  ("bob", "robot-novice", 102)):
            env.receive(make_mail("%s@example.org" % who, "epaminondas "
                                  "challenge %s %s %s by %s %s" %
                                  (who, robot, SIZE, who, who[0])), env=one)
        # Two human moves in one batch with a 1 ms budget: the first
        # robot answer spends it, the second waits.
        md = os.path.join(env.root, "Maildir")
        for sub in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(md, sub))
        n = len(env.outbox_messages())
        for i, (who, board) in enumerate((("alice", 101), ("bob", 102))):
            body = body_of([x for x in env.outbox_messages()
                            if "%s@example.org" % who in x.envelope_to and
                            "Board %d" % board in str(x["Subject"])][-1])
            mv = re.search(r'for\s+example\s+"epaminondas\s+move\s+\d+\s+\w+\s+'
                           r'PASSWORD\s+(\S+)"', body).group(1)
            with open(os.path.join(md, "new", "m%d" % i), "wb") as f:
                f.write(make_mail("%s@example.org" % who, "epaminondas move "
                                  "%d %s %s %s" % (board, who, who[0], mv)))
        rc, out, err = env.run("batch", "--maildir", md, env=one)
        ok(rc == 0, "batch with robot_budget_ms=1 runs", err[-1500:])
        waiting = sorted(os.listdir(os.path.join(env.spool, "robot")))
        is_(len(waiting), 1, "one robot move waits past the budget")
        contains(err, "wait for the next run", "the log says a robot move "
                 "waits")
        wb = 101 if "epaminondas-101" in waiting else 102
        gf = env.game_file(wb)
        ok(len(re.findall(r"^move", gf, re.M)) == 1,
           "the waiting board has the human's move only", gf)
        msgs = outbox_since(env, n)
        ok(no_robot_mail(msgs), "nothing for a robot in the batch's mail")
        human = "alice" if wb == 101 else "bob"
        ok(any("%s@example.org" % human in x.envelope_to for x in msgs),
           "the human whose robot waits got the board mail at once")
        # The sweep plays the waiting move (robots never time out).
        n = len(env.outbox_messages())
        rc, out, err = env.run("sweep")
        ok(not os.listdir(os.path.join(env.spool, "robot")),
           "the sweep played the waiting robot move", err[-1500:])
        gf = env.game_file(wb)
        ok(len(re.findall(r"^move", gf, re.M)) == 2,
           "the waiting board has the robot's answer", gf)
        msgs = outbox_since(env, n)
        ok(len(msgs) == 1 and re.search(r"answered", body_of(msgs[0])),
           "the robot's answer is mailed to the human",
           [str(x["Subject"]) for x in msgs])
        # The crash: keep the spool as the human's commit leaves it (the
        # robot-to-move file), before the robot moved.  Copy the spool at
        # that point from a budget-spent run, then let a later run play.
        body = body_of(msgs[-1]) if msgs else ""
        mv = re.search(r'for\s+example\s+"epaminondas\s+move\s+\d+\s+\w+\s+'
                       r'PASSWORD\s+(\S+)"', body)
        env.receive(make_mail("%s@example.org" % human, "epaminondas move %d "
                              "%s %s %s" % (wb, human, human[0],
                                            mv.group(1) if mv else "x")),
                    env={"EPAMSERV_ROBOT_BUDGET_MS": "1",
                         "EPAMSERV_ROBOT_THINK_MS": "1"})
        # That run played the robot's answer (the budget was left when
        # the move came): undo it by hand into the crash state.
        gf = env.game_file(wb)
        moves = len(re.findall(r"^move", gf, re.M))
        ok(moves == 4, "human's move and robot's answer both played", gf)
        # The crash state: a spool where the human's move is committed
        # and the robot's is not.  Made with robots off for the run (the
        # file is written by board_save only for a robot of the config,
        # so write it as board_save would: "ply N").
        n = len(env.outbox_messages())
        body = body_of([x for x in env.outbox_messages()
                        if "%s@example.org" % human in x.envelope_to][-1])
        mv = re.search(r'for\s+example\s+"epaminondas\s+move\s+\d+\s+\w+\s+'
                       r'PASSWORD\s+(\S+)"', body)
        env.receive(make_mail("%s@example.org" % human, "epaminondas move %d "
                              "%s %s %s" % (wb, human, human[0],
                                            mv.group(1) if mv else "x")),
                    env={"EPAMSERV_ROBOTS": ""})
        gf = env.game_file(wb)
        moves = len(re.findall(r"^move", gf, re.M))
        ok(moves == 5, "robots off: the human's move alone", gf)
        ok(not os.listdir(os.path.join(env.spool, "robot")),
           "robots off: no robot move noted")
        n = len(env.outbox_messages())
        with open(os.path.join(env.spool, "robot", "epaminondas-%d" % wb),
                  "w") as f:
            # as board_save writes it: the held board mail's headline
            f.write("ply %d\n%s played its move." % (moves, human))
        # Any later run plays it: a receive of an unrelated mail.
        env.mail("alice@example.org", "help")
        theirs = [x for x in outbox_since(env, n)
                  if "%s@example.org" % human in x.envelope_to and
                  "Board %d" % wb in str(x["Subject"])]
        ok(len(theirs) == 1 and re.search(
            r"%s\s+played\s+its\s+move.\s+robot-\w+\s+answered" % human,
            body_of(theirs[0])), "after the crash the human gets the one "
           "board mail with both moves", [body_of(x)[:300] for x in theirs])
        gf = env.game_file(wb)
        ok(len(re.findall(r"^move", gf, re.M)) == 6,
           "the next run (a receive) played the robot move left by the "
           "crash", gf)
        ok(not os.listdir(os.path.join(env.spool, "robot")),
           "the robot-to-move file is gone")
        msgs = outbox_since(env, n)
        ok(no_robot_mail(msgs), "nothing for a robot")
        # A stale file (the ply is not the game's) is dropped, no move.
        with open(os.path.join(env.spool, "robot", "epaminondas-%d" % wb),
                  "w") as f:
            f.write("ply 1\n")
        env.run("sweep")
        ok(len(re.findall(r"^move", env.game_file(wb), re.M)) == 6 and
           not os.listdir(os.path.join(env.spool, "robot")),
           "a stale robot file is removed, no move played")
        # The sweep never forfeits a robot: the human moves with robots
        # off (no robot-to-move file), then a sweep a month later.
        body = body_of([x for x in env.outbox_messages()
                        if "%s@example.org" % human in x.envelope_to][-1])
        mv = re.search(r'for\s+example\s+"epaminondas\s+move\s+\d+\s+\w+\s+'
                       r'PASSWORD\s+(\S+)"', body)
        env.receive(make_mail("%s@example.org" % human, "epaminondas move %d "
                              "%s %s %s" % (wb, human, human[0],
                                            mv.group(1) if mv else "x")),
                    env={"EPAMSERV_ROBOTS": ""})
        is_(len(re.findall(r"^move", env.game_file(wb), re.M)), 7,
            "the human's move, robots off")
        later = {"EPAMSERV_NOW": str(int(time.time()) + 30 * 86400)}
        rc, out, err = env.run("sweep", env=later)
        gf = env.game_file(wb)
        ok("result: active" in gf, "a month later the sweep did not "
           "forfeit the robot", gf[-300:])
        ok(os.path.exists(robot_file(env, wb)), "the sweep noted the robot "
           "to move for the next run")
        rc, out, err = env.run("sweep", env=later)
        is_(len(re.findall(r"^move", env.game_file(wb), re.M)), 8,
            "the next sweep played the robot's move")
        # config: robots = (empty) is accepted, a bad value refused.
        conf = os.path.join(env.root, "bad.conf")
        with open(conf, "w") as f:
            f.write("robots = robot-x:9\n")
        rc, out, err = env.run("config", "--check", env={"EPAMSERV_CONF": conf})
        ok(rc != 0 and "robots" in err, "config --check refuses level 9",
           out + err)
        with open(conf, "w") as f:
            f.write("robots = alice:3\n")
        rc, out, err = env.run("config", "--check", env={"EPAMSERV_CONF": conf})
        ok(rc != 0 and "alice is a player's account" in err,
           "config --check refuses a robot named as a person", out + err)
        with open(conf, "w") as f:
            f.write("robot_think_ms = 40000\nlock_timeout = 30\n")
        rc, out, err = env.run("config", "--check", env={"EPAMSERV_CONF": conf})
        ok(rc != 0 and "longer than lock_timeout" in err,
           "config --check refuses a think time past lock_timeout", out + err)
        with open(conf, "w") as f:
            f.write("robots =\nrobot_memory_mb = 4\n")
        rc, out, err = env.run("config", "--check", env={"EPAMSERV_CONF": conf})
        ok(rc == 0, "config --check takes robots = (empty)", out + err)
        rc, out, err = env.run("status")
        ok(re.search(r"robot memory: 16 MiB transposition table \(apart from "
                     r"the 16 MiB of mail processing\)", out) is not None and
           "robot-club (level 3, 20 games)" in out,
           "status reports the robots and their memory", out)
        rc, out, err = env.run("status", "--json")
        try:
            st = json.loads(out)
        except ValueError:
            st = {}
        ok([r.get("userid") for r in st.get("robots", [])] ==
           ["robot-novice", "robot-club", "robot-master"] and
           [r.get("level") for r in st["robots"]] == [1, 3, 5] and
           st["robots"][1].get("games") == 20 and
           st.get("robot_memory_mib") == 16 and
           st.get("robot_moves_waiting") == 0,
           "status --json lists the robots, their levels, limits and memory",
           out)
        rc, out, err = env.run("status", env={"EPAMSERV_CONF": conf})
        ok("robots: off" in out, "status: robots = (empty) is off", out)
        rc, out, err = env.run("status", "--json",
                               env={"EPAMSERV_CONF": conf})
        try:
            st = json.loads(out)
        except ValueError:
            st = {}
        ok(st.get("robots") == [] and st.get("robot_memory_mib") == 0,
           "status --json: robots = (empty) lists none", out)
        # robots = (empty): a challenge to a robot account is refused.
        n = len(env.outbox_messages())
        env.receive(make_mail("alice@example.org", "epaminondas challenge "
                              "alice robot-club %s by alice a" % SIZE),
                    env={"EPAMSERV_CONF": conf})
        msgs = outbox_since(env, n)
        ok(len(msgs) == 1 and "does not play on this server now" in
           " ".join(body_of(msgs[0]).split()), "robots off: a challenge to "
           "a robot is refused", body_of(msgs[0]) if msgs else "")
    finally:
        env.close()


def main():
    full_games()
    rules()
    budget_and_crash()
    done()


main()
