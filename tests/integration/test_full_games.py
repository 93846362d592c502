#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 4's must-show, played only by mail between two users:
a full game to its end using submit + confirm, queue and a refused undo;
a second game ended by an accepted draw offer; a third by resignation;
the standings checked after each (game 1, on 6x7, in the small-board
table; games 2 and 3 in the 14x12 one)."""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
import ref_rules  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient, body_of  # noqa: E402

OPTS = ["-size=6x7"]


def position(env, board):
    for line in (env.game_file(board) or "").splitlines():
        if line.startswith("position: "):
            return line[len("position: "):]
    return None


def pick(pos):
    """Crossings first, then captures, then the furthest forward."""
    white = pos.endswith(" w")

    def gain(name):
        tail, dest = name.replace("x", "-").split("-")
        g = int(dest[1:]) - int(tail[1:])
        return g if white else -g
    return max(ref_rules.move_info(pos, OPTS),
               key=lambda m: (m[2], m[1], gain(m[0]), m[0]))[0]


def after(pos, name):
    p = ref_rules.parse_position(pos)
    _, moves = ref_rules.analyse(p, ref_rules.as_options(OPTS))
    move = [m for m in moves if m.name() == name][0]
    return ref_rules.format_position(ref_rules.apply_move(p, move))


SMALL = "Epaminondas, small boards"   # game 1 (6x7) is rated there
STANDARD = "Epaminondas on the standard 14x12 board"   # games 2 and 3


def standings(env, title):
    """{userid: (rating, games, won, lost, drawn)} from the table of a
    standings mail whose heading starts with title (one per rating
    class)."""
    env.mail("carol@example.org", "standings all")
    msgs = env.new_messages()
    table, inside = {}, False
    for line in (body_of(msgs[-1]) if msgs else "").splitlines():
        m = re.match(r"\s*\d+\s+(\w+)\s+(\d+)(?:\?| ± \d+)?\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)", line)
        if m and inside:
            table[m.group(1)] = tuple(int(x) for x in m.groups()[1:])
        elif line[:1].isupper():
            inside = line.startswith(title)
    return table


def moves_in(env, board):
    return (env.game_file(board) or "").count("\nmove: ")


env = Env()
try:
    env.signup("alice@example.org", "alice", "a")
    env.signup("bob@example.org", "bob", "b")
    player = {"w": ("alice", "a", "alice@example.org"),
              "b": ("bob", "b", "bob@example.org")}

    # ---- game 1: played to its end ----
    env.mail("alice@example.org", "epaminondas challenge alice bob " + " ".join(OPTS) + " by alice a")
    env.mail("bob@example.org", "epaminondas accept 101 bob b")
    env.new_messages()

    pos = position(env, 101)
    m1 = pick(pos)
    env.mail("alice@example.org", "epaminondas submit 101 alice a %s#1" % m1)
    msgs = env.new_messages()
    is_([m.envelope_to for m in msgs], [["alice@example.org"]],
        "submit answers the sender only")
    is_(moves_in(env, 101), 0, "a submitted move is not played yet")
    env.mail("alice@example.org", "epaminondas confirm 101 alice a")
    is_(moves_in(env, 101), 1, "confirm plays the submitted move")
    env.new_messages()

    undo_tried = queue_tried = False
    for turn in range(2, 200):
        pos = position(env, 101)
        if "result: active" not in (env.game_file(101) or ""):
            break
        side = pos[-1]
        who, pw, addr = player[side]
        move = pick(pos)
        if not queue_tried and side == "w" and turn >= 3:
            nxt = after(pos, move)
            if ref_rules.status(nxt, OPTS) == "black to move":
                q = pick(nxt)
                env.mail("bob@example.org", "epaminondas queue 101 bob b %s" % q)
                env.mail(addr, "epaminondas move 101 %s %s %s" % (who, pw, move))
                msgs = by_recipient(env.new_messages())
                text = body_of(msgs["alice@example.org"][-1]) if "alice@example.org" in msgs else ""
                contains(text, "bob's queued move %s was played" % q,
                         "a queued move is played right after the opponent's")
                queue_tried = True
                continue
        # The policy may pick a move that loses at once: "!" confirms it.
        env.mail(addr, "epaminondas move 101 %s %s %s!" % (who, pw, move))
        if not undo_tried and turn >= 4 and "result: active" in (env.game_file(101) or ""):
            n = moves_in(env, 101)
            env.mail(addr, "epaminondas move 101 %s %s undo" % (who, pw))
            other = player["b" if side == "w" else "w"]
            env.mail(other[2], "epaminondas move 101 %s %s reject" % other[:2])
            is_(moves_in(env, 101), n, "a rejected undo takes nothing back")
            undo_tried = True
        env.new_messages()
    gf = env.game_file(101) or ""
    ok("result: active" not in gf, "game 1 was played to its end by mail",
       gf[-300:])
    ok(queue_tried and undo_tried, "game 1 used queue and a refused undo")
    st1 = standings(env, SMALL)
    ok(st1.get("alice", (0, 0))[1] == 1 and st1.get("bob", (0, 0))[1] == 1,
       "after game 1 each player has one finished game", st1)
    ok(st1.get("alice", (1600,))[0] != 1600 or "draw" in gf,
       "after game 1 the ratings moved", st1)

    # ---- game 2: an accepted draw offer ----
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice a")
    env.mail("bob@example.org", "epaminondas accept 102 bob b")
    env.mail("alice@example.org", "epaminondas move 102 alice a e2-e3")
    env.mail("bob@example.org", "epaminondas move 102 bob b e11-e10")
    env.mail("alice@example.org", "epaminondas move 102 alice a propose")
    env.mail("bob@example.org", "epaminondas move 102 bob b accept")
    contains(env.game_file(102) or "", "result: draw", "game 2 ends in an agreed draw")
    st2 = standings(env, STANDARD)
    ok(st2.get("alice", (0, 0, 0, 0, 0))[4] == 1 and st2.get("bob", (0, 0))[1] == 1,
       "after game 2 the draw is counted for both (on 14x12)", st2)

    # ---- game 3: resignation ----
    env.mail("alice@example.org", "epaminondas challenge alice bob by alice a")
    env.mail("bob@example.org", "epaminondas accept 103 bob b")
    env.mail("alice@example.org", "epaminondas move 103 alice a e2-e3")
    env.mail("bob@example.org", "epaminondas move 103 bob b e11-e10")
    env.mail("bob@example.org", "epaminondas resign 103 bob b")
    contains(env.game_file(103) or "", "result: white wins", "game 3 ends by resignation")
    st3 = standings(env, STANDARD)
    ok(st3.get("alice", (0, 0))[1] == 2 and st3["alice"][0] > st2["alice"][0],
       "after game 3 alice's 14x12 rating rose and she has two games there",
       (st2, st3))
    is_(standings(env, SMALL).get("alice", (0, 0))[1], 1,
        "game 1 (6x7) stays alone in the small-board table")
finally:
    env.close()
done()
