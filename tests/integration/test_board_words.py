#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 14, items 2, 5 and 7: the right words to the right person, a text
board for every screen, captures and results in words.

- The player on move is told how to move (an example under their own
  userid); the waiting player whom they wait for and how to queue; an
  observer that they are watching and how to unsubscribe.  Nothing the
  rules refuse is offered: no undo before one's first move or to the
  player on move, no "or simply move" to a player who cannot move, no
  second question while one waits.
- `set USERID PASSWORD board wide|compact`: the compact board fits 14x12
  in at most 36 columns (two characters a square, labels on one side);
  no line of a board mail's text part is longer than 72 characters (wide
  board rows aside); the options line names only what differs from the
  standard rules, in words.
- "bob played e4xb1, capturing ..."; the result names the winner, the
  loser and the reason, in the body (the subject stays the game's).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Env, ok, is_, contains, done, by_recipient, refused
from harness import body_of as raw_body_of

A = "alice@example.org"
B = "bob@example.org"
C = "carol@example.org"

# An 8x8 game found by playing (tests/unit/test_render.c): Black's capture
# e4xb1 leaves a Black piece on White's home row; a1-a4 ignores it.
CROSSING = ["d1-d4", "c8-c6", "e2-c4", "e8-h5", "d3-b5", "c6-c8", "b5-b4",
            "h5-g4", "b2-e2", "e7-f6", "g2-g3", "f8-h6", "h1-g2", "c7-b6",
            "d4-c5", "h8-e5", "c5-a3", "b8-f8", "b4-a5", "e5-f5", "g1xg4",
            "d8-d5", "a5-a6", "h7-d3", "f2-g1", "e4xb1"]


def body_of(msg):
    return raw_body_of(msg).replace("\r\n", "\n")


def instructions(text):
    """The text after the move list (or the last blank line before the
    end): what the recipient is told to send."""
    return text.rsplit("\n\n", 1)[-1]


def board_rows(text):
    return [l for l in text.splitlines()
            if re.match(r"^ *\d+( |\*|\[)", l) and re.search(r"[WB.#]", l)
            and not l.lstrip().startswith(("1.", "2."))]


def long_lines(text, wide):
    """Lines over 72 characters, wide board rows aside."""
    rows = set(board_rows(text)) if wide else set()
    return [l for l in text.splitlines() if len(l) > 72 and l not in rows]


env = Env()
try:
    env.players("alice", "bob", "carol")
    env.new_messages()

    # -- item 5: set board compact -----------------------------------------
    rc, err = env.mail(B, "set bob b board compact")
    msgs = env.new_messages()
    ok(rc == 0 and len(msgs) == 1 and
       "now show the compact text board" in body_of(msgs[0]),
       "set board compact is answered", err)
    contains(env.user_file("bob"), "board: compact\n", "and stored")
    refused(env, B, "set bob b board tiny", "board is wide, compact or list",
            "set board with a bad value")

    env.start_game("alice", "bob", 101)
    env.mail(C, "epaminondas subscribe 101 carol c")
    msgs = by_recipient(env.new_messages())
    first = body_of(msgs[A][-1])
    contains(first, "Options: standard rules.", "the default options are "
             "'standard rules'")
    inst = instructions(first)
    contains(inst, "epaminondas move 101 alice PASSWORD", "alice, on move, "
             "is told how to move")
    ok("undo" not in inst, "no undo before one's first move", inst)

    rc, err = env.mail(A, "epaminondas move 101 alice a e1-e3")
    msgs = by_recipient(env.new_messages())
    ta, tb, tc = (body_of(msgs[x][-1]) if x in msgs else "" for x in (A, B, C))

    # -- item 2: the right words to the right person -----------------------
    ia, ib, ic = instructions(ta), instructions(tb), instructions(tc)
    contains(ib, "To move, send", "the player on move gets the 'to move' part")
    contains(ib, "epaminondas move 101 bob PASSWORD", "under their own userid")
    ok("undo" not in ib, "and is not offered an undo (only the mover may "
       "take back their own move)", ib)
    ok("To move, send" not in ia and "for example" not in ia,
       "the waiting player is not told to move", ia)
    contains(ia, "Waiting for bob to move.", "the waiting player is told whom "
             "they wait for")
    contains(ia, "epaminondas queue 101 alice PASSWORD", "and how to queue")
    contains(ia, "undo (take back e1-e3)", "and may take back their move")
    ok("To move, send" not in ic and "for example" not in ic,
       "an observer is not told to move", ic)
    contains(ic, "You are watching this game", "an observer is told they watch")
    contains(ic, "epaminondas unsubscribe 101 carol PASSWORD",
             "and how to unsubscribe")

    # -- item 5: compact board, 72 columns ---------------------------------
    rows = board_rows(tb)
    is_(len(rows), 12, "bob's compact board has 12 rows")
    ok(rows and max(len(r) for r in rows) <= 36 and
       all(re.match(r"^[ 1]\d( [.WB#]|\*[.WB#]){14}$", r) for r in rows),
       "two characters a square, the rank on the left only, at most 36 "
       "columns", rows)
    ok(re.search(r"(?m)^   a b c d e f g h i j k l m n$", tb) and
       len(re.findall(r"(?m)^ +a b c", tb)) == 1,
       "the files below only", tb)
    contains(tb, "Last move marked *.", "the compact legend names its mark")
    ok(len(board_rows(ta)) == 12 and
       all(re.search(r" 12$| \d+$", r) for r in board_rows(ta)),
       "alice keeps the wide board (labels on all sides)", board_rows(ta))
    for who, text, wide in (("alice", ta, True), ("bob", tb, False),
                            ("carol", tc, True)):
        is_(long_lines(text, wide), [], "no line of %s's board mail is over "
            "72 characters" % who)

    # -- item 2: offers worded for who can act ----------------------------
    env.mail(B, "epaminondas move 101 bob b propose")
    msgs = by_recipient(env.new_messages())
    ta, tb = body_of(msgs[A][-1]), body_of(msgs[B][-1])
    contains(ta, "bob offers a draw.  To accept it, reply to this mail "
             "with accept as the first line; to reject it, reply with "
             "reject.  Or send one of:\n"
             "  epaminondas move 101 alice PASSWORD accept",
             "the player who may answer the offer is told how")
    ok("A move of yours" not in ta, "and not told to move when it is "
       "not their turn", ta)
    contains(tb, "You offered a draw; alice has not answered yet.",
             "the player who offered is told it waits")
    ok("propose" not in instructions(tb) and "propose" not in
       instructions(ta), "no second question offered while one waits",
       instructions(tb))
    env.mail(B, "epaminondas move 101 bob b reject")
    env.new_messages()

    # -- item 5: options in words -----------------------------------------
    env.start_game("alice", "bob", 102, "-size=8x8 -repetition=draw")
    msgs = by_recipient(env.new_messages())
    text = body_of(msgs[A][-1])
    opts = " ".join(text.split("Options:", 1)[1].split("\n\n", 1)[0].split())
    contains(opts, "8x8 board (-size=8x8)", "the options line names the size")
    contains(opts, "a third repetition draws (-repetition=draw)",
             "and the repetition rule, in words")
    ok(not any(w in opts for w in ("-capture", "-crossed", "-symmetry",
                                   "-rules", "abbott")),
       "and nothing that is standard", opts)

    # -- item 7: captures and results in words ----------------------------
    env.start_game("alice", "bob", 103, "-size=8x8")
    env.new_messages()
    heads = []
    for i, mv in enumerate(CROSSING):
        who, addr, pw = ("alice", A, "a") if i % 2 == 0 else ("bob", B, "b")
        rc, err = env.mail(addr, "epaminondas move 103 %s %s %s" % (who, pw, mv))
        got = by_recipient(env.new_messages())
        heads.append(body_of(got[A][-1]) if A in got else "")
    ok(re.search(r"alice played g1xg4, capturing g4 \(1\)\.|alice played "
                 r"g1xg4, capturing (g\d, )*g\d and g\d \(\d\)\.", heads[20]),
       "a capture names what it took", heads[20][:400])
    ok(re.search(r"bob played e4xb1, capturing [a-h]\d(( and|,) [a-h]\d)* "
                 r"\(\d\)\.", heads[25]),
       "the capture that crosses names what it took", heads[25][:400])
    rc, err = env.mail(A, "epaminondas move 103 alice a a1-a4")
    msgs = by_recipient(env.new_messages())
    for addr in (A, B):
        m = msgs[addr][-1] if addr in msgs else None
        is_(m and " ".join(str(m["Subject"]).split()),
            "Epaminondas Board 103 (alice v bob)", "the subject to %s stays "
            "the game's (issue 30)" % addr)
        contains(body_of(m) if m else "", "Game over: bob wins, alice did not "
                 "answer the crossing on b1.", "and so does the body (%s)" % addr)

    env.mail(A, "epaminondas move 101 alice a resign")
    msgs = by_recipient(env.new_messages())
    m = msgs[B][-1] if B in msgs else None
    contains(body_of(m) if m else "", "bob wins, alice resigned",
             "a resignation's mail names both")
finally:
    env.close()
done()
