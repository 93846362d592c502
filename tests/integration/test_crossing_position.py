#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 14, Must show: the crossing position on the standard 14x12
board, reached by a real game by mail.

The moves (found with a small script: White marches the d-pair up the
file, Black empties a11 and d11, then waits; each move checked against
`epamserv moves`, every Black answer judged by `epamserv moves` of the
position after it):

    1. d1-d4   2. a11-b10   3. d3-d6   4. d11-e10
    5. d5-d8   6. n11-n10   7. d7-d10  8. n10-n9   9. d9xd12

After ply 9 White stands on d12, Black's home row: a crossing is
pending.  Black has 150 legal moves; only the 12 captures of d12 answer
it (a12xd12, b10xd12, b12xd12, f12xd12 ... n12xd12).  The first Black
move in sorted order is a12-a11, the move the board mail suggested
before issue 14 ("a12-a11#10" in the issue), and it loses at once.

Checked here: the board mail's example move answers the crossing; the
mail lists the saving moves (fewer than the losing ones); `move` of a
losing move is refused with the reason and nothing is played; `MOVE!`
plays it and the result names the winner and the reason; a queued
losing move is not played and its owner is told; a token reply of two
bare squares ("f12 d12") plays the move, and one of a losing move
("a12 a11") is refused like `move`."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Env, ok, is_, contains, done, by_recipient
from harness import body_of as raw_body_of

A = "alice@example.org"
B = "bob@example.org"
SEQ = ["d1-d4", "a11-b10", "d3-d6", "d11-e10",
       "d5-d8", "n11-n10", "d7-d10", "n10-n9"]
CROSS = "d9xd12"
SAVING = ["a12xd12", "b10xd12", "b12xd12", "f12xd12", "g12xd12", "h12xd12",
          "i12xd12", "j12xd12", "k12xd12", "l12xd12", "m12xd12", "n12xd12"]
POSITION = ("14x12 BBBWBBBBBBBBBB/1BBWBBBBBBBBB1/1B2B9/13B/14/14/14/14/14/"
            "14/WWW1WWWWWWWWWW/WWW1WWWWWWWWWW b")


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n") if msg else ""


def example_of(text):
    m = re.search(r'for example "\S+ move \d+ \S+ PASSWORD (\S+)#(\d+)"', text)
    return m.groups() if m else None


def token_of(m):
    return harness.token_of(m)


def last(msgs, addr):
    return msgs[addr][-1] if msgs.get(addr) else None


def moves_of(env, board):
    return re.findall(r"^move: \d+ (\S+)", env.game_file(board) or "", re.M)


def to_ply_8(env, board):
    env.mail(A, "epaminondas challenge alice bob by alice Secret1")
    env.mail(B, "epaminondas accept %d bob pw2" % board)
    for i, mv in enumerate(SEQ):
        who = "alice Secret1" if i % 2 == 0 else "bob pw2"
        env.mail(A if i % 2 == 0 else B,
                 "epaminondas move %d %s %s" % (board, who, mv))
    is_(moves_of(env, board), SEQ, "board %d: the 8 plies are played" % board)


