#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 14 item 3: never suggest a losing move, never let one slip by.

The crossing position (4x5: a1-a3, a4-b3, a2xa5): White has crossed on
a5 and Black has 20 legal moves, of which only c5xa5 and d5xa5 answer
the crossing; the first move in sorted order, b3-a2, loses at once
(RULES.md section 3).  The board mail's example move answers the
crossing, the mail names the saving moves (fewer than the losing ones),
`move` of a losing move is refused with the reason and played only when
confirmed by a trailing "!", a queued losing move is not played for its
owner, and submit warns (confirm is then the confirmation)."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient
from harness import body_of as raw_body_of

A = "alice@example.org"
B = "bob@example.org"


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n")


def example_of(text):
    m = re.search(r'for example "\S+ move \d+ \S+ PASSWORD (\S+)#(\d+)"', text)
    return m.groups() if m else None


def last_to(env, addr):
    msgs = by_recipient(env.new_messages())
    return body_of(msgs[addr][-1]) if msgs.get(addr) else ""


env = Env()
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")
    for board in (101, 102):
        env.mail(A, "epaminondas challenge alice bob -size=4x5 by alice Secret1")
        env.mail(B, "epaminondas accept %d bob pw2" % board)
    env.new_messages()

    # Board 101: to the crossing position.
    env.mail(A, "epaminondas move 101 alice Secret1 a1-a3")
    env.mail(B, "epaminondas move 101 bob pw2 a4-b3")
    env.new_messages()
    env.mail(A, "epaminondas move 101 alice Secret1 a2xa5")
    text = last_to(env, B)
    contains(text, "alice played a2xa5, capturing a5 (1).", "White crosses on a5")
    ex = example_of(text)
    ok(ex is not None and ex[0] in ("c5xa5", "d5xa5"),
       "the example move answers the crossing (not b3-a2, first in order)",
       ex)
    contains(text, "Only these moves do not lose at once: c5xa5, d5xa5.",
             "the mail names the saving moves, fewer than the losing ones")

    env.mail(B, "epaminondas preview 101 b3-a2")
    contains(last_to(env, B), "b3-a2 (warning: this loses the game at once: "
             "it does not answer White's crossing", "preview warns too")

    before = env.snapshot()
    rc, err = env.mail(B, "epaminondas move 101 bob pw2 b3-a2#4")
    msgs = by_recipient(env.new_messages())
    reply = body_of(msgs[B][-1]) if msgs.get(B) else ""
    is_(rc, 0, "a losing move is answered, not an error exit")
    contains(reply, "b3-a2 loses the game at once: it does not answer "
             "White's crossing", "move of a losing move gets the reason")
    contains(reply, "trailing !", "and how to confirm it")
    ok(A not in msgs, "the opponent hears nothing: nothing was played")
    ok(env.snapshot() == before, "the refused move leaves the board as it was")

    rc, err = env.mail(B, "epaminondas move 101 bob pw2 b3-a2#4!")
    text = last_to(env, A)
    contains(text, "bob played b3-a2.", "confirmed with !, the move is played")
    contains(text, "The game is over", "and it loses at once")

    rc, err = env.mail(B, "epaminondas move 101 bob pw2 d5xa5")
    # (the game is over: only check it is not played)

    # Board 102: bob queues the losing move before the crossing.
    env.mail(A, "epaminondas move 102 alice Secret1 a1-a3")
    env.mail(B, "epaminondas move 102 bob pw2 a4-b3")
    env.mail(B, "epaminondas queue 102 bob pw2 b3-a2")
    env.new_messages()
    env.mail(A, "epaminondas move 102 alice Secret1 a2xa5")
    text = last_to(env, B)
    contains(text, "bob's queued move b3-a2 was not played, as it would "
             "lose the game at once: it does not answer White's crossing "
             "(see help rules).",
             "a queued move that loses at once is not played; its owner "
             "is told")
    head = " ".join(text.replace("\r\n", "\n").split("\n\n")[1].split())
    ok(not re.search(r"\([^()]*\(", head),
       "the queued move's sentence nests no parentheses", head)
    contains(text, "Move 4: bob (Black) to move.", "bob is still to move")

    # submit of the losing move warns; confirm plays it.
    env.mail(B, "epaminondas submit 102 bob pw2 b3-a2")
    text = last_to(env, B)
    contains(text, "Warning: this move loses the game at once: it does not "
             "answer White's crossing", "submit warns of a losing move")
    env.mail(B, "epaminondas confirm 102 bob pw2")
    text = last_to(env, A)
    contains(text, "bob confirmed and played b3-a2.",
             "confirm is the confirmation of a submitted losing move")

    # Board 103: a third repetition under -repetition=loss (the default).
    env.mail(A, "epaminondas challenge alice bob -size=8x8 by alice Secret1")
    env.mail(B, "epaminondas accept 103 bob pw2")
    for i, mv in enumerate(["a2-a3", "a7-a6", "a3-a2", "a6-a7",
                            "a2-a3", "a7-a6", "a3-a2"]):
        who = ("alice", "Secret1") if i % 2 == 0 else ("bob", "pw2")
        env.mail(A if i % 2 == 0 else B,
                 "epaminondas move 103 %s %s %s" % (who + (mv,)))
    text = last_to(env, B)
    contains(text, "This move loses at once: a6-a7.",
             "the board mail names the move that repeats for the third time")
    ex = example_of(text)
    ok(ex is not None and ex[0] != "a6-a7", "the example move is another", ex)
    env.mail(B, "epaminondas move 103 bob pw2 a6-a7")
    contains(last_to(env, B), "a6-a7 loses the game at once: it makes the "
             "same position for the third time",
             "move of a third repetition is refused with the reason")
    env.mail(B, "epaminondas move 103 bob pw2 a6-a7!")
    contains(last_to(env, A), "alice wins, bob repeated a position for the third time",
             "confirmed, it is played and loses")
finally:
    env.close()
done()
