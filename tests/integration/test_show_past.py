#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 14 items 1 and 4: `show BOARD#N` is the position after N plies,
replayed; #0 is the start; N past the end, or not a number, is a clear
error quoting the word as written.  Move numbers count plies
everywhere: the move list, `#N` of a move and "Move N" agree."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, refused
from harness import body_of as raw_body_of

A = "alice@example.org"
B = "bob@example.org"
SEQ = ["d1-d4", "a11-b10", "d3-d6", "d11-e10", "d5-d8"]


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n") if msg else ""


def diagram(text):
    """The board rows of a board mail (rank lines), as one string."""
    return "\n".join(l for l in text.split("\n")
                     if re.match(r"^ +\d+  [.BW\[]", l))


def one_board(env, subject):
    env.mail(A, subject)
    msgs = env.new_messages()
    ok(len(msgs) == 1 and msgs[0].envelope_to == [A],
       "%s: one board, to the sender" % subject)
    return body_of(msgs[0]) if msgs else ""


env = Env()
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.new_messages()
    env.mail(B, "epaminondas accept 101 bob pw2")
    boards = [diagram(body_of(by_recipient(env.new_messages())[A][-1]))]
    for i, mv in enumerate(SEQ):
        who = "alice Secret1" if i % 2 == 0 else "bob pw2"
        env.mail(A if i % 2 == 0 else B,
                 "epaminondas move 101 %s %s#%d" % (who, mv, i + 1))
        boards.append(diagram(body_of(by_recipient(env.new_messages())[A][-1])))
    is_(re.findall(r"^move: \d+ (\S+)", env.game_file(101), re.M), SEQ,
        "five plies played, each with its #N (N counts plies)")
    ok(len(set(boards)) == 6 and all(boards), "six distinct boards were mailed")

    text = one_board(env, "epaminondas show 101#3")
    contains(text, "Board 101 as it stood after move 3 (of 5); the game is now at move 6,",
             "show 101#3 says which position it is")
    is_(diagram(text), boards[3], "show 101#3 is the board after 3 plies")
    contains(text, "In this position bob (Black) was to make move 4.",
             "after 3 plies, move 4")
    moves = re.findall(r"(\d+)\. (\S+)", text.split("Moves:")[-1])
    is_(moves, [("1", "d1-d4"), ("2", "a11-b10"), ("3", "d3-d6")],
        "its move list numbers the 3 plies 1, 2, 3")

    text = one_board(env, "epaminondas show 101#0")
    is_(diagram(text), boards[0], "show 101#0 is the start")
    contains(text, "In this position alice (White) was to make move 1.",
             "#0: move 1")
    ok("Moves:" not in text, "#0 has no move list")

    text = one_board(env, "epaminondas show 101#5")
    is_(diagram(text), boards[5], "show 101#5 (all of them) is the board now")

    # The three counts agree now: Move 6, #6 in the example, list 1..5.
    text = one_board(env, "epaminondas show 101")
    contains(text, "Move 6: bob (Black) to move.", "now: Move 6")
    moves = re.findall(r"(\d+)\. (\S+)", text.split("Moves:")[-1])
    is_(moves, [(str(i + 1), m) for i, m in enumerate(SEQ)],
        "the move list numbers plies 1 to 5")
    env.mail(B, "epaminondas show 101")
    text = body_of(env.new_messages()[-1])
    ex = re.search(r'for example "\S+ move 101 bob PASSWORD \S+#(\d+)"', text)
    is_(ex.group(1) if ex else None, "6", "the example move carries #6")
    refused(env, B, "epaminondas move 101 bob pw2 n11-n10#5", "#5",
            "a move sent as #5 (an old ply) is refused")
    env.mail(B, "epaminondas move 101 bob pw2 n11-n10#6")
    is_(len(re.findall(r"^move: ", env.game_file(101), re.M)), 6,
        "and as #6 it is played")
    env.new_messages()

    text, _, _ = refused(env, A, "epaminondas show 101#7",
                         "board 101 has only 6 moves, not 7",
                         "show 101#7, past the end")
    for word in ("101#x", "101#-1", "101#", "101#1234567"):
        refused(env, A, "epaminondas show " + word,
                "'%s' is not a board number (BOARD or BOARD#N)" % word,
                "show %s" % word)
finally:
    env.close()
done()