env = Env()
try:
    env.signup(A, "alice", "Secret1")
    env.signup(B, "bob", "pw2")

    # Board 101: bob queues a12-a11 while alice is to move; she crosses.
    to_ply_8(env, 101)
    env.mail(B, "epaminondas queue 101 bob pw2 a12-a11")
    env.new_messages()
    env.mail(A, "epaminondas move 101 alice Secret1 " + CROSS)
    msgs = by_recipient(env.new_messages())
    text = body_of(last(msgs, B))
    contains(text, "alice played d9xd12, capturing d12 (1).",
             "White crosses on d12")
    is_(re.search(r"^position: (.*)$", env.game_file(101), re.M).group(1),
        POSITION, "the game file holds the crossing position")
    rc, out, err = env.run("moves", POSITION)
    legal = sorted(l for l in out.splitlines() if not l.startswith("status"))
    is_((len(legal), legal[0]), (150, "a12-a11"),
        "Black has 150 legal moves, a12-a11 first in sorted order")
    ok(all(m in legal for m in SAVING), "the saving moves are legal")

    contains(text, "bob's queued move a12-a11 was not played, as it "
             "would lose the game at once: it does not answer White's "
             "crossing (see help rules).",
             "the queued losing move is not played; its owner is told")
    is_(moves_of(env, 101), SEQ + [CROSS], "the queued move is not on board")
    contains(text, "Move 10: bob (Black) to move.", "bob is still to move")
    ex = example_of(text)
    ok(ex is not None and ex[0] in SAVING and ex[1] == "10",
       "the board mail's example move answers the crossing", ex)
    ok(ex is not None and ex[0] != "a12-a11",
       "the example is not a12-a11 (first in order, loses)", ex)
    contains(text, "Only these moves do not lose at once: " +
             ", ".join(SAVING) + ".",
             "the mail lists the 12 saving moves (fewer than the 138 losing)")
    contains(body_of(last(msgs, A)), "Only these moves do not lose at once: "
             "a12xd12,", "the waiting player's mail lists them too")

    # move of the losing move: refused with the reason, nothing played.
    before = env.snapshot()
    rc, err = env.mail(B, "epaminondas move 101 bob pw2 a12-a11#10")
    msgs = by_recipient(env.new_messages())
    reply = body_of(last(msgs, B))
    is_(rc, 0, "a losing move is answered, not an error exit")
    contains(reply, "a12-a11 loses the game at once: it does not answer "
             "White's crossing (see help rules)",
             "move of the losing move is refused with the reason")
    contains(reply, "a trailing ! (a12-a11#10!)", "and how to confirm it")
    ok(A not in msgs, "alice hears nothing: nothing was played")
    ok(env.snapshot() == before, "the refused move leaves the spool as it was")

    # MOVE! plays it; the result says who won and why.
    env.mail(B, "epaminondas move 101 bob pw2 a12-a11#10!")
    msgs = by_recipient(env.new_messages())
    is_(moves_of(env, 101), SEQ + [CROSS, "a12-a11"], "a12-a11! is played")
    for addr, who in ((A, "alice"), (B, "bob")):
        m = last(msgs, addr)
        is_(m["Subject"] if m else None, "Epaminondas Board 101 (alice v bob)",
            "the result mail keeps the game's subject (to %s)" % who)
        contains(body_of(m), "bob played a12-a11. The game is over: alice "
                 "wins, bob did not answer the crossing on d12.",
                 "the result in the body (to %s)" % who)
    ok(re.search(r"^result: white", env.game_file(101), re.M),
       "the game file records White's win", env.game_file(101))

    # Board 102: token replies of two bare squares.
    to_ply_8(env, 102)
    env.new_messages()
    env.mail(A, "epaminondas move 102 alice Secret1 " + CROSS)
    board_mail = last(by_recipient(env.new_messages()), B)
    ok(token_of(board_mail), "bob's board mail carries a reply token")
    ex = example_of(body_of(board_mail))
    ok(ex is not None and ex[0] in SAVING,
       "board 102 (nothing queued): the example answers the crossing", ex)
    before = env.snapshot()
    harness.reply(env, B, board_mail, "a12 a11\n\n> quoted board mail")
    msgs = by_recipient(env.new_messages())
    contains(body_of(last(msgs, B)), "a12-a11 loses the game at once: it "
             "does not answer White's crossing",
             "a token reply \"a12 a11\" is read as a12-a11 and refused")
    ok(A not in msgs and env.snapshot() == before,
       "the refused token reply plays nothing")
    harness.reply(env, B, board_mail, "f12 d12\n\n> quoted board mail")
    msgs = by_recipient(env.new_messages())
    is_(moves_of(env, 102), SEQ + [CROSS, "f12xd12"],
        "a token reply \"f12 d12\" plays f12xd12")
    text = body_of(last(msgs, A))
    contains(text, "bob played f12xd12, capturing d12 (1).",
             "alice is told the intruder was taken")
    contains(text, "Move 11: alice (White) to move.", "and the game goes on")
finally:
    env.close()
done()
