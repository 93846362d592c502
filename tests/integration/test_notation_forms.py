#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 14 item 4: forgiving notation, helpful errors.  `e1e3`, `e7 e6`
(two bare squares in a row are one move), a space before #N, a trailing
".", "," or ";" and any case are read as the move; a move written from
the front piece of a group that is legal from its tail gets "write
d1-d4"; two bare squares are one move for queue too; the move list
counts plies, as #N and "Move N" do."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient
from harness import body_of as raw_body_of

A = "alice@example.org"
B = "bob@example.org"


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n")


def last_to(env, addr):
    msgs = by_recipient(env.new_messages())
    return body_of(msgs[addr][-1]) if msgs.get(addr) else ""


env = Env()
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    env.mail(A, "epaminondas challenge alice bob -size=8x8 by alice Secret1")
    env.mail(B, "epaminondas accept 101 bob pw2")
    env.new_messages()

    env.mail(A, "epaminondas move 101 alice Secret1 E1E3")
    contains(last_to(env, B), "alice played e1-e3.",
             "E1E3: any case, no separator")
    env.mail(B, "epaminondas move 101 bob pw2 e7 e6")
    contains(last_to(env, A), "bob played e7-e6.",
             "e7 e6: two bare squares in a row are one move")
    before = env.snapshot()
    env.mail(A, "epaminondas move 101 alice Secret1 d2-d4")
    text = last_to(env, A)
    contains(text, "write d1-d4: a move names the rear piece of the group",
             "a move from the front of a group gets the right spelling")
    ok(env.snapshot() == before, "and is not played")
    env.mail(A, "epaminondas move 101 alice Secret1 d1-d4 #3")
    contains(last_to(env, B), "alice played d1-d4.", "a space before #N")
    env.mail(B, "epaminondas move 101 bob pw2 e8-e7#4.")
    contains(last_to(env, A), "bob played e8-e7.", "a trailing full stop")
    env.mail(A, "epaminondas move 101 alice Secret1 c2-c3,")
    contains(last_to(env, B), "alice played c2-c3.", "a trailing comma")
    env.mail(B, "epaminondas move 101 bob pw2 a7-a6;")
    contains(last_to(env, A), "bob played a7-a6.", "a trailing semicolon")

    # queue: two bare squares are one move there too.
    env.mail(B, "epaminondas queue 101 bob pw2 b7 b6")
    text = last_to(env, B)
    contains(text, "Your move b7-b6 is queued", "queue reads 'b7 b6' as b7-b6")
    env.mail(A, "epaminondas move 101 alice Secret1 h2-h3")
    text = last_to(env, A)
    contains(text, "bob's queued move b7-b6 was played.",
             "and plays it after the opponent's move")
    # The move list counts plies: 8 plies so far, the 8th is b7-b6.
    contains(text, "   7. h2-h3", "the move list numbers White's 4th move 7")
    contains(text, "   8. b7-b6", "and Black's 4th move 8 (plies)")
    contains(text, "Move 9: alice (White) to move.", "as Move N does")

    # preview: two bare squares are one move in a list of moves too.
    env.mail(A, "epaminondas preview new -size=8x8 e1 e3 E7E6 a2 a3")
    contains(last_to(env, A), "Preview (nothing was played): e1-e3 e7-e6 "
             "a2-a3.", "a preview's list reads 'e1 e3' and 'E7E6' as moves")
finally:
    env.close()
done()
